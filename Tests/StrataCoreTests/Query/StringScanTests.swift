import Foundation
import StrataCore
import StrataTestSupport
import Testing

/// String predicates and sorts over committed leaves, which take the byte path (ColumnarFilter.StringTerm.swift,
/// ASCIIPattern.swift) and the sorting scan (QueryEvaluator+Sorting.swift), against exact expectations, a plain
/// Swift reference, and the row-at-a-time path the same queries take over an explicit list of candidates
/// (`run(_:over:)`) or over leaves the transaction has not committed.
@Suite("String scans")
struct StringScanTests {
    // MARK: The table-driven cases

    /// The data set of the table-driven cases: `s` is nullable, `t` is not (it holds "" where `s` is null).
    ///
    ///     id | s
    ///     ---+------------------------------------------------
    ///      0 | "Alpha"
    ///      1 | "alphabet"
    ///      2 | "ALPHA beta"
    ///      3 | ""
    ///      4 | null
    ///      5 | "a*b?c"
    ///      6 | "x\r\ny"                       (CR LF: one Character)
    ///      7 | "Ünïcode alpha"
    ///      8 | "cafe\u{301}"                  (e + combining acute: one Character)
    ///      9 | 1,500 × "a" + "Needle"         (stored in a blob)
    ///     10 | "\u{212A}elvin"                (KELVIN SIGN, which lowercases to "k")
    ///     11 | "kelvin"
    ///     12 | "beta\0gamma"
    static let values: [String?] = [
        "Alpha", "alphabet", "ALPHA beta", "", nil, "a*b?c", "x\r\ny", "Ünïcode alpha", "cafe\u{301}",
        String(repeating: "a", count: 1_500) + "Needle", "\u{212A}elvin", "kelvin", "beta\0gamma",
    ]

    /// One query: its text with `%@` for the needle, the needle, and the ids it selects.
    struct Case: CustomTestStringConvertible, Sendable {
        let query: String
        let needle: Value
        let ids: [Int]
        init(_ query: String, _ needle: String?, _ ids: [Int]) {
            self.query = query
            self.needle = needle.map(Value.string) ?? .null
            self.ids = ids
        }
        var testDescription: String { "\(query) with \(needle)" }
    }

    static let cases: [Case] = [
        Case("s == %@", "Alpha", [0]),
        Case("s ==[c] %@", "alpha", [0]),
        Case("s != %@", "Alpha", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
        Case("s == %@", "", [3]),
        Case("s == %@", nil, [4]),
        Case("s != %@", nil, [0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12]),
        Case("s BEGINSWITH %@", "alpha", [1]),
        Case("s BEGINSWITH[c] %@", "alpha", [0, 1, 2]),
        Case("s ENDSWITH %@", "alpha", [7]),
        Case("s ENDSWITH[c] %@", "ALPHA", [0, 7]),
        Case("s CONTAINS %@", "lpha", [0, 1, 7]),
        Case("s CONTAINS[c] %@", "LPHA", [0, 1, 2, 7]),
        Case("s CONTAINS[c] %@", "needle", [9]),
        Case("s CONTAINS %@", "", []),
        Case("s BEGINSWITH %@", "", []),
        Case("s LIKE %@", "", []),
        Case("s LIKE %@", "a*", [1, 5, 9]),
        Case("s LIKE[c] %@", "a*", [0, 1, 2, 5, 9]),
        Case("s LIKE %@", "a?b?c", [5]),
        Case("s LIKE %@", "*e?a", [2]),
        Case("s LIKE[c] %@", "*NEEDLE", [9]),
        Case("s LIKE %@", nil, [4]),
        // realm-core compares bytes: "cafe\u{301}" holds an "e" though the combining mark makes "é" one Character.
        // The Kelvin sign is not ASCII.
        Case("s CONTAINS %@", "e", [1, 2, 7, 8, 9, 10, 11, 12]),
        Case("s ==[c] %@", "kelvin", [10, 11]),
        Case("s BEGINSWITH[c] %@", "K", [10, 11]),
        // Bytes again: a prefix or suffix may end inside CR LF, though it is one Character.
        Case("s CONTAINS %@", "\r", [6]),
        Case("s BEGINSWITH %@", "x\r", [6]),
        Case("s ENDSWITH %@", "\ny", [6]),
        Case("s CONTAINS %@", "\0g", [12]),
        Case("s CONTAINS[d] %@", "cafe", [8]),
        Case("s CONTAINS[cd] %@", "ÜNI", [7]),
        // A null string orders before every string.
        Case("s < %@", "b", [0, 1, 2, 3, 4, 5, 9]),
        Case("t == %@", "", [3, 4]),
        Case("t != %@", "", [0, 1, 2, 5, 6, 7, 8, 9, 10, 11, 12]),
        Case("s CONTAINS[c] %@ AND s BEGINSWITH 'A'", "a", [0, 2]),
        Case("s CONTAINS[c] %@ OR s == nil", "alpha", [0, 1, 2, 4, 7]),
        Case("n >= 6 AND s CONTAINS[c] %@", "E", [7, 8, 9, 10, 11, 12]),
    ]

    @Test("Each string predicate selects the listed ids, committed and uncommitted", arguments: cases)
    func tableDriven(_ example: Case) async throws {
        let directory = TemporaryDirectory()
        let (database, write, table, keys) = try await Self.fixture(directory, Self.values)
        defer { database.close() }
        let query = try QueryParser.parse(example.query, arguments: [.value(example.needle)])
        // Before the commit every leaf is the transaction's own, and each object is tested row by row.
        let uncommitted = try QueryEvaluator(reading: write).run(QueryBinder(reading: write, root: table).bind(query))
        #expect(uncommitted == example.ids.map { keys[$0] })
        _ = try write.commit()
        let read = try database.beginRead()
        let bound = try QueryBinder(reading: read, root: table).bind(query)
        let evaluator = QueryEvaluator(reading: read)
        #expect(try evaluator.run(bound) == example.ids.map { keys[$0] })
        #expect(try evaluator.count(bound.predicate, table: table) == example.ids.count)
        #expect(try evaluator.run(bound, over: keys) == example.ids.map { keys[$0] })
    }

    /// Sorts of the table-driven kind: the values, and the order of their indices (Realm's collation: null, then
    /// punctuation, digits, letters without case, lowercase first on a tie; non-ASCII strings by en_US).
    static let sorts: [(values: [String?], order: [Int])] = [
        (["b", "B", "a", nil, "", "A1", "a1", "_x", "10", "9"], [3, 4, 7, 8, 9, 2, 6, 5, 0, 1]),
        (["b", "Zoë", "é", nil, "a", "z", "B"], [3, 4, 0, 6, 2, 5, 1]),
        ([String(repeating: "m", count: 1_100), "n", "l", nil], [3, 2, 0, 1]),
    ]

    @Test("Sorting by a string orders by Realm's collation, ascending and descending", arguments: 0..<3)
    func sortsAsListed(_ index: Int) async throws {
        let (values, order) = Self.sorts[index]
        let directory = TemporaryDirectory()
        let (database, write, table, keys) = try await Self.fixture(directory, values)
        defer { database.close() }
        _ = try write.commit()
        let read = try database.beginRead()
        let evaluator = QueryEvaluator(reading: read)
        for (text, expected) in [("SORT(s ASC)", order), ("SORT(s DESC)", order.reversed())] {
            let bound = try QueryBinder(reading: read, root: table).bind(try QueryParser.parse("TRUEPREDICATE " + text))
            #expect(try evaluator.run(bound) == expected.map { keys[$0] }, "\(text)")
            #expect(try evaluator.run(bound, over: keys) == expected.map { keys[$0] }, "\(text) over the keys")
        }
    }

    @Test("A leaf written before a string column was added reads the column's default")
    func leafBeforeTheColumn() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        let first = try await database.beginWrite()
        let table = try first.createTable(named: "Row")
        let n = try first.addColumn(ColumnSpec(name: "n", type: .int), to: table)
        let keys = try (0..<600).map { try first.createObject(in: table, values: [n: .int(Int64($0))]) }
        _ = try first.commit()
        let second = try await database.beginWrite()
        let s = try second.addColumn(ColumnSpec(name: "s", type: .string, nullable: true), to: table)
        let t = try second.addColumn(ColumnSpec(name: "t", type: .string), to: table)
        // Only the last objects get values; the first leaves keep no block for the new columns.
        for key in keys.suffix(10) {
            try second.set(.string("v\(key.rawValue)"), of: s, in: table, object: key)
            try second.set(.string("V\(key.rawValue)"), of: t, in: table, object: key)
        }
        _ = try second.commit()
        let read = try database.beginRead()
        let evaluator = QueryEvaluator(reading: read)
        let valued = Array(keys.suffix(10))
        let plain = Array(keys.dropLast(10))
        let expectations: [(String, [ObjectKey])] = [
            ("s == nil", plain), ("t == ''", plain), ("s != nil", valued), ("t BEGINSWITH 'V'", valued),
            ("s CONTAINS[c] 'V'", valued), ("t != 'x'", keys), ("TRUEPREDICATE SORT(t ASC)", plain + valued),
            ("TRUEPREDICATE SORT(s DESC)", valued.reversed() + plain),
        ]
        for (text, expected) in expectations {
            let bound = try QueryBinder(reading: read, root: table).bind(try QueryParser.parse(text))
            #expect(try evaluator.run(bound) == expected, "\(text)")
            #expect(try evaluator.run(bound, over: keys) == expected, "\(text) over the keys")
        }
    }

    @Test("A NUL in a CONTAINS needle is a byte like any other")
    func nulInTheNeedle() async throws {
        let directory = TemporaryDirectory()
        let (database, write, table, keys) = try await Self.fixture(directory, ["ab\n", "x0iy", "a\0b"])
        defer { database.close() }
        _ = try write.commit()
        let read = try database.beginRead()
        // realm-core compares bytes: "ab\n" does not hold "\n\0" (Foundation's `contains` said it did).
        for (needle, ids) in [("\n\0", []), ("0i\0", []), ("\0", [2]), ("a\0b", [2]), ("\0b", [2])] {
            let query = try QueryParser.parse("s CONTAINS %@", arguments: [.value(.string(needle))])
            let bound = try QueryBinder(reading: read, root: table).bind(query)
            #expect(try QueryEvaluator(reading: read).run(bound) == ids.map { keys[$0] }, "\(needle.debugDescription)")
        }
    }

    // MARK: The randomized model test

    /// Pieces of the random strings: ASCII letters of both cases, digits, LIKE's wildcards, controls (CR and LF
    /// make one Character together), and non-ASCII text (precomposed and combining accents, a ligature, the Kelvin
    /// sign, a dotted capital I, sharp s, an emoji). NUL joins either alphabet when a test asks for it (a needle
    /// such as "é\0" once stopped the process inside Foundation's `contains`).
    static let pieces: [String] = [
        "a", "b", "c", "A", "B", "C", "x", "X", "0", "7", " ", "*", "?", "\r", "\n", "\r\n", "é", "e\u{301}", "É", "ﬁ",
        "\u{212A}", "k", "İ", "i", "ß", "ss", "😀",
    ]

    /// A random string of the pieces: ASCII ones only, or all; NUL joins the ASCII pieces when `nul` is true.
    private static func randomString(_ random: inout SeededGenerator, asciiOnly: Bool, nul: Bool) -> String {
        let ascii = Self.pieces.filter { $0.utf8.allSatisfy { $0 < 0x80 } } + (nul ? ["\0"] : [])
        let pieces = asciiOnly ? ascii : Self.pieces + (nul ? ["\0"] : [])
        var text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
            .joined()
        if Int.random(in: 0..<60, using: &random) == 0 { text = String(repeating: "ab", count: 520) + text }
        return text
    }

    /// A needle: random pieces, or part of a stored value, or (for LIKE) a pattern with wildcards around it; NUL
    /// only with `nul`.
    private static func randomNeedle(
        _ op: ComparisonOperator,
        _ values: [String?],
        nul: Bool,
        _ random: inout SeededGenerator
    ) -> String {
        var needle: String
        if Bool.random(using: &random), let value = values.randomElement(using: &random)!, !value.isEmpty {
            let characters = Array(value)
            let start = Int.random(in: 0..<characters.count, using: &random)
            let end = Int.random(in: start...min(characters.count, start + 4), using: &random)
            needle = String(characters[start..<end])
            if Bool.random(using: &random) { needle = needle.uppercased() }
        } else {
            needle = randomString(&random, asciiOnly: Bool.random(using: &random), nul: nul)
            if needle.count > 6 { needle = String(needle.prefix(3)) }
        }
        if op == .like {
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let wildcard = Bool.random(using: &random) ? "*" : "?"
                needle = Bool.random(using: &random) ? wildcard + needle : needle + wildcard
            }
        }
        return needle
    }

    /// Realm Swift's string semantics written plainly: a null needle matches only null for == and LIKE; an empty
    /// needle matches nothing for the substring operators; `==` without options compares Unicode scalars; BEGINSWITH,
    /// ENDSWITH and CONTAINS compare the folded strings' UTF-8 bytes (realm-core's rule: no canonical equivalence).
    static func reference(_ value: String?, _ op: ComparisonOperator, _ needle: String?, _ options: QueryStringOptions)
        -> Bool
    {
        func fold(_ text: String) -> String {
            var folded = text
            if options.contains(.diacriticInsensitive) {
                folded = folded.folding(options: .diacriticInsensitive, locale: nil)
            }
            return options.contains(.caseInsensitive) ? folded.lowercased() : folded
        }
        guard let needle else {
            return op == .notEqual ? value != nil : (op == .equal || op == .like) && value == nil
        }
        guard let value else { return op == .notEqual }
        switch op {
        case .equal, .notEqual:
            let equal =
                options.isEmpty
                ? Array(value.unicodeScalars) == Array(needle.unicodeScalars) : fold(value) == fold(needle)
            return equal == (op == .equal)
        case .beginsWith: return !needle.isEmpty && fold(value).utf8.starts(with: fold(needle).utf8)
        case .endsWith: return !needle.isEmpty && fold(value).utf8.reversed().starts(with: fold(needle).utf8.reversed())
        case .contains:
            let (bytes, sought) = (Array(fold(value).utf8), Array(fold(needle).utf8))
            return !sought.isEmpty && sought.count <= bytes.count
                && (0...bytes.count - sought.count).contains { bytes[$0..<$0 + sought.count].elementsEqual(sought) }
        default: return !needle.isEmpty && globMatches(Array(fold(value)), Array(fold(needle)))
        }
    }

    /// LIKE by dynamic programming over Characters (the engine backtracks instead): `*` any run, `?` one.
    static func globMatches(_ text: [Character], _ pattern: [Character]) -> Bool {
        // suffix[i][j]: whether text[i...] matches pattern[j...].
        var suffix = [[Bool]](repeating: [Bool](repeating: false, count: pattern.count + 1), count: text.count + 1)
        suffix[text.count][pattern.count] = true
        for j in stride(from: pattern.count - 1, through: 0, by: -1) {
            suffix[text.count][j] = pattern[j] == "*" && suffix[text.count][j + 1]
        }
        for i in stride(from: text.count - 1, through: 0, by: -1) {
            for j in stride(from: pattern.count - 1, through: 0, by: -1) {
                switch pattern[j] {
                case "*": suffix[i][j] = suffix[i][j + 1] || suffix[i + 1][j]
                case "?": suffix[i][j] = suffix[i + 1][j + 1]
                default: suffix[i][j] = pattern[j] == text[i] && suffix[i + 1][j + 1]
                }
            }
        }
        return suffix[0][0]
    }

    @Test("Random string predicates agree with a plain Swift reference and the row-at-a-time path", arguments: [0, 1])
    func randomPredicates(_ alphabet: Int) async throws {
        let (seed, generator) = seededGenerator("StringScanTests predicates, alphabet \(alphabet)")
        var random = generator
        let asciiOnly = alphabet == 0
        let values: [String?] = (0..<700).map { _ in
            Int.random(in: 0..<8, using: &random) == 0
                ? nil : Self.randomString(&random, asciiOnly: asciiOnly, nul: true)
        }
        let directory = TemporaryDirectory()
        let (database, write, table, keys) = try await Self.fixture(directory, values)
        defer { database.close() }
        let operators: [ComparisonOperator] = [.equal, .notEqual, .beginsWith, .endsWith, .contains, .like]
        var queries: [(text: String, needle: String?, op: ComparisonOperator, options: QueryStringOptions)] = []
        for _ in 0..<250 {
            let op = operators.randomElement(using: &random)!
            let options: QueryStringOptions =
                op != .like && Int.random(in: 0..<10, using: &random) == 0  // LIKE refuses [d]
                ? [.diacriticInsensitive, .caseInsensitive] : (Bool.random(using: &random) ? .caseInsensitive : [])
            let flags = options.contains(.diacriticInsensitive) ? "[cd]" : (options.isEmpty ? "" : "[c]")
            let needle =
                Int.random(in: 0..<25, using: &random) == 0
                ? nil : Self.randomNeedle(op, values, nul: true, &random)
            queries.append(("s \(op.rawValue)\(flags) %@", needle, op, options))
        }
        func check(_ reading: any TransactionReading, _ stage: String) throws {
            let evaluator = QueryEvaluator(reading: reading)
            for (round, query) in queries.enumerated() {
                let parsed = try QueryParser.parse(
                    query.text,
                    arguments: [.value(query.needle.map(Value.string) ?? .null)]
                )
                let bound = try QueryBinder(reading: reading, root: table).bind(parsed)
                let expected = keys.indices.filter { Self.reference(values[$0], query.op, query.needle, query.options) }
                    .map { keys[$0] }
                let message: Comment =
                    "seed \(seed), \(stage), round \(round): \(query.text) with \(query.needle.debugDescription)"
                let found = try evaluator.run(bound)
                #expect(found == expected, message)
                #expect(try evaluator.count(bound.predicate, table: table) == expected.count, message)
                #expect(try evaluator.run(bound, over: keys) == expected, message)
                if found != expected { return }
            }
        }
        try check(write, "uncommitted")
        _ = try write.commit()
        try check(try database.beginRead(), "committed")
        // One object changed in a later transaction: its leaf is the transaction's own, the others committed.
        let later = try await database.beginWrite()
        let changed = keys.count / 2
        try later.set(.string("Changed *?"), of: try Self.column("s", later, table), in: table, object: keys[changed])
        var updated = values
        updated[changed] = "Changed *?"
        let evaluator = QueryEvaluator(reading: later)
        for query in queries.prefix(60) {
            let parsed = try QueryParser.parse(query.text, arguments: [.value(query.needle.map(Value.string) ?? .null)])
            let bound = try QueryBinder(reading: later, root: table).bind(parsed)
            let expected = keys.indices.filter { Self.reference(updated[$0], query.op, query.needle, query.options) }
                .map { keys[$0] }
            #expect(try evaluator.run(bound) == expected, "seed \(seed), mixed leaves: \(query.text)")
        }
        later.rollback()
    }

    @Test("Random sorts by a string, filtered or not, agree with a stable reference sort", arguments: [0, 1])
    func randomSorts(_ alphabet: Int) async throws {
        let (seed, generator) = seededGenerator("StringScanTests sorts, alphabet \(alphabet)")
        var random = generator
        let values: [String?] = (0..<700).map { _ in
            Int.random(in: 0..<8, using: &random) == 0
                ? nil : Self.randomString(&random, asciiOnly: alphabet == 0, nul: alphabet == 0)
        }
        let directory = TemporaryDirectory()
        let (database, write, table, keys) = try await Self.fixture(directory, values)
        defer { database.close() }
        _ = try write.commit()
        let read = try database.beginRead()
        let evaluator = QueryEvaluator(reading: read)
        // Each filter with its plain form (n is the object's index, see `fixture`).
        let filters: [(String, (Int) -> Bool)] = [
            ("TRUEPREDICATE", { _ in true }),
            ("n > 300", { $0 > 300 }),
            ("s CONTAINS[c] 'a'", { Self.reference(values[$0], .contains, "a", .caseInsensitive) }),
            ("n < 100 OR s == nil", { $0 < 100 || values[$0] == nil }),
        ]
        for (filter, passes) in filters {
            for ascending in [true, false] {
                for limit in [nil, 5] {
                    var text = "\(filter) SORT(s \(ascending ? "ASC" : "DESC"))"
                    if let limit { text += " LIMIT(\(limit))" }
                    let bound = try QueryBinder(reading: read, root: table).bind(try QueryParser.parse(text))
                    var expected = keys.indices.filter(passes).sorted { a, b in
                        let order = Self.referenceOrder(values[a], values[b])
                        if order != 0 { return ascending ? order < 0 : order > 0 }
                        return a < b
                    }
                    if let limit { expected = Array(expected.prefix(limit)) }
                    let message: Comment = "seed \(seed): \(text)"
                    #expect(try evaluator.run(bound) == expected.map { keys[$0] }, message)
                    #expect(try evaluator.run(bound, over: keys) == expected.map { keys[$0] }, message)
                }
            }
        }
    }

    /// Realm's order of two string values: null first, then StringCollation.
    static func referenceOrder(_ a: String?, _ b: String?) -> Int {
        switch (a, b) {
        case (nil, nil): return 0
        case (nil, _): return -1
        case (_, nil): return 1
        case (let a?, let b?): return StringCollation.compare(a, b)
        }
    }

    // MARK: Fixture

    /// A write that made table "Row" with a nullable string `s`, a string `t` ("" where `s` is null) and an
    /// integer `n` (the object's index), and one object per value, not yet committed.
    static func fixture(_ directory: TemporaryDirectory, _ values: [String?]) async throws -> (
        database: Database, write: WriteTransaction, table: TableKey, keys: [ObjectKey]
    ) {
        let (database, write, table, columns) = try await openWithTable(
            in: directory,
            columns: [
                ColumnSpec(name: "s", type: .string, nullable: true), ColumnSpec(name: "t", type: .string),
                ColumnSpec(name: "n", type: .int),
            ]
        )
        let keys = try values.enumerated().map { index, value in
            try write.createObject(
                in: table,
                values: [
                    columns[0]: value.map(Value.string) ?? .null, columns[1]: .string(value ?? ""),
                    columns[2]: .int(Int64(index)),
                ]
            )
        }
        return (database, write, table, keys)
    }

    static func column(_ name: String, _ reading: any TransactionReading, _ table: TableKey) throws -> ColumnKey {
        try #require(reading.tableSpecs.first { $0.key == table }?.columns.first { $0.name == name }?.key)
    }
}
