import StrataCore

extension ObjectId: RealmCollectionValue {
    /// A newly generated ObjectId.
    public static func _rlmDefaultValue() -> ObjectId { ObjectId.generate() }

    /// The stored 12 bytes.
    public func _rlmStoredValue(_ links: _StoredLinks) -> _StoredValue { _StoredValue(.objectId(bytes)) }

    /// The ObjectId read back.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> ObjectId {
        if case .objectId(let bytes) = stored.value { return ObjectId(bytes: bytes) }
        return stored.mismatch(ObjectId.self)
    }

    /// An `ObjectId` property.
    public static var _rlmPropertyType: PropertyType? { .objectId }

    /// The ObjectId a 24-digit hexadecimal string names; nil for any other value (a string that names none is then
    /// refused with the message naming the property, as in Realm).
    public static func _rlmCoerce(_ value: Any) throws -> ObjectId? {
        guard let text = value as? String else { return nil }
        // Parsing the caller's text reads nothing stored: a failure only means the text names no ObjectId.
        return try? ObjectId(string: text)
    }
}
