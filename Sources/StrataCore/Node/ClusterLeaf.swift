// ClusterLeaf.swift: a cluster of objects, column by column: the leaves of a cluster tree.
//
// Format of a LEAF node, after the node header:
//   u32 count, u32 columnCount
//   directory: (columnCount + 1) entries { u32 columnKey, u32 byteOffset }; entry 0 is the object keys
//              (columnKey 0xFFFF_FFFF), the others one per column in the table's order when written
//   padding to 8, then the blocks (ColumnBlock.swift) at the offsets given
//
// A column added to the table after a leaf was written has no block there: its rows read as the
// column's default. A removed column's block is ignored and dropped when the leaf is next rewritten.
//
// Invariants:
//   (1) Keys are strictly ascending; every block has `count` rows.
//   (2) The in-memory `ClusterLeaf` has exactly one storage per column of its layout, in order.
//   (3) A `ClusterLeaf`'s `committedKeys`, while set, is the stored key block of the leaf it was decoded from, lying
//       in its node in the mapping of the version the write transaction started from (which stays mapped for the
//       transaction's life, as `CommittedColumn`'s blocks do), and `keys` are still exactly the keys it holds: any
//       change to `keys` clears it.

/// Which columns a leaf holds and how each is stored.
struct LeafLayout: Equatable, Sendable {
    var columnKeys: [ColumnKey]
    var physical: [PhysicalLayout]

    init(columnKeys: [ColumnKey], physical: [PhysicalLayout]) {
        precondition(columnKeys.count == physical.count)
        self.columnKeys = columnKeys
        self.physical = physical
    }

    /// The layout of index trees: one variable column of packed object keys.
    static let index = LeafLayout(
        columnKeys: [ColumnKey(0)],
        physical: [PhysicalLayout(kind: .variable, nullable: false)]
    )
}

/// A zero-copy view of a LEAF node's header and directory: its row count and its column blocks, without
/// its keys (all a scan of a column needs).
struct LeafDirectory {
    let node: NodeView
    let count: Int
    private let columnCount: Int

    init(_ node: NodeView) throws {
        precondition(node.kind == .leaf)
        var reader = node.reader()
        count = Int(try reader.read(UInt32.self))
        columnCount = Int(try reader.read(UInt32.self))
        guard columnCount < 1 << 16, (columnCount + 1) * 8 <= reader.remaining else {
            throw StorageError.corrupt("leaf \(node.ref) claims \(columnCount) columns")
        }
        self.node = node
    }

    private static let directoryStart = NodeHeader.size + 8

    /// Where the key block starts.
    var keyOffset: Int {
        Int(UInt32(littleEndian: node.bytes.loadUnaligned(fromByteOffset: Self.directoryStart + 4, as: UInt32.self)))
    }

    /// The block of column `column`, or nil if this leaf was written before the column existed.
    func block(_ column: ColumnKey) throws -> ColumnBlock? {
        for entry in 1...max(columnCount, 1) where entry <= columnCount {
            let position = Self.directoryStart + entry * 8
            let key = UInt32(littleEndian: node.bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self))
            if key == column.rawValue {
                let offset = Int(
                    UInt32(littleEndian: node.bytes.loadUnaligned(fromByteOffset: position + 4, as: UInt32.self))
                )
                return try ColumnBlock(node: node, start: offset, count: count)
            }
        }
        return nil
    }

    /// The block of the column at `position` of `layout`, checked to be stored as the layout says; nil if this
    /// leaf was written before the column existed.
    func block(_ position: Int, of layout: LeafLayout) throws -> ColumnBlock? {
        guard let block = try block(layout.columnKeys[position]) else { return nil }
        guard block.kind == layout.physical[position].kind else {
            throw StorageError.corrupt("leaf \(node.ref) stores column \(layout.columnKeys[position]) as \(block.kind)")
        }
        return block
    }

    /// Every column key with a block in this leaf.
    var columnKeys: [ColumnKey] {
        guard columnCount > 0 else { return [] }
        return (1...columnCount).map { entry in
            let position = Self.directoryStart + entry * 8
            return ColumnKey(UInt32(littleEndian: node.bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self)))
        }
    }
}

/// A zero-copy view of a LEAF node: its directory and its keys.
struct ClusterLeafView {
    let directory: LeafDirectory
    /// The keys (only their packing is kept: views are copied often, and a whole block is large).
    private let keys: PackedIntegers

    init(_ node: NodeView) throws {
        directory = try LeafDirectory(node)
        let block = try ColumnBlock(node: node, start: directory.keyOffset, count: directory.count)
        guard block.kind == .integer, block.nulls == nil else {
            throw StorageError.corrupt("leaf \(node.ref) has a malformed key column")
        }
        keys = block.packedIntegers
    }

    /// The stored bytes of the key block (checked to lie in the node when the view was made), for a leaf decoded
    /// with its keys unchanged: a copy of them placed 8-aligned is the same block.
    func keyBlockBytes() throws -> UnsafeRawBufferPointer? {
        let node = directory.node
        let encoded = try ColumnBlock(node: node, start: directory.keyOffset, count: directory.count).encoded
        guard let nodeStart = node.bytes.baseAddress, let start = encoded.baseAddress,
            start >= nodeStart, start + encoded.count <= nodeStart + node.bytes.count
        else { return nil }
        return encoded
    }

    var node: NodeView { directory.node }
    var count: Int { directory.count }

    /// The object key at `index`.
    @inline(__always)
    func key(at index: Int) -> Int64 { keys[index] }

    /// Every key, in order.
    func allKeys() -> [Int64] { keys.integers(count: count) }

    /// Appends every key to `keys`.
    func appendKeys(to keys: inout [ObjectKey]) { self.keys.appendKeys(count: count, to: &keys) }

    /// The first index whose key is >= `key`.
    func lowerBound(_ key: Int64) -> Int { keys.lowerBound(ofStrictlyAscending: key, count: count) }

    /// The index of `key`, if present.
    func find(_ key: Int64) -> Int? {
        let index = lowerBound(key)
        return index < count && keys[index] == key ? index : nil
    }

    /// The block of column `column`, or nil if this leaf was written before the column existed.
    func block(_ column: ColumnKey) throws -> ColumnBlock? { try directory.block(column) }

    /// See ``LeafDirectory/block(_:of:)``.
    func block(_ position: Int, of layout: LeafLayout) throws -> ColumnBlock? {
        try directory.block(position, of: layout)
    }

    /// Every column key with a block in this leaf.
    var columnKeys: [ColumnKey] { directory.columnKeys }
}

/// A leaf being written, decoded into mutable columns.
final class ClusterLeaf {
    // Storage marked @exclusivity(unchecked) is never reached while an inout access to it is under way; the
    // run-time checks it skips are explained in Benchmarks/NOTES.md ("Exclusivity checks").
    @exclusivity(unchecked) var keys: [Int64] {
        // Not `oldValue`: an edit stays in place.
        didSet { committedKeys = nil }
    }
    @exclusivity(unchecked) var columns: [any ColumnStorage]
    /// The stored key block while `keys` are still the ones it holds (invariant 3): the commit copies it instead of
    /// packing the keys again.
    @exclusivity(unchecked) private var committedKeys: UnsafeRawBufferPointer?

    init(layout: LeafLayout) {
        keys = []
        columns = layout.physical.map(makeColumnStorage)
    }

    private init(keys: [Int64], columns: [any ColumnStorage]) {
        self.keys = keys
        self.columns = columns
    }

    var count: Int { keys.count }

    /// Decodes a leaf for writing. Blobs of columns no longer in `layout` are appended to `released`.
    static func decode(_ view: ClusterLeafView, layout: LeafLayout, released: inout [BlobRef]) throws
        -> ClusterLeaf
    {
        let keys = view.allKeys()
        var columns: [any ColumnStorage] = []
        for (columnKey, physical) in zip(layout.columnKeys, layout.physical) {
            if let block = try view.block(columnKey) {
                // Kept as stored until a write reaches it (most writes to a leaf change one column).
                columns.append(
                    try CommittedColumn(block, of: view.node, layout: physical)
                        ?? decodeColumnStorage(block, layout: physical)
                )
            } else {
                let storage = makeColumnStorage(physical)
                let fill = Cell.defaultValue(for: physical)
                for index in 0..<view.count { storage.insert(fill, at: index) }
                columns.append(storage)
            }
        }
        for columnKey in view.columnKeys where !layout.columnKeys.contains(columnKey) {
            if let block = try view.block(columnKey) { released += try block.blobRefs() }
        }
        let leaf = ClusterLeaf(keys: keys, columns: columns)
        leaf.committedKeys = try view.keyBlockBytes()
        return leaf
    }

    /// The first index whose key is >= `key`.
    func lowerBound(_ key: Int64) -> Int {
        // Consecutive keys (a leaf never deleted from) give the index by subtraction.
        if let first = keys.first, key > first,
            let index = consecutiveLowerBound(of: key, first: first, last: keys[keys.count - 1], count: keys.count)
        {
            return index
        }
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) >> 1
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Moves the rows from `index` on into a new leaf.
    func split(from index: Int) -> ClusterLeaf {
        let tail = ClusterLeaf(keys: Array(keys[index...]), columns: columns.map { $0.split(from: index) })
        keys.removeSubrange(index...)
        return tail
    }

    /// Appends all rows of `other`, which must have larger keys.
    func absorb(_ other: ClusterLeaf) {
        precondition(other.keys.first.map { key in keys.last.map { $0 < key } ?? true } ?? true)
        keys.append(contentsOf: other.keys)
        for (column, source) in zip(columns, other.columns) { column.absorb(source) }
        other.keys = []
    }

    /// Encodes a LEAF node, writing long values to `sink`.
    func encode(layout: LeafLayout, sink: any NodeSink) throws -> [UInt8] {
        precondition(columns.count == layout.columnKeys.count)
        var writer = ByteWriter(capacity: 64 + keys.count * (8 + 12 * columns.count))
        writer.appendZeros(NodeHeader.size)
        writer.append(UInt32(keys.count))
        writer.append(UInt32(columns.count))
        let directory = writer.count
        writer.appendZeros((columns.count + 1) * 8)
        writer.alignTo8()
        writer.patch(UInt32.max, at: directory)
        writer.patch(UInt32(writer.count), at: directory + 4)
        if let committedKeys {
            writer.append(raw: committedKeys)
        } else {
            try IntegerColumn.encode(keys, nulls: nil, into: &writer)
        }
        for (position, column) in columns.enumerated() {
            writer.alignTo8()
            let entry = directory + (position + 1) * 8
            writer.patch(layout.columnKeys[position].rawValue, at: entry)
            writer.patch(UInt32(writer.count), at: entry + 4)
            try column.encode(into: &writer, sink: sink)
        }
        var bytes = writer.take()
        NodeHeader.seal(&bytes, kind: .leaf, scheme: sink.checksum)
        return bytes
    }
}
