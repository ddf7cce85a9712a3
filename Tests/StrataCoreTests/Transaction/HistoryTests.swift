import Foundation
import StrataCore
import Testing

// The change history (DESIGN.md section 4 item 5, section 7): kept only while something observes, bounded in bytes
// (past the bound a table is "changed wholesale"), and carrying what a replicator needs: deleted objects' primary
// keys and whether a commit was applied by sync.
@Suite("Change history: retention, byte bound, primary keys of deletions, applied-by-sync mark")
struct HistoryTests {
    /// A table `Item` with a string primary key and an int column, holding `count` objects "k0"….
    static func makeItems(_ database: Database, count: Int) async throws -> (TableKey, id: ColumnKey, value: ColumnKey)
    {
        let write = try await database.beginWrite()
        let table = try write.createTable(named: "Item")
        let id = try write.addColumn(ColumnSpec(name: "id", type: .string, unique: true), to: table)
        let value = try write.addColumn(ColumnSpec(name: "value", type: .int), to: table)
        for index in 0..<count {
            try write.createObject(in: table, values: [id: .string("k\(index)"), value: .int(0)])
        }
        try write.commit()
        return (table, id, value)
    }

    @Test("Without an observer no change set is kept; with one every commit's is; releasing the last empties it")
    func keptOnlyWhileRetained() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        let (table, _, value) = try await Self.makeItems(database, count: 3)
        #expect(!database.retainsHistory)
        #expect(database.historySize.entries == 0)
        let unobserved = database.latestVersion - 1
        #expect(database.changes(after: unobserved) == nil)

        let first = database.retainHistory()
        let second = database.retainHistory()
        let start = database.latestVersion
        for round in 1...3 {
            let write = try await database.beginWrite()
            try write.set(.int(Int64(round)), of: value, in: table, object: ObjectKey(0))
            try write.commit()
        }
        let kept = try #require(database.changes(after: start))
        #expect(kept.map(\.version) == [start + 1, start + 2, start + 3])
        #expect(kept.allSatisfy { $0.tables[table]?.modifications == [ObjectKey(0): [value]] })
        // A range reaching back before the retention began is not covered.
        #expect(database.changes(after: start - 1) == nil)

        first.release()
        #expect(database.historySize.entries == 3)
        second.release()
        #expect(!database.retainsHistory)
        #expect(database.historySize.entries == 0 && database.historySize.bytes == 0)
        let write = try await database.beginWrite()
        try write.set(.int(9), of: value, in: table, object: ObjectKey(1))
        try write.commit()
        #expect(database.historySize.entries == 0)
    }

    @Test("Deleting all logs integer primary keys, nullable and not, from committed and changed leaves alike")
    func deletedIntegerPrimaryKeys() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        var expected: [TableKey: [ObjectKey: Value]] = [:]
        let setUp = try await database.beginWrite()
        var tables: [TableKey] = []
        for nullable in [false, true] {
            let table = try setUp.createTable(named: nullable ? "Optional" : "Plain")
            let id = try setUp.addColumn(
                ColumnSpec(name: "id", type: .int, nullable: nullable, unique: true),
                to: table
            )
            for index in 0..<1_500 {
                // Descending keys (so object keys are not the primary keys), and one null in the nullable table.
                let value: Value = nullable && index == 700 ? .null : .int(Int64(10_000 - 3 * index))
                let key = try setUp.createObject(in: table, values: [id: value])
                expected[table, default: [:]][key] = value
            }
            tables.append(table)
        }
        try setUp.commit()
        let retention = database.retainHistory()
        defer { retention.release() }
        let start = database.latestVersion
        let clear = try await database.beginWrite()
        // One leaf of each table changed in this write (a dirty leaf), the others read where they lie.
        for table in tables {
            let first = try #require(expected[table]?.keys.min())
            let column = try #require(clear.table(table).spec.primaryKeyColumn?.key)
            try clear.set(.int(-1), of: column, in: table, object: first)
            expected[table]?[first] = .int(-1)
            try clear.deleteAllObjects(in: table)
        }
        try clear.commit()
        let entry = try #require(database.changes(after: start)?.first)
        for table in tables { #expect(entry.tables[table]?.deletedPrimaryKeys == expected[table]) }
    }

    @Test("Each entry carries the primary keys of the objects it deleted, by one delete and by deleting all")
    func deletedPrimaryKeys() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        let (table, id, _) = try await Self.makeItems(database, count: 4)
        let retention = database.retainHistory()
        defer { retention.release() }
        let start = database.latestVersion

        let write = try await database.beginWrite()
        try write.deleteObject(ObjectKey(1), in: table)
        // Created and deleted in one transaction: nothing to replicate.
        let transient = try write.createObject(in: table, values: [id: .string("transient")])
        try write.deleteObject(transient, in: table)
        try write.commit()
        let clear = try await database.beginWrite()
        try clear.deleteAllObjects(in: table)
        try clear.commit()

        let entries = try #require(database.changes(after: start))
        #expect(entries.count == 2)
        #expect(entries[0].tables[table]?.deletions == [ObjectKey(1)])
        #expect(entries[0].tables[table]?.deletedPrimaryKeys == [ObjectKey(1): .string("k1")])
        #expect(
            entries[1].tables[table]?.deletedPrimaryKeys
                == [ObjectKey(0): .string("k0"), ObjectKey(2): .string("k2"), ObjectKey(3): .string("k3")]
        )

        // A table without a primary key records deletions without one.
        let plain = try await database.beginWrite()
        let other = try plain.createTable(named: "Plain")
        _ = try plain.addColumn(ColumnSpec(name: "n", type: .int), to: other)
        let object = try plain.createObject(in: other)
        try plain.commit()
        let delete = try await database.beginWrite()
        try delete.deleteObject(object, in: other)
        try delete.commit()
        let last = try #require(database.changes(after: database.latestVersion - 1)?.first?.tables[other])
        #expect(last.deletions == [object] && last.deletedPrimaryKeys.isEmpty)
    }

    @Test("A commit is marked applied by sync only when its transaction says so")
    func appliedBySyncMark() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        let (table, _, value) = try await Self.makeItems(database, count: 1)
        let retention = database.retainHistory()
        defer { retention.release() }
        let start = database.latestVersion
        let local = try await database.beginWrite()
        #expect(!local.appliedBySync)
        try local.set(.int(1), of: value, in: table, object: ObjectKey(0))
        try local.commit()
        let pulled = try await database.beginWrite()
        pulled.appliedBySync = true
        try pulled.set(.int(2), of: value, in: table, object: ObjectKey(0))
        try pulled.commit()
        let entries = try #require(database.changes(after: start))
        #expect(entries.map(\.appliedBySync) == [false, true])
    }

    @Test("Past the byte bound tables are kept as changed wholesale, the oldest first, and the bound holds")
    func byteBound() async throws {
        let directory = TemporaryDirectory()
        let limit = 8 << 10
        let database = try Database.open(path: directory.file(), options: DatabaseOptions(historyByteLimit: limit))
        defer { database.close() }
        let (items, _, value) = try await Self.makeItems(database, count: 2_000)
        let (others, _, otherValue) = try await Self.makeOtherTable(database)
        let retention = database.retainHistory()
        defer { retention.release() }
        let start = database.latestVersion

        // One commit larger than the bound: its large table goes wholesale, its small one keeps its details. (Every
        // other object: a run of consecutive objects is logged as one event, and would fit.)
        let large = try await database.beginWrite()
        for index in stride(from: 0, to: 2_000, by: 2) {
            try large.set(.int(1), of: value, in: items, object: ObjectKey(Int64(index)))
        }
        try large.set(.int(1), of: otherValue, in: others, object: ObjectKey(0))
        try large.commit()
        var entries = try #require(database.changes(after: start))
        #expect(entries[0].tables[items]?.isWholesale == true)
        #expect(entries[0].tables[items]?.modifications.isEmpty == true)
        #expect(entries[0].tables[others]?.isWholesale == false)
        #expect(entries[0].tables[others]?.modifications == [ObjectKey(0): [otherValue]])
        #expect(database.historySize.bytes <= limit)

        // Many small commits: the oldest lose their details first; the newest keep them; the bound holds.
        for round in 0..<60 {
            let write = try await database.beginWrite()
            for index in 0..<20 {
                try write.set(.int(Int64(round)), of: value, in: items, object: ObjectKey(Int64(index * 60 + round)))
            }
            try write.commit()
            #expect(database.historySize.bytes <= limit)
        }
        entries = try #require(database.changes(after: start))
        #expect(entries.count == 61)
        let wholesale = entries.map { $0.tables[items]?.isWholesale == true }
        #expect(wholesale.first == true && wholesale.last == false)
        // Once an entry is detailed, every newer one is too.
        #expect(wholesale.drop { $0 }.allSatisfy { !$0 })
        #expect(entries.last?.tables[items]?.modifications.count == 20)
    }

    /// A second table, `Other`, with one object.
    static func makeOtherTable(_ database: Database) async throws -> (TableKey, id: ColumnKey, value: ColumnKey) {
        let write = try await database.beginWrite()
        let table = try write.createTable(named: "Other")
        let id = try write.addColumn(ColumnSpec(name: "id", type: .int, unique: true), to: table)
        let value = try write.addColumn(ColumnSpec(name: "value", type: .int), to: table)
        // Primary key 0: the object's key is 0 too (Table+PrimaryKeyAsObjectKey.swift).
        try write.createObject(in: table, values: [id: .int(0), value: .int(0)])
        try write.commit()
        return (table, id, value)
    }
}
