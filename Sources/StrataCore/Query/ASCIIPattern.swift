// ASCIIPattern.swift: a string operator and its constant, matched against a stored value's UTF-8 bytes in place,
// without making a `String` of the value.
//
// Format: the needle's UTF-8 bytes; under [c] folded to lower case (A–Z become a–z, no other byte changes), as
// `String.lowercased()` folds an ASCII string.
//
// A byte string is *plain* when every byte is ASCII (below 0x80) and none is a carriage return (0x0D) or NUL (0x00).
// Between two plain strings, the `String` operations ValueComparison.swift applies are byte operations: each plain
// byte is one Unicode scalar and one `Character` (CR LF is the only grapheme cluster made of two ASCII scalars, hence
// the CR exclusion; combining marks are never ASCII), no ASCII scalar has a canonical decomposition, and
// `lowercased()` changes only A–Z. So `==` is byte equality, BEGINSWITH / ENDSWITH / CONTAINS are byte prefix, suffix
// and substring tests, and LIKE's `*` and `?` match runs of bytes and single bytes. NUL is excluded because
// Foundation's `contains` (which CONTAINS calls) does not treat it as an ordinary character: `"ab\n"` contains
// `"\n\0"` there, and `"x0iy"` does not contain `"0i\0"`; every other ASCII byte searches as itself
// (StringScanTests.swift checks these cases).
//
// Invariants:
//   (1) The needle is plain; under [c] it holds no byte in A–Z.
//   (2) `matches(_:)` answers only for a plain value and returns nil for any other, so that the caller takes
//       ValueComparison's exact path for it: the answer for a value never differs from that path's.
//   (3) As ValueComparison: BEGINSWITH, ENDSWITH, CONTAINS and LIKE with an empty needle match nothing.
//
// No state machine: a pattern is made once per query and only read (by every leaf the query scans).

/// A string comparison against a constant, answered from a stored value's bytes when both are plain ASCII.
struct ASCIIPattern {
    enum Operation {
        case equal, beginsWith, endsWith, contains, like
    }

    let operation: Operation
    /// The needle's bytes, lowercased under ``caseInsensitive``.
    let needle: [UInt8]
    let caseInsensitive: Bool

    /// The pattern of `needle` under `op` and `options`; nil when the byte path does not apply (another operator,
    /// [d], or a needle that is not plain), and the exact path must answer every row.
    init?(_ op: ComparisonOperator, needle: String, options: QueryStringOptions) {
        switch op {
        case .equal, .notEqual: operation = .equal
        case .beginsWith: operation = .beginsWith
        case .endsWith: operation = .endsWith
        case .contains: operation = .contains
        case .like: operation = .like
        default: return nil
        }
        guard options.isSubset(of: .caseInsensitive) else { return nil }
        let bytes = Array(needle.utf8)
        guard bytes.withUnsafeBytes(Self.isPlain) else { return nil }
        caseInsensitive = options.contains(.caseInsensitive)
        self.needle = caseInsensitive ? bytes.map(Self.lowercased) : bytes
        assert(!caseInsensitive || !self.needle.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
    }

    /// Whether `bytes` are plain: ASCII without a carriage return or NUL (checked eight bytes at a time).
    static func isPlain(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        var index = 0
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        let carriageReturns: UInt64 = 0x0D0D_0D0D_0D0D_0D0D
        /// Whether some byte of `word` is zero (exact: a borrow reaches a high bit only through a zero byte).
        @inline(__always) func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & high != 0 }
        while index + 8 <= count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            if word & high != 0 || hasZeroByte(word) || hasZeroByte(word ^ carriageReturns) { return false }
            index += 8
        }
        while index < count {
            let byte = bytes[index]
            if byte >= 0x80 || byte == 0x0D || byte == 0 { return false }
            index += 1
        }
        return true
    }

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    /// Whether the plain `value` matches; nil when `value` is not plain (invariant 2).
    func matches(_ value: UnsafeRawBufferPointer) -> Bool? {
        guard Self.isPlain(value) else { return nil }
        return needle.withUnsafeBytes { needle in
            if caseInsensitive { return Self.matches(value, operation, needle, fold: Self.lowercased) }
            return Self.matches(value, operation, needle) { $0 }
        }
    }

    /// The operation over bytes, comparing `fold(value byte)` with needle bytes.
    @inline(__always)
    private static func matches(
        _ value: UnsafeRawBufferPointer,
        _ operation: Operation,
        _ needle: UnsafeRawBufferPointer,
        fold: (UInt8) -> UInt8
    ) -> Bool {
        let (count, length) = (value.count, needle.count)
        /// Whether the needle sits at byte `start` of the value (which has room for it).
        func equal(at start: Int) -> Bool {
            for offset in 0..<length where fold(value[start + offset]) != needle[offset] { return false }
            return true
        }
        switch operation {
        case .equal: return count == length && equal(at: 0)
        case .beginsWith: return length > 0 && count >= length && equal(at: 0)
        case .endsWith: return length > 0 && count >= length && equal(at: count - length)
        case .contains:
            guard length > 0, count >= length else { return false }
            let first = needle[0]
            for start in 0...(count - length) where fold(value[start]) == first && equal(at: start) { return true }
            return false
        case .like:
            return length > 0 && like(value, needle, fold: fold)
        }
    }

    /// LIKE over bytes: `*` in the pattern matches any run of bytes, `?` exactly one; no escape, and a `*` or `?`
    /// in the value is an ordinary byte (ValueComparison's rule: the pattern's wildcards are tested first).
    private static func like(
        _ text: UnsafeRawBufferPointer,
        _ pattern: UnsafeRawBufferPointer,
        fold: (UInt8) -> UInt8
    ) -> Bool {
        let (star, any) = (UInt8(ascii: "*"), UInt8(ascii: "?"))
        var t = 0
        var p = 0
        // After a `*`: the position after it in the pattern, and where in the text its run ends for now.
        var resume = -1
        var mark = 0
        while t < text.count {
            if p < pattern.count && pattern[p] == star {
                resume = p + 1
                mark = t
                p += 1
            } else if p < pattern.count && (pattern[p] == any || pattern[p] == fold(text[t])) {
                t += 1
                p += 1
            } else if resume >= 0 {
                p = resume
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == star { p += 1 }
        return p == pattern.count
    }
}
