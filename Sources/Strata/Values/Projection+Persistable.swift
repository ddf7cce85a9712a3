import StrataCore

extension Projection {
    /// A projection of a new, unmanaged root object.
    public static func _rlmDefaultValue() -> Self { Self(projecting: Root._rlmDefaultValue()) }

    /// A link to the projected object.
    public func _rlmStoredValue(_ links: _StoredLinks) throws -> _StoredValue {
        try rootObject._rlmStoredValue(links)
    }

    /// A projection of the linked object.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> Self {
        Self(projecting: Root._rlmValue(stored, reading))
    }
}
