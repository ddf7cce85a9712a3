import Dispatch

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

    init<Element: Sendable>(
        _ stream: ChangeStream<Element>,
        on queue: DispatchQueue?,
        _ block: @escaping @Sendable (Element) -> Void
    ) {
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
