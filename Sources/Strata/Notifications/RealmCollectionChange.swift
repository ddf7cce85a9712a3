/// A change to a collection, as a stream or an observer block delivers it.
///
/// ```swift
/// let changes = await realm.read { realm in realm.objects(Dog.self).changes() }
/// for await change in changes {
///     switch change {
///     case .initial(let dogs):
///         print("\(dogs.count) dogs")
///     case .update(let dogs, let deletions, let insertions, let modifications):
///         print(dogs.count, deletions, insertions, modifications)
///     case .error(let error):
///         print(error)
///     }
/// }
/// ```
///
/// Deletions and modifications are indices in the previous version of the collection, insertions indices in the
/// new one, each ascending. An object that moves (in sorted results, or in a list) is a deletion at its old index
/// and an insertion at its new one; an object that starts or stops matching a filter is an insertion or a
/// deletion. The collection an element carries is frozen at the version it describes, so any task may read it.
public enum RealmCollectionChange<CollectionType: Sendable>: Sendable {
    /// The collection when the observation began (or, if writes came first, when its first change was ready).
    case initial(CollectionType)
    /// The collection after one or more writes, with what they changed.
    case update(CollectionType, deletions: [Int], insertions: [Int], modifications: [Int])
    /// An error: the collection could not be frozen for delivery because the realm's
    /// `maximumNumberOfActiveVersions` was reached (``RealmError/tooManyActiveVersions(_:)``).
    case error(any Error)
}

extension RealmCollectionChange where CollectionType: RealmCollection {
    /// The change `make` builds around `collection` frozen at the current version, or `.error` when it cannot
    /// be frozen (the version limit reached): what every collection observer delivers.
    static func frozen(_ collection: CollectionType, _ make: (CollectionType) -> Self) -> Self {
        do {
            return make(try collection.freeze())
        } catch {
            return .error(error)
        }
    }
}
