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
package final class CleanLeafColumns {
    private enum Slot {
        case unparsed
        case absent
        case parsed(ColumnBlock)
    }

    /// The leaf.
    package let view: ClusterLeafView
    private var slots: [Slot]

    init(view: ClusterLeafView, columnCount: Int) {
        self.view = view
        slots = Array(repeating: .unparsed, count: columnCount)
    }

    /// Written by `touch(row:layout:)` so that its loads are not optimized away.
    private var touched: UInt8 = 0

    /// Loads one byte of every column's entry in `row`, so that the cache misses of an object's properties
    /// (each column lives in a block of its own) overlap instead of coming one property read at a time.
    func touch(row: Int, layout: LeafLayout) {
        var sum: UInt8 = 0
        for position in slots.indices {
            guard let block = try? block(position, layout: layout) else { continue }
            sum &+= block.firstByte(of: row)
        }
        touched &+= sum
    }

    /// The block of the column at `position` of `layout`, or nil if the leaf was written before the column
    /// existed (its rows read as the column's default).
    package func block(_ position: Int, layout: LeafLayout) throws -> ColumnBlock? {
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
