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
}
