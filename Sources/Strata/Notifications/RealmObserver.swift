import StrataCore

/// An observation registered on a live realm (a collection's, an object's or the realm's own stream): at each
/// delivery it computes, at the realm's current version, the change since what its consumer last took, and
/// offers it to the consumer's ``ChangeMailbox``.
///
/// Observers live in the realm's state and run on its actor: registered by `changes(keyPaths:)`, delivered after
/// the realm's own commits, after another realm's commit reaches it, and on `refresh()`; dropped once their
/// consumer's stream ended.
protocol RealmObserver: AnyObject {
    /// Whether the consumer went away.
    var isEnded: Bool { get }
    /// Offers the change since the consumer's last element, at the realm's current version.
    func deliver(_ state: RealmState)
    /// Ends the consumer's stream (the realm closed).
    func end()
}

/// What the commits between two versions changed, merged: for each table, the objects modified and their
/// columns, and the objects inserted or deleted. Unknown (`isKnown` false) when the history no longer covers the
/// range, in which case every object counts as modified.
struct CommittedChanges {
    private var modified: [TableKey: [ObjectKey: ColumnSet]] = [:]
    private var touchedTables: Set<TableKey> = []
    let isKnown: Bool

    init(_ database: Database, from old: Version, to new: Version) {
        guard old < new else {
            isKnown = true
            return
        }
        guard let sets = database.changes(after: old) else {
            isKnown = false
            return
        }
        isKnown = true
        for set in sets where set.version <= new {
            for (table, changes) in set.tables {
                touchedTables.insert(table)
                for (key, columns) in changes.modifications {
                    var merged = modified[table]?[key] ?? ColumnSet()
                    for column in columns.columns { merged.insert(column) }
                    modified[table, default: [:]][key] = merged
                }
            }
        }
    }

    /// The changed columns of an object (nil: not modified); every column when the changes are unknown.
    func columns(_ table: TableKey, _ key: ObjectKey) -> ColumnSet? {
        guard isKnown else { return ColumnSet.everything }
        return modified[table]?[key]
    }

    /// Whether anything in `table` changed (always true when the changes are unknown).
    func touches(_ table: TableKey) -> Bool { !isKnown || touchedTables.contains(table) }
}

extension ColumnSet {
    /// A set that answers `contains` true for the columns of any table of fewer than 64 columns.
    static var everything: ColumnSet {
        var set = ColumnSet()
        for column in 0..<64 { set.insert(ColumnKey(UInt32(column))) }
        return set
    }
}
