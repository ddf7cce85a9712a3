// Database+Exclusion.swift: shutting other processes out of a database file while it is replaced or removed
// (compacting at launch, deleting the files), and telling whether another process is writing.
//
// The protocol is the lock file's open gate (FileLock.swift, exclusion protocol): the excluder closes the gate and
// looks at the reader table; a slot that another process holds means that process has the file open, and the
// excluder gives up. Otherwise it runs its body with the gate closed: other processes' opens wait at the gate and then
// open whatever file the body left at the path.
//
// Invariants:
//   (1) `body` runs only with the gate closed and no reader slot of another process held.
//   (2) The gate is reopened when `body` returns or throws (and by the kernel if this process dies).
//   (3) `body` runs synchronously: nothing else of this process's can wait, while the gate is closed, for something
//       the body is waiting for.
//
//   idle ──gate closed, no other process's slot──▶ excluding (body runs) ──body returns or throws──▶ idle
//     └───gate busy, or another process's slot held──▶ idle (nil, body not run)

extension Database {
    /// Runs `body` while no other process has the database file at `path` open and none can open it; returns nil,
    /// without running `body`, when another process has the file open or is opening it.
    ///
    /// Other processes' opens of the file wait until `body` returns, then open what it left at `path` (a compacted
    /// file renamed over it, or none: a new one). This process's own handles are not counted: which of them may stay
    /// open is the caller's business. An open in this process that opens the file anew (not one handed an instance
    /// already open) waits as another process's does, so `body` must not make one (nor wait for a task that does).
    /// The lock file is created, with `permissions`, if it does not exist; `body` may remove it.
    /// - Throws: ``StorageError/io(_:)`` when the lock file cannot be opened (ENOENT: its directory does not exist),
    ///   and what `body` throws.
    package static func excludingOtherProcesses<T>(
        path: String,
        permissions: FilePermissions = .ownerReadWrite,
        _ body: () throws -> T
    ) throws -> T? {
        while true {
            let lock = try mappingSystemErrors {
                try FileLock(path: path + ".lock", permissions: permissions, mapsSignal: false)
            }
            guard try mappingSystemErrors({ try lock.tryCloseGate() }) else { return nil }
            defer { lock.releaseGate() }
            // The files were deleted (and maybe made again) since this lock file was opened: look at the new one.
            guard try mappingSystemErrors({ try lock.isAtItsPath() }) else { continue }
            guard try !mappingSystemErrors({ try lock.isOpenInAnotherProcess() }) else { return nil }
            return try body()
        }
    }

    /// Whether another process (or another instance of the file in this one) holds the file's writer lock now: a
    /// write transaction or a commit under way there.
    ///
    /// False for a database without a lock file (memory-only, or read-only in a directory where none could be made).
    package func isWriterLockHeldElsewhere() throws -> Bool {
        guard let fileLock else { return false }
        return try mappingSystemErrors { try fileLock.isWriterLockedElsewhere() }
    }
}
