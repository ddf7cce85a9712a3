/// What a ``ProjectedCollection`` reads: values at positions, with the type of the objects behind them erased.
protocol ProjectedElementSource<Value>: Sendable {
    associatedtype Value: RealmCollectionValue
    var count: Int { get }
    func value(at position: Int) -> Value
    func setValue(_ value: Value, at position: Int)
    var realm: Realm? { get }
    var isFrozen: Bool { get }
    var isInvalidated: Bool { get }
    func frozen() throws -> any ProjectedElementSource<Value>
    func thawed() -> (any ProjectedElementSource<Value>)?
    func index(checkedMatching predicate: RealmPredicate) throws -> Int?
    /// The changes of the list or set behind the values, each carrying the projected collection of its frozen
    /// payload.
    func changes(keyPaths: [String]?) -> ChangeStream<RealmCollectionChange<ProjectedCollection<Value>>>
}

/// The objects of a list or set with the key path read on each: the source of `projectTo` collections.
///
/// `Sendable`, as the compiler checks: the list or set is (a frozen one is read by any task, a live one traps off
/// its realm's actor), and the key path is a `Sendable` one.
struct MappedObjects<Object: ObjectBase & RealmCollectionValue, Value: RealmCollectionValue>: ProjectedElementSource {
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

    func index(checkedMatching predicate: RealmPredicate) throws -> Int? {
        try objects.index(checkedMatching: predicate)
    }

    func changes(keyPaths: [String]?) -> ChangeStream<RealmCollectionChange<ProjectedCollection<Value>>> {
        objects.projectedChanges(keyPaths: keyPaths, keyPath: keyPath)
    }
}

extension ProjectableObjects {
    /// The list's or set's changes with each payload mapped through `keyPath`: what a ``ProjectedCollection``'s
    /// `changes(keyPaths:)` yields.
    fileprivate func projectedChanges<Value: RealmCollectionValue>(
        keyPaths: [String]?,
        keyPath: any KeyPath<Element, Value> & Sendable
    ) -> ChangeStream<RealmCollectionChange<ProjectedCollection<Value>>> {
        guard let results = _contents.results else {
            preconditionFailure("changes(keyPaths:) needs a managed collection; an unmanaged one cannot be observed")
        }
        let project = { (objects: Self) in
            ProjectedCollection(source: MappedObjects(objects: objects, keyPath: keyPath))
        }
        return results.source.changeStream { schema in
            try MappedCollectionObserver(self, keyPaths: keyPaths, schema: schema) { change in
                switch change {
                case .initial(let objects): return .initial(project(objects))
                case .update(let objects, let deletions, let insertions, let modifications):
                    return .update(
                        project(objects),
                        deletions: deletions,
                        insertions: insertions,
                        modifications: modifications
                    )
                case .error(let error): return .error(error)
                }
            }
        }
    }
}
