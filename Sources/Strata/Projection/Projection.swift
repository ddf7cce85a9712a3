/// A light view model of an ``Object`` or ``EmbeddedObject``: a class whose ``Projected`` properties read
/// (and write) key paths on the object it projects.
///
/// ```swift
/// final class Person: Object {
///     @Persisted(primaryKey: true) var id = 0
///     @Persisted var name = ""
///     @Persisted var address: Address?
///     @Persisted var dogs: List<Dog>
/// }
///
/// final class PersonProjection: Projection<Person> {
///     @Projected(\Person.name) var displayName
///     @Projected(\Person.address?.city) var city
///     @Projected(\Person.dogs.projectTo.name) var dogNames: ProjectedCollection<String>
/// }
///
/// let cities = await realm.read { realm in
///     realm.objects(PersonProjection.self).filter("name BEGINSWITH 'A'").map(\.city)
/// }
/// ```
///
/// A projected property can keep the object's property as it is, rename it, read through links
/// (`\Person.address?.city`), compute from it (`\Person.name.count`) or map a ``List`` or ``MutableSet`` of
/// objects to a collection of one of their properties with `projectTo` (a ``ProjectedCollection``). Properties
/// of the object that the projection does not declare are not part of it; ``rootObject`` still reaches them.
/// An object may have any number of projections, of one class or several.
///
/// Get projections with `realm.objects(_:)`, whose ``Results`` filter and sort by the root's property names,
/// or with ``init(projecting:)``. A projection reads its root object on every access, so a projection of a live
/// object is confined to the realm's actor as the object is; ``freeze()`` gives a projection of a frozen object,
/// and frozen ``Results`` of projections can be read from any task.
///
/// Differences from Realm Swift: ``freeze()`` throws, as Strata's object versions do; change notifications
/// (`changes(keyPaths:)`, `observe`) carry a projection of the frozen object, with old values for the observing
/// realm's own writes too.
open class Projection<Root: ObjectBase & RealmCollectionValue>: ProjectionObservable, RealmCollectionValue, Hashable,
    CustomStringConvertible
{
    /// The object being projected.
    public let rootObject: Root

    /// Creates a projection of `object`.
    ///
    /// The first projection of each class checks that every ``Projected`` key path reads a persisted property
    /// of `Root`, and stops with a message naming the property that does not.
    /// - Parameter object: The object to project, managed or not.
    public required init(projecting object: Root) {
        rootObject = object
        ProjectionSchema.check(self, root: Root.self)
    }

    /// The realm managing the projected object, or nil if it is unmanaged.
    public var realm: Realm? { rootObject.realm }

    /// Whether the projected object was deleted, or its realm invalidated or closed.
    public var isInvalidated: Bool { rootObject.isInvalidated }

    /// Whether the projected object is a frozen snapshot, readable from any task.
    public var isFrozen: Bool { rootObject.isFrozen }

    /// A projection of a frozen snapshot of the object at the realm's current version; a frozen projection
    /// returns itself.
    ///
    /// ```swift
    /// let frozen = try await realm.read { realm in try realm.objects(PersonProjection.self).freeze() }
    /// let name = await Task.detached { frozen[0].displayName }.value
    /// ```
    /// - Throws: ``RealmError/invalidValue(_:)`` for an unmanaged object or one created in the open write
    ///   transaction (Realm Swift's "Cannot freeze an object in the same write transaction as it was created in."),
    ///   ``RealmError/objectInvalidated(_:)`` for a deleted one, ``RealmError/tooManyActiveVersions(_:)`` when one
    ///   more version cannot be pinned.
    /// - Returns: a projection of the frozen object.
    public func freeze() throws -> Self {
        guard let binding = rootObject.binding else {
            throw RealmError.invalidValue("an unmanaged object cannot be frozen")
        }
        if binding.isFrozen { return self }
        if rootObject.isInvalidated { throw RealmError.objectInvalidated("The \(binding.table.className) object") }
        // The frozen copy is at the last committed version: an object created in the open write is not there, and
        // `frozenCopy` refuses it with Realm's message.
        return Self(projecting: try binding.frozenCopy(of: rootObject))
    }

    /// A projection of the live object for a frozen projection's object, in the realm whose `read` or `write`
    /// block is running; nil if the object was deleted. A live projection returns itself.
    /// Outside a block of a realm of the object's file it stops with a message saying so.
    /// - Returns: a projection of the live object, or nil when it was deleted.
    public func thaw() -> Self? {
        guard let binding = rootObject.binding, binding.isFrozen else { return self }
        return binding.thawedCopy(of: rootObject).map { Self(projecting: $0) }
    }

    /// Whether two projections project the same object (whatever their classes) read through the same realm.
    ///
    /// As Realm Swift compares projections: the same stored object, whether or not the class has a primary key,
    /// read through one realm or one frozen version, and not deleted. A live projection and a frozen one of the
    /// same object are not equal; two frozen at the same version are.
    /// - Parameters:
    ///   - lhs: a projection.
    ///   - rhs: another projection.
    /// - Returns: whether they project the same object through the same realm or frozen version.
    public static func == (lhs: Projection, rhs: Projection) -> Bool {
        let (left, right) = (lhs.rootObject, rhs.rootObject)
        if left === right { return true }
        guard let leftBinding = left.binding, let rightBinding = right.binding,
            leftBinding.source.isSame(as: rightBinding.source), left.isSameObject(as: right)
        else { return false }
        return !leftBinding.isInvalidated && !rightBinding.isInvalidated
    }

    /// Hashes the projected object's identity.
    /// - Parameter hasher: the hasher to feed.
    public func hash(into hasher: inout Hasher) {
        rootObject.hashStoredIdentity(into: &hasher)
    }

    /// The projection's class, its root's class and address, and each projected property with the root's key
    /// path it reads, in Realm Swift's format (the first property line has two tabs, optionals print as
    /// `Optional(…)`):
    ///
    /// ```
    /// PersonProjection<Person> <0x00006000012d4000> {
    ///         displayName(\.name) = Ada;
    ///     city(\.address.city) = Optional("London");
    /// }
    /// ```
    open var description: String {
        let name = "\(type(of: self))<\(Root.self)>"
        if isInvalidated { return "\(name) [invalid object]" }
        let body = ProjectionSchema.entries(of: self).map { entry in
            let value = Self.describedProjectedValue(entry.property.value(of: rootObject))
            return "\t\(entry.label)(\\.\(entry.property.originPath ?? "")) = \(value);"
        }
        let address = Unmanaged.passUnretained(rootObject).toOpaque()
        return "\(name) <\(address)> {\n\t\(body.joined(separator: "\n"))\n}"
    }

    /// A projected value as Realm Swift interpolates it: an optional as `Optional(…)` or `nil`, an object
    /// abbreviated to its class.
    private static func describedProjectedValue(_ value: Any) -> String {
        guard let optional = value as? any OptionalMarker else { return ObjectBase.describedValue(value) }
        guard let wrapped = optional.wrappedValueIfAny else { return "nil" }
        return wrapped is ObjectBase ? "Optional(\(ObjectBase.describedValue(wrapped)))" : "\(value)"
    }
}
