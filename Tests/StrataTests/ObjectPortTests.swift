import Foundation
import Strata
import Testing

// The facts of realm-swift's `RealmSwift/Tests/ObjectTests.swift` and `RealmSwift/Tests/ModernObjectTests.swift`
// that ObjectSemanticsTests, ObjectAccessorSemanticsTests, KeyValueAndEqualitySemanticsTests, DynamicCollectionTests,
// DescriptionTests, ObjectSchemaTests, SchemaValidationTests, FreezeTests and NotificationSemanticsTests do not
// already assert.
//
// Ported here:
//   - testRealm: an object's realm is not another realm opened on the same file;
//   - testObjectSchemaForObjectWithConvenienceInitializer (both files);
//   - testValueForKeyList, testValueForKeyMutableSet, testValueForKeyLinkingObjects;
//   - testSettingUnmanagedObjectValuesWithSwiftDictionary: the half with sets;
//   - testFreezeAllPropertyTypes; testFreezeDynamicObject for `dynamicMap(_:)`, with the live map it reads;
//   - testThawUnmanaged (Strata documents that it returns the object) and testThawUpdatedOnDifferentThread (another
//     realm of the file writes; the realm refreshes).
// In the other ObjectPortTests+ files: testSchemaHasPrimaryKey and testCannotUpdatePrimaryKey (+PrimaryKeys),
// testDescription (+Descriptions), a migration object's setters of dynamicSetAndTestAllTypes and
// testDynamicMemberSubscript (+Migration), and observation, testDeleteObservedObject to testObserveOnActor
// (+Observation, +KeyPathObservation).
//
// Skipped:
//   - testInvalidated, testInvalidatedWithCustomObjectClasses, testObjectSchema (both files), testValueForKey,
//     testValueForKeyOptionals, testSetValueForKey and testSubscript on model objects, testDynamicDefaultPropertyValues
//     (both files), testIsFrozen, testFreezeUnmanaged, testThaw, testThawDeleted, testThawPreviousVersion, the
//     equality tests, testRetrievingObject(s)WithRuntimeType, testDynamicList, testDynamicMutableSet,
//     testWillSetDidSet, testAddingObjectReusesExistingCollectionObjects, testIndexedProperties and
//     testIndexedOptionalProperties (which types take an index): already asserted by the suites named above;
//   - `sharedSchema()`, `ignoredProperties()`, `indexedProperties()`, RLMObject, testObjectiveCTypeProperties
//     (NSDate, NSData) and testAddingPreviouslyObservedObjectReusesExistingCollectionObjects (KVO): Objective-C;
//     Strata declares properties with `@Persisted` only (an undeclared `var` is not persisted, as ObjectSchemaTests
//     shows for `Person.ignored`);
//   - the `assertThrows` facts: a managed object's primary key changed (ObjectSemanticsTests runs one in a child
//     process), testSettingUnmanagedObjectValuesWithBadSwiftDictionary, testModifyFrozenObject, testThawUnmanaged's
//     raise (Strata returns the object), `dynamicList`/`dynamicMutableSet` of an unknown name: they stop the process.

/// Realm Swift's `SwiftConvenienceInitializerObject`: a model with an initializer of its own.
final class OPTConvenience: Object {
    @Persisted var stringCol = ""

    convenience init(stringCol: String) {
        self.init()
        self.stringCol = stringCol
    }
}

/// Realm Swift's `SwiftMutableSetPropertyObject`.
final class OPTSetOwner: Object {
    @Persisted var name = ""
    @Persisted var set: MutableSet<OSString>
    @Persisted var intSet: MutableSet<OSInt>
}

/// Realm Swift's `SwiftRecursiveObject`: a list and a set of its own class.
final class OPTRecursive: Object {
    @Persisted var objects: List<OPTRecursive>
    @Persisted var objectSet: MutableSet<OPTRecursive>
}

let optTypes: [ObjectBase.Type] = [
    OSBool.self, OSObject.self, OSString.self, OSInt.self, OPTConvenience.self, OPTSetOwner.self, OPTRecursive.self,
    OPTRenamed.self, OPTRenamedLinker.self,
]

/// A property value as a live and a frozen object are compared: an object as its class, data as its bytes, a
/// collection as its elements.
private func valueText(_ value: Any?) -> String {
    guard let value else { return "nil" }
    switch value {
    case let object as ObjectBase: return object.objectSchema.className
    case let data as Data: return "Data\(Array(data))"
    case let string as String: return string
    case let sequence as any Sequence: return "[" + elements(of: sequence).map(valueText).joined(separator: ", ") + "]"
    default: return "\(value)"
    }
}

private func elements<S: Sequence>(of sequence: S) -> [Any?] { sequence.map { $0 } }

/// Every persisted property of `object` as `name: value`.
private func propertyTexts(_ object: ObjectBase) -> [String] {
    object.objectSchema.properties.map { "\($0.name): \(valueText(object.value(forKey: $0.name)))" }
}

@Suite("Object API facts of Realm Swift's ObjectTests and ModernObjectTests")
struct ObjectPortTests {
    // MARK: Realm and schema

    @Test("An object's realm is the realm it was read in, not another realm opened on the same file")
    func realmIsNotAnotherRealmOfTheFile() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(optTypes))
        let other = try await Realm(configuration: realm.configuration)
        try await realm.write { realm in _ = try realm.create(OSString.self) }
        let facts = await realm.read { realm in
            let object = realm.objects(OSString.self)[0]
            return [object.realm == realm, object.realm == other]
        }
        let otherFacts = await other.read { other in
            let object = other.objects(OSString.self)[0]
            return [object.realm == other, object.realm == realm]
        }
        #expect(facts == [true, false])
        #expect(otherFacts == [true, false])
        await other.close()
    }

    @Test("A model with an initializer of its own has its persisted properties in its schema, and nothing else")
    func convenienceInitializer() {
        let object = OPTConvenience(stringCol: "abc")
        #expect(object.objectSchema.className == "OPTConvenience")
        #expect(object.objectSchema.properties.map(\.name) == ["stringCol"])
        #expect(object.stringCol == "abc")
    }

    // MARK: Key-value coding

    @Test(
        "value(forKey:) gives a list or set property of every value type as its typed, empty collection",
        arguments: ["unmanaged", "created", "added"]
    )
    func valueForKeyOfCollections(how: String) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([TCQAllTypes.self]))
        let wrong = try await realm.write { realm -> [String] in
            let object: TCQAllTypes
            switch how {
            case "created": object = try realm.create(TCQAllTypes.self)
            case "added":
                object = TCQAllTypes()
                try realm.add(object)
            default: object = TCQAllTypes()
            }
            return collectionChecks.filter { !$0.check(object.value(forKey: $0.key)) }.map(\.key)
        }
        #expect(wrong == [])
    }

    @Test("value(forKey:) gives a LinkingObjects property as LinkingObjects of the linking class")
    func valueForKeyOfLinkingObjects() async throws {
        let unmanaged = Dog()
        #expect(unmanaged.value(forKey: "owners") is LinkingObjects<Person>)
        let realm = try await Realm(configuration: memoryConfiguration())
        let names = try await realm.write { realm -> [String] in
            let owner = try realm.create(Person.self, value: ["id": 1, "name": "owner name", "dogs": [["name": "a"]]])
            let added = Dog()
            try realm.add(Person(value: ["id": 2, "name": "adder", "dogs": [added]]))
            return [owner.dogs[0], added].map { dog in
                (dog.value(forKey: "owners") as? LinkingObjects<Person>)?.first?.name ?? "not LinkingObjects"
            }
        }
        #expect(names == ["owner name", "adder"])
    }

    @Test("setValue(_:forKey:) on an unmanaged object takes arrays of dictionaries for sets of objects")
    func setValueWithDictionariesForSets() {
        let object = OPTSetOwner()
        let json: [String: Any] = ["name": "foo", "set": [["stringCol": "bar"]], "intSet": [["intCol": 50]]]
        for key in json.keys.sorted() { object.setValue(json[key], forKey: key) }
        #expect(object.name == "foo")
        #expect(object.set.map(\.stringCol) == ["bar"])
        #expect(object.intSet.map(\.intCol) == [50])
    }

    // MARK: Dynamic maps

    @Test("dynamicMap(_:) gives a managed object's stored map of objects as dynamic objects; frozen when it is")
    func dynamicMap() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(optTypes))
        try await realm.write { realm in
            let object = try realm.create(OSObject.self)
            object.mapCol["yes"] = OSBool(value: [true])
            object.mapCol["no"] = OSBool(value: [false])
            _ = try realm.create(OSObject.self, value: ["stringCol": "empty"])
        }
        let live = await realm.read { realm -> [String] in
            let object = realm.objects(OSObject.self).where { $0.stringCol == "a" }[0]
            let map: Map<String, DynamicObject?> = object.dynamicMap("mapCol")
            let empty: Map<String, DynamicObject?> = realm.objects(OSObject.self)
                .where { $0.stringCol == "empty" }[0].dynamicMap("mapCol")
            return [
                "\(map.count) \(map.keys.sorted())", "\(empty.count)",
                "\(map["yes"]??["boolCol"] as? Bool ?? false) \(map["no"]??["boolCol"] as? Bool ?? true)",
                "\(map["yes"]??.isSameObject(as: object.mapCol["yes"] ?? nil) ?? false)",
            ]
        }
        #expect(live == ["2 [\"no\", \"yes\"]", "0", "true false", "true"])
        let frozen = try await realm.read { realm -> [Bool] in
            let object = try realm.objects(OSObject.self).where { $0.stringCol == "a" }[0].freeze()
            let map: Map<String, DynamicObject?> = object.dynamicMap("mapCol")
            return [map.isFrozen, map["yes"]??.isFrozen ?? false, map.count == 2]
        }
        #expect(frozen == [true, true, true])
    }

    // MARK: Freezing and thawing

    @Test("A frozen object reads every property type as the live object does")
    func freezeAllPropertyTypes() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([TCQAllTypes.self]))
        try await realm.write { realm in _ = try realm.create(TCQAllTypes.self, value: allTypesValues()) }
        let (live, frozen, frozenFacts) = try await realm.read { realm in
            let object = realm.objects(TCQAllTypes.self).where { $0.intCol == 456 }[0]
            let frozen = try object.freeze()
            let facts = [
                frozen.isFrozen, frozen.objectCol?.isFrozen == true, frozen.arrayOptInt.isFrozen,
                frozen.setString.isFrozen, frozen.mapInt.isFrozen, frozen.intCol == 456,
                Array(frozen.arrayOptInt) == [11, nil], frozen.anyCol == .string("hello"),
                Array(frozen.arrayAny) == [.string("hello"), .none], frozen.optBinaryCol == Data(),
            ]
            return (propertyTexts(object), propertyTexts(frozen), facts)
        }
        #expect(live == frozen)
        #expect(live.count == TCQAllTypes().objectSchema.properties.count)
        #expect(frozenFacts.allSatisfy { $0 }, "\(frozenFacts)")
    }

    @Test("thaw() of an unmanaged or a live object returns that object (Realm Swift raises for an unmanaged one)")
    func thawUnmanagedAndLive() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(optTypes))
        try await realm.write { realm in _ = try realm.create(OSBool.self) }
        let same = await realm.read { realm in
            let unmanaged = OSBool()
            let live = realm.objects(OSBool.self)[0]
            return [unmanaged.thaw() === unmanaged, live.thaw() === live, live.thaw()?.isFrozen == false]
        }
        #expect(same == [true, true, true])
    }

    @Test("After another realm of the file writes and the realm refreshes, thaw() and a thawed object see the write")
    func thawAfterAnotherRealmWrites() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(optTypes))
        let other = try await Realm(configuration: realm.configuration)
        try await realm.write { realm in _ = try realm.create(OSBool.self, value: ["boolCol": true]) }
        let frozen = try await realm.read { realm in try realm.objects(OSBool.self).freeze() }
        let box = LiveObjectBox()
        await realm.read { _ in box.object = frozen[0].thaw() }
        try await other.write { other in other.objects(OSBool.self)[0].boolCol = false }
        _ = await realm.refresh()
        let after = await realm.read { _ in
            [frozen[0].boolCol, frozen[0].thaw()?.boolCol, (box.object as? OSBool)?.boolCol]
        }
        #expect(after == [true, false, false])
        await other.close()
    }
}

/// A check of what `value(forKey:)` gives for one list or set property of `TCQAllTypes`.
private struct CollectionCheck: Sendable {
    let key: String
    let check: @Sendable (Any?) -> Bool
}

private func emptyList<T: RealmCollectionValue & SendableMetatype>(_ key: String, _: T.Type) -> CollectionCheck {
    CollectionCheck(key: key) { ($0 as? List<T>).map { $0.first == nil } ?? false }
}

private func emptySet<T: RealmCollectionValue & SendableMetatype>(_ key: String, _: T.Type) -> CollectionCheck {
    CollectionCheck(key: key) { ($0 as? MutableSet<T>).map { $0.count == 0 } ?? false }
}

/// Realm Swift's testValueForKeyList and testValueForKeyMutableSet, on the properties of `TCQAllTypes`.
private let collectionChecks: [CollectionCheck] = [
    emptyList("arrayBool", Bool.self), emptyList("arrayInt", Int.self), emptyList("arrayInt8", Int8.self),
    emptyList("arrayInt16", Int16.self), emptyList("arrayInt32", Int32.self), emptyList("arrayInt64", Int64.self),
    emptyList("arrayFloat", Float.self), emptyList("arrayDouble", Double.self), emptyList("arrayString", String.self),
    emptyList("arrayBinary", Data.self), emptyList("arrayDate", Date.self),
    emptyList("arrayDecimal", Decimal128.self), emptyList("arrayObjectId", ObjectId.self),
    emptyList("arrayUuid", UUID.self), emptyList("arrayAny", AnyRealmValue.self),
    emptyList("arrayOptBool", Bool?.self), emptyList("arrayOptInt", Int?.self),
    emptyList("arrayOptInt8", Int8?.self), emptyList("arrayOptInt16", Int16?.self),
    emptyList("arrayOptInt32", Int32?.self), emptyList("arrayOptInt64", Int64?.self),
    emptyList("arrayOptFloat", Float?.self), emptyList("arrayOptDouble", Double?.self),
    emptyList("arrayOptString", String?.self), emptyList("arrayOptBinary", Data?.self),
    emptyList("arrayOptDate", Date?.self), emptyList("arrayOptDecimal", Decimal128?.self),
    emptyList("arrayOptObjectId", ObjectId?.self), emptyList("arrayOptUuid", UUID?.self),
    emptyList("arrayCol", TCQAllTypes.self),
    emptySet("setBool", Bool.self), emptySet("setInt", Int.self), emptySet("setInt8", Int8.self),
    emptySet("setInt16", Int16.self), emptySet("setInt32", Int32.self), emptySet("setInt64", Int64.self),
    emptySet("setFloat", Float.self), emptySet("setDouble", Double.self), emptySet("setString", String.self),
    emptySet("setBinary", Data.self), emptySet("setDate", Date.self), emptySet("setDecimal", Decimal128.self),
    emptySet("setObjectId", ObjectId.self), emptySet("setUuid", UUID.self), emptySet("setAny", AnyRealmValue.self),
    emptySet("setOptBool", Bool?.self), emptySet("setOptInt", Int?.self), emptySet("setOptInt8", Int8?.self),
    emptySet("setOptInt16", Int16?.self), emptySet("setOptInt32", Int32?.self),
    emptySet("setOptInt64", Int64?.self), emptySet("setOptFloat", Float?.self),
    emptySet("setOptDouble", Double?.self), emptySet("setOptString", String?.self),
    emptySet("setOptBinary", Data?.self), emptySet("setOptDate", Date?.self),
    emptySet("setOptDecimal", Decimal128?.self), emptySet("setOptObjectId", ObjectId?.self),
    emptySet("setOptUuid", UUID?.self), emptySet("setCol", TCQAllTypes.self),
]

/// The values testFreezeAllPropertyTypes gives its three objects, on the one `TCQAllTypes` object.
private func allTypesValues() -> [String: Any] {
    [
        "boolCol": true, "intCol": 456, "floatCol": 4.56 as Float, "doubleCol": 45.6, "stringCol": "b",
        "binaryCol": Data("b".utf8), "dateCol": Date(timeIntervalSince1970: 2), "objectCol": ["intCol": 1],
        "uuidCol": tcqUUID("6F1BA1A4-7E1E-4C57-9A0B-2D4C0E6C4D71"), "anyCol": "hello",
        "optStringCol": "String", "optBinaryCol": Data(), "optDateCol": Date(timeIntervalSince1970: 3), "optIntCol": 1,
        "optInt8Col": 2, "optInt16Col": 3, "optInt32Col": 4, "optInt64Col": 5, "optFloatCol": 6.1 as Float,
        "optDoubleCol": 7.2, "optBoolCol": true, "optIntEnumCol": TCQIntEnum.value2,
        "optUuidCol": tcqUUID("0C3B5D0F-52E4-4A0B-8D8F-7B36F3F1E0A2"),
        "arrayInt": [1], "arrayInt8": [2], "arrayInt16": [3], "arrayInt32": [4], "arrayInt64": [5],
        "arrayFloat": [6.6 as Float], "arrayDouble": [7.7], "arrayString": ["8"], "arrayBinary": [Data("9".utf8)],
        "arrayDate": [Date(timeIntervalSince1970: 10)], "arrayOptInt": [11, NSNull()], "arrayOptInt8": [12, NSNull()],
        "arrayOptInt16": [13, NSNull()], "arrayOptInt32": [14, NSNull()], "arrayOptInt64": [15, NSNull()],
        "arrayOptFloat": [16.16 as Float, NSNull()], "arrayOptDouble": [17.17, NSNull()],
        "arrayOptString": ["18", NSNull()], "arrayOptBinary": [Data("19".utf8), NSNull()],
        "arrayOptDate": [Date(timeIntervalSince1970: 20), NSNull()],
        "arrayUuid": [tcqUUID("9E0A53F6-5D8C-4C1E-9E55-1A2B3C4D5E6F")],
        "arrayOptUuid": [tcqUUID("1A2B3C4D-5E6F-4A0B-8C1D-2E3F4A5B6C7D"), NSNull()],
        "arrayAny": [AnyRealmValue.string("hello"), AnyRealmValue.none], "setString": ["x", "y"], "mapInt": ["k": 1],
    ]
}
