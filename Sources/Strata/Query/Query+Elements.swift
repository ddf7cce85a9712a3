import StrataCore

// A list or set compared with one element, and a map's value for one key: the shapes Realm Swift's `Query` gives
// collections (RealmSwift/Query.swift, `extension Query where T: RealmCollection` and `RealmKeyedCollection`).
// `$0.scores == 5` is `ANY scores == 5`; `$0.prices["apple"] > 2` is `prices['apple'] > 2`.

extension Query where T: RealmCollection {
    /// Any element equal (`ANY collection == value`), as Realm Swift's `Query` reads a collection compared with
    /// one element.
    ///
    /// ```swift
    /// let withFive = realm.objects(Student.self).where { $0.scores == 5 }
    /// ```
    /// - Parameters:
    ///   - lhs: a list or set property, such as `$0.scores`.
    ///   - rhs: the element to look for.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each element of each object's collection until one matches.
    public static func == (lhs: Query<T>, rhs: T.Element) -> Query<Bool> { lhs.compare(.equal, rhs) }

    /// Any element not equal (`ANY collection != value`).
    /// - Parameters:
    ///   - lhs: a list or set property, such as `$0.scores`.
    ///   - rhs: the element to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`; an empty collection does
    ///   not match.
    /// - Complexity: O(1) to build; the query compares each element of each object's collection until one matches.
    public static func != (lhs: Query<T>, rhs: T.Element) -> Query<Bool> { lhs.compare(.notEqual, rhs) }
}

extension Query where T: RealmCollection, T.Element: QueryAggregatable {
    /// Any element less than `rhs` (`ANY collection < value`).
    /// - Parameters:
    ///   - lhs: a list or set of numbers or dates, such as `$0.scores`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each element of each object's collection until one matches.
    public static func < (lhs: Query<T>, rhs: T.Element) -> Query<Bool> { lhs.compare(.less, rhs) }
    /// Any element less than or equal to `rhs` (`ANY collection <= value`).
    /// - Parameters:
    ///   - lhs: a list or set of numbers or dates, such as `$0.scores`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each element of each object's collection until one matches.
    public static func <= (lhs: Query<T>, rhs: T.Element) -> Query<Bool> { lhs.compare(.lessOrEqual, rhs) }
    /// Any element greater than `rhs` (`ANY collection > value`).
    /// - Parameters:
    ///   - lhs: a list or set of numbers or dates, such as `$0.scores`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each element of each object's collection until one matches.
    public static func > (lhs: Query<T>, rhs: T.Element) -> Query<Bool> { lhs.compare(.greater, rhs) }
    /// Any element greater than or equal to `rhs` (`ANY collection >= value`).
    /// - Parameters:
    ///   - lhs: a list or set of numbers or dates, such as `$0.scores`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each element of each object's collection until one matches.
    public static func >= (lhs: Query<T>, rhs: T.Element) -> Query<Bool> { lhs.compare(.greaterOrEqual, rhs) }
}

extension Query where T: MapQueryable, T.MapKey == String {
    /// The map's value for `key` (`map['key']` in the query language); a key the map lacks reads as `nil`.
    ///
    /// ```swift
    /// let cheapApples = realm.objects(Shop.self).where { $0.prices["apple"] < 2 }
    /// ```
    ///
    /// The value may be compared, but not followed further: Realm Swift refuses a key path after a map subscript
    /// ("Cannot apply key path to Map subscripts"), and Strata's query then fails with "a map subscript must end
    /// the key path".
    /// - Parameter key: the key; a key containing `.` stops with a message, as in query text.
    /// - Complexity: O(1).
    public subscript(key: String) -> Query<T.QueryElement> {
        precondition(!key.contains("."), "a map key in a query cannot contain '.'")
        guard case .path(let parts, _, nil, nil) = storage else {
            preconditionFailure("a subscript needs a map property")
        }
        return Query<T.QueryElement>(
            parts: parts + [MixedStep.key(key).segment],
            collection: scope != nil,
            scope: scope
        )
    }
}
