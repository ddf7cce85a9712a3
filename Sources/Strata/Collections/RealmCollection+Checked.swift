import StrataCore

// The throwing forms of the string-keyed calls a server may fill from a request (DESIGN.md section 3, "Parsing
// never crashes a server"). Each is Realm Swift's call with `checked` before its first argument label: it throws
// the error whose message Realm's spelling stops with, so a key path or property name from a request is answered
// with an error, never by stopping the process. Realm's spellings call these and stop with the same message.

extension RealmCollection {
    /// The elements sorted by a property, or an error for a key path that cannot sort them.
    ///
    /// ```swift
    /// // `field` comes from the request: a typo is an error for the client, not a stopped server.
    /// let page = try realm.objects(Person.self).sorted(checkedByKeyPath: field, ascending: ascending)
    /// ```
    /// - Complexity: O(n log n) for n elements, on first access.
    /// - Parameters:
    ///   - keyPath: a property of the elements (through to-one links with dots), or `self` for values.
    ///   - ascending: the direction.
    /// - Returns: the elements, sorted, as results.
    /// - Throws: ``RealmError/invalidQuery(_:)`` with Realm's message for a property the class lacks, a collection
    ///   operator, or a list, set, map or linking objects property on the path.
    /// - Note: Strata addition: the throwing form of ``sorted(byKeyPath:ascending:)``.
    public func sorted(checkedByKeyPath keyPath: String, ascending: Bool = true) throws -> Results<Element> {
        try sorted(checkedBy: [SortDescriptor(keyPath: keyPath, ascending: ascending)])
    }

    /// The elements sorted by several keys, or an error for a key path that cannot sort them.
    ///
    /// ```swift
    /// let keys = request.sort.map { SortDescriptor(keyPath: $0.field, ascending: $0.ascending) }
    /// let page = try people.sorted(checkedBy: keys)
    /// ```
    /// - Complexity: O(n log n) for n elements, on first access.
    /// - Parameter sortDescriptors: the keys, the most significant first.
    /// - Returns: the elements, sorted, as results.
    /// - Throws: ``RealmError/invalidQuery(_:)`` with Realm's message for the first key path that cannot be used.
    /// - Note: Strata addition: the throwing form of ``sorted(by:)``.
    public func sorted<S: Sequence>(checkedBy sortDescriptors: S) throws -> Results<Element>
    where S.Element == SortDescriptor {
        let queryable = _contents.queryable("sorted")
        let descriptors = Array(sortDescriptors)
        try SortKeyPathValidation.validate(descriptors.map(\.keyPath), elementType: Element.self, distinct: false)
        return try queryable.refinedSort(descriptors)
    }

    /// The first element for each distinct combination of values of `keyPaths`, or an error for a key path that
    /// cannot be used.
    ///
    /// ```swift
    /// let onePerCity = try people.distinct(checkedBy: [request.field])
    /// ```
    /// - Complexity: O(n) for n elements, on first access.
    /// - Parameter keyPaths: the properties whose combined values must differ.
    /// - Returns: the first element of each combination, as results.
    /// - Throws: ``RealmError/invalidQuery(_:)`` with Realm's message for the first key path that cannot be used.
    /// - Note: Strata addition: the throwing form of `distinct(by:)` with key path strings.
    public func distinct<S: Sequence>(checkedBy keyPaths: S) throws -> Results<Element> where S.Element == String {
        let queryable = _contents.queryable("distinct")
        let keyPaths = Array(keyPaths)
        try SortKeyPathValidation.validate(keyPaths, elementType: Element.self, distinct: true)
        return try queryable.refinedDistinct(keyPaths)
    }

    /// The smallest value of a property of the elements, or nil if there are none; an error for a property that
    /// cannot be compared.
    ///
    /// ```swift
    /// let youngest: Int? = try people.min(checkedOfProperty: request.field)
    /// ```
    /// - Complexity: O(n) for n elements (one pass over a column for a whole table).
    /// - Parameter property: the name of an `Int`, `Float`, `Double`, ``Decimal128``, `Date` or ``AnyRealmValue``
    ///   property (`self` for a collection of values).
    /// - Returns: the smallest non-nil value, or nil.
    /// - Throws: ``RealmError/invalidQuery(_:)`` with Realm's message for a property the class lacks or whose type
    ///   `min` does not support.
    /// - Note: Strata addition: the throwing form of ``min(ofProperty:)``.
    public func min<T: _Persistable>(checkedOfProperty property: String) throws -> T? {
        try checkedExtreme(property, smallest: true)
    }

    /// The largest value of a property of the elements, or nil if there are none; an error for a property that
    /// cannot be compared.
    /// - Complexity: O(n) for n elements (one pass over a column for a whole table).
    /// - Parameter property: the name of a property `max` supports (as ``min(checkedOfProperty:)``).
    /// - Returns: the largest non-nil value, or nil.
    /// - Throws: ``RealmError/invalidQuery(_:)`` with Realm's message for a property the class lacks or whose type
    ///   `max` does not support.
    /// - Note: Strata addition: the throwing form of ``max(ofProperty:)``.
    public func max<T: _Persistable>(checkedOfProperty property: String) throws -> T? {
        try checkedExtreme(property, smallest: false)
    }

    /// The sum of a numeric property of the elements, zero if there are none; an error for a property that cannot
    /// be summed.
    ///
    /// ```swift
    /// let total: Double = try orders.sum(checkedOfProperty: request.field)
    /// ```
    /// - Complexity: O(n) for n elements (one pass over a column for a whole table).
    /// - Parameter property: the name of an `Int`, `Float`, `Double`, ``Decimal128`` or ``AnyRealmValue`` property.
    /// - Returns: the sum of the non-nil values.
    /// - Throws: ``RealmError/invalidQuery(_:)`` with Realm's message for a property the class lacks or that is not
    ///   numeric (`"Operation 'sum' not supported for string property 'Note.text'"`).
    /// - Note: Strata addition: the throwing form of ``sum(ofProperty:)``.
    public func sum<T: _Persistable>(checkedOfProperty property: String) throws -> T { try checkedTotal(property) }

    /// The average of a numeric property of the elements, or nil if there are none; an error for a property that
    /// cannot be averaged.
    /// - Complexity: O(n) for n elements (one pass over a column for a whole table).
    /// - Parameter property: the name of a numeric property (as ``sum(checkedOfProperty:)``).
    /// - Returns: the mean of the non-nil values, or nil.
    /// - Throws: ``RealmError/invalidQuery(_:)`` with Realm's message for a property the class lacks or that is not
    ///   numeric.
    /// - Note: Strata addition: the throwing form of ``average(ofProperty:)``.
    public func average<T: _Persistable>(checkedOfProperty property: String) throws -> T? {
        try checkedMean(property)
    }

    /// The value of the property named `key` of every element, in order, as an array; an error for a key the
    /// elements lack.
    ///
    /// ```swift
    /// let column = try people.value(checkedForKey: request.field) as? [Any?]
    /// ```
    /// - Complexity: O(n) for n elements.
    /// - Parameter key: a property name of the elements, or `self`.
    /// - Returns: an array with one value per element, as ``value(forKey:)`` gives it.
    /// - Throws: ``RealmError/invalidValue(_:)`` with Realm's message for a key the elements lack.
    /// - Note: Strata addition: the throwing form of ``value(forKey:)``.
    public func value(checkedForKey key: String) throws -> Any? { try value(checkedForKeyPath: key) }
}
