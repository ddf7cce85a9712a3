import Foundation
import StrataCore
import StrataTestSupport
import Testing

/// A random predicate with its text and a plain evaluator (Realm's null semantics, written naively).
private indirect enum Expression {
    case compare(String, ComparisonOperator, Value)
    case text(String, ComparisonOperator, String, QueryStringOptions)
    case between(String, Int64, Int64)
    case inList(String, [Int64])
    case and(Expression, Expression)
    case or(Expression, Expression)
    case not(Expression)

    var query: String {
        switch self {
        case .compare(let column, let op, let value): return "\(column) \(op.rawValue) \(literal(value))"
        case .text(let column, let op, let needle, let options):
            let flags =
                options.isEmpty
                ? ""
                : "[\(options.contains(.caseInsensitive) ? "c" : "")\(options.contains(.diacriticInsensitive) ? "d" : "")]"
            return "\(column) \(op.rawValue)\(flags) '\(needle)'"
        case .between(let column, let low, let high): return "\(column) BETWEEN {\(low), \(high)}"
        case .inList(let column, let values): return "\(column) IN {\(values.map(String.init).joined(separator: ", "))}"
        case .and(let a, let b): return "(\(a.query) AND \(b.query))"
        case .or(let a, let b): return "(\(a.query) OR \(b.query))"
        case .not(let a): return "NOT (\(a.query))"
        }
    }

    private func literal(_ value: Value) -> String {
        switch value {
        case .null: return "nil"
        case .int(let v): return "\(v)"
        case .double(let v): return "\(v)"
        case .bool(let v): return v ? "true" : "false"
        case .string(let v): return "'\(v)'"
        default: return "?"
        }
    }

    func evaluate(_ row: [String: Value]) -> Bool {
        switch self {
        case .compare(let column, let op, let value):
            let field = row[column]!
            if case .null = value { return op == .equal ? field.isNull : !field.isNull }
            if field.isNull { return op == .notEqual }
            let a: Double
            let b: Double
            switch (field, value) {
            case (.bool(let x), .bool(let y)): return op == .equal ? x == y : x != y
            case (.string(let x), .string(let y)):
                let order =
                    Array(x.unicodeScalars).lexicographicallyPrecedes(Array(y.unicodeScalars))
                    ? -1 : (x.unicodeScalars.elementsEqual(y.unicodeScalars) ? 0 : 1)
                return test(order, op)
            case (.int(let x), .int(let y)): return test(x < y ? -1 : x > y ? 1 : 0, op)
            default:
                a = number(field)
                b = number(value)
            }
            return test(a < b ? -1 : a > b ? 1 : 0, op)
        case .text(let column, let op, let needle, let options):
            guard case .string(let raw) = row[column]!, !needle.isEmpty else { return false }
            func fold(_ s: String) -> String {
                var t = s
                if options.contains(.diacriticInsensitive) {
                    t = t.folding(options: .diacriticInsensitive, locale: nil)
                }
                if options.contains(.caseInsensitive) { t = t.lowercased() }
                return t
            }
            let h = fold(raw)
            let n = fold(needle)
            switch op {
            case .beginsWith: return h.hasPrefix(n)
            case .endsWith: return h.hasSuffix(n)
            default: return h.contains(n)
            }
        case .between(let column, let low, let high):
            guard case .int(let v) = row[column]! else { return false }
            return v >= low && v <= high
        case .inList(let column, let values):
            guard case .int(let v) = row[column]! else { return false }
            return values.contains(v)
        case .and(let a, let b): return a.evaluate(row) && b.evaluate(row)
        case .or(let a, let b): return a.evaluate(row) || b.evaluate(row)
        case .not(let a): return !a.evaluate(row)
        }
    }

    private func number(_ value: Value) -> Double {
        switch value {
        case .int(let v): return Double(v)
        case .double(let v): return v
        default: return .nan
        }
    }

    private func test(_ order: Int, _ op: ComparisonOperator) -> Bool {
        switch op {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        default: return order >= 0
        }
    }
}

@Suite("Query oracle")
struct QueryOracleTests {
    @Test("Random predicates over random data agree with a naive evaluator")
    func randomPredicatesAgree() async throws {
        let seed = testSeed()
        print("QueryOracleTests seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        let write = try await database.beginWrite()
        let table = try write.createTable(named: "Row")
        var columns: [String: ColumnKey] = [:]
        columns["i"] = try write.addColumn(ColumnSpec(name: "i", type: .int, nullable: true), to: table)
        columns["j"] = try write.addColumn(ColumnSpec(name: "j", type: .int, indexed: true), to: table)
        columns["d"] = try write.addColumn(ColumnSpec(name: "d", type: .double), to: table)
        columns["s"] = try write.addColumn(ColumnSpec(name: "s", type: .string, nullable: true), to: table)
        columns["b"] = try write.addColumn(ColumnSpec(name: "b", type: .bool), to: table)
        let words = ["alpha", "Beta", "gamma", "Délta", "epsilon", "ALPHA", "", "zeta", "éta"]
        var rows: [ObjectKey: [String: Value]] = [:]
        for _ in 0..<300 {
            let row: [String: Value] = [
                "i": Int.random(in: 0..<6, using: &random) == 0
                    ? .null : .int(Int64.random(in: -5...5, using: &random)),
                "j": .int(Int64.random(in: 0...9, using: &random)),
                "d": .double(Double(Int.random(in: -20...20, using: &random)) / 4),
                "s": Int.random(in: 0..<6, using: &random) == 0 ? .null : .string(words.randomElement(using: &random)!),
                "b": .bool(Bool.random(using: &random)),
            ]
            let key = try write.createObject(
                in: table,
                values: Dictionary(uniqueKeysWithValues: row.map { (columns[$0.key]!, $0.value) })
            )
            rows[key] = row
        }
        try write.commit()
        let read = try database.beginRead()
        for round in 0..<400 {
            let expression = randomExpression(depth: 3, &random)
            let bound = try QueryBinder(reading: read, root: table).bind(try QueryParser.parse(expression.query))
            let engine = try QueryEvaluator(reading: read).run(bound)
            let naive = rows.keys.sorted().filter { expression.evaluate(rows[$0]!) }
            #expect(engine == naive, "seed \(seed), round \(round): \(expression.query)")
            if engine != naive { return }
        }
    }

    private func randomExpression(depth: Int, _ random: inout SeededGenerator) -> Expression {
        if depth > 0 && Int.random(in: 0..<3, using: &random) == 0 {
            let a = randomExpression(depth: depth - 1, &random)
            let b = randomExpression(depth: depth - 1, &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: return .and(a, b)
            case 1: return .or(a, b)
            default: return .not(a)
            }
        }
        let ops: [ComparisonOperator] = [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual]
        switch Int.random(in: 0..<8, using: &random) {
        case 0:
            if Int.random(in: 0..<5, using: &random) == 0 {
                return .compare("i", [.equal, .notEqual].randomElement(using: &random)!, .null)
            }
            return .compare("i", ops.randomElement(using: &random)!, .int(Int64.random(in: -6...6, using: &random)))
        case 1:
            return .compare(
                "j",
                [.equal, .notEqual, .less].randomElement(using: &random)!,
                .int(Int64.random(in: 0...10, using: &random))
            )
        case 2:
            return .compare(
                "d",
                ops.randomElement(using: &random)!,
                Bool.random(using: &random)
                    ? .double(Double(Int.random(in: -20...20, using: &random)) / 4)
                    : .int(Int64.random(in: -5...5, using: &random))
            )
        case 3:
            return .compare(
                "b",
                [.equal, .notEqual].randomElement(using: &random)!,
                .bool(Bool.random(using: &random))
            )
        case 4:
            return .compare(
                "s",
                [.equal, .notEqual].randomElement(using: &random)!,
                Int.random(in: 0..<4, using: &random) == 0
                    ? .null : .string(["alpha", "Beta", "zeta", ""].randomElement(using: &random)!)
            )
        case 5:
            let options = [
                QueryStringOptions(), .caseInsensitive, .diacriticInsensitive,
                [.caseInsensitive, .diacriticInsensitive],
            ].randomElement(using: &random)!
            return .text(
                "s",
                [.beginsWith, .endsWith, .contains].randomElement(using: &random)!,
                ["al", "A", "ta", "e", "", "DÉ"].randomElement(using: &random)!,
                options
            )
        case 6:
            let low = Int64.random(in: -5...5, using: &random)
            return .between(
                ["i", "j"].randomElement(using: &random)!,
                low,
                low + Int64.random(in: 0...4, using: &random)
            )
        default:
            return .inList(
                ["i", "j"].randomElement(using: &random)!,
                (0..<Int.random(in: 1...4, using: &random)).map { _ in Int64.random(in: -5...9, using: &random) }
            )
        }
    }
}
