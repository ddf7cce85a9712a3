import Strata

extension Realm {
    /// The realm's replication session, or nil when its configuration has no `syncConfiguration`.
    ///
    /// ```swift
    /// try await realm.syncSession?.wait(for: .download)
    /// ```
    public var syncSession: SyncSession? { (replicationAttachment as? ReplicaAttachment)?.replica.session }

    /// The realm's subscriptions that are stored (past ``SyncSubscription/State-swift.enum/creating``), in name
    /// order; empty for a realm that is not synced.
    /// - Complexity: O(s log s) for s subscriptions.
    public func subscriptions() -> [SyncSubscription] {
        guard let replica = (replicationAttachment as? ReplicaAttachment)?.replica else { return [] }
        return replica.storedSubscriptions
    }

    /// The stored subscription named `name`, or nil.
    /// - Parameter name: the name given to `subscribe(named:)`.
    public func subscription(named name: String) -> SyncSubscription? {
        subscriptions().first { $0.name == name }
    }
}
