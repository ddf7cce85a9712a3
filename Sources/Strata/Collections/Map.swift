import StrataCore

/// A dictionary property with `String` keys: `@Persisted var scores: Map<String, Int>`.
///
/// ```swift
/// try await realm.write { _ in player.scores["level1"] = 300 }
/// ```
///
/// Iterating yields `(key, value)` pairs sorted by key. Declare map properties without a default value.
public final class Map<Key: _MapKey, Value: RealmCollectionValue>: RealmKeyedCollection, _Persistable,
    @unchecked Sendable
{
    // Proof of `@unchecked Sendable`, and safe from several tasks at once: an unmanaged map's storage is behind a lock
    // (each operation, a read-modify-write included, holds it throughout); a managed one's backing checks
    // confinement on every use when live, and reads an immutable version behind a locked cache when frozen. The
    // backing an unmanaged one adopts when its object is added is set once, behind its own lock.
    // Proof for `UncheckedLocked`: the elements are reached only under the lock, each operation (a read-modify-write
    // included) holding it throughout, so two tasks never use the array at once. An element that is an object is
    // shared, not copied: two tasks that take the same unmanaged object out of one unmanaged map and change it race,
    // as with any non-Sendable class instance, and nothing here can see it (Concurrency.md, "What is Sendable").
    let storage = UncheckedLocked<[(key: String, value: Value)]>([])
    /// The backing of a collection made managed (nil for one made unmanaged).
    private let createdBacking: ManagedCollectionBacking?
    /// The backing an unmanaged collection took when the object holding it was added to a realm (see
    /// ``AdoptableCollection``): from then on it reads and writes the object's property in the realm, as in Realm.
    private let adoptedBacking = Locked<ManagedCollectionBacking?>(nil)
    /// The managed backing, if any: the one the collection was made with, or the one it adopted.
    var backing: ManagedCollectionBacking? { createdBacking ?? adoptedBacking.withLock { $0 } }

    /// The probe object every key answers with, on a probe object's map (``KeyPathRecorder``); nil otherwise.
    private let keyPathProbe: Value?

    /// Creates an empty, unmanaged map.
    public init() {
        createdBacking = nil
        keyPathProbe = nil
    }

    init(backing: ManagedCollectionBacking) {
        createdBacking = backing
        keyPathProbe = nil
    }

    /// A map of a probe object, whose every key is `probe`, so that `\.map["a"]??.name` reads on.
    private init(keyPathProbe probe: Value) {
        createdBacking = nil
        keyPathProbe = probe
    }

    var entries: [(key: String, value: Value)] {
        guard let backing else { return storage.withLock { $0 }.sorted { $0.key < $1.key } }
        return backing.entries.map { ($0.key, backing.element($0.value, as: Value.self, at: .key($0.key))) }
    }

    private func update(_ body: (inout [(key: String, value: Value)]) -> Void) {
        guard let backing else { return storage.withLock { body(&$0) } }
        var values = entries
        body(&values)
        backing.replace(with: values.map { ($0.key, $0.value as Any) })
    }

    /// The number of entries.
    public var count: Int { backing?.entries.count ?? storage.withLock { $0.count } }
    /// Whether the map is empty.
    public var isEmpty: Bool { count == 0 }
    /// The keys, sorted.
    public var keys: [Key] { entries.map { $0.key as! Key } }
    /// The values, in key order.
    public var values: [Value] { entries.map(\.value) }

    /// The value for `key`; assigning nil removes the entry.
    /// - Parameter key: the entry's key.
    /// - Complexity: reading, O(n) for a map of n entries; setting, O(log² n) for a managed map, O(n) unmanaged.
    public subscript(key: Key) -> Value? {
        get {
            if let keyPathProbe { return keyPathProbe }
            return entries.first { $0.key == key as! String }?.value
        }
        set {
            let name = key as! String
            let edit: CollectionEdit = newValue.map { .setEntry(name, $0) } ?? .removeEntry(name)
            if let backing, backing.edit(edit) { return }
            if backing != nil { edit.checkEmbeddedParents(collectionName: "Dictionary") }
            update { entries in
                entries.removeAll { $0.key == name }
                if let newValue { entries.append((name, newValue)) }
            }
        }
    }

    /// The value for `key`, or nil.
    /// - Parameter key: the entry's key.
    /// - Returns: the value, or nil when the map has no entry for `key`.
    /// - Complexity: O(n) for a map of n entries, as the subscript.
    public func object(forKey key: Key) -> Value? { self[key] }

    /// Inserts `value` for `key`, or replaces the value `key` has (unlike `Dictionary`'s, it returns nothing,
    /// as in Realm Swift); on a managed map, inside a write transaction.
    ///
    /// ```swift
    /// scores.updateValue(300, forKey: "level1")
    /// ```
    /// - Complexity: O(log² n) for a managed map of n entries, O(n) unmanaged.
    /// - Parameters:
    ///   - value: the new value.
    ///   - key: the entry's key.
    public func updateValue(_ value: Value, forKey key: Key) { self[key] = value }

    /// Adds the pairs of `sequence`, calling `combine` with the current and new values for a key already there.
    ///
    /// ```swift
    /// scores.merge([("level1", 10)], uniquingKeysWith: +)
    /// ```
    /// - Complexity: O(n + m) for n entries and m pairs.
    /// - Parameters:
    ///   - sequence: the `(key, value)` pairs to add.
    ///   - combine: given the current and the new value of a key already there, returns the value to keep.
    /// - Throws: the error `combine` throws.
    public func merge<S: Sequence>(_ sequence: S, uniquingKeysWith combine: (Value, Value) throws -> Value) rethrows
    where S.Element == (key: Key, value: Value) {
        var merged = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) })
        for (key, value) in sequence {
            let name = key as! String
            merged[name] = try merged[name].map { try combine($0, value) } ?? value
        }
        update { $0 = merged.map { ($0.key, $0.value) } }
    }

    /// Adds the entries of `other`, calling `combine` with the current and new values for a key already there.
    /// - Complexity: O(n + m) for n and m entries.
    /// - Parameters:
    ///   - other: the map whose entries are added.
    ///   - combine: given the current and the new value of a key already there, returns the value to keep.
    /// - Throws: the error `combine` throws.
    public func merge(_ other: Map<Key, Value>, uniquingKeysWith combine: (Value, Value) throws -> Value) rethrows {
        try merge(other.asKeyValueSequence().map { $0 }, uniquingKeysWith: combine)
    }

    /// Removes the entry for `key`.
    /// - Parameter key: the key of the entry to remove; a missing key changes nothing.
    /// - Complexity: O(log² n) for a managed map of n entries.
    public func removeObject(for key: Key) { self[key] = nil }
    /// Removes every entry.
    /// - Complexity: O(n) for n entries.
    public func removeAll() { update { $0.removeAll() } }

    /// Whether an entry satisfies `predicate`.
    /// - Complexity: O(n) for n entries.
    /// - Parameter predicate: tests one entry.
    /// - Returns: whether `predicate` holds for some entry.
    public func contains(where predicate: @escaping (_ key: Key, _ value: Value) -> Bool) -> Bool {
        entries.contains { predicate($0.key as! Key, $0.value) }
    }

    /// The realm managing the map, or nil.
    public var realm: Realm? { backing?.owner.realm }
    /// Whether the map is frozen.
    public var isFrozen: Bool { backing?.owner.isFrozen ?? false }
    /// Whether the owning object was deleted or its realm invalidated.
    public var isInvalidated: Bool { backing?.owner.isInvalidated ?? false }

    /// An immutable snapshot of the map at the realm's current version, readable from any task.
    /// - Throws: ``RealmError/invalidValue(_:)`` for an unmanaged map, or
    ///   ``RealmError/tooManyActiveVersions(_:)`` when the realm's version limit is reached.
    /// - Returns: the frozen map.
    /// - Complexity: O(1); the snapshot pins the realm's version.
    public func freeze() throws -> Map<Key, Value> {
        guard let backing else { throw RealmError.invalidValue("an unmanaged map cannot be frozen") }
        return Map(backing: try backing.frozen())
    }

    /// The live map for a frozen one, in the realm whose `read` or `write` block is running; nil when its
    /// object was deleted. A live or unmanaged map returns itself.
    /// - Returns: the live map, or nil.
    /// - Complexity: O(log n) to find the owning object among the n objects of its class.
    public func thaw() -> Map<Key, Value>? {
        guard let backing else { return self }
        return backing.thawed().map { Map(backing: $0) }
    }

    /// Iterates over the entries sorted by key, as ``SingleMapEntry`` values.
    ///
    /// ```swift
    /// for entry in player.scores { print(entry.key, entry.value) }
    /// ```
    /// - Returns: an iterator over the entries read when it is made.
    /// - Complexity: O(n) to make, for n entries.
    public func makeIterator() -> RLMMapIterator<SingleMapEntry<Key, Value>> {
        RLMMapIterator(entries.map { SingleMapEntry(key: $0.key as! Key, value: $0.value) })
    }

    /// The entries as `(key, value)` tuples, sorted by key.
    ///
    /// ```swift
    /// for (level, score) in player.scores.asKeyValueSequence() { print(level, score) }
    /// ```
    /// - Returns: the entries as a sequence of tuples.
    /// - Complexity: O(n) for n entries, which it reads when it is made.
    public func asKeyValueSequence() -> KeyValueSequence { KeyValueSequence(entries: entries) }

    /// A map's entries as a sequence of `(key: Key, value: Value)` tuples.
    public struct KeyValueSequence: Sequence {
        let entries: [(key: String, value: Value)]

        /// Iterates over the tuples.
        /// - Returns: an iterator over the tuples.
        /// - Complexity: O(n) to make, for n entries.
        public func makeIterator() -> RLMKeyValueIterator<Key, Value> {
            RLMKeyValueIterator(entries.map { ($0.key as! Key, $0.value) })
        }
    }

    /// The entries in Realm's format: `Map<string, int> <0x…> (\n[a]: 1,\n[b]: 2\n)`, in key order.
    public var description: String { realmDescription(depth: RealmDescription.maximumDepth) }
}

extension Map: RealmDescribable {
    func realmDescription(depth: Int) -> String {
        let values = entries
        return RealmDescription.map(
            valueType: Value.self,
            identity: self,
            entries: values.lazy.map { (key: $0.key, value: $0.value as Any) },
            count: values.count,
            depth: depth
        )
    }
}

extension Map: CollectionMarker, EmptyConstructible, ManagedCollectionFactory {
    static var collectionKind: CollectionKind { .dictionary }
    static var elementType: Any.Type { Value.self }
    static func makeEmpty() -> Any { Map<Key, Value>() }
    static func makeManaged(owner: ObjectBinding, property: Int) -> Any {
        Map(backing: ManagedCollectionBacking(owner: owner, property: property))
    }
}

/// Maps expose their entries for copying.
protocol EntriesProvider {
    var anyEntries: [(String, Any)] { get }
}

extension Map: EntriesProvider {
    var anyEntries: [(String, Any)] { entries.map { ($0.key, $0.value as Any) } }
}

extension Map: KeyPathProbeCollection {
    static func keyPathProbe(holding probe: ObjectBase) -> Any? {
        KeyPathRecorder.standIn(probe, as: Value.self).map { Map(keyPathProbe: $0) }
    }
}

extension Map: AdoptableCollection {
    func adopt(owner: ObjectBinding, property: Int) {
        guard createdBacking == nil else { return }
        adoptedBacking.withLock { $0 = ManagedCollectionBacking(owner: owner, property: property) }
        // The elements are in the realm now. Kept here, objects among them would keep each other (and through
        // their bindings the realm) alive whenever unmanaged objects linked in a cycle were added together.
        storage.withLock { $0 = [] }
    }
}
