import StrataCore

/// An ordered collection property of an object: `@Persisted var dogs: List<Dog>`.
///
/// ```swift
/// try await realm.write { realm in
///     person.dogs.append(Dog(value: ["name": "Rex"]))
/// }
/// ```
///
/// An unmanaged list is a plain array; a managed one reads and writes its object in the realm and is
/// confined to the realm's actor unless frozen. Declare list properties without a default value.
public final class List<Element: RealmCollectionValue>: RandomAccessCollection, _Persistable, CustomStringConvertible,
    @unchecked Sendable
{
    // Proof of `@unchecked Sendable`, and safe from several tasks at once: an unmanaged list's storage is behind a lock
    // (each operation, a read-modify-write included, holds it throughout); a managed one's backing checks
    // confinement on every use when live, and reads an immutable version behind a locked cache when frozen. The
    // backing an unmanaged one adopts when its object is added is set once, behind its own lock.
    // Proof for `UncheckedLocked`: the elements are reached only under the lock, each operation (a read-modify-write
    // included) holding it throughout, so two tasks never use the array at once. An element that is an object is
    // shared, not copied: two tasks that take the same unmanaged object out of one unmanaged list and change it race,
    // as with any non-Sendable class instance, and nothing here can see it (Concurrency.md, "What is Sendable").
    let storage = UncheckedLocked<[Element]>([])
    /// The backing of a collection made managed (nil for one made unmanaged).
    private let createdBacking: ManagedCollectionBacking?
    /// The backing an unmanaged collection took when the object holding it was added to a realm (see
    /// ``AdoptableCollection``): from then on it reads and writes the object's property in the realm, as in Realm.
    private let adoptedBacking = Locked<ManagedCollectionBacking?>(nil)
    /// The managed backing, if any: the one the collection was made with, or the one it adopted.
    var backing: ManagedCollectionBacking? { createdBacking ?? adoptedBacking.withLock { $0 } }

    /// The probe object every position answers with, on a probe object's list (``KeyPathRecorder``); nil otherwise.
    private let keyPathProbe: Element?

    /// Creates an empty, unmanaged list.
    public init() {
        createdBacking = nil
        keyPathProbe = nil
    }

    init(backing: ManagedCollectionBacking) {
        createdBacking = backing
        keyPathProbe = nil
    }

    /// A list of a probe object, whose every position is `probe`, so that `\.list[0].name` reads on.
    private init(keyPathProbe probe: Element) {
        createdBacking = nil
        keyPathProbe = probe
        storage.withLock { $0 = [probe] }
    }

    /// The elements, in order.
    var elements: [Element] {
        guard let backing else { return storage.withLock { $0 } }
        return backing.elements.enumerated().map { backing.element($1, as: Element.self, at: .index($0)) }
    }

    /// Applies `body` to the elements; a managed list is rewritten whole, its change logged as `edits` (nil: an
    /// assignment of the whole list).
    private func update(edits: [ListEdit]? = nil, _ body: (inout [Element]) -> Void) {
        guard let backing else { return storage.withLock { body(&$0) } }
        var values = elements
        body(&values)
        backing.replace(with: values, listEdits: edits)
    }

    /// The position of the first element.
    public var startIndex: Int { 0 }
    /// One past the position of the last element.
    public var endIndex: Int { count }
    /// The number of elements.
    public var count: Int { backing?.elements.count ?? storage.withLock { $0.count } }

    /// The element at `position`; setting it requires a write transaction for a managed list.
    /// - Parameter position: a position from 0 up to `count`; another stops with a message.
    /// - Complexity: reading, O(1) once the list is read (reading a managed list of n elements is O(n), again after
    ///   each change to the realm); setting, O(log n) for a managed list of n elements.
    public subscript(position: Int) -> Element {
        get {
            guard let backing else {
                if let keyPathProbe { return keyPathProbe }
                return storage.withLock { values in
                    CollectionEdit.checkPosition(position, count: values.count)
                    return values[position]
                }
            }
            let values = backing.elements
            CollectionEdit.checkPosition(position, count: values.count)
            return backing.element(values[position], as: Element.self, at: .index(position))
        }
        set { edit(.replace(position, with: newValue)) { $0[position] = newValue } }
    }

    /// The realm managing the list, or nil.
    public var realm: Realm? { backing?.owner.realm }
    /// Whether the owning object was deleted or its realm invalidated.
    public var isInvalidated: Bool { backing?.owner.isInvalidated ?? false }
    /// Whether the list is frozen.
    public var isFrozen: Bool { backing?.owner.isFrozen ?? false }

    /// Appends an element; on a managed list, inside a write transaction.
    /// - Complexity: O(log n) for a managed list of n elements, amortized O(1) unmanaged.
    /// - Parameter element: the value or object to append; an unmanaged object is added to the realm with it.
    public func append(_ element: Element) {
        edit(.append([element])) { $0.append(element) }
    }

    /// Appends the elements of a sequence; on a managed list, inside a write transaction.
    /// - Complexity: O(m log n) for a managed list of n elements and m new ones.
    /// - Parameter sequence: the elements, appended in order.
    public func append<S: Sequence>(objectsIn sequence: S) where S.Element == Element {
        let elements = Array(sequence)
        edit(.append(elements.map { $0 as Any })) { $0.append(contentsOf: elements) }
    }

    /// Applies `edit` to a managed list through the engine, or `body` to the elements otherwise (an unmanaged
    /// list, or a list of embedded objects, which is rewritten whole). An index out of bounds stops with Realm
    /// Swift's message, whichever way the edit goes.
    private func edit(_ edit: CollectionEdit, else body: (inout [Element]) -> Void) {
        if let backing, backing.edit(edit) { return }
        if backing != nil { edit.checkEmbeddedParents(collectionName: "List") }
        update(edits: backing.map { edit.listEdits(count: $0.elements.count) }) { values in
            if let message = edit.boundsViolation(count: values.count) { preconditionFailure(message) }
            body(&values)
        }
    }

    /// Inserts an element at `index`.
    /// - Complexity: O(log n) for a managed list of n elements, O(n) unmanaged.
    /// - Parameters:
    ///   - element: the value or object to insert.
    ///   - index: a position from 0 through `count`; another stops with a message.
    public func insert(_ element: Element, at index: Int) {
        edit(.insert(element, at: index)) { $0.insert(element, at: index) }
    }
    /// Removes the element at `index`.
    /// - Complexity: O(log n) for a managed list of n elements, O(n) unmanaged.
    /// - Parameter index: the position of the element (a removed embedded object is deleted); a negative one or
    ///   one past the end stops with Realm Swift's message.
    public func remove(at index: Int) { edit(.remove(index)) { _ = $0.remove(at: index) } }
    /// Removes every element (objects stay in the realm).
    /// - Complexity: O(n) for n elements.
    public func removeAll() { edit(.removeAll) { $0.removeAll() } }
    /// Replaces the element at `index`.
    /// - Complexity: O(log n) for a managed list of n elements.
    /// - Parameters:
    ///   - index: the position to replace; a negative one or one past the end stops with Realm Swift's message.
    ///   - object: the new element.
    public func replace(index: Int, object: Element) { edit(.replace(index, with: object)) { $0[index] = object } }
    /// Moves the element at `from` to `to`.
    /// - Complexity: O(log n) for a managed list of n elements, O(n) unmanaged.
    /// - Parameters:
    ///   - from: the element's position.
    ///   - to: its position after the move (both positions of the list; another stops with Realm Swift's message).
    public func move(from: Int, to: Int) {
        edit(.move(from: from, to: to)) { $0.insert($0.remove(at: from), at: to) }
    }
    /// Swaps two elements.
    /// - Parameters:
    ///   - index1: the position of one element.
    ///   - index2: the position of the other (both positions of the list; another stops with Realm Swift's message).
    /// - Complexity: O(log n) for a managed list of n elements.
    public func swapAt(_ index1: Int, _ index2: Int) {
        edit(.swap(index1, index2)) { $0.swapAt(index1, index2) }
    }

    /// An immutable snapshot of the list at the realm's current version, readable from any task.
    /// - Throws: ``RealmError/invalidValue(_:)`` for an unmanaged list, or
    ///   ``RealmError/tooManyActiveVersions(_:)`` when the realm's version limit is reached.
    /// - Returns: the frozen list.
    /// - Complexity: O(1); the snapshot pins the realm's version.
    public func freeze() throws -> List<Element> {
        guard let backing else { throw RealmError.invalidValue("an unmanaged list cannot be frozen") }
        return List(backing: try backing.frozen())
    }

    /// The live list for a frozen one, in the realm whose `read` or `write` block is running; nil when its
    /// object was deleted. A live or unmanaged list returns itself.
    /// - Returns: the live list, or nil.
    /// - Complexity: O(log n) to find the owning object among the n objects of its class.
    public func thaw() -> List<Element>? {
        guard let backing else { return self }
        return backing.thawed().map { List(backing: $0) }
    }

    /// The elements, in order.
    /// - Returns: an iterator over the elements read when it is made.
    /// - Complexity: O(n) to make, for n elements.
    public func makeIterator() -> RLMIterator<Element> {
        let values = elements
        return RLMIterator(count: values.count) { values[$0] }
    }

    /// The elements in Realm's format: `List<int> <0x…> (\n\t[0] 1,\n\t[1] 2\n)`, objects described in full.
    public var description: String { realmDescription(depth: RealmDescription.maximumDepth) }
}

extension List: RealmDescribableCollection {
    static var descriptionName: String { "List" }
}

extension List: CollectionMarker, EmptyConstructible, ManagedCollectionFactory {
    static var collectionKind: CollectionKind { .list }
    static var elementType: Any.Type { Element.self }
    static func makeEmpty() -> Any { List<Element>() }
    static func makeManaged(owner: ObjectBinding, property: Int) -> Any {
        List(backing: ManagedCollectionBacking(owner: owner, property: property))
    }
}

extension List: RealmCollection {
    /// A managed list is queried as results over its elements; an unmanaged one is its array.
    public var _contents: _RealmCollectionContents<Element> {
        // A list nested in a mixed property is queried as its elements, read now.
        guard let backing, backing.path == nil else {
            return _RealmCollectionContents(
                unmanaged: elements,
                instance: ObjectIdentifier(self),
                managed: backing != nil
            )
        }
        return _RealmCollectionContents(results: backing.results())
    }
}

extension List: ElementsProvider {
    var anyElements: [Any] { elements.map { $0 as Any } }
}

/// Collections whose elements can be listed as `Any` (for copying values between objects).
protocol ElementsProvider {
    var anyElements: [Any] { get }
}

/// Equality for collection elements, as Realm's collections find an element: an object (bare, or the `.object` of
/// an ``AnyRealmValue``) by the stored object it is (``ObjectBase/isSameObject(as:)``, whatever the class's primary
/// key), other values by `==` when Equatable.
enum CollectionElementEquality {
    static func equal(_ lhs: Any, _ rhs: Any) -> Bool {
        if let left = object(in: lhs), let right = object(in: rhs) { return left.isSameObject(as: right) }
        if let left = lhs as? any Equatable { return isEqual(left, rhs) }
        return false
    }

    /// The object an element is or links to: itself, or the object of an ``AnyRealmValue/object(_:)``.
    private static func object(in element: Any) -> ObjectBase? {
        if let object = element as? ObjectBase { return object }
        if case .object(let object)? = element as? AnyRealmValue { return object }
        return nil
    }

    private static func isEqual<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
        guard let rhs = rhs as? T else { return false }
        return lhs == rhs
    }
}

extension List: KeyPathProbeCollection {
    static func keyPathProbe(holding probe: ObjectBase) -> Any? {
        KeyPathRecorder.standIn(probe, as: Element.self).map { List(keyPathProbe: $0) }
    }
}

extension List: AdoptableCollection {
    func adopt(owner: ObjectBinding, property: Int) {
        guard createdBacking == nil else { return }
        adoptedBacking.withLock { $0 = ManagedCollectionBacking(owner: owner, property: property) }
        // The elements are in the realm now. Kept here, objects among them would keep each other (and through
        // their bindings the realm) alive whenever unmanaged objects linked in a cycle were added together.
        storage.withLock { $0 = [] }
    }
}
