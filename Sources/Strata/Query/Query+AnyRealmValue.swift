import StrataCore

extension Query where T == AnyRealmValue {
    /// The element at `position` of the list a mixed property holds (`anyCol[0]` in the query language).
    ///
    /// ```swift
    /// let firsts = realm.objects(Setting.self).where { $0.value[0] == .int(1) }
    /// ```
    ///
    /// Matches nothing for an object whose value is not a list or is shorter.
    /// - Parameter position: a position from 0; a negative one stops with a message.
    /// - Complexity: O(1).
    public subscript(position: Int) -> Query<AnyRealmValue> {
        precondition(position >= 0, "a list position cannot be negative")
        return step(.index(position), collection: false)
    }

    /// The value for `key` of the dictionary a mixed property holds (`anyCol['key']` in the query language).
    ///
    /// ```swift
    /// let dark = realm.objects(Setting.self).where { $0.value["theme"] == .string("dark") }
    /// ```
    ///
    /// Matches nothing for an object whose value is not a dictionary or lacks the key.
    /// - Parameter key: the dictionary key; a key containing `.` stops with a message.
    /// - Complexity: O(1).
    public subscript(key: String) -> Query<AnyRealmValue> {
        precondition(!key.contains("."), "a dictionary key in a query cannot contain '.'")
        return step(.key(key), collection: false)
    }

    /// Every element of the list, or every value of the dictionary, a mixed property holds (`anyCol[*]`):
    /// a comparison matches when any of them does.
    ///
    /// ```swift
    /// let withThree = realm.objects(Setting.self).where { $0.value.any == .int(3) }
    /// ```
    public var any: Query<AnyRealmValue> { step(.all, collection: true) }

    private func step(_ step: MixedStep, collection: Bool) -> Query<AnyRealmValue> {
        guard case .path(let parts, let wasCollection, nil, nil) = storage else {
            preconditionFailure("a subscript needs a mixed property")
        }
        return Query<AnyRealmValue>(
            parts: parts + [step.segment],
            collection: wasCollection || collection,
            scope: scope
        )
    }
}
