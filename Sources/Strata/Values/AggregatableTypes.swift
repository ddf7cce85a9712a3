import Foundation

/// A type whose collections have a smallest and largest value: `min()` and `max()` on a collection of it.
public protocol MinMaxType {}

/// A type whose collections have a sum and an average: `sum()` and `average()` on a collection of it.
public protocol AddableType {}

/// A type whose collections sort by value: `sorted(ascending:)` and `distinct()` on a collection of it.
public protocol SortableType {}

extension Int: MinMaxType, AddableType, SortableType {}
extension Int8: MinMaxType, AddableType, SortableType {}
extension Int16: MinMaxType, AddableType, SortableType {}
extension Int32: MinMaxType, AddableType, SortableType {}
extension Int64: MinMaxType, AddableType, SortableType {}
extension Float: MinMaxType, AddableType, SortableType {}
extension Double: MinMaxType, AddableType, SortableType {}
extension Decimal128: MinMaxType, AddableType, SortableType {}
extension Date: MinMaxType, SortableType {}
extension String: SortableType {}
extension Data: SortableType {}
extension Bool: SortableType {}
extension ObjectId: SortableType {}
extension UUID: SortableType {}
extension AnyRealmValue: MinMaxType, AddableType, SortableType {}
extension Optional: MinMaxType where Wrapped: MinMaxType {}
extension Optional: AddableType where Wrapped: AddableType {}
extension Optional: SortableType where Wrapped: SortableType {}
