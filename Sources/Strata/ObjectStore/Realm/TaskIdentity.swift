/// Which task is running: the owner of a realm's write transaction is the task that began it.
///
/// It keeps the running task's `UnsafeCurrentTask` only so that the task stays allocated while it owns a transaction
/// (its address then names no other task), and compares tasks by address; it never acts on the task through it. The
/// owner of an open write transaction is alive while the transaction is open unless it ended without committing or
/// cancelling (a misuse that leaves the realm's turn taken for good, see Concurrency.md); kept here, its address is
/// not reused even then.
struct TaskIdentity {
    private let task: UnsafeCurrentTask?
    private let address: UInt

    /// The task running now (nil outside any task, in which case all such callers are one).
    static var current: TaskIdentity {
        withUnsafeCurrentTask { TaskIdentity(task: $0, address: Self.address(of: $0)) }
    }

    /// Whether the running task is this one. Every write checks it: it reads the running task's address without
    /// retaining the task.
    var isCurrent: Bool { withUnsafeCurrentTask { Self.address(of: $0) == address } }

    /// The address of `task`'s job, 0 outside any task.
    @inline(__always)
    private static func address(of task: UnsafeCurrentTask?) -> UInt {
        guard let task else { return 0 }
        // `UnsafeCurrentTask` is a struct whose one stored property is the task's reference (one pointer, as the size
        // check says), so its bits are the task's address; reading them neither retains nor releases the task.
        assert(MemoryLayout<UnsafeCurrentTask>.size == MemoryLayout<UInt>.size)
        return unsafeBitCast(task, to: UInt.self)
    }
}
