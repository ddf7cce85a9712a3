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
///        │    └──────endWrite()──────────┤ (a write drops the pin: it reads the newest version)
///        └──────────beginWrite(w)────────┴──▶ writing(w)
///     any ──close()──▶ closed (final)
///     writing(w) ──detachWrite()──▶ closed (a migration's realm: w is left open for the opening code to commit)
///
/// A frozen realm's state never leaves `open(pinned: nil)`: its reads go to its ``FrozenSnapshot``.
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
    let executor: RealmExecutor
    var schema: ResolvedSchema
    private(set) var phase: Phase = .open(pinned: nil)
    /// Bumped on every change made through this realm and on every move to another version: caches of live
    /// objects and collections re-read.
    private(set) var generation = 0
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
    /// The table roots of the version this realm read last (pinned, or began its write from).
    private var lastRoots: [TableKey: Ref]?
    /// The version this realm's own last commit made, until the realm pins a version again.
    private var committedVersion: Version?
    /// The last frozen snapshot made, reused by `freeze()` at the same version while someone holds it.
    weak var lastFrozen: FrozenSnapshot?
    /// The change observers registered on this realm (collection, object and realm streams).
    var observers: [any RealmObserver] = []
    /// While observers are registered: keeps the engine recording commits' change sets for them.
    var historyRetention: HistoryRetention?
    /// Whether another realm committed a version this realm (with `autorefresh` off) has not moved to.
    var refreshRequired = false
    /// While observers are registered: the task that looks for other processes' commits.
    var pollTask: Task<Void, Never>?
    /// The newest version the polling task last announced (so a realm that does not move hears of it once).
    var noticedVersion: Version?

    init(database: Database, executor: RealmExecutor, schema: ResolvedSchema) {
        self.database = database
        self.executor = executor
        self.schema = schema
        OpenRealms.opened(database.path)
    }

    deinit {
        if !isClosed { OpenRealms.closed(database.path) }
    }

    var writeTransaction: WriteTransaction? {
        if case .writing(let write) = phase { return write }
        return nil
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
    func advance() throws -> Bool {
        guard case .open(let pinned) = phase else { return false }
        if let pinned, pinned.version == database.latestVersion { return false }
        let newer = try pinNewest()
        return pinned?.version != newer.version
    }

    /// Pins the newest version, marking changed the tables whose root differs from the version this realm read
    /// last (none after its own commit when nothing else was committed since; every table when unknown).
    private func pinNewest() throws -> ReadTransaction {
        let newer = try realmErrors { try database.beginRead() }
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

    /// Enters the write transaction `write` (reads then see the newest version and the write's own changes).
    func beginWrite(_ write: WriteTransaction) {
        precondition(writeTransaction == nil && !isClosed, "a realm has one write transaction at a time")
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
        if rolledBack {
            touchAll()
        } else {
            generation += 1
            committedVersion = write.version + 1
        }
        return write
    }

    /// A commit after `endWrite(rolledBack: false)` failed: nothing was committed, so the version number it
    /// would have had means nothing, and what the write touched is gone.
    func commitFailed() {
        committedVersion = nil
        touchAll()
    }

    /// Releases the pinned version and makes every object and collection obtained so far invalid.
    func invalidate() {
        if case .writing(let write) = phase { write.rollback() }
        if !isClosed { phase = .open(pinned: nil) }
        epoch += 1
        touchAll()
    }

    /// Leaves the write transaction without committing or rolling it back, and closes the state for good: the end
    /// of a migration's realm, whose write the opening code commits. Objects and collections obtained before read as
    /// invalidated.
    func detachWrite() {
        precondition(isMigration, "only a migration's realm leaves its write transaction to another")
        phase = .closed
        epoch += 1
        touchAll()
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
        pollTask?.cancel()
        pollTask = nil
    }

    /// Ends the write transaction and the pin for good.
    func close() {
        if case .writing(let write) = phase { write.rollback() }
        if !isClosed { OpenRealms.closed(database.path) }
        phase = .closed
        touchAll()
    }

    /// The write transaction, or a stop with Realm's message.
    func writer(_ what: @autoclosure () -> String) -> WriteTransaction {
        guard let writeTransaction else {
            preconditionFailure(RealmError.notInWriteTransaction(what()).description)
        }
        return writeTransaction
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
