// VariableColumn.swift: variable-length values (strings, binary data, mixed values, collections,
// backlinks). Values up to `Blob.inlineLimit` bytes live in the leaf; longer ones in blob nodes.

/// One entry of a variable column.
package enum VariableEntry: Equatable {
    case null
    case inline([UInt8])
    case external(BlobRef)
}

/// A mutable variable-length column.
package final class VariableColumn: ColumnStorage {
    package var entries: [VariableEntry] = []
    let nullable: Bool

    init(nullable: Bool) { self.nullable = nullable }

    package var count: Int { entries.count }

    package func cell(at index: Int, reader: NodeReader) throws -> Cell {
        switch entries[index] {
        case .null: return .null
        case .inline(let bytes): return .bytes(bytes)
        case .external(let blob): return .bytes(try Blob.read(blob, reader: reader))
        }
    }

    package func set(_ cell: Cell, at index: Int) -> BlobRef? {
        var released: BlobRef?
        if case .external(let blob) = entries[index] { released = blob }
        switch cell {
        case .bytes(let bytes): entries[index] = .inline(bytes)
        case .null:
            precondition(nullable, "null in a non-nullable variable column")
            entries[index] = .null
        default: preconditionFailure("\(cell) in a variable column")
        }
        return released
    }

    package func insert(_ cell: Cell, at index: Int) {
        if index == entries.count, case .bytes(let bytes) = cell {
            entries.append(.inline(bytes))
            return
        }
        entries.insert(.null, at: index)
        _ = set(cell, at: index)
    }

    /// Appends bytes (bulk-insert fast path).
    @inline(__always)
    package func append(_ bytes: [UInt8]) {
        entries.append(.inline(bytes))
    }

    package func remove(at index: Int) -> BlobRef? {
        if case .external(let blob) = entries.remove(at: index) { return blob }
        return nil
    }

    package func split(from index: Int) -> any ColumnStorage {
        let tail = VariableColumn(nullable: nullable)
        tail.entries = Array(entries[index...])
        entries.removeSubrange(index...)
        return tail
    }

    package func absorb(_ other: any ColumnStorage) {
        let other = other as! VariableColumn
        entries.append(contentsOf: other.entries)
        other.entries = []
    }

    package var blobs: [BlobRef] {
        entries.compactMap { if case .external(let blob) = $0 { return blob } else { return nil } }
    }

    package func encode(into writer: inout ByteWriter, sink: any NodeSink) throws {
        // Long inline values move to blob nodes first; they stay external in memory too.
        for index in entries.indices {
            if case .inline(let bytes) = entries[index], bytes.count > Blob.inlineLimit {
                entries[index] = .external(try Blob.write(bytes, to: sink))
            }
        }
        let hasNulls = entries.contains(.null)
        let hasExternals = entries.contains { if case .external = $0 { return true } else { return false } }
        let flags: UInt8 = (hasNulls ? 1 : 0) | (hasExternals ? 2 : 0)
        appendBlockHeader(&writer, kind: .variable, flags: flags, extra: 0, count: entries.count)
        var offset: UInt32 = 0
        writer.append(offset)
        for entry in entries {
            switch entry {
            case .null: break
            case .inline(let bytes): offset += UInt32(bytes.count)
            case .external: offset += 16
            }
            writer.append(offset)
        }
        writer.alignTo8()
        for entry in entries {
            switch entry {
            case .null: break
            case .inline(let bytes): writer.append(bytes: bytes)
            case .external(let blob):
                writer.append(blob.ref.offset)
                writer.append(blob.length)
            }
        }
        writer.alignTo8()
        if hasNulls { appendBitmap(&writer, count: entries.count) { self.entries[$0] == .null } }
        if hasExternals {
            appendBitmap(&writer, count: entries.count) {
                if case .external = self.entries[$0] { return true } else { return false }
            }
        }
    }
}
