// CollectionTree.swift: the elements of a large list, set or dictionary, in a copy-on-write tree of their
// own.
//
// A collection column's cell holds either the collection inline (ValueCodec's list encoding, tag 13, in
// the leaf or in a blob) or, past `inlineLimit` elements, a handle to a tree of its elements:
//
//   tag 15 (committed): u8 15, u64 root ref, u64 element count   (17 bytes, the only form on disk)
//   tag 16 (pending):   u8 16, u64 id                            (9 bytes, only in a write transaction's
//                                                                 dirty leaves; see Table+Collections.swift)
//
// The tree is a ClusterTree with one variable-length column holding each element's tagged encoding
// (ValueCodec; a dictionary entry is the list [key, value]), keyed by *order keys*: ascending Int64s whose order is the list's order. Positions come
// from the subtree counts inner nodes keep, so reading, appending, inserting, replacing or removing one
// element costs O(log n) and a commit rewrites only the nodes on that element's path (a few KiB) instead
// of the whole collection.
//
// Order keys: the first element gets `firstKey`; an append takes the last key plus `gap`; an insertion
// between two elements takes the midpoint of their keys (before the first: half the first key). When two
// neighbours leave no room, every element is renumbered (O(n), rare: it takes ~16 insertions at one
// place between two appends).
//
// Invariants:
//   (1) `count` equals the number of elements in `tree`; a committed handle's count equals its tree's.
//   (2) Order keys are strictly ascending and at least 1.
//   (3) A tree belongs to exactly one cell: a collection copied into another object gets a tree of its own.
//
// State machine of a cell: inline --(grows past inlineLimit / set with more)--> pending --(commit)-->
// committed --(first change in a write)--> pending; any --(set whole, row or column removed)--> its tree
// released (committed nodes go to the transaction's release log).

/// A reference to a collection tree, as a list or set cell holds it.
enum CollectionTreeHandle: Equatable, Sendable {
    /// A committed tree: its root and element count.
    case committed(root: Ref, count: Int)
    /// A tree being changed by the current write transaction (an id in its table's pending trees).
    case pending(id: Int)

    static let committedTag: UInt8 = 15
    static let pendingTag: UInt8 = 16

    /// The handle `bytes` encode, or nil when they are an inline collection.
    init?(_ bytes: [UInt8]) {
        guard let tag = bytes.first else { return nil }
        func word(_ offset: Int) -> UInt64 {
            bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        }
        switch (tag, bytes.count) {
        case (Self.committedTag, 17): self = .committed(root: Ref(word(1)), count: Int(truncatingIfNeeded: word(9)))
        case (Self.pendingTag, 9): self = .pending(id: Int(truncatingIfNeeded: word(1)))
        default: return nil
        }
    }

    /// The cell bytes of this handle.
    var bytes: [UInt8] {
        var writer = ByteWriter(capacity: 17)
        switch self {
        case .committed(let root, let count):
            writer.append(Self.committedTag)
            writer.append(root.offset)
            writer.append(UInt64(count))
        case .pending(let id):
            writer.append(Self.pendingTag)
            writer.append(UInt64(id))
        }
        return writer.take()
    }
}

/// The elements of one list, set or dictionary, in a tree of their own (see the file comment). A set's
/// elements and a dictionary's entries are kept in CollectionOrder's order and found by binary search.
package final class CollectionTree {
    /// Collections of more elements than this are stored as trees; smaller ones inline.
    package static let inlineLimit = 128
    /// The leaf layout: one variable-length column of tagged element encodings.
    static let layout = LeafLayout(
        columnKeys: [ColumnKey(0)],
        physical: [PhysicalLayout(kind: .variable, nullable: false)]
    )
    static let firstKey: Int64 = 1 << 40
    static let gap: Int64 = 1 << 16

    let tree: ClusterTree
    /// Elements in the collection.
    private(set) var count: Int
    /// The largest order key, once known.
    private var lastKey: Int64?

    /// A committed tree of `count` elements.
    init(root: Ref, count: Int, context: TreeContext) {
        tree = ClusterTree(root: root, layout: Self.layout, context: context)
        self.count = count
    }

    /// A new tree holding `elements`.
    init(elements: [Value], context: TreeContext) throws {
        tree = ClusterTree(root: .none, layout: Self.layout, context: context)
        count = 0
        try append(elements)
    }

    // MARK: Reading

    /// Every element, in order.
    func elements() throws -> [Value] {
        var result: [Value] = []
        result.reserveCapacity(min(count, 1 << 20))
        try tree.forEachLeaf { leaf in
            for row in 0..<leaf.count { result.append(try Self.decode(try tree.cell(in: leaf, row: row, column: 0))) }
            return true
        }
        guard result.count == count else {
            throw StorageError.corrupt("a collection tree holds \(result.count) elements, its handle says \(count)")
        }
        return result
    }

    /// The element at `index`.
    func element(at index: Int) throws -> Value {
        precondition(index >= 0 && index < count, "index \(index) out of 0..<\(count)")
        let key = try tree.key(atPosition: index)
        guard let cell = try tree.cell(key, column: 0) else { throw StorageError.corrupt("order key \(key) vanished") }
        return try Self.decode(cell)
    }

    private static func decode(_ cell: Cell) throws -> Value {
        guard case .bytes(let bytes) = cell else { throw StorageError.corrupt("a collection element is not bytes") }
        return try ValueCodec.decode(bytes)
    }

    private static func cell(_ value: Value) -> Cell { .bytes(ValueCodec.encode(value)) }

    // MARK: Writing

    /// Appends `values` at the end.
    func append(_ values: [Value]) throws {
        guard !values.isEmpty else { return }
        var key: Int64
        if let lastKey {
            key = lastKey
        } else if count > 0 {
            key = try tree.key(atPosition: count - 1)
        } else {
            key = Self.firstKey - Self.gap
        }
        for value in values {
            let (next, overflow) = key.addingReportingOverflow(Self.gap)
            if overflow {
                try renumber()
                key = try tree.key(atPosition: count - 1)
                key += Self.gap
            } else {
                key = next
            }
            try tree.insert(key, cells: [Self.cell(value)])
            count += 1
        }
        lastKey = key
    }

    /// Inserts `value` before the element at `index` (at the end when `index == count`).
    func insert(_ value: Value, at index: Int) throws {
        precondition(index >= 0 && index <= count, "index \(index) out of 0...\(count)")
        if index == count { return try append([value]) }
        for _ in 0..<2 {
            let after = try tree.key(atPosition: index)
            let before = index == 0 ? 0 : try tree.key(atPosition: index - 1)
            if after - before >= 2 {
                try tree.insert(before + (after - before) / 2, cells: [Self.cell(value)])
                count += 1
                return
            }
            try renumber()
        }
        throw StorageError.corrupt("no room between order keys after renumbering")
    }

    /// Replaces the element at `index`.
    func set(_ value: Value, at index: Int) throws {
        precondition(index >= 0 && index < count, "index \(index) out of 0..<\(count)")
        guard try tree.set(try tree.key(atPosition: index), column: 0, to: Self.cell(value)) else {
            throw StorageError.corrupt("a collection tree lost the element at \(index)")
        }
    }

    /// Removes the element at `index`.
    func remove(at index: Int) throws {
        precondition(index >= 0 && index < count, "index \(index) out of 0..<\(count)")
        let key = try tree.key(atPosition: index)
        guard try tree.remove(key) else { throw StorageError.corrupt("a collection tree lost order key \(key)") }
        count -= 1
        if key == lastKey { lastKey = nil }
    }

    /// Releases every committed node of the tree (its cell no longer refers to it).
    func releaseAll() throws {
        try tree.removeAll()
        count = 0
        lastKey = nil
    }

    /// Writes the dirty nodes; returns the committed handle.
    func write(to sink: any NodeSink) throws -> CollectionTreeHandle {
        .committed(root: try tree.write(to: sink), count: count)
    }

    /// Gives every element a fresh order key, `gap` apart.
    private func renumber() throws {
        let values = try elements()
        try tree.removeAll()
        count = 0
        lastKey = nil
        try append(values)
    }
}
