import Foundation
import StrataCore

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
public final class Migration {
    let migrator: Migrator

    init(migrator: Migrator) { self.migrator = migrator }

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
    public func enumerateObjects(
        ofType typeName: String,
        _ block: (_ oldObject: MigrationObject?, _ newObject: MigrationObject?) -> Void
    ) {
        let current =
            migrator.infos.contains { $0.className == typeName } ? try? migrator.write.table(named: typeName) : nil
        let old = try? migrator.oldReader.table(named: typeName)
        switch (old, current) {
        case (nil, nil):
            return
        case (nil, let current?):
            for key in (try? current.keys()) ?? [] {
                block(nil, MigrationObject(migrator: migrator, table: current.key, key: key, old: false))
            }
        case (let old?, nil):
            for key in (try? old.keys()) ?? [] {
                block(MigrationObject(migrator: migrator, table: old.key, key: key, old: true), nil)
            }
        case (let old?, let current?):
            for key in (try? old.keys()) ?? [] where (try? current.contains(key)) == true {
                block(
                    MigrationObject(migrator: migrator, table: old.key, key: key, old: true),
                    MigrationObject(migrator: migrator, table: current.key, key: key, old: false)
                )
            }
        }
    }

    /// Creates an object of `typeName` in the new schema.
    /// - Parameters:
    ///   - typeName: a class of the new schema; an unknown one stops with a message.
    ///   - value: the new object's property values: a dictionary by property name, or an array in the order of
    ///     the class's properties. Properties it leaves out keep their defaults.
    /// - Returns: the new object.
    @discardableResult
    public func create(_ typeName: String, value: Any = [String: Any]()) -> MigrationObject {
        do {
            guard let table = try migrator.write.table(named: typeName),
                let info = migrator.infos.first(where: { $0.className == typeName })
            else {
                throw RealmError.invalidValue("Object type '\(typeName)' is not in the new schema.")
            }
            let names = info.properties.filter { !$0.typeInfo.isLinkingObjects }.map(\.name)
            let pairs: [(String, Any)]
            switch value {
            case let dictionary as [String: Any]:
                pairs = dictionary.map { ($0.key, $0.value) }
            case let array as [Any]:
                guard array.count <= names.count else {
                    throw RealmError.invalidValue(
                        "Invalid array input: more values (\(array.count)) than properties (\(names.count))."
                    )
                }
                pairs = Array(zip(names, array))
            default:
                throw RealmError.invalidValue(
                    "Invalid value '\(value)' to initialize an object of type '\(typeName)': "
                        + "pass a dictionary or an array"
                )
            }
            let key = try migrator.write.createObject(in: table.key)
            let object = MigrationObject(migrator: migrator, table: table.key, key: key, old: false)
            for (name, element) in pairs { object[name] = element }
            return object
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// Deletes an object.
    /// - Parameter object: a new-schema object from ``enumerateObjects(ofType:_:)`` or ``create(_:value:)``.
    public func delete(_ object: MigrationObject) {
        do { try migrator.write.deleteObject(object.key, in: object.table) } catch { preconditionFailure("\(error)") }
    }

    /// Deletes every object of `typeName`; the class's table stays in the file, empty.
    /// - Parameter typeName: the class name.
    /// - Returns: whether the file has a class of that name.
    /// - Note: Differs from Realm Swift: the class's table stays in the file, empty.
    @discardableResult
    public func deleteData(forType typeName: String) -> Bool {
        guard let table = try? migrator.write.table(named: typeName) else { return false }
        do {
            try migrator.write.deleteAllObjects(in: table.key)
        } catch {
            preconditionFailure("\(error)")
        }
        return true
    }

    /// Renames a property, keeping its values.
    /// - Parameters:
    ///   - typeName: the class name.
    ///   - oldName: the property's name in the old schema; a name the file lacks stops with a message.
    ///   - newName: its name in the new schema.
    public func renameProperty(onType typeName: String, from oldName: String, to newName: String) {
        do {
            try migrator.rename(typeName, from: oldName, to: newName)
        } catch {
            preconditionFailure("\(error)")
        }
    }
}

/// An object during a migration, read and written by property name.
public final class MigrationObject {
    let migrator: Migrator
    let table: TableKey
    let key: ObjectKey
    let old: Bool

    init(migrator: Migrator, table: TableKey, key: ObjectKey, old: Bool) {
        self.migrator = migrator
        self.table = table
        self.key = key
        self.old = old
    }

    /// The value of the property named `name` (old names for the old object), or nil.
    ///
    /// An old object reads the file as it was before the migration, whatever the migration has written since.
    /// - Parameter name: a property name: of the old schema for the old object, of the new schema for the new one.
    ///   Reading an unknown name gives nil; writing one, or writing the old object, stops with a message.
    public subscript(name: String) -> Any? {
        get {
            let reading: (any TransactionReading)? = old ? migrator.oldReader : migrator.write
            guard let engine = try? reading?.table(table),
                let column = old ? engine.spec.column(named: name) : migrator.column(named: name, in: engine),
                let value = try? engine.value(key, column.key)
            else { return nil }
            return MigrationValues.swift(value)
        }
        set {
            guard !old else { preconditionFailure("the old object of a migration is read-only") }
            do {
                guard let engine = try? migrator.write.table(table),
                    let column = migrator.column(named: name, in: engine)
                else {
                    throw RealmError.invalidValue("no property named \(name)")
                }
                try migrator.write.set(
                    MigrationValues.engine(newValue, for: column),
                    of: column.key,
                    in: table,
                    object: key
                )
            } catch {
                preconditionFailure("\(error)")
            }
        }
    }
}

/// Values of migration objects, typed by their columns.
enum MigrationValues {
    static func swift(_ value: StrataCore.Value) -> Any? {
        switch value {
        case .null: return nil
        case .int(let v): return Int(v)
        case .bool(let v): return v
        case .float(let v): return v
        case .double(let v): return v
        case .string(let v): return v
        case .binary(let v): return Data(v)
        case .timestamp(let v): return ValueConversion.date(v)
        case .objectId(let v): return ObjectId(bytes: v)
        case .decimal128(let v): return Decimal128(storageBytes: v)
        case .uuid(let v): return v.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        case .link(let key): return key.rawValue
        case .typedLink(_, let key): return key.rawValue
        case .list(let values): return values.map(swift)
        case .dictionary(let entries):
            return Dictionary(uniqueKeysWithValues: entries.map { ($0.key, swift($0.value) as Any) })
        }
    }

    static func engine(_ value: Any?, for column: ColumnSpec) throws -> StrataCore.Value {
        guard let value, !(value is NSNull) else { return .null }
        if column.collection != .single {
            let elements = (value as? [Any]) ?? []
            return .list(
                try elements.map {
                    try engine($0, for: ColumnSpec(name: column.name, type: column.type, nullable: column.nullable))
                }
            )
        }
        let target: Any.Type
        switch column.type {
        case .int: target = Int.self
        case .bool: target = Bool.self
        case .float: target = Float.self
        case .double: target = Double.self
        case .string: target = String.self
        case .binary: target = Data.self
        case .timestamp: target = Date.self
        case .decimal128: target = Decimal128.self
        case .objectId: target = ObjectId.self
        case .uuid: target = UUID.self
        case .mixed: target = AnyRealmValue.self
        case .link, .backlink: if let key = value as? Int64 { return .link(ObjectKey(key)) } else { return .null }
        }
        return try ValueConversion.engineValue(try ValueCoercion.coerce(value, to: target, property: column.name)) {
            _ in .null
        }
    }
}

/// Carries out a schema migration in one write transaction (see `run()`).
final class Migrator {
    let write: WriteTransaction
    /// The file as it was when the migration began (the version `write` started from): what old objects read.
    let oldReader: ReadTransaction
    let infos: [ObjectClassInfo]
    let oldVersion: UInt64
    let configuration: Realm.Configuration
    let oldSchema: Schema
    let newSchema: Schema
    /// Columns renamed aside because their type changed: table name -> property -> temporary name.
    private var setAside: [String: [String: String]] = [:]
    /// Columns added for new properties: table name -> names.
    private var added: [String: Set<String>] = [:]

    init(
        write: WriteTransaction,
        oldReader: ReadTransaction,
        infos: [ObjectClassInfo],
        oldVersion: UInt64,
        configuration: Realm.Configuration
    ) {
        self.write = write
        self.oldReader = oldReader
        self.infos = infos
        self.oldVersion = oldVersion
        self.configuration = configuration
        oldSchema = Self.schema(of: write)
        newSchema = Schema(objectSchema: infos.map(\.schema))
    }

    static func schema(of reading: any TransactionReading) -> Schema {
        Schema(
            objectSchema: reading.tableSpecs.filter { !$0.name.hasPrefix("__") }.map { table in
                ObjectSchema(
                    className: table.name,
                    properties: table.columns.filter { $0.type != .backlink }.map { column in
                        Property(
                            name: column.name,
                            type: propertyType(column.type),
                            isOptional: column.nullable && column.type != .mixed,
                            isArray: column.collection == .list,
                            isSet: column.collection == .set,
                            isMap: column.collection == .dictionary,
                            isIndexed: column.indexed,
                            isPrimary: column.unique,
                            objectClassName: column.linkTable.flatMap { key in
                                reading.tableSpecs.first { $0.key == key }?.name
                            },
                            linkOriginPropertyName: nil
                        )
                    },
                    isEmbedded: false
                )
            }
        )
    }

    static func propertyType(_ type: ValueType) -> PropertyType {
        switch type {
        case .int: return .int
        case .bool: return .bool
        case .float: return .float
        case .double: return .double
        case .string: return .string
        case .binary: return .data
        case .timestamp: return .date
        case .decimal128: return .decimal128
        case .objectId: return .objectId
        case .uuid: return .UUID
        case .mixed: return .any
        case .link: return .object
        case .backlink: return .linkingObjects
        }
    }

    /// 1. new tables and columns (changed columns set aside); 2. the migration block; 3. removed and
    /// set-aside columns dropped; 4. indexes and primary keys as declared; 5. the new schema version.
    func run() throws {
        try realmErrors {
            for info in infos where try write.table(named: info.className) == nil {
                try write.createTable(named: info.className)
            }
            for info in infos {
                let table = try write.table(named: info.className)!
                var missing: [PropertyInfo] = []
                for property in info.properties where !property.typeInfo.isLinkingObjects {
                    let target = try property.typeInfo.objectClass.flatMap {
                        try write.table(named: ObjectClassInfo.unqualifiedName(of: $0))?.key
                    }
                    let wanted = SchemaBinding.columnSpec(property, linkTable: target)
                    if let column = table.spec.column(named: property.columnName) {
                        let sameShape =
                            column.type == wanted.type && column.collection == wanted.collection
                            && column.linkTable == wanted.linkTable
                            && (column.nullable == wanted.nullable || column.type == .mixed
                                || (column.type == .link && column.collection == .single))
                        if sameShape { continue }
                        let aside = "__old_\(property.columnName)"
                        try write.renameColumn(column.key, in: table.key, to: aside)
                        setAside[info.className, default: [:]][property.columnName] = aside
                    }
                    missing.append(property)
                    added[info.className, default: []].insert(property.columnName)
                }
                var plain = missing
                for index in plain.indices {
                    plain[index] = PropertyInfo(
                        name: plain[index].name,
                        typeInfo: plain[index].typeInfo,
                        valueType: plain[index].valueType,
                        options: PersistedOptions(),
                        position: plain[index].position,
                        persistedName: plain[index].persistedName
                    )
                }
                try SchemaBinding.addColumns(for: info, properties: plain, in: write)
            }
        }
        if let block = configuration.migrationBlock { block(Migration(migrator: self), oldVersion) }
        try realmErrors {
            for info in infos {
                let table = try write.table(named: info.className)!
                for column in table.spec.columns
                where column.type != .backlink && !info.properties.contains(where: { $0.columnName == column.name }) {
                    try write.removeColumn(column.key, from: table.key)
                }
            }
            try SchemaBinding.applyIndexes(infos, in: write)
            try SchemaBinding.storeVersion(configuration.schemaVersion, in: write)
        }
    }

    /// The column a new migration object's property name means (a column set aside for a changed type is
    /// not one: old objects read it from `oldReader`).
    func column(named name: String, in table: Table) -> ColumnSpec? {
        table.spec.column(named: name)
    }

    func rename(_ typeName: String, from oldName: String, to newName: String) throws {
        guard let table = try write.table(named: typeName), let column = table.spec.column(named: oldName) else {
            throw RealmError.invalidValue("Cannot rename property '\(typeName).\(oldName)' because it does not exist.")
        }
        if let placeholder = table.spec.column(named: newName), added[typeName]?.contains(newName) == true {
            try write.removeColumn(placeholder.key, from: table.key)
            added[typeName]?.remove(newName)
        }
        try write.renameColumn(column.key, in: table.key, to: newName)
    }
}
