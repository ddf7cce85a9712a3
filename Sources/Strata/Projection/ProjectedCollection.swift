import Dispatch

/// A ``List`` or ``MutableSet`` of objects seen as a collection of one property of each object: the type of a
/// ``Projected`` property declared with `projectTo`.
///
/// ```swift
/// final class PersonProjection: Projection<Person> {
///     @Projected(\Person.dogs.projectTo.name) var dogNames: ProjectedCollection<String>
/// }
///
/// let names = await realm.read { realm in
///     Array(realm.objects(PersonProjection.self)[0].dogNames)   // ["Rex", "Fido"]
/// }
/// ```
///
/// It is not made directly. It reads the collection on every access, so it is live like the collection: a live
/// one is used on its realm's actor, and ``freeze()`` gives one any task can read. Setting an element (inside a
/// write transaction) sets the property of the object at that position.
///
/// Its changes (`changes(keyPaths:)`, `observe`) are those of the list or set, with positions in it.
/// - Complexity: `count` is O(1) once the collection is read in a version; reading an element makes its object
///   and reads the key path on it.
public struct ProjectedCollection<Element: RealmCollectionValue>: RandomAccessCollection, CustomStringConvertible,
    Sendable
{
    /// A position in the collection.
    public typealias Index = Int

    let source: any ProjectedElementSource<Element>

    init(source: any ProjectedElementSource<Element>) {
        self.source = source
    }

    /// The position of the first element.
    public var startIndex: Int { 0 }

    /// One past the position of the last element.
    public var endIndex: Int { source.count }

    /// The number of elements: the number of objects in the list or set.
    public var count: Int { source.count }

    /// The property of the object at `position` (get), or sets that property (set, inside a write
    /// transaction; only for a key path that is writable on the objects).
    /// - Parameter position: a position from 0 up to `count`; another stops with a message.
    /// - Complexity: the cost of the list's or set's subscript, plus reading the property of one object.
    public subscript(position: Int) -> Element {
        get { source.value(at: position) }
        nonmutating set { source.setValue(newValue, at: position) }
    }

    /// The realm managing the collection, or nil for one of an unmanaged object.
    public var realm: Realm? { source.realm }

    /// Whether the collection can no longer be read: its owner was deleted or its realm invalidated.
    public var isInvalidated: Bool { source.isInvalidated }

    /// Whether the collection is frozen.
    public var isFrozen: Bool { source.isFrozen }

    /// The position of the first element equal to `element`, or nil.
    /// - Complexity: O(n).
    /// - Parameter element: the projected value to find.
    /// - Returns: its first position, or nil.
    public func index(of element: Element) -> Int? {
        firstIndex { CollectionElementEquality.equal($0, element) }
    }

    /// The position of the first object of the list or set that matches `predicate`, or nil. The predicate
    /// names the objects' properties, not the projected one; an unknown property or a type mismatch stops with its
    /// message (`index(checkedMatching:)` throws it).
    /// - Complexity: O(n).
    /// - Parameter predicate: a query over the objects of the list or set.
    /// - Returns: the first matching position, or nil.
    public func index(matching predicate: RealmPredicate) -> Int? {
        stoppingOnError { try source.index(checkedMatching: predicate) }
    }

    /// The position of the first object of the list or set that matches `predicate`, or nil, for a query a server
    /// takes from a request.
    /// - Throws: ``RealmError/invalidQuery(_:)`` for an unknown property or a type mismatch.
    /// - Complexity: O(n).
    /// - Parameter predicate: a query over the objects of the list or set.
    /// - Returns: the first matching position, or nil.
    /// - Note: Strata addition, as the other `checked` forms.
    public func index(checkedMatching predicate: RealmPredicate) throws -> Int? {
        try source.index(checkedMatching: predicate)
    }

    /// The position of the first object of the list or set that matches a query in the Realm query language,
    /// or nil; a malformed or mistyped query stops with the message ``RealmPredicate`` throws.
    ///
    /// ```swift
    /// let firstPuppy = projection.dogNames.index(matching: "age < %d", 2)
    /// ```
    /// - Complexity: O(n).
    /// - Parameters:
    ///   - predicateFormat: a query over the objects of the list or set.
    ///   - args: the values of its placeholders.
    /// - Returns: the first matching position, or nil.
    public func index(matching predicateFormat: String, _ args: Any...) -> Int? {
        do {
            return try index(checkedMatching: try RealmPredicate(format: predicateFormat, argumentArray: args))
        } catch {
            ReadFailure.stop(error, reading: "the projected collection", otherwise: "\(error)")
        }
    }

    /// A snapshot of the collection at the realm's current version, readable from any task; a frozen collection
    /// returns itself.
    /// - Throws: ``RealmError/invalidValue(_:)`` for a collection of an unmanaged object,
    ///   ``RealmError/tooManyActiveVersions(_:)`` when one more version cannot be pinned.
    /// - Returns: the frozen collection.
    /// - Complexity: O(1); the snapshot pins the realm's version.
    public func freeze() throws -> ProjectedCollection<Element> {
        if source.isFrozen { return self }
        return ProjectedCollection(source: try source.frozen())
    }

    /// The live collection for a frozen one, in the realm whose `read` or `write` block is running; nil if its
    /// object was deleted. A live collection returns itself.
    /// Outside a block of a realm of the collection's file it stops with a message saying so.
    /// - Returns: the live collection, or nil.
    /// - Complexity: O(log n) to find the owning object among the n objects of its class.
    public func thaw() -> ProjectedCollection<Element>? {
        source.thawed().map { ProjectedCollection(source: $0) }
    }

    /// The element type and each element on a line of its own:
    ///
    /// ```
    /// ProjectedCollection<String> {
    ///     [0] Rex
    ///     [1] Fido
    /// }
    /// ```
    public var description: String {
        let lines = enumerated().map { "\t[\($0.offset)] \(ObjectBase.describedValue($0.element))\n" }
        return "ProjectedCollection<\(Element.self)> {\n\(lines.joined())}"
    }

    /// The collection's changes as an `AsyncSequence`: those of the list or set it projects (an object added,
    /// removed or moved; an object modified, as its `keyPaths` count), each carrying the projected collection
    /// frozen at the version it describes. It starts with `.initial`.
    ///
    /// ```swift
    /// let names = await realm.read { realm in realm.objects(PersonProjection.self)[0].dogNames.changes() }
    /// for await change in names {
    ///     if case .update(let names, _, let insertions, _) = change { print(insertions.map { names[$0] }) }
    /// }
    /// ```
    ///
    /// Call it on a live collection inside its realm's isolation; it is registered when it returns. Stops with a
    /// message on a frozen collection or one of an unmanaged object.
    /// - Complexity: as the list's or set's `changes(keyPaths:)`.
    /// - Parameter keyPaths: the properties of the list's or set's objects whose changes count as modifications
    ///   (`["name"]`), or nil for every property.
    /// - Returns: the stream; iterate it from any task.
    /// - Note: Differs from Realm Swift: an `AsyncSequence` replaces the Combine publisher, and its payloads are
    ///   frozen.
    public func changes(keyPaths: [String]? = nil) -> ChangeStream<RealmCollectionChange<ProjectedCollection<Element>>>
    {
        source.changes(keyPaths: keyPaths)
    }

    /// Calls `block` with the collection's changes, on `queue` (or on a task of Strata's when nil), until the
    /// returned token is invalidated. The collection in each change is frozen at the version it describes.
    /// - Complexity: as `changes(keyPaths:)`.
    /// - Parameters:
    ///   - keyPaths: the properties of the objects whose changes count as modifications, or nil for every property.
    ///   - queue: the queue the block runs on, or nil for a task of Strata's.
    ///   - block: called with each change; the collection in it is frozen.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    public func observe(
        keyPaths: [String]? = nil,
        on queue: DispatchQueue? = nil,
        _ block: @escaping @Sendable (RealmCollectionChange<ProjectedCollection<Element>>) -> Void
    ) -> NotificationToken {
        NotificationToken(changes(keyPaths: keyPaths), on: queue, block)
    }

    /// Calls `block` isolated to `actor` with the collection's changes, until the returned token is invalidated.
    /// - Complexity: as `changes(keyPaths:)`.
    /// - Parameters:
    ///   - keyPaths: the properties of the objects whose changes count as modifications, or nil for every property.
    ///   - actor: the actor the block runs isolated to.
    ///   - block: called with the actor and each change; the collection in it is frozen.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    public func observe<A: Actor>(
        keyPaths: [String]? = nil,
        on actor: A,
        _ block: @escaping @Sendable (isolated A, RealmCollectionChange<ProjectedCollection<Element>>) -> Void
    ) -> NotificationToken {
        NotificationToken(changes(keyPaths: keyPaths), on: actor, block)
    }
}
