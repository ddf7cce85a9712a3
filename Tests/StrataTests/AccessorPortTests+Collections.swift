import Foundation
import Strata
import Testing

// Facts of realm-swift's RealmSwift/Tests/ModernObjectAccessorTests.swift (setAndTestList, setAndTestSet,
// setAndTestMap, run by testUnmanagedAccessors, testManagedAccessorsReadFromRealm and
// testManagedAccessorsAddedToRealm) and RealmSwift/Tests/ObjectAccessorTests.swift (setAndTestListViaAccessor,
// setAndTestSetViaAccessor, setAndTestMapViaAccessor): a list, set or map property of every element type is one
// collection that assignment fills and never replaces. Realm's tests also go through its internal Swift accessor
// (`RLMSwiftAccessor` get and set); here that is the subscript and `setValue(_:forKey:)`, the public API built on it.

/// One collection property of ``CCNAllTypes`` and the checks of it, which return a line for each one that fails.
struct APTCollectionRow: Sendable, CustomTestStringConvertible {
    let name: String
    let check: @Sendable (CCNAllTypes) -> [String]
    var testDescription: String { name }

    /// The rows of the list, set and map properties of one element type, named `array…`, `set…` and `map…`.
    static func kinds<T: RealmCollectionValue & Equatable & SendableMetatype>(
        _ suffix: String,
        _ list: ReferenceWritableKeyPath<CCNAllTypes, List<T>> & Sendable,
        _ set: ReferenceWritableKeyPath<CCNAllTypes, MutableSet<T>> & Sendable,
        _ map: ReferenceWritableKeyPath<CCNAllTypes, Map<String, T>> & Sendable,
        _ values: @escaping @Sendable () -> [T]
    ) -> [APTCollectionRow] {
        [
            property(
                "array\(suffix)",
                list,
                values,
                make: { List<T>() },
                fill: { list, values in list.append(objectsIn: values) },
                holds: { list, values in Array(list) == values }
            ),
            property(
                "set\(suffix)",
                set,
                values,
                make: { MutableSet<T>() },
                fill: { set, values in set.insert(objectsIn: values) },
                holds: { set, values in set.count == values.count && values.allSatisfy { set.contains($0) } }
            ),
            property(
                "map\(suffix)",
                map,
                { Dictionary(uniqueKeysWithValues: values().enumerated().map { ("\($0.offset)", $0.element) }) },
                make: { Map<String, T>() },
                fill: { map, entries in map.merge(entries) { $1 } },
                holds: { map, entries in
                    map.count == entries.count && entries.allSatisfy { key, value in map[key] == .some(value) }
                }
            ),
        ]
    }

    /// The checks of setAndTestList (and its set and map forms) on the property `name`, whose collection is `C`,
    /// filled with `values()` given as `Values` (an array, or a dictionary for a map).
    private static func property<C: APTCollection & SendableMetatype, Values: SendableMetatype>(
        _ name: String,
        _ keyPath: ReferenceWritableKeyPath<CCNAllTypes, C> & Sendable,
        _ values: @escaping @Sendable () -> Values,
        make: @escaping @Sendable () -> C,
        fill: @escaping @Sendable (C, Values) -> Void,
        holds: @escaping @Sendable (C, Values) -> Bool
    ) -> APTCollectionRow {
        APTCollectionRow(name: name) { object in
            let values = values()
            var failures: [String] = []
            func expect(_ holds: Bool, _ fact: String) { if !holds { failures.append("\(name): \(fact)") } }
            expect(object[name] is C, "the subscript gives a \(C.self)")
            expect(object[name] as? C === object[name] as? C, "the subscript gives the same collection each time")
            let collection = object[keyPath: keyPath]
            expect(object[name] as? C === collection, "the subscript gives the property's collection")
            let other = make()
            fill(other, values)
            object[keyPath: keyPath] = other
            expect(holds(collection, values), "assigning a collection copies its elements into the property's")
            expect(object[name] as? C !== other, "assigning a collection does not make it the property's")
            object[keyPath: keyPath] = object[keyPath: keyPath]
            expect(holds(collection, values), "assigning the property to itself keeps its elements")
            object.setValue(object.value(forKey: name), forKey: name)
            expect(holds(collection, values), "setValue of its own value keeps its elements")
            collection.removeAll()
            object[name] = other
            expect(holds(collection, values), "the subscript copies a collection's elements into the property's")
            expect(object[name] as? C !== other, "the subscript does not make a collection the property's")
            object[name] = object[name]
            expect(holds(collection, values), "the subscript given its own value keeps its elements")
            collection.removeAll()
            object[name] = values
            expect(holds(collection, values), "the subscript copies the elements of a Swift collection")
            expect(object[name] as? C === collection, "the property keeps its collection")
            object[name] = NSNull()
            expect(collection.count == 0, "NSNull empties it")
            return failures
        }
    }
}

/// What the checks need of a list, set or map: its size, and emptying it.
protocol APTCollection: AnyObject {
    var count: Int { get }
    func removeAll()
}

extension List: APTCollection {}
extension MutableSet: APTCollection {}
extension Map: APTCollection {}

extension AccessorPortTests {
    /// The list, set and map properties of every element type, with the values realm-swift's tests put in them.
    static let collectionRows: [APTCollectionRow] = [
        APTCollectionRow.kinds("Bool", \.arrayBool, \.setBool, \.mapBool) { [false, true] },
        APTCollectionRow.kinds("Int", \.arrayInt, \.setInt, \.mapInt) { [.min, 0, .max] },
        APTCollectionRow.kinds("Int8", \.arrayInt8, \.setInt8, \.mapInt8) { [.min, 0, .max] },
        APTCollectionRow.kinds("Int16", \.arrayInt16, \.setInt16, \.mapInt16) { [.min, 0, .max] },
        APTCollectionRow.kinds("Int32", \.arrayInt32, \.setInt32, \.mapInt32) { [.min, 0, .max] },
        APTCollectionRow.kinds("Int64", \.arrayInt64, \.setInt64, \.mapInt64) { [.min, 0, .max] },
        APTCollectionRow.kinds("Float", \.arrayFloat, \.setFloat, \.mapFloat) {
            [-.greatestFiniteMagnitude, 0, .greatestFiniteMagnitude]
        },
        APTCollectionRow.kinds("Double", \.arrayDouble, \.setDouble, \.mapDouble) {
            [-.greatestFiniteMagnitude, 0, .greatestFiniteMagnitude]
        },
        APTCollectionRow.kinds("String", \.arrayString, \.setString, \.mapString) { ["a", "b", "c"] },
        APTCollectionRow.kinds("Binary", \.arrayBinary, \.setBinary, \.mapBinary) { [V.data] },
        APTCollectionRow.kinds("Date", \.arrayDate, \.setDate, \.mapDate) { [V.date] },
        APTCollectionRow.kinds("Decimal", \.arrayDecimal, \.setDecimal, \.mapDecimal) { [1, 2] },
        APTCollectionRow.kinds("ObjectId", \.arrayObjectId, \.setObjectId, \.mapObjectId) { [V.oid1, V.oid2] },
        APTCollectionRow.kinds("Uuid", \.arrayUuid, \.setUuid, \.mapUuid) { [V.uuid] },
        APTCollectionRow.kinds("OptBool", \.arrayOptBool, \.setOptBool, \.mapOptBool) { [false, true, nil] },
        APTCollectionRow.kinds("OptInt", \.arrayOptInt, \.setOptInt, \.mapOptInt) { [.min, 0, .max, nil] },
        APTCollectionRow.kinds("OptInt8", \.arrayOptInt8, \.setOptInt8, \.mapOptInt8) { [.min, 0, .max, nil] },
        APTCollectionRow.kinds("OptInt16", \.arrayOptInt16, \.setOptInt16, \.mapOptInt16) { [.min, 0, .max, nil] },
        APTCollectionRow.kinds("OptInt32", \.arrayOptInt32, \.setOptInt32, \.mapOptInt32) { [.min, 0, .max, nil] },
        APTCollectionRow.kinds("OptInt64", \.arrayOptInt64, \.setOptInt64, \.mapOptInt64) { [.min, 0, .max, nil] },
        APTCollectionRow.kinds("OptFloat", \.arrayOptFloat, \.setOptFloat, \.mapOptFloat) {
            [-.greatestFiniteMagnitude, 0, .greatestFiniteMagnitude, nil]
        },
        APTCollectionRow.kinds("OptDouble", \.arrayOptDouble, \.setOptDouble, \.mapOptDouble) {
            [-.greatestFiniteMagnitude, 0, .greatestFiniteMagnitude, nil]
        },
        APTCollectionRow.kinds("OptString", \.arrayOptString, \.setOptString, \.mapOptString) { ["a", "b", "c", nil] },
        APTCollectionRow.kinds("OptBinary", \.arrayOptBinary, \.setOptBinary, \.mapOptBinary) { [V.data, nil] },
        APTCollectionRow.kinds("OptDate", \.arrayOptDate, \.setOptDate, \.mapOptDate) { [V.date, nil] },
        APTCollectionRow.kinds("OptDecimal", \.arrayOptDecimal, \.setOptDecimal, \.mapOptDecimal) { [1, 2, nil] },
        APTCollectionRow.kinds("OptObjectId", \.arrayOptObjectId, \.setOptObjectId, \.mapOptObjectId) {
            [V.oid1, V.oid2, nil]
        },
        APTCollectionRow.kinds("OptUuid", \.arrayOptUuid, \.setOptUuid, \.mapOptUuid) { [V.uuid, nil] },
        APTCollectionRow.kinds("Any", \.arrayAny, \.setAny, \.mapAny) {
            [
                .none, .int(1), .bool(false), .float(2.2), .double(3.3), .string("str"), .data(V.data), .date(V.date),
                .object(CCNAllTypes()), .objectId(V.oid1), .decimal128(5), .uuid(V.uuid),
            ]
        },
    ].flatMap { $0 }

    @Test(
        "A list, set or map property is one collection: assignment copies elements into it, NSNull empties it",
        arguments: APTMode.allCases
    )
    func collectionProperties(mode: APTMode) async throws {
        let failures = try await mode.run(CCNAllTypes.self) { object in
            Self.collectionRows.flatMap { $0.check(object) }
        }
        // Each fact that fails, with the number of properties it fails for.
        let facts = Dictionary(grouping: failures) {
            $0.split(separator: ": ", maxSplits: 1).last.map(String.init) ?? $0
        }
        .map { fact, lines in "\(fact): \(lines.count) of \(Self.collectionRows.count)" }.sorted()
        #expect(facts == [])
    }

    @Test("A list or set of Int assigned to a list or set of Int8 converts its elements", arguments: APTMode.allCases)
    func collectionOfOtherIntegerWidth(mode: APTMode) async throws {
        let reads = try await mode.run(CCNAllTypes.self) { object in
            object["arrayInt"] = [4, 5, 6]
            object["arrayInt8"] = object["arrayInt"]
            object["setInt"] = [4, 5, 6]
            object["setInt8"] = object["setInt"]
            object["mapInt"] = ["one": 1, "two": 2, "three": 3]
            let map = ["one", "two", "three"].map { object.mapInt[$0] ?? -1 }
            object["mapInt"] = NSNull()
            return [
                "\(Array(object.arrayInt8))", "\(Array(object.setInt8).sorted())", "\(map)", "\(object.mapInt.count)",
            ]
        }
        #expect(reads == ["[4, 5, 6]", "[4, 5, 6]", "[1, 2, 3]", "0"])
    }
}

/// An `Encodable` model whose collections synthesized coding encodes.
final class APTCodableCollections: Object, Codable {
    @Persisted var list: List<Int>
    @Persisted var set: MutableSet<Int>
    @Persisted var map: Map<String, Int>
}

extension AccessorPortTests {
    @Test(
        "A collection assigned to an Encodable unmanaged object's property is copied, and encoding sees later changes"
    )
    func assignedCollectionsEncode() throws {
        let object = APTCodableCollections()
        let (list, set, map) = (object.list, object.set, object.map)
        let (otherList, otherSet, otherMap) = (List<Int>(), MutableSet<Int>(), Map<String, Int>())
        otherList.append(objectsIn: [1, 2])
        otherSet.insert(objectsIn: [1, 2])
        otherMap["a"] = 1
        object.list = otherList
        object.set = otherSet
        object["map"] = otherMap
        object.list.append(3)
        object.set.insert(3)
        object.map["b"] = 2
        #expect(object.list === list && object.set === set && object.map === map)
        #expect(Array(otherList) == [1, 2] && otherSet.count == 2 && otherMap.count == 1)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(object), as: UTF8.self)
        #expect(json == #"{"list":[1,2,3],"map":{"a":1,"b":2},"set":[1,2,3]}"#)
    }

    @Test("A live object's collection property is one collection, which reports invalidated once the object is deleted")
    func liveCollectionIdentity() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(APTMode.types))
        let written = try await realm.write { realm -> [Bool] in
            let object = try realm.create(CCNAllTypes.self, value: ["arrayInt": [1]])
            let (list, set, map) = (object.arrayInt, object.setInt, object.mapInt)
            let same = [
                object.arrayInt === list, object["arrayInt"] as? List<Int> === list, object.setInt === set,
                object.value(forKey: "mapInt") as? Map<String, Int> === map,
            ]
            try realm.delete(object)
            return same + [list.isInvalidated, set.isInvalidated, map.isInvalidated]
        }
        #expect(written == Array(repeating: true, count: 7))
        try await realm.write { realm in _ = try realm.create(CCNAllTypes.self, value: ["arrayInt": [1, 2]]) }
        let read = await realm.read { realm -> [Bool] in
            let object = realm.objects(CCNAllTypes.self)[0]
            return [object.arrayInt === object.arrayInt, object.mapAny === object.mapAny]
        }
        #expect(read == [true, true])
    }

    @Test("A frozen object's collection property gives a new collection on each read, read by many tasks at once")
    func frozenCollectionReads() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(APTMode.types))
        try await realm.write { realm in _ = try realm.create(CCNAllTypes.self, value: ["arrayInt": [1, 2]]) }
        let frozen = try await realm.read { realm in try FrozenObject(realm.objects(CCNAllTypes.self)[0]) }
        let reads = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<8 { group.addTask { Array(frozen.object.arrayInt) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(reads == Array(repeating: [1, 2], count: 8))
        #expect(frozen.object.arrayInt !== frozen.object.arrayInt)
    }
}
