// WriteTransaction+Objects.swift: creating, changing and deleting objects, keeping links and backlinks
// consistent and recording every change.
//
// Link rules (Realm's):
//   - a link must name an existing object of the column's target table;
//   - deleting an object removes it from every list and set that links to it, and sets every single
//     link and dictionary value that pointed to it to null; mixed values that name it follow the same rule
//     (WriteTransaction+MixedLinks.swift), found by a scan, as typed links have no backlinks;
//   - every link (with multiplicity) is mirrored by one entry in the target's backlink column, in Realm's order:
//     a new link's entry is appended, and a removed link's entry (the first one from that origin) takes the last
//     entry in its place, as realm-core's ArrayBacklink does, so a LinkingObjects lists its origins as Realm does;
//   - a list of links assigned whole is cleared, then appended to, as realm-core's List::assign does without its
//     diff policy: the entries of the targets it keeps are removed and appended again (an element-wise update, the
//     diff policy, changes position by position; see backlinkSteps).
//
// Setting a list column logs the change by index for its observers (ListChangeBuilder.swift): an assignment of the
// whole list unless the caller says which edits it was; a deleted object's removal from a list is logged as a
// removal at each position that held it.

extension WriteTransaction {
    /// Creates an object; columns not in `values` get their defaults. Returns the new object's key.
    @discardableResult
    package func createObject(in tableKey: TableKey, values: [ColumnKey: Value] = [:]) throws -> ObjectKey {
        let table = try self.table(tableKey)
        for column in values.keys where table.spec.position(of: column) == nil {
            throw StorageError.schema("table \(table.name) has no column \(column)")
        }
        let row = table.spec.columns.map { values[$0.key] }
        return try createObject(in: tableKey, row: row)
    }

    /// Creates an object with `values[i]` in `columns[i]` (other columns take their defaults).
    @discardableResult
    package func createObject(in tableKey: TableKey, columns: [ColumnKey], values: [Value]) throws -> ObjectKey {
        precondition(columns.count == values.count, "one value per column")
        let table = try self.table(tableKey)
        // Every column in the table's order (what a model without links gives): the values are the row.
        if columns == table.tree.layout.columnKeys, !table.hasBacklinkColumns {
            return try createObject(in: table, row: values)
        }
        var row = [Value?](repeating: nil, count: table.spec.columns.count)
        for (column, value) in zip(columns, values) { row[try table.position(column)] = value }
        return try createObject(in: tableKey, row: row)
    }

    /// Creates an object from one value per column, in the table's column order (nil: the default).
    @discardableResult
    package func createObject(in tableKey: TableKey, row given: [Value?]) throws -> ObjectKey {
        let table = try self.table(tableKey)
        guard given.count == table.spec.columns.count else {
            throw StorageError.schema(
                "table \(table.name) has \(table.spec.columns.count) columns, \(given.count) values were given"
            )
        }
        return try createObject(in: table) { given[$0] }
    }

    /// Creates an object with a chosen key (unused in the table) from one value per column, in the table's
    /// column order (nil: the default): what an import that keeps the exported keys needs.
    @discardableResult
    package func createObject(in tableKey: TableKey, key: ObjectKey, row given: [Value?]) throws -> ObjectKey {
        let table = try self.table(tableKey)
        guard given.count == table.spec.columns.count else {
            throw StorageError.schema(
                "table \(table.name) has \(table.spec.columns.count) columns, \(given.count) values were given"
            )
        }
        // (The last key is refused: the table's next key, one above it, would not exist.)
        guard key.rawValue >= 0, key.rawValue < Int64.max else {
            throw StorageError.schema("object key \(key.rawValue) is out of range (0 to \(Int64.max - 1))")
        }
        guard try !table.contains(key) else {
            throw StorageError.schema("table \(table.name) already has an object with key \(key.rawValue)")
        }
        return try createObject(in: table, key: key) { given[$0] }
    }

    /// Creates an object of `table` with `given(position)` in each column (nil: the column's default).
    private func createObject(in table: Table, key: ObjectKey? = nil, given: (Int) -> Value?) throws -> ObjectKey {
        let columns = table.spec.columns
        var row: [Value] = []
        row.reserveCapacity(columns.count)
        for position in columns.indices {
            guard let value = given(position) else {
                row.append(columns[position].defaultValue)
                continue
            }
            guard columns[position].type != .backlink else { throw StorageError.schema("backlinks cannot be set") }
            row.append(value)
        }
        return try createObject(in: table, row: row, key: key)
    }

    /// Creates an object of `table` from one value per column, in column order (backlink columns hold their
    /// default): validates each value, checks unique columns and link targets, files it in the indexes and
    /// records the insertion. The row is copied only when a set or dictionary value needs normalizing.
    private func createObject(in table: Table, row given: [Value], key chosen: ObjectKey? = nil) throws -> ObjectKey {
        let traits = table.spec.traits
        precondition(given.count == traits.count, "one value per column")
        var row = given
        var hasLinks = false
        if table.spec.shape.isPlain {
            // Single values stored as they are, no links: only each value's type is checked (all the loop of
            // other rows would do for such a row).
            for position in traits.indices {
                try table.validate(given[position], trait: traits[position], position: position)
            }
        } else {
            for position in traits.indices {
                let column = traits[position]
                if column.type == .backlink { continue }
                if column.collection != .single {
                    row[position] = normalized(row[position], for: table.spec.columns[position])
                }
                try table.validate(row[position], trait: column, position: position)
                if column.isLink {
                    hasLinks = true
                    try checkLinkTargets(row[position], column: table.spec.columns[position])
                }
            }
        }
        // An integer primary key at or above the next key is the object's key (Table+PrimaryKeyAsObjectKey.swift).
        let key = chosen ?? table.preferredKey(for: row) ?? ObjectKey(table.spec.nextObjectKey)
        // The unique columns' values are checked as the row is filed in their indexes, before it is inserted.
        try table.insertRow(key, values: row, checkingUnique: true)
        if hasLinks {
            let columns = table.spec.columns
            for position in columns.indices where columns[position].isLink {
                for target in linkTargets(row[position]) {
                    try addBacklink(from: table.key, columns[position].key, key, to: target)
                }
            }
        }
        record(table.key) { $0.insert(key) }
        return key
    }

    /// Sets one value of an object whose row is at `location` (from `table.locate` in this transaction), in
    /// place, when it can be: a single unindexed, non-unique value that holds no link, in a leaf this
    /// transaction already copied, with the tree unchanged in shape since the row was found. Returns false,
    /// changing nothing, otherwise (the caller then uses ``set(_:of:in:object:)``). This is the common
    /// property write of a loop over objects, without the general path's lookups.
    package func setInPlace(
        _ value: Value,
        of column: ColumnKey,
        in table: Table,
        object key: ObjectKey,
        at location: RowLocation
    ) throws -> Bool {
        try checkActive()
        guard table.context === context, let position = table.tree.layout.columnKeys.firstIndex(of: column) else {
            return false
        }
        let traits = table.spec.traits[position]
        let type = traits.type
        guard traits.collection == .single, !traits.indexed, !traits.unique,
            type != .link, type != .backlink, type != .mixed
        else { return false }
        try table.validate(value, position: position)
        let cell = ValueCodec.cell(for: value, type: type, collection: .single)
        guard table.tree.set(key.rawValue, at: location, column: position, to: cell) else { return false }
        record(table.key) { $0.modify(key, column) }
        return true
    }

    /// Sets column `column` of every object of `keys` to `value`: Realm's set-based write (`setValue(_:forKey:)` on a
    /// collection). A plain column (see ``plainPosition(of:in:)``) is written leaf by leaf in key order, the value
    /// validated and encoded once and the changes recorded together; any other column is set object by object as
    /// ``set(_:of:in:object:)`` sets it. A key repeated in `keys` is set once more, to the same value. With `keys` nil,
    /// every object of the table is set, in key order (a plain column's leaves found by walking the tree).
    package func set(_ value: Value, of column: ColumnKey, in tableKey: TableKey, objects keys: [ObjectKey]?) throws {
        let table = try self.table(tableKey)
        guard let position = try plainPosition(of: column, in: table) else {
            for key in try keys ?? table.keys() { try set(value, of: column, in: tableKey, object: key) }
            return
        }
        try table.validate(value, position: position)
        let cell = ValueCodec.cell(for: value, type: table.spec.traits[position].type, collection: .single)
        guard let keys else {
            try table.tree.setEvery(column: position, to: cell) { leaf in
                record(tableKey) { $0.modify(rawKeys: leaf.keys, column) }
            }
            return
        }
        let ordered = recordModifications(of: keys, column: column, in: tableKey)
        guard try table.tree.set(ordered.map(\.rawValue), column: position, to: cell) else {
            throw StorageError.schema("table \(table.spec.name) lacks an object of the \(keys.count) it is to set")
        }
    }

    /// Sets column `column` of every object of `keys` to what `transform` makes of its value, as reading the value and
    /// then setting it would, object after object (a key repeated in `keys` is transformed again). A plain column (see
    /// ``plainPosition(of:in:)``) is read and written leaf by leaf in key order; any other object by object.
    ///
    /// When `transform` throws, the objects before the one it failed on keep their new values (the caller's write
    /// transaction is usually rolled back then), and every object of `keys` counts as modified.
    package func update(
        _ column: ColumnKey,
        in tableKey: TableKey,
        objects keys: [ObjectKey],
        _ transform: (Value) throws -> Value
    ) throws {
        try update(column, in: tableKey, objects: keys, typed: nil, apply: { _, _, _ in false }, values: transform)
    }

    /// As ``update(_:in:objects:_:)`` for an `.int` column, transforming its integers: a plain, non-nullable column's
    /// leaves are transformed in place with no values or cells in between. A null (the column is nullable) is not an
    /// integer: it throws, as a value of another type does.
    package func update(
        _ column: ColumnKey,
        in tableKey: TableKey,
        objects keys: [ObjectKey],
        integers transform: (Int64) throws -> Int64
    ) throws {
        try update(
            column,
            in: tableKey,
            objects: keys,
            typed: .int,
            apply: { try $0.update($1, column: $2, integers: transform) },
            values: { value in
                guard case .int(let old) = value else { throw StorageError.schema("\(value) is not an integer") }
                return .int(try transform(old))
            }
        )
    }

    /// As ``update(_:in:objects:integers:)`` for a `.double` column (a null throws).
    package func update(
        _ column: ColumnKey,
        in tableKey: TableKey,
        objects keys: [ObjectKey],
        doubles transform: (Double) throws -> Double
    ) throws {
        try update(
            column,
            in: tableKey,
            objects: keys,
            typed: .double,
            apply: { try $0.update($1, column: $2, doubles: transform) },
            values: { value in
                guard case .double(let old) = value else { throw StorageError.schema("\(value) is not a double") }
                return .double(try transform(old))
            }
        )
    }

    /// The update of ``update(_:in:objects:_:)``; a plain, non-nullable column of type `typed` is given to `apply`
    /// instead (the tree, the keys in ascending order, the column's position; false when an object is missing).
    private func update(
        _ column: ColumnKey,
        in tableKey: TableKey,
        objects keys: [ObjectKey],
        typed: ValueType?,
        apply: (ClusterTree, [Int64], Int) throws -> Bool,
        values transform: (Value) throws -> Value
    ) throws {
        let table = try self.table(tableKey)
        guard let position = try plainPosition(of: column, in: table) else {
            for key in keys {
                try set(try transform(try table.value(key, column)), of: column, in: tableKey, object: key)
            }
            return
        }
        let spec = table.spec.columns[position]
        let ordered = recordModifications(of: keys, column: column, in: tableKey)
        let updated: Bool
        if spec.type == typed, !spec.nullable {
            updated = try apply(table.tree, ordered.map(\.rawValue), position)
        } else {
            updated = try table.tree.update(ordered.map(\.rawValue), column: position) { cell in
                let value = try transform(try ValueCodec.value(of: cell, in: spec))
                try table.validate(value, position: position)
                return ValueCodec.cell(for: value, type: spec.type, collection: .single)
            }
        }
        guard updated else {
            throw StorageError.schema("table \(table.spec.name) lacks an object of the \(keys.count) it is to update")
        }
    }

    /// The position of `column` in `table` when it is plain: a single value, unindexed, not unique, no link, not mixed
    /// (a value whose cell can be written in place, with nothing else to keep); nil otherwise.
    private func plainPosition(of column: ColumnKey, in table: Table) throws -> Int? {
        let position = try table.position(column)
        let traits = table.spec.traits[position]
        guard traits.collection == .single, !traits.indexed, !traits.unique,
            traits.type != .link, traits.type != .backlink, traits.type != .mixed
        else { return nil }
        return position
    }

    /// Records `keys` as modified in `column`, and returns them in ascending order (the order the tree walks its
    /// leaves in: a query's or a sort's order is sorted first).
    private func recordModifications(of keys: [ObjectKey], column: ColumnKey, in tableKey: TableKey) -> [ObjectKey] {
        let ordered = zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 } ? keys : keys.sorted()
        record(tableKey) { $0.modify(ordered, column) }
        return ordered
    }

    /// Sets one value of an object. A list column's new value is logged as an assignment of the whole list.
    package func set(_ value: Value, of column: ColumnKey, in tableKey: TableKey, object key: ObjectKey) throws {
        try set(value, of: column, in: tableKey, object: key, listEdits: nil)
    }

    /// Sets one value of an object; for a list column, logs `listEdits` as how the list changed (nil: an assignment
    /// of the whole list, from its old count to its new one).
    package func set(
        _ value: Value,
        of column: ColumnKey,
        in tableKey: TableKey,
        object key: ObjectKey,
        listEdits: [ListEdit]?
    ) throws {
        let table = try self.table(tableKey)
        let position = try table.position(column)
        let spec = table.spec.columns[position]
        guard spec.type != .backlink else { throw StorageError.schema("backlinks cannot be set") }
        // (A missing object is reported by the first read below, or by setValue, before anything changes.)
        let value = normalized(value, for: spec)
        try table.validate(value, for: spec)
        try checkLinkTargets(value, column: spec)
        try table.checkUnique(spec, value, except: key)
        var edits: [ListEdit] = []
        if spec.collection == .list {
            if let listEdits {
                edits = listEdits
            } else {
                let oldCount = try table.collectionCount(key, position: position)
                edits = [.assign(oldCount: oldCount, newCount: Table.elementCount(value))]
            }
        }
        if spec.isLink {
            let old = linkTargets(try table.value(key, column))
            let new = linkTargets(value)
            for (target, adding) in backlinkSteps(from: old, to: new, list: spec.collection == .list, edits: listEdits)
            {
                if adding {
                    try addBacklink(from: tableKey, column, key, to: target)
                } else {
                    try removeBacklink(from: tableKey, column, key, to: target)
                }
            }
        }
        try table.setValue(key, position: position, value)
        record(tableKey) { changes in
            changes.modify(key, column)
            for edit in edits { changes.editList(key, column, edit) }
        }
    }

    /// Deletes an object, unlinking it everywhere.
    package func deleteObject(_ key: ObjectKey, in tableKey: TableKey) throws {
        deletionDepth += 1
        defer { deletionDepth -= 1 }
        let table = try self.table(tableKey)
        guard try table.contains(key) else { throw StorageError.schema("table \(table.name) has no object \(key)") }
        // Outgoing links first (this also clears the object's links to itself).
        for column in table.spec.columns where column.isLink {
            for target in linkTargets(try table.value(key, column.key)) {
                try removeBacklink(from: tableKey, column.key, key, to: target)
            }
        }
        // Then every link pointing at it.
        for column in table.spec.columns where column.type == .backlink {
            guard let originTable = column.linkTable, let originColumn = column.originColumn else { continue }
            let origins = Set(try table.backlinks(key, from: originTable, column: originColumn))
            for origin in origins.sorted() {
                try unlink(origin, column: originColumn, in: originTable, from: key)
            }
        }
        // The primary key goes into the change log for replication (DESIGN.md section 7).
        let primaryKey = try table.spec.primaryKeyColumn.map { try table.value(key, $0.key) }
        try table.removeRow(key)
        record(tableKey) { $0.delete(key, primaryKey: primaryKey) }
        // Mixed values that name it, now or at the end of the batch (WriteTransaction+MixedLinks.swift).
        try mixedReferencesDeleted { $0.keys[tableKey, default: []].insert(key) }
    }

    /// Deletes every object of a table.
    package func deleteAllObjects(in tableKey: TableKey) throws {
        deletionDepth += 1
        defer { deletionDepth -= 1 }
        let table = try self.table(tableKey)
        if table.holdsOrReceivesLinks {
            try deletingInBatch {
                for key in try table.keys() { try deleteObject(key, in: tableKey) }
            }
            return
        }
        // Primary keys go into the change log for those who read them: this process's kept history, the commit hook
        // (of a replicated file, attached now or before the commit: no local commit to such a file goes without one)
        // and other processes, through the change feed. They are read a leaf at a time (`Table.columnValues`); when
        // no one reads them (the usual server process alone with its file), reading and logging one per object would
        // slow deleting a large table down for nothing. A process that opens the file during this write gets the
        // deletions without their primary keys.
        let keys = try table.keys()
        var primaryKeys: [Value]?
        if let column = table.spec.primaryKeyColumn,
            database.retainsHistory || database.commitHook != nil
                || catalog.tables.contains(where: { $0.name == Database.replicationMarkerTable }) || database.isFeeding
        {
            primaryKeys = try table.columnValues(column.key)
        }
        // An empty table changes nothing, and logs nothing (as deleting no objects one by one).
        guard !keys.isEmpty else { return }
        try table.removeAllRows()
        record(tableKey) { changes in
            for (index, key) in keys.enumerated() { changes.delete(key, primaryKey: primaryKeys?[index]) }
        }
        try mixedReferencesDeleted { $0.wholeTables.insert(tableKey) }
    }

    // MARK: Links

    /// The objects a link value points to, with multiplicity.
    func linkTargets(_ value: Value) -> [ObjectKey] {
        switch value {
        case .link(let key): return [key]
        case .list(let elements): return elements.flatMap(linkTargets)
        case .dictionary(let entries): return entries.flatMap { linkTargets($0.value) }
        default: return []
        }
    }

    /// The backlink entries to remove (`adding` false) and add, in order, when a link column's targets go from `old`
    /// to `new`, as realm-core's `List::assign` makes them (see the link rules above): a list assigned whole
    /// (`edits` nil or one `.assign`) is cleared, then appended to, so even the entries of the targets it keeps are
    /// removed and appended again; a list updated element-wise (`edits` of `RealmState.elementwiseEdits`: `.set`
    /// of positions both lists have, an insertion at the old end, erasures from the end) changes each differing
    /// position in order, then appends, then removes from the end. Anything else (a single link, a set, a
    /// dictionary, a list of embedded objects rewritten by an element edit, a removal of a deleted object) changes
    /// only the entries of the targets that came or went.
    private func backlinkSteps(from old: [ObjectKey], to new: [ObjectKey], list: Bool, edits: [ListEdit]?)
        -> [(target: ObjectKey, adding: Bool)]
    {
        if list, Self.isAssignment(edits) { return old.map { ($0, false) } + new.map { ($0, true) } }
        if list, let edits, Self.isElementwise(edits, old: old.count, new: new.count) {
            var steps: [(target: ObjectKey, adding: Bool)] = []
            for index in old.indices.prefix(new.count) where old[index] != new[index] {
                steps += [(old[index], false), (new[index], true)]
            }
            steps += new.dropFirst(old.count).map { ($0, true) }
            steps += old.dropFirst(new.count).reversed().map { ($0, false) }
            return steps
        }
        return multisetDifference(old, new).map { ($0, false) } + multisetDifference(new, old).map { ($0, true) }
    }

    /// Whether `edits` log a list's change as an assignment of the whole list.
    private static func isAssignment(_ edits: [ListEdit]?) -> Bool {
        guard let edits else { return true }
        guard edits.count == 1, case .assign = edits[0] else { return false }
        return true
    }

    /// Whether `edits` change a list of `old` elements into one of `new` position by position: sets of positions
    /// below both counts, then an insertion at the old end or erasures from the end down.
    private static func isElementwise(_ edits: [ListEdit], old: Int, new: Int) -> Bool {
        var erased = old
        for edit in edits {
            switch edit {
            case .set(let index): guard index < min(old, new) else { return false }
            case .insert(let index, let count): guard index == old, count == new - old else { return false }
            case .erase(let index):
                guard index == erased - 1, index >= new else { return false }
                erased = index
            default: return false
            }
        }
        return true
    }

    private func multisetDifference(_ lhs: [ObjectKey], _ rhs: [ObjectKey]) -> [ObjectKey] {
        var remaining = Dictionary(rhs.map { ($0, 1) }, uniquingKeysWith: +)
        var result: [ObjectKey] = []
        for key in lhs {
            if let count = remaining[key], count > 0 {
                remaining[key] = count - 1
            } else {
                result.append(key)
            }
        }
        return result
    }

    /// Sets are stored without duplicates, in set order (CollectionOrder.swift); dictionaries sorted by key.
    private func normalized(_ value: Value, for column: ColumnSpec) -> Value {
        if column.collection == .single { return value }
        switch (column.collection, value) {
        case (.set, .list(let elements)):
            return .list(CollectionOrder.setElements(elements))
        case (.dictionary, .dictionary(let entries)):
            var byKey: [String: Value] = [:]
            for entry in entries { byKey[entry.key] = entry.value }
            return .dictionary(byKey.keys.sorted().map { DictionaryEntry(key: $0, value: byKey[$0]!) })
        default:
            return value
        }
    }

    func checkLinkTargets(_ value: Value, column: ColumnSpec) throws {
        guard column.isLink, let target = column.linkTable else { return }
        let targetTable = try self.table(target)
        for key in linkTargets(value) where try !targetTable.contains(key) {
            throw StorageError.schema("\(targetTable.name) has no object \(key) to link to")
        }
    }

    private func backlinkColumn(of target: Table, origin: TableKey, column: ColumnKey) throws -> ColumnSpec {
        guard
            let spec = target.spec.columns.first(where: {
                $0.type == .backlink && $0.linkTable == origin && $0.originColumn == column
            })
        else { throw StorageError.corrupt("\(target.name) lacks the backlink column of \(origin).\(column)") }
        return spec
    }

    func addBacklink(from origin: TableKey, _ column: ColumnKey, _ originKey: ObjectKey, to target: ObjectKey)
        throws
    {
        let targetTable = try self.table(try self.table(origin).column(column).linkTable!)
        let backlink = try backlinkColumn(of: targetTable, origin: origin, column: column)
        var keys = try targetTable.backlinks(target, from: origin, column: column)
        keys.append(originKey)
        try targetTable.setValue(target, backlink.key, .list(keys.map { .link($0) }))
        record(targetTable.key) { $0.modify(target, backlink.key) }
    }

    func removeBacklink(
        from origin: TableKey,
        _ column: ColumnKey,
        _ originKey: ObjectKey,
        to target: ObjectKey
    ) throws {
        let targetTable = try self.table(try self.table(origin).column(column).linkTable!)
        let backlink = try backlinkColumn(of: targetTable, origin: origin, column: column)
        var keys = try targetTable.backlinks(target, from: origin, column: column)
        guard let position = keys.firstIndex(of: originKey) else {
            throw StorageError.corrupt("\(targetTable.name) \(target) lacks a backlink from \(origin) \(originKey)")
        }
        // The last entry fills the gap (see the link rules above).
        keys.swapAt(position, keys.count - 1)
        keys.removeLast()
        try targetTable.setValue(target, backlink.key, .list(keys.map { .link($0) }))
        record(targetTable.key) { $0.modify(target, backlink.key) }
    }

    /// Removes every link from `origin`'s `column` to `target` (which is being deleted).
    private func unlink(_ origin: ObjectKey, column: ColumnKey, in originTable: TableKey, from target: ObjectKey) throws
    {
        let table = try self.table(originTable)
        let spec = try table.column(column)
        let old = try table.value(origin, column)
        let new: Value
        var listEdits: [ListEdit]?
        switch old {
        case .link(let key) where key == target: new = .null
        case .list(let elements):
            new = .list(elements.filter { $0 != .link(target) })
            // A list loses each link to the object as a removal at its position (the last first).
            if spec.collection == .list {
                listEdits = elements.indices.reversed().filter { elements[$0] == .link(target) }.map { .erase($0) }
            }
        case .dictionary(let entries):
            new = .dictionary(
                entries.map { $0.value == .link(target) ? DictionaryEntry(key: $0.key, value: .null) : $0 }
            )
        default: return
        }
        try set(new, of: spec.key, in: originTable, object: origin, listEdits: listEdits)
    }
}
