import StrataCore

extension Int: RealmCollectionValue {
    /// `Int` properties of managed objects read through the object's row, in place.
    @inlinable
    public static func _rlmBoundValue(_ object: ObjectBase, _ index: Int) -> Int? { object.boundInt(index) }

    /// `Int` properties of managed objects are written in place when the row allows it.
    @inlinable
    public static func _rlmSetBound(_ value: Int, _ object: ObjectBase, _ index: Int) {
        object.setBoundInt(index, value)
    }

    /// An unmanaged object keeps an `Int` as its stored form, unboxed.
    @inlinable
    public static func _rlmSetUnmanaged(_ value: Int, _ object: ObjectBase, _ index: Int) {
        object.unmanagedValues.setInt(index, value)
    }
}

extension Int8: RealmCollectionValue {}
extension Int16: RealmCollectionValue {}
extension Int32: RealmCollectionValue {}
extension Int64: RealmCollectionValue {}

/// Every integer width is stored as a 64-bit integer and read back truncated to its own width.
extension _Persistable where Self: FixedWidthInteger {
    /// Zero.
    public static func _rlmDefaultValue() -> Self { 0 }

    /// The integer, widened to 64 bits.
    public func _rlmStoredValue(_ links: _StoredLinks) -> _StoredValue { _StoredValue(.int(Int64(self))) }

    /// The stored integer in this width.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> Self {
        if case .int(let value) = stored.value { return Self(truncatingIfNeeded: value) }
        return stored.mismatch(Self.self)
    }

    /// Every width is an integer property.
    public static var _rlmPropertyType: PropertyType? { .int }

    /// An integer of any width or an `NSNumber` (its integer value), truncated to this width.
    public static func _rlmCoerce(_ value: Any) -> Self? {
        ValueCoercion.integer(value).map { Self(truncatingIfNeeded: $0) }
    }
}
