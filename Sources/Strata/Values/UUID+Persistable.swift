import Foundation
import StrataCore

extension UUID: RealmCollectionValue {
    /// A new random UUID.
    public static func _rlmDefaultValue() -> UUID { UUID() }

    /// The stored 16 bytes.
    public func _rlmStoredValue(_ links: _StoredLinks) -> _StoredValue {
        _StoredValue(.uuid(withUnsafeBytes(of: uuid) { Array($0) }))
    }

    /// The UUID read back.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> UUID {
        if case .uuid(let bytes) = stored.value {
            return bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        }
        return stored.mismatch(UUID.self)
    }

    /// A `UUID` property.
    public static var _rlmPropertyType: PropertyType? { .UUID }

    /// The UUID a string names (`"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"`).
    public static func _rlmCoerce(_ value: Any) -> UUID? {
        guard let text = value as? String else { return nil }
        return UUID(uuidString: text)
    }
}
