import StrataCore

/// The base every Realm collection shares, as in Realm Swift: a random-access collection of Realm values that
/// describes itself and is confined to its realm's task. ``RealmCollection`` refines it with everything else; write
/// generic code against that.
///
/// Unlike Realm Swift's, it is not a `LazyCollectionProtocol`: `map`, `filter` and `compactMap` on a Realm collection
/// return arrays, computed when called (call `.lazy` first for a lazy view).
public protocol RealmCollectionBase<Element>: RandomAccessCollection, CustomStringConvertible, Sendable, ThreadConfined
where Element: RealmCollectionValue {}

/// What every Realm collection is: ``Results``, ``List``, ``MutableSet``, ``LinkingObjects`` and
/// ``AnyRealmCollection``. Write generic code against it.
///
/// ```swift
/// func names<C: RealmCollection>(_ dogs: C) -> [String] where C.Element == Dog {
///     dogs.sorted(byKeyPath: "name").map(\.name)
/// }
/// ```
///
/// Every query, sort, aggregate and key-value member is declared once, in this protocol's extensions, and
/// runs the same way on every kind: a managed collection is queried as ``Results`` over its elements (in the
/// collection's order), an unmanaged one computes its aggregates in memory and cannot be queried or sorted.
///
/// Collections compare equal (`==`) when they are the same collection: the same query of the same realm
/// instance (or frozen version), or the same collection property of the same object. Unmanaged lists and sets
/// compare their elements, as Realm Swift's do (a set regardless of order; objects by identity).
public protocol RealmCollection<Element>: RealmCollectionBase, Equatable
where Element: RealmCollectionValue, Index == Int, Iterator == RLMIterator<Element> {
    /// The type of the collection's elements.
    typealias ElementType = Element

    /// The realm managing the collection (a frozen realm for a frozen collection), or nil when unmanaged.
    var realm: Realm? { get }
    /// Whether the collection can no longer be read: its realm was invalidated or closed, or the object owning
    /// it was deleted.
    var isInvalidated: Bool { get }
    /// Whether the collection is frozen: an immutable snapshot any task may read.
    var isFrozen: Bool { get }

    /// An immutable snapshot of the collection at the realm's current version, readable from any task.
    ///
    /// ```swift
    /// let snapshot = try await realm.read { realm in try realm.objects(Dog.self).freeze() }
    /// Task.detached { print(snapshot.count) }
    /// ```
    /// - Throws: ``RealmError/tooManyActiveVersions(_:)`` when the realm's version limit is reached, or
    ///   ``RealmError/invalidValue(_:)`` for an unmanaged collection.
    /// - Returns: the frozen collection.
    func freeze() throws -> Self

    /// The live collection for a frozen one, in the realm whose `read` or `write` block is running (for the same
    /// file); nil when the object owning it was deleted. A live collection returns itself. Called outside a
    /// realm's block, it stops with a message saying so.
    /// - Returns: the live collection, or nil when the object owning it was deleted.
    func thaw() -> Self?

    /// How the shared implementation reaches the collection's elements (a detail of Strata: user code neither
    /// reads nor implements it).
    var _contents: _RealmCollectionContents<Element> { get }
}

/// How the shared ``RealmCollection`` implementation reaches a collection's elements: as ``Results`` for a
/// managed collection (its elements, in order, as a query's starting point), or as an array for an unmanaged
/// one. A detail of Strata's implementation, public only because the protocol's requirement is.
public struct _RealmCollectionContents<Element: RealmCollectionValue> {
    /// The managed collection as results (nil when unmanaged).
    let results: Results<Element>?
    /// The elements of an unmanaged collection.
    let unmanaged: [Element]
    /// The instance of an unmanaged collection (nil: one that is never equal to another, such as the linking
    /// objects of an unmanaged object).
    let instance: ObjectIdentifier?
    /// Whether the unmanaged elements are unordered (a set's), so that equality ignores their order.
    let unordered: Bool
    /// Whether `unmanaged` holds the elements of a managed collection, read now (one nested in a mixed
    /// property): it aggregates as realm-core does, not as an unmanaged collection.
    let managed: Bool
    /// For results and linking objects, the instance they were made as (their copies share it): as in Realm
    /// Swift, such a collection is equal only to itself and its copies. Nil for a list, set or map, which is
    /// equal to the same property of the same object.
    let identity: ObjectIdentifier?

    init(results: Results<Element>, identity: ObjectIdentifier? = nil) {
        self.results = results
        unmanaged = []
        instance = nil
        unordered = false
        managed = true
        self.identity = identity
    }

    init(unmanaged: [Element], instance: ObjectIdentifier?, unordered: Bool = false, managed: Bool = false) {
        results = nil
        self.unmanaged = unmanaged
        self.instance = instance
        self.unordered = unordered
        self.managed = managed
        identity = nil
    }

    /// The results a query refines; an unmanaged collection stops with Realm's message (Realm Swift cannot query
    /// an unmanaged collection either).
    func queryable(_ method: String) -> Results<Element> {
        guard let results else {
            preconditionFailure(
                "\(method) may only be called on a managed collection (of an object added to a realm); "
                    + "an unmanaged collection cannot be queried or sorted"
            )
        }
        return results
    }

    /// Whether two contents are equal: the same results or linking objects instance, the same list, set or map,
    /// or unmanaged collections with equal elements.
    func isSame(as other: _RealmCollectionContents<Element>) -> Bool {
        switch (results, other.results) {
        case (let lhs?, let rhs?):
            guard identity == nil, other.identity == nil else { return identity == other.identity }
            return lhs.isSameQuery(as: rhs)
        case (nil, nil):
            guard let instance, let otherInstance = other.instance else { return false }
            if instance == otherInstance { return true }
            return Self.equalElements(unmanaged, other.unmanaged, unordered: unordered && other.unordered)
        default: return false
        }
    }

    /// Whether two arrays of elements are equal pairwise, or (`unordered`) hold equal elements in any order.
    static func equalElements(_ lhs: [Element], _ rhs: [Element], unordered: Bool) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard unordered else { return zip(lhs, rhs).allSatisfy { CollectionElementEquality.equal($0, $1) } }
        var unmatched = rhs
        for element in lhs {
            guard let match = unmatched.firstIndex(where: { CollectionElementEquality.equal(element, $0) }) else {
                return false
            }
            unmatched.remove(at: match)
        }
        return true
    }
}

extension RealmCollection {
    /// Whether two collections are the same collection (see ``RealmCollection``).
    /// - Parameters:
    ///   - lhs: a collection.
    ///   - rhs: another collection of the same type.
    /// - Returns: whether both are the same ``Results`` or ``LinkingObjects`` (the value a query, a sort or a property
    ///   read gave, or a copy of it: two `objects(_:)` calls give unequal results, as in Realm Swift), the same
    ///   collection property of the same object, or unmanaged collections with equal elements.
    /// - Complexity: O(1) for managed collections; O(n) for unmanaged lists of n elements, O(n²) for sets.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs._contents.isSame(as: rhs._contents) }
}
