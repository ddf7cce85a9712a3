// IntegerColumn.swift: 64-bit integers (also Bool and link keys), packed by frame of reference.

/// A mutable integer column.
package final class IntegerColumn: ColumnStorage {
    // Only the column edits its storage (decoding included).
    private var values: [Int64] = []
    private var nulls: [Bool]?

    init(nullable: Bool) { nulls = nullable ? [] : nil }

    /// Decodes a committed integer block (its kind already checked).
    static func decode(_ block: ColumnBlock, nullable: Bool) -> IntegerColumn {
        let column = IntegerColumn(nullable: nullable)
        let packed = block.packedIntegers
        column.values = (0..<block.count).map { packed[$0] }
        if nullable { column.nulls = (0..<block.count).map { block.isNull($0) } }
        return column
    }

    package var count: Int { values.count }

    package func cell(at index: Int, reader: NodeReader) throws -> Cell {
        if let nulls, nulls[index] { return .null }
        return .int(values[index])
    }

    package func set(_ cell: Cell, at index: Int) -> BlobRef? {
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

    package func insert(_ cell: Cell, at index: Int) {
        if index == values.count, case .int(let value) = cell {
            append(value)
            return
        }
        values.insert(0, at: index)
        nulls?.insert(false, at: index)
        _ = set(cell, at: index)
    }

    /// Appends a non-null value (bulk-insert fast path).
    @inline(__always)
    package func append(_ value: Int64) {
        values.append(value)
        nulls?.append(false)
    }

    package func remove(at index: Int) -> BlobRef? {
        values.remove(at: index)
        nulls?.remove(at: index)
        return nil
    }

    package func split(from index: Int) -> any ColumnStorage {
        let tail = IntegerColumn(nullable: nulls != nil)
        tail.values = Array(values[index...])
        values.removeSubrange(index...)
        if nulls != nil {
            tail.nulls = Array(nulls![index...])
            nulls!.removeSubrange(index...)
        }
        return tail
    }

    package func absorb(_ other: any ColumnStorage) {
        let other = other as! IntegerColumn
        values.append(contentsOf: other.values)
        if nulls != nil { nulls!.append(contentsOf: other.nulls!) }
        other.values = []
        other.nulls = other.nulls.map { _ in [] }
    }

    package func encode(into writer: inout ByteWriter, sink: any NodeSink) throws {
        try Self.encode(values, nulls: nulls, into: &writer)
    }

    /// Encodes integers with the narrowest width that holds `max - min`.
    static func encode(_ values: [Int64], nulls: [Bool]?, into writer: inout ByteWriter) throws {
        var low = Int64.max
        var high = Int64.min
        for (index, value) in values.enumerated() where nulls?[index] != true {
            low = min(low, value)
            high = max(high, value)
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
        // A subtraction that overflows (span beyond Int64) is still exact modulo 2^64 at width 8.
        let hasNulls = nulls?.contains(true) ?? false
        appendBlockHeader(&writer, kind: .integer, flags: hasNulls ? 1 : 0, extra: width, count: values.count)
        writer.append(low)
        let nullAt: (Int) -> Bool = { nulls?[$0] == true }
        switch width {
        case 0: break
        case 1:
            for (i, value) in values.enumerated() {
                writer.append(nullAt(i) ? 0 : UInt8(truncatingIfNeeded: value &- low))
            }
        case 2:
            for (i, value) in values.enumerated() {
                writer.append(nullAt(i) ? 0 : UInt16(truncatingIfNeeded: value &- low))
            }
        case 4:
            for (i, value) in values.enumerated() {
                writer.append(nullAt(i) ? 0 : UInt32(truncatingIfNeeded: value &- low))
            }
        default:
            for (i, value) in values.enumerated() { writer.append(nullAt(i) ? 0 : UInt64(bitPattern: value &- low)) }
        }
        writer.alignTo8()
        if hasNulls { appendBitmap(&writer, count: values.count) { nulls![$0] } }
    }
}
