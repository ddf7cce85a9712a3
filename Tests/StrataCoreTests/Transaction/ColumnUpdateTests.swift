import StrataCore
import StrataTestSupport
import Testing

/// `WriteTransaction.update(_:in:objects:…)`, the engine's set-based computed update, against a dictionary model: the
/// typed forms (integers and doubles transformed where the leaf holds them), the general one, a column that is not
/// plain (indexed: object by object), a column added after its objects (leaves without its block), repeated and
/// unsorted keys, and a transform that throws part of the way.
@Suite("Set-based computed updates of a column against a model")
struct ColumnUpdateTests {
    struct Columns {
        var number: ColumnKey
        var ratio: ColumnKey
        var indexed: ColumnKey
        var late: ColumnKey
    }

    struct Row: Equatable {
        var number: Int64
        var ratio: Double
        var indexed: Int64
        var late: Int64
    }

    static func read(_ write: WriteTransaction, _ table: TableKey, _ columns: Columns, _ key: ObjectKey) throws -> Row {
        let rows = try write.table(table)
        func integer(_ column: ColumnKey) throws -> Int64 {
            guard case .int(let value) = try rows.value(key, column) else { throw StorageError.corrupt("not an int") }
            return value
        }
        guard case .double(let ratio) = try rows.value(key, columns.ratio) else {
            throw StorageError.corrupt("not a double")
        }
        return Row(
            number: try integer(columns.number),
            ratio: ratio,
            indexed: try integer(columns.indexed),
            late: try integer(columns.late)
        )
    }

    struct Refused: Error {}

    @Test("random typed and general updates of random keys store what the model computes")
    func randomUpdates() async throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("ColumnUpdateTests seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file("update.strata"))
        defer { database.close() }
        let setUp = try await database.beginWrite()
        let table = try setUp.createTable(named: "Item")
        var columns = Columns(
            number: try setUp.addColumn(ColumnSpec(name: "n", type: .int), to: table),
            ratio: try setUp.addColumn(ColumnSpec(name: "d", type: .double), to: table),
            indexed: try setUp.addColumn(ColumnSpec(name: "i", type: .int, indexed: true), to: table),
            late: ColumnKey(0)
        )
        var model: [ObjectKey: Row] = [:]
        for number in 0..<1_500 {
            let key = try setUp.createObject(
                in: table,
                values: [
                    columns.number: .int(Int64(number)), columns.ratio: .double(Double(number) / 4),
                    columns.indexed: .int(Int64(number % 7)),
                ]
            )
            model[key] = Row(number: Int64(number), ratio: Double(number) / 4, indexed: Int64(number % 7), late: 0)
        }
        try setUp.commit()
        // Added after its objects: their committed leaves hold no block for it, and read its default.
        let adding = try await database.beginWrite()
        columns.late = try adding.addColumn(ColumnSpec(name: "late", type: .int), to: table)
        try adding.commit()

        let keys = model.keys.sorted()
        let history = database.retainHistory()
        defer { history.release() }
        for round in 0..<40 {
            let write = try await database.beginWrite()
            // A run of neighbours, some keys twice, shuffled: the update sorts them, and transforms a repeated key again.
            let start = Int.random(in: 0..<keys.count, using: &random)
            var chosen = Array(keys[start..<min(keys.count, start + Int.random(in: 0...600, using: &random))])
            chosen += chosen.prefix(Int.random(in: 0...5, using: &random))
            chosen.shuffle(using: &random)
            let step = Int64.random(in: -3...9, using: &random)
            let column: ColumnKey
            switch round % 5 {
            case 0:
                column = columns.number
                try write.update(columns.number, in: table, objects: chosen, integers: { $0 &* 3 &+ step })
                for key in chosen { model[key]!.number = model[key]!.number &* 3 &+ step }
            case 1:
                column = columns.ratio
                try write.update(columns.ratio, in: table, objects: chosen, doubles: { $0 / 2 + Double(step) })
                for key in chosen { model[key]!.ratio = model[key]!.ratio / 2 + Double(step) }
            case 2:
                column = columns.indexed
                try write.update(columns.indexed, in: table, objects: chosen, integers: { $0 + step })
                for key in chosen { model[key]!.indexed += step }
            case 3:
                column = columns.late
                try write.update(columns.late, in: table, objects: chosen, integers: { $0 - step })
                for key in chosen { model[key]!.late -= step }
            default:
                column = columns.number
                try write.update(columns.number, in: table, objects: chosen) { value in
                    guard case .int(let old) = value else { throw Refused() }
                    return .int(old ^ step)
                }
                for key in chosen { model[key]!.number ^= step }
            }
            let before = write.version
            try write.commit()
            // Every object of `chosen` is modified in `column`, once however often it was chosen, and nothing else.
            let entry = try #require(database.changes(after: before)?.last)
            let modified = entry.tables[table]?.modifications ?? [:]
            #expect(Set(modified.keys) == Set(chosen), "seed \(seed)")
            #expect(modified.values.allSatisfy { $0 == [column] }, "seed \(seed)")
        }
        try database.verify()
        let check = try await database.beginWrite()
        for key in keys { #expect(try Self.read(check, table, columns, key) == model[key], "seed \(seed)") }
        check.rollback()
    }

    @Test("a typed transform that throws leaves the objects before it, in key order, transformed")
    func throwingTransform() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file("throwing.strata"))
        defer { database.close() }
        let write = try await database.beginWrite()
        let table = try write.createTable(named: "Item")
        let number = try write.addColumn(ColumnSpec(name: "n", type: .int), to: table)
        let ratio = try write.addColumn(ColumnSpec(name: "d", type: .double), to: table)
        let keys = try (0..<1_000).map { _ in
            try write.createObject(in: table, values: [number: .int(1), ratio: .double(1)])
        }
        try write.commit()

        let failing = try await database.beginWrite()
        var calls = 0
        #expect(throws: Refused.self) {
            try failing.update(
                number,
                in: table,
                objects: Array(keys.reversed()),
                integers: { value in
                    calls += 1
                    if calls == 700 { throw Refused() }
                    return value + 1
                }
            )
        }
        #expect(
            try keys.map { try failing.table(table).value($0, number) } == keys.indices.map { .int($0 < 699 ? 2 : 1) }
        )
        calls = 0
        #expect(throws: Refused.self) {
            try failing.update(
                ratio,
                in: table,
                objects: keys,
                doubles: { value in
                    calls += 1
                    if calls == 3 { throw Refused() }
                    return value * 2
                }
            )
        }
        #expect(
            try keys.map { try failing.table(table).value($0, ratio) } == keys.indices.map { .double($0 < 2 ? 2 : 1) }
        )
        failing.rollback()
    }
}
