import Foundation
import Strata
import Testing

// Realm's static helpers read a file without touching the realms of the process that have it open:
// schemaVersionAtURL, Realm.fileExists(for:), performMigration(for:) (which refuses), a seed file being copied, and a second open
// with shouldCompactOnLaunch (Realm asks it only at the first open in the process). Each runs while a realm has the
// file open; that realm must then still write, read and copy itself.

/// A static helper that touches the file of an open realm.
enum StaticFileHelper: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case schemaVersionAtURL, fileExists, performMigration, seedFromOpenFile, compactOnSecondOpen

    var testDescription: String { rawValue }

    /// Runs the helper on `configuration`'s file (open in `directory`).
    func run(_ configuration: Realm.Configuration, in directory: TemporaryDirectory) async throws {
        switch self {
        case .schemaVersionAtURL:
            #expect(try Strata.schemaVersionAtURL(configuration.fileURL!) == 3)
        case .fileExists:
            #expect(Realm.fileExists(for: configuration))
        case .performMigration:
            // Refused while the file is open in the process, as Realm refuses it (RealmTests.mm,
            // testCannotMigrateRealmWhenRealmIsOpen).
            await #expect(throws: RealmError.fileError("Cannot migrate Realms that are already open.")) {
                try await Realm.performMigration(for: configuration)
            }
        case .seedFromOpenFile:
            var seeded = Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("seeded.realm"),
                schemaVersion: 3,
                objectTypes: [Dog.self, Person.self, AllTypes.self]
            )
            seeded.seedFilePath = configuration.fileURL
            let copy = try await Realm(configuration: seeded)
            #expect(await copy.read { realm in realm.objects(Dog.self).count } == 1)
            await copy.close()
        case .compactOnSecondOpen:
            var second = configuration
            second.shouldCompactOnLaunch = { _, _ in true }
            let other = try await Realm(configuration: second)
            #expect(await other.read { realm in realm.objects(Dog.self).count } == 1)
            await other.close()
        }
    }
}

@Suite("Static file helpers leave the realms that have the file open usable, as Realm's do")
struct StaticFileHelperTests {
    @Test("A static helper on an open realm's file leaves that realm open", arguments: StaticFileHelper.allCases)
    func helperLeavesOpenRealmUsable(helper: StaticFileHelper) async throws {
        let directory = TemporaryDirectory()
        var configuration = directory.configuration()
        configuration.schemaVersion = 3
        let realm = try await Realm(configuration: configuration)
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Rex"])) }

        try await helper.run(configuration, in: directory)

        try await realm.write { realm in try realm.add(Dog(value: ["name": "Fido"])) }
        #expect(await realm.read { realm in realm.objects(Dog.self).map(\.name) } == ["Rex", "Fido"])
        let backup = directory.url.appendingPathComponent("backup.realm")
        try await realm.writeCopy(toFile: backup)
        #expect(try Strata.schemaVersionAtURL(backup) == 3)
        await realm.close()
    }
}

@Suite("deleteFiles(for:) refuses a file a realm of the process has open, as Realm does")
struct DeleteOpenFileTests {
    @Test("An open realm's files are kept; once it is closed they are deleted")
    func deleteOpenRealmFile() async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration()
        let realm = try await Realm(configuration: configuration)
        let path = configuration.fileURL!.path
        #expect(throws: RealmError.fileError("Cannot delete files of an open Realm: '\(path)' is still in use.")) {
            try Realm.deleteFiles(for: configuration)
        }
        #expect(FileManager.default.fileExists(atPath: path))
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Rex"])) }
        await realm.close()
        #expect(try Realm.deleteFiles(for: configuration))
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

@Suite("writeCopy inside a block is synchronous, as Realm Swift's is")
struct SynchronousWriteCopyTests {
    @Test("writeCopy(toFile:) and writeCopy(configuration:) run inside read and write blocks")
    func writeCopyInsideBlocks() async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration()
        let realm = try await Realm(configuration: configuration)
        let fromRead = directory.url.appendingPathComponent("from-read.realm")
        let fromWrite = directory.url.appendingPathComponent("from-write.realm")
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Rex"])) }
        try await realm.read { realm in try realm.writeCopy(toFile: fromRead) }
        try await realm.write { realm in
            try realm.add(Dog(value: ["name": "Fido"]))
            // Committed data only: Fido is not committed yet.
            try realm.writeCopy(configuration: Realm.Configuration(fileURL: fromWrite))
        }
        await #expect(throws: RealmError.self) {
            try await realm.read { realm in try realm.writeCopy(toFile: fromRead) }
        }
        for (url, names) in [(fromRead, ["Rex"]), (fromWrite, ["Rex"])] {
            let copy = try await Realm(
                configuration: Realm.Configuration(fileURL: url, objectTypes: [Dog.self, Person.self, AllTypes.self])
            )
            #expect(await copy.read { realm in realm.objects(Dog.self).map(\.name) } == names)
            await copy.close()
        }
        #expect(await realm.read { realm in realm.objects(Dog.self).count } == 2)
        await realm.close()
    }
}
