import StrataCore

// What another process may change in the schema under an open realm, as realm-core decides it when a realm moves to a
// newer version (`ObjectStore::verify_valid_external_changes`): adding classes, properties and indexes, and removing
// indexes, is allowed, and the realm reads on; removing a class or a property its models read, changing a property's
// type, its optionality or a class's primary key or table type is not, and the realm stays at the version it reads.
// The messages are realm-core's, one line per change, in its order: classes by name, then each class's table type,
// its properties in declaration order, and its primary key.

extension SchemaBinding {
    /// The changes of `reading`'s schema that the realm's models (`schema`) cannot follow, one sentence each in
    /// realm-core's words (empty: the realm may move to `reading`).
    static func unsupportedExternalChanges(
        _ schema: ResolvedSchema,
        in reading: any TransactionReading
    ) throws -> [String] {
        let specs = reading.tableSpecs
        let byName = Dictionary(specs.map { ($0.name, $0) }) { first, _ in first }
        let names = Dictionary(specs.map { ($0.key, $0.name) }) { first, _ in first }
        let infos = schema.tables.values.map(\.info).sorted { $0.className < $1.className }
        let storedTypes = try storedTableTypes(reading)
        var problems: [String] = []
        for info in infos {
            guard let spec = byName[info.className] else {
                problems.append("Class '\(info.className)' has been removed.")
                continue
            }
            // From the realm's type to the file's (opening a file says it the other way round: the file is older).
            if let embedded = storedTypes[info.className], embedded != info.isEmbedded {
                problems.append(
                    "Class '\(info.className)' has been changed from \(tableTypeName(embedded: info.isEmbedded)) to "
                        + "\(tableTypeName(embedded: embedded))."
                )
            }
            for property in info.properties where !property.typeInfo.isLinkingObjects {
                guard let column = spec.column(named: property.columnName), column.type != .backlink else {
                    problems.append("Property '\(info.className).\(property.name)' has been removed.")
                    continue
                }
                let targetName = property.typeInfo.objectClass.map { ObjectClassInfo.unqualifiedName(of: $0) }
                let wanted = columnSpec(property, linkTable: targetName.flatMap { byName[$0]?.key })
                let old = realmTypeName(wanted, target: targetName)
                let new = realmTypeName(column, target: column.linkTable.flatMap { names[$0] })
                if old != new {
                    problems.append(
                        "Property '\(info.className).\(property.name)' has been changed from '\(old)' to '\(new)'."
                    )
                } else if column.nullable != wanted.nullable && column.type != .mixed
                    && !(column.type == .link && column.collection == .single)
                {
                    let made = column.nullable ? "optional" : "required"
                    problems.append("Property '\(info.className).\(property.name)' has been made \(made).")
                }
            }
            let primaryKey = info.primaryKeyIndex.map { info.properties[$0] }
            let filePrimaryKey = spec.primaryKeyColumn?.name
            if primaryKey?.columnName != filePrimaryKey {
                let fileProperty = info.properties.first { $0.columnName == filePrimaryKey }?.name ?? filePrimaryKey
                switch (primaryKey, fileProperty) {
                case (let old?, let new?):
                    problems.append(
                        "Primary Key for class '\(info.className)' has changed from '\(old.name)' to '\(new)'."
                    )
                case (nil, _?): problems.append("Primary Key for class '\(info.className)' has been added.")
                default: problems.append("Primary Key for class '\(info.className)' has been removed.")
                }
            }
        }
        return problems
    }

    /// realm-core's name of a property's type (`Property::type_string`): "int", "float", "array<string>",
    /// "<Dog>" for a link, "dictionary<string, Dog>" for a map of links. `target` is the linked class's name.
    static func realmTypeName(_ column: ColumnSpec, target: String?) -> String {
        let element: String
        switch column.type {
        case .int: element = "int"
        case .bool: element = "bool"
        case .float: element = "float"
        case .double: element = "double"
        case .string: element = "string"
        case .binary: element = "data"
        case .timestamp: element = "date"
        case .decimal128: element = "decimal"
        case .objectId: element = "object id"
        case .uuid: element = "uuid"
        case .mixed: element = "mixed"
        case .link: element = target ?? "object"
        case .backlink: element = "linking objects<\(target ?? "object")>"
        }
        switch column.collection {
        case .single: return column.type == .link ? "<\(element)>" : element
        case .list: return "array<\(element)>"
        case .set: return "set<\(element)>"
        case .dictionary: return "dictionary<string, \(element)>"
        }
    }

    /// The tables of `schema`'s classes resolved again in `reading`, when a table or column key of theirs moved (a
    /// class or property dropped and made again with the same shape, which realm-core follows by taking the new
    /// keys); nil when every key is where it was. Call it only once ``unsupportedExternalChanges(_:in:)`` is empty.
    static func movedKeys(_ schema: ResolvedSchema, in reading: any TransactionReading) throws -> ResolvedSchema? {
        let infos = schema.tables.values.map(\.info).sorted { $0.className < $1.className }
        let resolved = try resolve(infos, in: reading)
        let moved = resolved.contains { table in
            guard let current = schema.tables[table.className] else { return true }
            return current.tableKey != table.tableKey || current.columns != table.columns
                || current.linkingOrigins.count != table.linkingOrigins.count
                || current.linkingOrigins.contains { index, origin in
                    table.linkingOrigins[index].map { $0.table != origin.table || $0.column != origin.column } ?? true
                }
        }
        return moved ? ResolvedSchema(tables: resolved) : nil
    }
}
