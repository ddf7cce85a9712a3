import Foundation
import Strata
import Testing

// RealmSwift/Tests/QueryTests.swift: testEqualAnyRealmValue, testNotEqualAnyRealmValue, testEqualAnyRealmList,
// testEqualAnyRealmDictionary, testNestedAnyRealmList, testNestedAnyRealmDictionary,
// testGreaterThanNumericAnyRealmValue, testGreaterThanStringAnyRealmValue, testLessThanNumericAnyRealmValue and
// testLessThanStringAnyRealmValue. Each row stores a value in the one object's `anyCol` and counts a query.

extension TypedQueryPortTests {
    /// The twelve values Realm stores in `anyCol` in turn, the object one being `circle`.
    static func mixedValues(_ circle: TQPCircle) -> [AnyRealmValue] {
        [
            .none, .int(123), .bool(true), .float(123.456), .double(123.456), .string("FooBar"),
            .data(Data(count: 64)), .date(Date(timeIntervalSince1970: 1_000_000)), .object(circle),
            .objectId(ObjectId("61184062c1d8f096a3695046")), .decimal128(123.456),
            .uuid(UUID(uuidString: "33041937-05b2-464a-98ad-3910cbe0d09e")!),
        ]
    }

    /// Runs `body` in a write of a realm holding Realm's data set, with its ``TQPAllTypes`` object and a circle object
    /// for `.object` values, and checks the outcomes it returns.
    static func withMixedObject(
        _ body: @escaping @Sendable (isolated Realm, TQPAllTypes, TQPCircle) throws -> [TQPOutcome]
    ) async throws {
        let realm = try await makeRealm()
        let outcomes = try await realm.write { realm -> [TQPOutcome] in
            let circle = TQPCircle()
            try realm.add(circle)
            return try body(realm, realm.objects(TQPAllTypes.self).first!, circle)
        }
        for outcome in outcomes { outcome.check() }
    }

    @Test("anyCol == v matches and anyCol != v does not, for a value of each mixed type (testEqualAnyRealmValue)")
    func mixedEquality() async throws {
        try await Self.withMixedObject { realm, object, circle in
            Self.mixedValues(circle).flatMap { value -> [TQPOutcome] in
                object.anyCol = value
                return [
                    TQPOutcome("anyCol == \(value)", 1, tqpCount(realm, TQPAllTypes.self) { $0.anyCol == value }),
                    TQPOutcome("anyCol != \(value)", 0, tqpCount(realm, TQPAllTypes.self) { $0.anyCol != value }),
                ]
            }
        }
    }

    @Test("anyCol holding a one-element list equals an unmanaged list of that element (testEqualAnyRealmList)")
    func mixedListEquality() async throws {
        try await Self.withMixedObject { realm, object, circle in
            Self.mixedValues(circle).map { value -> TQPOutcome in
                let stored = List<AnyRealmValue>()
                stored.append(value)
                object.anyCol = .list(stored)
                let count = tqpCount(realm, TQPAllTypes.self) {
                    let list = List<AnyRealmValue>()
                    list.append(value)
                    return $0.anyCol == .list(list)
                }
                return TQPOutcome("anyCol == [\(value)]", 1, count)
            }
        }
    }

    @Test("anyCol holding a one-entry dictionary equals an unmanaged map of it (testEqualAnyRealmDictionary)")
    func mixedDictionaryEquality() async throws {
        try await Self.withMixedObject { realm, object, circle in
            Self.mixedValues(circle).map { value -> TQPOutcome in
                let stored = Map<String, AnyRealmValue>()
                stored["key"] = value
                object.anyCol = .dictionary(stored)
                let count = tqpCount(realm, TQPAllTypes.self) {
                    let dictionary = Map<String, AnyRealmValue>()
                    dictionary["key"] = value
                    return $0.anyCol == .dictionary(dictionary)
                }
                return TQPOutcome("anyCol == [\"key\": \(value)]", 1, count)
            }
        }
    }

    @Test("Subscripts and .any reach into lists nested in anyCol (testNestedAnyRealmList)")
    func nestedMixedList() async throws {
        try await Self.withMixedObject { realm, object, _ in
            let level2 = AnyRealmValue.fromArray([.string("john"), .bool(false)])
            let level3 = AnyRealmValue.fromArray([level2, .double(76.54)])
            let level4 = AnyRealmValue.fromArray([level3, .int(99)])
            object.anyCol = .fromArray([level4, .float(20.34)])
            let count = { (query: (Query<TQPAllTypes>) -> Query<Bool>) -> Int in
                tqpCount(realm, TQPAllTypes.self, query)
            }
            return [
                TQPOutcome("anyCol[1] == 20.34", 1, count { $0.anyCol[1] == .float(20.34) }),
                TQPOutcome("anyCol.any == 20.34", 1, count { $0.anyCol.any == .float(20.34) }),
                TQPOutcome("anyCol[0][1] == 99", 1, count { $0.anyCol[0][1] == .int(99) }),
                TQPOutcome("anyCol[0][0][1] == 76.54", 1, count { $0.anyCol[0][0][1] == .double(76.54) }),
                TQPOutcome("anyCol[0][0].any == 76.54", 1, count { $0.anyCol[0][0].any == .double(76.54) }),
                TQPOutcome("anyCol[0][0][0][0] == john", 1, count { $0.anyCol[0][0][0][0] == .string("john") }),
                TQPOutcome("anyCol[0][0][0][1] == false", 1, count { $0.anyCol[0][0][0][1] == .bool(false) }),
                TQPOutcome("anyCol[0][0][0].any == john", 1, count { $0.anyCol[0][0][0].any == .string("john") }),
                TQPOutcome("anyCol[0][0][0].any == false", 1, count { $0.anyCol[0][0][0].any == .bool(false) }),
                TQPOutcome("anyCol[0][1] >= 99", 1, count { $0.anyCol[0][1] >= .int(99) }),
                TQPOutcome("anyCol[0][1] <= 99", 1, count { $0.anyCol[0][1] <= .int(99) }),
                TQPOutcome("anyCol[0][1] != 99", 0, count { $0.anyCol[0][1] != .int(99) }),
                TQPOutcome(
                    "anyCol[\"#any\"] == 20.34 (a key, not .any)",
                    0,
                    count { $0.anyCol["#any"] == .float(20.34) }
                ),
            ]
        }
    }

    @Test("Subscripts and .any reach into dictionaries nested in anyCol (testNestedAnyRealmDictionary)")
    func nestedMixedDictionary() async throws {
        try await Self.withMixedObject { realm, object, _ in
            let level2 = AnyRealmValue.fromDictionary(["key6": .string("john"), "key7": .bool(false)])
            let level3 = AnyRealmValue.fromDictionary(["key4": level2, "key5": .double(76.54)])
            let level4 = AnyRealmValue.fromDictionary(["key2": level3, "key3": .int(99)])
            object.anyCol = .fromDictionary(["key0": level4, "key1": .float(20.34)])
            let count = { (query: (Query<TQPAllTypes>) -> Query<Bool>) -> Int in
                tqpCount(realm, TQPAllTypes.self, query)
            }
            return [
                TQPOutcome("anyCol[key1] == 20.34", 1, count { $0.anyCol["key1"] == .float(20.34) }),
                TQPOutcome("anyCol.any == 20.34", 1, count { $0.anyCol.any == .float(20.34) }),
                TQPOutcome("anyCol[key0][key3] == 99", 1, count { $0.anyCol["key0"]["key3"] == .int(99) }),
                TQPOutcome("anyCol[key0].any == 99", 1, count { $0.anyCol["key0"].any == .int(99) }),
                TQPOutcome(
                    "anyCol[key0][key2][key5] == 76.54",
                    1,
                    count { $0.anyCol["key0"]["key2"]["key5"] == .double(76.54) }
                ),
                TQPOutcome(
                    "anyCol[key0][key2].any == 76.54",
                    1,
                    count { $0.anyCol["key0"]["key2"].any == .double(76.54) }
                ),
                TQPOutcome(
                    "anyCol[key0][key2][key4][key6] == john",
                    1,
                    count { $0.anyCol["key0"]["key2"]["key4"]["key6"] == .string("john") }
                ),
                TQPOutcome(
                    "anyCol[key0][key2][key4][key7] == false",
                    1,
                    count { $0.anyCol["key0"]["key2"]["key4"]["key7"] == .bool(false) }
                ),
                TQPOutcome("anyCol[key0].any >= 99", 1, count { $0.anyCol["key0"].any >= .int(99) }),
                TQPOutcome("anyCol[key0].any <= 99", 1, count { $0.anyCol["key0"].any <= .int(99) }),
                TQPOutcome("anyCol[key0][key3] != 99", 0, count { $0.anyCol["key0"]["key3"] != .int(99) }),
                TQPOutcome(
                    "anyCol[key0][\"#any\"] == 99 (a key, not .any)",
                    0,
                    count { $0.anyCol["key0"]["#any"] == .int(99) }
                ),
            ]
        }
    }

    @Test("anyCol ordered against the number, date, decimal or string it holds (greater and less than tests)")
    func mixedOrder() async throws {
        try await Self.withMixedObject { realm, object, _ in
            let values: [AnyRealmValue] = [
                .int(123), .float(123.456), .double(123.456), .date(Date(timeIntervalSince1970: 1_000_000)),
                .decimal128(123.456), .string("FooBar"),
            ]
            return values.flatMap { value -> [TQPOutcome] in
                object.anyCol = value
                let count = { (query: (Query<TQPAllTypes>) -> Query<Bool>) -> Int in
                    tqpCount(realm, TQPAllTypes.self, query)
                }
                return [
                    TQPOutcome("anyCol > \(value)", 0, count { $0.anyCol > value }),
                    TQPOutcome("anyCol >= \(value)", 1, count { $0.anyCol >= value }),
                    TQPOutcome("anyCol < \(value)", 0, count { $0.anyCol < value }),
                    TQPOutcome("anyCol <= \(value)", 1, count { $0.anyCol <= value }),
                ]
            }
        }
    }
}
