import StrataCore
import StrataTestSupport
import Testing

/// Counting ranges and aggregating integer columns over packed blocks (every width, negative values,
/// extremes, nulls) agree with plain arithmetic over the values.
@Suite("Packed integer scans")
struct PackedScanTests {
    /// Values for one round: each draw spans a different packed width.
    private static func draw(_ shape: Int, _ random: inout SeededGenerator) -> Int64 {
        switch shape {
        case 0: return 42  // width 0: every value the same
        case 1: return Int64.random(in: -100...100, using: &random)  // width 1
        case 2: return Int64.random(in: -30_000...30_000, using: &random)  // width 2
        case 3: return Int64.random(in: -2_000_000_000...2_000_000_000, using: &random)  // width 4
        default:
            // Width 8, spans past Int64 included.
            return [Int64.min, Int64.max, 0, -1, 1, Int64.random(in: .min ... .max, using: &random)]
                .randomElement(using: &random)!
        }
    }

    private static func bound(_ values: [Int64], _ random: inout SeededGenerator) -> Int64 {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return values.randomElement(using: &random) ?? 0
        case 1: return (values.randomElement(using: &random) ?? 0) &+ Int64.random(in: -2...2, using: &random)
        case 2: return [Int64.min, Int64.max, 0].randomElement(using: &random)!
        default: return Int64.random(in: .min ... .max, using: &random)
        }
    }

    @Test("Range counts, min, max and sum over packed blocks match the values")
    func packedScansMatchValues() async throws {
        let seed = testSeed()
        print("PackedScanTests seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        for round in 0..<25 {
            let shape = round % 5
            let nullable = round % 2 == 1
            let directory = TemporaryDirectory()
            let database = try Database.open(path: directory.file())
            defer { database.close() }
            let write = try await database.beginWrite()
            let table = try write.createTable(named: "Row")
            let column = try write.addColumn(ColumnSpec(name: "v", type: .int, nullable: nullable), to: table)
            var values: [Int64?] = []
            // Several leaves, the last one partly filled.
            for _ in 0..<Int.random(in: 1...700, using: &random) {
                let value: Int64? =
                    nullable && Int.random(in: 0..<5, using: &random) == 0 ? nil : Self.draw(shape, &random)
                try write.createObject(in: table, values: [column: value.map(Value.int) ?? .null])
                values.append(value)
            }
            try write.commit()
            let read = try database.beginRead()
            let present = values.compactMap { $0 }
            for _ in 0..<40 {
                var low = Self.bound(present, &random)
                var high = Self.bound(present, &random)
                if low > high { swap(&low, &high) }
                let query = "v BETWEEN {\(low), \(high)}"
                let bound = try QueryBinder(reading: read, root: table).bind(try QueryParser.parse(query))
                let counted = try QueryEvaluator(reading: read).count(bound.predicate, table: table)
                let expected = present.filter { $0 >= low && $0 <= high }.count
                #expect(counted == expected, "seed \(seed), round \(round): \(query)")
                // Two terms: the count narrows one selection per term (the packed path where a block has no nulls).
                let third = Self.bound(present, &random)
                let twoTerms = "v > \(low) AND v < \(high) AND v <= \(third)"
                let both = try QueryBinder(reading: read, root: table).bind(try QueryParser.parse(twoTerms))
                #expect(
                    try QueryEvaluator(reading: read).count(both.predicate, table: table)
                        == present.filter { $0 > low && $0 < high && $0 <= third }.count,
                    "seed \(seed), round \(round): \(twoTerms)"
                )
            }
            let rows = try read.table(table)
            #expect(try rows.aggregate(.minimum, of: column) == (present.min().map(Value.int) ?? .null))
            #expect(try rows.aggregate(.maximum, of: column) == (present.max().map(Value.int) ?? .null))
            #expect(try rows.aggregate(.sum, of: column) == .int(present.reduce(0, &+)))
            // Asked again, the transaction's memoized answers are the same.
            #expect(try rows.aggregate(.sum, of: column) == .int(present.reduce(0, &+)))
        }
    }

    @Test("Lower bounds over ascending packed integers of every width match a linear search")
    func packedLowerBoundsMatchLinearSearch() {
        let seed = testSeed()
        print("PackedScanTests lower bounds seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        for round in 0..<600 {
            let shape = round % 6
            let drawn = Int.random(in: 0...300, using: &random)
            var values = (0..<drawn).map { _ in Self.draw(shape, &random) }.sorted()
            if round % 2 == 1 {
                // Strictly ascending, as a leaf's keys are; shape 5 is a run of consecutive keys (a leaf never
                // deleted from), its first anywhere, up to the top of Int64.
                values = Array(Set(values)).sorted()
                if shape == 5, drawn > 0 {
                    let first = [Int64.min, -5, 0, 1_000, Int64.max - Int64(drawn - 1)].randomElement(using: &random)!
                    values = (0..<drawn).map { first + Int64($0) }
                }
            }
            let count = values.count
            let base = values.first ?? 0
            let span = UInt64(bitPattern: (values.last ?? 0) &- base)
            let width = span == 0 ? 0 : span <= 0xFF ? 1 : span <= 0xFFFF ? 2 : span <= 0xFFFF_FFFF ? 4 : 8
            var bytes: [UInt8] = []
            for value in values {
                let raw = UInt64(bitPattern: value &- base)
                for byte in 0..<width { bytes.append(UInt8(truncatingIfNeeded: raw >> (8 * UInt64(byte)))) }
            }
            bytes.append(0)  // never empty, so the buffer has an address
            bytes.withUnsafeBytes { raw in
                let packed = PackedIntegers(data: raw.baseAddress!, width: width, base: base)
                var probes = values.flatMap { [$0, $0 &- 1, $0 &+ 1] }
                probes += [Int64.min, Int64.max, 0, Self.bound(values, &random)]
                for probe in probes {
                    let expected = values.firstIndex { $0 >= probe } ?? count
                    #expect(
                        packed.lowerBound(of: probe, count: count) == expected,
                        "seed \(seed), round \(round), width \(width): \(probe)"
                    )
                    if round % 2 == 1 {
                        #expect(
                            packed.lowerBound(ofStrictlyAscending: probe, count: count) == expected,
                            "seed \(seed), round \(round), width \(width), strictly ascending: \(probe)"
                        )
                    }
                }
            }
        }
    }
}
