/// One property's change in a change notification about a ``Projection``: its name and its values before and
/// after, as Realm Swift declares it.
///
/// Declared for source compatibility: as in Realm Swift, a projection's changes (`changes(keyPaths:)`, `observe`)
/// report each changed projected property as a ``PropertyChange``, so nothing produces this type.
public struct ProjectedPropertyChange: @unchecked Sendable {
    // Proof of `@unchecked Sendable`, as `PropertyChange`'s: its values would be immutable Swift values or frozen
    // objects, and it has no public initializer.
    /// The name of the projected property that changed.
    public let name: String
    /// The value before the change (nil when it was nil, or not known).
    public let oldValue: Any?
    /// The value after the change (nil when it is nil).
    public let newValue: Any?
}
