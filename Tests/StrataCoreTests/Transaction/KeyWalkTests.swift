import StrataCore
import Testing

/// Reading a table's keys a piece at a time gives exactly the keys, in order, of one full walk.
@Suite("Key walks in pieces")
struct KeyWalkTests {
    @Test("Pieces after any key, of any size, match the full list, committed and in a write")
    func piecesMatchTheFullList() async throws {
        var (seed, random) = seededGenerator("KeyWalkTests")
        let directory = TemporaryDirectory()
        var (database, write, table, columns) = try await openWithTable(
            in: directory,
            columns: [ColumnSpec(name: "v", type: .int)]
        )
        defer { database.close() }
        let column = columns[0]
        var keys = try (0..<3_000).map { try write.createObject(in: table, values: [column: .int(Int64($0))]) }
        try write.commit()

        func check(_ rows: Table, _ context: String) throws {
            let all = try rows.keys()
            #expect(all == keys.sorted(), "seed \(seed), \(context): the full walk")
            // Whole walks in pieces of several sizes.
            for limit in [1, 7, 256, 4_096] {
                var walked: [ObjectKey] = []
                var piece = try rows.keys(after: nil, limit: limit)
                while !piece.isEmpty {
                    #expect(piece.count <= limit)
                    walked += piece
                    piece = try rows.keys(after: piece.last, limit: limit)
                }
                #expect(walked == all, "seed \(seed), \(context): pieces of \(limit)")
            }
            // Pieces after random keys, present or not.
            for _ in 0..<200 {
                let after = ObjectKey(Int64.random(in: -5...3_100, using: &random))
                let limit = Int.random(in: 1...600, using: &random)
                let expected = Array(all.filter { $0 > after }.prefix(limit))
                #expect(
                    try rows.keys(after: after, limit: limit) == expected,
                    "seed \(seed), \(context): after \(after)"
                )
            }
            #expect(try rows.keys(after: ObjectKey(.max), limit: 10).isEmpty)
        }

        write = try await database.beginWrite()
        for key in keys.shuffled(using: &random).prefix(900) {
            try write.deleteObject(key, in: table)
            keys.removeAll { $0 == key }
        }
        for _ in 0..<100 { keys.append(try write.createObject(in: table, values: [column: .int(0)])) }
        try check(try write.table(table), "in a write")
        try write.commit()
        try check(try database.beginRead().table(table), "committed")
    }
}
