/// Which task is running: the owner of a realm's write transaction is the task that began it.
///
/// It keeps the running task's `UnsafeCurrentTask` only to compare it with `==` (the task's address); it never acts on
/// the task through it. The owner of an open write transaction is alive while the transaction is open unless it ended
/// without committing or cancelling (a misuse that leaves the realm's turn taken for good, see Concurrency.md), so
/// the address names one task for as long as it is compared.
struct TaskIdentity: Equatable {
    private let task: UnsafeCurrentTask?

    /// The task running now (nil outside any task, in which case all such callers are one).
    static var current: TaskIdentity { withUnsafeCurrentTask { TaskIdentity(task: $0) } }
}
