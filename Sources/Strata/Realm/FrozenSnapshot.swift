import StrataCore

/// A pinned version shared by frozen objects and collections, readable from any number of tasks at once.
///
/// Reads go through read transactions of the one pinned version. A transaction caches the tables and nodes
/// it has read, so it serves one reader at a time: each read takes an idle one from `idle` (or makes a new one
/// over the same snapshot and pin) and puts it back when done. The lock is held only to take or return a
/// transaction, never while reading, so readers on several threads run in parallel; at most as many
/// transactions exist as reads ever ran at once.
///
/// `@unchecked Sendable`: every stored property is immutable or `Locked`; a transaction is used by one read
/// at a time (it is out of `idle` while in use); the snapshot and the pin are `Sendable`.
final class FrozenSnapshot: @unchecked Sendable {
    private let snapshot: Snapshot
    private let pin: VersionPin
    private let idle: Locked<[ReadTransaction]>
    let schema: ResolvedSchema
    let configuration: Realm.Configuration
    let databasePath: String
    let database: Database
    private let frozenRealm = Locked<Realm?>(nil)

    init(transaction: ReadTransaction, schema: ResolvedSchema, configuration: Realm.Configuration, database: Database) {
        snapshot = transaction.snapshot
        pin = transaction.pin
        idle = Locked([transaction])
        self.schema = schema
        self.configuration = configuration
        self.database = database
        databasePath = database.path
    }

    var version: Version { snapshot.version }

    /// The frozen realm of this snapshot (made once).
    var realm: Realm {
        frozenRealm.withLock { realm in
            if let realm { return realm }
            let made = Realm(frozen: self)
            realm = made
            return made
        }
    }

    /// Runs `body` with a read transaction of the pinned version that no other read is using.
    func read<T>(_ body: (any TransactionReading) throws -> T) rethrows -> T {
        let transaction = idle.withLock { $0.popLast() } ?? ReadTransaction(snapshot: snapshot, pin: pin)
        defer { idle.withLock { $0.append(transaction) } }
        return try body(transaction)
    }
}
