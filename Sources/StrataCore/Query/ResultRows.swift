// ResultRows.swift: where each object of a query's result was found, so that its row is reached without a search.
//
// A query that scans its table visits every leaf, and every selected row there, in key order; a sort then reorders
// the keys. Binding each object of a sorted result to its row afterwards searched the tree again per object (the
// walk jumps between leaves, so no "next row" shortcut applies). The scan records instead, for each result key, the
// leaf it was found in and its row there, and every later stage (DISTINCT, SORT, LIMIT) moves these positions with
// the keys. The object layer (ResultRowBinder.swift in Strata) makes a row location per leaf from them.
//
// Format: none (in memory). `positions[i]` is `leaf << rowBits | row` for the result's key `i`: `leaf` an index into
// `leaves` (the leaves the scan visited, in key order), `row` the key's row in that leaf.
//
// Invariants:
//   (1) `positions.count` is the number of the result's keys, and `positions[i]` is where key `i` was found in
//       `table`'s tree when the scan ran (the scan records a leaf only when its rows fit `rowBits`).
//   (2) A position is good only while the transaction that ran the scan has not changed `table` since: the same rule
//       as RowReader.swift's invariant 2. The caller checks it (the object layer: the realm's generation, which every
//       write and every move to another version bumps, is the one at which the keys were computed). The parsed
//       columns `location` makes for a committed leaf are used under the same rule, so a layout change (a change of
//       `table`) never reaches them (CleanLeafColumns.swift, invariant 2).
//   (3) `leaves` and `table` are held, so the committed bytes a clean leaf's view points into stay mapped, and a
//       dirty leaf stays the leaf the tree held when the scan ran, for as long as the positions are kept.
//
// No state machine: built by one scan (`QueryEvaluator.scanLocating` below, or the string sort's scan in
// QueryEvaluator+Sorting.swift), then only reordered, filtered or cut by the stages.

/// The leaf and row of each key of a query's result, as the scan that selected them found them (see above).
package struct ResultRows {
    /// The table the scan read, in the transaction that ran it.
    package let table: Table
    /// The leaves the scan visited, in key order.
    private var leaves: [LeafAccess] = []
    /// Per result key, in result order: `leaf << rowBits | row` (the file's format).
    private var positions: [UInt32] = []
    /// The tree's `shapeVersion` when the scan ran.
    private let shapeVersion: Int
    /// The number of columns of the tree's layout (for the parsed columns of a committed leaf).
    private let columnCount: Int

    /// The bits of a position that hold the row: a leaf holds at most `ClusterTree.maxLeafCount` (256) rows.
    static let rowBits: UInt32 = 8
    /// The most leaves positions can name.
    static let maxLeaves = Int(UInt32.max >> rowBits)

    /// Empty positions for a scan of `table`.
    init(table: Table) {
        self.table = table
        shapeVersion = table.tree.shapeVersion
        columnCount = table.tree.layout.columnKeys.count
    }

    /// The number of positions (the number of the result's keys).
    package var count: Int { positions.count }

    /// The number of leaves the scan visited: every position's leaf is below it.
    package var leafCount: Int { leaves.count }

    /// Notes the next leaf the scan visits; false when positions cannot name its rows (a leaf of more rows than
    /// `rowBits` holds, or too many leaves): the scan then records no positions at all.
    mutating func beginLeaf(_ leaf: LeafAccess) -> Bool {
        guard leaf.count <= 1 << Self.rowBits, leaves.count < Self.maxLeaves else { return false }
        leaves.append(leaf)
        return true
    }

    /// Records that the next result key is row `row` of the leaf noted last.
    @inline(__always)
    mutating func append(row: Int) {
        positions.append(UInt32(leaves.count - 1) << Self.rowBits | UInt32(row))
    }

    /// Keeps the positions at `order` (indices into the current positions), in that order: a sort's permutation, the
    /// keys a DISTINCT kept, a LIMIT's prefix.
    mutating func select(_ order: [Int]) {
        precondition(order.count <= positions.count, "more positions selected than there are")
        // Unchecked reads: every index of `order` is one of the current positions' (a sort's permutation of them, the
        // ones a DISTINCT kept, in order).
        positions = positions.withUnsafeBufferPointer { old in order.map { old[$0] } }
    }

    /// Keeps the first `count` positions.
    mutating func keepPrefix(_ count: Int) {
        if positions.count > count { positions.removeSubrange(count...) }
    }

    /// The leaf (an index into the leaves the scan visited) and the row of the result's key at `index`.
    @inline(__always)
    package func position(at index: Int) -> (leaf: Int, row: Int) {
        let position = positions[index]
        return (Int(position >> Self.rowBits), Int(position & (1 << Self.rowBits - 1)))
    }

    /// The location of row `row` of leaf `leaf` (as ``position(at:)`` gives them), readable in ``table`` while
    /// invariant 2 holds. A committed leaf gets new parsed columns (CleanLeafColumns.swift): call it once per leaf.
    package func location(leaf: Int, row: Int) -> RowLocation {
        switch leaves[leaf] {
        case .clean(let view):
            return RowLocation(
                leaf: .clean(CleanLeafColumns(view: view, columnCount: columnCount)),
                row: row,
                shapeVersion: shapeVersion
            )
        case .dirty(let dirty):
            return RowLocation(leaf: .dirty(dirty), row: row, shapeVersion: shapeVersion)
        }
    }
}

extension QueryEvaluator {
    /// ``scan(_:table:)`` recording where each selected object is (ResultRows.swift); no rows when a leaf's rows do
    /// not fit a position.
    func scanLocating(_ predicate: BoundNode, table: Table) throws -> ([ObjectKey], ResultRows?) {
        var everything = false
        if case .constant(true) = predicate { everything = true }
        let compiled = ColumnarFilter(predicate, spec: table.spec)
        var keys: [ObjectKey] = []
        var rows: ResultRows? = ResultRows(table: table)
        try table.tree.forEachLeaf { leaf in
            if rows?.beginLeaf(leaf) == false { rows = nil }
            if !everything, let compiled, case .clean(let view) = leaf {
                guard let selected = try compiled.selection(view.directory, reader: table.tree.reader) else {
                    return true
                }
                for row in 0..<leaf.count where selected[row] {
                    keys.append(ObjectKey(leaf.key(at: row)))
                    rows?.append(row: row)
                }
                return true
            }
            for row in 0..<leaf.count {
                let key = ObjectKey(leaf.key(at: row))
                if try everything || matches(predicate, key: key, table: table.key) {
                    keys.append(key)
                    rows?.append(row: row)
                }
            }
            return true
        }
        return (keys, rows)
    }
}
