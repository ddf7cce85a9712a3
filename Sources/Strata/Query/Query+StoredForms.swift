// A property read through its stored form in a typed query, as Realm Swift's `Query` offers it: `rawValue` for an enum
// (`$0.status.rawValue > 2`, `$0.status.rawValue.contains("pen")`) and `persistableValue` for a custom persistable
// type (`$0.temperature.persistableValue < 10.0`). The query is the same property; only the operators and constants
// it takes are the stored type's.

extension Query where T: PersistableEnum {
    /// The enum's raw value, to query with the raw type's operators.
    /// - Complexity: O(1).
    public var rawValue: Query<T.RawValue> { retyped() }
}

extension Query where T: OptionalProtocol, T.Wrapped: PersistableEnum {
    /// The optional enum's raw value (nil when the property is nil), to query with the raw type's operators.
    /// - Complexity: O(1).
    public var rawValue: Query<T.Wrapped.RawValue?> { retyped() }
}

extension Query where T: RealmCollection, T.Element: PersistableEnum, T.Element.RawValue: RealmCollectionValue {
    /// The raw values of a list or set of enums, to query with the raw type's operators.
    /// - Complexity: O(1).
    public var rawValue: Query<AnyRealmCollection<T.Element.RawValue>> {
        retyped()
    }
}

extension Query
where
    T: RealmCollection, T.Element: OptionalProtocol, T.Element.Wrapped: PersistableEnum,
    T.Element.Wrapped.RawValue: RealmCollectionValue
{
    /// The raw values of a list or set of optional enums, to query with the raw type's operators.
    /// - Complexity: O(1).
    public var rawValue: Query<AnyRealmCollection<T.Element.Wrapped.RawValue?>> {
        retyped()
    }
}

extension Query where T: RealmKeyedCollection, T.Value: PersistableEnum, T.Value.RawValue: RealmCollectionValue {
    /// The raw values of a map of enums, to query with the raw type's operators.
    /// - Complexity: O(1).
    public var rawValue: Query<Map<T.Key, T.Value.RawValue>> {
        retyped()
    }
}

extension Query
where
    T: RealmKeyedCollection, T.Value: OptionalProtocol, T.Value.Wrapped: PersistableEnum,
    T.Value.Wrapped.RawValue: RealmCollectionValue
{
    /// The raw values of a map of optional enums, to query with the raw type's operators.
    /// - Complexity: O(1).
    public var rawValue: Query<Map<T.Key, T.Value.Wrapped.RawValue?>> {
        retyped()
    }
}

extension Query where T: _HasPersistedType {
    /// The value's stored form (a custom persistable type's `persistableValue`), to query with its operators.
    ///
    /// ```swift
    /// let cold = realm.objects(Reading.self).where { $0.temperature.persistableValue < 10.0 }
    /// ```
    /// - Complexity: O(1).
    public var persistableValue: Query<T.PersistedType> { retyped() }
}

extension Query where T: RealmCollection, T.Element.PersistedType: RealmCollectionValue {
    /// The stored forms of a list or set of custom persistable values, to query with their operators.
    /// - Complexity: O(1).
    public var persistableValue: Query<AnyRealmCollection<T.Element.PersistedType>> {
        retyped()
    }
}

extension Query where T: RealmKeyedCollection, T.Value.PersistedType: RealmCollectionValue {
    /// The stored forms of a map of custom persistable values, to query with their operators.
    /// - Complexity: O(1).
    public var persistableValue: Query<Map<T.Key, T.Value.PersistedType>> {
        retyped()
    }
}

extension Query {
    /// The same query, typed as a `Query<V>`: the property read through another type's operators.
    func retyped<V>() -> Query<V> {
        switch storage {
        case .path(let parts, let collection, let aggregate, let aggregateProperty):
            return Query<V>(
                .path(parts: parts, collection: collection, aggregate: aggregate, aggregateProperty: aggregateProperty),
                scope: scope
            )
        case .predicate(let node): return Query<V>(.predicate(node), scope: scope)
        case .subqueryCount(let collection, let predicate):
            return Query<V>(.subqueryCount(collection: collection, predicate: predicate), scope: scope)
        }
    }
}
