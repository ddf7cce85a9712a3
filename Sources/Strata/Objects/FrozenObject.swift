/// One frozen object in a `Sendable` box, so that it can leave a `read` or `write` block and travel to other tasks;
/// its properties read through the box as they read on the object.
///
/// A block's result must be `Sendable`, and model classes are not, so a block cannot return an object, even a frozen
/// one ("type 'User' does not conform to the 'Sendable' protocol"). Frozen collections can; for one object, return
/// this box:
///
/// ```swift
/// let user = try await realm.read { realm in
///     try FrozenObject(realm.object(ofType: User.self, forPrimaryKey: 7)!)
/// }
/// print(user.name)                                      // a property, read through the box
/// let name = await Task.detached { user.name }.value    // from any task
/// ```
///
/// The object is frozen at the version the block read: it does not change, and its version stays pinned while the
/// box (or a copy of it) lives. Use ``object`` for what the box does not forward (an object's methods), and
/// `realm.thaw(box.object)` inside a block to get the live object back.
///
/// - Note: Strata addition: Realm Swift hands frozen objects between threads directly, having no `Sendable` checks.
@dynamicMemberLookup
public struct FrozenObject<T: ObjectBase & ThreadConfined>: @unchecked Sendable {
    // Proof of `@unchecked Sendable`: the one stored property is a frozen object (the initializer freezes what it is
    // given and nothing assigns it afterwards). A frozen object never changes: its reads are non-mutating and
    // lock-free, or lock its caches, so any number of tasks may read it at once (see `ObjectChange`'s proof). Not
    // covered: a model's own stored properties without `@Persisted` are plain memory, so tasks that set one through
    // `object`, or first read the same `lazy var`, race, as with any class instance.

    /// The frozen object.
    public let object: T

    /// Freezes `object` (a live object, inside its realm's isolation) or keeps it (an object already frozen).
    /// - Parameter object: a managed object.
    /// - Throws: ``RealmError/invalidValue(_:)`` for an unmanaged object or one created in the open write transaction
    ///   (freeze objects that existed before the write, or read the new one after it commits);
    ///   ``RealmError/objectInvalidated(_:)`` for a deleted object; ``RealmError/tooManyActiveVersions(_:)`` when the
    ///   realm's version limit is reached.
    public init(_ object: T) throws {
        if object.isInvalidated { throw RealmError.objectInvalidated("The object being frozen") }
        self.object = try object.freeze()
    }

    /// A property of the object, as reading it on the frozen object gives it (`box.name`).
    /// - Parameter keyPath: the property.
    public subscript<Value>(dynamicMember keyPath: KeyPath<T, Value>) -> Value { object[keyPath: keyPath] }
}
