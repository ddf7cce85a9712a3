import StrataCore

/// A collection property of objects that `projectTo` maps to a ``ProjectedCollection``: a ``List`` or
/// ``MutableSet`` of objects, managed or not.
protocol ProjectableObjects<Element>: _ObjectCollectionQueries, Sendable {
    /// The managed storage, or nil for an unmanaged collection.
    var backing: ManagedCollectionBacking? { get }
    /// A managed collection over `backing`.
    init(backing: ManagedCollectionBacking)
    /// The realm managing the collection, or nil.
    var realm: Realm? { get }
    /// Whether the collection is frozen.
    var isFrozen: Bool { get }
    /// Whether the owning object was deleted or its realm invalidated.
    var isInvalidated: Bool { get }
}

extension List: ProjectableObjects where Element: ObjectBase {}

extension MutableSet: ProjectableObjects where Element: ObjectBase {}

extension ProjectableObjects {
    /// The collection as its owner has it in a frozen snapshot of the realm's current version (itself when
    /// frozen).
    func frozenObjects() throws -> Self {
        guard let backing else { throw RealmError.invalidValue("an unmanaged collection cannot be frozen") }
        if backing.source.isFrozen { return self }
        let owner = try backing.owner.frozenCopy(of: backing.owner.table.info.type.init())
        guard let binding = owner.binding else { preconditionFailure("a frozen copy is managed") }
        return Self(backing: ManagedCollectionBacking(owner: binding, property: backing.property))
    }

    /// The live collection of a frozen one's owner, in the realm whose block is running (itself when live or
    /// unmanaged); nil if the owner was deleted.
    func thawedObjects() throws -> Self? {
        guard let backing, backing.source.isFrozen else { return self }
        guard let owner = try backing.owner.thawedCopy(of: backing.owner.table.info.type.init()) else { return nil }
        guard let binding = owner.binding else { preconditionFailure("a live copy is managed") }
        return Self(backing: ManagedCollectionBacking(owner: binding, property: backing.property))
    }
}

extension List where Element: ObjectBase {
    /// Maps the list's objects to one of their properties, for a ``Projected`` property of a ``Projection``.
    ///
    /// ```swift
    /// final class PersonProjection: Projection<Person> {
    ///     @Projected(\Person.dogs.projectTo.name) var dogNames: ProjectedCollection<String>
    /// }
    /// ```
    ///
    /// `projectTo.name` is a ``ProjectedCollection`` of the objects' `name`, in the list's order.
    public var projectTo: CollectionElementMapper<Element> {
        CollectionElementMapper(objects: self)
    }
}

extension MutableSet where Element: ObjectBase {
    /// Maps the set's objects to one of their properties, for a ``Projected`` property of a ``Projection``.
    ///
    /// ```swift
    /// final class PersonProjection: Projection<Person> {
    ///     @Projected(\Person.friends.projectTo.name) var friendNames: ProjectedCollection<String>
    /// }
    /// ```
    ///
    /// The projected collection has an element per object of the set, so it may repeat a value: it is not a set.
    public var projectTo: CollectionElementMapper<Element> {
        CollectionElementMapper(objects: self)
    }
}
