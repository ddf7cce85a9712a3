import Foundation
import StrataCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The serial executor the realm actors of one file run on: one thread Strata owns, so that the blocking
/// file work a realm does (opening and mapping the file, growing it, `fdatasync` at every commit) never
/// holds a thread of the shared cooperative pool.
///
/// Jobs run one at a time, in the order they were enqueued. Every realm actor of a file (live and frozen)
/// shares its file's executor: their jobs are serialized with each other, which also makes "the current
/// thread is this executor's thread" an exact test that the caller holds the isolation of all of them
/// (``isCurrent``, the confinement check of live objects and collections).
///
/// State machine of the thread:
///
///     running ──queue empty──▶ spinning ──still empty──▶ parked ──enqueue──▶ running
///        ▲                        └──────enqueue─────────────────────────────────┘
///        └──────────────────────────────── stop (last lease released): drains, then exits
///
/// A thread that just ran a job spins briefly before parking: an actor hop (the caller awaits a block, the
/// block returns) then costs about 2 µs instead of the 20 µs of a futex wake-up on each side.
final class RealmExecutor: SerialExecutor, TaskExecutor {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var parked = false
        var stopping = false
    }

    // `Locked` (a pthread mutex) rather than Synchronization's `Mutex` here and in the other locks of this layer:
    // the thread sanitizer follows pthread locks but not `Mutex`'s futex, and reports every hand-over through
    // one as a race.
    private let queue = Locked(Queue())
    /// Jobs enqueued and not yet taken (read without the lock while spinning).
    private let pending = Atomic<Int>(0)
    private let wake = DispatchSemaphore(value: 0)
    /// The executor thread's `pthread_self()`, set before its first job runs.
    private let thread = Atomic<UInt>(0)
    let label: String

    /// How many times the thread polls for a new job before parking.
    private static let spinLimit = 20_000

    init(label: String) {
        self.label = label
        let started = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            self.thread.store(UInt(pthread_self()), ordering: .releasing)
            started.signal()
            run()
        }
        thread.name = "strata: \(label)"
        thread.start()
        started.wait()
    }

    /// Whether the caller runs on this executor's thread: inside a job of one of its realm actors.
    var isCurrent: Bool { thread.load(ordering: .relaxed) == UInt(pthread_self()) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let unpark = queue.withLock { queue in
            queue.jobs.append(job)
            defer { queue.parked = false }
            return queue.parked
        }
        pending.add(1, ordering: .releasing)
        if unpark { wake.signal() }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

    func checkIsolated() {
        precondition(isCurrent, "Strata: expected to run on the executor of realm \(label)")
    }

    /// Ends the thread once the jobs already enqueued have run.
    func stop() {
        let unpark = queue.withLock { queue in
            queue.stopping = true
            defer { queue.parked = false }
            return queue.parked
        }
        if unpark { wake.signal() }
    }

    private func run() {
        let serial = asUnownedSerialExecutor()
        let task = asUnownedTaskExecutor()
        while true {
            let (jobs, stopping) = queue.withLock { queue in
                defer { queue.jobs.removeAll(keepingCapacity: true) }
                return (queue.jobs, queue.stopping)
            }
            if !jobs.isEmpty {
                pending.subtract(jobs.count, ordering: .relaxed)
                for job in jobs { job.runSynchronously(isolatedTo: serial, taskExecutor: task) }
                continue
            }
            if stopping { return }
            var spins = 0
            while pending.load(ordering: .acquiring) == 0 && spins < Self.spinLimit { spins += 1 }
            let park = queue.withLock { queue in
                guard queue.jobs.isEmpty && !queue.stopping else { return false }
                queue.parked = true
                return true
            }
            if park { wake.wait() }
        }
    }
}

/// A share of the executor of one file: the executor's thread lives while any lease on it does.
final class RealmExecutorLease: Sendable {
    let executor: RealmExecutor
    private let path: String

    private static let executors = Locked<[String: (executor: RealmExecutor, leases: Int)]>([:])

    /// Leases the executor of the file at `path`, starting its thread if no lease holds it.
    init(path: String) {
        self.path = path
        executor = Self.executors.withLock { executors in
            if let entry = executors[path] {
                executors[path] = (entry.executor, entry.leases + 1)
                return entry.executor
            }
            let name = URL(fileURLWithPath: path).lastPathComponent
            let executor = RealmExecutor(label: name)
            executors[path] = (executor, 1)
            return executor
        }
    }

    deinit {
        let path = self.path
        let stopped: RealmExecutor? = Self.executors.withLock { executors in
            guard let entry = executors[path] else { return nil }
            if entry.leases > 1 {
                executors[path] = (entry.executor, entry.leases - 1)
                return nil
            }
            executors[path] = nil
            return entry.executor
        }
        stopped?.stop()
    }
}
