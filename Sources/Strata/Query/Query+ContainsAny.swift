import StrataCore

// `containsAny(in:)`: whether a list, set or map property holds any of the given elements (`ANY property IN
// values`), as Realm Swift's `Query` offers it on collections.

extension Query where T: CollectionQueryable {
    /// Whether the collection (a map: its values) holds any element of `collection`: `ANY property IN collection`.
    ///
    /// ```swift
    /// let withRex = realm.objects(Person.self).where { $0.dogs.containsAny(in: realm.objects(Dog.self).where { $0.name == "Rex" }) }
    /// ```
    /// - Parameter collection: the values or objects to look for (an unmanaged object matches nothing); an empty
    ///   sequence matches nothing.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(m) to build for m elements; the query compares each element of each object's collection with
    ///   up to m elements.
    public func containsAny<U: Sequence>(in collection: U) -> Query<Bool> where U.Element == T.QueryElement {
        let list: [StrataCore.Value]
        do {
            list = try collection.compactMap { element in
                // An unmanaged object is in no collection: it matches nothing, as in Realm Swift.
                if let object = element as? ObjectBase, object.realm == nil { return nil }
                return try RealmPredicate.engineValue(element)
            }
        } catch {
            preconditionFailure("\(error)")
        }
        return Query<Bool>(.predicate(.comparison(operand, .inList, .list(list, column: 0), [], .any, column: 0)))
    }
}
