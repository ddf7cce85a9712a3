import Foundation
import StrataCore

/// Options for string comparisons in ``Query``: case and diacritic insensitivity (`[c]`, `[d]`).
public struct StringOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Ignore case (`[c]`).
    public static let caseInsensitive = StringOptions(rawValue: 1)
    /// Ignore diacritics (`[d]`).
    public static let diacriticInsensitive = StringOptions(rawValue: 2)

    var engine: QueryStringOptions { QueryStringOptions(rawValue: rawValue) }
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
public struct Query<T>: @unchecked Sendable {
    enum Storage {
        case path(parts: [String], collection: Bool, aggregate: KeyPathAggregate?, aggregateProperty: String?)
        case predicate(QueryNode)
    }

    let storage: Storage

    init(_ storage: Storage) { self.storage = storage }

    init(parts: [String], collection: Bool) {
        storage = .path(parts: parts, collection: collection, aggregate: nil, aggregateProperty: nil)
    }

    var parts: [String] {
        if case .path(let parts, _, _, _) = storage { return parts }
        preconditionFailure("a predicate is not a key path")
    }

    var isCollection: Bool {
        if case .path(_, let collection, let aggregate, _) = storage { return collection && aggregate == nil }
        return false
    }

    func appending<V>(_ name: String, collection: Bool) -> Query<V> {
        Query<V>(parts: parts + name.split(separator: ".").map(String.init), collection: isCollection || collection)
    }

    var operand: QueryOperand {
        guard case .path(let parts, _, let aggregate, let aggregateProperty) = storage else {
            preconditionFailure("a predicate cannot be compared")
        }
        return .keyPath(parts, aggregate: aggregate, aggregateProperty: aggregateProperty, column: 0)
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
        }
    }

    func compare(_ op: ComparisonOperator, _ value: Any, options: QueryStringOptions = []) -> Query<Bool> {
        let constant: StrataCore.Value
        do {
            constant = try RealmPredicate.engineValue(value)
        } catch {
            preconditionFailure("\(error)")
        }
        return Query<Bool>(
            .predicate(
                .comparison(operand, op, .constant(constant, column: 0), options, isCollection ? .any : nil, column: 0)
            )
        )
    }

    func compare<U>(_ op: ComparisonOperator, _ other: Query<U>) -> Query<Bool> {
        Query<Bool>(.predicate(.comparison(operand, op, other.operand, [], isCollection ? .any : nil, column: 0)))
    }
}

// MARK: Key paths

extension Query where T: ObjectBase {
    /// A property of the objects being queried.
    public subscript<V>(dynamicMember keyPath: KeyPath<T, V>) -> Query<V> {
        appending(name(keyPath), collection: V.self is any CollectionMarker.Type)
    }

    func name<V>(_ keyPath: KeyPath<T, V>) -> String { KeyPathName.of(keyPath) }
}

extension Query {
    /// A property of an optional linked object.
    public subscript<W: ObjectBase, V>(dynamicMember keyPath: KeyPath<W, V>) -> Query<V> where T == W? {
        appending(KeyPathName.of(keyPath), collection: V.self is any CollectionMarker.Type)
    }

    /// A property of the objects in a list (matches when any object matches).
    public subscript<W: ObjectBase, V>(dynamicMember keyPath: KeyPath<W, V>) -> Query<V> where T == List<W> {
        appending(KeyPathName.of(keyPath), collection: true)
    }

    /// A property of the objects in a set (matches when any object matches).
    public subscript<W: ObjectBase, V>(dynamicMember keyPath: KeyPath<W, V>) -> Query<V> where T == MutableSet<W> {
        appending(KeyPathName.of(keyPath), collection: true)
    }
}

// MARK: Comparisons

extension Query {
    /// Equal (`==`); with a collection, any element equal.
    public static func == (lhs: Query<T>, rhs: T) -> Query<Bool> { lhs.compare(.equal, rhs) }
    /// Not equal (`!=`).
    public static func != (lhs: Query<T>, rhs: T) -> Query<Bool> { lhs.compare(.notEqual, rhs) }
    /// Equal to another property.
    public static func == (lhs: Query<T>, rhs: Query<T>) -> Query<Bool> { lhs.compare(.equal, rhs) }
    /// Not equal to another property.
    public static func != (lhs: Query<T>, rhs: Query<T>) -> Query<Bool> { lhs.compare(.notEqual, rhs) }

    /// Equal to one of `values` (`IN`).
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
    public static func < (lhs: Query<T>, rhs: T) -> Query<Bool> { lhs.compare(.less, rhs) }
    /// Less than or equal.
    public static func <= (lhs: Query<T>, rhs: T) -> Query<Bool> { lhs.compare(.lessOrEqual, rhs) }
    /// Greater than.
    public static func > (lhs: Query<T>, rhs: T) -> Query<Bool> { lhs.compare(.greater, rhs) }
    /// Greater than or equal.
    public static func >= (lhs: Query<T>, rhs: T) -> Query<Bool> { lhs.compare(.greaterOrEqual, rhs) }
    /// Less than another property.
    public static func < (lhs: Query<T>, rhs: Query<T>) -> Query<Bool> { lhs.compare(.less, rhs) }
    /// Greater than another property.
    public static func > (lhs: Query<T>, rhs: Query<T>) -> Query<Bool> { lhs.compare(.greater, rhs) }

    /// Within a closed range (`BETWEEN`).
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
    public func contains(_ range: Range<T>) -> Query<Bool> {
        (self >= range.lowerBound) && (self < range.upperBound)
    }
}

extension Query {
    /// Less than (optional property).
    public static func < <W: Comparable>(lhs: Query<T>, rhs: W) -> Query<Bool> where T == W? { lhs.compare(.less, rhs) }
    /// Less than or equal (optional property).
    public static func <= <W: Comparable>(lhs: Query<T>, rhs: W) -> Query<Bool> where T == W? {
        lhs.compare(.lessOrEqual, rhs)
    }
    /// Greater than (optional property).
    public static func > <W: Comparable>(lhs: Query<T>, rhs: W) -> Query<Bool> where T == W? {
        lhs.compare(.greater, rhs)
    }
    /// Greater than or equal (optional property).
    public static func >= <W: Comparable>(lhs: Query<T>, rhs: W) -> Query<Bool> where T == W? {
        lhs.compare(.greaterOrEqual, rhs)
    }
}

// MARK: Strings

extension Query where T: StringQueryable {
    /// Contains `value`.
    public func contains(_ value: String, options: StringOptions = []) -> Query<Bool> {
        compare(.contains, value, options: options.engine)
    }
    /// Begins with `value`.
    public func starts(with value: String, options: StringOptions = []) -> Query<Bool> {
        compare(.beginsWith, value, options: options.engine)
    }
    /// Ends with `value`.
    public func ends(with value: String, options: StringOptions = []) -> Query<Bool> {
        compare(.endsWith, value, options: options.engine)
    }
    /// Equals `value` with options.
    public func equals(_ value: String, options: StringOptions = []) -> Query<Bool> {
        compare(.equal, value, options: options.engine)
    }
    /// Matches a `*`/`?` wildcard pattern.
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
        return Query<Int>(.path(parts: parts, collection: false, aggregate: .count, aggregateProperty: nil))
    }

    /// Whether the collection holds `element`.
    public func contains(_ element: T.QueryElement) -> Query<Bool> {
        do {
            let value = try RealmPredicate.engineValue(element)
            return Query<Bool>(
                .predicate(.comparison(operand, .equal, .constant(value, column: 0), [], .any, column: 0))
            )
        } catch {
            preconditionFailure("\(error)")
        }
    }

    private func aggregate(_ kind: KeyPathAggregate) -> Query<T.QueryElement> {
        guard case .path(let parts, _, _, _) = storage else {
            preconditionFailure("\(kind.rawValue) needs a collection")
        }
        return Query<T.QueryElement>(.path(parts: parts, collection: false, aggregate: kind, aggregateProperty: nil))
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
    public static func && (lhs: Query<Bool>, rhs: Query<Bool>) -> Query<Bool> {
        Query(.predicate(.and([lhs.predicate, rhs.predicate])))
    }
    /// Either holds.
    public static func || (lhs: Query<Bool>, rhs: Query<Bool>) -> Query<Bool> {
        Query(.predicate(.or([lhs.predicate, rhs.predicate])))
    }
    /// Does not hold.
    public static prefix func ! (query: Query<Bool>) -> Query<Bool> { Query(.predicate(.not(query.predicate))) }
}

extension Results where Element: ObjectBase {
    /// The objects that match a type-safe query.
    ///
    /// ```swift
    /// let adults = realm.objects(Person.self).where { $0.age >= 18 }
    /// ```
    public func `where`(_ isIncluded: (Query<Element>) -> Query<Bool>) -> Results<Element> {
        let node = isIncluded(Query<Element>(parts: [], collection: false)).predicate
        do {
            return try filter(RealmPredicate(parsed: ParsedQuery(predicate: node), format: "where { … }"))
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// The index of the first object matching a type-safe query, or nil.
    public func index(matching isIncluded: (Query<Element>) -> Query<Bool>) -> Int? {
        guard let first = self.where(isIncluded).first else { return nil }
        return index(of: first)
    }
}
