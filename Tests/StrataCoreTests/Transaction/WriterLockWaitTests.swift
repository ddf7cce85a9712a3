import Foundation
import StrataCore
import Testing

/// Two `FileLock`s of one lock file are two open file descriptions, whose locks conflict as two processes' do.
@Suite("Waiting for the cross-process writer lock")
struct WriterLockWaitTests {
    /// Two open file descriptions of one new lock file.
    static func pair(_ directory: TemporaryDirectory) throws -> (FileLock, FileLock) {
        (try FileLock(path: directory.file("x.lock")), try FileLock(path: directory.file("x.lock")))
    }

    /// Waits (yielding) until `lock`'s wait for the writer lock stands at `status`.
    static func until(_ lock: FileLock, _ status: WriterWaitStatus) async {
        while lock.writerWaitStatus != status { await Task.yield() }
    }

    @Test("A waiter gets the lock when its holder releases it, and holds it until it releases it")
    func handOver() async throws {
        let directory = TemporaryDirectory()
        let (holder, waiter) = try Self.pair(directory)
        for _ in 0..<20 {
            #expect(try holder.tryLockWriter())
            let waiting = Task { try await waiter.lockWriter() }
            await Self.until(waiter, .awaited)
            // While its wait is under way, the waiter's own descriptor takes nothing without it (invariant 1).
            #expect(try !waiter.tryLockWriter())
            holder.unlockWriter()
            try await waiting.value
            #expect(waiter.writerWaitStatus == .idle)
            #expect(try !holder.tryLockWriter())
            waiter.unlockWriter()
        }
        #expect(try holder.tryLockWriter())
    }

    @Test("A free lock is taken at once, with no wait under way")
    func freeLock() async throws {
        let directory = TemporaryDirectory()
        let (first, second) = try Self.pair(directory)
        try await first.lockWriter()
        #expect(first.writerWaitStatus == .idle)
        #expect(try !second.tryLockWriter())
        first.unlockWriter()
        #expect(try second.tryLockWriter())
    }

    @Test("A cancelled waiter throws at once, and its thread gives the lock back when it gets it")
    func cancelledWait() async throws {
        let directory = TemporaryDirectory()
        let (holder, waiter) = try Self.pair(directory)
        #expect(try holder.tryLockWriter())
        let waiting = Task { try await waiter.lockWriter() }
        await Self.until(waiter, .awaited)
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        // The lock is still held: the abandoned wait goes on until the holder releases it.
        #expect(waiter.writerWaitStatus == .abandoned)
        holder.unlockWriter()
        await Self.until(waiter, .idle)
        #expect(try holder.tryLockWriter())
        holder.unlockWriter()
    }

    @Test("A task already cancelled throws without waiting or taking the lock")
    func alreadyCancelled() async throws {
        let directory = TemporaryDirectory()
        let (first, second) = try Self.pair(directory)
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await first.lockWriter()
        }
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(first.writerWaitStatus == .idle)
        #expect(try second.tryLockWriter())
    }

    @Test("A new waiter adopts a cancelled wait still under way and gets the lock from it")
    func adoptedWait() async throws {
        let directory = TemporaryDirectory()
        let (holder, waiter) = try Self.pair(directory)
        #expect(try holder.tryLockWriter())
        let abandoned = Task { try await waiter.lockWriter() }
        await Self.until(waiter, .awaited)
        abandoned.cancel()
        await #expect(throws: CancellationError.self) { try await abandoned.value }
        let adopting = Task { try await waiter.lockWriter() }
        // The adopting task is resumed by the first wait's thread, not a second one: releasing lets it through.
        await Self.until(waiter, .awaited)
        holder.unlockWriter()
        try await adopting.value
        #expect(waiter.writerWaitStatus == .idle)
        #expect(try !holder.tryLockWriter())
        waiter.unlockWriter()
        #expect(try holder.tryLockWriter())
    }
}
