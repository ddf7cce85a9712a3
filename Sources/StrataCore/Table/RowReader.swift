// RowReader.swift: one object's common values, read with no reference counting.
//
// A `RowLocation` holds its leaf strongly and a `Table` is a class: a live object that kept them and copied them out
// on every property read retained and released each one, several atomic operations per read, the largest share of a
// read's time. A `RowReader` is the same row with the leaf and the table's read plan borrowed (`Unmanaged`), so
// copying it costs nothing and a read of an `Int`, `Double`, `Bool` or `String` goes straight to the column.
//
// Format: none (an in-memory view).
//
// Invariants (the caller's to keep; the object layer keeps them, see LiveRow.swift in Strata):
//   (1) The leaf and the plan a reader borrows are kept alive by someone else for as long as the reader is used:
//       its maker keeps the `RowLocation` and the value of `anchor` it was made from beside it.
//   (2) A reader is used only while the transaction that located the row has not changed its tree (no insert,
//       removal, set or layout change since): the object layer uses it only at the realm generation it was made in,
//       and every write and every move to another version bumps that generation. One write keeps readers good: a
//       set in place through a reader of a dirty leaf (WriteTransaction+TypedSets.swift) changes one cell and moves
//       no row, so every reader of that leaf, and its `sibling`s, still read their rows after it.
//
// Every read returns nil where the general path (`Table.value(at:column:)`) must answer: a null, a column the leaf
// predates, a type stored otherwise, a string in a blob.

/// A borrowed view of one object's row for typed reads (see the contract above).
package struct RowReader {
    private enum Leaf {
        case clean(Unmanaged<CleanLeafColumns>)
        case dirty(Unmanaged<ClusterLeaf>)
    }

    private let leaf: Leaf
    private let row: Int
    private let plan: Unmanaged<ColumnReadPlan>
    /// The tree's `shapeVersion` when the row was found (checked again before a write through the reader).
    let shapeVersion: Int

    init(_ location: RowLocation, plan: ColumnReadPlan) {
        switch location.leaf {
        case .clean(let columns): leaf = .clean(Unmanaged.passUnretained(columns))
        case .dirty(let dirty): leaf = .dirty(Unmanaged.passUnretained(dirty))
        }
        row = location.row
        self.plan = Unmanaged.passUnretained(plan)
        shapeVersion = location.shapeVersion
    }

    /// The row this reader reads, in its leaf.
    package var rowIndex: Int { row }

    /// A reader of the row of object `key` in this reader's leaf, looked for first at the next row (the next object
    /// of a walk in key order), then by a search of the leaf; nil when the leaf does not hold `key`. Good while this
    /// reader is (invariant 2): it borrows the same leaf and plan.
    package func sibling(_ key: ObjectKey) -> RowReader? {
        let key = key.rawValue
        let next = row + 1
        let found: Int?
        switch leaf {
        case .clean(let columns):
            found = columns._withUnsafeGuaranteedRef { columns in
                let view = columns.view
                return next < view.count && view.key(at: next) == key ? next : view.find(key)
            }
        case .dirty(let dirty):
            found = dirty._withUnsafeGuaranteedRef { leaf in
                if next < leaf.count && leaf.keys[next] == key { return next }
                let index = leaf.lowerBound(key)
                return index < leaf.count && leaf.keys[index] == key ? index : nil
            }
        }
        guard let found else { return nil }
        return RowReader(leaf: leaf, row: found, plan: plan, shapeVersion: shapeVersion)
    }

    /// A reader of row `row` of this reader's leaf, a row the leaf holds (one a scan found there: ResultRows.swift),
    /// with no search. Good while this reader is (invariant 2): it borrows the same leaf and plan.
    @inline(__always)
    package func moved(toRow row: Int) -> RowReader {
        RowReader(leaf: leaf, row: row, plan: plan, shapeVersion: shapeVersion)
    }

    private init(leaf: Leaf, row: Int, plan: Unmanaged<ColumnReadPlan>, shapeVersion: Int) {
        self.leaf = leaf
        self.row = row
        self.plan = plan
        self.shapeVersion = shapeVersion
    }

    /// The dirty leaf, layout position and row of column `column` of object `key`, when the row is in a leaf this
    /// write transaction changed and the column reads as `kind`: where a typed set may write in place
    /// (WriteTransaction+TypedSets.swift).
    func dirtyCell(_ column: ColumnKey, as kind: PlainRead, key: Int64) -> (Unmanaged<ClusterLeaf>, Int, Int)? {
        guard case .dirty(let dirty) = leaf, let position = position(of: column, as: kind) else { return nil }
        let row = self.row
        guard dirty._withUnsafeGuaranteedRef({ row < $0.count && $0.keys[row] == key }) else { return nil }
        return (dirty, position, row)
    }

    /// The position of `column` in the layout and how it reads, if it reads as `kind`.
    @inline(__always)
    private func position(of column: ColumnKey, as kind: PlainRead) -> Int? {
        plan._withUnsafeGuaranteedRef { plan in
            guard let position = plan.position(of: column), plan.reads[position] == kind else { return nil }
            return position
        }
    }

    /// The committed block of the column at `position`, nil when the leaf predates the column.
    @inline(__always)
    private func block(_ columns: CleanLeafColumns, _ position: Int) -> ColumnBlock? {
        plan._withUnsafeGuaranteedRef { plan in try? columns.block(position, layout: plan.layout) }
    }

    /// The value of `Int` column `column`, or nil when the general path must read it.
    package func int(_ column: ColumnKey) -> Int64? {
        guard let position = position(of: column, as: .int) else { return nil }
        switch leaf {
        case .clean(let columns):
            return columns._withUnsafeGuaranteedRef { columns in
                guard let block = block(columns, position), !block.isNull(row) else { return nil }
                return block.integer(row)
            }
        case .dirty(let dirty):
            return dirty._withUnsafeGuaranteedRef { $0.columns[position].plainInteger(at: row) }
        }
    }

    /// The value of `Bool` column `column`, or nil when the general path must read it.
    package func bool(_ column: ColumnKey) -> Bool? {
        guard let position = position(of: column, as: .bool) else { return nil }
        switch leaf {
        case .clean(let columns):
            return columns._withUnsafeGuaranteedRef { columns in
                guard let block = block(columns, position), !block.isNull(row) else { return nil }
                return block.integer(row) != 0
            }
        case .dirty(let dirty):
            return dirty._withUnsafeGuaranteedRef { $0.columns[position].plainInteger(at: row) }.map { $0 != 0 }
        }
    }

    /// The value of `Double` column `column`, or nil when the general path must read it.
    package func double(_ column: ColumnKey) -> Double? {
        guard let position = position(of: column, as: .double) else { return nil }
        switch leaf {
        case .clean(let columns):
            return columns._withUnsafeGuaranteedRef { columns in
                guard let block = block(columns, position), !block.isNull(row) else { return nil }
                return block.double(row)
            }
        case .dirty(let dirty):
            return dirty._withUnsafeGuaranteedRef { $0.columns[position].plainDouble(at: row) }
        }
    }

    /// The value of `String` column `column`, or nil when the general path must read it.
    package func string(_ column: ColumnKey) -> String? {
        guard let position = position(of: column, as: .string) else { return nil }
        switch leaf {
        case .clean(let columns):
            return columns._withUnsafeGuaranteedRef { columns in
                // nil sends the caller to the general path, which reads the same bytes with `try` and reports damage:
                // `try?` here hides none.
                guard let block = block(columns, position), !block.isNull(row), !block.isExternal(row),
                    let bytes = try? block.variableBytes(row)
                else { return nil }
                return String(decoding: bytes, as: UTF8.self)
            }
        case .dirty(let dirty):
            return dirty._withUnsafeGuaranteedRef { $0.columns[position].plainString(at: row) }
        }
    }
}

extension Table {
    /// A reader of the row at `location` (from ``locate(_:)`` in this unchanged transaction), and the object that the
    /// caller must keep, with `location`, for as long as it uses the reader (RowReader.swift, invariant 1).
    package func rowReader(at location: RowLocation) -> (reader: RowReader, anchor: AnyObject) {
        let plan = readPlan
        return (RowReader(location, plan: plan), plan)
    }
}
