import Foundation
import Strata
import Testing

@Suite("Property types round-trip")
struct PropertyTypeTests {
    @Test("Every property type survives a close and reopen, including nil, empty, extreme and Unicode values")
    func roundTrip() async throws {
        let directory = TemporaryDirectory()
        let id = ObjectId.generate()
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        let uuid = UUID()
        do {
            let realm = try await Realm(configuration: directory.configuration())
            try await realm.write { realm in
                let object = AllTypes()
                object.id = id
                object.bool = true
                object.int = Int.min
                object.int8 = Int8.max
                object.int16 = Int16.min
                object.int32 = Int32.max
                object.int64 = Int64.max
                object.float = -Float.greatestFiniteMagnitude
                object.double = Double.pi
                object.string = "Grüße 👩‍💻 ✓"
                object.data = Data([0, 255, 1, 254])
                object.date = date
                object.decimal = try Decimal128(string: "123456789.000000001")
                object.objectId = id
                object.uuid = uuid
                object.any = .string("mixed")
                object.mood = .grumpy
                object.optionalInt = nil
                object.optionalString = ""
                object.optionalDate = date
                object.optionalUUID = nil
                object.optionalDouble = 0.5
                object.intList.append(objectsIn: [3, 1, 2])
                object.optionalStringList.append(objectsIn: ["a", nil, "ü"])
                object.stringSet.insert(objectsIn: ["x", "y", "x"])
                object.scores["b"] = 2
                object.scores["a"] = 1
                object.link = Dog(value: ["name": "Linked"])
                try realm.add(object)
            }
            await realm.close()
        }
        let realm = try await Realm(configuration: directory.configuration())
        let checks = await realm.read { realm -> [String] in
            guard let object = realm.object(ofType: AllTypes.self, forPrimaryKey: id) else { return ["object missing"] }
            var failures: [String] = []
            func check(_ ok: Bool, _ what: String) { if !ok { failures.append(what) } }
            check(object.bool, "bool")
            check(object.int == Int.min, "int")
            check(object.int8 == Int8.max, "int8")
            check(object.int16 == Int16.min, "int16")
            check(object.int32 == Int32.max, "int32")
            check(object.int64 == Int64.max, "int64")
            check(object.float == -Float.greatestFiniteMagnitude, "float")
            check(object.double == Double.pi, "double")
            check(object.string == "Grüße 👩‍💻 ✓", "string")
            check(object.data == Data([0, 255, 1, 254]), "data")
            check(abs(object.date.timeIntervalSince(date)) < 1e-6, "date")
            check(object.decimal == (try? Decimal128(string: "123456789.000000001")), "decimal \(object.decimal)")
            check(object.objectId == id, "objectId")
            check(object.uuid == uuid, "uuid")
            check(object.any == .string("mixed"), "any")
            check(object.mood == .grumpy, "enum")
            check(object.optionalInt == nil, "optional int")
            check(object.optionalString == "", "optional string")
            check(object.optionalDate.map { abs($0.timeIntervalSince(date)) < 1e-6 } == true, "optional date")
            check(object.optionalUUID == nil, "optional uuid")
            check(object.optionalDouble == 0.5, "optional double")
            check(Array(object.intList) == [3, 1, 2], "list")
            check(Array(object.optionalStringList) == ["a", nil, "ü"], "optional list")
            check(Array(object.stringSet).sorted() == ["x", "y"], "set")
            check(object.scores.keys == ["a", "b"] && object.scores["b"] == 2, "map")
            check(object.link?.name == "Linked", "link")
            return failures
        }
        #expect(checks.isEmpty, "\(checks)")
    }

    @Test("Properties without defaults get Realm's defaults; ignored properties are not persisted")
    func defaults() async throws {
        let object = AllTypes()
        #expect(object.int == 0)
        #expect(object.string.isEmpty)
        #expect(object.optionalInt == nil)
        #expect(object.any == .none)
        #expect(object.intList.isEmpty)
        #expect(object.mood == .happy)
        #expect(object.id == object.id, "a generated ObjectId default is stable")
        // A Date without a declared default is Realm Swift's `Date()`: the moment the object is made.
        let before = Date()
        let made = OCAllTypes()
        let date = made.dateCol
        #expect(date >= before && date <= Date() && made.dateCol == date)
        let schema = Person().objectSchema
        #expect(schema["ignored"] == nil)
        #expect(schema.primaryKeyProperty?.name == "id")
        #expect(schema["name"]?.isIndexed == true)
        #expect(schema["age"]?.isOptional == true)
        #expect(schema["dogs"]?.isArray == true)
        #expect(schema["dogs"]?.objectClassName == "Dog")
        #expect(schema.properties.map(\.name) == ["id", "name", "age", "dogs", "bestFriend", "address"])
        #expect(Dog().objectSchema["owners"]?.type == .linkingObjects)
    }

    @Test("Object(value:) accepts dictionaries, arrays and other objects; KVC reads and writes")
    func initWithValue() {
        let fromDictionary = Dog(value: ["name": "Rex", "age": 4])
        #expect(fromDictionary.name == "Rex" && fromDictionary.age == 4)
        let fromArray = Dog(value: ["Fido", 2])
        #expect(fromArray.name == "Fido" && fromArray.age == 2)
        let copy = Dog(value: fromArray)
        #expect(copy.name == "Fido" && copy.age == 2)
        copy["age"] = 9
        #expect(copy.age == 9)
        #expect(copy.value(forKey: "name") as? String == "Fido")
        let person = Person(value: ["id": 1, "dogs": [["name": "A"], ["name": "B"]]])
        #expect(person.dogs.map(\.name) == ["A", "B"])
    }

    @Test("ObjectId and Decimal128 parse, format, compare and compute")
    func valueTypes() throws {
        let id = try ObjectId(string: "6283b6e9f7a5e8e0c6b1a2f3")
        #expect(id.stringValue == "6283b6e9f7a5e8e0c6b1a2f3")
        #expect(id.timestamp == Date(timeIntervalSince1970: 0x6283_b6e9))
        #expect(throws: RealmError.self) { try ObjectId(string: "xyz") }
        #expect(ObjectId.generate() != ObjectId.generate())
        let price = try Decimal128(string: "19.99")
        #expect((price * 3).description == "59.97")
        #expect(price < Decimal128(integerLiteral: 20))
        #expect(try Decimal128(string: "abc").isNaN, "an unparseable string is NaN, as in Realm Swift")
    }

    @Test("Invalid models give a clear error at open")
    func invalidModels() async throws {
        final class TwoKeys: Object {
            @Persisted(primaryKey: true) var a = 0
            @Persisted(primaryKey: true) var b = 0
        }
        final class FloatKey: Object {
            @Persisted(primaryKey: true) var a: Double = 0
        }
        final class BadOrigin: Object {
            @Persisted(originProperty: "nothing") var owners: LinkingObjects<Person>
        }
        for type in [TwoKeys.self, FloatKey.self, BadOrigin.self] as [ObjectBase.Type] {
            do {
                _ = try await Realm(configuration: memoryConfiguration([type]))
                Issue.record("\(type) should be refused")
            } catch let error as RealmError {
                guard case .invalidSchema = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
            }
        }
    }
}
