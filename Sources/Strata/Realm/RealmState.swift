import StrataCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The mutable state of one live realm actor: its pinned read version and its write transaction.
///
/// `@unchecked Sendable`: it is reached only through its `Realm` actor, and every access from a live
/// object or collection first checks (`preconditionIsolated`) that it runs on that actor's executor.
final class RealmState: @unchecked Sendable {
    let database: Database
    var schema: ResolvedSchema
    // Storage marked @exclusivity(unchecked) is never reached while an inout access to it is under way; the
    // run-time checks it skips are explained in Docs.docc/PerformanceAndReliability.md ("Exclusivity checks").
    @exclusivity(unchecked) var readTransaction: ReadTransaction?
    @exclusivity(unchecked) var writeTransaction: WriteTransaction?
    @exclusivity(unchecked) var isClosed = false
    /// Bumped on every change made through this realm (writes, refresh): live results re-evaluate.
    @exclusivity(unchecked) var generation = 0
    /// Bumped by `invalidate()`: objects and collections obtained before are invalid.
    @exclusivity(unchecked) var epoch = 0

    /// The thread running a `read` or `write` block of this realm, 0 when none is running. A block runs
    /// synchronously on its actor's executor, on one thread from start to end: code on that thread meanwhile
    /// is the block's own, so the confinement check can compare threads instead of asking the executor.
    private let blockThread = Atomic<UInt>(0)

    init(database: Database, schema: ResolvedSchema) {
        self.database = database
        self.schema = schema
    }

    /// Runs a `read` or `write` block (on the realm's actor), noting its thread for ``isInBlock``.
    func runBlock<T>(_ body: () throws -> T) rethrows -> T {
        let outer = blockThread.load(ordering: .relaxed)
        blockThread.store(Self.currentThread, ordering: .relaxed)
        defer { blockThread.store(outer, ordering: .relaxed) }
        return try body()
    }

    /// Whether the caller runs inside one of this realm's `read` or `write` blocks: then it is on the realm's
    /// actor. False says nothing; the caller then asks the executor (`preconditionIsolated`).
    var isInBlock: Bool {
        let thread = blockThread.load(ordering: .relaxed)
        return thread != 0 && thread == Self.currentThread
    }

    private static var currentThread: UInt { UInt(pthread_self()) }

    /// The transaction reads go to: the write transaction, or the pinned version (pinned on demand).
    func reader() throws -> any TransactionReading {
        if let writeTransaction { return writeTransaction }
        if let readTransaction { return readTransaction }
        guard !isClosed else { throw RealmError.closed }
        let transaction = try realmErrors { try database.beginRead() }
        readTransaction = transaction
        return transaction
    }

    /// The write transaction, or a stop with Realm's message.
    func writer(_ what: @autoclosure () -> String) -> WriteTransaction {
        guard let writeTransaction else {
            preconditionFailure(RealmError.notInWriteTransaction(what()).description)
        }
        return writeTransaction
    }
}

/// A pinned version shared by frozen objects and collections, readable from any task.
///
/// `@unchecked Sendable`: the read transaction is touched only under `lock`, and a pinned version is
/// immutable.
final class FrozenSnapshot: @unchecked Sendable {
    private let lock = Locked(())
    private let transaction: ReadTransaction
    let schema: ResolvedSchema
    let configuration: Realm.Configuration
    let databasePath: String
    let database: Database

    init(transaction: ReadTransaction, schema: ResolvedSchema, configuration: Realm.Configuration, database: Database) {
        self.transaction = transaction
        self.schema = schema
        self.configuration = configuration
        self.database = database
        databasePath = database.path
    }

    var version: Version { transaction.version }

    private let frozenRealm = Locked<Realm?>(nil)

    /// The frozen realm of this snapshot (made once).
    var realm: Realm {
        frozenRealm.withLock { realm in
            if let realm { return realm }
            let state = RealmState(database: database, schema: schema)
            let made = Realm(frozen: self, state: state)
            realm = made
            return made
        }
    }

    /// Runs `body` with the pinned transaction.
    func read<T>(_ body: (any TransactionReading) throws -> T) rethrows -> T {
        try lock.withLock { _ in try body(transaction) }
    }
}

/// Where a managed object or collection reads from.
enum RealmSource: @unchecked Sendable {
    /// A live realm: reads and writes through its actor, which must be the one running.
    case live(Realm)
    /// A frozen snapshot: reads only, from any task.
    case frozen(FrozenSnapshot)

    static func confinementMessage(_ what: String) -> String {
        "Strata: a live \(what) was used outside the actor of the Realm it belongs to. Live objects and collections "
            + "are confined to their realm's actor (use them inside realm.read { } or realm.write { }); pass a "
            + "snapshot to another task with freeze(), or move a live object to another realm with ThreadSafeReference."
    }

    var schema: ResolvedSchema {
        switch self {
        case .live(let realm): return realm.state.schema
        case .frozen(let snapshot): return snapshot.schema
        }
    }

    var isFrozen: Bool { if case .frozen = self { return true } else { return false } }

    /// Runs `body` with the transaction this source reads, checking confinement for live sources.
    func read<T>(_ what: @autoclosure () -> String, _ body: (any TransactionReading) throws -> T) rethrows -> T {
        switch self {
        case .live(let realm):
            if !realm.state.isInBlock { realm.preconditionIsolated(Self.confinementMessage(what())) }
            let reader: any TransactionReading
            do {
                reader = try realm.state.reader()
            } catch {
                preconditionFailure("\(error)")
            }
            return try body(reader)
        case .frozen(let snapshot):
            return try snapshot.read(body)
        }
    }

    /// The live realm's state, for writes; stops with a clear message for frozen sources or when the
    /// caller is not on the realm's actor.
    func liveState(_ what: @autoclosure () -> String) -> (Realm, RealmState) {
        switch self {
        case .live(let realm):
            if !realm.state.isInBlock { realm.preconditionIsolated(Self.confinementMessage(what())) }
            return (realm, realm.state)
        case .frozen:
            preconditionFailure(RealmError.frozen(what()).description)
        }
    }

    var databasePath: String {
        switch self {
        case .live(let realm): return realm.state.database.path
        case .frozen(let snapshot): return snapshot.databasePath
        }
    }
}
