// SearchIndex.swift: secondary indexes (primary keys and `indexed:` columns).
//
// An index is a ClusterTree keyed by the stable 64-bit hash of a value (ValueCodec.indexHash), whose one
// column holds the keys of the objects filed under that hash, packed ascending. Lookups compare the
// candidates' actual values, so hash collisions cost a comparison, never a wrong answer.
//
// Invariants (checked by the verifier):
//   (1) Every object of the table is filed exactly once, under the hash of its value in the column.
//   (2) No empty entry exists; keys within an entry are strictly ascending.
//   (3) In a unique index no two objects have equal values.

/// An index over one column.
struct SearchIndex {
    let tree: ClusterTree

    init(root: Ref, context: TreeContext) {
        tree = ClusterTree(root: root, layout: .index, context: context)
    }

    /// The objects filed under `value`'s hash (candidates: collisions included).
    func candidates(for value: Value) throws -> [ObjectKey] {
        try candidates(hash: ValueCodec.indexHash(value))
    }

    /// The objects filed under `hash`.
    func candidates(hash: Int64) throws -> [ObjectKey] {
        try withEntry(hash) { try ValueCodec.unpackKeys($0) } ?? []
    }

    /// The first (lowest) object filed under `hash`, without building the list of all of them.
    func firstCandidate(hash: Int64) throws -> ObjectKey? {
        try withEntry(hash) { raw -> ObjectKey? in
            guard raw.count >= 8, raw.count % 8 == 0 else {
                throw StorageError.corrupt("packed keys of \(raw.count) bytes")
            }
            return ObjectKey(Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 0, as: Int64.self)))
        } ?? nil
    }

    /// Whether an object other than `except` is filed under `hash`, without building the list of them.
    func hasObject(hash: Int64, except: ObjectKey?) throws -> Bool {
        try withEntry(hash) { raw -> Bool in
            guard raw.count % 8 == 0 else { throw StorageError.corrupt("packed keys of \(raw.count) bytes") }
            guard let except else { return raw.count > 0 }
            return stride(from: 0, to: raw.count, by: 8).contains { offset in
                Int64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int64.self)) != except.rawValue
            }
        } ?? false
    }

    /// Calls `body` with the packed keys filed under `hash` (nil if there is no entry). A committed entry is
    /// read where it lies, without copying its bytes out first.
    private func withEntry<Result>(_ hash: Int64, _ body: (UnsafeRawBufferPointer) throws -> Result) throws -> Result? {
        guard let location = try tree.locateRow(hash) else { return nil }
        switch location.leaf {
        case .clean(let leaf):
            guard let block = try leaf.block(0, layout: .index) else { return nil }
            if !block.isExternal(location.row) && !block.isNull(location.row) {
                return try body(block.variableBytes(location.row))
            }
            guard case .bytes(let bytes) = try tree.cell(in: block, row: location.row, column: 0) else { return nil }
            return try bytes.withUnsafeBytes(body)
        case .dirty(let leaf):
            guard case .bytes(let bytes) = try tree.cell(in: .dirty(leaf), row: location.row, column: 0) else {
                return nil
            }
            return try bytes.withUnsafeBytes(body)
        }
    }

    /// Files `object` under `value`.
    func add(_ object: ObjectKey, for value: Value) throws {
        let hash = ValueCodec.indexHash(value)
        var keys = try candidates(hash: hash)
        if keys.isEmpty {
            // A new entry (every new primary key): its one key packed straight into the row.
            let packed = withUnsafeBytes(of: object.rawValue.littleEndian) { Array($0) }
            try tree.insert(hash) { leaf, index in leaf.columns[0].insert(.bytes(packed), at: index) }
            return
        }
        let position = keys.firstIndex { $0 > object } ?? keys.count
        precondition(position == 0 || keys[position - 1] != object, "object filed twice in an index")
        keys.insert(object, at: position)
        _ = try tree.set(hash, column: 0, to: .bytes(ValueCodec.packKeys(keys)))
    }

    /// Files `object` under `hash` unless another object is filed there already; returns whether it did.
    /// The check and the filing take one walk down the index between them.
    func addIfAbsent(_ object: ObjectKey, hash: Int64) throws -> Bool {
        let packed = withUnsafeBytes(of: object.rawValue.littleEndian) { Array($0) }
        return try tree.insertIfAbsent(hash) { leaf, index in leaf.columns[0].insert(.bytes(packed), at: index) }
    }

    /// Removes `object` from under `value`.
    func remove(_ object: ObjectKey, for value: Value) throws {
        let hash = ValueCodec.indexHash(value)
        var keys = try candidates(hash: hash)
        guard let position = keys.firstIndex(of: object) else {
            throw StorageError.corrupt("index is missing object \(object)")
        }
        keys.remove(at: position)
        if keys.isEmpty {
            _ = try tree.remove(hash)
        } else {
            _ = try tree.set(hash, column: 0, to: .bytes(ValueCodec.packKeys(keys)))
        }
    }
}
