import Foundation
import Strata
import Synchronization

/// Strata-only figures of DESIGN.md section 2's concurrency promises (no SQLite side):
/// - frozen snapshots are read in parallel: 2 tasks scanning one frozen `Results` (property reads) against 1
///   task doing the same two scans;
/// - blocking file work stays off the cooperative pool: while 4 realm actors commit small durable transactions
///   in a loop, a task on the pool that sleeps 1 ms measures how late it wakes.
struct ConcurrencyFigures: Codable {
    /// Seconds for one task to scan the frozen results twice.
    var frozenScanOneTaskTwice: Double
    /// Seconds for two tasks to scan them once each, at the same time.
    var frozenScanTwoTasks: Double
    /// How late a 1 ms sleep on the cooperative pool wakes while 4 realms commit: median and 99th percentile.
    var wakeUpDelayMedian: Double
    var wakeUpDelayP99: Double
    /// Commits the 4 realms made while the delay was measured.
    var commitsDuringProbe: Int

    func printTable() {
        print("")
        print("Concurrency (Strata only)")
        print(
            String(
                format: "frozen Results scan, property reads: 1 task x2 %@, 2 tasks x1 %@ (speed-up %.2fx)",
                Report.format(frozenScanOneTaskTwice, unit: "seconds").trimmingCharacters(in: .whitespaces),
                Report.format(frozenScanTwoTasks, unit: "seconds").trimmingCharacters(in: .whitespaces),
                frozenScanOneTaskTwice / frozenScanTwoTasks
            )
        )
        print(
            String(
                format: "1 ms sleep on the pool while 4 realms commit (%d commits): late by %@ median, %@ p99",
                commitsDuringProbe,
                Report.format(wakeUpDelayMedian, unit: "seconds").trimmingCharacters(in: .whitespaces),
                Report.format(wakeUpDelayP99, unit: "seconds").trimmingCharacters(in: .whitespaces)
            )
        )
    }

    /// Scans `people` reading two properties of every object; the sum keeps the reads from being optimized away.
    static func scan(_ people: Results<BenchPerson>) -> Double {
        var total = 0.0
        for person in people { total += person.score + Double(person.age) }
        return total
    }

    /// Times the two ways of scanning `people` twice, median of `runs`; checks both compute the same sums.
    @BenchActor
    static func frozenScans(_ people: Results<BenchPerson>, runs: Int) async throws -> (Double, Double) {
        let expected = scan(people)
        let one = try await Measurement.median(runs) {
            let sums = await Task.detached { [scan(people), scan(people)] }.value
            guard sums == [expected, expected] else { throw BenchmarkError.mismatch("frozen scan (1 task)") }
        }
        let two = try await Measurement.median(runs) {
            async let first = Task.detached { scan(people) }.value
            async let second = Task.detached { scan(people) }.value
            guard await [first, second] == [expected, expected] else {
                throw BenchmarkError.mismatch("frozen scan (2 tasks)")
            }
        }
        return (one, two)
    }

    /// Measures how late up to `probes` sleeps of 1 ms wake while 4 realms in `directory` commit in a loop, for
    /// at most `limit`: a thread outside the pool ends the run then, so a starved pool still finishes (every
    /// sleep that has not woken by then counts as late by the time it waited).
    static func wakeUpDelays(
        directory: String,
        probes: Int,
        limit: Duration = .seconds(10)
    ) async throws -> (median: Double, p99: Double, Int) {
        var realms: [Realm] = []
        for index in 0..<4 {
            let configuration = Realm.Configuration(
                fileURL: URL(fileURLWithPath: directory + "/committer-\(index).strata"),
                objectTypes: [BenchPerson.self]
            )
            _ = try Realm.deleteFiles(for: configuration)
            realms.append(try await Realm(configuration: configuration))
        }
        let stop = Flag()
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: Double(limit.components.seconds))
            stop.set()
        }
        let committers = realms.enumerated().map { index, realm in
            Task.detached { () -> Int in
                var commits = 0
                while !stop.isSet {
                    let id = index * 1_000_000 + commits
                    try await realm.write { realm in
                        let person = BenchPerson()
                        person.id = id
                        try realm.add(person)
                    }
                    commits += 1
                }
                return commits
            }
        }
        let started = ContinuousClock.now
        let delays = await Task.detached { () -> [Double] in
            var delays: [Double] = []
            while delays.count < probes && !stop.isSet {
                let start = ContinuousClock.now
                try? await Task.sleep(for: .milliseconds(1))
                delays.append(seconds(ContinuousClock.now - start - .milliseconds(1)))
            }
            return delays
        }.value
        stop.set()
        var commits = 0
        for committer in committers { commits += try await committer.value }
        for realm in realms { await realm.close() }
        // The probe's first sleep waited at least this long when the pool never ran it.
        let sorted = (delays.isEmpty ? [seconds(ContinuousClock.now - started)] : delays).sorted()
        return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)], commits)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// A flag one task sets and others poll.
final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
