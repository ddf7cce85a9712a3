import StrataCore

extension Object {
    /// The list property named `propertyName` as a list of dynamic objects, whose properties are read and written by
    /// name.
    ///
    /// ```swift
    /// try await realm.write { realm in
    ///     let dogs = person.dynamicList("dogs")
    ///     dogs.append(try realm.dynamicCreate("Dog", value: ["name": "Rex"]))
    ///     let names = dogs.map { $0["name"] as? String ?? "" }
    /// }
    /// ```
    ///
    /// The list is the object's stored list, as the typed property reads it: appending, inserting, moving or
    /// removing elements (in a write) changes the property, and an element must be an object of the class the
    /// property holds. A frozen object gives a frozen list of frozen objects. A ``DynamicObject``'s
    /// `object["dogs"]` gives the same list.
    ///
    /// - Parameter propertyName: the name of a list property of objects (`List<Dog>`).
    /// - Returns: the property's managed list, as a `List<DynamicObject>`.
    /// - Complexity: O(1); the list reads the realm when used.
    /// - Note: Differs from Realm Swift on misuse. An unknown property, a property that is not a list, a list of
    ///   values (`List<Int>`: read it with `object["name"]`) and an unmanaged object all stop with a message. Realm
    ///   Swift stops for the first two, but for a list of values of a model-class object, or any list of an unmanaged
    ///   object, gives a list whose count can be read and whose elements cannot.
    public func dynamicList(_ propertyName: String) -> List<DynamicObject> {
        dynamicCollection(propertyName, .list, caller: "dynamicList(_:)", as: List<DynamicObject>.self)
    }

    /// The set property named `propertyName` as a set of dynamic objects, whose properties are read and written by
    /// name.
    ///
    /// ```swift
    /// try await realm.write { realm in
    ///     let favourites = reader.dynamicMutableSet("favourites")
    ///     favourites.insert(try realm.dynamicCreate("Dog", value: ["name": "Rex"]))
    /// }
    /// ```
    ///
    /// The set is the object's stored set, as the typed property reads it: inserting or removing elements (in a
    /// write) changes the property, and an element must be an object of the class the property holds. A frozen
    /// object gives a frozen set of frozen objects. A ``DynamicObject``'s `object["favourites"]` gives the same set.
    ///
    /// - Parameter propertyName: the name of a set property of objects (`MutableSet<Dog>`).
    /// - Returns: the property's managed set, as a `MutableSet<DynamicObject>`.
    /// - Complexity: O(1); the set reads the realm when used.
    /// - Note: Differs from Realm Swift on misuse, as ``dynamicList(_:)`` does: an unknown property, a property that
    ///   is not a set, a set of values and an unmanaged object all stop with a message.
    public func dynamicMutableSet(_ propertyName: String) -> MutableSet<DynamicObject> {
        dynamicCollection(propertyName, .set, caller: "dynamicMutableSet(_:)", as: MutableSet<DynamicObject>.self)
    }

    /// The map property named `propertyName` as a map of dynamic objects, whose properties are read and written by
    /// name.
    ///
    /// ```swift
    /// try await realm.write { realm in
    ///     let pets: Map<String, DynamicObject?> = owner.dynamicMap("pets")
    ///     pets["rex"] = try realm.dynamicCreate("Dog", value: ["name": "Rex"])
    /// }
    /// ```
    ///
    /// The map is the object's stored map, as the typed property reads it: setting or removing entries (in a write)
    /// changes the property, and a value must be an object of the class the property holds. A frozen object gives a
    /// frozen map of frozen objects. A ``DynamicObject``'s `object["pets"]` gives the same map.
    ///
    /// - Parameter propertyName: the name of a map property of objects (`Map<String, Dog?>`).
    /// - Returns: the property's managed map, as a `Map<String, DynamicObject?>` (`Key` is `String`, the one key
    ///   type of a map).
    /// - Complexity: O(1); the map reads the realm when used.
    /// - Note: Differs from Realm Swift on misuse, as ``dynamicList(_:)`` does: an unknown property, a property that
    ///   is not a map, a map of values and an unmanaged object all stop with a message.
    public func dynamicMap<Key: _MapKey>(_ propertyName: String) -> Map<Key, DynamicObject?> {
        dynamicCollection(propertyName, .dictionary, caller: "dynamicMap(_:)", as: Map<Key, DynamicObject?>.self)
    }
}

extension EmbeddedObject {
    /// The list property named `propertyName` as a list of dynamic objects, whose properties are read and written by
    /// name; ``Object/dynamicList(_:)`` describes it.
    ///
    /// ```swift
    /// let dogs = await realm.read { realm in
    ///     realm.objects(Walk.self)[0].route!.dynamicList("dogs").map { $0["name"] as? String ?? "" }
    /// }
    /// ```
    /// - Parameter propertyName: the name of a list property of objects.
    /// - Returns: the property's managed list, as a `List<DynamicObject>`.
    /// - Complexity: O(1); the list reads the realm when used.
    /// - Note: Differs from Realm Swift on misuse, as ``Object/dynamicList(_:)`` does.
    public func dynamicList(_ propertyName: String) -> List<DynamicObject> {
        dynamicCollection(propertyName, .list, caller: "dynamicList(_:)", as: List<DynamicObject>.self)
    }
}

extension ObjectBase {
    /// Property `propertyName` of this managed object, a list or set of objects (`kind`), as a collection of
    /// dynamic objects; `caller` names the method in the messages that stop a misuse.
    func dynamicCollection<Collection>(
        _ propertyName: String,
        _ kind: CollectionKind,
        caller: String,
        as _: Collection.Type
    ) -> Collection {
        let collection = ["List", "MutableSet", "Map"][kind == .list ? 0 : kind == .set ? 1 : 2]
        // A spec row (a migration's old object): its stored collection, copied (see SpecRow+Values.swift).
        if let old = (self as? DynamicObject)?.specRow {
            guard let copy = old.value(forKey: propertyName) as? Collection else {
                preconditionFailure(
                    "\(caller) reads a \(collection) of objects, and \(old.spec.name).\(propertyName) of the object"
                        + " is not one"
                )
            }
            return copy
        }
        let info = propertyInfo
        let className = info?.className ?? ObjectClassInfo.unqualifiedName(of: type(of: self))
        guard let info, let index = info.index(ofProperty: propertyName) else {
            preconditionFailure("Invalid property name '\(propertyName)' for class '\(className)'.")
        }
        let property = info.properties[index]
        let name = "\(className).\(propertyName)"
        guard property.typeInfo.collection == kind, !property.typeInfo.isLinkingObjects else {
            preconditionFailure("\(caller) reads a \(collection) property, and \(name) is a \(property.valueType)")
        }
        guard property.typeInfo.objectClass != nil else {
            preconditionFailure(
                "\(caller) reads a \(collection) of objects, and \(name) is a \(property.valueType): read it with"
                    + " object[\"\(propertyName)\"] as? \(property.valueType)"
            )
        }
        guard let binding else {
            preconditionFailure(
                "\(caller) reads a managed object's \(collection): the \(name) of an unmanaged object holds objects of"
                    + " its model class, not dynamic objects; add the object to a realm first"
            )
        }
        guard let dynamic = binding.dynamicCollection(index) as? Collection else {
            preconditionFailure("\(name) is not a \(collection) of objects")
        }
        return dynamic
    }
}
