import StrataCore
import Testing

@Suite("Database basics")
struct DatabaseTests {
    @Test("A new database opens empty, and a committed object survives a reopen")
    func roundTripThroughReopen() async throws {
        let directory = TemporaryDirectory()
        let path = directory.file()
        do {
            let database = try Database.open(path: path)
            #expect(database.latestVersion == 1)
            let write = try await database.beginWrite()
            let people = try write.createTable(named: "Person")
            let name = try write.addColumn(ColumnSpec(name: "name", type: .string), to: people)
            let age = try write.addColumn(ColumnSpec(name: "age", type: .int, indexed: true), to: people)
            let key = try write.createObject(in: people, values: [name: .string("Ada"), age: .int(36)])
            #expect(key == ObjectKey(0))
            let result = try write.commit()
            #expect(result.version == 2)
            #expect(result.changes.tables[people]?.insertions == [key])
            try database.verify()
            database.close()
        }
        let database = try Database.open(path: path)
        defer { database.close() }
        let read = try database.beginRead()
        let table = try #require(try read.table(named: "Person"))
        #expect(table.count == 1)
        #expect(try table.value(ObjectKey(0), table.column(named: "name").key) == .string("Ada"))
        #expect(try table.find(table.column(named: "age").key, equalTo: .int(36)) == [ObjectKey(0)])
        try database.verify()
    }

    @Test("A duplicate unique value is refused before anything changes, by either way of creating an object")
    func duplicateUniqueValues() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        let write = try await database.beginWrite()
        let table = try write.createTable(named: "Account")
        let id = try write.addColumn(ColumnSpec(name: "id", type: .int, unique: true), to: table)
        let code = try write.addColumn(ColumnSpec(name: "code", type: .string, unique: true), to: table)
        let note = try write.addColumn(ColumnSpec(name: "note", type: .string, indexed: true), to: table)
        for index in 0..<300 {
            try write.createObject(
                in: table,
                columns: [id, code, note],
                values: [.int(Int64(index)), .string("c\(index)"), .string("n\(index % 7)")]
            )
        }
        // A taken integer (checked as the object is filed in its index) and a taken string (checked by value).
        #expect(throws: StorageError.self) {
            try write.createObject(
                in: table,
                columns: [id, code, note],
                values: [.int(42), .string("new"), .string("x")]
            )
        }
        #expect(throws: StorageError.self) {
            try write.createObject(in: table, values: [id: .int(1_000), code: .string("c7")])
        }
        #expect(throws: StorageError.self) {
            try write.createObject(in: table, row: [.int(299), .string("fresh"), .null])
        }
        let accounts = try write.table(table)
        #expect(accounts.count == 300)
        #expect(try accounts.find(id, equalTo: .int(1_000)).isEmpty)
        #expect(try accounts.find(code, equalTo: .string("new")).isEmpty)
        #expect(try accounts.find(note, equalTo: .string("x")).isEmpty)
        // The refused objects left no index entries behind: new objects with those values are accepted.
        let added = try write.createObject(
            in: table,
            columns: [id, code, note],
            values: [.int(1_000), .string("new"), .string("x")]
        )
        #expect(try accounts.find(id, equalTo: .int(1_000)) == [added])
        try write.commit()
        try database.verify()
    }

    @Test("A table whose one unique column is a string files each object in one walk and refuses a taken value")
    func uniqueStringFiledOnce() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        let write = try await database.beginWrite()
        let table = try write.createTable(named: "Message")
        let id = try write.addColumn(ColumnSpec(name: "id", type: .string, unique: true), to: table)
        let room = try write.addColumn(ColumnSpec(name: "room", type: .int), to: table)
        // Hashes land all over the index, so its leaves split at every position, not only at the end.
        for index in 0..<3_000 {
            try write.createObject(in: table, values: [id: .string("m\(index)"), room: .int(Int64(index % 5))])
        }
        for taken in ["m0", "m1499", "m2999"] {
            #expect(throws: StorageError.self) {
                try write.createObject(in: table, values: [id: .string(taken), room: .int(9)])
            }
        }
        let messages = try write.table(table)
        #expect(messages.count == 3_000)
        #expect(try messages.find(room, equalTo: .int(9)).isEmpty)
        for index in stride(from: 0, to: 3_000, by: 7) {
            #expect(try messages.find(id, equalTo: .string("m\(index)")) == [ObjectKey(Int64(index))])
        }
        try write.commit()
        try database.verify()
        // After the commit the index is clean: a taken value is refused again, a new one is filed.
        let next = try await database.beginWrite()
        #expect(throws: StorageError.self) {
            try next.createObject(in: table, values: [id: .string("m42"), room: .int(9)])
        }
        let added = try next.createObject(in: table, values: [id: .string("m3000"), room: .int(9)])
        #expect(try next.table(table).find(id, equalTo: .string("m3000")) == [added])
        try next.commit()
        try database.verify()
    }

    @Test("Many objects split leaves and inner nodes, and every one reads back")
    func manyObjects() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        let write = try await database.beginWrite()
        let table = try write.createTable(named: "Item")
        let value = try write.addColumn(ColumnSpec(name: "value", type: .int), to: table)
        let label = try write.addColumn(ColumnSpec(name: "label", type: .string, nullable: true), to: table)
        for index in 0..<40_000 {
            try write.createObject(
                in: table,
                values: [value: .int(Int64(index * 7)), label: index % 3 == 0 ? .null : .string("item \(index)")]
            )
        }
        try write.commit()
        try database.verify()
        let read = try database.beginRead()
        let items = try read.table(table)
        #expect(items.count == 40_000)
        for index in stride(from: 0, to: 40_000, by: 997) {
            #expect(try items.value(ObjectKey(Int64(index)), value) == .int(Int64(index * 7)))
            #expect(
                try items.value(ObjectKey(Int64(index)), label) == (index % 3 == 0 ? .null : .string("item \(index)"))
            )
            #expect(try items.key(atPosition: index) == ObjectKey(Int64(index)))
        }
        let delete = try await database.beginWrite()
        for index in stride(from: 0, to: 40_000, by: 2) { try delete.deleteObject(ObjectKey(Int64(index)), in: table) }
        try delete.commit()
        try database.verify()
        #expect(try database.beginRead().table(table).count == 20_000)
    }
}
