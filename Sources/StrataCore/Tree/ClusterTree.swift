// ClusterTree.swift: a copy-on-write B+tree of objects keyed by 64-bit keys, with columnar leaves.
//
// Shape: inner nodes (InnerNode.swift) over leaves of up to `maxLeafCount` objects (ClusterLeaf.swift).
// A tree reads committed nodes straight from the mapping; the first write to a node on a path decodes
// it into a dirty in-memory node (its extent goes to the context's release log) and the commit writes
// every dirty node bottom-up (`write(to:)`).
//
// Invariants (checked by `verify` and `checkInvariants()`):
//   (1) Keys are strictly ascending across the leaves, left to right.
//   (2) Every leaf is at the same depth; no node but the root is empty; an inner root has >= 2 children.
//   (3) Child i of an inner node holds keys in [key[i], key[i + 1]); counts[i] is its number of objects.
//   (4) A committed node is never modified; a dirty node is referenced by exactly one parent.

/// A leaf as reads see it: committed (zero-copy) or dirty (in memory).
enum LeafAccess {
    case clean(ClusterLeafView)
    case dirty(ClusterLeaf)

    /// Rows in the leaf.
    var count: Int {
        switch self {
        case .clean(let view): return view.count
        case .dirty(let leaf): return leaf.count
        }
    }

    /// The key at `index`.
    func key(at index: Int) -> Int64 {
        switch self {
        case .clean(let view): return view.key(at: index)
        case .dirty(let leaf): return leaf.keys[index]
        }
    }
}

/// A leaf as a column scan sees it (``ClusterTree/forEachLeafDirectory(_:)``).
enum ScannedLeaf {
    case clean(LeafDirectory)
    case dirty(ClusterLeaf)
}

/// The rightmost path of a tree whose nodes are all dirty.
struct AppendCursor {
    var leaf: ClusterLeaf
    var path: [InnerNode]

    /// The rightmost leaf's last key (nil for an empty leaf), read in place.
    var lastKey: Int64? { leaf.keys.last }

    /// Counts one more row on every inner node of the path, in place (no copy of the path or its nodes).
    func countAppendedRow() {
        path.withUnsafeBufferPointer { nodes in
            for index in nodes.indices {
                // Guaranteed: `path` holds every node strongly for the whole loop (the cursor is not changed in it),
                // so the node needs no reference counted of its own here.
                Unmanaged.passUnretained(nodes[index])._withUnsafeGuaranteedRef { node in
                    node.counts[node.counts.count - 1] += 1
                }
            }
        }
    }

    /// Appends `key` to the rightmost leaf, its row filled in by `fill(leaf, row)`, when the key is above the leaf's
    /// last and the leaf holds fewer than `limit` rows; false, changing nothing, otherwise. Mutating only so that the
    /// caller's `appendCursor?.append(…)` reaches the cursor in place: a copy would retain its leaf and path.
    mutating func append(_ key: Int64, limit: Int, fill: (ClusterLeaf, Int) -> Void) -> Bool {
        guard let last = leaf.keys.last, key > last, leaf.count < limit else { return false }
        leaf.keys.append(key)
        fill(leaf, leaf.count - 1)
        countAppendedRow()
        return true
    }
}

/// A leaf and the range of keys it holds (see `ClusterTree.leafCursor`). A class: every lookup reads it, and
/// a reference is cheaper to take than a copy of a committed leaf's view.
final class LeafCursor {
    let leaf: LeafAccess
    let low: Int64
    let high: Int64
    /// The row the last lookup through this cursor found: lookups in key order find the next one there.
    // Unchecked: an `Int` only read and assigned whole by the lookup that owns the cursor (its tree belongs to one
    // transaction, used by one thread at a time), never passed `inout`, so no two accesses can overlap.
    @exclusivity(unchecked) var lastRow: Int

    /// Nil for an empty leaf, which covers nothing. `lastRow` is the row just found in it, if any.
    init?(_ leaf: LeafAccess, lastRow: Int = -1) {
        guard leaf.count > 0 else { return nil }
        self.leaf = leaf
        self.lastRow = lastRow
        low = leaf.key(at: 0)
        high = leaf.key(at: leaf.count - 1)
    }

    func covers(_ key: Int64) -> Bool { key >= low && key <= high }
}

/// A B+tree of objects (a table's clusters) or of index entries.
final class ClusterTree {
    /// Most objects in one leaf.
    static let maxLeafCount = 256
    /// Most children of one inner node.
    static let maxInnerCount = 128

    // Storage marked @exclusivity(unchecked) is never reached while an inout access to it is under way; the
    // run-time checks it skips are explained in Benchmarks/NOTES.md ("Exclusivity checks").
    @exclusivity(unchecked) private(set) var root: TreeNode?
    @exclusivity(unchecked) private(set) var layout: LeafLayout
    /// Counts layout changes: what was derived from one layout holds while this stays the same.
    @exclusivity(unchecked) private(set) var layoutVersion = 0
    let context: TreeContext
    /// The rightmost dirty leaf and the inner nodes above it, while every node on that path is dirty:
    /// lets ascending inserts (the usual case: new object keys grow) skip the descent.
    @exclusivity(unchecked) var appendCursor: AppendCursor?
    /// The leaf the last lookup or update landed in and its lowest and highest keys: a key in that range is
    /// in that leaf or nowhere, so lookups in key order (iterations, updates of every object) skip the
    /// descent. Every mutation but `update` (which changes no shape and replaces the cursor with the dirty
    /// leaf it edits) clears it.
    @exclusivity(unchecked) var leafCursor: LeafCursor?
    /// Counts changes of shape (rows inserted, removed or moved, leaves copied for writing, layouts
    /// changed): a row location handed out at one count is still good while the count stays the same.
    @exclusivity(unchecked) private(set) var shapeVersion = 0
    /// The flat list of leaves, for a committed tree in a read-only transaction (see `leafIndexForLookup`).
    @exclusivity(unchecked) private var leafIndex: LeafIndex?
    /// Descents made so far without a leaf index.
    @exclusivity(unchecked) private var descents = 0
    /// Committed leaves rows were located in, with their blocks parsed (see CleanLeafColumns.swift).
    @exclusivity(unchecked) private var cleanLeaves: [Ref: CleanLeafColumns] = [:]
    /// Most entries of `cleanLeaves` (a few hundred bytes each); past it the cache starts over.
    static let cleanLeafLimit = 4096

    init(root: Ref, layout: LeafLayout, context: TreeContext) {
        self.root = root.isNone ? nil : .clean(root)
        self.layout = layout
        self.context = context
        reader = context.reader
    }

    /// The context's reader (kept here: reading it through the context costs a retain per node).
    let reader: NodeReader

    /// Whether any node of the tree is dirty.
    var isDirty: Bool {
        if case .clean = root { return false }
        return root != nil || rootWasCleared
    }

    private var rootWasCleared = false

    // MARK: Reading

    /// Objects in the tree.
    func count() throws -> Int {
        guard let root else { return 0 }
        return try count(of: root)
    }

    func count(of node: TreeNode) throws -> Int {
        switch node {
        case .leaf(let leaf): return leaf.count
        case .inner(let inner): return inner.counts.reduce(0, +)
        case .clean(let ref):
            let view = try reader.treeNode(ref)
            if view.kind == .leaf { return try LeafDirectory(view).count }
            return try InnerNodeView(view).totalCount
        }
    }

    /// Deeper than this, a tree must have a cycle (a damaged file): 128^12 objects would not fit a disk.
    static let maximumDepth = 12

    /// Descents after which a read-only tree builds its leaf index (LeafIndex.swift): a few lookups are cheaper
    /// without it.
    static let leafIndexThreshold = 16

    /// The leaf index of a committed tree in a read-only transaction, once enough descents asked for it.
    private func leafIndexForLookup() throws -> LeafIndex? {
        if let leafIndex { return leafIndex }
        guard !context.writable, case .clean(let ref) = root else { return nil }
        descents += 1
        guard descents >= Self.leafIndexThreshold else { return nil }
        let index = try LeafIndex(root: ref, reader: reader, columnCount: layout.columnKeys.count)
        leafIndex = index
        return index
    }

    /// The committed leaf holding `key` and its row, found through the leaf index.
    private func indexedRow(_ key: Int64, in leafIndex: LeafIndex) throws -> (leaf: CleanLeafColumns, row: Int)? {
        let leaf = try leafIndex.leaf(for: key)
        return leaf.view.find(key).map { (leaf, $0) }
    }

    /// Where object `key`'s row is (a committed leaf with its parsed columns, or a dirty leaf), or nil.
    func locateRow(_ key: Int64) throws -> RowLocation? {
        if let leafIndex {
            return try indexedRow(key, in: leafIndex).map {
                RowLocation(leaf: .clean($0.leaf), row: $0.row, shapeVersion: shapeVersion)
            }
        }
        guard let (leaf, row) = try locate(key) else { return nil }
        switch leaf {
        case .clean(let view): return RowLocation(leaf: .clean(columns(of: view)), row: row, shapeVersion: shapeVersion)
        case .dirty(let leaf): return RowLocation(leaf: .dirty(leaf), row: row, shapeVersion: shapeVersion)
        }
    }

    /// The leaf holding `key` and the row's index in it.
    func locate(_ key: Int64) throws -> (LeafAccess, Int)? {
        if let leafIndex { return try indexedRow(key, in: leafIndex).map { (.clean($0.leaf.view), $0.row) } }
        if let cursor = leafCursor, cursor.covers(key) {
            // A walk in key order asks for the row after the last one found: no search then.
            let next = cursor.lastRow + 1
            if next < cursor.leaf.count, cursor.leaf.key(at: next) == key {
                cursor.lastRow = next
                return (cursor.leaf, next)
            }
            let found: Int?
            switch cursor.leaf {
            case .dirty(let leaf):
                let index = leaf.lowerBound(key)
                found = index < leaf.count && leaf.keys[index] == key ? index : nil
            case .clean(let view):
                found = view.find(key)
            }
            guard let found else { return nil }
            cursor.lastRow = found
            return (cursor.leaf, found)
        }
        // Above the rightmost leaf's last key (the next object key, a new ascending primary key): nowhere.
        if let last = appendCursor?.lastKey, key > last { return nil }
        if let leafIndex = try leafIndexForLookup() {
            return try indexedRow(key, in: leafIndex).map { (.clean($0.leaf.view), $0.row) }
        }
        guard var node = root else { return nil }
        for _ in 0...Self.maximumDepth {
            switch node {
            case .leaf(let leaf):
                let index = leaf.lowerBound(key)
                let found = index < leaf.count && leaf.keys[index] == key
                leafCursor = LeafCursor(.dirty(leaf), lastRow: found ? index : -1)
                return found ? (.dirty(leaf), index) : nil
            case .inner(let inner):
                node = inner.children[inner.childIndex(for: key)]
            case .clean(let ref):
                let view = try reader.treeNode(ref)
                if view.kind == .leaf {
                    let leaf = try ClusterLeafView(view)
                    let row = leaf.find(key)
                    leafCursor = LeafCursor(.clean(leaf), lastRow: row ?? -1)
                    return row.map { (.clean(leaf), $0) }
                }
                let inner = try InnerNodeView(view)
                let child = inner.child(at: inner.childIndex(for: key))
                node = .clean(child)
            }
        }
        throw StorageError.corrupt("a cluster tree is deeper than \(Self.maximumDepth) levels (a cycle)")
    }

    /// Whether an object with `key` exists.
    func contains(_ key: Int64) throws -> Bool { try locate(key) != nil }

    /// The cell of column `column` (an index into the layout) in row `row` of `leaf`.
    func cell(in leaf: LeafAccess, row: Int, column: Int) throws -> Cell {
        switch leaf {
        case .dirty(let leaf): return try leaf.columns[column].cell(at: row, reader: reader)
        case .clean(let view):
            guard let block = try view.block(column, of: layout) else {
                return Cell.defaultValue(for: layout.physical[column])
            }
            return try cell(in: block, row: row, column: column)
        }
    }

    /// The cell of row `row` in `block`, the checked block of column `column` (an index into the layout).
    func cell(in block: ColumnBlock, row: Int, column: Int) throws -> Cell {
        let cell = try block.cell(row, reader: reader)
        if cell == .null && !layout.physical[column].nullable {
            return Cell.defaultValue(for: layout.physical[column])
        }
        return cell
    }

    /// The committed leaf `view` with its blocks parsed once for every row read from it.
    func columns(of view: ClusterLeafView) -> CleanLeafColumns {
        if let cached = cleanLeaves[view.node.ref] { return cached }
        if cleanLeaves.count >= Self.cleanLeafLimit { cleanLeaves.removeAll(keepingCapacity: true) }
        let columns = CleanLeafColumns(view: view, columnCount: layout.columnKeys.count)
        cleanLeaves[view.node.ref] = columns
        return columns
    }

    /// The cell of `column` for the object `key`, or nil if there is no such object.
    func cell(_ key: Int64, column: Int) throws -> Cell? {
        guard let (leaf, row) = try locate(key) else { return nil }
        return try cell(in: leaf, row: row, column: column)
    }

    /// Calls `body` with each leaf, in key order, until it returns false.
    func forEachLeaf(_ body: (LeafAccess) throws -> Bool) throws {
        guard let root else { return }
        _ = try visit(root, depth: 0) { leaf in
            switch leaf {
            case .clean(let node): return try body(.clean(ClusterLeafView(node)))
            case .dirty(let leaf): return try body(.dirty(leaf))
            }
        }
    }

    /// Calls `body` with each leaf as a column scan needs it (a committed leaf's directory, without its keys,
    /// or a dirty leaf), in key order, until it returns false.
    func forEachLeafDirectory(_ body: (ScannedLeaf) throws -> Bool) throws {
        guard let root else { return }
        _ = try visit(root, depth: 0) { leaf in
            switch leaf {
            case .clean(let node): return try body(.clean(LeafDirectory(node)))
            case .dirty(let leaf): return try body(.dirty(leaf))
            }
        }
    }

    /// A leaf as `visit` finds it.
    private enum VisitedLeaf {
        case clean(NodeView)
        case dirty(ClusterLeaf)
    }

    private func visit(_ node: TreeNode, depth: Int, _ body: (VisitedLeaf) throws -> Bool) throws -> Bool {
        guard depth <= Self.maximumDepth else {
            throw StorageError.corrupt("a cluster tree is deeper than \(Self.maximumDepth) levels (a cycle)")
        }
        switch node {
        case .leaf(let leaf): return try body(.dirty(leaf))
        case .inner(let inner):
            for child in inner.children where try !visit(child, depth: depth + 1, body) { return false }
            return true
        case .clean(let ref):
            let view = try reader.treeNode(ref)
            if view.kind == .leaf { return try body(.clean(view)) }
            let inner = try InnerNodeView(view)
            for index in 0..<inner.count where try !visit(.clean(inner.child(at: index)), depth: depth + 1, body) {
                return false
            }
            return true
        }
    }

    /// Every key, ascending.
    func allKeys() throws -> [Int64] {
        var keys: [Int64] = []
        try forEachLeaf { leaf in
            for index in 0..<leaf.count { keys.append(leaf.key(at: index)) }
            return true
        }
        return keys
    }

    /// Up to `limit` keys above `after` (from the first when nil), ascending: a piece of a walk through the
    /// tree that keeps no list of every key.
    func keys(after: Int64?, limit: Int) throws -> [Int64] {
        precondition(limit > 0)
        var keys: [Int64] = []
        keys.reserveCapacity(limit)
        if after == .max { return keys }
        let start = after.map { $0 + 1 }
        // Collects from `node` (the subtree holding `start`, then those after it); false once `keys` is full.
        func collect(_ node: TreeNode, depth: Int) throws -> Bool {
            guard depth <= Self.maximumDepth else {
                throw StorageError.corrupt("a cluster tree is deeper than \(Self.maximumDepth) levels (a cycle)")
            }
            switch node {
            case .leaf(let leaf):
                return take(.dirty(leaf), from: start.map { leaf.lowerBound($0) } ?? 0)
            case .inner(let inner):
                let first = start.map { inner.childIndex(for: $0) } ?? 0
                for child in inner.children[first...] where try !collect(child, depth: depth + 1) { return false }
                return true
            case .clean(let ref):
                let view = try reader.treeNode(ref)
                if view.kind == .leaf {
                    let leaf = try ClusterLeafView(view)
                    return take(.clean(leaf), from: start.map { leaf.lowerBound($0) } ?? 0)
                }
                let inner = try InnerNodeView(view)
                let first = start.map { inner.childIndex(for: $0) } ?? 0
                for index in first..<inner.count where try !collect(.clean(inner.child(at: index)), depth: depth + 1) {
                    return false
                }
                return true
            }
        }
        func take(_ leaf: LeafAccess, from index: Int) -> Bool {
            for row in index..<max(index, leaf.count) {
                guard keys.count < limit else { return false }
                keys.append(leaf.key(at: row))
            }
            return keys.count < limit
        }
        if let root { _ = try collect(root, depth: 0) }
        return keys
    }

    /// The key of the object at `position` in key order.
    func key(atPosition position: Int) throws -> Int64 {
        guard var node = root else { preconditionFailure("position \(position) in an empty tree") }
        var remaining = position
        for _ in 0...Self.maximumDepth {
            switch node {
            case .leaf(let leaf):
                guard remaining < leaf.count else { throw StorageError.corrupt("a leaf is shorter than its count") }
                return leaf.keys[remaining]
            case .inner(let inner):
                var index = 0
                while remaining >= inner.counts[index] {
                    guard index + 1 < inner.counts.count else {
                        throw StorageError.corrupt("inner node counts are wrong")
                    }
                    remaining -= inner.counts[index]
                    index += 1
                }
                node = inner.children[index]
            case .clean(let ref):
                let view = try reader.treeNode(ref)
                if view.kind == .leaf {
                    let leaf = try ClusterLeafView(view)
                    guard remaining < leaf.count else {
                        throw StorageError.corrupt("leaf \(ref) is shorter than its count")
                    }
                    return leaf.key(at: remaining)
                }
                let inner = try InnerNodeView(view)
                var index = 0
                while index < inner.count && remaining >= inner.childCount(at: index) {
                    remaining -= inner.childCount(at: index)
                    index += 1
                }
                guard index < inner.count else { throw StorageError.corrupt("inner node \(ref) counts are wrong") }
                node = .clean(inner.child(at: index))
            }
        }
        throw StorageError.corrupt("a cluster tree is deeper than \(Self.maximumDepth) levels (a cycle)")
    }

    // MARK: Writing at commit

    /// Writes every dirty node to `sink`, children first; returns the new root ref (`.none` if empty).
    func write(to sink: any NodeSink) throws -> Ref {
        guard let root else { return .none }
        let ref = try write(root, to: sink)
        return ref
    }

    private func write(_ node: TreeNode, to sink: any NodeSink) throws -> Ref {
        switch node {
        case .clean(let ref): return ref
        case .leaf(let leaf): return try sink.write(leaf.encode(layout: layout, sink: sink))
        case .inner(let inner):
            let refs = try inner.children.map { try write($0, to: sink) }
            return try sink.write(inner.encode(refs: refs, scheme: sink.checksum))
        }
    }

    // MARK: Shared by the mutation extensions

    /// Replaces the root (mutation extensions only).
    func setRoot(_ node: TreeNode?) {
        if node == nil { rootWasCleared = true }
        root = node
        appendCursor = nil
        shapeChanged()
        leafIndex = nil
    }

    /// Forgets what a change of shape makes stale: the leaf cursor and every row location handed out.
    func shapeChanged() {
        leafCursor = nil
        shapeVersion &+= 1
    }

    /// Changes the layout (mutation extensions only).
    func setLayout(_ layout: LeafLayout) {
        shapeChanged()
        self.layout = layout
        layoutVersion += 1
        cleanLeaves.removeAll()
        leafIndex = nil
    }
}
