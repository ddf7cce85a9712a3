import Strata
import StrataCore

extension Realm.Configuration {
    /// Replicates the realm's file through PostgreSQL: set it before opening the realm. Nil (the default) keeps the
    /// file local.
    ///
    /// Replication starts when a realm opens the file, before any migration commits; it runs while a realm opened
    /// with it is open. Local writes never wait for PostgreSQL: they go on while it is unreachable, and are pushed
    /// when it is back.
    public var syncConfiguration: SyncConfiguration? {
        get { (replication as? ReplicaStarter)?.configuration }
        set { replication = newValue.map(ReplicaStarter.init) }
    }
}

/// Starts (or joins) a file's ``Replica`` when a realm opens it.
struct ReplicaStarter: ReplicationStarter {
    let configuration: SyncConfiguration

    func attach(to database: Database, configuration realm: Realm.Configuration) async throws
        -> any ReplicationAttachment
    {
        try configuration.validate(realm)
        _ = try LibPQ.load()
        return try await ReplicaRegistry.attach(database, configuration, realm)
    }
}

/// Keeps a ``Replica`` running while a realm holds it.
final class ReplicaAttachment: ReplicationAttachment {
    let replica: Replica

    init(_ replica: Replica) { self.replica = replica }

    deinit { ReplicaRegistry.detach(replica) }
}

/// This process's replicas, one per file, each with the number of realms attached to it.
enum ReplicaRegistry {
    private static let replicas = Locked<[String: (replica: Replica, count: Int)]>([:])
    /// Serializes starting replicas, so that two realms opening one file at once share one.
    private static let starting = WriterQueue()

    static func attach(
        _ database: Database,
        _ configuration: SyncConfiguration,
        _ realm: Realm.Configuration
    ) async throws -> ReplicaAttachment {
        if try !starting.tryAcquire() { try await starting.acquire() }
        defer { starting.release() }
        if let replica = replicas.withLock({ replicas -> Replica? in
            guard let entry = replicas[database.path], entry.replica.database === database else { return nil }
            replicas[database.path]!.count += 1
            return entry.replica
        }) {
            guard replica.configuration == configuration else {
                detach(replica)
                throw SyncError.invalidConfiguration(
                    "\(database.path) is already replicated in this process with another sync configuration"
                )
            }
            return ReplicaAttachment(replica)
        }
        let replica = try await Replica(database: database, configuration: configuration, realmConfiguration: realm)
        replicas.withLock { $0[database.path] = (replica, 1) }
        replica.start()
        return ReplicaAttachment(replica)
    }

    static func detach(_ replica: Replica) {
        let last = replicas.withLock { replicas -> Bool in
            let path = replica.database.path
            guard let entry = replicas[path], entry.replica === replica else { return false }
            if entry.count <= 1 {
                replicas[path] = nil
                return true
            }
            replicas[path]!.count -= 1
            return false
        }
        if last { replica.stop() }
    }

    /// The running replica of `path`, if any.
    static func replica(path: String) -> Replica? { replicas.withLock { $0[path]?.replica } }
}
