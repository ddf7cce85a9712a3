import StrataCore

/// A collection property of objects (`List<Object>`, `LinkingObjects`) whose queries and aggregates run as
/// ``Results`` over its objects: one implementation, Results', serves every kind.
protocol ObjectCollectionQueries {
    associatedtype Element: ObjectBase & RealmCollectionValue
    /// Results over the collection's objects in its order, or nil for an unmanaged collection.
    var managedResults: Results<Element>? { get }
    /// The objects of an unmanaged collection.
    var unmanagedElements: [Element] { get }
}

extension ObjectCollectionQueries {
    /// The results a query over a managed collection refines; an unmanaged collection stops with Realm's
    /// message (Realm Swift cannot query an unmanaged collection either).
    func queryable(_ method: String) -> Results<Element> {
        guard let managedResults else {
            preconditionFailure(
                "\(method) may only be called on a managed collection (of an object added to a realm); "
                    + "an unmanaged collection cannot be queried or sorted"
            )
        }
        return managedResults
    }

    /// The values of `property` of an unmanaged collection's objects, as engine values (nil values left out).
    private func unmanagedValues(_ property: String, operation: String) -> [StrataCore.Value] {
        unmanagedElements.compactMap { object in
            guard object.objectSchema[property] != nil else {
                preconditionFailure("Invalid property '\(property)' for \(operation) on \(Element.self)")
            }
            let value = try? ValueConversion.engineValue(object.value(forKey: property) as Any) { _ in .null }
            return value.flatMap { $0.isNull ? nil : $0 }
        }
    }

    func collectionMin<T: _Persistable>(_ property: String) -> T? {
        if let managedResults { return managedResults.min(ofProperty: property) as T? }
        return AggregateMath.extreme(unmanagedValues(property, operation: "min"), smallest: true)
            .flatMap { AggregateMath.convert($0, to: T.self, operation: "min", property: property) }
    }

    func collectionMax<T: _Persistable>(_ property: String) -> T? {
        if let managedResults { return managedResults.max(ofProperty: property) as T? }
        return AggregateMath.extreme(unmanagedValues(property, operation: "max"), smallest: false)
            .flatMap { AggregateMath.convert($0, to: T.self, operation: "max", property: property) }
    }

    func collectionSum<T: _Persistable>(_ property: String) -> T {
        if let managedResults { return managedResults.sum(ofProperty: property) as T }
        return AggregateMath.sum(of: unmanagedValues(property, operation: "sum"), as: T.self, property: property)
    }

    func collectionAverage<T: _Persistable>(_ property: String) -> T? {
        if let managedResults { return managedResults.average(ofProperty: property) as T? }
        return AggregateMath.average(
            of: unmanagedValues(property, operation: "average"),
            as: T.self,
            property: property
        )
    }
}
