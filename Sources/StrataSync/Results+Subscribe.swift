import Foundation
import Strata

extension Results {
    /// Subscribes this file to the objects of the results on the hub: they are downloaded, kept up to date, and local
    /// changes to them are uploaded. Call it inside the realm's isolation (a `read` or `write` block, or code
    /// isolated to the realm); it returns at once, in ``SyncSubscription/State-swift.enum/creating``.
    ///
    /// The same name (or, unnamed, the same class and query) returns the existing subscription; a different query
    /// under an existing name fails unless `update` is true; a different class under an existing name always fails.
    ///
    /// Milestone 1 subscribes to whole classes with a primary key: a filter, `limit`, `timeToLive` or
    /// `includingLinkingObjects` gives a subscription in ``SyncSubscription/State-swift.enum/error(_:)`` naming what
    /// is not supported yet.
    ///
    /// ```swift
    /// let subscription = try await realm.read { realm in realm.objects(Dog.self).subscribe(named: "dogs") }
    /// ```
    /// - Parameters:
    ///   - subscriptionName: the subscription's name; nil for an unnamed one.
    ///   - limit: the most top-level objects to include (not supported yet).
    ///   - update: whether an existing subscription of this name may change its query.
    ///   - timeToLive: how long the subscription lasts (not supported yet).
    ///   - includingLinkingObjects: the `LinkingObjects` properties whose objects to include (not supported yet).
    /// - Returns: the subscription.
    /// - Complexity: O(1) here; storing it and downloading the class happen on the replication's tasks.
    public func subscribe(
        named subscriptionName: String? = nil,
        limit: Int? = nil,
        update: Bool = false,
        timeToLive: TimeInterval? = nil,
        includingLinkingObjects: [String] = []
    ) -> SyncSubscription {
        let query = replicationQuery
        let queryString = query.filter ?? "TRUEPREDICATE"
        let key = subscriptionName ?? SyncSubscription.unnamedPrefix + query.className + ":" + queryString
        func failed(_ error: SyncError) -> SyncSubscription {
            SyncSubscription(
                replica: nil,
                name: key,
                className: query.className,
                query: queryString,
                state: .error(error)
            )
        }
        guard let replica = (query.attachment as? ReplicaAttachment)?.replica else {
            return failed(.invalidConfiguration("the realm is not synced: open it with a syncConfiguration"))
        }
        var unsupported: [String] = []
        if let filter = query.filter {
            unsupported.append("a query (\(filter)); milestone 1 subscribes to whole classes")
        }
        if limit != nil { unsupported.append("limit") }
        if timeToLive != nil { unsupported.append("timeToLive") }
        if !includingLinkingObjects.isEmpty { unsupported.append("includingLinkingObjects") }
        guard unsupported.isEmpty else {
            return failed(.unsupportedSubscription(unsupported.joined(separator: ", ")))
        }
        return replica.subscribe(key: key, className: query.className, query: queryString, update: update)
    }
}
