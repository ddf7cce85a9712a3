import Strata

/// Where a realm replicates to: a PostgreSQL database reached through libpq, and the logical database (a name) that
/// several server instances share there.
///
/// ```swift
/// var configuration = Realm.Configuration(objectTypes: [Dog.self])
/// configuration.syncConfiguration = SyncConfiguration(
///     connectionString: "host=/var/run/postgresql dbname=app user=app",
///     databaseName: "dogs"
/// )
/// let realm = try await Realm(configuration: configuration)
/// ```
public struct SyncConfiguration: Sendable, Equatable {
    /// A libpq connection string (`host=… dbname=… user=…`) or URI (`postgresql://…`).
    public var connectionString: String
    /// The logical database the instances share; at most 56 bytes, so that its `NOTIFY` channel (`strata_` and the
    /// name) fits PostgreSQL's 63-byte limit.
    public var databaseName: String
    /// Whether the library installs (or upgrades) the hub's schema when it is missing; turn it off when a DBA
    /// installs it (the SQL `strata sync-schema` prints) and the application's role has only `EXECUTE`.
    public var installsHubSchema: Bool
    /// How often the puller asks the hub for changes when no `NOTIFY` woke it, and the pusher looks at the outbox.
    public var pollInterval: Duration

    /// A configuration for `databaseName` on the PostgreSQL server `connectionString` names.
    /// - Parameters:
    ///   - connectionString: a libpq connection string or URI.
    ///   - databaseName: the logical database several instances share.
    public init(connectionString: String, databaseName: String) {
        self.connectionString = connectionString
        self.databaseName = databaseName
        installsHubSchema = true
        pollInterval = .seconds(1)
    }

    /// The longest logical database name (PostgreSQL's identifiers are at most 63 bytes; the channel adds 7).
    public static let maximumDatabaseNameLength = 56

    /// Checks what can be checked without a connection.
    func validate(_ configuration: Realm.Configuration) throws {
        guard configuration.inMemoryIdentifier == nil else {
            throw SyncError.invalidConfiguration("an in-memory realm cannot be synced")
        }
        guard !configuration.readOnly else {
            throw SyncError.invalidConfiguration("a read-only realm cannot be synced")
        }
        guard !databaseName.isEmpty else { throw SyncError.invalidConfiguration("the logical database name is empty") }
        guard databaseName.utf8.count <= Self.maximumDatabaseNameLength else {
            throw SyncError.invalidConfiguration(
                "the logical database name \"\(databaseName)\" is \(databaseName.utf8.count) bytes; at most "
                    + "\(Self.maximumDatabaseNameLength) fit a PostgreSQL NOTIFY channel"
            )
        }
    }
}
