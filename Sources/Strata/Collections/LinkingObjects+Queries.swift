import StrataCore

// Queries and aggregates over the objects linking to an object (`LinkingObjects`): each runs as `Results` over
// those objects, with everything `Results` offers after it (further filters, sorts, aggregates, `freeze()`).

extension LinkingObjects: ObjectCollectionQueries where Element: RealmCollectionValue {
    var managedResults: Results<Element>? {
        guard let owner, let origin = owner.table.linkingOrigins[property],
            let table = owner.source.schema.byTableKey[origin.table]
        else { return nil }
        return Results(
            source: owner.source,
            className: table.className,
            base: CollectionBase(
                ownerTable: owner.table,
                ownerKey: owner.key,
                property: property,
                kind: .backlinks(origin: origin)
            )
        )
    }

    var unmanagedElements: [Element] { [] }
}

extension LinkingObjects where Element: RealmCollectionValue {
    /// The objects of the collection that match a query in the Realm query language, as ``Results`` in the
    /// collection's order.
    ///
    /// ```swift
    /// let grown = dog.owners.filter("age >= %d", 2)
    /// ```
    /// - Complexity: O(n) for n objects in the collection, on first access.
    public func filter(_ predicateFormat: String, _ args: Any...) -> Results<Element> {
        do {
            return try queryable("filter").filter(try RealmPredicate(format: predicateFormat, argumentArray: args))
        } catch {
            preconditionFailure("\\(error)")
        }
    }

    /// The objects of the collection that match `predicate`, as ``Results`` in the collection's order.
    /// - Throws: ``RealmError/invalidQuery(_:)`` for an unknown property or a type mismatch.
    /// - Complexity: O(n) for n objects in the collection, on first access.
    public func filter(_ predicate: RealmPredicate) throws -> Results<Element> {
        try queryable("filter").filter(predicate)
    }

    /// The objects of the collection that match a type-safe query.
    ///
    /// ```swift
    /// let grown = dog.owners.where { $0.age >= 2 }
    /// ```
    /// - Complexity: O(n) for n objects in the collection, on first access.
    public func `where`(_ isIncluded: (Query<Element>) -> Query<Bool>) -> Results<Element> {
        queryable("where").where(isIncluded)
    }

    /// The objects of the collection sorted by a property, nil first in ascending order.
    /// - Complexity: O(n log n) for n objects in the collection, on first access.
    public func sorted(byKeyPath keyPath: String, ascending: Bool = true) -> Results<Element> {
        queryable("sorted").sorted(byKeyPath: keyPath, ascending: ascending)
    }

    /// The objects of the collection sorted by a Swift key path.
    /// - Complexity: O(n log n) for n objects in the collection, on first access.
    public func sorted<T>(by keyPath: KeyPath<Element, T>, ascending: Bool = true) -> Results<Element> {
        queryable("sorted").sorted(by: keyPath, ascending: ascending)
    }

    /// The objects of the collection sorted by several keys, the first most significant (a stable sort).
    /// - Complexity: O(n log n) for n objects in the collection, on first access.
    public func sorted<S: Sequence>(by sortDescriptors: S) -> Results<Element> where S.Element == SortDescriptor {
        queryable("sorted").sorted(by: sortDescriptors)
    }

    /// The first object of the collection for each distinct combination of values of `keyPaths`.
    /// - Complexity: O(n) for n objects in the collection, on first access.
    public func distinct<S: Sequence>(by keyPaths: S) -> Results<Element> where S.Element == String {
        queryable("distinct").distinct(by: keyPaths)
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
        guard let first = try queryable("index(matching:)").filter(predicate).first else { return nil }
        return firstIndex { $0.isSameObject(as: first) }
    }

    /// The position in the collection of the first object that matches a type-safe query, or nil.
    /// - Complexity: O(n) for n objects in the collection.
    public func index(matching isIncluded: (Query<Element>) -> Query<Bool>) -> Int? {
        guard let first = queryable("index(matching:)").where(isIncluded).first else { return nil }
        return firstIndex { $0.isSameObject(as: first) }
    }

    /// The smallest value of a property of the collection's objects, or nil if there are none (nil values are
    /// ignored).
    ///
    /// ```swift
    /// let youngest: Int? = dog.owners.min(ofProperty: "age")
    /// ```
    /// - Complexity: O(n) for n objects in the collection.
    public func min<T: _Persistable>(ofProperty property: String) -> T? { collectionMin(property) }

    /// The largest value of a property of the collection's objects, or nil if there are none.
    /// - Complexity: O(n) for n objects in the collection.
    public func max<T: _Persistable>(ofProperty property: String) -> T? { collectionMax(property) }

    /// The sum of a numeric property of the collection's objects; zero if there are none.
    /// - Complexity: O(n) for n objects in the collection.
    public func sum<T: _Persistable>(ofProperty property: String) -> T { collectionSum(property) }

    /// The average of a numeric property of the collection's objects, or nil if there are none.
    /// - Complexity: O(n) for n objects in the collection.
    public func average<T: _Persistable>(ofProperty property: String) -> T? { collectionAverage(property) }

    /// The smallest value at a key path, or nil if there are no objects.
    /// - Complexity: O(n) for n objects in the collection.
    public func min<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T? {
        collectionMin(KeyPathName.of(keyPath))
    }

    /// The largest value at a key path, or nil if there are no objects.
    /// - Complexity: O(n) for n objects in the collection.
    public func max<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T? {
        collectionMax(KeyPathName.of(keyPath))
    }

    /// The sum of the values at a key path; zero if there are no objects.
    /// - Complexity: O(n) for n objects in the collection.
    public func sum<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T { collectionSum(KeyPathName.of(keyPath)) }

    /// The average of the values at a key path, or nil if there are no objects.
    /// - Complexity: O(n) for n objects in the collection.
    public func average<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T? {
        collectionAverage(KeyPathName.of(keyPath))
    }
}
