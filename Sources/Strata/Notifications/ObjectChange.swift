/// One property's change in an ``ObjectChange``: its name and its values before and after.
///
/// `@unchecked Sendable`: the values are immutable Swift values (numbers, strings, dates, data, identifiers) or
/// frozen objects and collections, which any task may read; nothing writes to them after the change is made.
public struct PropertyChange: @unchecked Sendable {
    /// The name of the property that changed.
    public let name: String
    /// The value before the change (nil when it was nil).
    public let oldValue: Any?
    /// The value after the change (nil when it is nil).
    public let newValue: Any?
}

/// A change to one object, as an object stream or observer block delivers it.
///
/// ```swift
/// let changes = await realm.read { realm in dog.changes() }
/// for await change in changes {
///     if case .change(let dog, let properties) = change {
///         for property in properties { print(property.name, property.oldValue ?? "nil", "→", dog.value(forKey: property.name) ?? "nil") }
///     }
/// }
/// ```
///
/// The object an element carries is frozen at the version it describes. After `.deleted` the stream ends.
public enum ObjectChange<T: ObjectBase>: @unchecked Sendable {
    // `@unchecked Sendable`: the object is frozen (immutable, readable from any task) and the property changes
    // are Sendable.
    /// An error; Strata reports none today (the case exists for Realm Swift's shape).
    case error(any Error)
    /// The object changed: its properties whose values differ, with their old and new values.
    case change(T, [PropertyChange])
    /// The object was deleted.
    case deleted
}
