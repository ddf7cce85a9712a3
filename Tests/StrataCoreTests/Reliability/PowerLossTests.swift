import Foundation
import StrataCore
import StrataTestSupport
import Testing

@Suite("Simulated power loss through the I/O layer")
struct PowerLossTests {
    /// Builds a database with the crash schema and `commits` transactions; returns its bytes.
    static func baseImage(commits: Int64, in directory: TemporaryDirectory) async throws -> [UInt8] {
        let path = directory.file("base.strata")
        let database = try Database.open(path: path)
        let schema = try await CrashSchema.prepare(database)
        if commits > 0 { for number in 1...commits { try await schema.commitTransaction(number, to: database) } }
        database.close()
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A redo log's ring small enough that the scenarios below fill it (once in each): the group that finds it full
    /// checkpoints, and the ring's next lap starts over the records of the last under a new salt.
    static let smallRing = 16 << 10

    /// With the redo log, the same commits are made durable by records appended to `<path>.redo` and checkpoints
    /// (Database+RedoLog.swift); the crashed image holds both files as the disk left them. The cuts reach into the
    /// close, whose checkpoint stops the ring; with the small ring, into the checkpoints of a full ring too.
    @Test(
        "Cut at every I/O step; keep, drop or garble each unsynced write; no acknowledged commit is lost",
        arguments: [nil, 8 << 20, PowerLossTests.smallRing]
    )
    func cutAtEveryStep(ringLength: Int?) async throws {
        let seed = testSeed()
        let extra = Int(ProcessInfo.processInfo.environment["STRATA_POWER_LOSS_CASES"] ?? "") ?? 0
        print("PowerLossTests seed: \(seed), redo log ring \(ringLength.map(String.init) ?? "none")")
        var random = SeededGenerator(seed: seed)
        let directory = TemporaryDirectory()
        var cases = 0
        // Scenario: from a database holding `start` commits, run commits start+1 ... start+count.
        for (start, count) in [(Int64(0), Int64(8)), (Int64(30), Int64(6))] {
            let base = try await Self.baseImage(commits: start, in: directory)
            let uncut = try await Self.run(
                base: base,
                start: start,
                count: count,
                cut: nil,
                ringLength: ringLength,
                directory: directory
            )
            let steps = uncut.steps
            if ringLength == Self.smallRing {
                // A logged commit syncs once and the ring's start three times (C1 and both pages); a group that
                // finds the ring full checkpoints instead of appending, two syncs (C1, C3) for its one.
                #expect(uncut.syncs >= Int(count) + 3 + 1, "the small ring filled and checkpointed at least once")
            }
            for cut in 0...steps {
                for fateMode in 0..<3 {
                    cases += 1
                    try await Self.check(
                        base: base,
                        start: start,
                        count: count,
                        cut: cut,
                        fateMode: fateMode,
                        ringLength: ringLength,
                        random: &random,
                        directory: directory
                    )
                }
            }
            for _ in 0..<extra {
                cases += 1
                try await Self.check(
                    base: base,
                    start: start,
                    count: count,
                    cut: Int.random(in: 0...steps, using: &random),
                    fateMode: 2,
                    ringLength: ringLength,
                    random: &random,
                    directory: directory
                )
            }
        }
        let what = ringLength.map { "simulated power loss, redo log of \($0 >> 10) KiB" } ?? "simulated power loss"
        print("RELIABILITY|\(what)|\(cases)|unsynced writes kept, dropped or garbled at every step")
        #expect(cases >= 100)
    }

    /// Runs the scenario on a copy of `base` through a fault-injecting file system, then closes the database;
    /// returns it, the last commit that returned and the I/O steps taken, the close's included.
    static func run(
        base: [UInt8],
        start: Int64,
        count: Int64,
        cut: Int?,
        ringLength: Int? = nil,
        directory: TemporaryDirectory
    ) async throws -> (fs: FaultInjectingFileSystem, path: String, acknowledged: Int64, steps: Int, syncs: Int) {
        let path = directory.file("work-\(UUID().uuidString).strata")
        try Data(base).write(to: URL(fileURLWithPath: path))
        let fs = FaultInjectingFileSystem()
        let database = try Database.open(
            path: path,
            options: .testing(fs, redoLog: ringLength != nil, ringLength: ringLength)
        )
        let schema: CrashSchema
        do {
            schema = try CrashSchema.find(database.beginRead())
        } catch {
            database.close()
            throw error
        }
        if let cut { fs.cutPower(atStep: cut) }
        var acknowledged = start
        do {
            for number in start + 1...start + count {
                try await schema.commitTransaction(number, to: database)
                acknowledged = number
            }
        } catch is SimulatedPowerLoss {
            // The power went out: the commit in flight may or may not survive.
        } catch StorageError.poisoned {
            // A sync was cut: the database refuses further writes, as after a real failed sync.
        }
        let syncs = database.commitStatistics.syncs
        // A close after the cut fails its checkpoint, if it has one, and leaves the files as the cut did.
        database.close()
        return (fs, path, acknowledged, fs.steps, syncs)
    }

    /// Copies the database file at `path`, and its redo log if one was made, each as the disk might have left it
    /// after the power went out: every unsynced write kept (`fateMode` 0), dropped (1), or each kept, dropped or
    /// garbled at random (2). Returns the copy's path.
    static func crashedCopy(
        of path: String,
        _ fs: FaultInjectingFileSystem,
        fateMode: Int,
        random: inout SeededGenerator,
        directory: TemporaryDirectory
    ) throws -> String {
        let crashed = directory.file("crashed-\(UUID().uuidString).strata")
        for suffix in ["", ".redo"] where FileManager.default.fileExists(atPath: path + suffix) {
            var fates: [UnsyncedWriteFate] = []
            for _ in 0..<fs.unsyncedWriteCount(for: path + suffix) {
                switch fateMode {
                case 0: fates.append(.kept)
                case 1: fates.append(.dropped)
                default: fates.append([.kept, .dropped, .garbled].randomElement(using: &random)!)
                }
            }
            let noise = (0..<64).map { _ in UInt8.random(in: 0...255, using: &random) }
            let image = try fs.imageAfterPowerLoss(
                of: path + suffix,
                fate: { fates[$0] },
                garbage: { length in (0..<length).map { noise[$0 % noise.count] } }
            )
            try Data(image).write(to: URL(fileURLWithPath: crashed + suffix))
        }
        return crashed
    }

    /// Removes a database's files (the database, its lock file and its redo log) at each of `paths`.
    static func remove(_ paths: String...) {
        for path in paths {
            for suffix in ["", ".lock", ".redo"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }

    static func check(
        base: [UInt8],
        start: Int64,
        count: Int64,
        cut: Int,
        fateMode: Int,
        ringLength: Int?,
        random: inout SeededGenerator,
        directory: TemporaryDirectory
    ) async throws {
        let (fs, path, acknowledged, _, _) = try await run(
            base: base,
            start: start,
            count: count,
            cut: cut,
            ringLength: ringLength,
            directory: directory
        )
        // The copy, the open and the check are synchronous and take a while: on a thread of their own, so that the
        // cooperative pool's two threads stay free for the tests running beside this one.
        let copySeed = random.next()
        let last = try await onThread {
            var random = SeededGenerator(seed: copySeed)
            let crashed = try Self.crashedCopy(of: path, fs, fateMode: fateMode, random: &random, directory: directory)
            let database = try Database.open(path: crashed, options: DatabaseOptions(redoLog: ringLength != nil))
            defer {
                database.close()
                Self.remove(crashed, path)
            }
            try database.verify()
            return try CrashSchema.find(database.beginRead()).check(database)
        }
        #expect(last >= acknowledged, "cut \(cut), mode \(fateMode): acknowledged \(acknowledged), found \(last)")
        #expect(last <= acknowledged + 1, "cut \(cut), mode \(fateMode): found \(last) past the in-flight commit")
    }

    @Test("A one-sync commit whose header slot reached the disk but whose nodes did not is skipped at open")
    func headerWithoutNodes() async throws {
        let directory = TemporaryDirectory()
        let base = try await Self.baseImage(commits: 4, in: directory)
        let path = directory.file("work.strata")
        try Data(base).write(to: URL(fileURLWithPath: path))
        let fs = FaultInjectingFileSystem()
        let database = try Database.open(path: path, options: DatabaseOptions(fileSystem: fs))
        let schema = try CrashSchema.find(database.beginRead())
        // Commit 5 writes its nodes and its header slot, then its only sync fails: nothing of it is durable.
        fs.inject(.init(call: .sync, occurrence: fs.count(of: .sync), code: EIO))
        await #expect(throws: StorageError.self) { try await schema.commitTransaction(5, to: database) }
        // Unsynced, in order: the nodes, the header slot, then the blank written over that slot when the sync
        // failed.
        let pending = fs.unsyncedWriteCount(for: path)
        #expect(pending >= 3, "nodes, header slot and its blanking were written, none synced")
        // The disk kept the header slot and lost every node (and the blanking).
        let image = try fs.imageAfterPowerLoss(
            of: path,
            fate: { $0 == pending - 2 ? .kept : .dropped },
            garbage: { [UInt8](repeating: 0, count: $0) }
        )
        database.close()
        let header = try FileHeader.decode(Array(image.prefix(FileHeader.size)), path: "image")
        let newest = try #require(header.current).slot
        #expect(newest.manifest != nil, "a small commit names what it wrote")

        let crashed = directory.file("crashed.strata")
        try Data(image).write(to: URL(fileURLWithPath: crashed))
        let reopened = try Database.open(path: crashed)
        defer { reopened.close() }
        try reopened.verify()
        #expect(reopened.latestVersion == newest.version - 1, "open fell back to the last synced commit")
        #expect(try schema.check(reopened) == 4)
        // Reads do not spin on the newer, broken slot; the next commit overwrites it.
        for _ in 0..<3 { #expect(try schema.lastCommitted(reopened) == 4) }
        try await schema.commitTransaction(5, to: reopened)
        #expect(try schema.check(reopened) == 5)
        try reopened.verify()
    }
}
