// CommittedColumn.swift: a column of a leaf being written that still is its committed block.
//
// A write that changes one property of one object copies the object's whole leaf; decoding every column of
// it and encoding each again at commit was most of a small commit's work. A column no write has reached
// stays its committed block: reads go to the block, the commit copies the block's bytes as they are, and
// the first change decodes it (after which every call goes to the decoded storage, and a set through the tree puts
// that storage in the leaf in this column's place: `decodedColumn`, ClusterTree+Mutation.swift's `store`).
//
// Invariants:
//   (1) The block was checked when this was made to decode without error, so decoding on first change
//       cannot fail; it lives in the mapping of the version the write transaction started from, which
//       stays mapped for the transaction's life.
//   (2) Only blocks already stored as `layout` says are kept (no nullability to convert): copying one is
//       the same as decoding and encoding it.

/// A column of a dirty leaf that no write has changed yet.
final class CommittedColumn: ColumnStorage {
    private let block: ColumnBlock
    private let layout: PhysicalLayout
    // Storage marked @exclusivity(unchecked) is never reached while an inout access to it is under way; the
    // run-time checks it skips are explained in Benchmarks/NOTES.md ("Exclusivity checks").
    /// The decoded column, from the first change on.
    @exclusivity(unchecked) private var decoded: (any ColumnStorage)?

    /// Keeps `block` (of leaf `node`) as a column of `layout`, or returns nil when it must be decoded now:
    /// a block that differs from the layout in nullability, that does not lie within its node, or whose
    /// variable entries would not decode (the caller's decode then reports the damage).
    init?(_ block: ColumnBlock, of node: NodeView, layout: PhysicalLayout) {
        guard block.kind == layout.kind, block.kind != .fixed || block.width == layout.width,
            layout.nullable || block.nulls == nil
        else { return nil }
        let encoded = block.encoded
        guard let nodeStart = node.bytes.baseAddress, let start = encoded.baseAddress,
            start >= nodeStart, start + encoded.count <= nodeStart + node.bytes.count
        else { return nil }
        if block.kind == .variable {
            // Every check `VariableColumn.decode` makes.
            for index in 0..<block.count where !block.isNull(index) {
                guard (try? block.variableBytes(index)) != nil else { return nil }
            }
            guard (try? block.blobRefs()) != nil else { return nil }
        }
        self.block = block
        self.layout = layout
    }

    /// The decoded column, decoding the block on first use.
    var storage: any ColumnStorage {
        if let decoded { return decoded }
        guard let storage = try? decodeColumnStorage(block, layout: layout) else {
            preconditionFailure("a column block checked to decode failed to decode")
        }
        decoded = storage
        return storage
    }

    var count: Int { decoded?.count ?? block.count }

    var decodedColumn: (any ColumnStorage)? { decoded }

    func cell(at index: Int, reader: NodeReader) throws -> Cell {
        if let decoded { return try decoded.cell(at: index, reader: reader) }
        return try block.cell(index, reader: reader)
    }

    func plainInteger(at index: Int) -> Int64? {
        if let decoded { return decoded.plainInteger(at: index) }
        guard block.kind == .integer, !block.isNull(index) else { return nil }
        return block.integer(index)
    }

    func plainDouble(at index: Int) -> Double? {
        if let decoded { return decoded.plainDouble(at: index) }
        guard block.kind == .double, !block.isNull(index) else { return nil }
        return block.double(index)
    }

    func plainString(at index: Int) -> String? {
        if let decoded { return decoded.plainString(at: index) }
        // nil sends the caller to the general path (the protocol's contract), which reads the same bytes with `try`
        // and reports damage: `try?` here hides none.
        guard block.kind == .variable, !block.isNull(index), !block.isExternal(index),
            let bytes = try? block.variableBytes(index)
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    func set(_ cell: Cell, at index: Int) -> BlobRef? { storage.set(cell, at: index) }

    func set(_ cell: Cell, atRows rows: [Int]) -> [BlobRef] { storage.set(cell, atRows: rows) }

    func insert(_ cell: Cell, at index: Int) { storage.insert(cell, at: index) }

    func appendPlain(_ value: Value, at index: Int) -> Bool { storage.appendPlain(value, at: index) }

    func remove(at index: Int) -> BlobRef? { storage.remove(at: index) }

    func split(from index: Int) -> any ColumnStorage { storage.split(from: index) }

    func absorb(_ other: any ColumnStorage) { storage.absorb(other) }

    var blobs: [BlobRef] {
        if let decoded { return decoded.blobs }
        // Checked when this was made (invariant 1), so reading the refs cannot fail.
        return (try? block.blobRefs()) ?? []
    }

    func encode(into writer: inout ByteWriter, sink: any NodeSink) throws {
        if let decoded { return try decoded.encode(into: &writer, sink: sink) }
        writer.append(raw: block.encoded)
    }
}

extension ColumnStorage {
    /// The storage that holds the rows: the decoded column of a ``CommittedColumn``, else this.
    var unwrapped: any ColumnStorage { (self as? CommittedColumn)?.storage ?? self }
}
