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
    /// The `generation` at which every table was last taken as changed (a move whose changes are unknown).
    private var allTablesChanged = 0
    /// ``Realm/autorefresh``.
    var autorefresh = true
    /// The last frozen snapshot made, reused by `freeze()` at the same version while someone holds it.
    weak var lastFrozen: FrozenSnapshot?

    init(database: Database, executor: RealmExecutor, schema: ResolvedSchema) {
        self.database = database
        self.executor = executor
        self.schema = schema
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
    func touch(_ table: TableKey) {
        generation += 1
        tableChanges[table] = generation
    }

    /// Notes a change that may reach any table.
    func touchAll() {
        generation += 1
        allTablesChanged = generation
        tableChanges.removeAll(keepingCapacity: true)
    }

    /// The `generation` at which `table` last changed: a cache of a query over `table` alone that was filled at
    /// this stamp is still good.
    func stamp(of table: TableKey) -> Int { Swift.max(tableChanges[table] ?? 0, allTablesChanged) }

    // MARK: Transitions

    /// The transaction reads go to: the write transaction, or the pinned version (pinned on demand).
    func reader() throws -> any TransactionReading {
        switch phase {
        case .writing(let write): return write
        case .open(let pinned?): return pinned
        case .open(nil):
            let transaction = try realmErrors { try database.beginRead() }
            phase = .open(pinned: transaction)
            return transaction
        case .closed: throw RealmError.closed
        }
    }

    /// Moves the pin to the newest version if there is a newer one; returns whether the realm moved. Tables
    /// whose root differs between the two versions are marked changed; with no pin to compare, all are.
    func advance() throws -> Bool {
        guard case .open(let pinned) = phase else { return false }
        if let pinned, pinned.version == database.latestVersion { return false }
        let newer = try realmErrors { try database.beginRead() }
        if let pinned {
            let old = Dictionary(pinned.tableSpecs.map { ($0.key, $0.root) }) { first, _ in first }
            if old.count != newer.tableSpecs.count { touchAll() }
            for spec in newer.tableSpecs where old[spec.key] != spec.root { touch(spec.key) }
        } else {
            touchAll()
        }
        phase = .open(pinned: newer)
        return pinned != nil && pinned?.version != newer.version
    }

    /// Enters the write transaction `write` (reads then see the newest version and the write's own changes).
    func beginWrite(_ write: WriteTransaction) {
        precondition(writeTransaction == nil && !isClosed, "a realm has one write transaction at a time")
        let pinned = readTransaction?.version
        phase = .writing(write)
        if pinned != write.version { touchAll() }
    }

    /// Leaves the write transaction (after its commit or rollback), returning it.
    func endWrite(rolledBack: Bool) -> WriteTransaction? {
        guard case .writing(let write) = phase else { return nil }
        phase = .open(pinned: nil)
        if rolledBack { touchAll() } else { generation += 1 }
        return write
    }

    /// Releases the pinned version and makes every object and collection obtained so far invalid.
    func invalidate() {
        if case .writing(let write) = phase { write.rollback() }
        if !isClosed { phase = .open(pinned: nil) }
        epoch += 1
        touchAll()
    }

    /// Ends the write transaction and the pin for good.
    func close() {
        if case .writing(let write) = phase { write.rollback() }
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
