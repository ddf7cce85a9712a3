import Dispatch

extension ProjectionObservable where Self: ThreadConfined {
    /// The projection's changes as an `AsyncSequence`: `.change` after each write that changes a projected property
    /// of the projected object, with a projection of the object frozen at that version and each changed projected
    /// property's old and new values; `.deleted` (and the end) when the object is deleted.
    ///
    /// ```swift
    /// final class PersonProjection: Projection<Person> {
    ///     @Projected(\Person.name) var displayName
    ///     @Projected(\Person.address?.city) var city
    /// }
    /// let changes = await realm.read { realm in
    ///     realm.objects(PersonProjection.self).first!.changes(keyPaths: ["address.city"])
    /// }
    /// for await change in changes {
    ///     if case .change(_, let properties) = change { print(properties.map(\.name)) }  // ["city"]
    /// }
    /// ```
    ///
    /// As Realm Swift reports a projection's changes:
    /// - Each ``PropertyChange`` is named for the projection's property (`city`), and its values are the projected
    ///   values (a computed key path's result, the end of a path through links). The old value is the projected
    ///   key path read on the object's old values; it is nil when the root property is a collection.
    /// - A change to a root property reports every projected property that reads it, in declaration order, even
    ///   the ones whose value did not change (`\Person.address?.city` and `\Person.address?.zip` are both reported
    ///   when the address changes).
    /// - Without key paths, the observed paths are those the projected properties read, through links
    ///   (`address.city`); a `projectTo` property reads its list or set (`dogs`), as Realm Swift records it. With
    ///   `keyPaths`, the paths are the root's, and only projected properties reading one of them are observed and
    ///   reported; a key path no projected property reads is never reported.
    /// - Like an object's stream, it has no initial element.
    ///
    /// Call it on a projection of a live object inside its realm's isolation; it is registered when it returns.
    /// Stops with a message on a projection of a frozen or unmanaged object.
    /// - Complexity: O(p + c) per delivered change, for p projected properties and c changed root properties (whose
    ///   old values are set on an unmanaged object to read the projected old values).
    /// - Parameter keyPaths: the root's key paths whose projected properties are reported (`"address.city"`), or nil
    ///   (or an empty list) for every projected property.
    /// - Returns: the stream; iterate it from any task.
    /// - Note: Differs from Realm Swift: an `AsyncSequence` replaces the Combine publisher, the projection in each
    ///   change is of the frozen object, and old values are given for the observing realm's own writes too.
    public func changes(keyPaths: [String]? = nil) -> ChangeStream<ObjectChange<Self>> {
        let root = rootObject
        guard let binding = root.binding else {
            preconditionFailure("Only objects which are managed by a Realm support observation")
        }
        let properties = ProjectionSchema.entries(of: self).compactMap { entry in
            entry.property.originPath.map { ObservedProjectedProperty(entry: entry, originPath: $0) }
        }
        let wanted = keyPaths?.isEmpty == false ? keyPaths : nil
        let reported = properties.filter { wanted?.contains($0.originPath) ?? true }
        var observedPaths: [String] = []
        for property in reported where !observedPaths.contains(property.originPath) {
            observedPaths.append(property.originPath)
        }
        // No projected property reads a requested path: observe the root's own properties, of which none is reported.
        let rootPaths = observedPaths.isEmpty ? nil : observedPaths
        let singleValued = Self.singleValuedRootProperties()
        return binding.source.changeStream { schema in
            try ObjectObserver(root, binding: binding, keyPaths: rootPaths, schema: schema) { change in
                Self.projected(change, reporting: reported, singleValued: singleValued)
            }
        }
    }

    /// `changes(keyPaths:)` with key paths on the projection: `projection.changes(keyPaths: [\PersonProjection.city])`
    /// observes the root's path the projected property reads (`address.city`).
    /// - Parameter keyPaths: the projected properties whose changes are reported; an empty list reports every one.
    /// - Returns: the stream; iterate it from any task.
    /// - Complexity: O(p) for p projected properties per delivered change.
    public func changes(keyPaths: [PartialKeyPath<Self>]) -> ChangeStream<ObjectChange<Self>> {
        changes(keyPaths: keyPaths.map { KeyPathName.of($0) })
    }

    /// Calls `block` with the projection's changes, on `queue` (or on a task of Strata's when nil), until the
    /// returned token is invalidated. What is reported is described at `changes(keyPaths:)`.
    /// - Parameters:
    ///   - keyPaths: the root's key paths whose projected properties are reported, or nil for every one.
    ///   - queue: the queue the block runs on, or nil for a task of Strata's.
    ///   - block: called with each change; the projection in it is of the frozen object.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    public func observe(
        keyPaths: [String]? = nil,
        on queue: DispatchQueue? = nil,
        _ block: @escaping @Sendable (ObjectChange<Self>) -> Void
    ) -> NotificationToken {
        NotificationToken(changes(keyPaths: keyPaths), on: queue, block)
    }

    /// `observe(keyPaths:on:_:)` with key paths on the projection (`[\PersonProjection.city]`).
    /// - Parameters:
    ///   - keyPaths: the projected properties whose changes are reported; an empty list reports every one.
    ///   - queue: the queue the block runs on, or nil for a task of Strata's.
    ///   - block: called with each change; the projection in it is of the frozen object.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    public func observe(
        keyPaths: [PartialKeyPath<Self>],
        on queue: DispatchQueue? = nil,
        _ block: @escaping @Sendable (ObjectChange<Self>) -> Void
    ) -> NotificationToken {
        NotificationToken(changes(keyPaths: keyPaths), on: queue, block)
    }

    /// Calls `block` isolated to `actor` with the projection's changes, until the returned token is invalidated.
    /// - Parameters:
    ///   - keyPaths: the root's key paths whose projected properties are reported, or nil for every one.
    ///   - actor: the actor the block runs isolated to.
    ///   - block: called with the actor and each change; the projection in it is of the frozen object.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    public func observe<A: Actor>(
        keyPaths: [String]? = nil,
        on actor: A,
        _ block: @escaping @Sendable (isolated A, ObjectChange<Self>) -> Void
    ) -> NotificationToken {
        NotificationToken(changes(keyPaths: keyPaths), on: actor, block)
    }

    /// `observe(keyPaths:on:_:)` isolated to `actor`, with key paths on the projection.
    /// - Parameters:
    ///   - keyPaths: the projected properties whose changes are reported; an empty list reports every one.
    ///   - actor: the actor the block runs isolated to.
    ///   - block: called with the actor and each change; the projection in it is of the frozen object.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    public func observe<A: Actor>(
        keyPaths: [PartialKeyPath<Self>],
        on actor: A,
        _ block: @escaping @Sendable (isolated A, ObjectChange<Self>) -> Void
    ) -> NotificationToken {
        NotificationToken(changes(keyPaths: keyPaths), on: actor, block)
    }

    /// The names of the root's properties that hold one value (not a collection or linking objects): those whose
    /// old value a change carries.
    private static func singleValuedRootProperties() -> Set<String> {
        // Reflection on `Root`, no file read: its one error is an invalid model declaration, never damage, and it
        // only means that changes carry no old values.
        guard let info = try? ObjectClassInfo.of(Root.self) else { return [] }
        return Set(
            info.properties.filter { $0.typeInfo.collection == .single && !$0.typeInfo.isLinkingObjects }.map(\.name)
        )
    }

    /// The projection's change for the root object's `change`: one property change per reported projected property
    /// that reads a changed root property; nil when there is none.
    private static func projected(
        _ change: ObjectChange<Root>,
        reporting properties: [ObservedProjectedProperty],
        singleValued: Set<String>
    ) -> ObjectChange<Self>? {
        switch change {
        case .error(let error): return .error(error)
        case .deleted: return .deleted
        case .change(let frozen, let rootChanges):
            // The old values, set on an unmanaged object, give each projected key path's old value (Realm's way). A
            // link's old value is the object it linked to; one deleted since (a replaced embedded object) is left
            // out, so a path through it reads nil.
            let old = Root()
            for rootChange in rootChanges where singleValued.contains(rootChange.name) {
                if let linked = rootChange.oldValue as? ObjectBase, linked.isInvalidated { continue }
                old.setValue(rootChange.oldValue, forKey: rootChange.name)
            }
            var changes: [PropertyChange] = []
            for rootChange in rootChanges {
                for property in properties where property.rootName == rootChange.name {
                    changes.append(
                        PropertyChange(
                            name: property.entry.label,
                            oldValue: singleValued.contains(rootChange.name)
                                ? PropertyChange.reported(property.entry.property.value(of: old)) : nil,
                            newValue: PropertyChange.reported(property.entry.property.value(of: frozen))
                        )
                    )
                }
            }
            return changes.isEmpty ? nil : .change(Self(projecting: frozen), changes)
        }
    }
}

/// A projected property a projection's observer reports: the property and the root's path it reads.
struct ObservedProjectedProperty {
    let entry: ProjectionSchema.Entry
    /// The root's properties the key path reads, joined by dots (`address.city`).
    let originPath: String
    /// The root property the path starts with: a change to it reports this projected property.
    var rootName: Substring { originPath.prefix { $0 != "." } }
}
