/// Gives an ``Object`` or ``EmbeddedObject`` subclass an `Identifiable` identity that is stable for
/// managed objects.
///
/// ```swift
/// final class Item: Object, ObjectKeyIdentifiable {
///     @Persisted var name = ""
/// }
/// // Two reads of one stored item have the same `id`.
/// ```
///
/// A managed object's `id` is its row key in its table, so every instance reading the same stored
/// object has the same `id` (unique within one type). An unmanaged object's `id` comes from its
/// instance identity, so it changes once the object is added to a realm. Declaring `Identifiable`
/// directly would use the instance identity for managed objects too, which is not stable.
public protocol ObjectKeyIdentifiable: Identifiable {
    /// The stable identity of the object.
    var id: UInt64 { get }
}

/// The name Realm Swift first gave ``ObjectKeyIdentifiable``.
@available(*, deprecated, renamed: "ObjectKeyIdentifiable")
public typealias ObjectKeyIdentifable = ObjectKeyIdentifiable

extension ObjectKeyIdentifiable where Self: ObjectBase {
    /// The object's identity: its row key when it is managed (the same for every instance reading
    /// that stored object), its instance identity when it is unmanaged.
    ///
    /// Reading it on a deleted or invalidated object stops with a message, as in Realm Swift.
    public var id: UInt64 {
        guard let binding else { return UInt64(UInt(bitPattern: ObjectIdentifier(self))) }
        precondition(!binding.isInvalidated, "Object has been deleted or invalidated.")
        return UInt64(bitPattern: binding.key.rawValue)
    }
}
