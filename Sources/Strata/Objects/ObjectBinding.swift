import StrataCore

/// Binds a managed object to its row: where it reads from, its table and its key.
final class ObjectBinding {
    let source: RealmSource
    let table: ResolvedTable
    let key: ObjectKey
    /// The realm's epoch when the binding was made (see `Realm.invalidate()`).
    let epoch: Int
    /// For live objects: the row's location and the single-value properties read so far, as of
    /// `rowGeneration`.
    private var rowLocation: (table: Table, location: RowLocation)?
    private var rowValues: [StrataCore.Value?] = []
    private var rowGeneration = Int.min

    init(source: RealmSource, table: ResolvedTable, key: ObjectKey) {
        self.source = source
        self.table = table
        self.key = key
        if case .live(let realm) = source { epoch = realm.state.epoch } else { epoch = 0 }
    }

    /// Whether the realm was invalidated or closed since the binding was made.
    var realmInvalidated: Bool {
        guard case .live(let realm) = source else { return false }
        return realm.state.isClosed || realm.state.epoch != epoch
    }

    /// Creates a managed instance of `table`'s class for `key`.
    static func makeObject(source: RealmSource, table: ResolvedTable, key: ObjectKey) -> ObjectBase {
        let object = table.info.type.init()
        object.binding = ObjectBinding(source: source, table: table, key: key)
        return object
    }

    var realm: Realm? {
        switch source {
        case .live(let realm): return realm
        case .frozen(let snapshot): return snapshot.realm
        }
    }

    var isFrozen: Bool { source.isFrozen }

    var databasePath: String { source.databasePath }

    var isInvalidated: Bool {
        if realmInvalidated { return true }
        return source.read("object") { reader in
            (try? reader.table(table.tableKey).contains(key)) != true
        }
    }

    private var invalidatedMessage: String {
        RealmError.objectInvalidated("The \(table.className) object").description
    }

    /// The engine value of property `index`; stops with Realm's message if the object is gone.
    func engineValue(_ index: Int) -> StrataCore.Value {
        if realmInvalidated { preconditionFailure(invalidatedMessage) }
        if case .live(let realm) = source, let position = table.scalarPositions[index] {
            // Live objects belong to one actor: their row is found once per version of the realm (every write
            // bumps the generation) and each single-value property is decoded once and served from this copy.
            let generation = realm.state.generation
            if rowGeneration != generation {
                rowGeneration = Int.min
                rowLocation = nil
                if rowValues.count == table.scalarColumns.count {
                    for slot in rowValues.indices { rowValues[slot] = nil }
                } else {
                    rowValues = Array(repeating: nil, count: table.scalarColumns.count)
                }
                rowGeneration = generation
            }
            if let value = rowValues[position] { return value }
            do {
                if rowLocation == nil {
                    // The first read in this version finds the row (and checks the caller's isolation).
                    rowLocation = try source.read("object") { reader in
                        let rows = try reader.table(table.tableKey)
                        return try rows.locate(key).map { (rows, $0) }
                    }
                }
                guard let (rows, location) = rowLocation else { throw RealmError.objectInvalidated("object") }
                let value = try rows.value(at: location, table.scalarColumns[position])
                rowValues[position] = value
                return value
            } catch {
                preconditionFailure(invalidatedMessage)
            }
        }
        return source.read("object") { reader in
            do {
                return try reader.table(table.tableKey).value(key, table.column(index))
            } catch {
                preconditionFailure(invalidatedMessage)
            }
        }
    }

    /// The value of property `index` when `T` is exactly `Int`, `Double`, `Bool` or `String` (nil for any
    /// other type): the common properties skip boxing the value as `Any` and casting it back.
    func plainValue<T>(_ index: Int, as type: T.Type) -> T? {
        guard T.self == Int.self || T.self == Double.self || T.self == Bool.self || T.self == String.self else {
            return nil
        }
        // Each cast below reinterprets a value as its own type (checked just before), so it is an identity.
        switch engineValue(index) {
        case .int(let value) where T.self == Int.self: return unsafeBitCast(Int(value), to: T.self)
        case .double(let value) where T.self == Double.self: return unsafeBitCast(value, to: T.self)
        case .bool(let value) where T.self == Bool.self: return unsafeBitCast(value, to: T.self)
        case .string(let value) where T.self == String.self: return unsafeBitCast(value, to: T.self)
        default: return nil
        }
    }

    /// Sets property `index` when `T` is exactly `Int`, `Double`, `Bool` or `String` and returns true (false for
    /// any other type, which takes ``set(_:_:)``): the common properties skip boxing the value as `Any`.
    func setPlain<T>(_ index: Int, _ value: T) -> Bool {
        // Each cast below reinterprets a value as its own type (checked just before), so it is an identity.
        let newValue: StrataCore.Value
        if T.self == Int.self {
            newValue = .int(Int64(unsafeBitCast(value, to: Int.self)))
        } else if T.self == Double.self {
            newValue = .double(unsafeBitCast(value, to: Double.self))
        } else if T.self == Bool.self {
            newValue = .bool(unsafeBitCast(value, to: Bool.self))
        } else if T.self == String.self {
            newValue = .string(unsafeBitCast(value, to: String.self))
        } else {
            return false
        }
        let (_, state) = writableState(index)
        do {
            try state.setPlain(newValue, of: self, column: table.column(index))
        } catch {
            preconditionFailure("\(error)")
        }
        return true
    }

    /// The live realm and its state for a write to property `index`; stops with Realm's message outside a write,
    /// on a frozen object or for a primary key.
    private func writableState(_ index: Int) -> (Realm, RealmState) {
        let (realm, state) = source.liveState("\(table.className) object")
        _ = state.writer("modify a managed object")
        if index == table.info.primaryKeyIndex {
            preconditionFailure("Primary key can't be changed after an object is inserted.")
        }
        return (realm, state)
    }

    /// The Swift value of property `index`.
    func get(_ index: Int) -> Any {
        let property = table.info.properties[index]
        if property.typeInfo.isLinkingObjects || property.typeInfo.collection != .single {
            guard let collection = property.valueType as? any ManagedCollectionFactory.Type else {
                preconditionFailure("\(property.valueType) is not a collection")
            }
            _ = engineValueIfPresent(index)
            return collection.makeManaged(owner: self, property: index)
        }
        return ValueConversion.swiftValue(engineValue(index), as: property.valueType, source: source)
    }

    private func engineValueIfPresent(_ index: Int) -> Bool {
        source.read("object") { reader in
            guard (try? reader.table(table.tableKey).contains(key)) == true else {
                preconditionFailure(invalidatedMessage)
            }
            return true
        }
    }

    /// Sets property `index`; stops with Realm's message outside a write, on a frozen object or for a
    /// primary key change.
    func set(_ index: Int, _ value: Any) {
        let (realm, state) = writableState(index)
        do {
            try state.setProperty(table.info.properties[index], of: self, to: value, realm: realm)
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// A frozen copy of `object` at the realm's current version.
    func frozenCopy<T: ObjectBase>(of object: T) throws -> T {
        switch source {
        case .frozen: return object
        case .live(let realm):
            let snapshot = try realm.makeFrozenSnapshot()
            let copy = T()
            copy.binding = ObjectBinding(source: .frozen(snapshot), table: table, key: key)
            return copy
        }
    }

    /// The live object for a frozen one, in the realm of the running actor's context.
    func thawedCopy<T: ObjectBase>(of object: T) throws -> T? {
        guard case .frozen = source else { return object }
        guard let realm = Realm.currentIsolatedRealm(path: databasePath) else {
            throw RealmError.wrongRealm(
                "thaw() needs a realm: call it inside realm.read { } or realm.write { }, or use realm.thaw(_:)"
            )
        }
        return realm.liveObject(T.self, table: table, key: key)
    }
}
