import StrataCore

/// The changes of a collection, an object or a realm, as an `AsyncSequence`: what `changes(keyPaths:)` returns.
///
/// ```swift
/// let stream = await realm.read { realm in realm.objects(Dog.self).filter("age > 2").changes() }
/// Task {
///     for await change in stream { print(change) }
/// }
/// ```
///
/// The observation is registered when `changes(keyPaths:)` returns, so a write right after it is seen. One task
/// iterates a stream. A consumer slower than the writers gets the changes coalesced: each element describes
/// everything since the element it took before, so its indices are exact against the two payloads it saw.
/// Ending the loop (`break`, or cancelling the task) ends the observation and releases the versions it held.
public struct ChangeStream<Element: Sendable>: AsyncSequence, Sendable {
    let mailbox: ChangeMailbox<Element>

    /// The stream of an observer's mailbox.
    init(mailbox: ChangeMailbox<Element>) { self.mailbox = mailbox }

    /// A stream that registered nothing: it yields `error` as its one element when `Element` has an `.error` case
    /// (``ErrorCarryingChange``), and ends.
    init(failing error: any Error) {
        mailbox = ChangeMailbox()
        if let element = (Element.self as? any ErrorCarryingChange.Type)?.error(error) as? Element {
            _ = mailbox.offer(element, snapshot: 0, version: 0, ticket: 0, last: true)
        } else {
            mailbox.end()
        }
    }

    /// The stream's iterator; the observation ends when it is released.
    /// - Returns: an iterator; one task iterates a stream.
    public func makeAsyncIterator() -> Iterator { Iterator(subscription: Subscription(mailbox: mailbox)) }

    /// The iterator of a ``ChangeStream``.
    public struct Iterator: AsyncIteratorProtocol {
        let subscription: Subscription

        /// The next change, waiting for one; nil once the observation ended.
        /// - Returns: the next change, or nil when the observation ended.
        public mutating func next() async -> Element? { await subscription.mailbox.take() }
    }

    /// Ends the observation when the iterator holding it is released (the loop ended).
    final class Subscription: Sendable {
        let mailbox: ChangeMailbox<Element>
        init(mailbox: ChangeMailbox<Element>) { self.mailbox = mailbox }
        deinit { mailbox.end() }
    }
}

/// What an observer (on its realm's actor) and the consumer of a ``ChangeStream`` (on any task) share: the next
/// element, and which of the observer's snapshots the consumer has seen, so that a new element describes the
/// change from what the consumer last took.
///
/// State machine: `waiting(base, pending?)` ──take──▶ base := pending's snapshot, ticket + 1; any ──end──▶ ended.
/// The observer reads `(base, ticket)`, computes an element from `base` to the newest snapshot, and offers it with
/// the ticket; if the consumer took an element meanwhile (the ticket moved) the offer is refused and the observer
/// computes again from the new base. A pending element not yet taken is replaced by the newer one, which
/// describes everything since `base`: that is the coalescing.
///
/// Skipping a commit (`Realm.write(withoutNotifying:_:)`): a token asks, before the commit, that the consumer not
/// hear of the change from version `from` to `to`. The delivery that reaches `to` from `from` offers no element:
/// the pending one, if any, is sealed (the consumer takes it as it is, and nothing is merged into it any more) and
/// the new snapshot becomes the base, so the next element describes only what came after the commit. A delivery
/// that reaches `to` from elsewhere (other commits came between) delivers as usual.
final class ChangeMailbox<Element: Sendable>: Sendable {
    private struct State {
        /// The snapshot the consumer's last element reflects (nil: it has taken nothing yet).
        var base: (any Sendable)?
        /// Bumped each time the consumer takes an element.
        var ticket = 0
        /// The next element and the snapshot it reflects.
        var pending: (element: Element, snapshot: any Sendable)?
        /// Whether the stream ends after `pending` is taken (an object's `.deleted`).
        var endsAfterPending = false
        var waiter: CheckedContinuation<Element?, Never>?
        var ended = false
        /// Set when the realm's configuration has a metrics hook: measures each element's notification lag.
        var lagProbe: NotificationLagProbe?
        /// The version of the first element offered since the consumer's last take (the start of its lag).
        var pendingVersion: Version?
        /// Elements the consumer takes before `pending`, sealed by a skipped commit, each with the version its lag
        /// counts from and whether the stream ends after it.
        var sealed: [(element: Element, lagVersion: Version?, last: Bool)] = []
        /// The commit the consumer asked not to hear of: the change from version `from` to `to`.
        var skipRequest: (from: Version, to: Version)?
        /// The version the observer delivered at last.
        var reached: Version?
        /// Whether the delivery under way reaches the skipped commit: its offer rebases instead.
        var skipping = false
        /// The realm the observer is registered on.
        weak var realm: Realm?
    }

    private let state = Locked(State())

    /// Reports, through `probe`, the notification lag of every element handed to the consumer from now on.
    func measureLag(_ probe: NotificationLagProbe) {
        state.withLock { $0.lagProbe = probe }
    }

    /// Notes the realm the observer is registered on (``realm``).
    func register(on realm: Realm) {
        state.withLock { $0.realm = realm }
    }

    /// The realm the observer is registered on; nil before registration or once that realm is gone.
    var realm: Realm? { state.withLock { $0.realm } }

    /// The version the observer delivered at last (nil before its first delivery).
    var reachedVersion: Version? { state.withLock { $0.reached } }

    /// Asks that the consumer not hear of the commit that takes the realm from version `from` to `to`.
    func skipCommit(from: Version, to: Version) {
        state.withLock { $0.skipRequest = (from, to) }
    }

    /// Withdraws the request to skip the commit to version `to`, if no delivery consumed it (the commit failed).
    func withdrawSkip(to version: Version) {
        state.withLock { state in
            if state.skipRequest?.to == version { state.skipRequest = nil }
        }
    }

    /// The observer is about to deliver at `version`: notes it, and whether this delivery is the one the skipped
    /// commit asked for (it then rebases instead of offering). A delivery at or past the commit's version consumes
    /// the request either way.
    func arrive(at version: Version) {
        state.withLock { state in
            let previous = state.reached
            state.reached = version
            state.skipping = false
            guard let request = state.skipRequest, version >= request.to else { return }
            state.skipRequest = nil
            state.skipping = previous == request.from && version == request.to
        }
    }

    /// The observer's delivery ended.
    func depart() {
        state.withLock { $0.skipping = false }
    }

    /// During the delivery that reaches a skipped commit: seals the pending element and makes `snapshot` the
    /// consumer's base, offering nothing; with `last`, the stream ends after the sealed elements. Returns whether
    /// it did (false outside such a delivery).
    private func rebaseIfSkipping(_ snapshot: any Sendable, last: Bool) -> Bool {
        let outcome: (rebased: Bool, waiter: CheckedContinuation<Element?, Never>?) = state.withLock { state in
            guard state.skipping, !state.ended else { return (false, nil) }
            state.skipping = false
            if let pending = state.pending {
                state.sealed.append((pending.element, state.pendingVersion, state.endsAfterPending))
                state.pending = nil
                state.pendingVersion = nil
                state.endsAfterPending = false
            }
            state.base = snapshot
            guard last else { return (true, nil) }
            if !state.sealed.isEmpty {
                state.sealed[state.sealed.count - 1].last = true
                return (true, nil)
            }
            state.ended = true
            defer { state.waiter = nil }
            return (true, state.waiter)
        }
        outcome.waiter?.resume(returning: nil)
        return outcome.rebased
    }

    /// The snapshot the consumer last took and its ticket; nil once the stream ended.
    func consumerBase() -> (base: (any Sendable)?, ticket: Int)? {
        state.withLock { $0.ended ? nil : ($0.base, $0.ticket) }
    }

    /// Offers `element` (nil: nothing changed since the base; any pending element is dropped), reflecting
    /// `snapshot` at `version`, computed from the base read with `ticket`. Returns false if the consumer took an
    /// element since. With `rebasing`, an unchanged `snapshot` becomes the base once the consumer took a first
    /// element, so the next element is computed from it (see `publish`).
    func offer(
        _ element: Element?,
        snapshot: any Sendable,
        version: Version,
        ticket: Int,
        last: Bool = false,
        rebasing: Bool = false
    ) -> Bool {
        typealias Outcome = (
            accepted: Bool, waiter: CheckedContinuation<Element?, Never>?, lag: (NotificationLagProbe, Version)?
        )
        let outcome: Outcome = state.withLock { state in
            guard !state.ended else { return (true, nil, nil) }
            guard state.ticket == ticket else { return (false, nil, nil) }
            guard let element else {
                state.pending = nil
                state.pendingVersion = nil
                if rebasing && state.base != nil { state.base = snapshot }
                guard last else { return (true, nil, nil) }
                // Nothing to report and nothing more to come: the stream ends now.
                state.ended = true
                defer { state.waiter = nil }
                return (true, state.waiter, nil)
            }
            state.endsAfterPending = last
            if let waiter = state.waiter {
                state.waiter = nil
                state.base = snapshot
                state.ticket += 1
                if last { state.ended = true }
                return (true, waiter, state.lagProbe.map { ($0, version) })
            }
            state.pending = (element, snapshot)
            if state.lagProbe != nil { state.pendingVersion = min(state.pendingVersion ?? version, version) }
            return (true, nil, nil)
        }
        if let waiter = outcome.waiter {
            // Reported before the consumer resumes, so that a loop body sees its own element's lag recorded.
            if let (probe, version) = outcome.lag { probe.report(version) }
            waiter.resume(returning: element)
        }
        return outcome.accepted
    }

    /// Offers the element `make` computes from the snapshot the consumer last took (nil: it took nothing yet) to
    /// `snapshot`, the collection at `version`, computing it again if the consumer takes an element meanwhile. Nil
    /// from `make` means nothing changed since that snapshot.
    ///
    /// With `rebasing`, a nil from `make` also makes `snapshot` the base of the next element: for an observer
    /// whose "nothing changed" hides a difference its elements report, as a section's position is for the
    /// observer of one section (realm-core computes each change from the version it last ran at, delivered or
    /// not).
    func publish<Snapshot: Sendable>(
        _ snapshot: Snapshot,
        version: Version,
        last: Bool = false,
        rebasing: Bool = false,
        _ make: (Snapshot?) -> Element?
    ) {
        if rebaseIfSkipping(snapshot, last: last) { return }
        while let (base, ticket) = consumerBase() {
            let element = make(base as? Snapshot)
            if offer(element, snapshot: snapshot, version: version, ticket: ticket, last: last, rebasing: rebasing) {
                return
            }
        }
    }

    /// The next element, waiting for one; nil once the stream ended (or the task is cancelled).
    func take() async -> Element? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Element?, Never>) in
                var lag: (NotificationLagProbe, Version)?
                let ready: Element?? = state.withLock { state in
                    if !state.sealed.isEmpty {
                        // Taken as it was sealed: the base already moved past the skipped commit.
                        let sealed = state.sealed.removeFirst()
                        if sealed.last {
                            state.ended = true
                            state.pending = nil
                            state.pendingVersion = nil
                        }
                        if let probe = state.lagProbe, let version = sealed.lagVersion { lag = (probe, version) }
                        return .some(sealed.element)
                    }
                    if let pending = state.pending {
                        state.pending = nil
                        state.base = pending.snapshot
                        state.ticket += 1
                        if state.endsAfterPending { state.ended = true }
                        if let probe = state.lagProbe, let version = state.pendingVersion { lag = (probe, version) }
                        state.pendingVersion = nil
                        return .some(pending.element)
                    }
                    if state.ended { return .some(nil) }
                    state.waiter = continuation
                    return nil
                }
                if let ready {
                    if let (probe, version) = lag { probe.report(version) }
                    continuation.resume(returning: ready)
                }
            }
        } onCancel: {
            end()
        }
    }

    /// Ends the stream: a waiting consumer gets nil, the pending element (and the version it pins) is released.
    func end() {
        let waiter = state.withLock { state -> CheckedContinuation<Element?, Never>? in
            state.ended = true
            state.pending = nil
            state.pendingVersion = nil
            state.sealed.removeAll()
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// Whether an element waits to be taken.
    var hasPending: Bool { state.withLock { $0.pending != nil || !$0.sealed.isEmpty } }

    /// Whether the stream ended (the observer is dropped at its next delivery).
    var isEnded: Bool { state.withLock { $0.ended } }
}

/// Measures the notification lag of a change stream's elements for a realm whose configuration has a metrics
/// hook: from the moment the version an element reports became visible in this process to the moment the element
/// is handed to the consumer. Elements reporting versions that were visible before the stream was registered (its
/// first, `.initial` element) are not measured: nothing was waiting for them.
struct NotificationLagProbe: Sendable {
    let database: Database
    let registered: ContinuousClock.Instant
    let metrics: @Sendable (RealmMetric) -> Void

    init(database: Database, metrics: @escaping @Sendable (RealmMetric) -> Void) {
        self.database = database
        self.metrics = metrics
        registered = .now
    }

    /// Reports the lag of an element reporting `version`, handed over now.
    func report(_ version: Version) {
        guard let published = database.publicationInstant(of: version), published >= registered else { return }
        metrics(.notificationLag(ContinuousClock.now - published))
    }
}
