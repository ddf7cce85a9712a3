import StrataCore
import Testing

@Suite("Writers waiting for the write lock and task cancellation")
struct WriterCancellationTests {
    @Test(
        "A writer cancelled as it starts to wait throws CancellationError and leaves no waiter behind",
        .timeLimit(.minutes(3))
    )
    func cancelledWaiterLeavesQueue() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        let holder = try await database.beginWrite()
        // Each writer is cancelled at a different moment of its start: before it reaches the queue, while it
        // enqueues, or while it waits. Every one must throw while the lock is still held; a waiter that missed its
        // cancellation would wait here until the time limit.
        var outcomes: [String: Int] = [:]
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
        #expect(outcomes == ["cancelled": 120])
        holder.rollback()
        // The queue is free again: a new writer begins at once.
        let next = try await database.beginWrite()
        next.rollback()
    }
}
