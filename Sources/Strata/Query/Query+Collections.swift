import StrataCore

// Lists, sets and linking objects (`RealmCollection`) and maps (`RealmKeyedCollection`) in a typed query, with the
// shapes Realm Swift's `Query` gives them: a collection compared with one element matches when any element does
// (`$0.scores == 5` is `ANY scores == 5`), `contains` and `containsAny(in:)` look for elements, `count` and the
// aggregates give one number per object, and a map is reached by key (`$0.prices["apple"] > 2`), by its keys or by
// its values.

extension Query where T: RealmCollection {
    /// A property of the collection's objects (matches when any object matches).
    /// - Parameter keyPath: a persisted property of the collection's objects.
    /// - Complexity: O(1).
    public subscript<V>(dynamicMember keyPath: KeyPath<T.Element, V>) -> Query<V> where T.Element: ObjectBase {
        appending(KeyPathName.of(keyPath), collection: true, entersObjectCollection: true)
    }

    /// The number of elements (`@count`).
    /// - Complexity: O(1) to build; the query reads each object's element count once.
    public var count: Query<Int> { collectionCount() }

    /// Whether the collection holds `element`.
    /// - Parameter element: the value or object to look for.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each element of each object's collection until one matches.
    public func contains(_ element: T.Element) -> Query<Bool> { compare(.equal, element) }

    /// Whether the collection holds any element of `collection`: `ANY property IN collection`.
    ///
    /// ```swift
    /// let withRex = realm.objects(Person.self).where { $0.dogs.containsAny(in: rexes) }
    /// ```
    /// - Parameter collection: the values or objects to look for (an unmanaged object matches nothing); an empty
    ///   sequence matches nothing.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(m) to build for m elements; the query compares each element of each object's collection with
    ///   up to m elements.
    public func containsAny<U: Sequence>(in collection: U) -> Query<Bool> where U.Element == T.Element {
        anyElement(in: collection)
    }

    /// Any element equal (`ANY collection == value`).
    ///
    /// ```swift
    /// let withFive = realm.objects(Student.self).where { $0.scores == 5 }
    /// ```
    /// - Parameters:
    ///   - lhs: a list or set property, such as `$0.scores`.
    ///   - rhs: the element to look for.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each element of each object's collection until one matches.
    public static func == (lhs: Query, rhs: T.Element) -> Query<Bool> { lhs.compare(.equal, rhs) }

    /// Any element not equal (`ANY collection != value`).
    /// - Parameters:
    ///   - lhs: a list or set property, such as `$0.scores`.
    ///   - rhs: the element to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`; an empty collection does
    ///   not match.
    /// - Complexity: O(1) to build; the query compares each element of each object's collection until one matches.
    public static func != (lhs: Query, rhs: T.Element) -> Query<Bool> { lhs.compare(.notEqual, rhs) }
}

extension Query where T: RealmCollection, T.Element.PersistedType: _QueryNumeric {
    /// Any element less than `rhs` (`ANY collection < value`).
    /// - Parameters:
    ///   - lhs: a list or set of numbers or dates, such as `$0.scores`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each element of each object's collection until one matches.
    public static func < (lhs: Query, rhs: T.Element) -> Query<Bool> { lhs.compare(.less, rhs) }
    /// Any element less than or equal to `rhs` (`ANY collection <= value`).
    /// - Parameters:
    ///   - lhs: a list or set of numbers or dates, such as `$0.scores`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each element of each object's collection until one matches.
    public static func <= (lhs: Query, rhs: T.Element) -> Query<Bool> { lhs.compare(.lessOrEqual, rhs) }
    /// Any element greater than `rhs` (`ANY collection > value`).
    /// - Parameters:
    ///   - lhs: a list or set of numbers or dates, such as `$0.scores`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each element of each object's collection until one matches.
    public static func > (lhs: Query, rhs: T.Element) -> Query<Bool> { lhs.compare(.greater, rhs) }
    /// Any element greater than or equal to `rhs` (`ANY collection >= value`).
    /// - Parameters:
    ///   - lhs: a list or set of numbers or dates, such as `$0.scores`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each element of each object's collection until one matches.
    public static func >= (lhs: Query, rhs: T.Element) -> Query<Bool> { lhs.compare(.greaterOrEqual, rhs) }

    /// The smallest element (`@min`); nil for an empty collection.
    /// - Complexity: O(1) to build; the query reads each element of each object's collection once.
    public var min: Query<T.Element> { collectionAggregate(.min) }
    /// The largest element (`@max`); nil for an empty collection.
    /// - Complexity: O(1) to build; the query reads each element of each object's collection once.
    public var max: Query<T.Element> { collectionAggregate(.max) }
    /// The sum of the elements (`@sum`); 0 for an empty collection.
    /// - Complexity: O(1) to build; the query reads each element of each object's collection once.
    public var sum: Query<T.Element> { collectionAggregate(.sum) }
    /// The average of the elements (`@avg`); nil for an empty collection.
    /// - Complexity: O(1) to build; the query reads each element of each object's collection once.
    public var avg: Query<T.Element> { collectionAggregate(.avg) }
}

extension Query where T: RealmCollection, T.Element: Comparable {
    /// Whether every element lies within a closed range: `@min >= low AND @max <= high` (an empty collection does
    /// not match).
    /// - Parameter range: the accepted values, both bounds included.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query reads each element of each object's collection once for `@min` and
    ///   once for `@max`.
    public func contains(_ range: ClosedRange<T.Element>) -> Query<Bool> {
        elementsWithin(range.lowerBound, range.upperBound, closed: true)
    }
    /// Whether every element lies within a half-open range: `@min >= low AND @max < high`.
    /// - Parameter range: the accepted values, from the lower bound up to but not including the upper one.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query reads each element of each object's collection once for `@min` and
    ///   once for `@max`.
    public func contains(_ range: Range<T.Element>) -> Query<Bool> {
        elementsWithin(range.lowerBound, range.upperBound, closed: false)
    }
}

extension Query where T: RealmCollection, T.Element: OptionalProtocol, T.Element.Wrapped: Comparable {
    /// Whether every element lies within a closed range: `@min >= low AND @max <= high`.
    /// - Parameter range: the accepted values, both bounds included.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query reads each element of each object's collection twice.
    public func contains(_ range: ClosedRange<T.Element.Wrapped>) -> Query<Bool> {
        elementsWithin(range.lowerBound, range.upperBound, closed: true)
    }
    /// Whether every element lies within a half-open range: `@min >= low AND @max < high`.
    /// - Parameter range: the accepted values, from the lower bound up to but not including the upper one.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query reads each element of each object's collection twice.
    public func contains(_ range: Range<T.Element.Wrapped>) -> Query<Bool> {
        elementsWithin(range.lowerBound, range.upperBound, closed: false)
    }
}

// MARK: Maps

extension Query where T: RealmKeyedCollection {
    /// The number of entries (`@count`).
    /// - Complexity: O(1) to build; the query reads each object's entry count once.
    public var count: Query<Int> { collectionCount() }

    /// Whether the map holds `value` as the value of any key.
    /// - Parameter value: the value or object to look for.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each value of each object's map until one matches.
    public func contains(_ value: T.Value) -> Query<Bool> { compare(.equal, value) }

    /// Whether any value of the map is an element of `collection`: `ANY property IN collection`.
    /// - Parameter collection: the values or objects to look for (an unmanaged object matches nothing); an empty
    ///   sequence matches nothing.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(m) to build for m elements; the query compares each value of each object's map with up to m
    ///   elements.
    public func containsAny<U: Sequence>(in collection: U) -> Query<Bool> where U.Element == T.Value {
        anyElement(in: collection)
    }

    /// The map's values (`@values`): a comparison matches when any value does.
    /// - Complexity: O(1).
    public var values: Query<T.Value> { mapSelector(.values) }

    /// The map's value for `key` (`map['key']` in the query language); a key the map lacks reads as `nil`.
    ///
    /// ```swift
    /// let cheapApples = realm.objects(Shop.self).where { $0.prices["apple"] < 2 }
    /// ```
    ///
    /// The value may be compared, but not followed further: as in Realm Swift, a key path after a map subscript
    /// stops with "Cannot apply key path to Map subscripts." (a query string may follow a map of objects' value:
    /// `relations['partner'].name == 'bernie'`).
    /// - Parameter key: the key; a key containing `.` stops with a message, as in query text.
    /// - Complexity: O(1).
    public subscript(key: T.Key) -> Query<T.Value> {
        let name = "\(key)"
        precondition(!name.contains("."), "a map key in a query cannot contain '.'")
        guard case .path(let parts, _, nil, nil) = storage else {
            preconditionFailure("a subscript needs a map property")
        }
        return Query<T.Value>(parts: parts + [MixedStep.key(name).segment], collection: scope != nil, scope: scope)
    }
}

extension Query where T: RealmKeyedCollection, T.Key == String {
    /// The map's keys (`@keys`): a comparison matches when any key does.
    ///
    /// ```swift
    /// let tagged = realm.objects(Item.self).where { $0.counts.keys == "red" }
    /// ```
    /// - Complexity: O(1).
    public var keys: Query<String> { mapSelector(.keys) }
}

extension Query where T: RealmKeyedCollection, T.Value.PersistedType: _QueryNumeric {
    /// The smallest value (`@min`); nil for an empty map.
    /// - Complexity: O(1) to build; the query reads each value of each object's map once.
    public var min: Query<T.Value> { collectionAggregate(.min) }
    /// The largest value (`@max`); nil for an empty map.
    /// - Complexity: O(1) to build; the query reads each value of each object's map once.
    public var max: Query<T.Value> { collectionAggregate(.max) }
    /// The sum of the values (`@sum`); 0 for an empty map.
    /// - Complexity: O(1) to build; the query reads each value of each object's map once.
    public var sum: Query<T.Value> { collectionAggregate(.sum) }
    /// The average of the values (`@avg`); nil for an empty map.
    /// - Complexity: O(1) to build; the query reads each value of each object's map once.
    public var avg: Query<T.Value> { collectionAggregate(.avg) }
}

extension Query where T: RealmKeyedCollection, T.Value: Comparable {
    /// Whether every value lies within a closed range: `@min >= low AND @max <= high`.
    /// - Parameter range: the accepted values, both bounds included.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query reads each value of each object's map twice.
    public func contains(_ range: ClosedRange<T.Value>) -> Query<Bool> {
        elementsWithin(range.lowerBound, range.upperBound, closed: true)
    }
    /// Whether every value lies within a half-open range: `@min >= low AND @max < high`.
    /// - Parameter range: the accepted values, from the lower bound up to but not including the upper one.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query reads each value of each object's map twice.
    public func contains(_ range: Range<T.Value>) -> Query<Bool> {
        elementsWithin(range.lowerBound, range.upperBound, closed: false)
    }
}

extension Query where T: RealmKeyedCollection, T.Value: OptionalProtocol, T.Value.Wrapped: Comparable {
    /// Whether every value lies within a closed range: `@min >= low AND @max <= high`.
    /// - Parameter range: the accepted values, both bounds included.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query reads each value of each object's map twice.
    public func contains(_ range: ClosedRange<T.Value.Wrapped>) -> Query<Bool> {
        elementsWithin(range.lowerBound, range.upperBound, closed: true)
    }
    /// Whether every value lies within a half-open range: `@min >= low AND @max < high`.
    /// - Parameter range: the accepted values, from the lower bound up to but not including the upper one.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query reads each value of each object's map twice.
    public func contains(_ range: Range<T.Value.Wrapped>) -> Query<Bool> {
        elementsWithin(range.lowerBound, range.upperBound, closed: false)
    }
}

// MARK: The nodes these build

extension Query {
    /// The scope of a single value computed from this collection (its count or an aggregate).
    private var scalarScope: SubqueryScope? {
        scope.map { SubqueryScope(collection: $0.collection, innerCollection: false) }
    }

    /// `collection.@count`.
    func collectionCount() -> Query<Int> {
        guard case .path(let parts, _, _, _) = storage else { preconditionFailure("count needs a collection") }
        return Query<Int>(
            .path(parts: parts, collection: false, aggregate: .count, aggregateProperty: nil),
            scope: scalarScope
        )
    }

    /// `collection.@min` (`@max`, `@sum`, `@avg`).
    func collectionAggregate<V>(_ kind: KeyPathAggregate) -> Query<V> {
        guard case .path(let parts, _, _, _) = storage else {
            preconditionFailure("\(kind.rawValue) needs a collection")
        }
        return Query<V>(
            .path(parts: parts, collection: false, aggregate: kind, aggregateProperty: nil),
            scope: scalarScope
        )
    }

    /// `map.@keys` or `map.@values`.
    func mapSelector<V>(_ selector: KeyPathAggregate) -> Query<V> {
        guard case .path(let parts, _, _, _) = storage else { preconditionFailure("\(selector.rawValue) needs a map") }
        return Query<V>(.path(parts: parts, collection: true, aggregate: selector, aggregateProperty: nil))
    }

    /// `ANY collection IN values`.
    func anyElement<U: Sequence>(in values: U) -> Query<Bool> {
        let list: [StrataCore.Value]
        do {
            list = try values.compactMap { element in
                // An unmanaged object is in no collection: it matches nothing, as in Realm Swift.
                if let object = element as? ObjectBase, object.realm == nil { return nil }
                return try RealmPredicate.engineValue(element)
            }
        } catch {
            preconditionFailure("\(error)")
        }
        return Query<Bool>(.predicate(.comparison(operand, .inList, .list(list, column: 0), [], .any, column: 0)))
    }

    /// `@min >= low AND @max <= high` (`< high` when not `closed`), as Realm Swift builds a collection's range.
    func elementsWithin(_ low: Any, _ high: Any, closed: Bool) -> Query<Bool> {
        guard case .path(let parts, _, _, _) = storage else { preconditionFailure("contains(_:) needs a collection") }
        do {
            let lowValue = try RealmPredicate.engineValue(low)
            let highValue = try RealmPredicate.engineValue(high)
            func bound(_ aggregate: KeyPathAggregate, _ op: ComparisonOperator, _ value: StrataCore.Value) -> QueryNode
            {
                .comparison(
                    .keyPath(parts, aggregate: aggregate, aggregateProperty: nil, column: 0),
                    op,
                    .constant(value, column: 0),
                    [],
                    nil,
                    column: 0
                )
            }
            return Query<Bool>(
                .predicate(
                    .and([
                        bound(.min, .greaterOrEqual, lowValue),
                        bound(.max, closed ? .lessOrEqual : .less, highValue),
                    ])
                )
            )
        } catch {
            preconditionFailure("\(error)")
        }
    }
}
