import StrataCore

/// An unordered collection of distinct values: `@Persisted var tags: MutableSet<String>`.
///
/// ```swift
/// try await realm.write { _ in post.tags.insert("swift") }
/// ```
///
/// Declare set properties without a default value.
public final class MutableSet<Element: RealmCollectionValue>: RandomAccessCollection, _Persistable,
    CustomStringConvertible,
    @unchecked Sendable
{
    // Proof of `@unchecked Sendable`, and safe from several tasks at once: an unmanaged set's storage is behind a lock
    // (each operation, a read-modify-write included, holds it throughout); a managed one's backing checks
    // confinement on every use when live, and reads an immutable version behind a locked cache when frozen. The
    // backing an unmanaged one adopts when its object is added is set once, behind its own lock.
    // Proof for `UncheckedLocked`: the elements are reached only under the lock, each operation (a read-modify-write
    // included) holding it throughout, so two tasks never use the array at once. An element that is an object is
    // shared, not copied: two tasks that take the same unmanaged object out of one unmanaged set and change it race,
    // as with any non-Sendable class instance, and nothing here can see it (Concurrency.md, "What is Sendable").
    let storage = UncheckedLocked<[Element]>([])
    /// The backing of a collection made managed (nil for one made unmanaged).
    private let createdBacking: ManagedCollectionBacking?
    /// The backing an unmanaged collection took when the object holding it was added to a realm (see
    /// ``AdoptableCollection``): from then on it reads and writes the object's property in the realm, as in Realm.
    private let adoptedBacking = Locked<ManagedCollectionBacking?>(nil)
    /// The managed backing, if any: the one the collection was made with, or the one it adopted.
    var backing: ManagedCollectionBacking? { createdBacking ?? adoptedBacking.withLock { $0 } }

    /// The probe object every position answers with, on a probe object's set (``KeyPathRecorder``); nil otherwise.
    private let keyPathProbe: Element?

    /// Creates an empty, unmanaged set.
    public init() {
        createdBacking = nil
        keyPathProbe = nil
    }

    init(backing: ManagedCollectionBacking) {
        createdBacking = backing
        keyPathProbe = nil
    }

    /// A set of a probe object, whose every position is `probe`, so that `\.set[0].name` reads on.
    private init(keyPathProbe probe: Element) {
        createdBacking = nil
        keyPathProbe = probe
        storage.withLock { $0 = [probe] }
    }

    var elements: [Element] {
        guard let backing else { return storage.withLock { $0 } }
        return backing.elements.map { backing.element($0, as: Element.self) }
    }

    private func update(_ body: (inout [Element]) -> Void) {
        func uniqued(_ values: [Element]) -> [Element] {
            var unique: [Element] = []
            for value in values where !unique.contains(where: { CollectionElementEquality.equal($0, value) }) {
                unique.append(value)
            }
            return unique
        }
        guard let backing else {
            return storage.withLock { values in
                body(&values)
                values = uniqued(values)
            }
        }
        var values = elements
        body(&values)
        backing.replace(with: uniqued(values))
    }

    /// The position of the first element.
    public var startIndex: Int { 0 }
    /// One past the position of the last element.
    public var endIndex: Int { count }
    /// The number of elements.
    public var count: Int { backing?.elements.count ?? storage.withLock { $0.count } }
    /// The element at `position`.
    /// - Parameter position: a position from 0 up to `count`; another stops with Realm Swift's message.
    /// - Complexity: O(n) for a managed set of n elements (each access converts the elements), O(1) unmanaged.
    public subscript(position: Int) -> Element {
        if let keyPathProbe { return keyPathProbe }
        let values = elements
        CollectionEdit.checkPosition(position, count: values.count)
        return values[position]
    }

    /// The realm managing the set, or nil.
    public var realm: Realm? { backing?.owner.realm }
    /// Whether the owning object was deleted or its realm invalidated.
    public var isInvalidated: Bool { backing?.owner.isInvalidated ?? false }
    /// Whether the set is frozen.
    public var isFrozen: Bool { backing?.owner.isFrozen ?? false }

    /// Whether the set holds `object`.
    /// - Parameter object: the value or object to look for (objects compare by stored identity).
    /// - Returns: whether it is an element.
    /// - Complexity: O(n) for n elements.
    public func contains(_ object: Element) -> Bool {
        elements.contains { CollectionElementEquality.equal($0, object) }
    }
    /// Inserts `object` if it is not there yet; on a managed set, inside a write transaction.
    /// - Complexity: O(log² n) for a managed set of n elements, O(n) unmanaged.
    /// - Parameter object: the value or object; an unmanaged object is added to the realm with it.
    public func insert(_ object: Element) {
        if let backing, backing.edit(.insertMembers([object])) { return }
        update { $0.append(object) }
    }
    /// Inserts every element of a sequence.
    /// - Complexity: O(m log² n) for m elements into a managed set of n.
    /// - Parameter sequence: the elements to insert; duplicates are kept once.
    public func insert<S: Sequence>(objectsIn sequence: S) where S.Element == Element {
        let elements = Array(sequence)
        if let backing, backing.edit(.insertMembers(elements.map { $0 as Any })) { return }
        update { $0.append(contentsOf: elements) }
    }
    /// Removes `object` if present.
    /// - Complexity: O(log² n) for a managed set of n elements, O(n) unmanaged.
    /// - Parameter object: the value or object to remove (objects stay in the realm).
    public func remove(_ object: Element) {
        if let backing, backing.edit(.removeMembers([object])) { return }
        update { $0.removeAll { CollectionElementEquality.equal($0, object) } }
    }
    /// Removes every element.
    /// - Complexity: O(n) for n elements.
    public func removeAll() { update { $0.removeAll() } }
    /// Keeps only the elements also in `other`.
    /// - Parameter other: the set whose elements are kept.
    /// - Complexity: O(n · m) comparisons for sets of n and m elements.
    public func formIntersection(_ other: MutableSet<Element>) {
        let keep = other.elements
        update { $0.removeAll { value in !keep.contains { CollectionElementEquality.equal($0, value) } } }
    }
    /// Adds the elements of `other`.
    /// - Parameter other: the set whose elements are added.
    /// - Complexity: O(m log² n) for m elements added to a managed set of n.
    public func formUnion(_ other: MutableSet<Element>) { insert(objectsIn: other.elements) }
    /// Removes the elements of `other`.
    /// - Parameter other: the set whose elements are removed.
    /// - Complexity: O(n · m) comparisons for sets of n and m elements.
    public func subtract(_ other: MutableSet<Element>) {
        let drop = other.elements
        update { $0.removeAll { value in drop.contains { CollectionElementEquality.equal($0, value) } } }
    }
    /// Whether the sets share an element.
    /// - Parameter other: another set.
    /// - Returns: whether some element of `other` is in this set.
    /// - Complexity: O(n · m) comparisons for sets of n and m elements.
    public func intersects(_ other: MutableSet<Element>) -> Bool { other.elements.contains { contains($0) } }
    /// Whether every element is also in `other`.
    /// - Parameter other: another set.
    /// - Returns: whether every element of this set is in `other`.
    /// - Complexity: O(n · m) comparisons for sets of n and m elements.
    public func isSubset(of other: MutableSet<Element>) -> Bool { elements.allSatisfy { other.contains($0) } }

    /// Not available: a set has no positions to find, as in Realm Swift (stops with its message).
    /// - Parameter object: unused.
    /// - Returns: never returns.
    @available(*, unavailable, message: "index(of:) is not available on MutableSet")
    public func index(of object: Element) -> Int? { fatalError("index(of:) is not available on MutableSet") }

    /// Not available: a set has no positions to find, as in Realm Swift (stops with its message).
    /// - Parameters:
    ///   - predicateFormat: unused.
    ///   - args: unused.
    /// - Returns: never returns.
    @available(*, unavailable, message: "index(matching:) is not available on MutableSet")
    public func index(matching predicateFormat: String, _ args: Any...) -> Int? {
        fatalError("index(matching:) is not available on MutableSet")
    }

    /// An immutable snapshot of the set at the realm's current version, readable from any task.
    /// - Throws: ``RealmError/invalidValue(_:)`` for an unmanaged set, or
    ///   ``RealmError/tooManyActiveVersions(_:)`` when the realm's version limit is reached.
    /// - Returns: the frozen set.
    /// - Complexity: O(1); the snapshot pins the realm's version.
    public func freeze() throws -> MutableSet<Element> {
        guard let backing else { throw RealmError.invalidValue("an unmanaged set cannot be frozen") }
        return MutableSet(backing: try backing.frozen())
    }

    /// The live set for a frozen one, in the realm whose `read` or `write` block is running; nil when its
    /// object was deleted. A live or unmanaged set returns itself.
    /// - Returns: the live set, or nil.
    /// - Complexity: O(log n) to find the owning object among the n objects of its class.
    public func thaw() -> MutableSet<Element>? {
        guard let backing else { return self }
        return backing.thawed().map { MutableSet(backing: $0) }
    }

    /// The elements, in the set's order.
    /// - Returns: an iterator over the elements read when it is made.
    /// - Complexity: O(n) to make, for n elements.
    public func makeIterator() -> RLMIterator<Element> {
        let values = elements
        return RLMIterator(count: values.count) { values[$0] }
    }

    /// The elements in Realm's format: `MutableSet<string> <0x…> (\n\t[0] a\n)`, objects described in full.
    public var description: String { realmDescription(depth: RealmDescription.maximumDepth) }
}

extension MutableSet: RealmDescribableCollection {
    static var descriptionName: String { "MutableSet" }
}

extension MutableSet: RealmCollection {
    /// A managed set is queried as results over its elements; an unmanaged one is its array.
    public var _contents: _RealmCollectionContents<Element> {
        guard let backing else {
            return _RealmCollectionContents(unmanaged: elements, instance: ObjectIdentifier(self), unordered: true)
        }
        return _RealmCollectionContents(results: backing.results())
    }

    /// The value of the property named `key` of every element, each distinct value once, as Realm's set gives them
    /// (the objects of an `NSSet` there, in no set order; Strata keeps the first of each, in the set's order).
    ///
    /// ```swift
    /// let ages = person.dogSet.value(forKey: "age") as! [Int]   // each age once
    /// ```
    /// - Complexity: O(n) for n elements.
    /// - Parameter key: a property name of the elements, or `self`.
    /// - Returns: an array with each distinct value once.
    public func value(forKey key: String) -> Any? {
        let values = value(forKeyPath: key)
        guard let array = values as? [Any] else { return values }
        return Self.distinctValues(array)
    }
}

extension MutableSet: CollectionMarker, EmptyConstructible, ManagedCollectionFactory, ElementsProvider {
    static var collectionKind: CollectionKind { .set }
    static var elementType: Any.Type { Element.self }
    static func makeEmpty() -> Any { MutableSet<Element>() }
    static func makeManaged(owner: ObjectBinding, property: Int) -> Any {
        MutableSet(backing: ManagedCollectionBacking(owner: owner, property: property))
    }
    var anyElements: [Any] { elements.map { $0 as Any } }
}

extension MutableSet: KeyPathProbeCollection {
    static func keyPathProbe(holding probe: ObjectBase) -> Any? {
        KeyPathRecorder.standIn(probe, as: Element.self).map { MutableSet(keyPathProbe: $0) }
    }
}

extension MutableSet: AdoptableCollection {
    func adopt(owner: ObjectBinding, property: Int) {
        guard createdBacking == nil else { return }
        adoptedBacking.withLock { $0 = ManagedCollectionBacking(owner: owner, property: property) }
        // The elements are in the realm now. Kept here, objects among them would keep each other (and through
        // their bindings the realm) alive whenever unmanaged objects linked in a cycle were added together.
        storage.withLock { $0 = [] }
    }
}
