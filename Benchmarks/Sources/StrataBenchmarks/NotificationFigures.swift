import Foundation
import Strata

/// Strata-only figures of change notifications (issue [3/5], cost), for a one-object change (`score += 1`) in an
/// observed query `age >= 0` over `BenchPerson`s:
/// - write → `for await` latency: from calling `write` (durable: the commit and its sync included) on one realm
///   until a `for await` loop over another realm's stream receives the change set, 10k objects (p50, p99) and 100k
///   (p50);
/// - the same with the writer in a second process (this executable in `--notification-writer` mode): the commit's
///   futex signal in the lock file wakes this process's watcher of the file, and the change set comes from the
///   lock file's change feed (Sources/StrataCore/Transaction/ChangeFeed.swift; the diff of the two versions' trees
///   when it lacks the record), then the observer's usual O(change) path;
/// - the cost of computing the change set against the collection size: on an in-memory realm (no sync), the p50 of
///   a `write` with a stream of that same realm registered (the commit delivers to it before returning) minus the
///   p50 without, at 10k and 1M objects; for the query maintained from the change log, and for the same objects
///   through a query that must be re-run (`distinct(by: ["id"])`).
struct NotificationFigures: Codable {
    var latencyMedian: Double
    var latencyP99: Double
    var latency100kMedian: Double
    var otherProcessMedian: Double
    var otherProcessP99: Double
    /// Seconds per change set, keyed by object count: from the change log, and re-run.
    var changeLogCost: [Int: Double]
    var rerunCost: [Int: Double]
    /// The same from the change log when the change is to a column the query reads (`age`): the object is taken out
    /// and placed again, which copies the array of keys.
    var changeLogReadColumnCost: [Int: Double]

    func printTable() {
        func format(_ seconds: Double) -> String {
            Report.format(seconds, unit: "seconds").trimmingCharacters(in: .whitespaces)
        }
        print("")
        print("Change notifications (Strata only): one-object change in an observed query")
        print(
            "write → change set in another task's for-await loop, 10k objects: \(format(latencyMedian)) p50, "
                + "\(format(latencyP99)) p99; 100k objects: \(format(latency100kMedian)) p50"
        )
        print(
            "the same, writer in a second process (futex signal, change set from the change feed), 10k objects: "
                + "\(format(otherProcessMedian)) p50, \(format(otherProcessP99)) p99"
        )
        for count in changeLogCost.keys.sorted() {
            print(
                "cost of the change set, \(count / 1000)k objects: from the change log \(format(changeLogCost[count]!)) "
                    + "(\(format(changeLogReadColumnCost[count] ?? .nan)) when the change is to a column the query "
                    + "reads), re-run and diffed \(format(rerunCost[count] ?? .nan))"
            )
        }
    }

    static func measure(directory: String) async throws -> NotificationFigures {
        let local = try await Self.latency(directory: directory, objects: 10_000, changes: 200)
        let large = try await Self.latency(directory: directory, objects: 100_000, changes: 50)
        let other = try await otherProcessLatency(directory: directory, objects: 10_000, changes: 100)
        var changeLog: [Int: Double] = [:]
        var rerun: [Int: Double] = [:]
        var readColumn: [Int: Double] = [:]
        for (objects, changes) in [(10_000, 200), (1_000_000, 15)] {
            (changeLog[objects], readColumn[objects], rerun[objects]) = try await changeSetCost(
                objects: objects,
                changes: changes
            )
        }
        return NotificationFigures(
            latencyMedian: local.median,
            latencyP99: local.p99,
            latency100kMedian: large.median,
            otherProcessMedian: other.median,
            otherProcessP99: other.p99,
            changeLogCost: changeLog,
            rerunCost: rerun,
            changeLogReadColumnCost: readColumn
        )
    }

    /// A realm of `objects` `BenchPerson`s (ids 0…, ages cycling 0..<100).
    static func makeRealm(_ configuration: Realm.Configuration, objects: Int) async throws -> Realm {
        _ = try Realm.deleteFiles(for: configuration)
        let realm = try await Realm(configuration: configuration)
        try await realm.write { realm in
            for i in 0..<objects {
                let person = BenchPerson()
                person.id = i
                person.age = i % 100
                try realm.add(person)
            }
        }
        return realm
    }

    static func configuration(_ directory: String, _ name: String) -> Realm.Configuration {
        Realm.Configuration(
            fileURL: URL(fileURLWithPath: directory + "/\(name).strata"),
            objectTypes: [BenchPerson.self]
        )
    }

    /// Times `changes` one-object durable writes on one realm until another realm's stream over `objects` objects
    /// delivers each change set: median and 99th percentile, in seconds.
    static func latency(directory: String, objects: Int, changes: Int) async throws -> (median: Double, p99: Double) {
        let configuration = configuration(directory, "observed-\(objects)")
        let writer = try await makeRealm(configuration, objects: objects)
        let observer = try await Realm(configuration: configuration)
        let stream = await observer.read { realm in realm.objects(BenchPerson.self).filter("age >= 0").changes() }
        var iterator = stream.makeAsyncIterator()
        _ = await iterator.next()
        var latencies: [Double] = []
        for change in 0..<changes {
            let start = ContinuousClock.now
            try await writer.write { realm in
                realm.object(ofType: BenchPerson.self, forPrimaryKey: change % objects)!.score += 1
            }
            guard case .update(_, _, _, let modifications)? = await iterator.next(), modifications.count == 1 else {
                throw BenchmarkError.mismatch("notification latency")
            }
            latencies.append(ConcurrencyFigures.seconds(ContinuousClock.now - start))
        }
        await writer.close()
        await observer.close()
        return percentiles(latencies)
    }

    /// As `latency`, with the writes made by a child process: each change is timed from the moment the child is
    /// asked for it (a line on its standard input) until the stream here delivers it.
    static func otherProcessLatency(
        directory: String,
        objects: Int,
        changes: Int
    ) async throws -> (median: Double, p99: Double) {
        let configuration = configuration(directory, "observed-other-\(objects)")
        let setUp = try await makeRealm(configuration, objects: objects)
        await setUp.close()
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = ["--notification-writer", configuration.fileURL!.path]
        let input = Pipe()
        let output = Pipe()
        child.standardInput = input
        child.standardOutput = output
        try child.run()
        defer {
            try? input.fileHandleForWriting.close()
            child.waitUntilExit()
        }
        // The child says "ready" once its realm is open.
        guard String(decoding: output.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("ready") else {
            throw BenchmarkError.mismatch("notification writer did not start")
        }
        let observer = try await Realm(configuration: configuration)
        let stream = await observer.read { realm in realm.objects(BenchPerson.self).filter("age >= 0").changes() }
        var iterator = stream.makeAsyncIterator()
        _ = await iterator.next()
        var latencies: [Double] = []
        for change in 0..<changes {
            let start = ContinuousClock.now
            try input.fileHandleForWriting.write(contentsOf: Data("\(change % objects)\n".utf8))
            guard case .update(_, _, _, let modifications)? = await iterator.next(), modifications.count == 1 else {
                throw BenchmarkError.mismatch("notification latency (other process)")
            }
            latencies.append(ConcurrencyFigures.seconds(ContinuousClock.now - start))
        }
        await observer.close()
        return percentiles(latencies)
    }

    /// Child mode: opens the realm at `path`, prints "ready", then for each id read from standard input adds 1 to
    /// that person's score in a durable write, until the input ends.
    static func runWriter(path: String) async throws {
        let realm = try await Realm(
            configuration: Realm.Configuration(fileURL: URL(fileURLWithPath: path), objectTypes: [BenchPerson.self])
        )
        try FileHandle.standardOutput.write(contentsOf: Data("ready\n".utf8))
        while let line = readLine(), let id = Int(line) {
            try await realm.write { realm in realm.object(ofType: BenchPerson.self, forPrimaryKey: id)!.score += 1 }
        }
        await realm.close()
    }

    /// The cost of one change set over `objects` objects (see the type's documentation): from the change log, and
    /// re-run; p50 of `changes` writes each way against as many without a stream.
    static func changeSetCost(
        objects: Int,
        changes: Int
    ) async throws -> (changeLog: Double, readColumn: Double, rerun: Double) {
        let configuration = Realm.Configuration(inMemoryIdentifier: "cost-\(objects)", objectTypes: [BenchPerson.self])
        let realm = try await makeRealm(configuration, objects: objects)
        func writes(age: Bool = false) async throws -> Double {
            var times: [Double] = []
            for change in 0..<changes {
                let start = ContinuousClock.now
                try await realm.write { realm in
                    let person = realm.object(ofType: BenchPerson.self, forPrimaryKey: (change * 7919) % objects)!
                    if age { person.age += 1 } else { person.score += 1 }
                }
                times.append(ConcurrencyFigures.seconds(ContinuousClock.now - start))
            }
            return percentiles(times).median
        }
        /// The p50 of the writes while the stream `make` builds is observed and consumed.
        func observed(
            age: Bool = false,
            _ make: @escaping @Sendable (isolated Realm) -> ChangeStream<RealmCollectionChange<Results<BenchPerson>>>
        )
            async throws -> Double
        {
            let stream = await realm.read { realm in make(realm) }
            let consumer = Task {
                var updates = 0
                for await change in stream {
                    if case .update(_, _, _, let modifications) = change, modifications.count == 1 { updates += 1 }
                }
                return updates
            }
            let time = try await writes(age: age)
            consumer.cancel()
            _ = await consumer.value
            return time
        }
        let bare = try await writes()
        let changeLog = try await observed { realm in realm.objects(BenchPerson.self).filter("age >= 0").changes() }
        let bareAge = try await writes(age: true)
        let readColumn = try await observed(age: true) { realm in
            realm.objects(BenchPerson.self).filter("age >= 0").changes()
        }
        let rerun = try await observed { realm in
            realm.objects(BenchPerson.self).filter("age >= 0").distinct(by: ["id"]).changes()
        }
        await realm.close()
        return (max(changeLog - bare, 0), max(readColumn - bareAge, 0), max(rerun - bare, 0))
    }

    static func percentiles(_ values: [Double]) -> (median: Double, p99: Double) {
        let sorted = values.sorted()
        return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
    }
}
