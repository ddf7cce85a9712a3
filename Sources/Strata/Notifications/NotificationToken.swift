import Dispatch
import StrataCore

/// A registration of an observer block: the block is called until ``invalidate()`` (or until the token is
/// released).
///
/// ```swift
/// let token = await realm.read { realm in realm.objects(Dog.self).observe { print($0) } }
/// // …
/// token.invalidate()
/// ```
public final class NotificationToken: Sendable {
    private let task: Task<Void, Never>
    /// The observation's mailbox, through which a write skips this token's notification.
    let observation: any SkippableObservation

    init<Element: Sendable>(
        _ stream: ChangeStream<Element>,
        on queue: DispatchQueue?,
        _ block: @escaping @Sendable (Element) -> Void
    ) {
        observation = stream.mailbox
        task = Task {
            for await change in stream {
                if let queue { queue.async { block(change) } } else { block(change) }
            }
        }
    }

    init<Element: Sendable, A: Actor>(
        _ stream: ChangeStream<Element>,
        on actor: A,
        _ block: @escaping @Sendable (isolated A, Element) -> Void
    ) {
        observation = stream.mailbox
        task = Task {
            for await change in stream { await block(actor, change) }
        }
    }

    /// Stops the block's calls and ends the observation.
    public func invalidate() { task.cancel() }

    /// Waits until the observation ended (after ``invalidate()``, or when its realm closed) and the last call of
    /// the block on an actor or on a task of Strata's returned; a call already sent to a queue may still be
    /// waiting there. Tests use it to know that no change will reach the block any more.
    func finished() async { await task.value }

    deinit { task.cancel() }
}

/// What a write needs of a token's observation to skip its notification (``ChangeMailbox`` of any element).
protocol SkippableObservation: AnyObject, Sendable {
    /// The realm the observer is registered on.
    var realm: Realm? { get }
    /// Whether the observation ended.
    var isEnded: Bool { get }
    /// The version the observer delivered at last.
    var reachedVersion: Version? { get }
    /// Asks that the consumer not hear of the commit from version `from` to `to`.
    func skipCommit(from: Version, to: Version)
    /// Withdraws the request for the commit to `version` if no delivery consumed it.
    func withdrawSkip(to version: Version)
}

extension ChangeMailbox: SkippableObservation {}
