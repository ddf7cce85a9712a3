import StrataCore

/// Which changes to an object count as its modification for an observer: with no key paths, any change to its
/// own properties or to an object reached through its links (up to four links away, as Realm); with key paths,
/// only changes along them (`["name"]`, `["toys"]` for the list itself, `["toys.brand"]` for a property of the
/// linked objects).
struct KeyPathFilter {
    /// The key paths, split on dots; nil observes everything.
    let paths: [[String]]?

    /// Link depth Realm follows for an observer without key paths.
    static let maximumDepth = 4

    /// A filter for `keyPaths` on objects of `table`; an unknown property stops with Realm's message.
    init(_ keyPaths: [String]?, table: ResolvedTable?, schema: ResolvedSchema) {
        guard let keyPaths else {
            paths = nil
            return
        }
        let paths = keyPaths.map { $0.split(separator: ".").map(String.init) }
        if let table {
            for path in paths { Self.validate(path, from: table, schema: schema) }
        }
        self.paths = paths
    }

    private static func validate(_ path: [String], from table: ResolvedTable, schema: ResolvedSchema) {
        var current = table
        for (position, name) in path.enumerated() {
            guard let index = current.info.index(ofProperty: name) else {
                preconditionFailure("Property '\(name)' not found in object of type '\(current.className)'")
            }
            guard position < path.count - 1 else { return }
            guard let target = current.info.properties[index].typeInfo.objectClass,
                let next = schema.tables[ObjectClassInfo.unqualifiedName(of: target)]
            else {
                preconditionFailure(
                    "Property '\(name)' of object of type '\(current.className)' is not a link, so key path "
                        + "'\(path.joined(separator: "."))' cannot go through it"
                )
            }
            current = next
        }
    }

    /// Whether object `key` of `table` was modified, as this filter counts it.
    func isModified(
        _ table: ResolvedTable,
        _ key: ObjectKey,
        changes: CommittedChanges,
        reader: any TransactionReading,
        schema: ResolvedSchema
    ) -> Bool {
        modified(table, key, paths, depth: 0, changes, reader, schema)
    }

    private func modified(
        _ table: ResolvedTable,
        _ key: ObjectKey,
        _ paths: [[String]]?,
        depth: Int,
        _ changes: CommittedChanges,
        _ reader: any TransactionReading,
        _ schema: ResolvedSchema
    ) -> Bool {
        if let columns = changes.columns(table, key) {
            // Only the object's own properties count (not the stored backlinks other objects' links keep).
            guard let paths else {
                if table.columns.contains(where: { $0.map(columns.contains) ?? false }) { return true }
                return descend(table, key, nil, depth: depth, changes, reader, schema)
            }
            for path in paths {
                if let index = table.info.index(ofProperty: path[0]), let column = table.columns[index],
                    columns.contains(column)
                {
                    return true
                }
            }
        }
        return descend(table, key, paths, depth: depth, changes, reader, schema)
    }

    /// Whether an object reached through the links of object `key` was modified along `paths`.
    private func descend(
        _ table: ResolvedTable,
        _ key: ObjectKey,
        _ paths: [[String]]?,
        depth: Int,
        _ changes: CommittedChanges,
        _ reader: any TransactionReading,
        _ schema: ResolvedSchema
    ) -> Bool {
        guard depth < Self.maximumDepth, let engine = try? reader.table(table.tableKey) else { return false }
        for (index, property) in table.info.properties.enumerated() {
            guard !property.typeInfo.isLinkingObjects, let target = property.typeInfo.objectClass,
                let column = table.columns[index],
                let targetTable = schema.tables[ObjectClassInfo.unqualifiedName(of: target)],
                changes.touches(targetTable.tableKey)
            else { continue }
            let deeper: [[String]]?
            if let paths {
                let through = paths.filter { $0.count > 1 && $0[0] == property.name }.map { Array($0.dropFirst()) }
                guard !through.isEmpty else { continue }
                deeper = through
            } else {
                deeper = nil
            }
            guard let value = try? engine.value(key, column) else { continue }
            for linked in Self.linkedKeys(value)
            where modified(targetTable, linked, deeper, depth: depth + 1, changes, reader, schema) {
                return true
            }
        }
        return false
    }

    /// The objects a link, list, set or map value points at.
    static func linkedKeys(_ value: StrataCore.Value) -> [ObjectKey] {
        switch value {
        case .link(let key): return [key]
        case .list(let values): return values.flatMap(linkedKeys)
        case .dictionary(let entries): return entries.flatMap { linkedKeys($0.value) }
        default: return []
        }
    }
}
