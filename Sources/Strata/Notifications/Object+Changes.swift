import Dispatch
import StrataCore

extension ThreadConfined where Self: ObjectBase {
    /// The object's changes as an `AsyncSequence`: `.change` after each write that changes it, with the object frozen
    /// at that version and each changed property's old and new values; `.deleted` (and the end) when it is deleted.
    ///
    /// ```swift
    /// let changes = await realm.read { realm in dog.changes(keyPaths: ["name"]) }
    /// for await change in changes {
    ///     if case .change(_, let properties) = change { print(properties.map(\.name)) }
    /// }
    /// ```
    ///
    /// Call it on a live object inside its realm's isolation; it is registered when it returns. Unlike a
    /// collection's stream, it has no initial element.
    ///
    /// Without key paths (nil, or an empty list) the observation is shallow, as Realm Swift's: a change is reported
    /// for each of the object's own properties a write set, even to the value it had (`dog.name = dog.name`
    /// counts); a list, set or map counts when an element is added, removed, moved or replaced, a link when it
    /// points elsewhere, but a change made to the objects they link to does not count, and ``LinkingObjects``
    /// properties are not reported. With `keyPaths`, only changes along them count: `"name"`, `"dogs"` for the list
    /// itself, `"dogs.name"` for the name of an object in it, `"owners"` for a ``LinkingObjects`` property (an
    /// object starting or stopping to link here), `"owners.name"` for the name of an object linking here.
    /// Stops with a message on a frozen or unmanaged object. For an unknown key path the stream delivers `.error`
    /// (Realm's message, "Property '…' not found in object of type '…'") and ends.
    /// - Complexity: O(p) for p observed properties per delivered change.
    /// - Parameter keyPaths: the properties whose changes are reported, or nil (or an empty list) for every property
    ///   of the object itself.
    /// - Returns: the stream; iterate it from any task.
    /// - Note: Differs from Realm Swift: an `AsyncSequence` replaces the Combine publisher, and the object in each
    ///   change is frozen.
    public func changes(keyPaths: [String]? = nil) -> ChangeStream<ObjectChange<Self>> {
        guard let binding else { preconditionFailure("Only objects which are managed by a Realm support observation") }
        return binding.source.changeStream {
            try ObjectObserver(self, binding: binding, keyPaths: keyPaths, schema: $0)
        }
    }

    /// `changes(keyPaths:)` with Swift key paths: `dog.changes(keyPaths: [\Dog.name])`.
    /// - Parameter keyPaths: the properties whose changes are reported.
    /// - Returns: the stream; iterate it from any task.
    /// - Complexity: O(p) for p observed properties per delivered change.
    public func changes(keyPaths: [PartialKeyPath<Self>]) -> ChangeStream<ObjectChange<Self>> {
        changes(keyPaths: keyPaths.map { KeyPathName.of($0) })
    }

    /// Calls `block` with the object's changes, on `queue` (or on a task of Strata's when nil), until the returned
    /// token is invalidated.
    /// - Parameters:
    ///   - keyPaths: the properties whose changes are reported, or nil for every property.
    ///   - queue: the queue the block runs on, or nil for a task of Strata's.
    ///   - block: called with each change; the object in it is frozen.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    public func observe(
        keyPaths: [String]? = nil,
        on queue: DispatchQueue? = nil,
        _ block: @escaping @Sendable (ObjectChange<Self>) -> Void
    ) -> NotificationToken {
        NotificationToken(changes(keyPaths: keyPaths), on: queue, block)
    }

    /// Calls `block` isolated to `actor` with the object's changes, until the returned token is invalidated.
    /// - Parameters:
    ///   - keyPaths: the properties whose changes are reported, or nil for every property.
    ///   - actor: the actor the block runs isolated to.
    ///   - block: called with the actor and each change; the object in it is frozen.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    public func observe<A: Actor>(
        keyPaths: [String]? = nil,
        on actor: A,
        _ block: @escaping @Sendable (isolated A, ObjectChange<Self>) -> Void
    ) -> NotificationToken {
        NotificationToken(changes(keyPaths: keyPaths), on: actor, block)
    }

    /// `observe(keyPaths:on:_:)` with Swift key paths: `dog.observe(keyPaths: [\Dog.name]) { change in … }`.
    /// - Parameters:
    ///   - keyPaths: the properties whose changes are reported.
    ///   - queue: the queue the block runs on, or nil for a task of Strata's.
    ///   - block: called with each change; the object in it is frozen.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    public func observe(
        keyPaths: [PartialKeyPath<Self>],
        on queue: DispatchQueue? = nil,
        _ block: @escaping @Sendable (ObjectChange<Self>) -> Void
    ) -> NotificationToken {
        NotificationToken(changes(keyPaths: keyPaths), on: queue, block)
    }

    /// `observe(keyPaths:on:_:)` isolated to `actor`, with Swift key paths.
    /// - Parameters:
    ///   - keyPaths: the properties whose changes are reported.
    ///   - actor: the actor the block runs isolated to.
    ///   - block: called with the actor and each change; the object in it is frozen.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    public func observe<A: Actor>(
        keyPaths: [PartialKeyPath<Self>],
        on actor: A,
        _ block: @escaping @Sendable (isolated A, ObjectChange<Self>) -> Void
    ) -> NotificationToken {
        NotificationToken(changes(keyPaths: keyPaths), on: actor, block)
    }
}
