import StrataCore

// Ordering and aggregates of properties stored as numbers or dates (`_QueryNumeric`): integers of every width,
// `Float`, `Double`, `Decimal128`, `Date`, `AnyRealmValue`, their optionals, and the enums and custom types stored as
// them, as Realm Swift's `Query` offers them.

extension Query where T: _HasPersistedType, T.PersistedType: _QueryNumeric {
    /// Less than; an object whose value is nil does not match (with `nil` as the value, nothing does).
    /// - Parameters:
    ///   - lhs: a property, such as `$0.age`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object once (each element, through a collection).
    public static func < (lhs: Query, rhs: T) -> Query<Bool> { lhs.compare(.less, rhs) }
    /// Less than or equal; nil equals only nil.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.age`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object once (each element, through a collection).
    public static func <= (lhs: Query, rhs: T) -> Query<Bool> { lhs.compare(.lessOrEqual, rhs) }
    /// Greater than; an object whose value is nil does not match (with `nil` as the value, nothing does).
    /// - Parameters:
    ///   - lhs: a property, such as `$0.age`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object once (each element, through a collection).
    public static func > (lhs: Query, rhs: T) -> Query<Bool> { lhs.compare(.greater, rhs) }
    /// Greater than or equal; nil equals only nil.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.age`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object once (each element, through a collection).
    public static func >= (lhs: Query, rhs: T) -> Query<Bool> { lhs.compare(.greaterOrEqual, rhs) }

    /// Less than another property.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.spent`.
    ///   - rhs: another property of the same type, such as `$0.budget`.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares the two values of each object once.
    public static func < (lhs: Query, rhs: Query) -> Query<Bool> { lhs.compare(.less, rhs) }
    /// Less than or equal to another property.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.spent`.
    ///   - rhs: another property of the same type, such as `$0.budget`.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares the two values of each object once.
    public static func <= (lhs: Query, rhs: Query) -> Query<Bool> { lhs.compare(.lessOrEqual, rhs) }
    /// Greater than another property.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.spent`.
    ///   - rhs: another property of the same type, such as `$0.budget`.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares the two values of each object once.
    public static func > (lhs: Query, rhs: Query) -> Query<Bool> { lhs.compare(.greater, rhs) }
    /// Greater than or equal to another property.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.spent`.
    ///   - rhs: another property of the same type, such as `$0.budget`.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares the two values of each object once.
    public static func >= (lhs: Query, rhs: Query) -> Query<Bool> { lhs.compare(.greaterOrEqual, rhs) }

    /// The smallest value of this property over a list or set of objects (`@min`).
    ///
    /// ```swift
    /// let withPuppies = realm.objects(Person.self).where { $0.dogs.age.min < 1 }
    /// ```
    /// - Complexity: O(1) to build; the query reads the property of each object of each collection once.
    public var min: Query { aggregateOverCollection(.min) }
    /// The largest value of this property over a list or set of objects (`@max`).
    /// - Complexity: O(1) to build; the query reads the property of each object of each collection once.
    public var max: Query { aggregateOverCollection(.max) }
    /// The sum of this property over a list or set of objects (`@sum`).
    /// - Complexity: O(1) to build; the query reads the property of each object of each collection once.
    public var sum: Query { aggregateOverCollection(.sum) }
    /// The average of this property over a list or set of objects (`@avg`).
    /// - Complexity: O(1) to build; the query reads the property of each object of each collection once.
    public var avg: Query { aggregateOverCollection(.avg) }

    private func aggregateOverCollection(_ kind: KeyPathAggregate) -> Query {
        guard let scope, case .path(let parts, _, nil, _) = storage, parts.count > scope.collection.count else {
            preconditionFailure(
                "\(kind.rawValue) needs a property of the objects of a list or set, such as $0.dogs.age"
            )
        }
        let property = parts.dropFirst(scope.collection.count).joined(separator: ".")
        return Query(.path(parts: scope.collection, collection: false, aggregate: kind, aggregateProperty: property))
    }
}
