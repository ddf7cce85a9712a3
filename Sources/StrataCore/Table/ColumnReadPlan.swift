// ColumnReadPlan.swift: how a table reads its columns under one layout, worked out once.
//
// Reading a property of an object found earlier needs the column's position in the layout and how its
// common values are read (PlainRead). Copying the layout out of the tree for every read would retain and
// release its arrays each time; a plan is one object, made when the layout changes and borrowed after.
//
// Invariant: `layout` is the tree's layout at `layoutVersion`, and `reads[i]` belongs to its column `i`.

/// A table's column positions and plain reads for one layout.
final class ColumnReadPlan {
    let layoutVersion: Int
    let layout: LeafLayout
    let reads: [PlainRead]

    init(layoutVersion: Int, layout: LeafLayout, columns: [ColumnSpec]) {
        precondition(layout.columnKeys == columns.map(\.key), "a plan's columns follow the layout")
        self.layoutVersion = layoutVersion
        self.layout = layout
        reads = columns.map(PlainRead.init)
    }

    /// The position of `column`, if the layout has it.
    @inline(__always)
    func position(of column: ColumnKey) -> Int? { layout.columnKeys.firstIndex(of: column) }
}
