// FloatingColumns.swift: Float and Double columns, stored raw (IEEE 754 bit patterns).

/// A mutable Float column.
final class FloatColumn: ColumnStorage {
    // Only the column edits its storage (decoding included).
    // Storage marked @exclusivity(unchecked) is never reached while an inout access to it is under way; the
    // run-time checks it skips are explained in Benchmarks/NOTES.md ("Exclusivity checks").
    @exclusivity(unchecked) private var values: [Float] = []
    @exclusivity(unchecked) private var nulls: [Bool]?

    /// Decodes a committed float block (its kind already checked).
    static func decode(_ block: ColumnBlock, nullable: Bool) -> FloatColumn {
        let column = FloatColumn(nullable: nullable)
        column.values = block.floats()
        if nullable { column.nulls = block.nullFlags }
        return column
    }

    init(nullable: Bool) { nulls = nullable ? [] : nil }

    var count: Int { values.count }

    func cell(at index: Int, reader: NodeReader) throws -> Cell {
        if let nulls, nulls[index] { return .null }
        return .float(values[index])
    }

    func set(_ cell: Cell, at index: Int) -> BlobRef? {
        switch cell {
        case .float(let value):
            values[index] = value
            nulls?[index] = false
        case .null:
            precondition(nulls != nil, "null in a non-nullable float column")
            values[index] = 0
            nulls![index] = true
        default: preconditionFailure("\(cell) in a float column")
        }
        return nil
    }

    func appendPlain(_ value: Value, at index: Int) -> Bool {
        guard index == values.count, case .float(let value) = value else { return false }
        values.append(value)
        nulls?.append(false)
        return true
    }

    func insert(_ cell: Cell, at index: Int) {
        if index == values.count, case .float(let value) = cell {
            values.append(value)
            nulls?.append(false)
            return
        }
        values.insert(0, at: index)
        nulls?.insert(false, at: index)
        _ = set(cell, at: index)
    }

    func remove(at index: Int) -> BlobRef? {
        values.remove(at: index)
        nulls?.remove(at: index)
        return nil
    }

    func split(from index: Int) -> any ColumnStorage {
        let tail = FloatColumn(nullable: nulls != nil)
        tail.values = Array(values[index...])
        values.removeSubrange(index...)
        if nulls != nil {
            tail.nulls = Array(nulls![index...])
            nulls!.removeSubrange(index...)
        }
        return tail
    }

    func absorb(_ other: any ColumnStorage) {
        let other = other.unwrapped as! FloatColumn
        values.append(contentsOf: other.values)
        if nulls != nil { nulls!.append(contentsOf: other.nulls!) }
        other.values = []
        other.nulls = other.nulls.map { _ in [] }
    }

    func encode(into writer: inout ByteWriter, sink: any NodeSink) throws {
        let hasNulls = nulls?.contains(true) ?? false
        appendBlockHeader(&writer, kind: .float, flags: hasNulls ? 1 : 0, extra: 0, count: values.count)
        let values = self.values
        writer.append(count: values.count * 4) { packed in
            for (index, value) in values.enumerated() {
                packed.storeBytes(of: value.bitPattern.littleEndian, toByteOffset: index * 4, as: UInt32.self)
            }
        }
        writer.alignTo8()
        if hasNulls { appendBitmap(&writer, count: values.count) { self.nulls![$0] } }
    }
}

/// A mutable Double column.
final class DoubleColumn: ColumnStorage {
    // Only the column edits its storage (decoding included).
    @exclusivity(unchecked) private var values: [Double] = []
    @exclusivity(unchecked) private var nulls: [Bool]?

    /// Decodes a committed double block (its kind already checked).
    static func decode(_ block: ColumnBlock, nullable: Bool) -> DoubleColumn {
        let column = DoubleColumn(nullable: nullable)
        column.values = block.doubles()
        if nullable { column.nulls = block.nullFlags }
        return column
    }

    init(nullable: Bool) { nulls = nullable ? [] : nil }

    var count: Int { values.count }

    func cell(at index: Int, reader: NodeReader) throws -> Cell {
        if let nulls, nulls[index] { return .null }
        return .double(values[index])
    }

    func plainDouble(at index: Int) -> Double? {
        if let nulls, nulls[index] { return nil }
        return values[index]
    }

    func set(_ cell: Cell, at index: Int) -> BlobRef? {
        switch cell {
        case .double(let value):
            values[index] = value
            nulls?[index] = false
        case .null:
            precondition(nulls != nil, "null in a non-nullable double column")
            values[index] = 0
            nulls![index] = true
        default: preconditionFailure("\(cell) in a double column")
        }
        return nil
    }

    func updateDoubles(atRows rows: [Int], _ transform: (Double) throws -> Double) throws -> Bool {
        guard nulls == nil else { return false }
        for row in rows { values[row] = try transform(values[row]) }
        return true
    }

    func set(_ cell: Cell, atRows rows: [Int]) -> [BlobRef] {
        // The cell is looked at once for all of the rows.
        switch cell {
        case .double(let value):
            values.set(value, atRows: rows)
            if nulls != nil { nulls!.set(false, atRows: rows) }
        case .null:
            precondition(nulls != nil, "null in a non-nullable double column")
            for row in rows {
                values[row] = 0
                nulls![row] = true
            }
        default: preconditionFailure("\(cell) in a double column")
        }
        return []
    }

    func appendPlain(_ value: Value, at index: Int) -> Bool {
        guard index == values.count, case .double(let value) = value else { return false }
        append(value)
        return true
    }

    func insert(_ cell: Cell, at index: Int) {
        if index == values.count, case .double(let value) = cell {
            append(value)
            return
        }
        values.insert(0, at: index)
        nulls?.insert(false, at: index)
        _ = set(cell, at: index)
    }

    /// Appends a non-null value (bulk-insert fast path).
    @inline(__always)
    func append(_ value: Double) {
        values.append(value)
        nulls?.append(false)
    }

    func remove(at index: Int) -> BlobRef? {
        values.remove(at: index)
        nulls?.remove(at: index)
        return nil
    }

    func split(from index: Int) -> any ColumnStorage {
        let tail = DoubleColumn(nullable: nulls != nil)
        tail.values = Array(values[index...])
        values.removeSubrange(index...)
        if nulls != nil {
            tail.nulls = Array(nulls![index...])
            nulls!.removeSubrange(index...)
        }
        return tail
    }

    func absorb(_ other: any ColumnStorage) {
        let other = other.unwrapped as! DoubleColumn
        values.append(contentsOf: other.values)
        if nulls != nil { nulls!.append(contentsOf: other.nulls!) }
        other.values = []
        other.nulls = other.nulls.map { _ in [] }
    }

    func encode(into writer: inout ByteWriter, sink: any NodeSink) throws {
        let hasNulls = nulls?.contains(true) ?? false
        appendBlockHeader(&writer, kind: .double, flags: hasNulls ? 1 : 0, extra: 0, count: values.count)
        let values = self.values
        writer.append(count: values.count * 8) { packed in
            for (index, value) in values.enumerated() {
                packed.storeBytes(of: value.bitPattern.littleEndian, toByteOffset: index * 8, as: UInt64.self)
            }
        }
        writer.alignTo8()
        if hasNulls { appendBitmap(&writer, count: values.count) { self.nulls![$0] } }
    }
}
