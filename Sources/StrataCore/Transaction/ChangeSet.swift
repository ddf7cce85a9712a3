// ChangeSet.swift: what one commit changed: the input for notifications, and what a replicator will need.
//
// Rules (as Realm reports them): an object inserted and then modified in one transaction is only an
// insertion; one inserted and deleted is nothing; a deleted object's modifications are forgotten.
//
// For replication (DESIGN.md section 7) an entry also carries the primary key of each object it deleted (tables
// with a primary key) and whether the commit was applied by sync.
//
// A table's changes may be "wholesale": the history's byte bound dropped the details, and a reader must take every
// object of the table as possibly inserted, deleted or modified (re-run and diff).
//
// Besides the per-object events, each edit of a list column is logged by position, in order (ListChangeBuilder.swift
// turns them into a list's change set). The edit log is a detail too: a wholesale table has none, and equality
// compares the net effect only, not the edit logs.
//
//   detailed ──markWholesale()──▶ wholesale (no way back)

/// The changes a commit made to one table.
package struct TableChanges: Equatable, Sendable {
    /// What happened to one object, in order. Recording appends (no hashing on the write path); the views
    /// below replay the log when someone asks (observers, tests), once per commit at most.
    enum Event: Equatable, Sendable {
        /// `count` objects inserted with consecutive keys from `first` (a run of creations is one event).
        case insert(first: ObjectKey, count: Int)
        /// Column `column` of `count` objects with consecutive keys from `first` modified (a run of set-based or
        /// loop writes to one column in key order is one event).
        case modify(first: ObjectKey, count: Int, column: ColumnKey)
        case delete(ObjectKey, primaryKey: Value?)
    }

    var events: [Event] = []
    /// The edits of list columns, in the order they were made (kept apart from `events`, whose stride stays small).
    var listEditLog: [ListEditRecord] = []
    /// Heap bytes the events hold beyond their inline size (primary keys' strings and data).
    var heapBytes = 0
    /// Whether the details were dropped (see the header).
    package private(set) var isWholesale = false

    init() {}

    var isEmpty: Bool { !isWholesale && insertions.isEmpty && deletions.isEmpty && modifications.isEmpty }

    /// The primary key of each deleted object (net deletions, as `deletions`), for tables with a primary key.
    package var deletedPrimaryKeys: [ObjectKey: Value] { replay().primaryKeys }

    /// About how many bytes the entry holds in memory.
    var estimatedBytes: Int {
        32 + events.count * MemoryLayout<Event>.stride + listEditLog.count * MemoryLayout<ListEditRecord>.stride
            + heapBytes
    }

    /// Drops the details: the table changed wholesale.
    mutating func markWholesale() {
        events = []
        listEditLog = []
        heapBytes = 0
        isWholesale = true
    }

    /// Objects created in the transaction and still there at its end.
    package var insertions: Set<ObjectKey> { replay().insertions }
    /// Objects that existed before the transaction and were deleted.
    package var deletions: Set<ObjectKey> { replay().deletions }
    /// Objects that existed before the transaction and still exist, with the columns changed in each.
    package var modifications: [ObjectKey: ColumnSet] { replay().modifications }

    mutating func insert(_ key: ObjectKey) {
        if case .insert(let first, let count)? = events.last, key.rawValue > first.rawValue,
            first.rawValue &+ Int64(count) == key.rawValue
        {
            events[events.count - 1] = .insert(first: first, count: count + 1)
            return
        }
        events.append(.insert(first: key, count: 1))
    }

    /// Logs `column` of object `key` modified; the object after the last one logged, in the same column, extends its
    /// run (replaying the run is replaying each of its objects in order, so nothing is lost by it).
    mutating func modify(_ key: ObjectKey, _ column: ColumnKey) { modify(key, count: 1, column) }

    /// Logs `column` of every object of `keys` modified, in order (a set-based write's events): each run of consecutive
    /// keys is one event, so a write to every object of a table logs about one event per gap in its keys.
    mutating func modify(_ keys: [ObjectKey], _ column: ColumnKey) {
        keys.withUnsafeBufferPointer { keys in modifyRuns(keys.count, column) { keys[$0].rawValue } }
    }

    /// As ``modify(_:_:)-([ObjectKey],_)`` for keys as a leaf holds them (a write to every object of a leaf).
    mutating func modify(rawKeys keys: [Int64], _ column: ColumnKey) {
        keys.withUnsafeBufferPointer { keys in modifyRuns(keys.count, column) { keys[$0] } }
    }

    /// Logs the `count` keys `key` gives, in order: each run of consecutive keys is found here and logged once (the
    /// same events as logging the keys one at a time).
    @inline(__always)
    private mutating func modifyRuns(_ count: Int, _ column: ColumnKey, _ key: (Int) -> Int64) {
        var index = 0
        while index < count {
            let first = key(index)
            var length = 1
            while index + length < count, key(index + length) == first &+ Int64(length) { length += 1 }
            modify(ObjectKey(first), count: length, column)
            index += length
        }
    }

    /// Logs `column` of the `count` consecutive objects from `first` modified, extending the last run as
    /// logging one object does.
    private mutating func modify(_ first: ObjectKey, count: Int, _ column: ColumnKey) {
        if case .modify(let start, let length, column)? = events.last, first.rawValue > start.rawValue,
            start.rawValue &+ Int64(length) == first.rawValue
        {
            events[events.count - 1] = .modify(first: start, count: length + count, column: column)
            return
        }
        events.append(.modify(first: first, count: count, column: column))
    }

    /// Logs an edit of list `column` of object `key`; an insertion right after the previous one of the same list
    /// extends it (a run of appends is one entry).
    mutating func editList(_ key: ObjectKey, _ column: ColumnKey, _ edit: ListEdit) {
        if case .insert(let index, let count) = edit, let last = listEditLog.last, last.object == key,
            last.column == column, case .insert(let lastIndex, let lastCount) = last.edit,
            index == lastIndex + lastCount
        {
            listEditLog[listEditLog.count - 1].edit = .insert(lastIndex, count: lastCount + count)
            return
        }
        listEditLog.append(ListEditRecord(object: key, column: column, edit: edit))
    }

    /// The edits of list `column` of object `key`, in order (none when the table changed wholesale).
    package func listEdits(of key: ObjectKey, column: ColumnKey) -> [ListEdit] {
        listEditLog.compactMap { $0.object == key && $0.column == column ? $0.edit : nil }
    }

    /// The objects and columns assigned, each once, ascending, when the table's changes are modifications alone (no
    /// insertion, deletion or list edit, details kept) and at most `limit` of them; nil otherwise. For a logical redo
    /// record (LogicalRecord.swift).
    func assignedCells(limit: Int) -> [(object: ObjectKey, column: ColumnKey)]? {
        guard !isWholesale, listEditLog.isEmpty else { return nil }
        var cells: [(object: ObjectKey, column: ColumnKey)] = []
        for event in events {
            guard case .modify(let first, let count, let column) = event, cells.count + count <= limit else {
                return nil
            }
            for raw in first.rawValue..<first.rawValue + Int64(count) { cells.append((ObjectKey(raw), column)) }
        }
        cells.sort { ($0.object, $0.column) < ($1.object, $1.column) }
        var unique: [(object: ObjectKey, column: ColumnKey)] = []
        unique.reserveCapacity(cells.count)
        for cell in cells where unique.last.map({ $0 != cell }) ?? true { unique.append(cell) }
        return unique
    }

    mutating func delete(_ key: ObjectKey, primaryKey: Value? = nil) {
        switch primaryKey {
        case .string(let text)?: heapBytes += text.utf8.count
        case .binary(let bytes)?, .objectId(let bytes)?, .uuid(let bytes)?, .decimal128(let bytes)?:
            heapBytes += 32 + bytes.count
        default: break
        }
        events.append(.delete(key, primaryKey: primaryKey))
    }

    /// Insertions, deletions and modifications at once (one replay of the log).
    package var net: (insertions: Set<ObjectKey>, deletions: Set<ObjectKey>, modifications: [ObjectKey: ColumnSet]) {
        let replayed = replay()
        return (replayed.insertions, replayed.deletions, replayed.modifications)
    }

    private func replay() -> (
        insertions: Set<ObjectKey>, deletions: Set<ObjectKey>, modifications: [ObjectKey: ColumnSet],
        primaryKeys: [ObjectKey: Value]
    ) {
        var insertions: Set<ObjectKey> = []
        var deletions: Set<ObjectKey> = []
        var modifications: [ObjectKey: ColumnSet] = [:]
        var primaryKeys: [ObjectKey: Value] = [:]
        for event in events {
            switch event {
            case .insert(let first, let count):
                for raw in first.rawValue..<first.rawValue + Int64(count) { insertions.insert(ObjectKey(raw)) }
            case .modify(let first, let count, let column):
                for raw in first.rawValue..<first.rawValue + Int64(count) where !insertions.contains(ObjectKey(raw)) {
                    modifications[ObjectKey(raw), default: []].insert(column)
                }
            case .delete(let key, let primaryKey):
                modifications[key] = nil
                if insertions.remove(key) == nil {
                    deletions.insert(key)
                    if let primaryKey { primaryKeys[key] = primaryKey }
                }
            }
        }
        return (insertions, deletions, modifications, primaryKeys)
    }

    package static func == (lhs: TableChanges, rhs: TableChanges) -> Bool {
        let (left, right) = (lhs.replay(), rhs.replay())
        return lhs.isWholesale == rhs.isWholesale && left.insertions == right.insertions
            && left.deletions == right.deletions && left.modifications == right.modifications
            && left.primaryKeys == right.primaryKeys
    }
}

/// One logged edit of a list column.
struct ListEditRecord: Equatable, Sendable {
    let object: ObjectKey
    let column: ColumnKey
    var edit: ListEdit
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

    /// Adds every column of `other`.
    package mutating func formUnion(_ other: ColumnSet) {
        low |= other.low
        if !other.high.isEmpty { high.formUnion(other.high) }
    }

    /// Whether the two sets share a column.
    package func intersects(_ other: ColumnSet) -> Bool {
        low & other.low != 0 || !high.isDisjoint(with: other.high)
    }

    /// The columns, ascending.
    package var columns: [ColumnKey] {
        var columns: [ColumnKey] = []
        columns.reserveCapacity(low.nonzeroBitCount + high.count)
        var bits = low
        while bits != 0 {
            columns.append(ColumnKey(UInt32(bits.trailingZeroBitCount)))
            bits &= bits - 1
        }
        return high.isEmpty ? columns : columns + high.sorted()
    }
}

/// The changes of one commit.
package struct ChangeSet: Equatable, Sendable {
    /// The version the commit produced.
    package var version: Version
    package var tables: [TableKey: TableChanges] = [:]
    /// Whether tables or columns were added or removed.
    package var schemaChanged = false
    /// Whether the commit was applied by sync (changes pulled from elsewhere), not made here: a replicator does not
    /// push it back.
    package var appliedBySync = false

    init(version: Version) { self.version = version }

    var isEmpty: Bool { !schemaChanged && tables.values.allSatisfy(\.isEmpty) }

    /// About how many bytes the entry holds in memory.
    var estimatedBytes: Int { 64 + tables.values.reduce(0) { $0 + $1.estimatedBytes } }
}
