import StrataCore

extension Bool: RealmCollectionValue {
    /// `false`.
    public static func _rlmDefaultValue() -> Bool { false }

    /// The stored Boolean.
    public func _rlmStoredValue(_ links: _StoredLinks) -> _StoredValue { _StoredValue(.bool(self)) }

    /// The Boolean read back.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> Bool {
        if case .bool(let value) = stored.value { return value }
        return stored.mismatch(Bool.self)
    }

    /// A `Bool` property.
    public static var _rlmPropertyType: PropertyType? { .bool }

    /// A number Realm reads as a Boolean: an `NSNumber` made from one, or an integer that is 0 or 1.
    public static func _rlmCoerce(_ value: Any) -> Bool? {
        ValueCoercion.boolean(value)
    }

    /// `Bool` properties of managed objects read through the object's row, in place.
    @inlinable
    public static func _rlmBoundValue(_ object: ObjectBase, _ index: Int) -> Bool? { object.boundBool(index) }

    /// `Bool` properties of managed objects are written in place when the row allows it.
    @inlinable
    public static func _rlmSetBound(_ value: Bool, _ object: ObjectBase, _ index: Int) {
        object.setBoundBool(index, value)
    }

    /// An unmanaged object keeps a `Bool` as its stored form, unboxed.
    @inlinable
    public static func _rlmSetUnmanaged(_ value: Bool, _ object: ObjectBase, _ index: Int) {
        object.unmanagedValues.setBool(index, value)
    }
}
