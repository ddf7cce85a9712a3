// PostgresLink.swift: the thread replication talks to PostgreSQL on.
//
// libpq blocks (LibPQ.swift, invariant 3), so each link owns one OS thread ("strata.replication.pq") and one
// `PostgresConnection` that lives and dies on it. Async callers hand it closures with `run`, which suspends them
// (never blocking a thread of the cooperative pool) until the thread has run the closure.
//
// Invariants:
//   (1) The connection is reached only from the link's thread: it is a local variable of `serve`, and a job gets it
//       as an argument, for the duration of the call.
//   (2) Jobs run one at a time, in the order `run` was called (FIFO).
//   (3) Before a job, a missing or broken connection (`PostgresConnection.isBroken`) is replaced by a new one; a
//       failure to connect fails that job only, and the next job tries again.
//   (4) A job that throws a connection failure (`PostgresError.isConnectionFailure`) drops the connection, so the
//       next job reconnects. The link never retries a job itself: it cannot know whether the job's statements ran.
//   (5) Every `run` resumes its continuation exactly once: with the job's result, its error, the connection error,
//       or `PostgresLink.ClosedError`.
//
//   open ──close() or deinit──▶ closed: the running job finishes; queued and later jobs throw ClosedError;
//                               the thread closes the connection and ends.

import Dispatch
import Foundation
import StrataCore

/// One dedicated thread holding one PostgreSQL connection, that async code sends work to.
///
/// ```swift
/// let link = PostgresLink(conninfo: "host=/var/run/postgresql dbname=app")
/// let count = try await link.run { connection in
///     try connection.execute("SELECT count(*) AS n FROM dog")[0, "n"]
/// }
/// ```
///
/// The connection is made on the first ``run(_:)`` and made again after it breaks. Cancelling the awaiting task
/// does not interrupt a job that has started.
final class PostgresLink: Sendable {
    /// A job, and what to do with it when the link closes before it starts.
    fileprivate struct Job: Sendable {
        /// Runs the job with the link's connection or the error connecting gave; returns true when the job
        /// failed with a connection failure, so the connection must be dropped.
        let perform: @Sendable (Result<PostgresConnection, any Error>) -> Bool
        /// Fails the job without running it.
        let cancel: @Sendable (any Error) -> Void
    }

    fileprivate struct Queue: Sendable {
        var jobs: [Job] = []
        var closed = false
    }

    /// The connection string every connection of this link is made from.
    let conninfo: String
    private let queue = Locked(Queue())
    /// Signalled once per job enqueued, and once when the link closes.
    private let wake = DispatchSemaphore(value: 0)

    /// Starts the link's thread; the connection is made by the first ``run(_:)``.
    ///
    /// - Parameters:
    ///   - conninfo: A libpq connection string (see ``PostgresConnection/init(_:)``).
    ///   - name: The thread's name, as debuggers show it.
    init(conninfo: String, name: String = "strata.replication.pq") {
        self.conninfo = conninfo
        // The thread captures the queue, semaphore and connection string, not the link, so that releasing the last
        // reference to the link closes it (deinit).
        let queue = queue
        let wake = wake
        let thread = Thread {
            // The name `top -H` and `ps -T` show (Foundation's `Thread.name` does not reach the kernel on Linux).
            ThreadName.setCurrent("strata repl pq")
            Self.serve(queue: queue, wake: wake, conninfo: conninfo)
        }
        thread.name = name
        thread.start()
    }

    deinit { close() }

    /// Runs `body` on the link's thread with its connection, and returns what it returns.
    ///
    /// Jobs run one at a time, in the order they were submitted. The connection is made first when there is none
    /// or it broke; a job that throws a connection failure drops it, so the next job reconnects. A job is never
    /// retried.
    ///
    /// - Throws: What `body` throws; what connecting throws (``SyncError/libraryMissing(_:)``,
    ///   ``SyncError/unreachable(_:)``, ``SyncError/authenticationFailed(_:)``); ``ClosedError`` when the link was
    ///   closed before the job started.
    func run<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let job = Job(
                perform: { connection in
                    do {
                        continuation.resume(returning: try body(connection.get()))
                        return false
                    } catch {
                        continuation.resume(throwing: error)
                        return (error as? PostgresError)?.isConnectionFailure == true
                    }
                },
                cancel: { error in continuation.resume(throwing: error) }
            )
            let accepted = queue.withLock { queue in
                guard !queue.closed else { return false }
                queue.jobs.append(job)
                return true
            }
            if accepted {
                wake.signal()
            } else {
                continuation.resume(throwing: ClosedError())
            }
        }
    }

    /// Closes the link: a job that is running finishes, jobs not started yet throw ``ClosedError``, and so do later
    /// calls of ``run(_:)``; then the thread closes the connection and ends. Does not wait for the thread; closing
    /// twice does nothing.
    func close() {
        let dropped = queue.withLock { queue -> [Job]? in
            guard !queue.closed else { return nil }
            queue.closed = true
            defer { queue.jobs = [] }
            return queue.jobs
        }
        guard let dropped else { return }
        for job in dropped { job.cancel(ClosedError()) }
        wake.signal()
    }

    /// The thread's loop: takes jobs in order until the link is closed and no job is left.
    private static func serve(queue: Locked<Queue>, wake: DispatchSemaphore, conninfo: String) {
        var connection: PostgresConnection?  // invariant 1: never leaves this thread
        while true {
            wake.wait()
            guard let job = queue.withLock({ $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }) else {
                // Woken with nothing to do: only `close()` does that (one signal per job otherwise).
                break
            }
            if connection?.isBroken ?? true {
                connection?.close()
                connection = nil
                do {
                    connection = try PostgresConnection(conninfo)
                } catch {
                    _ = job.perform(.failure(error))
                    continue
                }
            }
            guard let current = connection else { continue }
            if job.perform(.success(current)) {
                current.close()
                connection = nil
            }
        }
        connection?.close()
    }
}
