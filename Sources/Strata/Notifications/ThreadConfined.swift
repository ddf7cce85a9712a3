/// What belongs to one realm and moves between actors only frozen or through a ``ThreadSafeReference``: objects,
/// every collection kind, sectioned results and projections.
public protocol ThreadConfined {
    /// The realm it belongs to (a frozen realm when frozen), or nil when unmanaged.
    var realm: Realm? { get }
    /// Whether it can no longer be read (deleted, or its realm invalidated).
    var isInvalidated: Bool { get }
    /// Whether it is frozen.
    var isFrozen: Bool { get }
    /// An immutable snapshot at the realm's current version, readable from any task.
    /// - Returns: the frozen value; a frozen one returns itself.
    /// - Throws: ``RealmError/invalidValue(_:)`` for an unmanaged value, or ``RealmError/tooManyActiveVersions(_:)``
    ///   when the realm's version limit is reached.
    func freeze() throws -> Self
    /// The live value for a frozen one, in the realm whose block is running; nil when it no longer exists.
    /// - Returns: the live value, or nil when it was deleted; a live or unmanaged value returns itself.
    func thaw() -> Self?
}

// Every ``RealmCollection`` and ``RealmSectionedResult`` is thread-confined through its protocol.
extension Object: ThreadConfined {}
extension EmbeddedObject: ThreadConfined {}
extension Map: ThreadConfined {}
extension Projection: ThreadConfined {}
extension ProjectedCollection: ThreadConfined {}
