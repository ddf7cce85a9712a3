import Foundation
import Strata
import StrataTestSupport
import Testing

// The interprocess facts about the file and its schema, each with a real second process: from realm-swift's
// Realm/Tests/InterprocessTests.m, testCompactOnLaunchSuccessful, testCompactOnLaunchBeginWriteFailed and
// testCompactOnLaunchFailSilently; from Realm/Tests/SchemaTests.mm, the multi-process forms of
// testOpeningFileWithDifferentClassSubsetsInDifferentProcesses and testMigratingToLaterVersionInBackgroundProcess;
// from Realm/Tests/RealmTests.mm, testDeleteOpenRealmFile with the file open in another process (realm-core refuses
// the deletion through the lock file, whichever process holds it). In-memory realms: Strata's documented behaviour
// (Docs.docc/MigratingFromRealmSwift.md, Caveats.md: each process's own file in /dev/shm).

extension InterprocessObjCPortTests {
    // MARK: Compaction at launch

    @Test("A process compacts at launch a file no other process has open: smaller, and empty as it was")
    func compactOnLaunchSuccessful() async throws {
        let directory = TemporaryDirectory()
        let configuration = ipcConfiguration(directory)
        // Released, not only closed (Realm's test leaves an autorelease pool): a closed realm keeps its file open
        // until it is gone (Docs.docc/Concurrency.md), and a file another process has open is not compacted.
        do {
            let realm = try await Realm(configuration: configuration)
            try await realm.write { realm in
                for value in 0..<1000 { try realm.add(IPCInt(value: ["intCol": value])) }
            }
            try await realm.write { realm in try realm.deleteAll() }
            await realm.close()
        }
        let child = try IPCChild("compact", configuration.fileURL!.path)
        let before = try await child.number("size-before")
        let after = try await child.number("size-after")
        #expect(try await child.finish() == (0, ["called true", "empty true"]))
        #expect(before != nil && after != nil && after! < before!)
    }

    @Test(
        "Compaction at launch is skipped, silently and without asking the block, while another process holds the write lock"
    )
    func compactOnLaunchWhileOtherProcessWrites() async throws {
        let directory = TemporaryDirectory()
        let configuration = ipcConfiguration(directory)
        let realm = try await Realm(configuration: configuration)
        try await realm.beginWrite()
        let child = try IPCChild("compact", configuration.fileURL!.path)
        let before = try await child.number("size-before")
        let after = try await child.number("size-after")
        let (status, lines) = try await child.finish()
        await realm.cancelWrite()
        #expect(status == 0)
        // realm-core asks the block only after a write transaction could begin without waiting.
        #expect(lines == ["called false", "empty true"])
        #expect(before != nil && before == after)
    }

    @Test("Compaction at launch is skipped, silently, while another process has the file open; its writes stay")
    func compactOnLaunchWhileOtherProcessHasFileOpen() async throws {
        let directory = TemporaryDirectory()
        let configuration = ipcConfiguration(directory)
        let realm = try await Realm(configuration: configuration)
        let child = try IPCChild("compact", configuration.fileURL!.path)
        let before = try await child.number("size-before")
        let after = try await child.number("size-after")
        #expect(try await child.finish() == (0, ["called true", "empty true"]))
        #expect(before != nil && after != nil && after! >= before!)
        // This process's commit must reach the file the next process opens.
        try await realm.write { realm in try realm.add(IPCInt()) }
        let (status, lines) = try await IPCChild("count", configuration.fileURL!.path).finish()
        #expect(status == 0)
        #expect(lines == ["count 1"])
    }

    // MARK: Deleting files

    @Test("Deleting the files of a realm another process has open is refused, and the file stays")
    func deleteFilesWhileOpenInOtherProcess() async throws {
        let directory = TemporaryDirectory()
        let configuration = ipcConfiguration(directory)
        let child = try IPCChild("hold", configuration.fileURL!.path)
        #expect(try await child.line() == "open")
        let path = configuration.fileURL!.path
        #expect(throws: RealmError.fileError("Cannot delete files of an open Realm: '\(path)' is still in use.")) {
            try Realm.deleteFiles(for: configuration)
        }
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try await child.finish().status == 0)
        // Once that process has ended, the files go.
        #expect(try Realm.deleteFiles(for: configuration))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
    }

    // MARK: Schema

    @Test("A realm moves over another process's commit that created a table of a class it does not list")
    func classSubsetsInDifferentProcesses() async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration([IPCInt.self])
        let realm = try await Realm(configuration: configuration)
        await realm.read { realm in realm.autorefresh = false }
        #expect(await realm.schema.objectSchema.map(\.className) == ["IPCInt"])
        try await realm.write { realm in try realm.add(IPCInt(value: ["intCol": 1])) }
        let (status, lines) = try await IPCChild("subset", configuration.fileURL!.path).finish()
        #expect(status == 0)
        #expect(lines == ["classes IPCString", "strings 1"])
        let refreshed = await realm.refresh()
        // The realm has no change stream: refresh() itself reads the file for another process's commit.
        #expect(refreshed)
        let values = try await realm.write { realm -> [Int] in
            try realm.add(IPCInt(value: ["intCol": 2]))
            return realm.objects(IPCInt.self).map(\.intCol)
        }
        #expect(values == [1, 2])
    }

    @Test("After another process migrates the file, a realm of the old schema stays readable and cannot write")
    func migratedByOtherProcess() async throws {
        let directory = TemporaryDirectory()
        let url = directory.url.appendingPathComponent("migrated.realm")
        // The old schema's realm is the child's: reading a changed class traps, which would end this process.
        let child = try IPCChild("outdated", url.path)
        #expect(try await child.line() == "ready")
        let migrated = try await Realm(
            configuration: Realm.Configuration(fileURL: url, schemaVersion: 1, objectTypes: [IPCMigrated.IPCInt.self])
        )
        #expect(await migrated.read { realm in realm.objects(IPCMigrated.IPCInt.self).count } == 1)
        let (status, lines) = try await child.finish()
        // Realm's refresh() throws; Strata's does not throw, and leaves the realm where it is (Migrations.md).
        #expect(lines == ["refreshed false", "begin-write threw", "value 1"])
        #expect(status == 0)
    }

    // MARK: In-memory realms

    @Test("An in-memory realm is this process's own: another process with its identifier starts empty")
    func inMemoryRealmIsNotShared() async throws {
        let identifier = "ipc-\(UUID().uuidString)"
        let realm = try await Realm(
            configuration: Realm.Configuration(
                inMemoryIdentifier: identifier,
                objectTypes: [IPCInt.self, IPCDouble.self]
            )
        )
        try await realm.write { realm in try realm.add(IPCInt()) }
        let (status, lines) = try await IPCChild("memory", identifier).finish()
        #expect(status == 0)
        #expect(lines == ["count 0", "count 1"])
        await realm.refresh()
        #expect(await ipcCount(realm) == 1)
    }
}
