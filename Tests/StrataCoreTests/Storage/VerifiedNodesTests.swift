import Foundation
import StrataCore
import StrataTestSupport
import Testing

/// Reads verify each node's checksum the first time the process reads it (VerifiedNodes.swift).
@Suite("Reads verify node checksums once per process")
struct VerifiedNodesTests {
    /// Item { id Int (unique), name String, score Int }: `count` items, id i, name ``name(_:)``, score 3i, written in
    /// one commit; then two small commits of one Note each, so the newest commits do not name the items' nodes.
    static func sample(in directory: TemporaryDirectory, count: Int) async throws -> [UInt8] {
        let path = directory.file("sample.strata")
        let database = try Database.open(path: path)
        let write = try await database.beginWrite()
        let item = try write.createTable(named: "Item")
        for (name, type) in [("id", ValueType.int), ("name", .string), ("score", .int)] {
            try write.addColumn(ColumnSpec(name: name, type: type, unique: name == "id"), to: item)
        }
        for id in 0..<Int64(count) {
            try write.createObject(in: item, row: [.int(id), .string(name(id)), .int(3 * id)])
        }
        try write.commit()
        for number in Int64(1)...2 {
            let write = try await database.beginWrite()
            let note = try write.table(named: "Note")?.key ?? write.createTable(named: "Note")
            if number == 1 { try write.addColumn(ColumnSpec(name: "number", type: .int), to: note) }
            try write.createObject(in: note, row: [.int(number)])
            try write.commit()
        }
        database.close()
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Item `id`'s name: every 50th is long enough for a blob of its own.
    static func name(_ id: Int64) -> String {
        id % 50 == 7 ? String(repeating: "the long name of item \(id) ", count: 120) : "item \(id)"
    }

    /// Writes `bytes` to a new file of `directory` and opens it.
    static func open(_ bytes: [UInt8], in directory: TemporaryDirectory) throws -> Database {
        let path = directory.file("copy-\(UUID().uuidString).strata")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try Database.open(path: path)
    }

    /// A table the sample has is missing: a wrong answer, never counted as damage.
    struct MissingTable: Error {}

    /// Reads every item's id, name and score, by id.
    static func readItems(_ database: Database) throws -> [Int64: [Value]] {
        let read = try database.beginRead()
        guard let table = try read.table(named: "Item") else { throw MissingTable() }
        let columns = try ["id", "name", "score"].map { try table.column(named: $0).key }
        var items: [Int64: [Value]] = [:]
        for key in try table.keys() {
            let values = try columns.map { try table.value(key, $0) }
            guard case .int(let id) = values[0] else { throw MissingTable() }
            items[id] = values
        }
        return items
    }

    @Test("A flipped byte in a leaf fails the first read with the file and the node named")
    func flippedLeafByte() async throws {
        let directory = TemporaryDirectory()
        var bytes = try await Self.sample(in: directory, count: 100)
        let clean = try Self.open(bytes, in: directory)
        let leaf = try #require(try clean.beginRead().tableSpecs.first { $0.name == "Item" }).root
        clean.close()
        let length = bytes[Int(leaf.offset) + 8..<Int(leaf.offset) + 16].reversed().reduce(0) { $0 << 8 | Int($1) }
        bytes[Int(leaf.offset) + length - 1] ^= 0x10
        let database = try Self.open(bytes, in: directory)
        defer { database.close() }
        let expected = StorageError.corrupt("\(database.path): leaf node \(leaf) fails its checksum")
        #expect(throws: expected) { try Self.readItems(database) }
        #expect(throws: expected) { try Self.readItems(database) }  // a failed node is checked again, never trusted
        #expect(expected.description.hasPrefix("the database file is damaged: \(database.path): leaf node @"))
        #expect(throws: expected) { try database.verify() }
    }

    @Test("Each node is hashed the first time it is read, and nodes this process wrote never are")
    func hashedOnce() async throws {
        let directory = TemporaryDirectory()
        let bytes = try await Self.sample(in: directory, count: 1_000)
        let database = try Self.open(bytes, in: directory)
        defer { database.close() }
        let afterOpen = database.nodesVerifiedByReads
        #expect(afterOpen == 2, "opening reads the top node and the free list")
        let items = try Self.readItems(database)
        #expect(items.count == 1_000)
        #expect(items[7] == [.int(7), .string(Self.name(7)), .int(21)])
        let afterScan = database.nodesVerifiedByReads
        #expect(afterScan > afterOpen + 4, "a first scan hashes the leaves, inner nodes and blobs it reads")
        #expect(try Self.readItems(database) == items)
        #expect(database.nodesVerifiedByReads == afterScan, "a second scan hashes nothing")

        // A commit's own nodes count as verified: reading them back hashes nothing.
        let write = try await database.beginWrite()
        let item = try #require(try write.table(named: "Item")).key
        for id in Int64(1_000)..<1_300 {
            try write.createObject(in: item, row: [.int(id), .string(Self.name(id)), .int(3 * id)])
        }
        try write.commit()
        let afterCommit = database.nodesVerifiedByReads
        #expect(try Self.readItems(database).count == 1_300)
        #expect(database.nodesVerifiedByReads == afterCommit, "nodes this process wrote are not hashed")
    }
}
