import Foundation
import StrataCore

/// Options for string comparisons in ``Query``: case and diacritic insensitivity (`[c]`, `[d]`).
public struct StringOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates options from raw bits.
    /// - Parameter rawValue: the bits: 1 for ``caseInsensitive``, 2 for ``diacriticInsensitive``.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Ignore case (`[c]`).
    public static let caseInsensitive = StringOptions(rawValue: 1)
    /// Ignore diacritics (`[d]`).
    public static let diacriticInsensitive = StringOptions(rawValue: 2)

    var engine: QueryStringOptions { QueryStringOptions(rawValue: rawValue) }
}

/// Where a key path crossed a list or set of objects: the prefix naming that collection, whether the rest of
/// the path crosses another collection, and (for a comparison) the same comparison on one element, so that
/// `($0.dogs.age > 5).count` can become a SUBQUERY.
struct SubqueryScope: Sendable {
    var collection: [String]
    var innerCollection: Bool
    var inner: QueryNode?
}

/// A type-safe query: build predicates with Swift operators on key paths.
///
/// ```swift
/// let results = realm.objects(Person.self).where {
///     $0.age >= 18 && $0.name.starts(with: "A", options: .caseInsensitive) && $0.dogs.count > 0
/// }
/// ```
///
/// A key path through a collection (`$0.dogs.name == "Rex"`) matches when any element does.
@dynamicMemberLookup
public struct Query<T>: Sendable {
    enum Storage: Sendable {
        case path(parts: [String], collection: Bool, aggregate: KeyPathAggregate?, aggregateProperty: String?)
        case predicate(QueryNode)
        /// `SUBQUERY(collection, $element, predicate).@count`.
        case subqueryCount(collection: [String], predicate: QueryNode)
    }

    let storage: Storage
    let scope: SubqueryScope?

    init(_ storage: Storage, scope: SubqueryScope? = nil) {
        self.storage = storage
        self.scope = scope
    }

    init(parts: [String], collection: Bool, scope: SubqueryScope? = nil) {
        storage = .path(parts: parts, collection: collection, aggregate: nil, aggregateProperty: nil)
        self.scope = scope
    }

    var parts: [String] {
        if case .path(let parts, _, _, _) = storage { return parts }
        preconditionFailure("a predicate is not a key path")
    }

    var isCollection: Bool {
        if case .path(_, let collection, let aggregate, _) = storage {
            return collection && (aggregate == nil || aggregate?.isSelector == true)
        }
        return false
    }

    func appending<V>(_ name: String, collection: Bool, entersObjectCollection: Bool = false) -> Query<V> {
        let valueIsCollection = V.self is any CollectionMarker.Type
        let newParts = parts + name.split(separator: ".").map(String.init)
        var newScope = scope
        if var existing = newScope {
            existing.innerCollection = existing.innerCollection || valueIsCollection
            newScope = existing
        } else if entersObjectCollection {
            newScope = SubqueryScope(collection: parts, innerCollection: valueIsCollection)
        }
        return Query<V>(parts: newParts, collection: isCollection || collection, scope: newScope)
    }

    var operand: QueryOperand {
        switch storage {
        case .path(let parts, _, let aggregate, let aggregateProperty):
            return .keyPath(parts, aggregate: aggregate, aggregateProperty: aggregateProperty, column: 0)
        case .subqueryCount(let collection, let predicate):
            return .subqueryCount(collection, variable: Self.elementVariable, predicate: predicate, column: 0)
        case .predicate:
            preconditionFailure("a predicate cannot be compared")
        }
    }

    /// The variable naming one element of the collection in a subquery built from a key path.
    static var elementVariable: String { "$element" }

    /// The same operand relative to one element of the scope's collection.
    func elementOperand(in scope: SubqueryScope) -> QueryOperand {
        guard case .path(let parts, _, let aggregate, let aggregateProperty) = storage else { return operand }
        let rest = [Self.elementVariable] + parts.dropFirst(scope.collection.count)
        return .keyPath(rest, aggregate: aggregate, aggregateProperty: aggregateProperty, column: 0)
    }

    /// A comparison node, with its per-element form when the key path crosses a collection of objects.
    func comparison(_ op: ComparisonOperator, _ other: QueryOperand, options: QueryStringOptions = []) -> Query<Bool> {
        let node = QueryNode.comparison(operand, op, other, options, isCollection ? .any : nil, column: 0)
        guard var scope else { return Query<Bool>(.predicate(node)) }
        scope.inner = .comparison(
            elementOperand(in: scope),
            op,
            other,
            options,
            scope.innerCollection ? .any : nil,
            column: 0
        )
        return Query<Bool>(.predicate(node), scope: scope)
    }

    /// The predicate this query stands for (a Bool key path means `== true`).
    var predicate: QueryNode {
        switch storage {
        case .predicate(let node): return node
        case .path:
            return .comparison(
                operand,
                .equal,
                .constant(.bool(true), column: 0),
                [],
                isCollection ? .any : nil,
                column: 0
            )
        case .subqueryCount:
            preconditionFailure("a subquery count is a number, not a predicate; compare it with a number")
        }
    }

    func compare(_ op: ComparisonOperator, _ value: Any, options: QueryStringOptions = []) -> Query<Bool> {
        let constant: StrataCore.Value
        do {
            constant = try RealmPredicate.engineValue(value)
        } catch {
            preconditionFailure("\(error)")
        }
        return comparison(op, .constant(constant, column: 0), options: options)
    }

    func compare<U>(_ op: ComparisonOperator, _ other: Query<U>, options: QueryStringOptions = []) -> Query<Bool> {
        comparison(op, other.operand, options: options)
    }
}

// MARK: Key paths

extension Query where T: ObjectBase {
    /// A property of the objects being queried.
    /// - Parameter keyPath: a persisted property of `T`, such as `\.name` (written `$0.name` in a `where` closure).
    /// - Complexity: O(1).
    public subscript<V>(dynamicMember keyPath: KeyPath<T, V>) -> Query<V> {
        appending(name(keyPath), collection: V.self is any CollectionMarker.Type)
    }

    func name<V>(_ keyPath: KeyPath<T, V>) -> String { KeyPathName.of(keyPath) }
}

extension Query {
    /// A property of an optional linked object.
    /// - Parameter keyPath: a persisted property of the linked object.
    /// - Complexity: O(1).
    public subscript<W: ObjectBase, V>(dynamicMember keyPath: KeyPath<W, V>) -> Query<V> where T == W? {
        appending(KeyPathName.of(keyPath), collection: V.self is any CollectionMarker.Type)
    }

    /// A property of the objects in a list (matches when any object matches).
    /// - Parameter keyPath: a persisted property of the list's objects.
    /// - Complexity: O(1).
    public subscript<W: ObjectBase, V>(dynamicMember keyPath: KeyPath<W, V>) -> Query<V> where T == List<W> {
        appending(KeyPathName.of(keyPath), collection: true, entersObjectCollection: true)
    }

    /// A property of the objects linking here (matches when any object matches).
    /// - Parameter keyPath: a persisted property of the linking objects.
    /// - Complexity: O(1).
    public subscript<W: ObjectBase, V>(dynamicMember keyPath: KeyPath<W, V>) -> Query<V>
    where T == LinkingObjects<W> {
        appending(KeyPathName.of(keyPath), collection: true, entersObjectCollection: true)
    }

    /// A property of the objects in a set (matches when any object matches).
    /// - Parameter keyPath: a persisted property of the set's objects.
    /// - Complexity: O(1).
    public subscript<W: ObjectBase, V>(dynamicMember keyPath: KeyPath<W, V>) -> Query<V> where T == MutableSet<W> {
        appending(KeyPathName.of(keyPath), collection: true, entersObjectCollection: true)
    }
}

// MARK: Comparisons

extension Query {
    /// Equal (`==`); with a collection, any element equal.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.name`.
    ///   - rhs: the value to compare with (`nil` for an optional property).
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build. The query compares each object once (each element, through a collection); on
    ///   an indexed property of the queried objects, an equality alone or within `&&` is an index lookup instead.
    public static func == (lhs: Query<T>, rhs: T) -> Query<Bool> { lhs.compare(.equal, rhs) }
    /// Not equal (`!=`).
    /// - Parameters:
    ///   - lhs: a property, such as `$0.name`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object once (each element, through a collection).
    public static func != (lhs: Query<T>, rhs: T) -> Query<Bool> { lhs.compare(.notEqual, rhs) }
    /// Equal to another property.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.firstName`.
    ///   - rhs: another property of the same type, such as `$0.lastName`.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares the two values of each object once.
    public static func == (lhs: Query<T>, rhs: Query<T>) -> Query<Bool> { lhs.compare(.equal, rhs) }
    /// Not equal to another property.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.firstName`.
    ///   - rhs: another property of the same type, such as `$0.lastName`.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares the two values of each object once.
    public static func != (lhs: Query<T>, rhs: Query<T>) -> Query<Bool> { lhs.compare(.notEqual, rhs) }

    /// Equal to one of `values` (`IN`).
    /// - Parameter values: the values to accept; an empty sequence matches nothing.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(m) to build for m values. The query compares each object with up to m values; on an indexed
    ///   property of the queried objects, alone or within `&&`, it looks the m values up in the index instead.
    public func `in`<S: Sequence>(_ values: S) -> Query<Bool> where S.Element == T {
        let list: [StrataCore.Value]
        do {
            list = try values.map { try RealmPredicate.engineValue($0) }
        } catch {
            preconditionFailure("\(error)")
        }
        return Query<Bool>(
            .predicate(.comparison(operand, .inList, .list(list, column: 0), [], isCollection ? .any : nil, column: 0))
        )
    }
}

extension Query where T: Comparable {
    /// Less than.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.age`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object once (each element, through a collection).
    public static func < (lhs: Query<T>, rhs: T) -> Query<Bool> { lhs.compare(.less, rhs) }
    /// Less than or equal.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.age`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object once (each element, through a collection).
    public static func <= (lhs: Query<T>, rhs: T) -> Query<Bool> { lhs.compare(.lessOrEqual, rhs) }
    /// Greater than.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.age`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object once (each element, through a collection).
    public static func > (lhs: Query<T>, rhs: T) -> Query<Bool> { lhs.compare(.greater, rhs) }
    /// Greater than or equal.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.age`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object once (each element, through a collection).
    public static func >= (lhs: Query<T>, rhs: T) -> Query<Bool> { lhs.compare(.greaterOrEqual, rhs) }
    /// Less than another property.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.spent`.
    ///   - rhs: another property of the same type, such as `$0.budget`.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares the two values of each object once.
    public static func < (lhs: Query<T>, rhs: Query<T>) -> Query<Bool> { lhs.compare(.less, rhs) }
    /// Greater than another property.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.spent`.
    ///   - rhs: another property of the same type, such as `$0.budget`.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares the two values of each object once.
    public static func > (lhs: Query<T>, rhs: Query<T>) -> Query<Bool> { lhs.compare(.greater, rhs) }

    /// Within a closed range (`BETWEEN`).
    /// - Parameter range: the accepted values, both bounds included.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object with the two bounds.
    public func contains(_ range: ClosedRange<T>) -> Query<Bool> {
        do {
            let low = try RealmPredicate.engineValue(range.lowerBound)
            let high = try RealmPredicate.engineValue(range.upperBound)
            return Query<Bool>(
                .predicate(
                    .between(
                        operand,
                        .constant(low, column: 0),
                        .constant(high, column: 0),
                        isCollection ? .any : nil,
                        column: 0
                    )
                )
            )
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// Within a half-open range.
    /// - Parameter range: the accepted values, from the lower bound up to but not including the upper one.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`: `>= lower && < upper`.
    /// - Complexity: O(1) to build; the query compares each object with the two bounds.
    public func contains(_ range: Range<T>) -> Query<Bool> {
        (self >= range.lowerBound) && (self < range.upperBound)
    }
}

extension Query {
    /// Less than (optional property).
    /// - Parameters:
    ///   - lhs: an optional property, such as `$0.rating`; an object where it is nil never matches.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object once (each element, through a collection).
    public static func < <W: Comparable>(lhs: Query<T>, rhs: W) -> Query<Bool> where T == W? { lhs.compare(.less, rhs) }
    /// Less than or equal (optional property).
    /// - Parameters:
    ///   - lhs: an optional property, such as `$0.rating`; an object where it is nil never matches.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object once (each element, through a collection).
    public static func <= <W: Comparable>(lhs: Query<T>, rhs: W) -> Query<Bool> where T == W? {
        lhs.compare(.lessOrEqual, rhs)
    }
    /// Greater than (optional property).
    /// - Parameters:
    ///   - lhs: an optional property, such as `$0.rating`; an object where it is nil never matches.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object once (each element, through a collection).
    public static func > <W: Comparable>(lhs: Query<T>, rhs: W) -> Query<Bool> where T == W? {
        lhs.compare(.greater, rhs)
    }
    /// Greater than or equal (optional property).
    /// - Parameters:
    ///   - lhs: an optional property, such as `$0.rating`; an object where it is nil never matches.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object once (each element, through a collection).
    public static func >= <W: Comparable>(lhs: Query<T>, rhs: W) -> Query<Bool> where T == W? {
        lhs.compare(.greaterOrEqual, rhs)
    }
}

// MARK: Strings

extension Query where T: StringQueryable {
    /// Contains `value`.
    /// - Parameters:
    ///   - value: the text to look for.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query searches each object's string once, in time linear in its length.
    public func contains(_ value: String, options: StringOptions = []) -> Query<Bool> {
        compare(.contains, value, options: options.engine)
    }
    /// Begins with `value`.
    /// - Parameters:
    ///   - value: the prefix.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's string once, in time linear in the prefix.
    public func starts(with value: String, options: StringOptions = []) -> Query<Bool> {
        compare(.beginsWith, value, options: options.engine)
    }
    /// Ends with `value`.
    /// - Parameters:
    ///   - value: the suffix.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's string once, in time linear in the suffix.
    public func ends(with value: String, options: StringOptions = []) -> Query<Bool> {
        compare(.endsWith, value, options: options.engine)
    }
    /// Equals `value` with options.
    /// - Parameters:
    ///   - value: the whole string to match.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none (the same
    ///     as `==`).
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's string once.
    public func equals(_ value: String, options: StringOptions = []) -> Query<Bool> {
        compare(.equal, value, options: options.engine)
    }
    /// Does not equal `value` with options (`!=[c]`, `!=[d]`, `!=[cd]`).
    ///
    /// ```swift
    /// let others = realm.objects(Person.self).where { $0.name.notEquals("ada", options: .caseInsensitive) }
    /// ```
    /// - Parameters:
    ///   - value: the whole string to compare with.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none (the same
    ///     as `!=`).
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's string once.
    public func notEquals(_ value: String, options: StringOptions = []) -> Query<Bool> {
        compare(.notEqual, value, options: options.engine)
    }
    /// Matches a `*`/`?` wildcard pattern.
    /// - Parameters:
    ///   - pattern: the whole string to match, where `*` stands for any run of characters and `?` for one.
    ///   - caseInsensitive: whether upper and lower case match each other (`LIKE[c]`).
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query matches each object's string once.
    public func like(_ pattern: String, caseInsensitive: Bool = false) -> Query<Bool> {
        compare(.like, pattern, options: caseInsensitive ? [.caseInsensitive] : [])
    }
}

/// `String` and `String?`: the types string operators apply to.
public protocol StringQueryable {}
extension String: StringQueryable {}
extension Optional: StringQueryable where Wrapped == String {}

// MARK: Collections

extension Query where T: CollectionQueryable {
    /// The number of elements.
    public var count: Query<Int> {
        guard case .path(let parts, _, _, _) = storage else { preconditionFailure("count needs a collection") }
        return Query<Int>(
            .path(parts: parts, collection: false, aggregate: .count, aggregateProperty: nil),
            scope: scalarScope
        )
    }

    /// The scope of a single value computed from this collection (its count or an aggregate).
    private var scalarScope: SubqueryScope? {
        scope.map { SubqueryScope(collection: $0.collection, innerCollection: false) }
    }

    /// Whether the collection holds `element`.
    /// - Parameter element: the value or object to look for.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each element of each object's collection once.
    public func contains(_ element: T.QueryElement) -> Query<Bool> {
        do {
            return comparison(.equal, .constant(try RealmPredicate.engineValue(element), column: 0))
        } catch {
            preconditionFailure("\(error)")
        }
    }

    private func aggregate(_ kind: KeyPathAggregate) -> Query<T.QueryElement> {
        guard case .path(let parts, _, _, _) = storage else {
            preconditionFailure("\(kind.rawValue) needs a collection")
        }
        return Query<T.QueryElement>(
            .path(parts: parts, collection: false, aggregate: kind, aggregateProperty: nil),
            scope: scalarScope
        )
    }

    /// The smallest element.
    public var min: Query<T.QueryElement> { aggregate(.min) }
    /// The largest element.
    public var max: Query<T.QueryElement> { aggregate(.max) }
    /// The sum of the elements.
    public var sum: Query<T.QueryElement> { aggregate(.sum) }
    /// The average of the elements.
    public var avg: Query<T.QueryElement> { aggregate(.avg) }
}

extension Query where T: CollectionQueryable, T.QueryElement: Comparable {
    /// Whether every element lies within a closed range, as Realm Swift builds it: `@min >= low AND @max <= high`
    /// (so an empty collection does not match).
    /// - Parameter range: the accepted values, both bounds included.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query reads each element of each object's collection once for `@min` and
    ///   once for `@max`.
    public func contains(_ range: ClosedRange<T.QueryElement>) -> Query<Bool> {
        guard case .path(let parts, _, _, _) = storage else { preconditionFailure("contains(_:) needs a collection") }
        do {
            let low = try RealmPredicate.engineValue(range.lowerBound)
            let high = try RealmPredicate.engineValue(range.upperBound)
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
            return Query<Bool>(.predicate(.and([bound(.min, .greaterOrEqual, low), bound(.max, .lessOrEqual, high)])))
        } catch {
            preconditionFailure("\(error)")
        }
    }
}

extension Query where T: MapQueryable {
    /// The map's keys (`@keys`): a comparison matches when any key does.
    ///
    /// ```swift
    /// let tagged = realm.objects(Item.self).where { $0.counts.keys == "red" }
    /// ```
    public var keys: Query<T.MapKey> { selecting(.keys) }

    /// The map's values (`@values`): a comparison matches when any value does.
    public var values: Query<T.QueryElement> { selecting(.values) }

    private func selecting<V>(_ selector: KeyPathAggregate) -> Query<V> {
        guard case .path(let parts, _, _, _) = storage else { preconditionFailure("\(selector.rawValue) needs a map") }
        return Query<V>(.path(parts: parts, collection: true, aggregate: selector, aggregateProperty: nil))
    }
}

extension Query where T: QueryAggregatable {
    /// The smallest value of this property over a list or set of objects (`@min`).
    ///
    /// ```swift
    /// let withPuppies = realm.objects(Person.self).where { $0.dogs.age.min < 1 }
    /// ```
    public var min: Query<T> { aggregateOverCollection(.min) }
    /// The largest value of this property over a list or set of objects (`@max`).
    public var max: Query<T> { aggregateOverCollection(.max) }
    /// The sum of this property over a list or set of objects (`@sum`).
    public var sum: Query<T> { aggregateOverCollection(.sum) }
    /// The average of this property over a list or set of objects (`@avg`).
    public var avg: Query<T> { aggregateOverCollection(.avg) }

    private func aggregateOverCollection(_ kind: KeyPathAggregate) -> Query<T> {
        guard let scope, case .path(let parts, _, nil, _) = storage, parts.count > scope.collection.count else {
            preconditionFailure(
                "\(kind.rawValue) needs a property of the objects of a list or set, such as $0.dogs.age"
            )
        }
        let property = parts.dropFirst(scope.collection.count).joined(separator: ".")
        return Query<T>(.path(parts: scope.collection, collection: false, aggregate: kind, aggregateProperty: property))
    }
}

/// Property types that `@min`, `@max`, `@sum` and `@avg` accept across a collection of objects.
public protocol QueryAggregatable {}
extension Int: QueryAggregatable {}
extension Int8: QueryAggregatable {}
extension Int16: QueryAggregatable {}
extension Int32: QueryAggregatable {}
extension Int64: QueryAggregatable {}
extension Float: QueryAggregatable {}
extension Double: QueryAggregatable {}
extension Decimal128: QueryAggregatable {}
extension Date: QueryAggregatable {}
extension Optional: QueryAggregatable where Wrapped: QueryAggregatable {}

/// Maps: the collections whose keys and values queries can reach.
public protocol MapQueryable: CollectionQueryable {
    /// The key type.
    associatedtype MapKey
}

extension Map: MapQueryable {
    /// The map's value type.
    public typealias QueryElement = Value
    /// The map's key type.
    public typealias MapKey = Key
}

/// Lists and sets: the collections whose elements queries can reach.
public protocol CollectionQueryable {
    /// The element type.
    associatedtype QueryElement
}
extension List: CollectionQueryable {
    /// The list's element type.
    public typealias QueryElement = Element
}

extension MutableSet: CollectionQueryable {
    /// The set's element type.
    public typealias QueryElement = Element
}

// MARK: Logic

extension Query where T == Bool {
    /// Both hold.
    /// - Parameters:
    ///   - lhs: a condition.
    ///   - rhs: another condition.
    /// - Returns: a condition that matches the objects both match. Conditions on one list or set of objects combine
    ///   into a condition on each element, so that `(($0.dogs.age > 5) && ($0.dogs.name == "Rex")).count` counts
    ///   the dogs meeting both.
    /// - Complexity: O(1) to build; the query evaluates both conditions on each object.
    public static func && (lhs: Query<Bool>, rhs: Query<Bool>) -> Query<Bool> {
        Query(.predicate(.and([lhs.predicate, rhs.predicate])), scope: combinedScope(lhs, rhs) { .and([$0, $1]) })
    }
    /// Either holds.
    /// - Parameters:
    ///   - lhs: a condition.
    ///   - rhs: another condition.
    /// - Returns: a condition that matches the objects either matches.
    /// - Complexity: O(1) to build; the query evaluates both conditions on each object, and no index narrows it.
    public static func || (lhs: Query<Bool>, rhs: Query<Bool>) -> Query<Bool> {
        Query(.predicate(.or([lhs.predicate, rhs.predicate])), scope: combinedScope(lhs, rhs) { .or([$0, $1]) })
    }
    /// Does not hold.
    /// - Parameter query: a condition.
    /// - Returns: a condition that matches the objects `query` does not match.
    /// - Complexity: O(1) to build; the query evaluates the condition on each object, and no index narrows it.
    public static prefix func ! (query: Query<Bool>) -> Query<Bool> {
        var scope = query.scope
        if let inner = scope?.inner { scope?.inner = .not(inner) }
        return Query(.predicate(.not(query.predicate)), scope: scope)
    }

    /// The number of elements of a collection of objects that match: a subquery.
    ///
    /// ```swift
    /// // People with more than one dog older than 5.
    /// let people = realm.objects(Person.self).where { ($0.dogs.age > 5).count > 1 }
    /// ```
    public var count: Query<Int> {
        guard let scope, let inner = scope.inner else {
            preconditionFailure("count needs a condition on the objects of one list or set, such as ($0.dogs.age > 5)")
        }
        return Query<Int>(.subqueryCount(collection: scope.collection, predicate: inner))
    }

    private static func combinedScope(
        _ lhs: Query<Bool>,
        _ rhs: Query<Bool>,
        _ combine: (QueryNode, QueryNode) -> QueryNode
    ) -> SubqueryScope? {
        // A condition that crosses no collection of objects (another subquery's count, a property of the queried
        // object) goes into the element's condition as it is, as Realm Swift's SubqueryRewriter leaves it: inside
        // SUBQUERY its key paths start at the element.
        if let left = lhs.scope, let leftInner = left.inner, rhs.scope == nil {
            return SubqueryScope(
                collection: left.collection,
                innerCollection: left.innerCollection,
                inner: combine(leftInner, rhs.predicate)
            )
        }
        if let right = rhs.scope, let rightInner = right.inner, lhs.scope == nil {
            return SubqueryScope(
                collection: right.collection,
                innerCollection: right.innerCollection,
                inner: combine(lhs.predicate, rightInner)
            )
        }
        guard let left = lhs.scope, let right = rhs.scope, left.collection == right.collection,
            let leftInner = left.inner, let rightInner = right.inner
        else { return nil }
        return SubqueryScope(
            collection: left.collection,
            innerCollection: left.innerCollection || right.innerCollection,
            inner: combine(leftInner, rightInner)
        )
    }
}
