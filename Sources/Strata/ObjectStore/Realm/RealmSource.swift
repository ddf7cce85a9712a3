import StrataCore

/// Where a managed object or collection reads from.
enum RealmSource: Sendable {
    /// A live realm: reads and writes through its actor, which must be the one running.
    case live(Realm)
    /// A frozen snapshot: reads only, from any task.
    case frozen(FrozenSnapshot)

    static func confinementMessage(_ what: String) -> String {
        "Strata: a live \(what) was used outside the actor of the Realm it belongs to. Live objects and collections "
            + "are confined to their realm's actor (use them inside realm.read { } or realm.write { }, or in a "
            + "function taking `isolated Realm`); pass a snapshot to another task with freeze()."
    }

    var schema: ResolvedSchema { schema("object or collection") }

    /// The schema, checking confinement for a live source; `what` names the caller in the stop message.
    func schema(_ what: @autoclosure () -> String) -> ResolvedSchema {
        switch self {
        case .live(let realm): return realm.access.checked(what()).schema
        case .frozen(let snapshot): return snapshot.schema
        }
    }

    var isFrozen: Bool { if case .frozen = self { return true } else { return false } }

    /// The live realm's state, checking that the caller runs on its actor; nil for a frozen source.
    func liveStateIfConfined(_ what: @autoclosure () -> String) -> RealmState? {
        if case .live(let realm) = self { return realm.access.checked(what()) }
        return nil
    }

    /// Runs `body` with the transaction this source reads, checking confinement for live sources.
    func read<T>(_ what: @autoclosure () -> String, _ body: (any TransactionReading) throws -> T) rethrows -> T {
        switch self {
        case .live(let realm):
            let state = realm.access.checked(what())
            let reader: any TransactionReading
            do {
                reader = try state.reader()
            } catch {
                ReadFailure.stop(error, reading: what(), otherwise: "\(error)")
            }
            return try body(reader)
        case .frozen(let snapshot):
            return try snapshot.read(body)
        }
    }

    /// The live realm's state, for writes; stops with a clear message for frozen sources or when the
    /// caller is not on the realm's actor.
    func liveState(_ what: @autoclosure () -> String) -> (Realm, RealmState) {
        switch self {
        case .live(let realm):
            return (realm, realm.access.checked(what()))
        case .frozen:
            preconditionFailure(RealmError.frozen(what()).description)
        }
    }

    /// The message a frozen object's or collection's `thaw()` stops with outside a realm's block.
    static let thawMessage =
        "thaw() needs a realm: call it inside realm.read { } or realm.write { } of a realm of the same file, "
        + "or use realm.thaw(_:)"

    /// Whether two sources are the same realm instance or the same frozen snapshot.
    func isSame(as other: RealmSource) -> Bool {
        switch (self, other) {
        case (.live(let lhs), .live(let rhs)): return lhs === rhs
        case (.frozen(let lhs), .frozen(let rhs)): return lhs === rhs
        default: return false
        }
    }

    /// The live realm a frozen value thaws into: the realm whose block is running, for the same file.
    func thawingRealm() -> Realm {
        guard let realm = Realm.currentIsolatedRealm(path: databasePath) else { preconditionFailure(Self.thawMessage) }
        return realm
    }

    var databasePath: String {
        switch self {
        case .live(let realm): return realm.path
        case .frozen(let snapshot): return snapshot.databasePath
        }
    }
}

extension RealmSource {
    /// A frozen snapshot of the version a live source reads (reused while held), to keep that version readable;
    /// nil for a frozen source or when no more versions may be pinned.
    func pinnedSnapshot() -> FrozenSnapshot? {
        guard case .live(let realm) = self else { return nil }
        // Nil (the version limit) only makes observers compare rows as when the history is unknown; reads of the
        // version go through the source, which reports damage.
        return try? realm.makeFrozenSnapshot()
    }
}
