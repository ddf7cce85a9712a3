import Foundation
import StrataCore
import StrataTestSupport
import Testing

@Suite("Crash test: SIGKILL at random moments")
struct CrashTests {
    /// The child executable, built beside the test bundle by `swift test`.
    static var writerPath: String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().appendingPathComponent("StrataCrashWriter").path
    }

    @Test(
        "Every acknowledged commit survives SIGKILL; nothing later is half-visible; verify() passes",
        arguments: [false, true]
    )
    func killedWriterLosesNothingAcknowledged(redoLog: Bool) async throws {
        try await killLoop(tasks: 1, redoLog: redoLog)
    }

    @Test(
        "With 4 writer tasks sharing syncs, every acknowledged commit survives SIGKILL; verify() passes",
        arguments: [false, true]
    )
    func killedGroupedWritersLoseNothingAcknowledged(redoLog: Bool) async throws {
        try await killLoop(tasks: 4, redoLog: redoLog)
    }

    /// Kills a child that commits from `tasks` tasks at random moments and checks the file after each kill:
    /// every acknowledged commit is there, and at most the `tasks` commits that may be in flight beyond. With
    /// `redoLog` the child commits through the redo log (`STRATA_REDO_LOG=1`), so most kills leave records for this
    /// process's open to replay.
    func killLoop(tasks: Int, redoLog: Bool) async throws {
        // 25 a case in `swift test` (four cases run at once); Reliability/run asks for 1,000.
        let kills = Int(ProcessInfo.processInfo.environment["STRATA_CRASH_KILLS"] ?? "") ?? 25
        let seed = testSeed()
        print("CrashTests seed: \(seed), kills: \(kills), tasks: \(tasks), redo log: \(redoLog)")
        var random = SeededGenerator(seed: seed)
        let directory = TemporaryDirectory()
        let path = directory.file()
        var lastAcknowledged: Int64 = 0
        var survivedUnacknowledged = 0
        for round in 0..<kills {
            let output = Pipe()
            let child = try ChildProcess(
                executable: Self.writerPath,
                arguments: tasks == 1 ? [path] : [path, "--tasks", "\(tasks)"],
                // Every other round with a 32 KiB ring, which the child fills every few commits: its kills land
                // across checkpoints, and the next round's open remakes the log at its own length.
                environment: [
                    "STRATA_REDO_LOG": redoLog ? "1" : "0", "STRATA_REDO_LOG_KIB": round % 2 == 0 ? "32" : "8192",
                ],
                standardOutput: .pipe(output)
            )
            try await Task.sleep(for: .milliseconds(Int.random(in: 5...60, using: &random)))
            let found = try await onThread { try Self.killAndCheck(child, output.fileHandleForReading, path: path) }
            if let last = found.acknowledged.max() { lastAcknowledged = max(lastAcknowledged, last) }
            guard case .some(let fileLast) = found.last else { continue }
            guard let last = fileLast else {
                #expect(lastAcknowledged == 0, "round \(round): schema missing after acknowledged commits")
                continue
            }
            #expect(
                last >= lastAcknowledged,
                "round \(round): commit \(lastAcknowledged) was acknowledged but the file ends at \(last)"
            )
            #expect(
                last <= lastAcknowledged + Int64(tasks),
                "round \(round): \(last) is past the \(tasks) commits that may be in flight"
            )
            if last > lastAcknowledged { survivedUnacknowledged += 1 }
            lastAcknowledged = last
        }
        print(
            "RELIABILITY|crash loop, engine (SIGKILL\(tasks > 1 ? ", \(tasks) writer tasks" : "")"
                + "\(redoLog ? ", redo log" : ""))|\(kills)|"
                + "\(lastAcknowledged) acknowledged commits checked, \(survivedUnacknowledged) in-flight commits survived"
        )
        #expect(lastAcknowledged > 0, "the child never committed")
        #expect(FileManager.default.fileExists(atPath: path + ".redo") == redoLog, "the child's redo log")
    }

    /// Kills the child, waits for it, and checks the file it leaves: the commits it acknowledged, and the file's last
    /// commit (the outer nil: no file; the inner nil: no schema yet), after `verify()` passed. It runs on a thread of
    /// its own (`onThread`): eight crash loops run beside the other tests, and their synchronous reads would otherwise
    /// hold the cooperative pool's threads (two on a two-core machine) and starve the tests waiting for streams.
    static func killAndCheck(
        _ child: ChildProcess,
        _ output: FileHandle,
        path: String
    ) throws -> (acknowledged: [Int64], last: Int64??) {
        child.send(signal: SIGKILL)
        child.waitUntilExit()
        let text = String(decoding: output.readDataToEndOfFile(), as: UTF8.self)
        let acknowledged = text.split(separator: "\n").compactMap {
            $0.hasPrefix("ack ") ? Int64($0.dropFirst(4)) : nil
        }
        guard FileManager.default.fileExists(atPath: path) else { return (acknowledged, nil) }
        let database = try Database.open(path: path)
        defer { database.close() }
        try database.verify()
        guard let schema = try? CrashSchema.find(database.beginRead()) else { return (acknowledged, .some(nil)) }
        return (acknowledged, try schema.check(database))
    }
}
