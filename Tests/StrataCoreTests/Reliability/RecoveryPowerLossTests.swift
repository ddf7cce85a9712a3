import Foundation
import StrataCore
import StrataTestSupport
import Testing

/// Power loss while a crashed writer's redo log is recovered (Database+RedoLog.swift, `recoverRing`, invariant 3):
/// a cut between any two I/O calls of the replay, with the replay's unsynced writes kept, dropped or garbled, leaves
/// files whose next open recovers every acknowledged commit; a second cut recovery on top of the first does too, and
/// a database reopened after its recovery reads the same state again.
@Suite("Simulated power loss while a redo log is recovered")
struct RecoveryPowerLossTests {
    /// A writer's files after it made commits `start + 1 ... start + count` durable through its log (a ring of
    /// `ringLength` bytes) and lost power before its close: every commit acknowledged, the database file's unsynced
    /// writes (the nodes of every commit since the last checkpoint) each kept, dropped or garbled. Returns the copy's
    /// path.
    static func crashedWriter(
        base: [UInt8],
        start: Int64,
        count: Int64,
        ringLength: Int,
        random: inout SeededGenerator,
        directory: TemporaryDirectory
    ) async throws -> String {
        let path = directory.file("writer-\(UUID().uuidString).strata")
        try Data(base).write(to: URL(fileURLWithPath: path))
        let fs = FaultInjectingFileSystem()
        let database = try Database.open(path: path, options: .testing(fs, redoLog: true, ringLength: ringLength))
        do {
            let schema = try CrashSchema.find(database.beginRead())
            for number in start + 1...start + count { try await schema.commitTransaction(number, to: database) }
        } catch {
            database.close()
            throw error
        }
        // The power goes out before the close: its checkpoint, which would stop the ring, never happens.
        fs.cutPower(atStep: 0)
        database.close()
        defer { PowerLossTests.remove(path) }
        let crashed = try PowerLossTests.crashedCopy(of: path, fs, fateMode: 2, random: &random, directory: directory)
        #expect(
            FileManager.default.fileExists(atPath: crashed + ".redo"),
            "the writer's commits went through its log"
        )
        return crashed
    }

    /// Opens a copy of the files at `path` through a fault-injecting file system whose power goes out at I/O step
    /// `cut` (never, for nil), so that the open recovers the log until then; returns the copy as the disk left it
    /// (unsynced writes kept, dropped or garbled at random) and the steps the open and close took.
    static func recover(
        _ path: String,
        cut: Int?,
        random: inout SeededGenerator,
        directory: TemporaryDirectory
    ) throws -> (image: String, steps: Int) {
        let copy = directory.file("recovering-\(UUID().uuidString).strata")
        for suffix in ["", ".redo"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
        }
        defer { PowerLossTests.remove(copy) }
        let fs = FaultInjectingFileSystem()
        if let cut { fs.cutPower(atStep: cut) }
        do {
            let database = try Database.open(path: copy, options: .testing(fs, redoLog: true))
            database.close()
        } catch {
            // Only a cut may stop the recovery; whatever it left is what the next open finds.
            if cut == nil { throw error }
        }
        let image = try PowerLossTests.crashedCopy(of: copy, fs, fateMode: 2, random: &random, directory: directory)
        return (image, fs.steps)
    }

    /// Opens the files at `path` as a user would, checks them and returns the last commit they hold, then the last
    /// commit a second open finds (the caller expects the two equal).
    static func lastCommit(at path: String) throws -> (first: Int64, second: Int64) {
        var found: [Int64] = []
        for _ in 0..<2 {
            let database = try Database.open(path: path, options: DatabaseOptions(redoLog: true))
            defer { database.close() }
            try database.verify()
            found.append(try CrashSchema.find(database.beginRead()).check(database))
        }
        return (found[0], found[1])
    }

    @Test(
        "Cut at every I/O step of a log's recovery, then at a random step of the next: every acknowledged commit stays",
        arguments: [8 << 20, PowerLossTests.smallRing]
    )
    func cutAtEveryStepOfRecovery(ringLength: Int) async throws {
        let (seed, seeded) = seededGenerator("RecoveryPowerLossTests")
        var random = seeded
        print("RecoveryPowerLossTests seed: \(seed), ring \(ringLength >> 10) KiB")
        let extra = Int(ProcessInfo.processInfo.environment["STRATA_POWER_LOSS_CASES"] ?? "") ?? 0
        let directory = TemporaryDirectory()
        var cases = 0
        for (start, count) in [(Int64(0), Int64(6)), (Int64(20), Int64(9))] {
            let base = try await PowerLossTests.baseImage(commits: start, in: directory)
            let crashed = try await Self.crashedWriter(
                base: base,
                start: start,
                count: count,
                ringLength: ringLength,
                random: &random,
                directory: directory
            )
            defer { PowerLossTests.remove(crashed) }
            // The recoveries are synchronous and many: on a thread of their own, so that the cooperative pool's two
            // threads stay free for the tests running beside this one. The expectations are checked here.
            let roundSeed = random.next()
            let found = try await onThread { () -> [(cut: Int, last: Int64, again: Int64)] in
                var random = SeededGenerator(seed: roundSeed)
                let clean = try Self.recover(crashed, cut: nil, random: &random, directory: directory)
                let cleanLast = try Self.lastCommit(at: clean.image)
                PowerLossTests.remove(clean.image)
                var found = [(cut: -1, last: cleanLast.first, again: cleanLast.second)]
                for round in 0..<clean.steps + 1 + extra / 10 {
                    let cut = round <= clean.steps ? round : Int.random(in: 0...clean.steps, using: &random)
                    let first = try Self.recover(crashed, cut: cut, random: &random, directory: directory)
                    let again = try Self.recover(
                        first.image,
                        cut: Int.random(in: 0...clean.steps, using: &random),
                        random: &random,
                        directory: directory
                    )
                    let last = try Self.lastCommit(at: again.image)
                    found.append((cut, last.first, last.second))
                    PowerLossTests.remove(first.image, again.image)
                }
                return found
            }
            for (cut, last, again) in found {
                #expect(last == start + count, "cut \(cut): found \(last), acknowledged \(start + count)")
                #expect(again == last, "cut \(cut): a second open read \(again) after the first read \(last)")
            }
            cases += found.count - 1
        }
        print("RELIABILITY|power loss in recovery, redo log of \(ringLength >> 10) KiB|\(cases)|cut, then cut again")
        #expect(cases >= 10)
    }
}
