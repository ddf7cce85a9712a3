// IntegerColumn.swift: 64-bit integers (also Bool and link keys), packed by frame of reference.

/// A mutable integer column.
final class IntegerColumn: ColumnStorage {
    // Only the column edits its storage (decoding included).
    // Storage marked @exclusivity(unchecked) is never reached while an inout access to it is under way; the
    // run-time checks it skips are explained in Benchmarks/NOTES.md ("Exclusivity checks").
    @exclusivity(unchecked) private var values: [Int64] = []
    @exclusivity(unchecked) private var nulls: [Bool]?

    init(nullable: Bool) { nulls = nullable ? [] : nil }

    /// Decodes a committed integer block (its kind already checked).
    static func decode(_ block: ColumnBlock, nullable: Bool) -> IntegerColumn {
        let column = IntegerColumn(nullable: nullable)
        column.values = block.integers()
        if nullable { column.nulls = block.nullFlags }
        return column
    }

    var count: Int { values.count }

    func cell(at index: Int, reader: NodeReader) throws -> Cell {
        if let nulls, nulls[index] { return .null }
        return .int(values[index])
    }

    func plainInteger(at index: Int) -> Int64? {
        if let nulls, nulls[index] { return nil }
        return values[index]
    }

    func set(_ cell: Cell, at index: Int) -> BlobRef? {
        switch cell {
        case .int(let value):
            values[index] = value
            nulls?[index] = false
        case .null:
            precondition(nulls != nil, "null in a non-nullable integer column")
            values[index] = 0
            nulls![index] = true
        default: preconditionFailure("\(cell) in an integer column")
        }
        return nil
    }

    func updateIntegers(atRows rows: [Int], _ transform: (Int64) throws -> Int64) throws -> Bool {
        guard nulls == nil else { return false }
        for row in rows { values[row] = try transform(values[row]) }
        return true
    }

    func set(_ cell: Cell, atRows rows: [Int]) -> [BlobRef] {
        // The cell is looked at once for all of the rows.
        switch cell {
        case .int(let value):
            values.set(value, atRows: rows)
            if nulls != nil { nulls!.set(false, atRows: rows) }
        case .null:
            precondition(nulls != nil, "null in a non-nullable integer column")
            for row in rows {
                values[row] = 0
                nulls![row] = true
            }
        default: preconditionFailure("\(cell) in a integer column")
        }
        return []
    }

    func insert(_ cell: Cell, at index: Int) {
        if index == values.count, case .int(let value) = cell {
            append(value)
            return
        }
        values.insert(0, at: index)
        nulls?.insert(false, at: index)
        _ = set(cell, at: index)
    }

    func appendPlain(_ value: Value, at index: Int) -> Bool {
        guard index == values.count else { return false }
        switch value {
        case .int(let value): append(value)
        case .bool(let value): append(value ? 1 : 0)
        case .link(let key): append(key.rawValue)
        default: return false
        }
        return true
    }

    /// Appends a non-null value (bulk-insert fast path).
    @inline(__always)
    func append(_ value: Int64) {
        values.append(value)
        nulls?.append(false)
    }

    func remove(at index: Int) -> BlobRef? {
        values.remove(at: index)
        nulls?.remove(at: index)
        return nil
    }

    func split(from index: Int) -> any ColumnStorage {
        let tail = IntegerColumn(nullable: nulls != nil)
        tail.values = Array(values[index...])
        values.removeSubrange(index...)
        if nulls != nil {
            tail.nulls = Array(nulls![index...])
            nulls!.removeSubrange(index...)
        }
        return tail
    }

    func absorb(_ other: any ColumnStorage) {
        let other = other.unwrapped as! IntegerColumn
        values.append(contentsOf: other.values)
        if nulls != nil { nulls!.append(contentsOf: other.nulls!) }
        other.values = []
        other.nulls = other.nulls.map { _ in [] }
    }

    func encode(into writer: inout ByteWriter, sink: any NodeSink) throws {
        try Self.encode(values, nulls: nulls, into: &writer)
    }

    /// Encodes integers with the narrowest width that holds `max - min`.
    static func encode(_ values: [Int64], nulls: [Bool]?, into writer: inout ByteWriter) throws {
        let hasNulls = nulls?.contains(true) ?? false
        var low = Int64.max
        var high = Int64.min
        if hasNulls, let nulls {
            for (value, isNull) in zip(values, nulls) where !isNull {
                low = min(low, value)
                high = max(high, value)
            }
        } else {
            for value in values {
                low = min(low, value)
                high = max(high, value)
            }
        }
        if low > high { (low, high) = (0, 0) }
        let span = UInt64(bitPattern: high &- low)
        let width: Int
        if high == low {
            width = 0
        } else if span <= UInt64(UInt8.max) {
            width = 1
        } else if span <= UInt64(UInt16.max) {
            width = 2
        } else if span <= UInt64(UInt32.max) {
            width = 4
        } else {
            width = 8
        }
        appendBlockHeader(&writer, kind: .integer, flags: hasNulls ? 1 : 0, extra: width, count: values.count)
        writer.append(low)
        writer.append(count: values.count * width) { packed in
            values.withUnsafeBufferPointer { values in
                switch width {
                case 0: break
                case 1: pack(values, low, UInt8.self, into: packed)
                case 2: pack(values, low, UInt16.self, into: packed)
                case 4: pack(values, low, UInt32.self, into: packed)
                default: pack(values, low, UInt64.self, into: packed)
                }
            }
            // A null row packs as 0 (its value is not part of the block's range).
            if hasNulls, let nulls {
                for (index, isNull) in nulls.enumerated() where isNull {
                    for byte in 0..<width { packed[index * width + byte] = 0 }
                }
            }
        }
        writer.alignTo8()
        if hasNulls { appendBitmap(&writer, count: values.count) { nulls![$0] } }
    }

    /// Packs `value - low` of every value into `Raw`-sized little-endian slots (a subtraction that overflows,
    /// a span beyond Int64, is still exact modulo 2^64 at width 8).
    @inline(__always)
    private static func pack<Raw: FixedWidthInteger & UnsignedInteger>(
        _ values: UnsafeBufferPointer<Int64>,
        _ low: Int64,
        _: Raw.Type,
        into packed: UnsafeMutableRawBufferPointer
    ) {
        let size = MemoryLayout<Raw>.size
        precondition(packed.count == values.count * size)
        for index in values.indices {
            let raw = Raw(truncatingIfNeeded: UInt64(bitPattern: values[index] &- low))
            packed.storeBytes(of: raw.littleEndian, toByteOffset: index * size, as: Raw.self)
        }
    }
}
