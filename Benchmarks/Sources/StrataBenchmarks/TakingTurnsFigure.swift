import Foundation
import Strata

/// Strata-only figure of the cross-process writer lock (issue [3/4]): two processes writing to one file at once, each
/// awaiting its durable writes one after another, so that every write waits for the other process's commit under way.
///
/// Each child (this executable in `--turn-writer` mode) opens the realm, says it is ready, waits for the word to go,
/// then adds 1 to a person's score per durable write, timing each write's whole `await`. The figure is the time until
/// both children are done, the distribution of their writes' times (a write that waits for the lock includes that
/// wait), and the same number of writes made by one child alone. The sum of the scores checks that no write is lost.
struct TakingTurnsFigure: Codable {
    /// Writes each of the two processes made.
    var writesPerProcess: Int
    /// Seconds from the word to go until both processes were done.
    var seconds: Double
    /// Seconds for one process alone to make as many writes as the two together.
    var aloneSeconds: Double
    /// A write's time, median, 99th percentile and longest, over both processes' writes.
    var writeMedian: Double
    var writeP99: Double
    var writeLongest: Double

    func printTable() {
        print("")
        print(
            String(
                format: "Two processes × %d durable writes to one file, taking turns at its writer lock: %@ "
                    + "(one process alone, as many writes: %@); a write took %@ at the median, %@ at p99, %@ at most",
                writesPerProcess,
                Report.trimmed(seconds),
                Report.trimmed(aloneSeconds),
                Report.trimmed(writeMedian),
                Report.trimmed(writeP99),
                Report.trimmed(writeLongest)
            )
        )
    }

    static func measure(directory: String, writes: Int) async throws -> TakingTurnsFigure {
        let objects = 1_000
        let configuration = NotificationFigures.configuration(directory, "taking-turns")
        let path = configuration.fileURL!.path
        try await NotificationFigures.makeRealm(configuration, objects: objects).close()
        let (seconds, times) = try await run(children: 2, writes: writes, path: path)
        let (aloneSeconds, _) = try await run(children: 1, writes: 2 * writes, path: path)
        let realm = try await Realm(configuration: configuration)
        let sum = await realm.read { realm in realm.objects(BenchPerson.self).sum(ofProperty: "score") as Double }
        await realm.close()
        guard Int(sum) == 4 * writes, times.count == 2 * writes else {
            throw BenchmarkError.mismatch("taking turns: scores sum to \(sum), \(times.count) writes timed")
        }
        let sorted = times.sorted()
        return TakingTurnsFigure(
            writesPerProcess: writes,
            seconds: seconds,
            aloneSeconds: aloneSeconds,
            writeMedian: sorted[sorted.count / 2],
            writeP99: sorted[min(sorted.count - 1, sorted.count * 99 / 100)],
            writeLongest: sorted[sorted.count - 1]
        )
    }

    /// Starts `children` writers of `writes` writes each on the realm at `path`, lets them go at once once all are
    /// ready, and returns the seconds until all were done and every write's time.
    private static func run(children: Int, writes: Int, path: String) async throws -> (Double, [Double]) {
        var processes: [(Process, Pipe, Pipe)] = []
        for _ in 0..<children {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            child.arguments = ["--turn-writer", path, "\(writes)"]
            let input = Pipe()
            let output = Pipe()
            child.standardInput = input
            child.standardOutput = output
            try child.run()
            processes.append((child, input, output))
        }
        for (_, _, output) in processes {
            guard try readLine(output) == "ready" else { throw BenchmarkError.mismatch("a turn writer did not start") }
        }
        let start = ContinuousClock.now
        for (_, input, _) in processes { try input.fileHandleForWriting.write(contentsOf: Data("go\n".utf8)) }
        var times: [Double] = []
        for (_, _, output) in processes {
            let line = try readLine(output)
            guard line.hasPrefix("done") else { throw BenchmarkError.mismatch("a turn writer printed \(line)") }
            times += line.split(separator: " ").dropFirst().compactMap { Double($0) }
        }
        let seconds = ConcurrencyFigures.seconds(ContinuousClock.now - start)
        for (child, _, _) in processes { child.waitUntilExit() }
        return (seconds, times)
    }

    /// The next line `pipe` gives (without its newline), or what it gave before it closed.
    private static func readLine(_ pipe: Pipe) throws -> String {
        var bytes: [UInt8] = []
        while let byte = try pipe.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") {
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Child mode: opens the realm at `path`, prints "ready", waits for a line, then makes `writes` durable writes one
    /// after another and prints "done" and each write's seconds.
    static func runWriter(path: String, writes: Int) async throws {
        let configuration = Realm.Configuration(fileURL: URL(fileURLWithPath: path), objectTypes: [BenchPerson.self])
        let realm = try await Realm(configuration: configuration)
        let objects = await realm.read { realm in realm.objects(BenchPerson.self).count }
        try FileHandle.standardOutput.write(contentsOf: Data("ready\n".utf8))
        _ = Swift.readLine()
        var times: [Double] = []
        times.reserveCapacity(writes)
        let offset = Int(getpid())
        for write in 0..<writes {
            let id = (offset + write * 7919) % objects
            let start = ContinuousClock.now
            try await realm.write { realm in realm.object(ofType: BenchPerson.self, forPrimaryKey: id)!.score += 1 }
            times.append(ConcurrencyFigures.seconds(ContinuousClock.now - start))
        }
        await realm.close()
        let line = "done " + times.map { String($0) }.joined(separator: " ") + "\n"
        try FileHandle.standardOutput.write(contentsOf: Data(line.utf8))
    }
}
