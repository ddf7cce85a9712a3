import StrataCore

extension PersistableEnum {
    /// The first case.
    public static func _rlmDefaultValue() -> Self {
        guard let first = allCases.first else { preconditionFailure("\(Self.self) has no cases") }
        return first
    }

    /// The stored raw value.
    public func _rlmStoredValue(_ links: _StoredLinks) throws -> _StoredValue { try rawValue._rlmStoredValue(links) }

    /// The case of the stored raw value; a raw value that names no case stops, with Realm Swift's message for a
    /// collection element ("Could not convert value '10' to type 'Kind'."). An optional property or element reads
    /// it as `nil` instead (Optional+Persistable.swift).
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> Self {
        let raw = RawValue._rlmValue(stored, reading)
        guard let value = Self(rawValue: raw) else {
            preconditionFailure("Could not convert value '\(raw)' to type '\(Self.self)'.")
        }
        return value
    }

    /// The raw value's type.
    public static var _rlmPropertyType: PropertyType? { RawValue._rlmPropertyType }
}
