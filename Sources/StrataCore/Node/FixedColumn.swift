// FixedColumn.swift: fixed-width byte values (timestamps, Decimal128, ObjectId, UUID).

/// A mutable column of `width`-byte values.
final class FixedColumn: ColumnStorage {
    let width: Int
    // Only the column edits its storage (decoding included).
    // Storage marked @exclusivity(unchecked) is never reached while an inout access to it is under way; the
    // run-time checks it skips are explained in Benchmarks/NOTES.md ("Exclusivity checks").
    @exclusivity(unchecked) private var bytes: [UInt8] = []
    @exclusivity(unchecked) private var nulls: [Bool]?

    /// Decodes a committed fixed-width block (its kind and width already checked).
    static func decode(_ block: ColumnBlock, width: Int, nullable: Bool) -> FixedColumn {
        let column = FixedColumn(width: width, nullable: nullable)
        column.bytes = Array(UnsafeRawBufferPointer(start: block.data, count: block.count * block.width))
        if nullable { column.nulls = block.nullFlags }
        return column
    }

    init(width: Int, nullable: Bool) {
        precondition(width > 0 && width <= Int(UInt16.max))
        self.width = width
        nulls = nullable ? [] : nil
    }

    var count: Int { bytes.count / width }

    func cell(at index: Int, reader: NodeReader) throws -> Cell {
        if let nulls, nulls[index] { return .null }
        return .bytes(Array(bytes[index * width..<(index + 1) * width]))
    }

    func set(_ cell: Cell, at index: Int) -> BlobRef? {
        switch cell {
        case .bytes(let value):
            precondition(value.count == width, "a \(value.count)-byte value in a \(width)-byte column")
            bytes.replaceSubrange(index * width..<(index + 1) * width, with: value)
            nulls?[index] = false
        case .null:
            precondition(nulls != nil, "null in a non-nullable fixed column")
            bytes.replaceSubrange(index * width..<(index + 1) * width, with: repeatElement(0, count: width))
            nulls![index] = true
        default: preconditionFailure("\(cell) in a fixed column")
        }
        return nil
    }

    func appendPlain(_ value: Value, at index: Int) -> Bool {
        guard index == count else { return false }
        switch value {
        case .objectId(let value), .uuid(let value), .decimal128(let value):
            guard value.count == width else { return false }
            bytes.append(contentsOf: value)
        case .timestamp(let value):
            // The layout of the timestamp's cell (ValueCodec): seconds, then nanoseconds, little-endian.
            guard width == 12 else { return false }
            withUnsafeBytes(of: value.seconds.littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: value.nanoseconds.littleEndian) { bytes.append(contentsOf: $0) }
        default: return false
        }
        nulls?.append(false)
        return true
    }

    func insert(_ cell: Cell, at index: Int) {
        bytes.insert(contentsOf: repeatElement(0, count: width), at: index * width)
        nulls?.insert(false, at: index)
        _ = set(cell, at: index)
    }

    func remove(at index: Int) -> BlobRef? {
        bytes.removeSubrange(index * width..<(index + 1) * width)
        nulls?.remove(at: index)
        return nil
    }

    func split(from index: Int) -> any ColumnStorage {
        let tail = FixedColumn(width: width, nullable: nulls != nil)
        tail.bytes = Array(bytes[(index * width)...])
        bytes.removeSubrange((index * width)...)
        if nulls != nil {
            tail.nulls = Array(nulls![index...])
            nulls!.removeSubrange(index...)
        }
        return tail
    }

    func absorb(_ other: any ColumnStorage) {
        let other = other.unwrapped as! FixedColumn
        bytes.append(contentsOf: other.bytes)
        if nulls != nil { nulls!.append(contentsOf: other.nulls!) }
        other.bytes = []
        other.nulls = other.nulls.map { _ in [] }
    }

    func encode(into writer: inout ByteWriter, sink: any NodeSink) throws {
        let hasNulls = nulls?.contains(true) ?? false
        appendBlockHeader(&writer, kind: .fixed, flags: hasNulls ? 1 : 0, extra: width, count: count)
        writer.append(bytes: bytes)
        writer.alignTo8()
        if hasNulls { appendBitmap(&writer, count: count) { self.nulls![$0] } }
    }
}
