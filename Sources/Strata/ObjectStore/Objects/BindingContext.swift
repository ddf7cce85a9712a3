import StrataCore

/// What the managed objects of one table, bound through one realm source at one epoch, share: the source (which holds
/// the realm or the frozen snapshot), the table and, for live objects, the realm's state. An object's binding holds
/// this and its key: one strong reference instead of one per field. A `Results` iterator makes one context for every
/// object it yields; other paths share the one their realm's running job made last (``of(_:_:)``).
final class BindingContext {
    let source: RealmSource
    let table: ResolvedTable
    /// The realm's epoch when the context was made (see `Realm.invalidate()`).
    let epoch: Int
    /// For live objects, the realm's state: `source` holds the realm, which holds its state for its whole life, so
    /// this reference is borrowed without counting (each property read would otherwise retain and release the realm
    /// and its state).
    let liveState: Unmanaged<RealmState>?
    /// Whether `source` is a frozen snapshot.
    let isFrozen: Bool
    /// The table's class and whether it is `Encodable` (read once here: each read through the table retains it).
    let type: ObjectBase.Type
    let isEncodable: Bool
    /// Whether the table's class has ``RealmProperty`` properties, which an object binds when it is bound.
    let hasRealmProperties: Bool
    /// Whether an object of the table's class may be rebound to another row (`ObjectClassInfo.isRecyclable`).
    let isRecyclable: Bool

    /// A context for objects of `table` read through `source`: for a live source, the one the running job of its
    /// realm made last for `table`, at the realm's epoch (``RealmExecutor/jobBindingContext``), so that the objects
    /// of a loop of lookups or adds share one. A live source must be used on its realm's thread (this stops with
    /// Realm's message otherwise).
    static func of(_ source: RealmSource, _ table: ResolvedTable) -> BindingContext {
        guard case .live(let realm) = source else { return BindingContext(source: source, table: table) }
        let state = realm.access.checked("object")
        let executor = state.executor
        if let last = executor.jobBindingContext, last.table === table, last.epoch == state.epoch,
            last.liveState?.toOpaque() == Unmanaged.passUnretained(state).toOpaque()
        {
            return last
        }
        let made = BindingContext(source: source, table: table)
        executor.jobBindingContext = made
        return made
    }

    /// A new context for objects of `table` read through `source`; a live source must be used on its realm's thread
    /// (this stops with Realm's message otherwise).
    init(source: RealmSource, table: ResolvedTable) {
        self.source = source
        self.table = table
        isFrozen = source.isFrozen
        let info = table.info
        type = info.type
        isEncodable = info.isEncodable
        hasRealmProperties = info.hasRealmProperties
        isRecyclable = info.isRecyclable
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
