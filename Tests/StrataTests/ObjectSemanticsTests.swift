import Foundation
import Strata
import Synchronization
import Testing

// `Object`'s own API as Realm Swift's ObjectTests.swift asserts it: realm, objectSchema, isInvalidated, isFrozen,
// value(forKey:), setValue(_:forKey:) and the subscript on every property type (testValueForKey,
// testValueForKeyOptionals, testSetValueForKey, testSubscript, testSettingUnmanagedObjectValuesWithSwiftDictionary),
// primary keys that cannot change once managed (testCannotUpdatePrimaryKey), defaults evaluated per object
// (testDynamicDefaultPropertyValues), frozen objects (testIsFrozen, testThaw, testThawPreviousVersion) and lookups
// through a runtime type (testRetrievingObjectWithRuntimeType).

final class OSBool: Object {
    @Persisted var boolCol = false
}

enum OSIntEnum: Int, PersistableEnum {
    case value1 = 1
    case value2 = 3
}

/// Realm Swift's `SwiftObject`, with its defaults.
final class OSObject: Object {
    @Persisted var boolCol = false
    @Persisted var intCol = 123
    @Persisted var int8Col: Int8 = 123
    @Persisted var int16Col: Int16 = 123
    @Persisted var int32Col: Int32 = 123
    @Persisted var int64Col: Int64 = 123
    @Persisted var intEnumCol = OSIntEnum.value1
    @Persisted var floatCol = 1.23 as Float
    @Persisted var doubleCol = 12.3
    @Persisted var stringCol = "a"
    @Persisted var binaryCol = Data("a".utf8)
    @Persisted var dateCol = Date(timeIntervalSince1970: 1)
    @Persisted var decimalCol: Decimal128 = "123e4"
    @Persisted var objectIdCol = ObjectId("1234567890ab1234567890ab")
    @Persisted var objectCol: OSBool? = OSBool()
    @Persisted var uuidCol = UUID(uuidString: "137decc8-b300-4954-a233-f89909f4fd89")!
    @Persisted var anyCol: AnyRealmValue
    @Persisted var arrayCol: List<OSBool>
    @Persisted var setCol: MutableSet<OSBool>
    @Persisted var mapCol: Map<String, OSBool?>
}

/// Realm Swift's `SwiftOptionalObject`: every optional property nil by default.
final class OSOptional: Object {
    @Persisted var optStringCol: String?
    @Persisted var optBinaryCol: Data?
    @Persisted var optDateCol: Date?
    @Persisted var optIntCol: Int?
    @Persisted var optInt8Col: Int8?
    @Persisted var optInt16Col: Int16?
    @Persisted var optInt32Col: Int32?
    @Persisted var optInt64Col: Int64?
    @Persisted var optFloatCol: Float?
    @Persisted var optDoubleCol: Double?
    @Persisted var optBoolCol: Bool?
    @Persisted var optEnumCol: OSIntEnum?
    @Persisted var optUuidCol: UUID?
    @Persisted var optDecimalCol: Decimal128?
    @Persisted var optObjectIdCol: ObjectId?
    @Persisted var optObjectCol: OSBool?
}

/// Realm Swift's `SwiftArrayPropertyObject`.
final class OSArrayProperty: Object {
    @Persisted var name = ""
    @Persisted var array: List<OSString>
    @Persisted var intArray: List<OSInt>
}

final class OSString: Object {
    @Persisted var stringCol = ""
}

final class OSInt: Object {
    @Persisted var intCol = 0
}

final class OSPrimaryInt: Object {
    @Persisted(primaryKey: true) var intCol = 0
    @Persisted var stringCol = ""
}

final class OSPrimaryString: Object {
    @Persisted(primaryKey: true) var stringCol = ""
    @Persisted var intCol = 0
}

/// A counter for defaults that differ per object (Realm Swift's `nextDynamicDefaultSeed()`).
private let dynamicDefaultSeed = Atomic<Int>(0)

private func nextDynamicDefaultSeed() -> Int { dynamicDefaultSeed.add(1, ordering: .relaxed).newValue }

/// Realm Swift's `SwiftDynamicDefaultObject`: defaults that are evaluated again for each object.
final class OSDynamicDefault: Object {
    @Persisted(primaryKey: true) var intCol = nextDynamicDefaultSeed()
    @Persisted var floatCol = Float(nextDynamicDefaultSeed())
    @Persisted var doubleCol = Double(nextDynamicDefaultSeed())
    @Persisted var dateCol = Date(timeIntervalSinceReferenceDate: TimeInterval(nextDynamicDefaultSeed()))
    @Persisted var stringCol = UUID().uuidString
    @Persisted var binaryCol = Data(UUID().uuidString.utf8)
}

private let osTypes: [ObjectBase.Type] = [
    OSBool.self, OSObject.self, OSOptional.self, OSArrayProperty.self, OSString.self, OSInt.self,
    OSPrimaryInt.self, OSPrimaryString.self, OSDynamicDefault.self,
]

/// A value as the tests compare it: its dynamic type and its value ("nil" for nil).
private func typed(_ value: Any?) -> String {
    guard let value else { return "nil" }
    switch value {
    case let data as Data: return "Data \(String(decoding: data, as: UTF8.self))"
    case let date as Date: return "Date \(date.timeIntervalSince1970)"
    case let object as OSBool: return "OSBool \(object.boolCol)"
    case let list as List<OSBool>: return "List<OSBool> \(list.map(\.boolCol))"
    case let set as MutableSet<OSBool>: return "MutableSet<OSBool> \(set.map(\.boolCol))"
    case let map as Map<String, OSBool?>: return "Map<String, OSBool?> \(map.count)"
    default: return "\(type(of: value)) \(value)"
    }
}

/// How a test reaches a property by name: `setValue(_:forKey:)`/`value(forKey:)` or the subscript.
enum KeyAccess: String, CaseIterable, Sendable {
    case keyValueCoding
    case subscripting

    func set(_ object: Object, _ value: Any?, _ key: String) {
        switch self {
        case .keyValueCoding: object.setValue(value, forKey: key)
        case .subscripting: object[key] = value
        }
    }

    func get(_ object: Object, _ key: String) -> Any? {
        switch self {
        case .keyValueCoding: object.value(forKey: key)
        case .subscripting: object[key]
        }
    }
}

/// What `value(forKey:)` gives for each property of a new `OSObject` (Realm Swift's `testValueForKey`).
private let defaultValues: [(String, String)] = [
    ("boolCol", "Bool false"), ("intCol", "Int 123"), ("int8Col", "Int8 123"), ("int16Col", "Int16 123"),
    ("int32Col", "Int32 123"), ("int64Col", "Int64 123"), ("intEnumCol", "Int 1"), ("floatCol", "Float 1.23"),
    ("doubleCol", "Double 12.3"), ("stringCol", "String a"), ("binaryCol", "Data a"), ("dateCol", "Date 1.0"),
    ("decimalCol", "Decimal128 1230000"), ("objectIdCol", "ObjectId 1234567890ab1234567890ab"),
    ("objectCol", "OSBool false"), ("uuidCol", "UUID 137DECC8-B300-4954-A233-F89909F4FD89"), ("anyCol", "nil"),
    ("arrayCol", "List<OSBool> []"), ("setCol", "MutableSet<OSBool> []"), ("mapCol", "Map<String, OSBool?> 0"),
]

/// Sets every property type through `access` and reads each back (Realm Swift's `setAndTestAllTypes`).
private func setAndReadAllTypes(_ access: KeyAccess, _ object: OSObject, boolObject: OSBool) -> [String] {
    var read: [String] = []
    func check(_ value: Any?, _ key: String) {
        access.set(object, value, key)
        read.append("\(key): \(typed(access.get(object, key)))")
    }
    check(true, "boolCol")
    check(321, "intCol")
    check(Int8(1), "int8Col")
    check(Int16(321), "int16Col")
    check(Int32(321), "int32Col")
    check(Int64(321), "int64Col")
    check(NSNumber(value: 32.1 as Float), "floatCol")
    check(3.21, "doubleCol")
    check("z", "stringCol")
    check(Data("z".utf8), "binaryCol")
    check(Date(timeIntervalSince1970: 333), "dateCol")
    check(UUID(uuidString: "137DECC8-B300-4954-A233-F89909F4FD89"), "uuidCol")
    check(OSIntEnum.value2, "intEnumCol")
    check(1, "intEnumCol")
    check("hello", "anyCol")
    check(boolObject, "anyCol")
    check(boolObject, "objectCol")
    let list = List<OSBool>()
    list.append(boolObject)
    check(list, "arrayCol")
    check(List<OSBool>(), "arrayCol")
    check([boolObject], "arrayCol")
    check(nil, "arrayCol")
    check([boolObject], "arrayCol")
    check(NSNull(), "arrayCol")
    let set = MutableSet<OSBool>()
    set.insert(boolObject)
    check(set, "setCol")
    check(MutableSet<OSBool>(), "setCol")
    check([boolObject], "setCol")
    check(nil, "setCol")
    check([boolObject], "setCol")
    check(NSNull(), "setCol")
    check(nil, "objectCol")
    return read
}

private let allTypesRead = [
    "boolCol: Bool true", "intCol: Int 321", "int8Col: Int8 1", "int16Col: Int16 321", "int32Col: Int32 321",
    "int64Col: Int64 321", "floatCol: Float 32.1", "doubleCol: Double 3.21", "stringCol: String z",
    "binaryCol: Data z", "dateCol: Date 333.0", "uuidCol: UUID 137DECC8-B300-4954-A233-F89909F4FD89",
    "intEnumCol: Int 3", "intEnumCol: Int 1", "anyCol: String hello", "anyCol: OSBool true", "objectCol: OSBool true",
    "arrayCol: List<OSBool> [true]", "arrayCol: List<OSBool> []", "arrayCol: List<OSBool> [true]",
    "arrayCol: List<OSBool> []", "arrayCol: List<OSBool> [true]", "arrayCol: List<OSBool> []",
    "setCol: MutableSet<OSBool> [true]", "setCol: MutableSet<OSBool> []", "setCol: MutableSet<OSBool> [true]",
    "setCol: MutableSet<OSBool> []", "setCol: MutableSet<OSBool> [true]", "setCol: MutableSet<OSBool> []",
    "objectCol: nil",
]

@Suite("Object API as Realm Swift's ObjectTests has it: realm, schema, state and key-value access")
struct ObjectSemanticsTests {
    @Test("objectSchema names the class and lists the properties in declaration order")
    func objectSchema() {
        let schema = OSObject().objectSchema
        #expect(schema.className == "OSObject")
        #expect(
            schema.properties.map(\.name) == [
                "boolCol", "intCol", "int8Col", "int16Col", "int32Col", "int64Col", "intEnumCol", "floatCol",
                "doubleCol", "stringCol", "binaryCol", "dateCol", "decimalCol", "objectIdCol", "objectCol", "uuidCol",
                "anyCol", "arrayCol", "setCol", "mapCol",
            ]
        )
        #expect(OSObject.primaryKey() == nil && OSString().objectSchema.primaryKeyProperty == nil)
        #expect(OSPrimaryString.primaryKey() == "stringCol")
        #expect(OSPrimaryString().objectSchema.primaryKeyProperty?.name == "stringCol")
    }

    @Test("realm is nil when unmanaged, the realm once added, and the frozen realm for a frozen object")
    func realmProperty() async throws {
        #expect(OSString().realm == nil)
        let realm = try await Realm(configuration: memoryConfiguration(osTypes))
        let (inWrite, created) = try await realm.write { realm -> (Bool, Bool) in
            let object = try realm.create(OSString.self)
            let added = OSString()
            try realm.add(added)
            return (object.realm == realm, added.realm == realm)
        }
        #expect(inWrite && created)
        let (afterWrite, frozenRealm, frozenIsFrozen) = try await realm.read { realm -> (Bool, Realm?, Bool) in
            let object = realm.objects(OSString.self)[0]
            let frozen = try object.freeze()
            return (object.realm == realm, frozen.realm, frozen.realm?.isFrozen == true)
        }
        #expect(afterWrite)
        #expect(frozenRealm != realm && frozenIsFrozen)
    }

    @Test("isInvalidated: false unmanaged and once added, true after deleteAll, in the write and after it")
    func isInvalidated() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(osTypes))
        let box = LiveObjectBox()
        let added = try await realm.write { realm -> [Bool] in
            let object = OSObject()
            box.object = object
            let unmanaged = object.isInvalidated
            try realm.add(object)
            return [unmanaged, object.isInvalidated]
        }
        let deleted = try await realm.write { realm -> Bool in
            try realm.deleteAll()
            return box.object!.isInvalidated
        }
        let after = await realm.read { _ in box.object!.isInvalidated }
        #expect(added + [deleted, after] == [false, false, true, true])
    }

    @Test("isFrozen: false unmanaged and managed; freeze() leaves the object live and gives a frozen one")
    func isFrozen() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(osTypes))
        let states = try await realm.write { realm -> [Bool] in
            let object = OSString()
            let unmanaged = object.isFrozen
            try realm.add(object)
            try realm.commitWrite()
            let frozen = try object.freeze()
            return [unmanaged, object.isFrozen, frozen.isFrozen, try frozen.freeze().isFrozen]
        }
        #expect(states == [false, false, true, true])
        await #expect(throws: RealmError.self) {
            try await realm.read { _ in _ = try OSString().freeze() }
        }
    }

    @Test(
        "value(forKey:) gives each property's default: unmanaged, created and added",
        arguments: ["unmanaged", "created", "added"]
    )
    func valueForKeyDefaults(how: String) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(osTypes))
        let read = try await realm.write { realm -> [String] in
            let object: OSObject
            switch how {
            case "created": object = try realm.create(OSObject.self)
            case "added":
                object = OSObject()
                try realm.add(object)
            default: object = OSObject()
            }
            return defaultValues.map { "\($0.0): \(typed(object.value(forKey: $0.0)))" }
        }
        #expect(read == defaultValues.map { "\($0.0): \($0.1)" })
    }

    @Test("value(forKey:) gives nil for every nil optional: unmanaged, created and added")
    func valueForKeyOptionals() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(osTypes))
        let read = try await realm.write { realm -> [[String]] in
            let added = OSOptional()
            try realm.add(added)
            return [OSOptional(), try realm.create(OSOptional.self), added].map { object in
                object.objectSchema.properties.map { typed(object.value(forKey: $0.name)) }
            }
        }
        let nils = Array(repeating: "nil", count: 16)
        #expect(read == [nils, nils, nils])
    }

    @Test(
        "setValue(_:forKey:) and the subscript set every property type, unmanaged and managed",
        arguments: KeyAccess.allCases,
        [false, true]
    )
    func setAndReadEveryType(access: KeyAccess, managed: Bool) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(osTypes))
        let read = try await realm.write { realm -> [String] in
            let object = managed ? try realm.create(OSObject.self) : OSObject()
            let boolObject = OSBool(value: [true])
            if managed { try realm.add(boolObject) }
            return setAndReadAllTypes(access, object, boolObject: boolObject)
        }
        #expect(read == allTypesRead)
    }

    @Test("A managed list property set from filtered results holds those objects")
    func setListFromResults() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(osTypes))
        let read = try await realm.write { realm -> [String] in
            let object = try realm.create(OSObject.self)
            try realm.add([OSBool(value: [true]), OSBool(value: [false]), OSBool(value: [true])])
            let matching = realm.objects(OSBool.self).filter("boolCol == true")
            object.setValue(matching, forKey: "arrayCol")
            object["setCol"] = matching
            return [typed(object["arrayCol"]), typed(object.value(forKey: "setCol"))]
        }
        #expect(read == ["List<OSBool> [true, true]", "MutableSet<OSBool> [true, true]"])
    }

    @Test("setValue(_:forKey:) on an unmanaged object takes arrays of dictionaries for lists of objects")
    func setValueWithDictionaries() {
        let object = OSArrayProperty()
        let json: [String: Any] = ["name": "foo", "array": [["stringCol": "bar"]], "intArray": [["intCol": 50]]]
        for key in json.keys.sorted() { object.setValue(json[key], forKey: key) }
        #expect(object.name == "foo")
        #expect(object.array.map(\.stringCol) == ["bar"])
        #expect(object.intArray.map(\.intCol) == [50])
    }

    @Test("An unmanaged object's primary key can change; the values stay")
    func unmanagedPrimaryKeyChanges() {
        let intObject = OSPrimaryInt()
        intObject.intCol = 1
        intObject.intCol = 0
        let stringObject = OSPrimaryString()
        stringObject.stringCol = "a"
        stringObject["stringCol"] = "b"
        stringObject.setValue("c", forKey: "stringCol")
        #expect(intObject.intCol == 0)
        #expect(stringObject.stringCol == "c")
    }

    @Test(
        "Changing a managed object's primary key stops with Realm's message",
        arguments: ["property", "subscript", "setValue"]
    )
    func managedPrimaryKeyIsFixed(how: String) async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) { [how] in
            let realm = try await Realm(configuration: memoryConfiguration([OSPrimaryString.self]))
            try await realm.write { realm in
                let object = try realm.create(OSPrimaryString.self, value: ["a"])
                switch how {
                case "property": object.stringCol = "c"
                case "subscript": object["stringCol"] = "c"
                default: object.setValue("c", forKey: "stringCol")
                }
            }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Primary key can't be changed after an object is inserted."))
    }

    @Test("Defaults are evaluated again for each new object: unmanaged and created")
    func defaultsPerObject() async throws {
        @Sendable func differences(_ first: OSDynamicDefault, _ second: OSDynamicDefault) -> [Bool] {
            [
                first.intCol != second.intCol, first.floatCol != second.floatCol,
                first.doubleCol != second.doubleCol, first.dateCol != second.dateCol,
                first.stringCol != second.stringCol, first.binaryCol != second.binaryCol,
            ]
        }
        let allDifferent = Array(repeating: true, count: 6)
        #expect(differences(OSDynamicDefault(), OSDynamicDefault()) == allDifferent)
        let realm = try await Realm(configuration: memoryConfiguration(osTypes))
        let created = try await realm.write { realm in
            differences(try realm.create(OSDynamicDefault.self), try realm.create(OSDynamicDefault.self))
        }
        #expect(created == allDifferent)
        #expect(await realm.read { $0.objects(OSDynamicDefault.self).count } == 2)
    }

    @Test("object(ofType:forPrimaryKey:) and objects(_:) take a runtime type, from unmanaged or managed objects")
    func runtimeTypes() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(osTypes))
        let found = try await realm.write { realm -> [Int] in
            let unmanaged = OSPrimaryString(value: ["u"])
            let managed = OSPrimaryString(value: ["m"])
            try realm.add(managed)
            return [
                realm.object(ofType: type(of: unmanaged), forPrimaryKey: "m") == nil ? 0 : 1,
                realm.object(ofType: type(of: managed), forPrimaryKey: "m") == nil ? 0 : 1,
                realm.objects(type(of: unmanaged)).count, realm.objects(type(of: managed)).count,
            ]
        }
        #expect(found == [1, 1, 1, 1])
    }

    @Test("A frozen object keeps its version; its realm refuses writes; thaw() gives the newest values")
    func frozenAndThawed() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(osTypes))
        try await realm.write { realm in _ = try realm.create(OSBool.self, value: ["boolCol": true]) }
        let frozen = try await realm.read { realm in try realm.objects(OSBool.self).freeze() }
        let frozenRealm = try #require(frozen[0].realm)
        await #expect(throws: RealmError.frozen("a frozen Realm")) { try await frozenRealm.write { _ in } }
        let thawed = try await realm.write { realm -> [Bool] in
            let live = try #require(frozen[0].thaw())
            let before = [live.isFrozen, live.boolCol]
            live.boolCol = false
            return before + [live.boolCol]
        }
        #expect(thawed == [false, true, false])
        #expect(frozen[0].boolCol, "a frozen object does not change")
        let later = await realm.read { _ in frozen[0].thaw().map { [$0.isFrozen, $0.boolCol] } }
        #expect(later == [false, false])
        try await realm.write { realm in try realm.deleteAll() }
        #expect(await realm.read { _ in frozen[0].thaw() == nil })
    }

    @Test("Equal rows of a class with a primary key are equal and hash alike; other objects are not")
    func equalityAndHash() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(osTypes))
        let checks = try await realm.write { realm -> [Bool] in
            let object = OSPrimaryString(value: ["123456", 12345])
            let unmanaged = OSPrimaryString(value: ["123456", 12345])
            let other = OSPrimaryString(value: ["not123456", 12345])
            try realm.add([object, other])
            let found = realm.object(ofType: OSPrimaryString.self, forPrimaryKey: "123456")
            let fetched = try #require(found)
            let plain = try realm.create(OSString.self, value: ["123456"])
            let fetchedPlain = try #require(realm.objects(OSString.self).first)
            return [
                object == other, object == unmanaged, object == fetched, object.hashValue == fetched.hashValue,
                object.isSameObject(as: fetched), plain == fetchedPlain, plain.isSameObject(as: fetchedPlain),
            ]
        }
        #expect(checks == [false, false, true, true, true, false, true])
    }
}
