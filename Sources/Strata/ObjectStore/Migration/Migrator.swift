import StrataCore

/// Carries out a schema migration in one write transaction (see `run()`).
///
/// Order (each step finishes before the next starts; the opening code commits the write after step 5):
///   1. new tables and columns; a column whose type changed is renamed aside to `__old_<name>`
///   2. the migration block, with new objects live in `realm` (a realm over `write`) and old objects read from
///      `snapshot` (the version `write` started from)
///   3. removed and set-aside columns dropped
///   4. indexes and primary keys as declared, then the classes made embedded converted (Migrator+Embedding.swift;
///      during step 2 their objects are top-level, as the file held them)
///   5. the new schema version and the classes' types stored
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
    /// The first misuse of the block's renames: it fails the migration once the block returns, as realm-core's
    /// exception fails Realm's (nothing the block did is kept).
    private var blockError: (any Error)?

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

    /// Whether `wanted` differs from `column` only in letting its values be null (required to optional).
    static func onlyMadeOptional(_ column: ColumnSpec, _ wanted: ColumnSpec) -> Bool {
        var widened = column
        widened.nullable = true
        return !column.nullable && wanted.nullable && sameShape(widened, wanted)
    }

    /// Copies each object's value of every old column of `columns` into the new column of the given name.
    private func copyValues(_ columns: [(ColumnKey, String)], in tableKey: TableKey) throws {
        guard !columns.isEmpty else { return }
        let table = try write.table(tableKey)
        for (old, name) in columns {
            guard let new = table.spec.column(named: name)?.key else { continue }
            for key in try table.keys() {
                try write.set(try table.value(key, old), of: new, in: tableKey, object: key)
            }
        }
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
                // Columns made optional keep their values, as in Realm: old column -> the property's column name.
                var widened: [(ColumnKey, String)] = []
                for property in info.properties where !property.typeInfo.isLinkingObjects {
                    if let column = table.spec.column(named: property.columnName) {
                        let wanted = try wantedColumn(property)
                        if Self.sameShape(column, wanted) { continue }
                        try write.renameColumn(column.key, in: table.key, to: "__old_\(property.columnName)")
                        if Self.onlyMadeOptional(column, wanted) { widened.append((column.key, property.columnName)) }
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
                try copyValues(widened, in: table.key)
            }
        }
        let embedding = try classesBeingEmbedded()
        if let block = configuration.migrationBlock {
            let realm = Realm(migrating: database, schema: try resolve(), configuration: configuration)
            realm.beginMigration(write, keepingTopLevel: embedding.map(\.type))
            self.realm = realm
            defer {
                realm.endMigration()
                snapshot.end()
                self.realm = nil
            }
            block(Migration(migrator: self, realm: realm), oldVersion)
        }
        if let blockError { throw blockError }
        try realmErrors {
            for info in infos {
                let table = try write.table(named: info.className)!
                for column in table.spec.columns
                where column.type != .backlink && !info.properties.contains(where: { $0.columnName == column.name }) {
                    try write.removeColumn(column.key, from: table.key)
                }
            }
            try SchemaBinding.applyIndexes(infos, in: write)
            for info in embedding { try embed(info) }
            try SchemaBinding.storeVersion(configuration.schemaVersion, in: write)
            try SchemaBinding.storeTableTypes(infos, in: write)
        }
    }

    /// The models bound to their tables as `write` holds them now.
    private func resolve() throws -> ResolvedSchema {
        ResolvedSchema(tables: try SchemaBinding.resolve(infos, in: write))
    }

    /// Renames as ``rename(_:from:to:)``, keeping a refused rename's error to fail the migration with after the block
    /// (a damaged file still stops at once); the renames after a refused one are not made.
    func renameInBlock(_ typeName: String, from oldName: String, to newName: String) {
        guard blockError == nil else { return }
        do {
            try rename(typeName, from: oldName, to: newName)
        } catch let error as RealmError {
            blockError = error
        } catch {
            ReadFailure.stop(error, reading: "the realm being migrated", otherwise: "\(error)")
        }
    }

    func rename(_ typeName: String, from oldName: String, to newName: String) throws {
        // realm-core's checks, in its order and with its messages (ObjectStore::rename_property).
        guard let table = try write.table(named: typeName), !typeName.hasPrefix("__") else {
            throw RealmError.invalidValue("Cannot rename properties for type '\(typeName)' because it does not exist.")
        }
        guard let info = infos.first(where: { $0.className == typeName }) else {
            throw RealmError.invalidValue(
                "Cannot rename properties for type '\(typeName)' because it has been removed from the Realm."
            )
        }
        if info.properties.contains(where: { $0.columnName == oldName && !$0.typeInfo.isLinkingObjects }) {
            throw RealmError.invalidValue(
                "Cannot rename property '\(typeName).\(oldName)' to '\(newName)' because the source property still"
                    + " exists."
            )
        }
        guard let column = table.spec.column(named: oldName), !oldName.hasPrefix("__") else {
            throw RealmError.invalidValue("Cannot rename property '\(typeName).\(oldName)' because it does not exist.")
        }
        // A name no model has is a step of a rename done in several migrations: the column takes it, and is
        // removed after the block unless a later rename gives it a model's name.
        var madeOptional = false
        if let property = info.properties.first(where: { $0.columnName == newName && !$0.typeInfo.isLinkingObjects }) {
            let wanted = try wantedColumn(property)
            madeOptional = Self.onlyMadeOptional(column, wanted)
            if column.nullable && !wanted.nullable && column.type == wanted.type && column.type != .mixed {
                throw RealmError.invalidValue(
                    "Cannot rename property '\(typeName).\(oldName)' to '\(newName)' because it would change from"
                        + " optional to required."
                )
            }
            if !madeOptional && !Self.sameShape(column, wanted) {
                throw RealmError.invalidValue(
                    "Cannot rename property '\(typeName).\(oldName)' to '\(newName)' because it would change from"
                        + " type '\(column.type)' to '\(property.valueType)'."
                )
            }
        }
        try realmErrors {
            // Renamed and made optional, as realm-core allows: the property's new (optional) column takes the values,
            // since a column keeps its nullability, and the old column goes.
            if madeOptional, table.spec.column(named: newName) != nil {
                try copyValues([(column.key, newName)], in: table.key)
                try write.removeColumn(column.key, from: table.key)
                added[typeName]?.remove(newName)
                return
            }
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
