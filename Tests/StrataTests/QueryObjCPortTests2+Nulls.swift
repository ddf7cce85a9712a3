import Foundation
import Strata
import Testing

// realm-swift Realm/Tests/QueryTests.m, NullQueryTests: testQueryOnNullableStringColumn,
// testQueryingOnLinkToNullableStringColumn, testSortingColumnsWithNull, testPrimitiveOperatorsOnAllNullablePropertyTypes,
// testPrimitiveOperatorsOnAllNullablePropertyTypesKeypathOnRHS, testINPredicateOnNullWithNonNullValues and
// testINPredicateOnNullWithNullValues. Empty and null needles on an unindexed optional string are asserted in
// ParserCornerTests, so here they run on the indexed column only. Realm builds the nil rows of the operator tests
// with `stringWithFormat:` (`prop = (null)`) and with a nil `%@`; here they are `prop = NULL` and an `NSNull` argument.

/// One property of `QOBAllOptionalTypes` in the operator tests: a literal and an argument that match the stored
/// value and ones that do not.
struct QOBNullableCase: Sendable, CustomTestStringConvertible {
    let property: String
    let matchingLiteral: String?
    let otherLiteral: String?
    let matching: any Sendable
    let other: any Sendable
    var orderable = false
    var substrings = false
    var testDescription: String { property }

    static let matchingObjectId = ObjectId.generate()
    static let cases: [QOBNullableCase] = [
        .init(property: "boolObj", matchingLiteral: "NO", otherLiteral: "YES", matching: false, other: true),
        .init(property: "intObj", matchingLiteral: "0", otherLiteral: "1", matching: 0, other: 1, orderable: true),
        .init(property: "floatObj", matchingLiteral: "0", otherLiteral: "1", matching: 0, other: 1, orderable: true),
        .init(property: "doubleObj", matchingLiteral: "0", otherLiteral: "1", matching: 0, other: 1, orderable: true),
        .init(
            property: "string",
            matchingLiteral: "''",
            otherLiteral: "'a'",
            matching: "",
            other: "a",
            substrings: true
        ),
        .init(
            property: "data",
            matchingLiteral: nil,
            otherLiteral: nil,
            matching: Data(),
            other: Data("a".utf8),
            substrings: true
        ),
        .init(
            property: "date",
            matchingLiteral: nil,
            otherLiteral: nil,
            matching: Date(timeIntervalSince1970: 1),
            other: Date(timeIntervalSince1970: 2),
            orderable: true
        ),
        .init(
            property: "decimal",
            matchingLiteral: nil,
            otherLiteral: nil,
            matching: Decimal128(1),
            other: Decimal128(2),
            orderable: true
        ),
        .init(
            property: "objectId",
            matchingLiteral: nil,
            otherLiteral: nil,
            matching: matchingObjectId,
            other: ObjectId.generate()
        ),
    ]

    /// The one object with every `matching` value (Realm stores `NO` in `intObj`: 0), or with every property nil.
    static func store(nulls: Bool, in realm: isolated Realm) throws {
        try realm.deleteAll()
        if nulls {
            try realm.create(QOBAllOptionalTypes.self)
        } else {
            try realm.create(
                QOBAllOptionalTypes.self,
                value: [
                    0, Float(0), 0.0, false, "", Data(), Date(timeIntervalSince1970: 1), Decimal128(1),
                    matchingObjectId,
                ]
            )
        }
    }

    /// Expects `op` to count `matching`, `other` and `null` for the matching value, the other value and NULL, both
    /// as literals and as arguments; with `rhs`, the value is on the left of the property.
    func expect(_ op: String, _ counts: (Int, Int, Int), rhs: Bool, in realm: isolated Realm) {
        let all = realm.objects(QOBAllOptionalTypes.self)
        func query(_ value: String) -> String { rhs ? "\(value) \(op) \(property)" : "\(property) \(op) \(value)" }
        if let matchingLiteral, let otherLiteral {
            qobExpect(all, query(matchingLiteral), [], counts.0)
            qobExpect(all, query(otherLiteral), [], counts.1)
        }
        qobExpect(all, query("NULL"), [], counts.2)
        let format = rhs ? "%@ \(op) %K" : "%K \(op) %@"
        qobExpect(all, format, rhs ? [matching, property] : [property, matching], counts.0)
        qobExpect(all, format, rhs ? [other, property] : [property, other], counts.1)
        qobExpect(all, format, rhs ? [NSNull(), property] : [property, NSNull()], counts.2)
    }
}

extension QueryObjCPortTests2 {
    /// testQueryOnNullableStringColumn on `T`, whose `stringCol` is an optional string.
    static func nullableStrings<T: Object>(_ type: T.Type, indexed: Bool, in realm: isolated Realm) async throws {
        try await realm.beginWrite()
        for value in ["a", nil, "b", nil, ""] as [String?] {
            try realm.create(type, value: [value.map { $0 as Any } ?? NSNull()])
        }
        try realm.commitWrite()
        func strings(_ results: Results<T>) -> [String?] { results.map { $0.value(forKey: "stringCol") as? String } }
        let all = realm.objects(type)
        #expect(all.count == 5)
        let nils = all.filter("stringCol = NULL")
        let nonNils = all.filter("stringCol != NULL")
        #expect(strings(nils) == [nil, nil])
        #expect(strings(all.filter("stringCol LIKE NULL")) == [nil, nil])
        #expect(strings(nonNils) == ["a", "b", ""])
        #expect(strings(all.filter("NOT stringCol LIKE NULL")) == ["a", "b", ""])
        let rows: [(String, Int)] = [
            ("stringCol IN {NULL, 'a'}", 3), ("stringCol CONTAINS 'a'", 1), ("stringCol BEGINSWITH 'a'", 1),
            ("stringCol ENDSWITH 'a'", 1), ("stringCol LIKE 'a'", 1), ("stringCol CONTAINS 'z'", 0),
            ("stringCol LIKE 'z'", 0), ("stringCol = ''", 1),
        ]
        for (query, count) in rows { qobExpect(all, query, [], count) }
        let sorted = all.sorted(byKeyPath: "stringCol", ascending: true)
        #expect(strings(sorted) == [nil, nil, "", "a", "b"])
        #expect(strings(sorted.sorted(byKeyPath: "stringCol", ascending: false)) == ["b", "a", "", nil, nil])
        try await realm.beginWrite()
        try realm.delete(all.first!)
        try realm.commitWrite()
        #expect(nils.count == 2)
        #expect(nonNils.count == 2)
        // LIKE '*' matches every string but no null.
        #expect(strings(all.filter("stringCol LIKE '*'")) == strings(nonNils))
        #expect(strings(all.filter("stringCol LIKE[c] '*'")) == strings(nonNils))
        guard indexed else { return }
        for operation in ["CONTAINS", "BEGINSWITH", "ENDSWITH"] {
            for options in ["", "[c]", "[d]", "[cd]"] {
                qobExpect(all, "stringCol \(operation)\(options) ''", [], 0)
            }
        }
        qobExpect(all, "stringCol CONTAINS %@", ["\0"], 0)
        for options in ["", "[c]", "[d]", "[cd]"] { qobExpect(all, "stringCol CONTAINS\(options) NULL", [], 0) }
    }

    @Test("Queries and sorting of an optional string, indexed or not", arguments: [false, true])
    func queryOnNullableStringColumn(indexed: Bool) async throws {
        let realm = try await qobRealm([QOBString.self, QOBIndexedString.self])
        if indexed {
            try await Self.nullableStrings(QOBIndexedString.self, indexed: true, in: realm)
        } else {
            try await Self.nullableStrings(QOBString.self, indexed: false, in: realm)
        }
    }

    @Test("Queries of an optional string through a link, indexed or not", arguments: [false, true])
    func queryingOnLinkToNullableStringColumn(indexed: Bool) async throws {
        let realm = try await qobRealm([
            QOBString.self, QOBIndexedString.self, QOBLinkString.self, QOBLinkIndexedString.self,
        ])
        try await realm.write { realm in
            for value in ["a", nil, "b", nil, ""] as [String?] {
                if indexed {
                    try realm.create(QOBLinkIndexedString.self, value: [[value.map { $0 as Any } ?? NSNull()]])
                } else {
                    try realm.create(QOBLinkString.self, value: [[value.map { $0 as Any } ?? NSNull()]])
                }
            }
            if indexed {
                Self.checkLinkToNullableStrings(realm.objects(QOBLinkIndexedString.self))
            } else {
                Self.checkLinkToNullableStrings(realm.objects(QOBLinkString.self))
            }
        }
    }

    static func checkLinkToNullableStrings<T: Object>(_ links: Results<T>) {
        func strings(_ query: String) -> [String?] {
            (links.filter(query).value(forKeyPath: "objectCol.stringCol") as? [Any] ?? []).map { $0 as? String }
        }
        #expect(strings("objectCol.stringCol = NULL") == [nil, nil])
        #expect(strings("objectCol.stringCol LIKE NULL") == [nil, nil])
        #expect(strings("objectCol.stringCol != NULL") == ["a", "b", ""])
        #expect(strings("NOT objectCol.stringCol LIKE NULL") == ["a", "b", ""])
        let rows: [(String, Int)] = [
            ("objectCol.stringCol IN {NULL, 'a'}", 3), ("objectCol.stringCol CONTAINS 'a'", 1),
            ("objectCol.stringCol BEGINSWITH 'a'", 1), ("objectCol.stringCol ENDSWITH 'a'", 1),
            ("objectCol.stringCol LIKE 'a'", 1), ("objectCol.stringCol LIKE 'c'", 0),
            ("objectCol.stringCol CONTAINS 'z'", 0), ("objectCol.stringCol = ''", 1),
        ]
        for (query, count) in rows { qobExpect(links, query, [], count) }
    }

    @Test("Sorting puts null before every number, boolean, date and string, and after them when descending")
    func sortingColumnsWithNull() async throws {
        let realm = try await qobRealm([QOBNumber.self, QOBDate.self, QOBString.self])
        try await realm.write { realm in
            try realm.create(QOBNumber.self, value: [1, Float(1.1), 1.1, true])
            try realm.create(QOBNumber.self, value: [NSNull(), NSNull(), NSNull(), NSNull()])
            try realm.create(QOBNumber.self, value: [0, Float(0), 0.0, false])
            for dates in [100.0, -100, 0] {
                try realm.create(QOBDate.self, value: [Date(timeIntervalSince1970: dates)])
            }
            try realm.create(QOBDate.self, value: [NSNull()])
            for string in ["A", "", "B", nil, "AB"] as [String?] {
                try realm.create(QOBString.self, value: [string.map { $0 as Any } ?? NSNull()])
            }
        }
        let answers = await realm.read { realm -> [String] in
            let numbers = realm.objects(QOBNumber.self)
            let dates = realm.objects(QOBDate.self)
            let strings = realm.objects(QOBString.self)
            return ["intObj", "floatObj", "doubleObj", "boolObj"].flatMap {
                [Self.sortedValues(numbers, $0, true), Self.sortedValues(numbers, $0, false)]
            } + [
                Self.sortedValues(dates, "dateCol", true), Self.sortedValues(dates, "dateCol", false),
                Self.sortedValues(strings, "stringCol", true), Self.sortedValues(strings, "stringCol", false),
            ]
        }
        let dates = [-100.0, 0, 100].map { "\(Date(timeIntervalSince1970: $0))" }
        #expect(
            answers == [
                "nil 0 1", "1 0 nil", "nil 0.0 1.1", "1.1 0.0 nil", "nil 0.0 1.1", "1.1 0.0 nil", "nil false true",
                "true false nil", "nil " + dates.joined(separator: " "),
                dates.reversed().joined(separator: " ") + " nil",
                "nil  A AB B", "B AB A  nil",
            ]
        )
    }

    /// The values of `key`, sorted by it, as text ("nil" for null).
    static func sortedValues<T: Object>(_ results: Results<T>, _ key: String, _ ascending: Bool) -> String {
        results.sorted(byKeyPath: key, ascending: ascending)
            .map { $0.value(forKey: key).map { "\($0)" } ?? "nil" }.joined(separator: " ")
    }

    @Test(
        "=, !=, ordering and substring operators on every optional type, holding a value and holding null",
        arguments: QOBNullableCase.cases
    )
    func primitiveOperatorsOnAllNullablePropertyTypes(property: QOBNullableCase) async throws {
        let realm = try await qobRealm([QOBAllOptionalTypes.self])
        try await realm.write { realm in
            try QOBNullableCase.store(nulls: false, in: realm)
            property.expect("=", (1, 0, 0), rhs: false, in: realm)
            property.expect("!=", (0, 1, 1), rhs: false, in: realm)
            if property.orderable {
                for (op, counts) in [("<", (0, 1, 0)), ("<=", (1, 1, 0)), (">", (0, 0, 0)), (">=", (1, 0, 0))] {
                    property.expect(op, counts, rhs: false, in: realm)
                }
            }
            if property.substrings {
                for op in ["BEGINSWITH", "ENDSWITH", "CONTAINS"] {
                    property.expect(op, (0, 0, 0), rhs: false, in: realm)
                }
            }
            try QOBNullableCase.store(nulls: true, in: realm)
            property.expect("=", (0, 0, 1), rhs: false, in: realm)
            property.expect("!=", (1, 1, 0), rhs: false, in: realm)
            if property.orderable {
                for (op, counts) in [("<", (0, 0, 0)), ("<=", (0, 0, 1)), (">", (0, 0, 0)), (">=", (0, 0, 1))] {
                    property.expect(op, counts, rhs: false, in: realm)
                }
            }
            if property.substrings {
                for op in ["BEGINSWITH", "ENDSWITH", "CONTAINS"] {
                    property.expect(op, (0, 0, 0), rhs: false, in: realm)
                }
            }
        }
    }

    @Test("The same operators with the value on the left of the property", arguments: QOBNullableCase.cases)
    func primitiveOperatorsKeyPathOnRHS(property: QOBNullableCase) async throws {
        let realm = try await qobRealm([QOBAllOptionalTypes.self])
        try await realm.write { realm in
            try QOBNullableCase.store(nulls: false, in: realm)
            property.expect("=", (1, 0, 0), rhs: true, in: realm)
            property.expect("!=", (0, 1, 1), rhs: true, in: realm)
            if property.orderable {
                for (op, counts) in [(">", (0, 1, 0)), (">=", (1, 1, 0)), ("<", (0, 0, 0)), ("<=", (1, 0, 0))] {
                    property.expect(op, counts, rhs: true, in: realm)
                }
            }
            try QOBNullableCase.store(nulls: true, in: realm)
            property.expect("=", (0, 0, 1), rhs: true, in: realm)
            property.expect("!=", (1, 1, 0), rhs: true, in: realm)
            if property.orderable {
                for (op, counts) in [(">", (0, 0, 0)), (">=", (0, 0, 1)), ("<", (0, 0, 0)), ("<=", (0, 0, 1))] {
                    property.expect(op, counts, rhs: true, in: realm)
                }
            }
        }
    }

    @Test(
        "IN with NULL and with a value, on optional properties holding values or holding null",
        arguments: [false, true]
    )
    func inPredicateOnNull(nulls: Bool) async throws {
        let realm = try await qobRealm([QOBAllOptionalTypes.self])
        try await realm.write { realm in
            let objectId = ObjectId.generate()
            if nulls {
                try realm.create(QOBAllOptionalTypes.self)
            } else {
                try realm.create(
                    QOBAllOptionalTypes.self,
                    value: [
                        1, Float(1), 1.0, true, "abc", Data("a".utf8), Date(timeIntervalSince1970: 1), Decimal128(1),
                        objectId,
                    ]
                )
            }
            let all = realm.objects(QOBAllOptionalTypes.self)
            // (query, arguments, whether the object holding values matches); the null object matches the others.
            let rows: [(String, [Any], Bool)] = [
                ("boolObj IN {NULL}", [], false), ("boolObj IN {YES}", [], true),
                ("intObj IN {NULL}", [], false), ("intObj IN {1}", [], true),
                ("floatObj IN {NULL}", [], false), ("floatObj IN {1}", [], true),
                ("doubleObj IN {NULL}", [], false), ("doubleObj IN {1}", [], true),
                ("string IN {NULL}", [], false), ("string IN {'abc'}", [], true),
                ("decimal IN {NULL}", [], false), ("decimal IN {'1'}", [], true),
                ("boolObj IN %@", [[NSNull()]], false), ("boolObj IN %@", [[true]], true),
                ("intObj IN %@", [[NSNull()]], false), ("intObj IN %@", [[1]], true),
                ("floatObj IN %@", [[NSNull()]], false), ("floatObj IN %@", [[1]], true),
                ("doubleObj IN %@", [[NSNull()]], false), ("doubleObj IN %@", [[1]], true),
                ("string IN %@", [["abc"]], true), ("string IN %@", [[NSNull()]], false),
                ("data IN %@", [[NSNull()]], false), ("data IN %@", [[Data("a".utf8)]], true),
                ("date IN %@", [[NSNull()]], false), ("date IN %@", [[Date(timeIntervalSince1970: 1)]], true),
                ("decimal IN %@", [[NSNull()]], false), ("decimal IN %@", [[1]], true),
                ("objectId IN %@", [[NSNull()]], false),
                ("objectId IN %@", [[nulls ? ObjectId.generate() : objectId]], true),
            ]
            for (query, args, matchesValues) in rows {
                let matches = matchesValues != nulls
                Self.expectBoth(all, query, args, matches ? 1 : 0, matches ? 0 : 1)
            }
        }
    }
}
