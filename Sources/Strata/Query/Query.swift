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
        let valueIsCollection = isCollectionType(V.self)
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

    /// Whether a property of type `type` is a collection (a list, set, map or linking objects), compared through
    /// `ANY` or an aggregate.
    func isCollectionType(_ type: Any.Type) -> Bool {
        type is any CollectionMarker.Type || type is any LinkingObjectsMarker.Type
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
        appending(name(keyPath), collection: isCollectionType(V.self))
    }

    func name<V>(_ keyPath: KeyPath<T, V>) -> String { KeyPathName.of(keyPath) }
}

extension Query where T: OptionalProtocol, T.Wrapped: ObjectBase {
    /// A property of an optional linked object.
    ///
    /// The object a map holds under a key (`$0.relations["partner"]`) is not followed further: that stops with
    /// Realm Swift's message, "Cannot apply key path to Map subscripts." (a query string may follow it).
    /// - Parameter keyPath: a persisted property of the linked object.
    /// - Complexity: O(1).
    public subscript<V>(dynamicMember keyPath: KeyPath<T.Wrapped, V>) -> Query<V> {
        precondition(parts.last?.hasPrefix("[") != true, "Cannot apply key path to Map subscripts.")
        return appending(KeyPathName.of(keyPath), collection: isCollectionType(V.self))
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
    /// Within a closed range (`BETWEEN`).
    /// - Parameter range: the accepted values, both bounds included.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object with the two bounds.
    public func contains(_ range: ClosedRange<T>) -> Query<Bool> { between(range.lowerBound, range.upperBound) }

    /// Within a half-open range.
    /// - Parameter range: the accepted values, from the lower bound up to but not including the upper one.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`: `>= lower && < upper`.
    /// - Complexity: O(1) to build; the query compares each object with the two bounds.
    public func contains(_ range: Range<T>) -> Query<Bool> { halfOpen(range.lowerBound, range.upperBound) }
}

extension Query where T: OptionalProtocol, T.Wrapped: Comparable {
    /// Within a closed range (`BETWEEN`); an object whose value is nil does not match.
    /// - Parameter range: the accepted values, both bounds included.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object with the two bounds.
    public func contains(_ range: ClosedRange<T.Wrapped>) -> Query<Bool> {
        between(range.lowerBound, range.upperBound)
    }

    /// Within a half-open range; an object whose value is nil does not match.
    /// - Parameter range: the accepted values, from the lower bound up to but not including the upper one.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`: `>= lower && < upper`.
    /// - Complexity: O(1) to build; the query compares each object with the two bounds.
    public func contains(_ range: Range<T.Wrapped>) -> Query<Bool> { halfOpen(range.lowerBound, range.upperBound) }
}

extension Query {
    /// `BETWEEN {low, high}`, both bounds included.
    func between(_ low: Any, _ high: Any) -> Query<Bool> {
        do {
            return Query<Bool>(
                .predicate(
                    .between(
                        operand,
                        .constant(try RealmPredicate.engineValue(low), column: 0),
                        .constant(try RealmPredicate.engineValue(high), column: 0),
                        isCollection ? .any : nil,
                        column: 0
                    )
                )
            )
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// `>= low && < high`.
    func halfOpen(_ low: Any, _ high: Any) -> Query<Bool> {
        compare(.greaterOrEqual, low) && compare(.less, high)
    }
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
