import StrataCore

/// The properties that local commits changed and the hub has not acknowledged yet, with the clock of the newest
/// change of each: the puller's rule that a pending local change never loses to an older clock.
///
/// Rebuilt from the outbox when replication starts, added to by the commit hook, and emptied of a commit's changes
/// once the hub acknowledges it. A change recorded for a commit that then failed stays until a later commit of the
/// same property is acknowledged: it can only keep a pulled value older than itself from being applied, and that
/// value will come back with the next pull in which the property changes.
final class PendingChanges: Sendable {
    /// One property of one object (nil: the object itself, its creation or deletion).
    struct Key: Hashable, Sendable {
        var className: String
        var primaryKey: [UInt8]
        var property: String?
    }

    private let changes = Locked<[Key: (sequence: Int64, clock: Int64)]>([:])

    /// Records the changes of the commit with `sequence`, made at `clock`.
    func record(_ keys: [Key], sequence: Int64, clock: Int64) {
        changes.withLock { changes in
            for key in keys { changes[key] = (sequence, clock) }
        }
    }

    /// Forgets the changes of the commits up to `sequence`, which the hub acknowledged.
    func acknowledge(through sequence: Int64) {
        changes.withLock { changes in changes = changes.filter { $0.value.sequence > sequence } }
    }

    /// The clock of the pending change of `key`, if there is one.
    func clock(of key: Key) -> Int64? { changes.withLock { $0[key]?.clock } }

    /// Whether nothing is pending.
    var isEmpty: Bool { changes.withLock { $0.isEmpty } }
}
