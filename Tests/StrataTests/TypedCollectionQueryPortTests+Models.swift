import Foundation
import Strata

/// realm-swift's ModernAllTypesObject, as its query tests use it.
final class TCQAllTypes: Object {
    @Persisted var boolCol = false
    @Persisted var intCol = 0
    @Persisted var int8Col: Int8 = 1
    @Persisted var int16Col: Int16 = 2
    @Persisted var int32Col: Int32 = 3
    @Persisted var int64Col: Int64 = 4
    @Persisted var floatCol: Float = 5
    @Persisted var doubleCol: Double = 6
    @Persisted var stringCol = ""
    @Persisted var binaryCol = Data()
    @Persisted var dateCol = Date(timeIntervalSince1970: 0)
    @Persisted var decimalCol = Decimal128(0)
    @Persisted var objectIdCol = ObjectId("000000000000000000000000")
    @Persisted var uuidCol = tcqUUID("00000000-0000-0000-0000-000000000000")
    @Persisted var intEnumCol = TCQIntEnum.value1
    @Persisted var stringEnumCol = TCQStringEnum.value1
    @Persisted var anyCol: AnyRealmValue
    @Persisted var objectCol: TCQAllTypes?
    @Persisted var arrayCol: List<TCQAllTypes>
    @Persisted var setCol: MutableSet<TCQAllTypes>
    @Persisted var mapCol: Map<String, TCQAllTypes?>
    @Persisted(originProperty: "objectCol") var linkingObjects: LinkingObjects<TCQAllTypes>

    @Persisted var optBoolCol: Bool?
    @Persisted var optIntCol: Int?
    @Persisted var optInt8Col: Int8?
    @Persisted var optInt16Col: Int16?
    @Persisted var optInt32Col: Int32?
    @Persisted var optInt64Col: Int64?
    @Persisted var optFloatCol: Float?
    @Persisted var optDoubleCol: Double?
    @Persisted var optStringCol: String?
    @Persisted var optBinaryCol: Data?
    @Persisted var optDateCol: Date?
    @Persisted var optDecimalCol: Decimal128?
    @Persisted var optObjectIdCol: ObjectId?
    @Persisted var optUuidCol: UUID?
    @Persisted var optIntEnumCol: TCQIntEnum?
    @Persisted var optStringEnumCol: TCQStringEnum?

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
    @Persisted var arrayUuid: List<UUID>
    @Persisted var arrayAny: List<AnyRealmValue>
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
    @Persisted var setUuid: MutableSet<UUID>
    @Persisted var setAny: MutableSet<AnyRealmValue>
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
    @Persisted var mapUuid: Map<String, UUID>
    @Persisted var mapAny: Map<String, AnyRealmValue>
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

/// realm-swift's ModernCollectionsOfEnums.
final class TCQEnums: Object {
    @Persisted var listInt: List<TCQEnumInt>
    @Persisted var listInt8: List<TCQEnumInt8>
    @Persisted var listInt16: List<TCQEnumInt16>
    @Persisted var listInt32: List<TCQEnumInt32>
    @Persisted var listInt64: List<TCQEnumInt64>
    @Persisted var listFloat: List<TCQEnumFloat>
    @Persisted var listDouble: List<TCQEnumDouble>
    @Persisted var listString: List<TCQEnumString>
    @Persisted var listIntOpt: List<TCQEnumInt?>
    @Persisted var listInt8Opt: List<TCQEnumInt8?>
    @Persisted var listInt16Opt: List<TCQEnumInt16?>
    @Persisted var listInt32Opt: List<TCQEnumInt32?>
    @Persisted var listInt64Opt: List<TCQEnumInt64?>
    @Persisted var listFloatOpt: List<TCQEnumFloat?>
    @Persisted var listDoubleOpt: List<TCQEnumDouble?>
    @Persisted var listStringOpt: List<TCQEnumString?>
    @Persisted var setInt: MutableSet<TCQEnumInt>
    @Persisted var setInt8: MutableSet<TCQEnumInt8>
    @Persisted var setInt16: MutableSet<TCQEnumInt16>
    @Persisted var setInt32: MutableSet<TCQEnumInt32>
    @Persisted var setInt64: MutableSet<TCQEnumInt64>
    @Persisted var setFloat: MutableSet<TCQEnumFloat>
    @Persisted var setDouble: MutableSet<TCQEnumDouble>
    @Persisted var setString: MutableSet<TCQEnumString>
    @Persisted var setIntOpt: MutableSet<TCQEnumInt?>
    @Persisted var setInt8Opt: MutableSet<TCQEnumInt8?>
    @Persisted var setInt16Opt: MutableSet<TCQEnumInt16?>
    @Persisted var setInt32Opt: MutableSet<TCQEnumInt32?>
    @Persisted var setInt64Opt: MutableSet<TCQEnumInt64?>
    @Persisted var setFloatOpt: MutableSet<TCQEnumFloat?>
    @Persisted var setDoubleOpt: MutableSet<TCQEnumDouble?>
    @Persisted var setStringOpt: MutableSet<TCQEnumString?>
    @Persisted var mapInt: Map<String, TCQEnumInt>
    @Persisted var mapInt8: Map<String, TCQEnumInt8>
    @Persisted var mapInt16: Map<String, TCQEnumInt16>
    @Persisted var mapInt32: Map<String, TCQEnumInt32>
    @Persisted var mapInt64: Map<String, TCQEnumInt64>
    @Persisted var mapFloat: Map<String, TCQEnumFloat>
    @Persisted var mapDouble: Map<String, TCQEnumDouble>
    @Persisted var mapString: Map<String, TCQEnumString>
    @Persisted var mapIntOpt: Map<String, TCQEnumInt?>
    @Persisted var mapInt8Opt: Map<String, TCQEnumInt8?>
    @Persisted var mapInt16Opt: Map<String, TCQEnumInt16?>
    @Persisted var mapInt32Opt: Map<String, TCQEnumInt32?>
    @Persisted var mapInt64Opt: Map<String, TCQEnumInt64?>
    @Persisted var mapFloatOpt: Map<String, TCQEnumFloat?>
    @Persisted var mapDoubleOpt: Map<String, TCQEnumDouble?>
    @Persisted var mapStringOpt: Map<String, TCQEnumString?>
}

/// realm-swift's CustomPersistableCollections.
final class TCQCustomCollections: Object {
    @Persisted var listBool: List<TCQBoolWrapper>
    @Persisted var listInt: List<TCQIntWrapper>
    @Persisted var listInt8: List<TCQInt8Wrapper>
    @Persisted var listInt16: List<TCQInt16Wrapper>
    @Persisted var listInt32: List<TCQInt32Wrapper>
    @Persisted var listInt64: List<TCQInt64Wrapper>
    @Persisted var listFloat: List<TCQFloatWrapper>
    @Persisted var listDouble: List<TCQDoubleWrapper>
    @Persisted var listString: List<TCQStringWrapper>
    @Persisted var listBinary: List<TCQDataWrapper>
    @Persisted var listDate: List<TCQDateWrapper>
    @Persisted var listDecimal: List<TCQDecimal128Wrapper>
    @Persisted var listObjectId: List<TCQObjectIdWrapper>
    @Persisted var listUuid: List<TCQUUIDWrapper>
    @Persisted var listOptBool: List<TCQBoolWrapper?>
    @Persisted var listOptInt: List<TCQIntWrapper?>
    @Persisted var listOptInt8: List<TCQInt8Wrapper?>
    @Persisted var listOptInt16: List<TCQInt16Wrapper?>
    @Persisted var listOptInt32: List<TCQInt32Wrapper?>
    @Persisted var listOptInt64: List<TCQInt64Wrapper?>
    @Persisted var listOptFloat: List<TCQFloatWrapper?>
    @Persisted var listOptDouble: List<TCQDoubleWrapper?>
    @Persisted var listOptString: List<TCQStringWrapper?>
    @Persisted var listOptBinary: List<TCQDataWrapper?>
    @Persisted var listOptDate: List<TCQDateWrapper?>
    @Persisted var listOptDecimal: List<TCQDecimal128Wrapper?>
    @Persisted var listOptObjectId: List<TCQObjectIdWrapper?>
    @Persisted var listOptUuid: List<TCQUUIDWrapper?>
    @Persisted var setBool: MutableSet<TCQBoolWrapper>
    @Persisted var setInt: MutableSet<TCQIntWrapper>
    @Persisted var setInt8: MutableSet<TCQInt8Wrapper>
    @Persisted var setInt16: MutableSet<TCQInt16Wrapper>
    @Persisted var setInt32: MutableSet<TCQInt32Wrapper>
    @Persisted var setInt64: MutableSet<TCQInt64Wrapper>
    @Persisted var setFloat: MutableSet<TCQFloatWrapper>
    @Persisted var setDouble: MutableSet<TCQDoubleWrapper>
    @Persisted var setString: MutableSet<TCQStringWrapper>
    @Persisted var setBinary: MutableSet<TCQDataWrapper>
    @Persisted var setDate: MutableSet<TCQDateWrapper>
    @Persisted var setDecimal: MutableSet<TCQDecimal128Wrapper>
    @Persisted var setObjectId: MutableSet<TCQObjectIdWrapper>
    @Persisted var setUuid: MutableSet<TCQUUIDWrapper>
    @Persisted var setOptBool: MutableSet<TCQBoolWrapper?>
    @Persisted var setOptInt: MutableSet<TCQIntWrapper?>
    @Persisted var setOptInt8: MutableSet<TCQInt8Wrapper?>
    @Persisted var setOptInt16: MutableSet<TCQInt16Wrapper?>
    @Persisted var setOptInt32: MutableSet<TCQInt32Wrapper?>
    @Persisted var setOptInt64: MutableSet<TCQInt64Wrapper?>
    @Persisted var setOptFloat: MutableSet<TCQFloatWrapper?>
    @Persisted var setOptDouble: MutableSet<TCQDoubleWrapper?>
    @Persisted var setOptString: MutableSet<TCQStringWrapper?>
    @Persisted var setOptBinary: MutableSet<TCQDataWrapper?>
    @Persisted var setOptDate: MutableSet<TCQDateWrapper?>
    @Persisted var setOptDecimal: MutableSet<TCQDecimal128Wrapper?>
    @Persisted var setOptObjectId: MutableSet<TCQObjectIdWrapper?>
    @Persisted var setOptUuid: MutableSet<TCQUUIDWrapper?>
    @Persisted var mapBool: Map<String, TCQBoolWrapper>
    @Persisted var mapInt: Map<String, TCQIntWrapper>
    @Persisted var mapInt8: Map<String, TCQInt8Wrapper>
    @Persisted var mapInt16: Map<String, TCQInt16Wrapper>
    @Persisted var mapInt32: Map<String, TCQInt32Wrapper>
    @Persisted var mapInt64: Map<String, TCQInt64Wrapper>
    @Persisted var mapFloat: Map<String, TCQFloatWrapper>
    @Persisted var mapDouble: Map<String, TCQDoubleWrapper>
    @Persisted var mapString: Map<String, TCQStringWrapper>
    @Persisted var mapBinary: Map<String, TCQDataWrapper>
    @Persisted var mapDate: Map<String, TCQDateWrapper>
    @Persisted var mapDecimal: Map<String, TCQDecimal128Wrapper>
    @Persisted var mapObjectId: Map<String, TCQObjectIdWrapper>
    @Persisted var mapUuid: Map<String, TCQUUIDWrapper>
    @Persisted var mapOptBool: Map<String, TCQBoolWrapper?>
    @Persisted var mapOptInt: Map<String, TCQIntWrapper?>
    @Persisted var mapOptInt8: Map<String, TCQInt8Wrapper?>
    @Persisted var mapOptInt16: Map<String, TCQInt16Wrapper?>
    @Persisted var mapOptInt32: Map<String, TCQInt32Wrapper?>
    @Persisted var mapOptInt64: Map<String, TCQInt64Wrapper?>
    @Persisted var mapOptFloat: Map<String, TCQFloatWrapper?>
    @Persisted var mapOptDouble: Map<String, TCQDoubleWrapper?>
    @Persisted var mapOptString: Map<String, TCQStringWrapper?>
    @Persisted var mapOptBinary: Map<String, TCQDataWrapper?>
    @Persisted var mapOptDate: Map<String, TCQDateWrapper?>
    @Persisted var mapOptDecimal: Map<String, TCQDecimal128Wrapper?>
    @Persisted var mapOptObjectId: Map<String, TCQObjectIdWrapper?>
    @Persisted var mapOptUuid: Map<String, TCQUUIDWrapper?>
}

/// realm-swift's AllCustomPersistableTypes.
final class TCQCustomTypes: Object {
    @Persisted var bool = TCQBoolWrapper(value: Bool.values()[0])
    @Persisted var int = TCQIntWrapper(value: Int.values()[0])
    @Persisted var int8 = TCQInt8Wrapper(value: Int8.values()[0])
    @Persisted var int16 = TCQInt16Wrapper(value: Int16.values()[0])
    @Persisted var int32 = TCQInt32Wrapper(value: Int32.values()[0])
    @Persisted var int64 = TCQInt64Wrapper(value: Int64.values()[0])
    @Persisted var float = TCQFloatWrapper(value: Float.values()[0])
    @Persisted var double = TCQDoubleWrapper(value: Double.values()[0])
    @Persisted var string = TCQStringWrapper(value: String.values()[0])
    @Persisted var binary = TCQDataWrapper(value: Data.values()[0])
    @Persisted var date = TCQDateWrapper(value: Date.values()[0])
    @Persisted var decimal = TCQDecimal128Wrapper(value: Decimal128.values()[0])
    @Persisted var objectId = TCQObjectIdWrapper(value: ObjectId.values()[0])
    @Persisted var uuid = TCQUUIDWrapper(value: UUID.values()[0])
    @Persisted var optBool: TCQBoolWrapper?
    @Persisted var optInt: TCQIntWrapper?
    @Persisted var optInt8: TCQInt8Wrapper?
    @Persisted var optInt16: TCQInt16Wrapper?
    @Persisted var optInt32: TCQInt32Wrapper?
    @Persisted var optInt64: TCQInt64Wrapper?
    @Persisted var optFloat: TCQFloatWrapper?
    @Persisted var optDouble: TCQDoubleWrapper?
    @Persisted var optString: TCQStringWrapper?
    @Persisted var optBinary: TCQDataWrapper?
    @Persisted var optDate: TCQDateWrapper?
    @Persisted var optDecimal: TCQDecimal128Wrapper?
    @Persisted var optObjectId: TCQObjectIdWrapper?
    @Persisted var optUuid: TCQUUIDWrapper?
}

/// realm-swift's LinkToModernAllTypesObject.
final class TCQLinkToAllTypes: Object {
    @Persisted var object: TCQAllTypes?
    @Persisted var list: List<TCQAllTypes>
    @Persisted var set: MutableSet<TCQAllTypes>
    @Persisted var map: Map<String, TCQAllTypes?>
}

/// realm-swift's LinkToModernCollectionsOfEnums.
final class TCQLinkToEnums: Object {
    @Persisted var object: TCQEnums?
    @Persisted var list: List<TCQEnums>
    @Persisted var set: MutableSet<TCQEnums>
    @Persisted var map: Map<String, TCQEnums?>
}

/// realm-swift's LinkToCustomPersistableCollections.
final class TCQLinkToCustomCollections: Object {
    @Persisted var object: TCQCustomCollections?
    @Persisted var list: List<TCQCustomCollections>
    @Persisted var set: MutableSet<TCQCustomCollections>
    @Persisted var map: Map<String, TCQCustomCollections?>
}

/// realm-swift's LinkToAllCustomPersistableTypes.
final class TCQLinkToCustomTypes: Object {
    @Persisted var object: TCQCustomTypes?
    @Persisted var list: List<TCQCustomTypes>
    @Persisted var set: MutableSet<TCQCustomTypes>
    @Persisted var map: Map<String, TCQCustomTypes?>
}

/// realm-swift's ModernCollectionObject.
final class TCQCollectionObject: Object {
    @Persisted var list: List<TCQAllTypes>
    @Persisted var set: MutableSet<TCQAllTypes>
    @Persisted var map: Map<String, TCQAllTypes?>
}

/// Fills realm-swift's QueryTests setUp data: one object of each model, its scalars holding the second query value
/// (false for the Bools), its lists and sets the first two, its maps `foo` the first and `bar` the second.
enum TCQSeed {
    static func fill(_ realm: isolated Realm) throws {
        let all = TCQAllTypes()
        let enums = TCQEnums()
        let custom = TCQCustomCollections()
        let customTypes = TCQCustomTypes()
        fillScalars(all, customTypes)
        fillAllTypesCollections(all)
        fillEnumCollections(enums)
        fillCustomCollections(custom)
        try realm.add(customTypes)
        try realm.add(enums)
        try realm.add(custom)
        try realm.add(all)
    }

    static func pair<T: TCQValue>(_ type: T.Type = T.self) -> [T] { Array(T.values().prefix(2)) }

    static func fill<T: TCQValue>(_ list: List<T>, _ set: MutableSet<T>, _ map: Map<String, T>) {
        list.append(objectsIn: pair(T.self))
        set.insert(objectsIn: pair(T.self))
        map["foo"] = T.values()[0]
        map["bar"] = T.values()[1]
    }

    static func fillScalars(_ all: TCQAllTypes, _ custom: TCQCustomTypes) {
        all.boolCol = false
        all.optBoolCol = false
        custom.bool = TCQBoolWrapper(value: false)
        custom.optBool = TCQBoolWrapper(value: false)
        all.intEnumCol = .value2
        all.stringEnumCol = .value2
        all.optIntEnumCol = .value2
        all.optStringEnumCol = .value2
        all.intCol = Int.values()[1]
        all.optIntCol = Int.values()[1]
        custom.int = TCQIntWrapper.values()[1]
        custom.optInt = TCQIntWrapper.values()[1]
        all.int8Col = Int8.values()[1]
        all.optInt8Col = Int8.values()[1]
        custom.int8 = TCQInt8Wrapper.values()[1]
        custom.optInt8 = TCQInt8Wrapper.values()[1]
        all.int16Col = Int16.values()[1]
        all.optInt16Col = Int16.values()[1]
        custom.int16 = TCQInt16Wrapper.values()[1]
        custom.optInt16 = TCQInt16Wrapper.values()[1]
        all.int32Col = Int32.values()[1]
        all.optInt32Col = Int32.values()[1]
        custom.int32 = TCQInt32Wrapper.values()[1]
        custom.optInt32 = TCQInt32Wrapper.values()[1]
        all.int64Col = Int64.values()[1]
        all.optInt64Col = Int64.values()[1]
        custom.int64 = TCQInt64Wrapper.values()[1]
        custom.optInt64 = TCQInt64Wrapper.values()[1]
        all.floatCol = Float.values()[1]
        all.optFloatCol = Float.values()[1]
        custom.float = TCQFloatWrapper.values()[1]
        custom.optFloat = TCQFloatWrapper.values()[1]
        all.doubleCol = Double.values()[1]
        all.optDoubleCol = Double.values()[1]
        custom.double = TCQDoubleWrapper.values()[1]
        custom.optDouble = TCQDoubleWrapper.values()[1]
        all.stringCol = String.values()[1]
        all.optStringCol = String.values()[1]
        custom.string = TCQStringWrapper.values()[1]
        custom.optString = TCQStringWrapper.values()[1]
        all.binaryCol = Data.values()[1]
        all.optBinaryCol = Data.values()[1]
        custom.binary = TCQDataWrapper.values()[1]
        custom.optBinary = TCQDataWrapper.values()[1]
        all.dateCol = Date.values()[1]
        all.optDateCol = Date.values()[1]
        custom.date = TCQDateWrapper.values()[1]
        custom.optDate = TCQDateWrapper.values()[1]
        all.decimalCol = Decimal128.values()[1]
        all.optDecimalCol = Decimal128.values()[1]
        custom.decimal = TCQDecimal128Wrapper.values()[1]
        custom.optDecimal = TCQDecimal128Wrapper.values()[1]
        all.objectIdCol = ObjectId.values()[1]
        all.optObjectIdCol = ObjectId.values()[1]
        custom.objectId = TCQObjectIdWrapper.values()[1]
        custom.optObjectId = TCQObjectIdWrapper.values()[1]
        all.uuidCol = UUID.values()[1]
        all.optUuidCol = UUID.values()[1]
        custom.uuid = TCQUUIDWrapper.values()[1]
        custom.optUuid = TCQUUIDWrapper.values()[1]
    }

    static func fillAllTypesCollections(_ all: TCQAllTypes) {
        fill(all.arrayBool, all.setBool, all.mapBool)
        fill(all.arrayInt, all.setInt, all.mapInt)
        fill(all.arrayInt8, all.setInt8, all.mapInt8)
        fill(all.arrayInt16, all.setInt16, all.mapInt16)
        fill(all.arrayInt32, all.setInt32, all.mapInt32)
        fill(all.arrayInt64, all.setInt64, all.mapInt64)
        fill(all.arrayFloat, all.setFloat, all.mapFloat)
        fill(all.arrayDouble, all.setDouble, all.mapDouble)
        fill(all.arrayString, all.setString, all.mapString)
        fill(all.arrayBinary, all.setBinary, all.mapBinary)
        fill(all.arrayDate, all.setDate, all.mapDate)
        fill(all.arrayDecimal, all.setDecimal, all.mapDecimal)
        fill(all.arrayObjectId, all.setObjectId, all.mapObjectId)
        fill(all.arrayUuid, all.setUuid, all.mapUuid)
        fill(all.arrayAny, all.setAny, all.mapAny)
        fill(all.arrayOptBool, all.setOptBool, all.mapOptBool)
        fill(all.arrayOptInt, all.setOptInt, all.mapOptInt)
        fill(all.arrayOptInt8, all.setOptInt8, all.mapOptInt8)
        fill(all.arrayOptInt16, all.setOptInt16, all.mapOptInt16)
        fill(all.arrayOptInt32, all.setOptInt32, all.mapOptInt32)
        fill(all.arrayOptInt64, all.setOptInt64, all.mapOptInt64)
        fill(all.arrayOptFloat, all.setOptFloat, all.mapOptFloat)
        fill(all.arrayOptDouble, all.setOptDouble, all.mapOptDouble)
        fill(all.arrayOptString, all.setOptString, all.mapOptString)
        fill(all.arrayOptBinary, all.setOptBinary, all.mapOptBinary)
        fill(all.arrayOptDate, all.setOptDate, all.mapOptDate)
        fill(all.arrayOptDecimal, all.setOptDecimal, all.mapOptDecimal)
        fill(all.arrayOptObjectId, all.setOptObjectId, all.mapOptObjectId)
        fill(all.arrayOptUuid, all.setOptUuid, all.mapOptUuid)
    }

    static func fillEnumCollections(_ enums: TCQEnums) {
        fill(enums.listInt, enums.setInt, enums.mapInt)
        fill(enums.listIntOpt, enums.setIntOpt, enums.mapIntOpt)
        fill(enums.listInt8, enums.setInt8, enums.mapInt8)
        fill(enums.listInt8Opt, enums.setInt8Opt, enums.mapInt8Opt)
        fill(enums.listInt16, enums.setInt16, enums.mapInt16)
        fill(enums.listInt16Opt, enums.setInt16Opt, enums.mapInt16Opt)
        fill(enums.listInt32, enums.setInt32, enums.mapInt32)
        fill(enums.listInt32Opt, enums.setInt32Opt, enums.mapInt32Opt)
        fill(enums.listInt64, enums.setInt64, enums.mapInt64)
        fill(enums.listInt64Opt, enums.setInt64Opt, enums.mapInt64Opt)
        fill(enums.listFloat, enums.setFloat, enums.mapFloat)
        fill(enums.listFloatOpt, enums.setFloatOpt, enums.mapFloatOpt)
        fill(enums.listDouble, enums.setDouble, enums.mapDouble)
        fill(enums.listDoubleOpt, enums.setDoubleOpt, enums.mapDoubleOpt)
        fill(enums.listString, enums.setString, enums.mapString)
        fill(enums.listStringOpt, enums.setStringOpt, enums.mapStringOpt)
    }

    static func fillCustomCollections(_ custom: TCQCustomCollections) {
        fill(custom.listBool, custom.setBool, custom.mapBool)
        fill(custom.listOptBool, custom.setOptBool, custom.mapOptBool)
        fill(custom.listInt, custom.setInt, custom.mapInt)
        fill(custom.listOptInt, custom.setOptInt, custom.mapOptInt)
        fill(custom.listInt8, custom.setInt8, custom.mapInt8)
        fill(custom.listOptInt8, custom.setOptInt8, custom.mapOptInt8)
        fill(custom.listInt16, custom.setInt16, custom.mapInt16)
        fill(custom.listOptInt16, custom.setOptInt16, custom.mapOptInt16)
        fill(custom.listInt32, custom.setInt32, custom.mapInt32)
        fill(custom.listOptInt32, custom.setOptInt32, custom.mapOptInt32)
        fill(custom.listInt64, custom.setInt64, custom.mapInt64)
        fill(custom.listOptInt64, custom.setOptInt64, custom.mapOptInt64)
        fill(custom.listFloat, custom.setFloat, custom.mapFloat)
        fill(custom.listOptFloat, custom.setOptFloat, custom.mapOptFloat)
        fill(custom.listDouble, custom.setDouble, custom.mapDouble)
        fill(custom.listOptDouble, custom.setOptDouble, custom.mapOptDouble)
        fill(custom.listString, custom.setString, custom.mapString)
        fill(custom.listOptString, custom.setOptString, custom.mapOptString)
        fill(custom.listBinary, custom.setBinary, custom.mapBinary)
        fill(custom.listOptBinary, custom.setOptBinary, custom.mapOptBinary)
        fill(custom.listDate, custom.setDate, custom.mapDate)
        fill(custom.listOptDate, custom.setOptDate, custom.mapOptDate)
        fill(custom.listDecimal, custom.setDecimal, custom.mapDecimal)
        fill(custom.listOptDecimal, custom.setOptDecimal, custom.mapOptDecimal)
        fill(custom.listObjectId, custom.setObjectId, custom.mapObjectId)
        fill(custom.listOptObjectId, custom.setOptObjectId, custom.mapOptObjectId)
        fill(custom.listUuid, custom.setUuid, custom.mapUuid)
        fill(custom.listOptUuid, custom.setOptUuid, custom.mapOptUuid)
    }
}
