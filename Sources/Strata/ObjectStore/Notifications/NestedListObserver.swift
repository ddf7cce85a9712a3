import StrataCore

/// A managed collection nested in an ``AnyRealmValue`` property, observed through its owner's value.
protocol NestedCollectionObservable {
    /// The backing of a nested collection (nil for any other).
    var nestedBacking: ManagedCollectionBacking? { get }
}

extension List: NestedCollectionObservable {
    var nestedBacking: ManagedCollectionBacking? { backing?.path == nil ? nil : backing }
}

/// The observer behind `changes(keyPaths:)` of a list nested in an ``AnyRealmValue``: at each delivery it reads
/// the list's values where they are stored (its owner's property, along its path) and diffs them with the
/// snapshot its consumer last took, as `CollectionObserver` diffs a list of values: removed values are deletions
/// (old indices), added ones insertions (new indices), a value replaced at one position a modification there. A
/// nested list that no longer exists (its owner deleted, or its place overwritten) reads as empty.
final class NestedListObserver<Collection: RealmCollection>: StreamingObserver {
    private let collection: Collection
    private let backing: ManagedCollectionBacking
    let mailbox = ChangeMailbox<RealmCollectionChange<Collection>>()

    init(_ collection: Collection, backing: ManagedCollectionBacking) {
        self.collection = collection
        self.backing = backing
    }

    func deliver(failure error: any Error, _ state: RealmState) {
        fail(error, with: .error(RealmError.wrapping(error)), state)
    }

    func deliver(_ state: RealmState) {
        let reader: any TransactionReading
        var values: [StrataCore.Value] = []
        do {
            reader = try state.reader()
            if case .list(let stored)? = try backing.stored(in: reader) { values = stored }
        } catch {
            return fail(error, with: .error(RealmError.wrapping(error)), state)
        }
        let snapshot = CollectionSnapshot(version: reader.version, elements: .values(values), pinned: nil)
        mailbox.publish(snapshot, version: snapshot.version) { base in
            guard let base else { return RealmCollectionChange.frozen(collection) { .initial($0) } }
            guard case .values(let old) = base.elements else { return nil }
            var (deletions, insertions, _) = CollectionObserver<Collection>.diff(old, values)
            let replaced = Set(deletions).intersection(insertions)
            deletions.removeAll { replaced.contains($0) }
            insertions.removeAll { replaced.contains($0) }
            let modifications = replaced.sorted()
            if deletions.isEmpty && insertions.isEmpty && modifications.isEmpty { return nil }
            return RealmCollectionChange.frozen(collection) {
                .update($0, deletions: deletions, insertions: insertions, modifications: modifications)
            }
        }
    }
}
