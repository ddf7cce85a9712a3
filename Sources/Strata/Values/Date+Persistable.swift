import Foundation
import StrataCore

extension Date: RealmCollectionValue {
    /// The moment the value is made, as Realm Swift's `Date()` default.
    public static func _rlmDefaultValue() -> Date { Date() }

    /// The stored timestamp: seconds and nanoseconds since 1970, rounded to the nanosecond.
    public func _rlmStoredValue(_ links: _StoredLinks) -> _StoredValue {
        _StoredValue(.timestamp(ValueConversion.timestamp(self)))
    }

    /// The date read back.
    public static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> Date {
        if case .timestamp(let value) = stored.value { return ValueConversion.date(value) }
        return stored.mismatch(Date.self)
    }

    /// A `Date` property.
    public static var _rlmPropertyType: PropertyType? { .date }
}
