import StrataCore

/// Which changes to an object count as its modification for a collection's observer (and, along explicit key
/// paths, for an object's): with no key paths, any change to its own properties or to an object reached through
/// its links (up to four links away, as Realm; never through LinkingObjects); with key paths, only changes along
/// them (`["name"]`, `["toys"]` for the list itself, `["toys.brand"]` for a property of the linked objects,
/// `["owners"]` for the objects linking here, `["owners.name"]` for a property of them).
///
/// A LinkingObjects property is read as the list of its origins' keys, which the engine stores in a backlink
/// column of the object: it changes when an object starts or stops linking here, and a key path goes on through
/// the origins as through a list of links.
struct KeyPathFilter {
    /// The key paths, split on dots; nil observes everything.
    let paths: [[String]]?

    /// Link depth Realm follows for an observer without key paths.
    static let maximumDepth = 4

    /// The key paths an observer was given, with an empty list taken as none: Realm Swift observes every property
    /// for `keyPaths: []`, as for nil.
    static func normalized(_ keyPaths: [String]?) -> [String]? {
        keyPaths?.isEmpty == true ? nil : keyPaths
    }

    /// A filter for `keyPaths` on objects of `table`.
    /// - Throws: ``RealmError/invalidValue(_:)`` with Realm's message for an unknown property, or a key path that goes
    ///   on through a property that is not a link (the stream delivers it as its `.error` and ends).
    init(_ keyPaths: [String]?, table: ResolvedTable?, schema: ResolvedSchema) throws {
        guard let keyPaths = Self.normalized(keyPaths) else {
            paths = nil
            return
        }
        let paths = keyPaths.map { $0.split(separator: ".").map(String.init) }
        if let table {
            for path in paths { try Self.validate(path, from: table, schema: schema) }
        }
        self.paths = paths
    }

    private static func validate(_ path: [String], from table: ResolvedTable, schema: ResolvedSchema) throws {
        var current = table
        for (position, name) in path.enumerated() {
            guard let index = current.info.index(ofProperty: name) else {
                throw RealmError.invalidValue("Property '\(name)' not found in object of type '\(current.className)'")
            }
            guard position < path.count - 1 else { return }
            guard let target = current.info.properties[index].typeInfo.objectClass,
                let next = schema.tables[ObjectClassInfo.unqualifiedName(of: target)]
            else {
                throw RealmError.invalidValue(
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
        Walk(changes: changes, reader: reader, schema: schema).modified(table, key, self, depth: 0)
    }

    /// Whether a change in `changes` can reach an object of `table` through its links, as this filter follows them:
    /// some link it follows leads to a table whose objects' own properties the commits modified, directly or through
    /// that table's links in turn (up to ``maximumDepth`` links, as the walk). When not, only the objects of `table`
    /// that the commits modified can count as modified. Conservative: true whenever the walk might find a change.
    func followsLinks(
        into changes: CommittedChanges,
        from table: ResolvedTable,
        schema: ResolvedSchema,
        depth: Int = 0
    ) -> Bool {
        guard depth < Self.maximumDepth else { return false }
        return changes.remembered(table.tableKey, depth: depth, paths: paths) {
            table.info.properties.contains { property in
                guard !property.typeInfo.isLinkingObjects || paths != nil, let target = property.typeInfo.objectClass,
                    let targetTable = schema.tables[ObjectClassInfo.unqualifiedName(of: target)],
                    let deeper = through(property.name)
                else { return false }
                // A table the commits did not touch can still lead to one they did (`extras.phone.mobile.number`).
                // Along key paths a touched table counts as it is: a path may end at a LinkingObjects property,
                // whose change is a backlink, not one of the table's properties (`dogs.owners`).
                return
                    (changes.touches(targetTable.tableKey)
                    && (deeper.paths != nil || changes.modifiesProperties(of: targetTable)))
                    || deeper.followsLinks(into: changes, from: targetTable, schema: schema, depth: depth + 1)
            }
        }
    }

    /// Whether a change in `changes` can count for an object of `table` (reached `depth` links from the observed
    /// object) as this filter follows it: the commits touched `table`, or one its links lead to.
    func mayReach(_ table: ResolvedTable, in changes: CommittedChanges, schema: ResolvedSchema, depth: Int) -> Bool {
        changes.touches(table.tableKey) || followsLinks(into: changes, from: table, schema: schema, depth: depth)
    }

    /// The filter for the objects property `name` links to: the key paths that go on through it, without it;
    /// everything when this filter observes everything; nil when no key path goes through it.
    func through(_ name: String) -> KeyPathFilter? {
        guard let paths else { return self }
        let deeper = paths.filter { $0.count > 1 && $0[0] == name }.map { Array($0.dropFirst()) }
        return deeper.isEmpty ? nil : KeyPathFilter(paths: deeper)
    }

    /// Whether a change to `columns` of an object of `table` is one this filter observes directly (not through a
    /// link). Without key paths only the object's own properties count, not the stored backlinks other objects'
    /// links keep; a key path starting with a LinkingObjects property counts its backlinks (read from `reader`).
    private func observes(_ columns: ColumnSet, of table: ResolvedTable, reader: any TransactionReading) -> Bool {
        guard let paths else { return table.columns.contains { $0.map(columns.contains) ?? false } }
        return paths.contains { path in
            guard let index = table.info.index(ofProperty: path[0]) else { return false }
            if let column = table.columns[index] { return columns.contains(column) }
            // A table reads the version's catalog, no node: its one error is a table that is gone, never damage.
            guard let engine = try? reader.table(table.tableKey),
                let backlinks = table.backlinkColumn(index, in: engine)
            else { return false }
            return columns.contains(backlinks)
        }
    }

    /// One check of an object and what its links reach, against one range of commits.
    private struct Walk {
        let changes: CommittedChanges
        let reader: any TransactionReading
        let schema: ResolvedSchema

        /// Whether object `key` of `table`, reached `depth` links from the observed object, counts as modified; each
        /// object is walked once per depth and filter for a range of commits, however many objects link to it.
        func modified(_ table: ResolvedTable, _ key: ObjectKey, _ filter: KeyPathFilter, depth: Int) -> Bool {
            if let columns = changes.columns(table, key), filter.observes(columns, of: table, reader: reader) {
                return true
            }
            guard depth > 0 else { return walkLinks(table, key, filter, depth: depth) }
            return changes.remembered(table.tableKey, object: key, depth: depth, paths: filter.paths) {
                walkLinks(table, key, filter, depth: depth)
            }
        }

        /// Whether an object the links of object `key` of `table` reach counts as modified.
        private func walkLinks(_ table: ResolvedTable, _ key: ObjectKey, _ filter: KeyPathFilter, depth: Int) -> Bool {
            // A table reads the version's catalog, no node: its one error is a table that is gone, never damage.
            guard depth < KeyPathFilter.maximumDepth, let engine = try? reader.table(table.tableKey) else {
                return false
            }
            for (index, property) in table.info.properties.enumerated() {
                // LinkingObjects are followed only along a key path that names them, as Realm does.
                guard !property.typeInfo.isLinkingObjects || filter.paths != nil,
                    let target = property.typeInfo.objectClass,
                    let column = table.columns[index] ?? table.backlinkColumn(index, in: engine),
                    let targetTable = schema.tables[ObjectClassInfo.unqualifiedName(of: target)],
                    let deeper = filter.through(property.name),
                    deeper.mayReach(targetTable, in: changes, schema: schema, depth: depth + 1)
                else { continue }
                let value: StrataCore.Value
                do {
                    value = try engine.value(key, column)
                } catch {
                    // Damage counts as a change rather than hiding one; the reads that follow report it
                    // (ReadFailure.swift). Any other error: the object is gone at this version.
                    if ReadFailure.isDamage(error) { return true }
                    continue
                }
                for linked in RealmState.linkedKeys(value)
                where modified(targetTable, linked, deeper, depth: depth + 1) {
                    return true
                }
            }
            return false
        }
    }
}

extension ResolvedTable {
    /// For a LinkingObjects property: the backlink column `engine` (this table at some version) keeps for it, whose
    /// value is the list of the origins' keys; nil for any other property.
    func backlinkColumn(_ index: Int, in engine: Table) -> ColumnKey? {
        guard let origin = linkingOrigins[index] else { return nil }
        return engine.spec.columns.first {
            $0.type == .backlink && $0.linkTable == origin.table && $0.originColumn == origin.column
        }?.key
    }
}
