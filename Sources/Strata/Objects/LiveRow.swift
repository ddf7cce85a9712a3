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

    /// The row when it is known for `generation`: its table and location.
    @inline(__always)
    func current(at generation: Int) -> (Table, RowLocation)? {
        guard self.generation == generation, let table, let location else { return nil }
        return (table, location)
    }
}
