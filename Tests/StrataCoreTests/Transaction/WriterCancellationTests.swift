import Foundation
import StrataCore
import Testing

@Suite("Writers waiting for the write lock and task cancellation")
struct WriterCancellationTests {
    /// How many times the rounds run: 1 in `swift test`; Reliability/run sets STRATA_CANCELLATION_REPEATS and keeps
    /// both CPUs busy meanwhile, which is when a missed cancellation showed.
    static let repeats = Int(ProcessInfo.processInfo.environment["STRATA_CANCELLATION_REPEATS"] ?? "") ?? 1

    @Test(
        "A writer cancelled as it starts to wait throws CancellationError and leaves no waiter behind",
        .timeLimit(.minutes(10))
    )
    func cancelledWaiterLeavesQueue() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        var outcomes: [String: Int] = [:]
        for _ in 0..<Self.repeats {
            let holder = try await database.beginWrite()
            // Each writer is cancelled at a different moment of its start: before it reaches the queue, while it
            // enqueues, or while it waits. Every one must throw while the lock is still held; a waiter that missed
            // its cancellation would wait here until the time limit.
            for round in 0..<120 {
                let writer = Task { () -> String in
                    do {
                        let write = try await database.beginWrite()
                        write.rollback()
                        return "acquired"
                    } catch is CancellationError {
                        return "cancelled"
                    }
                }
                if round % 3 == 1 { await Task.yield() }
                if round % 3 == 2 { try await Task.sleep(for: .microseconds(50)) }
                writer.cancel()
                outcomes[try await writer.value, default: 0] += 1
            }
            holder.rollback()
            // The queue is free again: a new writer begins at once.
            let next = try await database.beginWrite()
            next.rollback()
        }
        #expect(outcomes == ["cancelled": 120 * Self.repeats])
        print("RELIABILITY|writers cancelled as they start to wait (engine queue)|\(120 * Self.repeats)|none missed")
    }

    @Test("A failed queue wakes its waiters with the failure and refuses later waiters")
    func failedQueue() async throws {
        let queue = WriterQueue()
        #expect(try queue.tryAcquire())
        let waiters = (0..<3).map { _ in Task { try await queue.acquire() } }
        while queue.waiterCount < 3 { await Task.yield() }
        struct Closed: Error, Equatable {}
        queue.fail(with: Closed())
        for waiter in waiters {
            await #expect(throws: Closed.self) { try await waiter.value }
        }
        #expect(throws: Closed.self) { try queue.tryAcquire() }
        await #expect(throws: Closed.self) { try await queue.acquire() }
        queue.release()
    }
}
