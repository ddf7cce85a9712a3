import Foundation
import StrataCore

/// A subscription: which objects of the logical database this file holds and follows.
///
/// Milestone 1 subscribes to whole classes with a primary key (`realm.objects(Dog.self).subscribe()`); a filter,
/// `limit`, `timeToLive` or `includingLinkingObjects` ends the subscription in ``State-swift.enum/error(_:)`` naming
/// what is not supported yet.
///
/// ```swift
/// let dogs = try await realm.read { realm in realm.objects(Dog.self).subscribe(named: "dogs") }
/// for await state in dogs.states where state == .complete { break }
/// ```
public final class SyncSubscription: Sendable, CustomStringConvertible {
    /// Where a subscription is.
    public enum State: Sendable, Equatable {
        /// Just made: not yet stored in the file.
        case creating
        /// Stored; the hub's objects are being downloaded.
        case pending
        /// Every object the hub had when it was stored is here; changes keep flowing.
        case complete
        /// Removed (``unsubscribe()``).
        case invalidated
        /// It could not be made (unsupported, a conflicting name, a class that stopped syncing).
        case error(SyncError)
    }

    private struct Owner: Sendable {
        weak var replica: Replica?
    }

    /// The name given to `subscribe(named:)`, or nil for an unnamed subscription.
    public let name: String?
    /// The class whose objects the subscription holds.
    public let objectClassName: String
    /// The query, in the Realm query language (`TRUEPREDICATE` for a whole class).
    public let queryString: String
    /// The key it is stored under: its name, or its class and query for an unnamed one.
    let key: String
    private let broadcast: StateBroadcast<State>
    private let owner = Locked(Owner())

    init(replica: Replica?, name: String, className: String, query: String, state: State = .creating) {
        key = name
        self.name = name.hasPrefix(Self.unnamedPrefix) ? nil : name
        objectClassName = className
        queryString = query
        broadcast = StateBroadcast(state)
        owner.withLock { $0.replica = replica }
    }

    /// The stored key of an unnamed subscription starts with this (a name cannot: it holds U+0000).
    static let unnamedPrefix = "\u{0}unnamed:"

    /// The class's name (used by the replica).
    var className: String { objectClassName }

    /// The subscription's state now.
    public var state: State { broadcast.value }

    /// The subscription's state now and each change of it; the stream ends when the subscription is removed.
    public var states: AsyncStream<State> { broadcast.stream() }

    /// Removes the subscription, and from this file the objects only it brought (for a whole class: every object of
    /// the class; the hub keeps them). Local writes to the class are no longer pushed.
    /// - Throws: ``SyncError`` when the file's replication has stopped.
    public func unsubscribe() async throws {
        guard let replica = owner.withLock({ $0.replica }) else {
            throw SyncError.invalidConfiguration("the subscription's realm is closed")
        }
        try await replica.unsubscribe(self)
    }

    /// `Sub(name: class, query, state)`.
    public var description: String {
        "SyncSubscription(\(name ?? "unnamed"): \(objectClassName) \(queryString), \(state))"
    }

    func setState(_ state: State) {
        broadcast.set(state)
        if state == .invalidated { broadcast.finish() }
    }

    func attach(to replica: Replica) { owner.withLock { $0.replica = replica } }
}
