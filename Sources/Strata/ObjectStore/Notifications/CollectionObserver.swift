import StrataCore

/// A collection's elements at one version, as an observer compares them: object keys, or values for a
/// collection of values.
struct CollectionSnapshot: Sendable {
    enum Elements: Equatable, Sendable {
        case keys([ObjectKey])
        case values([StrataCore.Value])
        /// A list property's elements, not read: only how many (``ObservedList``). The snapshot's version is then
        /// pinned, so that the elements can be read there if the logged edits do not tell the change.
        case listCount(Int)

        /// How many elements there are.
        var count: Int {
            switch self {
            case .keys(let keys): keys.count
            case .values(let values): values.count
            case .listCount(let count): count
            }
        }
    }

    let version: Version
    let elements: Elements
    /// The version itself, pinned while a consumer's base: rows are compared against it when the commits since
    /// are not in this process's history (another process made them).
    let pinned: FrozenSnapshot?
}

/// The observer behind a collection's `changes(keyPaths:)`: at each delivery it finds the collection's elements at
/// the realm's current version and the change from the snapshot its consumer last took.
///
/// A list property observed as it is (``ObservedList``) is not read at all: the observer keeps its length and the
/// version, and takes the change from the edits its commits logged by position, replayed as Realm's change builder
/// does (``ListChangeBuilder``), in time proportional to the change; where those do not tell it, the two versions'
/// elements are read and diffed.
///
/// Two ways, one result. A query over one table's own columns (``IncrementalQuery``) is maintained from the commits'
/// change log: the new keys come from the previous ones and the objects the commits touched, the change set from
/// where those objects were and are, in time proportional to the change. Any other collection, and any range of
/// commits this process's history does not cover (another process made them, or too many ago), reads the elements
/// again and diffs them: results of a query by ``ResultsDiff``'s rule (the same rule, so both ways report the same
/// change); a set, map or linking objects, and a list whose edits the history does not hold, by a minimal edit
/// script, where an element replaced at one position is a modification there, as Realm reports an assignment. An
/// element kept in place is a modification (old index) when the commits between the two versions changed it, as its
/// key-path filter counts changes.
///
/// `Output` is what the stream yields: the collection's change itself (``CollectionObserver``), or the change
/// `transform` makes of it (a ``ProjectedCollection``'s, from its list's or set's).
final class MappedCollectionObserver<Collection: RealmCollection, Output: Sendable>: StreamingObserver {
    private let collection: Collection
    private let filter: KeyPathFilter
    private let transform: (RealmCollectionChange<Collection>) -> Output
    let mailbox = ChangeMailbox<Output>()
    /// Whether the change log may be used (tests turn it off to compare the two ways).
    private let allowsIncremental: Bool
    /// The observed list property, when the collection is one as it is (its changes come from its logged edits).
    private let observedList: ObservedList?
    /// The observed query in its incremental form, bound once (nil: re-run; unset: not bound yet).
    private var incrementalQuery: IncrementalQuery??
    /// The newest snapshot this observer computed: the base of the next incremental update.
    private var latest: CollectionSnapshot?
    /// Deliveries whose keys were maintained from the change log, and those that read the collection again.
    private(set) var incrementalUpdates = 0
    private(set) var fullUpdates = 0
    /// For an observed list: the times its change was computed by diffing its elements (the logged edits did not
    /// tell it), and the times its elements were read at all (for that, or to place modified objects).
    private(set) var listDiffs = 0
    private(set) var listReads = 0

    init(
        _ collection: Collection,
        keyPaths: [String]?,
        schema: ResolvedSchema,
        allowsIncremental: Bool = true,
        transform: @escaping (RealmCollectionChange<Collection>) -> Output
    ) throws {
        self.collection = collection
        self.transform = transform
        self.allowsIncremental = allowsIncremental
        let results = collection._contents.results
        let table = results.flatMap { $0.holdsValues ? nil : schema.tables[$0.className] }
        filter = try KeyPathFilter(keyPaths, table: table, schema: schema)
        observedList = allowsIncremental ? results.flatMap(ObservedList.init) : nil
    }

    func deliver(failure error: any Error, _ state: RealmState) {
        fail(error, with: transform(.error(RealmError.wrapping(error))), state)
    }

    func deliver(_ state: RealmState) {
        guard let results = collection._contents.results else { return }
        let reader: any TransactionReading
        do {
            reader = try state.reader()
        } catch {
            return fail(error, with: transform(.error(RealmError.wrapping(error))), state)
        }
        let query = incremental(results, state, reader)
        let elements: CollectionSnapshot.Elements
        let pinned = results.source.pinnedSnapshot()
        if let observedList, pinned != nil {
            // Pinned, so that the elements can be read at this version later if the change needs them.
            do {
                elements = .listCount(try observedList.count(in: reader))
            } catch {
                return fail(error, with: transform(.error(error)), state)
            }
            incrementalUpdates += 1
        } else if allowsIncremental, let query, let keys = updatedKeys(query, state, reader) {
            elements = .keys(keys)
            incrementalUpdates += 1
        } else {
            do {
                elements =
                    results.holdsValues
                    ? .values(try results.currentPrimitiveValues()) : .keys(try results.currentObjectKeys())
            } catch {
                return fail(error, with: transform(.error(error)), state)
            }
            fullUpdates += 1
        }
        let snapshot = CollectionSnapshot(version: reader.version, elements: elements, pinned: pinned)
        latest = snapshot
        // A list or set whose object was deleted can never change again: its last element reports every element
        // deleted (as Realm does), or the stream just ends when it was empty.
        let ownerGone = collection is any AdoptableCollection && collection.isInvalidated
        var failure: (any Error)?
        mailbox.publish(snapshot, version: snapshot.version, last: ownerGone) { base in
            guard let base else { return transform(payload(snapshot) { .initial($0) }) }
            do {
                return try update(
                    from: base,
                    to: snapshot,
                    results: results,
                    query: query,
                    state: state,
                    reader: reader
                )
                .map(transform)
            } catch {
                // Reading a list's elements failed: the stream delivers the error (damage) after this.
                failure = error
                return nil
            }
        }
        if let failure { fail(failure, with: transform(.error(failure)), state) }
    }

    /// The observed query's incremental form, when it has one (a re-running observer still uses it to tell which
    /// objects the commits touched, so that both ways report the same change).
    private func incremental(
        _ results: Results<Collection.Element>,
        _ state: RealmState,
        _ reader: any TransactionReading
    ) -> IncrementalQuery? {
        if let incrementalQuery { return incrementalQuery }
        var query: IncrementalQuery?
        if results.base == nil, !results.holdsValues, let table = state.schema.tables[results.className] {
            let parsed = results.query ?? ParsedQuery(predicate: .truePredicate)
            // Binding reads the schema, not nodes, so its error is no damage: a query it cannot bind re-runs.
            query = (try? results.binder(reader, table).bind(parsed)).flatMap(IncrementalQuery.init)
        }
        incrementalQuery = .some(query)
        return query
    }

    /// The objects the commits from `old` to `new` touched in the query's table, in the sense of
    /// ``IncrementalQuery/collectRelevant(_:into:)``; nil when the history does not cover them, keeps the table only
    /// as changed wholesale, or the schema changed.
    private func relevantKeys(_ query: IncrementalQuery, from old: Version, to new: Version, _ database: Database)
        -> Set<ObjectKey>?
    {
        guard old < new else { return [] }
        guard let sets = database.changes(after: old) else { return nil }
        var keys = Set<ObjectKey>()
        for set in sets where set.version <= new {
            if set.schemaChanged {
                incrementalQuery = nil
                return nil
            }
            if let changes = set.tables[query.query.table] {
                if changes.isWholesale { return nil }
                query.collectRelevant(changes, into: &keys)
            }
        }
        return keys
    }

    /// The keys at `reader`'s version from the latest snapshot and the change log, or nil when that cannot be done.
    private func updatedKeys(_ query: IncrementalQuery, _ state: RealmState, _ reader: any TransactionReading)
        -> [ObjectKey]?
    {
        guard let latest, case .keys(let keys) = latest.elements, latest.version <= reader.version,
            let relevant = relevantKeys(query, from: latest.version, to: reader.version, state.database)
        else { return nil }
        if relevant.isEmpty { return keys }
        let update = { (before: any TransactionReading) in
            // A failure, damage included, makes `deliver` read the collection again, which reports it.
            try? query.updated(keys, relevant: relevant, before: before, after: reader)
        }
        guard query.needsOldVersion else { return update(reader) }
        return latest.pinned?.read(update) ?? nil
    }

    /// The element carrying the collection frozen at the current version (an error if it cannot be frozen); results
    /// of a query get the snapshot's keys, so reading the payload does not run the query again.
    private func payload(
        _ snapshot: CollectionSnapshot,
        _ make: (Collection) -> RealmCollectionChange<Collection>
    ) -> RealmCollectionChange<Collection> {
        RealmCollectionChange.frozen(collection) { frozen in
            if case .keys(let keys) = snapshot.elements, let results = frozen._contents.results, results.base == nil,
                !results.isWholeTable
            {
                results.cache.store(keys, for: Results<Collection.Element>.frozenStamp, evaluated: false)
            }
            return make(frozen)
        }
    }

    private func update(
        from base: CollectionSnapshot,
        to snapshot: CollectionSnapshot,
        results: Results<Collection.Element>,
        query: IncrementalQuery?,
        state: RealmState,
        reader: any TransactionReading
    ) throws -> RealmCollectionChange<Collection>? {
        guard base.version != snapshot.version || base.elements != snapshot.elements else { return nil }
        var changes: (deletions: [Int], insertions: [Int], modifications: [Int])?
        var (base, snapshot) = (base, snapshot)
        if let observedList {
            changes = try observedList.changes(
                from: base.version,
                count: base.elements.count,
                to: reader,
                count: snapshot.elements.count,
                before: base.pinned,
                filter: filter,
                elementTable: state.schema.tables[results.className],
                state: state
            ) { listReads += 1 }
            if changes == nil {
                // The logged edits do not tell the change: both versions' elements are read and diffed.
                listDiffs += 1
                listReads += 1
                base = try observedList.reading(base, reader)
                snapshot = try observedList.reading(snapshot, reader)
            }
        } else if allowsIncremental, let query, case .keys(let old) = base.elements,
            case .keys(let new) = snapshot.elements
        {
            changes = incrementalChanges(
                query,
                old,
                new,
                base: base,
                snapshot: snapshot,
                results: results,
                state: state,
                reader: reader
            )
        } else {
            changes = nil
        }
        let (deletions, insertions, modifications) =
            changes
            ?? fullChanges(from: base, to: snapshot, results: results, query: query, state: state, reader: reader)
        if deletions.isEmpty && insertions.isEmpty && modifications.isEmpty { return nil }
        return payload(snapshot) {
            .update($0, deletions: deletions, insertions: insertions, modifications: modifications)
        }
    }

    /// The change from the change log (nil when it does not cover the range, or the old version is not readable).
    private func incrementalChanges(
        _ query: IncrementalQuery,
        _ old: [ObjectKey],
        _ new: [ObjectKey],
        base: CollectionSnapshot,
        snapshot: CollectionSnapshot,
        results: Results<Collection.Element>,
        state: RealmState,
        reader: any TransactionReading
    ) -> (deletions: [Int], insertions: [Int], modifications: [Int])? {
        guard let relevant = relevantKeys(query, from: base.version, to: snapshot.version, state.database),
            let table = state.schema.tables[results.className], let pinned = base.pinned
        else { return nil }
        return pinned.read { before -> (deletions: [Int], insertions: [Int], modifications: [Int])? in
            // A failure, damage included, falls back to diffing the two snapshots' elements (already read).
            guard
                let (deletions, insertions, keptTouched) = try? query.changes(
                    from: old,
                    to: new,
                    relevant: relevant,
                    before: before,
                    after: reader
                )
            else { return nil }
            let changes = CommittedChanges(
                state.database,
                from: base.version,
                to: snapshot.version,
                before: before,
                after: reader
            )
            guard changes.isKnown else { return nil }
            var modifications: [Int] = []
            if filter.followsLinks(into: changes, from: table, schema: state.schema) {
                // A change to a linked object may modify any of them: every kept object is checked.
                let deleted = Set(deletions)
                for (index, key) in old.enumerated() where !deleted.contains(index) {
                    if filter.isModified(table, key, changes: changes, reader: reader, schema: state.schema) {
                        modifications.append(index)
                    }
                }
                return (deletions, insertions, modifications)
            }
            for key in changes.modifiedKeys(of: table.tableKey) {
                let index: Int?
                if relevant.contains(key) {
                    index = keptTouched[key]
                } else {
                    do {
                        index = try query.position(of: key, in: old, reading: before)
                    } catch {
                        // Damage included: the caller diffs the two snapshots' elements instead.
                        return nil
                    }
                }
                if let index, filter.isModified(table, key, changes: changes, reader: reader, schema: state.schema) {
                    modifications.append(index)
                }
            }
            return (deletions, insertions, modifications.sorted())
        }
    }

    /// The change from diffing the two snapshots' elements.
    private func fullChanges(
        from base: CollectionSnapshot,
        to snapshot: CollectionSnapshot,
        results: Results<Collection.Element>,
        query: IncrementalQuery?,
        state: RealmState,
        reader: any TransactionReading
    ) -> (deletions: [Int], insertions: [Int], modifications: [Int]) {
        // Elements placed by position (a list, set or map, not queried further), not by a query.
        let positional =
            results.query == nil && results.base.map { if case .backlinks = $0.kind { false } else { true } } == true
        var deletions: [Int] = []
        var insertions: [Int] = []
        var kept: [(old: Int, new: Int)] = []
        switch (base.elements, snapshot.elements) {
        case (.keys(let old), .keys(let new)) where results.base == nil:
            let touched = touchedKeys(results, query: query, from: base.version, to: snapshot.version, state: state)
            (deletions, insertions, kept) = ResultsDiff.diff(old, new) { touched?.contains($0) ?? true }
        case (.keys(let old), .keys(let new)):
            (deletions, insertions, kept) = Self.diff(old, new)
        case (.values(let old), .values(let new)):
            (deletions, insertions, kept) = Self.diff(old, new)
        default:
            return ([], [], [])
        }
        var modifications: [Int] = []
        if positional {
            // A position both removed and inserted is an assignment there.
            let replaced = Set(deletions).intersection(insertions)
            deletions.removeAll { replaced.contains($0) }
            insertions.removeAll { replaced.contains($0) }
            modifications = replaced.sorted()
        }
        if case .keys(let old) = base.elements, let table = state.schema.tables[results.className],
            base.version != snapshot.version
        {
            withCommittedChanges(from: base, to: snapshot, state: state, reader: reader) { changes in
                for (oldIndex, _) in kept
                where self.filter.isModified(
                    table,
                    old[oldIndex],
                    changes: changes,
                    reader: reader,
                    schema: state.schema
                ) {
                    modifications.append(oldIndex)
                }
            }
            modifications.sort()
        }
        return (deletions, insertions, modifications)
    }

    /// Calls `body` with what the commits from `base` to `snapshot` changed, with `base`'s pinned version to compare
    /// rows against when it has one (what the changes fall back to when the history does not cover them).
    private func withCommittedChanges(
        from base: CollectionSnapshot,
        to snapshot: CollectionSnapshot,
        state: RealmState,
        reader: any TransactionReading,
        _ body: (CommittedChanges) -> Void
    ) {
        func changes(_ before: (any TransactionReading)?) -> CommittedChanges {
            CommittedChanges(state.database, from: base.version, to: snapshot.version, before: before, after: reader)
        }
        if let pinned = base.pinned { pinned.read { body(changes($0)) } } else { body(changes(nil)) }
    }

    /// The objects of the results' table the commits touched, for ``ResultsDiff``: the relevant ones for an
    /// incremental query (so that both ways agree), else every one inserted, deleted or modified; nil when unknown.
    private func touchedKeys(
        _ results: Results<Collection.Element>,
        query: IncrementalQuery?,
        from old: Version,
        to new: Version,
        state: RealmState
    ) -> Set<ObjectKey>? {
        guard let table = state.schema.tables[results.className], let sets = state.database.changes(after: old) else {
            return nil
        }
        var keys = Set<ObjectKey>()
        for set in sets where set.version <= new {
            if set.schemaChanged { return nil }
            guard let changes = set.tables[table.tableKey] else { continue }
            if changes.isWholesale { return nil }
            if let query {
                query.collectRelevant(changes, into: &keys)
            } else {
                let net = changes.net
                keys.formUnion(net.insertions)
                keys.formUnion(net.deletions)
                keys.formUnion(net.modifications.keys)
            }
        }
        return keys
    }

    /// Deletions (old indices), insertions (new indices) and the elements kept (old and new index), from a
    /// minimal edit script.
    static func diff<Element: Equatable>(_ old: [Element], _ new: [Element]) -> (
        deletions: [Int], insertions: [Int], kept: [(old: Int, new: Int)]
    ) {
        if old == new { return ([], [], old.indices.map { ($0, $0) }) }
        let difference = new.difference(from: old)
        var deletions: [Int] = []
        var insertions: [Int] = []
        for change in difference {
            switch change {
            case .remove(let offset, _, _): deletions.append(offset)
            case .insert(let offset, _, _): insertions.append(offset)
            }
        }
        deletions.sort()
        insertions.sort()
        var kept: [(old: Int, new: Int)] = []
        let removed = Set(deletions)
        let added = Set(insertions)
        var newIndex = 0
        for oldIndex in old.indices where !removed.contains(oldIndex) {
            while added.contains(newIndex) { newIndex += 1 }
            kept.append((oldIndex, newIndex))
            newIndex += 1
        }
        return (deletions, insertions, kept)
    }
}

/// The observer behind a collection's `changes(keyPaths:)`, yielding its changes as they are.
typealias CollectionObserver<Collection: RealmCollection> = MappedCollectionObserver<
    Collection, RealmCollectionChange<Collection>
>

extension MappedCollectionObserver where Output == RealmCollectionChange<Collection> {
    /// An observer whose stream yields the collection's changes as they are.
    convenience init(
        _ collection: Collection,
        keyPaths: [String]?,
        schema: ResolvedSchema,
        allowsIncremental: Bool = true
    ) throws {
        try self.init(collection, keyPaths: keyPaths, schema: schema, allowsIncremental: allowsIncremental) { $0 }
    }
}
