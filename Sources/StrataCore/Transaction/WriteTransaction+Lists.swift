// WriteTransaction+Lists.swift: changing one element of a list, keeping backlinks and the change log in
// step, in O(log n) once the list is stored as a tree (CollectionTree.swift).
//
// Each operation validates the new element against the column, checks a new link's target exists, applies
// the change to the table, then adds the backlink of a link that came in and removes the backlink of one
// that went out, and records the owner's column as modified. Indices out of bounds are schema errors,
// raised before anything changes.

extension WriteTransaction {
    /// The table, position and spec of list column `column`, or a schema error when it is not a list.
    private func listColumn(_ column: ColumnKey, in tableKey: TableKey) throws -> (Table, Int, ColumnSpec) {
        let table = try self.table(tableKey)
        let position = try table.position(column)
        let spec = table.spec.columns[position]
        guard spec.collection == .list else { throw StorageError.schema("\(table.name).\(spec.name) is not a list") }
        return (table, position, spec)
    }

    /// The number of elements of list `column` of object `key`.
    package func listCount(of column: ColumnKey, in tableKey: TableKey, object key: ObjectKey) throws -> Int {
        let (table, position, _) = try listColumn(column, in: tableKey)
        return try table.collectionCount(key, position: position)
    }

    /// Checks `values` can go into list `spec` (types and link targets).
    private func checkElements(_ values: [Value], table: Table, spec: ColumnSpec) throws {
        try table.validate(.list(values), for: spec)
        try checkLinkTargets(.list(values), column: spec)
    }

    /// The list column for a change at `index` (`0...count` when `inclusive`, else `0..<count`) bringing in
    /// `value`, checked: the value's type and link target, and the index.
    private func listColumn(
        _ column: ColumnKey,
        in tableKey: TableKey,
        object key: ObjectKey,
        index: Int,
        inclusive: Bool,
        value: Value?
    ) throws -> (Table, Int, ColumnSpec) {
        let (table, position, spec) = try listColumn(column, in: tableKey)
        if let value { try checkElements([value], table: table, spec: spec) }
        let count = try table.collectionCount(key, position: position)
        guard index >= 0, inclusive ? index <= count : index < count else {
            throw StorageError.schema(
                "index \(index) is out of bounds of \(table.name).\(spec.name) (\(count) elements)"
            )
        }
        return (table, position, spec)
    }

    /// Appends `values` to list `column` of object `key`.
    package func append(_ values: [Value], toList column: ColumnKey, in tableKey: TableKey, object key: ObjectKey)
        throws
    {
        let (table, position, spec) = try listColumn(column, in: tableKey)
        try checkElements(values, table: table, spec: spec)
        try table.appendToCollection(key, position: position, values)
        if spec.isLink {
            for target in linkTargets(.list(values)) { try addBacklink(from: tableKey, column, key, to: target) }
        }
        record(tableKey) { $0.modify(key, column) }
    }

    /// Inserts `value` at `index` (0...count) of list `column` of object `key`.
    package func insert(
        _ value: Value,
        at index: Int,
        inList column: ColumnKey,
        in tableKey: TableKey,
        object key: ObjectKey
    )
        throws
    {
        let (table, position, spec) = try listColumn(
            column,
            in: tableKey,
            object: key,
            index: index,
            inclusive: true,
            value: value
        )
        try table.insertIntoCollection(key, position: position, value, at: index)
        if case .link(let target) = value, spec.isLink { try addBacklink(from: tableKey, column, key, to: target) }
        record(tableKey) { $0.modify(key, column) }
    }

    /// Replaces the element at `index` of list `column` of object `key` with `value`.
    package func replace(
        at index: Int,
        with value: Value,
        inList column: ColumnKey,
        in tableKey: TableKey,
        object key: ObjectKey
    )
        throws
    {
        let (table, position, spec) = try listColumn(
            column,
            in: tableKey,
            object: key,
            index: index,
            inclusive: false,
            value: value
        )
        let old = try table.replaceInCollection(key, position: position, value, at: index)
        if spec.isLink, old != value {
            if case .link(let target) = old { try removeBacklink(from: tableKey, column, key, to: target) }
            if case .link(let target) = value { try addBacklink(from: tableKey, column, key, to: target) }
        }
        record(tableKey) { $0.modify(key, column) }
    }

    /// Removes the element at `index` of list `column` of object `key`; returns it.
    @discardableResult
    package func remove(at index: Int, fromList column: ColumnKey, in tableKey: TableKey, object key: ObjectKey) throws
        -> Value
    {
        let (table, position, spec) = try listColumn(
            column,
            in: tableKey,
            object: key,
            index: index,
            inclusive: false,
            value: nil
        )
        let old = try table.removeFromCollection(key, position: position, at: index)
        if spec.isLink, case .link(let target) = old { try removeBacklink(from: tableKey, column, key, to: target) }
        record(tableKey) { $0.modify(key, column) }
        return old
    }
}
