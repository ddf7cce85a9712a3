import StrataCore

extension AnyRealmValue {
    /// ``none``.
    public static func _rlmDefaultValue() -> AnyRealmValue { .none }

    /// The stored mixed value: its payload, an object as a typed link, a nested list or dictionary as such.
    public func _rlmStoredValue(_ links: _StoredLinks) throws -> _StoredValue {
        _StoredValue(try ValueConversion.mixed(self, link: links.link))
    }

    /// The mixed value read back (a nested collection read without its object is an unmanaged copy).
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> AnyRealmValue {
        ValueConversion.mixedValue(stored.value, source: reading.source)
    }

    /// A mixed property.
    public static var _rlmPropertyType: PropertyType? { .any }

    /// Any value, as the case that holds it (arrays and dictionaries as nested collections); a value no case holds
    /// is ``none``.
    public static func _rlmCoerce(_ value: Any) -> AnyRealmValue? { ValueCoercion.anyRealmValue(value) }
}
