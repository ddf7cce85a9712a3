import Foundation
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

    /// Creates a configuration that replicates the realm through PostgreSQL, with Realm's parameters in Realm's
    /// order (`syncConfiguration` third) and Strata's additions after them.
    ///
    /// ```swift
    /// let configuration = Realm.Configuration(
    ///     fileURL: URL(fileURLWithPath: "orders.realm"),
    ///     syncConfiguration: SyncConfiguration(connectionString: "host=db.internal dbname=app", databaseName: "orders"),
    ///     objectTypes: [Order.self]
    /// )
    /// ```
    /// - Parameters:
    ///   - fileURL: the file of an on-disk realm; ignored when `inMemoryIdentifier` is set.
    ///   - inMemoryIdentifier: the name of an in-memory realm.
    ///   - syncConfiguration: where to replicate the file, or nil to keep it local.
    ///   - encryptionKey: must be nil: Strata does not encrypt files yet.
    ///   - readOnly: whether writes are refused.
    ///   - schemaVersion: the version of the models.
    ///   - migrationBlock: called when the file's schema version is lower.
    ///   - deleteRealmIfMigrationNeeded: delete the file instead of migrating when the schema differs.
    ///   - shouldCompactOnLaunch: decides at open, from the file's size and used bytes, whether to compact.
    ///   - objectTypes: the model classes.
    ///   - seedFilePath: a realm file copied to `fileURL` when that does not exist.
    ///   - maximumNumberOfActiveVersions: the most versions that may be pinned at once, or nil for no limit.
    ///   - filePermissions: the permission bits of the files the realm creates.
    ///   - logger: the logging hook, or nil to log nothing.
    ///   - logsObjectValues: whether log messages may hold objects' values.
    ///   - metrics: the metrics hook, or nil to measure nothing.
    public init(
        fileURL: URL? = Realm.Configuration.defaultFileURL,
        inMemoryIdentifier: String? = nil,
        syncConfiguration: SyncConfiguration?,
        encryptionKey: Data? = nil,
        readOnly: Bool = false,
        schemaVersion: UInt64 = 0,
        migrationBlock: MigrationBlock? = nil,
        deleteRealmIfMigrationNeeded: Bool = false,
        shouldCompactOnLaunch: (@Sendable (Int, Int) -> Bool)? = nil,
        objectTypes: [ObjectBase.Type]? = nil,
        seedFilePath: URL? = nil,
        maximumNumberOfActiveVersions: UInt? = nil,
        filePermissions: Int = 0o600,
        logger: RealmLogger? = nil,
        logsObjectValues: Bool = false,
        metrics: (@Sendable (RealmMetric) -> Void)? = nil
    ) {
        self.init(
            fileURL: fileURL,
            inMemoryIdentifier: inMemoryIdentifier,
            encryptionKey: encryptionKey,
            readOnly: readOnly,
            schemaVersion: schemaVersion,
            migrationBlock: migrationBlock,
            deleteRealmIfMigrationNeeded: deleteRealmIfMigrationNeeded,
            shouldCompactOnLaunch: shouldCompactOnLaunch,
            objectTypes: objectTypes,
            seedFilePath: seedFilePath,
            maximumNumberOfActiveVersions: maximumNumberOfActiveVersions,
            filePermissions: filePermissions,
            logger: logger,
            logsObjectValues: logsObjectValues,
            metrics: metrics
        )
        self.syncConfiguration = syncConfiguration
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
