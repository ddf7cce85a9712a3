import StrataCore

extension Realm {
    /// The dynamic object of the class named `typeName` whose primary key is `key`, or nil; its properties are read
    /// by name.
    ///
    /// ```swift
    /// let name = await realm.read { realm in realm.dynamicObject(ofType: "Person", forPrimaryKey: 1)?["name"] }
    /// ```
    /// - Complexity: O(log n): one lookup in the primary key's index.
    /// - Parameters:
    ///   - typeName: the class name as the file stores it; a class the realm lacks finds nothing.
    ///   - key: the primary key value, of the key's type or convertible to it.
    /// - Returns: the live dynamic object (frozen on a frozen realm), or nil.
    /// - Note: Differs from Realm Swift, which raises for a class the realm lacks.
    public func dynamicObject(ofType typeName: String, forPrimaryKey key: Any) -> DynamicObject? {
        guard let table = state.schema.tables[typeName], let found = objectKey(in: table, forPrimaryKey: key) else {
            return nil
        }
        return ObjectBinding.makeElement(DynamicObject.self, source, table, found)
    }

    /// Creates an object of the class named `typeName` from a dictionary, array or object, and returns it as a
    /// dynamic object whose properties are read and written by name.
    ///
    /// ```swift
    /// try await realm.write { realm in
    ///     let dog = try realm.dynamicCreate("Dog", value: ["name": "Rex", "age": 3])
    ///     dog["age"] = 4
    /// }
    /// ```
    /// - Parameters:
    ///   - typeName: the class name as the file stores it.
    ///   - value: a dictionary by property name, an array in property order, or an object to copy.
    ///   - update: what to do when an object with the same primary key exists.
    /// - Returns: the managed object, as a ``DynamicObject``.
    /// - Throws: ``RealmError/invalidValue(_:)`` for a class the realm lacks or an embedded class, and what
    ///   ``create(_:value:update:)`` throws.
    /// - Note: Differs from Realm Swift: it throws where Realm Swift raises an exception.
    @discardableResult
    public func dynamicCreate(
        _ typeName: String,
        value: Any = [String: Any](),
        update: UpdatePolicy = .error
    ) throws -> DynamicObject {
        guard let table = state.schema.tables[typeName] else {
            throw RealmError.invalidValue("Object type '\(typeName)' is not managed by the Realm")
        }
        guard let type = table.info.type as? Object.Type else {
            throw RealmError.invalidValue("Embedded objects cannot be created directly")
        }
        let object = try create(type, value: value, update: update)
        guard let key = object.binding?.key else { preconditionFailure("a created object is managed") }
        return ObjectBinding.makeElement(DynamicObject.self, source, table, key)
    }
}
