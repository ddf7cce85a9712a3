import StrataCore

/// A collection property of objects that `projectTo` maps to a ``ProjectedCollection``: a ``List`` or
/// ``MutableSet`` of objects, managed or not.
protocol ProjectableObjects<Element>: RealmCollection where Element: ObjectBase {}

extension List: ProjectableObjects where Element: ObjectBase {}

extension MutableSet: ProjectableObjects where Element: ObjectBase {}

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
