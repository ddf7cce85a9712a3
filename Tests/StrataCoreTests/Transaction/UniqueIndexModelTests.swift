import StrataCore
import StrataTestSupport
import Testing

/// Unique and plain indexes driven through large transactions (25 of up to 800 operations) against a dictionary model: the entries a
/// transaction files wait in the index until the commit (SearchIndex.swift), so every lookup, uniqueness check,
/// update and delete in the same transaction must see them, a rollback must drop them and a commit must file them.
@Suite("Unique indexes in large transactions agree with a model")
struct UniqueIndexModelTests {
    /// One object: its `ObjectId` key (unique), its name (unique), its room (indexed, not unique).
    struct Row: Equatable {
        var id: [UInt8]
        var name: String
        var room: Int64
    }

    @Test("Random inserts, updates, deletes and lookups of unique ObjectId and string columns, with rollbacks")
    func randomOperationsAgreeWithModel() async throws {
        var (seed, random) = seededGenerator("UniqueIndexModelTests")
        let directory = TemporaryDirectory()
        var (database, write, table, columns) = try await openWithTable(
            in: directory,
            columns: [
                ColumnSpec(name: "id", type: .objectId, indexed: true, unique: true),
                ColumnSpec(name: "name", type: .string, indexed: true, unique: true),
                ColumnSpec(name: "room", type: .int, indexed: true),
            ]
        )
        let (idColumn, nameColumn, roomColumn) = (columns[0], columns[1], columns[2])
        try write.commit()
        defer { database.close() }
        var committed: [ObjectKey: Row] = [:]
        var refused = 0

        // Keys from a pool small enough to meet duplicates (by value, and so by hash), and names likewise.
        func randomID() -> [UInt8] {
            let pool = UInt8.random(in: 0..<6, using: &random) == 0
            return (0..<12).map { _ in pool ? 7 : UInt8.random(in: 0...255, using: &random) }
        }
        func randomName() -> String { "n\(Int.random(in: 0..<3_000, using: &random))" }

        for transaction in 0..<25 {
            write = try await database.beginWrite()
            var model = committed
            let operations =
                Int.random(in: 1...3, using: &random) == 1 ? 3 : Int.random(in: 100...800, using: &random)
            for _ in 0..<operations {
                let rows = try write.table(table)
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<55:
                    let row = Row(id: randomID(), name: randomName(), room: Int64.random(in: 0..<8, using: &random))
                    let duplicate = model.values.contains { $0.id == row.id || $0.name == row.name }
                    do {
                        let key = try write.createObject(
                            in: table,
                            values: [
                                idColumn: .objectId(row.id), nameColumn: .string(row.name), roomColumn: .int(row.room),
                            ]
                        )
                        #expect(!duplicate, "seed \(seed): a duplicate was inserted")
                        model[key] = row
                    } catch is StorageError {
                        #expect(duplicate, "seed \(seed): a new row was refused")
                        refused += 1
                    }
                case 55..<70 where !model.isEmpty:
                    let key = model.keys.randomElement(using: &random)!
                    let name = randomName()
                    let duplicate = model.contains { $0.key != key && $0.value.name == name }
                    do {
                        try write.set(.string(name), of: nameColumn, in: table, object: key)
                        #expect(!duplicate, "seed \(seed): a duplicate name was set")
                        model[key]!.name = name
                    } catch is StorageError {
                        #expect(duplicate, "seed \(seed): a free name was refused")
                    }
                case 70..<80 where !model.isEmpty:
                    let key = model.keys.randomElement(using: &random)!
                    try write.deleteObject(key, in: table)
                    model[key] = nil
                default:
                    // Look up a present value or a random one, in each index.
                    let row = Bool.random(using: &random) ? model.values.randomElement(using: &random) : nil
                    let id = row?.id ?? randomID()
                    let name = row?.name ?? randomName()
                    let room = Int64.random(in: 0..<8, using: &random)
                    #expect(
                        try rows.find(idColumn, equalTo: .objectId(id))
                            == model.filter { $0.value.id == id }.keys.sorted()
                    )
                    #expect(
                        try rows.firstObject(nameColumn, equalTo: .string(name))
                            == model.first { $0.value.name == name }?.key
                    )
                    #expect(
                        try rows.find(roomColumn, equalTo: .int(room))
                            == model.filter { $0.value.room == room }.keys.sorted()
                    )
                }
            }
            if transaction % 5 == 4 {
                write.rollback()
            } else {
                try write.commit()
                committed = model
                try database.verify()
            }
            let read = try database.beginRead()
            let rows = try read.table(table)
            #expect(
                try rows.keys() == committed.keys.sorted(),
                "seed \(seed): objects after transaction \(transaction)"
            )
            for (key, row) in committed {
                #expect(try rows.find(idColumn, equalTo: .objectId(row.id)) == [key], "seed \(seed)")
                #expect(try rows.find(nameColumn, equalTo: .string(row.name)) == [key], "seed \(seed)")
            }
        }
        // The checks above must have met both outcomes.
        #expect(refused > 0 && committed.count > 500, "seed \(seed): \(refused) refused, \(committed.count) objects")
    }
}
