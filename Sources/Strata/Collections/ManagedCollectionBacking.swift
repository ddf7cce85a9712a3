import StrataCore

/// Creates the managed form of a collection property for an object.
protocol ManagedCollectionFactory {
    static func makeManaged(owner: ObjectBinding, property: Int) -> Any
}

/// The managed storage behind a List, MutableSet or Map: a property of one object.
///
/// A frozen collection is read by any number of tasks at once: its owner is read without its row cache
/// (`ObjectBinding.readValue`) and its cache is behind a lock. A live one is confined to its realm's actor
/// (every read checks, in `RealmSource.read`), so its owner's row cache is used in place.
///
/// `@unchecked Sendable`: `owner` is mutated (its row cache) only for a live owner, by code that passed the
/// confinement check, so by one thread at a time; `cache` is `Locked`; the rest is immutable.
final class ManagedCollectionBacking: @unchecked Sendable {
    /// The owner's binding (a copy of it, with a row cache of its own).
    private(set) var owner: ObjectBinding
    let property: Int
    private let cache = Locked<(generation: Int, value: StrataCore.Value)?>(nil)

    init(owner: ObjectBinding, property: Int) {
        self.owner = owner
        self.property = property
    }

    var source: RealmSource { owner.source }

    private var generation: Int { source.liveStateIfConfined("collection")?.generation ?? 0 }

    /// The stored collection (cached until the realm changes).
    var stored: StrataCore.Value {
        let current = generation
        if let cached = cache.withLock({ $0 }), cached.generation == current, source.isFrozen || current > 0 {
            return cached.value
        }
        let value = owner.isLive ? owner.engineValue(property) : owner.readValue(property)
        cache.withLock { $0 = (current, value) }
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
        cache.withLock { $0 = nil }
    }

    /// Appends elements to a managed list without reading its elements back as Swift values; false when the
    /// list needs the whole-value path (a list of embedded objects).
    func append(_ elements: [Any]) -> Bool {
        let propertyInfo = owner.table.info.properties[property]
        let (realm, state) = source.liveState("collection")
        _ = state.writer("modify a managed collection")
        let appended: Bool
        do {
            appended = try state.append(elements, toList: propertyInfo, of: owner, realm: realm)
        } catch {
            preconditionFailure("\(error)")
        }
        cache.withLock { $0 = nil }
        return appended
    }

    /// ``Results`` over the elements of this list or set in its stored order (or a map's values): over its
    /// objects for a collection of objects, over its values otherwise.
    func results<Element: RealmCollectionValue>() -> Results<Element> {
        let objectClass = owner.table.info.properties[property].typeInfo.objectClass
        return Results(
            source: owner.source,
            className: objectClass.map { ObjectClassInfo.unqualifiedName(of: $0) } ?? owner.table.className,
            base: CollectionBase(
                ownerTable: owner.table,
                ownerKey: owner.key,
                property: property,
                kind: objectClass == nil ? .values : .list
            )
        )
    }

    /// The same collection in a frozen snapshot of the realm's current version.
    func frozen() throws -> ManagedCollectionBacking {
        ManagedCollectionBacking(owner: try owner.frozen(), property: property)
    }

    /// The same collection in the realm whose block is running (see ``ObjectBinding/thawed()``).
    func thawed() -> ManagedCollectionBacking? {
        if !source.isFrozen { return self }
        return owner.thawed().map { ManagedCollectionBacking(owner: $0, property: property) }
    }

    func element<T>(_ value: StrataCore.Value, as type: T.Type) -> T {
        ValueConversion.swiftValue(value, as: T.self, source: source) as! T
    }
}
