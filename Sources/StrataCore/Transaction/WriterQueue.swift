// WriterQueue.swift: a queue of tasks waiting their turn, first come first served.
//
// Two queues use it: the file's writers in this process (`Database.writers`), and the tasks sharing one realm actor
// (each realm's turn for a write transaction). Waiting suspends the task (a continuation), never a thread.
//
// State machine (every transition happens under the one lock):
//
//   free ──acquire()/tryAcquire()──▶ held ──release() with waiters──▶ held (first waiter resumed)
//     ▲                               │
//     └──────release() without────────┘
//   any ──fail(with:)──▶ failed (final: every waiter, and every later acquire, throws the error)
//
// Invariants:
// - `held` is true from a grant until the holder's `release()`; a release hands the queue straight to the first
//   waiter (it stays held), so a task arriving meanwhile cannot overtake the waiters.
// - A waiter is resumed exactly once: by `release()` (granted), by its cancellation handler (CancellationError) or
//   by `fail(with:)`; whichever removes it from `waiters` under the lock resumes it.
// - Cancellation cannot be missed. A task's cancellation handler may run before its waiter is queued (the task was
//   cancelled as it started to wait), concurrently with the queuing, or after. The handler records its id in
//   `cancelled` when it finds no waiter to resume, and the queuing checks that set (and `Task.isCancelled`) under
//   the same lock before it appends, so one of the two always sees the other. This does not depend on the order
//   in which the runtime sets the task's cancelled flag and runs its handlers.

/// A FIFO asynchronous mutex whose waiters can be cancelled, and that can be failed for good.
package final class WriterQueue: Sendable {
    private struct State: Sendable {
        var held = false
        var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
        var nextID: UInt64 = 0
        /// Waiters whose cancellation handler ran while they were not queued (before, or after being granted).
        var cancelled: Set<UInt64> = []
        /// Set by `fail(with:)`: what every waiter and every later acquire throws.
        var failure: (any Error)?
    }

    private let state = Locked(State())

    package init() {}

    /// Waits until the queue is free and takes it, in arrival order.
    /// - Throws: `CancellationError` if the task is cancelled before or while it waits (the queue is not taken
    ///   then); the error given to ``fail(with:)`` once the queue has failed.
    package func acquire(isolation: isolated (any Actor)? = #isolation) async throws {
        let id = try state.withLock { state -> UInt64 in
            if let failure = state.failure { throw failure }
            state.nextID += 1
            return state.nextID
        }
        defer { state.withLock { _ = $0.cancelled.remove(id) } }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation(isolation: isolation) {
                (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Result<Bool, any Error> in
                    if let failure = state.failure { return .failure(failure) }
                    if state.cancelled.contains(id) || Task.isCancelled { return .failure(CancellationError()) }
                    if !state.held {
                        state.held = true
                        return .success(true)
                    }
                    state.waiters.append((id, continuation))
                    return .success(false)
                }
                switch outcome {
                case .success(true): continuation.resume()
                case .success(false): break
                case .failure(let error): continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let position = state.waiters.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.waiters.remove(at: position).continuation
            }
            cancelled?.resume(throwing: CancellationError())
        }
    }

    /// Takes the queue if it is free and nobody waits, without suspending.
    /// - Throws: the error given to ``fail(with:)`` once the queue has failed.
    package func tryAcquire() throws -> Bool {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            if state.held { return false }
            state.held = true
            return true
        }
    }

    /// Whether a task waits for the queue.
    package var hasWaiters: Bool { state.withLock { !$0.waiters.isEmpty } }

    /// How many tasks wait for the queue.
    package var waiterCount: Int { state.withLock { $0.waiters.count } }

    /// Hands the queue to the first waiter, or frees it.
    package func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            precondition(state.held, "release of a writer queue that is not held")
            if state.waiters.isEmpty {
                state.held = false
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        next?.resume()
    }

    /// Fails the queue for good: every waiter throws `error` now, and every later acquire throws it. The holder, if
    /// any, keeps the queue until it releases it.
    package func fail(with error: any Error) {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            if state.failure == nil { state.failure = error }
            defer { state.waiters.removeAll() }
            return state.waiters.map(\.continuation)
        }
        for continuation in waiting { continuation.resume(throwing: error) }
    }
}
