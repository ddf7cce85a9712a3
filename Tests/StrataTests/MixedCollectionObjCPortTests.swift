import Foundation
import Strata
import Testing

// Facts of realm-swift's `Realm/Tests/PrimitiveRLMValuePropertyTests.m` (generated from
// `Realm/Tests/PrimitiveRLMValuePropertyTests.tpl.m`): an object with one mixed property (`id<RLMValue>`, an
// `AnyRealmValue` here) per kind of value, unmanaged and created in a realm inside an open write.
//   - initValues and testType: each property given a plain value of its kind in a value dictionary holds that kind
//     (testType names the first seven kinds; initValues compares all ten values, Decimal128, ObjectId and UUID too);
//   - testInitNull: every mixed property starts as none, on `init()` and on an object created from an empty array;
//   - testUpdateBoolType … testUpdateUuidType: any mixed property takes a value of every kind, whatever kind it held,
//     and reads back that value and kind (here also after the write commits).
// In MixedCollectionObjCPortTests+Collections.swift: the mixed collections (`anyBoolObj` … `anyUUIDObj`) of
// `Realm/Tests/PrimitiveSetPropertyTests.m`, `Realm/Tests/PrimitiveDictionaryPropertyTests.m` and
// `Realm/Tests/PrimitiveArrayPropertyTests.m`, which PrimitiveObjCPortTests leaves out.
//
// Not ported: PrimitiveRLMValuePropertyTests' `allMixed` array, which its setUp never creates (its `addObjects:`
// message goes to nil), so the file asserts nothing about mixed collections; the `XCTAssertNil(unmanaged.realm)`
// and `XCTAssertNotNil(managed.realm)` checks, asserted for every object by the object-creation ports.

/// As Realm's `AllPrimitiveRLMValues`: one mixed property per kind of value.
final class MCOValues: Object {
    @Persisted var boolVal: AnyRealmValue
    @Persisted var intVal: AnyRealmValue
    @Persisted var floatVal: AnyRealmValue
    @Persisted var doubleVal: AnyRealmValue
    @Persisted var stringVal: AnyRealmValue
    @Persisted var dataVal: AnyRealmValue
    @Persisted var dateVal: AnyRealmValue
    @Persisted var decimalVal: AnyRealmValue
    @Persisted var objectIdVal: AnyRealmValue
    @Persisted var uuidVal: AnyRealmValue
}

/// `count` zero bytes, as the Objective-C suites' `data(i)`.
func mcoData(_ count: Int) -> Data { Data(repeating: 0, count: count) }

/// `seconds` after 1970, as the Objective-C suites' `date(i)`.
func mcoDate(_ seconds: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

/// The ObjectId numbered `index`; they ascend with their number, as Realm's `objectId(i)` made in order do.
func mcoObjectId(_ index: UInt8) -> ObjectId { ObjectId(bytes: Array(repeating: 0x60, count: 11) + [index]) }

/// The two UUIDs of the Objective-C suites, in ascending order.
let mcoUUIDs = ["00000000-0000-0000-0000-000000000000", "137DECC8-B300-4954-A233-F89909F4FD89"].map {
    UUID(uuidString: $0)!
}

/// A kind of value a mixed property stores, with the Objective-C suites' values of it.
enum MCOKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case bool, int, float, double, string, data, date, decimal128, objectId, uuid

    var testDescription: String { rawValue }

    /// The property of `MCOValues` named for this kind.
    var property: ReferenceWritableKeyPath<MCOValues, AnyRealmValue> {
        switch self {
        case .bool: \.boolVal
        case .int: \.intVal
        case .float: \.floatVal
        case .double: \.doubleVal
        case .string: \.stringVal
        case .data: \.dataVal
        case .date: \.dateVal
        case .decimal128: \.decimalVal
        case .objectId: \.objectIdVal
        case .uuid: \.uuidVal
        }
    }

    /// The name of that property.
    var propertyName: String {
        switch self {
        case .decimal128: "decimalVal"
        default: "\(rawValue)Val"
        }
    }

    /// The plain value setUp gives the property of this kind (`$value0`: an `NSNumber`, `NSString`, … there).
    var initialPlain: Any {
        switch self {
        case .bool: false
        case .int: 2
        case .float: Float(2.2)
        case .double: 2.2
        case .string: "a"
        case .data: mcoData(1)
        case .date: mcoDate(1)
        case .decimal128: Decimal128(number: 2)
        case .objectId: mcoObjectId(1)
        case .uuid: mcoUUIDs[0]
        }
    }

    /// The value testUpdate…Type assigns to every property.
    var update: AnyRealmValue {
        switch self {
        case .bool: .bool(false)
        case .int: .int(2)
        case .float: .float(2.2)
        case .double: .double(3.3)
        case .string: .string("four")
        case .data: .data(mcoData(5))
        case .date: .date(mcoDate(6))
        case .decimal128: .decimal128(Decimal128(number: 7))
        case .objectId: .objectId(mcoObjectId(8))
        case .uuid: .uuid(mcoUUIDs[1])
        }
    }

    /// How `update` reads, as `mcoText` writes it.
    var updateText: String {
        switch self {
        case .bool: "bool(false)"
        case .int: "int(2)"
        case .float: "float(2.2)"
        case .double: "double(3.3)"
        case .string: "string(four)"
        case .data: "data([0, 0, 0, 0, 0])"
        case .date: "date(6.0)"
        case .decimal128: "decimal128(7)"
        case .objectId: "objectId(606060606060606060606008)"
        case .uuid: "uuid(137DECC8-B300-4954-A233-F89909F4FD89)"
        }
    }

    /// setUp's value dictionary: every property given its kind's plain value.
    static func initialDictionary() -> [String: Any] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.propertyName, $0.initialPlain) })
    }
}

/// A mixed value as `kind(payload)`: data as its bytes, a date as seconds since 1970, an ObjectId as hex.
func mcoText(_ value: AnyRealmValue) -> String {
    switch value {
    case .none: "none"
    case .bool(let v): "bool(\(v))"
    case .int(let v): "int(\(v))"
    case .float(let v): "float(\(v))"
    case .double(let v): "double(\(v))"
    case .string(let v): "string(\(v))"
    case .data(let v): "data(\(Array(v)))"
    case .date(let v): "date(\(v.timeIntervalSince1970))"
    case .decimal128(let v): "decimal128(\(v))"
    case .objectId(let v): "objectId(\(v.stringValue))"
    case .uuid(let v): "uuid(\(v.uuidString))"
    case .object(let v): "object(\(type(of: v)))"
    case .list(let v): "list(\(v.count))"
    case .dictionary(let v): "dictionary(\(v.count))"
    }
}

/// The texts of every property of `object`, in `MCOKind` order.
private func mcoTexts(_ object: MCOValues) -> [String] {
    MCOKind.allCases.map { mcoText(object[keyPath: $0.property]) }
}

@Suite("Mixed properties of every kind, as realm-swift's Objective-C PrimitiveRLMValuePropertyTests has them")
struct MixedCollectionObjCPortTests {
    static func configuration() -> Realm.Configuration { memoryConfiguration([MCOValues.self, MCOCollections.self]) }

    @Test("A mixed property given a plain value of each kind holds that kind, unmanaged and created (testType)")
    func initialKinds() async throws {
        let expected = [
            "bool(false)", "int(2)", "float(2.2)", "double(2.2)", "string(a)", "data([0])", "date(1.0)",
            "decimal128(2)", "objectId(606060606060606060606001)", "uuid(00000000-0000-0000-0000-000000000000)",
        ]
        #expect(mcoTexts(MCOValues(value: MCOKind.initialDictionary())) == expected)
        let realm = try await Realm(configuration: Self.configuration())
        let managed = try await realm.write { realm in
            mcoTexts(try realm.create(MCOValues.self, value: MCOKind.initialDictionary()))
        }
        #expect(managed == expected)
        #expect(await realm.read { realm in mcoTexts(realm.objects(MCOValues.self)[0]) } == expected)
    }

    @Test("Every mixed property starts as none: on init(), and created from an empty array (testInitNull)")
    func initNull() async throws {
        let none = Array(repeating: "none", count: MCOKind.allCases.count)
        #expect(mcoTexts(MCOValues()) == none)
        let realm = try await Realm(configuration: Self.configuration())
        let managed = try await realm.write { realm in mcoTexts(try realm.create(MCOValues.self, value: [Any]())) }
        #expect(managed == none)
    }

    @Test(
        "Any mixed property takes a value of this kind, whatever it held, unmanaged and managed (testUpdate…Type)",
        arguments: MCOKind.allCases
    )
    func update(_ kind: MCOKind) async throws {
        let expected = Array(repeating: kind.updateText, count: MCOKind.allCases.count)
        let unmanaged = MCOValues(value: MCOKind.initialDictionary())
        for property in MCOKind.allCases.map(\.property) { unmanaged[keyPath: property] = kind.update }
        #expect(mcoTexts(unmanaged) == expected, "unmanaged")
        // Equality with the value assigned, as Realm's isEqual: checks.
        #expect(MCOKind.allCases.allSatisfy { unmanaged[keyPath: $0.property] == kind.update }, "unmanaged equality")

        let realm = try await Realm(configuration: Self.configuration())
        let managed = try await realm.write { realm -> [String] in
            let object = try realm.create(MCOValues.self, value: MCOKind.initialDictionary())
            for property in MCOKind.allCases.map(\.property) { object[keyPath: property] = kind.update }
            #expect(MCOKind.allCases.allSatisfy { object[keyPath: $0.property] == kind.update }, "managed equality")
            return mcoTexts(object)
        }
        #expect(managed == expected, "managed, in the write")
        #expect(await realm.read { realm in mcoTexts(realm.objects(MCOValues.self)[0]) } == expected, "committed")
    }
}
