// The values a `Map` iterates with: its entries as `SingleMapEntry` values (`RLMMapIterator`), or as
// `(key, value)` tuples through `asKeyValueSequence()` (`RLMKeyValueIterator`), and `MapIndex`.

/// A key-value entry a keyed collection iterates over (a detail of Strata: implemented by ``SingleMapEntry``).
public protocol _RealmMapValue {
    /// The type of the entry's key.
    associatedtype Key: _MapKey
    /// The type of the entry's value.
    associatedtype Value: RealmCollectionValue
}

/// One entry of a ``Map``: the element a map's iteration yields.
///
/// ```swift
/// for entry in player.scores where entry.value > 100 { print(entry.key) }
/// ```
///
/// Entries compare equal when their values are equal (as in Realm Swift) and hash by key.
public struct SingleMapEntry<Key: _MapKey, Value: RealmCollectionValue>: _RealmMapValue, Hashable {
    /// The entry's key.
    public var key: Key
    /// The entry's value.
    public var value: Value

    /// Whether the two entries' values are equal (objects: the same object).
    /// - Parameters:
    ///   - lhs: an entry.
    ///   - rhs: another entry.
    /// - Returns: whether the values are equal, whatever the keys.
    public static func == (lhs: SingleMapEntry, rhs: SingleMapEntry) -> Bool {
        CollectionElementEquality.equal(lhs.value, rhs.value)
    }

    /// Hashes the key.
    /// - Parameter hasher: the hasher to feed.
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// The position of an entry in a ``Map``'s order (sorted by key).
public struct MapIndex {
    /// The entry's offset from the first.
    public var offset: UInt
}

/// The iterator of a ``Map``: its entries as ``SingleMapEntry`` values, sorted by key.
public struct RLMMapIterator<Element: _RealmMapValue>: IteratorProtocol {
    private var entries: IndexingIterator<[Element]>

    init(_ entries: [Element]) { self.entries = entries.makeIterator() }

    /// The next entry, or nil after the last.
    /// - Returns: the next entry, or nil at the end.
    public mutating func next() -> Element? { entries.next() }
}

/// The iterator of a map's ``Map/asKeyValueSequence()``: its entries as `(key, value)` tuples, sorted by key.
public struct RLMKeyValueIterator<Key: _MapKey, Value: RealmCollectionValue>: IteratorProtocol {
    /// A `(key, value)` tuple.
    public typealias Element = (key: Key, value: Value)

    private var entries: IndexingIterator<[Element]>

    init(_ entries: [Element]) { self.entries = entries.makeIterator() }

    /// The next entry, or nil after the last.
    /// - Returns: the next tuple, or nil at the end.
    public mutating func next() -> Element? { entries.next() }
}
