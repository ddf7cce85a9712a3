import StrataCore

extension Decimal128: RealmCollectionValue {
    /// Zero.
    public static func _rlmDefaultValue() -> Decimal128 { Decimal128(integerLiteral: 0) }

    /// The stored 16 bytes of IEEE 754-2008 decimal128.
    public func _rlmStoredValue(_ links: _StoredLinks) -> _StoredValue { _StoredValue(.decimal128(storageBytes)) }

    /// The decimal read back.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> Decimal128 {
        if case .decimal128(let bytes) = stored.value { return Decimal128(storageBytes: bytes) }
        return stored.mismatch(Decimal128.self)
    }
}
