import Foundation
import Strata
import Testing

// Dynamic objects read the defaults of every property type, as realm-swift's `RealmSwift/Tests/RealmTests.swift`
// asserts them (testDynamicObjectProperties, testDynamicObjectOptionalProperties, testIterateDynamicObjects), with the
// defaults of its `SwiftObject` and `SwiftOptionalDefaultValuesObject` (RealmSwift/Tests/SwiftTestObjects.swift).
// Realm compares through `NSNumber`; here each property reads back as its own Swift type. A linked object reads as a
// `DynamicObject` (Strata's DynamicObject documentation).

/// A linked object, as realm-swift's `SwiftBoolObject`.
final class RPTBool: Object {
    @Persisted var boolCol = false
}

/// A default of every property type, as realm-swift's `SwiftObject`.
final class RPTDefaults: Object {
    @Persisted var boolCol = false
    @Persisted var intCol = 123
    @Persisted var int8Col: Int8 = 123
    @Persisted var int16Col: Int16 = 123
    @Persisted var int32Col: Int32 = 123
    @Persisted var int64Col: Int64 = 123
    @Persisted var floatCol: Float = 1.23
    @Persisted var doubleCol = 12.3
    @Persisted var stringCol = "a"
    @Persisted var binaryCol = Data("a".utf8)
    @Persisted var dateCol = Date(timeIntervalSince1970: 1)
    @Persisted var decimalCol: Decimal128 = "123e4"
    @Persisted var objectIdCol = ObjectId("1234567890ab1234567890ab")
    @Persisted var uuidCol = UUID(uuidString: "137decc8-b300-4954-a233-f89909f4fd89")!
    @Persisted var objectCol: RPTBool? = RPTBool()
}

/// A non-nil default for every optional property type, as realm-swift's `SwiftOptionalDefaultValuesObject`.
final class RPTOptionalDefaults: Object {
    @Persisted var optStringCol: String? = "B"
    @Persisted var optBinaryCol: Data? = Data("C".utf8)
    @Persisted var optDateCol: Date? = Date(timeIntervalSince1970: 10)
    @Persisted var optDecimalCol: Decimal128? = "123"
    @Persisted var optObjectIdCol: ObjectId? = ObjectId("1234567890ab1234567890ab")
    @Persisted var optUuidCol: UUID? = UUID(uuidString: "00000000-0000-0000-0000-000000000000")
    @Persisted var optIntCol: Int? = 1
    @Persisted var optInt8Col: Int8? = 1
    @Persisted var optInt16Col: Int16? = 1
    @Persisted var optInt32Col: Int32? = 1
    @Persisted var optInt64Col: Int64? = 1
    @Persisted var optFloatCol: Float? = 2.2
    @Persisted var optDoubleCol: Double? = 3.3
    @Persisted var optBoolCol: Bool? = true
    @Persisted var optObjectCol: RPTBool? = RPTBool(value: [true])
}

/// One property of a class created with its defaults, and whether a dynamic read of it gives that default.
struct RPTDefaultRow: Sendable, CustomTestStringConvertible {
    let type: Object.Type
    let property: String
    let matches: @Sendable (Any?) -> Bool

    var testDescription: String { "\(type).\(property)" }

    /// A row whose dynamic read is `expected`, of its own type.
    static func value<T: Equatable & Sendable>(_ type: Object.Type, _ property: String, _ expected: T) -> RPTDefaultRow
    {
        RPTDefaultRow(type: type, property: property) { ($0 as? T) == expected }
    }

    /// A row whose dynamic read is a dynamic object with `boolCol` equal to `boolCol`.
    static func link(_ type: Object.Type, _ property: String, boolCol: Bool) -> RPTDefaultRow {
        RPTDefaultRow(type: type, property: property) { value in
            guard let linked = value as? DynamicObject else { return false }
            return linked["boolCol"] as? Bool == boolCol
        }
    }
}

private let defaultRows: [RPTDefaultRow] = [
    .value(RPTDefaults.self, "boolCol", false),
    .value(RPTDefaults.self, "intCol", 123),
    .value(RPTDefaults.self, "int8Col", Int8(123)),
    .value(RPTDefaults.self, "int16Col", Int16(123)),
    .value(RPTDefaults.self, "int32Col", Int32(123)),
    .value(RPTDefaults.self, "int64Col", Int64(123)),
    .value(RPTDefaults.self, "floatCol", Float(1.23)),
    .value(RPTDefaults.self, "doubleCol", 12.3),
    .value(RPTDefaults.self, "stringCol", "a"),
    .value(RPTDefaults.self, "binaryCol", Data("a".utf8)),
    .value(RPTDefaults.self, "dateCol", Date(timeIntervalSince1970: 1)),
    .value(RPTDefaults.self, "decimalCol", Decimal128("123e4")),
    .value(RPTDefaults.self, "objectIdCol", ObjectId("1234567890ab1234567890ab")),
    .value(RPTDefaults.self, "uuidCol", UUID(uuidString: "137decc8-b300-4954-a233-f89909f4fd89")!),
    .link(RPTDefaults.self, "objectCol", boolCol: false),
    .value(RPTOptionalDefaults.self, "optStringCol", "B"),
    .value(RPTOptionalDefaults.self, "optBinaryCol", Data("C".utf8)),
    .value(RPTOptionalDefaults.self, "optDateCol", Date(timeIntervalSince1970: 10)),
    .value(RPTOptionalDefaults.self, "optDecimalCol", Decimal128("123")),
    .value(RPTOptionalDefaults.self, "optObjectIdCol", ObjectId("1234567890ab1234567890ab")),
    .value(RPTOptionalDefaults.self, "optUuidCol", UUID(uuidString: "00000000-0000-0000-0000-000000000000")!),
    .value(RPTOptionalDefaults.self, "optIntCol", 1),
    .value(RPTOptionalDefaults.self, "optInt8Col", Int8(1)),
    .value(RPTOptionalDefaults.self, "optInt16Col", Int16(1)),
    .value(RPTOptionalDefaults.self, "optInt32Col", Int32(1)),
    .value(RPTOptionalDefaults.self, "optInt64Col", Int64(1)),
    .value(RPTOptionalDefaults.self, "optFloatCol", Float(2.2)),
    .value(RPTOptionalDefaults.self, "optDoubleCol", 3.3),
    .value(RPTOptionalDefaults.self, "optBoolCol", true),
    .link(RPTOptionalDefaults.self, "optObjectCol", boolCol: true),
]

extension RealmPortTests {
    @Test(
        "Every dynamic object of a class created with its defaults reads each default by name",
        arguments: defaultRows
    )
    func dynamicObjectReadsDefault(_ row: RPTDefaultRow) async throws {
        let realm = try await Realm(
            configuration: memoryConfiguration([RPTDefaults.self, RPTOptionalDefaults.self, RPTBool.self])
        )
        try await realm.write { realm in
            for _ in 1..<3 { try realm.create(row.type) }
        }
        let reads = await realm.read { realm in
            realm.dynamicObjects(row.type.className()).map { row.matches($0[row.property]) }
        }
        #expect(reads == [true, true])
    }
}
