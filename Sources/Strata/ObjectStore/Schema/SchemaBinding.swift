import StrataCore

/// Binds model classes to the tables of a file, creating what is missing and checking what exists.
enum SchemaBinding {
    static let metadataTable = "__strata_metadata"

    /// The classes reachable from `types` through links and LinkingObjects.
    static func closure(of types: [ObjectBase.Type]) throws -> [ObjectClassInfo] {
        var seen: [ObjectIdentifier: ObjectClassInfo] = [:]
        var order: [ObjectClassInfo] = []
        var pending = types
        while let next = pending.popLast() {
            guard seen[ObjectIdentifier(next)] == nil else { continue }
            // The base classes declare no model: Realm refuses them as types it does not manage.
            if next == Object.self || next == EmbeddedObject.self || next == ObjectBase.self
                || next == DynamicObject.self
            {
                throw RealmError.invalidSchema(
                    "Object type '\(next)' is not managed by the Realm: it is a base class, not a model; declare a subclass"
                )
            }
            let info = try ObjectClassInfo.of(next)
            seen[ObjectIdentifier(next)] = info
            order.append(info)
            for property in info.properties { if let target = property.typeInfo.objectClass { pending.append(target) } }
        }
        var names: [String: ObjectBase.Type] = [:]
        for info in order {
            if let other = names[info.className], other != info.type {
                throw RealmError.invalidSchema(
                    "two model classes are named \(info.className) (\(String(reflecting: other)) and \(String(reflecting: info.type)))"
                )
            }
            names[info.className] = info.type
        }
        for info in order {
            for property in info.properties where property.typeInfo.isLinkingObjects {
                try validateOrigin(of: property, in: info, among: order)
            }
        }
        return order.sorted { $0.className < $1.className }
    }

    /// Refuses a LinkingObjects property whose origin is missing, is not a link, or links to another class, in
    /// Realm's words.
    private static func validateOrigin(
        of property: PropertyInfo,
        in info: ObjectClassInfo,
        among classes: [ObjectClassInfo]
    ) throws {
        guard let source = property.typeInfo.objectClass, let origin = property.options.originProperty else { return }
        let sourceName = ObjectClassInfo.unqualifiedName(of: source)
        let declared =
            "Property '\(sourceName).\(origin)' declared as origin of linking objects property "
            + "'\(info.className).\(property.name)'"
        let sourceInfo = classes.first { $0.type == source }
        guard let link = sourceInfo?.properties.first(where: { $0.name == origin }) else {
            throw RealmError.invalidSchema("\(declared) does not exist")
        }
        guard link.typeInfo.type == .object, let target = link.typeInfo.objectClass else {
            throw RealmError.invalidSchema("\(declared) is not a link")
        }
        let targetName = ObjectClassInfo.unqualifiedName(of: target)
        if targetName != info.className {
            throw RealmError.invalidSchema("\(declared) links to type '\(targetName)'")
        }
    }

    /// The engine column a property needs (the link target given by name), named with the property's
    /// column name (see ``ObjectBase/propertiesMapping()``).
    static func columnSpec(_ property: PropertyInfo, linkTable: TableKey?) -> ColumnSpec {
        let info = property.typeInfo
        let type: ValueType
        switch info.type {
        case .int: type = .int
        case .bool: type = .bool
        case .float: type = .float
        case .double: type = .double
        case .string: type = .string
        case .data: type = .binary
        case .date: type = .timestamp
        case .objectId: type = .objectId
        case .decimal128: type = .decimal128
        case .UUID: type = .uuid
        case .any: type = .mixed
        case .object: type = .link
        case .linkingObjects: type = .backlink
        }
        return ColumnSpec(
            name: property.columnName,
            type: type,
            nullable: info.optional,
            collection: info.collection,
            linkTable: linkTable,
            indexed: property.options.indexed || property.options.primaryKey,
            unique: property.options.primaryKey
        )
    }

    /// Whether an existing column stores what a property needs. A search index is not part of it: as in Realm,
    /// adding or removing one needs no migration (``applyIndexes(_:in:)`` does it when the file opens), but a
    /// primary key is.
    static func matches(_ column: ColumnSpec, _ wanted: ColumnSpec) -> Bool {
        column.type == wanted.type && column.collection == wanted.collection && column.linkTable == wanted.linkTable
            && (column.nullable == wanted.nullable || column.type == .mixed
                || (column.type == .link && column.collection == .single))
            && column.unique == wanted.unique
    }

    /// The properties of `infos` whose columns in the file are indexed otherwise than declared (a primary key
    /// or `indexed: true` wants an index).
    private static func indexMismatches(
        _ infos: [ObjectClassInfo],
        in reading: any TransactionReading
    ) throws -> [(table: Table, column: ColumnSpec, indexed: Bool, unique: Bool)] {
        var mismatches: [(table: Table, column: ColumnSpec, indexed: Bool, unique: Bool)] = []
        for info in infos {
            guard let table = try reading.table(named: info.className) else { continue }
            for property in info.properties where !property.typeInfo.isLinkingObjects {
                guard let column = table.spec.column(named: property.columnName) else { continue }
                let indexed = property.options.indexed || property.options.primaryKey
                if column.indexed != indexed || column.unique != property.options.primaryKey {
                    mismatches.append((table, column, indexed, property.options.primaryKey))
                }
            }
        }
        return mismatches
    }

    /// Whether a column of `infos` in the file is indexed otherwise than its property declares.
    static func indexesDiffer(_ infos: [ObjectClassInfo], in reading: any TransactionReading) throws -> Bool {
        try !indexMismatches(infos, in: reading).isEmpty
    }

    /// Adds and removes search indexes so that the file's columns are indexed as `infos` declare.
    static func applyIndexes(_ infos: [ObjectClassInfo], in write: WriteTransaction) throws {
        for (table, column, indexed, unique) in try indexMismatches(infos, in: write) {
            if column.indexed { try write.removeIndex(from: column.key, in: table.key) }
            if indexed { try write.addIndex(to: column.key, in: table.key, unique: unique) }
        }
    }

    /// What differs between the file and the models, per class (empty: nothing): a class made embedded or
    /// top-level (see SchemaBinding+TableTypes.swift), then the properties added, changed and removed.
    static func differences(_ infos: [ObjectClassInfo], in reading: any TransactionReading) throws -> [String] {
        var problems = try tableTypeChanges(infos, in: reading)
        let tables = Dictionary(uniqueKeysWithValues: reading.tableSpecs.map { ($0.name, $0) })
        for info in infos {
            guard let table = tables[info.className] else { continue }
            let stored = table.columns.filter { $0.type != .backlink }
            for property in info.properties where !property.typeInfo.isLinkingObjects {
                let target = property.typeInfo.objectClass.flatMap {
                    tables[ObjectClassInfo.unqualifiedName(of: $0)]?.key
                }
                let wanted = columnSpec(property, linkTable: target)
                guard let column = stored.first(where: { $0.name == property.columnName }) else {
                    problems.append("Property '\(info.className).\(property.name)' has been added.")
                    continue
                }
                if !matches(column, wanted) {
                    problems.append("Property '\(info.className).\(property.name)' has been changed.")
                }
            }
            for column in stored where !info.properties.contains(where: { $0.columnName == column.name }) {
                problems.append("Property '\(info.className).\(column.name)' has been removed.")
            }
        }
        return problems
    }

    /// Creates the tables and columns of classes the file lacks (an additive change).
    static func createMissing(_ infos: [ObjectClassInfo], in write: WriteTransaction) throws {
        var created: [ObjectClassInfo] = []
        for info in infos where try write.table(named: info.className) == nil {
            try write.createTable(named: info.className)
            created.append(info)
        }
        for info in created { try addColumns(for: info, properties: info.properties, in: write) }
        try storeTableTypes(infos, in: write)
    }

    /// Adds columns for `properties` of `info`'s table.
    static func addColumns(for info: ObjectClassInfo, properties: [PropertyInfo], in write: WriteTransaction) throws {
        guard let table = try write.table(named: info.className) else { return }
        for property in properties where !property.typeInfo.isLinkingObjects {
            var target: TableKey?
            if let objectClass = property.typeInfo.objectClass {
                target = try write.table(named: ObjectClassInfo.unqualifiedName(of: objectClass))?.key
            }
            try write.addColumn(columnSpec(property, linkTable: target), to: table.key)
        }
    }

    /// Resolves classes whose tables exist and match.
    static func resolve(_ infos: [ObjectClassInfo], in reading: any TransactionReading) throws -> [ResolvedTable] {
        let tables = Dictionary(uniqueKeysWithValues: reading.tableSpecs.map { ($0.name, $0) })
        return try infos.map { info in
            guard let table = tables[info.className] else {
                throw RealmError.schemaMismatch("Class '\(info.className)' is missing from the file.")
            }
            var columns: [ColumnKey?] = []
            var origins: [Int: (table: TableKey, column: ColumnKey)] = [:]
            for property in info.properties {
                if property.typeInfo.isLinkingObjects {
                    columns.append(nil)
                    let source = ObjectClassInfo.unqualifiedName(of: property.typeInfo.objectClass!)
                    let sourceInfo = try ObjectClassInfo.of(property.typeInfo.objectClass!)
                    let origin = property.options.originProperty!
                    let originColumn =
                        sourceInfo.index(ofProperty: origin).map { sourceInfo.properties[$0].columnName } ?? origin
                    guard let sourceTable = tables[source], let column = sourceTable.column(named: originColumn) else {
                        throw RealmError.schemaMismatch(
                            "LinkingObjects \(info.className).\(property.name) has no origin in the file."
                        )
                    }
                    origins[property.position] = (sourceTable.key, column.key)
                } else {
                    guard let column = table.column(named: property.columnName) else {
                        throw RealmError.schemaMismatch("Property '\(info.className).\(property.name)' has been added.")
                    }
                    columns.append(column.key)
                }
            }
            return ResolvedTable(info: info, tableKey: table.key, columns: columns, linkingOrigins: origins)
        }
    }

    /// The schema version stored in the file (nil for a file never opened through the public API).
    static func storedVersion(_ reading: any TransactionReading) throws -> UInt64? {
        guard let table = try reading.table(named: metadataTable), table.count > 0 else { return nil }
        guard
            case .int(let version) = try table.value(
                try table.key(atPosition: 0),
                try table.column(named: "schemaVersion").key
            )
        else {
            return nil
        }
        // Stored as the version's bits: versions above `Int64.max` (Realm takes any but `UInt64.max`) read back whole.
        return UInt64(bitPattern: version)
    }

    /// Stores the schema version.
    static func storeVersion(_ version: UInt64, in write: WriteTransaction) throws {
        if let table = try write.table(named: metadataTable) {
            let column = try table.column(named: "schemaVersion").key
            try write.set(
                .int(Int64(bitPattern: version)),
                of: column,
                in: table.key,
                object: try table.key(atPosition: 0)
            )
        } else {
            let key = try write.createTable(named: metadataTable)
            let column = try write.addColumn(ColumnSpec(name: "schemaVersion", type: .int), to: key)
            try write.createObject(in: key, values: [column: .int(Int64(bitPattern: version))])
        }
    }
}

extension ResolvedSchema {
    /// The column names of the properties ``ObjectBase/propertiesMapping()`` renames, by table: Swift name
    /// to column name. A query binder translates key path segments through it, so that queries, sorts and
    /// aggregates name properties by their Swift names.
    var columnNames: [TableKey: [String: String]] {
        var result: [TableKey: [String: String]] = [:]
        for table in tables.values {
            for property in table.info.properties {
                guard let persistedName = property.persistedName else { continue }
                result[table.tableKey, default: [:]][property.name] = persistedName
            }
        }
        return result
    }
}
