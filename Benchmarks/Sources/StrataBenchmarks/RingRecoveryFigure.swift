import Foundation
import Strata

/// Strata-only figure of the redo log (issue [3/4]): the open of a file whose writer was killed with its redo log
/// nearly full, which replays every record before the first read.
///
/// A child process (this executable in `--ring-writer` mode, with `STRATA_REDO_LOG=1`) makes a realm of `objects`
/// `BenchPerson`s and adds 1 to one person's score per durable write: until its 8 MiB log fills once (a write then
/// checkpoints instead of appending, and the ring starts empty again), then nine tenths of that lap, so the log is
/// nearly full again; it prints how many it made and waits. It is killed with SIGKILL at once, before its ring goes quiet, so the
/// writes are in the log and not yet checkpointed. The figure is the open of the file that follows (the replay
/// included: reading the log, copying its records into place, two syncs) and a count; the sum of the scores checks
/// that every write is there.
struct RingRecoveryFigure: Codable {
    /// Writes in the log when the child was killed, each its own group.
    var commits: Int
    /// Writes that filled the log in the child's first lap.
    var lap: Int
    /// Seconds to open the file (replaying the log) and count its objects.
    var openSeconds: Double

    /// The redo log's length (`RedoLog.defaultLength` in the engine).
    static let logLength = 8 << 20

    func printTable() {
        print("")
        print(
            String(
                format: "Open of a killed writer's file with its %d MiB redo log nearly full (%d writes to replay, "
                    + "%d fill it): %@ (bound: 200 ms)",
                Self.logLength >> 20,
                commits,
                lap,
                Report.trimmed(openSeconds)
            )
        )
    }

    static func measure(directory: String, objects: Int) async throws -> RingRecoveryFigure {
        // The child makes the file too: this process must not have it open (a reader of another process stops the
        // ring), and a closed realm may keep its file open in this process for a while.
        let configuration = NotificationFigures.configuration(directory, "ring-recovery")
        _ = try Realm.deleteFiles(for: configuration)
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = ["--ring-writer", configuration.fileURL!.path, "\(objects)"]
        child.environment = ProcessInfo.processInfo.environment.merging(["STRATA_REDO_LOG": "1"]) { $1 }
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
        }
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        guard FileManager.default.fileExists(atPath: configuration.fileURL!.path + ".redo") else {
            throw BenchmarkError.mismatch("the ring writer made no redo log (was the file open here too?)")
        }
        let figures = text.split(separator: "\n").first?.split(separator: " ").compactMap { Int($0) } ?? []
        guard text.hasPrefix("logged "), figures.count == 3 else {
            throw BenchmarkError.mismatch("the ring writer printed \(text)")
        }
        let start = ContinuousClock.now
        let realm = try await Realm(configuration: configuration)
        let count = await realm.read { realm in realm.objects(BenchPerson.self).count }
        let openSeconds = ConcurrencyFigures.seconds(ContinuousClock.now - start)
        let sum = await realm.read { realm in realm.objects(BenchPerson.self).sum(ofProperty: "score") as Double }
        await realm.close()
        guard count == objects, Int(sum) == figures[2] else {
            throw BenchmarkError.mismatch("after the replay: \(count) objects, scores summing to \(sum)")
        }
        return RingRecoveryFigure(commits: figures[0], lap: figures[1], openSeconds: openSeconds)
    }

    /// Child mode: makes the realm, then adds 1 to a person's score per durable write: first until a write
    /// checkpoints (it took more than the one sync of a logged write: the log was full, which gives a lap's length in
    /// writes; the first write, which starts the ring, checkpoints too), then nine tenths of a lap more, all logged.
    /// Prints "logged LOGGED WRITES", then waits to be killed.
    static func runWriter(path: String, objects: Int) async throws {
        let configuration = Realm.Configuration(fileURL: URL(fileURLWithPath: path), objectTypes: [BenchPerson.self])
        let realm = try await NotificationFigures.makeRealm(configuration, objects: objects)
        var writes = 0
        /// One write; whether it was logged (one sync).
        func write() async throws -> Bool {
            let before = await realm.commitStatistics.syncs
            let id = (writes * 7919) % objects
            try await realm.write { realm in realm.object(ofType: BenchPerson.self, forPrimaryKey: id)!.score += 1 }
            writes += 1
            return await realm.commitStatistics.syncs - before == 1
        }
        _ = try await write()
        var lap = 0
        while try await write() { lap += 1 }
        // Records grow a little as the file's free list does: a tenth of a lap is left for that.
        let logged = lap - max(2, lap / 10)
        for _ in 0..<logged {
            guard try await write() else { throw BenchmarkError.mismatch("a write of the second lap checkpointed") }
        }
        try FileHandle.standardOutput.write(contentsOf: Data("logged \(logged) \(lap) \(writes)\n".utf8))
        while true { try await Task.sleep(for: .seconds(60)) }
    }
}
