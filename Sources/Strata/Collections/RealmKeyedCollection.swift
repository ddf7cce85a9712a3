/// A collection of values under `String` keys: ``Map``. Iterating yields ``SingleMapEntry`` values sorted by
/// key; queries, sorts and aggregates run over the values and give ``Results`` of them.
///
/// ```swift
/// let high = player.scores.filter("self > 100").sorted(ascending: false)
/// ```
public protocol RealmKeyedCollection<Key, Value>: Sequence, CustomStringConvertible, Sendable {
    /// The type of the keys.
    associatedtype Key: _MapKey
    /// The type of the values.
    associatedtype Value: RealmCollectionValue

    /// The realm managing the collection, or nil when unmanaged.
    var realm: Realm? { get }
    /// Whether the collection can no longer be read (its realm was invalidated or its object deleted).
    var isInvalidated: Bool { get }
    /// The number of entries.
    var count: Int { get }
    /// Whether the collection is frozen.
    var isFrozen: Bool { get }
    /// The keys, sorted.
    var keys: [Key] { get }
    /// The values, in key order.
    var values: [Value] { get }

    /// The value for `key`; assigning nil removes the entry (inside a write transaction when managed).
    /// - Parameter key: the entry's key.
    subscript(key: Key) -> Value? { get set }
    /// Inserts or replaces the value for `key`.
    /// - Parameters:
    ///   - value: the new value.
    ///   - key: the entry's key.
    func updateValue(_ value: Value, forKey key: Key)
    /// Removes the entry for `key`.
    /// - Parameter key: the key of the entry to remove; a missing key changes nothing.
    func removeObject(for key: Key)
    /// Removes every entry.
    func removeAll()

    /// An immutable snapshot readable from any task.
    /// - Returns: the frozen collection.
    /// - Throws: ``RealmError/invalidValue(_:)`` for an unmanaged collection, or
    ///   ``RealmError/tooManyActiveVersions(_:)`` when the realm's version limit is reached.
    func freeze() throws -> Self
    /// The live collection for a frozen one, in the realm whose block is running.
    /// - Returns: the live collection, or nil when the object owning it was deleted; a live or unmanaged one returns
    ///   itself.
    func thaw() -> Self?
}
