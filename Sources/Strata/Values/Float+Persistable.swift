import StrataCore

extension Float: RealmCollectionValue {
    /// Zero.
    public static func _rlmDefaultValue() -> Float { 0 }

    /// The stored float, bit for bit.
    public func _rlmStoredValue(_ links: _StoredLinks) -> _StoredValue { _StoredValue(.float(self)) }

    /// The float read back.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> Float {
        if case .float(let value) = stored.value { return value }
        return stored.mismatch(Float.self)
    }

    /// A `Float` property.
    public static var _rlmPropertyType: PropertyType? { .float }

    /// A number of any type, rounded to a float.
    public static func _rlmCoerce(_ value: Any) -> Float? {
        ValueCoercion.floating(value).map(Float.init)
    }
}
