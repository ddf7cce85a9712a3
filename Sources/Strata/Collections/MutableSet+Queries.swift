import StrataCore

// Queries and aggregates over sets of objects: each runs as `Results` over the set's objects, in the set's order,
// with everything `Results` offers after it (further filters, sorts, aggregates, `freeze()`).

extension MutableSet: ObjectCollectionQueries where Element: ObjectBase {
    var managedResults: Results<Element>? {
        guard let backing, let target = backing.owner.table.info.properties[backing.property].typeInfo.objectClass
        else { return nil }
        let owner = backing.owner
        return Results(
            source: owner.source,
            className: ObjectClassInfo.unqualifiedName(of: target),
            base: CollectionBase(ownerTable: owner.table, ownerKey: owner.key, property: backing.property, kind: .list)
        )
    }

    var unmanagedElements: [Element] { backing == nil ? elements : [] }
}

extension MutableSet where Element: ObjectBase {
    /// The objects of the set that match a query in the Realm query language, as ``Results`` in the
    /// set's order.
    ///
    /// ```swift
    /// let grown = post.readers.filter("age >= %d", 2)
    /// ```
    /// - Complexity: O(n) for n objects in the set, on first access.
    public func filter(_ predicateFormat: String, _ args: Any...) -> Results<Element> {
        do {
            return try queryable("filter").filter(try RealmPredicate(format: predicateFormat, argumentArray: args))
        } catch {
            preconditionFailure("\\(error)")
        }
    }

    /// The objects of the set that match `predicate`, as ``Results`` in the set's order.
    /// - Throws: ``RealmError/invalidQuery(_:)`` for an unknown property or a type mismatch.
    /// - Complexity: O(n) for n objects in the set, on first access.
    public func filter(_ predicate: RealmPredicate) throws -> Results<Element> {
        try queryable("filter").filter(predicate)
    }

    /// The objects of the set that match a type-safe query.
    ///
    /// ```swift
    /// let grown = post.readers.where { $0.age >= 2 }
    /// ```
    /// - Complexity: O(n) for n objects in the set, on first access.
    public func `where`(_ isIncluded: (Query<Element>) -> Query<Bool>) -> Results<Element> {
        queryable("where").where(isIncluded)
    }

    /// The objects of the set sorted by a property, nil first in ascending order.
    /// - Complexity: O(n log n) for n objects in the set, on first access.
    public func sorted(byKeyPath keyPath: String, ascending: Bool = true) -> Results<Element> {
        queryable("sorted").sorted(byKeyPath: keyPath, ascending: ascending)
    }

    /// The objects of the set sorted by a Swift key path.
    /// - Complexity: O(n log n) for n objects in the set, on first access.
    public func sorted<T>(by keyPath: KeyPath<Element, T>, ascending: Bool = true) -> Results<Element> {
        queryable("sorted").sorted(by: keyPath, ascending: ascending)
    }

    /// The objects of the set sorted by several keys, the first most significant (a stable sort).
    /// - Complexity: O(n log n) for n objects in the set, on first access.
    public func sorted<S: Sequence>(by sortDescriptors: S) -> Results<Element> where S.Element == SortDescriptor {
        queryable("sorted").sorted(by: sortDescriptors)
    }

    /// The first object of the set for each distinct combination of values of `keyPaths`.
    /// - Complexity: O(n) for n objects in the set, on first access.
    public func distinct<S: Sequence>(by keyPaths: S) -> Results<Element> where S.Element == String {
        queryable("distinct").distinct(by: keyPaths)
    }

    /// The position in the set (in its iteration order) of the first object that matches a query, or nil.
    /// - Complexity: O(n) for n objects in the set.
    public func index(matching predicateFormat: String, _ args: Any...) -> Int? {
        do {
            return try index(matching: try RealmPredicate(format: predicateFormat, argumentArray: args))
        } catch {
            preconditionFailure("\\(error)")
        }
    }

    /// The position in the set (in its iteration order) of the first object that matches `predicate`, or nil.
    /// - Throws: ``RealmError/invalidQuery(_:)`` for an unknown property or a type mismatch.
    /// - Complexity: O(n) for n objects in the set.
    public func index(matching predicate: RealmPredicate) throws -> Int? {
        guard let first = try queryable("index(matching:)").filter(predicate).first else { return nil }
        return firstIndex { $0.isSameObject(as: first) }
    }

    /// The position in the set (in its iteration order) of the first object that matches a type-safe query, or nil.
    /// - Complexity: O(n) for n objects in the set.
    public func index(matching isIncluded: (Query<Element>) -> Query<Bool>) -> Int? {
        guard let first = queryable("index(matching:)").where(isIncluded).first else { return nil }
        return firstIndex { $0.isSameObject(as: first) }
    }

    /// The smallest value of a property of the set's objects, or nil if there are none (nil values are
    /// ignored).
    ///
    /// ```swift
    /// let youngest: Int? = post.readers.min(ofProperty: "age")
    /// ```
    /// - Complexity: O(n) for n objects in the set.
    public func min<T: _Persistable>(ofProperty property: String) -> T? { collectionMin(property) }

    /// The largest value of a property of the set's objects, or nil if there are none.
    /// - Complexity: O(n) for n objects in the set.
    public func max<T: _Persistable>(ofProperty property: String) -> T? { collectionMax(property) }

    /// The sum of a numeric property of the set's objects; zero if there are none.
    /// - Complexity: O(n) for n objects in the set.
    public func sum<T: _Persistable>(ofProperty property: String) -> T { collectionSum(property) }

    /// The average of a numeric property of the set's objects, or nil if there are none.
    /// - Complexity: O(n) for n objects in the set.
    public func average<T: _Persistable>(ofProperty property: String) -> T? { collectionAverage(property) }

    /// The smallest value at a key path, or nil if there are no objects.
    /// - Complexity: O(n) for n objects in the set.
    public func min<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T? {
        collectionMin(KeyPathName.of(keyPath))
    }

    /// The largest value at a key path, or nil if there are no objects.
    /// - Complexity: O(n) for n objects in the set.
    public func max<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T? {
        collectionMax(KeyPathName.of(keyPath))
    }

    /// The sum of the values at a key path; zero if there are no objects.
    /// - Complexity: O(n) for n objects in the set.
    public func sum<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T { collectionSum(KeyPathName.of(keyPath)) }

    /// The average of the values at a key path, or nil if there are no objects.
    /// - Complexity: O(n) for n objects in the set.
    public func average<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T? {
        collectionAverage(KeyPathName.of(keyPath))
    }
}
