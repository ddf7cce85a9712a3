import StrataCore

/// Hands the objects a `Results` iterator makes the rows its query's scan found them in, so that no object searches
/// the tree for its row.
///
/// A sorted result visits its objects out of key order: the realm's last leaf (``RealmState/liveLeaf``) rarely holds
/// the next one, and each object searched the tree for its row on its first read. The scan that selected the objects
/// knew each row (ResultRows.swift in StrataCore). While the realm is still at the `generation` at which the keys were
/// computed (every write and every move to another version bumps it), ``row(at:)`` gives the row of the key at a
/// position: a row of a ``LiveLeaf`` made for that leaf on first use and shared by the objects of the leaf. After a
/// change (a write during the iteration) it answers nil, and the objects find their rows as any object does.
///
/// Invariants: `leaves[i]` is nil or the leaf of `rows`' leaf `i`, made at `generation` in `rows.table`; the binder
/// holds every leaf it made for as long as it lives, so a ``FoundRow`` it gives stays good while it does. A row it
/// gives is only a shortcut: an object reads through it only while the leaf is current (LiveRow.swift), so a row
/// given after a change would be looked for again, never misread. Not `Sendable`: an iterator is used by one task,
/// and every answer is given on the realm's thread (checked per call).
final class ResultRowBinder {
    private let rows: ResultRows
    private let generation: Int
    /// The realm's state, borrowed: the iterator's binding context holds the realm (see ``BindingContext``).
    private let state: Unmanaged<RealmState>
    private let tableKey: TableKey
    /// The leaves made so far, by their index in `rows`.
    ///
    /// `@exclusivity(unchecked)`, with this proof: only ``row(at:)`` touches it, by reading one element or assigning
    /// one; what runs in between (making a ``LiveLeaf``) never reaches this binder, so no two accesses overlap.
    @exclusivity(unchecked) private var leaves: [LiveLeaf?]

    /// A binder for the live objects of `context`, whose query's scan found its keys at `rows` while the realm was at
    /// `generation`; nil for a frozen context.
    init?(_ context: BindingContext, rows: ResultRows, generation: Int) {
        guard let state = context.liveState else { return nil }
        self.rows = rows
        self.generation = generation
        self.state = state
        tableKey = context.table.tableKey
        leaves = Array(repeating: nil, count: rows.leafCount)
    }

    /// The row of the result's key at `position`, when the caller runs on the realm's thread and the realm has not
    /// changed since the keys were computed; nil otherwise.
    @inline(__always)
    func row(at position: Int) -> FoundRow? {
        guard position < rows.count,
            state._withUnsafeGuaranteedRef({ $0.generation == generation && $0.isConfined })
        else { return nil }
        let (index, row) = rows.position(at: position)
        if let leaf = leaves[index] {
            return FoundRow(leaf: Unmanaged.passUnretained(leaf), reader: leaf.reader(atRow: row))
        }
        let leaf = LiveLeaf(
            table: rows.table,
            tableKey: tableKey,
            location: rows.location(leaf: index, row: row),
            generation: generation
        )
        leaves[index] = leaf
        return FoundRow(leaf: Unmanaged.passUnretained(leaf), reader: leaf.firstReader)
    }
}

/// A live object's row as a ``ResultRowBinder`` gives it: a row of a leaf the binder holds.
struct FoundRow {
    let leaf: Unmanaged<LiveLeaf>
    let reader: RowReader
}
