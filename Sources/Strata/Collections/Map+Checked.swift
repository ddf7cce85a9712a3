// The throwing forms of a map's string-keyed queries over its values, as RealmCollection+Checked.swift gives them
// for collections: Realm's call with `checked` before its first argument label.

extension Map {
    /// The values sorted by a property of objects (or `self`), or an error for a key path that cannot sort them.
    /// - Complexity: O(n log n) for n entries, on first access.
    /// - Parameters:
    ///   - keyPath: a property of the objects, or `self`.
    ///   - ascending: the direction.
    /// - Returns: the values, sorted, as results.
    /// - Throws: ``RealmError/invalidQuery(_:)`` with Realm's message.
    /// - Note: Strata addition: the throwing form of ``sorted(byKeyPath:ascending:)``.
    public func sorted(checkedByKeyPath keyPath: String, ascending: Bool = true) throws -> Results<Value> {
        try valueCollection.sorted(checkedByKeyPath: keyPath, ascending: ascending)
    }

    /// The values sorted by several keys, or an error for a key path that cannot sort them.
    /// - Complexity: O(n log n) for n entries, on first access.
    /// - Parameter sortDescriptors: the keys, the most significant first.
    /// - Returns: the values, sorted, as results.
    /// - Throws: ``RealmError/invalidQuery(_:)`` with Realm's message.
    /// - Note: Strata addition: the throwing form of ``sorted(by:)``.
    public func sorted<S: Sequence>(checkedBy sortDescriptors: S) throws -> Results<Value>
    where S.Element == SortDescriptor {
        try valueCollection.sorted(checkedBy: sortDescriptors)
    }

    /// The smallest value of a property of the values (objects), or nil; an error for a property that cannot be
    /// compared.
    /// - Complexity: O(n) for n entries.
    /// - Parameter property: a comparable property of the objects.
    /// - Returns: the smallest non-nil value, or nil.
    /// - Throws: ``RealmError/invalidQuery(_:)`` with Realm's message.
    /// - Note: Strata addition: the throwing form of ``min(ofProperty:)``.
    public func min<T: _Persistable>(checkedOfProperty property: String) throws -> T? {
        try valueCollection.min(checkedOfProperty: property)
    }

    /// The largest value of a property of the values (objects), or nil; an error for a property that cannot be
    /// compared.
    /// - Complexity: O(n) for n entries.
    /// - Parameter property: a comparable property of the objects.
    /// - Returns: the largest non-nil value, or nil.
    /// - Throws: ``RealmError/invalidQuery(_:)`` with Realm's message.
    /// - Note: Strata addition: the throwing form of ``max(ofProperty:)``.
    public func max<T: _Persistable>(checkedOfProperty property: String) throws -> T? {
        try valueCollection.max(checkedOfProperty: property)
    }

    /// The sum of a property of the values (objects); an error for a property that cannot be summed.
    /// - Complexity: O(n) for n entries.
    /// - Parameter property: a numeric property of the objects.
    /// - Returns: the sum of the non-nil values.
    /// - Throws: ``RealmError/invalidQuery(_:)`` with Realm's message.
    /// - Note: Strata addition: the throwing form of ``sum(ofProperty:)``.
    public func sum<T: _Persistable>(checkedOfProperty property: String) throws -> T {
        try valueCollection.sum(checkedOfProperty: property)
    }

    /// The average of a property of the values (objects), or nil; an error for a property that cannot be averaged.
    /// - Complexity: O(n) for n entries.
    /// - Parameter property: a numeric property of the objects.
    /// - Returns: the mean of the non-nil values, or nil.
    /// - Throws: ``RealmError/invalidQuery(_:)`` with Realm's message.
    /// - Note: Strata addition: the throwing form of ``average(ofProperty:)``.
    public func average<T: _Persistable>(checkedOfProperty property: String) throws -> T? {
        try valueCollection.average(checkedOfProperty: property)
    }
}
