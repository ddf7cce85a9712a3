import StrataTestSupport
import Testing

@testable import StrataCore

/// A set-based write logs its modifications with `modify(_:_:)` over all of its keys at once: the log must be the
/// one that logging the keys one at a time makes (the same runs, so the same replay and the same stored changes).
@Suite("Logging many modified objects at once logs the runs that one at a time logs")
struct ModificationRunTests {
    /// Random ascending key lists (runs, gaps, repeats), logged after random earlier events, both ways.
    @Test("Random key lists after random earlier events give the same log both ways")
    func randomKeyLists() {
        let seed = testSeed()
        print("ModificationRunTests seed \(seed) (set STRATA_SEED to replay)")
        var random = SeededGenerator(seed: seed)
        for round in 0..<2_000 {
            var one = TableChanges()
            var many = TableChanges()
            // Earlier events: insertions and modifications of other or the same column, which a run may extend.
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let key = ObjectKey(Int64.random(in: 0...40, using: &random))
                let column = ColumnKey(UInt32.random(in: 0...1, using: &random))
                if Bool.random(using: &random) {
                    one.insert(key)
                    many.insert(key)
                } else {
                    one.modify(key, column)
                    many.modify(key, column)
                }
            }
            var keys: [ObjectKey] = []
            var next = Int64.random(in: 0...40, using: &random)
            for _ in 0..<Int.random(in: 0...60, using: &random) {
                keys.append(ObjectKey(next))
                // Mostly the next key (a run), sometimes the same key again or a gap.
                next += [0, 1, 1, 1, 1, 2, 5].randomElement(using: &random)!
            }
            let column = ColumnKey(UInt32.random(in: 0...1, using: &random))
            for key in keys { one.modify(key, column) }
            many.modify(keys, column)
            #expect(one == many, "round \(round), seed \(seed)")
            #expect(one.modifications == many.modifications, "round \(round), seed \(seed)")
        }
    }

    /// A whole table of consecutive keys is one event, however many keys it has.
    @Test("One run of consecutive keys is one modification, of every key")
    func oneRun() {
        var changes = TableChanges()
        changes.modify((0..<10_000).map { ObjectKey(Int64($0)) }, ColumnKey(3))
        #expect(changes.modifications.count == 10_000)
        #expect(changes.modifications[ObjectKey(9_999)]?.contains(ColumnKey(3)) == true)
        var logged = TableChanges()
        logged.modify(ObjectKey(0), ColumnKey(3))
        logged.modify((1..<10_000).map { ObjectKey(Int64($0)) }, ColumnKey(3))
        #expect(logged == changes)
    }

    /// A table of `Item { n: int, s: string? }` across many leaves, with gaps in its keys, and its keys.
    static func itemTable(_ database: Database) async throws -> (table: TableKey, n: ColumnKey, s: ColumnKey) {
        let write = try await database.beginWrite()
        let table = try write.createTable(named: "Item")
        let n = try write.addColumn(ColumnSpec(name: "n", type: .int), to: table)
        let s = try write.addColumn(ColumnSpec(name: "s", type: .string, nullable: true), to: table)
        var keys: [ObjectKey] = []
        for index in 0..<3_000 {
            keys.append(try write.createObject(in: table, values: [n: .int(Int64(index)), s: .string("s\(index)")]))
        }
        for (index, key) in keys.enumerated() where index % 7 == 3 || (1_000..<1_300).contains(index) {
            try write.deleteObject(key, in: table)
        }
        try write.commit()
        return (table, n, s)
    }

    @Test("A write to every object logs and stores what the same write over the table's keys does")
    func everyObjectAsTheKeyedWrite() async throws {
        let directory = TemporaryDirectory()
        let (walked, keyed) = (
            try Database.open(path: directory.file("walked")), try Database.open(path: directory.file("keyed"))
        )
        defer {
            walked.close()
            keyed.close()
        }
        let (table, n, s) = try await Self.itemTable(walked)
        _ = try await Self.itemTable(keyed)
        let retentions = (walked.retainHistory(), keyed.retainHistory())
        defer {
            retentions.0.release()
            retentions.1.release()
        }
        let before = walked.latestVersion
        #expect(keyed.latestVersion == before)
        for database in [walked, keyed] {
            let write = try await database.beginWrite()
            // A leaf made dirty and objects added before the set, in the same write.
            let first = try write.table(table).keys()[0]
            try write.set(.int(-1), of: n, in: table, object: first)
            for index in 0..<40 { _ = try write.createObject(in: table, values: [n: .int(Int64(10_000 + index))]) }
            let keys = database === walked ? nil : try write.table(table).keys()
            try write.set(.int(7), of: n, in: table, objects: keys)
            try write.set(.string("a value long enough to be stored apart"), of: s, in: table, objects: keys)
            try write.set(.null, of: s, in: table, objects: keys)
            try write.commit()
        }
        let logs = try (#require(walked.changes(after: before)), #require(keyed.changes(after: before)))
        #expect(logs.0.count == 1 && logs.1.count == 1)
        let (mine, theirs) = (try #require(logs.0.first?.tables[table]), try #require(logs.1.first?.tables[table]))
        #expect(mine.events == theirs.events)
        // 3,000 objects, less 429 (every seventh) and 300 (a range, 43 of them sevenths too): 2,314 modified.
        #expect(mine == theirs && mine.modifications.count == 2_314 && mine.insertions.count == 40)
        for database in [walked, keyed] {
            let read = try database.beginRead()
            let items = try read.table(table)
            let keys = try items.keys()
            #expect(keys.count == 2_354)
            for key in keys {
                #expect(try items.value(key, n) == .int(7))
                #expect(try items.value(key, s) == .null)
            }
        }
    }
}
