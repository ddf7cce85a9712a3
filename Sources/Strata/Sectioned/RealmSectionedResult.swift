import Dispatch

/// What ``SectionedResults`` and ``ResultsSection`` have in common: a live or frozen collection, evaluated
/// lazily, whose realm, validity and frozen state can be asked.
///
/// ```swift
/// func describe<C: RealmSectionedResult>(_ collection: C) -> String {
///     "\(collection.count) \(collection.isFrozen ? "frozen" : "live") entries"
/// }
/// ```
///
/// Both can be observed: `changes(keyPaths:)` is the stream, `observe(keyPaths:on:_:)` the block form.
///
/// Differences from Realm Swift: ``freeze()`` throws, as ``Results/freeze()`` does (pinning one more version can
/// exceed `maximumNumberOfActiveVersions`); `changes(keyPaths:)`, an `AsyncSequence`, is a requirement, and the
/// observer blocks are `@Sendable`.
public protocol RealmSectionedResult: RandomAccessCollection, Equatable, CustomStringConvertible, Sendable,
    ThreadConfined
{
    /// The realm the collection belongs to (a frozen realm for a frozen collection).
    var realm: Realm? { get }

    /// Whether the collection can no longer be read: its realm was invalidated or closed, or, for a section,
    /// its key no longer has objects.
    var isInvalidated: Bool { get }

    /// The number of entries: sections in ``SectionedResults``, objects in ``ResultsSection``.
    ///
    /// - Complexity: O(1) once the sections are computed; the first read after a change computes them in O(n)
    ///   for n objects.
    var count: Int { get }

    /// Whether the collection is a frozen snapshot, readable from any task.
    var isFrozen: Bool { get }

    /// A frozen snapshot of the collection at the current version, readable from any task; a frozen collection
    /// returns itself.
    ///
    /// Holding a frozen collection keeps its version pinned, so a long-lived snapshot while the realm is written
    /// makes the file grow (see `Realm.Configuration.maximumNumberOfActiveVersions`).
    /// - Throws: ``RealmError/tooManyActiveVersions(_:)`` when pinning one more version would exceed the limit.
    /// - Complexity: O(n) for n objects of the sectioned results.
    /// - Returns: the frozen collection.
    func freeze() throws -> Self

    /// The live collection for a frozen one, in the realm whose `read` or `write` block is running (for the same
    /// file); a live one returns itself. Outside a realm's block it stops with a message saying so.
    /// - Complexity: O(1); the sections are computed on the first read.
    /// - Returns: the live collection; for a section, nil when its key no longer has objects.
    func thaw() -> Self?

    /// The changes of the sectioned results or the section as an `AsyncSequence`: `.initial`, then an `.update`
    /// after each write that changes it, each carrying it frozen at the version it describes.
    ///
    /// Call it on a live value inside its realm's isolation; the observation is registered when it returns.
    /// - Complexity: O(n) for n objects of the sectioned results per change: the sections are computed again.
    /// - Parameter keyPaths: the properties whose changes count as modifications, or nil for every property.
    /// - Returns: the stream; iterate it from any task.
    func changes(keyPaths: [String]?) -> ChangeStream<SectionedResultsChange<Self>>

    /// Calls `block` with the changes of the sectioned results or the section, on `queue` (or on a task of
    /// Strata's when nil), until the returned token is invalidated: what `changes(keyPaths:)` yields, frozen.
    /// - Complexity: as `changes(keyPaths:)`.
    /// - Parameters:
    ///   - keyPaths: the properties whose changes count as modifications, or nil for every property.
    ///   - queue: the queue the block runs on, or nil for a task of Strata's.
    ///   - block: called with each change.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    func observe(
        keyPaths: [String]?,
        on queue: DispatchQueue?,
        _ block: @escaping @Sendable (SectionedResultsChange<Self>) -> Void
    ) -> NotificationToken
}
