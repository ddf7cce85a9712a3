// Value.swift: the engine's value type: every property type a Strata column can hold.

/// A point in time: seconds since 1970-01-01 UTC plus nanoseconds (same sign as seconds, |ns| < 1e9).
package struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var seconds: Int64
    package var nanoseconds: Int32

    package init(seconds: Int64, nanoseconds: Int32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    package static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    package var description: String { "\(seconds)s+\(nanoseconds)ns" }
}

/// A value stored in, or read from, a column.
package enum Value: Hashable, Sendable, CustomStringConvertible {
    case null
    case int(Int64)
    case bool(Bool)
    case float(Float)
    case double(Double)
    case string(String)
    case binary([UInt8])
    case timestamp(Timestamp)
    /// IEEE 754-2008 decimal128, 16 bytes, little-endian.
    case decimal128([UInt8])
    /// 12 bytes.
    case objectId([UInt8])
    /// 16 bytes.
    case uuid([UInt8])
    /// A link to an object of the column's target table.
    case link(ObjectKey)
    /// A link to an object of any table (in mixed values).
    case typedLink(TableKey, ObjectKey)
    /// The elements of a list or set column.
    case list([Value])
    /// The entries of a dictionary column, sorted by key.
    case dictionary([DictionaryEntry])

    package var description: String {
        switch self {
        case .null: return "null"
        case .int(let value): return "\(value)"
        case .bool(let value): return "\(value)"
        case .float(let value): return "\(value)f"
        case .double(let value): return "\(value)"
        case .string(let value): return "\"\(value)\""
        case .binary(let value): return "<\(value.count) bytes>"
        case .timestamp(let value): return "\(value)"
        case .decimal128(let value): return "decimal128(\(value))"
        case .objectId(let value): return "oid(\(value.map { String($0, radix: 16) }.joined()))"
        case .uuid(let value): return "uuid(\(value.map { String($0, radix: 16) }.joined()))"
        case .link(let key): return "link(\(key))"
        case .typedLink(let table, let key): return "link(\(table), \(key))"
        case .list(let values): return "\(values)"
        case .dictionary(let entries): return "\(entries.map { "\($0.key): \($0.value)" })"
        }
    }

    /// Whether this is `.null`.
    package var isNull: Bool { if case .null = self { return true } else { return false } }
}

/// One entry of a dictionary value.
package struct DictionaryEntry: Hashable, Sendable {
    package var key: String
    package var value: Value

    package init(key: String, value: Value) {
        self.key = key
        self.value = value
    }
}
