import StrataCore

/// Where a live object's row is in the version its realm reads now: the row's table and location, good while
/// the realm's `generation` equals `generation` (every write and every move to a newer version bumps it).
///
/// Kept in the object (``ObjectBase/liveRow``) beside its binding, not in it, so that a property read takes the
/// binding in place with a read access and updates only this cache: the binding itself is never mutated after
/// it is assigned. Only live objects fill it, and only on their realm's thread (see ``ObjectBase/liveRow``).
struct LiveRow {
    var table: Table?
    var location: RowLocation?
    var generation = -1
    /// What the object's ``LiveRowReader`` borrows besides `location`'s leaf (the table's read plan), held here.
    var anchor: AnyObject?

    /// The row when it is known for `generation`: its table and location.
    @inline(__always)
    func current(at generation: Int) -> (Table, RowLocation)? {
        guard self.generation == generation, let table, let location else { return nil }
        return (table, location)
    }
}

/// A live object's row with every reference borrowed, so that the typed reads of `Persisted` copy it out of the object
/// and use it with no reference counting (RowReader.swift in StrataCore). Kept in the object
/// (``ObjectBase/liveReader``) beside its ``LiveRow``, which holds what it borrows.
///
/// Invariant: `reader`, when set, reads the row of the object's `liveRow.location` and borrows that location's leaf
/// and `liveRow.anchor`; both fields are assigned together (``ObjectBase/keepRow(_:_:)``) and the binding holds the
/// realm (which holds `state`) and `resolved` for as long as they are kept (assigning a binding forgets both).
struct LiveRowReader {
    var generation = -1
    var reader: RowReader?
    var state: Unmanaged<RealmState>?
    var resolved: Unmanaged<ResolvedTable>?
    /// The object's key and `liveRow.table`, borrowed, for typed sets in place.
    var key = ObjectKey(-1)
    var table: Unmanaged<Table>?
    /// Set for a frozen object, which never has a live row: its reads skip looking for one. Assigned only with its
    /// binding, before the object is shared.
    var frozen = false

    /// The reader of the row and the column of property `index`, when the row is current: the caller runs on the
    /// realm's thread and the realm has not changed since the row was found. Nil sends a read down the general path
    /// (which also reports every misuse).
    @inline(__always)
    func current(_ index: Int) -> (RowReader, ColumnKey)? {
        guard let state, let reader, let resolved else { return nil }
        let generation = self.generation
        guard state._withUnsafeGuaranteedRef({ $0.isConfined && $0.generation == generation }) else { return nil }
        return resolved._withUnsafeGuaranteedRef { table in
            guard let position = table.scalarPositions[index] else { return nil }
            return (reader, table.scalarColumns[position])
        }
    }
}
