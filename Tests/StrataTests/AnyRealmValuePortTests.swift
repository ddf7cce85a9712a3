import Foundation
import Strata
import Testing

// The facts of realm-swift's `RealmSwift/Tests/AnyRealmValueTests.swift` not already asserted by
// AnyRealmValueCollectionTests, KeyValueAndEqualitySemanticsTests (key-value coding of mixed collections with
// int, none, string and double payloads) and KeyValueAndEqualitySemanticsTests+MixedAggregates (the type of a
// mixed sum and average, empty and of ints). Realm runs each case once for every kind of value a mixed property
// stores, with three values of that kind (`TestValueFactory`'s: 1, 2, 3; 1.1, 2.2, 3.3; "a", "b", "c"; false,
// true and none for Bool; three objects for `SwiftStringObject`), unmanaged and on an object added to an in-memory
// realm inside an open write. Dates, ObjectIds and UUIDs are fixed here (Realm's are made at random); an object
// value is compared by its `stringCol`, as Realm's `assertEqual` does.
//
// Ported here:
//   - AnyRealmValueTests.testAnyRealmValue: a `RealmProperty<AnyRealmValue>` keeps each kind unmanaged, once
//     added, and after a managed write;
//   - AnyRealmValueObjectTests.testObject, testAssortment: an object inside a mixed value is written through, and
//     one mixed property is reused for every kind, unmanaged and managed;
//   - AnyRealmValueListTests, MinMax…, Addable… (AnyRealmValuePortTests+Lists.swift): every edit of a
//     `List<AnyRealmValue>`, `index(of:)`, `first`/`last`, `value(forKey: "self")`, min/max and sum/average;
//   - AnyRealmValueMutableSetTests, MinMax…, Addable… and AnyRealmValueMapTests, MinMax…, Addable…
//     (AnyRealmValuePortTests+SetsAndMaps.swift).
//
// Skipped:
//   - testDynamicObjectAccessor: it reopens the realm with a schema that lacks the linked object's class, and
//     Strata reads a mixed link to a class outside the schema as none (`AnyRealmValue.dynamicObject` of a class in
//     the schema is asserted by RealmSwiftAPIGapTests);
//   - the `assertThrows` of the list tests (out-of-bounds and negative indices): the same `List` code as
//     ListPortTests+Stopping.swift and CollectionSemanticsTests+Bounds.swift, which assert Realm's messages;
//   - `value(forKey: "not self")` raising `NSUnknownKeyException`: asserted for lists by SetSelfSemanticsTests;
//   - disabled_testIndexMatching, testSetValueForKey, testFilter: empty or disabled in Realm.

/// As realm-swift's `AnyRealmTypeObject`: one mixed value held by a `RealmProperty`.
final class ARVTypeObject: Object {
    let anyValue = RealmProperty<AnyRealmValue>()
}

/// As realm-swift's `SwiftStringObject`: one `String`.
final class ARVStringObject: Object {
    @Persisted var stringCol = ""
}

/// The mixed collections of realm-swift's `ModernAllTypesObject`.
final class ARVCollections: Object {
    @Persisted var arrayAny: List<AnyRealmValue>
    @Persisted var setAny: MutableSet<AnyRealmValue>
    @Persisted var mapAny: Map<String, AnyRealmValue>
}

/// A kind of value a mixed property stores, with realm-swift's three values of it (`AnyValueFactory.anyValues()`).
enum ARVKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case int, bool, float, double, string, data, date, objectId, decimal128, uuid, object

    var testDescription: String { rawValue }

    /// The three values, made afresh (an object value is a new unmanaged object each time).
    func values() -> [AnyRealmValue] {
        switch self {
        case .int: [.int(1), .int(2), .int(3)]
        case .bool: [.bool(false), .bool(true), .none]
        case .float: [.float(1.1), .float(2.2), .float(3.3)]
        case .double: [.double(1.1), .double(2.2), .double(3.3)]
        case .string: [.string("a"), .string("b"), .string("c")]
        case .data: ["a", "b", "c"].map { .data(Data($0.utf8)) }
        // As `Date()`, `+ 10` and `+ 20` in Realm's factory: a time with a fraction finer than a microsecond.
        case .date: [0, 10, 20].map { .date(Date(timeIntervalSinceReferenceDate: 786_297_600.123_456_7 + $0)) }
        case .objectId:
            ["1", "2", "3"].map { .objectId(try! ObjectId(string: "507f1f77bcf86cd79943901" + $0)) }
        case .decimal128: [.decimal128(1), .decimal128(2), .decimal128(3)]
        case .uuid: ["7", "8", "9"].map { .uuid(UUID(uuidString: "137DECC8-B300-4954-A233-F89909F4FD8" + $0)!) }
        case .object: ["a", "b", "c"].map { .object(ARVStringObject(value: [$0])) }
        }
    }

    /// The kinds Realm runs its min and max cases on.
    static let ordered: [ARVKind] = [.int, .float, .double, .date, .decimal128]

    /// The kinds Realm runs its sum and average cases on, with the sum of their values.
    static let numeric: [(ARVKind, Double)] = [(.int, 6), (.float, 6.6), (.double, 6.6), (.decimal128, 6)]
}

/// A mixed value as text for exact comparisons: `case(payload)`, an object as `object(stringCol)`.
func arvText(_ value: AnyRealmValue?) -> String {
    switch value {
    case nil: "nil"
    case .object(let object)?: "object(\((object as? ARVStringObject)?.stringCol ?? "\(type(of: object))"))"
    case .none?: "none"
    case .int(let v)?: "int(\(v))"
    case .bool(let v)?: "bool(\(v))"
    case .float(let v)?: "float(\(v))"
    case .double(let v)?: "double(\(v))"
    case .string(let v)?: "string(\(v))"
    case .data(let v)?: "data(\(String(decoding: v, as: UTF8.self)))"
    case .date(let v)?: "date(\(v.timeIntervalSinceReferenceDate))"
    case .objectId(let v)?: "objectId(\(v))"
    case .decimal128(let v)?: "decimal128(\(v))"
    case .uuid(let v)?: "uuid(\(v))"
    case .list(let v)?: "list(\(v.count))"
    case .dictionary(let v)?: "dictionary(\(v.count))"
    }
}

/// The texts of a sequence of mixed values.
func arvTexts<S: Sequence>(_ values: S) -> [String] where S.Element == AnyRealmValue { values.map(arvText) }

/// A mixed sum or average as a `Double`, as realm-swift's `doubleValue(_:)`: a double or a Decimal128 only.
func arvDouble(_ value: AnyRealmValue?) -> Double? {
    switch value {
    case .double(let v)?: v
    case .decimal128(let v)?: Double("\(v)")
    default: nil
    }
}

/// Whether `kvc`, what `value(forKey:)` gave for one element or entry, is the payload of `value` (realm-swift's
/// `testValueForKey` switch: an object for an object, the payload of its own type otherwise; for none, `NSNull` as
/// an element of a list's or set's array, nil as a map's entry).
func arvPayloadMatches(_ kvc: Any?, _ value: AnyRealmValue, noneIsNSNull: Bool) -> Bool {
    switch value {
    case .object(let object):
        (kvc as? ARVStringObject)?.stringCol == (object as? ARVStringObject)?.stringCol
    case .none: noneIsNSNull ? kvc is NSNull : kvc == nil
    case .int(let v): kvc as? Int == v
    case .bool(let v): kvc as? Bool == v
    case .float(let v): kvc as? Float == v
    case .double(let v): kvc as? Double == v
    case .string(let v): kvc as? String == v
    case .data(let v): kvc as? Data == v
    case .date(let v): kvc as? Date == v
    case .objectId(let v): kvc as? ObjectId == v
    case .decimal128(let v): kvc as? Decimal128 == v
    case .uuid(let v): kvc as? UUID == v
    case .list, .dictionary: false
    }
}

/// Runs `body` on two fresh `ARVCollections`: unmanaged, or added to an in-memory realm inside the write that
/// added them (as realm-swift's `ManagedObjectFactory` leaves a write open).
func onARVCollections(
    managed: Bool,
    _ body: @escaping @Sendable (ARVCollections, ARVCollections, String) throws -> Void
) async throws {
    guard managed else { return try body(ARVCollections(), ARVCollections(), "unmanaged") }
    let realm = try await Realm(configuration: memoryConfiguration([ARVCollections.self, ARVStringObject.self]))
    try await realm.write { realm in
        let (first, second) = (ARVCollections(), ARVCollections())
        try realm.add([first, second])
        try body(first, second, "managed")
    }
}

@Suite("AnyRealmValue port: the facts of realm-swift's AnyRealmValueTests")
struct AnyRealmValuePortTests {
    static let kinds: [ARVKind] = ARVKind.allCases.filter { $0 != .object }

    static func configuration() -> Realm.Configuration {
        memoryConfiguration([ARVTypeObject.self, ARVStringObject.self, ARVCollections.self])
    }

    @Test(
        "a RealmProperty<AnyRealmValue> keeps each kind unmanaged, once added, and after a managed write",
        arguments: Self.kinds
    )
    func anyRealmValue(_ kind: ARVKind) async throws {
        let realm = try await Realm(configuration: Self.configuration())
        let texts = arvTexts(kind.values())
        let reads = try await realm.write { realm -> [String] in
            let values = kind.values()
            let object = ARVTypeObject()
            object.anyValue.value = values[0]
            var reads = [arvText(object.anyValue.value)]
            object.anyValue.value = values[1]
            reads.append(arvText(object.anyValue.value))
            try realm.add(object)
            reads.append(arvText(object.anyValue.value))
            return reads
        }
        #expect(reads == [texts[0], texts[1], texts[1]])
        let written = try await realm.write { realm -> String in
            let object = realm.objects(ARVTypeObject.self).first!
            object.anyValue.value = kind.values()[2]
            return arvText(object.anyValue.value)
        }
        #expect(written == texts[2])
        #expect(await realm.read { arvText($0.objects(ARVTypeObject.self).first!.anyValue.value) } == texts[2])
        // Equality of the value read back with a freshly made one (XCTAssertEqual of the AnyRealmValues).
        let equal = await realm.read { $0.objects(ARVTypeObject.self).first!.anyValue.value == kind.values()[2] }
        #expect(equal)
    }

    @Test("an object inside a mixed value reads back and is written through, unmanaged and managed")
    func objectInsideMixed() async throws {
        let realm = try await Realm(configuration: Self.configuration())
        let reads = try await realm.write { realm -> [String?] in
            let object = ARVTypeObject()
            let inner = ARVStringObject()
            inner.stringCol = "hello"
            object.anyValue.value = .object(inner)
            var reads = [object.anyValue.value.object(ARVStringObject.self)?.stringCol]
            object.anyValue.value.object(ARVStringObject.self)?.stringCol = "there"
            reads.append(object.anyValue.value.object(ARVStringObject.self)?.stringCol)
            try realm.add(object)
            reads.append(object.anyValue.value.object(ARVStringObject.self)?.stringCol)
            reads.append("\(object.anyValue.value.object(ARVStringObject.self)?.realm != nil)")
            reads.append("\(object.anyValue.value.object(ARVTypeObject.self) == nil)")
            return reads
        }
        #expect(reads == ["hello", "there", "there", "true", "true"])
        try await realm.write { realm in
            realm.objects(ARVTypeObject.self).first!.anyValue.value.object(ARVStringObject.self)!.stringCol = "bye!"
        }
        let final = await realm.read { realm in
            (
                realm.objects(ARVTypeObject.self).first!.anyValue.value.object(ARVStringObject.self)?.stringCol,
                realm.objects(ARVStringObject.self).map(\.stringCol)
            )
        }
        #expect(final.0 == "bye!")
        #expect(final.1 == ["bye!"])
    }

    /// realm-swift's `testAssortment` values, each with what its typed accessor must read.
    static func assortment() -> [(AnyRealmValue, (AnyRealmValue) -> String?, String)] {
        let data = Data(repeating: 1, count: 64)
        let date = Date(timeIntervalSince1970: 1_700_000_000.5)
        let objectId = try! ObjectId(string: "507f1f77bcf86cd799439011")
        let decimal = Decimal128(floatLiteral: 12345.6789)
        return [
            (.int(123), { $0.intValue.map { "\($0)" } }, "123"),
            (.float(123.456), { $0.floatValue.map { "\($0)" } }, "123.456"),
            (.string("hello there"), { $0.stringValue }, "hello there"),
            (.data(data), { $0.dataValue.map { "\($0.count) bytes of \($0.first ?? 0)" } }, "64 bytes of 1"),
            (.date(date), { $0.dateValue.map { "\($0.timeIntervalSince1970)" } }, "1700000000.5"),
            (.objectId(objectId), { $0.objectIdValue.map { "\($0)" } }, "507f1f77bcf86cd799439011"),
            (.decimal128(decimal), { $0.decimal128Value.map { "\($0)" } }, "12345.6789"),
        ]
    }

    @Test("one mixed property is reused for every kind, unmanaged and then managed, and ends holding an object")
    func assortmentReusesOneProperty() async throws {
        let realm = try await Realm(configuration: Self.configuration())
        let expected = Self.assortment().map(\.2)
        let object = ARVTypeObject()
        let unmanaged = Self.assortment().map { value, read, _ in
            object.anyValue.value = value
            return read(object.anyValue.value)
        }
        try await realm.write { realm in
            let object = ARVTypeObject()
            object.anyValue.value = .none
            try realm.add(object)
        }
        // Managed: one write per kind, as Realm's `testVariation` commits each.
        var managed: [String?] = []
        for index in expected.indices {
            managed.append(
                try await realm.write { realm -> String? in
                    let (value, read, _) = Self.assortment()[index]
                    let object = realm.objects(ARVTypeObject.self).first!
                    object.anyValue.value = value
                    return read(object.anyValue.value)
                }
            )
        }
        #expect(unmanaged == expected)
        #expect(managed == expected)
        let last = try await realm.write { realm -> String? in
            let object = realm.objects(ARVTypeObject.self).first!
            object.anyValue.value = .object(ARVStringObject(value: ["hello"]))
            return object.anyValue.value.object(ARVStringObject.self)?.stringCol
        }
        #expect(last == "hello")
    }
}
