// ValueComparison.swift: how the query engine compares values: null semantics, numbers across types,
// string options ([c] case, [d] diacritics), LIKE wildcards, Realm's sort order, and the total order of mixed values
// that `@min` and `@max` use (realm-core's `Mixed::compare`: `mixedOrder`).
//
// As Realm Swift (Foundation's rule, which realm-core's own parser does not follow): CONTAINS, BEGINSWITH and
// ENDSWITH with a null or empty needle match nothing. Only a null string is LIKE null.
//
// Ordered comparisons (<, <=, >, >=) follow realm-core's query_conditions.hpp (Greater, Less, GreaterEqual and
// LessEqual on mixed query values):
//   (1) Two nulls are equal: `>=` and `<=` hold, `<` and `>` do not.
//   (2) A null and a non-null value never order: all four are false, for every type.
//   (3) Except under `NullOrder.stringsFirst`, which a string column of the queried object compared with a constant
//       uses (realm-core's StringNode compares StringData, whose null is less than every string, "" included):
//       there a null orders before every string.
//   (4) Values of types that do not compare (a string and a number, say) never order.
//   (5) An infinity (a decimal property's `'Inf'`, QueryLiterals.decimalText) orders past every decimal but NaN.
// Equality: a null equals only a null; a nested list in a mixed value equals any other list, a nested dictionary
// any other dictionary (realm-core's Mixed::compare compares nested collections by kind only, and Realm Swift
// passes a list or dictionary query argument as an empty collection of that kind).

import Foundation

package enum ValueComparison {
    /// How a null orders against a non-null value in `<`, `<=`, `>` and `>=`.
    package enum NullOrder: Sendable {
        /// It never orders (realm-core's rule for every value it compares as a mixed query value).
        case unordered
        /// A null string orders before every string (realm-core's rule for a string column of the queried object
        /// compared with a constant).
        case stringsFirst
    }

    /// Whether `lhs op rhs` holds: a null equals only a null; in ordered comparisons two nulls are equal and a
    /// null orders against nothing else, unless `nullOrder` is ``NullOrder/stringsFirst``.
    package static func matches(
        _ lhs: Value,
        _ op: ComparisonOperator,
        _ rhs: Value,
        options: QueryStringOptions,
        nullOrder: NullOrder = .unordered
    ) -> Bool {
        switch op {
        case .equal: return equal(lhs, rhs, options: options)
        case .notEqual: return !equal(lhs, rhs, options: options)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            // realm-core: null >= null and null <= null hold; null > null and null < null do not.
            if lhs.isNull && rhs.isNull { return op == .lessOrEqual || op == .greaterOrEqual }
            let nullOrder = nullOrder == .stringsFirst ? nullStringOrder(lhs, rhs) : nil
            guard let order = order(lhs, rhs, options: options) ?? collectionKindOrder(lhs, rhs) ?? nullOrder else {
                return false
            }
            switch op {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        case .beginsWith, .endsWith, .contains, .like:
            // Realm Swift: a null needle, like an empty one, matches nothing; only a null string is LIKE null.
            if rhs.isNull { return op == .like && lhs.isNull }
            guard let haystack = text(lhs), let needle = text(rhs) else { return false }
            // Realm: a string operator with an empty needle matches nothing.
            if needle.isEmpty { return false }
            let h = fold(haystack, options)
            let n = fold(needle, options)
            // BEGINSWITH, ENDSWITH and CONTAINS compare UTF-8 bytes, as realm-core does (no canonical equivalence: a
            // precomposed "é" does not contain a decomposed one), and as the byte path of ColumnarFilter.StringTerm
            // does for ASCII text. (Foundation's `contains` also stopped the process on some needles, "é\0" one.)
            switch op {
            case .beginsWith: return h.utf8.starts(with: n.utf8)
            case .endsWith: return h.utf8.reversed().starts(with: n.utf8.reversed())
            case .contains: return containsBytes(Array(h.utf8), Array(n.utf8))
            default: return like(Array(h), Array(n))
            }
        case .geoWithin: return false  // the parser makes GEOWITHIN a `QueryNode.geoWithin`, never a comparison
        case .matches: return false  // every query that holds MATCHES is refused before it runs
        case .inList:
            return equal(lhs, rhs, options: options)
        }
    }

    /// Whether `needle` (not empty) occurs in `haystack`, byte for byte.
    static func containsBytes(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count, let first = needle.first else { return needle.isEmpty }
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == first, haystack[start..<start + needle.count].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }

    /// realm-core's StringData order: a null string before every string.
    private static func nullStringOrder(_ lhs: Value, _ rhs: Value) -> Int? {
        switch (lhs, rhs) {
        case (.null, .string): return -1
        case (.string, .null): return 1
        default: return nil
        }
    }

    /// realm-core's Mixed::compare for nested collections: two of the same kind (list or dictionary) are equal,
    /// whatever they hold.
    private static func collectionKindOrder(_ lhs: Value, _ rhs: Value) -> Int? {
        switch (lhs, rhs) {
        case (.list, .list), (.dictionary, .dictionary): return 0
        default: return nil
        }
    }

    static func text(_ value: Value) -> String? {
        switch value {
        case .string(let string): return string
        case .binary(let bytes): return String(decoding: bytes, as: UTF8.self)
        default: return nil
        }
    }

    /// Folds case and/or diacritics as the options ask.
    static func fold(_ text: String, _ options: QueryStringOptions) -> String {
        var folded = text
        if options.contains(.diacriticInsensitive) {
            folded = folded.folding(options: .diacriticInsensitive, locale: nil)
        }
        if options.contains(.caseInsensitive) { folded = folded.lowercased() }
        return folded
    }

    static func equal(_ lhs: Value, _ rhs: Value, options: QueryStringOptions) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.null, _), (_, .null): return false
        case (.string(let a), .string(let b)):
            return options.isEmpty
                ? a.unicodeScalars.elementsEqual(b.unicodeScalars) : fold(a, options) == fold(b, options)
        case (.binary, .string), (.string, .binary):
            // A mixed value's bytes compare with a string needle as its text would, [c] and [d] included.
            guard let a = text(lhs), let b = text(rhs) else { return false }
            return options.isEmpty ? a == b : fold(a, options) == fold(b, options)
        case (.binary(let x), .binary(let y)) where !options.isEmpty:
            // Two binary values with [c] or [d] compare as the text their bytes spell (realm-core's EqualIns on
            // data); bytes that are not UTF-8 compare as they are.
            guard let a = String(validating: x, as: UTF8.self), let b = String(validating: y, as: UTF8.self) else {
                return x == y
            }
            return fold(a, options) == fold(b, options)
        default: return (order(lhs, rhs, options: options) ?? collectionKindOrder(lhs, rhs)) == 0
        }
    }

    /// The order of two non-null values of comparable types, or nil.
    static func order(_ lhs: Value, _ rhs: Value, options: QueryStringOptions = []) -> Int? {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): return a < b ? -1 : a > b ? 1 : 0
        case (.bool(let a), .bool(let b)): return a == b ? 0 : (a ? 1 : -1)
        case (.string(let a), .string(let b)):
            if options.isEmpty {
                return a.unicodeScalars.elementsEqual(b.unicodeScalars)
                    ? 0 : (a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : 1)
            }
            let fa = fold(a, options)
            let fb = fold(b, options)
            return fa == fb ? 0 : (fa < fb ? -1 : 1)
        case (.binary(let a), .binary(let b)): return a == b ? 0 : (a.lexicographicallyPrecedes(b) ? -1 : 1)
        case (.timestamp(let a), .timestamp(let b)): return a == b ? 0 : (a < b ? -1 : 1)
        case (.objectId(let a), .objectId(let b)), (.uuid(let a), .uuid(let b)):
            return a == b ? 0 : (a.lexicographicallyPrecedes(b) ? -1 : 1)
        case (.link(let a), .link(let b)): return a == b ? 0 : (a < b ? -1 : 1)
        case (.typedLink(let ta, let a), .typedLink(let tb, let b)): return ta == tb && a == b ? 0 : nil
        case (.typedLink(_, let a), .link(let b)), (.link(let a), .typedLink(_, let b)): return a == b ? 0 : nil
        case (.decimal128, _), (_, .decimal128):
            // An infinity (a decimal's text `'Inf'`, QueryLiterals.decimalText) orders past every decimal but NaN.
            if let a = number(lhs), a.isInfinite, let b = DecimalBits.decimal(rhs), !b.isNaN { return a < 0 ? -1 : 1 }
            if let b = number(rhs), b.isInfinite, let a = DecimalBits.decimal(lhs), !a.isNaN { return b < 0 ? 1 : -1 }
            guard let a = DecimalBits.decimal(lhs), let b = DecimalBits.decimal(rhs), !a.isNaN, !b.isNaN else {
                return nil
            }
            return a == b ? 0 : (a < b ? -1 : 1)
        default:
            guard let a = number(lhs), let b = number(rhs) else { return nil }
            if a.isNaN || b.isNaN { return nil }
            return a < b ? -1 : a > b ? 1 : 0
        }
    }

    static func number(_ value: Value) -> Double? {
        switch value {
        case .int(let v): return Double(v)
        case .float(let v): return Double(v)
        case .double(let v): return v
        default: return nil
        }
    }

    /// LIKE: `*` in the pattern matches any run of characters, `?` exactly one; there is no escape, and a `*` or
    /// `?` in the text is an ordinary character (realm-core's `StringData::matchlike` tests the pattern's wildcards
    /// before comparing characters, so `'a*b' LIKE 'a*'` holds).
    static func like(_ text: [Character], _ pattern: [Character]) -> Bool {
        var t = 0
        var p = 0
        var star = -1
        var mark = 0
        while t < text.count {
            if p < pattern.count && pattern[p] == "*" {
                star = p
                mark = t
                p += 1
            } else if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
                t += 1
                p += 1
            } else if star >= 0 {
                p = star + 1
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    // MARK: Sorting

    /// Realm's sort order: null before everything; numbers numerically; strings by collation. Values of types
    /// that do not compare (in mixed properties and collections) order by type as Realm sorts them: booleans,
    /// numbers, strings, data, dates, object ids, UUIDs, then links (a total order: data never interleaves with
    /// strings, whose collation is not byte order).
    package static func sortOrder(_ lhs: Value, _ rhs: Value) -> Int {
        switch (lhs, rhs) {
        case (.null, .null): return 0
        case (.null, _): return -1
        case (_, .null): return 1
        case (.string(let a), .string(let b)): return StringCollation.compare(a, b)
        default:
            if let order = order(lhs, rhs) { return order }
            let (a, b) = (sortRank(lhs), sortRank(rhs))
            if a != b { return a < b ? -1 : 1 }
            // realm-core orders NaN before every other number (and equal to another NaN).
            let (leftNaN, rightNaN) = (isNaN(lhs), isNaN(rhs))
            return leftNaN == rightNaN ? 0 : (leftNaN ? -1 : 1)
        }
    }

    /// realm-core's `Mixed::compare` for two non-null values, the order of `@min` and `@max` over mixed values: a
    /// total order that ranks types as ``sortOrder(_:_:)`` does (booleans, numbers, strings, data, dates, object
    /// ids, UUIDs, links), then lists before dictionaries; strings compare by their bytes (UTF-8), not by
    /// collation; a NaN orders before every other number.
    package static func mixedOrder(_ lhs: Value, _ rhs: Value) -> Int {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)):
            return a.utf8.elementsEqual(b.utf8) ? 0 : (a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1)
        case (.typedLink(let ta, let a), .typedLink(let tb, let b)):
            if ta != tb { return ta < tb ? -1 : 1 }
            return a == b ? 0 : (a < b ? -1 : 1)
        case (.list, .dictionary): return -1
        case (.dictionary, .list): return 1
        default:
            if let order = order(lhs, rhs) { return order }
            let (a, b) = (sortRank(lhs), sortRank(rhs))
            if a != b { return a < b ? -1 : 1 }
            let (leftNaN, rightNaN) = (isNaN(lhs), isNaN(rhs))
            return leftNaN == rightNaN ? 0 : (leftNaN ? -1 : 1)
        }
    }

    /// Whether a value is a floating-point or decimal NaN.
    private static func isNaN(_ value: Value) -> Bool {
        switch value {
        case .float(let v): v.isNaN
        case .double(let v): v.isNaN
        case .decimal128: DecimalBits.decimal(value)?.isNaN ?? false
        default: false
        }
    }

    /// The rank of a value's type among the types a mixed value can hold, for sorting values of different types.
    private static func sortRank(_ value: Value) -> Int {
        switch value {
        case .null: -1
        case .bool: 0
        case .int, .float, .double, .decimal128: 1
        case .string: 2
        case .binary: 3
        case .timestamp: 4
        case .objectId: 5
        case .uuid: 6
        case .typedLink: 7
        case .link: 8
        case .list, .dictionary: 9
        }
    }
}

/// Realm's string order (an en_US collation): punctuation and symbols, then digits, then letters
/// compared without case first; ties go lowercase before uppercase, then by code point.
package enum StringCollation {
    package static func compare(_ lhs: String, _ rhs: String) -> Int {
        if lhs.utf8.allSatisfy({ $0 < 128 }) && rhs.utf8.allSatisfy({ $0 < 128 }) {
            return ascii(Array(lhs.utf8), Array(rhs.utf8))
        }
        switch lhs.compare(rhs, options: [], range: nil, locale: Locale(identifier: "en_US")) {
        case .orderedAscending: return -1
        case .orderedDescending: return 1
        case .orderedSame:
            return lhs == rhs ? 0 : (lhs.unicodeScalars.lexicographicallyPrecedes(rhs.unicodeScalars) ? -1 : 1)
        }
    }

    /// A precomputed sort key for an ASCII string (nil for other strings): comparing two keys with
    /// ``compare(_:_:)-(SortKey,SortKey)`` orders them as ``compare(_:_:)-(String,String)`` does, without
    /// re-reading the strings on every comparison of a sort.
    struct SortKey {
        let primaries: [UInt16]
        let bytes: [UInt8]
    }

    static func sortKey(_ text: String) -> SortKey? {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 128 }) else { return nil }
        return SortKey(primaries: bytes.map { UInt16(primary($0)) }, bytes: bytes)
    }

    /// Appends a byte string for an ASCII `text` whose plain byte order (memcmp, then length) is
    /// ``compare(_:_:)-(String,String)``'s order, and returns true; returns false for other strings. The
    /// string is a 1 (so that a null, encoded as a lone 0, sorts first), each character's primary weight as
    /// one byte (never 0), a 0, then one case byte per character (lowercase and caseless 0, uppercase 1).
    package static func appendBinaryKey(_ text: String, to key: inout [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { appendBinaryKey(utf8: UnsafeRawBufferPointer($0), to: &key) }
    }

    /// ``appendBinaryKey(_:to:)`` for a string's UTF-8 bytes.
    static func appendBinaryKey(utf8 bytes: UnsafeRawBufferPointer, to key: inout [UInt8]) -> Bool {
        guard bytes.allSatisfy({ $0 < 128 }) else { return false }
        let (start, count) = (key.count, bytes.count)
        // Zeros first (the separator and the caseless bytes keep them), then one pass writes both halves.
        key.append(contentsOf: repeatElement(0, count: 2 * count + 2))
        key.withUnsafeMutableBufferPointer { key in
            key[start] = 1
            for (index, byte) in bytes.enumerated() {
                key[start + 1 + index] = primaryByte(byte)
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { key[start + count + 2 + index] = 1 }
            }
        }
        return true
    }

    /// ``primary(_:)`` squeezed into a byte, in the same order: other characters 1…128, digits 129…138,
    /// letters 139…164.
    private static func primaryByte(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return 129 + (byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return 139 + (byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 139 + (byte - UInt8(ascii: "A"))
        default: return byte + 1
        }
    }

    static func compare(_ a: SortKey, _ b: SortKey) -> Int {
        if a.primaries != b.primaries {
            for (x, y) in zip(a.primaries, b.primaries) where x != y { return x < y ? -1 : 1 }
            return a.primaries.count < b.primaries.count ? -1 : 1
        }
        return ascii(a.bytes, b.bytes)
    }

    private static func primary(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return 1000 + Int(byte)
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return 2000 + Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 2000 + Int(byte - UInt8(ascii: "A"))
        default: return Int(byte)
        }
    }

    private static func ascii(_ a: [UInt8], _ b: [UInt8]) -> Int {
        for (x, y) in zip(a, b) where primary(x) != primary(y) {
            return primary(x) < primary(y) ? -1 : 1
        }
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        for (x, y) in zip(a, b) where x != y {
            // Same letter in another case: lowercase first.
            let xLower = x >= UInt8(ascii: "a") && x <= UInt8(ascii: "z")
            return xLower ? -1 : (y >= UInt8(ascii: "a") && y <= UInt8(ascii: "z") ? 1 : (x < y ? -1 : 1))
        }
        return 0
    }
}
