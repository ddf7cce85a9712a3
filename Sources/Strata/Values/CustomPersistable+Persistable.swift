import StrataCore

extension CustomPersistable {
    /// The value made from its persisted type's default (a new, unmanaged object for an object type).
    public static func _rlmDefaultValue() -> Self { Self(persistedValue: PersistedType._rlmDefaultValue()) }

    /// The persisted value's stored form.
    public func _rlmStoredValue(_ links: _StoredLinks) throws -> _StoredValue {
        try persistableValue._rlmStoredValue(links)
    }

    /// The value made from the stored persisted value. A null link reads as the value of a new, empty object.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> Self {
        Self(persistedValue: PersistedType._rlmValue(stored, reading))
    }

    /// The persisted type's (an object type's is `.object`: the property is a link).
    public static var _rlmPropertyType: PropertyType? { PersistedType._rlmPropertyType }
}

extension FailableCustomPersistable {
    /// The value made from its persisted type's default; stops with Realm Swift's message when that is rejected.
    public static func _rlmDefaultValue() -> Self {
        guard let value = Self(persistedValue: PersistedType._rlmDefaultValue()) else {
            preconditionFailure(
                "Failed to default construct a \(Self.self) using the default value for persisted type "
                    + "\(PersistedType.self). This conversion must either succeed, the property must be optional, "
                    + "or you must explicitly specify a default value for the property."
            )
        }
        return value
    }

    /// The persisted value's stored form.
    public func _rlmStoredValue(_ links: _StoredLinks) throws -> _StoredValue {
        try persistableValue._rlmStoredValue(links)
    }

    /// The value made from the stored persisted value; a value the type rejects stops with Realm Swift's message
    /// (an optional property reads it as `nil` instead).
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> Self {
        let persisted = PersistedType._rlmValue(stored, reading)
        guard let value = Self(persistedValue: persisted) else {
            preconditionFailure(
                "Failed to convert persisted value '\(persisted)' to type '\(Self.self)' in a non-optional context."
            )
        }
        return value
    }

    /// The persisted type's.
    public static var _rlmPropertyType: PropertyType? { PersistedType._rlmPropertyType }
}
