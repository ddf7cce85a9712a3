import Foundation
import Strata
import Testing

// Realm Swift's `ModernAllTypesObject` and its value tables, from realm-swift's
// RealmSwift/Tests/ModernObjectCreationTests.swift (values, nullValues(), verifyDefault).

/// Integer-backed enum of the all-types model, as Realm's `ModernIntEnum`.
enum OCIntEnum: Int, PersistableEnum {
    case value1 = 1
    case value2 = 3
    case value3 = 5
}

/// String-backed enum of the all-types model, as Realm's `ModernStringEnum`.
enum OCStringEnum: String, PersistableEnum {
    case value1 = "a"
    case value2 = "c"
    case value3 = "e"
}

/// Realm Swift's `ModernAllTypesObject`: one property of every type.
final class OCAllTypes: Object {
    @Persisted(primaryKey: true) var pk: ObjectId
    var ignored = 1

    @Persisted var boolCol: Bool
    @Persisted var intCol: Int
    @Persisted var int8Col: Int8 = 1
    @Persisted var int16Col: Int16 = 2
    @Persisted var int32Col: Int32 = 3
    @Persisted var int64Col: Int64 = 4
    @Persisted var floatCol: Float = 5
    @Persisted var doubleCol: Double = 6
    @Persisted var stringCol: String
    @Persisted var binaryCol: Data
    @Persisted var dateCol: Date
    @Persisted var decimalCol: Decimal128
    @Persisted var objectIdCol: ObjectId
    @Persisted var objectCol: OCAllTypes?
    @Persisted var arrayCol: List<OCAllTypes>
    @Persisted var setCol: MutableSet<OCAllTypes>
    @Persisted var anyCol: AnyRealmValue
    @Persisted var uuidCol: UUID
    @Persisted var intEnumCol: OCIntEnum
    @Persisted var stringEnumCol: OCStringEnum

    @Persisted var optIntCol: Int?
    @Persisted var optInt8Col: Int8?
    @Persisted var optInt16Col: Int16?
    @Persisted var optInt32Col: Int32?
    @Persisted var optInt64Col: Int64?
    @Persisted var optFloatCol: Float?
    @Persisted var optDoubleCol: Double?
    @Persisted var optBoolCol: Bool?
    @Persisted var optStringCol: String?
    @Persisted var optBinaryCol: Data?
    @Persisted var optDateCol: Date?
    @Persisted var optDecimalCol: Decimal128?
    @Persisted var optObjectIdCol: ObjectId?
    @Persisted var optUuidCol: UUID?
    @Persisted var optIntEnumCol: OCIntEnum?
    @Persisted var optStringEnumCol: OCStringEnum?

    @Persisted var arrayBool: List<Bool>
    @Persisted var arrayInt: List<Int>
    @Persisted var arrayInt8: List<Int8>
    @Persisted var arrayInt16: List<Int16>
    @Persisted var arrayInt32: List<Int32>
    @Persisted var arrayInt64: List<Int64>
    @Persisted var arrayFloat: List<Float>
    @Persisted var arrayDouble: List<Double>
    @Persisted var arrayString: List<String>
    @Persisted var arrayBinary: List<Data>
    @Persisted var arrayDate: List<Date>
    @Persisted var arrayDecimal: List<Decimal128>
    @Persisted var arrayObjectId: List<ObjectId>
    @Persisted var arrayAny: List<AnyRealmValue>
    @Persisted var arrayUuid: List<UUID>
    @Persisted var arrayOptBool: List<Bool?>
    @Persisted var arrayOptInt: List<Int?>
    @Persisted var arrayOptInt8: List<Int8?>
    @Persisted var arrayOptInt16: List<Int16?>
    @Persisted var arrayOptInt32: List<Int32?>
    @Persisted var arrayOptInt64: List<Int64?>
    @Persisted var arrayOptFloat: List<Float?>
    @Persisted var arrayOptDouble: List<Double?>
    @Persisted var arrayOptString: List<String?>
    @Persisted var arrayOptBinary: List<Data?>
    @Persisted var arrayOptDate: List<Date?>
    @Persisted var arrayOptDecimal: List<Decimal128?>
    @Persisted var arrayOptObjectId: List<ObjectId?>
    @Persisted var arrayOptUuid: List<UUID?>
    @Persisted var setBool: MutableSet<Bool>
    @Persisted var setInt: MutableSet<Int>
    @Persisted var setInt8: MutableSet<Int8>
    @Persisted var setInt16: MutableSet<Int16>
    @Persisted var setInt32: MutableSet<Int32>
    @Persisted var setInt64: MutableSet<Int64>
    @Persisted var setFloat: MutableSet<Float>
    @Persisted var setDouble: MutableSet<Double>
    @Persisted var setString: MutableSet<String>
    @Persisted var setBinary: MutableSet<Data>
    @Persisted var setDate: MutableSet<Date>
    @Persisted var setDecimal: MutableSet<Decimal128>
    @Persisted var setObjectId: MutableSet<ObjectId>
    @Persisted var setAny: MutableSet<AnyRealmValue>
    @Persisted var setUuid: MutableSet<UUID>
    @Persisted var setOptBool: MutableSet<Bool?>
    @Persisted var setOptInt: MutableSet<Int?>
    @Persisted var setOptInt8: MutableSet<Int8?>
    @Persisted var setOptInt16: MutableSet<Int16?>
    @Persisted var setOptInt32: MutableSet<Int32?>
    @Persisted var setOptInt64: MutableSet<Int64?>
    @Persisted var setOptFloat: MutableSet<Float?>
    @Persisted var setOptDouble: MutableSet<Double?>
    @Persisted var setOptString: MutableSet<String?>
    @Persisted var setOptBinary: MutableSet<Data?>
    @Persisted var setOptDate: MutableSet<Date?>
    @Persisted var setOptDecimal: MutableSet<Decimal128?>
    @Persisted var setOptObjectId: MutableSet<ObjectId?>
    @Persisted var setOptUuid: MutableSet<UUID?>
    @Persisted var mapBool: Map<String, Bool>
    @Persisted var mapInt: Map<String, Int>
    @Persisted var mapInt8: Map<String, Int8>
    @Persisted var mapInt16: Map<String, Int16>
    @Persisted var mapInt32: Map<String, Int32>
    @Persisted var mapInt64: Map<String, Int64>
    @Persisted var mapFloat: Map<String, Float>
    @Persisted var mapDouble: Map<String, Double>
    @Persisted var mapString: Map<String, String>
    @Persisted var mapBinary: Map<String, Data>
    @Persisted var mapDate: Map<String, Date>
    @Persisted var mapDecimal: Map<String, Decimal128>
    @Persisted var mapObjectId: Map<String, ObjectId>
    @Persisted var mapAny: Map<String, AnyRealmValue>
    @Persisted var mapUuid: Map<String, UUID>
    @Persisted var mapOptBool: Map<String, Bool?>
    @Persisted var mapOptInt: Map<String, Int?>
    @Persisted var mapOptInt8: Map<String, Int8?>
    @Persisted var mapOptInt16: Map<String, Int16?>
    @Persisted var mapOptInt32: Map<String, Int32?>
    @Persisted var mapOptInt64: Map<String, Int64?>
    @Persisted var mapOptFloat: Map<String, Float?>
    @Persisted var mapOptDouble: Map<String, Double?>
    @Persisted var mapOptString: Map<String, String?>
    @Persisted var mapOptBinary: Map<String, Data?>
    @Persisted var mapOptDate: Map<String, Date?>
    @Persisted var mapOptDecimal: Map<String, Decimal128?>
    @Persisted var mapOptObjectId: Map<String, ObjectId?>
    @Persisted var mapOptUuid: Map<String, UUID?>
}

// MARK: - The all-types model's tables

extension OCAllTypes {
    /// Realm's `values`: a value for every property.
    static func fields() -> [OCField<OCAllTypes>] {
        [
            .scalar("pk", \.pk, ocObjectId(99)),
            .scalar("boolCol", \.boolCol, true),
            .scalar("intCol", \.intCol, 10),
            .scalar("int8Col", \.int8Col, 11),
            .scalar("int16Col", \.int16Col, 12),
            .scalar("int32Col", \.int32Col, 13),
            .scalar("int64Col", \.int64Col, 14),
            .scalar("floatCol", \.floatCol, 15),
            .scalar("doubleCol", \.doubleCol, 16),
            .scalar("stringCol", \.stringCol, "a"),
            .scalar("binaryCol", \.binaryCol, ocData("b")),
            .scalar("dateCol", \.dateCol, ocDate(17)),
            .scalar("decimalCol", \.decimalCol, 18),
            .scalar("objectIdCol", \.objectIdCol, ocObjectId(19)),
            .text("objectCol", \.objectCol, given: OCAllTypes(value: ["intCol": 1]), "obj(1)"),
            .list("arrayCol", \.arrayCol, [2, 3].map { OCAllTypes(value: ["intCol": $0]) }),
            .set("setCol", \.setCol, [4, 5, 6].map { OCAllTypes(value: ["intCol": $0]) }),
            .scalar("anyCol", \.anyCol, .int(20)),
            .scalar("uuidCol", \.uuidCol, ocUUID(21)),
            .scalar("intEnumCol", \.intEnumCol, .value2),
            .scalar("stringEnumCol", \.stringEnumCol, .value3),
            .scalar("optBoolCol", \.optBoolCol, false),
            .scalar("optIntCol", \.optIntCol, 30),
            .scalar("optInt8Col", \.optInt8Col, 31),
            .scalar("optInt16Col", \.optInt16Col, 32),
            .scalar("optInt32Col", \.optInt32Col, 33),
            .scalar("optInt64Col", \.optInt64Col, 34),
            .scalar("optFloatCol", \.optFloatCol, 35),
            .scalar("optDoubleCol", \.optDoubleCol, 36),
            .scalar("optStringCol", \.optStringCol, "c"),
            .scalar("optBinaryCol", \.optBinaryCol, ocData("d")),
            .scalar("optDateCol", \.optDateCol, ocDate(37)),
            .scalar("optDecimalCol", \.optDecimalCol, 38),
            .scalar("optObjectIdCol", \.optObjectIdCol, ocObjectId(39)),
            .scalar("optUuidCol", \.optUuidCol, ocUUID(40)),
            .scalar("optIntEnumCol", \.optIntEnumCol, .value1),
            .scalar("optStringEnumCol", \.optStringEnumCol, .value1),
            .list("arrayBool", \.arrayBool, [true, false] as [Bool]),
            .list("arrayInt", \.arrayInt, [1, 1, 2, 3] as [Int]),
            .list("arrayInt8", \.arrayInt8, [1, 2, 3, 1] as [Int8]),
            .list("arrayInt16", \.arrayInt16, [1, 2, 3, 1] as [Int16]),
            .list("arrayInt32", \.arrayInt32, [1, 2, 3, 1] as [Int32]),
            .list("arrayInt64", \.arrayInt64, [1, 2, 3, 1] as [Int64]),
            .list("arrayFloat", \.arrayFloat, [1, 2, 3, 1] as [Float]),
            .list("arrayDouble", \.arrayDouble, [1, 2, 3, 1] as [Double]),
            .list("arrayString", \.arrayString, ["a", "b", "c"] as [String]),
            .list("arrayBinary", \.arrayBinary, [ocData("a")] as [Data]),
            .list("arrayDate", \.arrayDate, [ocDate(1), ocDate(2)] as [Date]),
            .list("arrayDecimal", \.arrayDecimal, [1, 2] as [Decimal128]),
            .list("arrayObjectId", \.arrayObjectId, [ocObjectId(1), ocObjectId(2)] as [ObjectId]),
            .list("arrayAny", \.arrayAny, [.none, .int(1), .string("a"), .none] as [AnyRealmValue]),
            .list("arrayUuid", \.arrayUuid, [ocUUID(1), ocUUID(2), ocUUID(3)] as [UUID]),
            .list("arrayOptBool", \.arrayOptBool, [true, false, nil] as [Bool?]),
            .list("arrayOptInt", \.arrayOptInt, [1, 1, 2, 3, nil] as [Int?]),
            .list("arrayOptInt8", \.arrayOptInt8, [1, 2, 3, 1, nil] as [Int8?]),
            .list("arrayOptInt16", \.arrayOptInt16, [1, 2, 3, 1, nil] as [Int16?]),
            .list("arrayOptInt32", \.arrayOptInt32, [1, 2, 3, 1, nil] as [Int32?]),
            .list("arrayOptInt64", \.arrayOptInt64, [1, 2, 3, 1, nil] as [Int64?]),
            .list("arrayOptFloat", \.arrayOptFloat, [1, 2, 3, 1, nil] as [Float?]),
            .list("arrayOptDouble", \.arrayOptDouble, [1, 2, 3, 1, nil] as [Double?]),
            .list("arrayOptString", \.arrayOptString, ["a", "b", "c", nil] as [String?]),
            .list("arrayOptBinary", \.arrayOptBinary, [ocData("a"), nil] as [Data?]),
            .list("arrayOptDate", \.arrayOptDate, [ocDate(1), ocDate(2), nil] as [Date?]),
            .list("arrayOptDecimal", \.arrayOptDecimal, [1, 2, nil] as [Decimal128?]),
            .list("arrayOptObjectId", \.arrayOptObjectId, [ocObjectId(1), ocObjectId(2), nil] as [ObjectId?]),
            .list("arrayOptUuid", \.arrayOptUuid, [ocUUID(1), ocUUID(2), ocUUID(3), nil] as [UUID?]),
            .set("setBool", \.setBool, [true, false] as [Bool]),
            .set("setInt", \.setInt, [1, 1, 2, 3] as [Int]),
            .set("setInt8", \.setInt8, [1, 2, 3, 1] as [Int8]),
            .set("setInt16", \.setInt16, [1, 2, 3, 1] as [Int16]),
            .set("setInt32", \.setInt32, [1, 2, 3, 1] as [Int32]),
            .set("setInt64", \.setInt64, [1, 2, 3, 1] as [Int64]),
            .set("setFloat", \.setFloat, [1, 2, 3, 1] as [Float]),
            .set("setDouble", \.setDouble, [1, 2, 3, 1] as [Double]),
            .set("setString", \.setString, ["a", "b", "c"] as [String]),
            .set("setBinary", \.setBinary, [ocData("a")] as [Data]),
            .set("setDate", \.setDate, [ocDate(1), ocDate(2)] as [Date]),
            .set("setDecimal", \.setDecimal, [1, 2] as [Decimal128]),
            .set("setObjectId", \.setObjectId, [ocObjectId(1), ocObjectId(2)] as [ObjectId]),
            .set("setAny", \.setAny, [.none, .int(1), .string("a"), .none] as [AnyRealmValue]),
            .set("setUuid", \.setUuid, [ocUUID(1), ocUUID(2), ocUUID(3)] as [UUID]),
            .set("setOptBool", \.setOptBool, [true, false, nil] as [Bool?]),
            .set("setOptInt", \.setOptInt, [1, 1, 2, 3, nil] as [Int?]),
            .set("setOptInt8", \.setOptInt8, [1, 2, 3, 1, nil] as [Int8?]),
            .set("setOptInt16", \.setOptInt16, [1, 2, 3, 1, nil] as [Int16?]),
            .set("setOptInt32", \.setOptInt32, [1, 2, 3, 1, nil] as [Int32?]),
            .set("setOptInt64", \.setOptInt64, [1, 2, 3, 1, nil] as [Int64?]),
            .set("setOptFloat", \.setOptFloat, [1, 2, 3, 1, nil] as [Float?]),
            .set("setOptDouble", \.setOptDouble, [1, 2, 3, 1, nil] as [Double?]),
            .set("setOptString", \.setOptString, ["a", "b", "c", nil] as [String?]),
            .set("setOptBinary", \.setOptBinary, [ocData("a"), nil] as [Data?]),
            .set("setOptDate", \.setOptDate, [ocDate(1), ocDate(2), nil] as [Date?]),
            .set("setOptDecimal", \.setOptDecimal, [1, 2, nil] as [Decimal128?]),
            .set("setOptObjectId", \.setOptObjectId, [ocObjectId(1), ocObjectId(2), nil] as [ObjectId?]),
            .set("setOptUuid", \.setOptUuid, [ocUUID(1), ocUUID(2), ocUUID(3), nil] as [UUID?]),
            .map("mapBool", \.mapBool, ocKeyed([true, false] as [Bool])),
            .map("mapInt", \.mapInt, ocKeyed([1, 1, 2, 3] as [Int])),
            .map("mapInt8", \.mapInt8, ocKeyed([1, 2, 3, 1] as [Int8])),
            .map("mapInt16", \.mapInt16, ocKeyed([1, 2, 3, 1] as [Int16])),
            .map("mapInt32", \.mapInt32, ocKeyed([1, 2, 3, 1] as [Int32])),
            .map("mapInt64", \.mapInt64, ocKeyed([1, 2, 3, 1] as [Int64])),
            .map("mapFloat", \.mapFloat, ocKeyed([1, 2, 3, 1] as [Float])),
            .map("mapDouble", \.mapDouble, ocKeyed([1, 2, 3, 1] as [Double])),
            .map("mapString", \.mapString, ocKeyed(["a", "b", "c"] as [String])),
            .map("mapBinary", \.mapBinary, ocKeyed([ocData("a")] as [Data])),
            .map("mapDate", \.mapDate, ocKeyed([ocDate(1), ocDate(2)] as [Date])),
            .map("mapDecimal", \.mapDecimal, ocKeyed([1, 2] as [Decimal128])),
            .map("mapObjectId", \.mapObjectId, ocKeyed([ocObjectId(1), ocObjectId(2)] as [ObjectId])),
            .map("mapAny", \.mapAny, ocKeyed([.none, .int(1), .string("a"), .none] as [AnyRealmValue])),
            .map("mapUuid", \.mapUuid, ocKeyed([ocUUID(1), ocUUID(2), ocUUID(3)] as [UUID])),
            .map("mapOptBool", \.mapOptBool, ocKeyed([true, false, nil] as [Bool?])),
            .map("mapOptInt", \.mapOptInt, ocKeyed([1, 1, 2, 3, nil] as [Int?])),
            .map("mapOptInt8", \.mapOptInt8, ocKeyed([1, 2, 3, 1, nil] as [Int8?])),
            .map("mapOptInt16", \.mapOptInt16, ocKeyed([1, 2, 3, 1, nil] as [Int16?])),
            .map("mapOptInt32", \.mapOptInt32, ocKeyed([1, 2, 3, 1, nil] as [Int32?])),
            .map("mapOptInt64", \.mapOptInt64, ocKeyed([1, 2, 3, 1, nil] as [Int64?])),
            .map("mapOptFloat", \.mapOptFloat, ocKeyed([1, 2, 3, 1, nil] as [Float?])),
            .map("mapOptDouble", \.mapOptDouble, ocKeyed([1, 2, 3, 1, nil] as [Double?])),
            .map("mapOptString", \.mapOptString, ocKeyed(["a", "b", "c", nil] as [String?])),
            .map("mapOptBinary", \.mapOptBinary, ocKeyed([ocData("a"), nil] as [Data?])),
            .map("mapOptDate", \.mapOptDate, ocKeyed([ocDate(1), ocDate(2), nil] as [Date?])),
            .map("mapOptDecimal", \.mapOptDecimal, ocKeyed([1, 2, nil] as [Decimal128?])),
            .map("mapOptObjectId", \.mapOptObjectId, ocKeyed([ocObjectId(1), ocObjectId(2), nil] as [ObjectId?])),
            .map("mapOptUuid", \.mapOptUuid, ocKeyed([ocUUID(1), ocUUID(2), ocUUID(3), nil] as [UUID?])),
        ]
    }
}
