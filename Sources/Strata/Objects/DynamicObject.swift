/// An object of a realm read by class name through ``Realm/dynamicObjects(_:)``; its properties are
/// reached by name.
///
/// ```swift
/// let names = await realm.read { realm in
///     realm.dynamicObjects("Person").map { $0["name"] as? String ?? "" }
/// }
/// ```
///
/// As in Realm Swift, a list or set property of objects reads as a collection of dynamic objects
/// (`List<DynamicObject>`, `MutableSet<DynamicObject>`), which is the stored collection: changing it in a write
/// changes the property. A list or set of values reads as its typed collection (`List<Int>`), and the other
/// properties as ``ObjectBase/value(forKey:)`` gives them. ``Object/dynamicList(_:)`` and
/// ``Object/dynamicMutableSet(_:)`` give the same collections of any managed object.
///
/// ```swift
/// try await realm.write { realm in
///     let person = realm.dynamicObjects("Person")[0]
///     let dogs = person["dogs"] as! List<DynamicObject>
///     dogs.append(try realm.dynamicCreate("Dog", value: ["name": "Rex"]))
/// }
/// ```
public final class DynamicObject: Object {
    /// Creates an unbound dynamic object (only dynamic queries make useful ones).
    public required init() {
        super.init()
    }
}
