import Foundation
import Synchronization

/// A thread of its own that runs the jobs handed to it one at a time, in order, and parks (blocks on a semaphore,
/// with no spinning) whenever it has none: what a dedicated database thread or a serial dispatch queue is. Its
/// `Context` is made on the thread and never leaves it, so a job may use state that is not `Sendable` (a SQLite
/// connection and its prepared statements).
///
/// A task on the cooperative pool that awaits a job here pays two thread hand-overs: the parked thread wakes to run
/// the job, then the job resumes the task's continuation and a pool thread wakes to continue it.
final class ParkedThread<Context>: Sendable {
    /// Jobs not yet taken; a nil job ends the thread.
    private let jobs = Mutex<[(@Sendable (Context) -> Void)?]>([])
    /// Signalled once per job handed over: the thread blocks on it when no job waits.
    private let ready = DispatchSemaphore(value: 0)
    /// Signalled when the thread has ended.
    private let ended = DispatchSemaphore(value: 0)

    /// Starts the thread, named `name`, which makes its context with `makeContext` before its first job.
    init(name: String, makeContext: @escaping @Sendable () -> Context) {
        let thread = Thread { [self] in
            let context = makeContext()
            while true {
                ready.wait()
                guard let job = jobs.withLock({ $0.removeFirst() }) else { break }
                job(context)
            }
            ended.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Hands `job` to the thread (waking it if it is parked) and returns at once.
    func submit(_ job: @escaping @Sendable (Context) -> Void) {
        jobs.withLock { $0.append(job) }
        ready.signal()
    }

    /// Runs `job` on the thread and awaits its result: the continuation is resumed from the thread.
    func perform<Result: Sendable>(_ job: @escaping @Sendable (Context) throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            submit { context in continuation.resume(with: Swift.Result { try job(context) }) }
        }
    }

    /// Ends the thread after the jobs already handed over, and waits until it has ended.
    func stop() {
        jobs.withLock { $0.append(nil) }
        ready.signal()
        ended.wait()
    }
}
