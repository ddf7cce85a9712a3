import StrataCore

/// An object in a migration block: a ``DynamicObject``, whose properties are read and written by name.
///
/// As in Realm Swift, ``Migration/enumerateObjects(ofType:_:)`` hands each object of the file twice: its old view,
/// read-only, as the file held it before the migration (by the old property names), and its new view, live in the
/// migration's write (by the new schema's property names). A linked object reads as a `MigrationObject`, a list
/// or set of objects as a `List<MigrationObject>` or `MutableSet<MigrationObject>`, a map of objects as a
/// `Map<String, MigrationObject?>`, and a list, set or map of values as its typed collection (`List<Int>`,
/// `MutableSet<String?>`, `Map<String, Double>`).
///
/// ```swift
/// migration.enumerateObjects(ofType: "Person") { oldObject, newObject in
///     let dogs = newObject!["dogs"] as! List<MigrationObject>
///     dogs.append(migration.create("Dog", value: ["name": "Rex"]))
///     newObject!["bestFriend"] = dogs.first
/// }
/// ```
///
/// - Note: Differs from Realm Swift: an old object's lists, sets and maps are unmanaged copies of the stored
///   collections (reading them is what an old object is for), and an integer of an old object is an `Int`
///   whatever its width, where a new object's keeps its model type (`Int8`, `Int32`…).
public typealias MigrationObject = DynamicObject

/// The block ``Migration/enumerateObjects(ofType:_:)`` calls with each object's old and new view.
public typealias MigrationObjectEnumerateBlock = (_ oldObject: MigrationObject?, _ newObject: MigrationObject?) ->
    Void

/// What a migration block works with: the objects of the old schema and of the new one.
///
/// ```swift
/// configuration.schemaVersion = 2
/// configuration.migrationBlock = { migration, oldSchemaVersion in
///     if oldSchemaVersion < 2 {
///         migration.renameProperty(onType: "Person", from: "name", to: "fullName")
///         migration.enumerateObjects(ofType: "Person") { oldObject, newObject in
///             newObject?["age"] = (oldObject?["yearsOld"] as? Int) ?? 0
///         }
///     }
/// }
/// ```
///
/// The objects a migration hands out belong to it: once the block returns, a new object reads as invalidated and
/// an old one stops with a message.
public final class Migration {
    let migrator: Migrator
    /// The realm of the new objects (see ``Realm/init(migrating:schema:configuration:)``).
    let realm: Realm

    init(migrator: Migrator, realm: Realm) {
        self.migrator = migrator
        self.realm = realm
    }

    /// The schema stored in the file before the migration.
    public var oldSchema: Schema { migrator.oldSchema }
    /// The schema of the models.
    public var newSchema: Schema { migrator.newSchema }

    /// Calls `block` with every object of `typeName` the file held before the migration: its old view (as it was
    /// before the migration, read-only) and its new view (writable).
    ///
    /// Objects created during the migration are not visited, and an object deleted during it is skipped. For a
    /// class new in this schema version, the block gets each of its objects with no old view; for a class the
    /// models no longer have, each old object with no new view (to carry its data elsewhere).
    /// - Parameters:
    ///   - typeName: the class name; an unknown class calls the block for nothing.
    ///   - block: called with each object's old view and new view.
    public func enumerateObjects(ofType typeName: String, _ block: MigrationObjectEnumerateBlock) {
        let realm = self.realm
        let write = migrator.write
        let snapshot = migrator.snapshot
        /// The new object with `key`, nil when it was deleted meanwhile. The table is looked up each time: a rename
        /// in the block resolves the class's columns again.
        func newObject(_ key: ObjectKey) -> MigrationObject? {
            guard let table = realm.migrationTable(named: typeName),
                ReadFailure.unlessAbsent(
                    "the new \(typeName) objects",
                    { try write.table(table.tableKey).contains(key) }
                )
                    == true
            else { return nil }
            return realm.migrationObject(table, key)
        }
        let current = realm.migrationTable(named: typeName)
        switch (snapshot.table(named: typeName), current) {
        case (nil, nil):
            return
        case (nil, let current?):
            for key in ReadFailure.unlessAbsent(
                "the new \(typeName) objects",
                { try write.table(current.tableKey).keys() }
            )
                ?? []
            {
                guard let object = newObject(key) else { continue }
                block(nil, object)
            }
        case (let old?, nil):
            for key in snapshot.keys(of: old) {
                block(snapshot.object(old, key), nil)
            }
        case (let old?, _?):
            for key in snapshot.keys(of: old) {
                guard let object = newObject(key) else { continue }
                block(snapshot.object(old, key), object)
            }
        }
    }

    /// Creates an object of `typeName` in the new schema.
    /// - Parameters:
    ///   - typeName: a class of the new schema; an unknown one stops with a message.
    ///   - value: the new object's property values: a dictionary by property name, or an array in the order of
    ///     the class's properties. Properties it leaves out keep their defaults; objects it holds are linked (a
    ///     new object of the migration) or created (an unmanaged one), as ``Realm/create(_:value:update:)`` does.
    /// - Returns: the new object, live in the migration.
    @discardableResult
    public func create(_ typeName: String, value: Any = [String: Any]()) -> MigrationObject {
        do {
            guard let info = migrator.infos.first(where: { $0.className == typeName }) else {
                throw RealmError.invalidValue("Object type '\(typeName)' is not in the new schema.")
            }
            let names = info.properties.filter { !$0.typeInfo.isLinkingObjects }.map(\.name)
            let values: [String: Any]
            switch value {
            case let dictionary as [String: Any]:
                values = dictionary
            case let array as [Any]:
                guard array.count <= names.count else {
                    throw RealmError.invalidValue(
                        "Invalid array input: more values (\(array.count)) than properties (\(names.count))."
                    )
                }
                values = Dictionary(zip(names, array)) { first, _ in first }
            default:
                throw RealmError.invalidValue(
                    "Invalid value '\(value)' to initialize an object of type '\(typeName)': "
                        + "pass a dictionary or an array"
                )
            }
            return try realm.migrationCreate(typeName, values)
        } catch {
            ReadFailure.stop(error, reading: "the realm being migrated", otherwise: "\(error)")
        }
    }

    /// Deletes an object.
    /// - Parameter object: a new-schema object from ``enumerateObjects(ofType:_:)`` or ``create(_:value:)``; an
    ///   old object stops with a message.
    public func delete(_ object: MigrationObject) {
        guard object.migrationOldObject == nil else {
            preconditionFailure(
                "Migration.delete(_:) deletes a new object: pass the newObject of enumerateObjects, not the oldObject"
            )
        }
        do {
            try realm.migrationDelete(object)
        } catch {
            ReadFailure.stop(error, reading: "the realm being migrated", otherwise: "\(error)")
        }
    }

    /// Deletes every object of `typeName`; the class's table stays in the file, empty.
    /// - Parameter typeName: the class name.
    /// - Returns: whether the file has a class of that name.
    /// - Note: Differs from Realm Swift: the class's table stays in the file, empty.
    @discardableResult
    public func deleteData(forType typeName: String) -> Bool {
        do {
            return try migrator.deleteData(forType: typeName)
        } catch {
            ReadFailure.stop(error, reading: "the realm being migrated", otherwise: "\(error)")
        }
    }

    /// Renames a property, keeping its values.
    ///
    /// New objects obtained before the rename are invalidated by it (their class's columns moved): read them
    /// again from ``enumerateObjects(ofType:_:)``. Old objects are unaffected.
    /// - Parameters:
    ///   - typeName: the class name.
    ///   - oldName: the property's name in the old schema.
    ///   - newName: its name in the new schema: one of the class's properties, of the old property's type (it may
    ///     become optional, keeping its values, but not required), or a name no model has, as a step of a rename over several migrations
    ///     (a column left with such a name is removed after the block).
    ///
    /// A rename realm-core refuses (a class the file lacks or the models dropped, a source property the model still
    /// has or the file lacks, a change of type or to required) fails the migration with realm-core's message once
    /// the block returns, and nothing the block did is kept; the renames after it are not made.
    public func renameProperty(onType typeName: String, from oldName: String, to newName: String) {
        migrator.renameInBlock(typeName, from: oldName, to: newName)
    }
}
