import Foundation
import Glibc
import StrataCore
import StrataTestSupport
import Testing

/// The redo log (Database+RedoLog.swift): small commits made durable by one append and one sync of `<path>.redo`,
/// checkpoints, and the replay at open, on clean files, crashed ones and damaged ones.
@Suite("The redo log: one append and one sync per small commit, replayed at open")
struct RedoLogTests {
    /// A database named `name` in `directory`, with the log on, that has committed the crash schema's
    /// transactions 1 ... `commits`.
    static func written(
        _ name: String,
        commits: Int64,
        in directory: TemporaryDirectory
    ) async throws -> (database: Database, schema: CrashSchema, path: String, fs: FaultInjectingFileSystem) {
        let path = directory.file(name)
        let fs = FaultInjectingFileSystem()
        let database = try Database.open(path: path, options: .testing(fs, redoLog: true))
        let schema = try await CrashSchema.prepare(database)
        for number in 1...commits { try await schema.commitTransaction(number, to: database) }
        return (database, schema, path, fs)
    }

    /// The newest valid slot of the header of the file at `path`.
    static func newestSlot(_ path: String) throws -> FileHeader.Slot {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(FileHeader.size))
        return try #require(try FileHeader.decode(bytes, path: path).current).slot
    }

    @Test("small commits take one sync each and leave the header alone; a crash copy replays every one, twice alike")
    func replayAfterCrash() async throws {
        let directory = TemporaryDirectory()
        let path = directory.file("log.strata")
        let fs = FaultInjectingFileSystem()
        let database = try Database.open(path: path, options: .testing(fs, redoLog: true))
        let schema = try await CrashSchema.prepare(database)
        try await schema.commitTransaction(1, to: database)
        let checkpoint = try Self.newestSlot(path)
        #expect(checkpoint.ring?.mayHoldRecords == true, "the first commit's checkpoint names the log")
        let before = database.commitStatistics
        let count: Int64 = 60
        for number in 2...count { try await schema.commitTransaction(number, to: database) }
        let after = database.commitStatistics
        #expect(after.commits - before.commits == Int(count) - 1)
        #expect(after.syncs - before.syncs == Int(count) - 1, "one sync of the log per commit")
        #expect(try Self.newestSlot(path).version == checkpoint.version, "no slot was written for the records")

        let crashed = directory.file("crashed.strata")
        try fs.copyAfterKill(of: path, to: crashed)
        database.close()
        #expect(try Self.newestSlot(crashed).version == checkpoint.version)
        var versions: [Version] = []
        for _ in 0..<2 {
            let reopened = try Database.openUnshared(path: crashed, options: DatabaseOptions())
            try reopened.verify()
            #expect(try schema.check(reopened) == count)
            versions.append(reopened.latestVersion)
            reopened.close()
        }
        #expect(versions[0] == versions[1], "the second open replays nothing more")
        #expect(try Self.newestSlot(crashed).ring == nil, "the replay's slot names no ring")
    }

    @Test("another handle of the file stops the ring, and sees every commit after it through the header")
    func anotherHandle() async throws {
        let directory = TemporaryDirectory()
        let (database, schema, path, _) = try await Self.written("shared.strata", commits: 10, in: directory)
        defer { database.close() }
        // An unshared handle has its own open file description: to the writer it is another process, whose
        // reader slot makes it stop the ring; the handle waits for that.
        let other = try Database.openUnshared(path: path, options: DatabaseOptions())
        defer { other.close() }
        #expect(try schema.check(other) == 10)
        // The writer's next commit finds another reader and writes a header slot instead of appending.
        try await schema.commitTransaction(11, to: database)
        #expect(try Self.newestSlot(path).version == database.latestVersion)
        #expect(other.refreshedLatestVersion() == database.latestVersion)
        #expect(try schema.check(other) == 11)
        try other.verify()
    }

    @Test("a handle opened while the ring is active waits for the writer to stop it, and reads the newest version")
    func openWhileActive() async throws {
        let directory = TemporaryDirectory()
        let (database, schema, path, _) = try await Self.written("active.strata", commits: 3, in: directory)
        defer { database.close() }
        // A commit that syncs on its own thread (no sync thread queue) also leaves the ring watched.
        let write = try await database.beginWrite()
        _ = try write.createTable(named: "Blocking")
        try write.commit()
        #expect(try Self.newestSlot(path).version < database.latestVersion, "the ring holds the commits")
        for (number, readOnly) in [(Int64(3), true), (4, false)] {
            let other = try Database.openUnshared(path: path, options: DatabaseOptions(readOnly: readOnly))
            #expect(other.latestVersion == database.latestVersion)
            #expect(try schema.check(other) == number)
            other.close()
            try await schema.commitTransaction(number + 1, to: database)
        }
    }

    @Test("a failed sync of the log poisons the writer, which gives up the lock: another handle recovers the rest")
    func failedLogSync() async throws {
        let directory = TemporaryDirectory()
        let (database, schema, path, fs) = try await Self.written("poisoned.strata", commits: 6, in: directory)
        defer { database.close() }
        fs.inject(.init(call: .sync, occurrence: fs.count(of: .sync), code: EIO))
        await #expect(throws: StorageError.self) { try await schema.commitTransaction(7, to: database) }
        #expect(database.poisonReason?.contains("redo log") == true)
        // The writer keeps its process's view; another handle takes the lock the poisoned ring gave up, replays
        // the acknowledged records, and never sees the failed commit (its frames were blanked).
        let other = try Database.openUnshared(path: path, options: DatabaseOptions())
        defer { other.close() }
        #expect(try schema.check(other) == 6)
        try other.verify()
        try await schema.commitTransaction(7, to: other)
        #expect(try schema.check(other) == 7)
    }

    @Test("a damaged record with a later durable record after it refuses to open; a damaged last record ends the log")
    func damagedRecords() async throws {
        let directory = TemporaryDirectory()
        let count: Int64 = 12
        let (database, schema, path, fs) = try await Self.written("damaged.strata", commits: count, in: directory)
        let crashed = directory.file("crashed.strata")
        try fs.copyAfterKill(of: path, to: crashed)
        database.close()
        let log = try Data(contentsOf: URL(fileURLWithPath: crashed + ".redo"))
        let checkpoint = try Self.newestSlot(crashed)
        let ring = try #require(checkpoint.ring)
        let records = try log.withUnsafeBytes { region in
            try RedoRing.scan(
                UnsafeRawBufferPointer(rebasing: region[0..<Int(ring.length)]),
                salt: ring.salt,
                checkpoint: checkpoint.version,
                path: crashed
            ).records
        }
        #expect(records.count >= 2, "sequential commits each appended a group")
        let main = try Data(contentsOf: URL(fileURLWithPath: crashed))

        // A bit flipped in the first record's payload: a later group's record follows it, so it was durable.
        var first = log
        first[RedoRing.headerSize + 4] ^= 0x10
        let refused = directory.file("refused.strata")
        try main.write(to: URL(fileURLWithPath: refused))
        try first.write(to: URL(fileURLWithPath: refused + ".redo"))
        do {
            _ = try Database.openUnshared(path: refused, options: DatabaseOptions())
            Issue.record("a damaged record inside the durable prefix was dropped silently")
        } catch StorageError.corrupt(let detail) {
            #expect(detail.contains("commit log"), "\(detail)")
        }

        // The last group's record damaged (a torn tail): open ends the log before it.
        var groupStarts: [Int] = []
        var offset = 0
        for record in records {
            if record.group == record.version { groupStarts.append(offset) }
            offset = (offset + RedoRing.frameSize(payloadCount: record.payload.count) + 4095) / 4096 * 4096
        }
        var last = log
        last[groupStarts.last! + RedoRing.headerSize + 4] ^= 0x10
        let torn = directory.file("torn.strata")
        try main.write(to: URL(fileURLWithPath: torn))
        try last.write(to: URL(fileURLWithPath: torn + ".redo"))
        let reopened = try Database.openUnshared(path: torn, options: DatabaseOptions())
        defer { reopened.close() }
        try reopened.verify()
        let lastGroup = records.filter { $0.group == records.last!.group }.count
        #expect(try schema.check(reopened) == count - Int64(lastGroup))
    }

    @Test("a read-only open of a file whose log holds records is refused; a writable one replays them")
    func readOnlyOpen() async throws {
        let directory = TemporaryDirectory()
        let (database, schema, path, fs) = try await Self.written("readonly.strata", commits: 5, in: directory)
        let crashed = directory.file("crashed.strata")
        try fs.copyAfterKill(of: path, to: crashed)
        database.close()
        do {
            _ = try Database.openUnshared(path: crashed, options: DatabaseOptions(readOnly: true))
            Issue.record("a read-only open read the checkpoint without the log's records")
        } catch StorageError.schema(let detail) {
            #expect(detail.contains("read-only open cannot replay"), "\(detail)")
        }
        let writable = try Database.openUnshared(path: crashed, options: DatabaseOptions())
        #expect(try schema.check(writable) == 5)
        writable.close()
        let readOnly = try Database.openUnshared(path: crashed, options: DatabaseOptions(readOnly: true))
        defer { readOnly.close() }
        #expect(try schema.check(readOnly) == 5)
    }

    @Test("a clean close checkpoints with the flag cleared: the next open never reads the log")
    func cleanClose() async throws {
        let directory = TemporaryDirectory()
        let (database, schema, path, _) = try await Self.written("clean.strata", commits: 5, in: directory)
        database.close()
        let slot = try Self.newestSlot(path)
        #expect(slot.ring?.mayHoldRecords == false)
        try FileManager.default.removeItem(atPath: path + ".redo")
        let reopened = try Database.openUnshared(path: path, options: DatabaseOptions())
        defer { reopened.close() }
        #expect(try schema.check(reopened) == 5)
    }

    @Test("a version pinned across checkpoints of a full ring reads whole until released; then its space is reused")
    func pinnedAcrossCheckpoints() async throws {
        let directory = TemporaryDirectory()
        // A ring of 16 KiB holds a few of these commits: many groups of the loops below find it full and checkpoint,
        // and every checkpoint lets commits reuse what was freed before it (invariant 2).
        let options = DatabaseOptions.testing(FaultInjectingFileSystem(), redoLog: true, ringLength: 16 << 10)
        let database = try Database.open(path: directory.file("pinned.strata"), options: options)
        defer { database.close() }
        let schema = try await CrashSchema.prepare(database)
        for number in Int64(1)...20 { try await schema.commitTransaction(number, to: database) }
        var pinned: ReadTransaction? = try database.beginRead()
        let (syncsBefore, endBefore) = (database.commitStatistics.syncs, database.spaceUsage.fileEnd)
        for number in Int64(21)...80 { try await schema.commitTransaction(number, to: database) }
        let (syncsPinned, endPinned) = (database.commitStatistics.syncs, database.spaceUsage.fileEnd)
        // 60 commits would take 60 syncs through the ring alone; each checkpoint in their place adds one more.
        #expect(syncsPinned - syncsBefore >= 60 + 10, "the ring filled and checkpointed at least ten times")
        #expect(database.pinnedVersions.count >= 1)
        // Every node of the pinned version is intact: none was reused, checkpoints notwithstanding.
        #expect(try schema.check(try #require(pinned)) == 20)
        try database.verify()
        pinned = nil
        for number in Int64(81)...140 { try await schema.commitTransaction(number, to: database) }
        let endReleased = database.spaceUsage.fileEnd
        // Released, the version's nodes and everything freed since are reused: the next 60 commits grow the file by
        // less than half of what the 60 made while it was pinned.
        #expect(
            (endReleased - endPinned) * 2 < endPinned - endBefore,
            "grew \(endPinned - endBefore) bytes pinned, \(endReleased - endPinned) released"
        )
        #expect(try schema.check(database) == 140)
        try database.verify()
    }

    @Test("a torn last group: any subset of its pages on the disk recovers every acknowledged commit and no other")
    func tornLastGroup() async throws {
        let directory = TemporaryDirectory()
        let acknowledged: Int64 = 9
        let (database, schema, path, fs) = try await Self.written("torn.strata", commits: acknowledged, in: directory)
        // The next group's record reaches the page cache and the power goes out before its sync.
        let torn = Locked<(offset: UInt64, length: Int)?>(nil)
        // `fs` weakly: the file system holds the hook (LeakSanitizer would report the cycle).
        fs.afterEachWrite { [weak fs] file, offset, length in
            guard file.path.hasSuffix(".redo") else { return }
            torn.withLock { $0 = (offset, length) }
            fs?.cutPower(atStep: 0)
        }
        await #expect(throws: (any Error).self) { try await schema.commitTransaction(acknowledged + 1, to: database) }
        database.close()
        let (offset, length) = try #require(torn.withLock { $0 })
        let whole = try fs.imageAfterPowerLoss(of: path + ".redo", fate: { _ in .kept }, garbage: { _ in [] })
        let before = try fs.imageAfterPowerLoss(of: path + ".redo", fate: { _ in .dropped }, garbage: { _ in [] })
        // A disk tears a write at its sectors: 512 bytes on many (the ring aligns groups to 4 KiB, the largest).
        let sector = 512
        let sectors = Array(Int(offset) / sector...(Int(offset) + length - 1) / sector)
        #expect((2...10).contains(sectors.count), "the record spans \(sectors.count) sectors")
        var cases = 0
        // The database file's unsynced writes (the nodes of every commit since the ring's checkpoint) all kept, or
        // all lost: the log must rebuild them either way.
        for nodes in [UnsyncedWriteFate.kept, .dropped] {
            let main = try fs.imageAfterPowerLoss(of: path, fate: { _ in nodes }, garbage: { _ in [] })
            for subset in 0..<(1 << sectors.count) {
                var log = before
                for (bit, number) in sectors.enumerated() where subset & (1 << bit) != 0 {
                    let start = max(number * sector, Int(offset))
                    let end = min((number + 1) * sector, Int(offset) + length)
                    log.replaceSubrange(start..<end, with: whole[start..<end])
                }
                let crashed = directory.file("torn-\(cases).strata")
                try Data(main).write(to: URL(fileURLWithPath: crashed))
                try Data(log).write(to: URL(fileURLWithPath: crashed + ".redo"))
                let reopened = try Database.openUnshared(path: crashed, options: DatabaseOptions())
                defer { reopened.close() }
                try reopened.verify()
                let found = try schema.check(reopened)
                // Every sector on the disk makes a whole record: the commit never returned, and may be found.
                let expected =
                    subset == (1 << sectors.count) - 1 ? acknowledged...acknowledged + 1 : acknowledged...acknowledged
                #expect(expected.contains(found), "sectors \(subset) of \(sectors), nodes \(nodes): found \(found)")
                cases += 1
            }
        }
        print("RELIABILITY|torn redo log group|\(cases)|every subset of the last group's \(sectors.count) sectors")
    }
}
