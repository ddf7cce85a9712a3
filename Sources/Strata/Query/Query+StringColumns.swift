import StrataCore

// A string property compared with another string property of the same object, with options: Realm Swift's
// column forms of `contains`, `starts(with:)`, `ends(with:)`, `equals`, `notEquals` and `like`
// (RealmSwift/Query.swift); `$0.title.contains($0.author, options: .caseInsensitive)` is
// `title CONTAINS[c] author`.

extension Query where T: StringQueryable {
    /// Contains the value of another string property.
    ///
    /// ```swift
    /// let echoes = realm.objects(Post.self).where { $0.body.contains($0.title, options: .caseInsensitive) }
    /// ```
    /// - Parameters:
    ///   - column: another string property of the same object, such as `$0.title`; a null or empty value of it
    ///     matches nothing.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query searches each object's string once, in time linear in its length.
    public func contains<U: StringQueryable>(_ column: Query<U>, options: StringOptions = []) -> Query<Bool> {
        compare(.contains, column, options: options.engine)
    }
    /// Begins with the value of another string property.
    /// - Parameters:
    ///   - column: another string property of the same object; a null or empty value of it matches nothing.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's strings once.
    public func starts<U: StringQueryable>(with column: Query<U>, options: StringOptions = []) -> Query<Bool> {
        compare(.beginsWith, column, options: options.engine)
    }
    /// Ends with the value of another string property.
    /// - Parameters:
    ///   - column: another string property of the same object; a null or empty value of it matches nothing.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's strings once.
    public func ends<U: StringQueryable>(with column: Query<U>, options: StringOptions = []) -> Query<Bool> {
        compare(.endsWith, column, options: options.engine)
    }
    /// Equals the value of another string property, with options.
    /// - Parameters:
    ///   - column: another string property of the same object.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's strings once.
    public func equals<U: StringQueryable>(_ column: Query<U>, options: StringOptions = []) -> Query<Bool> {
        compare(.equal, column, options: options.engine)
    }
    /// Does not equal the value of another string property, with options.
    /// - Parameters:
    ///   - column: another string property of the same object.
    ///   - options: ``StringOptions/caseInsensitive`` and ``StringOptions/diacriticInsensitive``, or none.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query compares each object's strings once.
    public func notEquals<U: StringQueryable>(_ column: Query<U>, options: StringOptions = []) -> Query<Bool> {
        compare(.notEqual, column, options: options.engine)
    }
    /// Matches the wildcard pattern held by another string property (`*` any run of characters, `?` one).
    /// - Parameters:
    ///   - column: another string property of the same object, holding the pattern.
    ///   - caseInsensitive: whether upper and lower case match each other (`LIKE[c]`).
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`.
    /// - Complexity: O(1) to build; the query matches each object's string against its pattern once.
    public func like<U: StringQueryable>(_ column: Query<U>, caseInsensitive: Bool = false) -> Query<Bool> {
        compare(.like, column, options: caseInsensitive ? [.caseInsensitive] : [])
    }
}
