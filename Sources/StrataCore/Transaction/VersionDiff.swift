// VersionDiff.swift: the change set between two committed versions, found by comparing their copy-on-write trees —
// how this process learns exactly what another process's commits changed, in time proportional to the change.
//
// Why: a commit records its change set in the history of the process that made it (ChangeSet.swift). Another
// process gets it through the lock file's change feed (ChangeFeed.swift) when the feed holds it; when it does not (a
// record too large for the feed, a committer of an older build, a record overwritten or not yet written when the
// reader looked), the reader recovers the net change set from the two trees: a committed node is never modified
// (ClusterTree.swift invariant 4), so a subtree whose ref is the same in both versions is the same subtree, and only
// the paths a commit copied need reading.
//
// Algorithm, per table whose root ref moved (both versions' tables with the same layout):
//   1. frontiers: {old root}, {new root}, each ref with its height (leaves 0; a subtree's height is its own, so
//      equal refs have equal heights). Repeat: drop every ref present in both; expand every node of the greatest
//      height left into its children. Ends when only leaves are left: the leaves that differ.
//   2. rows: the keys of the differing old and new leaves. A key only in the new ones was inserted, only in the old
//      ones deleted (an object that moved between leaves is in a differing leaf on both sides: a shared leaf holds
//      the same rows in both versions, and keys are unique). For a key on both sides, every column whose cell
//      differs (floating point compared bit for bit) is a modification.
//   3. a list, set or dictionary column that differs makes the table wholesale: its edits by position cannot be
//      recovered from the two trees, and the observers re-run and diff.
// Tables added or removed, or whose columns changed, make the whole diff fail over (nil): the caller records nothing
// and the observers compare versions themselves, as before.
//
// Invariant: both versions are readable for the whole diff: the caller holds a pin at or below the older one, so
// no process reuses its space (Database.swift invariant 5, FileLock.swift's reader protocol).
//
// Differences from the committing process's own record (Realm's rules are the same on both sides otherwise): a
// property set to the value it had is not a modification here, and a deleted object's primary key is not known.

extension ChangeSet {
    /// The net change from `old` to `new` (one entry for every version between them), or nil when the schema
    /// changed between them.
    static func between(_ old: Snapshot, _ new: Snapshot) throws -> ChangeSet? {
        let oldTables = Dictionary(uniqueKeysWithValues: old.catalog.tables.map { ($0.key, $0) })
        guard oldTables.count == new.catalog.tables.count else { return nil }
        var changes = ChangeSet(version: new.version)
        for spec in new.catalog.tables {
            guard let before = oldTables[spec.key], before.layout == spec.layout,
                before.columns.count == spec.columns.count,
                zip(before.columns, spec.columns).allSatisfy({ Self.sameShape($0, $1) })
            else { return nil }
            guard before.root != spec.root else { continue }
            let table = try VersionDiff(old: old, new: new, before: before, after: spec).tableChanges()
            if !table.isEmpty { changes.tables[spec.key] = table }
        }
        return changes
    }

    /// The net change from the version `old` reads to the one `new` reads, or nil when the schema changed between
    /// them. The two may be read through different handles of one file, or of copies of it that hold the same bytes
    /// at every node either version reaches (a crash test's recovered copy): a ref names the same node in both.
    package static func between(_ old: ReadTransaction, _ new: ReadTransaction) throws -> ChangeSet? {
        try between(old.snapshot, new.snapshot)
    }

    /// Whether two versions' specs of a column describe the same column (its index's root moves with the data).
    private static func sameShape(_ a: ColumnSpec, _ b: ColumnSpec) -> Bool {
        a.key == b.key && a.name == b.name && a.type == b.type && a.nullable == b.nullable
            && a.collection == b.collection && a.linkTable == b.linkTable && a.originColumn == b.originColumn
            && a.indexed == b.indexed && a.unique == b.unique
    }
}

/// The diff of one table between two versions (see the file comment).
private struct VersionDiff {
    let oldTree: ClusterTree
    let newTree: ClusterTree
    let layout: LeafLayout
    /// Per column of the layout: whether it holds a list, set or dictionary.
    let isCollection: [Bool]

    init(old: Snapshot, new: Snapshot, before: TableSpec, after: TableSpec) {
        oldTree = ClusterTree(
            root: before.root,
            layout: before.layout,
            context: TreeContext(reader: old.reader, writable: false)
        )
        newTree = ClusterTree(
            root: after.root,
            layout: after.layout,
            context: TreeContext(reader: new.reader, writable: false)
        )
        layout = after.layout
        isCollection = after.layout.columnKeys.map { key in
            after.columns.first { $0.key == key }.map { $0.collection != .single } ?? false
        }
    }

    func tableChanges() throws -> TableChanges {
        var changes = TableChanges()
        let (oldLeaves, newLeaves) = try differingLeaves()
        let oldRows = try rows(of: oldLeaves, in: oldTree)
        let newRows = try rows(of: newLeaves, in: newTree)
        for (key, old) in oldRows.sorted(by: { $0.key < $1.key }) {
            guard let new = newRows[key] else {
                changes.delete(ObjectKey(key))
                continue
            }
            for column in layout.columnKeys.indices {
                let before = try oldTree.cell(in: old.leaf, row: old.row, column: column)
                let after = try newTree.cell(in: new.leaf, row: new.row, column: column)
                guard !Self.same(before, after) else { continue }
                if isCollection[column] {
                    changes.markWholesale()
                    return changes
                }
                changes.modify(ObjectKey(key), layout.columnKeys[column])
            }
        }
        for key in newRows.keys.sorted() where oldRows[key] == nil { changes.insert(ObjectKey(key)) }
        return changes
    }

    /// The leaves of the old and of the new tree that the other lacks (step 1 of the file comment).
    private func differingLeaves() throws -> (old: [Ref], new: [Ref]) {
        var old = try oldTree.root.map { try frontier($0, in: oldTree) } ?? [:]
        var new = try newTree.root.map { try frontier($0, in: newTree) } ?? [:]
        while true {
            for ref in Array(old.keys) where new[ref] != nil {
                old[ref] = nil
                new[ref] = nil
            }
            let height = max(old.values.max() ?? 0, new.values.max() ?? 0)
            guard height > 0 else { return (Array(old.keys), Array(new.keys)) }
            try expand(&old, height: height, in: oldTree)
            try expand(&new, height: height, in: newTree)
        }
    }

    /// The frontier of a tree's root: its ref and height.
    private func frontier(_ root: TreeNode, in tree: ClusterTree) throws -> [Ref: Int] {
        guard case .clean(let ref) = root else { preconditionFailure("a committed tree has no dirty root") }
        var height = 0
        var node = try tree.reader.treeNode(ref)
        while node.kind != .leaf {
            height += 1
            guard height <= ClusterTree.maximumDepth else {
                throw StorageError.corrupt("a cluster tree is deeper than \(ClusterTree.maximumDepth) levels")
            }
            node = try tree.reader.treeNode(InnerNodeView(node).child(at: 0))
        }
        return [ref: height]
    }

    /// Replaces every node of `height` in `frontier` by its children.
    private func expand(_ frontier: inout [Ref: Int], height: Int, in tree: ClusterTree) throws {
        for (ref, nodeHeight) in frontier where nodeHeight == height {
            frontier[ref] = nil
            let inner = try InnerNodeView(tree.reader.treeNode(ref))
            for index in 0..<inner.count { frontier[inner.child(at: index)] = height - 1 }
        }
    }

    /// Every row of `leaves`, by key.
    private func rows(of leaves: [Ref], in tree: ClusterTree) throws -> [Int64: (leaf: LeafAccess, row: Int)] {
        var rows: [Int64: (leaf: LeafAccess, row: Int)] = [:]
        for ref in leaves {
            let leaf = LeafAccess.clean(try ClusterLeafView(tree.reader.treeNode(ref)))
            for row in 0..<leaf.count { rows[leaf.key(at: row)] = (leaf, row) }
        }
        return rows
    }

    /// Whether two cells hold the same value (floating point bit for bit, so that NaN equals itself).
    private static func same(_ a: Cell, _ b: Cell) -> Bool {
        switch (a, b) {
        case (.float(let x), .float(let y)): return x.bitPattern == y.bitPattern
        case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
        default: return a == b
        }
    }
}
