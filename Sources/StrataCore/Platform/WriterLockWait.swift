// WriterLockWait.swift: waiting for the cross-process writer lock without polling.
//
// A writer that finds the lock file's writer lock (FileLock.swift, byte 0) held by another process waits for it in
// `F_OFD_SETLKW` on a thread of its own, so the kernel hands it the lock the moment the holder releases it (or dies),
// and no thread of the caller's blocks: the awaiting task is resumed by that thread. Before this, writers slept and
// tried again with a backoff of up to 10 ms, so a lock released just after a try cost the waiter up to 10 ms.
//
// State machine (one per `FileLock`, under `FileLock.writerWait`'s lock):
//   idle ──lockWriter(), the lock is held elsewhere──▶ waiting(continuation) ──the thread gets the lock──▶ idle,
//                                                                                the continuation resumed
//   waiting(continuation) ──the awaiting task is cancelled──▶ waiting(nil): abandoned, the task resumed with
//                                                                           CancellationError at once
//   waiting(nil) ──the thread gets the lock──▶ idle, the lock released again at once
//   waiting(nil) ──lockWriter()──▶ waiting(continuation): the new writer adopts the wait under way
//
// Invariants:
//   (1) At most one thread waits per `FileLock`, and only it takes the lock while the state is not idle:
//       `tryLockWriter()` answers false then. OFD locks of one open file description never conflict with each other,
//       so a second taker would "get" the lock too, and an abandoned wait's release would take it from under it.
//   (2) At most one task awaits `lockWriter()` per `FileLock` at a time: the database's writer queue admits one
//       writer of this process at a time (WriteTransaction.swift, `beginWrite`).
//   (3) The thread's release of an abandoned lock happens under the state lock, before the state is idle again, so no
//       writer can take the lock between the thread getting it and giving it back.

import Foundation

/// Where this process's wait for its lock file's writer lock stands.
enum WriterLockWait: Sendable {
    /// No wait under way: ``FileLock/tryLockWriter()`` may take the lock.
    case idle
    /// A thread waits in `F_OFD_SETLKW`; it resumes the continuation, or releases the lock if there is none.
    case waiting(CheckedContinuation<Void, any Error>?)
}

extension FileLock {
    /// Takes the writer lock, waiting for it while another process holds it.
    ///
    /// The wait runs on a thread of its own: the caller's thread is free meanwhile. Cancelling the awaiting task throws
    /// `CancellationError` at once; the thread then gives the lock back when it gets it.
    package func lockWriter() async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let startsThread = writerWait.withLock { wait -> Bool in
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                        return false
                    }
                    switch wait {
                    case .idle:
                        do {
                            if try apply(Int16(F_WRLCK), start: 0, length: 1) {
                                continuation.resume()
                                return false
                            }
                        } catch {
                            continuation.resume(throwing: error)
                            return false
                        }
                        wait = .waiting(continuation)
                        return true
                    case .waiting(nil):
                        wait = .waiting(continuation)
                        return false
                    case .waiting(.some):
                        preconditionFailure("two tasks wait for the writer lock of \(path) at once (invariant 2)")
                    }
                }
                if startsThread { startWaitingThread() }
            }
        } onCancel: {
            let abandoned = writerWait.withLock { wait -> CheckedContinuation<Void, any Error>? in
                guard case .waiting(let continuation?) = wait else { return nil }
                wait = .waiting(nil)
                return continuation
            }
            abandoned?.resume(throwing: CancellationError())
        }
    }

    /// Starts the thread that waits for the lock in `F_OFD_SETLKW` and hands it over (or back, if abandoned).
    private func startWaitingThread() {
        let thread = Thread { [self] in
            ThreadName.setCurrent("strata lock wait")
            let result = Result { () throws -> Void in
                while try !wait(Int16(F_WRLCK), start: 0, length: 1) {}
            }
            let continuation = writerWait.withLock { wait -> CheckedContinuation<Void, any Error>? in
                guard case .waiting(let continuation) = wait else {
                    preconditionFailure("the writer lock of \(path) was waited for twice (invariant 1)")
                }
                wait = .idle
                if continuation == nil, case .success = result { unlockWriter() }
                return continuation
            }
            continuation?.resume(with: result)
        }
        thread.name = "strata lock wait"
        thread.start()
    }
}

/// Where a wait for the writer lock stands, as ``FileLock/writerWaitStatus`` reports it.
package enum WriterWaitStatus: Sendable, Equatable {
    /// No thread waits.
    case idle
    /// A thread waits, and a task awaits it.
    case awaited
    /// A thread waits for a task that was cancelled: it gives the lock back when it gets it.
    case abandoned
}

extension FileLock {
    /// Where this process's wait for the writer lock stands.
    package var writerWaitStatus: WriterWaitStatus {
        writerWait.withLock { wait in
            switch wait {
            case .idle: .idle
            case .waiting(.some): .awaited
            case .waiting(nil): .abandoned
            }
        }
    }
}
