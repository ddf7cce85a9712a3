import StrataCore

/// The mutable state of one realm actor: its phase (the pinned version or the write transaction), its schema
/// and the counters its caches key on.
///
/// Not `Sendable`: the actor owns it (``Realm/state``), and live objects and collections reach it only through
/// ``RealmStateAccess``, which checks that they run on the actor's executor.
///
/// State machine (every transition is a method below; nothing else assigns `phase`):
///
///     open(pinned: nil) ──reader()──▶ open(pinned: v) ──unpin()──▶ open(pinned: nil)
///        │    ▲                          │
///        │    └──────endWrite()──────────┤ (a write drops the pin: it reads the newest version; with
///        │                               │  autorefresh off, the commit's version is pinned at once: pinOwnCommit)
///        └──────────beginWrite(w)────────┴──▶ writing(w)
///     any ──close()──▶ closed (final)
///     writing(w) ──detachWrite()──▶ closed (a migration's realm: w is left open for the opening code to commit)
///     writing(w) ──withCommittedView(body)──▶ open(…) while body runs ──▶ writing(w)
///                                              (a read by a task that does not own w)
///
/// A frozen realm's state never leaves `open(pinned: nil)`: its reads go to its ``FrozenSnapshot``.
///
/// Turns: the tasks sharing the realm take ``turns`` before their write transaction begins and give it back when it
/// ends (`endWrite`, `invalidate`, `close`), so at most one task's transaction is open and the next waits in arrival
/// order. ``writeOwner`` is the task that began the open transaction; only it writes into it (``ownedWrite``).
final class RealmState {
    enum Phase {
        /// No write transaction; reads go to the pinned version, pinned on the first read.
        case open(pinned: ReadTransaction?)
        /// A write transaction is open; reads see its changes.
        case writing(WriteTransaction)
        /// `close()` was called: nothing can be read or written any more.
        case closed
    }

    let database: Database
    /// The coordinator of the realm's file, shared with the file's other realms of this process.
    let coordinator: FileCoordinator
    let executor: RealmExecutor
    var schema: ResolvedSchema
    /// The table of the model class looked up last, and the schema it was found in: a loop of adds asks for one class
    /// each time, and a replaced schema makes the entry stale by identity (it is held, so its address is not reused).
    private var lastTypeLookup: (type: ObjectIdentifier, schema: ResolvedSchema, table: ResolvedTable)?
    private(set) var phase: Phase = .open(pinned: nil) {
        didSet {
            if case .writing(let write) = phase { writing = Unmanaged.passUnretained(write) } else { writing = nil }
        }
    }
    /// The write transaction of `phase` while it is `.writing`, borrowed: `phase` holds it as long as this is set,
    /// since both change together in `phase`'s observer. Read by ``withOwnedWrite(_:)``.
    private var writing: Unmanaged<WriteTransaction>?
    /// Bumped on every change made through this realm and on every move to another version: caches of live
    /// objects and collections re-read.
    private(set) var generation = 0
    /// The leaf of the row a live object found last (LiveRow.swift): the next object of a walk in key order finds its
    /// row there. Good only while its generation is `generation`; forgotten when the realm closes.
    var liveLeaf: LiveLeaf?
    /// Bumped by `invalidate()`: objects and collections obtained before are invalid.
    private(set) var epoch = 0
    /// The `generation` at which each table last changed (a table missing here changed at `allTablesChanged`).
    private var tableChanges: [TableKey: Int] = [:]
    /// The table touched last and the generation then (not in `tableChanges` until another table is touched).
    private var lastTouched: (table: TableKey, generation: Int)?
    /// The `generation` at which every table was last taken as changed (a move whose changes are unknown).
    private var allTablesChanged = 0
    /// ``Realm/autorefresh``.
    var autorefresh = true
    /// Set for the realm of a migration (``Realm/init(migrating:schema:configuration:)``): primary keys may
    /// be set, as Realm allows in a migration, and nothing is frozen.
    var isMigration = false
    /// The embedded classes a migration makes embedded only once its block returns: until then their objects are
    /// top-level ones (see ``embeddedClass(_:)``).
    var topLevelDuringMigration: Set<ObjectIdentifier> = []
    /// The table roots of the version this realm read last (pinned, or began its write from).
    private var lastRoots: [TableKey: Ref]?
    /// The version this realm's own last commit made, until the realm pins a version again.
    private var committedVersion: Version?
    /// The key of the file's metadata table (SchemaBinding.swift), once known: a migration's commit always changes it,
    /// as it stores the schema version, so while its root stays as `lastRoots` has it the schema needs no new look.
    private var metadataTable: TableKey?
    /// The newest version refused because another process changed the schema under the realm's models, and why.
    private var refusedSchema: (version: Version, error: RealmError)?
    /// The last frozen snapshot made, reused by `freeze()` at the same version while someone holds it.
    weak var lastFrozen: FrozenSnapshot?
    /// The change observers registered on this realm (collection, object and realm streams).
    var observers: [any RealmObserver] = []
    /// While observers are registered: keeps the engine recording commits' change sets for them.
    var historyRetention: HistoryRetention?
    /// Whether another realm committed a version this realm (with `autorefresh` off) has not moved to.
    var refreshRequired = false
    /// The newest version another process committed that this realm was told of (so a realm that does not move
    /// hears of it once).
    var noticedVersion: Version?
    /// The queue of the tasks sharing this realm that wait to begin a write transaction (first come, first served).
    let turns = WriterQueue()
    /// The replication this realm keeps running (StrataSync), released when the realm closes.
    var replicationAttachment: (any ReplicationAttachment)?
    /// The task that began the open write transaction (nil without one).
    private(set) var writeOwner: TaskIdentity? { didSet { writeOwnerAddress = writeOwner?.address } }
    /// ``writeOwner``'s address, for the check of every write (copying `writeOwner` out would retain its task).
    private var writeOwnerAddress: UInt?
    /// Whether the open write transaction holds a turn of ``turns`` (a migration's realm writes without one).
    private var holdsTurn = false

    init(database: Database, coordinator: FileCoordinator, schema: ResolvedSchema) {
        self.database = database
        self.coordinator = coordinator
        self.executor = coordinator.executor
        self.schema = schema
        coordinator.realmOpened()
    }

    deinit {
        if !isClosed { coordinator.realmClosed() }
    }

    var writeTransaction: WriteTransaction? {
        if case .writing(let write) = phase { return write }
        return nil
    }

    /// The write transaction when the running task began it; nil without one or when it belongs to another task.
    var ownedWrite: WriteTransaction? {
        guard let owner = writeOwnerAddress, owner == TaskIdentity.runningAddress, case .writing(let write) = phase
        else { return nil }
        return write
    }

    /// `body`'s answer for the write transaction, borrowed, when the running task began it; nil otherwise. Unlike
    /// ``ownedWrite`` it counts no reference, so `body` must not end the transaction (commit, cancel or close),
    /// which would free it under `body`: the typed sets in place that call it only write a cell.
    @inline(__always)
    func withOwnedWrite<Result>(_ body: (WriteTransaction) -> Result?) -> Result? {
        guard let owner = writeOwnerAddress, owner == TaskIdentity.runningAddress, let writing else { return nil }
        return writing._withUnsafeGuaranteedRef(body)
    }

    /// Whether a write transaction is open and belongs to another task than the running one.
    var isWriteOfAnotherTask: Bool {
        guard case .writing = phase else { return false }
        return writeOwnerAddress != TaskIdentity.runningAddress
    }

    var readTransaction: ReadTransaction? {
        if case .open(let pinned) = phase { return pinned }
        return nil
    }

    var isClosed: Bool {
        if case .closed = phase { return true }
        return false
    }

    // MARK: Change counters

    /// Notes a change to `table` made through this realm.
    ///
    /// A loop writing one object after another touches one table each time: the latest table is kept apart
    /// and moved into `tableChanges` only when another table is touched, so those writes skip the hashing.
    func touch(_ table: TableKey) {
        generation += 1
        if let last = lastTouched, last.table != table { tableChanges[last.table] = last.generation }
        lastTouched = (table, generation)
    }

    /// Notes a change that may reach any table.
    func touchAll() {
        generation += 1
        allTablesChanged = generation
        tableChanges.removeAll(keepingCapacity: true)
        lastTouched = nil
    }

    /// The `generation` at which `table` last changed: a cache of a query over `table` alone that was filled at
    /// this stamp is still good.
    func stamp(of table: TableKey) -> Int {
        if let last = lastTouched, last.table == table { return Swift.max(last.generation, allTablesChanged) }
        return Swift.max(tableChanges[table] ?? 0, allTablesChanged)
    }

    // MARK: Transitions

    /// Table `key` as reads see it now (as `reader().table(key)`), without boxing the transaction as
    /// `any TransactionReading`, a retain and a release more: every row a live object finds asks for it.
    func table(_ key: TableKey) throws -> StrataCore.Table {
        switch phase {
        case .writing(let write): return try write.table(key)
        case .open(let pinned?): return try pinned.table(key)
        case .open(nil): return try pinNewest().table(key)
        case .closed: throw RealmError.closed
        }
    }

    /// The transaction reads go to: the write transaction, or the pinned version (pinned on demand).
    func reader() throws -> any TransactionReading {
        switch phase {
        case .writing(let write): return write
        case .open(let pinned?): return pinned
        case .open(nil): return try pinNewest()
        case .closed: throw RealmError.closed
        }
    }

    /// Moves the pin to the newest version if there is a newer one (or pins it when nothing is pinned);
    /// returns whether the realm moved, true whenever nothing was pinned (as Realm's `refresh()` answers).
    ///
    /// The newest version is looked up in the file, so that another process's commit is seen here whether or not a
    /// change stream has the file watched; with no such commit the look is one comparison (`Database.refreshFromFile`).
    /// - Throws: a ``RealmError`` when the newer version cannot be loaded (``RealmError/fileError(_:)`` for damage) or
    ///   pinned, or ``RealmError/invalidSchemaChange(_:)`` when another process changed the schema under the realm's
    ///   models; the realm then stays at its version.
    func advance() throws -> Bool {
        guard case .open(let pinned) = phase else { return false }
        if let pinned, try pinned.version == realmErrors({ try database.refreshingLatestVersion() }) { return false }
        let newer = try pinNewest()
        return pinned?.version != newer.version
    }

    /// Pins the newest version, marking changed the tables whose root differs from the version this realm read
    /// last (none after its own commit when nothing else was committed since; every table when unknown).
    /// - Throws: as ``advance()``; nothing is pinned then.
    private func pinNewest() throws -> ReadTransaction {
        let newer = try realmErrors { try database.beginRead() }
        try followSchema(of: newer)
        if newer.version != committedVersion { noteChanges(since: lastRoots, to: newer) }
        lastRoots = Self.roots(of: newer)
        committedVersion = nil
        phase = .open(pinned: newer)
        return newer
    }

    /// Marks changed the tables of `newer` whose roots differ from `old` (every table when `old` is unknown).
    private func noteChanges(since old: [TableKey: Ref]?, to newer: any TransactionReading) {
        guard let old, old.count == newer.tableSpecs.count else { return touchAll() }
        for spec in newer.tableSpecs where old[spec.key] != spec.root { touch(spec.key) }
    }

    private static func roots(of reading: any TransactionReading) -> [TableKey: Ref] {
        Dictionary(reading.tableSpecs.map { ($0.key, $0.root) }) { first, _ in first }
    }

    /// Checks that the realm's models can read `newer`, which the realm is about to move to (pin, or begin a write
    /// from), and takes up the new keys of tables and columns that were made again: realm-core's rule for a schema
    /// another process changed (SchemaBinding+ExternalChanges.swift). Costs one comparison of the metadata table's
    /// root unless a migration (or a new table) came between `newer` and the version read last.
    /// - Throws: ``RealmError/invalidSchemaChange(_:)`` when the models cannot follow; the realm must not move then.
    func followSchema(of newer: any TransactionReading) throws {
        // A migration's realm makes the changes itself, with the new models.
        guard !isMigration else { return }
        let specs = newer.tableSpecs
        if let lastRoots, let metadataTable, specs.count == lastRoots.count,
            let spec = specs.first(where: { $0.key == metadataTable }), spec.root == lastRoots[metadataTable]
        {
            return
        }
        if let refusedSchema, refusedSchema.version == newer.version { throw refusedSchema.error }
        let changes = try realmErrors { try SchemaBinding.unsupportedExternalChanges(schema, in: newer) }
        guard changes.isEmpty else {
            let error = RealmError.invalidSchemaChange(changes.map { "- \($0)" }.joined(separator: "\n"))
            refusedSchema = (newer.version, error)
            throw error
        }
        if let moved = try realmErrors({ try SchemaBinding.movedKeys(schema, in: newer) }) { replaceSchema(moved) }
        metadataTable = specs.first { $0.name == SchemaBinding.metadataTable }?.key
    }

    /// Enters the write transaction `write` (reads then see the newest version and the write's own changes), owned by
    /// the running task; `holdingTurn` when the caller took a turn of ``turns`` for it, which ending it gives back.
    func beginWrite(_ write: WriteTransaction, holdingTurn: Bool) {
        precondition(writeTransaction == nil && !isClosed, "a realm has one write transaction at a time")
        writeOwner = .current
        holdsTurn = holdingTurn
        if readTransaction?.version != write.version && write.version != committedVersion {
            noteChanges(since: lastRoots, to: write)
        }
        lastRoots = Self.roots(of: write)
        committedVersion = nil
        phase = .writing(write)
    }

    /// Leaves the write transaction (before its commit, or after its rollback), returning it. After a commit the
    /// realm's caches already reflect the new version, so pinning it later marks nothing changed.
    func endWrite(rolledBack: Bool) -> WriteTransaction? {
        guard case .writing(let write) = phase else { return nil }
        phase = .open(pinned: nil)
        giveBackTurn()
        if rolledBack {
            touchAll()
        } else {
            generation += 1
            committedVersion = write.version + 1
        }
        return write
    }

    /// The realm's own commit of `version` is durable: a pin taken while it waited for its sync (another task's
    /// `read`, another realm's commit delivered meanwhile) is of an older version, and is dropped so that reads and
    /// deliveries from now on see this commit (the next read pins the newest version, marking what changed).
    func committed(_ version: Version) {
        if case .open(let pinned?) = phase, pinned.version < version { phase = .open(pinned: nil) }
    }

    /// After this realm's own commit, with ``autorefresh`` off: pins the newest version, the one the commit made when
    /// no other realm committed since, so that the realm stays at it until `refresh()` or its next write, as Realm's
    /// does (without it, the next read would pin whatever is newest then).
    func pinOwnCommit() {
        guard !autorefresh, case .open(nil) = phase else { return }
        // A failure leaves nothing pinned: the next read pins again and reports the error, so nothing is hidden.
        _ = try? pinNewest()
    }

    /// A commit after `endWrite(rolledBack: false)` failed: nothing was committed, so the version number it
    /// would have had means nothing, and what the write touched is gone.
    func commitFailed() {
        committedVersion = nil
        touchAll()
    }

    /// Releases the pinned version and makes every object and collection obtained so far invalid.
    func invalidate() {
        if case .writing(let write) = phase {
            write.rollback()
            giveBackTurn()
        }
        if !isClosed { phase = .open(pinned: nil) }
        epoch += 1
        touchAll()
    }

    /// Leaves the write transaction without committing or rolling it back, and closes the state for good: the end
    /// of a migration's realm, whose write the opening code commits. Objects and collections obtained before read as
    /// invalidated.
    func detachWrite() {
        precondition(isMigration, "only a migration's realm leaves its write transaction to another")
        if !isClosed { coordinator.realmClosed() }
        phase = .closed
        epoch += 1
        touchAll()
    }

    /// `schema.table(ofType:)`, remembering the last answer.
    func table(ofType type: ObjectBase.Type) -> ResolvedTable? {
        let id = ObjectIdentifier(type)
        if let last = lastTypeLookup, last.type == id, last.schema === schema { return last.table }
        guard let table = schema.table(ofType: type) else { return nil }
        lastTypeLookup = (id, schema, table)
        return table
    }

    /// Replaces the schema after the tables' columns changed (a migration's renamed property): objects and
    /// collections obtained before hold the old column keys, so they read as invalidated from now on.
    func replaceSchema(_ schema: ResolvedSchema) {
        self.schema = schema
        epoch += 1
        touchAll()
    }

    /// Ends every stream and observer of the realm and stops what kept history and polled for them: the first step
    /// of closing the realm, and of ending a migration's realm.
    func endObservation() {
        for observer in observers { observer.end() }
        observers.removeAll()
        historyRetention?.release()
        historyRetention = nil
    }

    /// Ends the write transaction and the pin for good; the tasks waiting for a turn throw ``RealmError/closed``.
    func close() {
        if !isClosed { coordinator.realmClosed() }
        replicationAttachment = nil
        if case .writing(let write) = phase {
            write.rollback()
            giveBackTurn()
        }
        phase = .closed
        liveLeaf = nil
        turns.fail(with: RealmError.closed)
        touchAll()
    }

    /// Forgets the write transaction's owner and gives its turn back to the next waiting task.
    private func giveBackTurn() {
        writeOwner = nil
        if holdsTurn {
            holdsTurn = false
            turns.release()
        }
    }

    /// Runs `body` as a read by a task other than the open write transaction's owner: it sees the newest committed
    /// version, never the transaction's uncommitted changes, and the transaction is open again afterwards. Without
    /// such a transaction (or for its owner) it just runs `body`.
    ///
    /// The caches keyed on ``generation`` are marked stale on the way in and out, so that nothing read on one side
    /// is taken for the other. Should `body` close the realm, the transaction is rolled back then, as `close()` does.
    func withCommittedView<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard case .writing(let write) = phase, writeOwnerAddress != TaskIdentity.runningAddress else {
            return try body()
        }
        let saved = (lastRoots, committedVersion)
        phase = .open(pinned: nil)
        touchAll()
        defer {
            if isClosed {
                write.rollback()
                giveBackTurn()
            } else {
                phase = .writing(write)
                (lastRoots, committedVersion) = saved
            }
            touchAll()
        }
        return try body()
    }

    /// The write transaction, or a stop with Realm's message.
    func writer(_ what: @autoclosure () -> String) -> WriteTransaction {
        guard let write = ownedWrite else {
            let error =
                isWriteOfAnotherTask
                ? RealmError.writeTransactionOfAnotherTask(what()) : RealmError.notInWriteTransaction(what())
            preconditionFailure(error.description)
        }
        return write
    }

    /// Whether the caller runs on the realm actor's executor (see ``RealmExecutor/isCurrent``).
    var isConfined: Bool { executor.isCurrent }
}

/// The way from nonisolated code (a live object's property, a live collection) to a realm's state.
///
/// `@unchecked Sendable` because the state is not: the one accessor, ``checked(_:)``, returns it only to a
/// caller running on the realm's executor. That executor runs one job at a time, so a caller that passes the
/// check holds the realm actor's isolation and no other task can touch the state meanwhile. Anything else
/// stops with Strata's confinement message.
final class RealmStateAccess: @unchecked Sendable {
    private let state: RealmState

    init(_ state: RealmState) { self.state = state }

    /// The state, for a caller on the realm's executor; otherwise a stop naming `what` and the way out.
    @inline(__always)
    func checked(_ what: @autoclosure () -> String) -> RealmState {
        guard state.isConfined else { preconditionFailure(RealmSource.confinementMessage(what())) }
        return state
    }

    /// The state for code isolated to the realm actor (the check would always pass there).
    var isolated: RealmState {
        assert(state.isConfined, "RealmStateAccess.isolated used off the realm's executor")
        return state
    }
}
