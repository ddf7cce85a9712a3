import Foundation
import StrataCore

/// Sectioned results at one version, as an observer compares them: each section's key and its objects' keys.
struct SectionedSnapshot: Sendable {
    let version: Version
    let keys: [StrataCore.Value]
    /// Each section's elements, each as a one-element `CollectionSnapshot.Elements` (an object key or a value).
    let sections: [[CollectionSnapshot.Elements]]
}

/// The observer behind `SectionedResults.changes(keyPaths:)`: at each delivery it reads the sections at the
/// realm's current version and compares them, section key by section key, with the snapshot its consumer last
/// took (the diff within a section is `CollectionObserver`'s).
final class SectionedObserver<Key: _Persistable & Hashable, Element: RealmCollectionValue>: StreamingObserver {
    private let sectioned: SectionedResults<Key, Element>
    private let filter: KeyPathFilter
    let mailbox = ChangeMailbox<SectionedResultsChange<SectionedResults<Key, Element>>>()

    init(_ sectioned: SectionedResults<Key, Element>, keyPaths: [String]?, schema: ResolvedSchema) {
        self.sectioned = sectioned
        let results = sectioned.state.results
        filter = KeyPathFilter(
            keyPaths,
            table: results.holdsValues ? nil : schema.tables[results.className],
            schema: schema
        )
    }

    func deliver(_ state: RealmState) {
        guard let reader = try? state.reader() else { return }
        let results = sectioned.state.results
        let layout = sectioned.state.layout
        // Sections of values are compared by their values, as keys standing for them.
        let elements: [StrataCore.Value] = results.holdsValues ? results.primitiveValues : []
        let keys = results.holdsValues ? [] : results.objectKeys
        let snapshot = SectionedSnapshot(
            version: reader.version,
            keys: layout.keys,
            sections: layout.positions.map { positions in
                positions.map { results.holdsValues ? .values([elements[$0]]) : .keys([keys[$0]]) }
            }
        )
        mailbox.publish(snapshot, version: snapshot.version) { base in
            guard let base else { return (try? sectioned.freeze()).map { .initial($0) } }
            return update(from: base, to: snapshot, state: state, reader: reader)
        }
    }

    private func update(
        from old: SectionedSnapshot,
        to new: SectionedSnapshot,
        state: RealmState,
        reader: any TransactionReading
    ) -> SectionedResultsChange<SectionedResults<Key, Element>>? {
        let oldSection = Dictionary(old.keys.enumerated().map { ($1, $0) }) { first, _ in first }
        let newSection = Dictionary(new.keys.enumerated().map { ($1, $0) }) { first, _ in first }
        let sectionsToDelete = IndexSet(old.keys.indices.filter { newSection[old.keys[$0]] == nil })
        let sectionsToInsert = IndexSet(new.keys.indices.filter { oldSection[new.keys[$0]] == nil })
        let table = state.schema.tables[sectioned.state.results.className]
        let changes = CommittedChanges(state.database, from: old.version, to: new.version)
        var deletions: [IndexPath] = []
        var insertions: [IndexPath] = []
        var modifications: [IndexPath] = []
        for (newIndex, key) in new.keys.enumerated() {
            guard let oldIndex = oldSection[key] else {
                insertions += new.sections[newIndex].indices.map { IndexPath(indexes: [newIndex, $0]) }
                continue
            }
            let before = old.sections[oldIndex]
            let diff = CollectionObserver<Results<Element>>.diff(before, new.sections[newIndex])
            deletions += diff.deletions.map { IndexPath(indexes: [oldIndex, $0]) }
            insertions += diff.insertions.map { IndexPath(indexes: [newIndex, $0]) }
            guard let table, old.version != new.version else { continue }
            for (item, _) in diff.kept
            where before[item].firstKey.map({
                filter.isModified(table, $0, changes: changes, reader: reader, schema: state.schema)
            }) == true {
                modifications.append(IndexPath(indexes: [oldIndex, item]))
            }
        }
        if deletions.isEmpty && insertions.isEmpty && modifications.isEmpty && sectionsToInsert.isEmpty
            && sectionsToDelete.isEmpty
        {
            return nil
        }
        guard let frozen = try? sectioned.freeze() else { return nil }
        return .update(
            frozen,
            deletions: deletions.sorted(),
            insertions: insertions.sorted(),
            modifications: modifications.sorted(),
            sectionsToInsert: sectionsToInsert,
            sectionsToDelete: sectionsToDelete
        )
    }
}

extension SectionedResults {
    /// The sections' changes as an `AsyncSequence`: first `.initial`, then an `.update` after each write that
    /// changes them, each carrying the sectioned results frozen at the version it describes.
    ///
    /// ```swift
    /// let changes = await realm.read { realm in realm.objects(Dog.self).sectioned(by: \.age).changes() }
    /// ```
    /// Registered when it returns; `keyPaths` filter modifications as a collection's do.
    /// - Complexity: O(n) for n objects per delivered change.
    /// - Parameter keyPaths: the properties whose changes count as modifications, or nil for every property.
    /// - Returns: the stream; iterate it from any task.
    /// - Note: Differs from Realm Swift: there is no `observe` block form for sectioned results.
    public func changes(keyPaths: [String]? = nil) -> ChangeStream<SectionedResultsChange<SectionedResults>> {
        state.results.source.changeStream { SectionedObserver(self, keyPaths: keyPaths, schema: $0) }
    }
}

extension CollectionSnapshot.Elements {
    /// The object key of a one-object element.
    var firstKey: ObjectKey? { if case .keys(let keys) = self { keys.first } else { nil } }
}
