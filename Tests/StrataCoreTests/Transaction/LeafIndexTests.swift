import StrataCore
import Testing

/// Random lookups in a read transaction (which switch to the flat leaf index after a few descents) find
/// exactly the objects a plain set holds, in trees of one, two and three levels.
@Suite("Leaf index lookups")
struct LeafIndexTests {
    @Test(
        "Lookups in random order agree with the model, present and absent keys alike",
        arguments: [200, 6_000, 40_000]
    )
    func randomLookupsAgree(objects: Int) async throws {
        var (seed, random) = seededGenerator("LeafIndexTests (\(objects) objects)")
        let directory = TemporaryDirectory()
        let (database, write, table, column, filled) = try await Self.filledTable(objects, step: 3, in: directory)
        defer { database.close() }
        var model = filled
        // Holes: every leaf loses some keys, some leaves most of theirs.
        for key in model.keys.sorted() where Int.random(in: 0..<4, using: &random) == 0 {
            try write.deleteObject(key, in: table)
            model[key] = nil
        }
        try write.commit()
        let read = try database.beginRead()
        let rows = try read.table(table)
        let largest = Int64(objects)
        for round in 0..<3_000 {
            let key = ObjectKey(Int64.random(in: -5...(largest + 5), using: &random))
            let found = try rows.locate(key)
            #expect((found != nil) == (model[key] != nil), "seed \(seed), round \(round): key \(key)")
            if let found, let expected = model[key] {
                #expect(try rows.value(at: found, position: 0) == .int(expected), "seed \(seed): key \(key)")
            }
            #expect(try rows.contains(key) == (model[key] != nil), "seed \(seed), round \(round): key \(key)")
        }
        // In key order too (the index's last leaf serves consecutive keys).
        for key in model.keys.sorted().prefix(2_000) {
            #expect(try rows.value(key, column) == .int(model[key]!))
        }
    }

    /// A walk in key order drops each leaf it leaves (LeafIndex.swift invariant 4): walking forward, then backward,
    /// then forward again in steps that skip leaves, and then at random, every key reads its own value.
    @Test("Walks in key order, backward, skipping and at random read every value the model holds")
    func walksAgree() async throws {
        var (seed, random) = seededGenerator("LeafIndexTests walks")
        let directory = TemporaryDirectory()
        let (database, write, table, column, model) = try await Self.filledTable(20_000, step: 7, in: directory)
        defer { database.close() }
        try write.commit()
        let read = try database.beginRead()
        let rows = try read.table(table)
        let keys = model.keys.sorted()
        let walks: [(String, [ObjectKey])] = [
            ("forward", keys),
            ("backward", keys.reversed()),
            ("forward, every 300th", stride(from: 0, to: keys.count, by: 300).map { keys[$0] }),
            ("forward again", keys),
            ("at random", (0..<3_000).map { _ in keys.randomElement(using: &random)! }),
        ]
        for (name, walk) in walks {
            var mismatches = 0
            for key in walk where try rows.value(key, column) != .int(model[key]!) { mismatches += 1 }
            #expect(mismatches == 0, "seed \(seed), walk \(name)")
        }
    }

    /// A database with one table of `objects` objects whose one integer column holds `step` times their index, in a
    /// write transaction not yet committed; the column and the model of every object's value.
    static func filledTable(
        _ objects: Int,
        step: Int64,
        in directory: TemporaryDirectory
    ) async throws -> (Database, WriteTransaction, TableKey, ColumnKey, [ObjectKey: Int64]) {
        let (database, write, table, columns) = try await openWithTable(
            in: directory,
            columns: [ColumnSpec(name: "v", type: .int)]
        )
        var model: [ObjectKey: Int64] = [:]
        for index in 0..<objects {
            let key = try write.createObject(in: table, values: [columns[0]: .int(Int64(index) * step)])
            model[key] = Int64(index) * step
        }
        return (database, write, table, columns[0], model)
    }
}
