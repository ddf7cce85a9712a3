import Foundation
import Strata
import Testing

// Declarations realm-swift has that Strata lacked, checked against realm-swift's sources:
//   - `AnyRealmValue.dynamicObject` and `AnyRealmValue()` (RealmSwift/AnyRealmValue.swift: the object as a
//     `DynamicObject`, else nil; `.none`), with `DynamicObject`'s member lookup (RealmSwift/Object.swift:
//     `subscript(dynamicMember:)` is the subscript by name), as AnyRealmValueTests.testDynamicObjectAccessor reads it;
//   - `Decimal128.doubleValue` and `stringValue` (Realm/RLMDecimal128.h and .mm: the double of the decimal, and
//     realm-core's text of it, the zeros ending its fraction dropped; Decimal128StringPortTests.swift has its rules);
//   - `Map.observe(keyPaths:on: actor)` with string and Swift key paths (RealmSwift/Map.swift), as MapTests'
//     testObserveOnActor and testObserveOnActorTypedKeyPath use them: a change off the key paths notifies nothing,
//     one on them modifies the key; here also an insertion and a deletion;
//   - `value(forKey: "self")` of a mixed list gives `NSNull` for none (RLMArray's `valueForKey:`), which a mixed list
//     takes back.

/// The actor the map observers below run isolated to.
private actor MapWatcher {
    private(set) var deliveries = 0
    func delivered() { deliveries += 1 }
}

@Suite("Realm Swift API gaps: dynamicObject, AnyRealmValue(), Decimal128 values, Map observers on an actor")
struct RealmSwiftAPIGapTests {
    // MARK: AnyRealmValue

    @Test("AnyRealmValue() is none")
    func emptyInitializer() {
        #expect(AnyRealmValue() == .none)
        #expect(AnyRealmValue() == AnyRealmValue._rlmDefaultValue())
    }

    @Test("dynamicObject is nil for anything but an object, and an unmanaged model object (Strata differs)")
    func dynamicObjectOfValues() {
        let values: [AnyRealmValue] = [.none, .int(1), .string("a"), .fromArray([.int(1)]), .fromDictionary([:])]
        #expect(values.map { $0.dynamicObject == nil } == Array(repeating: true, count: values.count))
        #expect(AnyRealmValue.object(ARVStringObject(value: ["a"])).dynamicObject == nil)
        let dynamic = DynamicObject()
        #expect(AnyRealmValue.object(dynamic).dynamicObject === dynamic)
    }

    @Test("dynamicObject of a stored object reads and writes it by name, as a subscript or a member")
    func dynamicObjectOfStoredObject() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([ARVTypeObject.self, ARVStringObject.self]))
        let reads = try await realm.write { realm -> [String] in
            let holder = ARVTypeObject()
            holder.anyValue.value = .object(ARVStringObject(value: ["some string..."]))
            try realm.add(holder)
            let value = realm.objects(ARVTypeObject.self).first!.anyValue.value
            guard let dynamic = value.dynamicObject else { return ["no dynamic object"] }
            let before = [dynamic.stringCol as? String ?? "nil", dynamic["stringCol"] as? String ?? "nil"]
            dynamic.stringCol = "changed"
            let stored = realm.objects(ARVStringObject.self).first!
            let dynamicAgain = AnyRealmValue.object(dynamic).dynamicObject
            return before + [
                stored.stringCol,
                "\(dynamic.isSameObject(as: stored))",
                dynamic.objectSchema.className,
                "\(dynamicAgain === dynamic)",
            ]
        }
        #expect(reads == ["some string...", "some string...", "changed", "true", "ARVStringObject", "true"])
    }

    @Test("dynamicObject of a frozen object is frozen")
    func dynamicObjectOfFrozenObject() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([ARVTypeObject.self, ARVStringObject.self]))
        try await realm.write { realm in
            let holder = ARVTypeObject()
            holder.anyValue.value = .object(ARVStringObject(value: ["frozen"]))
            try realm.add(holder)
        }
        let frozen = try await realm.read { realm in try realm.objects(ARVTypeObject.self).freeze() }
        let dynamic = frozen.first!.anyValue.value.dynamicObject
        #expect(dynamic?.isFrozen == true)
        #expect(dynamic?["stringCol"] as? String == "frozen")
    }

    // MARK: Decimal128

    @Test(
        "Decimal128.doubleValue is the nearest double, stringValue Realm's text",
        arguments: [
            ("0.1", 0.1, "1E-1"), ("-2.5", -2.5, "-2.5"),
            ("123456789012345678901234567890", 1.2345678901234568e29, "+123456789012345678901234567890E+0"),
            ("1.000000000000000000000000000000001", 1, "+1000000000000000000000000000000001E-33"),
            ("1e-20", 1e-20, "1E-20"), ("3.14159265358979323846", Double.pi, "+314159265358979323846E-20"),
        ]
    )
    func decimalValues(_ text: String, _ expected: Double, _ stringValue: String) throws {
        let decimal = try Decimal128(string: text)
        #expect(decimal.doubleValue == expected)
        #expect(decimal.stringValue == stringValue)
    }

    @Test("Decimal128.doubleValue of NaN is NaN; of an integer, that integer")
    func decimalSpecialValues() {
        #expect(Decimal128.nan.doubleValue.isNaN)
        #expect(Decimal128.nan.stringValue == "NaN")
        #expect(Decimal128(integerLiteral: 42).doubleValue == 42)
        #expect(Decimal128(integerLiteral: -7).stringValue == "-7")
    }

    // MARK: Map observers on an actor

    /// How the observer names its key paths.
    enum KeyPathForm: String, CaseIterable, Sendable {
        case strings, swiftKeyPaths
    }

    @Test(
        "Map.observe(keyPaths:on: actor) reports initial, then inserted, modified and deleted keys, on the actor",
        arguments: KeyPathForm.allCases
    )
    func mapObserveOnActor(_ form: KeyPathForm) async throws {
        let realm = try await MapPortTests.makeObservedRealm()
        let bag = MPTMailbag()
        let watcher = MapWatcher()
        let token = await realm.read { realm in
            let map = realm.objects(MPTMapProperty.self).first!.swiftObjectMap
            return switch form {
            case .strings:
                map.observe(keyPaths: ["intCol"], on: watcher) { watcher, change in
                    watcher.delivered()
                    bag.post(mptChangeText(change))
                }
            case .swiftKeyPaths:
                map.observe(keyPaths: [\.intCol], on: watcher) { watcher, change in
                    watcher.delivered()
                    bag.post(mptChangeText(change))
                }
            }
        }
        #expect(await bag.next() == "initial 2")
        func write(_ body: @escaping @Sendable (Map<String, MPTSwiftObject?>) -> Void) async throws {
            try await realm.write { realm in body(realm.objects(MPTMapProperty.self).first!.swiftObjectMap) }
        }
        try await write { $0["third"] = MPTSwiftObject(value: ["intCol": 3]) }
        #expect(await bag.next() == "update 3 -[] +[\"third\"] ~[]")
        // A property off the key paths: no notification (Realm's over-fulfilled expectation).
        try await write { $0["first"]??.boolCol = true }
        #expect(await bag.next(within: 0.3) == nil)
        try await write { $0["first"]??.intCol += 1 }
        #expect(await bag.next() == "update 3 -[] +[] ~[\"first\"]")
        try await write { $0.removeObject(for: "second") }
        #expect(await bag.next() == "update 2 -[\"second\"] +[] ~[]")
        #expect(await watcher.deliveries == 4)
        token.invalidate()
    }

    @Test("Map.observe(on: actor) without key paths reports a map of values")
    func mapOfValuesObserveOnActor() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([MPTValueMaps.self, MPTString.self]))
        try await realm.write { realm in _ = try realm.create(MPTValueMaps.self) }
        let bag = MPTMailbag()
        let watcher = MapWatcher()
        let token = await realm.read { realm in
            realm.objects(MPTValueMaps.self).first!.int.observe(on: watcher) { watcher, change in
                watcher.delivered()
                bag.post(mptChangeText(change))
            }
        }
        #expect(await bag.next() == "initial 0")
        try await realm.write { realm in realm.objects(MPTValueMaps.self).first!.int["a"] = 1 }
        #expect(await bag.next() == "update 1 -[] +[\"a\"] ~[]")
        try await realm.write { realm in realm.objects(MPTValueMaps.self).first!.int["a"] = 2 }
        #expect(await bag.next() == "update 1 -[] +[] ~[\"a\"]")
        try await realm.write { realm in realm.objects(MPTValueMaps.self).first!.int.removeAll() }
        #expect(await bag.next() == "update 0 -[\"a\"] +[] ~[]")
        #expect(await watcher.deliveries == 4)
        token.invalidate()
    }

    // MARK: NSNull for none

    @Test("value(forKey: \"self\") of a mixed list gives NSNull for none, and the list takes it back")
    func mixedNoneIsNSNull() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([ARVCollections.self, ARVStringObject.self]))
        let reads = try await realm.write { realm -> [String] in
            let (source, target) = (ARVCollections(), ARVCollections())
            try realm.add([source, target])
            source.arrayAny.append(objectsIn: [.int(1), .none, .string("s")])
            let kvc = source.arrayAny.value(forKey: "self") as? [Any] ?? []
            target.setValue(kvc, forKey: "arrayAny")
            let unmanaged = List<AnyRealmValue>()
            unmanaged.append(objectsIn: [.none])
            return [
                kvc.map { $0 is NSNull ? "NSNull" : "\($0)" }.joined(separator: ","),
                arvTexts(target.arrayAny).joined(separator: ","),
                "\((unmanaged.value(forKey: "self") as? [Any])?.first is NSNull)",
            ]
        }
        #expect(reads == ["1,NSNull,s", "int(1),none,string(s)", "true"])
    }
}
