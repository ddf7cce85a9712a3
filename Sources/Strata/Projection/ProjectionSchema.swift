import StrataCore

/// The `@Projected` properties of a projection class, found by reflection on an instance (a class's property
/// wrappers are stored properties named `_label`).
///
/// Each class is checked once, when its first instance is made: every projected key path must read a persisted
/// property of the root (Realm Swift reports the same mistake at the same time). The classes already checked
/// are kept behind a lock, since projections are made in any task.
enum ProjectionSchema {
    /// One `@Projected` property: its name in the projection and the wrapper.
    struct Entry {
        let label: String
        let property: any ProjectedProperty
    }

    private static let checked = Locked<Set<ObjectIdentifier>>([])

    /// The `@Projected` properties of `projection`, in declaration order (a superclass's first).
    static func entries(of projection: AnyObject) -> [Entry] {
        var mirrors: [Mirror] = []
        var mirror: Mirror? = Mirror(reflecting: projection)
        while let current = mirror {
            mirrors.append(current)
            mirror = current.superclassMirror
        }
        return mirrors.reversed().flatMap { mirror in
            mirror.children.compactMap { child -> Entry? in
                guard let property = child.value as? any ProjectedProperty, let label = child.label else { return nil }
                return Entry(label: label.hasPrefix("_") ? String(label.dropFirst()) : label, property: property)
            }
        }
    }

    /// Stops with a message if a projected key path of `projection`'s class reads no persisted property of
    /// `root`; checks each class once.
    static func check(_ projection: AnyObject, root: ObjectBase.Type) {
        let type = ObjectIdentifier(Swift.type(of: projection))
        if checked.withLock({ $0.contains(type) }) { return }
        for entry in entries(of: projection) where entry.property.originPath == nil {
            preconditionFailure(
                "@Projected property '\(entry.label)' of \(Swift.type(of: projection)) must read a persisted "
                    + "property of \(root): its key path reads none"
            )
        }
        checked.withLock { _ = $0.insert(type) }
    }
}
