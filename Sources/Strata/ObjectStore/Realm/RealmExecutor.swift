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
///        └──────────── last lease released: parks at most 2 s (the linger), then, still unleased, exits
///
/// A thread that just ran a job spins briefly before parking, so a job enqueued soon after another starts without
/// a futex wake-up (about 20 µs here). How long it spins adapts to the load: a park that ends soon (jobs keep
/// coming, as when several writers take turns) doubles the next spin, up to 160 µs; a long park (the realm
/// is idle) brings it back to 20 µs, so an idle file's thread burns little. A caller on the cooperative pool still pays its own side's wake-up: an
/// empty `read {}` awaited from a pool task costs about 33 µs round trip on the development machine.
final class RealmExecutor: SerialExecutor, TaskExecutor {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var parked = false
        var stopping = false
        /// False once the last lease is released: the thread lingers, then ends unless leased again.
        var leased = true
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
    /// The binding context the running job made last (BindingContext.swift), so that the objects one job makes of one
    /// table (a loop of lookups or adds) share it. Dropped after every job: a context holds its realm, which holds
    /// this executor, so one kept across jobs would keep its realm open for good.
    ///
    /// `nonisolated(unsafe)`, with this proof: only this executor's thread reads or writes it, inside its jobs (the
    /// readers first pass the realm's confinement check, which is "this thread") and in `run()` between two jobs,
    /// and that thread does one thing at a time.
    nonisolated(unsafe) var jobBindingContext: BindingContext?
    /// The recycler of the objects the running job's lookups by primary key made last (ObjectRecycler.swift), so
    /// that a loop of lookups that drops each object reuses one. Dropped after every job, as ``jobBindingContext``
    /// is and for the same reason (its object holds its realm). `nonisolated(unsafe)` with the same proof.
    nonisolated(unsafe) var jobLookupRecycler: ObjectRecycler?

    /// How long (in nanoseconds) the thread polls for a new job before parking, at least and at most (see the
    /// type's documentation). Bounded by the clock, not by a count of polls: under the thread sanitizer a poll
    /// costs a hundred times what it costs in a release build, and a counted spin there held a core for
    /// milliseconds at every park (the shared-realm suite ran ten times slower).
    private static let spinRange: ClosedRange<UInt64> = 20_000...160_000
    /// Polls between two readings of the clock while spinning (a reading costs about 20 ns, a poll about 1 ns).
    private static let pollsPerClockReading = 64
    /// A park shorter than this (in nanoseconds) means jobs keep coming: the next spin doubles.
    private static let shortPark: UInt64 = 1_000_000
    /// How long an executor no lease holds keeps its thread, so that reopening a file soon after closing it
    /// (a request handler opening its realm, say) does not start a thread each time.
    private static let linger: DispatchTimeInterval = .seconds(2)

    init(label: String) {
        self.label = label
        let started = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            // The name `top -H`, `perf` and `ps -T` show (Foundation's `Thread.name` does not set it on Linux).
            ThreadName.setCurrent("strata realm")
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

    /// Whether jobs other than the running one wait to run on this executor (another realm of the file wants
    /// its turn): a commit then hands its sync to the sync thread instead of blocking this one.
    var hasOtherJobs: Bool { pending.load(ordering: .relaxed) > 0 }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

    func checkIsolated() {
        precondition(isCurrent, "Strata: expected to run on the executor of realm \(label)")
    }

    /// Marks the executor leased (a realm of its file is open) or not (the thread lingers, then ends).
    func setLeased(_ leased: Bool) {
        let unpark = queue.withLock { queue in
            queue.leased = leased
            defer { queue.parked = false }
            return queue.parked
        }
        if unpark { wake.signal() }
    }

    /// Polls for a job until one is pending or `nanoseconds` have passed.
    private func spin(for nanoseconds: UInt64) {
        let deadline = DispatchTime.now().uptimeNanoseconds + nanoseconds
        while pending.load(ordering: .acquiring) == 0 {
            for _ in 0..<Self.pollsPerClockReading where pending.load(ordering: .relaxed) != 0 { return }
            if DispatchTime.now().uptimeNanoseconds >= deadline { return }
        }
    }

    private func run() {
        let serial = asUnownedSerialExecutor()
        let task = asUnownedTaskExecutor()
        var spinLimit = Self.spinRange.lowerBound
        while true {
            let (jobs, stopping) = queue.withLock { queue in
                defer { queue.jobs.removeAll(keepingCapacity: true) }
                return (queue.jobs, queue.stopping)
            }
            if !jobs.isEmpty {
                for job in jobs {
                    // Counted down as each job starts, so `hasOtherJobs` sees the rest of the batch too.
                    pending.subtract(1, ordering: .relaxed)
                    job.runSynchronously(isolatedTo: serial, taskExecutor: task)
                    jobBindingContext = nil
                    jobLookupRecycler = nil
                }
                continue
            }
            if stopping { return }
            spin(for: spinLimit)
            let park: Bool?  // nil: do not park; false: park for the linger only
            park = queue.withLock { queue in
                guard queue.jobs.isEmpty && !queue.stopping else { return nil }
                queue.parked = true
                return queue.leased
            }
            switch park {
            case nil: continue
            case true?:
                let parked = DispatchTime.now().uptimeNanoseconds
                wake.wait()
                let short = DispatchTime.now().uptimeNanoseconds - parked < Self.shortPark
                spinLimit = short ? Swift.min(spinLimit * 2, Self.spinRange.upperBound) : Self.spinRange.lowerBound
            case false?:
                if wake.wait(timeout: .now() + Self.linger) == .timedOut, FileCoordinator.retire(self) {
                    queue.withLock { $0.stopping = true }
                }
            }
        }
    }
}
