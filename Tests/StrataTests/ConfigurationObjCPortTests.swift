import Foundation
import Strata
import Testing

// Facts of realm-swift's Realm/Tests/RealmConfigurationTests.mm not already asserted by RealmPortTests and
// RealmOpeningChecksTests: testEncryptionKeyValidation (the key a configuration keeps), testSchemaVersionValidation (up to `UInt64.max - 1`),
// testClassSubsetsValidateLinks, testDefaultConfigurationUsesValueSemantics (without setting the process-wide default,
// which other suites read while they run) and testCopyConfiguration.

/// As `StringObject`.
final class CFOString: Object {
    @Persisted var stringCol: String?
}

/// As `LinkStringObject`: a link to ``CFOString``.
final class CFOLinkString: Object {
    @Persisted var objectCol: CFOString?
}

/// As `EmployeeObject`.
final class CFOEmployee: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var hired = false
}

/// As `CompanyObject`: a list of ``CFOEmployee``s.
final class CFOCompany: Object {
    @Persisted var name = ""
    @Persisted var employees: List<CFOEmployee>
}

@Suite("Realm.Configuration: the facts of realm-swift's Objective-C RealmConfigurationTests")
struct ConfigurationObjCPortTests {
    @Test("A configuration keeps the encryption key it is given, and nil")
    func encryptionKeyIsKept() {
        var configuration = Realm.Configuration(inMemoryIdentifier: "cfo")
        #expect(configuration.encryptionKey == nil)
        let key = Data((0..<64).map { UInt8($0) })
        configuration.encryptionKey = key
        #expect(configuration.encryptionKey == key)
        configuration.encryptionKey = nil
        #expect(configuration.encryptionKey == nil)
    }

    // Realm refuses `UInt64.max` (RLMNotVersioned, a trap in Swift), so that one is left out.
    @Test(
        "A schema version is kept and opens; the file records it",
        arguments: [1, UInt64(Int64.max), UInt64(Int64.max) + 1, UInt64.max - 1]
    )
    func schemaVersions(version: UInt64) async throws {
        let directory = TemporaryDirectory()
        var configuration = directory.configuration([CFOString.self])
        configuration.schemaVersion = version
        #expect(configuration.schemaVersion == version)
        let realm = try await Realm(configuration: configuration)
        #expect(realm.configuration.schemaVersion == version)
        await realm.close()
        #expect(try schemaVersionAtURL(configuration.fileURL!) == version)
    }

    @Test(
        "A listed class brings the classes it links to into the schema (Strata; Realm refuses the subset)",
        arguments: [
            ([CFOLinkString.self], ["CFOLinkString", "CFOString"]),
            ([CFOLinkString.self, CFOString.self], ["CFOLinkString", "CFOString"]),
            ([CFOCompany.self], ["CFOCompany", "CFOEmployee"]),
            ([CFOCompany.self, CFOEmployee.self], ["CFOCompany", "CFOEmployee"]),
        ] as [([ObjectBase.Type], [String])]
    )
    func subsetsFollowLinks(types: [ObjectBase.Type], classNames: [String]) async throws {
        // Realm refuses `objectClasses` that leave out a linked class; Strata's `objectTypes` documents that the
        // classes reached through links are added.
        let realm = try await Realm(configuration: memoryConfiguration(types))
        #expect(await realm.schema.objectSchema.map(\.className) == classNames)
    }

    @Test("The default configuration is a value: changing a copy leaves it as it was")
    func defaultConfigurationIsAValue() {
        // Another suite sets the process-wide default for a moment, so only this test's own URL is compared.
        let url = URL(fileURLWithPath: "/dev/null/cfo-\(UUID().uuidString)")
        var copy = Realm.Configuration.defaultConfiguration
        copy.fileURL = url
        #expect(copy.fileURL == url)
        #expect(Realm.Configuration.defaultConfiguration.fileURL != url)
        copy.inMemoryIdentifier = "cfo"
        #expect(Realm.Configuration.defaultConfiguration.inMemoryIdentifier != "cfo")
    }

    @Test("A copy of a configuration keeps its file URL and seed file")
    func copyKeepsSettings() {
        var configuration = Realm.Configuration()
        configuration.fileURL = URL(fileURLWithPath: "/dev/null")
        configuration.seedFilePath = URL(fileURLWithPath: "/dev/null/seed")
        let copy = configuration
        configuration.seedFilePath = nil
        #expect(copy.fileURL == URL(fileURLWithPath: "/dev/null"))
        #expect(copy.seedFilePath == URL(fileURLWithPath: "/dev/null/seed"))
    }
}
