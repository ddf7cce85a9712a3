// OnThread.swift: blocking work of an async test, run on a thread of its own.
//
// Part of StrataTestSupport (not the engine). The cooperative pool has one thread per core (two on the machines the
// suite runs on): a test that blocks one of them (waiting for a child process, reading a child's output to its end,
// verifying a file) starves every other test waiting for a stream or a sleep meanwhile.

import Foundation

/// Runs `body` on a thread of its own and returns its result, so that a blocking call (a process's exit, a cluster
/// restart, a file's `verify()`) does not hold one of the few threads of the cooperative pool.
package func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}
