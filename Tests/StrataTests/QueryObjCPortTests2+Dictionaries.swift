import Foundation
import Strata
import Testing

// realm-swift Realm/Tests/QueryTests.m: testDictionaryQueryAllKeys, testDictionaryQueryAllValues_RLMObject,
// testDictionaryQueryAllValues_NSString, testDictionaryQueryAllValues_ObjectId, testDictionaryQueryAllValues_UUID,
// testDictionaryQueryAllValues_Data, testDictionaryQueryAllValues, testDictionaryQueryKeySubscript,
// testDictionaryQueryKeySubscriptWithObjectCol, testDictionarySubscriptThrowsException,
// testMixedSubscriptsThrowsException, testCollectionsQueryAllValuesAllKeys and testDictionaryKeyComparedToColumn.
// Each row's `%K` is the map property under test.

/// A map property of `QOBAllDictionaries` and the values its tests store.
struct QOBMapCase: Sendable, CustomTestStringConvertible {
    let property: String
    /// Makes the value stored under each key (a fresh object for `stringObjDict`).
    let make: @Sendable (Int) -> Any
    var testDescription: String { property }

    /// testDictionaryQueryAllKeys' value of each map property.
    static let allKeysCases: [QOBMapCase] = [
        .init(property: "intDict") { _ in 123 }, .init(property: "floatDict") { _ in Float(789.123) },
        .init(property: "doubleDict") { _ in 789.123 }, .init(property: "boolDict") { _ in true },
        .init(property: "stringDict") { _ in "Hello" }, .init(property: "dataDict") { _ in Data("123".utf8) },
        .init(property: "dateDict") { _ in Date(timeIntervalSince1970: 100) },
        .init(property: "decimalDict") { _ in Decimal128(number: 123.456) },
        .init(property: "objectIdDict") { _ in try! ObjectId(string: "60425fff91d7a195d5ddac1b") },
        .init(property: "uuidDict") { _ in UUID(uuidString: "00000000-0000-0000-0000-000000000000")! },
        .init(property: "stringObjDict") { _ in QOBString(value: ["hi"]) },
    ]
}

extension QueryObjCPortTests2 {
    /// A realm of `QOBAllDictionaries` objects, each holding `property: [key: value]` for one of `entries`.
    static func mapRealm(_ property: String, _ entries: [(String, Any)]) async throws -> Realm {
        let realm = try await qobRealm([QOBString.self, QOBAllDictionaries.self, QOBDictionaryParent.self])
        nonisolated(unsafe) let entries = entries
        try await realm.write { realm in
            for (key, value) in entries { try realm.create(QOBAllDictionaries.self, value: [property: [key: value]]) }
        }
        return realm
    }

    /// Runs rows of (query, further arguments, count) on every `QOBAllDictionaries`, `property` as the first argument.
    static func expectMapRows(
        _ property: String,
        _ rows: [(String, [Any], Int)],
        in realm: isolated Realm,
        issue: (String) -> String? = { _ in nil },
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let all = realm.objects(QOBAllDictionaries.self)
        for (query, args, count) in rows {
            qobExpect(all, query, [property] + args, count, issue: issue(query), sourceLocation: sourceLocation)
        }
    }

    @Test("ANY map.@allKeys with each comparison and string operator", arguments: QOBMapCase.allKeysCases)
    func dictionaryQueryAllKeys(map: QOBMapCase) async throws {
        let keys = ["key1", "key2", "key3", "key1", "KEY3", "kêÿ2", "KEY2", "lock1"]
        let realm = try await Self.mapRealm(map.property, keys.enumerated().map { ($0.element, map.make($0.offset)) })
        await realm.read { realm in
            let rows: [(String, [Any], Int)] = [
                ("ANY %K.@allKeys = 'key'", [], 0), ("ANY %K.@allKeys = 'key1'", [], 2),
                ("ANY %K.@allKeys = 'key3'", [], 1), ("ANY %K.@allKeys != 'key3'", [], 7),
                ("ANY %K.@allKeys =[c] 'key3'", [], 2), ("ANY %K.@allKeys !=[c] 'key3'", [], 6),
                ("ANY %K.@allKeys =[cd] 'key3'", [], 2), ("ANY %K.@allKeys !=[cd] 'key3'", [], 6),
                ("NOT ANY %K.@allKeys !=[cd] 'key3'", [], 2),
                ("ANY %K.@allKeys BEGINSWITH 'ke'", [], 4), ("NOT ANY %K.@allKeys BEGINSWITH 'ke'", [], 4),
                ("ANY %K.@allKeys BEGINSWITH[c] 'ke'", [], 6), ("ANY %K.@allKeys BEGINSWITH[cd] 'ke'", [], 7),
                ("ANY %K.@allKeys BEGINSWITH NULL", [], 0),
                ("ANY %K.@allKeys CONTAINS 'ey'", [], 4), ("ANY %K.@allKeys CONTAINS[c] 'ey'", [], 6),
                ("ANY %K.@allKeys CONTAINS[cd] 'ey'", [], 7), ("ANY %K.@allKeys CONTAINS NULL", [], 0),
                ("ANY %K.@allKeys ENDSWITH 'y2'", [], 1), ("ANY %K.@allKeys ENDSWITH[c] 'y2'", [], 2),
                ("ANY %K.@allKeys ENDSWITH[cd] 'y2'", [], 3), ("ANY %K.@allKeys ENDSWITH NULL", [], 0),
                ("ANY %K.@allKeys LIKE 'key*'", [], 4), ("ANY %K.@allKeys LIKE[c] 'key*'", [], 6),
                ("ANY %K.@allKeys LIKE NULL", [], 0), ("NOT ANY %K.@allKeys LIKE 'key*'", [], 4),
                ("NOT ANY %K.@allKeys LIKE[c] 'key*'", [], 2), ("NOT ANY %K.@allKeys LIKE NULL", [], 8),
            ]
            Self.expectMapRows(map.property, rows, in: realm)
            qobExpectError(
                realm.objects(QOBAllDictionaries.self),
                "ANY %K.@allKeys LIKE[cd] 'key*'",
                [map.property],
                "Operator 'LIKE' not supported with diacritic-insensitive modifier."
            )
        }
    }

    @Test("ANY map.@allValues of objects: equality and IN, their properties, and the operators objects refuse")
    func dictionaryQueryAllValuesOfObjects() async throws {
        let entries: [(String, Any)] = ["hello", "Héllo", "HELLO"].enumerated().map {
            ($0.offset == 0 ? "aKey" : "aKey\($0.offset + 1)", QOBString(value: [$0.element]))
        }
        let realm = try await Self.mapRealm("stringObjDict", entries)
        await realm.read { realm in
            let hello = realm.objects(QOBString.self).filter("stringCol = 'hello'").first!
            Self.expectMapRows(
                "stringObjDict",
                [
                    ("ANY %K.@allValues = %@", [hello], 1), ("ANY %K.@allValues != %@", [hello], 2),
                    ("ANY %K.@allValues IN %@", [[hello]], 1), ("ANY %K.@allValues IN %@", [[QOBString]()], 0),
                    ("ANY %K.stringCol = %@", ["hello"], 1), ("ANY %K.stringCol != %@", ["hello"], 2),
                    ("ANY %K.stringCol BEGINSWITH %@", ["h"], 1), ("ANY %K.stringCol BEGINSWITH[c] %@", ["h"], 3),
                    ("ANY %K.stringCol BEGINSWITH[c] %@", ["he"], 2),
                    ("ANY %K.stringCol BEGINSWITH[cd] %@", ["he"], 3),
                ],
                in: realm
            )
            let all = realm.objects(QOBAllDictionaries.self)
            qobExpectError(
                all,
                "ANY %K.@allValues BETWEEN %@",
                ["stringObjDict", [hello, hello]],
                "Operator 'BETWEEN' not supported for type 'object'"
            )
            for operation in ["BEGINSWITH", "CONTAINS", "ENDSWITH", "LIKE"] {
                qobExpectError(
                    all,
                    "ANY %K.@allValues \(operation) %@",
                    ["stringObjDict", hello],
                    "Operator '\(operation)' not supported for type 'object'"
                )
            }
        }
    }

    @Test("ANY map.@allValues of strings with each comparison and string operator")
    func dictionaryQueryAllValuesOfStrings() async throws {
        let realm = try await Self.mapRealm("stringDict", [("aKey", "hello"), ("aKey2", "Héllo"), ("aKey3", "HELLO")])
        await realm.read { realm in
            let rows: [(String, [Any], Int)] = [
                ("ANY %K.@allValues = %@", ["hello"], 1), ("ANY %K.@allValues != %@", ["hello"], 2),
                ("ANY %K.@allValues =[c] %@", ["hello"], 2), ("ANY %K.@allValues !=[c] %@", ["hello"], 1),
                ("ANY %K.@allValues =[cd] %@", ["hello"], 3), ("ANY %K.@allValues !=[cd] %@", ["hello"], 0),
                ("ANY %K.@allValues BEGINSWITH 'he'", [], 1), ("NOT ANY %K.@allValues BEGINSWITH 'he'", [], 2),
                ("ANY %K.@allValues BEGINSWITH[c] 'he'", [], 2), ("ANY %K.@allValues BEGINSWITH[cd] 'he'", [], 3),
                ("ANY %K.@allValues BEGINSWITH NULL", [], 0),
                ("ANY %K.@allValues CONTAINS 'el'", [], 1), ("ANY %K.@allValues CONTAINS[c] 'el'", [], 2),
                ("ANY %K.@allValues CONTAINS[cd] 'el'", [], 3), ("ANY %K.@allValues CONTAINS NULL", [], 0),
                ("ANY %K.@allValues ENDSWITH 'lo'", [], 2), ("ANY %K.@allValues ENDSWITH[c] 'lo'", [], 3),
                ("ANY %K.@allValues ENDSWITH[cd] 'lo'", [], 3), ("ANY %K.@allValues ENDSWITH NULL", [], 0),
                ("ANY %K.@allValues LIKE 'hel*'", [], 1), ("ANY %K.@allValues LIKE[c] 'hel*'", [], 2),
                ("ANY %K.@allValues LIKE NULL", [], 0), ("NOT ANY %K.@allValues LIKE 'hel*'", [], 2),
                ("NOT ANY %K.@allValues LIKE[c] 'hel*'", [], 1), ("NOT ANY %K.@allValues LIKE NULL", [], 3),
            ]
            Self.expectMapRows("stringDict", rows, in: realm)
            qobExpectError(
                realm.objects(QOBAllDictionaries.self),
                "ANY %K.@allValues LIKE[cd] 'hel*'",
                ["stringDict"],
                "Operator 'LIKE' not supported with diacritic-insensitive modifier."
            )
        }
    }

    @Test("ANY map.@allValues of object ids and UUIDs: equality only", arguments: ["objectIdDict", "uuidDict"])
    func dictionaryQueryAllValuesOfIds(property: String) async throws {
        let values: [Any] =
            property == "objectIdDict"
            ? ["60425fff91d7a195d5ddac1b", "60425fff91d7a195d5ddac1a", "60425fff91d7a195d5ddac1c"].map {
                try! ObjectId(string: $0)
            }
            : ["88", "87", "89"].map { UUID(uuidString: "137DECC8-B300-4954-A233-F89909F4FD\($0)")! }
        let realm = try await Self.mapRealm(property, zip(["aKey", "aKey2", "aKey3"], values).map { ($0, $1) })
        nonisolated(unsafe) let first = values[0]
        await realm.read { realm in
            Self.expectMapRows(
                property,
                [
                    ("ANY %K.@allValues = %@", [first], 1), ("ANY %K.@allValues != %@", [first], 2),
                    ("ANY %K.@allValues =[c] %@", [first], 1), ("ANY %K.@allValues !=[c] %@", [first], 2),
                    ("ANY %K.@allValues =[cd] %@", [first], 1), ("ANY %K.@allValues !=[cd] %@", [first], 2),
                ],
                in: realm
            )
            let typeName = property == "objectIdDict" ? "object id" : "uuid"
            for operation in [">", "<", "LIKE", "BEGINSWITH", "CONTAINS", "ENDSWITH"] {
                qobExpectError(
                    realm.objects(QOBAllDictionaries.self),
                    "ANY %K.@allValues \(operation) %@",
                    [property, first],
                    "Operator '\(operation)' not supported for type '\(typeName)'"
                )
            }
        }
    }

    @Test("ANY map.@allValues of data: comparisons, ordering and the string operators with data needles")
    func dictionaryQueryAllValuesOfData() async throws {
        let data: @Sendable (String) -> Data = { Data($0.utf8) }
        let realm = try await Self.mapRealm(
            "dataDict",
            [("aKey", data("hey")), ("aKey2", data("hi")), ("aKey3", data("hello"))]
        )
        await realm.read { realm in
            let hey = data("hey")
            let rows: [(String, [Any], Int)] = [
                ("ANY %K.@allValues = %@", [hey], 1), ("ANY %K.@allValues != %@", [hey], 2),
                ("ANY %K.@allValues =[c] %@", [hey], 1), ("ANY %K.@allValues !=[c] %@", [hey], 2),
                ("ANY %K.@allValues =[cd] %@", [hey], 1), ("ANY %K.@allValues !=[cd] %@", [hey], 2),
                ("ANY %K.@allValues > %@", [hey], 1), ("ANY %K.@allValues >= %@", [hey], 2),
                ("ANY %K.@allValues < %@", [hey], 1), ("ANY %K.@allValues <= %@", [hey], 2),
                ("ANY %K.@allValues LIKE %@", [data("hello")], 1), ("ANY %K.@allValues LIKE %@", [data("he*")], 2),
                ("ANY %K.@allValues BEGINSWITH %@", [data("he")], 2),
                ("ANY %K.@allValues CONTAINS %@", [data("ell")], 1),
                ("ANY %K.@allValues ENDSWITH %@", [data("lo")], 1),
            ]
            Self.expectMapRows("dataDict", rows, in: realm)
        }
    }
}
