import Foundation
import StrataCore
import Testing

@Suite("Versions, pins and writers")
struct VersionTests {
    static func makeCounter(_ database: Database) async throws -> (TableKey, ColumnKey) {
        let write = try await database.beginWrite()
        let table = try write.createTable(named: "Counter")
        let value = try write.addColumn(ColumnSpec(name: "value", type: .int), to: table)
        try write.createObject(in: table, values: [value: .int(0)])
        try write.commit()
        return (table, value)
    }

    @Test("A pinned version reads the same while later commits free and reuse space")
    func pinnedVersionStaysReadable() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        let (table, value) = try await Self.makeCounter(database)
        let pinned = try database.beginRead()
        for round in 1...300 {
            let write = try await database.beginWrite()
            try write.set(.int(Int64(round)), of: value, in: table, object: ObjectKey(0))
            try write.createObject(in: table, values: [value: .int(Int64(round))])
            try write.commit()
            #expect(try pinned.table(table).value(ObjectKey(0), value) == .int(0))
            #expect(pinned.tableSpecs.first?.objectCount == 1)
        }
        #expect(database.pinnedVersions.count == 1)
        try database.verify()
        let before = database.spaceUsage.fileEnd
        pinned.pin.release()
        #expect(database.pinnedVersions.count == 0)
        // Once the pin is gone, updates reuse freed space instead of growing the file.
        for round in 1...50 {
            let write = try await database.beginWrite()
            try write.set(.int(Int64(round)), of: value, in: table, object: ObjectKey(0))
            try write.commit()
        }
        #expect(database.spaceUsage.fileEnd <= before + 64 * 1024)
        try database.verify()
    }

    @Test("Reaching maximumActiveVersions makes the commit that would pin one more version throw")
    func activeVersionLimit() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file(), options: DatabaseOptions(maximumActiveVersions: 2))
        defer { database.close() }
        let (table, value) = try await Self.makeCounter(database)
        let first = try database.beginRead()
        let write = try await database.beginWrite()
        try write.set(.int(1), of: value, in: table, object: ObjectKey(0))
        try write.commit()
        let second = try database.beginRead()
        let third = try await database.beginWrite()
        try third.set(.int(2), of: value, in: table, object: ObjectKey(0))
        #expect {
            try third.commit()
        } throws: { error in
            guard case StorageError.tooManyActiveVersions(2) = error else { return false }
            return "\(error)".contains("maximumNumberOfActiveVersions")
        }
        #expect(try second.table(table).value(ObjectKey(0), value) == .int(1))
        first.pin.release()
        let retry = try await database.beginWrite()
        try retry.set(.int(2), of: value, in: table, object: ObjectKey(0))
        try retry.commit()
        #expect(try database.beginRead().table(table).value(ObjectKey(0), value) == .int(2))
    }

    @Test("Writers from many tasks queue without blocking threads and none is lost")
    func concurrentWriters() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        let (table, value) = try await Self.makeCounter(database)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    for _ in 0..<10 {
                        let write = try await database.beginWrite()
                        guard case .int(let current) = try write.table(table).value(ObjectKey(0), value) else { return }
                        try write.set(.int(current + 1), of: value, in: table, object: ObjectKey(0))
                        try write.commit()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try database.beginRead().table(table).value(ObjectKey(0), value) == .int(160))
        #expect(database.latestVersion == 2 + 160)
        try database.verify()
    }

    @Test("A rolled-back transaction leaves no trace and releases the writer")
    func rollback() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        let (table, value) = try await Self.makeCounter(database)
        do {
            let write = try await database.beginWrite()
            try write.set(.int(99), of: value, in: table, object: ObjectKey(0))
            try write.createTable(named: "Other")
            write.rollback()
        }
        do {
            // Dropping an active transaction rolls it back too.
            let write = try await database.beginWrite()
            try write.set(.int(98), of: value, in: table, object: ObjectKey(0))
        }
        let read = try database.beginRead()
        #expect(read.tableSpecs.map(\.name) == ["Counter"])
        #expect(try read.table(table).value(ObjectKey(0), value) == .int(0))
        let write = try await database.beginWrite()
        write.rollback()
    }

    @Test("The change set of a commit lists insertions, deletions and modified columns")
    func changeSets() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        let (table, value) = try await Self.makeCounter(database)
        // Change sets are kept only while something observes.
        let retention = database.retainHistory()
        defer { retention.release() }
        let start = database.latestVersion
        let write = try await database.beginWrite()
        let inserted = try write.createObject(in: table, values: [value: .int(5)])
        try write.set(.int(6), of: value, in: table, object: inserted)
        let gone = try write.createObject(in: table)
        try write.deleteObject(gone, in: table)
        try write.set(.int(7), of: value, in: table, object: ObjectKey(0))
        try write.commit()
        let changes = try #require(database.changes(after: start))
        #expect(changes.count == 1)
        let tableChanges = try #require(changes[0].tables[table])
        #expect(tableChanges.insertions == [inserted])
        #expect(tableChanges.deletions.isEmpty)
        #expect(tableChanges.modifications == [ObjectKey(0): [value]])
        let delete = try await database.beginWrite()
        try delete.deleteObject(ObjectKey(0), in: table)
        try delete.commit()
        #expect(database.changes(after: start + 1)?.first?.tables[table]?.deletions == [ObjectKey(0)])
    }

    @Test("A memory-only database works like a file one and leaves no file behind")
    func memoryOnly() async throws {
        let path = "/dev/shm/strata-test-\(UUID().uuidString)"
        let database = try Database.open(path: path, options: DatabaseOptions(durability: .memoryOnly))
        let (table, value) = try await Self.makeCounter(database)
        let write = try await database.beginWrite()
        try write.set(.int(3), of: value, in: table, object: ObjectKey(0))
        try write.commit()
        try database.verify()
        #expect(try database.beginRead().table(table).value(ObjectKey(0), value) == .int(3))
        database.close()
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("A second process cannot write while the lock is held, and gets it once released")
    func fileLockExcludesOtherDescriptions() throws {
        let directory = TemporaryDirectory()
        let first = try FileLock(path: directory.file("x.lock"))
        let second = try FileLock(path: directory.file("x.lock"))
        #expect(try first.tryLockWriter())
        #expect(try !second.tryLockWriter())
        first.unlockWriter()
        #expect(try second.tryLockWriter())
    }

    @Test("A version pinned by another process (reader table) is not overwritten by this process's commits")
    func readerTableProtectsOtherProcesses() async throws {
        let directory = TemporaryDirectory()
        let writer = try Database.open(path: directory.file("shared.strata"))
        defer { writer.close() }
        let (table, value) = try await Self.makeCounter(writer)
        // A different spelling of the path opens a second instance with its own lock-file description,
        // exactly as a second process would.
        let other = try Database.open(path: directory.path + "/./shared.strata")
        defer { other.close() }
        #expect(other !== writer)
        let pinned = try other.beginRead()
        let pinnedVersion = pinned.version
        for round in 1...200 {
            let write = try await writer.beginWrite()
            try write.set(.int(Int64(round)), of: value, in: table, object: ObjectKey(0))
            try write.createObject(in: table, values: [value: .int(Int64(round))])
            try write.commit()
        }
        #expect(try pinned.table(table).value(ObjectKey(0), value) == .int(0))
        #expect(pinned.tableSpecs.first?.objectCount == 1)
        // The other instance sees the newest version when it begins a new read.
        let fresh = try other.beginRead()
        #expect(fresh.version == pinnedVersion + 200)
        #expect(try fresh.table(table).value(ObjectKey(0), value) == .int(200))
        try other.verify()
        try writer.verify()
    }
}
