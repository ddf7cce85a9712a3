import StrataCore

// Aggregates of every collection kind, declared once: a managed collection aggregates as `Results` over its
// elements; an unmanaged one over its elements in memory. Nil values are ignored; an empty collection gives
// nil for min, max and average and zero for sum, as in Realm. `AnyRealmValue`s sum and average as Decimal128
// in a managed collection (realm-core's rule), and as Double in an unmanaged one (Realm Swift's, which leaves
// them to Foundation's `@sum` and `@avg`); min and max keep each value's own type.

extension RealmCollection {
    /// The engine values of `property` of an unmanaged collection's elements (`self`: the elements themselves).
    private func unmanagedValues(_ property: String, operation: String) -> [StrataCore.Value] {
        _contents.unmanaged.compactMap { element in
            let value: Any
            if property == "self" {
                value = element
            } else {
                // A nil value (of a map of optional objects) has no properties: it is ignored, as a managed map's.
                if let optional = element as? any OptionalMarker, optional.wrappedValueIfAny == nil { return nil }
                guard let object = element as? ObjectBase, object.objectSchema[property] != nil else {
                    preconditionFailure("Invalid property '\(property)' for \(operation) on \(Element.self)")
                }
                value = object.value(forKey: property) as Any
            }
            let engine = try? ValueConversion.engineValue(value) { _ in .null }
            return engine.flatMap { $0.isNull ? nil : $0 }
        }
    }

    /// Stops with Realm Swift's message when `property` (or the first part of a path through links, which Strata
    /// aggregates too) is not a property of the collection's objects.
    private func checkAggregateProperty(_ property: String) {
        let type = (Element.self as? any OptionalMarker.Type)?.wrappedType ?? Element.self
        guard let objectType = type as? ObjectBase.Type, !(objectType is DynamicObject.Type),
            let info = try? ObjectClassInfo.of(objectType)
        else { return }
        let name = String(property.split(separator: ".").first ?? "")
        guard info.index(ofProperty: name) == nil, !info.properties.contains(where: { $0.columnName == name }) else {
            return
        }
        preconditionFailure(
            "Invalid property name: Property '\(property)' not found in object of type '\(info.className)'"
        )
    }

    func extreme<T>(_ property: String, smallest: Bool) -> T? {
        checkAggregateProperty(property)
        if let results = _contents.results { return results.aggregateExtreme(property, smallest: smallest) }
        let operation = smallest ? "min" : "max"
        return AggregateMath.extreme(unmanagedValues(property, operation: operation), smallest: smallest)
            .flatMap { AggregateMath.convert($0, to: T.self, operation: operation, property: property) }
    }

    /// Whether `property` of the elements (`self`: the elements) holds ``AnyRealmValue``s.
    private func holdsMixed(_ property: String) -> Bool {
        if property == "self" { return Element.self == AnyRealmValue.self }
        guard let type = Element.self as? ObjectBase.Type, let info = try? ObjectClassInfo.of(type),
            let index = info.index(ofProperty: property)
        else { return false }
        return info.properties[index].typeInfo.type == .any && info.properties[index].typeInfo.collection == .single
    }

    func total<T>(_ property: String) -> T {
        checkAggregateProperty(property)
        if let results = _contents.results { return results.aggregateSum(property) }
        let values = unmanagedValues(property, operation: "sum")
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

    func mean<T>(_ property: String) -> T? {
        checkAggregateProperty(property)
        if let results = _contents.results { return results.aggregateAverage(property) }
        let values = unmanagedValues(property, operation: "average")
        guard holdsMixed(property) else { return AggregateMath.average(of: values, as: T.self, property: property) }
        guard !_contents.managed else {
            return AggregateMath.average(of: values, as: T.self, property: property, elementType: .mixed)
        }
        let average = AggregateMath.foundationAverage(values)
        return AggregateMath.convert(average, to: T.self, operation: "average", property: property)
    }

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
