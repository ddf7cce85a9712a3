// ValueCodec.swift: values to bytes and cells, and back.
//
// Tagged encoding (mixed values, collection elements, index hashing), little-endian:
//   0 null | 1 int i64 | 2 bool u8 | 3 float u32 | 4 double u64 | 5 string u32 len + UTF-8
//   6 binary u32 len + bytes | 7 timestamp i64 + i32 | 8 decimal128 16 bytes | 9 objectId 12 bytes
//   10 uuid 16 bytes | 11 link i64 | 12 typed link u32 + i64 | 13 list u32 count + elements
//   14 dictionary u32 count + (u32 len + UTF-8 key, element)...
// Collection columns store the list/dictionary encoding without its tag.

/// Encodes and decodes values.
package enum ValueCodec {
    /// The tagged encoding of a value.
    package static func encode(_ value: Value) -> [UInt8] {
        var writer = ByteWriter(capacity: 16)
        encode(value, into: &writer)
        return writer.take()
    }

    static func encode(_ value: Value, into writer: inout ByteWriter) {
        switch value {
        case .null: writer.append(UInt8(0))
        case .int(let v):
            writer.append(UInt8(1))
            writer.append(v)
        case .bool(let v):
            writer.append(UInt8(2))
            writer.append(UInt8(v ? 1 : 0))
        case .float(let v):
            writer.append(UInt8(3))
            writer.append(v.bitPattern)
        case .double(let v):
            writer.append(UInt8(4))
            writer.append(v.bitPattern)
        case .string(let v):
            writer.append(UInt8(5))
            writer.append(string: v)
        case .binary(let v):
            writer.append(UInt8(6))
            writer.append(UInt32(v.count))
            writer.append(bytes: v)
        case .timestamp(let v):
            writer.append(UInt8(7))
            writer.append(v.seconds)
            writer.append(v.nanoseconds)
        case .decimal128(let v):
            writer.append(UInt8(8))
            writer.append(bytes: v)
        case .objectId(let v):
            writer.append(UInt8(9))
            writer.append(bytes: v)
        case .uuid(let v):
            writer.append(UInt8(10))
            writer.append(bytes: v)
        case .link(let key):
            writer.append(UInt8(11))
            writer.append(key.rawValue)
        case .typedLink(let table, let key):
            writer.append(UInt8(12))
            writer.append(table.rawValue)
            writer.append(key.rawValue)
        case .list(let values):
            writer.append(UInt8(13))
            writer.append(UInt32(values.count))
            for element in values { encode(element, into: &writer) }
        case .dictionary(let entries):
            writer.append(UInt8(14))
            writer.append(UInt32(entries.count))
            for entry in entries {
                writer.append(string: entry.key)
                encode(entry.value, into: &writer)
            }
        }
    }

    /// Decodes one tagged value.
    static func decode(_ reader: inout ByteReader) throws -> Value {
        let tag = try reader.read(UInt8.self)
        switch tag {
        case 0: return .null
        case 1: return .int(try reader.read(Int64.self))
        case 2: return .bool(try reader.read(UInt8.self) != 0)
        case 3: return .float(Float(bitPattern: try reader.read(UInt32.self)))
        case 4: return .double(Double(bitPattern: try reader.read(UInt64.self)))
        case 5: return .string(try reader.readString())
        case 6:
            let count = Int(try reader.read(UInt32.self))
            return .binary(Array(try reader.readBytes(count)))
        case 7:
            return .timestamp(Timestamp(seconds: try reader.read(Int64.self), nanoseconds: try reader.read(Int32.self)))
        case 8: return .decimal128(Array(try reader.readBytes(16)))
        case 9: return .objectId(Array(try reader.readBytes(12)))
        case 10: return .uuid(Array(try reader.readBytes(16)))
        case 11: return .link(ObjectKey(try reader.read(Int64.self)))
        case 12: return .typedLink(TableKey(try reader.read(UInt32.self)), ObjectKey(try reader.read(Int64.self)))
        case 13:
            let count = Int(try reader.read(UInt32.self))
            guard count <= reader.remaining else { throw StorageError.corrupt("list claims \(count) elements") }
            return .list(try (0..<count).map { _ in try decode(&reader) })
        case 14:
            let count = Int(try reader.read(UInt32.self))
            guard count <= reader.remaining else { throw StorageError.corrupt("dictionary claims \(count) entries") }
            return .dictionary(
                try (0..<count).map { _ in DictionaryEntry(key: try reader.readString(), value: try decode(&reader)) }
            )
        default:
            throw StorageError.corrupt("unknown value tag \(tag)")
        }
    }

    /// Decodes a complete tagged encoding.
    package static func decode(_ bytes: [UInt8]) throws -> Value {
        try bytes.withUnsafeBytes { raw in
            var reader = ByteReader(raw, context: "encoded value")
            let value = try decode(&reader)
            guard reader.remaining == 0 else { throw StorageError.corrupt("trailing bytes after an encoded value") }
            return value
        }
    }

    /// The stable 64-bit hash an index files a value under. An integer is its own hash: no two integers
    /// collide, and ascending keys append to the index tree instead of landing in random leaves.
    /// A decimal is hashed in its canonical form (DecimalBits.canonical), so equal values of other exponents meet.
    static func indexHash(_ value: Value) -> Int64 {
        if case .int(let integer) = value { return integer }
        if case .decimal128(let bytes) = value {
            return Int64(bitPattern: Checksum.hash(encode(.decimal128(DecimalBits.canonical(bytes))), seed: 0x1D_E5))
        }
        switch value {
        // The same bytes `encode` makes (a tag, then the value's bytes), on the stack: every new primary key is hashed.
        case .objectId(let bytes): return taggedIndexHash(9, bytes)
        case .uuid(let bytes): return taggedIndexHash(10, bytes)
        default: return Int64(bitPattern: Checksum.hash(encode(value), seed: 0x1D_E5))
        }
    }

    /// The index hash of `bytes` encoded after the one-byte `tag`, without making the encoding's array.
    private static func taggedIndexHash(_ tag: UInt8, _ bytes: [UInt8]) -> Int64 {
        withUnsafeTemporaryAllocation(byteCount: bytes.count + 1, alignment: 8) { buffer in
            buffer[0] = tag
            bytes.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: buffer[1...]).copyMemory(from: $0) }
            return Int64(bitPattern: Checksum.hash(UnsafeRawBufferPointer(buffer), seed: 0x1D_E5))
        }
    }

    /// The index hash of null, the one value an integer column can hold whose hash might equal an integer's.
    static let nullIndexHash = indexHash(.null)

    /// Whether every object filed under `value`'s hash in an index of `column` holds exactly `value`, so a lookup
    /// need not read the objects back: integer hashes are bijective, so in an integer column only null could
    /// share an integer's hash.
    static func indexHashIsExact(_ value: Value, in column: ColumnSpec) -> Bool {
        indexHashIsExact(value, type: column.type, collection: column.collection)
    }

    /// See ``indexHashIsExact(_:in:)``, for a column of `type` and `collection` kind.
    static func indexHashIsExact(_ value: Value, type: ValueType, collection: CollectionKind) -> Bool {
        guard case .int = value, type == .int, collection == .single else { return false }
        return indexHash(value) != nullIndexHash
    }

    // MARK: Cells

    /// The cell storing `value` in `column`. The value must already be validated for the column.
    static func cell(for value: Value, in column: ColumnSpec) -> Cell {
        cell(for: value, type: column.type, collection: column.collection)
    }

    /// The cell that stores `value` in a column of `type` and `collection` kind (without copying the
    /// column's spec, for callers that encode a row at a time).
    static func cell(for value: Value, type: ValueType, collection: CollectionKind) -> Cell {
        if type == .backlink {
            guard case .list(let elements) = value else { preconditionFailure("backlinks are a list of links") }
            return .bytes(
                packKeys(elements.map { if case .link(let key) = $0 { return key } else { preconditionFailure() } })
            )
        }
        if collection != .single { return .bytes(encode(value)) }
        switch value {
        case .null: return .null
        case .int(let v): return type == .mixed ? .bytes(encode(value)) : .int(v)
        case .bool(let v): return type == .mixed ? .bytes(encode(value)) : .int(v ? 1 : 0)
        case .float(let v): return type == .mixed ? .bytes(encode(value)) : .float(v)
        case .double(let v): return type == .mixed ? .bytes(encode(value)) : .double(v)
        case .string(let v): return type == .mixed ? .bytes(encode(value)) : .bytes(Array(v.utf8))
        case .binary(let v): return type == .mixed ? .bytes(encode(value)) : .bytes(v)
        case .timestamp(let v):
            if type == .mixed { return .bytes(encode(value)) }
            var writer = ByteWriter(capacity: 12)
            writer.append(v.seconds)
            writer.append(v.nanoseconds)
            return .bytes(writer.take())
        case .decimal128(let v), .objectId(let v), .uuid(let v):
            return type == .mixed ? .bytes(encode(value)) : .bytes(v)
        case .link(let key): return type == .mixed ? .bytes(encode(value)) : .int(key.rawValue)
        case .typedLink, .list, .dictionary: return .bytes(encode(value))
        }
    }

    /// The value a cell of `column` holds.
    static func value(of cell: Cell, in column: ColumnSpec) throws -> Value {
        if column.collection != .single {
            guard case .bytes(let bytes) = cell else { throw StorageError.corrupt("collection cell is not bytes") }
            if bytes.isEmpty { return column.collection == .dictionary ? .dictionary([]) : .list([]) }
            return try decode(bytes)
        }
        if case .null = cell { return .null }
        switch (column.type, cell) {
        case (.int, .int(let v)): return .int(v)
        case (.bool, .int(let v)): return .bool(v != 0)
        case (.link, .int(let v)): return .link(ObjectKey(v))
        case (.float, .float(let v)): return .float(v)
        case (.double, .double(let v)): return .double(v)
        case (.string, .bytes(let v)): return .string(String(decoding: v, as: UTF8.self))
        case (.binary, .bytes(let v)): return .binary(v)
        case (.timestamp, .bytes(let v)) where v.count == 12:
            return v.withUnsafeBytes { raw in
                .timestamp(
                    Timestamp(
                        seconds: Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 0, as: Int64.self)),
                        nanoseconds: Int32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: Int32.self))
                    )
                )
            }
        case (.decimal128, .bytes(let v)): return .decimal128(v)
        case (.objectId, .bytes(let v)): return .objectId(v)
        case (.uuid, .bytes(let v)): return .uuid(v)
        case (.mixed, .bytes(let v)): return try decode(v)
        case (.backlink, .bytes(let v)): return .list(try unpackKeys(v).map { .link($0) })
        default: throw StorageError.corrupt("a \(cell) cell in a \(column.type) column")
        }
    }

    /// Packs object keys as little-endian i64s.
    static func packKeys(_ keys: [ObjectKey]) -> [UInt8] {
        var writer = ByteWriter(capacity: keys.count * 8)
        for key in keys { writer.append(key.rawValue) }
        return writer.take()
    }

    /// Unpacks object keys.
    static func unpackKeys(_ bytes: [UInt8]) throws -> [ObjectKey] {
        try bytes.withUnsafeBytes { try unpackKeys($0) }
    }

    /// ``unpackKeys(_:)-([UInt8])`` over bytes in place.
    static func unpackKeys(_ raw: UnsafeRawBufferPointer) throws -> [ObjectKey] {
        guard raw.count % 8 == 0 else { throw StorageError.corrupt("packed keys of \(raw.count) bytes") }
        return (0..<raw.count / 8).map {
            ObjectKey(Int64(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: Int64.self)))
        }
    }
}
