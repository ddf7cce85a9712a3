// WriteTransaction+TypedSets.swift: sets of one `Int`, `Double`, `Bool` or `String` value of an object whose row the
// object layer holds (RowReader.swift), written in place with no `Value` and no second search of the tree.
//
// A set here does what `setInPlace(_:of:in:object:at:)` does for these types, and only when that would succeed: the
// transaction is active, the row is in a leaf this transaction already changed, the tree's shape is the one the row
// was found in, the key at the row is the object's, and the column is a plain one of the type (not indexed, not a
// primary key, not a link, a collection or a mixed value). Anything else returns false and the caller takes the
// general path, which checks and reports everything.
//
// Invariants:
//   (1) A set logs `modify(key, column)` in the change log, exactly as the general path does.
//   (2) A replaced string's blob, if it had one, is released to the transaction's free space.

extension WriteTransaction {
    /// Sets `Int` column `column` of object `key` to `value` in place through `reader`; false: take the general path.
    package func setInPlace(
        int value: Int64,
        of column: ColumnKey,
        in table: Table,
        object key: ObjectKey,
        reader: RowReader
    )
        -> Bool
    {
        setInPlace(.int(value), .int, column, table, key, reader)
    }

    /// Sets `Double` column `column` of object `key` to `value` in place through `reader`; false: the general path.
    package func setInPlace(
        double value: Double,
        of column: ColumnKey,
        in table: Table,
        object key: ObjectKey,
        reader: RowReader
    ) -> Bool {
        setInPlace(.double(value), .double, column, table, key, reader)
    }

    /// Sets `Bool` column `column` of object `key` to `value` in place through `reader`; false: the general path.
    package func setInPlace(
        bool value: Bool,
        of column: ColumnKey,
        in table: Table,
        object key: ObjectKey,
        reader: RowReader
    )
        -> Bool
    {
        setInPlace(.int(value ? 1 : 0), .bool, column, table, key, reader)
    }

    /// Sets `String` column `column` of object `key` to `value` in place through `reader`; false: the general path.
    package func setInPlace(
        string value: String,
        of column: ColumnKey,
        in table: Table,
        object key: ObjectKey,
        reader: RowReader
    ) -> Bool {
        setInPlace(.bytes(Array(value.utf8)), .string, column, table, key, reader)
    }

    private func setInPlace(
        _ cell: Cell,
        _ kind: PlainRead,
        _ column: ColumnKey,
        _ table: Table,
        _ key: ObjectKey,
        _ reader: RowReader
    ) -> Bool {
        guard phase == .active, table.context === context, table.tree.shapeVersion == reader.shapeVersion,
            let (leaf, position, row) = reader.dirtyCell(column, as: kind, key: key.rawValue)
        else { return false }
        let traits = table.spec.traits[position]
        guard !traits.indexed, !traits.unique else { return false }
        if let blob = leaf._withUnsafeGuaranteedRef({ $0.columns[position].set(cell, at: row) }) {
            table.context.release(blob)
        }
        record(table.key) { $0.modify(key, column) }
        return true
    }
}
