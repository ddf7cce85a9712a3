import Foundation
import StrataCore

extension Decimal128: RealmCollectionValue {
    /// Zero.
    public static func _rlmDefaultValue() -> Decimal128 { Decimal128(integerLiteral: 0) }

    /// The stored 16 bytes of IEEE 754-2008 decimal128.
    public func _rlmStoredValue(_ links: _StoredLinks) -> _StoredValue { _StoredValue(.decimal128(storageBytes)) }

    /// The decimal read back.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> Decimal128 {
        if case .decimal128(let bytes) = stored.value { return Decimal128(storageBytes: bytes) }
        return stored.mismatch(Decimal128.self)
    }

    /// A `Decimal128` property.
    public static var _rlmPropertyType: PropertyType? { .decimal128 }

    /// A Foundation `Decimal` (or `NSDecimalNumber`), exactly; a decimal string (or `"NaN"`), as ``init(string:)``
    /// reads it; or any other number, an `NSNumber` made from a Boolean included. A string that is no number does not
    /// convert: Realm refuses it.
    public static func _rlmCoerce(_ value: Any) throws -> Decimal128? {
        // A `Decimal` converts exactly, not through a `Double`.
        if let decimal = value as? Decimal { return Decimal128(value: decimal) }
        // A string must be a decimal number (or NaN): Realm refuses any other.
        if let text = value as? String { return Decimal128.parsed(text) }
        // Realm takes every `NSNumber`, one made from a Boolean included: integers exactly, floating point rounded to
        // 15 significant digits.
        if let (number, _) = ValueCoercion.numberObject(value) { return Decimal128(number: number) }
        if let integer = ValueCoercion.integer(value) { return Decimal128(integerLiteral: integer) }
        return ValueCoercion.floating(value).map { Decimal128(floatLiteral: $0) }
    }
}
