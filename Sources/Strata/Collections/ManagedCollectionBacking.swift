import StrataCore

/// Creates the managed form of a collection property for an object.
protocol ManagedCollectionFactory {
    static func makeManaged(owner: ObjectBinding, property: Int) -> Any
}

/// The managed storage behind a List, MutableSet or Map: a property of one object.
final class ManagedCollectionBacking {
    /// The owner's binding (a copy of it, with a row cache of its own).
    private(set) var owner: ObjectBinding
    let property: Int
    private var cache: (generation: Int, value: StrataCore.Value)?

    init(owner: ObjectBinding, property: Int) {
        self.owner = owner
        self.property = property
    }

    var source: RealmSource { owner.source }

    private var generation: Int { source.liveStateIfConfined("collection")?.generation ?? 0 }

    /// The stored collection (cached until the realm changes).
    var stored: StrataCore.Value {
        let current = generation
        if let cache, cache.generation == current, source.isFrozen || current > 0 { return cache.value }
        let value = owner.engineValue(property)
        cache = (current, value)
        return value
    }

    /// The elements of a list or set.
    var elements: [StrataCore.Value] {
        if case .list(let values) = stored { return values }
        return []
    }

    /// The entries of a dictionary.
    var entries: [DictionaryEntry] {
        if case .dictionary(let entries) = stored { return entries }
        return []
    }

    /// Replaces the whole collection with Swift values (elements, or (key, value) pairs for maps).
    func replace(with newValue: Any) {
        let propertyInfo = owner.table.info.properties[property]
        let (realm, state) = source.liveState("collection")
        _ = state.writer("modify a managed collection")
        do {
            try state.setProperty(propertyInfo, of: owner, to: newValue, realm: realm)
        } catch {
            preconditionFailure("\(error)")
        }
        cache = nil
    }

    func element<T>(_ value: StrataCore.Value, as type: T.Type) -> T {
        ValueConversion.swiftValue(value, as: T.self, source: source) as! T
    }
}
