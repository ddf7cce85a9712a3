/// Maps the objects of a ``List`` or ``MutableSet`` to one of their properties, as a ``ProjectedCollection``.
///
/// Reached through `projectTo` in a ``Projected`` key path; the member after it names the objects' property:
///
/// ```swift
/// final class Person: Object {
///     @Persisted var dogs: List<Dog>
/// }
/// final class PersonProjection: Projection<Person> {
///     @Projected(\Person.dogs.projectTo.name) var dogNames: ProjectedCollection<String>
/// }
/// ```
///
/// Here each person's `dogNames` is the `name` of each dog of `dogs`, in the list's order.
@dynamicMemberLookup
public struct CollectionElementMapper<Element: ObjectBase & RealmCollectionValue>: Sendable {
    /// The list or set whose objects are mapped.
    let objects: any ProjectableObjects<Element>

    /// The collection of `member` read on each object.
    ///
    /// The key path must not capture values that are not `Sendable`: a ``ProjectedCollection`` is `Sendable`,
    /// and keeps it.
    /// - Parameter member: the key path read on each object, such as `\.name` (written `.name` after `projectTo`).
    /// - Complexity: O(1); the returned collection reads the property of one object on each access.
    public subscript<Value>(dynamicMember member: KeyPath<Element, Value> & Sendable) -> ProjectedCollection<Value> {
        ProjectedCollection(source: MappedObjects(objects: objects, keyPath: member))
    }
}
