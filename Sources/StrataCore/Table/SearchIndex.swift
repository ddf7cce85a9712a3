// SearchIndex.swift: secondary indexes (primary keys and `indexed:` columns).
//
// An index is a ClusterTree keyed by the stable 64-bit hash of a value (ValueCodec.indexHash), whose one
// column holds the keys of the objects filed under that hash, packed ascending. Lookups compare the
// candidates' actual values, so hash collisions cost a comparison, never a wrong answer.
//
// In a write transaction, an entry filed by `addIfAbsent` (a new value of a unique column: every new primary key)
// waits in `pending`, a map by hash (PendingIndexEntries.swift), instead of going into the tree at once: random keys
// (an ObjectId's hash) would each land in the middle of a leaf far from the last one. Every read of the index reads
// the map first. `flush()` files the waiting entries in ascending order when the index is written (Table.write): into
// an index that holds no more entries than wait, the index is filed again whole with them, every entry an append
// filling leaves whole; into others they land leaf after leaf.
//
// Invariants ((1)-(3) checked by the verifier on the committed index; (4) holds because every edit under a hash
// first files its waiting entry, and the tree's insert stops on a key it holds already):
//   (1) Every object of the table is filed exactly once, under the hash of its value in the column.
//   (2) No empty entry exists; keys within an entry are strictly ascending.
//   (3) In a unique index no two objects have equal values.
//   (4) A hash waiting in `pending` has no entry in the tree; `pending` is empty once the index is written.

/// An index over one column.
struct SearchIndex {
    let tree: ClusterTree
    /// Entries filed in this transaction and not yet in the tree: one object key by hash (see the file's comment).
    private let pending = PendingEntries()

    /// Entries of one object each waiting to be filed in the tree. A class: the index is a value copied into the
    /// table's cache, and every copy must see the same entries.
    private final class PendingEntries {
        // Storage marked @exclusivity(unchecked) is never reached while an inout access to it is under way (every
        // mutation is one call of `PendingIndexEntries`, which calls out to nothing); the run-time checks it skips
        // are explained in Benchmarks/NOTES.md ("Exclusivity checks").
        @exclusivity(unchecked) var keys = PendingIndexEntries()
    }

    init(root: Ref, context: TreeContext) {
        tree = ClusterTree(root: root, layout: .index, context: context)
    }

    /// Files every waiting entry in the tree, in ascending hash order (before the tree is written, by the commit,
    /// which rolls the transaction back if this throws). An index holding no more entries than wait (a bulk insert of
    /// random keys into an index that was empty, where the few keys that arrived in ascending order went in at once)
    /// is filed again whole with them, in order: every entry is then an append, filling leaves whole, where each
    /// waiting key would otherwise descend the tree and land in the middle of a leaf.
    func flush() throws {
        guard !pending.keys.isEmpty else { return }
        let waiting = pending.keys.sorted()
        if try tree.count() <= waiting.count {
            try refile(with: waiting)
        } else {
            for (hash, object) in waiting { try fileNew(ObjectKey(object), hash: hash) }
        }
        pending.keys.removeAll()
    }

    /// Empties the tree and files its entries and `waiting` (ascending by hash, none of them in the tree) again in
    /// ascending order, each one an append.
    private func refile(with waiting: [(key: Int64, value: Int64)]) throws {
        var entries: [(hash: Int64, cell: Cell)] = []
        try tree.forEachLeaf { leaf in
            for row in 0..<leaf.count {
                entries.append((leaf.key(at: row), try tree.cell(in: leaf, row: row, column: 0)))
            }
            return true
        }
        try tree.removeAll()
        var next = 0
        for (hash, object) in waiting {
            while next < entries.count, entries[next].hash < hash {
                try tree.insert(entries[next].hash, cells: [entries[next].cell])
                next += 1
            }
            try fileNew(ObjectKey(object), hash: hash)
        }
        for (hash, cell) in entries[next...] { try tree.insert(hash, cells: [cell]) }
    }

    /// Removes every entry, waiting or filed.
    func removeAll() throws {
        pending.keys.removeAll()
        try tree.removeAll()
    }

    /// Files the entry waiting under `hash`, if there is one, in the tree: before an edit of that entry.
    private func settle(_ hash: Int64) throws {
        guard let object = pending.keys.remove(hash) else { return }
        try fileNew(ObjectKey(object), hash: hash)
    }

    /// Files `object` as the one object under `hash`, its key packed straight into the row. Unless `ifAbsent`, the
    /// tree has no entry under `hash`; with it, an entry there is left alone and false returned.
    @discardableResult
    private func fileNew(_ object: ObjectKey, hash: Int64, ifAbsent: Bool = false) throws -> Bool {
        try tree.insert(hash, ifAbsent: ifAbsent) { leaf, index in
            leaf.columns[0].insertPackedKey(object.rawValue, at: index)
        }
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
        // (A read transaction's index has nothing pending: it does not hash the key for the empty map.)
        if let object = pending.keys.object(hash) {
            return try withUnsafeBytes(of: object.littleEndian) { try body($0) }
        }
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
        try settle(hash)
        var keys = try candidates(hash: hash)
        if keys.isEmpty {
            try fileNew(object, hash: hash)
            return
        }
        let position = keys.firstIndex { $0 > object } ?? keys.count
        precondition(position == 0 || keys[position - 1] != object, "object filed twice in an index")
        keys.insert(object, at: position)
        _ = try tree.set(hash, column: 0, to: .bytes(ValueCodec.packKeys(keys)))
    }

    /// Files `object` under `hash` unless another object is filed there already; returns whether it did.
    /// The check takes at most one walk down the index. A hash above every other (an ascending integer key) goes into
    /// the tree at once, as an append; the others wait to be filed until the index is written.
    func addIfAbsent(_ object: ObjectKey, hash: Int64) throws -> Bool {
        // Until one entry waits, a walk down a committed index's right edge finds out whether this one appends; after
        // that only the append cursor answers (an index whose entries wait takes random keys).
        if try tree.isAboveEveryKey(hash, walking: pending.keys.isEmpty) {
            guard pending.keys.object(hash) == nil else { return false }
            return try fileNew(object, hash: hash, ifAbsent: true)
        }
        // One probe of the waiting entries, after the tree (invariant 4: no hash is in both).
        guard try tree.locateRow(hash) == nil else { return false }
        return pending.keys.insertIfAbsent(hash, object.rawValue)
    }

    /// Removes `object` from under `value`.
    func remove(_ object: ObjectKey, for value: Value) throws {
        let hash = ValueCodec.indexHash(value)
        if pending.keys.object(hash) == object.rawValue {
            _ = pending.keys.remove(hash)
            return
        }
        try settle(hash)
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
