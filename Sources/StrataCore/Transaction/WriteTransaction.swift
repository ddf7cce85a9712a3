// WriteTransaction.swift: the one transaction that may change the database, producing the next version.
//
//   active ──commit()──▶ committed
//     └────rollback() / deinit / failed commit──▶ rolledBack
//
// Invariants:
//   (1) Nothing reaches the file before commit(); rolling back is forgetting the dirty nodes.
//   (2) While active it holds the writer queue and the cross-process lock; it releases both exactly once.
//   (3) Links and backlinks agree after every public operation (WriteTransaction+Objects.swift).
//   (4) No mixed value names a deleted object after every public operation, a deletion batch counting as one
//       (WriteTransaction+MixedLinks.swift).

/// A write transaction.
package final class WriteTransaction: TransactionReading {
    enum Phase { case active, committed, rolledBack }

    let database: Database
    let base: Snapshot
    let baseFreeSpace: FreeSpace
    let context: TreeContext
    var catalog: Catalog
    var loaded: [TableKey: Table] = [:] {
        didSet { lastTable = nil }
    }
    // Storage marked @exclusivity(unchecked) is never reached while an inout access to it is under way; the
    // run-time checks it skips are explained in Benchmarks/NOTES.md ("Exclusivity checks").
    // Proof for `lastTable`, `filedChanges`, `openTableChanges` and `phase`: only `record(_:_:)` passes one `inout`
    // (`openTableChanges`), to closures that edit just the `TableChanges` they are handed, never the transaction;
    // every other access reads or assigns a whole value or edits a dictionary in place without calling out. The
    // class is not `Sendable`, so only the thread running the transaction reaches them. Proof for
    // `mixedLinkHolders` and `deletionDepth` (read by every `record(_:_:)`): their only in-place edits are
    // `deletionDepth += 1` and `-= 1` and `mixedLinkHolders?.forget(_:)`, which edits its own dictionaries without
    // calling out; a scan assigned to `mixedLinkHolders` finishes before the assignment begins.
    /// The table `table(_:)` returned last: object-at-a-time work asks for the same table again and again.
    @exclusivity(unchecked) private var lastTable: (key: TableKey, table: Table)?
    /// What the transaction changed, per table.
    var changes: ChangeSet {
        get {
            fileOpenTableChanges()
            return filedChanges
        }
        set {
            openTableChanges = nil
            filedChanges = newValue
        }
    }
    @exclusivity(unchecked) private var filedChanges: ChangeSet
    /// Whether the transaction applies changes pulled by sync (recorded in its change set; a replicator does not push
    /// such a commit back). False unless the sync layer sets it.
    package var appliedBySync: Bool {
        get { filedChanges.appliedBySync }
        set { filedChanges.appliedBySync = newValue }
    }
    /// The changes of the table written last, kept out of `filedChanges` while writes go to it: filing each
    /// change would hash the table's key every time.
    @exclusivity(unchecked) private var openTableChanges: (table: TableKey, changes: TableChanges)?
    @exclusivity(unchecked) var phase = Phase.active
    /// While ``deletingInBatch(_:)`` runs: the objects deleted so far, whose mixed references are cleared when
    /// the batch ends (WriteTransaction+MixedLinks.swift).
    var batchedDeletions: DeletedObjects?
    /// Where the mixed values link, kept while only deletions write (MixedLinkHolders.swift); nil until a deletion
    /// needs it, and after any other change.
    @exclusivity(unchecked) var mixedLinkHolders: MixedLinkHolders?
    /// Above zero while a deletion, or the clearing of the mixed values it causes, runs: its own changes keep
    /// `mixedLinkHolders`.
    @exclusivity(unchecked) var deletionDepth = 0

    /// Whether the transaction replays a redo log's logical records (Database+RedoLog.swift): its commit logs
    /// nothing and is made durable inline, by a slot.
    var replaying = false

    /// How long `beginWrite` waited for the writer queue and the cross-process lock (zero if it did not wait).
    package let lockWait: Duration

    init(database: Database, base: Snapshot, freeSpace: FreeSpace, lockWait: Duration = .zero) {
        self.database = database
        self.lockWait = lockWait
        self.base = base
        baseFreeSpace = freeSpace
        context = TreeContext(reader: base.reader, writable: true)
        catalog = base.catalog
        filedChanges = ChangeSet(version: base.version + 1)
    }

    /// Records a change to `table`'s objects.
    func record(_ table: TableKey, _ change: (inout TableChanges) -> Void) {
        if deletionDepth == 0, mixedLinkHolders != nil { mixedLinkHolders = nil }
        if openTableChanges?.table != table {
            fileOpenTableChanges()
            // Taken out of the filed set, so that appending to it copies nothing.
            openTableChanges = (table, filedChanges.tables.removeValue(forKey: table) ?? TableChanges())
        }
        change(&openTableChanges!.changes)
    }

    private func fileOpenTableChanges() {
        guard let (table, changes) = openTableChanges else { return }
        openTableChanges = nil
        filedChanges.tables[table] = changes
    }

    deinit {
        if phase == .active { rollback() }
    }

    package var version: Version { base.version }

    package var tableSpecs: [TableSpec] {
        catalog.tables.map { loaded[$0.key]?.spec ?? $0 }
    }

    package func table(_ key: TableKey) throws -> Table {
        try checkActive()
        if let lastTable, lastTable.key == key { return lastTable.table }
        let table: Table
        if let loadedTable = loaded[key] {
            table = loadedTable
        } else {
            guard let spec = catalog.table(key) else { throw StorageError.schema("no table \(key)") }
            table = Table(spec: spec, context: context)
            loaded[key] = table
        }
        lastTable = (key, table)
        return table
    }

    func checkActive() throws {
        guard phase == .active else { throw StorageError.schema("the write transaction has already ended") }
    }

    /// Discards every change and releases the writer.
    package func rollback() {
        guard phase == .active else { return }
        phase = .rolledBack
        // A replay runs for an open or a `beginWrite` that did not take the writer for it (Database+RedoLog.swift).
        if !replaying { database.endWrite() }
    }

    // MARK: Schema

    /// Creates an empty table.
    @discardableResult
    package func createTable(named name: String) throws -> TableKey {
        try checkActive()
        guard !tableSpecs.contains(where: { $0.name == name }) else {
            throw StorageError.schema("a table named \(name) already exists")
        }
        let key = TableKey(catalog.nextTableKey)
        catalog.nextTableKey += 1
        catalog.tables.append(TableSpec(key: key, name: name))
        changes.schemaChanged = true
        return key
    }

    /// Removes a table and all its objects. Fails if another table links to it.
    package func removeTable(_ key: TableKey) throws {
        let table = try self.table(key)
        mixedLinkHolders = nil
        for spec in tableSpecs where spec.key != key {
            if let column = spec.columns.first(where: { $0.isLink && $0.linkTable == key }) {
                throw StorageError.schema("\(spec.name).\(column.name) links to \(table.name); remove it first")
            }
        }
        for column in table.spec.columns where column.isLink { try removeColumn(column.key, from: key) }
        try table.releaseAll()
        catalog.tables.removeAll { $0.key == key }
        loaded[key] = nil
        changes.tables[key] = nil
        changes.schemaChanged = true
    }

    /// Renames a table.
    func renameTable(_ key: TableKey, to name: String) throws {
        let table = try self.table(key)
        guard !tableSpecs.contains(where: { $0.name == name && $0.key != key }) else {
            throw StorageError.schema("a table named \(name) already exists")
        }
        table.spec.name = name
        changes.schemaChanged = true
    }

    /// Adds a column; a link column also adds the backlink column to its target table; an indexed or
    /// unique column gets its index built.
    @discardableResult
    package func addColumn(_ column: ColumnSpec, to key: TableKey) throws -> ColumnKey {
        let table = try self.table(key)
        mixedLinkHolders = nil
        guard column.type != .backlink else { throw StorageError.schema("backlink columns are added with their link") }
        if column.isLink {
            guard let target = column.linkTable, catalog.table(target) != nil else {
                throw StorageError.schema("link column \(table.name).\(column.name) needs an existing target table")
            }
        }
        let added = try table.addColumn(column)
        if added.isLink, let target = added.linkTable {
            let targetTable = try self.table(target)
            _ = try targetTable.addColumn(
                ColumnSpec(
                    name: "@links.\(key.rawValue).\(added.key.rawValue)",
                    type: .backlink,
                    collection: .single,
                    linkTable: key,
                    originColumn: added.key
                )
            )
        }
        if column.indexed { try table.addIndex(added.key, unique: column.unique) }
        changes.schemaChanged = true
        return added.key
    }

    /// Removes a column (and, for a link column, the backlink column of its target).
    package func removeColumn(_ column: ColumnKey, from key: TableKey) throws {
        let table = try self.table(key)
        mixedLinkHolders = nil
        let spec = try table.column(column)
        guard spec.type != .backlink else { throw StorageError.schema("backlink columns are removed with their link") }
        if spec.isLink, let target = spec.linkTable {
            let targetTable = try self.table(target)
            if let backlink = targetTable.spec.columns.first(where: {
                $0.type == .backlink && $0.linkTable == key && $0.originColumn == column
            }) {
                try targetTable.removeColumn(backlink.key)
            }
        }
        try table.removeColumn(column)
        changes.schemaChanged = true
    }

    /// Renames a column.
    package func renameColumn(_ column: ColumnKey, in key: TableKey, to name: String) throws {
        let table = try self.table(key)
        guard let position = table.spec.position(of: column) else { throw StorageError.schema("no column \(column)") }
        guard table.spec.column(named: name) == nil else {
            throw StorageError.schema("table \(table.name) already has a column named \(name)")
        }
        table.spec.columns[position].name = name
        changes.schemaChanged = true
    }

    /// Adds an index (unique for primary keys) to a column.
    package func addIndex(to column: ColumnKey, in key: TableKey, unique: Bool = false) throws {
        try self.table(key).addIndex(column, unique: unique)
        changes.schemaChanged = true
    }

    /// Drops a column's index.
    package func removeIndex(from column: ColumnKey, in key: TableKey) throws {
        try self.table(key).removeIndex(column)
        changes.schemaChanged = true
    }
}

extension Database {
    /// Waits for the writer queue and the file lock, then begins a write transaction on the newest version.
    /// Runs on the caller's actor, and suspends only when it has to wait, so an uncontended write costs no
    /// hop between executors.
    /// - Parameters:
    ///   - preferred: where the task resumes after waiting for the writer (ResumeExecutor.swift): the caller's own
    ///     executor, so that the hand-over costs no pool thread; nil resumes as the runtime chooses.
    ///   - isolation: the caller's actor.
    package func beginWrite(
        resumingOn preferred: (any TaskExecutor)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> WriteTransaction {
        try checkWritable()
        // The clock is read only when the writer has to wait: an uncontended write pays nothing for the figure.
        var waitStarted: ContinuousClock.Instant?
        if try !writers.tryAcquire() {
            waitStarted = .now
            try await resuming(on: preferred) { try await writers.acquire(isolation: isolation) }
        }
        do {
            // The cross-process lock may still be held for commits waiting for their sync (invariant 6 of
            // Database.swift): then no other process has committed since, and the tip is the base.
            let needsFileLock = state.withLock { state -> Bool in
                state.writerActive = true
                return fileLock != nil && !state.fileLockHeld
            }
            if needsFileLock, let fileLock {
                if try !mappingSystemErrors({ try fileLock.tryLockWriter() }) {
                    // Another process writes: wait for the kernel to hand over its lock (WriterLockWait.swift).
                    if waitStarted == nil { waitStarted = .now }
                    do {
                        try await resuming(on: preferred) { try await fileLock.lockWriter() }
                    } catch let error as SystemError {
                        throw StorageError.io(error)
                    }
                }
                state.withLock { $0.fileLockHeld = true }
                try recoverEndedRing()
            }
            try checkWritable()
            try refreshFromFile()
            let (base, free) = state.withLock { state in state.tip ?? (state.latest, state.freeSpace) }
            let lockWait = waitStarted.map { ContinuousClock.now - $0 } ?? .zero
            return WriteTransaction(database: self, base: base, freeSpace: free, lockWait: lockWait)
        } catch {
            endWrite()
            throw error
        }
    }

    /// Begins a write transaction at once, or throws when another writer holds the file: for a database no one else
    /// can be writing (a compacted copy being written to a new file), where waiting would never be needed.
    package func beginUncontendedWrite() throws -> WriteTransaction {
        try checkWritable()
        guard try writers.tryAcquire() else { throw StorageError.schema("\(path) is being written by another writer") }
        do {
            let needsFileLock = state.withLock { state -> Bool in
                state.writerActive = true
                return fileLock != nil && !state.fileLockHeld
            }
            if needsFileLock, let fileLock {
                guard try mappingSystemErrors({ try fileLock.tryLockWriter() }) else {
                    throw StorageError.schema("\(path) is being written by another process")
                }
                state.withLock { $0.fileLockHeld = true }
                try recoverEndedRing()
            }
            try checkWritable()
            try refreshFromFile()
            let (base, free) = state.withLock { state in state.tip ?? (state.latest, state.freeSpace) }
            return WriteTransaction(database: self, base: base, freeSpace: free, lockWait: .zero)
        } catch {
            endWrite()
            throw error
        }
    }

    func checkWritable() throws {
        try state.withLock { state in
            if state.closed { throw StorageError.closed }
            if options.readOnly { throw StorageError.readOnly }
            if let cause = state.poisonedBy { throw StorageError.poisoned(path: path, cause: cause) }
        }
    }

    /// Releases the writer queue (once per write transaction), and the file lock unless commits still wait
    /// for their sync (the sync thread releases it after the last of them).
    func endWrite() {
        state.withLock { state in
            state.writerActive = false
            if state.fileLockHeld && state.inFlight == 0 && !state.ringActive {
                fileLock?.unlockWriter()
                state.fileLockHeld = false
            }
        }
        writers.release()
    }
}
