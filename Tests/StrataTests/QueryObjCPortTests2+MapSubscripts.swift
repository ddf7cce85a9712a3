import Foundation
import Strata
import Testing

// realm-swift Realm/Tests/QueryTests.m: testDictionaryQueryAllValues (numbers, booleans, decimals and dates),
// testDictionaryQueryKeySubscript, testDictionaryQueryKeySubscriptWithObjectCol,
// testDictionarySubscriptThrowsException, testMixedSubscriptsThrowsException, testCollectionsQueryAllValuesAllKeys
// and testDictionaryKeyComparedToColumn. The three objects hold one value each, under "aKey", "aKey2" and "aKey3".

/// A map property and the three values its tests store, the first of which the queries compare with.
struct QOBMapValues: Sendable, CustomTestStringConvertible {
    let property: String
    let values: @Sendable () -> [Any]
    /// Whether the values are ordered (Realm's `isNumeric`) rather than strings or data.
    var ordered = true
    var testDescription: String { property }

    static let orderedCases: [QOBMapValues] = [
        .init(property: "intDict") { [456, 123, 789] },
        .init(property: "doubleDict") { [456.123, 123.123, 789.123] },
        .init(property: "boolDict") { [false, false, true] },
        .init(property: "decimalDict") {
            [456.123, 123.123, 789.123].map { Decimal128(number: NSNumber(value: $0)) }
        },
        .init(property: "dateDict") { [4000.0, 2000, 8000].map { Date(timeIntervalSince1970: $0) } },
    ]

    static let subscriptCases: [QOBMapValues] =
        orderedCases + [
            .init(
                property: "dataDict",
                values: { ["hello", "Héllo", "HELLO"].map { Data($0.utf8.prefix(5)) } },
                ordered: false
            ),
            .init(property: "objectIdDict") {
                ["60425fff91d7a195d5ddac1b", "60425fff91d7a195d5ddac1a", "60425fff91d7a195d5ddac1c"].map {
                    try! ObjectId(string: $0)
                }
            },
            .init(property: "stringDict", values: { ["hello", "Héllo", "HELLO"] }, ordered: false),
        ]

    func realm() async throws -> Realm {
        try await QueryObjCPortTests2.mapRealm(property, zip(["aKey", "aKey2", "aKey3"], values()).map { ($0, $1) })
    }
}

extension QueryObjCPortTests2 {
    @Test("ANY map.@allValues of numbers, booleans, decimals and dates", arguments: QOBMapValues.orderedCases)
    func dictionaryQueryAllValues(map: QOBMapValues) async throws {
        let realm = try await map.realm()
        nonisolated(unsafe) let first = map.values()[0]
        await realm.read { realm in
            var rows: [(String, [Any], Int)]
            if map.property == "boolDict" {
                rows = [
                    ("ANY %K.@allValues = %@", [first], 2), ("ANY %K.@allValues != %@", [first], 1),
                    ("ANY %K.@allValues =[c] %@", [first], 2), ("ANY %K.@allValues !=[c] %@", [first], 1),
                    ("ANY %K.@allValues =[cd] %@", [first], 2), ("ANY %K.@allValues !=[cd] %@", [first], 1),
                ]
            } else {
                rows = [
                    ("ANY %K.@allValues = %@", [first], 1), ("ANY %K.@allValues != %@", [first], 2),
                    ("ANY %K.@allValues =[c] %@", [first], 1), ("ANY %K.@allValues !=[c] %@", [first], 2),
                    ("ANY %K.@allValues =[cd] %@", [first], 1), ("ANY %K.@allValues !=[cd] %@", [first], 2),
                    ("ANY %K.@allValues > %@", [first], 1), ("NOT ANY %K.@allValues > %@", [first], 2),
                    ("ANY %K.@allValues >[c] %@", [first], 1), ("ANY %K.@allValues >[cd] %@", [first], 1),
                    ("ANY %K.@allValues < %@", [first], 1), ("NOT ANY %K.@allValues < %@", [first], 2),
                    ("ANY %K.@allValues <[c] %@", [first], 1), ("ANY %K.@allValues <[cd] %@", [first], 1),
                ]
            }
            Self.expectMapRows(map.property, rows, in: realm)
        }
    }

    @Test("map['aKey'] compared with the first value: a missing key is null", arguments: QOBMapValues.subscriptCases)
    func dictionaryQueryKeySubscript(map: QOBMapValues) async throws {
        let realm = try await map.realm()
        nonisolated(unsafe) let first = map.values()[0]
        await realm.read { realm in
            var rows: [(String, [Any], Int)] = [
                ("%K['aKey'] = %@", [first], 1), ("%K['aKey'] != %@", [first], 2), ("%K['aKey'] =[c] %@", [first], 1),
                ("%K['aKey'] !=[c] %@", [first], 2), ("%K['aKey'] =[cd] %@", [first], 1),
            ]
            if map.ordered {
                rows += [
                    ("%K['aKey'] > %@", [first], 0), ("NOT %K['aKey'] > %@", [first], 3),
                    ("%K['aKey'] >[c] %@", [first], 0), ("%K['aKey'] >[cd] %@", [first], 0),
                    ("%K['aKey'] < %@", [first], 0), ("NOT %K['aKey'] < %@", [first], 3),
                    ("%K['aKey'] <[c] %@", [first], 0), ("%K['aKey'] <[cd] %@", [first], 0),
                ]
            } else {
                rows += [
                    ("%K['aKey'] !=[cd] %@", [first], 2),
                    ("%K['aKey'] BEGINSWITH 'he'", [], 1), ("NOT %K['aKey'] BEGINSWITH 'he'", [], 2),
                    ("%K['aKey'] BEGINSWITH[c] 'he'", [], 1), ("%K['aKey'] BEGINSWITH[cd] 'he'", [], 1),
                    ("%K['aKey'] BEGINSWITH NULL", [], 0),
                    ("%K['aKey'] CONTAINS 'el'", [], 1), ("%K['aKey'] CONTAINS[c] 'el'", [], 1),
                    ("%K['aKey'] CONTAINS[cd] 'el'", [], 1), ("%K['aKey'] CONTAINS NULL", [], 0),
                    ("%K['aKey'] ENDSWITH 'lo'", [], 1), ("%K['aKey'] ENDSWITH[c] 'lo'", [], 1),
                    ("%K['aKey'] ENDSWITH[cd] 'lo'", [], 1), ("%K['aKey'] ENDSWITH NULL", [], 0),
                    ("%K['aKey'] LIKE 'hel*'", [], 1), ("%K['aKey'] LIKE[c] 'hel*'", [], 1),
                    ("%K['aKey'] LIKE NULL", [], 2), ("NOT %K['aKey'] LIKE 'hel*'", [], 2),
                    ("NOT %K['aKey'] LIKE[c] 'hel*'", [], 2), ("NOT %K['aKey'] LIKE NULL", [], 1),
                ]
            }
            Self.expectMapRows(map.property, rows, in: realm)
            if !map.ordered {
                qobExpectError(
                    realm.objects(QOBAllDictionaries.self),
                    "%K['aKey'] LIKE[cd] 'hel*'",
                    [map.property],
                    "not supported"
                )
            }
        }
    }

    @Test("A map reached through a link takes a key subscript")
    func dictionaryQueryKeySubscriptWithObjectCol() async throws {
        let realm = try await qobRealm([QOBString.self, QOBAllDictionaries.self, QOBDictionaryParent.self])
        try await realm.write { realm in
            try realm.create(QOBDictionaryParent.self, value: ["objectCol": ["stringDict": ["aKey": "blah"]]])
            qobExpect(realm.objects(QOBDictionaryParent.self), "%K['aKey'] = %@", ["objectCol.stringDict", "blah"], 1)
        }
    }

    @Test("Subscripts on lists, sets and links, nested and non-string subscripts, and @allKeys off maps are refused")
    func subscriptRefusals() async throws {
        let realm = try await qobRealm([
            QOBString.self, QOBInt.self, QOBArrayProperty.self, QOBSetProperty.self, QOBDog.self, QOBOwner.self,
            QOBDictionaryProperty.self, QOBAllTypes.self,
        ])
        try await realm.write { realm in
            let lists = realm.objects(QOBArrayProperty.self)
            let sets = realm.objects(QOBSetProperty.self)
            let maps = realm.objects(QOBDictionaryProperty.self)
            qobExpectError(
                lists,
                "array['invalid'] = NULL",
                [],
                "Invalid keypath 'array[\"invalid\"]': only dictionaries and realm `Any` support subscript predicates."
            )
            qobExpectError(
                sets,
                "set['invalid'] = NULL",
                [],
                "Invalid keypath 'set[\"invalid\"]': only dictionaries and realm `Any` support subscript predicates."
            )
            qobExpectError(
                realm.objects(QOBOwner.self),
                "dog['dogName'] = NULL",
                [],
                "Aggregate operations can only be used on key paths that include an collection property"
            )
            qobExpectError(maps, "stringDictionary[%@] = NULL", [ObjectId.generate()], nil)
            qobExpectError(
                maps,
                "stringDictionary['aKey']['bKey'] = NULL",
                [],
                "Invalid subscript size 'stringDictionary[\"aKey\"][\"bKey\"]': nested dictionaries queries are only "
                    + "allowed in mixed properties."
            )
            qobExpectError(
                maps,
                "stringDictionary[0] = NULL",
                [],
                "Invalid subscript type 'stringDictionary[0]'; only string keys are allowed as subscripts in "
                    + "dictionary queries."
            )
            // testMixedSubscriptsThrowsException: a mixed value takes string or index subscripts only.
            qobExpectError(realm.objects(QOBAllTypes.self), "anyCol[%@] = NULL", [ObjectId.generate()], nil)
            // testCollectionsQueryAllValuesAllKeys.
            let string = try realm.create(QOBString.self, value: ["value1"])
            for path in ["@allValues", "@allKeys"] {
                qobExpectError(
                    lists,
                    "ANY array.\(path) = %@",
                    [string],
                    "Invalid keypath 'array.\(path)': \(path) must follow a dictionary property."
                )
                qobExpectError(
                    sets,
                    "ANY set.\(path) = %@",
                    [string],
                    "Invalid keypath 'set.\(path)': \(path) must follow a dictionary property."
                )
            }
        }
    }

    @Test("A map's keys compared with a string property")
    func dictionaryKeyComparedToColumn() async throws {
        let realm = try await qobRealm([QOBEmployee.self, QOBCompany.self, QOBInt.self, QOBIntegerDictionary.self])
        try await realm.write { realm in
            for key in ["a", "aa", "A", "AA"] {
                try realm.create(QOBCompany.self, value: ["name": "a", "employeeDict": [key: QOBEmployee()]])
            }
            let companies = realm.objects(QOBCompany.self)
            let rows: [(String, Int)] = [
                ("ANY employeeDict.@allKeys = name", 1), ("ANY employeeDict.@allKeys =[c] name", 2),
                ("ANY employeeDict.@allKeys != name", 3), ("ANY employeeDict.@allKeys !=[c] name", 2),
                ("ANY employeeDict.@allKeys BEGINSWITH name", 2), ("ANY employeeDict.@allKeys BEGINSWITH[c] name", 4),
                ("ANY employeeDict.@allKeys ENDSWITH name", 2), ("ANY employeeDict.@allKeys ENDSWITH[c] name", 4),
                ("ANY employeeDict.@allKeys CONTAINS name", 2), ("ANY employeeDict.@allKeys CONTAINS[c] name", 4),
            ]
            for (query, count) in rows { qobExpect(companies, query, [], count) }
            qobExpectError(
                companies,
                "ANY employeeDict.@allKeys = 1",
                [],
                "@allKeys can only be compared with a string value."
            )
            qobExpectError(
                realm.objects(QOBIntegerDictionary.self),
                "ANY dictionary.@allKeys = number",
                [],
                "@allKeys can only be compared with a string value."
            )
        }
    }
}
