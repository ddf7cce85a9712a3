// ChangeSet.swift: what one commit changed: the input for notifications.
//
// Rules (as Realm reports them): an object inserted and then modified in one transaction is only an
// insertion; one inserted and deleted is nothing; a deleted object's modifications are forgotten.

/// The changes a commit made to one table.
package struct TableChanges: Equatable, Sendable {
    package var insertions: Set<ObjectKey> = []
    package var deletions: Set<ObjectKey> = []
    /// Modified objects and the columns changed in each.
    package var modifications: [ObjectKey: ColumnSet] = [:]

    package init() {}

    package var isEmpty: Bool { insertions.isEmpty && deletions.isEmpty && modifications.isEmpty }

    mutating func insert(_ key: ObjectKey) { insertions.insert(key) }

    mutating func modify(_ key: ObjectKey, _ column: ColumnKey) {
        if insertions.contains(key) { return }
        modifications[key, default: []].insert(column)
    }

    mutating func delete(_ key: ObjectKey) {
        modifications[key] = nil
        if insertions.remove(key) == nil { deletions.insert(key) }
    }
}

/// The columns changed in one object: a bit per column key below 64 (every column of a table of fewer than
/// 64 columns), a set for the rest, so recording a change allocates nothing in the common case.
package struct ColumnSet: Equatable, Sendable, ExpressibleByArrayLiteral {
    private var low: UInt64 = 0
    private var high: Set<ColumnKey> = []

    package init() {}

    package init(arrayLiteral elements: ColumnKey...) {
        for element in elements { insert(element) }
    }

    package mutating func insert(_ column: ColumnKey) {
        if column.rawValue < 64 { low |= 1 << UInt64(column.rawValue) } else { high.insert(column) }
    }

    package func contains(_ column: ColumnKey) -> Bool {
        column.rawValue < 64 ? low & (1 << UInt64(column.rawValue)) != 0 : high.contains(column)
    }

    /// The columns, ascending.
    package var columns: [ColumnKey] {
        (0..<64).filter { low & (1 << UInt64($0)) != 0 }.map { ColumnKey(UInt32($0)) } + high.sorted()
    }
}

/// The changes of one commit.
package struct ChangeSet: Equatable, Sendable {
    /// The version the commit produced.
    package var version: Version
    package var tables: [TableKey: TableChanges] = [:]
    /// Whether tables or columns were added or removed.
    package var schemaChanged = false

    package init(version: Version) { self.version = version }

    package var isEmpty: Bool { !schemaChanged && tables.values.allSatisfy(\.isEmpty) }
}
