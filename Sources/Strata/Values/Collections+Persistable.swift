import StrataCore

// A collection property is never stored as one value: its elements are written and read through the object that
// holds it (ManagedCollectionBacking.swift). A collection type's requirements give its empty default, refuse to be
// stored whole, read a null as empty, and copy a collection assigned to an unmanaged object's property into the one
// the property holds (AssignableCollection.swift).

extension List {
    /// A new, empty, unmanaged list.
    public static func _rlmDefaultValue() -> List<Element> { List<Element>() }

    /// Refused: a list is stored element by element.
    public func _rlmStoredValue(_ links: _StoredLinks) throws -> _StoredValue { throw storedWhole(Self.self) }

    /// An empty list for a null; a list is read through its object.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> List<Element> {
        stored.mismatch(Self.self)
    }

    /// Copies the elements of `value` into the list that property `index` of unmanaged `object` holds.
    public static func _rlmSetUnmanaged(_ value: List<Element>, _ object: ObjectBase, _ index: Int) {
        object.setUnmanagedCollection(value, at: index)
    }
}

extension MutableSet {
    /// A new, empty, unmanaged set.
    public static func _rlmDefaultValue() -> MutableSet<Element> { MutableSet<Element>() }

    /// Refused: a set is stored element by element.
    public func _rlmStoredValue(_ links: _StoredLinks) throws -> _StoredValue { throw storedWhole(Self.self) }

    /// An empty set for a null; a set is read through its object.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> MutableSet<Element> {
        stored.mismatch(Self.self)
    }

    /// Copies the elements of `value` into the set that property `index` of unmanaged `object` holds.
    public static func _rlmSetUnmanaged(_ value: MutableSet<Element>, _ object: ObjectBase, _ index: Int) {
        object.setUnmanagedCollection(value, at: index)
    }
}

extension Map {
    /// A new, empty, unmanaged map.
    public static func _rlmDefaultValue() -> Map<Key, Value> { Map<Key, Value>() }

    /// Refused: a map is stored entry by entry.
    public func _rlmStoredValue(_ links: _StoredLinks) throws -> _StoredValue { throw storedWhole(Self.self) }

    /// An empty map for a null; a map is read through its object.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> Map<Key, Value> {
        stored.mismatch(Self.self)
    }

    /// Copies the entries of `value` into the map that property `index` of unmanaged `object` holds.
    public static func _rlmSetUnmanaged(_ value: Map<Key, Value>, _ object: ObjectBase, _ index: Int) {
        object.setUnmanagedCollection(value, at: index)
    }
}

extension LinkingObjects {
    /// Linking objects of no object (an unmanaged object's): empty.
    public static func _rlmDefaultValue() -> LinkingObjects<Element> { LinkingObjects(owner: nil, property: -1) }

    /// Refused: linking objects are computed, never stored.
    public func _rlmStoredValue(_ links: _StoredLinks) throws -> _StoredValue { throw storedWhole(Self.self) }

    /// Empty for a null; linking objects are read through their object.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> LinkingObjects<Element> {
        stored.mismatch(Self.self)
    }
}

extension ObjectBase {
    /// Copies the elements of `collection` into the collection unmanaged property `index` holds (see
    /// `PropertyInfo.setUnmanaged`).
    func setUnmanagedCollection(_ collection: any AssignableCollection, at index: Int) {
        guard let property = propertyInfo?.properties[index] else {
            preconditionFailure("\(type(of: self)) has no property \(index)")
        }
        property.setUnmanaged(self, collection)
    }
}

/// The error of storing a collection of `type` as one value.
private func storedWhole(_ type: Any.Type) -> RealmError {
    RealmError.invalidValue("a value of type \(type) cannot be stored")
}
