import StrataCore

extension Object {
    /// A new, unmanaged object.
    public static func _rlmDefaultValue() -> Self { Self() }

    /// A link.
    public static var _rlmPropertyType: PropertyType? { .object }

    /// A link to the object, which the realm being written adds or finds.
    public func _rlmStoredValue(_ links: _StoredLinks) throws -> _StoredValue { _StoredValue(try links.link(self)) }

    /// The linked object, managed by the realm or snapshot it is read from.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> Self {
        ObjectBase.linked(Self.self, stored, reading)
    }
}

extension EmbeddedObject {
    /// A new, unmanaged object.
    public static func _rlmDefaultValue() -> Self { Self() }

    /// A link.
    public static var _rlmPropertyType: PropertyType? { .object }

    /// A link to the object, which the realm being written creates in its parent.
    public func _rlmStoredValue(_ links: _StoredLinks) throws -> _StoredValue { _StoredValue(try links.link(self)) }

    /// The linked object, managed by the realm or snapshot it is read from.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> Self {
        ObjectBase.linked(Self.self, stored, reading)
    }
}

extension ObjectBase {
    /// The managed object of class `type` that `stored` links to.
    static func linked<T: ObjectBase & _Persistable>(_ type: T.Type, _ stored: _StoredValue, _ reading: _StoredReading)
        -> T
    {
        guard case .link(let key) = stored.value else { return stored.mismatch(T.self) }
        let source = reading.source
        return ObjectBinding.makeObject(source: source, table: source.schema.table(for: type), key: key) as! T
    }
}
