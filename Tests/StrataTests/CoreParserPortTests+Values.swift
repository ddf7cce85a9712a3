import Foundation
import Strata
import Testing

// realm-core test/test_parser.cpp, more scalar literals: Parser_NullableBinaries, Parser_ObjectId, Parser_UUID,
// Parser_Decimal128, Parser_OddColumnNames, Parser_UTF8, Parser_Logical, Parser_ChainedStringEqualQueries and
// Parser_ChainedIntEqualQueries (their data: CoreParserPortTests+Models.swift). realm-core's `bin('f')` is written
// `B64"Zg=="`; its null needles on binaries (`data CONTAINS NULL`) are left out, as Realm Swift's null needle matches
// nothing (ParserCornerTests), and so is Parser_ChainedIntEqualQueries' query comparing integers with strings ('5'),
// which Realm Swift refuses.

private func hex(_ id: ObjectId) -> String {
    id.stringValue
}

@Suite("realm-core's parser tests: binary, ObjectId, UUID and decimal literals")
struct CoreParserValueTests {
    // Parser_NullableBinaries: knife, plate, fork and two objects of defaults (an empty `data`, a null `nullableData`);
    // each fan's favourite is one item.
    static let binaryItemRows: [QCPRow] = [
        qcp("data == NULL", 0), qcp("data != NULL", 5), qcp("nullableData == NULL", 2), qcp("nullableData != NULL", 3),
        qcp("data == NIL", 0), qcp("data != NIL", 5), qcp("nullableData == NIL", 2), qcp("nullableData != NIL", 3),
        qcp("nullableData CONTAINS B64\"Zg==\"", 2), qcp("nullableData BEGINSWITH B64\"Zg==\"", 1),
        qcp("nullableData ENDSWITH B64\"ZQ==\"", 2), qcp("nullableData LIKE B64\"Zio=\"", 1),
        qcp("nullableData CONTAINS[c] B64\"Rg==\"", 2), qcp("nullableData BEGINSWITH[c] B64\"Rg==\"", 1),
        qcp("nullableData ENDSWITH[c] B64\"RQ==\"", 2), qcp("nullableData LIKE[c] B64\"Rio=\"", 1),
        qcp(
            "data CONTAINS B64\"Zm8=\" && !(data CONTAINS B64\"YXNkZmFzZGZhc2Rm\") && data CONTAINS B64\"cms=\"",
            1
        ),
    ]

    static let binaryFanRows: [QCPRow] = [
        qcp("favItem.data == NULL", 0), qcp("favItem.data != NULL", 5), qcp("favItem.nullableData == NULL", 2),
        qcp("favItem.nullableData != NULL", 3), qcp("NULL == favItem.data", 0), qcp("favItem.data ==[c] NULL", 0),
        qcp("favItem.data !=[c] NULL", 5), qcp("favItem.nullableData ==[c] NULL", 2),
        qcp("favItem.nullableData !=[c] NULL", 3), qcp("NULL ==[c] favItem.data", 0),
        qcp("favItem.data CONTAINS B64\"Zg==\"", 2), qcp("favItem.data BEGINSWITH B64\"Zg==\"", 1),
        qcp("favItem.data ENDSWITH B64\"ZQ==\"", 2), qcp("favItem.data LIKE B64\"Zio=\"", 1),
        qcp("favItem.data CONTAINS[c] B64\"Rg==\"", 2), qcp("favItem.data BEGINSWITH[c] B64\"Rg==\"", 1),
        qcp("favItem.data ENDSWITH[c] B64\"RQ==\"", 2), qcp("favItem.data LIKE[c] B64\"Rio=\"", 1),
        qcp("favItem.data == favItem.nullableData", 3), qcp("favItem.data == favItem.data", 5),
        qcp("favItem.nullableData == favItem.nullableData", 5),
    ]

    @Test("Parser_NullableBinaries, on the items", arguments: Self.binaryItemRows)
    func binaryItems(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCPBinaryItem.self, { [QCPBinaryItem.self, QCPBinaryFan.self] }, seed: qcpSeedBinaries)
            .check(row)
    }

    @Test("Parser_NullableBinaries, through a link", arguments: Self.binaryFanRows)
    func binaryFans(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCPBinaryFan.self, { [QCPBinaryItem.self, QCPBinaryFan.self] }, seed: qcpSeedBinaries)
            .check(row)
    }

    // Parser_ObjectId: ids made at seconds 1, 1000, 2000 and 0 (`nid` the same), and one at 1500 whose `nid` is null.
    static let objectIdRows: [QCPRow] = {
        let ids = qcpObjectIdSeconds.map(qcpObjectId)
        var rows = [qcp("id == oid(\(hex(qcpObjectId(seconds: 1500))))", 1), qcp("nid == NULL", 1)]
        for id in ids {
            rows += [
                qcp("id == oid(\(hex(id)))", 1), qcp("id != oid(\(hex(id)))", 4), qcp("nid == oid(\(hex(id)))", 1),
                qcp("nid != oid(\(hex(id)))", 4),
            ]
        }
        // realm-core orders object ids (`id >= oid(000000000000000000000000)` matches 5, `nid >= …` 4, and the
        // arguments below with <, <=, > and >=); Realm Swift compares them for equality only, and so does Strata
        // (QueryLanguage.md): each of those is refused.
        rows += [
            qcpError("id >= oid(000000000000000000000000)", ["not supported"]),
            qcpError("nid >= oid(000000000000000000000000)", ["not supported"]),
            qcpError("id <= oid(ffffffffffffffffffffffff)", ["not supported"]),
            qcpError("nid <= oid(ffffffffffffffffffffffff)", ["not supported"]), qcp("id == NULL", 0),
        ]
        // Arguments: the four ids and null, compared with each operator.
        let expected: [(String, [Int])] = [("id ==", [1, 1, 1, 1, 0]), ("nid ==", [1, 1, 1, 1, 1])]
        for (comparison, counts) in expected {
            for (index, count) in counts.enumerated() {
                rows.append(qcp("\(comparison) $\(index)", count) { _ in ids + [NSNull()] })
            }
        }
        for comparison in ["id >", "nid >", "id >=", "nid >=", "id <", "nid <", "id <=", "nid <="] {
            for index in 0..<4 {
                rows.append(qcpError("\(comparison) $\(index)", ["not supported"]) { _ in ids + [NSNull()] })
            }
        }
        return rows
    }()

    @Test("Parser_ObjectId", arguments: Self.objectIdRows)
    func objectIds(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCPObjectIds.self, { [QCPObjectIds.self] }, seed: qcpSeedObjectIds).check(row)
    }

    // Parser_UUID: three ids (`nid` the same) and a fourth whose `nid` is null.
    static let uuidRows: [QCPRow] = {
        let generated = "3b241101-0000-0000-0000-4136c566a964"
        var rows = [
            qcp("id == uuid(\(generated))", 1), qcp("nid == uuid(\(generated))", 0), qcp("id == NULL", 0),
            qcp("nid == NULL", 1), qcp("id != NULL", 4), qcp("nid != NULL", 3),
        ]
        for id in qcpUUIDs {
            rows += [
                qcp("id == uuid(\(id))", 1), qcp("nid == uuid(\(id))", 1), qcp("id != uuid(\(id))", 3),
                qcp("nid != uuid(\(id))", 3), qcpError("nid BEGINSWITH uuid(\(id))"),
                qcpError("nid ENDSWITH uuid(\(id))"), qcpError("nid CONTAINS uuid(\(id))"),
                qcpError("nid LIKE uuid(\(id))"),
            ]
        }
        let (low, high) = ("00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff")
        // realm-core orders UUIDs (`id > uuid(\(low))` matches every id); Realm Swift compares them for equality
        // only, and so does Strata (QueryLanguage.md): each ordering is refused, with a constant or an argument.
        for property in ["id", "nid"] {
            for op in [">", ">=", "<", "<="] {
                rows += [
                    qcpError("\(property) \(op) uuid(\(low))", ["not supported"]),
                    qcpError("\(property) \(op) uuid(\(high))", ["not supported"]),
                ]
            }
        }
        let arguments: @Sendable (isolated Realm) -> [Any] = { _ in
            qcpUUIDs.map { UUID(uuidString: $0)! as Any } + [NSNull()]
        }
        let expected: [(String, Int)] = [
            ("id == $0", 1), ("id == $1", 1), ("id == $2", 1), ("id == $3", 0), ("nid == $0", 1), ("nid == $1", 1),
            ("nid == $2", 1), ("nid == $3", 1),
        ]
        let refused = ["id > $3", "id < $3", "id >= $3", "id <= $3", "nid > $3", "nid < $3", "nid >= $3", "nid <= $3"]
        return rows + expected.map { qcp($0.0, $0.1, arguments) }
            + refused.map { qcpError($0, ["not supported"], arguments) }
    }()

    @Test("Parser_UUID", arguments: Self.uuidRows)
    func uuids(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCPUUIDs.self, { [QCPUUIDs.self] }, seed: qcpSeedUUIDs).check(row)
    }

    // Parser_Decimal128: 21 distinct decimals (signs and exponents) in `dec` and `nullableDec`, and an object of
    // defaults (0 and null). Each value's text, as a literal, matches its object. realm-core's infinities (`dec ==
    // inf`, `dec <= infinity`) are left out: Strata's decimals have none.
    static let decimalInvalids = [
        ".", "e10", "E-12", "infin", "-+2", "+-2", "2e+-12", "2e-+12", "2e1.3", "/2.0", "*2.0",
    ]

    static let decimalRows: [QCPRow] = {
        var rows = [qcp("dec == 0", 1), qcp("nullableDec == null", 1), qcp("dec == 0.", 1)]
        for text in qcpDecimalTexts {
            rows += [qcp("dec == \(text)", 1), qcp("nullableDec == \(text)", 1)]
        }
        // A literal is read from its text against a decimal (all 19 digits), on either side, and in a SUBQUERY body;
        // fewer digits name another value.
        rows += [
            qcp("3.141592653589793238 == dec", 1), qcp("dec >= 3.141592653589793238 && dec < 3.1415926535897932381", 1),
            qcp("dec == 3.141592653589793", 0), qcp("dec == 3.1415926535897932", 0),
            qcp("dec == 3.141592653589793238 || nullableDec == 3.1415926535897932", 1),
        ]
        for text in decimalInvalids {
            rows += [qcpError("dec == \(text)"), qcpError("nullableDec == \(text)")]
        }
        rows += [
            qcp("dec == NULL", 0), qcp("nullableDec == NULL", 1), qcp("dec == nullableDec", 21),
            qcp("dec >= nullableDec", 21), qcp("dec <= nullableDec", 21), qcp("dec > nullableDec", 0),
            qcp("dec < nullableDec", 0),
            qcp("dec != nullableDec", 1),
        ]
        let arguments: @Sendable (isolated Realm) -> [Any] = { _ in
            [Decimal128(exactly: 0)!, Decimal128(exactly: 123)!, NSNull(), 123.0]
        }
        rows += [
            qcp("dec == $0", 1, arguments), qcp("dec == $1", 1, arguments), qcp("dec == $3", 1, arguments),
            qcp("dec == $2", 0, arguments), qcp("nullableDec == $2", 1, arguments),
        ]
        return rows
    }()

    @Test("Parser_Decimal128", arguments: Self.decimalRows)
    func decimals(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCPDecimals.self, { [QCPDecimals.self] }, seed: qcpSeedDecimals).check(row)
    }

    // Parser_OddColumnNames (properties named `between`, `in` and `desc`) and Parser_UTF8 (names outside ASCII).
    static let oddNameRows: [QCPRow] = [
        qcp("between == 0", 1), qcp("between > 0", 2), qcp("between <= 3", 3), qcp("in == 100", 1),
        qcp("in > 100", 2), qcp("in <= 103", 3), qcp("desc CONTAINS[c] 'empty'", 3), qcp("age between {24, 26}", 3),
        qcp("age between {20, 23}", 0), qcp("age between {20, 24}", 1), qcp("age between {20, 25}", 2),
        qcp("age between {20, 26}", 3), qcp("age between {20, 27}", 3), qcp("age between {23, 30}", 3),
        qcp("age between {24, 30}", 3), qcp("age between {25, 30}", 2), qcp("age between {26, 30}", 1),
        qcp("age between {27, 30}", 0), qcpError("age between {20}"), qcpError("age between {20, 25, 34}"),
        qcp("løbenummer > 2", 2), qcp("姓名 == 'Bob'", 1),
    ]

    @Test("Parser_OddColumnNames and Parser_UTF8", arguments: Self.oddNameRows)
    func oddNames(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCPOddNames.self, { [QCPOddNames.self] }, seed: qcpSeedOddNames).check(row)
    }

    // Parser_Logical: id1 i, id2 2i, id3 3i for i in 0..<10.
    static let logicalRows: [QCPRow] = [
        qcp("id1 == 5 || id1 == 9 || id2 == 10 || id2 == 16", 3),
        qcp("id1 == 5 && id2 == 10 || id1 == 7 && id2 == 14", 2), qcp("id1 == 5 && id2 == 10 && id3 == 15", 1),
        qcp("id1 == 5 && (id2 == 10 || id1 == 7) && id3 == 15", 1),
        qcp("!id1 == 5 && !(id2 == 12) && !id3 == 12", 7),
    ]

    @Test("Parser_Logical", arguments: Self.logicalRows)
    func logical(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCPTriple.self, { [QCPTriple.self] }, seed: qcpSeedTriples).check(row)
    }

    // Parser_ChainedStringEqualQueries and Parser_ChainedIntEqualQueries: "0"…"99" (0…99) in four properties, and an
    // object of defaults; the long OR runs over every value, naming the four properties in turn.
    static let chainedStringRows: [QCPRow] = [
        qcp("a == '0' or a == '1' or a == '2'", 3), qcp("a == '0' or b == '2' or a == '3' or b == '4'", 4),
        qcp("(a == '0' or b == '2' or a == '3' or b == '4') and (c == '0' or d == '2' or c == '3' or d == '4')", 4),
        qcp("a == '' or a == null", 1), qcp("b == '' or b == null", 1), qcp("c == '' or c == null", 1),
        qcp("d == '' or d == null", 1),
        qcp(
            "(a == null or a == '') and (b == null or b == '') and (c == null or c == '') and (d == null or d == '')",
            1
        ),
        qcp((0..<100).map { "\(["a", "b", "c", "d"][$0 % 4]) == '\($0)'" }.joined(separator: " or "), 100),
    ]

    static let chainedIntRows: [QCPRow] = [
        qcp("a == NULL", 0), qcp("a == 0 or a == 1 or a == 2", 4), qcp("a == 1 or b == 2 or a == 3 or b == 4", 4),
        qcp("(a == 0 or b == 2 or a == 3 or b == 4) and (c == 0 or d == 2 or c == 3 or d == 4)", 5),
        qcp("a == 0 or a == null", 2), qcp("b == 0 or b == null", 2), qcp("c == 0 or c == null", 2),
        qcp("d == 0 or d == null", 2),
        qcp("(a == null or a == 0) and (b == null or b == 0) and (c == null or c == 0) and (d == null or d == 0)", 2),
    ]

    @Test("Parser_ChainedStringEqualQueries", arguments: Self.chainedStringRows)
    func chainedStrings(_ row: QCPRow) async throws {
        try await QCPFixture.of(
            QCPChainedStrings.self,
            { [QCPChainedStrings.self, QCPChainedInts.self] },
            seed: qcpSeedChained
        )
        .check(row)
    }

    @Test("Parser_ChainedIntEqualQueries", arguments: Self.chainedIntRows)
    func chainedInts(_ row: QCPRow) async throws {
        try await QCPFixture.of(
            QCPChainedInts.self,
            { [QCPChainedStrings.self, QCPChainedInts.self] },
            seed: qcpSeedChained
        )
        .check(row)
    }
}
