import StrataCore

/// A collection property of objects (`List` and `MutableSet` of objects, `LinkingObjects`) whose queries and
/// aggregates run as ``Results`` over its objects: one implementation, Results', serves every kind, and the
/// extension below declares the query surface once for all of them.
///
/// Public only because the members it provides are; the underscore marks it, like `_Persistable`, as a detail
/// of Strata's implementation that user code neither conforms to nor names.
public protocol _ObjectCollectionQueries: RandomAccessCollection
where Element: ObjectBase & RealmCollectionValue, Index == Int {
    /// Results over the collection's objects in its order, or nil for an unmanaged collection.
    var _managedResults: Results<Element>? { get }
    /// The objects of an unmanaged collection.
    var _unmanagedElements: [Element] { get }
}

extension _ObjectCollectionQueries {
    /// The results a query over a managed collection refines; an unmanaged collection stops with Realm's
    /// message (Realm Swift cannot query an unmanaged collection either).
    func _queryable(_ method: String) -> Results<Element> {
        guard let managedResults = _managedResults else {
            preconditionFailure(
                "\(method) may only be called on a managed collection (of an object added to a realm); "
                    + "an unmanaged collection cannot be queried or sorted"
            )
        }
        return managedResults
    }

    /// The values of `property` of an unmanaged collection's objects, as engine values (nil values left out).
    private func unmanagedValues(_ property: String, operation: String) -> [StrataCore.Value] {
        _unmanagedElements.compactMap { object in
            guard object.objectSchema[property] != nil else {
                preconditionFailure("Invalid property '\(property)' for \(operation) on \(Element.self)")
            }
            let value = try? ValueConversion.engineValue(object.value(forKey: property) as Any) { _ in .null }
            return value.flatMap { $0.isNull ? nil : $0 }
        }
    }

    func _collectionMin<T: _Persistable>(_ property: String) -> T? {
        if let managedResults = _managedResults { return managedResults.min(ofProperty: property) as T? }
        return AggregateMath.extreme(unmanagedValues(property, operation: "min"), smallest: true)
            .flatMap { AggregateMath.convert($0, to: T.self, operation: "min", property: property) }
    }

    func _collectionMax<T: _Persistable>(_ property: String) -> T? {
        if let managedResults = _managedResults { return managedResults.max(ofProperty: property) as T? }
        return AggregateMath.extreme(unmanagedValues(property, operation: "max"), smallest: false)
            .flatMap { AggregateMath.convert($0, to: T.self, operation: "max", property: property) }
    }

    func _collectionSum<T: _Persistable>(_ property: String) -> T {
        if let managedResults = _managedResults { return managedResults.sum(ofProperty: property) as T }
        return AggregateMath.sum(of: unmanagedValues(property, operation: "sum"), as: T.self, property: property)
    }

    func _collectionAverage<T: _Persistable>(_ property: String) -> T? {
        if let managedResults = _managedResults { return managedResults.average(ofProperty: property) as T? }
        return AggregateMath.average(
            of: unmanagedValues(property, operation: "average"),
            as: T.self,
            property: property
        )
    }
}

extension _ObjectCollectionQueries {
    /// The objects of the collection that match a query in the Realm query language, as ``Results`` in the
    /// collection's order.
    ///
    /// ```swift
    /// let grown = person.dogs.filter("age >= %d", 2)
    /// ```
    /// - Complexity: O(n) for n objects in the collection, on first access.
    public func filter(_ predicateFormat: String, _ args: Any...) -> Results<Element> {
        do {
            return try _queryable("filter").filter(try RealmPredicate(format: predicateFormat, argumentArray: args))
        } catch {
            preconditionFailure("\\(error)")
        }
    }

    /// The objects of the collection that match `predicate`, as ``Results`` in the collection's order.
    /// - Throws: ``RealmError/invalidQuery(_:)`` for an unknown property or a type mismatch.
    /// - Complexity: O(n) for n objects in the collection, on first access.
    public func filter(_ predicate: RealmPredicate) throws -> Results<Element> {
        try _queryable("filter").filter(predicate)
    }

    /// The objects of the collection that match a type-safe query.
    ///
    /// ```swift
    /// let grown = person.dogs.where { $0.age >= 2 }
    /// ```
    /// - Complexity: O(n) for n objects in the collection, on first access.
    public func `where`(_ isIncluded: (Query<Element>) -> Query<Bool>) -> Results<Element> {
        _queryable("where").where(isIncluded)
    }

    /// The objects of the collection sorted by a property, nil first in ascending order.
    /// - Complexity: O(n log n) for n objects in the collection, on first access.
    public func sorted(byKeyPath keyPath: String, ascending: Bool = true) -> Results<Element> {
        _queryable("sorted").sorted(byKeyPath: keyPath, ascending: ascending)
    }

    /// The objects of the collection sorted by a Swift key path.
    /// - Complexity: O(n log n) for n objects in the collection, on first access.
    public func sorted<T>(by keyPath: KeyPath<Element, T>, ascending: Bool = true) -> Results<Element> {
        _queryable("sorted").sorted(by: keyPath, ascending: ascending)
    }

    /// The objects of the collection sorted by several keys, the first most significant (a stable sort).
    /// - Complexity: O(n log n) for n objects in the collection, on first access.
    public func sorted<S: Sequence>(by sortDescriptors: S) -> Results<Element> where S.Element == SortDescriptor {
        _queryable("sorted").sorted(by: sortDescriptors)
    }

    /// The first object of the collection for each distinct combination of values of `keyPaths`.
    /// - Complexity: O(n) for n objects in the collection, on first access.
    public func distinct<S: Sequence>(by keyPaths: S) -> Results<Element> where S.Element == String {
        _queryable("distinct").distinct(by: keyPaths)
    }

    /// The position in the collection of the first object that matches a query, or nil.
    /// - Complexity: O(n) for n objects in the collection.
    public func index(matching predicateFormat: String, _ args: Any...) -> Int? {
        do {
            return try index(matching: try RealmPredicate(format: predicateFormat, argumentArray: args))
        } catch {
            preconditionFailure("\\(error)")
        }
    }

    /// The position in the collection of the first object that matches `predicate`, or nil.
    /// - Throws: ``RealmError/invalidQuery(_:)`` for an unknown property or a type mismatch.
    /// - Complexity: O(n) for n objects in the collection.
    public func index(matching predicate: RealmPredicate) throws -> Int? {
        guard let first = try _queryable("index(matching:)").filter(predicate).first else { return nil }
        return firstIndex { $0.isSameObject(as: first) }
    }

    /// The position in the collection of the first object that matches a type-safe query, or nil.
    /// - Complexity: O(n) for n objects in the collection.
    public func index(matching isIncluded: (Query<Element>) -> Query<Bool>) -> Int? {
        guard let first = _queryable("index(matching:)").where(isIncluded).first else { return nil }
        return firstIndex { $0.isSameObject(as: first) }
    }

    /// The smallest value of a property of the collection's objects, or nil if there are none (nil values are
    /// ignored).
    ///
    /// ```swift
    /// let youngest: Int? = person.dogs.min(ofProperty: "age")
    /// ```
    /// - Complexity: O(n) for n objects in the collection.
    public func min<T: _Persistable>(ofProperty property: String) -> T? { _collectionMin(property) }

    /// The largest value of a property of the collection's objects, or nil if there are none.
    /// - Complexity: O(n) for n objects in the collection.
    public func max<T: _Persistable>(ofProperty property: String) -> T? { _collectionMax(property) }

    /// The sum of a numeric property of the collection's objects; zero if there are none.
    /// - Complexity: O(n) for n objects in the collection.
    public func sum<T: _Persistable>(ofProperty property: String) -> T { _collectionSum(property) }

    /// The average of a numeric property of the collection's objects, or nil if there are none.
    /// - Complexity: O(n) for n objects in the collection.
    public func average<T: _Persistable>(ofProperty property: String) -> T? { _collectionAverage(property) }

    /// The smallest value at a key path, or nil if there are no objects.
    /// - Complexity: O(n) for n objects in the collection.
    public func min<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T? {
        _collectionMin(KeyPathName.of(keyPath))
    }

    /// The largest value at a key path, or nil if there are no objects.
    /// - Complexity: O(n) for n objects in the collection.
    public func max<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T? {
        _collectionMax(KeyPathName.of(keyPath))
    }

    /// The sum of the values at a key path; zero if there are no objects.
    /// - Complexity: O(n) for n objects in the collection.
    public func sum<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T { _collectionSum(KeyPathName.of(keyPath)) }

    /// The average of the values at a key path, or nil if there are no objects.
    /// - Complexity: O(n) for n objects in the collection.
    public func average<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T? {
        _collectionAverage(KeyPathName.of(keyPath))
    }
}
