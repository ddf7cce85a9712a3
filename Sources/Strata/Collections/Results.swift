import StrataCore

/// The objects of one type in a realm, as a live collection.
///
/// ```swift
/// let names = await realm.read { realm in
///     realm.objects(Person.self).map(\.name)
/// }
/// ```
///
/// Live results reflect the realm's current version, including its own write transaction, and are
/// confined to the realm's actor; ``freeze()`` gives a snapshot any task can read.
/// - Complexity: `count` is O(1); subscripting is O(log n).
public struct Results<Element: RealmCollectionValue>: RandomAccessCollection, CustomStringConvertible,
    @unchecked Sendable
{
    let source: RealmSource
    let className: String

    init(source: RealmSource, table: ResolvedTable?) {
        self.source = source
        className = table?.className ?? ObjectClassInfo.unqualifiedName(of: Element.self)
    }

    init(source: RealmSource, className: String) {
        self.source = source
        self.className = className
    }

    private var table: ResolvedTable? {
        switch source {
        case .live(let realm): return realm.state.schema.tables[className]
        case .frozen(let snapshot): return snapshot.schema.tables[className]
        }
    }

    /// The position of the first object.
    public var startIndex: Int { 0 }
    /// One past the position of the last object.
    public var endIndex: Int { count }

    /// The number of objects.
    public var count: Int {
        guard let table else { return 0 }
        return source.read("Results") { reader in (try? reader.table(table.tableKey).count) ?? 0 }
    }

    /// The object at `position`.
    public subscript(position: Int) -> Element {
        guard let table else { preconditionFailure("Index \(position) is out of bounds (must be less than 0).") }
        let key: ObjectKey = source.read("Results") { reader in
            guard let engine = try? reader.table(table.tableKey) else {
                preconditionFailure("the realm is invalidated")
            }
            precondition(
                position >= 0 && position < engine.count,
                "Index \(position) is out of bounds (must be less than \(engine.count))."
            )
            do {
                return try engine.key(atPosition: position)
            } catch {
                preconditionFailure("\(error)")
            }
        }
        if Element.self == DynamicObject.self {
            let object = DynamicObject()
            object.binding = ObjectBinding(source: source, table: table, key: key)
            return object as! Element
        }
        return ObjectBinding.makeObject(source: source, table: table, key: key) as! Element
    }

    /// The realm the results belong to (a frozen realm for frozen results).
    public var realm: Realm? {
        switch source {
        case .live(let realm): return realm
        case .frozen(let snapshot): return snapshot.realm
        }
    }

    /// Whether the results are frozen.
    public var isFrozen: Bool { source.isFrozen }

    /// Whether the realm was invalidated or closed.
    public var isInvalidated: Bool {
        if case .live(let realm) = source { return realm.state.isClosed }
        return false
    }

    /// A snapshot of the results at the current version, readable from any task.
    public func freeze() throws -> Results<Element> {
        switch source {
        case .frozen: return self
        case .live(let realm):
            realm.preconditionIsolated(RealmSource.confinementMessage("Results"))
            return Results(source: .frozen(try realm.makeFrozenSnapshot()), table: table)
        }
    }

    /// The position of `object`, or nil.
    public func index(of object: Element) -> Int? {
        firstIndex { CollectionElementEquality.equal($0, object) }
    }

    /// The type and count.
    public var description: String { "Results<\(Element.self)> (\(count) objects)" }
}
