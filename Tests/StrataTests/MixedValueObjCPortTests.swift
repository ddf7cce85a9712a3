import Foundation
import Strata
import Testing

// Facts of realm-swift's Realm/Tests/RLMValueTests.m (mixed values, `id<RLMValue>`; `AnyRealmValue` here), for what
// AnyRealmValuePortTests, AnyRealmValueCollectionTests and MixedCollectionPortTests do not already assert:
//   - testIntType … testArrayType and testNumberEquals … testArrayAnyEquals: the kind a value is stored as, and
//     equality of equal and different values (an object by identity);
//   - testCreateManagedInt … testCreateManagedArray and testAddManagedInt … testAddManagedArray: plain values
//     given for a mixed property and a list of mixed in an array value, by `create` and by `init(value:)` then
//     `add`, keep their kind (a Float stays a float, a dictionary becomes a map, an array a list);
//   - testCreateManagedObjectManagedChild and its InAnyDictionary and InAnyArray forms: a managed object in a
//     mixed value, directly or nested, is linked and not copied;
//   - testCreateManagedObjectUnmanagedChild and its InAnyDictionary and InAnyArray forms, and testCreateManagedObject;
//   - testDynamicObjectAccessor and testDynamicSchema: a mixed link to a class the opening's schema lacks.
// Skipped: testDeleteAndUpdateValuesInManagedDictionary and testDeleteAndUpdateValuesInArray (asserted by
// MixedCollectionPortTests' update-and-delete tests); the `XCTAssertThrows` of assigning outside a write (a stop in
// Strata, which a test cannot catch); the threads and `dispatch_sync` of testDynamicSchema (two openings here).

/// Realm's `MixedObject`: a mixed property and a list of mixed values.
final class RVTMixed: Object {
    @Persisted var anyCol: AnyRealmValue
    @Persisted var anyArray: List<AnyRealmValue>
}

/// Realm's `StringObject`.
final class RVTString: Object {
    @Persisted var stringCol = ""
}

private let rvtTypes: [ObjectBase.Type] = [RVTMixed.self, RVTString.self]

/// A mixed value as `kind(payload)`; a map's keys sorted, data as UTF-8 text, a date as seconds since 1970.
func rvtText(_ value: AnyRealmValue) -> String {
    switch value {
    case .none: return "none"
    case .int(let value): return "int(\(value))"
    case .bool(let value): return "bool(\(value))"
    case .float(let value): return "float(\(value))"
    case .double(let value): return "double(\(value))"
    case .string(let value): return "string(\(value))"
    case .data(let value): return "data(\(String(decoding: value, as: UTF8.self)))"
    case .date(let value): return "date(\(value.timeIntervalSince1970))"
    case .objectId(let value): return "objectId(\(value.stringValue))"
    case .decimal128(let value): return "decimal128(\(value))"
    case .uuid(let value): return "uuid(\(value))"
    case .object(let object):
        if let string = object as? RVTString { return "object(\(string.stringCol))" }
        return "object(\(type(of: object)))"
    case .dictionary(let map):
        let entries = map.asKeyValueSequence().sorted { $0.key < $1.key }
        return "map{" + entries.map { "\($0.key): \(rvtText($0.value))" }.joined(separator: ", ") + "}"
    case .list(let list): return "list[" + list.map(rvtText).joined(separator: ", ") + "]"
    }
}

/// Plain values for a mixed property, a mixed list, and the text the object must read as.
struct RVTKindRow: CustomTestStringConvertible, Sendable {
    let name: String
    let value: @Sendable () -> Any
    let elements: @Sendable () -> [Any]
    let expected: String

    var testDescription: String { name }
}

/// How the object is made: by `create`, or by `init(value:)` and then `add`.
enum RVTPath: String, CaseIterable, Sendable {
    case create
    case add
}

private let rvtDate = Date(timeIntervalSince1970: 1_000_000)
private let rvtObjectId = try! ObjectId(string: "60a0b1c2d3e4f5a6b7c8d9e0")

/// Every kind Realm's `MixedObject` tests store, with its plain Foundation form in an array of nested values.
private func rvtAllKinds(_ string: RVTString) -> [Any] {
    [
        "hello2", true, 123, 456.789, Data("hey".utf8), rvtDate, string, rvtObjectId,
        Decimal128(number: 123.456),
    ]
}

private let rvtAllKindsText =
    "string(hello2), bool(true), int(123), double(456.789), data(hey), date(1000000.0), object(hello), "
    + "objectId(60a0b1c2d3e4f5a6b7c8d9e0), decimal128(123.456)"

@Suite("Mixed values as realm-swift's Objective-C RLMValueTests has them")
struct MixedValueObjCPortTests {
    // MARK: kinds and equality

    @Test("Equal values of one kind are equal, a different value is not; an object is equal only to itself")
    func equality() {
        let object = RVTString()
        let date = Date(timeIntervalSince1970: 5)
        let rows: [(AnyRealmValue, AnyRealmValue, AnyRealmValue)] = [
            (.int(123), .int(123), .int(456)),
            (.float(123.456), .float(123.456), .float(1)),
            (.string("hello"), .string("hello"), .string("there")),
            (.data(Data("hey".utf8)), .data(Data("hey".utf8)), .data(Data("there".utf8))),
            (.date(date), .date(date), .date(Date(timeIntervalSince1970: 0))),
            (.object(object), .object(object), .object(RVTString())),
            (.objectId(rvtObjectId), .objectId(rvtObjectId), .objectId(.generate())),
            (
                .decimal128(Decimal128(number: 123.456)), .decimal128(Decimal128(number: 123.456)),
                .decimal128(Decimal128(number: 456.123))
            ),
        ]
        for (first, same, different) in rows {
            #expect(first == same, "\(first)")
            #expect(first != different, "\(first)")
        }
    }

    @Test("A plain Int, Float, String, Data, Date, ObjectId, Decimal128, dictionary and array keep their kind")
    func kindsOfPlainValues() {
        let values: [Any] = [
            123, Float(123.456), "hello", Data("hey".utf8), rvtDate, rvtObjectId, Decimal128(number: 123.456),
            ["key1": "hello"], ["hello", 123_456] as [Any],
        ]
        let kinds = values.map { rvtText(RVTMixed(value: [$0]).anyCol) }
        #expect(
            kinds == [
                "int(123)", "float(123.456)", "string(hello)", "data(hey)", "date(1000000.0)",
                "objectId(60a0b1c2d3e4f5a6b7c8d9e0)", "decimal128(123.456)", "map{key1: string(hello)}",
                "list[string(hello), int(123456)]",
            ]
        )
        let object = RVTString()
        #expect(RVTMixed(value: [object]).anyCol.object(RVTString.self) === object)
    }

    // MARK: plain values made managed

    static let kindRows: [RVTKindRow] = [
        RVTKindRow(
            name: "Int",
            value: { 123_456_789 },
            elements: { [123_456, 67890] },
            expected: "int(123456789) [int(123456), int(67890)]"
        ),
        RVTKindRow(
            name: "Float",
            value: { Float(1234.5) },
            elements: { [Float(12345.6), Float(678.9)] },
            expected: "float(1234.5) [float(12345.6), float(678.9)]"
        ),
        RVTKindRow(
            name: "Double",
            value: { 1234.5 },
            elements: { [12345.6, 678.9] },
            expected: "double(1234.5) [double(12345.6), double(678.9)]"
        ),
        RVTKindRow(
            name: "String",
            value: { "hello" },
            elements: { ["over", "there"] },
            expected: "string(hello) [string(over), string(there)]"
        ),
        RVTKindRow(
            name: "Data",
            value: { Data("hey".utf8) },
            elements: { [Data("hey".utf8), Data("you".utf8)] },
            expected: "data(hey) [data(hey), data(you)]"
        ),
        RVTKindRow(
            name: "Date",
            value: { rvtDate },
            elements: { [rvtDate, Date(timeIntervalSince1970: 2_000_000)] },
            expected: "date(1000000.0) [date(1000000.0), date(2000000.0)]"
        ),
        RVTKindRow(
            name: "ObjectId",
            value: { rvtObjectId },
            elements: { [rvtObjectId, try! ObjectId(string: "60a0b1c2d3e4f5a6b7c8d9e1")] },
            expected:
                "objectId(60a0b1c2d3e4f5a6b7c8d9e0) "
                + "[objectId(60a0b1c2d3e4f5a6b7c8d9e0), objectId(60a0b1c2d3e4f5a6b7c8d9e1)]"
        ),
        RVTKindRow(
            name: "Decimal128",
            value: { Decimal128(number: 123.456) },
            elements: { [Decimal128(number: 123.456), Decimal128(number: 890.456)] },
            expected: "decimal128(123.456) [decimal128(123.456), decimal128(890.456)]"
        ),
        RVTKindRow(
            name: "an unmanaged object",
            value: { RVTString(value: ["hello"]) },
            elements: { [Any]() },
            expected: "object(hello) []"
        ),
        RVTKindRow(
            name: "a dictionary of every kind",
            value: {
                Dictionary(
                    uniqueKeysWithValues: rvtAllKinds(RVTString(value: ["hello"])).enumerated().map {
                        ("key\($0.offset + 2)", $0.element)
                    }
                )
            },
            elements: { [["key1": "hello"]] },
            expected:
                "map{key10: decimal128(123.456), key2: string(hello2), key3: bool(true), key4: int(123), "
                + "key5: double(456.789), key6: data(hey), key7: date(1000000.0), key8: object(hello), "
                + "key9: objectId(60a0b1c2d3e4f5a6b7c8d9e0)} [map{key1: string(hello)}]"
        ),
        RVTKindRow(
            name: "an array of every kind",
            value: { rvtAllKinds(RVTString(value: ["hello"])) },
            elements: { [rvtAllKinds(RVTString(value: ["hello"])), ["hello"]] },
            expected: "list[\(rvtAllKindsText)] [list[\(rvtAllKindsText)], list[string(hello)]]"
        ),
    ]

    @Test(
        "A plain value for a mixed property and a mixed list keeps its kind once managed",
        arguments: kindRows,
        RVTPath.allCases
    )
    func plainValuesMadeManaged(row: RVTKindRow, path: RVTPath) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rvtTypes))
        let answer = try await realm.write { realm in
            let value: [Any] = [row.value(), row.elements()]
            switch path {
            case .create: try realm.create(RVTMixed.self, value: value)
            case .add: try realm.add(RVTMixed(value: value))
            }
            return realm.objects(RVTMixed.self).count
        }
        #expect(answer == 1)
        let text = await realm.read { realm in
            let object = realm.objects(RVTMixed.self)[0]
            return "\(rvtText(object.anyCol)) [\(object.anyArray.map(rvtText).joined(separator: ", "))]"
        }
        #expect(text == row.expected)
    }

    // MARK: objects inside mixed values

    /// Where the object sits in the mixed values: directly, under "key1" of a dictionary, or first in an array.
    enum Nesting: String, CaseIterable, Sendable {
        case direct
        case dictionary
        case array

        func wrap(_ object: RVTString, key: String = "key1") -> Any {
            switch self {
            case .direct: object
            case .dictionary: [key: object]
            case .array: [object]
            }
        }

        func unwrap(_ value: AnyRealmValue, key: String = "key1") -> String {
            let inner: AnyRealmValue?
            switch self {
            case .direct: inner = value
            case .dictionary: inner = value.dictionaryValue?[key]
            case .array: inner = value.listValue?.first
            }
            return inner?.object(RVTString.self)?.stringCol ?? "missing"
        }
    }

    @Test(
        "A managed object in a mixed value, direct or nested, is linked by create and by add, not copied",
        arguments: Nesting.allCases
    )
    func managedChild(nesting: Nesting) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rvtTypes))
        let answer = try await realm.write { realm in
            let string = RVTString(value: ["hello"])
            try realm.add(string)
            let created = try realm.create(RVTMixed.self, value: [nesting.wrap(string), [nesting.wrap(string)]])
            let added = RVTMixed()
            added.anyCol = rvtMixed(nesting.wrap(string))
            added.anyArray.append(rvtMixed(nesting.wrap(string)))
            try realm.add(added)
            return [created, added].flatMap { object in
                [nesting.unwrap(object.anyCol), nesting.unwrap(object.anyArray[0])]
            } + ["\(realm.objects(RVTString.self).count)"]
        }
        #expect(answer == ["hello", "hello", "hello", "hello", "1"])
    }

    @Test(
        "Unmanaged objects in mixed values are added with their holder; a later write stores another",
        arguments: Nesting.allCases
    )
    func unmanagedChild(nesting: Nesting) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rvtTypes))
        try await realm.write { realm in
            let string = RVTString(value: ["hello"])
            try realm.create(RVTMixed.self, value: [nesting.wrap(string), [nesting.wrap(string)]])
            let added = RVTMixed()
            added.anyArray.append(rvtMixed(nesting.wrap(string)))
            try realm.add(added)
        }
        let answer = try await realm.write { realm in
            let objects = realm.objects(RVTMixed.self)
            objects[1].anyCol = rvtMixed(nesting.wrap(RVTString(value: ["hello2"]), key: "key2"))
            return [
                nesting.unwrap(objects[0].anyCol), nesting.unwrap(objects[0].anyArray[0]),
                nesting.unwrap(objects[1].anyCol, key: "key2"),
                nesting.unwrap(objects[1].anyArray[0]),
            ]
        }
        #expect(answer == ["hello", "hello", "hello2", "hello"])
    }

    // MARK: a linked class the schema lacks

    @Test("A mixed link to a class missing from the opening's schema reads as a dynamic object of the file")
    func linkToClassOutsideSchema() async throws {
        let directory = TemporaryDirectory()
        let full = try await Realm(configuration: directory.configuration(rvtTypes))
        try await full.write { realm in
            _ = try realm.create(RVTMixed.self, value: ["anyCol": RVTString(value: ["some string..."])])
        }
        #expect(await full.read { $0.objects(RVTString.self).count } == 1)
        await full.close()

        let partial = directory.configuration([RVTMixed.self])
        let first = try await Realm(configuration: partial)
        let second = try await Realm(configuration: partial)
        let classes = await first.read { realm in realm.schema.objectSchema.map(\.className) }
        #expect(!classes.contains("RVTString"))
        let (count, text) = await first.read { realm in
            let object = realm.objects(RVTMixed.self)[0]
            return (realm.objects(RVTMixed.self).count, object.anyCol.dynamicObject?["stringCol"] as? String)
        }
        #expect(count == 1)
        #expect(text == "some string...")
        // A second opening with the same reduced schema reads the same object without failing.
        #expect(await second.read { realm in realm.objects(RVTMixed.self).count } == 1)
    }

    @Test("A mixed link to a class missing from the opening's schema: its schema, validity, and frozen reads")
    func linkToClassOutsideSchemaDetails() async throws {
        let directory = TemporaryDirectory()
        let full = try await Realm(configuration: directory.configuration(rvtTypes))
        try await full.write { realm in
            let string = RVTString(value: ["some string..."])
            _ = try realm.create(RVTMixed.self, value: ["anyCol": string, "anyArray": [string]])
        }
        let partial = try await Realm(configuration: directory.configuration([RVTMixed.self]))
        let read = await partial.read { realm in
            let holder = realm.objects(RVTMixed.self)[0]
            let linked = holder.anyCol.dynamicObject
            let element = holder.anyArray[0].dynamicObject
            return [
                linked?.objectSchema.className, linked?.objectSchema.properties.map(\.name).joined(separator: ","),
                linked.map { "\($0.isInvalidated)" }, element?["stringCol"] as? String,
                (linked?.value(forKey: "stringCol") as? String), linked?.stringCol as? String,
            ]
        }
        #expect(read == ["RVTString", "stringCol", "false", "some string...", "some string...", "some string..."])
        let frozen = try await partial.read { realm in try FrozenObject(realm.objects(RVTMixed.self)[0]) }
        #expect(frozen.object.anyCol.dynamicObject?["stringCol"] as? String == "some string...")
        // Deleting the row through an opening that lists the class invalidates the object.
        try await full.write { realm in try realm.delete(realm.objects(RVTString.self)) }
        let invalidated = await partial.read { realm in
            let linked = realm.objects(RVTMixed.self)[0].anyCol
            return linked.dynamicObject?.isInvalidated
        }
        // As a link to a deleted object reads: Realm clears the mixed value when the object is deleted.
        #expect(invalidated == nil)
        await full.close()
    }
}

/// A plain value as a mixed value, converted as `init(value:)` converts it.
func rvtMixed(_ value: Any) -> AnyRealmValue {
    RVTMixed(value: [value]).anyCol
}
