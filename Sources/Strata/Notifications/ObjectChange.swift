/// One property's change in an ``ObjectChange``: its name and its values before and after.
public struct PropertyChange: @unchecked Sendable {
    // Proof of `@unchecked Sendable`: the values are immutable Swift values (numbers, strings, dates, data,
    // identifiers) or frozen objects and collections, which any task may read; nothing writes to them after the
    // change is made, and only Strata makes one (no public initializer).
    /// The name of the property that changed.
    public let name: String
    /// The value before the change, as ``ObjectBase/value(forKey:)`` gives it (nil when it was nil; an
    /// ``AnyRealmValue``'s payload, a ``PersistableEnum``'s raw value); for a link, the object it linked to,
    /// frozen with the change (invalidated if it was deleted); nil for a list, a set, a map and ``LinkingObjects``.
    ///
    /// Differs from Realm Swift, which gives nil for a write made on the observer's own thread: Strata gives the old
    /// value for every write, the observing realm's own included.
    public let oldValue: Any?
    /// The value after the change, as ``ObjectBase/value(forKey:)`` gives it; nil for a list property (as Realm
    /// Swift gives it).
    public let newValue: Any?

    /// A value as a change reports it: an optional's `nil` as nil, an optional's value as that value.
    static func reported(_ value: Any?) -> Any? {
        guard let value else { return nil }
        if let optional = value as? any OptionalMarker { return optional.wrappedValueIfAny }
        return value
    }
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
///
/// `T` is the observed model class, or a ``Projection`` class for a projection's `changes(keyPaths:)`, whose property
/// changes are named for the projection's properties.
public enum ObjectChange<T> {
    /// An error; Strata reports none today (the case exists for Realm Swift's shape).
    case error(any Error)
    /// The object changed: the properties the writes set (to a new value or to the one they had), with their old
    /// and new values.
    case change(T, [PropertyChange])
    /// The object was deleted.
    case deleted
}

// Proof of `@unchecked Sendable` where `T` is `ThreadConfined`. `T` (a model or projection class) is not `Sendable`.
// - The changes Strata makes (streams, observer blocks) carry an object that is always frozen (immutable, its reads
//   lock-free and non-mutating, readable from any task), or a projection of a frozen object (which holds nothing else
//   and only reads it); their property changes are `Sendable` (`PropertyChange` has no public initializer, so only
//   Strata makes them) and their error is an `Error`, which is `Sendable`.
// - A value user code builds itself (the cases are public, as in Realm Swift) may carry a live or an unmanaged object.
//   A live object checks on every read and write that it runs on its realm's actor and stops otherwise, so it is
//   never used by two threads at once. An unmanaged object is not checked: sending `.change(unmanaged, [])` to
//   another task and using the object on both sides races, as with any non-Sendable class instance. That is the one
//   use this conformance does not cover, and Concurrency.md says so ("What is Sendable").
extension ObjectChange: @unchecked Sendable where T: ThreadConfined {}
