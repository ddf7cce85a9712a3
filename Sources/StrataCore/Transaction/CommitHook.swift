// CommitHook.swift: a callback every local commit of a replicated file passes through, before it commits.
//
// Replication (StrataSync, DESIGN.md section 7) writes its outbox entry in the same transaction as the change it
// describes: the hook reads the transaction's change set and final values, and writes hidden tables. It runs in
// `WriteTransaction.startCommit`, the transaction still open, on every commit path (realm writes, migrations,
// `strata import`), and never for a commit applied by sync (`appliedBySync`).
//
// Invariants:
//   (1) A database without a hook pays one nil check per commit, plus, for a file that has never been replicated,
//       nothing else: the marker table `__strata_sync_client` is looked for only when there is no hook.
//   (2) A file that holds the marker table cannot commit a local change without a hook: its changes would never
//       be pushed (`StorageError.replicatedFileNotAttached`).
//   (3) A hook that throws fails the commit; the transaction rolls back and nothing reaches the file.

/// Called in every local commit of a replicated file, the transaction still open.
package protocol CommitHook: AnyObject, Sendable {
    /// Records what `transaction` changed (its ``WriteTransaction/changeSet``) by writing into the same transaction.
    func transactionWillCommit(_ transaction: WriteTransaction) throws
}

extension Database {
    /// The table whose presence marks a file as replicated (invariant 2).
    package static let replicationMarkerTable = "__strata_sync_client"

    /// The hook every local commit calls (nil: none). Set by the replication layer when it attaches to the file.
    package var commitHook: (any CommitHook)? {
        get { state.withLock { $0.commitHook } }
        set { state.withLock { $0.commitHook = newValue } }
    }
}

extension WriteTransaction {
    /// What the transaction has changed so far, per table.
    package var changeSet: ChangeSet { changes }

    /// Calls the database's hook for a local commit, or refuses a local commit to a replicated file that no hook is
    /// attached to (invariants 1-2).
    func runCommitHook() throws {
        guard !appliedBySync else { return }
        if let hook = database.commitHook {
            try hook.transactionWillCommit(self)
        } else if catalog.tables.contains(where: { $0.name == Database.replicationMarkerTable }),
            !changes.tables.isEmpty || changes.schemaChanged
        {
            throw StorageError.replicatedFileNotAttached(path: database.path)
        }
    }
}
