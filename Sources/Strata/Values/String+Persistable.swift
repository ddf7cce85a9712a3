import StrataCore

extension String: RealmCollectionValue {
    /// The empty string.
    public static func _rlmDefaultValue() -> String { "" }

    /// The stored string (its UTF-8 bytes, U+0000 included).
    public func _rlmStoredValue(_ links: _StoredLinks) -> _StoredValue { _StoredValue(.string(self)) }

    /// The string read back.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> String {
        if case .string(let value) = stored.value { return value }
        return stored.mismatch(String.self)
    }

    /// A `String` property.
    public static var _rlmPropertyType: PropertyType? { .string }

    /// `String` properties of managed objects read through the object's row, in place.
    @inlinable
    public static func _rlmBoundValue(_ object: ObjectBase, _ index: Int) -> String? { object.boundString(index) }

    /// `String` properties of managed objects are written in place when the row allows it.
    @inlinable
    public static func _rlmSetBound(_ value: String, _ object: ObjectBase, _ index: Int) {
        object.setBoundString(index, value)
    }

    /// An unmanaged object keeps a `String` as its stored form.
    @inlinable
    public static func _rlmSetUnmanaged(_ value: String, _ object: ObjectBase, _ index: Int) {
        object.unmanagedValues.setString(index, value)
    }
}
