import Foundation
import Strata
import Testing

// The settings Realm refuses at open, with its messages (Realm/RLMRealmConfiguration.mm's checks as
// RealmSwift/Tests/RealmConfigurationTests.swift asserts them), an encryption key (not supported yet), base classes as
// models, and `Realm(fileURL:)`.

/// A model of these tests.
final class ROCItem: Object {
    @Persisted var name = ""
}

@Suite("Settings refused at open, and Realm(fileURL:)")
struct RealmOpeningChecksTests {
    /// The error opening `configuration` throws, or nil when it opens.
    private func openingError(_ configuration: Realm.Configuration) async -> RealmError? {
        do {
            let realm = try await Realm(configuration: configuration)
            await realm.close()
            return nil
        } catch {
            return error as? RealmError
        }
    }

    @Test("readOnly with shouldCompactOnLaunch is refused with Realm's message, and nothing is created")
    func readOnlyWithCompaction() async {
        let directory = TemporaryDirectory()
        var configuration = Realm.Configuration(fileURL: directory.url.appendingPathComponent("a.realm"))
        configuration.objectTypes = [ROCItem.self]
        configuration.readOnly = true
        configuration.shouldCompactOnLaunch = { _, _ in true }
        let error = await openingError(configuration)
        #expect(error?.description == "Cannot set `shouldCompactOnLaunch` when `readOnly` is set.")
        #expect(!FileManager.default.fileExists(atPath: configuration.fileURL!.path))
    }

    @Test("An encryption key is not supported yet: opening throws notSupported and creates nothing")
    func encryptionKey() async {
        let directory = TemporaryDirectory()
        let configuration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("a.realm"),
            encryptionKey: Data(repeating: 7, count: 64),
            objectTypes: [ROCItem.self]
        )
        let error = await openingError(configuration)
        guard case .notSupported? = error else {
            Issue.record("expected notSupported, got \(String(describing: error))")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: configuration.fileURL!.path))
    }

    @Test("An empty in-memory identifier is refused with Realm's message")
    func emptyInMemoryIdentifier() async {
        let error = await openingError(Realm.Configuration(inMemoryIdentifier: "", objectTypes: [ROCItem.self]))
        #expect(error?.description == "In-memory identifier must not be empty")
    }

    @Test("A base class listed as a model is an invalid schema", arguments: ["Object", "EmbeddedObject"])
    func baseClassAsModel(name: String) async {
        let type: ObjectBase.Type = name == "Object" ? Object.self : EmbeddedObject.self
        let error = await openingError(Realm.Configuration(inMemoryIdentifier: "roc-\(name)", objectTypes: [type]))
        guard case .invalidSchema(let message)? = error else {
            Issue.record("expected invalidSchema, got \(String(describing: error))")
            return
        }
        #expect(message.contains("'\(name)' is not managed by the Realm"))
    }

    @Test("After a read-only realm is closed, the file opens read-write and takes writes")
    func readWriteAfterClosedReadOnly() async throws {
        let directory = TemporaryDirectory()
        let configuration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("a.realm"),
            objectTypes: [ROCItem.self]
        )
        await (try await Realm(configuration: configuration)).close()
        var readOnlyConfiguration = configuration
        readOnlyConfiguration.readOnly = true
        let readOnly = try await Realm(configuration: readOnlyConfiguration)
        #expect(await openingError(configuration)?.description.contains("different read permissions") == true)
        await readOnly.close()
        let writable = try await Realm(configuration: configuration)
        try await writable.write { realm in try realm.add(ROCItem(value: ["name": "b"])) }
        #expect(await writable.read { realm in realm.objects(ROCItem.self).count } == 1)
        // `readOnly` is closed but still referenced: its database was replaced, not shared.
        _ = readOnly
    }

    @Test("Realm(fileURL:) opens that file with the default configuration's other settings")
    func fileURLInitializer() async throws {
        let directory = TemporaryDirectory()
        let url = directory.url.appendingPathComponent("by-url.realm")
        let realm = try await Realm(fileURL: url)
        #expect(realm.configuration.fileURL == url)
        #expect(realm.configuration.schemaVersion == Realm.Configuration.defaultConfiguration.schemaVersion)
        try await realm.write { realm in try realm.add(ROCItem(value: ["name": "a"])) }
        #expect(await realm.read { realm in realm.objects(ROCItem.self).map(\.name) } == ["a"])
        #expect(FileManager.default.fileExists(atPath: url.path))
    }
}
