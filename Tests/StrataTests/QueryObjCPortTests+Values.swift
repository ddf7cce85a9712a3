import Foundation
import Strata
import Testing

// realm-swift's Realm/Tests/QueryTests.m: testQueryBetween, testQueryWithDates, testUuidRealmQuery and
// testRLMValueQuery (see QueryObjCPortTests.swift for the whole port).

/// A query on one model and the number of objects Realm's test expects it to select.
struct QOACount: Sendable, CustomTestStringConvertible {
    let type: Object.Type
    let query: String
    nonisolated(unsafe) let arguments: [Any]
    let count: Int
    /// Why Strata's count differs from Realm's, when it does.
    let knownIssue: String?

    var testDescription: String { "\(type) WHERE \(query) selects \(count)" }

    /// Checks the count on `realm`.
    func check(_ realm: Realm) async {
        let outcome = await realm.read { realm in qoaOutcome(realm, type, query, arguments) }
        if let knownIssue {
            withKnownIssue(Comment(rawValue: knownIssue)) { #expect(outcome == "count \(count)", "\(query)") }
        } else {
            #expect(outcome == "count \(count)", "\(query)")
        }
    }
}

func qoaCounted(
    _ type: Object.Type,
    _ query: String,
    _ arguments: [Any] = [],
    _ count: Int,
    knownIssue: String? = nil
) -> QOACount {
    QOACount(type: type, query: query, arguments: arguments, count: count, knownIssue: knownIssue)
}

/// Strata's decimals have no infinities and stop at about ±3.4 × 10^165 (MigratingFromRealmSwift.md): `-Inf`, `Inf`
/// and `123456789.123456789e1234` are stored as NaN, which no comparison selects.
let qoaDecimalStrings = "Strata: decimals have no infinities nor values beyond ±3.4e165; these are stored as NaN"

/// Seconds after 1970 as a date.
private func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

/// Realm's `[AllTypesObject values:i …]` objects 1…4 (a, b, c, d), with lists, sets and maps of a and c, and of b
/// and d.
private func makeBetweenData(_ realm: Realm) async throws {
    try await realm.write { realm in
        let objects = (1...4).map { QOAAllTypes($0) }
        for object in objects { try realm.add(object) }
        for (first, second) in [(0, 2), (1, 3)] {
            let list = QOAArrayOfAllTypes()
            list.array.append(objectsIn: [objects[first], objects[second]])
            try realm.add(list)
            let set = QOASetOfAllTypes()
            set.set.insert(objectsIn: [objects[first], objects[second]])
            try realm.add(set)
            let map = QOADictionaryOfAllTypes()
            map.dictionary["\(first + 1)"] = objects[first]
            map.dictionary["\(second + 1)"] = objects[second]
            try realm.add(map)
        }
    }
}

@Suite("Realm's Objective-C query tests, ported: values")
struct QueryObjCPortValueTests {
    // MARK: testQueryBetween

    static let betweenRows: [QOACount] = [
        qoaCounted(QOAAllTypes.self, "intCol BETWEEN %@", [[0, 5]], 4),
        qoaCounted(QOAAllTypes.self, "intCol BETWEEN %@", [[2, 3]], 2),
        qoaCounted(QOAAllTypes.self, "intCol BETWEEN {2, 3}", [], 2),
        qoaCounted(QOAArrayOfAllTypes.self, "ANY array.intCol BETWEEN %@", [[4, 5]], 1),
        qoaCounted(QOASetOfAllTypes.self, "ANY set.intCol BETWEEN %@", [[4, 5]], 1),
        qoaCounted(QOADictionaryOfAllTypes.self, "ANY dictionary.intCol BETWEEN %@", [[4, 5]], 1),
        qoaCounted(QOAAllTypes.self, "floatCol BETWEEN %@", [[Float(1), Float(5)]], 4),
        qoaCounted(QOAAllTypes.self, "floatCol BETWEEN %@", [[Float(2), Float(4)]], 2),
        qoaCounted(QOAAllTypes.self, "floatCol BETWEEN {2, 4}", [], 2),
        qoaCounted(QOAArrayOfAllTypes.self, "ANY array.floatCol BETWEEN %@", [[3.1, 3.2]], 0),
        qoaCounted(QOASetOfAllTypes.self, "ANY set.floatCol BETWEEN %@", [[3.1, 3.2]], 0),
        qoaCounted(QOADictionaryOfAllTypes.self, "ANY dictionary.floatCol BETWEEN %@", [[3.1, 3.2]], 0),
        qoaCounted(QOAAllTypes.self, "doubleCol BETWEEN %@", [[1.0, 5.0]], 4),
        qoaCounted(QOAAllTypes.self, "doubleCol BETWEEN %@", [[2.0, 4.0]], 2),
        qoaCounted(QOAAllTypes.self, "doubleCol BETWEEN {3.0, 7.0}", [], 2),
        qoaCounted(QOAArrayOfAllTypes.self, "ANY array.doubleCol BETWEEN %@", [[3.1, 3.2]], 0),
        qoaCounted(QOASetOfAllTypes.self, "ANY set.doubleCol BETWEEN %@", [[3.1, 3.2]], 0),
        qoaCounted(QOADictionaryOfAllTypes.self, "ANY dictionary.doubleCol BETWEEN %@", [[3.1, 3.2]], 0),
        qoaCounted(QOAAllTypes.self, "dateCol BETWEEN %@", [[at(2), at(3)]], 2),
        qoaCounted(QOAArrayOfAllTypes.self, "ANY array.dateCol BETWEEN %@", [[at(2), at(3)]], 2),
        qoaCounted(QOASetOfAllTypes.self, "ANY set.dateCol BETWEEN %@", [[at(2), at(3)]], 2),
        qoaCounted(QOADictionaryOfAllTypes.self, "ANY dictionary.dateCol BETWEEN %@", [[at(2), at(3)]], 2),
        qoaCounted(QOAAllTypes.self, "longCol BETWEEN %@", [[Int64(5_000_000_000), Int64(7_000_000_000)]], 1),
        qoaCounted(QOAAllTypes.self, "longCol BETWEEN {5000000000, 7000000000}", [], 1),
        qoaCounted(QOAArrayOfAllTypes.self, "ANY array.longCol BETWEEN %@", [[5_000_000_000, 7_000_000_000]], 1),
        qoaCounted(QOASetOfAllTypes.self, "ANY set.longCol BETWEEN %@", [[5_000_000_000, 7_000_000_000]], 1),
        qoaCounted(
            QOADictionaryOfAllTypes.self,
            "ANY dictionary.longCol BETWEEN %@",
            [[5_000_000_000, 7_000_000_000]],
            1
        ),
        qoaCounted(QOAAllTypes.self, "decimalCol BETWEEN %@", [[0, 5]], 4),
        qoaCounted(QOAAllTypes.self, "decimalCol BETWEEN %@", [[Decimal128(number: 0), Decimal128(number: 5)]], 4),
        qoaCounted(QOAAllTypes.self, "decimalCol BETWEEN {0, 5}", [], 4),
        qoaCounted(QOAAllTypes.self, "decimalCol BETWEEN {'0e1', '30e-1'}", [], 3),
        qoaCounted(QOAAllTypes.self, "anyCol BETWEEN %@", [[0, 5]], 4),
        qoaCounted(QOAAllTypes.self, "anyCol BETWEEN %@", [[2, 3]], 2),
        qoaCounted(QOAAllTypes.self, "anyCol BETWEEN {2, 3}", [], 2),
        qoaCounted(QOAArrayOfAllTypes.self, "ANY array.anyCol BETWEEN %@", [[4, 5]], 2),
        qoaCounted(QOASetOfAllTypes.self, "ANY set.anyCol BETWEEN %@", [[4, 5]], 2),
        qoaCounted(QOADictionaryOfAllTypes.self, "ANY dictionary.anyCol BETWEEN %@", [[4, 5]], 2),
    ]

    @Test("BETWEEN selects the objects whose value lies in the closed range", arguments: betweenRows)
    func between(_ row: QOACount) async throws {
        let realm = try await qoaRealm()
        try await makeBetweenData(realm)
        await row.check(realm)
    }

    static var betweenRefusals: [(String, [Any], String)] {
        [
            ("boolCol BETWEEN {true, false}", [], "Operator 'BETWEEN' not supported for type 'bool'"),
            ("stringCol BETWEEN {'', ''}", [], "Operator 'BETWEEN' not supported for type 'string'"),
            ("binaryCol BETWEEN %@", [[Data(), Data()]], "Operator 'BETWEEN' not supported for type 'data'"),
            ("cBoolCol BETWEEN {true, false}", [], "Operator 'BETWEEN' not supported for type 'bool'"),
            (
                "objectIdCol BETWEEN %@", [[ObjectId.generate(), ObjectId.generate()]],
                "Operator 'BETWEEN' not supported for type 'object id'"
            ),
        ]
    }

    @Test("BETWEEN is refused for Booleans, strings, data and object ids")
    func betweenRefusals() async throws {
        for (query, arguments, message) in Self.betweenRefusals {
            try await qoaRefused(QOAAllTypes.self, query, arguments, message).check()
        }
    }

    // MARK: testQueryWithDates

    /// A query with `COL` for the column, the date's seconds after 1970, and the count.
    static let dateRows: [(String, Double, Int)] = [
        ("COL < %@", 3, 2), ("COL <= %@", 3, 3), ("COL > %@", 1, 2), ("COL >= %@", 1, 3), ("COL == %@", 1, 1),
        ("COL != %@", 1, 2), ("%@ < COL", 1, 2), ("%@ <= COL", 1, 3), ("%@ > COL", 3, 2), ("%@ >= COL", 3, 3),
        ("%@ == COL", 1, 1), ("%@ != COL", 1, 2),
    ]

    @Test("Dates compare in a date column and a mixed column, on either side of the operator")
    func queryWithDates() async throws {
        let realm = try await qoaRealm()
        try await realm.write { realm in
            for i in 1...3 {
                let object = QOAAllTypes(i)
                object.anyCol = .date(object.dateCol)
                try realm.add(object)
            }
        }
        for column in ["dateCol", "anyCol"] {
            for (shape, seconds, count) in Self.dateRows {
                let query = shape.replacingOccurrences(of: "COL", with: column)
                await qoaCounted(QOAAllTypes.self, query, [at(seconds)], count).check(realm)
            }
        }
    }

    // MARK: testUuidRealmQuery

    @Test("A UUID selects its object in a UUID column and a mixed column")
    func uuidQuery() async throws {
        let realm = try await qoaRealm()
        let uuids = ["00000000-0000-0000-0000-000000000000", "137DECC8-B300-4954-A233-F89909F4FD89"]
            .map { UUID(uuidString: $0)! }
        try await realm.write { realm in
            for uuid in uuids {
                let object = QOAUuid()
                object.uuidCol = uuid
                try realm.add(object)
                let mixed = QOAMixed()
                mixed.anyCol = .uuid(uuid)
                try realm.add(mixed)
            }
        }
        let counts = await realm.read { realm in
            [
                realm.objects(QOAUuid.self).count, qoaCount(realm, QOAUuid.self, "uuidCol == %@", uuids[1]),
                realm.objects(QOAMixed.self).count, qoaCount(realm, QOAMixed.self, "anyCol == %@", uuids[1]),
            ]
        }
        #expect(counts == [2, 1, 2, 1])
    }

    // MARK: testRLMValueQuery

    /// Realm's 23 mixed values: `@YES`, `@NO`, then `@true`, `@false`, `@TRUE`, `@FALSE`, which Objective-C boxes as
    /// the integers 1, 0, 1, 0; the strings "0" and "1"; 0 and 1 as integers, doubles, floats, decimals; the data "0"
    /// and "1"; the dates 0 and 1 s after 1970; an object id; a UUID; null.
    static var mixedValues: [AnyRealmValue] {
        [
            .bool(true), .bool(false), .int(1), .int(0), .int(1), .int(0), .string("0"), .string("1"), .int(0), .int(1),
            .double(0), .double(1), .float(0), .float(1), .decimal128(Decimal128(number: 0)),
            .decimal128(Decimal128(number: 1)), .data(Data("0".utf8)), .data(Data("1".utf8)), .date(at(0)),
            .date(at(1)),
            .objectId(ObjectId.generate()), .uuid(UUID(uuidString: "85d4fbee-6ec6-47df-bfa1-615931903d7e")!), .none,
        ]
    }

    static let mixedRows: [QOACount] = [
        // Numbers compare across types; a Boolean equals only a Boolean.
        qoaCounted(QOAAllTypes.self, "anyCol BETWEEN %@", [[1, 2]], 6),
        qoaCounted(QOAAllTypes.self, "anyCol BETWEEN {1, 2}", [], 6),
        qoaCounted(QOAAllTypes.self, "anyCol == FALSE", [], 1),
        qoaCounted(QOAAllTypes.self, "anyCol == 0", [], 6),
        qoaCounted(QOAAllTypes.self, "anyCol != false", [], 22),
        qoaCounted(QOAAllTypes.self, "anyCol != FALSE", [], 22),
        qoaCounted(QOAAllTypes.self, "anyCol != NO", [], 22),
        qoaCounted(QOAAllTypes.self, "anyCol != 0", [], 17),
        qoaCounted(QOAAllTypes.self, "anyCol < 1", [], 6),
        qoaCounted(QOAAllTypes.self, "anyCol > 1", [], 0),
        qoaCounted(QOAAllTypes.self, "anyCol >= 1", [], 6),
        qoaCounted(QOAAllTypes.self, "anyCol <= 1", [], 12),
        // A string needle matches strings and data alike.
        qoaCounted(QOAAllTypes.self, "anyCol == '0'", [], 2),
        qoaCounted(QOAAllTypes.self, "anyCol != '0'", [], 21),
        qoaCounted(QOAAllTypes.self, "anyCol BEGINSWITH '1'", [], 2),
        qoaCounted(QOAAllTypes.self, "anyCol BEGINSWITH 'a'", [], 0),
        qoaCounted(QOAAllTypes.self, "anyCol ENDSWITH '1'", [], 2),
        qoaCounted(QOAAllTypes.self, "anyCol ENDSWITH 'a'", [], 0),
        qoaCounted(QOAAllTypes.self, "anyCol CONTAINS '1'", [], 2),
        qoaCounted(QOAAllTypes.self, "anyCol CONTAINS 'a'", [], 0),
        // `'%@'` in quotes is the text %@, not a placeholder.
        qoaCounted(QOAAllTypes.self, "anyCol BEGINSWITH '%@'", [0], 0),
        qoaCounted(QOAAllTypes.self, "anyCol ENDSWITH '%@'", [0], 0),
        // Dates, UUIDs and null; null differs from a date.
        qoaCounted(QOAAllTypes.self, "anyCol == %@", [at(0)], 1),
        qoaCounted(QOAAllTypes.self, "anyCol != %@", [at(123)], 23),
        qoaCounted(QOAAllTypes.self, "anyCol == %@", [UUID(uuidString: "85d4fbee-6ec6-47df-bfa1-615931903d7e")!], 1),
        qoaCounted(QOAAllTypes.self, "anyCol != %@", [UUID(uuidString: "85d4fbee-6ec6-47df-bfa1-615931903d7e")!], 22),
        qoaCounted(QOAAllTypes.self, "anyCol == NULL", [], 1),
        qoaCounted(QOAAllTypes.self, "anyCol != NULL", [], 22),
    ]

    @Test("A mixed column compares numbers across types, strings with data, and dates, UUIDs and null")
    func mixedValueQuery() async throws {
        let realm = try await qoaRealm()
        try await realm.write { realm in
            let stringObject = QOAString()
            stringObject.stringCol = "required-string"
            let list = QOAArrayOfAllTypes()
            try realm.add(list)
            for (i, value) in Self.mixedValues.enumerated() {
                let object = QOAAllTypes(i, stringObject)
                object.anyCol = value
                try realm.add(object)
                list.array.append(object)
            }
        }
        for row in Self.mixedRows { await row.check(realm) }
    }

    @Test("A mixed column refuses BETWEEN with one value and a misspelt operator")
    func mixedValueRefusals() async throws {
        try await qoaRefused(QOAAllTypes.self, "anyCol CONATINS 0", [], "Unable to parse the format string")
            .check()
        for query in ["anyCol BETWEEN TRUE", "anyCol BETWEEN '85d4fbee-6ec6-47df-bfa1-615931903d7e'"] {
            try await qoaRefused(QOAAllTypes.self, query, [], "type NSArray for BETWEEN").check()
        }
    }
}
