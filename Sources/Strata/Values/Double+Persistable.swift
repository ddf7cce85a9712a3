import StrataCore

extension Double: RealmCollectionValue {
    /// Zero.
    public static func _rlmDefaultValue() -> Double { 0 }

    /// The stored double, bit for bit (NaN, -0.0 and the infinities included).
    public func _rlmStoredValue(_ links: _StoredLinks) -> _StoredValue { _StoredValue(.double(self)) }

    /// The double read back.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> Double {
        if case .double(let value) = stored.value { return value }
        return stored.mismatch(Double.self)
    }

    /// A `Double` property.
    public static var _rlmPropertyType: PropertyType? { .double }

    /// A number of any type but a Boolean.
    public static func _rlmCoerce(_ value: Any) -> Double? {
        ValueCoercion.floating(value)
    }

    /// `Double` properties of managed objects read through the object's row, in place.
    @inlinable
    public static func _rlmBoundValue(_ object: ObjectBase, _ index: Int) -> Double? { object.boundDouble(index) }

    /// `Double` properties of managed objects are written in place when the row allows it.
    @inlinable
    public static func _rlmSetBound(_ value: Double, _ object: ObjectBase, _ index: Int) {
        object.setBoundDouble(index, value)
    }

    /// An unmanaged object keeps a `Double` as its stored form, unboxed.
    @inlinable
    public static func _rlmSetUnmanaged(_ value: Double, _ object: ObjectBase, _ index: Int) {
        object.unmanagedValues.setDouble(index, value)
    }
}
