// WriterQueue.swift: the in-process queue of tasks waiting to write, first come first served.
//
// Waiting suspends the task (a continuation), never a thread.
//
//   free ──acquire()──▶ held ──release() with waiters──▶ held (next waiter resumed)
//                        └──────release() without──────▶ free

/// A FIFO asynchronous mutex.
final class WriterQueue: Sendable {
    private struct State {
        var held = false
        var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
        var nextID: UInt64 = 0
    }

    private let state = Locked(State())

    init() {}

    /// Waits until the queue is free and takes it. Throws `CancellationError` if the task is cancelled
    /// while waiting.
    func acquire() async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Under the lock, so that a cancellation either finds this waiter in the queue (`onCancel`) or is
                // seen here: a cancellation that ran before the waiter was queued found nothing to resume.
                let granted = state.withLock { state -> Bool? in
                    if !state.held {
                        state.held = true
                        return true
                    }
                    if Task.isCancelled { return nil }
                    state.waiters.append((id, continuation))
                    return false
                }
                switch granted {
                case true?: continuation.resume()
                case nil: continuation.resume(throwing: CancellationError())
                case false?: break
                }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let position = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: position).continuation
            }
            cancelled?.resume(throwing: CancellationError())
        }
    }

    /// Takes the queue if it is free, without waiting.
    func tryAcquire() -> Bool {
        state.withLock { state in
            if state.held { return false }
            state.held = true
            return true
        }
    }

    /// Whether a task waits for the queue.
    var hasWaiters: Bool { state.withLock { !$0.waiters.isEmpty } }

    /// Hands the queue to the next waiter, or frees it.
    func release() {
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
}
