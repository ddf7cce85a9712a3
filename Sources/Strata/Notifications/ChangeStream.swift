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

    /// The stream's iterator; the observation ends when it is released.
    public func makeAsyncIterator() -> Iterator { Iterator(subscription: Subscription(mailbox: mailbox)) }

    /// The iterator of a ``ChangeStream``.
    public struct Iterator: AsyncIteratorProtocol {
        let subscription: Subscription

        /// The next change, waiting for one; nil once the observation ended.
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
    }

    private let state = Locked(State())

    /// The snapshot the consumer last took and its ticket; nil once the stream ended.
    func consumerBase() -> (base: (any Sendable)?, ticket: Int)? {
        state.withLock { $0.ended ? nil : ($0.base, $0.ticket) }
    }

    /// Offers `element` (nil: nothing changed since the base; any pending element is dropped), reflecting
    /// `snapshot`, computed from the base read with `ticket`. Returns false if the consumer took an element since.
    func offer(_ element: Element?, snapshot: any Sendable, ticket: Int, last: Bool = false) -> Bool {
        let (accepted, waiter): (Bool, CheckedContinuation<Element?, Never>?) = state.withLock { state in
            guard !state.ended else { return (true, nil) }
            guard state.ticket == ticket else { return (false, nil) }
            guard let element else {
                state.pending = nil
                return (true, nil)
            }
            state.endsAfterPending = last
            if let waiter = state.waiter {
                state.waiter = nil
                state.base = snapshot
                state.ticket += 1
                if last { state.ended = true }
                return (true, waiter)
            }
            state.pending = (element, snapshot)
            return (true, nil)
        }
        if let waiter, let element { waiter.resume(returning: element) }
        return accepted
    }

    /// Offers the element `make` computes from the snapshot the consumer last took (nil: it took nothing yet) to
    /// `snapshot`, computing it again if the consumer takes an element meanwhile. Nil from `make` means nothing
    /// changed since that snapshot.
    func publish<Snapshot: Sendable>(_ snapshot: Snapshot, last: Bool = false, _ make: (Snapshot?) -> Element?) {
        while let (base, ticket) = consumerBase() {
            if offer(make(base as? Snapshot), snapshot: snapshot, ticket: ticket, last: last) { return }
        }
    }

    /// The next element, waiting for one; nil once the stream ended (or the task is cancelled).
    func take() async -> Element? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Element?, Never>) in
                let ready: Element?? = state.withLock { state in
                    if let pending = state.pending {
                        state.pending = nil
                        state.base = pending.snapshot
                        state.ticket += 1
                        if state.endsAfterPending { state.ended = true }
                        return .some(pending.element)
                    }
                    if state.ended { return .some(nil) }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
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
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// Whether an element waits to be taken.
    var hasPending: Bool { state.withLock { $0.pending != nil } }

    /// Whether the stream ended (the observer is dropped at its next delivery).
    var isEnded: Bool { state.withLock { $0.ended } }
}
