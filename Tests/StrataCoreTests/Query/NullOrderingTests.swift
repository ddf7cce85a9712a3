import Foundation
import StrataCore
import StrataTestSupport
import Testing

/// Ordered comparisons with null and equality of nested collections, as realm-core's query_conditions.hpp and
/// Mixed::compare decide them (ValueComparison.swift's rules), value by value and through the query engine: row by
/// row, over committed leaves (the columnar filters) and over a list of candidates.
@Suite("Null ordering")
struct NullOrderingTests {
    // MARK: ValueComparison, value by value

    /// One non-null value of each type a query compares.
    static let values: [(name: String, value: Value)] = [
        ("int", .int(3)), ("float", .float(1.5)), ("double", .double(2.5)), ("string", .string("a")),
        ("empty string", .string("")), ("binary", .binary([1, 2])),
        ("timestamp", .timestamp(Timestamp(seconds: 20, nanoseconds: 0))),
        ("decimal128", .decimal128([UInt8](repeating: 0, count: 15) + [0x30])), ("objectId", .objectId(Array(0..<12))),
        ("uuid", .uuid(Array(0..<16))), ("list", .list([.int(1)])), ("dictionary", .dictionary([])),
    ]

    static let ordered: [ComparisonOperator] = [.less, .lessOrEqual, .greater, .greaterOrEqual]

    @Test("Two nulls are equal for >= and <=, and neither < nor > holds")
    func nullAndNull() {
        for nullOrder in [ValueComparison.NullOrder.unordered, .stringsFirst] {
            let answers = Self.ordered.map {
                ValueComparison.matches(.null, $0, .null, options: [], nullOrder: nullOrder)
            }
            #expect(answers == [false, true, false, true], "\(nullOrder)")
        }
    }

    @Test("A null and a value never order, whichever side the null is on", arguments: values.map(\.name))
    func nullAndValue(_ name: String) throws {
        let value = try #require(Self.values.first { $0.name == name }?.value)
        for op in Self.ordered {
            #expect(!ValueComparison.matches(value, op, .null, options: []), "\(name) \(op.rawValue) null")
            #expect(!ValueComparison.matches(.null, op, value, options: []), "null \(op.rawValue) \(name)")
        }
    }

    @Test("In a string column compared with a constant, a null string orders before every string, \"\" included")
    func nullStringsFirst() {
        for text in ["", "a"] {
            let string = Value.string(text)
            let stringAbove = Self.ordered.map {
                ValueComparison.matches(string, $0, .null, options: [], nullOrder: .stringsFirst)
            }
            #expect(stringAbove == [false, false, true, true], "\(text.debugDescription) against null")
            let nullBelow = Self.ordered.map {
                ValueComparison.matches(.null, $0, string, options: [], nullOrder: .stringsFirst)
            }
            #expect(nullBelow == [true, true, false, false], "null against \(text.debugDescription)")
        }
        // Other types keep the general rule.
        #expect(!ValueComparison.matches(.int(1), .greater, .null, options: [], nullOrder: .stringsFirst))
        #expect(!ValueComparison.matches(.binary([1]), .greater, .null, options: [], nullOrder: .stringsFirst))
    }

    @Test("A nested list equals any list and a nested dictionary any dictionary, and neither equals the other")
    func nestedCollectionsCompareByKind() {
        let list = Value.list([.int(1), .string("x")])
        let dictionary = Value.dictionary([DictionaryEntry(key: "k", value: .int(1))])
        #expect(ValueComparison.matches(list, .equal, .list([]), options: []))
        #expect(ValueComparison.matches(dictionary, .equal, .dictionary([]), options: []))
        #expect(!ValueComparison.matches(list, .equal, .dictionary([]), options: []))
        #expect(ValueComparison.matches(list, .notEqual, .int(1), options: []))
        #expect(!ValueComparison.matches(.null, .equal, .list([]), options: []))
        #expect(ValueComparison.matches(list, .greaterOrEqual, .list([]), options: []))
        #expect(!ValueComparison.matches(list, .greater, .list([]), options: []))
    }

    // MARK: Through the engine

    /// The data set: `i` int?, `s` string?, `b` binary?, `d` timestamp?, `m` mixed, `o` a link to another row.
    ///
    ///     id | i    | s    | b     | d    | m      | o
    ///     ---+------+------+-------+------+--------+----
    ///      0 | 1    | "x"  | [1]   | 10s  | 5      | 1
    ///      1 | null | null | null  | null | null   | -
    ///      2 | 2    | ""   | []    | 20s  | "y"    | 0
    ///      3 | 3    | "z"  | [2]   | 30s  | [1, 2] | 1
    static func fixture(_ directory: TemporaryDirectory) async throws -> (
        database: Database, write: WriteTransaction, table: TableKey, keys: [ObjectKey]
    ) {
        let database = try Database.open(path: directory.file())
        let write = try await database.beginWrite()
        let table = try write.createTable(named: "Row")
        let specs = [
            ColumnSpec(name: "i", type: .int, nullable: true), ColumnSpec(name: "s", type: .string, nullable: true),
            ColumnSpec(name: "b", type: .binary, nullable: true),
            ColumnSpec(name: "d", type: .timestamp, nullable: true), ColumnSpec(name: "m", type: .mixed),
            ColumnSpec(name: "o", type: .link, linkTable: table),
        ]
        let columns = try specs.map { try write.addColumn($0, to: table) }
        let date = { (seconds: Int64) in Value.timestamp(Timestamp(seconds: seconds, nanoseconds: 0)) }
        let rows: [[Value]] = [
            [.int(1), .string("x"), .binary([1]), date(10), .int(5)],
            [.null, .null, .null, .null, .null],
            [.int(2), .string(""), .binary([]), date(20), .string("y")],
            [.int(3), .string("z"), .binary([2]), date(30), .list([.int(1), .int(2)])],
        ]
        let keys = try rows.map { row in
            try write.createObject(in: table, values: Dictionary(uniqueKeysWithValues: zip(columns, row)))
        }
        for (row, target) in [(0, 1), (2, 0), (3, 1)] {
            try write.set(.link(keys[target]), of: columns[5], in: table, object: keys[row])
        }
        return (database, write, table, keys)
    }

    /// One query and the ids it selects.
    struct Case: CustomTestStringConvertible, Sendable {
        let query: String
        let ids: [Int]
        init(_ query: String, _ ids: [Int]) { (self.query, self.ids) = (query, ids) }
        var testDescription: String { query }
    }

    static let cases: [Case] = [
        // Numbers and dates: a value never orders against null; a null is >= and <= null.
        Case("i > nil", []), Case("i >= nil", [1]), Case("i < nil", []), Case("i <= nil", [1]),
        Case("nil < i", []), Case("nil <= i", [1]),
        Case("d > nil", []), Case("d >= nil", [1]), Case("d <= nil", [1]),
        Case("i > 1", [2, 3]), Case("i <= 2", [0, 2]), Case("i != 2", [0, 1, 3]),
        // A string column against a constant: null before every string.
        Case("s > nil", [0, 2, 3]), Case("s >= nil", [0, 1, 2, 3]), Case("s < nil", []), Case("s <= nil", [1]),
        Case("s < 'a'", [1, 2]), Case("s >= ''", [0, 2, 3]),
        // Data is compared as a mixed value is: no order against null.
        Case("b > nil", []), Case("b >= nil", [1]), Case("b < nil", []),
        // A mixed column: null orders against nothing but null.
        Case("m > nil", []), Case("m >= nil", [1]), Case("m <= nil", [1]), Case("m > 1", [0]), Case("m < 'z'", [2]),
        // Through a link: a string too orders against nothing but null; row 1 has no link, so its values are null.
        Case("o.s > nil", []), Case("o.s >= nil", [0, 1, 3]), Case("o.i >= o.i", [0, 1, 2, 3]),
        Case("o.i > o.i", []), Case("o.s < 'a'", []),
        // Two columns of the same row.
        Case("i >= i", [0, 1, 2, 3]), Case("i > i", []), Case("s <= s", [0, 1, 2, 3]),
    ]

    @Test("Each ordered comparison with null selects the listed ids, committed and uncommitted", arguments: cases)
    func tableDriven(_ example: Case) async throws {
        let directory = TemporaryDirectory()
        let (database, write, table, keys) = try await Self.fixture(directory)
        defer { database.close() }
        let query = try QueryParser.parse(example.query)
        let expected = example.ids.map { keys[$0] }
        let uncommitted = try QueryEvaluator(reading: write).run(QueryBinder(reading: write, root: table).bind(query))
        #expect(uncommitted == expected)
        _ = try write.commit()
        let read = try database.beginRead()
        let bound = try QueryBinder(reading: read, root: table).bind(query)
        let evaluator = QueryEvaluator(reading: read)
        #expect(try evaluator.run(bound) == expected)
        #expect(try evaluator.count(bound.predicate, table: table) == expected.count)
        #expect(try evaluator.run(bound, over: keys) == expected)
    }

    @Test("A mixed value holding a list equals a list constant, whatever it holds, and no other value")
    func mixedListConstant() async throws {
        let directory = TemporaryDirectory()
        let (database, write, table, keys) = try await Self.fixture(directory)
        defer { database.close() }
        _ = try write.commit()
        let read = try database.beginRead()
        let evaluator = QueryEvaluator(reading: read)
        let expectations: [(String, Value, [Int])] = [
            ("m == %@", .list([.string("other")]), [3]), ("m == %@", .list([]), [3]),
            ("m != %@", .list([]), [0, 1, 2]),
            ("m == %@", .dictionary([]), []),
        ]
        for (text, argument, ids) in expectations {
            let query = try QueryParser.parse(text, arguments: [.value(argument)])
            let bound = try QueryBinder(reading: read, root: table).bind(query)
            #expect(try evaluator.run(bound) == ids.map { keys[$0] }, "\(text) with \(argument)")
        }
    }

    @Test("<, <=, > and >= with nil are refused for bool and link properties, as == with them is not")
    func refusedForBoolAndLinks() async throws {
        let directory = TemporaryDirectory()
        let (database, write, table, _) = try await openWithTable(
            in: directory,
            columns: [ColumnSpec(name: "flag", type: .bool, nullable: true)]
        )
        defer { database.close() }
        let binder = QueryBinder(reading: write, root: table)
        #expect(throws: QueryError.self) { try binder.bind(try QueryParser.parse("flag > nil")) }
        #expect(throws: Never.self) { try binder.bind(try QueryParser.parse("flag == nil")) }
    }
}
