import Foundation
import Strata
import Testing

// The inputs and expected outputs of realm-swift's RealmSwift/Tests/Decimal128Tests.swift and ObjectIdTests.swift,
// one table row per fact: how a decimal is built and what it then equals and prints, what its arithmetic and steps
// give, which comparisons hold, and how an ObjectId parses, orders and keeps its timestamp. A few rows go past those
// files where they only imply a fact (an ObjectId's timestamp bytes, generate()'s uniqueness, storage in a realm).

/// A decimal written as a floating-point literal, as realm-swift's `let d: Decimal128 = 3.5` is.
private func decimalFromFloat(_ value: Double) -> Decimal128 { Decimal128(floatLiteral: value) }

/// A decimal written as a string literal, as realm-swift's `let d: Decimal128 = "3.5"` is.
private func decimalFromText(_ value: String) -> Decimal128 { Decimal128(stringLiteral: value) }

/// A decimal written as an integer literal, as realm-swift's `let d: Decimal128 = 5` is.
private func decimalFromInteger(_ value: Int64) -> Decimal128 { Decimal128(integerLiteral: value) }

/// `Decimal128(exactly:)`, NaN (which no row expects) rather than a crash if it were ever nil.
private func decimalExactly(_ value: Int) -> Decimal128 { Decimal128(exactly: value) ?? .nan }

/// The value after `negate()`.
private func negatedDecimal(_ value: Decimal128) -> Decimal128 {
    var copy = value
    copy.negate()
    return copy
}

/// One decimal and the exact text it must print as (and equal, once that text is parsed).
private struct DecimalFactRow: CustomTestStringConvertible, Sendable {
    let label: String
    let value: Decimal128
    let expected: String

    init(_ label: String, _ value: Decimal128, _ expected: String) {
        (self.label, self.value, self.expected) = (label, value, expected)
    }

    var testDescription: String { "\(label) is \(expected)" }
}

/// A comparison operator of a row.
private enum FactRelation: String, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="

    func holds<Value: Comparable>(_ lhs: Value, _ rhs: Value) -> Bool {
        switch self {
        case .equal: lhs == rhs
        case .notEqual: lhs != rhs
        case .less: lhs < rhs
        case .lessOrEqual: lhs <= rhs
        case .greater: lhs > rhs
        case .greaterOrEqual: lhs >= rhs
        }
    }
}

/// What a compared value must be: ordered, sendable and printable.
private typealias OrderedFactValue = Comparable & Sendable & CustomStringConvertible

/// One comparison realm-swift asserts, and whether it holds.
private struct OrderFact<Value: OrderedFactValue>: CustomTestStringConvertible, Sendable {
    let lhs: Value
    let relation: FactRelation
    let rhs: Value
    let expected: Bool

    init(_ lhs: Value, _ relation: FactRelation, _ rhs: Value, _ expected: Bool) {
        (self.lhs, self.relation, self.rhs, self.expected) = (lhs, relation, rhs, expected)
    }

    var testDescription: String { "\(lhs) \(relation.rawValue) \(rhs) is \(expected)" }
}

/// An ObjectId's text, the text it prints back and the whole seconds of its timestamp.
private struct ObjectIdTextRow: CustomTestStringConvertible, Sendable {
    let text: String
    let stringValue: String
    let seconds: Int

    var testDescription: String { "'\(text)' reads \(stringValue), stamped \(seconds)" }
}

/// A date given to `ObjectId(timestamp:machineId:processId:)`, its whole seconds and their 8 leading hex digits.
private struct ObjectIdStampRow: CustomTestStringConvertible, Sendable {
    let interval: TimeInterval
    let seconds: Int
    let hex: String

    var testDescription: String { "\(interval) keeps \(seconds) (\(hex))" }
}

private let decimalInitializationRows: [DecimalFactRow] = [
    DecimalFactRow("the float literal 3.14159", decimalFromFloat(3.14159), "3.14159"),
    DecimalFactRow("init(number:) 3.14159", Decimal128(number: NSNumber(value: 3.14159)), "3.14159"),
    DecimalFactRow("the integer literal 123", decimalFromInteger(123), "123"),
    DecimalFactRow("the string literal \"123\"", decimalFromText("123"), "123"),
    DecimalFactRow("the string literal \"9.876543\"", decimalFromText("9.876543"), "9.876543"),
    DecimalFactRow("init(exactly: 0b101)", decimalExactly(0b101), "5"),
    DecimalFactRow("init(exactly: 0b10)", decimalExactly(0b10), "2"),
    DecimalFactRow("init(exactly: 0b1)", decimalExactly(0b1), "1"),
]

private let decimalArithmeticRows: [DecimalFactRow] = [
    DecimalFactRow("3.144444 + 3.144444", decimalFromFloat(3.144444) + decimalFromFloat(3.144444), "6.288888"),
    DecimalFactRow(
        "\"1.234567\" + \"9.876543\"",
        decimalFromText("1.234567") + decimalFromText("9.876543"),
        "11.11111"
    ),
    DecimalFactRow("exactly 2 + exactly 1", decimalExactly(2) + decimalExactly(1), "3"),
    DecimalFactRow("2.5 - 3.5", decimalFromFloat(2.5) - decimalFromFloat(3.5), "-1"),
    DecimalFactRow("\"2.5\" - \"3.5\"", decimalFromText("2.5") - decimalFromText("3.5"), "-1"),
    DecimalFactRow("exactly 2 - exactly 1", decimalExactly(2) - decimalExactly(1), "1"),
    DecimalFactRow("7 / 3.5", decimalFromInteger(7) / decimalFromFloat(3.5), "2"),
    DecimalFactRow("\"0.21\" / \"0.7\"", decimalFromText("0.21") / decimalFromText("0.7"), "0.3"),
    DecimalFactRow("exactly 2 / exactly 1", decimalExactly(2) / decimalExactly(1), "2"),
    DecimalFactRow("7 * 3.5", decimalFromInteger(7) * decimalFromFloat(3.5), "24.5"),
    DecimalFactRow("\"0.21\" * \"0.7\"", decimalFromText("0.21") * decimalFromText("0.7"), "0.147"),
    DecimalFactRow("exactly 2 * exactly 2", decimalExactly(2) * decimalExactly(2), "4"),
]

private let decimalStepRows: [DecimalFactRow] = [
    DecimalFactRow("(-123.321).magnitude", decimalFromFloat(-123.321).magnitude, "123.321"),
    DecimalFactRow("456.321.magnitude", decimalFromFloat(456.321).magnitude, "456.321"),
    DecimalFactRow("-123.321 negated", negatedDecimal(decimalFromFloat(-123.321)), "123.321"),
    DecimalFactRow("456.321 negated", negatedDecimal(decimalFromFloat(456.321)), "-456.321"),
    DecimalFactRow("-123.321 advanced by -123.321", decimalFromFloat(-123.321).advanced(by: -123.321), "-246.642"),
    DecimalFactRow("-150.0 advanced by 300.0", decimalFromFloat(-150.0).advanced(by: 300.0), "150"),
    DecimalFactRow("10.0 distance to 5.0", decimalFromFloat(10.0).distance(to: 5.0), "-5"),
    DecimalFactRow("10.0 distance to 15.0", decimalFromFloat(10.0).distance(to: 15.0), "5"),
]

/// Exactly the comparisons realm-swift asserts, each with the operator it uses.
private let decimalOrderRows: [OrderFact<Decimal128>] = [
    OrderFact(decimalFromFloat(3.14159), .equal, Decimal128(number: NSNumber(value: 3.14159)), true),
    OrderFact(decimalFromInteger(123), .equal, decimalFromText("123"), true),
    OrderFact(decimalExactly(0b101), .equal, decimalFromInteger(5), true),
    OrderFact(decimalFromFloat(3.14159), .notEqual, Decimal128(number: NSNumber(value: 3.14159)), false),
    OrderFact(decimalFromInteger(123), .notEqual, decimalFromText("123"), false),
    OrderFact(decimalExactly(0b101), .notEqual, decimalFromInteger(5), false),
    OrderFact(decimalFromFloat(3.14160), .greater, Decimal128(number: NSNumber(value: 3.14159)), true),
    OrderFact(decimalFromInteger(124), .greater, decimalFromText("123"), true),
    OrderFact(decimalExactly(0b1), .greater, decimalFromInteger(5), false),
    OrderFact(decimalFromFloat(3.14159), .greaterOrEqual, Decimal128(number: NSNumber(value: 3.14159)), true),
    OrderFact(decimalFromInteger(124), .greaterOrEqual, decimalFromText("123"), true),
    OrderFact(decimalExactly(0b1), .greaterOrEqual, decimalFromInteger(5), false),
    OrderFact(decimalFromFloat(3.14159), .less, Decimal128(number: NSNumber(value: 3.14160)), true),
    OrderFact(decimalFromInteger(122), .less, decimalFromText("123"), true),
    OrderFact(decimalExactly(0b10), .less, decimalFromInteger(1), false),
    OrderFact(decimalFromFloat(3.14160), .lessOrEqual, Decimal128(number: NSNumber(value: 3.14160)), true),
    OrderFact(decimalFromInteger(123), .lessOrEqual, decimalFromText("123"), true),
    OrderFact(decimalExactly(0b10), .lessOrEqual, decimalFromInteger(1), false),
    OrderFact(Decimal128.max, .greater, Decimal128.min, true),
    OrderFact(Decimal128.min, .less, Decimal128.max, true),
]

private let objectIdTextRows: [ObjectIdTextRow] = [
    ObjectIdTextRow(text: "000123450000ffbeef91906c", stringValue: "000123450000ffbeef91906c", seconds: 0x0001_2345),
    ObjectIdTextRow(text: "000123450000ffbeef91906d", stringValue: "000123450000ffbeef91906d", seconds: 0x0001_2345),
    ObjectIdTextRow(text: "000123450000FFBEEF91906C", stringValue: "000123450000ffbeef91906c", seconds: 0x0001_2345),
]

private let malformedObjectIdTexts: [String] = [
    "", "000123450000ffbeef91906", "000123450000ffbeef91906c0", "000123450000ffbeef91906x", "000123450000ffbeef9190 6c",
]

private let objectIdLow = ObjectId("000123450000ffbeef91906c")
private let objectIdHigh = ObjectId("000123450000ffbeef91906d")
private let objectIdLowAgain = ObjectId("000123450000ffbeef91906c")

/// Exactly the comparisons realm-swift asserts between its three ObjectIds (the first and third are equal).
private let objectIdOrderRows: [OrderFact<ObjectId>] = [
    OrderFact(objectIdLow, .notEqual, objectIdHigh, true),
    OrderFact(objectIdLow, .equal, objectIdLowAgain, true),
    OrderFact(objectIdHigh, .greater, objectIdLow, true),
    OrderFact(objectIdLow, .greater, objectIdLowAgain, false),
    OrderFact(objectIdHigh, .greaterOrEqual, objectIdLow, true),
    OrderFact(objectIdLow, .greaterOrEqual, objectIdLowAgain, true),
    OrderFact(objectIdLow, .less, objectIdHigh, true),
    OrderFact(objectIdLow, .less, objectIdLowAgain, false),
    OrderFact(objectIdLow, .lessOrEqual, objectIdHigh, true),
    OrderFact(objectIdLow, .lessOrEqual, objectIdLowAgain, true),
]

private let objectIdStampRows: [ObjectIdStampRow] = [
    ObjectIdStampRow(interval: 0, seconds: 0, hex: "00000000"),
    ObjectIdStampRow(interval: 74_565.5, seconds: 74_565, hex: "00012345"),
    ObjectIdStampRow(interval: 1_600_000_000.999, seconds: 1_600_000_000, hex: "5f5e1000"),
    ObjectIdStampRow(interval: 1_700_000_000.25, seconds: 1_700_000_000, hex: "6553f100"),
    ObjectIdStampRow(interval: 4_294_967_295, seconds: 4_294_967_295, hex: "ffffffff"),
]

/// Ports the facts of realm-swift's `RealmSwift/Tests/Decimal128Tests.swift` and `RealmSwift/Tests/ObjectIdTests.swift`
/// (inputs and expected outputs only), as tables.
@Suite("Decimal128 and ObjectId: the facts of realm-swift's Decimal128Tests and ObjectIdTests")
struct Decimal128AndObjectIdPortTests {
    /// Checks that `row.value` prints as, equals and hashes like the parsed expected text.
    private static func check(_ row: DecimalFactRow) throws {
        let expected = try Decimal128(string: row.expected)
        #expect(row.value.description == row.expected)
        #expect(row.value == expected)
        #expect(row.value.hashValue == expected.hashValue)
        #expect(!row.value.isNaN)
    }

    // MARK: Decimal128

    @Test("Decimal128's literals and initializers give realm-swift's values", arguments: decimalInitializationRows)
    fileprivate func decimalInitialization(row: DecimalFactRow) throws {
        try Self.check(row)
    }

    @Test("Decimal128 arithmetic gives realm-swift's exact results", arguments: decimalArithmeticRows)
    fileprivate func decimalArithmetic(row: DecimalFactRow) throws {
        try Self.check(row)
    }

    @Test("magnitude, negate(), advanced(by:) and distance(to:) give realm-swift's values", arguments: decimalStepRows)
    fileprivate func decimalSteps(row: DecimalFactRow) throws {
        try Self.check(row)
    }

    @Test("Decimal128 comparisons hold as realm-swift asserts", arguments: decimalOrderRows)
    fileprivate func decimalOrder(row: OrderFact<Decimal128>) {
        #expect(row.relation.holds(row.lhs, row.rhs) == row.expected)
    }

    @Test(
        "isNaN, isSignaling and isSignalingNaN: true only for the decimal made from NSNull",
        arguments: [
            ("init(value: NSNull())", Decimal128(value: NSNull()), true),
            ("the float literal 3.14159", decimalFromFloat(3.14159), false),
            ("the integer literal 0", decimalFromInteger(0), false),
        ]
    )
    func decimalNaN(label: String, value: Decimal128, expected: Bool) {
        #expect([value.isNaN, value.isSignaling, value.isSignalingNaN] == [expected, expected, expected], "\(label)")
        #expect((value.description == "NaN") == expected, "\(label)")
    }

    // MARK: ObjectId

    @Test("ObjectId(string:) keeps the text, lowercased, and its first 4 bytes' timestamp", arguments: objectIdTextRows)
    fileprivate func objectIdParses(row: ObjectIdTextRow) throws {
        let id = try ObjectId(string: row.text)
        #expect(id.stringValue == row.stringValue)
        #expect(id.description == row.stringValue)
        #expect(id.timestamp == Date(timeIntervalSince1970: TimeInterval(row.seconds)))
        #expect(id == ObjectId(bytes: id.bytes))
    }

    @Test("ObjectId(string:) throws for what is not 24 hex digits", arguments: malformedObjectIdTexts)
    func objectIdRejects(text: String) {
        #expect(throws: RealmError.invalidValue("Invalid Object ID string '\(text)': must be 24 hex digits")) {
            _ = try ObjectId(string: text)
        }
    }

    @Test("ObjectId comparisons hold as realm-swift asserts", arguments: objectIdOrderRows)
    fileprivate func objectIdOrder(row: OrderFact<ObjectId>) {
        #expect(row.relation.holds(row.lhs, row.rhs) == row.expected)
    }

    @Test("Equal ObjectIds hash alike; the two distinct ones make a set of two")
    func objectIdHashing() {
        #expect(objectIdLow.hashValue == objectIdLowAgain.hashValue)
        #expect(Set([objectIdLow, objectIdHigh, objectIdLowAgain]) == [objectIdLow, objectIdHigh])
        #expect([objectIdHigh, objectIdLowAgain].sorted() == [objectIdLow, objectIdHigh])
    }

    @Test("ObjectId(timestamp:machineId:processId:) keeps the whole seconds first", arguments: objectIdStampRows)
    fileprivate func objectIdFromTimestamp(row: ObjectIdStampRow) {
        let date = Date(timeIntervalSince1970: row.interval)
        let id = ObjectId(timestamp: date, machineId: 10, processId: 20)
        #expect(id.timestamp == Date(timeIntervalSince1970: TimeInterval(row.seconds)))
        #expect(String(id.stringValue.prefix(8)) == row.hex)
        // Machine 10 and process 20, low byte first (realm-core copies the native integers' low bytes).
        #expect(String(id.stringValue.dropFirst(8).prefix(10)) == "0a00001400")
        #expect(ObjectId(timestamp: date, machineId: 10, processId: 20) != id, "the counter tells two apart")
    }

    @Test("An ObjectId made from now keeps now's whole seconds")
    func objectIdFromNow() {
        let now = Date()
        let id = ObjectId(timestamp: now, machineId: 10, processId: 20)
        #expect(Int(id.timestamp.timeIntervalSince1970) == Int(now.timeIntervalSince1970))
    }

    @Test("generate() gives unique ids stamped now, with the process's bytes and a counter that goes up")
    func objectIdGenerate() {
        let before = Date(timeIntervalSince1970: Double(Int(Date().timeIntervalSince1970)))
        let ids = (0..<200).map { _ in ObjectId.generate() }
        let after = Date()
        #expect(Set(ids).count == 200)
        #expect(ids.allSatisfy { $0.timestamp >= before && $0.timestamp <= after })
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
        #expect(Set(ids.map { Array($0.bytes[4..<9]) }).count == 1)
        // Other tests may take counter values in between, and the 3-byte counter wraps: each step is small, positive.
        let counters = ids.map { Int($0.bytes[9]) << 16 | Int($0.bytes[10]) << 8 | Int($0.bytes[11]) }
        #expect(zip(counters, counters.dropFirst()).allSatisfy { (1..<0x80_0000).contains(($1 - $0) & 0xFF_FFFF) })
    }

    // MARK: Storage

    @Test("realm-swift's decimals and ObjectIds survive a write, read back exactly and sort as they compare")
    func persistedValues() async throws {
        let decimals: [Decimal128] = [
            decimalFromText("24.5"), decimalFromText("-246.642"), decimalFromFloat(3.14159),
            decimalFromText("11.11111"), decimalFromText("0.147"), decimalFromText("-1"), decimalFromInteger(123),
        ]
        let ids: [ObjectId] = [
            ObjectId("000123450000ffbeef91906d"), ObjectId("ffffffffffffffffffffffff"),
            ObjectId("000123450000ffbeef91906c"), ObjectId("000000000000000000000001"),
            ObjectId("6553f1000a0b0c0d0e000001"), ObjectId("60425fff91d7a28b4e4a2f6c"),
            ObjectId("0123456789abcdef01234567"),
        ]
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            for (decimal, id) in zip(decimals, ids) {
                let object = AllTypes()
                object.id = id
                object.objectId = id
                object.decimal = decimal
                try realm.add(object)
            }
        }
        let (byKey, byDecimal, byObjectId) = await realm.read { realm -> ([String], [String], [String]) in
            let all = realm.objects(AllTypes.self)
            return (
                ids.map { realm.object(ofType: AllTypes.self, forPrimaryKey: $0)?.decimal.description ?? "missing" },
                all.sorted(byKeyPath: "decimal").map(\.decimal.description),
                all.sorted(byKeyPath: "objectId").map(\.objectId.stringValue)
            )
        }
        #expect(byKey == ["24.5", "-246.642", "3.14159", "11.11111", "0.147", "-1", "123"])
        #expect(byDecimal == ["-246.642", "-1", "0.147", "3.14159", "11.11111", "24.5", "123"])
        #expect(
            byObjectId == [
                "000000000000000000000001", "000123450000ffbeef91906c", "000123450000ffbeef91906d",
                "0123456789abcdef01234567", "60425fff91d7a28b4e4a2f6c", "6553f1000a0b0c0d0e000001",
                "ffffffffffffffffffffffff",
            ]
        )
    }

    @Test("A stored decimal keeps 34 digits, the last rounded half to even; a Double converts to 15 digits")
    func storedDigits() async throws {
        // Foundation's decimals hold 38 digits; decimal128 holds 34 (realm-core's arithmetic gives these same values).
        let rows: [(Decimal128, String)] = [
            (decimalFromInteger(2) / decimalFromInteger(3), "0.6666666666666666666666666666666667"),
            (decimalFromInteger(1) / decimalFromInteger(3), "0.3333333333333333333333333333333333"),
            (decimalFromText("1.2345678901234567890123456789012345"), "1.234567890123456789012345678901234"),
            (decimalFromText("1.2345678901234567890123456789012355"), "1.234567890123456789012345678901236"),
            (decimalFromText("9.9999999999999999999999999999999999"), "10"),
            // A Double is rounded to 15 significant digits, as realm-core's Decimal128(double) rounds it.
            (Decimal128(number: NSNumber(value: 3.1416)), "3.1416"),
            (Decimal128(number: NSNumber(value: 0.1 + 0.2)), "0.3"),
            (Decimal128(number: NSNumber(value: Int64.max)), "9223372036854775807"),
            (Decimal128(value: 2.0 / 3.0), "0.666666666666667"),
        ]
        let realm = try await Realm(configuration: memoryConfiguration())
        let ids = try rows.indices.map { try ObjectId(string: "00000000000000000000000\($0)") }
        try await realm.write { realm in
            for (id, row) in zip(ids, rows) {
                let object = AllTypes()
                object.id = id
                object.decimal = row.0
                try realm.add(object)
            }
        }
        let read = await realm.read { realm in
            ids.map { realm.object(ofType: AllTypes.self, forPrimaryKey: $0)?.decimal.description ?? "missing" }
        }
        #expect(read == rows.map(\.1))
    }

    @Test("The NaN made from NSNull is still NaN once stored")
    func persistedNaN() async throws {
        let id = ObjectId("000123450000ffbeef91906c")
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            let object = AllTypes()
            object.id = id
            object.decimal = Decimal128(value: NSNull())
            try realm.add(object)
        }
        let read = await realm.read { realm in realm.object(ofType: AllTypes.self, forPrimaryKey: id)?.decimal }
        #expect(read?.isNaN == true)
        #expect(read?.description == "NaN")
    }
}
