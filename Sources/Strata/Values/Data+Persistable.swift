import Foundation
import StrataCore

extension Data: RealmCollectionValue {
    /// Empty data.
    public static func _rlmDefaultValue() -> Data { Data() }

    /// The stored bytes.
    public func _rlmStoredValue(_ links: _StoredLinks) -> _StoredValue { _StoredValue(.binary([UInt8](self))) }

    /// The bytes read back.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> Data {
        if case .binary(let value) = stored.value { return Data(value) }
        return stored.mismatch(Data.self)
    }

    /// A `Data` property.
    public static var _rlmPropertyType: PropertyType? { .data }
}
