import StrataCore

extension Optional: _Persistable where Wrapped: _Persistable {
    /// `nil`.
    public static func _rlmDefaultValue() -> Wrapped? { nil }

    /// Null, or the wrapped value's stored form.
    public func _rlmStoredValue(_ links: _StoredLinks) throws -> _StoredValue {
        guard let self else { return _StoredValue(.null) }
        return try self._rlmStoredValue(links)
    }

    /// `nil` for a null, else the wrapped type's value. A stored value that a ``FailableCustomPersistable`` type
    /// rejects, and a raw value that is no case of a ``PersistableEnum``, read as `nil` here (a property's value or
    /// a list, set or map element), as in Realm Swift.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> Wrapped? {
        if case .null = stored.value { return nil }
        if let failable = Wrapped.self as? any FailableCustomPersistable.Type {
            return attempt(failable, stored, reading) as! Wrapped?
        }
        if let enumeration = Wrapped.self as? any PersistableEnum.Type {
            return attempt(enumeration, stored, reading) as! Wrapped?
        }
        return Wrapped._rlmValue(stored, reading)
    }

    /// The case of `E` whose raw value is stored, nil when none has it.
    private static func attempt<E: PersistableEnum>(_: E.Type, _ stored: _StoredValue, _ reading: _StoredReading)
        -> E?
    {
        E(rawValue: E.RawValue._rlmValue(stored, reading))
    }

    /// `C` made from `stored`, nil when `C` rejects it.
    private static func attempt<C: FailableCustomPersistable>(
        _: C.Type,
        _ stored: _StoredValue,
        _ reading: _StoredReading
    ) -> C? {
        C(persistedValue: C.PersistedType._rlmValue(stored, reading))
    }
}

extension Optional: RealmCollectionValue where Wrapped: RealmCollectionValue {}
