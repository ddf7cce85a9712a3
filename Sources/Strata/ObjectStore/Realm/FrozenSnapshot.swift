import StrataCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A pinned version shared by frozen objects and collections, readable from any number of tasks at once.
///
/// Reads go through read transactions of the one pinned version. A transaction caches the tables and nodes
/// it has read, so one transaction serves one thread: each thread that reads the snapshot gets a transaction
/// of its own, kept in that thread's ``ThreadTransactions``. A read looks its transaction up there (a lock only
/// that thread takes, but for the rare removal below), so readers on several threads never wait for each
/// other and each keeps its caches warm.
///
/// Lifetime: a thread's transaction for this snapshot lives until the snapshot goes away (its `deinit` removes
/// it from every thread that has one, so the version is unpinned with the last frozen view) or the thread ends.
///
/// `@unchecked Sendable`: every stored property is immutable or `Locked`; a transaction is only ever used by
/// the thread whose cache holds it; the snapshot and the pin are `Sendable`.
final class FrozenSnapshot: @unchecked Sendable {
    private let snapshot: Snapshot
    private let pin: VersionPin
    /// The transaction the snapshot was made with, handed to the first thread that reads it.
    private let first: Locked<ReadTransaction?>
    /// The caches of the threads that hold a transaction of this snapshot.
    private let readers = Locked<[WeakThreadTransactions]>([])
    let schema: ResolvedSchema
    let configuration: Realm.Configuration
    let databasePath: String
    let database: Database
    /// The frozen realm made for this snapshot, held weakly: that realm holds the snapshot, so a strong reference
    /// here would be a cycle that kept both, and the version they pin, forever.
    private let frozenRealm = Locked(WeakFrozenRealm())

    init(transaction: ReadTransaction, schema: ResolvedSchema, configuration: Realm.Configuration, database: Database) {
        snapshot = transaction.snapshot
        pin = transaction.pin
        first = Locked(transaction)
        self.schema = schema
        self.configuration = configuration
        self.database = database
        databasePath = database.path
    }

    deinit {
        let key = ObjectIdentifier(self)
        for reader in readers.withLock({ $0 }) { reader.cache?.remove(key) }
    }

    var version: Version { snapshot.version }

    /// The frozen realm of this snapshot: the same instance as long as anything holds it.
    var realm: Realm {
        frozenRealm.withLock { weak in
            if let realm = weak.realm { return realm }
            let made = Realm(frozen: self)
            weak.realm = made
            return made
        }
    }

    /// Runs `body` with the calling thread's read transaction of the pinned version.
    func read<T>(_ body: (any TransactionReading) throws -> T) rethrows -> T {
        let cache = ThreadTransactions.current
        let key = ObjectIdentifier(self)
        if let transaction = cache.transaction(for: key) { return try body(transaction) }
        let transaction =
            first.withLock { first in
                defer { first = nil }
                return first
            } ?? ReadTransaction(snapshot: snapshot, pin: pin)
        cache.insert(transaction, for: key)
        readers.withLock { $0.append(WeakThreadTransactions(cache: cache)) }
        return try body(transaction)
    }
}

/// The read transactions of frozen snapshots that one thread reads, by snapshot.
///
/// `@unchecked Sendable`: the dictionary is behind a lock; the thread that owns the cache looks up and inserts,
/// and a snapshot's `deinit` (on any thread) removes its entry. A transaction in it is used only by the owning
/// thread.
final class ThreadTransactions: @unchecked Sendable {
    private let transactions = Locked<[ObjectIdentifier: ReadTransaction]>([:])

    func transaction(for snapshot: ObjectIdentifier) -> ReadTransaction? {
        transactions.withLock { $0[snapshot] }
    }

    func insert(_ transaction: ReadTransaction, for snapshot: ObjectIdentifier) {
        transactions.withLock { $0[snapshot] = transaction }
    }

    func remove(_ snapshot: ObjectIdentifier) {
        _ = transactions.withLock { $0.removeValue(forKey: snapshot) }
    }

    /// The calling thread's cache, made on its first frozen read and released when the thread ends.
    static var current: ThreadTransactions {
        if let stored = pthread_getspecific(key) {
            return Unmanaged<ThreadTransactions>.fromOpaque(stored).takeUnretainedValue()
        }
        let made = ThreadTransactions()
        pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque())
        return made
    }

    /// The thread-specific slot; its destructor releases a thread's cache when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { stored in
            guard let stored else { return }
            Unmanaged<ThreadTransactions>.fromOpaque(stored).release()
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()
}

/// A weak reference to a snapshot's frozen realm.
private struct WeakFrozenRealm {
    weak var realm: Realm?
}

/// A weak reference to a thread's cache (the thread may end before the snapshot).
private struct WeakThreadTransactions {
    weak var cache: ThreadTransactions?
}
