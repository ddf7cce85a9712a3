import Foundation
import Strata
import StrataSync

/// Propagation latency: from `write` returning in instance A (a durable commit of one new object) until a `for await`
/// loop over `realm.objects(BenchItem.self).changes()` in instance B, a second process with a file of its own,
/// receives the change set. The two processes compare readings of `CLOCK_MONOTONIC`.
///
/// With `NOTIFY` the writes are made one after another, each once B saw the one before; without it (the hub's
/// `strata.push` with its `pg_notify` call removed, so B finds changes only by its poll) the writes come at random
/// moments, so that their latencies sample every phase of B's poll.
struct LatencyFigure: Codable {
    var notify: Bool
    /// The replicas' poll interval, in seconds.
    var pollInterval: Double
    var samples: Int
    var median: Double
    var p99: Double

    /// Measures `samples` propagations through the hub `conninfo` names (its `strata.push` already without
    /// `pg_notify` when `notify` is false).
    static func measure(
        _ setup: BenchSetup,
        conninfo: String,
        notify: Bool,
        samples: Int,
        pollInterval: Duration = .seconds(1)
    ) async throws -> LatencyFigure {
        let database = notify ? "latency-notify" : "latency-poll"
        let writer = try await BenchSetup.open(
            try setup.configuration(database + "-a", database: database, pollInterval: pollInterval, conninfo: conninfo)
        )
        let session = try await writer.session()
        try await PushFigure.push(writer, session, ids: 0, count: 1)  // registers the class with the hub
        let observer = try Observer(
            path: try setup.configuration(database + "-b", database: nil).fileURL!.path,
            conninfo: conninfo,
            database: setup.runID + database,
            pollInterval: pollInterval
        )
        defer { observer.stop() }
        let initial = try await observer.ready()
        var latencies: [Double] = []
        if notify {
            for id in 1...samples {
                try await writer.write { realm in try realm.add(BenchItem(id: id)) }
                let written = monotonicNanoseconds()
                let seen = try await observer.seen(count: initial + id)
                latencies.append(Double(Int64(seen) - Int64(written)) / 1e9)
            }
        } else {
            let writes = Task {
                var times: [UInt64] = []
                for id in 1...samples {
                    try await Task.sleep(for: .microseconds(Int.random(in: 0..<200_000)))
                    try await writer.write { realm in try realm.add(BenchItem(id: id)) }
                    times.append(monotonicNanoseconds())
                }
                return times
            }
            var seen: [UInt64] = []
            while seen.count < samples {
                let (count, time) = try await observer.next()
                seen += Array(repeating: time, count: count - initial - seen.count)
            }
            for (written, seen) in zip(try await writes.value, seen) {
                latencies.append(Double(Int64(seen) - Int64(written)) / 1e9)
            }
        }
        await writer.close()
        let (median, p99) = percentiles(latencies)
        return LatencyFigure(
            notify: notify,
            pollInterval: Double(pollInterval.components.seconds) + Double(pollInterval.components.attoseconds) / 1e18,
            samples: samples,
            median: median,
            p99: p99
        )
    }

    /// Child mode (`--observer CONNINFO PATH DATABASE POLL-MS`): opens a synced realm at `PATH`, subscribes, prints
    /// "ready COUNT", then for each change set "seen COUNT NANOSECONDS"; exits when its standard input ends.
    static func runObserver(_ arguments: [String]) async throws {
        guard arguments.count == 4, let milliseconds = Int(arguments[3]) else {
            throw BenchmarkError("usage: --observer CONNINFO PATH DATABASE POLL-MS")
        }
        var configuration = Realm.Configuration(
            fileURL: URL(fileURLWithPath: arguments[1]),
            objectTypes: [BenchItem.self]
        )
        var sync = SyncConfiguration(connectionString: arguments[0], databaseName: arguments[2])
        sync.pollInterval = .milliseconds(milliseconds)
        configuration.syncConfiguration = sync
        let realm = try await BenchSetup.open(configuration)
        let stream = await realm.read { realm in realm.objects(BenchItem.self).changes() }
        var iterator = stream.makeAsyncIterator()
        _ = await iterator.next()
        var count = await realm.read { realm in realm.objects(BenchItem.self).count }
        func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        say("ready \(count)")
        Thread.detachNewThread {
            while readLine() != nil {}
            exit(0)
        }
        while let change = await iterator.next() {
            guard case .update(_, _, let insertions, _) = change, !insertions.isEmpty else { continue }
            let now = monotonicNanoseconds()
            count += insertions.count
            say("seen \(count) \(now)")
        }
    }
}

/// The observing process of the latency figure, and its reports.
private final class Observer {
    private let process: Process
    private let input: Pipe
    private let lines: AsyncStream<String>

    init(path: String, conninfo: String, database: String, pollInterval: Duration) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let milliseconds =
            pollInterval.components.seconds * 1000 + pollInterval.components.attoseconds / 1_000_000_000_000_000
        process.arguments = ["--observer", conninfo, path, database, "\(milliseconds)"]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        self.process = process
        let continuation: AsyncStream<String>.Continuation
        (lines, continuation) = AsyncStream.makeStream(of: String.self)
        let handle = output.fileHandleForReading
        Thread.detachNewThread {
            var buffer = Data()
            while case let data = handle.availableData, !data.isEmpty {
                buffer += data
                while let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    continuation.yield(String(decoding: buffer[..<end], as: UTF8.self))
                    buffer.removeSubrange(...end)
                }
            }
            continuation.finish()
        }
    }

    /// The number of objects the observer holds once subscribed.
    func ready() async throws -> Int {
        let words = try await line()
        guard words.count == 2, words[0] == "ready", let count = Int(words[1]) else {
            throw BenchmarkError("the observer said \(words)")
        }
        return count
    }

    /// The next change set the observer received: its object count then, and when.
    func next() async throws -> (count: Int, time: UInt64) {
        let words = try await line()
        guard words.count == 3, words[0] == "seen", let count = Int(words[1]), let time = UInt64(words[2]) else {
            throw BenchmarkError("the observer said \(words)")
        }
        return (count, time)
    }

    /// When the observer received a change set holding `count` objects or more.
    func seen(count: Int) async throws -> UInt64 {
        while true {
            let (seen, time) = try await next()
            if seen >= count { return time }
        }
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    private func line() async throws -> [Substring] {
        var iterator = lines.makeAsyncIterator()
        guard let line = await iterator.next() else { throw BenchmarkError("the observer exited") }
        return line.split(separator: " ")
    }
}
