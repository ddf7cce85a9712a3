import Foundation
import StrataCore

// Queries, sorts, aggregates and key-value coding of a `Map`, over its values: they run through `MapValues`, the
// map's values as a `RealmCollection`, so they are the shared implementation every collection kind uses.

/// A map's values, in key order, as a ``RealmCollection``: managed, results over the stored values; unmanaged,
/// the values themselves.
///
/// `@unchecked Sendable` (the protocol asks for it): a value is made and used within one call on its map, never
/// stored or sent; its parts are `Results` (`Sendable`) or a copy of an unmanaged map's values read under the
/// map's lock, which nothing mutates afterwards.
struct MapValues<Value: RealmCollectionValue>: RealmCollection, @unchecked Sendable {
    let _contents: _RealmCollectionContents<Value>
    private let values: [Value]?

    init<Key>(_ map: Map<Key, Value>) {
        // A map nested in a mixed property is queried as its values, read now.
        if let backing = map.backing, backing.path == nil {
            _contents = _RealmCollectionContents(results: backing.results())
            values = nil
        } else {
            let values = map.values
            _contents = _RealmCollectionContents(
                unmanaged: values,
                instance: ObjectIdentifier(map),
                managed: map.backing != nil
            )
            self.values = values
        }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { _contents.results?.count ?? values?.count ?? 0 }
    subscript(position: Int) -> Value { _contents.results?[position] ?? values![position] }
    func makeIterator() -> RLMIterator<Value> {
        if let results = _contents.results { return results.makeIterator() }
        let values = self.values ?? []
        return RLMIterator(count: values.count) { values[$0] }
    }
    var realm: Realm? { _contents.results?.realm }
    var isInvalidated: Bool { _contents.results?.isInvalidated ?? false }
    var isFrozen: Bool { _contents.results?.isFrozen ?? false }
    var description: String { "\(Array(self))" }
    func freeze() throws -> MapValues<Value> { self }
    func thaw() -> MapValues<Value>? { self }
}

extension Map {
    var valueCollection: MapValues<Value> { MapValues(self) }

    /// The values that match a query in the Realm query language (`self` names a value of primitives), in key
    /// order.
    ///
    /// ```swift
    /// let high = player.scores.filter("self > %d", 100)
    /// ```
    /// - Complexity: O(n) for n entries, on first access.
    /// - Parameters:
    ///   - predicateFormat: a query in the Realm query language over the values (`self` for plain values).
    ///   - args: the values of the query's `%@`, `%K`, `%d` and `%f` placeholders.
    /// - Returns: the matching values, as results.
    public func filter(_ predicateFormat: String, _ args: Any...) -> Results<Value> {
        valueCollection.filter(format: predicateFormat, arguments: args)
    }

    /// The values that match `predicate`, in key order.
    /// - Throws: ``RealmError/invalidQuery(_:)`` for an unknown property or a type mismatch.
    /// - Complexity: O(n) for n entries, on first access.
    /// - Parameter predicate: a parsed query over the values.
    /// - Returns: the matching values, as results.
    public func filter(_ predicate: RealmPredicate) throws -> Results<Value> { try valueCollection.filter(predicate) }

    /// The values (objects) that match a type-safe query, in key order.
    ///
    /// ```swift
    /// let puppies = owner.pets.where { $0.age < 1 }
    /// ```
    /// - Complexity: O(n) for n entries, on first access.
    /// - Parameter isIncluded: builds the query from a ``Query`` over one value.
    /// - Returns: the matching values, as results.
    public func `where`(_ isIncluded: (Query<Value>) -> Query<Bool>) -> Results<Value> {
        valueCollection.filter(query: isIncluded)
    }

    /// The values sorted by a property of objects (or `self`), nil first in ascending order.
    /// - Complexity: O(n log n) for n entries, on first access.
    /// - Parameters:
    ///   - keyPath: a property of the values, or `self`.
    ///   - ascending: the direction.
    /// - Returns: the values, sorted, as results.
    public func sorted(byKeyPath keyPath: String, ascending: Bool = true) -> Results<Value> {
        valueCollection.sorted(byKeyPath: keyPath, ascending: ascending)
    }

    /// The values sorted by several keys, the first most significant.
    /// - Complexity: O(n log n) for n entries, on first access.
    /// - Parameter sortDescriptors: the keys, the most significant first.
    /// - Returns: the values, sorted, as results.
    public func sorted<S: Sequence>(by sortDescriptors: S) -> Results<Value> where S.Element == SortDescriptor {
        valueCollection.sorted(by: sortDescriptors)
    }

    /// The smallest value of a property of the values (objects), or nil if there are none.
    /// - Complexity: O(n) for n entries.
    /// - Parameter property: a comparable property of the objects.
    /// - Returns: the smallest non-nil value, or nil.
    public func min<T: _Persistable>(ofProperty property: String) -> T? { valueCollection.min(ofProperty: property) }

    /// The largest value of a property of the values (objects), or nil if there are none.
    /// - Complexity: O(n) for n entries.
    /// - Parameter property: a comparable property of the objects.
    /// - Returns: the largest non-nil value, or nil.
    public func max<T: _Persistable>(ofProperty property: String) -> T? { valueCollection.max(ofProperty: property) }

    /// The sum of a property of the values (objects); zero if there are none.
    /// - Complexity: O(n) for n entries.
    /// - Parameter property: a numeric property of the objects.
    /// - Returns: the sum of the non-nil values.
    public func sum<T: _Persistable>(ofProperty property: String) -> T { valueCollection.sum(ofProperty: property) }

    /// The average of a property of the values (objects), or nil if there are none.
    /// - Complexity: O(n) for n entries.
    /// - Parameter property: a numeric property of the objects.
    /// - Returns: the mean of the non-nil values, or nil.
    public func average<T: _Persistable>(ofProperty property: String) -> T? {
        valueCollection.average(ofProperty: property)
    }

    /// The value for the key `key` (key-value coding on a map reads an entry, as in Realm Swift).
    ///
    /// ```swift
    /// let score = player.attributes.value(forKey: "score") as? Int   // 3 for `.int(3)`
    /// ```
    /// - Parameter key: a key of the map.
    /// - Returns: the entry's value as ``ObjectBase/value(forKey:)`` gives a property's: nil for a missing key,
    ///   a nil value or ``AnyRealmValue/none``, an ``AnyRealmValue``'s payload, a ``PersistableEnum``'s raw value,
    ///   a custom type's `persistableValue`.
    /// - Complexity: O(n) for n entries.
    public func value(forKey key: String) -> Any? {
        self[key as! Key].flatMap { ValueConversion.keyValueCodingValue($0) }
    }

    /// The value for the first part of `keyPath`, then the rest of the path through it (an object's property).
    /// - Parameter keyPath: a key of the map, then optionally a dotted path through the value.
    /// - Returns: the value at the path, as ``value(forKey:)`` gives it, or nil.
    /// - Complexity: O(n) for n entries.
    public func value(forKeyPath keyPath: String) -> Any? {
        let parts = keyPath.split(separator: ".", maxSplits: 1).map(String.init)
        guard let first = parts.first, let value = value(forKey: first) else { return nil }
        guard parts.count == 2 else { return value }
        return (value as? ObjectBase)?.value(forKey: parts[1])
    }

    /// Sets the entry for the key `key` (nil removes it); on a managed map, inside a write transaction.
    /// - Parameters:
    ///   - value: the new value, or nil to remove the entry.
    ///   - key: a key of the map.
    /// - Complexity: O(log² n) for a managed map of n entries, O(n) unmanaged.
    public func setValue(_ value: Any?, forKey key: String) {
        guard let value else { return removeObject(for: key as! Key) }
        guard let typed = value as? Value else {
            preconditionFailure("setValue(_:forKey:) on Map<\(Key.self), \(Value.self)> needs a \(Value.self)")
        }
        self[key as! Key] = typed
    }
}

extension Map where Value: SortableType {
    /// The values sorted by themselves, nil first in ascending order.
    /// - Complexity: O(n log n) for n entries, on first access.
    /// - Parameter ascending: the direction.
    /// - Returns: the values, sorted, as results.
    public func sorted(ascending: Bool = true) -> Results<Value> { valueCollection.sorted(ascending: ascending) }
}

extension Map where Value: MinMaxType {
    /// The smallest value, or nil if the map is empty (nil values are ignored).
    /// - Complexity: O(n) for n entries.
    /// - Returns: the smallest value, or nil.
    public func min() -> Value? { valueCollection.min() }

    /// The largest value, or nil if the map is empty (nil values are ignored).
    /// - Complexity: O(n) for n entries.
    /// - Returns: the largest value, or nil.
    public func max() -> Value? { valueCollection.max() }
}

extension Map where Value: AddableType {
    /// The sum of the values; zero if the map is empty.
    ///
    /// ``AnyRealmValue``s add up as Realm Swift adds them: to a `.decimal128` in a managed map (`.int(0)` when
    /// it is empty, as realm-core gives), to a `.double` in an unmanaged one (`.int(0)` for no numbers).
    /// - Complexity: O(n) for n entries.
    /// - Returns: the sum of the values.
    public func sum() -> Value { valueCollection.sum() }

    /// The average of the values, or nil if the map is empty (a `.decimal128` for ``AnyRealmValue``s of a
    /// managed map, a `.double` unmanaged).
    /// - Complexity: O(n) for n entries.
    /// - Returns: the mean of the values, or nil.
    public func average<T: _Persistable>() -> T? { valueCollection.average() }
}

extension Map: Encodable where Value: Encodable {
    /// Encodes the entries as a dictionary keyed by the map's keys.
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: the encoder's error, or an element's.
    /// - Complexity: O(n) for n entries.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) }))
    }
}

extension Map: Decodable where Value: Decodable {
    /// Creates an unmanaged map of a decoded dictionary's entries.
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: the decoder's error.
    /// - Complexity: O(n²) for n entries.
    public convenience init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.singleValueContainer()
        for (key, value) in try container.decode([String: Value].self) { self[key as! Key] = value }
    }
}
