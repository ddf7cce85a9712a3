// VariableColumn.swift: variable-length values (strings, binary data, mixed values, collections,
// backlinks). Values up to `Blob.inlineLimit` bytes live in the leaf; longer ones in blob nodes.
//
// In memory the column keeps its block's shape: the entries' bytes back to back (an external entry's are
// its 16-byte blob reference, a null's are none) and each entry's end, so decoding a block or encoding one
// copies bytes in bulk instead of allocating an array per value.
//
// Invariants:
//   (1) `ends` and `states` have one element per row; `ends` never decreases and its last is `data.count`.
//   (2) An external entry's bytes are { u64 ref, u64 length } little-endian, as in a block; a null's are empty.

/// A mutable variable-length column.
final class VariableColumn: ColumnStorage {
    private enum State: UInt8 {
        case inline, null, external
    }

    // Storage marked @exclusivity(unchecked) is never reached while an inout access to it is under way; the
    // run-time checks it skips are explained in Benchmarks/NOTES.md ("Exclusivity checks").
    @exclusivity(unchecked) private var data: [UInt8] = []
    @exclusivity(unchecked) private var ends: [Int] = []
    @exclusivity(unchecked) private var states: [State] = []
    let nullable: Bool

    init(nullable: Bool) { self.nullable = nullable }

    var count: Int { ends.count }

    private func range(_ index: Int) -> Range<Int> { (index == 0 ? 0 : ends[index - 1])..<ends[index] }

    /// The blob an external entry refers to (nil for other entries).
    private func blob(_ index: Int) -> BlobRef? {
        guard states[index] == .external else { return nil }
        let start = range(index).lowerBound
        return data.withUnsafeBytes { raw in
            BlobRef(
                ref: Ref(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))),
                length: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self))
            )
        }
    }

    func cell(at index: Int, reader: NodeReader) throws -> Cell {
        switch states[index] {
        case .null: return .null
        case .inline: return .bytes(Array(data[range(index)]))
        case .external: return .bytes(try Blob.read(blob(index)!, reader: reader))
        }
    }

    func plainString(at index: Int) -> String? {
        guard case .inline = states[index] else { return nil }
        return String(decoding: data[range(index)], as: UTF8.self)
    }

    /// Replaces entry `index` with `bytes` in `state`, shifting the entries after it.
    private func replace(_ index: Int, with bytes: some Collection<UInt8>, state: State) {
        let range = range(index)
        let delta = bytes.count - range.count
        data.replaceSubrange(range, with: bytes)
        states[index] = state
        if delta != 0 {
            ends[index] += delta
            shiftEnds(after: index, by: delta)
        }
    }

    /// Appends an entry.
    private func append(_ bytes: UnsafeRawBufferPointer, state: State) {
        data.append(contentsOf: bytes)
        ends.append(data.count)
        states.append(state)
    }

    func set(_ cell: Cell, at index: Int) -> BlobRef? {
        let released = blob(index)
        switch cell {
        case .bytes(let bytes): replace(index, with: bytes, state: .inline)
        case .null:
            precondition(nullable, "null in a non-nullable variable column")
            replace(index, with: EmptyCollection(), state: .null)
        default: preconditionFailure("\(cell) in a variable column")
        }
        return released
    }

    func insertPackedKey(_ key: Int64, at index: Int) {
        guard index == count else {
            return insert(.bytes(withUnsafeBytes(of: key.littleEndian) { Array($0) }), at: index)
        }
        // Appended with no array in between: the common case, a new key above every other.
        withUnsafeBytes(of: key.littleEndian) { data.append(contentsOf: $0) }
        ends.append(data.count)
        states.append(.inline)
    }

    func appendPlain(_ value: Value, at index: Int) -> Bool {
        guard index == count else { return false }
        switch value {
        case .string(var text):
            // The UTF-8 goes straight into the column: no array per value (what the string's cell would be).
            text.withUTF8 { data.append(contentsOf: $0) }
        case .binary(let bytes): data.append(contentsOf: bytes)
        default: return false
        }
        ends.append(data.count)
        states.append(.inline)
        return true
    }

    func insert(_ cell: Cell, at index: Int) {
        if index == count, case .bytes(let bytes) = cell {
            data.append(contentsOf: bytes)
            ends.append(data.count)
            states.append(.inline)
            return
        }
        let start = index == 0 ? 0 : ends[index - 1]
        if case .bytes(let bytes) = cell {
            // Bytes go in where the previous entry ends: one shift of the data and of the ends after it.
            data.insert(contentsOf: bytes, at: start)
            ends.insert(start + bytes.count, at: index)
            states.insert(.inline, at: index)
            shiftEnds(after: index, by: bytes.count)
            return
        }
        // An empty entry where the previous one ends, then its value.
        ends.insert(start, at: index)
        states.insert(.inline, at: index)
        _ = set(cell, at: index)
    }

    /// Adds `delta` to the ends of the entries after `index`.
    private func shiftEnds(after index: Int, by delta: Int) {
        guard delta != 0, index + 1 < ends.count else { return }
        ends.withUnsafeMutableBufferPointer { ends in
            for later in (index + 1)..<ends.count { ends[later] += delta }
        }
    }

    func remove(at index: Int) -> BlobRef? {
        let released = blob(index)
        replace(index, with: EmptyCollection(), state: .inline)
        ends.remove(at: index)
        states.remove(at: index)
        return released
    }

    func split(from index: Int) -> any ColumnStorage {
        let tail = VariableColumn(nullable: nullable)
        let cut = range(index).lowerBound
        tail.data = Array(data[cut...])
        tail.ends = ends[index...].map { $0 - cut }
        tail.states = Array(states[index...])
        data.removeSubrange(cut...)
        ends.removeSubrange(index...)
        states.removeSubrange(index...)
        return tail
    }

    func absorb(_ other: any ColumnStorage) {
        let other = other.unwrapped as! VariableColumn
        let shift = data.count
        data.append(contentsOf: other.data)
        ends.append(contentsOf: other.ends.lazy.map { $0 + shift })
        states.append(contentsOf: other.states)
        other.data = []
        other.ends = []
        other.states = []
    }

    var blobs: [BlobRef] { states.indices.compactMap { blob($0) } }

    func encode(into writer: inout ByteWriter, sink: any NodeSink) throws {
        // Long inline values move to blob nodes first; they stay external in memory too.
        let (states, ends) = (self.states, self.ends)
        let long = states.indices.filter { index in
            states[index] == .inline && ends[index] - (index == 0 ? 0 : ends[index - 1]) > Blob.inlineLimit
        }
        for index in long {
            let blob = try Blob.write(Array(data[range(index)]), to: sink)
            var reference = ByteWriter(capacity: 16)
            reference.append(blob.ref.offset)
            reference.append(blob.length)
            replace(index, with: reference.take(), state: .external)
        }
        let hasNulls = self.states.contains(.null)
        let hasExternals = self.states.contains(.external)
        let flags: UInt8 = (hasNulls ? 1 : 0) | (hasExternals ? 2 : 0)
        appendBlockHeader(&writer, kind: .variable, flags: flags, extra: 0, count: count)
        precondition(data.count <= Int(UInt32.max), "a leaf's inline values exceed 4 GiB")
        writer.append(count: (count + 1) * 4) { [ends = self.ends] offsets in
            for (index, end) in ends.enumerated() {
                offsets.storeBytes(of: UInt32(end).littleEndian, toByteOffset: index * 4 + 4, as: UInt32.self)
            }
        }
        writer.alignTo8()
        writer.append(bytes: data)
        writer.alignTo8()
        if hasNulls { appendBitmap(&writer, count: count) { self.states[$0] == .null } }
        if hasExternals { appendBitmap(&writer, count: count) { self.states[$0] == .external } }
    }

    /// Decodes a committed block of this kind; a null in a non-nullable column (declared nullable when the
    /// block was written) becomes an empty value.
    static func decode(_ block: ColumnBlock, nullable: Bool) throws -> VariableColumn {
        let column = VariableColumn(nullable: nullable)
        let count = block.count
        // Built in locals and stored once: a class's arrays are checked for exclusive access on every use.
        var data: [UInt8] = []
        var ends: [Int] = []
        var states: [State] = []
        ends.reserveCapacity(count)
        if block.nulls == nil, block.externals == nil, let offsets = block.offsets,
            count == 0 || UInt32(littleEndian: offsets.loadUnaligned(as: UInt32.self)) == 0
        {
            // Only inline values, back to back from the start of the data: the bytes copy in one piece.
            var previous = 0
            for index in 0..<count {
                let end = Int(
                    UInt32(littleEndian: offsets.loadUnaligned(fromByteOffset: index * 4 + 4, as: UInt32.self))
                )
                guard previous <= end, end <= block.variableDataCount else {
                    throw StorageError.corrupt("a variable column's offsets are out of order")
                }
                ends.append(end)
                previous = end
            }
            data = Array(UnsafeRawBufferPointer(start: block.data, count: previous))
            states = Array(repeating: .inline, count: count)
        } else {
            data.reserveCapacity(block.variableDataCount)
            states.reserveCapacity(count)
            for index in 0..<count {
                let state: State
                if block.isNull(index) {
                    state = nullable ? .null : .inline
                } else {
                    state = block.isExternal(index) ? .external : .inline
                    if state == .external { _ = try block.blobRef(index) }  // checks the reference
                    data.append(contentsOf: try block.variableBytes(index))
                }
                ends.append(data.count)
                states.append(state)
            }
        }
        column.data = data
        column.ends = ends
        column.states = states
        return column
    }
}
