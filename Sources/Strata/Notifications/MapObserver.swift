import Dispatch
import StrataCore

/// A change to a map, by key, as a stream or an observer block delivers it.
///
/// ```swift
/// let changes = await realm.read { realm in player.scores.changes() }
/// for await change in changes {
///     if case .update(let scores, let deletions, let insertions, let modifications) = change {
///         print(scores.count, deletions, insertions, modifications)
///     }
/// }
/// ```
/// Deletions are keys removed since the previous version, insertions keys added, modifications keys whose
/// value changed (or whose object was modified), each sorted.
public enum RealmMapChange<Collection: RealmKeyedCollection>: Sendable {
    /// The map when the observation began.
    case initial(Collection)
    /// The map after one or more writes, with the keys they changed.
    case update(Collection, deletions: [Collection.Key], insertions: [Collection.Key], modifications: [Collection.Key])
    /// An error: the map could not be read (a damaged file: a ``RealmError/fileError(_:)`` naming the file and the
    /// damage); the stream ends after it.
    case error(any Error)
}

/// A map's entries at one version, as its observer compares them.
struct MapSnapshot: Sendable {
    let version: Version
    let entries: [String: StrataCore.Value]
}

/// The observer behind `Map.changes(keyPaths:)`: compares the map's entries, key by key, with the snapshot its
/// consumer last took; a key whose value is the same object counts as modified when that object changed along
/// the key paths.
final class MapObserver<Key: _MapKey, Value: RealmCollectionValue>: StreamingObserver {
    private let map: Map<Key, Value>
    private let backing: ManagedCollectionBacking
    private let filter: KeyPathFilter
    private let target: ResolvedTable?
    let mailbox = ChangeMailbox<RealmMapChange<Map<Key, Value>>>()

    init(
        _ map: Map<Key, Value>,
        backing: ManagedCollectionBacking,
        keyPaths: [String]?,
        schema: ResolvedSchema
    ) throws {
        self.map = map
        self.backing = backing
        target = backing.owner.table.info.properties[backing.property].typeInfo.objectClass.flatMap {
            schema.tables[ObjectClassInfo.unqualifiedName(of: $0)]
        }
        filter = try KeyPathFilter(keyPaths, table: target, schema: schema)
    }

    func deliver(failure error: any Error, _ state: RealmState) {
        fail(error, with: .error(RealmError.wrapping(error)), state)
    }

    func deliver(_ state: RealmState) {
        let reader: any TransactionReading
        var entries: [String: StrataCore.Value] = [:]
        do {
            reader = try state.reader()
            if case .dictionary(let stored)? = try backing.stored(in: reader) {
                for entry in stored { entries[entry.key] = entry.value }
            }
        } catch {
            return fail(error, with: .error(RealmError.wrapping(error)), state)
        }
        let snapshot = MapSnapshot(version: reader.version, entries: entries)
        // A map whose object was deleted can never change again: its last element reports every key deleted (as
        // Realm does), or the stream just ends when it was empty.
        mailbox.publish(snapshot, version: snapshot.version, last: backing.owner.isInvalidated) { base in
            // Freezing pins the version (no node read); its one error is the version limit, delivered as the
            // collection observers deliver it.
            guard let base else {
                do { return .initial(try map.freeze()) } catch { return .error(error) }
            }
            return update(from: base, to: snapshot, state: state, reader: reader)
        }
    }

    private func update(
        from old: MapSnapshot,
        to new: MapSnapshot,
        state: RealmState,
        reader: any TransactionReading
    ) -> RealmMapChange<Map<Key, Value>>? {
        let deletions = old.entries.keys.filter { new.entries[$0] == nil }.sorted()
        let insertions = new.entries.keys.filter { old.entries[$0] == nil }.sorted()
        let changes = CommittedChanges(state.database, from: old.version, to: new.version)
        let modifications = new.entries.keys.filter { key in
            guard let before = old.entries[key], let after = new.entries[key] else { return false }
            if before != after { return true }
            guard let target, old.version != new.version, case .link(let linked) = after else { return false }
            return filter.isModified(target, linked, changes: changes, reader: reader, schema: state.schema)
        }.sorted()
        if deletions.isEmpty && insertions.isEmpty && modifications.isEmpty { return nil }
        // Freezing pins the version (no node read); its one error is the version limit.
        let frozen: Map<Key, Value>
        do {
            frozen = try map.freeze()
        } catch {
            return .error(error)
        }
        return .update(
            frozen,
            deletions: deletions.map { $0 as! Key },
            insertions: insertions.map { $0 as! Key },
            modifications: modifications.map { $0 as! Key }
        )
    }
}

extension Map {
    /// The map's changes, by key, as an `AsyncSequence`: `.initial`, then an `.update` after each write that changes
    /// it, each carrying the map frozen at the version it describes. Registered when it returns. A dictionary
    /// nested in an ``AnyRealmValue`` is observed the same way.
    ///
    /// ```swift
    /// let changes = await realm.read { realm in player.scores.changes() }
    /// ```
    /// - Complexity: O(n) for n entries per delivered change.
    /// - Parameter keyPaths: for a map of objects, the properties whose changes make a key modified, or nil for
    ///   every property.
    /// - Returns: the stream; iterate it from any task.
    public func changes(keyPaths: [String]? = nil) -> ChangeStream<RealmMapChange<Map>> {
        guard let backing else { preconditionFailure("changes(keyPaths:) needs a managed map") }
        return backing.source.changeStream { try MapObserver(self, backing: backing, keyPaths: keyPaths, schema: $0) }
    }

    /// Calls `block` with the map's changes until the returned token is invalidated.
    /// - Parameters:
    ///   - keyPaths: for a map of objects, the properties whose changes make a key modified, or nil for every
    ///     property.
    ///   - queue: the queue the block runs on, or nil for a task of Strata's.
    ///   - block: called with each change; the map in it is frozen.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    /// - Complexity: as ``changes(keyPaths:)``.
    public func observe(
        keyPaths: [String]? = nil,
        on queue: DispatchQueue? = nil,
        _ block: @escaping @Sendable (RealmMapChange<Map>) -> Void
    ) -> NotificationToken {
        NotificationToken(changes(keyPaths: keyPaths), on: queue, block)
    }

    /// Calls `block` isolated to `actor` with the map's changes, until the returned token is invalidated.
    ///
    /// ```swift
    /// let token = await realm.read { realm in
    ///     player.scores.observe(keyPaths: ["points"], on: scoreboard) { scoreboard, change in
    ///         scoreboard.show(change)
    ///     }
    /// }
    /// ```
    /// The first call reports `.initial`, each later one an `.update` with the keys a write deleted, inserted
    /// and modified. Call it on a managed map inside its realm's isolation; a frozen or unmanaged map stops with a
    /// message, as ``changes(keyPaths:)`` does.
    /// - Parameters:
    ///   - keyPaths: for a map of objects, the properties whose changes make a key modified, or nil for every
    ///     property. They name properties of the objects, not keys of the map.
    ///   - actor: the actor the block runs isolated to.
    ///   - block: called with the actor and each change; the map in it is frozen.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    /// - Complexity: as ``changes(keyPaths:)``.
    /// - Note: Differs from Realm Swift, whose method is `async` and runs on the actor: here it registers the
    ///   observation where it is called (so `await` is not needed), and the map in each change is frozen.
    public func observe<A: Actor>(
        keyPaths: [String]? = nil,
        on actor: A,
        _ block: @escaping @Sendable (isolated A, RealmMapChange<Map>) -> Void
    ) -> NotificationToken {
        NotificationToken(changes(keyPaths: keyPaths), on: actor, block)
    }

    /// The actor form of `observe(keyPaths:on:_:)` with Swift key paths of the map's objects: `[\.age]`.
    ///
    /// ```swift
    /// let token = await realm.read { realm in
    ///     kennel.dogsByName.observe(keyPaths: [\.age], on: vet) { vet, change in vet.review(change) }
    /// }
    /// ```
    /// - Parameters:
    ///   - keyPaths: the properties of the objects whose changes make a key modified.
    ///   - actor: the actor the block runs isolated to.
    ///   - block: called with the actor and each change; the map in it is frozen.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    /// - Complexity: as ``changes(keyPaths:)``.
    /// - Note: Differs from Realm Swift as the string form does (not `async`; frozen maps).
    public func observe<A: Actor, Wrapped: ObjectBase>(
        keyPaths: [PartialKeyPath<Wrapped>],
        on actor: A,
        _ block: @escaping @Sendable (isolated A, RealmMapChange<Map>) -> Void
    ) -> NotificationToken where Value == Wrapped? {
        observe(keyPaths: keyPaths.map { KeyPathName.of($0) }, on: actor, block)
    }
}
