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
}
