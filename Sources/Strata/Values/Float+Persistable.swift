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

    /// A number of any type but a Boolean, rounded to a float; a finite double beyond a float's range does not fit,
    /// as Realm decides.
    public static func _rlmCoerce(_ value: Any) -> Float? {
        guard let number = ValueCoercion.floating(value) else { return nil }
        guard !number.isFinite || abs(number) <= Double(Float.greatestFiniteMagnitude) else { return nil }
        return Float(number)
    }
}
