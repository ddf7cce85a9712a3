import StrataCore
import StrataTestSupport
import Testing

/// An integer primary key at or above the table's next object key becomes its object's key, and a lookup first
/// tries the object with that key (Table+PrimaryKeyAsObjectKey.swift). Driven against a model: which key each new
/// object takes, that keys ascend in creation order (a table's unsorted order), and that every lookup, in the write
/// and after the commit, finds what the model holds, whatever mix of ascending, descending, negative, repeated and
/// huge keys made the table.
@Suite("Integer primary keys as object keys agree with a model")
struct PrimaryKeyAsObjectKeyTests {
    @Test("Random creations, deletions and lookups of integer primary keys, with rollbacks")
    func randomOperationsAgreeWithModel() async throws {
        var (seed, random) = seededGenerator("PrimaryKeyAsObjectKeyTests")
        let directory = TemporaryDirectory()
        var (database, write, table, columns) = try await openWithTable(
            in: directory,
            columns: [
                ColumnSpec(name: "score", type: .int),
                ColumnSpec(name: "id", type: .int, indexed: true, unique: true),
            ]
        )
        let (scoreColumn, idColumn) = (columns[0], columns[1])
        try write.commit()
        defer { database.close() }
        let ceiling: Int64 = 1 << 62
        /// Per primary key: its object's key and score.
        var committed: [Int64: (key: ObjectKey, score: Int64)] = [:]
        var committedNext: Int64 = 0
        var (keyedByPrimaryKey, refused) = (0, 0)
        var last: Int64 = -1

        func randomPrimaryKey(_ model: [Int64: (key: ObjectKey, score: Int64)], next: Int64) -> Int64 {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<40: return next  // the next key: it becomes the object key
            case 40..<50: return last + Int64.random(in: 1...3, using: &random)  // ascending, with gaps
            case 50..<65: return Int64.random(in: -20...400, using: &random)  // anywhere, negatives too
            case 65..<75: return model.keys.randomElement(using: &random) ?? 0  // a duplicate
            case 75..<80: return [ceiling, ceiling + 1, .max, .min].randomElement(using: &random)!  // never keys
            default: return max(0, last - Int64.random(in: 1...30, using: &random))  // descending
            }
        }

        for transaction in 0..<30 {
            write = try await database.beginWrite()
            var model = committed
            var next = committedNext
            for _ in 0..<Int.random(in: 1...300, using: &random) {
                let rows = try write.table(table)
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<45:
                    let id = randomPrimaryKey(model, next: next)
                    let score = Int64.random(in: 0..<1_000, using: &random)
                    do {
                        let key = try write.createObject(
                            in: table,
                            values: [idColumn: .int(id), scoreColumn: .int(score)]
                        )
                        #expect(model[id] == nil, "seed \(seed): a duplicate primary key \(id) was inserted")
                        // The primary key is the key when it is the next key, or when it is the table's first
                        // object's (below the ceiling); otherwise the next key.
                        let keyed = (id == next || (next == 0 && id > 0)) && id < ceiling
                        let expected = keyed ? ObjectKey(id) : ObjectKey(next)
                        #expect(key == expected, "seed \(seed): primary key \(id) got key \(key), not \(expected)")
                        if key.rawValue == id { keyedByPrimaryKey += 1 }
                        next = key.rawValue + 1
                        model[id] = (key, score)
                        // The ascending run goes on from the small keys (the huge ones are tried on their own).
                        if id < 1_000_000 { last = max(last, id) }
                    } catch is StorageError {
                        #expect(model[id] != nil, "seed \(seed): a new primary key \(id) was refused")
                        refused += 1
                    }
                case 45..<60 where !model.isEmpty:
                    let id = model.keys.randomElement(using: &random)!
                    try write.deleteObject(model[id]!.key, in: table)
                    model[id] = nil
                default:
                    let present = Bool.random(using: &random) ? model.keys.randomElement(using: &random) : nil
                    let id = present ?? randomPrimaryKey(model, next: next)
                    let found = try rows.firstObject(idColumn, equalTo: .int(id))
                    #expect(found == model[id]?.key, "seed \(seed): primary key \(id) in the write")
                    if let found {
                        #expect(try rows.value(found, scoreColumn) == .int(model[id]!.score), "seed \(seed)")
                    }
                }
            }
            if transaction % 6 == 5 {
                write.rollback()
            } else {
                try write.commit()
                committed = model
                committedNext = next
                try database.verify()
            }
            let read = try database.beginRead()
            let rows = try read.table(table)
            // Keys ascend in creation order, and the table's order is theirs.
            #expect(try rows.keys() == committed.values.map(\.key).sorted(), "seed \(seed)")
            for (id, object) in committed {
                #expect(try rows.firstObject(idColumn, equalTo: .int(id)) == object.key, "seed \(seed): \(id)")
            }
            for _ in 0..<50 {
                let id = randomPrimaryKey(committed, next: committedNext)
                #expect(try rows.firstObject(idColumn, equalTo: .int(id)) == committed[id]?.key, "seed \(seed): \(id)")
            }
        }
        #expect(keyedByPrimaryKey > 100 && refused > 0, "seed \(seed): \(keyedByPrimaryKey) keyed, \(refused) refused")
    }

    /// The first object starts the keys at its primary key when that is below 2^62; one at or above it, or not an
    /// integer, leaves the keys sequential; and a later primary key becomes the key only when it is the next key.
    @Test("The first object starts the keys at its primary key below 2^62; later ones only at the next key")
    func firstObjectAndCeiling() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        let write = try await database.beginWrite()
        var tables: [(TableKey, ColumnKey)] = []
        for name in ["Below", "At", "Null", "Sparse"] {
            let table = try write.createTable(named: name)
            let column = ColumnSpec(name: "id", type: .int, nullable: true, indexed: true, unique: true)
            tables.append((table, try write.addColumn(column, to: table)))
        }
        func create(_ index: Int, _ value: Value) throws -> ObjectKey {
            try write.createObject(in: tables[index].0, values: [tables[index].1: value])
        }
        let ceiling: Int64 = 1 << 62
        #expect(try create(0, .int(ceiling - 1)) == ObjectKey(ceiling - 1))
        #expect(try create(0, .int(ceiling)) == ObjectKey(ceiling))  // the next key anyway
        #expect(try create(1, .int(ceiling)) == ObjectKey(0))
        #expect(try create(1, .int(1)) == ObjectKey(1))
        #expect(try create(2, .null) == ObjectKey(0))
        #expect(try create(2, .int(1)) == ObjectKey(1))
        // Sparse keys get sequential object keys after the first (the change log stays one event per run).
        #expect(try [10, 20, 30, 4, 5].map { try create(3, .int($0)) } == [10, 11, 12, 13, 14].map(ObjectKey.init))
        try write.commit()
        let read = try database.beginRead()
        let expected: [(Int, Value, Int64)] = [
            (0, .int(ceiling - 1), ceiling - 1), (0, .int(ceiling), ceiling), (1, .int(ceiling), 0), (1, .int(1), 1),
            (2, .null, 0), (2, .int(1), 1), (3, .int(10), 10), (3, .int(20), 11), (3, .int(4), 13), (3, .int(5), 14),
        ]
        for (index, value, key) in expected {
            let rows = try read.table(tables[index].0)
            #expect(try rows.firstObject(tables[index].1, equalTo: value) == ObjectKey(key), "\(value)")
        }
        try database.verify()
    }

    /// Keys created in descending order never equal their primary keys past the first: lookups still find each
    /// object (through the index once the row-first tries keep missing).
    @Test("Descending primary keys are found, every one, after the row-first tries stop")
    func descendingKeys() async throws {
        let directory = TemporaryDirectory()
        let (database, write, table, columns) = try await openWithTable(
            in: directory,
            columns: [ColumnSpec(name: "id", type: .int, indexed: true, unique: true)]
        )
        defer { database.close() }
        var keys: [Int64: ObjectKey] = [:]
        for id in stride(from: Int64(500), through: 0, by: -1) {
            keys[id] = try write.createObject(in: table, values: [columns[0]: .int(id)])
        }
        #expect(keys[500] == ObjectKey(500))
        #expect(keys[499] == ObjectKey(501))
        try write.commit()
        let rows = try database.beginRead().table(table)
        for id in Int64(0)...600 {
            #expect(try rows.firstObject(columns[0], equalTo: .int(id)) == keys[id])
        }
    }
}
