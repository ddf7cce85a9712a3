import StrataCore

// Aggregates of every collection kind, declared once: a managed collection aggregates as `Results` over its
// elements; an unmanaged one over its elements in memory. Nil values are ignored; an empty collection gives
// nil for min, max and average and zero for sum, as in Realm. `AnyRealmValue`s sum and average as Decimal128
// in a managed collection (realm-core's rule), and as Double in an unmanaged one (Realm Swift's, which leaves
// them to Foundation's `@sum` and `@avg`); min and max keep each value's own type.

extension RealmCollection {
    /// The engine values of `property` of an unmanaged collection's elements (`self`: the elements themselves).
    private func unmanagedValues(_ property: String, operation: String) throws -> [StrataCore.Value] {
        try _contents.unmanaged.compactMap { element in
            let value: Any
            if property == "self" {
                value = element
            } else {
                // A nil value (of a map of optional objects) has no properties: it is ignored, as a managed map's.
                if let optional = element as? any OptionalMarker, optional.wrappedValueIfAny == nil { return nil }
                guard let object = element as? ObjectBase, object.objectSchema[property] != nil else {
                    throw RealmError.invalidQuery("Invalid property '\(property)' for \(operation) on \(Element.self)")
                }
                value = object.value(forKey: property) as Any
            }
            // An unmanaged value is in memory: a value the engine cannot hold is skipped, as nil is (no file read).
            let engine = try? ValueConversion.engineValue(value) { _ in .null }
            return engine.flatMap { $0.isNull ? nil : $0 }
        }
    }

    /// The class whose properties the elements have: the table's for a managed collection of objects, the model's
    /// for an unmanaged one; nil for values, and for dynamic objects outside a realm.
    private var aggregatedClass: ObjectClassInfo? {
        if let results = _contents.results {
            guard !results.holdsValues else { return nil }
            return results.source.schema.tables[results.className]?.info
        }
        let type = (Element.self as? any OptionalMarker.Type)?.wrappedType ?? Element.self
        guard let objectType = type as? ObjectBase.Type, !(objectType is DynamicObject.Type) else { return nil }
        // Reflection on a model class, not a read of the file: its error is a schema error, reported at open.
        return try? ObjectClassInfo.of(objectType)
    }

    /// Realm's message when `operation` (`min`, `max`, `sum` or `average`) cannot aggregate `property` of the
    /// elements: a property the class lacks (Realm's "Invalid property name"), or one whose type the operation does
    /// not support (realm-core's "Operation 'sum' not supported for string property 'Person.name'"). Nil when it
    /// can, or when only the engine can tell (a path through a collection), which then throws as it reads.
    private func aggregateViolation(_ property: String, operation: String) -> String? {
        guard var info = aggregatedClass else { return nil }
        // Only the property's own name, never its stored one (`propertiesMapping()`), as Realm's aggregates take it.
        let names = property.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for (position, name) in names.enumerated() {
            guard let index = info.index(ofProperty: name) else {
                let shown = position == 0 ? property : name
                return "Invalid property name: Property '\(shown)' not found in object of type '\(info.className)'"
            }
            let typeInfo = info.properties[index].typeInfo
            guard position == names.count - 1 else {
                // Reflection, as in `aggregatedClass`: no file read; a class that fails it only skips this early
                // check, and the aggregate itself reports what is wrong.
                guard typeInfo.collection == .single, !typeInfo.isLinkingObjects, let next = typeInfo.objectClass,
                    !(next is DynamicObject.Type), let nextInfo = try? ObjectClassInfo.of(next)
                else { return nil }
                info = nextInfo
                continue
            }
            let supported: Set<PropertyType> =
                operation == "min" || operation == "max"
                ? [.int, .float, .double, .decimal128, .any, .date] : [.int, .float, .double, .decimal128, .any]
            if supported.contains(typeInfo.type), typeInfo.collection == .single, !typeInfo.isLinkingObjects,
                typeInfo.objectClass == nil
            {
                return nil
            }
            let kind: String
            switch typeInfo.collection {
            case .single: kind = typeInfo.isLinkingObjects ? "linking objects" : "property"
            case .list: kind = "list"
            case .set: kind = "set"
            case .dictionary: kind = "dictionary"
            }
            let optional = typeInfo.optional && typeInfo.type != .any && typeInfo.objectClass == nil ? "?" : ""
            let typeName = typeInfo.isLinkingObjects ? "object" : "\(typeInfo.type)"
            return "Operation '\(operation)' not supported for \(typeName)\(optional) \(kind) "
                + "'\(info.className).\(name)'"
        }
        return nil
    }

    /// Throws Realm's message unless `operation` can aggregate `property` (see ``aggregateViolation(_:operation:)``).
    private func checkAggregate(_ property: String, _ operation: String) throws {
        if let message = aggregateViolation(property, operation: operation) { throw RealmError.invalidQuery(message) }
    }

    /// The smallest (or largest) value of `property`; throws for a property that cannot be aggregated.
    func checkedExtreme<T>(_ property: String, smallest: Bool) throws -> T? {
        let operation = smallest ? "min" : "max"
        try checkAggregate(property, operation)
        if let results = _contents.results { return try results.aggregateExtreme(property, smallest: smallest) }
        return AggregateMath.extreme(try unmanagedValues(property, operation: operation), smallest: smallest)
            .flatMap { AggregateMath.convert($0, to: T.self, operation: operation, property: property) }
    }

    func extreme<T>(_ property: String, smallest: Bool) -> T? {
        stoppingOnError { try checkedExtreme(property, smallest: smallest) }
    }

    /// Whether `property` of the elements (`self`: the elements) holds ``AnyRealmValue``s.
    private func holdsMixed(_ property: String) -> Bool {
        if property == "self" { return Element.self == AnyRealmValue.self }
        // Reflection on the element class, no file read (the values are already in memory): an invalid model only
        // makes them sum and average as a property that is not mixed.
        guard let type = Element.self as? ObjectBase.Type, let info = try? ObjectClassInfo.of(type),
            let index = info.index(ofProperty: property)
        else { return false }
        return info.properties[index].typeInfo.type == .any && info.properties[index].typeInfo.collection == .single
    }

    /// The sum of `property`; throws for a property that cannot be summed.
    func checkedTotal<T>(_ property: String) throws -> T {
        try checkAggregate(property, "sum")
        if let results = _contents.results { return try results.aggregateSum(property) }
        let values = try unmanagedValues(property, operation: "sum")
        guard holdsMixed(property) else { return AggregateMath.sum(of: values, as: T.self, property: property) }
        // A collection nested in a mixed property is managed: realm-core's decimal sum. An unmanaged one: Realm
        // Swift's, Foundation's `@sum`.
        guard !_contents.managed else {
            return AggregateMath.sum(of: values, as: T.self, property: property, elementType: .mixed)
        }
        let sum = AggregateMath.foundationSum(values)
        return AggregateMath.convert(sum, to: T.self, operation: "sum", property: property)
            ?? AggregateMath.zero(T.self)
    }

    func total<T>(_ property: String) -> T { stoppingOnError { try checkedTotal(property) } }

    /// The average of `property`; throws for a property that cannot be averaged.
    func checkedMean<T>(_ property: String) throws -> T? {
        try checkAggregate(property, "average")
        if let results = _contents.results { return try results.aggregateAverage(property) }
        let values = try unmanagedValues(property, operation: "average")
        guard holdsMixed(property) else { return AggregateMath.average(of: values, as: T.self, property: property) }
        guard !_contents.managed else {
            return AggregateMath.average(of: values, as: T.self, property: property, elementType: .mixed)
        }
        let average = AggregateMath.foundationAverage(values)
        return AggregateMath.convert(average, to: T.self, operation: "average", property: property)
    }

    func mean<T>(_ property: String) -> T? { stoppingOnError { try checkedMean(property) } }

    /// The smallest value of a property of the elements, or nil if there are none (nil values are ignored).
    ///
    /// ```swift
    /// let youngest: Int? = person.dogs.min(ofProperty: "age")
    /// ```
    /// - Complexity: O(n) for n elements (one pass over a column for a whole table).
    /// - Parameter property: the name of a comparable property (`self` for a collection of values); another stops
    ///   with a message.
    /// - Returns: the smallest non-nil value, or nil.
    public func min<T: _Persistable>(ofProperty property: String) -> T? { extreme(property, smallest: true) }

    /// The largest value of a property of the elements, or nil if there are none.
    /// - Complexity: O(n) for n elements (one pass over a column for a whole table).
    /// - Parameter property: the name of a comparable property; another stops with a message.
    /// - Returns: the largest non-nil value, or nil.
    public func max<T: _Persistable>(ofProperty property: String) -> T? { extreme(property, smallest: false) }

    /// The sum of a numeric property of the elements; zero if there are none.
    /// - Complexity: O(n) for n elements (one pass over a column for a whole table).
    /// - Parameter property: the name of an `Int`, `Float`, `Double` or ``Decimal128`` property; another stops with a
    ///   message.
    /// - Returns: the sum of the non-nil values (integer sums wrap, as realm-core's do).
    public func sum<T: _Persistable>(ofProperty property: String) -> T { total(property) }

    /// The average of a numeric property of the elements, or nil if there are none.
    /// - Complexity: O(n) for n elements (one pass over a column for a whole table).
    /// - Parameter property: the name of a numeric property; another stops with a message.
    /// - Returns: the mean of the non-nil values, or nil when there are none.
    public func average<T: _Persistable>(ofProperty property: String) -> T? { mean(property) }
}

extension RealmCollection where Element: ObjectBase {
    /// The smallest value at a key path, or nil if there are no objects.
    ///
    /// ```swift
    /// let youngest = person.dogs.min(of: \.age)
    /// ```
    /// - Complexity: O(n) for n objects.
    /// - Parameter keyPath: a comparable property of the objects.
    /// - Returns: the smallest non-nil value, or nil.
    public func min<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T? {
        extreme(KeyPathName.of(keyPath), smallest: true)
    }

    /// The largest value at a key path, or nil if there are no objects.
    /// - Complexity: O(n) for n objects.
    /// - Parameter keyPath: a comparable property of the objects.
    /// - Returns: the largest non-nil value, or nil.
    public func max<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T? {
        extreme(KeyPathName.of(keyPath), smallest: false)
    }

    /// The sum of the values at a key path; zero if there are no objects.
    /// - Complexity: O(n) for n objects.
    /// - Parameter keyPath: a numeric property of the objects.
    /// - Returns: the sum of the non-nil values.
    public func sum<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T { total(KeyPathName.of(keyPath)) }

    /// The average of the values at a key path, or nil if there are no objects.
    /// - Complexity: O(n) for n objects.
    /// - Parameter keyPath: a numeric property of the objects.
    /// - Returns: the mean of the non-nil values, or nil when there are none.
    public func average<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T? { mean(KeyPathName.of(keyPath)) }
}

extension RealmCollection where Element: MinMaxType {
    /// The smallest value, or nil if the collection is empty (nil values are ignored).
    ///
    /// ```swift
    /// let lowest = scores.min()
    /// ```
    /// - Complexity: O(n) for n values.
    /// - Returns: the smallest value, or nil.
    public func min() -> Element? { extreme("self", smallest: true) }

    /// The largest value, or nil if the collection is empty (nil values are ignored).
    /// - Complexity: O(n) for n values.
    /// - Returns: the largest value, or nil.
    public func max() -> Element? { extreme("self", smallest: false) }
}

extension RealmCollection where Element: AddableType {
    /// The sum of the values; zero if the collection is empty (nil values are ignored).
    ///
    /// ``AnyRealmValue``s add up as Realm Swift adds them: to a `.decimal128` in a managed collection, to a
    /// `.double` in an unmanaged one (`.int(0)` for no numbers).
    /// - Complexity: O(n) for n values.
    /// - Returns: the sum of the values.
    public func sum() -> Element { total("self") }

    /// The average of the values, or nil if the collection is empty (nil values are ignored).
    ///
    /// ``AnyRealmValue``s average to a `.decimal128` in a managed collection, a `.double` in an unmanaged one.
    ///
    /// ```swift
    /// let mean: Double? = scores.average()
    /// ```
    /// - Complexity: O(n) for n values.
    /// - Returns: the mean of the values, or nil.
    public func average<T: _Persistable>() -> T? { mean("self") }
}
