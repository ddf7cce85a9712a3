// WriteTransaction+SetsAndMaps.swift: inserting into and removing from a set, and setting or removing one
// key of a dictionary, in O(log² n) once the collection is a tree (CollectionTree.swift), keeping
// backlinks and the change log in step.
//
// A set's elements are kept in CollectionOrder's order and a dictionary's entries by key, so each
// operation is a binary search followed by at most one insertion, replacement or removal
// (Table.editSortedCollection). Values are validated and link targets checked before anything changes.

extension WriteTransaction {
    /// The table, position and spec of collection column `column` of kind `kind`.
    private func collectionColumn(_ column: ColumnKey, in tableKey: TableKey, kind: CollectionKind) throws
        -> (Table, Int, ColumnSpec)
    {
        let table = try self.table(tableKey)
        let position = try table.position(column)
        let spec = table.spec.columns[position]
        guard spec.collection == kind else { throw StorageError.schema("\(table.name).\(spec.name) is not a \(kind)") }
        return (table, position, spec)
    }

    /// Inserts each of `values` not in set `column` of object `key` yet; returns how many were inserted.
    @discardableResult
    package func insert(_ values: [Value], intoSet column: ColumnKey, in tableKey: TableKey, object key: ObjectKey)
        throws -> Int
    {
        let (table, position, spec) = try collectionColumn(column, in: tableKey, kind: .set)
        try table.validate(.list(values), for: spec)
        try checkLinkTargets(.list(values), column: spec)
        var inserted = 0
        for value in values {
            let found = try table.editSortedCollection(key, position: position) {
                CollectionOrder.compare($0, value)
            } decide: {
                $0 == nil ? .insert(value) : .keep
            }
            guard found == nil else { continue }
            inserted += 1
            if spec.isLink, case .link(let target) = value { try addBacklink(from: tableKey, column, key, to: target) }
        }
        if inserted > 0 { record(tableKey) { $0.modify(key, column) } }
        return inserted
    }

    /// Removes each of `values` from set `column` of object `key`; returns how many were there.
    @discardableResult
    package func remove(_ values: [Value], fromSet column: ColumnKey, in tableKey: TableKey, object key: ObjectKey)
        throws -> Int
    {
        let (table, position, spec) = try collectionColumn(column, in: tableKey, kind: .set)
        var removed = 0
        for value in values {
            let found = try table.editSortedCollection(key, position: position) {
                CollectionOrder.compare($0, value)
            } decide: {
                $0 == nil ? .keep : .remove
            }
            guard found != nil else { continue }
            removed += 1
            if spec.isLink, case .link(let target) = value {
                try removeBacklink(from: tableKey, column, key, to: target)
            }
        }
        if removed > 0 { record(tableKey) { $0.modify(key, column) } }
        return removed
    }

    /// Sets the value of `entryKey` in dictionary `column` of object `key` (adding the key if it is new);
    /// returns the old value, or nil when the key is new.
    @discardableResult
    package func setValue(
        _ value: Value,
        forKey entryKey: String,
        inDictionary column: ColumnKey,
        in tableKey: TableKey,
        object key: ObjectKey
    ) throws -> Value? {
        let (table, position, spec) = try collectionColumn(column, in: tableKey, kind: .dictionary)
        let entry = Value.dictionary([DictionaryEntry(key: entryKey, value: value)])
        try table.validate(entry, for: spec)
        try checkLinkTargets(entry, column: spec)
        let stored = Value.list([.string(entryKey), value])
        let found = try table.editSortedCollection(key, position: position) {
            CollectionOrder.compare(key: Table.entryKey($0), entryKey)
        } decide: {
            $0 == nil ? .insert(stored) : .replace(stored)
        }
        let old: Value? = found.map {
            if case .list(let pair) = $0, pair.count == 2 { return pair[1] } else { return .null }
        }
        if spec.isLink, old != value {
            if case .link(let target)? = old { try removeBacklink(from: tableKey, column, key, to: target) }
            if case .link(let target) = value { try addBacklink(from: tableKey, column, key, to: target) }
        }
        record(tableKey) { $0.modify(key, column) }
        return old
    }

    /// Removes `entryKey` from dictionary `column` of object `key`; returns its value, or nil when the key was
    /// not there.
    @discardableResult
    package func removeValue(
        forKey entryKey: String,
        fromDictionary column: ColumnKey,
        in tableKey: TableKey,
        object key: ObjectKey
    ) throws -> Value? {
        let (table, position, spec) = try collectionColumn(column, in: tableKey, kind: .dictionary)
        let found = try table.editSortedCollection(key, position: position) {
            CollectionOrder.compare(key: Table.entryKey($0), entryKey)
        } decide: {
            $0 == nil ? .keep : .remove
        }
        guard case .list(let pair)? = found, pair.count == 2 else { return nil }
        if spec.isLink, case .link(let target) = pair[1] { try removeBacklink(from: tableKey, column, key, to: target) }
        record(tableKey) { $0.modify(key, column) }
        return pair[1]
    }
}
