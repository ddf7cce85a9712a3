import Foundation
import Strata
import StrataSync

/// Where the figures' realms live and which hub they replicate through.
struct BenchSetup: Sendable {
    /// The temporary directory of the run's files.
    let directory: String
    /// The libpq connection string of the hub's PostgreSQL database.
    let conninfo: String
    /// Prefixed to every logical database name, so that two runs against one server never share one.
    let runID: String

    /// The configuration of the file `name` (removed first), replicated to the logical database `database` when given.
    func configuration(
        _ name: String,
        database: String?,
        pollInterval: Duration = .seconds(1),
        conninfo: String? = nil
    ) throws -> Realm.Configuration {
        var configuration = Realm.Configuration(
            fileURL: URL(fileURLWithPath: directory + "/\(name).strata"),
            objectTypes: [BenchItem.self]
        )
        _ = try Realm.deleteFiles(for: configuration)
        if let database {
            var sync = SyncConfiguration(connectionString: conninfo ?? self.conninfo, databaseName: runID + database)
            sync.pollInterval = pollInterval
            configuration.syncConfiguration = sync
        }
        return configuration
    }

    /// Opens a realm of `configuration` and, when it is synced, subscribes to `BenchItem` and waits until the
    /// subscription is complete (the class registered with the hub and its objects downloaded), or only stored
    /// (`until: .pending`: its commits are recorded in the outbox from then on, whether the hub is reachable or not).
    static func open(
        _ configuration: Realm.Configuration,
        until wanted: SyncSubscription.State = .complete
    ) async throws -> Realm {
        let realm = try await Realm(configuration: configuration)
        guard configuration.syncConfiguration != nil else { return realm }
        let subscription = await realm.read { realm in realm.objects(BenchItem.self).subscribe(named: "items") }
        for await state in subscription.states {
            if state == wanted || state == .complete { break }
            if case .error(let error) = state { throw BenchmarkError("subscription failed: \(error)") }
        }
        return realm
    }
}

extension Realm {
    /// The realm's sync session (it must be synced).
    func session() async throws -> SyncSession {
        guard let session = syncSession else { throw BenchmarkError("the realm is not synced") }
        return session
    }
}
