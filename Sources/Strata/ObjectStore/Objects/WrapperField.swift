import StrataCore

/// The `Persisted` (or ``RealmProperty``) wrapper of one property of a model class, reached in an unmanaged object
/// by its stored field's offset (StrataCore's `StoredField`), found once per class.
///
/// Adding an unmanaged object reads the declared defaults its wrappers hold; reaching them this way costs what
/// reading a stored property costs, where reflection would build every child of the object first.
protocol WrapperField {
    /// The wrapper as `object` holds it.
    func wrapper(of object: ObjectBase) -> any PersistedMarker
    /// Keeps `value` in the wrapper of unmanaged `object`, for synthesized `Codable` (a no-op for a ``RealmProperty``).
    func keep(_ value: Any, in object: ObjectBase)
    /// Marks the wrapper of `object`, now managed, as a managed object's (see `PersistedSerial.managed`).
    func markManaged(in object: ObjectBase)
    /// The stored form of the value unmanaged `object` holds in a property it never read or set, read (or made) in
    /// place, typed: see `PersistedMarker.storedInitialValue(at:)`; nil when the wrapper does not keep its value.
    func storedInitialValue(of object: ObjectBase) throws -> StrataCore.Value?
    /// Where the wrapper's property number (`Persisted.slot`) lies in an instance of the class, or nil for a wrapper
    /// that has none (a ``RealmProperty``).
    var slotOffset: Int? { get }
}

/// The field of a wrapper of type `Wrapper`.
struct StoredWrapperField<Wrapper: PersistedMarker>: WrapperField {
    let field: StoredField<Wrapper>
    /// Where the wrapper keeps an unmanaged value, found once (`PersistedMarker.initialValueOffset`).
    let initialValueOffset = Wrapper.initialValueOffset

    var slotOffset: Int? { Wrapper.slotOffset.map { field.byteOffset + $0 } }

    func wrapper(of object: ObjectBase) -> any PersistedMarker { field.read(object) }
    func keep(_ value: Any, in object: ObjectBase) { field.modify(object) { $0.keep(value) } }
    func markManaged(in object: ObjectBase) { field.modify(object) { $0.markManaged() } }
    func storedInitialValue(of object: ObjectBase) throws -> StrataCore.Value? {
        guard let initialValueOffset else { return nil }
        return try field.withAddress(object) { try Wrapper.storedInitialValue(at: $0 + initialValueOffset) }
    }
}

extension PersistedMarker {
    /// The field named `name` of `owner` that holds a wrapper of this type, or nil when `owner` has none.
    static func storedField(named name: String, of owner: AnyClass) -> (any WrapperField)? {
        StoredField<Self>(named: name, of: owner).map { StoredWrapperField(field: $0) }
    }
}
