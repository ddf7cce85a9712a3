import Dispatch
import StrataCore

extension RealmCollection {
    /// The collection's changes as an `AsyncSequence`: first `.initial` with the collection, then an `.update` after
    /// each write that changes it, each carrying the collection frozen at the version it describes.
    ///
    /// ```swift
    /// let changes = await realm.read { realm in realm.objects(Dog.self).filter("age > 2").changes() }
    /// for await change in changes {
    ///     if case .update(let dogs, let deletions, let insertions, let modifications) = change {
    ///         print(dogs.count, deletions, insertions, modifications)
    ///     }
    /// }
    /// ```
    ///
    /// Call it on a live collection inside its realm's isolation; the observation is registered when it returns,
    /// so a write right after it is seen. With `keyPaths`, a change to an object counts as a modification only when
    /// it is to one of the named properties (`"name"`, `"toys"` for a list itself, `"toys.brand"` through links,
    /// `"owners.name"` through a ``LinkingObjects`` property); insertions and deletions always count. Without (nil,
    /// or an empty list, as in Realm Swift), any change to an object or to the objects it links to (up to four links
    /// away, not through LinkingObjects) counts. The stream ends when its loop ends (`break` or cancellation).
    ///
    /// Stops with a message on a frozen or unmanaged collection. For a key path the element type lacks the stream
    /// delivers `.error` (Realm's message, "Property '…' not found in object of type '…'") and ends.
    /// - Complexity: for results of one type whose query reads only that type's own properties (no links, no
    ///   collections, no subqueries), sorted by such properties or unsorted, O(k log n) for k changed objects, plus one
    ///   copy of the n keys: the change set comes from the commit's change log. For a `List` observed as it is (not
    ///   filtered or sorted), O(e + log n) for e edits of the list, the list not read: its change comes from the edits
    ///   its commits logged by position; O(n) when the commits modified objects that may be its elements (to find
    ///   their indices). For other collections, or when this process's history does not cover the commits (another
    ///   process made them), O(n): the collection is read again and diffed.
    /// - Parameter keyPaths: the properties whose changes count as modifications, or nil for every property.
    /// - Returns: the stream; iterate it from any task.
    /// - Note: Differs from Realm Swift: an `AsyncSequence` replaces the Combine publisher, its payloads are frozen,
    ///   and a slow consumer gets coalesced changes (see the Notifications article).
    public func changes(keyPaths: [String]? = nil) -> ChangeStream<RealmCollectionChange<Self>> {
        guard let results = _contents.results else {
            // A list nested in an AnyRealmValue has no results: its values are compared as they are stored.
            if let nested = (self as? any NestedCollectionObservable)?.nestedBacking {
                return nested.source.changeStream { _ in NestedListObserver(self, backing: nested) }
            }
            preconditionFailure("changes(keyPaths:) needs a managed collection; an unmanaged one cannot be observed")
        }
        return results.source.changeStream { try CollectionObserver(self, keyPaths: keyPaths, schema: $0) }
    }

    /// Calls `block` with the collection's changes, on `queue` (or on a task of Strata's when nil), until the
    /// returned token is invalidated. The collection in each change is frozen at the version it describes.
    ///
    /// ```swift
    /// let token = await realm.read { realm in
    ///     realm.objects(Dog.self).observe { change in print(change) }
    /// }
    /// token.invalidate()
    /// ```
    /// - Complexity: as `changes(keyPaths:)`.
    /// - Parameters:
    ///   - keyPaths: the properties whose changes count as modifications, or nil for every property.
    ///   - queue: the queue the block runs on, or nil for a task of Strata's.
    ///   - block: called with each change; the collection in it is frozen.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    /// - Note: Differs from Realm Swift: the block is `@Sendable` and receives frozen collections.
    public func observe(
        keyPaths: [String]? = nil,
        on queue: DispatchQueue? = nil,
        _ block: @escaping @Sendable (RealmCollectionChange<Self>) -> Void
    ) -> NotificationToken {
        NotificationToken(changes(keyPaths: keyPaths), on: queue, block)
    }

    /// Calls `block` isolated to `actor` with the collection's changes, until the returned token is invalidated.
    /// - Complexity: as `changes(keyPaths:)`.
    /// - Parameters:
    ///   - keyPaths: the properties whose changes count as modifications, or nil for every property.
    ///   - actor: the actor the block runs isolated to.
    ///   - block: called with the actor and each change; the collection in it is frozen.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    public func observe<A: Actor>(
        keyPaths: [String]? = nil,
        on actor: A,
        _ block: @escaping @Sendable (isolated A, RealmCollectionChange<Self>) -> Void
    ) -> NotificationToken {
        NotificationToken(changes(keyPaths: keyPaths), on: actor, block)
    }
}

extension RealmCollection where Element: ObjectBase {
    /// `changes(keyPaths:)` with Swift key paths: `changes(keyPaths: [\Dog.name])`.
    /// - Complexity: as `changes(keyPaths:)`.
    /// - Parameter keyPaths: the properties whose changes count as modifications.
    /// - Returns: the stream; iterate it from any task.
    public func changes(keyPaths: [PartialKeyPath<Element>]) -> ChangeStream<RealmCollectionChange<Self>> {
        changes(keyPaths: keyPaths.map { KeyPathName.of($0) })
    }

    /// `observe(keyPaths:on:_:)` with Swift key paths.
    /// - Complexity: as `changes(keyPaths:)`.
    /// - Parameters:
    ///   - keyPaths: the properties whose changes count as modifications.
    ///   - queue: the queue the block runs on, or nil for a task of Strata's.
    ///   - block: called with each change; the collection in it is frozen.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    public func observe(
        keyPaths: [PartialKeyPath<Element>],
        on queue: DispatchQueue? = nil,
        _ block: @escaping @Sendable (RealmCollectionChange<Self>) -> Void
    ) -> NotificationToken {
        observe(keyPaths: keyPaths.map { KeyPathName.of($0) }, on: queue, block)
    }

    /// `observe(keyPaths:on:_:)` with Swift key paths.
    /// - Complexity: as `changes(keyPaths:)`.
    /// - Parameters:
    ///   - keyPaths: the properties whose changes count as modifications.
    ///   - actor: the actor the block runs isolated to.
    ///   - block: called with the actor and each change; the collection in it is frozen.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    public func observe<A: Actor>(
        keyPaths: [PartialKeyPath<Element>],
        on actor: A,
        _ block: @escaping @Sendable (isolated A, RealmCollectionChange<Self>) -> Void
    ) -> NotificationToken {
        observe(keyPaths: keyPaths.map { KeyPathName.of($0) }, on: actor, block)
    }
}
