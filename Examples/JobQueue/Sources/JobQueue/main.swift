import Dispatch
import Foundation
import Strata
import Synchronization

// A job queue shaped like a server's: producer tasks enqueue jobs into a realm file, worker actors each follow
// a change stream of the pending jobs with `for await`, claim one job at a time inside a write (the write begins
// at the newest version and writers take turns, so no two workers can claim the same job), do the work, and in a
// second write move it to the results table. Producers keep at most `window` jobs outstanding (back-pressure, as
// a server bounds its queue). At the end the program checks that every job was claimed exactly once and prints
// the throughput, the enqueue-to-completion latency and what the realms' metrics hook reported.
//
//     swift run --package-path Examples/JobQueue [jobs] [workers] [producers]   (2000 4 2 by default)

enum JobState: String, PersistableEnum {
    case pending, claimed
}

/// A job waiting for a worker, or being worked on.
final class Job: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted(indexed: true) var state = JobState.pending
    @Persisted var payload = 0
    @Persisted var claimedBy = ""
    /// Raised by every claim: a job claimed twice would show 2.
    @Persisted var claims = 0
    /// A monotonic clock reading (DispatchTime, nanoseconds), for the latency.
    @Persisted var enqueuedAt = 0
}

/// A completed job: the results table, which the workers do not observe.
final class JobResult: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var claimedBy = ""
    @Persisted var claims = 0
    @Persisted var result = 0
    @Persisted var enqueuedAt = 0
    @Persisted var completedAt = 0
}

/// What the realms' metrics hook reported, summed (the hook runs on the realms' threads).
final class MetricsTally: Sendable {
    private struct Figures {
        var commits = 0
        var commitTime = Duration.zero
        var syncs = 0
        var syncTime = Duration.zero
        var lockWaits = 0
        var lockWaitTime = Duration.zero
        var lags: [Duration] = []
    }

    private let figures = Mutex(Figures())

    func record(_ metric: RealmMetric) {
        figures.withLock { figures in
            switch metric {
            case .commit(let duration, _):
                figures.commits += 1
                figures.commitTime += duration
            case .sync(let duration):
                figures.syncs += 1
                figures.syncTime += duration
            case .writeLockWait(let wait):
                figures.lockWaits += 1
                figures.lockWaitTime += wait
            case .notificationLag(let lag):
                figures.lags.append(lag)
            default:
                break
            }
        }
    }

    var summary: String {
        figures.withLock { figures in
            func milliseconds(_ total: Duration, _ count: Int) -> String {
                let seconds = Double(total.components.seconds) + Double(total.components.attoseconds) / 1e18
                return String(format: "%.2f ms", seconds * 1000 / Double(max(count, 1)))
            }
            let lags = figures.lags.sorted()
            let lag = lags.isEmpty ? Duration.zero : lags[lags.count / 2]
            let waits = milliseconds(figures.lockWaitTime, figures.lockWaits)
            return "\(figures.commits) commits (mean \(milliseconds(figures.commitTime, figures.commits))), "
                + "\(figures.syncs) syncs (mean \(milliseconds(figures.syncTime, figures.syncs))), "
                + "\(figures.lockWaits) waits for the writer (mean \(waits)), "
                + "notification lag p50 \(milliseconds(lag, 1))"
        }
    }
}

/// Counts completed jobs: wakes the producers when there is room in the window, and the main task when every job
/// is done.
actor Completions {
    private let total: Int
    private let window: Int
    private var enqueued = 0
    private var count = 0
    private var allDoneWaiter: CheckedContinuation<Void, Never>?
    private var roomWaiters: [CheckedContinuation<Void, Never>] = []

    init(total: Int, window: Int) {
        self.total = total
        self.window = window
    }

    func completed() {
        count += 1
        if enqueued - count < window {
            for waiter in roomWaiters { waiter.resume() }
            roomWaiters.removeAll()
        }
        if count == total, let allDoneWaiter {
            self.allDoneWaiter = nil
            allDoneWaiter.resume()
        }
    }

    /// Reserves room for `jobs` more outstanding jobs, waiting while the window is full.
    func reserve(_ jobs: Int) async {
        while enqueued - count >= window { await withCheckedContinuation { roomWaiters.append($0) } }
        enqueued += jobs
    }

    func allDone() async {
        if count >= total { return }
        await withCheckedContinuation { allDoneWaiter = $0 }
    }
}

/// A worker: its own realm on the queue's file, following the pending jobs' changes.
actor Worker {
    let name: String
    private let realm: Realm
    private let completions: Completions
    private(set) var claimed: [Int] = []

    init(name: String, configuration: Realm.Configuration, completions: Completions) async throws {
        self.name = name
        self.completions = completions
        realm = try await Realm(configuration: configuration)
    }

    /// Claims and completes jobs whenever the pending set changes, until the task is cancelled.
    func run() async throws {
        let pending = await realm.read { realm in realm.objects(Job.self).where { $0.state == .pending }.changes() }
        for await _ in pending {
            while let id = try await claimOne() {
                claimed.append(id)
                try await complete(id)
                await completions.completed()
            }
        }
    }

    /// Claims the oldest pending job, in a write: nil when none is left.
    private func claimOne() async throws -> Int? {
        let name = self.name
        return try await realm.write { realm -> Int? in
            guard let job = realm.objects(Job.self).where({ $0.state == .pending }).sorted(byKeyPath: "id").first
            else { return nil }
            job.state = .claimed
            job.claimedBy = name
            job.claims += 1
            return job.id
        }
    }

    /// Does the job's work (a small computation over its payload) and moves it to the results table.
    private func complete(_ id: Int) async throws {
        try await realm.write { realm in
            guard let job = realm.object(ofType: Job.self, forPrimaryKey: id) else { return }
            var value = job.payload
            for _ in 0..<1000 { value = (value &* 1_103_515_245 &+ 12345) & 0x7fff_ffff }
            let result = JobResult()
            result.id = job.id
            result.claimedBy = job.claimedBy
            result.claims = job.claims
            result.result = value
            result.enqueuedAt = job.enqueuedAt
            result.completedAt = Int(DispatchTime.now().uptimeNanoseconds)
            try realm.add(result)
            try realm.delete(job)
        }
    }

    func close() async { await realm.close() }
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let jobCount = arguments.count > 0 ? arguments[0] : 2000
let workerCount = arguments.count > 1 ? arguments[1] : 4
let producerCount = arguments.count > 2 ? arguments[2] : 2
let batch = 10
let window = 16

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jobqueue-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let tally = MetricsTally()
var configuration = Realm.Configuration(
    fileURL: directory.appendingPathComponent("jobs.realm"),
    objectTypes: [Job.self, JobResult.self]
)
configuration.metrics = { metric in tally.record(metric) }

let monitor = try await Realm(configuration: configuration)
let completions = Completions(total: jobCount, window: window)
var workers: [Worker] = []
for index in 0..<workerCount {
    workers.append(try await Worker(name: "worker-\(index)", configuration: configuration, completions: completions))
}
let workerTasks = workers.map { worker in Task { try await worker.run() } }

let started = ContinuousClock.now
// Producers: each enqueues its share of the jobs, a few per write, as requests arrive at a server.
let producerTasks = (0..<producerCount).map { producer in
    Task {
        let realm = try await Realm(configuration: configuration)
        let ids = Array(stride(from: producer, to: jobCount, by: producerCount))
        for start in stride(from: 0, to: ids.count, by: batch) {
            let slice = Array(ids[start..<min(start + batch, ids.count)])
            await completions.reserve(slice.count)
            try await realm.write { realm in
                for id in slice {
                    let now = Int(DispatchTime.now().uptimeNanoseconds)
                    try realm.add(Job(value: ["id": id, "payload": id * 7919, "enqueuedAt": now]))
                }
            }
        }
        await realm.close()
    }
}
for producer in producerTasks { try await producer.value }

// Wait until every job is done, then stop the workers (cancelling a task ends its `for await`).
await completions.allDone()
let elapsed = ContinuousClock.now - started
for task in workerTasks { task.cancel() }
for task in workerTasks {
    do {
        try await task.value
    } catch is CancellationError {
        // Cancelled while waiting for the writer: there was nothing left to claim.
    }
}

// Check: every job claimed exactly once, by one worker, and completed.
let (jobs, left) = try await monitor.read { realm in
    (try realm.objects(JobResult.self).sorted(byKeyPath: "id").freeze(), realm.objects(Job.self).count)
}
var claimedIDs: [Int] = []
for worker in workers { claimedIDs += await worker.claimed }
var failures: [String] = []
if jobs.count != jobCount { failures.append("\(jobs.count) jobs completed, \(jobCount) enqueued") }
if left != 0 { failures.append("\(left) jobs were never completed") }
if let twice = jobs.first(where: { $0.claims != 1 }) {
    failures.append("job \(twice.id) was claimed \(twice.claims) times")
}
if claimedIDs.count != Set(claimedIDs).count { failures.append("a worker claimed a job another one had claimed") }
if Set(claimedIDs) != Set(jobs.map(\.id)) { failures.append("claimed \(claimedIDs.count) jobs of \(jobCount)") }

let latencies = jobs.map { Double($0.completedAt - $0.enqueuedAt) / 1e6 }.sorted()
func percentile(_ fraction: Double) -> Double {
    latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int(Double(latencies.count) * fraction))]
}
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
var perWorker: [String] = []
for worker in workers { perWorker.append("\(worker.name) \(await worker.claimed.count)") }
print("\(jobCount) jobs, \(producerCount) producers, \(workerCount) workers: \(String(format: "%.2f", seconds)) s")
print("throughput: \(String(format: "%.0f", Double(jobCount) / seconds)) jobs/s")
print(
    "latency enqueue → completion: p50 \(String(format: "%.1f", percentile(0.5))) ms, "
        + "p99 \(String(format: "%.1f", percentile(0.99))) ms"
)
print("claims: \(perWorker.joined(separator: ", "))")
print("metrics: \(tally.summary)")
for worker in workers { await worker.close() }
await monitor.close()
if !failures.isEmpty {
    for failure in failures { print("error: \(failure)") }
    exit(1)
}
print("ok: every job was claimed once and completed")
