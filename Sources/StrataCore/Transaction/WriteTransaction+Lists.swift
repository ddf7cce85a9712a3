// WriteTransaction+Lists.swift: changing one element of a list, keeping backlinks and the change log in
// step, in O(log n) once the list is stored as a tree (CollectionTree.swift).
//
// Each operation validates the new element against the column, checks a new link's target exists, applies
// the change to the table, then adds the backlink of a link that came in and removes the backlink of one
// that went out, and records the owner's column as modified and the edit by position (ListChangeBuilder.swift),
// as Realm's transaction log does: appends and inserts as insertions, a replacement as an assignment, a move as
// one move, a swap as Realm encodes it (two moves), a removal of every element as a clear. Indices out of bounds
// are schema errors, raised before anything changes.

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
        let count = try table.collectionCount(key, position: position)
        try table.appendToCollection(key, position: position, values)
        if spec.isLink {
            for target in linkTargets(.list(values)) { try addBacklink(from: tableKey, column, key, to: target) }
        }
        record(tableKey) { changes in
            changes.modify(key, column)
            if !values.isEmpty { changes.editList(key, column, .insert(count, count: values.count)) }
        }
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
        recordListEdit(tableKey, key, column, .insert(index, count: 1))
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
        recordListEdit(tableKey, key, column, .set(index))
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
        recordListEdit(tableKey, key, column, .erase(index))
        return old
    }

    /// Moves the element at `from` of list `column` of object `key` so that it ends up at `to` (both in
    /// `0..<count`); nothing when they are equal. Backlinks stay as they are (the same links, elsewhere).
    package func move(from: Int, to: Int, inList column: ColumnKey, in tableKey: TableKey, object key: ObjectKey) throws
    {
        let (table, position, _) = try listColumn(column, in: tableKey)
        let count = try table.collectionCount(key, position: position)
        for index in [from, to] where index < 0 || index >= count {
            throw StorageError.schema("index \(index) is out of bounds of \(table.name) (\(count) elements)")
        }
        guard from != to else { return }
        let moved = try table.removeFromCollection(key, position: position, at: from)
        try table.insertIntoCollection(key, position: position, moved, at: to)
        recordListEdit(tableKey, key, column, .move(from: from, to: to))
    }

    /// Swaps the elements at `first` and `second` of list `column` of object `key` (both in `0..<count`); nothing
    /// when they are equal. Logged as Realm encodes a swap (``ListEdit/swap(_:_:)``).
    package func swapAt(
        _ first: Int,
        _ second: Int,
        inList column: ColumnKey,
        in tableKey: TableKey,
        object key: ObjectKey
    ) throws {
        let (table, position, _) = try listColumn(column, in: tableKey)
        let count = try table.collectionCount(key, position: position)
        for index in [first, second] where index < 0 || index >= count {
            throw StorageError.schema("index \(index) is out of bounds of \(table.name) (\(count) elements)")
        }
        guard first != second else { return }
        let (low, high) = (min(first, second), max(first, second))
        let later = try table.removeFromCollection(key, position: position, at: high)
        let earlier = try table.replaceInCollection(key, position: position, later, at: low)
        try table.insertIntoCollection(key, position: position, earlier, at: high)
        for edit in ListEdit.swap(first, second) { recordListEdit(tableKey, key, column, edit) }
    }

    /// Removes every element of list `column` of object `key`; nothing (no change recorded) when it is empty.
    package func removeAll(fromList column: ColumnKey, in tableKey: TableKey, object key: ObjectKey) throws {
        let (table, position, _) = try listColumn(column, in: tableKey)
        let count = try table.collectionCount(key, position: position)
        guard count > 0 else { return }
        try set(.list([]), of: column, in: tableKey, object: key, listEdits: [.clear(count: count)])
    }

    /// Records the owner's list column as modified and logs `edit`.
    private func recordListEdit(_ tableKey: TableKey, _ key: ObjectKey, _ column: ColumnKey, _ edit: ListEdit) {
        record(tableKey) { changes in
            changes.modify(key, column)
            changes.editList(key, column, edit)
        }
    }
}
