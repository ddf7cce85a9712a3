import StrataCore

/// What a replication layer (StrataSync) plugs into a realm's configuration: it is started when a realm opens its
/// file, right after opening and before any migration or schema commit, so that every local commit passes through
/// its commit hook (DESIGN.md section 7).
package protocol ReplicationStarter: Sendable {
    /// Attaches replication to `database`, the file `configuration` opened; the returned attachment keeps it running
    /// while the realm that holds it is open.
    func attach(to database: Database, configuration: Realm.Configuration) async throws -> any ReplicationAttachment
}

/// Keeps a file's replication running while a realm holds it; released when the realm closes or goes away.
package protocol ReplicationAttachment: AnyObject, Sendable {}

extension Realm {
    /// The replication this realm keeps running (nil when its configuration has none).
    package var replicationAttachment: (any ReplicationAttachment)? { state.replicationAttachment }

    /// Tells this process's realms of `path` that a commit made outside them (replication applying pulled changes)
    /// landed, so that they move to it and deliver their observers' changes.
    package static func announceCommit(path: String) {
        FileCoordinator.committed(path: path)
    }
}

/// What replication needs of results to subscribe to them (StrataSync's `subscribe(named:…)`).
package struct ReplicationQuery: Sendable {
    /// The class the results hold.
    package var className: String
    /// The query in the Realm query language, or nil when the results are every object of the class (sorting
    /// aside).
    package var filter: String?
    /// The replication of the results' realm (nil: not synced, or frozen results).
    package var attachment: (any ReplicationAttachment)?
}

extension Results {
    /// The results as a subscription sees them; reading it checks that the caller is on the realm's executor.
    package var replicationQuery: ReplicationQuery {
        let attachment = source.liveStateIfConfined("Results")?.replicationAttachment
        var filter: String?
        if base != nil {
            filter = "the elements of a collection property"
        } else if let query {
            if query.predicate != .truePredicate {
                filter = "\(query.predicate)"
            } else if let stage = query.stages.first(where: { if case .sort = $0 { false } else { true } }) {
                filter = "\(stage)"
            }
        }
        return ReplicationQuery(className: className, filter: filter, attachment: attachment)
    }
}
