import Foundation
import Strata
import Testing

// create and add as Realm Swift's ObjectCreationTests.swift asserts them, for what ObjectCreationSemanticsTests does
// not cover: NSNull for links and collections (testCreateWithNSNullLinks), an optional primary key that is nil with
// every update policy (testCreateOrUpdateNil, testCreateOrUpdateModifiedNil, testAddOrUpdateNil,
// testAddOrUpdateModifiedNil), a runtime type given as `Object.Type` (testCreateOrUpdateDynamicUnmanagedType,
// testCreateOrUpdateDynamicManagedType, testCreateOrUpdateWithMismatchedStaticAndDynamicTypes), cycles of unmanaged
// objects (testAddObjectCycle) and the order of inherited properties in an array value
// (testProperOrderingOfProperties).

final class CABool: Object {
    @Persisted var boolCol = false
}

final class CALinks: Object {
    @Persisted var name = ""
    @Persisted var objectCol: CABool?
    @Persisted var arrayCol: List<CABool>
    @Persisted var setCol: MutableSet<CABool>
    @Persisted var mapCol: Map<String, CABool?>
}

/// Realm Swift's `SwiftOptionalPrimaryObject`: a nil primary key and nil optionals by default.
final class CAOptionalPrimary: Object {
    @Persisted(primaryKey: true) var id: Int?
    @Persisted var optIntCol: Int?
    @Persisted var optInt8Col: Int8?
    @Persisted var optInt16Col: Int16?
    @Persisted var optInt32Col: Int32?
    @Persisted var optInt64Col: Int64?
    @Persisted var optBoolCol: Bool?
    @Persisted var optFloatCol: Float?
    @Persisted var optDoubleCol: Double?
    @Persisted var optDateCol: Date?
    @Persisted var optStringCol: String?
    @Persisted var optBinaryCol: Data?
    @Persisted var optObjectCol: CABool?

    /// The properties other than the key, each "nil" or "set".
    var optionals: [String] {
        let values: [Any?] = [
            optIntCol, optInt8Col, optInt16Col, optInt32Col, optInt64Col, optBoolCol, optFloatCol, optDoubleCol,
            optDateCol, optStringCol, optBinaryCol, optObjectCol,
        ]
        return values.map { $0 == nil ? "nil" : "set" }
    }

    /// An unmanaged object with every optional set.
    static func allSet() -> CAOptionalPrimary {
        let object = CAOptionalPrimary()
        object.optIntCol = 1
        object.optInt8Col = 1
        object.optInt16Col = 1
        object.optInt32Col = 1
        object.optInt64Col = 1
        object.optBoolCol = true
        object.optFloatCol = 1
        object.optDoubleCol = 1
        object.optDateCol = Date()
        object.optStringCol = ""
        object.optBinaryCol = Data()
        object.optObjectCol = CABool()
        return object
    }
}

final class CACircle: Object {
    @Persisted var name = ""
    @Persisted var obj: CACircle?
    @Persisted var array: List<CACircle>
}

final class CAInt: Object {
    @Persisted var intCol = 0
}

final class CAString: Object {
    @Persisted var stringCol = ""
}

/// Realm Swift's `SwiftGenericPropsOrderingParent`: a base model class with properties of its own.
class CAOrderingParent: Object {
    @Persisted var parentFirstList: List<CAInt>
    @Persisted var parentFirstSet: MutableSet<CAInt>
    @Persisted var parentFirstNumber = 0
    @Persisted var parentSecondNumber = 0
}

/// Realm Swift's `SwiftGenericPropsOrderingObject`: its properties come after its parent's.
final class CAOrdering: CAOrderingParent {
    @Persisted var firstNumber = 0
    @Persisted var firstArray: List<CAString>
    @Persisted var firstSet: MutableSet<CAString>
    @Persisted var secondNumber = 0
    @Persisted var secondArray: List<CAString>
    @Persisted var secondSet: MutableSet<CAString>
    @Persisted var firstOptionalNumber: Int?
    @Persisted var thirdNumber = 0
    @Persisted var secondOptionalNumber: Int?
}

private let caTypes: [ObjectBase.Type] = [
    CABool.self, CALinks.self, CAOptionalPrimary.self, CACircle.self, CAInt.self, CAString.self, CAOrdering.self,
]

/// One way to write a `CAOptionalPrimary` with an update policy.
struct NilKeyRow: Sendable, CustomTestStringConvertible {
    let name: String
    let write: @Sendable (isolated Realm, CAOptionalPrimary) throws -> Void
    var testDescription: String { name }
}

private let nilKeyRows: [NilKeyRow] = [
    NilKeyRow(name: "create .all") { realm, value in
        _ = try realm.create(CAOptionalPrimary.self, value: value, update: .all)
    },
    NilKeyRow(name: "create .modified") { realm, value in
        _ = try realm.create(CAOptionalPrimary.self, value: value, update: .modified)
    },
    NilKeyRow(name: "add .all") { realm, value in try realm.add(value, update: .all) },
    NilKeyRow(name: "add .modified") { realm, value in try realm.add(value, update: .modified) },
]

@Suite("create and add as Realm Swift's ObjectCreationTests has them")
struct CreateAndAddSemanticsTests {
    @Test("NSNull for a link, a list, a set and a map gives nil and empty collections")
    func nullLinks() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(caTypes))
        let read = try await realm.write { realm -> [String] in
            let values: [String: Any] = [
                "name": "b", "objectCol": NSNull(), "arrayCol": NSNull(), "setCol": NSNull(), "mapCol": NSNull(),
            ]
            let created = try realm.create(CALinks.self, value: values)
            let unmanaged = CALinks(value: values)
            return [created, unmanaged].map { object in
                "\(object.name) \(object.objectCol == nil) \(object.arrayCol.count) \(object.setCol.count) "
                    + "\(object.mapCol.count)"
            }
        }
        #expect(read == ["b true 0 0 0", "b true 0 0 0"])
    }

    @Test(
        "An object with a nil primary key is updated to values and back to nil by every policy",
        arguments: nilKeyRows
    )
    func nilPrimaryKeyUpdates(row: NilKeyRow) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(caTypes))
        let states = try await realm.write { realm -> [String] in
            try row.write(realm, CAOptionalPrimary())
            let found = realm.object(ofType: CAOptionalPrimary.self, forPrimaryKey: Int?.none)
            let object = try #require(found)
            var states = ["\(object.id as Any) \(object.optionals)"]
            try row.write(realm, CAOptionalPrimary.allSet())
            states.append("\(object.id as Any) \(object.optionals)")
            try row.write(realm, CAOptionalPrimary())
            states.append("\(object.id as Any) \(object.optionals)")
            states.append("\(realm.objects(CAOptionalPrimary.self).count)")
            return states
        }
        let nils = Array(repeating: "nil", count: 12)
        let sets = Array(repeating: "set", count: 12)
        #expect(states == ["nil \(nils)", "nil \(sets)", "nil \(nils)", "1"])
    }

    @Test("create with a runtime type given as Object.Type makes an object of that class")
    func runtimeObjectType() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(caTypes))
        let classes = try await realm.write { realm -> [String] in
            let object: Object = CAOptionalPrimary()
            let created = try realm.create(type(of: object), value: object)
            let updated = try realm.create(type(of: object), value: object, update: .all)
            let managed = try realm.create(type(of: created), value: created, update: .modified)
            return [created, updated, managed].map { "\(type(of: $0)) \($0.objectSchema.className)" }
                + ["\(realm.objects(CAOptionalPrimary.self).count)"]
        }
        #expect(
            classes == [
                "CAOptionalPrimary CAOptionalPrimary", "CAOptionalPrimary CAOptionalPrimary",
                "CAOptionalPrimary CAOptionalPrimary", "1",
            ]
        )
        // A frozen object held as an `Object` thaws to an object of its own class.
        let thawed = try await realm.read { realm -> [String] in
            let frozen: Object = try realm.objects(CAOptionalPrimary.self)[0].freeze()
            return [realm.thaw(frozen), frozen.thaw()].map { $0.map { "\(type(of: $0))" } ?? "nil" }
        }
        #expect(thawed == ["CAOptionalPrimary", "CAOptionalPrimary"])
    }

    @Test("Adding one object of a cycle of unmanaged objects adds the other; both belong to the realm")
    func objectCycle() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(caTypes))
        let states = try await realm.write { realm -> [String] in
            let first = CACircle(value: ["name": "1"])
            let second = CACircle(value: ["2", first, [first]])
            first.obj = second
            first.array.append(second)
            try realm.add(first)
            return [
                "\(first.realm == realm) \(second.realm == realm)",
                "\(realm.objects(CACircle.self).count)",
                "\(first.obj?.name ?? "-") \(second.obj?.name ?? "-")",
                "\(first.array.map(\.name)) \(second.array.map(\.name))",
            ]
        }
        #expect(states == ["true true", "2", "2 1", "[\"2\"] [\"1\"]"])
    }

    @Test("An array value fills a subclass's inherited properties first, then its own, in declaration order")
    func inheritedPropertyOrder() async throws {
        let value: [Any] = [
            [["intCol": 42], ["intCol": 9001]],
            [["intCol": 42], ["intCol": 9001]],
            100,
            200,
            1,
            [["stringCol": "hello"], ["stringCol": "world"]],
            [["stringCol": "hello"], ["stringCol": "world"]],
            2,
            [["stringCol": "goodbye"], ["stringCol": "cruel"], ["stringCol": "world"]],
            [["stringCol": "goodbye"], ["stringCol": "cruel"], ["stringCol": "world"]],
            NSNull(),
            3,
            300,
        ]
        @Sendable func read(_ object: CAOrdering) -> [String] {
            [
                "\([object.firstNumber, object.secondNumber, object.thirdNumber])",
                "\(object.firstArray.map(\.stringCol)) \(object.secondArray.map(\.stringCol))",
                "\(object.firstSet.map(\.stringCol).sorted()) \(object.secondSet.map(\.stringCol).sorted())",
                "\(object.firstOptionalNumber as Any) \(object.secondOptionalNumber as Any)",
                "\(object.parentFirstList.map(\.intCol)) \(object.parentFirstSet.map(\.intCol).sorted())",
                "\([object.parentFirstNumber, object.parentSecondNumber])",
            ]
        }
        let expected = [
            "[1, 2, 3]", "[\"hello\", \"world\"] [\"goodbye\", \"cruel\", \"world\"]",
            "[\"hello\", \"world\"] [\"cruel\", \"goodbye\", \"world\"]", "nil Optional(300)", "[42, 9001] [42, 9001]",
            "[100, 200]",
        ]
        #expect(read(CAOrdering(value: value)) == expected)
        #expect(
            CAOrdering().objectSchema.properties.map(\.name).prefix(6) == [
                "parentFirstList", "parentFirstSet", "parentFirstNumber", "parentSecondNumber", "firstNumber",
                "firstArray",
            ]
        )
        let realm = try await Realm(configuration: memoryConfiguration(caTypes))
        let created = try await realm.write { realm in
            read(try realm.create(CAOrdering.self, value: [[], [], 100, 200, 1, [], [], 2, [], [], 5, 3, 300]))
        }
        #expect(created == ["[1, 2, 3]", "[] []", "[] []", "Optional(5) Optional(300)", "[] []", "[100, 200]"])
    }
}
