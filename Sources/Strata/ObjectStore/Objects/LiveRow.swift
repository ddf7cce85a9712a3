import StrataCore

/// One leaf of a table as the version a realm reads has it, shared by the live objects whose rows were found in it.
///
/// A live object keeps its row as this leaf and a row number (``LiveRow``): one reference, where it kept the table,
/// the leaf and the read plan itself before. The realm keeps the leaf it found last (``RealmState/liveLeaf``), so the
/// objects of a walk in key order (iterating `Results`) find their rows there with no descent of the tree and no
/// reference counting but their own. The iterator of sorted `Results` makes one per leaf its query's scan found
/// objects in (ResultRowBinder.swift), and hands each object its row there.
///
/// The leaf is good while ``generation`` equals the realm's `generation`. Every write and every move to another
/// version bumps the realm's, which leaves every leaf stale; the one write that keeps a leaf good is a set in place
/// through it (``advance(to:)``): it changes one cell and moves no row (RowReader.swift in StrataCore, invariant 2).
final class LiveLeaf {
    // The fields are `var`s only for ``reuse(table:tableKey:location:generation:)``, which the realm calls when it
    // holds the only reference. `@exclusivity(unchecked)`, with the proof of ``lastReader`` below.
    /// The table the leaf was found in, in the version the realm read at ``generation``.
    @exclusivity(unchecked) private(set) var table: Table
    /// ``table``, borrowed (it holds it), for the sets in place that pass it on with no reference counted.
    @exclusivity(unchecked) private(set) var borrowedTable: Unmanaged<Table>
    @exclusivity(unchecked) private(set) var tableKey: TableKey
    /// The first row found in the leaf: the leaf itself and the tree's shape, for every row's location.
    @exclusivity(unchecked) private var location: RowLocation
    /// The table's read plan, which every reader of the leaf borrows.
    @exclusivity(unchecked) private var plan: AnyObject
    /// The reader of the last row found in the leaf: the next object of a walk in key order is on the row after it.
    ///
    /// `@exclusivity(unchecked)`, with this proof: a leaf is only reached by the live objects and the realm state of
    /// one realm, on that realm's thread (they check it before touching their rows), which runs one job at a time;
    /// there it is only read or assigned whole, never passed `inout`, so no two accesses overlap.
    @exclusivity(unchecked) private var lastReader: RowReader
    /// The realm `generation` at which the leaf is known to be current (the proof of ``lastReader``).
    @exclusivity(unchecked) private(set) var generation: Int

    /// The leaf of `location`, found in `table` at the realm's `generation`.
    init(table: Table, tableKey: TableKey, location: RowLocation, generation: Int) {
        (self.table, self.tableKey, self.location, plan, lastReader) = Self.fields(table, tableKey, location)
        borrowedTable = Unmanaged.passUnretained(table)
        self.generation = generation
    }

    /// Makes this leaf the one of `location`, found in `table` at `generation`, as `init` would: for the realm, when
    /// no object holds the leaf any more (a loop of lookups then allocates no leaf per object).
    func reuse(table: Table, tableKey: TableKey, location: RowLocation, generation: Int) {
        (self.table, self.tableKey, self.location, plan, lastReader) = Self.fields(table, tableKey, location)
        borrowedTable = Unmanaged.passUnretained(table)
        self.generation = generation
    }

    /// The stored fields of the leaf of `location` in `table`.
    private static func fields(_ table: Table, _ tableKey: TableKey, _ location: RowLocation)
        -> (Table, TableKey, RowLocation, AnyObject, RowReader)
    {
        let (reader, plan) = table.rowReader(at: location)
        return (table, tableKey, location, plan, reader)
    }

    /// The reader of the row the leaf was found for.
    var firstReader: RowReader { lastReader }

    /// The reader of object `key`'s row, when this leaf of `tableKey` is current at `generation` and holds the key.
    @inline(__always)
    func reader(of key: ObjectKey, in tableKey: TableKey, at generation: Int) -> RowReader? {
        guard self.generation == generation, self.tableKey == tableKey, let found = lastReader.sibling(key) else {
            return nil
        }
        lastReader = found
        return found
    }

    /// The location of row `row` of the leaf.
    func location(ofRow row: Int) -> RowLocation { location.moved(toRow: row) }

    /// The reader of row `row` of the leaf, a row it holds (one its query's scan found there: ResultRowBinder.swift),
    /// with no search; good while the leaf is current.
    @inline(__always)
    func reader(atRow row: Int) -> RowReader { lastReader.moved(toRow: row) }

    /// Notes that a set in place through this leaf, current at the realm's previous generation, moved the realm to
    /// `generation`: the leaf's rows are where they were.
    @inline(__always)
    func advance(to generation: Int) { self.generation = generation }
}

/// Where a live object's row is in the version its realm reads now: a row of a ``LiveLeaf``, good while the leaf is
/// current, or the generation at which the object was looked for and found gone.
///
/// Kept in the object (``ObjectBase/liveRow``) beside its binding, not in it, so that a property read takes the
/// binding in place with a read access and updates only this cache: the binding itself is never mutated after
/// it is assigned. Only live objects fill it, and only on their realm's thread (see ``ObjectBase/liveRow``).
struct LiveRow {
    var leaf: LiveLeaf?
    var row = -1
    /// The generation at which the object was looked for and not found (gone, or the search failed), else -1.
    var missingAt = -1

    /// Whether the row was looked for at `generation`: found in a leaf still current, or found missing then.
    @inline(__always)
    func isKnown(at generation: Int) -> Bool {
        missingAt == generation || leaf?.generation == generation
    }

    /// The row when it is known for `generation`: its table and location.
    @inline(__always)
    func current(at generation: Int) -> (Table, RowLocation)? {
        guard let leaf, leaf.generation == generation else { return nil }
        return (leaf.table, leaf.location(ofRow: row))
    }
}

/// A live object's row with every reference borrowed, so that the typed reads of `Persisted` copy it out of the object
/// and use it with no reference counting (RowReader.swift in StrataCore). Kept in the object
/// (``ObjectBase/liveReader``) beside its ``LiveRow``, which holds what it borrows.
///
/// Invariant: `reader`, when set, reads the row of the object's `liveRow` and borrows `liveRow.leaf` (which holds
/// the reader's leaf and plan); both fields are assigned together (``ObjectBase/keepRow(_:_:)``) and the binding
/// holds the realm (which holds `state`) and `resolved` for as long as they are kept (assigning a binding forgets
/// both).
struct LiveRowReader {
    var leaf: Unmanaged<LiveLeaf>?
    var reader: RowReader?
    var state: Unmanaged<RealmState>?
    var resolved: Unmanaged<ResolvedTable>?
    /// The object's key, for typed sets in place.
    var key = ObjectKey(-1)
    /// Set for a frozen object, which never has a live row: its reads skip looking for one. Assigned only with its
    /// binding, before the object is shared.
    var frozen = false

    /// The reader of the row and the column of property `index`, when the row is current: the caller runs on the
    /// realm's thread and the realm has not changed since the row's leaf was found (or set in place through). Nil
    /// sends a read down the general path (which also reports every misuse).
    @inline(__always)
    func current(_ index: Int) -> (RowReader, ColumnKey)? {
        guard let state, let reader, let resolved, let leaf else { return nil }
        let generation = leaf._withUnsafeGuaranteedRef { $0.generation }
        guard state._withUnsafeGuaranteedRef({ $0.isConfined && $0.generation == generation }) else { return nil }
        return resolved._withUnsafeGuaranteedRef { table in
            guard let position = table.scalarPositions[index] else { return nil }
            return (reader, table.scalarColumns[position])
        }
    }
}
