// ClusterTree+Mutation.swift: copy-on-write insertion, update, deletion and layout changes.
//
// Every mutation walks from the root, turning each committed node on its path into a dirty copy
// (`makeDirty`, which records the committed extent as released) and then edits the copies.
// Splits: a full leaf splits in half, except when the new key is the largest (an append) or lands among the last
// `tailSplitRows` keys, where the new key starts the new leaf so that ascending inserts fill leaves completely.
// Deletion: an emptied child is removed; an underfull child (below a quarter) merges with a neighbour
// when the two fit in one node; a root inner node with one child is replaced by that child.

extension ClusterTree {
    /// Returns `node` as a dirty node, decoding it if it is committed.
    func makeDirty(_ node: TreeNode) throws -> TreeNode {
        guard case .clean(let ref) = node else { return node }
        let view = try reader.treeNode(ref)
        context.release(view)
        if view.kind == .inner { return .inner(InnerNode(try InnerNodeView(view))) }
        var dropped: [BlobRef] = []
        let leaf = try ClusterLeaf.decode(try ClusterLeafView(view), layout: layout, released: &dropped)
        for blob in dropped { context.release(blob) }
        return .leaf(leaf)
    }

    /// Inserts a new object; `cells` follow the layout. The key must not exist yet.
    func insert(_ key: Int64, cells: [Cell]) throws {
        precondition(cells.count == layout.physical.count)
        try insert(key) { leaf, index in
            for (column, cell) in zip(leaf.columns, cells) { column.insert(cell, at: index) }
        }
    }

    /// Inserts a key whose row is filled in by `fill(leaf, index)`.
    func insert(_ key: Int64, fill: (ClusterLeaf, Int) -> Void) throws {
        let inserted = try insert(key, ifAbsent: false, fill: fill)
        assert(inserted)
    }

    /// Whether `key` is above every key of the tree. Without `walking`, only what is known without a walk: the tree
    /// is empty, or its rightmost path is dirty (the append cursor) and ends below `key` (false says nothing then);
    /// with it, a committed rightmost path is read down to its last leaf.
    func isAboveEveryKey(_ key: Int64, walking: Bool) throws -> Bool {
        guard var node = root else { return true }
        if let last = appendCursor?.lastKey { return key > last }
        guard walking else { return false }
        for _ in 0...Self.maximumDepth {
            switch node {
            case .leaf(let leaf): return leaf.keys.last.map { key > $0 } ?? true
            case .inner(let inner):
                guard let last = inner.children.last else { return true }
                node = last
            case .clean(let ref):
                let view = try reader.treeNode(ref)
                if view.kind == .leaf {
                    let leaf = try ClusterLeafView(view)
                    return leaf.count == 0 || key > leaf.key(at: leaf.count - 1)
                }
                let inner = try InnerNodeView(view)
                guard inner.count > 0 else { return true }
                node = .clean(inner.child(at: inner.count - 1))
            }
        }
        throw StorageError.corrupt("a cluster tree is deeper than \(Self.maximumDepth) levels (a cycle)")
    }

    /// Inserts `key`, its row filled in by `fill(leaf, index)`: one walk down the tree. When `ifAbsent`, a key already
    /// present is left alone (the path to it may be left copied, unchanged) and false is returned; otherwise it stops.
    func insert(_ key: Int64, ifAbsent: Bool, fill: (ClusterLeaf, Int) -> Void) throws -> Bool {
        shapeChanged()
        // Fast path: a key above every other key goes straight into the rightmost leaf.
        if appendCursor?.append(key, limit: Self.maxLeafCount, fill: fill) == true { return true }
        guard let root else {
            let leaf = ClusterLeaf(layout: layout)
            leaf.keys.append(key)
            fill(leaf, 0)
            setRoot(.leaf(leaf))
            appendCursor = AppendCursor(leaf: leaf, path: [])
            return true
        }
        var outcome = InsertOutcome()
        let (node, split) = try insert(into: root, key: key, ifAbsent: ifAbsent, outcome: &outcome, fill: fill)
        if let (splitKey, sibling) = split {
            let left = try count(of: node)
            let right = try count(of: sibling)
            let firstKey = try lowestKey(of: node)
            setRoot(.inner(InnerNode(keys: [firstKey, splitKey], children: [node, sibling], counts: [left, right])))
        } else if case .clean = root {
            // (A dirty root is `node` itself: it stays, and so does the append cursor through it.)
            setRoot(node)
        }
        // The rightmost path changes only when a node splits or is first copied (a path with a clean node has no
        // cursor): an insert elsewhere leaves the cursor's nodes where they are, so it is kept.
        if appendCursor == nil || outcome.split { appendCursor = rightmostDirtyPath() }
        checkInvariants()
        return outcome.inserted
    }

    /// How many rows after a new key a full leaf may hold for the key to start the new leaf rather than split it in
    /// half (see `insert(into:key:ifAbsent:outcome:fill:)`).
    static var tailSplitRows: Int { 8 }

    /// What an insert below the root did: whether it inserted (`ifAbsent` finds the key present otherwise) and
    /// whether a node split.
    private struct InsertOutcome {
        var inserted = true
        var split = false
    }

    /// The rightmost path, if every node on it is dirty.
    private func rightmostDirtyPath() -> AppendCursor? {
        var path: [InnerNode] = []
        var node = root
        while let current = node {
            switch current {
            case .leaf(let leaf): return AppendCursor(leaf: leaf, path: path)
            case .inner(let inner):
                path.append(inner)
                node = inner.children.last
            case .clean: return nil
            }
        }
        return nil
    }

    private func lowestKey(of node: TreeNode) throws -> Int64 {
        switch node {
        case .leaf(let leaf): return leaf.keys[0]
        case .inner(let inner): return inner.keys[0]
        case .clean: preconditionFailure("split nodes are dirty")
        }
    }

    /// Inserts `key` below `node`; `outcome.inserted` becomes false when `ifAbsent` and the key is there already.
    private func insert(
        into node: TreeNode,
        key: Int64,
        ifAbsent: Bool,
        outcome: inout InsertOutcome,
        fill: (ClusterLeaf, Int) -> Void
    ) throws -> (TreeNode, (Int64, TreeNode)?) {
        let dirty = try makeDirty(node)
        switch dirty {
        case .leaf(let leaf):
            let index = leaf.lowerBound(key)
            if index < leaf.count && leaf.keys[index] == key {
                precondition(ifAbsent, "object key \(key) already exists")
                outcome.inserted = false
                return (dirty, nil)
            }
            leaf.keys.insert(key, at: index)
            fill(leaf, index)
            guard leaf.count > Self.maxLeafCount else { return (dirty, nil) }
            outcome.split = true
            // A key landing among the last few (an append, or a sorted run filed before a few higher keys) starts
            // the new leaf, so the leaf it leaves behind stays full; any other splits in half.
            let at = index >= leaf.count - 1 - Self.tailSplitRows ? index : leaf.count / 2
            let tail = leaf.split(from: at)
            return (dirty, (tail.keys[0], .leaf(tail)))
        case .inner(let inner):
            let index = inner.childIndex(for: key)
            let (child, split) = try insert(
                into: inner.children[index],
                key: key,
                ifAbsent: ifAbsent,
                outcome: &outcome,
                fill: fill
            )
            inner.children[index] = child
            guard outcome.inserted else { return (dirty, nil) }
            inner.counts[index] += 1
            if key < inner.keys[index] { inner.keys[index] = key }
            if let (splitKey, sibling) = split {
                let siblingCount = try count(of: sibling)
                inner.counts[index] -= siblingCount
                inner.keys.insert(splitKey, at: index + 1)
                inner.children.insert(sibling, at: index + 1)
                inner.counts.insert(siblingCount, at: index + 1)
            }
            guard inner.keys.count > Self.maxInnerCount else { return (dirty, nil) }
            let at = index + 1 == inner.keys.count - 1 ? inner.keys.count - 1 : inner.keys.count / 2
            let tail = inner.split(from: at)
            return (dirty, (tail.keys[0], .inner(tail)))
        case .clean:
            preconditionFailure("makeDirty returned a clean node")
        }
    }

    /// Gives `body` the dirty leaf holding `key` and the row index; false if there is no such object.
    func update(_ key: Int64, _ body: (ClusterLeaf, Int) throws -> Void) throws -> Bool {
        if let cursor = leafCursor, cursor.covers(key), case .dirty(let leaf) = cursor.leaf {
            let index = leaf.lowerBound(key)
            guard index < leaf.count, leaf.keys[index] == key else { return false }
            try body(leaf, index)
            return true
        }
        guard try contains(key), let root else { return false }
        shapeChanged()
        let node = try makeDirty(root)
        if case .clean = root { setRoot(node) }
        var current = node
        while true {
            switch current {
            case .leaf(let leaf):
                let index = leaf.lowerBound(key)
                leafCursor = LeafCursor(.dirty(leaf), lastRow: index)
                try body(leaf, index)
                return true
            case .inner(let inner):
                let index = inner.childIndex(for: key)
                let child = try makeDirty(inner.children[index])
                inner.children[index] = child
                current = child
            case .clean:
                preconditionFailure("makeDirty returned a clean node")
            }
        }
    }

    /// Sets one cell of an object; false if there is no such object.
    func set(_ key: Int64, column: Int, to cell: Cell) throws -> Bool {
        try update(key) { leaf, index in store(cell, in: leaf, row: index, column: column) }
    }

    /// Calls `body` with the dirty leaf and row of every object of `keys` (in ascending order, a key may repeat):
    /// each leaf is made dirty and found once, and its rows are found by walking its keys alongside `keys`. False
    /// when an object is missing (`body` has seen the objects before it).
    func updateRows(_ keys: [Int64], _ body: (ClusterLeaf, Int) throws -> Void) throws -> Bool {
        try updateLeaves(keys) { leaf, rows in
            for row in rows { try body(leaf, row) }
        }
    }

    /// Calls `body` once per leaf with the dirty leaf and the rows of the objects of `keys` it holds (ascending, in
    /// the order of `keys`), as ``updateRows(_:_:)`` finds them. False when an object is missing (`body` has seen
    /// the objects before it).
    func updateLeaves(_ keys: [Int64], _ body: (ClusterLeaf, [Int]) throws -> Void) throws -> Bool {
        var next = 0
        var rows: [Int] = []
        while next < keys.count {
            var found: (leaf: ClusterLeaf, row: Int)?
            guard try update(keys[next], { leaf, row in found = (leaf, row) }), let (leaf, first) = found else {
                return false
            }
            rows.removeAll(keepingCapacity: true)
            // Both key lists read through buffers: the walk is the whole cost of a leaf whose every row is set.
            next = leaf.keys.withUnsafeBufferPointer { held in
                keys.withUnsafeBufferPointer { wanted in
                    var (row, position) = (first, next)
                    while position < wanted.count {
                        let key = wanted[position]
                        while row < held.count, held[row] < key { row += 1 }
                        // Past this leaf's last key: the next key is in a later leaf.
                        guard row < held.count, held[row] == key else { break }
                        rows.append(row)
                        position += 1
                    }
                    return position
                }
            }
            try body(leaf, rows)
        }
        return true
    }

    /// Sets one cell of every object of `keys` (see ``updateRows(_:_:)``) to `cell`, a leaf's rows in one call to
    /// its column; false when an object is missing.
    func set(_ keys: [Int64], column: Int, to cell: Cell) throws -> Bool {
        try updateLeaves(keys) { leaf, rows in
            for blob in leaf.columns[column].set(cell, atRows: rows) { context.release(blob) }
        }
    }

    /// Sets one cell of every object to `cell`, leaf by leaf in key order, calling `willSet` with each leaf before
    /// its rows are set: the leaves are found by walking the tree, with no list of keys to look up or walk alongside.
    func setEvery(column: Int, to cell: Cell, willSet: (ClusterLeaf) -> Void) throws {
        guard let root else { return }
        shapeChanged()
        let node = try makeDirty(root)
        if case .clean = root { setRoot(node) }
        var rows: [Int] = []
        try forEveryDirtyLeaf(below: node, depth: 0) { leaf in
            willSet(leaf)
            if rows.count != leaf.count { rows = Array(0..<leaf.count) }
            for blob in leaf.columns[column].set(cell, atRows: rows) { context.release(blob) }
        }
    }

    /// Makes every node below the dirty `node` dirty, and calls `body` with each leaf, in key order.
    private func forEveryDirtyLeaf(below node: TreeNode, depth: Int, _ body: (ClusterLeaf) throws -> Void) throws {
        guard depth <= Self.maximumDepth else {
            throw StorageError.corrupt("a cluster tree is deeper than \(Self.maximumDepth) levels (a cycle)")
        }
        switch node {
        case .leaf(let leaf): try body(leaf)
        case .inner(let inner):
            for index in inner.children.indices {
                let child = try makeDirty(inner.children[index])
                inner.children[index] = child
                try forEveryDirtyLeaf(below: child, depth: depth + 1, body)
            }
        case .clean: preconditionFailure("makeDirty returned a clean node")
        }
    }

    /// Replaces one cell of every object of `keys` (see ``updateRows(_:_:)``) with what `transform` makes of it (a
    /// non-nullable column's missing cell read as its default); false when an object is missing.
    func update(_ keys: [Int64], column: Int, _ transform: (Cell) throws -> Cell) throws -> Bool {
        try update(keys, column: column, typed: { _, _ in false }, cells: transform)
    }

    /// As ``update(_:column:_:)`` for an integer column, each leaf's integers transformed in place with no cells in
    /// between where its storage allows (``ColumnStorage/updateIntegers(atRows:_:)``).
    func update(_ keys: [Int64], column: Int, integers transform: (Int64) throws -> Int64) throws -> Bool {
        try update(
            keys,
            column: column,
            typed: { try $0.updateIntegers(atRows: $1, transform) },
            cells: { cell in
                guard case .int(let value) = cell else { throw StorageError.corrupt("\(cell) in an integer column") }
                return .int(try transform(value))
            }
        )
    }

    /// As ``update(_:column:integers:)`` for a double column.
    func update(_ keys: [Int64], column: Int, doubles transform: (Double) throws -> Double) throws -> Bool {
        try update(
            keys,
            column: column,
            typed: { try $0.updateDoubles(atRows: $1, transform) },
            cells: { cell in
                guard case .double(let value) = cell else { throw StorageError.corrupt("\(cell) in a double column") }
                return .double(try transform(value))
            }
        )
    }

    /// Each leaf's rows of `keys`: `typed` on its column's storage, or cell by cell with `transform` where it declines
    /// (a storage with nulls; a non-nullable column's storage never has them, leaves written before the column was
    /// added included, since decoding fills them with defaults, so the cells are a defence, not a path taken).
    private func update(
        _ keys: [Int64],
        column: Int,
        typed: (any ColumnStorage, [Int]) throws -> Bool,
        cells transform: (Cell) throws -> Cell
    ) throws -> Bool {
        let physical = layout.physical[column]
        return try updateLeaves(keys) { leaf, rows in
            // The column's storage is taken once per leaf (decoded, since every row of it is written).
            let storage = leaf.columns[column].unwrapped
            if try typed(storage, rows) { return }
            for row in rows {
                var cell = try storage.cell(at: row, reader: reader)
                if cell == .null, !physical.nullable { cell = Cell.defaultValue(for: physical) }
                if let blob = storage.set(try transform(cell), at: row) { context.release(blob) }
            }
        }
    }

    /// Sets one cell of object `key` at `location` (from ``locateRow(_:)``) without a lookup, when the row is
    /// in a leaf this transaction already copied and the tree has not changed shape since it was found;
    /// false, changing nothing, otherwise.
    func set(_ key: Int64, at location: RowLocation, column: Int, to cell: Cell) -> Bool {
        guard case .dirty(let leaf) = location.leaf, location.shapeVersion == shapeVersion,
            location.row < leaf.count, leaf.keys[location.row] == key
        else { return false }
        store(cell, in: leaf, row: location.row, column: column)
        return true
    }

    /// Replaces one cell of a dirty leaf, releasing the blob it may have held. A committed column the set decoded
    /// forwards every call to its decoded storage from then on, so the leaf takes that storage in its place: the
    /// typed reads and sets in place that follow (a loop over the leaf's objects) reach it in one call.
    private func store(_ cell: Cell, in leaf: ClusterLeaf, row: Int, column: Int) {
        if let blob = leaf.columns[column].set(cell, at: row) { context.release(blob) }
        if let decoded = leaf.columns[column].decodedColumn { leaf.columns[column] = decoded }
    }

    /// Removes an object; false if there was none.
    func remove(_ key: Int64) throws -> Bool {
        guard try contains(key), let root else { return false }
        appendCursor = nil
        shapeChanged()
        let node = try remove(key, from: root)
        switch node {
        case .leaf(let leaf) where leaf.count == 0:
            setRoot(nil)
        case .inner(let inner) where inner.children.count == 1:
            setRoot(inner.children[0])
        default:
            setRoot(node)
        }
        checkInvariants()
        return true
    }

    private func remove(_ key: Int64, from node: TreeNode) throws -> TreeNode {
        let dirty = try makeDirty(node)
        switch dirty {
        case .leaf(let leaf):
            let index = leaf.lowerBound(key)
            precondition(index < leaf.count && leaf.keys[index] == key)
            leaf.keys.remove(at: index)
            for column in leaf.columns {
                if let blob = column.remove(at: index) { context.release(blob) }
            }
        case .inner(let inner):
            let index = inner.childIndex(for: key)
            let child = try remove(key, from: inner.children[index])
            inner.children[index] = child
            inner.counts[index] -= 1
            if inner.counts[index] == 0 {
                inner.keys.remove(at: index)
                inner.children.remove(at: index)
                inner.counts.remove(at: index)
            } else {
                try rebalance(inner, at: index)
            }
        case .clean:
            preconditionFailure("makeDirty returned a clean node")
        }
        return dirty
    }

    /// Merges child `index` with a neighbour when it is underfull and the two fit in one node.
    private func rebalance(_ inner: InnerNode, at index: Int) throws {
        guard inner.children.count > 1 else { return }
        let size = try width(of: inner.children[index])
        let limit = isLeaf(inner.children[index]) ? Self.maxLeafCount : Self.maxInnerCount
        guard size < limit / 4 else { return }
        let left = index > 0 ? index - 1 : index
        let right = left + 1
        guard try width(of: inner.children[left]) + width(of: inner.children[right]) <= limit else { return }
        let leftNode = try makeDirty(inner.children[left])
        let rightNode = try makeDirty(inner.children[right])
        switch (leftNode, rightNode) {
        case (.leaf(let a), .leaf(let b)): a.absorb(b)
        case (.inner(let a), .inner(let b)):
            a.keys.append(contentsOf: b.keys)
            a.children.append(contentsOf: b.children)
            a.counts.append(contentsOf: b.counts)
        default: throw StorageError.corrupt("siblings at different depths")
        }
        inner.children[left] = leftNode
        inner.counts[left] += inner.counts[right]
        inner.keys.remove(at: right)
        inner.children.remove(at: right)
        inner.counts.remove(at: right)
    }

    private func isLeaf(_ node: TreeNode) -> Bool {
        switch node {
        case .leaf: return true
        case .inner: return false
        // `try?` hides no damage: the caller's `width(of:)` has just read this node whole, so the only error left is
        // the kind check saying that the node is not a leaf.
        case .clean(let ref): return (try? reader.node(ref, .leaf)) != nil
        }
    }

    /// Entries (rows or children) directly in `node`.
    private func width(of node: TreeNode) throws -> Int {
        switch node {
        case .leaf(let leaf): return leaf.count
        case .inner(let inner): return inner.children.count
        case .clean(let ref):
            let view = try reader.treeNode(ref)
            return view.kind == .leaf ? try LeafDirectory(view).count : try InnerNodeView(view).count
        }
    }

    /// Removes every object, releasing every committed node and blob of the tree.
    func removeAll() throws {
        if let root { try releaseAll(root) }
        setRoot(nil)
    }

    private func releaseAll(_ node: TreeNode) throws {
        switch node {
        case .leaf(let leaf):
            for column in leaf.columns { for blob in column.blobs { context.release(blob) } }
        case .inner(let inner):
            for child in inner.children { try releaseAll(child) }
        case .clean(let ref):
            let view = try reader.treeNode(ref)
            context.release(view)
            if view.kind == .inner {
                let inner = try InnerNodeView(view)
                for index in 0..<inner.count { try releaseAll(.clean(inner.child(at: index))) }
            } else {
                let leaf = try ClusterLeafView(view)
                for columnKey in leaf.columnKeys {
                    for blob in try leaf.block(columnKey)?.blobRefs() ?? [] { context.release(blob) }
                }
            }
        }
    }

    /// Adopts a new layout. Dirty leaves gain default-filled storages for new columns and drop removed
    /// ones (releasing their blobs); committed leaves convert when they are next made dirty.
    func changeLayout(to newLayout: LeafLayout) {
        let old = layout
        appendCursor = nil
        shapeChanged()
        setLayout(newLayout)
        guard let root else { return }
        convert(root, from: old, to: newLayout)
    }

    private func convert(_ node: TreeNode, from old: LeafLayout, to new: LeafLayout) {
        switch node {
        case .clean: return
        case .inner(let inner): for child in inner.children { convert(child, from: old, to: new) }
        case .leaf(let leaf):
            var columns: [any ColumnStorage] = []
            for (columnKey, physical) in zip(new.columnKeys, new.physical) {
                if let position = old.columnKeys.firstIndex(of: columnKey) {
                    columns.append(leaf.columns[position])
                } else {
                    let storage = makeColumnStorage(physical)
                    let fill = Cell.defaultValue(for: physical)
                    for index in 0..<leaf.count { storage.insert(fill, at: index) }
                    columns.append(storage)
                }
            }
            for (position, columnKey) in old.columnKeys.enumerated() where !new.columnKeys.contains(columnKey) {
                for blob in leaf.columns[position].blobs { context.release(blob) }
            }
            leaf.columns = columns
        }
    }

    #if STRATA_INTERNAL_CHECKS
        /// Checks ordering, counts and depth of the whole tree, and that the append cursor is its rightmost path
        /// (slow; internal-checks builds only).
        func checkInvariants() {
            guard let root else { return }
            var state = InvariantState()
            _ = checkNode(root, depth: 0, low: nil, high: nil, state: &state)
            if let cursor = appendCursor {
                let rightmost = rightmostDirtyPath()
                precondition(
                    rightmost?.leaf === cursor.leaf && rightmost?.path.count == cursor.path.count
                        && zip(rightmost!.path, cursor.path).allSatisfy { $0 === $1 },
                    "the append cursor is not the tree's rightmost path"
                )
            }
        }

        private struct InvariantState {
            var previous: Int64?
            var leafDepth: Int?
        }

        private func checkNode(_ node: TreeNode, depth: Int, low: Int64?, high: Int64?, state: inout InvariantState)
            -> Int
        {
            switch node {
            case .leaf(let leaf):
                precondition(state.leafDepth == nil || state.leafDepth == depth, "leaves at different depths")
                state.leafDepth = depth
                for key in leaf.keys {
                    if let previous = state.previous { precondition(previous < key, "keys out of order") }
                    if let low { precondition(key >= low, "key below its parent's range") }
                    if let high { precondition(key < high, "key above its parent's range") }
                    state.previous = key
                }
                return leaf.count
            case .inner(let inner):
                precondition(!inner.children.isEmpty)
                for index in inner.children.indices {
                    let upper = index + 1 < inner.keys.count ? inner.keys[index + 1] : high
                    let counted = checkNode(
                        inner.children[index],
                        depth: depth + 1,
                        low: inner.keys[index],
                        high: upper,
                        state: &state
                    )
                    precondition(counted == inner.counts[index], "inner count differs from its child")
                }
                return inner.counts.reduce(0, +)
            case .clean(let ref):
                let keys: [Int64]
                do {
                    keys = try ClusterTree(root: ref, layout: layout, context: context).allKeys()
                } catch {
                    preconditionFailure("a committed subtree of a checked tree does not read: \(error)")
                }
                for key in keys {
                    if let previous = state.previous { precondition(previous < key, "keys out of order") }
                    state.previous = key
                }
                return keys.count
            }
        }
    #else
        @inline(__always) func checkInvariants() {}
    #endif
}
