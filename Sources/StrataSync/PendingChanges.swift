import StrataCore

/// The properties that local commits changed and the hub has not acknowledged yet, with the clock of the newest
/// change of each: the puller's rule that a pending local change never loses to an older clock.
///
/// Rebuilt from the outbox when replication starts, added to by the commit hook, and emptied of a commit's changes
/// once the hub has acknowledged it *and* a pull that began after the acknowledgement has been applied. Forgetting at
/// the acknowledgement alone loses a write: a pull that read the hub before the push landed would then apply another
/// client's older value over it, and the pull that brings the push back skips the property, its winner being this
/// client. A change recorded for a commit that then failed stays until a later commit of the same property is
/// acknowledged: it can only keep a pulled value older than itself from being applied, and that value will come back
/// with the next pull in which the property changes.
///
/// Invariant: an entry whose `acknowledged` epoch is at most a pull's ticket was acknowledged before that pull read
/// the hub, so the pull's batch holds the push (or something newer) and the entry may go once the batch is applied.
final class PendingChanges: Sendable {
    /// One property of one object (nil: the object itself, its creation or deletion).
    struct Key: Hashable, Sendable {
        var className: String
        var primaryKey: [UInt8]
        var property: String?
    }

    private struct Change {
        var sequence: Int64
        var clock: Int64
        /// The epoch of the acknowledgement, nil until the hub acknowledged the commit.
        var acknowledged: Int64?
    }

    private struct State {
        var changes: [Key: Change] = [:]
        /// Counts the acknowledgements.
        var epoch: Int64 = 0
    }

    private let state = Locked(State())

    /// Records the changes of the commit with `sequence`, made at `clock`.
    func record(_ keys: [Key], sequence: Int64, clock: Int64) {
        state.withLock { state in
            for key in keys { state.changes[key] = Change(sequence: sequence, clock: clock) }
        }
    }

    /// Marks the changes of the commits up to `sequence` acknowledged by the hub; they go once a pull that began
    /// after this call has been applied (``forget(acknowledgedBy:)``).
    func acknowledge(through sequence: Int64) {
        state.withLock { state in
            state.epoch += 1
            for (key, change) in state.changes where change.sequence <= sequence && change.acknowledged == nil {
                state.changes[key]?.acknowledged = state.epoch
            }
        }
    }

    /// The ticket of a pull about to read the hub: every acknowledgement made so far.
    func ticket() -> Int64 { state.withLock { $0.epoch } }

    /// Forgets the changes acknowledged before the pull holding `ticket` read the hub, once its batch is applied.
    func forget(acknowledgedBy ticket: Int64) {
        state.withLock { state in
            state.changes = state.changes.filter { ($0.value.acknowledged ?? .max) > ticket }
        }
    }

    /// The clock of the pending change of `key`, if there is one.
    func clock(of key: Key) -> Int64? { state.withLock { $0.changes[key]?.clock } }
}
