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
}
