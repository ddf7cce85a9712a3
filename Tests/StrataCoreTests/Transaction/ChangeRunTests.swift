import Foundation
import StrataCore
import StrataTestSupport
import Testing

/// A commit's change set logs a run of modifications to consecutive objects in one column as one event; these tests
/// check that the runs replay exactly as the writes they stand for would, against a model of Realm's rules.
@Suite("Change runs")
struct ChangeRunTests {
    /// What a model expects of one transaction's changes to one table.
    struct ExpectedChanges {
        var insertions: Set<ObjectKey> = []
        var deletions: Set<ObjectKey> = []
        var modifications: [ObjectKey: ColumnSet] = [:]

        /// An object created in the transaction: only an insertion, whatever happens to it next.
        mutating func insert(_ key: ObjectKey) { insertions.insert(key) }

        mutating func modify(_ key: ObjectKey, _ column: ColumnKey) {
            if !insertions.contains(key) { modifications[key, default: []].insert(column) }
        }

        /// Deleted: its modifications are forgotten; created and deleted in one transaction, it is nothing.
        mutating func delete(_ key: ObjectKey) {
            modifications[key] = nil
            if insertions.remove(key) == nil { deletions.insert(key) }
        }
    }

    /// A table `Item` of integer `columns`, with `count` objects whose first column is 0.
    static func makeItems(_ database: Database, columns names: [String], count: Int) async throws -> (
        TableKey, [ColumnKey], [ObjectKey]
    ) {
        let write = try await database.beginWrite()
        let table = try write.createTable(named: "Item")
        let columns = try names.map { try write.addColumn(ColumnSpec(name: $0, type: .int), to: table) }
        var keys: [ObjectKey] = []
        for _ in 0..<count { keys.append(try write.createObject(in: table, values: [columns[0]: .int(0)])) }
        try write.commit()
        return (table, columns, keys)
    }

    @Test("Random runs of writes, set-based writes, creations and deletions report Realm's change sets")
    func randomRunsAgreeWithModel() async throws {
        let seed = testSeed()
        print("ChangeRunTests seed: \(seed) (rerun with STRATA_SEED=\(seed))")
        var random = SeededGenerator(seed: seed)
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        let (table, columns, keys) = try await Self.makeItems(database, columns: ["first", "second"], count: 300)
        let (first, second) = (columns[0], columns[1])
        var live = keys
        let retention = database.retainHistory()
        defer { retention.release() }

        for round in 0..<200 {
            let before = database.latestVersion
            let write = try await database.beginWrite()
            var expected = ExpectedChanges()
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let column = Bool.random(using: &random) ? first : second
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<4:
                    // A run of consecutive live objects, one at a time (an object loop), ascending or not.
                    guard !live.isEmpty else { break }
                    let start = Int.random(in: 0..<live.count, using: &random)
                    var run = Array(live[start..<min(live.count, start + Int.random(in: 1...40, using: &random))])
                    if Int.random(in: 0..<4, using: &random) == 0 { run.reverse() }
                    for key in run {
                        try write.set(.int(Int64(round)), of: column, in: table, object: key)
                        expected.modify(key, column)
                    }
                case 4..<6:
                    // A set-based write over some objects, in the order a query might list them.
                    let chosen = live.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
                    try write.set(.int(7), of: column, in: table, objects: chosen.shuffled(using: &random))
                    for key in chosen { expected.modify(key, column) }
                case 6..<8:
                    let key = try write.createObject(in: table, values: [first: .int(1)])
                    live.append(key)
                    expected.insert(key)
                    if Bool.random(using: &random) {
                        try write.set(.int(2), of: column, in: table, object: key)
                        expected.modify(key, column)
                    }
                default:
                    guard !live.isEmpty else { break }
                    let key = live.remove(at: Int.random(in: 0..<live.count, using: &random))
                    try write.deleteObject(key, in: table)
                    expected.delete(key)
                }
            }
            try write.commit()
            let entry = try #require(database.changes(after: before)?.first?.tables[table], "seed \(seed)")
            #expect(entry.insertions == expected.insertions, "seed \(seed), round \(round)")
            #expect(entry.deletions == expected.deletions, "seed \(seed), round \(round)")
            #expect(entry.modifications == expected.modifications, "seed \(seed), round \(round)")
        }
    }

    @Test("A run of writes to consecutive objects is kept in a few bytes, not one event per object")
    func runsAreCompact() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        let (table, columns, keys) = try await Self.makeItems(database, columns: ["value"], count: 10_000)
        let value = columns[0]
        let retention = database.retainHistory()
        defer { retention.release() }
        let before = database.latestVersion

        let write = try await database.beginWrite()
        try write.set(.int(1), of: value, in: table, objects: keys)
        for key in keys { try write.set(.int(2), of: value, in: table, object: key) }
        try write.commit()
        let modifications = try #require(database.changes(after: before)?.first?.tables[table]?.modifications)
        #expect(modifications.count == 10_000)
        #expect(modifications.values.allSatisfy { $0 == [value] })
        // Two runs of 10,000 objects: well under the 16 bytes an object a single event per object would take.
        #expect(database.historySize.bytes < 1_000)
    }
}
