import StrataCore

// Searches and ordering of properties stored as strings or data (`_QueryBinary`), and wildcard patterns of strings
// (`_QueryString`), as Realm Swift's `Query` offers them: with a value (`$0.name.starts(with: "A")`), or with another
// property of the same object (`$0.title.contains($0.author, options: .caseInsensitive)`, `title CONTAINS[c]
// author`). A string enum or a custom type stored as a string takes the same operators, with a value of its own type.

extension Query where T: _HasPersistedType, T.PersistedType: _QueryBinary {
    /// Contains `value`.
    /// - Parameters:
    ///   - value: the text (or bytes) to look for.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query searches each object's value once, in time linear in its length.
    public func contains(_ value: T, options: StringOptions = []) -> Query<Bool> {
        compare(.contains, value, options: options.engine)
    }
    /// Contains the value of another string or data property.
    ///
    /// ```swift
    /// let echoes = realm.objects(Post.self).where { $0.body.contains($0.title, options: .caseInsensitive) }
    /// ```
    /// - Parameters:
    ///   - column: another property of the same object, such as `$0.title`; a null or empty value of it matches
    ///     nothing.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query searches each object's value once, in time linear in its length.
    public func contains<U: _HasPersistedType>(_ column: Query<U>, options: StringOptions = []) -> Query<Bool>
    where U.PersistedType: _QueryBinary {
        compare(.contains, column, options: options.engine)
    }
    /// Begins with `value`.
    /// - Parameters:
    ///   - value: the prefix.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's value once, in time linear in the prefix.
    public func starts(with value: T, options: StringOptions = []) -> Query<Bool> {
        compare(.beginsWith, value, options: options.engine)
    }
    /// Begins with the value of another property.
    /// - Parameters:
    ///   - column: another property of the same object; a null or empty value of it matches nothing.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's values once.
    public func starts<U>(with column: Query<U>, options: StringOptions = []) -> Query<Bool> {
        compare(.beginsWith, column, options: options.engine)
    }
    /// Ends with `value`.
    /// - Parameters:
    ///   - value: the suffix.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's value once, in time linear in the suffix.
    public func ends(with value: T, options: StringOptions = []) -> Query<Bool> {
        compare(.endsWith, value, options: options.engine)
    }
    /// Ends with the value of another property.
    /// - Parameters:
    ///   - column: another property of the same object; a null or empty value of it matches nothing.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's values once.
    public func ends<U>(with column: Query<U>, options: StringOptions = []) -> Query<Bool> {
        compare(.endsWith, column, options: options.engine)
    }
    /// Equals `value` with options.
    /// - Parameters:
    ///   - value: the whole value to match.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none (the same
    ///     as `==`).
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's value once.
    public func equals(_ value: T, options: StringOptions = []) -> Query<Bool> {
        compare(.equal, value, options: options.engine)
    }
    /// Equals the value of another property, with options.
    /// - Parameters:
    ///   - column: another property of the same object.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's values once.
    public func equals<U>(_ column: Query<U>, options: StringOptions = []) -> Query<Bool> {
        compare(.equal, column, options: options.engine)
    }
    /// Does not equal `value` with options (`!=[c]`, `!=[d]`, `!=[cd]`).
    ///
    /// ```swift
    /// let others = realm.objects(Person.self).where { $0.name.notEquals("ada", options: .caseInsensitive) }
    /// ```
    /// - Parameters:
    ///   - value: the whole value to compare with.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none (the same
    ///     as `!=`).
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's value once.
    public func notEquals(_ value: T, options: StringOptions = []) -> Query<Bool> {
        compare(.notEqual, value, options: options.engine)
    }
    /// Does not equal the value of another property, with options.
    /// - Parameters:
    ///   - column: another property of the same object.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's values once.
    public func notEquals<U>(_ column: Query<U>, options: StringOptions = []) -> Query<Bool> {
        compare(.notEqual, column, options: options.engine)
    }

    /// Before `rhs` in code-point (byte) order; nil comes before every value.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.name`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's value once.
    public static func < (lhs: Query, rhs: T) -> Query<Bool> { lhs.compare(.less, rhs) }
    /// Before `rhs` in code-point order, or equal.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.name`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's value once.
    public static func <= (lhs: Query, rhs: T) -> Query<Bool> { lhs.compare(.lessOrEqual, rhs) }
    /// After `rhs` in code-point order.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.name`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's value once.
    public static func > (lhs: Query, rhs: T) -> Query<Bool> { lhs.compare(.greater, rhs) }
    /// After `rhs` in code-point order, or equal.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.name`.
    ///   - rhs: the value to compare with.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's value once.
    public static func >= (lhs: Query, rhs: T) -> Query<Bool> { lhs.compare(.greaterOrEqual, rhs) }
    /// Before another property's value in code-point order.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.first`.
    ///   - rhs: another property of the same type.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares the two values of each object once.
    public static func < (lhs: Query, rhs: Query) -> Query<Bool> { lhs.compare(.less, rhs) }
    /// Before another property's value in code-point order, or equal.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.first`.
    ///   - rhs: another property of the same type.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares the two values of each object once.
    public static func <= (lhs: Query, rhs: Query) -> Query<Bool> { lhs.compare(.lessOrEqual, rhs) }
    /// After another property's value in code-point order.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.first`.
    ///   - rhs: another property of the same type.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares the two values of each object once.
    public static func > (lhs: Query, rhs: Query) -> Query<Bool> { lhs.compare(.greater, rhs) }
    /// After another property's value in code-point order, or equal.
    /// - Parameters:
    ///   - lhs: a property, such as `$0.first`.
    ///   - rhs: another property of the same type.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares the two values of each object once.
    public static func >= (lhs: Query, rhs: Query) -> Query<Bool> { lhs.compare(.greaterOrEqual, rhs) }
}

extension Query where T: _HasPersistedType, T.PersistedType: _QueryString {
    /// Matches a `*`/`?` wildcard pattern.
    /// - Parameters:
    ///   - pattern: the whole string to match, where `*` stands for any run of characters and `?` for one.
    ///   - caseInsensitive: whether upper and lower case match each other (`LIKE[c]`).
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query matches each object's string once.
    public func like(_ pattern: T, caseInsensitive: Bool = false) -> Query<Bool> {
        compare(.like, pattern, options: caseInsensitive ? [.caseInsensitive] : [])
    }
    /// Matches the wildcard pattern held by another string property (`*` any run of characters, `?` one).
    /// - Parameters:
    ///   - column: another string property of the same object, holding the pattern.
    ///   - caseInsensitive: whether upper and lower case match each other (`LIKE[c]`).
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query matches each object's string once.
    public func like<U>(_ column: Query<U>, caseInsensitive: Bool = false) -> Query<Bool> {
        compare(.like, column, options: caseInsensitive ? [.caseInsensitive] : [])
    }
}
