/// What a ``ProjectedCollection`` reads: values at positions, with the type of the objects behind them erased.
protocol ProjectedElementSource<Value>: Sendable {
    associatedtype Value
    var count: Int { get }
    func value(at position: Int) -> Value
    func setValue(_ value: Value, at position: Int)
    var realm: Realm? { get }
    var isFrozen: Bool { get }
    var isInvalidated: Bool { get }
    func frozen() throws -> any ProjectedElementSource<Value>
    func thawed() -> (any ProjectedElementSource<Value>)?
    func index(matching predicate: RealmPredicate) throws -> Int?
}

/// The objects of a list or set with the key path read on each: the source of `projectTo` collections.
///
/// `Sendable`, as the compiler checks: the list or set is (a frozen one is read by any task, a live one traps off
/// its realm's actor), and the key path is a `Sendable` one.
struct MappedObjects<Object: ObjectBase & RealmCollectionValue, Value>: ProjectedElementSource {
    let objects: any ProjectableObjects<Object>
    let keyPath: any KeyPath<Object, Value> & Sendable

    var count: Int { objects.count }

    func value(at position: Int) -> Value {
        objects[position][keyPath: keyPath]
    }

    func setValue(_ value: Value, at position: Int) {
        guard let writable = keyPath as? ReferenceWritableKeyPath<Object, Value> else {
            preconditionFailure("Cannot set an element of a ProjectedCollection: \(keyPath) is read-only")
        }
        objects[position][keyPath: writable] = value
    }

    var realm: Realm? { objects.realm }
    var isFrozen: Bool { objects.isFrozen }
    var isInvalidated: Bool { objects.isInvalidated }

    func frozen() throws -> any ProjectedElementSource<Value> {
        MappedObjects(objects: try objects.freeze(), keyPath: keyPath)
    }

    func thawed() -> (any ProjectedElementSource<Value>)? {
        guard let live = objects.thaw() else { return nil }
        return MappedObjects(objects: live, keyPath: keyPath)
    }

    func index(matching predicate: RealmPredicate) throws -> Int? {
        try objects.index(matching: predicate)
    }
}
