import StrataCore

/// Carries out a schema migration in one write transaction (see `run()`).
///
/// Order (each step finishes before the next starts; the opening code commits the write after step 5):
///   1. new tables and columns; a column whose type changed is renamed aside to `__old_<name>`
///   2. the migration block, with new objects live in `realm` (a realm over `write`) and old objects read from
///      `snapshot` (the version `write` started from)
///   3. removed and set-aside columns dropped
///   4. indexes and primary keys as declared
///   5. the new schema version stored
///
/// Invariants:
///   (1) `realm` never commits, cancels or closes `write`: after step 2 it is detached from it (its objects read
///       as invalidated from then on), and `snapshot` is ended (its objects stop with a message).
///   (2) New objects have the properties of the models only: a set-aside column or any other `__` name is never
///       one of them.
final class Migrator {
    let write: WriteTransaction
    let infos: [ObjectClassInfo]
    let oldVersion: UInt64
    let configuration: Realm.Configuration
    let oldSchema: Schema
    let newSchema: Schema
    /// The file as it was when the migration began: what old objects read.
    let snapshot: MigrationSnapshot
    /// The realm the new objects belong to, made after step 1 (see ``Realm/init(migrating:schema:configuration:)``).
    private(set) var realm: Realm?
    private let database: Database
    /// Columns added for new properties: table name -> names.
    private var added: [String: Set<String>] = [:]

    init(
        write: WriteTransaction,
        oldReader: ReadTransaction,
        database: Database,
        infos: [ObjectClassInfo],
        oldVersion: UInt64,
        configuration: Realm.Configuration
    ) {
        self.write = write
        self.database = database
        self.infos = infos
        self.oldVersion = oldVersion
        self.configuration = configuration
        oldSchema = MigrationSnapshot.schema(of: write)
        newSchema = Schema(objectSchema: infos.map(\.schema))
        snapshot = MigrationSnapshot(reader: oldReader, path: configuration.path)
    }

    /// Whether `column` stores what `wanted` describes, as far as a migration cares (an index does not count; a
    /// single link's nullability neither, nor a mixed column's).
    static func sameShape(_ column: ColumnSpec, _ wanted: ColumnSpec) -> Bool {
        column.type == wanted.type && column.collection == wanted.collection && column.linkTable == wanted.linkTable
            && (column.nullable == wanted.nullable || column.type == .mixed
                || (column.type == .link && column.collection == .single))
    }

    /// The column `property` of `info` needs in `write`.
    private func wantedColumn(_ property: PropertyInfo) throws -> ColumnSpec {
        let target = try property.typeInfo.objectClass.flatMap {
            try write.table(named: ObjectClassInfo.unqualifiedName(of: $0))?.key
        }
        return SchemaBinding.columnSpec(property, linkTable: target)
    }

    /// Runs the steps of the type's documentation.
    func run() throws {
        try realmErrors {
            for info in infos where try write.table(named: info.className) == nil {
                try write.createTable(named: info.className)
            }
            for info in infos {
                let table = try write.table(named: info.className)!
                var missing: [PropertyInfo] = []
                for property in info.properties where !property.typeInfo.isLinkingObjects {
                    if let column = table.spec.column(named: property.columnName) {
                        if Self.sameShape(column, try wantedColumn(property)) { continue }
                        try write.renameColumn(column.key, in: table.key, to: "__old_\(property.columnName)")
                    }
                    missing.append(property)
                    added[info.className, default: []].insert(property.columnName)
                }
                // Columns without their index or uniqueness: step 4 adds those, once the block has set the values.
                let plain = missing.map { property in
                    var plain = property
                    plain.options = PersistedOptions()
                    return plain
                }
                try SchemaBinding.addColumns(for: info, properties: plain, in: write)
            }
        }
        if let block = configuration.migrationBlock {
            let realm = Realm(migrating: database, schema: try resolve(), configuration: configuration)
            realm.beginMigration(write)
            self.realm = realm
            defer {
                realm.endMigration()
                snapshot.end()
                self.realm = nil
            }
            block(Migration(migrator: self, realm: realm), oldVersion)
        }
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

    /// The models bound to their tables as `write` holds them now.
    private func resolve() throws -> ResolvedSchema {
        ResolvedSchema(tables: try SchemaBinding.resolve(infos, in: write))
    }

    func rename(_ typeName: String, from oldName: String, to newName: String) throws {
        guard let table = try write.table(named: typeName), let column = table.spec.column(named: oldName),
            !oldName.hasPrefix("__")
        else {
            throw RealmError.invalidValue("Cannot rename property '\(typeName).\(oldName)' because it does not exist.")
        }
        if let info = infos.first(where: { $0.className == typeName }) {
            if info.properties.contains(where: { $0.columnName == oldName && !$0.typeInfo.isLinkingObjects }) {
                throw RealmError.invalidValue(
                    "Cannot rename property '\(typeName).\(oldName)' to '\(newName)' because the source property"
                        + " still exists in the model."
                )
            }
            guard
                let property = info.properties.first(where: {
                    $0.columnName == newName && !$0.typeInfo.isLinkingObjects
                })
            else {
                throw RealmError.invalidValue(
                    "Renamed property '\(typeName).\(newName)' is not present in the new schema."
                )
            }
            if !Self.sameShape(column, try wantedColumn(property)) {
                throw RealmError.invalidValue(
                    "Cannot rename property '\(typeName).\(oldName)' to '\(newName)' because it would change from"
                        + " type '\(column.type)' to '\(property.valueType)'."
                )
            }
        }
        try realmErrors {
            if let placeholder = table.spec.column(named: newName), added[typeName]?.contains(newName) == true {
                try write.removeColumn(placeholder.key, from: table.key)
                added[typeName]?.remove(newName)
            }
            try write.renameColumn(column.key, in: table.key, to: newName)
        }
        // The class's columns moved: the new objects read through the tables resolved again.
        if let realm { realm.migrationSchemaChanged(to: try resolve()) }
    }

    func deleteData(forType typeName: String) throws -> Bool {
        guard let table = try realmErrors({ try write.table(named: typeName) }), !typeName.hasPrefix("__") else {
            return false
        }
        try realmErrors { try write.deleteAllObjects(in: table.key) }
        realm?.migrationTablesChanged()
        return true
    }
}
