// CollectionOrder.swift: the order sets and dictionaries keep their elements in (realm-core keeps a set
// sorted by value and a dictionary by key, and finds an element by binary search).
//
// Set elements: by kind first — null, bool, numbers (int, float, double, decimal128 compared by value;
// equal numbers of different kinds, which are distinct values, by kind), string (by UTF-8 bytes, as
// realm-core's StringData), binary, timestamp, objectId, uuid, link (by object key), typed link, then
// nested collections (by encoding) — then by value within a kind.
// Dictionary entries: by key, as Swift orders strings (the order they have always been stored in).
//
// Invariant: `compare(a, b) == 0` exactly when `a == b` for the values a set can hold (NaN aside, which
// sorts by bit pattern and equals only itself).

/// The storage order of set elements and dictionary keys.
package enum CollectionOrder {
    /// The storage order of two set elements: negative, zero or positive.
    package static func compare(_ lhs: Value, _ rhs: Value) -> Int {
        let (left, right) = (rank(lhs), rank(rhs))
        if left != right { return left < right ? -1 : 1 }
        switch (lhs, rhs) {
        case (.null, .null): return 0
        case (.string(let a), .string(let b)): return bytes(Array(a.utf8), Array(b.utf8))
        case (.typedLink(let ta, let a), .typedLink(let tb, let b)):
            if ta != tb { return ta.rawValue < tb.rawValue ? -1 : 1 }
            return a == b ? 0 : (a < b ? -1 : 1)
        case (.list, _), (.dictionary, _):
            return lhs == rhs ? 0 : bytes(ValueCodec.encode(lhs), ValueCodec.encode(rhs))
        default:
            if let order = ValueComparison.order(lhs, rhs), order != 0 { return order }
            if lhs == rhs { return 0 }
            // Equal numbers of different kinds, or NaNs: by kind, then by the encoding's bytes.
            return bytes(ValueCodec.encode(lhs), ValueCodec.encode(rhs))
        }
    }

    /// The storage order of two dictionary keys.
    static func compare(key lhs: String, _ rhs: String) -> Int { lhs == rhs ? 0 : (lhs < rhs ? -1 : 1) }

    private static func rank(_ value: Value) -> Int {
        switch value {
        case .null: return 0
        case .bool: return 1
        case .int, .float, .double, .decimal128: return 2
        case .string: return 3
        case .binary: return 4
        case .timestamp: return 5
        case .objectId: return 6
        case .uuid: return 7
        case .link: return 8
        case .typedLink: return 9
        case .list, .dictionary: return 10
        }
    }

    private static func bytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a == b ? 0 : (a.lexicographicallyPrecedes(b) ? -1 : 1)
    }

    /// `elements` deduplicated and sorted into set order.
    static func setElements(_ elements: [Value]) -> [Value] {
        var seen = Set<Value>()
        return elements.filter { seen.insert($0).inserted }.sorted { compare($0, $1) < 0 }
    }
}
