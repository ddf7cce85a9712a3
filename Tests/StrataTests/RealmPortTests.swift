import Foundation
import Strata
import Testing

// The facts of realm-swift's `RealmSwift/Tests/RealmTests.swift` and `RealmSwift/Tests/RealmConfigurationTests.swift`
// not already asserted by RealmTests, RealmAPITests, RealmTransactionSemanticsTests, RealmPrimaryKeyLookupTests,
// LifecycleTests, NotificationSemanticsTests, ChangeStreamTests, SharedRealmTests, MigrationTests and FreezeTests.
//
// Ported here:
//   - RealmConfigurationTests testDefaultConfiguration, testSetDefaultConfiguration and
//     testCannotSetMutuallyExclusiveProperties (with the `fileURL`/`inMemoryIdentifier` exclusion its
//     RealmSwift/RealmConfiguration.swift documents); RealmTests testFileURL and testInit (the configuration a realm
//     keeps) and testInitInMemory (two identifiers are two realms);
//   - testReadOnly, testReadOnlyRealmMustExist, testOpeningInvalidPathThrows, testInitFailable and
//     testCatchSpecificErrors: which error opening throws (Realm's `Realm.Error` codes are `RealmError` cases here);
//   - testAddSingleObject, testAddMultipleObjects, testDeleteSingleObject, testDeleteSequenceOfObjects,
//     testDeleteListOfObjects, testDeleteMutableSetOfObjects and testCommitWrite: every write call made outside a
//     write transaction throws and changes nothing;
//   - in RealmPortTests+Notifications.swift: testObserve, testRemoveNotification and testAutorefresh;
//   - in RealmPortTests+SchemaAndCopies.swift: testSchema, testInitCustomClassList, testObjects' `objects(Object.self)`,
//     testWriteCopyToPath and testWriteCopyForConfiguration;
//   - in RealmPortTests+DynamicDefaults.swift: testDynamicObjectProperties, testDynamicObjectOptionalProperties and
//     testIterateDynamicObjects.
//
// Skipped:
//   - testReadOnlyFile (the immutable file flag) and testFilePermissionDenied: the tests run as root here, which no
//     file mode or flag keeps out; testUnsupportedFileFormatVersion, testFileFormatUpgradeRequiredButDisabled: Realm's
//     bundled old-format files;
//   - the `Realm()` cache facts (testEquals' same-thread equality, testWrite's nested write on a second `Realm()`,
//     testInitInMemory's write through another instance): each opening is an actor
//     of its own, and a nested write does not compile (see the migration guide);
//   - testCancelWrite outside a write, or on a realm that is not in one: it stops the process (Realm's exception),
//     already asserted by RealmTransactionSemanticsTests;
//     testDynamicObjects' `dynamicObjects("Object")` gives empty results in Strata, as documented;
//   - testThaw: a frozen `Realm` has no `thaw()` in Strata; the async transaction tests (`writeAsync`,
//     `beginAsyncWrite`, `commitAsyncWrite`, `cancelAsyncWrite`, `asyncRefresh`, custom actors) and the logger tests:
//     APIs Strata replaces with its awaited `write`/`refresh()` and `RealmLogger`;
//   - the facts already asserted by the suites named above (isEmpty, transactions, update policies, deletion,
//     primary keys of every type, invalidate, refresh, seed files, equality, fileExists, write(withoutNotifying:)).

/// A string object, as realm-swift's `SwiftStringObject`.
final class RPTString: Object {
    @Persisted var stringCol = ""
}

/// An object with a string primary key, as realm-swift's `SwiftPrimaryStringObject`.
final class RPTPrimaryString: Object {
    @Persisted(primaryKey: true) var stringCol = ""
    @Persisted var intCol = 0
}

/// An employee, as realm-swift's `SwiftEmployeeObject`.
final class RPTEmployee: Object {
    @Persisted var name = ""
}

/// A company holding employees in a list and a set, as realm-swift's `SwiftCompanyObject`.
final class RPTCompany: Object {
    @Persisted var employees: List<RPTEmployee>
    @Persisted var employeeSet: MutableSet<RPTEmployee>
}

/// The root of a tree of embedded objects, as realm-swift's `EmbeddedParentObject`.
final class RPTEmbeddedParent: Object {
    @Persisted var object: RPTTree1?
    @Persisted var array: List<RPTTree1>
}

/// The first level of the embedded tree (`EmbeddedTreeObject1`).
final class RPTTree1: EmbeddedObject {
    @Persisted var value = 0
    @Persisted var child: RPTTree2?
    @Persisted var children: List<RPTTree2>
}

/// The second level of the embedded tree (`EmbeddedTreeObject2`).
final class RPTTree2: EmbeddedObject {
    @Persisted var value = 0
    @Persisted var child: RPTTree3?
    @Persisted var children: List<RPTTree3>
}

/// The third level of the embedded tree (`EmbeddedTreeObject3`).
final class RPTTree3: EmbeddedObject {
    @Persisted var value = 0
}

/// The classes of this file's realms.
let rptTypes: [ObjectBase.Type] = [RPTString.self, RPTPrimaryString.self, RPTEmployee.self, RPTCompany.self]

/// A write call made outside a write transaction, and the error it throws.
struct RPTOutsideWriteRow: Sendable, CustomTestStringConvertible {
    let name: String
    let call: @Sendable (isolated Realm) throws -> Void
    let expected: RealmError

    var testDescription: String { name }
}

private let outsideWriteRows: [RPTOutsideWriteRow] = [
    RPTOutsideWriteRow(
        name: "add an unmanaged object",
        call: { realm in try realm.add(RPTString()) },
        expected: .notInWriteTransaction("add objects")
    ),
    RPTOutsideWriteRow(
        name: "add an array of unmanaged objects",
        call: { realm in try realm.add([RPTString(), RPTString()]) },
        expected: .notInWriteTransaction("add objects")
    ),
    RPTOutsideWriteRow(
        name: "add with update .modified",
        call: { realm in try realm.add(RPTPrimaryString(value: ["k", 1]), update: .modified) },
        expected: .notInWriteTransaction("add objects")
    ),
    RPTOutsideWriteRow(
        name: "add an array with update .all",
        call: { realm in try realm.add([RPTPrimaryString(value: ["k", 1])], update: .all) },
        expected: .notInWriteTransaction("add objects")
    ),
    RPTOutsideWriteRow(
        name: "create",
        call: { realm in _ = try realm.create(RPTString.self, value: ["x"]) },
        expected: .notInWriteTransaction("create objects")
    ),
    RPTOutsideWriteRow(
        name: "create with update .all",
        call: { realm in _ = try realm.create(RPTPrimaryString.self, value: ["a", 9], update: .all) },
        expected: .notInWriteTransaction("create objects")
    ),
    RPTOutsideWriteRow(
        name: "delete a managed object",
        call: { realm in try realm.delete(realm.objects(RPTString.self)[0]) },
        expected: .notInWriteTransaction("delete objects")
    ),
    RPTOutsideWriteRow(
        name: "delete an array of managed objects",
        call: { realm in try realm.delete(Array(realm.objects(RPTString.self))) },
        expected: .notInWriteTransaction("delete objects")
    ),
    RPTOutsideWriteRow(
        name: "delete results",
        call: { realm in try realm.delete(realm.objects(RPTString.self)) },
        expected: .notInWriteTransaction("delete objects")
    ),
    RPTOutsideWriteRow(
        name: "delete a list's objects",
        call: { realm in try realm.delete(realm.objects(RPTCompany.self)[0].employees) },
        expected: .notInWriteTransaction("delete objects")
    ),
    RPTOutsideWriteRow(
        name: "delete a set's objects",
        call: { realm in try realm.delete(realm.objects(RPTCompany.self)[0].employeeSet) },
        expected: .notInWriteTransaction("delete objects")
    ),
    RPTOutsideWriteRow(
        name: "deleteAll",
        call: { realm in try realm.deleteAll() },
        expected: .notInWriteTransaction("delete objects")
    ),
]

/// The objects of each class, as "class count" lines.
private func rptCounts(_ realm: isolated Realm) -> [String] {
    [
        "RPTString \(realm.objects(RPTString.self).count)",
        "RPTPrimaryString \(realm.objects(RPTPrimaryString.self).count)",
        "RPTEmployee \(realm.objects(RPTEmployee.self).count)",
        "RPTCompany \(realm.objects(RPTCompany.self).count)",
    ]
}

/// Opens `configuration` and returns the `RealmError` that throws, or nil when the realm opens.
private func openingError(_ configuration: Realm.Configuration) async -> RealmError? {
    do {
        let realm = try await Realm(configuration: configuration)
        await realm.close()
        return nil
    } catch {
        return error as? RealmError
    }
}

@Suite("Realm Swift's RealmTests: configurations, opening errors, and write calls outside a transaction")
struct RealmPortTests {
    // MARK: Configurations

    // The default configuration is global: one test reads it, sets it and restores it, so that no other test of
    // this suite sees it changed.
    @Test(
        "The default configuration is default.realm, read-write, version 0, without migration; setting it is read back"
    )
    func defaultConfiguration() {
        let configuration = Realm.Configuration.defaultConfiguration
        #expect(configuration.fileURL == Realm.Configuration.defaultFileURL)
        #expect(configuration.fileURL?.lastPathComponent == "default.realm")
        #expect(configuration.fileURL == Realm.Configuration().fileURL)
        #expect(configuration.inMemoryIdentifier == nil)
        #expect(configuration.readOnly == false)
        #expect(configuration.schemaVersion == 0)
        #expect(configuration.migrationBlock == nil)
        #expect(configuration.deleteRealmIfMigrationNeeded == false)

        let devNull = URL(fileURLWithPath: "/dev/null")
        Realm.Configuration.defaultConfiguration = Realm.Configuration(fileURL: devNull)
        let set = Realm.Configuration.defaultConfiguration.fileURL
        Realm.Configuration.defaultConfiguration = configuration
        #expect(set == devNull)
        #expect(Realm.Configuration.defaultConfiguration.fileURL == configuration.fileURL)
    }

    @Test("fileURL and inMemoryIdentifier exclude each other: setting one clears the other")
    func fileURLAndInMemoryIdentifier() {
        let url = URL(fileURLWithPath: "/tmp/rpt.realm")
        var configuration = Realm.Configuration(fileURL: url, inMemoryIdentifier: "rpt")
        #expect(configuration.fileURL == nil)
        #expect(configuration.inMemoryIdentifier == "rpt")
        configuration.fileURL = url
        #expect(configuration.inMemoryIdentifier == nil)
        configuration.inMemoryIdentifier = "again"
        #expect(configuration.fileURL == nil)
        #expect(configuration.inMemoryIdentifier == "again")
    }

    @Test("An opened realm keeps its configuration: fileURL, readOnly, schemaVersion, in-memory identifier")
    func openedConfiguration() async throws {
        let directory = TemporaryDirectory()
        var configuration = directory.configuration(rptTypes)
        configuration.schemaVersion = 3
        let realm = try await Realm(configuration: configuration)
        #expect(realm.configuration.fileURL == configuration.fileURL)
        #expect(realm.configuration.readOnly == false)
        #expect(realm.configuration.schemaVersion == 3)
        await realm.close()
        configuration.readOnly = true
        let readOnly = try await Realm(configuration: configuration)
        #expect(readOnly.configuration.readOnly)
        #expect(readOnly.configuration.fileURL == configuration.fileURL)
        let identifier = "rpt-\(UUID().uuidString)"
        let memory = try await Realm(configuration: Realm.Configuration(inMemoryIdentifier: identifier))
        #expect(memory.configuration.inMemoryIdentifier == identifier)
        #expect(memory.configuration.fileURL == nil)
    }

    @Test("Two in-memory identifiers are two realms; one identifier shares its objects")
    func inMemoryIdentifiers() async throws {
        let identifier = "rpt-\(UUID().uuidString)"
        let first = try await Realm(configuration: Realm.Configuration(inMemoryIdentifier: identifier))
        try await first.write { realm in
            try realm.create(RPTString.self, value: ["1"])
            try realm.create(RPTString.self, value: ["2"])
        }
        let same = try await Realm(configuration: Realm.Configuration(inMemoryIdentifier: identifier))
        let other = try await Realm(configuration: Realm.Configuration(inMemoryIdentifier: identifier + "2"))
        #expect(await same.read { $0.objects(RPTString.self).count } == 2)
        #expect(await other.read { $0.objects(RPTString.self).count } == 0)
        #expect(await other.isEmpty)
    }

    // MARK: Opening errors

    @Test("A read-only realm reads what a read-write one wrote, and keeps readOnly in its configuration")
    func readOnlyReadsExistingObjects() async throws {
        let directory = TemporaryDirectory()
        do {
            let realm = try await Realm(configuration: directory.configuration(rptTypes))
            try await realm.write { realm in _ = try realm.create(RPTString.self, value: ["100"]) }
            await realm.close()
        }
        var configuration = directory.configuration(rptTypes)
        configuration.readOnly = true
        let readOnly = try await Realm(configuration: configuration)
        #expect(readOnly.configuration.readOnly)
        #expect(await readOnly.read { $0.objects(RPTString.self).map(\.stringCol) } == ["100"])
    }

    // realm-core's coordinator refuses a second configuration of an open file whose read permissions differ
    // ("already opened with different read permissions"), whichever thread opens it.
    @Test("Opening a file read-write while a read-only realm has it open throws")
    func readOnlyAndReadWriteTogether() async throws {
        let directory = TemporaryDirectory()
        do {
            let realm = try await Realm(configuration: directory.configuration(rptTypes))
            await realm.close()
        }
        var configuration = directory.configuration(rptTypes)
        configuration.readOnly = true
        let readOnly = try await Realm(configuration: configuration)
        let error = await openingError(directory.configuration(rptTypes))
        #expect(error.map(realmErrorCase) == "fileError")
        #expect(error?.description.contains("already opened with different read permissions") == true)
        #expect(await readOnly.read { $0.objects(RPTString.self).count } == 0)
    }

    @Test("A read-only realm must exist: opening a missing file throws a file error and creates nothing")
    func readOnlyMustExist() async throws {
        let directory = TemporaryDirectory()
        var configuration = directory.configuration(rptTypes)
        configuration.readOnly = true
        let error = await openingError(configuration)
        let path = configuration.fileURL!.path
        #expect(error.map(realmErrorCase) == "fileError")
        #expect(error?.description.contains(path) == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("Opening a path under a file that is not a directory throws a file error naming the path")
    func openingInvalidPath() async {
        let url = URL(fileURLWithPath: "/dev/null/foo")
        let error = await openingError(Realm.Configuration(fileURL: url, objectTypes: rptTypes))
        #expect(error.map(realmErrorCase) == "fileError")
        #expect(error?.description.contains(url.path) == true, "\(String(describing: error))")
    }

    @Test("A one-byte file is refused as not a realm, naming its path, and left as it was")
    func oneByteFile() async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration(rptTypes)
        try Data("a".utf8).write(to: configuration.fileURL!)
        let error = await openingError(configuration)
        #expect(error.map(realmErrorCase) == "fileError")
        #expect(error?.description.contains(configuration.fileURL!.path) == true, "\(String(describing: error))")
        #expect(try Data(contentsOf: configuration.fileURL!) == Data("a".utf8))
    }

    @Test("readOnly with deleteRealmIfMigrationNeeded cannot be opened")
    func readOnlyWithDeleteIfMigrationNeeded() async throws {
        let directory = TemporaryDirectory()
        do {
            let realm = try await Realm(configuration: directory.configuration(rptTypes))
            await realm.close()
        }
        var configuration = directory.configuration(rptTypes)
        configuration.readOnly = true
        configuration.deleteRealmIfMigrationNeeded = true
        let error = await openingError(configuration)
        #expect(error?.description == "Cannot set `deleteRealmIfMigrationNeeded` when `readOnly` is set.")
    }

    // MARK: Write calls outside a transaction

    @Test("A write call outside a write transaction throws and changes nothing", arguments: outsideWriteRows)
    func writeCallOutsideTransaction(_ row: RPTOutsideWriteRow) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rptTypes))
        try await realm.write { realm in
            try realm.create(RPTString.self, value: ["a"])
            try realm.create(RPTPrimaryString.self, value: ["a", 1])
            let company = RPTCompany()
            company.employees.append(RPTEmployee(value: ["list"]))
            company.employeeSet.insert(RPTEmployee(value: ["set"]))
            try realm.add(company)
        }
        let before = await realm.read(rptCounts)
        let thrown = await realm.read { realm -> RealmError? in
            do {
                try row.call(realm)
                return nil
            } catch {
                return error as? RealmError
            }
        }
        #expect(thrown == row.expected)
        #expect(await realm.read(rptCounts) == before)
        #expect(await realm.read { $0.object(ofType: RPTPrimaryString.self, forPrimaryKey: "a")?.intCol } == 1)
    }

    @Test("After commitWrite a new write begins")
    func commitThenBeginAgain() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rptTypes))
        try await realm.beginWrite()
        try await realm.read { realm in _ = try realm.create(RPTString.self, value: ["1"]) }
        try await realm.commitWrite()
        #expect(await realm.read { $0.objects(RPTString.self).count } == 1)
        try await realm.beginWrite()
        #expect(await realm.isInWriteTransaction)
        await realm.cancelWrite()
    }
}
