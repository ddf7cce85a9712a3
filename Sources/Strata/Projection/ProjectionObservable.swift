/// A type that shows one object through a projection: ``Projection`` and its subclasses.
///
/// `realm.objects(_:)` accepts any such type whose root is an ``Object`` and gives a ``Results`` of
/// projections, one per object of the root type; filtering and sorting use the root's property names.
///
/// ```swift
/// final class PersonProjection: Projection<Person> {
///     @Projected(\Person.name) var displayName
/// }
/// let names = await realm.read { realm in
///     realm.objects(PersonProjection.self).sorted(byKeyPath: "name").map(\.displayName)
/// }
/// ```
///
/// Its changes come from `changes(keyPaths:)` and `observe(keyPaths:on:_:)`, as Realm Swift's protocol carries
/// `observe(...)`. Realm Swift's protocol also refines `ThreadConfined`; in Strata a projection is confined like its
/// root object (frozen projections travel inside frozen ``Results``).
public protocol ProjectionObservable: AnyObject {
    /// The type of the object being projected: an ``Object`` or ``EmbeddedObject`` subclass.
    associatedtype Root: ObjectBase
    /// The object being projected.
    var rootObject: Root { get }
    /// Creates a projection of `object`.
    /// - Parameter object: the object to project; the projection reads and writes its properties.
    init(projecting object: Root)
}

extension ProjectionObservable {
    /// A projection of `object`, which must be an instance of `Root` (collections make their elements this way,
    /// knowing the projection type only as a metatype).
    static func projecting(_ object: ObjectBase) -> Self {
        guard let root = object as? Root else {
            preconditionFailure("\(Self.self) projects \(Root.self) objects, not \(type(of: object))")
        }
        return Self(projecting: root)
    }

    /// A projection of a probe object whose property reads `recorder` records (see ``KeyPathRecorder``).
    static func recordingProbe(_ recorder: KeyPathRecorder) -> Self {
        let probe = Root()
        probe.keyPathRecorder = recorder
        return Self(projecting: probe)
    }
}
