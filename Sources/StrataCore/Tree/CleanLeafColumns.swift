// CleanLeafColumns.swift: a committed leaf whose column blocks are parsed once, for every row read from it.
//
// Reading one property of one object used to find the column's entry in the leaf's directory and parse its
// block header each time. A tree keeps one of these per committed leaf it has located rows in, so objects
// of the same leaf (and repeated reads of one object) share the parsed blocks.
//
// Invariants:
//   (1) A slot holds the block of `layout.columnKeys[position]` of `view`, already checked to be of the kind
//       `layout.physical[position]` says, or `.absent` when the leaf predates the column.
//   (2) The tree drops every instance when its layout changes (positions would mean other columns), and a
//       committed node never changes while the transaction that reads it lives, so a slot never goes stale.

/// A committed leaf with its column blocks parsed on first use.
final class CleanLeafColumns {
    private enum Slot {
        case unparsed
        case absent
        case parsed(ColumnBlock)
    }

    /// The leaf.
    let view: ClusterLeafView
    // Storage marked @exclusivity(unchecked) is never reached while an inout access to it is under way; the
    // run-time checks it skips are explained in Benchmarks/NOTES.md ("Exclusivity checks").
    // Proof: only `init` and `block(_:layout:)` touch `slots`: a copy of one element, then one element assigned
    // after `view.block` returns; `view` is a value that cannot reach this object, so no access overlaps another.
    @exclusivity(unchecked) private var slots: [Slot]

    init(view: ClusterLeafView, columnCount: Int) {
        self.view = view
        slots = Array(repeating: .unparsed, count: columnCount)
    }

    /// The block of the column at `position` of `layout`, or nil if the leaf was written before the column
    /// existed (its rows read as the column's default).
    func block(_ position: Int, layout: LeafLayout) throws -> ColumnBlock? {
        switch slots[position] {
        case .parsed(let block): return block
        case .absent: return nil
        case .unparsed:
            guard let block = try view.block(position, of: layout) else {
                slots[position] = .absent
                return nil
            }
            slots[position] = .parsed(block)
            return block
        }
    }
}
