// ChangeSet+Encoding.swift: a commit's change set as bytes, for the change feed that carries it to other processes
// (ChangeFeed.swift).
//
// Format (little-endian; varint as ByteWriter writes it):
//   u8 flags (bit 0 schema changed, bit 1 applied by sync), varint table count, then per table:
//     u32 table key, u8 wholesale (0 or 1), varint event count, the events, varint list edit count, the edits
//   event:      u8 0 insert   { i64 first key, varint count }
//               u8 1 modify   { i64 first key, varint count, u32 column key }
//               u8 2 delete   { i64 key, u8 has primary key, then the key's value as `ValueCodec` encodes it }
//   list edit:  i64 object key, u32 column key, u8 kind, then its positions as varints:
//               0 insert { index, count }, 1 erase { index }, 2 set { index }, 3 move { from, to },
//               4 clear { count }, 5 assign { old count, new count }
//
// Invariants:
//   (1) Decoding gives back the same events and list edits, in order (so the same replay: insertions, deletions,
//       modifications, deleted primary keys and every list's edits), and the same flags.
//   (2) `decode` checks every count against the bytes left and every tag; anything else throws
//       `StorageError.corrupt` (a feed record is checksummed too, so this only guards against a writer's bug).

extension ChangeSet {
    /// The change set as bytes (see the file comment); `version` is not part of them (the feed's record holds it).
    func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: 64 + estimatedBytes)
        writer.append(UInt8((schemaChanged ? 1 : 0) | (appliedBySync ? 2 : 0)))
        writer.appendVarint(UInt64(tables.count))
        for (key, table) in tables.sorted(by: { $0.key < $1.key }) {
            writer.append(key.rawValue)
            writer.append(UInt8(table.isWholesale ? 1 : 0))
            writer.appendVarint(UInt64(table.events.count))
            for event in table.events { Self.encode(event, into: &writer) }
            writer.appendVarint(UInt64(table.listEditLog.count))
            for record in table.listEditLog { Self.encode(record, into: &writer) }
        }
        return writer.take()
    }

    /// The change set of version `version` that `bytes` (from `encoded()`) hold.
    static func decode(_ bytes: UnsafeRawBufferPointer, version: Version) throws -> ChangeSet {
        var reader = ByteReader(bytes, context: "change feed record")
        var changes = ChangeSet(version: version)
        let flags = try reader.read(UInt8.self)
        guard flags & ~3 == 0 else { throw StorageError.corrupt("a change feed record has flags \(flags)") }
        changes.schemaChanged = flags & 1 != 0
        changes.appliedBySync = flags & 2 != 0
        let tableCount = try reader.readVarint()
        guard tableCount <= UInt64(reader.remaining / 7) else {
            throw StorageError.corrupt("a change feed record claims \(tableCount) tables")
        }
        for _ in 0..<tableCount {
            let key = TableKey(try reader.read(UInt32.self))
            var table = TableChanges()
            let wholesale = try reader.read(UInt8.self)
            guard wholesale <= 1 else {
                throw StorageError.corrupt("a change feed record's table is marked \(wholesale)")
            }
            let eventCount = try reader.readVarint()
            guard eventCount <= UInt64(reader.remaining / 9) else {
                throw StorageError.corrupt("a change feed record claims \(eventCount) events")
            }
            for _ in 0..<eventCount { try decodeEvent(&reader, into: &table) }
            let editCount = try reader.readVarint()
            guard editCount <= UInt64(reader.remaining / 13) else {
                throw StorageError.corrupt("a change feed record claims \(editCount) list edits")
            }
            for _ in 0..<editCount { table.listEditLog.append(try decodeEdit(&reader)) }
            if wholesale == 1 { table.markWholesale() }
            changes.tables[key] = table
        }
        guard reader.remaining == 0 else {
            throw StorageError.corrupt("a change feed record has \(reader.remaining) bytes after its change set")
        }
        return changes
    }

    private static func encode(_ event: TableChanges.Event, into writer: inout ByteWriter) {
        switch event {
        case .insert(let first, let count):
            writer.append(UInt8(0))
            writer.append(first.rawValue)
            writer.appendVarint(UInt64(count))
        case .modify(let first, let count, let column):
            writer.append(UInt8(1))
            writer.append(first.rawValue)
            writer.appendVarint(UInt64(count))
            writer.append(column.rawValue)
        case .delete(let key, let primaryKey):
            writer.append(UInt8(2))
            writer.append(key.rawValue)
            writer.append(UInt8(primaryKey == nil ? 0 : 1))
            if let primaryKey { ValueCodec.encode(primaryKey, into: &writer) }
        }
    }

    private static func decodeEvent(_ reader: inout ByteReader, into table: inout TableChanges) throws {
        let tag = try reader.read(UInt8.self)
        let key = ObjectKey(try reader.read(Int64.self))
        switch tag {
        case 0:
            table.events.append(.insert(first: key, count: try count(&reader)))
        case 1:
            let count = try count(&reader)
            table.events.append(.modify(first: key, count: count, column: ColumnKey(try reader.read(UInt32.self))))
        case 2:
            let hasKey = try reader.read(UInt8.self)
            guard hasKey <= 1 else { throw StorageError.corrupt("a change feed record's deletion is marked \(hasKey)") }
            table.delete(key, primaryKey: hasKey == 1 ? try ValueCodec.decode(&reader) : nil)
        default:
            throw StorageError.corrupt("a change feed record has an event of kind \(tag)")
        }
    }

    private static func encode(_ record: ListEditRecord, into writer: inout ByteWriter) {
        writer.append(record.object.rawValue)
        writer.append(record.column.rawValue)
        let (kind, positions): (UInt8, [Int]) =
            switch record.edit {
            case .insert(let index, let count): (0, [index, count])
            case .erase(let index): (1, [index])
            case .set(let index): (2, [index])
            case .move(let from, let to): (3, [from, to])
            case .clear(let count): (4, [count])
            case .assign(let oldCount, let newCount): (5, [oldCount, newCount])
            }
        writer.append(kind)
        for position in positions { writer.appendVarint(UInt64(position)) }
    }

    private static func decodeEdit(_ reader: inout ByteReader) throws -> ListEditRecord {
        let object = ObjectKey(try reader.read(Int64.self))
        let column = ColumnKey(try reader.read(UInt32.self))
        let kind = try reader.read(UInt8.self)
        let edit: ListEdit
        switch kind {
        case 0:
            let index = try count(&reader)
            edit = .insert(index, count: try count(&reader))
        case 1: edit = .erase(try count(&reader))
        case 2: edit = .set(try count(&reader))
        case 3:
            let from = try count(&reader)
            edit = .move(from: from, to: try count(&reader))
        case 4: edit = .clear(count: try count(&reader))
        case 5:
            let oldCount = try count(&reader)
            edit = .assign(oldCount: oldCount, newCount: try count(&reader))
        default: throw StorageError.corrupt("a change feed record has a list edit of kind \(kind)")
        }
        return ListEditRecord(object: object, column: column, edit: edit)
    }

    /// A count or position: a varint that fits an `Int`.
    private static func count(_ reader: inout ByteReader) throws -> Int {
        let value = try reader.readVarint()
        guard value <= UInt64(Int32.max) else { throw StorageError.corrupt("a change feed record holds \(value)") }
        return Int(value)
    }
}
