import Foundation

// Equality as Realm Swift defines it: scalars by value, objects by identity, and nested collections as
// Realm's collections compare themselves: two managed collections are equal when they are the same collection
// (one object, property and position in it, in one realm); two unmanaged ones when their elements are equal
// (two empty ones always); a managed one never equals an unmanaged one. Hashing a collection hashes its kind
// only, as Realm does, so that a managed collection's hash does not change as it is written.
extension AnyRealmValue {
    /// Whether two values are equal (see the type's documentation for collections).
    /// - Parameters:
    ///   - lhs: a value.
    ///   - rhs: another value.
    /// - Returns: whether both are the same case with equal payloads (an `.int` never equals a `.double`):
    ///   scalars by value, objects by identity, collections as described above.
    public static func == (lhs: AnyRealmValue, rhs: AnyRealmValue) -> Bool {
        switch (lhs, rhs) {
        case (.none, .none): return true
        case (.int(let a), .int(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.float(let a), .float(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.data(let a), .data(let b)): return a == b
        case (.date(let a), .date(let b)): return a == b
        case (.objectId(let a), .objectId(let b)): return a == b
        case (.decimal128(let a), .decimal128(let b)): return a == b
        case (.uuid(let a), .uuid(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        case (.list(let a), .list(let b)):
            if a === b { return true }
            switch (a.backing, b.backing) {
            case (nil, nil): return a.elements == b.elements
            case (let left?, let right?): return left.isSameCollection(as: right)
            default: return false
            }
        case (.dictionary(let a), .dictionary(let b)):
            if a === b { return true }
            switch (a.backing, b.backing) {
            case (nil, nil):
                let (left, right) = (a.entries, b.entries)
                return left.count == right.count
                    && zip(left, right).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            case (let left?, let right?): return left.isSameCollection(as: right)
            default: return false
            }
        default: return false
        }
    }

    /// Hashes the value (a collection by its kind only, as Realm does).
    /// - Parameter hasher: the hasher to feed.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .none: hasher.combine(14)
        case .int(let value): hasher.combine(value)
        case .bool(let value): hasher.combine(value)
        case .float(let value): hasher.combine(value)
        case .double(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .data(let value): hasher.combine(value)
        case .date(let value): hasher.combine(value)
        case .objectId(let value): hasher.combine(value)
        case .decimal128(let value): hasher.combine(value)
        case .uuid(let value): hasher.combine(value)
        case .object(let value): hasher.combine(value)
        case .dictionary: hasher.combine(12)
        case .list: hasher.combine(13)
        }
    }
}
