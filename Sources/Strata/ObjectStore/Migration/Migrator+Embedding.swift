import StrataCore

// A class a migration makes embedded, as realm-core's Table::set_embedded does it once the migration block has
// returned (with Realm Swift's `automatically_handle_backlinks_in_migrations`): until then the class's objects are
// top-level (the migration's realm owns none of them as embedded objects), and then
//   - an object no object links to is deleted;
//   - an object linked from several places (several parents, or one parent twice) is copied, one copy per link,
//     each link taking its own copy, and the original deleted; the embedded objects a copy owns are copied with it;
//   - an object an `AnyRealmValue` links to fails the migration (a mixed value cannot hold an embedded object).
// A class made top-level again needs nothing but its record (SchemaBinding+TableTypes.swift).
extension Migrator {
    /// The classes of the models that the file holds as top-level classes: the migration makes them embedded.
    func classesBeingEmbedded() throws -> [ObjectClassInfo] {
        let stored = try realmErrors { try SchemaBinding.storedTableTypes(write) }
        return infos.filter { $0.isEmbedded && stored[$0.className] == false }
    }

    /// Makes the objects of `info`'s table fit an embedded class (see the file's comment).
    func embed(_ info: ObjectClassInfo) throws {
        guard let table = try write.table(named: info.className) else { return }
        try refuseMixedLinks(to: table)
        let backlinks = table.spec.columns.filter { $0.type == .backlink }
        var orphans: [ObjectKey] = []
        var shared: [ObjectKey] = []
        for key in try table.keys() {
            var count = 0
            for column in backlinks {
                if case .list(let links) = try table.value(key, column.key) { count += links.count }
            }
            if count == 0 { orphans.append(key) } else if count > 1 { shared.append(key) }
        }
        let embedded = try embeddedTables()
        for key in orphans { try deleteOwning(key, in: table.key, embedded: embedded) }
        for key in shared {
            for column in backlinks {
                guard let origin = column.linkTable, let originColumn = column.originColumn else { continue }
                var origins: [ObjectKey] = []
                for parent in try write.table(table.key).backlinks(key, from: origin, column: originColumn)
                where !origins.contains(parent) {
                    origins.append(parent)
                }
                for parent in origins {
                    let value = try write.table(origin).value(parent, originColumn)
                    let relinked = try Self.mapLinks(value) { target in
                        target == key ? try copy(key, in: table.key, embedded: embedded) : target
                    }
                    try write.set(relinked, of: originColumn, in: origin, object: parent)
                }
            }
            try deleteOwning(key, in: table.key, embedded: embedded)
        }
    }

    /// The tables of the models' embedded classes.
    private func embeddedTables() throws -> Set<TableKey> {
        var tables = Set<TableKey>()
        for info in infos where info.isEmbedded {
            if let table = try write.table(named: info.className) { tables.insert(table.key) }
        }
        return tables
    }

    /// Copies object `key` of `tableKey`, and the objects of `embedded` tables it links to; returns the copy's key.
    private func copy(_ key: ObjectKey, in tableKey: TableKey, embedded: Set<TableKey>) throws -> ObjectKey {
        let table = try write.table(tableKey)
        var values: [ColumnKey: StrataCore.Value] = [:]
        for column in table.spec.columns where column.type != .backlink {
            var value = try table.value(key, column.key)
            if column.isLink, let target = column.linkTable, target != tableKey, embedded.contains(target) {
                value = try Self.mapLinks(value) { try copy($0, in: target, embedded: embedded) }
            }
            values[column.key] = value
        }
        return try write.createObject(in: tableKey, values: values)
    }

    /// Deletes object `key` of `tableKey` and the objects of `embedded` tables it links to.
    private func deleteOwning(_ key: ObjectKey, in tableKey: TableKey, embedded: Set<TableKey>) throws {
        let table = try write.table(tableKey)
        guard try table.contains(key) else { return }
        var children: [(TableKey, ObjectKey)] = []
        for column in table.spec.columns where column.isLink {
            guard let target = column.linkTable, target != tableKey, embedded.contains(target) else { continue }
            _ = try Self.mapLinks(try table.value(key, column.key)) { child in
                children.append((target, child))
                return child
            }
        }
        try write.deleteObject(key, in: tableKey)
        for (target, child) in children { try deleteOwning(child, in: target, embedded: embedded) }
    }

    /// Throws realm-core's error if a mixed value of any class links to an object of `table`.
    private func refuseMixedLinks(to table: Table) throws {
        func links(_ value: StrataCore.Value) -> Bool {
            switch value {
            case .typedLink(let target, _): return target == table.key
            case .list(let values): return values.contains(where: links)
            case .dictionary(let entries): return entries.contains { links($0.value) }
            default: return false
            }
        }
        for spec in write.tableSpecs where !spec.name.hasPrefix("__") {
            let source = try write.table(spec.key)
            for column in spec.columns where column.type == .mixed {
                for key in try source.keys() where links(try source.value(key, column.key)) {
                    throw RealmError.invalidValue(
                        "Cannot convert '\(table.name)' to embedded: there is an incoming link from the Mixed "
                            + "property '\(spec.name).\(column.name)', which does not support linking to embedded "
                            + "objects."
                    )
                }
            }
        }
    }

    /// `value` with each link replaced by `transform`'s key (single links, and the elements of lists, sets and maps).
    static func mapLinks(
        _ value: StrataCore.Value,
        _ transform: (ObjectKey) throws -> ObjectKey
    ) throws -> StrataCore.Value {
        switch value {
        case .link(let key): return .link(try transform(key))
        case .list(let values): return .list(try values.map { try mapLinks($0, transform) })
        case .dictionary(let entries):
            return .dictionary(
                try entries.map { DictionaryEntry(key: $0.key, value: try mapLinks($0.value, transform)) }
            )
        default: return value
        }
    }
}
