import Foundation
import StrataCore

/// Sectioned results at one version, as an observer compares them: each section's key and its objects' keys.
struct SectionedSnapshot: Sendable {
    let version: Version
    let keys: [StrataCore.Value]
    /// Each section's elements, each as a one-element `CollectionSnapshot.Elements` (an object key or a value).
    let sections: [[CollectionSnapshot.Elements]]
    /// For sections of a list's values: each section's values as their positions in the list, and the list's
    /// length (rule (5) of ``SectionedObserver``); nil otherwise.
    var listPositions: (sections: [[Int]], count: Int)? = nil
}

/// The observer behind `changes(keyPaths:)` of ``SectionedResults`` and of one ``ResultsSection``: at each delivery
/// it reads the sections at the realm's current version and compares them, section key by section key, with the
/// snapshot its consumer last took (the diff within a section is `CollectionObserver`'s).
///
/// The change is realm-core's (`SectionedResultsNotificationHandler` in sectioned_results.cpp):
///   (1) Index paths are `[section, item]`: deletions and modifications name the section's position and the
///       object's position in it in the old snapshot, insertions both in the new one.
///   (2) A key with objects only in the new snapshot is in `sectionsToInsert` and each of its objects is an
///       insertion; a key with objects only in the old one is in `sectionsToDelete`, and its objects are not
///       listed as deletions.
///   (3) An object that stays in its section, is modified (as the key-path filter counts changes) and keeps its
///       position in the section is a modification; modified at another position, it is a deletion at the old
///       position plus an insertion at the new one (realm-core: "we err on the side of producing deletes and
///       inserts for everything that isn't marked as modified in both the old and new versions").
///   (4) Observing one section (`section` set) reports only what (1)-(3) say about that key, and nothing at all
///       (no element) when they say nothing about it; such a silent change still becomes the base of the next
///       one, whose old positions are therefore the section's at the version just before it, as realm-core's
///       handler, which moves its previous state forward at every run, reports them.
///   (5) The values of a list are followed as realm-core follows them, by their positions in the list: the list's
///       logged edits map each old position to its new one, and a value set in place is a modification (a value
///       kept where it was, under rule (3)); where the history does not tell the edits, values are compared as
///       they are.
final class SectionedObserver<Key: _Persistable & Hashable, Element: RealmCollectionValue, Observed: Sendable>:
    StreamingObserver
{
    private let sectioned: SectionedResults<Key, Element>.State
    /// The key of the one section observed, or nil for every section.
    private let section: StrataCore.Value?
    /// What an element carries, made from the sectioned results frozen at the version it describes.
    private let observed: (SectionedResults<Key, Element>.State) -> Observed
    private let filter: KeyPathFilter
    let mailbox = ChangeMailbox<SectionedResultsChange<Observed>>()

    /// An observer of `sectioned`, or of its section keyed `section`, whose elements carry `observed(frozen)`.
    init(
        _ sectioned: SectionedResults<Key, Element>.State,
        section: StrataCore.Value?,
        keyPaths: [String]?,
        schema: ResolvedSchema,
        observed: @escaping (SectionedResults<Key, Element>.State) -> Observed
    ) throws {
        self.sectioned = sectioned
        self.section = section
        self.observed = observed
        let results = sectioned.results
        filter = try KeyPathFilter(
            keyPaths,
            table: results.holdsValues ? nil : schema.tables[results.className],
            schema: schema
        )
    }

    /// Its elements have no error case (Realm Swift's shape): damage ends the stream (Caveats.md).
    func deliver(failure error: any Error, _ state: RealmState) {
        if ReadFailure.isDamage(error) { end() }
    }

    func deliver(_ state: RealmState) {
        let results = sectioned.results
        let reader: any TransactionReading
        let elements: [StrataCore.Value]
        let keys: [ObjectKey]
        var listPositions: (positions: [Int], count: Int)?
        do {
            reader = try state.reader()
            // Sections of values are compared by their values, as keys standing for them.
            elements = results.holdsValues ? try results.currentPrimitiveValues() : []
            keys = results.holdsValues ? [] : try results.currentObjectKeys()
            if results.holdsValues, let base = results.base, ObservedList(list: base) != nil {
                let values = try realmErrors { try base.values(reader) }
                listPositions = (ValueQuery.positions(results.query, over: values), values.count)
            }
        } catch {
            // `SectionedResultsChange` has no error case (Realm Swift's shape): damage ends the stream (Caveats.md).
            if ReadFailure.isDamage(error) { end() }
            return
        }
        let layout = sectioned.layout
        var snapshot = SectionedSnapshot(
            version: reader.version,
            keys: layout.keys,
            sections: layout.positions.map { positions in
                positions.map { results.holdsValues ? .values([elements[$0]]) : .keys([keys[$0]]) }
            }
        )
        if let (positions, count) = listPositions, positions.count == elements.count {
            snapshot.listPositions = (layout.positions.map { $0.map { positions[$0] } }, count)
        }
        mailbox.publish(snapshot, version: snapshot.version, rebasing: section != nil) { base in
            // Freezing pins the version (no node read); its one error is the version limit.
            guard let base else { return (try? sectioned.frozen()).map { .initial(observed($0)) } }
            return update(from: base, to: snapshot, state: state, reader: reader)
        }
    }

    private func update(
        from old: SectionedSnapshot,
        to new: SectionedSnapshot,
        state: RealmState,
        reader: any TransactionReading
    ) -> SectionedResultsChange<Observed>? {
        let oldSection = Dictionary(old.keys.enumerated().map { ($1, $0) }) { first, _ in first }
        let newSection = Dictionary(new.keys.enumerated().map { ($1, $0) }) { first, _ in first }
        let observes = { (key: StrataCore.Value) in self.section.map { $0 == key } ?? true }
        let sectionsToDelete = IndexSet(
            old.keys.indices.filter { observes(old.keys[$0]) && newSection[old.keys[$0]] == nil }
        )
        let sectionsToInsert = IndexSet(
            new.keys.indices.filter { observes(new.keys[$0]) && oldSection[new.keys[$0]] == nil }
        )
        let table = state.schema.tables[sectioned.results.className]
        let changes = CommittedChanges(state.database, from: old.version, to: new.version)
        let followed = listIdentities(from: old, to: new, state: state, reader: reader)
        // Whether an element kept in its section was modified: a list's value set in place (rule (5)), or an object
        // the commits changed as the key-path filter counts it.
        func isModified(_ element: CollectionSnapshot.Elements) -> Bool {
            guard let key = element.firstKey else { return false }
            if let followed { return followed.modified.contains(Int(key.rawValue)) }
            guard let table else { return false }
            return filter.isModified(table, key, changes: changes, reader: reader, schema: state.schema)
        }
        var deletions: [IndexPath] = []
        var insertions: [IndexPath] = []
        var modifications: [IndexPath] = []
        for (newIndex, key) in new.keys.enumerated() where observes(key) {
            guard let oldIndex = oldSection[key] else {
                insertions += new.sections[newIndex].indices.map { IndexPath(indexes: [newIndex, $0]) }
                continue
            }
            let before = followed?.old[oldIndex] ?? old.sections[oldIndex]
            let diff = CollectionObserver<Results<Element>>.diff(
                before,
                followed?.new[newIndex] ?? new.sections[newIndex]
            )
            deletions += diff.deletions.map { IndexPath(indexes: [oldIndex, $0]) }
            insertions += diff.insertions.map { IndexPath(indexes: [newIndex, $0]) }
            guard old.version != new.version else { continue }
            for (item, newItem) in diff.kept where isModified(before[item]) {
                if item == newItem {
                    modifications.append(IndexPath(indexes: [oldIndex, item]))
                } else {
                    deletions.append(IndexPath(indexes: [oldIndex, item]))
                    insertions.append(IndexPath(indexes: [newIndex, newItem]))
                }
            }
        }
        if deletions.isEmpty && insertions.isEmpty && modifications.isEmpty && sectionsToInsert.isEmpty
            && sectionsToDelete.isEmpty
        {
            return nil
        }
        // Freezing pins the version (no node read); its one error is the version limit.
        guard let frozen = try? sectioned.frozen() else { return nil }
        return .update(
            observed(frozen),
            deletions: deletions.sorted(),
            insertions: insertions.sorted(),
            modifications: modifications.sorted(),
            sectionsToInsert: sectionsToInsert,
            sectionsToDelete: sectionsToDelete
        )
    }

    /// For sections of a list's values (rule (5)): each section's values as identities that survive the list's
    /// edits (a value's old position in the list; a value the edits inserted, an identity of its own), and the old
    /// positions the edits modified; nil for objects, or when the history does not tell the list's edits.
    private func listIdentities(
        from old: SectionedSnapshot,
        to new: SectionedSnapshot,
        state: RealmState,
        reader: any TransactionReading
    ) -> (old: [[CollectionSnapshot.Elements]], new: [[CollectionSnapshot.Elements]], modified: Set<Int>)? {
        guard let (oldSections, oldCount) = old.listPositions, let (newSections, newCount) = new.listPositions,
            old.version < new.version, let base = sectioned.results.base, let list = ObservedList(list: base)
        else { return nil }
        // A list of values reads no element here (no element table), so the one failure left is a history that
        // does not tell the edits, which `nil` reports: the values are then compared as they are.
        guard
            let change = try? list.changes(
                from: old.version,
                count: oldCount,
                to: reader,
                count: newCount,
                before: nil,
                filter: filter,
                elementTable: nil,
                state: state,
                elementsRead: {}
            )
        else { return nil }
        let deleted = Set(change.deletions)
        let inserted = Set(change.insertions)
        var kept = (0..<oldCount).lazy.filter { !deleted.contains($0) }.makeIterator()
        let origin = (0..<newCount).map { position in
            // (The edits account for both lengths, so every position not inserted has an old one.)
            inserted.contains(position) ? -1 - Int64(position) : Int64(kept.next() ?? -1 - position)
        }
        func identity(_ value: Int64) -> CollectionSnapshot.Elements { .keys([ObjectKey(value)]) }
        return (
            oldSections.map { $0.map { identity(Int64($0)) } },
            newSections.map { $0.map { identity(origin[$0]) } },
            Set(change.modifications)
        )
    }
}

extension CollectionSnapshot.Elements {
    /// The object key of a one-object element.
    var firstKey: ObjectKey? { if case .keys(let keys) = self { keys.first } else { nil } }
}
