import Foundation
import Strata
import Testing

// Facts from realm-swift's Objective-C primitive collection suites, `Realm/Tests/PrimitiveArrayPropertyTests.tpl.m`,
// `Realm/Tests/PrimitiveSetPropertyTests.tpl.m` and `Realm/Tests/PrimitiveDictionaryPropertyTests.tpl.m` (the
// templates of the generated `.m` files), that the Swift ports (PrimitiveCollectionPortTests*, ListPortTests+Primitive,
// MutableSetPortTests+Primitive, MapPortTests*, CollectionSemanticsTests+PrimitiveValues) do not assert already:
//   - testSort, testIndexOfObjectSorted and testIndexOfObjectDistinct of all three: sorting a list that holds
//     duplicates and nil (nil sorts first ascending, last descending), the positions in the sorted and distinct
//     results, and the same for a set and a map, for every value type and its optional;
//   - testIsSubsetOfSet, testIntersect, testMinus and testUnion of the set suite with nil in both sets (nil takes
//     part as any other member);
//   - testSetValueForKey of the list and set suites: the key `self` makes every element of a list the value, and
//     leaves a set holding the value alone, nil included;
//   - testMax and testValueForKeyNumericAggregates of the dictionary suite: a map whose values are v0 and nil answers
//     v0 for min and max, v0 for sum and average (PrimitiveObjCPortTests+Queries.swift);
//   - testQueryCount, testQuerySum, testQueryAverage, testQueryMin and testQueryMax of the list suite: how many
//     objects `@count`, `@sum`, `@avg`, `@min` and `@max` of a list property match (PrimitiveObjCPortTests+Queries.swift).
//
// Each type uses two ascending values v0 and v1, as the Objective-C suites do (their own `$v0` and `$v1`). Lists,
// sets and maps of AnyRealmValue are left out of these tables (the value type is not Sendable; their sorting is
// asserted by CollectionSemanticsTests+PrimitiveValues.swift); they are in the `@count`/`@min`/`@max` query rows.
//
// Skipped: the Objective-C exceptions (wrong-type values, out-of-bounds indexes, "not implemented" filters on value
// collections, unmanaged sorting, thread and invalidation checks: traps in Swift, or facts other ports assert), the
// type/optional/objectClassName introspection of RLMArray, fast enumeration, `@unionOfObjects`-style KVC operators,
// notifications, and a map's setValue(NSNull) (Swift's Map removes the key instead, asserted elsewhere).

/// A list, a set and a map of each value type and its optional.
final class POCCollections: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var listInt: List<Int>
    @Persisted var listBool: List<Bool>
    @Persisted var listFloat: List<Float>
    @Persisted var listDouble: List<Double>
    @Persisted var listString: List<String>
    @Persisted var listData: List<Data>
    @Persisted var listDate: List<Date>
    @Persisted var listDecimal: List<Decimal128>
    @Persisted var listObjectId: List<ObjectId>
    @Persisted var listUUID: List<UUID>
    @Persisted var listOptInt: List<Int?>
    @Persisted var listOptBool: List<Bool?>
    @Persisted var listOptFloat: List<Float?>
    @Persisted var listOptDouble: List<Double?>
    @Persisted var listOptString: List<String?>
    @Persisted var listOptData: List<Data?>
    @Persisted var listOptDate: List<Date?>
    @Persisted var listOptDecimal: List<Decimal128?>
    @Persisted var listOptObjectId: List<ObjectId?>
    @Persisted var listOptUUID: List<UUID?>
    @Persisted var setInt: MutableSet<Int>
    @Persisted var setBool: MutableSet<Bool>
    @Persisted var setFloat: MutableSet<Float>
    @Persisted var setDouble: MutableSet<Double>
    @Persisted var setString: MutableSet<String>
    @Persisted var setData: MutableSet<Data>
    @Persisted var setDate: MutableSet<Date>
    @Persisted var setDecimal: MutableSet<Decimal128>
    @Persisted var setObjectId: MutableSet<ObjectId>
    @Persisted var setUUID: MutableSet<UUID>
    @Persisted var setOptInt: MutableSet<Int?>
    @Persisted var setOptBool: MutableSet<Bool?>
    @Persisted var setOptFloat: MutableSet<Float?>
    @Persisted var setOptDouble: MutableSet<Double?>
    @Persisted var setOptString: MutableSet<String?>
    @Persisted var setOptData: MutableSet<Data?>
    @Persisted var setOptDate: MutableSet<Date?>
    @Persisted var setOptDecimal: MutableSet<Decimal128?>
    @Persisted var setOptObjectId: MutableSet<ObjectId?>
    @Persisted var setOptUUID: MutableSet<UUID?>
    @Persisted var mapInt: Map<String, Int>
    @Persisted var mapBool: Map<String, Bool>
    @Persisted var mapFloat: Map<String, Float>
    @Persisted var mapDouble: Map<String, Double>
    @Persisted var mapString: Map<String, String>
    @Persisted var mapData: Map<String, Data>
    @Persisted var mapDate: Map<String, Date>
    @Persisted var mapDecimal: Map<String, Decimal128>
    @Persisted var mapObjectId: Map<String, ObjectId>
    @Persisted var mapUUID: Map<String, UUID>
    @Persisted var mapOptInt: Map<String, Int?>
    @Persisted var mapOptBool: Map<String, Bool?>
    @Persisted var mapOptFloat: Map<String, Float?>
    @Persisted var mapOptDouble: Map<String, Double?>
    @Persisted var mapOptString: Map<String, String?>
    @Persisted var mapOptData: Map<String, Data?>
    @Persisted var mapOptDate: Map<String, Date?>
    @Persisted var mapOptDecimal: Map<String, Decimal128?>
    @Persisted var mapOptObjectId: Map<String, ObjectId?>
    @Persisted var mapOptUUID: Map<String, UUID?>
}

/// The two ascending values of each type.
enum POCValues {
    static let data = [Data("a".utf8), Data("bc".utf8)]
    static let dates = [Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 2)]
    static let decimals = ["2", "3"].map { try! Decimal128(string: $0) }
    static let objectIds = [
        ObjectId(bytes: Array(repeating: 0x60, count: 11) + [1]),
        ObjectId(bytes: Array(repeating: 0x60, count: 11) + [2]),
    ]
    static let uuids = [
        UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
        UUID(uuidString: "00000000-0000-0000-0000-000000000002")!,
    ]
}

/// One row: a type's name and the checks it runs on a managed object.
struct POCCase: Sendable, CustomTestStringConvertible {
    let name: String
    let run: @Sendable (_ object: POCCollections, _ other: POCCollections) throws -> Void
    var testDescription: String { name }

    /// Runs the checks on two objects created in a write of a fresh realm.
    func callAsFunction() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([POCCollections.self]))
        let run = self.run
        try await realm.write { realm in
            try run(
                realm.create(POCCollections.self, value: ["id": 1]),
                realm.create(POCCollections.self, value: ["id": 2])
            )
        }
    }

    /// testSort, testIndexOfObjectSorted, testIndexOfObjectDistinct and testSetValueForKey of the list suite.
    /// `null` is the nil of an optional type (`.some(nil)`), nil for a required one.
    static func list<V: RealmCollectionValue & SortableType & Equatable & Sendable>(
        _ name: String,
        _ path: KeyPath<POCCollections, List<V>> & Sendable,
        _ v0: V,
        _ v1: V,
        null: V? = nil
    ) -> Self {
        Self(name: "List<\(name)>") { object, _ in
            let list = object[keyPath: path]
            let nils = null.map { [$0] } ?? []
            list.append(objectsIn: null.map { [v0, v1, $0, v1, v0] } ?? [v0, v1, v0, v1])
            let ascending = nils + [v0, v0, v1, v1]
            #expect(Array(list.sorted(ascending: true)) == ascending, "\(name): sorted(ascending: true)")
            #expect(Array(list.sorted(ascending: false)) == ascending.reversed(), "\(name): sorted(ascending: false)")
            #expect(Array(list.sorted(byKeyPath: "self", ascending: false)) == ascending.reversed(), "\(name)")
            let descending = list.sorted(ascending: false)
            #expect([descending.index(of: v1), descending.index(of: v0)] == [0, 2], "\(name): index(of:), sorted")
            if let null { #expect(descending.index(of: null) == 4, "\(name): index(of: nil), sorted") }

            list.removeAll()
            list.append(objectsIn: [v0, v0] + nils + [v1, v0])
            let distinct = list.distinct()
            #expect(Array(distinct) == [v0] + nils + [v1], "\(name): distinct() keeps the first of each value")
            #expect([distinct.index(of: v0), distinct.index(of: v1)] == [0, 1 + nils.count], "\(name): index(of:)")
            if let null { #expect(distinct.index(of: null) == 1, "\(name): index(of: nil), distinct") }

            list.removeAll()
            list.append(objectsIn: [v0, v1] + nils)
            list.setValue(v0, forKey: "self")
            #expect(Array(list) == Array(repeating: v0, count: 2 + nils.count), "\(name): setValue(v0, forKey: self)")
            if let null {
                list.setValue(nil, forKey: "self")
                #expect(Array(list) == [null, null, null], "\(name): setValue(nil, forKey: self)")
            }
        }
    }

    /// testSort, testIndexOfObjectSorted, testIndexOfObjectDistinct and testSetValueForKey of the set suite.
    static func set<V: RealmCollectionValue & SortableType & Equatable & Sendable>(
        _ name: String,
        _ path: KeyPath<POCCollections, MutableSet<V>> & Sendable,
        _ v0: V,
        _ v1: V,
        null: V? = nil
    ) -> Self {
        Self(name: "MutableSet<\(name)>") { object, otherObject in
            let set = object[keyPath: path]
            let nils = null.map { [$0] } ?? []
            set.insert(objectsIn: [v0, v1] + nils + [v1, v0])
            #expect(set.count == 2 + nils.count, "\(name): duplicates are stored once")
            let ascending = nils + [v0, v1]
            #expect(Array(set.sorted(ascending: true)) == ascending, "\(name): sorted(ascending: true)")
            #expect(Array(set.sorted(ascending: false)) == ascending.reversed(), "\(name): sorted(ascending: false)")
            let descending = set.sorted(ascending: false)
            #expect([descending.index(of: v1), descending.index(of: v0)] == [0, 1], "\(name): index(of:), sorted")
            if let null { #expect(descending.index(of: null) == 2, "\(name): index(of: nil), sorted") }
            #expect(set.distinct().count == ascending.count, "\(name): distinct() of a set is the set")

            // testIsSubsetOfSet, testIntersect, testMinus and testUnion with nil in both sets: nil is a member
            // like any other value.
            let (small, large) = (object[keyPath: path], otherObject[keyPath: path])
            small.removeAll()
            small.insert(objectsIn: [v0] + nils)
            large.insert(objectsIn: [v0, v1] + nils)
            #expect(small.isSubset(of: large) && !large.isSubset(of: small), "\(name): isSubset(of:)")
            #expect(small.intersects(large) && large.intersects(small), "\(name): intersects(_:)")
            small.formIntersection(large)
            #expect(Array(small.sorted()) == nils + [v0], "\(name): formIntersection(_:) keeps nil")
            large.subtract(small)
            #expect(Array(large) == [v1], "\(name): subtract(_:) removes nil too")
            small.formUnion(large)
            #expect(Array(small.sorted()) == ascending, "\(name): formUnion(_:)")
            #expect(Array(large) == [v1], "\(name): formUnion(_:) changes only the receiver")

            set.setValue(v0, forKey: "self")
            #expect(Array(set) == [v0], "\(name): setValue(v0, forKey: self) leaves v0 alone")
            if let null {
                set.setValue(nil, forKey: "self")
                #expect(Array(set) == [null], "\(name): setValue(nil, forKey: self) leaves nil alone")
            }
        }
    }

    /// testSort, testIndexOfObjectSorted of the dictionary suite: a required map holds v0 and v1, an optional one v0
    /// and nil.
    static func map<V: RealmCollectionValue & SortableType & Equatable & Sendable>(
        _ name: String,
        _ path: KeyPath<POCCollections, Map<String, V>> & Sendable,
        _ v0: V,
        _ v1: V,
        null: V? = nil
    ) -> Self {
        Self(name: "Map<String, \(name)>") { object, _ in
            let map = object[keyPath: path]
            let second = null ?? v1
            map["k0"] = v0
            map["k1"] = second
            let ascending = null == nil ? [v0, v1] : [second, v0]
            #expect(Array(map.sorted(ascending: true)) == ascending, "\(name): sorted(ascending: true)")
            #expect(Array(map.sorted(ascending: false)) == ascending.reversed(), "\(name): sorted(ascending: false)")
            let descending = map.sorted(ascending: false)
            #expect(
                [descending.index(of: v0), descending.index(of: second)] == (null == nil ? [1, 0] : [0, 1]),
                "\(name): index(of:), sorted"
            )
        }
    }
}

@Suite("Primitive ObjC port: sorting, distinct and setValue(forKey: self) of lists, sets and maps of each type")
struct PrimitiveObjCPortTests {
    static let listCases: [POCCase] = [
        .list("Int", \.listInt, 2, 3),
        .list("Bool", \.listBool, false, true),
        .list("Float", \.listFloat, 2.2, 3.3),
        .list("Double", \.listDouble, 2.2, 3.3),
        .list("String", \.listString, "a", "bc"),
        .list("Data", \.listData, POCValues.data[0], POCValues.data[1]),
        .list("Date", \.listDate, POCValues.dates[0], POCValues.dates[1]),
        .list("Decimal128", \.listDecimal, POCValues.decimals[0], POCValues.decimals[1]),
        .list("ObjectId", \.listObjectId, POCValues.objectIds[0], POCValues.objectIds[1]),
        .list("UUID", \.listUUID, POCValues.uuids[0], POCValues.uuids[1]),
        .list("Int?", \.listOptInt, 2, 3, null: .some(nil)),
        .list("Bool?", \.listOptBool, false, true, null: .some(nil)),
        .list("Float?", \.listOptFloat, 2.2, 3.3, null: .some(nil)),
        .list("Double?", \.listOptDouble, 2.2, 3.3, null: .some(nil)),
        .list("String?", \.listOptString, "a", "bc", null: .some(nil)),
        .list("Data?", \.listOptData, POCValues.data[0], POCValues.data[1], null: .some(nil)),
        .list("Date?", \.listOptDate, POCValues.dates[0], POCValues.dates[1], null: .some(nil)),
        .list("Decimal128?", \.listOptDecimal, POCValues.decimals[0], POCValues.decimals[1], null: .some(nil)),
        .list("ObjectId?", \.listOptObjectId, POCValues.objectIds[0], POCValues.objectIds[1], null: .some(nil)),
        .list("UUID?", \.listOptUUID, POCValues.uuids[0], POCValues.uuids[1], null: .some(nil)),
    ]

    static let setCases: [POCCase] = [
        .set("Int", \.setInt, 2, 3),
        .set("Bool", \.setBool, false, true),
        .set("Float", \.setFloat, 2.2, 3.3),
        .set("Double", \.setDouble, 2.2, 3.3),
        .set("String", \.setString, "a", "bc"),
        .set("Data", \.setData, POCValues.data[0], POCValues.data[1]),
        .set("Date", \.setDate, POCValues.dates[0], POCValues.dates[1]),
        .set("Decimal128", \.setDecimal, POCValues.decimals[0], POCValues.decimals[1]),
        .set("ObjectId", \.setObjectId, POCValues.objectIds[0], POCValues.objectIds[1]),
        .set("UUID", \.setUUID, POCValues.uuids[0], POCValues.uuids[1]),
        .set("Int?", \.setOptInt, 2, 3, null: .some(nil)),
        .set("Bool?", \.setOptBool, false, true, null: .some(nil)),
        .set("Float?", \.setOptFloat, 2.2, 3.3, null: .some(nil)),
        .set("Double?", \.setOptDouble, 2.2, 3.3, null: .some(nil)),
        .set("String?", \.setOptString, "a", "bc", null: .some(nil)),
        .set("Data?", \.setOptData, POCValues.data[0], POCValues.data[1], null: .some(nil)),
        .set("Date?", \.setOptDate, POCValues.dates[0], POCValues.dates[1], null: .some(nil)),
        .set("Decimal128?", \.setOptDecimal, POCValues.decimals[0], POCValues.decimals[1], null: .some(nil)),
        .set("ObjectId?", \.setOptObjectId, POCValues.objectIds[0], POCValues.objectIds[1], null: .some(nil)),
        .set("UUID?", \.setOptUUID, POCValues.uuids[0], POCValues.uuids[1], null: .some(nil)),
    ]

    static let mapCases: [POCCase] = [
        .map("Int", \.mapInt, 2, 3),
        .map("Bool", \.mapBool, false, true),
        .map("Float", \.mapFloat, 2.2, 3.3),
        .map("Double", \.mapDouble, 2.2, 3.3),
        .map("String", \.mapString, "a", "bc"),
        .map("Data", \.mapData, POCValues.data[0], POCValues.data[1]),
        .map("Date", \.mapDate, POCValues.dates[0], POCValues.dates[1]),
        .map("Decimal128", \.mapDecimal, POCValues.decimals[0], POCValues.decimals[1]),
        .map("ObjectId", \.mapObjectId, POCValues.objectIds[0], POCValues.objectIds[1]),
        .map("UUID", \.mapUUID, POCValues.uuids[0], POCValues.uuids[1]),
        .map("Int?", \.mapOptInt, 2, 3, null: .some(nil)),
        .map("Bool?", \.mapOptBool, false, true, null: .some(nil)),
        .map("Float?", \.mapOptFloat, 2.2, 3.3, null: .some(nil)),
        .map("Double?", \.mapOptDouble, 2.2, 3.3, null: .some(nil)),
        .map("String?", \.mapOptString, "a", "bc", null: .some(nil)),
        .map("Data?", \.mapOptData, POCValues.data[0], POCValues.data[1], null: .some(nil)),
        .map("Date?", \.mapOptDate, POCValues.dates[0], POCValues.dates[1], null: .some(nil)),
        .map("Decimal128?", \.mapOptDecimal, POCValues.decimals[0], POCValues.decimals[1], null: .some(nil)),
        .map("ObjectId?", \.mapOptObjectId, POCValues.objectIds[0], POCValues.objectIds[1], null: .some(nil)),
        .map("UUID?", \.mapOptUUID, POCValues.uuids[0], POCValues.uuids[1], null: .some(nil)),
    ]

    @Test(
        "a list with duplicates sorts nil first, keeps first occurrences in distinct, and setValue(forKey: self) sets all",
        arguments: Self.listCases
    )
    func lists(_ check: POCCase) async throws { try await check() }

    @Test(
        "a set sorts with nil first ascending, and setValue(forKey: self) leaves the value alone",
        arguments: Self.setCases
    )
    func sets(_ check: POCCase) async throws { try await check() }

    @Test("a map's values sort with nil first ascending, positions in the sorted results", arguments: Self.mapCases)
    func maps(_ check: POCCase) async throws { try await check() }
}
