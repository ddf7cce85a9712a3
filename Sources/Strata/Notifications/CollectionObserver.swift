import StrataCore

/// A collection's elements at one version, as an observer compares them: object keys, or values for a
/// collection of values.
struct CollectionSnapshot: Sendable {
    enum Elements: Equatable, Sendable {
        case keys([ObjectKey])
        case values([StrataCore.Value])
    }

    let version: Version
    let elements: Elements
    /// The version itself, pinned while a consumer's base: rows are compared against it when the commits since
    /// are not in this process's history (another process made them).
    let pinned: FrozenSnapshot?
}

/// The observer behind a collection's `changes(keyPaths:)`: at each delivery it reads the collection's elements
/// at the realm's current version and diffs them with the snapshot its consumer last took.
///
/// The diff: elements removed (indices in the old snapshot) are deletions and elements added (indices in the new
/// one) insertions, from a minimal edit script, so an object that moves is a deletion and an insertion; an
/// element kept in place is a modification (old index) when the commits between the two versions changed it, as
/// its key-path filter counts changes. In a list, set or map, an element replaced at one position is reported as
/// a modification there, as Realm reports an assignment.
final class CollectionObserver<Collection: RealmCollection>: StreamingObserver {
    private let collection: Collection
    private let filter: KeyPathFilter
    let mailbox = ChangeMailbox<RealmCollectionChange<Collection>>()

    init(_ collection: Collection, keyPaths: [String]?, schema: ResolvedSchema) {
        self.collection = collection
        let results = collection._contents.results
        let table = results.flatMap { $0.holdsValues ? nil : schema.tables[$0.className] }
        filter = KeyPathFilter(keyPaths, table: table, schema: schema)
    }

    func deliver(_ state: RealmState) {
        guard let results = collection._contents.results, let reader = try? state.reader() else { return }
        let snapshot = CollectionSnapshot(
            version: reader.version,
            elements: results.holdsValues ? .values(results.primitiveValues) : .keys(results.objectKeys),
            pinned: results.source.pinnedSnapshot()
        )
        mailbox.publish(snapshot, version: snapshot.version) { base in
            guard let base else { return RealmCollectionChange.frozen(collection) { .initial($0) } }
            return update(from: base, to: snapshot, results: results, state: state, reader: reader)
        }
    }

    private func update(
        from base: CollectionSnapshot,
        to snapshot: CollectionSnapshot,
        results: Results<Collection.Element>,
        state: RealmState,
        reader: any TransactionReading
    ) -> RealmCollectionChange<Collection>? {
        // Elements placed by position (a list, set or map, not queried further), not by a query.
        let positional =
            results.query == nil && results.base.map { if case .backlinks = $0.kind { false } else { true } } == true
        var deletions: [Int] = []
        var insertions: [Int] = []
        var kept: [(old: Int, new: Int)] = []
        switch (base.elements, snapshot.elements) {
        case (.keys(let old), .keys(let new)):
            (deletions, insertions, kept) = Self.diff(old, new)
        case (.values(let old), .values(let new)):
            (deletions, insertions, kept) = Self.diff(old, new)
        default:
            return nil
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
            let findModifications = { (before: (any TransactionReading)?) in
                let changes = CommittedChanges(
                    state.database,
                    from: base.version,
                    to: snapshot.version,
                    before: before,
                    after: reader
                )
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
            if let pinned = base.pinned { pinned.read(findModifications) } else { findModifications(nil) }
            modifications.sort()
        }
        if deletions.isEmpty && insertions.isEmpty && modifications.isEmpty { return nil }
        return RealmCollectionChange.frozen(collection) {
            .update($0, deletions: deletions, insertions: insertions, modifications: modifications)
        }
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
