import StrataCore
import StrataTestSupport
import Testing

/// Column blocks survive being decoded for a change and encoded again, or kept as committed and copied
/// (the columns of a changed leaf that no write reached): every packed integer width and its extremes,
/// nulls and their absence, floating values with their special cases, fixed-width values, and strings and
/// binary data that are empty, inline or long enough to move to blob nodes.
@Suite("Column round trips")
struct ColumnRoundTripTests {
    private static let columns: [ColumnSpec] = [
        ColumnSpec(name: "int", type: .int, nullable: false),
        ColumnSpec(name: "optionalInt", type: .int, nullable: true),
        ColumnSpec(name: "double", type: .double, nullable: true),
        ColumnSpec(name: "float", type: .float, nullable: false),
        ColumnSpec(name: "string", type: .string, nullable: true),
        ColumnSpec(name: "binary", type: .binary, nullable: false),
        ColumnSpec(name: "objectId", type: .objectId, nullable: true),
    ]

    /// A random value for column `position`, drawn from `shape` (each shape favours one packed width; only
    /// some shapes have nulls, or values long enough for blob nodes, so that leaves with neither occur too).
    private static func value(_ position: Int, shape: Int, _ random: inout SeededGenerator) -> Value {
        let nullable = columns[position].nullable
        if nullable && shape % 3 == 0 && Int.random(in: 0..<4, using: &random) == 0 { return .null }
        switch columns[position].type {
        case .int:
            switch shape % 5 {
            case 0: return .int(7)
            case 1: return .int(Int64.random(in: -100...100, using: &random))
            case 2: return .int(Int64.random(in: -30_000...30_000, using: &random))
            case 3: return .int(Int64.random(in: -2_000_000_000...2_000_000_000, using: &random))
            default:
                return .int(
                    [Int64.min, Int64.max, 0, -1, .random(in: .min ... .max, using: &random)].randomElement(
                        using: &random
                    )!
                )
            }
        case .double:
            let special: [Double] = [
                .nan, .infinity, -.infinity, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
            ]
            return .double(
                Int.random(in: 0..<5, using: &random) == 0
                    ? special.randomElement(using: &random)! : Double.random(in: -1e12...1e12, using: &random)
            )
        case .float:
            return .float(Float.random(in: -1e6...1e6, using: &random))
        case .objectId:
            return .objectId((0..<12).map { _ in UInt8.random(in: 0...255, using: &random) })
        case .string:
            let length = ([0, 1, 12, 300] + (shape % 4 == 2 ? [1_500] : [])).randomElement(using: &random)!
            return .string(String((0..<length).map { _ in "aé☃z".randomElement(using: &random)! }))
        default:
            let length = ([0, 8, 1_023, 1_024] + (shape % 4 == 2 ? [1_025, 4_000] : [])).randomElement(using: &random)!
            return .binary((0..<length).map { _ in UInt8.random(in: 0...255, using: &random) })
        }
    }

    /// Values compare as stored: NaN equals NaN, and -0.0 keeps its sign.
    private static func same(_ left: Value, _ right: Value) -> Bool {
        switch (left, right) {
        case (.double(let a), .double(let b)): return a.bitPattern == b.bitPattern
        case (.float(let a), .float(let b)): return a.bitPattern == b.bitPattern
        default: return left == right
        }
    }

    @Test("Changed, unchanged, inserted and deleted rows keep every value through commits and a reopen")
    func leavesDecodedAndEncodedKeepTheirValues() async throws {
        var (seed, random) = seededGenerator("ColumnRoundTripTests")
        let directory = TemporaryDirectory()
        var (database, write, table, keys) = try await openWithTable(in: directory, columns: Self.columns)
        var model: [ObjectKey: [Value]] = [:]
        for _ in 0..<900 {
            let row = (0..<keys.count).map { Self.value($0, shape: 1, &random) }
            model[try write.createObject(in: table, columns: keys, values: row)] = row
        }
        try write.commit()
        for round in 0..<12 {
            write = try await database.beginWrite()
            // Changes to some rows: their leaves are decoded, the untouched columns encoded again as they were.
            // Every other round changes a few rows only, so that most columns of the changed leaves are copied
            // as committed rather than decoded.
            let changes =
                round % 2 == 0 ? Int.random(in: 1...200, using: &random) : Int.random(in: 1...4, using: &random)
            for key in model.keys.shuffled(using: &random).prefix(changes) {
                let position = Int.random(in: 0..<keys.count, using: &random)
                let value = Self.value(position, shape: round, &random)
                try write.set(value, of: keys[position], in: table, object: key)
                model[key]![position] = value
            }
            for key in model.keys.shuffled(using: &random).prefix(Int.random(in: 0...20, using: &random)) {
                try write.deleteObject(key, in: table)
                model[key] = nil
            }
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                let row = (0..<keys.count).map { Self.value($0, shape: round, &random) }
                model[try write.createObject(in: table, columns: keys, values: row)] = row
            }
            // Read back before the commit: columns still as committed and columns decoded for a change alike.
            let written = try write.table(table)
            for key in model.keys.shuffled(using: &random).prefix(150) {
                for (position, column) in keys.enumerated() {
                    #expect(
                        Self.same(try written.value(key, column), model[key]![position]),
                        "seed \(seed), round \(round), \(key) column \(position), before commit"
                    )
                }
            }
            try write.commit()
            if round % 4 == 3 {
                database.close()
                database = try Database.open(path: directory.file())
            }
            try database.verify()
            let read = try database.beginRead()
            let rows = try read.table(table)
            #expect(rows.count == model.count)
            for (key, expected) in model {
                for (position, column) in keys.enumerated() {
                    let stored = try rows.value(key, column)
                    #expect(
                        Self.same(stored, expected[position]),
                        "seed \(seed), round \(round), \(key) column \(position)"
                    )
                }
            }
        }
        database.close()
    }
}
