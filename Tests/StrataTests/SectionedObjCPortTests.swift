import Foundation
import Strata
import Testing

// Facts of realm-swift's `Realm/Tests/SectionedResultsTests.m` that the Swift port (SectionedPortTests.swift) and the
// other sectioned suites do not state: testCreationFromResults and testAllSupportedTypes (sectioning nine objects by
// a block over each property type, a link's key path among them, the block run once per object),
// testAllSupportedOptionalTypes, testObjectIdCol and testBinaryCol (nil keys, object ids, and data, which is sectioned
// while sorting by another property), testCreationFromPrimitiveResults, testSortDescriptors (a block with two sort
// descriptors over a list, a set and results), testNotifications, testNotificationsOnSection and
// testNotificationsPrimitive (the change sets). Changes are written as SectionedObservationTests.swift writes them:
// the payload's rows, then `-` deletions, `+` insertions, `~` modifications as `section.item`, `+S`/`-S` sections.
//
// Left out as already asserted: testAllKeys, testFastEnumeration (SectionedResultsTests `liveRecompute`),
// testFrozenFromResults, testFrozenSectionedResults, testFrozenSection (SectionedPortTests and SectionedResultsTests
// freeze/thaw tests), testInitFromRLMArray and testInitFromRLMSet (CollectionSemanticsTests+Sectioned, by parity).
// testDescription asserts Objective-C's `RLMSectionedResults <0x…>` format, which Strata does not have.
//
// The data set of the type tests (Realm's `createObjects`): nine objects, their values for i = 1, 1, 1, 2, 2, 2, 3,
// 3, 3 as Realm's `values:` gives them, linking to strings named zebra ×3, apples ×2, apple, bar, foo ×2.

/// Realm's `StringObject`.
final class SOCString: Object {
    @Persisted var stringCol = ""
}

/// Realm's `AllTypesObject`, in part.
final class SOCAllTypes: Object {
    @Persisted var boolCol = false
    @Persisted var intCol = 0
    @Persisted var floatCol: Float = 0
    @Persisted var doubleCol = 0.0
    @Persisted var stringCol = ""
    @Persisted var binaryCol = Data()
    @Persisted var dateCol = Date(timeIntervalSince1970: 0)
    @Persisted var longCol: Int64 = 0
    @Persisted var decimalCol = Decimal128(0)
    @Persisted var objectIdCol = ObjectId()
    @Persisted var uuidCol = UUID()
    @Persisted var objectCol: SOCString?
    @Persisted var anyCol: AnyRealmValue = .none
}

/// Realm's `AllOptionalTypes`.
final class SOCOptionals: Object {
    @Persisted var intObj: Int?
    @Persisted var floatObj: Float?
    @Persisted var doubleObj: Double?
    @Persisted var boolObj: Bool?
    @Persisted var string: String?
    @Persisted var date: Date?
    @Persisted var decimal: Decimal128?
    @Persisted var objectId: ObjectId?
    @Persisted var uuidCol: UUID?
}

/// A list of strings, as Realm's `AllPrimitiveArrays.stringObj`.
final class SOCStrings: Object {
    @Persisted var strings: List<String>
}

/// Realm's `AggregateObject`, in part.
final class SOCAggregate: Object {
    @Persisted var intCol = 0
    @Persisted var anyCol: AnyRealmValue = .none
}

/// Realm's `AggregateArrayObject` and `AggregateSetObject` in one.
final class SOCAggregateHolder: Object {
    @Persisted var list: List<SOCAggregate>
    @Persisted var set: MutableSet<SOCAggregate>
}

private let socTypes: [ObjectBase.Type] = [
    SOCString.self, SOCAllTypes.self, SOCOptionals.self, SOCStrings.self, SOCAggregate.self, SOCAggregateHolder.self,
]

/// The first eight characters of the uuids Realm's `values:` gives for i = 1, 2, 3, as their `uuidString` spells them.
private let socUUIDs = [
    "00000000-0000-0000-0000-000000000000", "137DECC8-B300-4954-A233-F89909F4FD89",
    "B84E8912-A7C2-41CD-8385-86D200D7B31E",
]

/// One property of the type table: how the block keys an object and shows the property, and the rows Realm expects.
struct SOCTypeRow: Sendable, CustomTestStringConvertible {
    let property: String
    /// The sort key path (the property itself, except for data, which does not sort).
    let sortedBy: String
    let key: @Sendable (SOCAllTypes) -> String
    let value: @Sendable (SOCAllTypes) -> String
    /// Each section as `key: value value …`.
    let rows: [String]
    var testDescription: String { property }
}

/// `values` each three times, as one row's text.
private func socTriples(_ key: String, _ values: Any...) -> String {
    "\(key): " + values.flatMap { Array(repeating: "\($0)", count: 3) }.joined(separator: " ")
}

private func socParity(_ value: Int64) -> String { "\(value % 2)" }

@Suite("SectionedResultsTests.m ports", .timeLimit(.minutes(10)))
struct SectionedObjCPortTests {
    static func makeRealm() async throws -> Realm {
        try await Realm(configuration: memoryConfiguration(socTypes))
    }

    /// Realm's `createObjects`: nine ``SOCAllTypes``.
    static func createObjects(_ realm: isolated Realm) throws {
        let strings = ["zebra", "zebra", "zebra", "apples", "apples", "apple", "bar", "foo", "foo"]
        for (index, name) in strings.enumerated() {
            let i = index / 3 + 1
            let letter = String(UnicodeScalar(UInt8(96 + i)))
            let object = try realm.create(SOCAllTypes.self)
            object.boolCol = i % 2 == 1
            object.intCol = i
            object.floatCol = Float(1.1) * Float(i)
            object.doubleCol = 1.11 * Double(i)
            object.stringCol = letter
            object.binaryCol = Data(letter.utf8)
            object.dateCol = Date(timeIntervalSince1970: Double(i))
            object.longCol = Int64(i) * Int64(Int32.max) + 1
            object.decimalCol = Decimal128(integerLiteral: Int64(i))
            object.objectIdCol = try ObjectId(string: "00000000000000000000000\(i)")
            object.uuidCol = UUID(uuidString: socUUIDs[i - 1])!
            object.objectCol = SOCString(value: ["stringCol": name])
            object.anyCol = .int(i + 1)
        }
    }

    static let typeRows: [SOCTypeRow] = [
        SOCTypeRow(
            property: "intCol",
            sortedBy: "intCol",
            key: { socParity(Int64($0.intCol)) },
            value: { "\($0.intCol)" },
            rows: [socTriples("1", 1, 3), socTriples("0", 2)]
        ),
        SOCTypeRow(
            property: "longCol",
            sortedBy: "longCol",
            key: { socParity($0.longCol) },
            value: { "\($0.longCol)" },
            rows: [socTriples("0", 2_147_483_648, 6_442_450_942), socTriples("1", 4_294_967_295)]
        ),
        SOCTypeRow(
            property: "boolCol",
            sortedBy: "boolCol",
            key: { "\($0.boolCol)" },
            value: { "\($0.boolCol)" },
            rows: [socTriples("false", false), socTriples("true", true, true)]
        ),
        SOCTypeRow(
            property: "floatCol",
            sortedBy: "floatCol",
            key: { $0.floatCol == Float(1.1) ? "1.1" : "2.2" },
            value: { "\($0.floatCol)" },
            rows: [socTriples("1.1", Float(1.1)), socTriples("2.2", Float(1.1) * 2, Float(1.1) * 3)]
        ),
        SOCTypeRow(
            property: "doubleCol",
            sortedBy: "doubleCol",
            key: { $0.doubleCol == 1.11 ? "1.11" : "2.2" },
            value: { "\($0.doubleCol)" },
            rows: [socTriples("1.11", 1.11), socTriples("2.2", 1.11 * 2, 1.11 * 3)]
        ),
        SOCTypeRow(
            property: "stringCol",
            sortedBy: "stringCol",
            key: { String($0.stringCol.prefix(1)) },
            value: { $0.stringCol },
            rows: [socTriples("a", "a"), socTriples("b", "b"), socTriples("c", "c")]
        ),
        SOCTypeRow(
            property: "objectCol.stringCol",
            sortedBy: "objectCol.stringCol",
            key: { String($0.objectCol?.stringCol.prefix(1) ?? "") },
            value: { $0.objectCol?.stringCol ?? "nil" },
            rows: ["a: apple apples apples", "b: bar", "f: foo foo", "z: zebra zebra zebra"]
        ),
        SOCTypeRow(
            property: "dateCol",
            sortedBy: "dateCol",
            key: { date in
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = TimeZone(secondsFromGMT: 0)!
                return "\(calendar.component(.weekday, from: date.dateCol))"
            },
            value: { "\(Int($0.dateCol.timeIntervalSince1970))" },
            rows: [socTriples("5", 1, 2, 3)]
        ),
        SOCTypeRow(
            property: "decimalCol",
            sortedBy: "decimalCol",
            key: { ["1": "one", "2": "two", "3": "three"]["\($0.decimalCol)"] ?? "\($0.decimalCol)" },
            value: { "\($0.decimalCol)" },
            rows: [socTriples("one", 1), socTriples("two", 2), socTriples("three", 3)]
        ),
        SOCTypeRow(
            property: "uuidCol",
            sortedBy: "uuidCol",
            key: { ["a", "b", "c"][socUUIDs.firstIndex(of: $0.uuidCol.uuidString) ?? 0] },
            value: { String($0.uuidCol.uuidString.prefix(8)) },
            rows: [socTriples("a", "00000000"), socTriples("b", "137DECC8"), socTriples("c", "B84E8912")]
        ),
        SOCTypeRow(
            property: "objectIdCol",
            sortedBy: "objectIdCol",
            key: { $0.objectIdCol.stringValue.hasSuffix("1") ? "a" : "b" },
            value: { String($0.objectIdCol.stringValue.suffix(1)) },
            rows: [socTriples("a", 1), socTriples("b", 2, 3)]
        ),
        SOCTypeRow(
            property: "binaryCol",
            sortedBy: "intCol",
            key: { String(decoding: $0.binaryCol, as: UTF8.self) == "a" ? "a" : "b" },
            value: { String(decoding: $0.binaryCol, as: UTF8.self) },
            rows: [socTriples("a", "a"), socTriples("b", "b", "c")]
        ),
        SOCTypeRow(
            property: "anyCol",
            sortedBy: "anyCol",
            key: { socParity(Int64($0.anyCol.intValue ?? 0)) },
            value: { "\($0.anyCol.intValue ?? 0)" },
            rows: [socTriples("0", 2, 4), socTriples("1", 3)]
        ),
    ]

    @Test(
        "Nine objects sectioned by a block over one property, sorted ascending; the block runs once per object",
        arguments: typeRows
    )
    func sectionedByEveryType(_ row: SOCTypeRow) async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in try Self.createObjects(realm) }
        let calls = KeyBlockCalls()
        let rows = await realm.read { realm in
            realm.objects(SOCAllTypes.self)
                .sectioned(
                    by: { object in
                        calls.record()
                        return row.key(object)
                    },
                    sortDescriptors: [SortDescriptor(keyPath: row.sortedBy, ascending: true)]
                )
                .map { section in "\(section.key): " + section.map(row.value).joined(separator: " ") }
        }
        #expect(rows == row.rows)
        #expect(calls.count == 9)
    }

    static let optionalProperties: [(name: String, value: String)] = [
        ("intObj", "1"), ("floatObj", "1.0"), ("doubleObj", "1.0"), ("boolObj", "true"), ("string", "foo"),
        ("date", "1.0"), ("decimal", "1"), ("objectId", "000000000000000000000001"),
        ("uuidCol", "85D4FBEE-6EC6-47DF-BFA1-615931903D7E"),
    ]

    @Test(
        "A block giving nil for a nil property and a key otherwise: the nil section comes first",
        arguments: optionalProperties.map(\.name)
    )
    func nilKeyFirst(property: String) async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in
            let values: [String: Any] = [
                "intObj": 1, "floatObj": Float(1), "doubleObj": 1.0, "boolObj": true, "string": "foo",
                "date": Date(timeIntervalSince1970: 1), "decimal": Decimal128(integerLiteral: 1),
                "objectId": try ObjectId(string: "000000000000000000000001"),
                "uuidCol": UUID(uuidString: "85d4fbee-6ec6-47df-bfa1-615931903d7e")!,
            ]
            _ = try realm.create(SOCOptionals.self, value: values)
            _ = try realm.create(SOCOptionals.self)
        }
        let calls = KeyBlockCalls()
        let rows = await realm.read { realm in
            realm.objects(SOCOptionals.self)
                .sectioned(
                    by: { object -> String? in
                        calls.record()
                        return object[property] == nil ? nil : "Not null"
                    },
                    sortDescriptors: [SortDescriptor(keyPath: property, ascending: true)]
                )
                .map { section in
                    "\(section.key ?? "nil"): "
                        + section.map { object in
                            switch object[property] {
                            case nil: return "nil"
                            case let date as Date: return "\(date.timeIntervalSince1970)"
                            case let uuid as UUID: return uuid.uuidString
                            case let value?: return "\(value)"
                            }
                        }
                        .joined(separator: " ")
                }
        }
        let value = Self.optionalProperties.first { $0.name == property }!.value
        #expect(rows == ["nil: nil", "Not null: \(value)"])
        #expect(calls.count == 2)
    }

    @Test("Live sections of a list of strings gain a section for each value with a new first letter")
    func primitiveListGainsSections() async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in
            try realm.create(SOCStrings.self).strings.append(objectsIn: ["foo", "fab", "bar", "baz"])
        }
        let counts = try await realm.write { realm in
            let strings = realm.objects(SOCStrings.self)[0].strings
            let sections = strings.sectioned(by: { String($0.prefix(1)) }, ascending: true)
            var counts = [sections.count]
            for value in ["hello", "zebra"] {
                strings.append(value)
                counts.append(sections.count)
            }
            return counts
        }
        #expect(counts == [2, 3, 4])
    }

    @Test("A block with sort descriptors [intCol ascending, anyCol descending] over a list, a set and results")
    func sortDescriptorsOverEveryKind() async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in
            let holder = try realm.create(SOCAggregateHolder.self)
            for (int, any) in [(1, 9), (1, 10), (1, 2), (2, 1)] {
                let object = try realm.create(
                    SOCAggregate.self,
                    value: ["intCol": int, "anyCol": AnyRealmValue.int(any)]
                )
                holder.list.append(object)
                holder.set.insert(object)
            }
        }
        let descriptors = [
            SortDescriptor(keyPath: "intCol", ascending: true), SortDescriptor(keyPath: "anyCol", ascending: false),
        ]
        let forms = await realm.read { realm in
            let holder = realm.objects(SOCAggregateHolder.self)[0]
            func rows<C: RealmCollection>(_ collection: C) -> [String] where C.Element == SOCAggregate {
                collection.sectioned(by: { $0.intCol }, sortDescriptors: descriptors).map { section in
                    "\(section.key): " + section.map { "\($0.anyCol.intValue ?? -1)" }.joined(separator: " ")
                }
            }
            return [rows(holder.list), rows(holder.set), rows(realm.objects(SOCAggregate.self))]
        }
        for form in forms { #expect(form == ["1: 10 9 2", "2: 1"]) }
    }
}
