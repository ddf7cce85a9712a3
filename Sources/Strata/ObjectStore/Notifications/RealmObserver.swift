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
    /// Reports `error`, damage met while the realm moved to a newer version, as the stream's last element (its
    /// `.error`, or its end for a stream whose elements have no error case), as a failed read of its own would.
    func deliver(failure error: any Error, _ state: RealmState)
    /// Called before a delivery with the version it reads, so that a commit a token skips is recognised.
    func arrive(at version: Version)
    /// Called after a delivery.
    func depart()
}

extension RealmObserver {
    /// One delivery at the realm's current version, between ``arrive(at:)`` and ``depart()``: what the realm
    /// runs for each observer.
    func runDelivery(_ state: RealmState) {
        // An error here (a closed realm, damage) meets `deliver` again, which reports it (ReadFailure.swift).
        if let version = try? state.reader().version { arrive(at: version) }
        deliver(state)
        depart()
    }
}

/// An observer whose consumer is a ``ChangeStream`` of `Element`s.
protocol StreamingObserver: RealmObserver {
    associatedtype Element: Sendable
    var mailbox: ChangeMailbox<Element> { get }
}

extension StreamingObserver {
    var isEnded: Bool { mailbox.isEnded }

    /// Ends the stream with `element`, the observer's `.error` for `error`, when a delivery's read failed with damage
    /// (ReadFailure.swift: streams deliver `.error` and end). `error` that is not damage (the realm was closed,
    /// which ends the stream itself through ``end()``) delivers nothing.
    func fail(_ error: any Error, with element: @autoclosure () -> Element?, _ state: RealmState) {
        guard ReadFailure.isDamage(error), let element = element() else { return }
        let version = state.database.latestVersion
        mailbox.publish(version, version: version, last: true) { _ in element }
    }

    func end() { mailbox.end() }

    func arrive(at version: Version) { mailbox.arrive(at: version) }

    func depart() { mailbox.depart() }
}

extension RealmSource {
    /// Registers the observer `make` builds (from the realm's schema) on this source's live realm, delivers its
    /// first element, and returns its stream: what every `changes(keyPaths:)` does. A frozen source stops with
    /// Realm's message; the caller must run on the realm's executor (the checked accessor stops otherwise).
    ///
    /// When `make` throws (a key path the observed type lacks, which may come from a request), nothing is
    /// registered: the stream delivers the error as its one element when its element type has an `.error` case, and
    /// ends; the error is logged either way.
    func changeStream<Observer: StreamingObserver>(
        _ make: (ResolvedSchema) throws -> Observer
    ) -> ChangeStream<Observer.Element> {
        guard case .live(let realm) = self else {
            preconditionFailure("Frozen Realms do not change and do not have change notifications.")
        }
        let state = realm.access.checked("changes(keyPaths:)")
        let observer: Observer
        do {
            observer = try make(state.schema)
        } catch {
            realm.configuration.log(
                .error,
                .notifications,
                "an observation could not start: \(error)",
                metadata: ["path": realm.configuration.path]
            )
            return ChangeStream(failing: error)
        }
        if let metrics = realm.configuration.metrics {
            observer.mailbox.measureLag(NotificationLagProbe(database: state.database, metrics: metrics))
        }
        observer.mailbox.register(on: realm)
        realm.register(observer, state)
        return ChangeStream(mailbox: observer.mailbox)
    }
}

/// What the commits between two versions changed, merged: for each table, the objects modified and their
/// columns, and the objects inserted or deleted. When this process's history does not cover the range (another
/// process committed, nothing observed then, or too many or too large commits ago) the changes are unknown, and a
/// table the history kept only as changed wholesale is unknown in the same way: an object's changed columns are then
/// found by comparing its row at the two versions, when the old one is still readable, and every column counts
/// as changed when it is not.
struct CommittedChanges {
    private var modified: [TableKey: [ObjectKey: ColumnSet]] = [:]
    private var touchedTables: Set<TableKey> = []
    /// Tables whose changes the history kept only as "changed wholesale": their objects are compared as when the
    /// changes are unknown.
    private var wholesaleTables: Set<TableKey> = []
    let isKnown: Bool
    /// Answers of ``remembered(_:object:depth:paths:_:)``; shared by copies of these changes, all read on one actor.
    private let reachAnswers = ReachAnswers()
    /// The two versions' readers, for comparing rows when the history is unknown.
    private var before: (any TransactionReading)?
    private var after: (any TransactionReading)?

    init(
        _ database: Database,
        from old: Version,
        to new: Version,
        before: (any TransactionReading)? = nil,
        after: (any TransactionReading)? = nil
    ) {
        self.before = before
        self.after = after
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
                if changes.isWholesale { wholesaleTables.insert(table) }
                for (key, columns) in changes.modifications {
                    modified[table, default: [:]][key, default: ColumnSet()].formUnion(columns)
                }
            }
        }
    }

    /// Whether the history logged every change to `table` in the range, so that ``columns(_:_:)`` lists each column
    /// the commits set (a set that kept the value included), not the columns whose values differ.
    func logs(_ table: TableKey) -> Bool { isKnown && !wholesaleTables.contains(table) }

    /// The changed columns of an object (nil: not modified).
    func columns(_ table: ResolvedTable, _ key: ObjectKey) -> ColumnSet? {
        guard isKnown, !wholesaleTables.contains(table.tableKey) else { return compared(table, key) }
        return modified[table.tableKey]?[key]
    }

    /// The columns whose stored values differ between the two versions; every column when the old version is
    /// not readable, or a read fails (damage included: a change is never hidden, and the reads of the object that
    /// follow report the damage, ReadFailure.swift).
    private func compared(_ table: ResolvedTable, _ key: ObjectKey) -> ColumnSet? {
        guard let before, let after else { return ColumnSet.everything }
        do {
            let old = try before.table(table.tableKey)
            let new = try after.table(table.tableKey)
            guard try old.contains(key) else { return ColumnSet.everything }
            var changed: ColumnSet?
            for case let column? in table.columns where try old.value(key, column) != new.value(key, column) {
                changed = changed ?? ColumnSet()
                changed?.insert(column)
            }
            return changed
        } catch {
            return ColumnSet.everything
        }
    }

    /// The objects of `table` modified (not inserted or deleted) in the range; empty when the changes are unknown.
    func modifiedKeys(of table: TableKey) -> Dictionary<ObjectKey, ColumnSet>.Keys {
        (modified[table] ?? [:]).keys
    }

    /// Whether the commits modified a property column (not only the stored backlinks other objects' links keep) of
    /// some object of `table`; always true when that is unknown.
    func modifiesProperties(of table: ResolvedTable) -> Bool {
        guard isKnown, !wholesaleTables.contains(table.tableKey) else { return true }
        guard let objects = modified[table.tableKey] else { return false }
        var properties = ColumnSet()
        for case let column? in table.columns { properties.insert(column) }
        return objects.values.contains { $0.intersects(properties) }
    }

    /// Whether anything in `table` changed (always true when the changes are unknown).
    func touches(_ table: TableKey) -> Bool { !isKnown || touchedTables.contains(table) }

    /// The answer `compute` gives for `table` (or its object `object`) at `depth` along `paths`, computed once for
    /// these changes: a walk over a collection asks ``KeyPathFilter/followsLinks(into:from:schema:depth:)`` the same
    /// question for every object, and a deep walk reaches one linked object from many.
    func remembered(
        _ table: TableKey,
        object: ObjectKey? = nil,
        depth: Int,
        paths: [[String]]?,
        _ compute: () -> Bool
    ) -> Bool {
        let question = ReachQuestion(table: table, object: object, depth: depth, paths: paths)
        if let answer = reachAnswers.answers[question] { return answer }
        let answer = compute()
        reachAnswers.answers[question] = answer
        return answer
    }
}

/// A question ``CommittedChanges/remembered(_:object:depth:paths:_:)`` answers once: whether a change can be reached from a
/// table (or one object of it), at a link depth, along key paths.
private struct ReachQuestion: Hashable {
    let table: TableKey
    /// The object the question is about, or nil for the table as a whole.
    let object: ObjectKey?
    let depth: Int
    let paths: [[String]]?
}

/// The remembered answers of one ``CommittedChanges``.
private final class ReachAnswers {
    var answers: [ReachQuestion: Bool] = [:]
}

extension ColumnSet {
    /// A set that answers `contains` true for the columns of any table of fewer than 64 columns.
    static var everything: ColumnSet {
        var set = ColumnSet()
        for column in 0..<64 { set.insert(ColumnKey(UInt32(column))) }
        return set
    }
}
