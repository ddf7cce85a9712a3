/// Declares a property of a ``Projection`` as a key path on the projected object.
///
/// ```swift
/// final class Person: Object {
///     @Persisted var name = ""
///     @Persisted var address: Address?
///     @Persisted var dogs: List<Dog>
/// }
///
/// final class PersonProjection: Projection<Person> {
///     @Projected(\Person.name) var displayName                      // renamed: String
///     @Projected(\Person.name.count) var nameLength                 // computed from a property: Int
///     @Projected(\Person.address?.city) var city                    // through a link: String?
///     @Projected(\Person.dogs.projectTo.name) var dogNames: ProjectedCollection<String>
/// }
/// ```
///
/// Reading a projected property reads the key path on ``Projection/rootObject``, so it always shows the
/// object's current value. Setting one (inside a write transaction) sets the object's property; only a key
/// path that is writable on the object (`\Person.name`, not `\Person.name.count` or `\Person.address?.city`)
/// can be set, and setting another stops with a message.
///
/// The key path must read at least one persisted property of the object: a projection whose key path reads
/// only computed or ignored properties stops with a message when its first instance is made.
@propertyWrapper
public struct Projected<T: ObjectBase, Value> {
    /// The key path read on the projected object.
    let keyPath: KeyPath<T, Value>

    /// Declares a projected property that reads `projectedKeyPath` on the projected object.
    /// - Parameter projectedKeyPath: a key path from the root object, such as `\Person.firstName`,
    ///   `\Person.address?.city` or `\Person.dogs.projectTo.name`; it must read a persisted property.
    public init(_ projectedKeyPath: KeyPath<T, Value>) {
        keyPath = projectedKeyPath
    }

    /// Not used: a projected property is read and written through its ``Projection``, which the static
    /// subscript below reaches. `@Projected` on anything but a ``Projection``'s property is rejected.
    @available(*, unavailable, message: "@Projected can only be used as a property of a Projection")
    public var wrappedValue: Value {
        get { fatalError("@Projected can only be used as a property of a Projection") }
        // The setter makes projected properties settable; the static subscript's setter is the one called.
        set { fatalError("@Projected can only be used as a property of a Projection") }
    }

    /// Reads or writes a projected property of `projection`: the key path on its root object.
    /// - Parameters:
    ///   - projection: the projection whose property is read or written.
    ///   - wrappedKeyPath: the key path of the projected property (not used).
    ///   - storageKeyPath: the key path of the property's `Projected` storage, which holds the key path on the root.
    public static subscript<EnclosingSelf: Projection<T>>(
        _enclosingInstance projection: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Self>
    ) -> Value {
        get {
            projection.rootObject[keyPath: projection[keyPath: storageKeyPath].keyPath]
        }
        set {
            let keyPath = projection[keyPath: storageKeyPath].keyPath
            guard let writable = keyPath as? ReferenceWritableKeyPath<T, Value> else {
                preconditionFailure(
                    "Cannot set a property of \(EnclosingSelf.self): its key path \(keyPath) is read-only on \(T.self)"
                )
            }
            projection.rootObject[keyPath: writable] = newValue
        }
    }
}

/// A `@Projected` property with its types erased: what a ``Projection`` reads by reflection for its
/// description and its one-time check that each key path reads a persisted property.
protocol ProjectedProperty {
    /// The persisted properties the key path reads, joined by dots (`address.city`); nil if it reads none.
    var originPath: String? { get }
    /// The value of the key path on `root`, an instance of the projection's root type.
    func value(of root: ObjectBase) -> Any
}

extension Projected: ProjectedProperty {
    var originPath: String? { KeyPathRecorder.path(of: keyPath) }

    func value(of root: ObjectBase) -> Any {
        guard let root = root as? T else { preconditionFailure("\(type(of: root)) is not a \(T.self)") }
        return root[keyPath: keyPath]
    }
}
