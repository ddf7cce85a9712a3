import StrataCore

/// What the managed objects of one table, bound through one realm source at one epoch, share: the source (which holds
/// the realm or the frozen snapshot), the table and, for live objects, the realm's state. An object's binding holds
/// this and its key: one strong reference instead of one per field. A `Results` iterator makes one context for every
/// object it yields; other paths make one per object.
final class BindingContext {
    let source: RealmSource
    let table: ResolvedTable
    /// The realm's epoch when the context was made (see `Realm.invalidate()`).
    let epoch: Int
    /// For live objects, the realm's state: `source` holds the realm, which holds its state for its whole life, so
    /// this reference is borrowed without counting (each property read would otherwise retain and release the realm
    /// and its state).
    let liveState: Unmanaged<RealmState>?

    /// A context for objects of `table` read through `source`; a live source must be used on its realm's thread (this
    /// stops with Realm's message otherwise).
    init(source: RealmSource, table: ResolvedTable) {
        self.source = source
        self.table = table
        if case .live(let realm) = source {
            let state = realm.access.checked("object")
            epoch = state.epoch
            liveState = Unmanaged.passUnretained(state)
        } else {
            epoch = 0
            liveState = nil
        }
    }
}
