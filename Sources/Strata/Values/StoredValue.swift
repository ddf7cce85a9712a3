import StrataCore

/// A value as the file stores it, passed between a ``_Persistable`` type and Strata. For Strata's use only: its
/// contents are not public.
public struct _StoredValue {
    let value: StrataCore.Value

    init(_ value: StrataCore.Value) { self.value = value }

    /// What this stored value reads as for `T` when it is not of `T`'s stored kind: `T`'s default for a null (a column
    /// added with no value, a null link read as a custom type's object), otherwise a stop naming both.
    func mismatch<T: _Persistable>(_: T.Type) -> T {
        if case .null = value { return T._rlmDefaultValue() }
        preconditionFailure("a stored \(value) cannot be read as \(T.self)")
    }
}

/// How ``_Persistable/_rlmStoredValue(_:)`` stores an object: as the link the realm being written makes of it. For
/// Strata's use only.
public struct _StoredLinks {
    let link: (ObjectBase) throws -> StrataCore.Value

    /// For values that hold no object (the scalar types): reaching it is a bug of Strata's.
    static var none: _StoredLinks {
        _StoredLinks { object in preconditionFailure("a \(type(of: object)) was stored where no object was expected") }
    }
}

/// Where ``_Persistable/_rlmValue(_:_:)`` binds the objects it reads: the live realm or the frozen snapshot the
/// value was read from. For Strata's use only.
public struct _StoredReading {
    let source: RealmSource
}
