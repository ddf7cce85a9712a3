// PackedIntegers.swift: scans of an integer block in its packed domain.
//
// An integer block stores `value - base` in 0, 1, 2, 4 or 8 unsigned bytes, with `base` the lowest value
// (IntegerColumn.encode), so packed values order like the values they stand for. Counting a range, finding
// the bounds or summing can therefore run over the packed values in their own width — 16 one-byte values
// per SSE instruction instead of 2 widened ones — and move into the value domain once per block.
//
// Invariant: blocks start 8-aligned in 8-aligned nodes and their packed values follow a 16-byte prefix, so
// only a damaged directory misaligns them; such blocks are read one unaligned load at a time.

/// The integers of a block: `base` plus an unsigned value `width` bytes wide (0, 1, 2, 4 or 8) per row.
package struct PackedIntegers {
    let data: UnsafeRawPointer
    let width: Int
    let base: Int64

    /// The integers at `data`, each `base` plus `width` little-endian bytes; `data` must stay valid while used.
    package init(data: UnsafeRawPointer, width: Int, base: Int64) {
        self.data = data
        self.width = width
        self.base = base
    }

    /// The first of the first `count` indexes whose integer is >= `value`, for ascending integers: searched
    /// in the packed domain, with the width chosen once and no unpredictable branch per step.
    package func lowerBound(of value: Int64, count: Int) -> Int {
        // Every integer is >= base; above it, compare the packed offsets from base.
        guard count > 0, value > base else { return 0 }
        let target = UInt64(bitPattern: value &- base)
        switch width {
        case 0: return count
        case 1: return packedLowerBound(UInt8.self, target, count)
        case 2: return packedLowerBound(UInt16.self, target, count)
        case 4: return packedLowerBound(UInt32.self, target, count)
        default: return packedLowerBound(UInt64.self, target, count)
        }
    }

    /// ``lowerBound(of:count:)`` for integers that strictly ascend (a leaf's keys). When the last is
    /// `count - 1` above the first, they are consecutive (every leaf of keys never deleted from), and the
    /// index is the offset from the first: no search.
    package func lowerBound(ofStrictlyAscending value: Int64, count: Int) -> Int {
        guard count > 0, value > base else { return 0 }
        return consecutiveLowerBound(of: value, first: base, last: self[count - 1], count: count)
            ?? lowerBound(of: value, count: count)
    }

    @inline(__always)
    private func packedLowerBound<Raw: FixedWidthInteger & UnsignedInteger>(
        _: Raw.Type,
        _ target: UInt64,
        _ count: Int
    ) -> Int {
        guard target <= UInt64(Raw.max) else { return count }
        let target = Raw(target)
        func raw(_ index: Int) -> Raw {
            Raw(littleEndian: data.loadUnaligned(fromByteOffset: index * MemoryLayout<Raw>.size, as: Raw.self))
        }
        // Halve the range each step, choosing the half with a select rather than a branch.
        var low = 0
        var length = count
        while length > 1 {
            let half = length >> 1
            low = raw(low + half) < target ? low + half : low
            length -= half
        }
        return low + (raw(low) < target ? 1 : 0)
    }

    /// The integer at `index`.
    @inline(__always)
    subscript(index: Int) -> Int64 {
        switch width {
        case 0: return base
        case 1: return base &+ Int64(data.load(fromByteOffset: index, as: UInt8.self))
        case 2:
            return base &+ Int64(UInt16(littleEndian: data.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)))
        case 4:
            return base &+ Int64(UInt32(littleEndian: data.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)))
        default:
            return base
                &+ Int64(
                    bitPattern: UInt64(littleEndian: data.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
                )
        }
    }
}

extension PackedIntegers {
    /// The first `count` integers, unpacked with the width chosen once for all of them.
    func integers(count: Int) -> [Int64] {
        Array(unsafeUninitializedCapacity: count) { values, initialized in
            guard let start = values.baseAddress else { return }
            unpack(count: count, into: start) { $0 }
            initialized = count
        }
    }

    /// Appends the first `count` integers to `keys` as object keys (a leaf's keys), unpacked into the array's
    /// storage with the width chosen once.
    func appendKeys(count: Int, to keys: inout [ObjectKey]) {
        guard count > 0 else { return }
        let start = keys.count
        keys.append(contentsOf: repeatElement(ObjectKey(0), count: count))
        keys.withUnsafeMutableBufferPointer { buffer in
            // Not nil: the array holds at least `count` keys.
            unpack(count: count, into: buffer.baseAddress.unsafelyUnwrapped + start, ObjectKey.init)
        }
    }

    /// Writes the first `count` integers, each made into an `Element` by `make`, to `target`, which has room for
    /// them (`Element` is trivial: an integer or a key).
    @inline(__always)
    private func unpack<Element>(
        count: Int,
        into target: UnsafeMutablePointer<Element>,
        _ make: (Int64) -> Element
    ) {
        switch width {
        case 0: target.initialize(repeating: make(base), count: count)
        case 1: unpack(UInt8.self, count, into: target, make)
        case 2: unpack(UInt16.self, count, into: target, make)
        case 4: unpack(UInt32.self, count, into: target, make)
        default: unpack(UInt64.self, count, into: target, make)
        }
    }

    @inline(__always)
    private func unpack<Raw: FixedWidthInteger & UnsignedInteger, Element>(
        _: Raw.Type,
        _ count: Int,
        into target: UnsafeMutablePointer<Element>,
        _ make: (Int64) -> Element
    ) {
        let stride = MemoryLayout<Raw>.size
        for index in 0..<count {
            let raw = Raw(littleEndian: data.loadUnaligned(fromByteOffset: index * stride, as: Raw.self))
            (target + index).initialize(to: make(base &+ Int64(truncatingIfNeeded: raw)))
        }
    }
}

extension ColumnBlock {
    /// How many rows hold an integer in `low...high` (null rows count as 0, so callers use this only for
    /// blocks without nulls).
    func countIntegers(in low: Int64, _ high: Int64) -> Int {
        guard low <= high else { return 0 }
        // base + raw in low...high  ⇔  raw - (low - base) in 0...(high - low), all in wrapping unsigned arithmetic.
        let start = UInt64(bitPattern: low &- base)
        let span = UInt64(bitPattern: high &- low)
        switch width {
        case 0: return UInt64(bitPattern: base &- low) <= span ? count : 0
        case 1: return countPacked(UInt8.self, start, span)
        case 2: return countPacked(UInt16.self, start, span)
        case 4: return countPacked(UInt32.self, start, span)
        default: return countPacked(UInt64.self, start, span)
        }
    }

    /// Every row's integer (a null row's as stored), with the packed width chosen once for the whole block.
    func integers() -> [Int64] {
        precondition(kind == .integer)
        return packedIntegers.integers(count: count)
    }

    /// The first index whose integer is >= `value`, for a block whose integers ascend (a leaf's keys).
    func lowerBound(of value: Int64) -> Int {
        packedIntegers.lowerBound(of: value, count: count)
    }

    /// The lowest and highest value of a block without nulls, or nil for an empty block.
    func integerBounds() -> (low: Int64, high: Int64)? {
        precondition(nulls == nil, "integerBounds over a block with nulls")
        guard count > 0 else { return nil }
        switch width {
        case 0: return (base, base)
        case 1: return packedBounds(UInt8.self)
        case 2: return packedBounds(UInt16.self)
        case 4: return packedBounds(UInt32.self)
        default: return packedBounds(UInt64.self)
        }
    }

    /// The wrapping sum of a block without nulls.
    func integerSum() -> Int64 {
        precondition(nulls == nil, "integerSum over a block with nulls")
        // Σ (base + raw) = count · base + Σ raw, exactly, in wrapping arithmetic.
        let offset = base &* Int64(count)
        switch width {
        case 0: return offset
        case 1: return offset &+ packedSum(UInt8.self)
        case 2: return offset &+ packedSum(UInt16.self)
        case 4: return offset &+ packedSum(UInt32.self)
        default: return offset &+ packedSum(UInt64.self)
        }
    }

    /// Clears `selected[row]` for every row whose integer is outside `low...high`, leaving the others as they are
    /// (a filter's terms narrow one selection in turn). For blocks without nulls, as ``countIntegers(in:_:)``.
    /// - Complexity: O(n) for n rows, over the packed values in their own width, with no branch per row.
    func narrowSelection(toIntegersIn low: Int64, _ high: Int64, _ selected: inout [Bool]) {
        precondition(nulls == nil && selected.count == count, "a selection over a block with nulls, or of another size")
        guard low <= high else {
            for row in selected.indices { selected[row] = false }
            return
        }
        let start = UInt64(bitPattern: low &- base)
        let span = UInt64(bitPattern: high &- low)
        switch width {
        case 0:
            if UInt64(bitPattern: base &- low) > span { for row in selected.indices { selected[row] = false } }
        case 1: narrowPacked(UInt8.self, start, span, &selected)
        case 2: narrowPacked(UInt16.self, start, span, &selected)
        case 4: narrowPacked(UInt32.self, start, span, &selected)
        default: narrowPacked(UInt64.self, start, span, &selected)
        }
    }

    private func narrowPacked<Raw: FixedWidthInteger & UnsignedInteger>(
        _: Raw.Type,
        _ start: UInt64,
        _ span: UInt64,
        _ selected: inout [Bool]
    ) {
        // raw - start <= span in wrapping 64-bit arithmetic, as countPacked compares.
        selected.withUnsafeMutableBufferPointer { rows in
            for row in rows.indices {
                let inside = UInt64(truncatingIfNeeded: packed(Raw.self, row)) &- start <= span
                rows[row] = rows[row] && inside
            }
        }
    }

    /// Calls `body` with the packed values as a typed buffer when they are aligned (nil otherwise).
    @inline(__always)
    private func withPacked<Raw: FixedWidthInteger, Result>(
        _: Raw.Type,
        _ body: (UnsafeBufferPointer<Raw>) -> Result
    ) -> Result? {
        guard Int(bitPattern: data) % MemoryLayout<Raw>.alignment == 0 else { return nil }
        return body(UnsafeBufferPointer(start: data.assumingMemoryBound(to: Raw.self), count: count))
    }

    @inline(__always)
    private func packed<Raw: FixedWidthInteger>(_: Raw.Type, _ index: Int) -> Raw {
        Raw(littleEndian: data.loadUnaligned(fromByteOffset: index * MemoryLayout<Raw>.size, as: Raw.self))
    }

    private func countPacked<Raw: FixedWidthInteger & UnsignedInteger>(
        _: Raw.Type,
        _ start: UInt64,
        _ span: UInt64
    ) -> Int {
        // The matching packed values are start...start+span (mod 2^64). When that does not wrap, clip it to
        // the packed type's range and compare in the packed width.
        let (end, wraps) = start.addingReportingOverflow(span)
        if !wraps && Raw.bitWidth < 64 {
            guard start <= UInt64(Raw.max) else { return 0 }
            let low = Raw(start)
            let width = Raw(Swift.min(end, UInt64(Raw.max)) - start)
            if let matches = withPacked(Raw.self, { Self.countNarrow($0, low, width) }) { return matches }
        }
        var matches = 0
        for index in 0..<count {
            matches &+= UInt64(truncatingIfNeeded: packed(Raw.self, index)) &- start <= span ? 1 : 0
        }
        return matches
    }

    /// Values `v` with `v - low <= width` (wrapping), counted in chunks small enough for one-byte counters.
    private static func countNarrow<Raw: FixedWidthInteger & UnsignedInteger>(
        _ values: UnsafeBufferPointer<Raw>,
        _ low: Raw,
        _ width: Raw
    ) -> Int {
        var matches = 0
        var start = 0
        while start < values.count {
            let end = Swift.min(values.count, start + 255)
            var chunk: UInt8 = 0
            for index in start..<end {
                // Adding the comparison's Bool byte (not branching on it) keeps the loop vectorizable. The bit cast is
                // sound: a Swift `Bool` is one byte holding exactly 0 or 1, the size and values of the `UInt8` added.
                chunk &+= unsafeBitCast(values[index] &- low <= width, to: UInt8.self)
            }
            matches &+= Int(chunk)
            start = end
        }
        return matches
    }

    private func packedBounds<Raw: FixedWidthInteger & UnsignedInteger>(_: Raw.Type) -> (low: Int64, high: Int64) {
        var low = Raw.max
        var high = Raw.min
        let aligned =
            withPacked(Raw.self) { values -> Bool in
                for value in values {
                    low = Swift.min(low, value)
                    high = Swift.max(high, value)
                }
                return true
            } ?? false
        if !aligned {
            for index in 0..<count {
                low = Swift.min(low, packed(Raw.self, index))
                high = Swift.max(high, packed(Raw.self, index))
            }
        }
        return (base &+ Int64(truncatingIfNeeded: low), base &+ Int64(truncatingIfNeeded: high))
    }

    private func packedSum<Raw: FixedWidthInteger & UnsignedInteger>(_: Raw.Type) -> Int64 {
        var sum: UInt64 = 0
        let aligned =
            withPacked(Raw.self) { values -> Bool in
                for value in values { sum &+= UInt64(truncatingIfNeeded: value) }
                return true
            } ?? false
        if !aligned {
            for index in 0..<count { sum &+= UInt64(truncatingIfNeeded: packed(Raw.self, index)) }
        }
        return Int64(bitPattern: sum)
    }
}

/// The first index whose integer is >= `value` among `count` strictly ascending integers from `first` to
/// `last`, when they are consecutive (`last` is `count - 1` above `first`): their offset from `first`, by
/// subtraction. Nil when they are not consecutive. `value` must be above `first`, so the wrapping
/// difference read unsigned is the exact distance.
@inline(__always)
func consecutiveLowerBound(of value: Int64, first: Int64, last: Int64, count: Int) -> Int? {
    guard last &- first == Int64(count - 1) else { return nil }
    return Int(Swift.min(UInt64(bitPattern: value &- first), UInt64(count)))
}
