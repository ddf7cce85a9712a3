import StrataCore

/// Creates the managed form of a collection property for an object.
protocol ManagedCollectionFactory {
    static func makeManaged(owner: ObjectBinding, property: Int) -> Any
}

/// The managed storage behind a List, MutableSet or Map: a property of one object, or a list or dictionary
/// nested in a mixed (``AnyRealmValue``) property, found there by its ``path``.
///
/// A frozen collection is read by any number of tasks at once: its owner is read without its row cache
/// (`ObjectBinding.readValue`) and its cache is behind a lock. A live one is confined to its realm's actor
/// (every read checks, in `RealmSource.read`), so its owner's row cache is used in place.
///
/// `@unchecked Sendable`: every stored property is a `let`. `owner` is a class whose row cache its reads update: a
/// live owner's only by code that passed the confinement check (so by one thread at a time), a frozen owner's never
/// (`readValue` reads a frozen binding without its row cache); `cache` is `Locked`; `property` and `path` are values.
final class ManagedCollectionBacking: @unchecked Sendable {
    /// The owner's binding (a copy of it, with a row cache of its own).
    let owner: ObjectBinding
    let property: Int
    /// For a collection in a mixed property: where it sits in the property's value (empty: the value itself).
    /// Nil for a collection property.
    let path: [NestedCollectionStep]?
    private let cache = Locked<(generation: Int, value: StrataCore.Value)?>(nil)

    init(owner: ObjectBinding, property: Int, path: [NestedCollectionStep]? = nil) {
        self.owner = owner
        self.property = property
        self.path = path
    }

    var source: RealmSource { owner.source }

    private var generation: Int { source.liveStateIfConfined("collection")?.generation ?? 0 }

    /// The stored collection (cached until the realm changes).
    var stored: StrataCore.Value {
        let current = generation
        if let cached = cache.withLock({ $0 }), cached.generation == current, source.isFrozen || current > 0 {
            return cached.value
        }
        var value = owner.readValue(property)
        if let path { value = NestedCollectionStep.value(in: value, at: path) ?? .null }
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

    /// Replaces the whole collection with Swift values (elements, or (key, value) pairs for maps); `listEdits`
    /// says how a list's positions changed (nil: an assignment of the whole list).
    func replace(with newValue: Any, listEdits: [ListEdit]? = nil) {
        let propertyInfo = owner.table.info.properties[property]
        let (realm, state) = source.liveState("collection")
        _ = state.writer("modify a managed collection")
        do {
            if let path {
                try state.setNestedCollection(propertyInfo, of: owner, at: path, to: newValue, realm: realm)
            } else {
                try state.setProperty(propertyInfo, of: owner, to: newValue, realm: realm, listEdits: listEdits)
            }
        } catch {
            ReadFailure.stop(error, reading: "a managed collection", otherwise: "\(error)")
        }
        cache.withLock { $0 = nil }
    }

    /// The stored collection as `reader`'s version holds it (a nested one found along its path); nil when the
    /// owner is gone or the place holds something else now. What observers compare between versions.
    /// - Throws: damage to the file (``ReadFailure/isDamage(_:)``), which observers deliver as `.error`.
    func stored(in reader: any TransactionReading) throws -> StrataCore.Value? {
        let value: StrataCore.Value
        do {
            let table = try reader.table(owner.table.tableKey)
            guard try table.contains(owner.key) else { return nil }
            value = try table.value(owner.key, owner.table.column(property))
        } catch {
            // Anything but damage says the owner or its class is gone.
            if ReadFailure.isDamage(error) { throw RealmError.wrapping(error) }
            return nil
        }
        guard let path else { return value }
        return NestedCollectionStep.value(in: value, at: path)
    }

    /// Changes one place of a managed list, set or map with the engine's element operations; false when the
    /// collection needs the whole-value path (one of embedded objects, or one nested in a mixed value).
    func edit(_ edit: CollectionEdit) -> Bool {
        guard path == nil else { return false }
        let propertyInfo = owner.table.info.properties[property]
        let (realm, state) = source.liveState("collection")
        _ = state.writer("modify a managed collection")
        let edited: Bool
        do {
            edited = try state.edit(edit, of: propertyInfo, of: owner, realm: realm)
        } catch {
            ReadFailure.stop(error, reading: "a managed collection", otherwise: "\(error)")
        }
        cache.withLock { $0 = nil }
        return edited
    }

    /// ``Results`` over the elements of this list or set in its stored order (or a map's values): over its
    /// objects for a collection of objects, over its values otherwise.
    func results<Element: RealmCollectionValue>() -> Results<Element> {
        precondition(path == nil, "a collection nested in a mixed property has no results")
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
        ManagedCollectionBacking(owner: try owner.frozen(), property: property, path: path)
    }

    /// The same collection in the realm whose block is running (see ``ObjectBinding/thawed()``).
    func thawed() -> ManagedCollectionBacking? {
        if !source.isFrozen { return self }
        return owner.thawed().map { ManagedCollectionBacking(owner: $0, property: property, path: path) }
    }

    func element<T>(_ value: StrataCore.Value, as type: T.Type) -> T {
        if T.self == DynamicObject.self { return dynamicElement(value) as! T }
        // A map of objects read dynamically (`Map<String, DynamicObject?>`): nil for a null link.
        if T.self == DynamicObject?.self {
            if case .null = value { return DynamicObject?.none as! T }
            return DynamicObject?.some(dynamicElement(value)) as! T
        }
        return ValueConversion.swiftValue(value, as: T.self, source: source) as! T
    }

    /// An element of a list, set or map of objects read as a `DynamicObject` (`List<DynamicObject>`): bound to the table
    /// of the class the property links to, which the element type alone does not name.
    private func dynamicElement(_ value: StrataCore.Value) -> DynamicObject {
        let info = owner.table.info.properties[property]
        guard case .link(let key) = value, let target = info.typeInfo.objectClass else {
            preconditionFailure("\(owner.table.className).\(info.name) holds \(value), which is not an object")
        }
        return ObjectBinding.makeElement(DynamicObject.self, source, source.schema.table(for: target), key)
    }

    /// The element at `step` of this collection: a list or dictionary in a mixed value is managed, at its place
    /// under this one.
    func element<T>(_ value: StrataCore.Value, as type: T.Type, at step: NestedCollectionStep) -> T {
        if T.self == AnyRealmValue.self, let path,
            let nested = ManagedCollectionBacking.mixedCollection(
                value,
                owner: owner,
                property: property,
                path: path + [step]
            )
        {
            return nested as! T
        }
        return element(value, as: T.self)
    }

    /// A managed `.list` or `.dictionary` for a list or dictionary engine value at `path` of a mixed property;
    /// nil for any other value.
    static func mixedCollection(
        _ value: StrataCore.Value,
        owner: ObjectBinding,
        property: Int,
        path: [NestedCollectionStep]
    )
        -> AnyRealmValue?
    {
        switch value {
        case .list:
            return .list(List(backing: ManagedCollectionBacking(owner: owner, property: property, path: path)))
        case .dictionary:
            return .dictionary(Map(backing: ManagedCollectionBacking(owner: owner, property: property, path: path)))
        default: return nil
        }
    }

    /// Whether two backings are the same collection: one object's property, at one place in it, in one realm.
    func isSameCollection(as other: ManagedCollectionBacking) -> Bool {
        if self === other { return true }
        return owner.key == other.owner.key && owner.table.tableKey == other.owner.table.tableKey
            && property == other.property && path == other.path && owner.isFrozen == other.owner.isFrozen
            && owner.databasePath == other.owner.databasePath
    }
}
