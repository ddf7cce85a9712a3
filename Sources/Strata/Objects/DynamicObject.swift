/// An object of a realm read by class name through ``Realm/dynamicObjects(_:)``; its properties are
/// reached by name.
///
/// ```swift
/// let names = await realm.read { realm in
///     realm.dynamicObjects("Person").map { $0["name"] as? String ?? "" }
/// }
/// ```
///
/// As in Realm Swift, a linked object (a link, an embedded object, an object in an ``AnyRealmValue``) reads as a
/// dynamic object, and a list, set or map property of objects as a collection of dynamic objects
/// (`List<DynamicObject>`, `MutableSet<DynamicObject>`, `Map<String, DynamicObject?>`), which is the stored
/// collection: changing it in a write changes the property. A list, set or map of values reads as its typed
/// collection (`List<Int>`), and the other properties as ``ObjectBase/value(forKey:)`` gives them.
/// ``Object/dynamicList(_:)``, ``Object/dynamicMutableSet(_:)`` and ``Object/dynamicMap(_:)`` give the same
/// collections of any managed object. In a migration, ``MigrationObject`` is this class.
///
/// ```swift
/// try await realm.write { realm in
///     let person = realm.dynamicObjects("Person")[0]
///     let dogs = person["dogs"] as! List<DynamicObject>
///     dogs.append(try realm.dynamicCreate("Dog", value: ["name": "Rex"]))
/// }
/// ```
///
/// A property can also be named as a member, as in Realm Swift: `person.name` is `person["name"]`.
@dynamicMemberLookup
public final class DynamicObject: Object {
    /// Set for a row of a table no model class describes (a migration's old object, or an object of a class the
    /// realm's schema lacks that a mixed value links to): the row it reads, read-only.
    var specRow: SpecRow?

    /// The row of a migration's old object, nil for any other object.
    var migrationOldObject: SpecRow? { specRow.flatMap { $0.isMigrationOldObject ? $0 : nil } }

    /// Creates an unbound dynamic object (only dynamic queries make useful ones).
    public required init() {
        super.init()
    }

    /// The property named `member`, read and written as the subscript by name does: `dog.age` is `dog["age"]`.
    ///
    /// ```swift
    /// let age = realm.dynamicObjects("Dog")[0].age as? Int
    /// ```
    /// - Parameter member: a property name.
    public subscript(dynamicMember member: String) -> Any? {
        get { self[member] }
        set { self[member] = newValue }
    }

    /// ``ObjectBase/value(forKey:)`` of a dynamic object: linked objects and collections of objects as dynamic
    /// ones (see the type's documentation); a spec row (a migration's old object) reads its stored row.
    func dynamicValue(forKey key: String) -> Any? {
        if let specRow { return specRow.value(forKey: key) }
        guard let info = propertyInfo, let index = info.index(ofProperty: key) else { return nil }
        if let binding, let collection = binding.dynamicCollection(index) { return collection }
        let value = ValueConversion.keyValueCodingValue(info.properties[index].read(self))
        // A linked object (a link, an embedded object, the object of a mixed value) of its model class: the same
        // row as a dynamic object.
        if let linked = value as? ObjectBase, !(linked is DynamicObject), let binding = linked.binding {
            let dynamic = DynamicObject()
            dynamic.binding = binding
            return dynamic
        }
        return value
    }
}
