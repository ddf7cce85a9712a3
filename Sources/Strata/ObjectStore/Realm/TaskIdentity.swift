import CStrataRuntime

/// Which task is running: the owner of a realm's write transaction is the task that began it.
///
/// It keeps the running task's `UnsafeCurrentTask` only so that the task stays allocated while it owns a transaction
/// (its address then names no other task), and compares tasks by address; it never acts on the task through it. The
/// owner of an open write transaction is alive while the transaction is open unless it ended without committing or
/// cancelling (a misuse that leaves the realm's turn taken for good, see Concurrency.md); kept here, its address is
/// not reused even then.
struct TaskIdentity {
    private let task: UnsafeCurrentTask?
    /// The task's address, 0 outside any task.
    let address: UInt

    /// The task running now (nil outside any task, in which case all such callers are one).
    static var current: TaskIdentity {
        withUnsafeCurrentTask { TaskIdentity(task: $0, address: runningAddress) }
    }

    /// The running task's address, 0 outside any task. Every write checks it (``RealmState/ownedWrite``), so it reads
    /// the address without `withUnsafeCurrentTask`, which retains and releases the task on each call.
    @inline(__always)
    static var runningAddress: UInt { UInt(strata_running_task()) }
}
