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

    @Test("Every acknowledged commit survives SIGKILL; nothing later is half-visible; verify() passes")
    func killedWriterLosesNothingAcknowledged() async throws {
        try await killLoop(tasks: 1)
    }

    @Test("With 4 writer tasks sharing syncs, every acknowledged commit survives SIGKILL; verify() passes")
    func killedGroupedWritersLoseNothingAcknowledged() async throws {
        try await killLoop(tasks: 4)
    }

    /// Kills a child that commits from `tasks` tasks at random moments and checks the file after each kill:
    /// every acknowledged commit is there, and at most the `tasks` commits that may be in flight beyond.
    func killLoop(tasks: Int) async throws {
        let kills = Int(ProcessInfo.processInfo.environment["STRATA_CRASH_KILLS"] ?? "") ?? 50
        let seed = testSeed()
        print("CrashTests seed: \(seed), kills: \(kills), tasks: \(tasks)")
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
                standardOutput: .pipe(output)
            )
            try await Task.sleep(for: .milliseconds(Int.random(in: 5...60, using: &random)))
            child.send(signal: SIGKILL)
            child.waitUntilExit()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let acks = text.split(separator: "\n").compactMap { $0.hasPrefix("ack ") ? Int64($0.dropFirst(4)) : nil }
            if let last = acks.max() { lastAcknowledged = max(lastAcknowledged, last) }
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let database = try Database.open(path: path)
            defer { database.close() }
            try database.verify()
            let schema: CrashSchema
            do {
                schema = try CrashSchema.find(database.beginRead())
            } catch {
                #expect(lastAcknowledged == 0, "round \(round): schema missing after acknowledged commits")
                continue
            }
            let last = try schema.check(database)
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
            "RELIABILITY|crash loop, engine (SIGKILL\(tasks > 1 ? ", \(tasks) writer tasks" : ""))|\(kills)|"
                + "\(lastAcknowledged) acknowledged commits checked, \(survivedUnacknowledged) in-flight commits survived"
        )
        #expect(lastAcknowledged > 0, "the child never committed")
    }
}
