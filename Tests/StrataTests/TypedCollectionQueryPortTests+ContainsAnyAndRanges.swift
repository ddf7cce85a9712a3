import Foundation
import Strata
import Testing

// Rows of realm-swift's RealmSwift/Tests/QueryTests.swift testListContainsAnyInObject, testSetContainsAnyInObject,
// testMapContainsAnyInObject and testCollectionContainsRange, for TCQContainsTests.

extension TCQContainsTests {
    static let containsAnyRows: [[TCQRow]] = [
        tcqContainsAny("arrayBool") { (q: Query<TCQAllTypes>) in q.arrayBool },
        tcqContainsAny("arrayInt") { (q: Query<TCQAllTypes>) in q.arrayInt },
        tcqContainsAny("arrayInt8") { (q: Query<TCQAllTypes>) in q.arrayInt8 },
        tcqContainsAny("arrayInt16") { (q: Query<TCQAllTypes>) in q.arrayInt16 },
        tcqContainsAny("arrayInt32") { (q: Query<TCQAllTypes>) in q.arrayInt32 },
        tcqContainsAny("arrayInt64") { (q: Query<TCQAllTypes>) in q.arrayInt64 },
        tcqContainsAny("arrayFloat") { (q: Query<TCQAllTypes>) in q.arrayFloat },
        tcqContainsAny("arrayDouble") { (q: Query<TCQAllTypes>) in q.arrayDouble },
        tcqContainsAny("arrayString") { (q: Query<TCQAllTypes>) in q.arrayString },
        tcqContainsAny("arrayBinary") { (q: Query<TCQAllTypes>) in q.arrayBinary },
        tcqContainsAny("arrayDate") { (q: Query<TCQAllTypes>) in q.arrayDate },
        tcqContainsAny("arrayDecimal") { (q: Query<TCQAllTypes>) in q.arrayDecimal },
        tcqContainsAny("arrayObjectId") { (q: Query<TCQAllTypes>) in q.arrayObjectId },
        tcqContainsAny("arrayUuid") { (q: Query<TCQAllTypes>) in q.arrayUuid },
        tcqContainsAny("arrayAny") { (q: Query<TCQAllTypes>) in q.arrayAny },
        tcqContainsAny("listInt") { (q: Query<TCQEnums>) in q.listInt },
        tcqContainsAny("listInt8") { (q: Query<TCQEnums>) in q.listInt8 },
        tcqContainsAny("listInt16") { (q: Query<TCQEnums>) in q.listInt16 },
        tcqContainsAny("listInt32") { (q: Query<TCQEnums>) in q.listInt32 },
        tcqContainsAny("listInt64") { (q: Query<TCQEnums>) in q.listInt64 },
        tcqContainsAny("listFloat") { (q: Query<TCQEnums>) in q.listFloat },
        tcqContainsAny("listDouble") { (q: Query<TCQEnums>) in q.listDouble },
        tcqContainsAny("listString") { (q: Query<TCQEnums>) in q.listString },
        tcqContainsAny("listBool") { (q: Query<TCQCustomCollections>) in q.listBool },
        tcqContainsAny("listInt") { (q: Query<TCQCustomCollections>) in q.listInt },
        tcqContainsAny("listInt8") { (q: Query<TCQCustomCollections>) in q.listInt8 },
        tcqContainsAny("listInt16") { (q: Query<TCQCustomCollections>) in q.listInt16 },
        tcqContainsAny("listInt32") { (q: Query<TCQCustomCollections>) in q.listInt32 },
        tcqContainsAny("listInt64") { (q: Query<TCQCustomCollections>) in q.listInt64 },
        tcqContainsAny("listFloat") { (q: Query<TCQCustomCollections>) in q.listFloat },
        tcqContainsAny("listDouble") { (q: Query<TCQCustomCollections>) in q.listDouble },
        tcqContainsAny("listString") { (q: Query<TCQCustomCollections>) in q.listString },
        tcqContainsAny("listBinary") { (q: Query<TCQCustomCollections>) in q.listBinary },
        tcqContainsAny("listDate") { (q: Query<TCQCustomCollections>) in q.listDate },
        tcqContainsAny("listDecimal") { (q: Query<TCQCustomCollections>) in q.listDecimal },
        tcqContainsAny("listObjectId") { (q: Query<TCQCustomCollections>) in q.listObjectId },
        tcqContainsAny("listUuid") { (q: Query<TCQCustomCollections>) in q.listUuid },
        tcqContainsAny("arrayOptBool") { (q: Query<TCQAllTypes>) in q.arrayOptBool },
        tcqContainsAny("arrayOptInt") { (q: Query<TCQAllTypes>) in q.arrayOptInt },
        tcqContainsAny("arrayOptInt8") { (q: Query<TCQAllTypes>) in q.arrayOptInt8 },
        tcqContainsAny("arrayOptInt16") { (q: Query<TCQAllTypes>) in q.arrayOptInt16 },
        tcqContainsAny("arrayOptInt32") { (q: Query<TCQAllTypes>) in q.arrayOptInt32 },
        tcqContainsAny("arrayOptInt64") { (q: Query<TCQAllTypes>) in q.arrayOptInt64 },
        tcqContainsAny("arrayOptFloat") { (q: Query<TCQAllTypes>) in q.arrayOptFloat },
        tcqContainsAny("arrayOptDouble") { (q: Query<TCQAllTypes>) in q.arrayOptDouble },
        tcqContainsAny("arrayOptString") { (q: Query<TCQAllTypes>) in q.arrayOptString },
        tcqContainsAny("arrayOptBinary") { (q: Query<TCQAllTypes>) in q.arrayOptBinary },
        tcqContainsAny("arrayOptDate") { (q: Query<TCQAllTypes>) in q.arrayOptDate },
        tcqContainsAny("arrayOptDecimal") { (q: Query<TCQAllTypes>) in q.arrayOptDecimal },
        tcqContainsAny("arrayOptObjectId") { (q: Query<TCQAllTypes>) in q.arrayOptObjectId },
        tcqContainsAny("arrayOptUuid") { (q: Query<TCQAllTypes>) in q.arrayOptUuid },
        tcqContainsAny("listIntOpt") { (q: Query<TCQEnums>) in q.listIntOpt },
        tcqContainsAny("listInt8Opt") { (q: Query<TCQEnums>) in q.listInt8Opt },
        tcqContainsAny("listInt16Opt") { (q: Query<TCQEnums>) in q.listInt16Opt },
        tcqContainsAny("listInt32Opt") { (q: Query<TCQEnums>) in q.listInt32Opt },
        tcqContainsAny("listInt64Opt") { (q: Query<TCQEnums>) in q.listInt64Opt },
        tcqContainsAny("listFloatOpt") { (q: Query<TCQEnums>) in q.listFloatOpt },
        tcqContainsAny("listDoubleOpt") { (q: Query<TCQEnums>) in q.listDoubleOpt },
        tcqContainsAny("listStringOpt") { (q: Query<TCQEnums>) in q.listStringOpt },
        tcqContainsAny("listOptBool") { (q: Query<TCQCustomCollections>) in q.listOptBool },
        tcqContainsAny("listOptInt") { (q: Query<TCQCustomCollections>) in q.listOptInt },
        tcqContainsAny("listOptInt8") { (q: Query<TCQCustomCollections>) in q.listOptInt8 },
        tcqContainsAny("listOptInt16") { (q: Query<TCQCustomCollections>) in q.listOptInt16 },
        tcqContainsAny("listOptInt32") { (q: Query<TCQCustomCollections>) in q.listOptInt32 },
        tcqContainsAny("listOptInt64") { (q: Query<TCQCustomCollections>) in q.listOptInt64 },
        tcqContainsAny("listOptFloat") { (q: Query<TCQCustomCollections>) in q.listOptFloat },
        tcqContainsAny("listOptDouble") { (q: Query<TCQCustomCollections>) in q.listOptDouble },
        tcqContainsAny("listOptString") { (q: Query<TCQCustomCollections>) in q.listOptString },
        tcqContainsAny("listOptBinary") { (q: Query<TCQCustomCollections>) in q.listOptBinary },
        tcqContainsAny("listOptDate") { (q: Query<TCQCustomCollections>) in q.listOptDate },
        tcqContainsAny("listOptDecimal") { (q: Query<TCQCustomCollections>) in q.listOptDecimal },
        tcqContainsAny("listOptObjectId") { (q: Query<TCQCustomCollections>) in q.listOptObjectId },
        tcqContainsAny("listOptUuid") { (q: Query<TCQCustomCollections>) in q.listOptUuid },
        tcqContainsAny("setBool") { (q: Query<TCQAllTypes>) in q.setBool },
        tcqContainsAny("setInt") { (q: Query<TCQAllTypes>) in q.setInt },
        tcqContainsAny("setInt8") { (q: Query<TCQAllTypes>) in q.setInt8 },
        tcqContainsAny("setInt16") { (q: Query<TCQAllTypes>) in q.setInt16 },
        tcqContainsAny("setInt32") { (q: Query<TCQAllTypes>) in q.setInt32 },
        tcqContainsAny("setInt64") { (q: Query<TCQAllTypes>) in q.setInt64 },
        tcqContainsAny("setFloat") { (q: Query<TCQAllTypes>) in q.setFloat },
        tcqContainsAny("setDouble") { (q: Query<TCQAllTypes>) in q.setDouble },
        tcqContainsAny("setString") { (q: Query<TCQAllTypes>) in q.setString },
        tcqContainsAny("setBinary") { (q: Query<TCQAllTypes>) in q.setBinary },
        tcqContainsAny("setDate") { (q: Query<TCQAllTypes>) in q.setDate },
        tcqContainsAny("setDecimal") { (q: Query<TCQAllTypes>) in q.setDecimal },
        tcqContainsAny("setObjectId") { (q: Query<TCQAllTypes>) in q.setObjectId },
        tcqContainsAny("setUuid") { (q: Query<TCQAllTypes>) in q.setUuid },
        tcqContainsAny("setAny") { (q: Query<TCQAllTypes>) in q.setAny },
        tcqContainsAny("setInt") { (q: Query<TCQEnums>) in q.setInt },
        tcqContainsAny("setInt8") { (q: Query<TCQEnums>) in q.setInt8 },
        tcqContainsAny("setInt16") { (q: Query<TCQEnums>) in q.setInt16 },
        tcqContainsAny("setInt32") { (q: Query<TCQEnums>) in q.setInt32 },
        tcqContainsAny("setInt64") { (q: Query<TCQEnums>) in q.setInt64 },
        tcqContainsAny("setFloat") { (q: Query<TCQEnums>) in q.setFloat },
        tcqContainsAny("setDouble") { (q: Query<TCQEnums>) in q.setDouble },
        tcqContainsAny("setString") { (q: Query<TCQEnums>) in q.setString },
        tcqContainsAny("setBool") { (q: Query<TCQCustomCollections>) in q.setBool },
        tcqContainsAny("setInt") { (q: Query<TCQCustomCollections>) in q.setInt },
        tcqContainsAny("setInt8") { (q: Query<TCQCustomCollections>) in q.setInt8 },
        tcqContainsAny("setInt16") { (q: Query<TCQCustomCollections>) in q.setInt16 },
        tcqContainsAny("setInt32") { (q: Query<TCQCustomCollections>) in q.setInt32 },
        tcqContainsAny("setInt64") { (q: Query<TCQCustomCollections>) in q.setInt64 },
        tcqContainsAny("setFloat") { (q: Query<TCQCustomCollections>) in q.setFloat },
        tcqContainsAny("setDouble") { (q: Query<TCQCustomCollections>) in q.setDouble },
        tcqContainsAny("setString") { (q: Query<TCQCustomCollections>) in q.setString },
        tcqContainsAny("setBinary") { (q: Query<TCQCustomCollections>) in q.setBinary },
        tcqContainsAny("setDate") { (q: Query<TCQCustomCollections>) in q.setDate },
        tcqContainsAny("setDecimal") { (q: Query<TCQCustomCollections>) in q.setDecimal },
        tcqContainsAny("setObjectId") { (q: Query<TCQCustomCollections>) in q.setObjectId },
        tcqContainsAny("setUuid") { (q: Query<TCQCustomCollections>) in q.setUuid },
        tcqContainsAny("setOptBool") { (q: Query<TCQAllTypes>) in q.setOptBool },
        tcqContainsAny("setOptInt") { (q: Query<TCQAllTypes>) in q.setOptInt },
        tcqContainsAny("setOptInt8") { (q: Query<TCQAllTypes>) in q.setOptInt8 },
        tcqContainsAny("setOptInt16") { (q: Query<TCQAllTypes>) in q.setOptInt16 },
        tcqContainsAny("setOptInt32") { (q: Query<TCQAllTypes>) in q.setOptInt32 },
        tcqContainsAny("setOptInt64") { (q: Query<TCQAllTypes>) in q.setOptInt64 },
        tcqContainsAny("setOptFloat") { (q: Query<TCQAllTypes>) in q.setOptFloat },
        tcqContainsAny("setOptDouble") { (q: Query<TCQAllTypes>) in q.setOptDouble },
        tcqContainsAny("setOptString") { (q: Query<TCQAllTypes>) in q.setOptString },
        tcqContainsAny("setOptBinary") { (q: Query<TCQAllTypes>) in q.setOptBinary },
        tcqContainsAny("setOptDate") { (q: Query<TCQAllTypes>) in q.setOptDate },
        tcqContainsAny("setOptDecimal") { (q: Query<TCQAllTypes>) in q.setOptDecimal },
        tcqContainsAny("setOptObjectId") { (q: Query<TCQAllTypes>) in q.setOptObjectId },
        tcqContainsAny("setOptUuid") { (q: Query<TCQAllTypes>) in q.setOptUuid },
        tcqContainsAny("setIntOpt") { (q: Query<TCQEnums>) in q.setIntOpt },
        tcqContainsAny("setInt8Opt") { (q: Query<TCQEnums>) in q.setInt8Opt },
        tcqContainsAny("setInt16Opt") { (q: Query<TCQEnums>) in q.setInt16Opt },
        tcqContainsAny("setInt32Opt") { (q: Query<TCQEnums>) in q.setInt32Opt },
        tcqContainsAny("setInt64Opt") { (q: Query<TCQEnums>) in q.setInt64Opt },
        tcqContainsAny("setFloatOpt") { (q: Query<TCQEnums>) in q.setFloatOpt },
        tcqContainsAny("setDoubleOpt") { (q: Query<TCQEnums>) in q.setDoubleOpt },
        tcqContainsAny("setStringOpt") { (q: Query<TCQEnums>) in q.setStringOpt },
        tcqContainsAny("setOptBool") { (q: Query<TCQCustomCollections>) in q.setOptBool },
        tcqContainsAny("setOptInt") { (q: Query<TCQCustomCollections>) in q.setOptInt },
        tcqContainsAny("setOptInt8") { (q: Query<TCQCustomCollections>) in q.setOptInt8 },
        tcqContainsAny("setOptInt16") { (q: Query<TCQCustomCollections>) in q.setOptInt16 },
        tcqContainsAny("setOptInt32") { (q: Query<TCQCustomCollections>) in q.setOptInt32 },
        tcqContainsAny("setOptInt64") { (q: Query<TCQCustomCollections>) in q.setOptInt64 },
        tcqContainsAny("setOptFloat") { (q: Query<TCQCustomCollections>) in q.setOptFloat },
        tcqContainsAny("setOptDouble") { (q: Query<TCQCustomCollections>) in q.setOptDouble },
        tcqContainsAny("setOptString") { (q: Query<TCQCustomCollections>) in q.setOptString },
        tcqContainsAny("setOptBinary") { (q: Query<TCQCustomCollections>) in q.setOptBinary },
        tcqContainsAny("setOptDate") { (q: Query<TCQCustomCollections>) in q.setOptDate },
        tcqContainsAny("setOptDecimal") { (q: Query<TCQCustomCollections>) in q.setOptDecimal },
        tcqContainsAny("setOptObjectId") { (q: Query<TCQCustomCollections>) in q.setOptObjectId },
        tcqContainsAny("setOptUuid") { (q: Query<TCQCustomCollections>) in q.setOptUuid },
        tcqMapContainsAny("mapBool") { (q: Query<TCQAllTypes>) in q.mapBool },
        tcqMapContainsAny("mapInt") { (q: Query<TCQAllTypes>) in q.mapInt },
        tcqMapContainsAny("mapInt8") { (q: Query<TCQAllTypes>) in q.mapInt8 },
        tcqMapContainsAny("mapInt16") { (q: Query<TCQAllTypes>) in q.mapInt16 },
        tcqMapContainsAny("mapInt32") { (q: Query<TCQAllTypes>) in q.mapInt32 },
        tcqMapContainsAny("mapInt64") { (q: Query<TCQAllTypes>) in q.mapInt64 },
        tcqMapContainsAny("mapFloat") { (q: Query<TCQAllTypes>) in q.mapFloat },
        tcqMapContainsAny("mapDouble") { (q: Query<TCQAllTypes>) in q.mapDouble },
        tcqMapContainsAny("mapString") { (q: Query<TCQAllTypes>) in q.mapString },
        tcqMapContainsAny("mapBinary") { (q: Query<TCQAllTypes>) in q.mapBinary },
        tcqMapContainsAny("mapDate") { (q: Query<TCQAllTypes>) in q.mapDate },
        tcqMapContainsAny("mapDecimal") { (q: Query<TCQAllTypes>) in q.mapDecimal },
        tcqMapContainsAny("mapObjectId") { (q: Query<TCQAllTypes>) in q.mapObjectId },
        tcqMapContainsAny("mapUuid") { (q: Query<TCQAllTypes>) in q.mapUuid },
        tcqMapContainsAny("mapAny") { (q: Query<TCQAllTypes>) in q.mapAny },
        tcqMapContainsAny("mapInt") { (q: Query<TCQEnums>) in q.mapInt },
        tcqMapContainsAny("mapInt8") { (q: Query<TCQEnums>) in q.mapInt8 },
        tcqMapContainsAny("mapInt16") { (q: Query<TCQEnums>) in q.mapInt16 },
        tcqMapContainsAny("mapInt32") { (q: Query<TCQEnums>) in q.mapInt32 },
        tcqMapContainsAny("mapInt64") { (q: Query<TCQEnums>) in q.mapInt64 },
        tcqMapContainsAny("mapFloat") { (q: Query<TCQEnums>) in q.mapFloat },
        tcqMapContainsAny("mapDouble") { (q: Query<TCQEnums>) in q.mapDouble },
        tcqMapContainsAny("mapString") { (q: Query<TCQEnums>) in q.mapString },
        tcqMapContainsAny("mapBool") { (q: Query<TCQCustomCollections>) in q.mapBool },
        tcqMapContainsAny("mapInt") { (q: Query<TCQCustomCollections>) in q.mapInt },
        tcqMapContainsAny("mapInt8") { (q: Query<TCQCustomCollections>) in q.mapInt8 },
        tcqMapContainsAny("mapInt16") { (q: Query<TCQCustomCollections>) in q.mapInt16 },
        tcqMapContainsAny("mapInt32") { (q: Query<TCQCustomCollections>) in q.mapInt32 },
        tcqMapContainsAny("mapInt64") { (q: Query<TCQCustomCollections>) in q.mapInt64 },
        tcqMapContainsAny("mapFloat") { (q: Query<TCQCustomCollections>) in q.mapFloat },
        tcqMapContainsAny("mapDouble") { (q: Query<TCQCustomCollections>) in q.mapDouble },
        tcqMapContainsAny("mapString") { (q: Query<TCQCustomCollections>) in q.mapString },
        tcqMapContainsAny("mapBinary") { (q: Query<TCQCustomCollections>) in q.mapBinary },
        tcqMapContainsAny("mapDate") { (q: Query<TCQCustomCollections>) in q.mapDate },
        tcqMapContainsAny("mapDecimal") { (q: Query<TCQCustomCollections>) in q.mapDecimal },
        tcqMapContainsAny("mapObjectId") { (q: Query<TCQCustomCollections>) in q.mapObjectId },
        tcqMapContainsAny("mapUuid") { (q: Query<TCQCustomCollections>) in q.mapUuid },
        tcqMapContainsAny("mapOptBool") { (q: Query<TCQAllTypes>) in q.mapOptBool },
        tcqMapContainsAny("mapOptInt") { (q: Query<TCQAllTypes>) in q.mapOptInt },
        tcqMapContainsAny("mapOptInt8") { (q: Query<TCQAllTypes>) in q.mapOptInt8 },
        tcqMapContainsAny("mapOptInt16") { (q: Query<TCQAllTypes>) in q.mapOptInt16 },
        tcqMapContainsAny("mapOptInt32") { (q: Query<TCQAllTypes>) in q.mapOptInt32 },
        tcqMapContainsAny("mapOptInt64") { (q: Query<TCQAllTypes>) in q.mapOptInt64 },
        tcqMapContainsAny("mapOptFloat") { (q: Query<TCQAllTypes>) in q.mapOptFloat },
        tcqMapContainsAny("mapOptDouble") { (q: Query<TCQAllTypes>) in q.mapOptDouble },
        tcqMapContainsAny("mapOptString") { (q: Query<TCQAllTypes>) in q.mapOptString },
        tcqMapContainsAny("mapOptBinary") { (q: Query<TCQAllTypes>) in q.mapOptBinary },
        tcqMapContainsAny("mapOptDate") { (q: Query<TCQAllTypes>) in q.mapOptDate },
        tcqMapContainsAny("mapOptDecimal") { (q: Query<TCQAllTypes>) in q.mapOptDecimal },
        tcqMapContainsAny("mapOptObjectId") { (q: Query<TCQAllTypes>) in q.mapOptObjectId },
        tcqMapContainsAny("mapOptUuid") { (q: Query<TCQAllTypes>) in q.mapOptUuid },
        tcqMapContainsAny("mapIntOpt") { (q: Query<TCQEnums>) in q.mapIntOpt },
        tcqMapContainsAny("mapInt8Opt") { (q: Query<TCQEnums>) in q.mapInt8Opt },
        tcqMapContainsAny("mapInt16Opt") { (q: Query<TCQEnums>) in q.mapInt16Opt },
        tcqMapContainsAny("mapInt32Opt") { (q: Query<TCQEnums>) in q.mapInt32Opt },
        tcqMapContainsAny("mapInt64Opt") { (q: Query<TCQEnums>) in q.mapInt64Opt },
        tcqMapContainsAny("mapFloatOpt") { (q: Query<TCQEnums>) in q.mapFloatOpt },
        tcqMapContainsAny("mapDoubleOpt") { (q: Query<TCQEnums>) in q.mapDoubleOpt },
        tcqMapContainsAny("mapStringOpt") { (q: Query<TCQEnums>) in q.mapStringOpt },
        tcqMapContainsAny("mapOptBool") { (q: Query<TCQCustomCollections>) in q.mapOptBool },
        tcqMapContainsAny("mapOptInt") { (q: Query<TCQCustomCollections>) in q.mapOptInt },
        tcqMapContainsAny("mapOptInt8") { (q: Query<TCQCustomCollections>) in q.mapOptInt8 },
        tcqMapContainsAny("mapOptInt16") { (q: Query<TCQCustomCollections>) in q.mapOptInt16 },
        tcqMapContainsAny("mapOptInt32") { (q: Query<TCQCustomCollections>) in q.mapOptInt32 },
        tcqMapContainsAny("mapOptInt64") { (q: Query<TCQCustomCollections>) in q.mapOptInt64 },
        tcqMapContainsAny("mapOptFloat") { (q: Query<TCQCustomCollections>) in q.mapOptFloat },
        tcqMapContainsAny("mapOptDouble") { (q: Query<TCQCustomCollections>) in q.mapOptDouble },
        tcqMapContainsAny("mapOptString") { (q: Query<TCQCustomCollections>) in q.mapOptString },
        tcqMapContainsAny("mapOptBinary") { (q: Query<TCQCustomCollections>) in q.mapOptBinary },
        tcqMapContainsAny("mapOptDate") { (q: Query<TCQCustomCollections>) in q.mapOptDate },
        tcqMapContainsAny("mapOptDecimal") { (q: Query<TCQCustomCollections>) in q.mapOptDecimal },
        tcqMapContainsAny("mapOptObjectId") { (q: Query<TCQCustomCollections>) in q.mapOptObjectId },
        tcqMapContainsAny("mapOptUuid") { (q: Query<TCQCustomCollections>) in q.mapOptUuid },
    ]

    static let rangeRows: [[TCQRow]] = [
        tcqContainsRange("arrayInt", Int.values()) { (q: Query<TCQAllTypes>) in q.arrayInt },
        tcqContainsRange("arrayInt8", Int8.values()) { (q: Query<TCQAllTypes>) in q.arrayInt8 },
        tcqContainsRange("arrayInt16", Int16.values()) { (q: Query<TCQAllTypes>) in q.arrayInt16 },
        tcqContainsRange("arrayInt32", Int32.values()) { (q: Query<TCQAllTypes>) in q.arrayInt32 },
        tcqContainsRange("arrayInt64", Int64.values()) { (q: Query<TCQAllTypes>) in q.arrayInt64 },
        tcqContainsRange("arrayFloat", Float.values()) { (q: Query<TCQAllTypes>) in q.arrayFloat },
        tcqContainsRange("arrayDouble", Double.values()) { (q: Query<TCQAllTypes>) in q.arrayDouble },
        tcqContainsRange("arrayDate", Date.values()) { (q: Query<TCQAllTypes>) in q.arrayDate },
        tcqContainsRange("arrayDecimal", Decimal128.values()) { (q: Query<TCQAllTypes>) in q.arrayDecimal },
        tcqContainsRange("listInt.rawValue", TCQEnumInt.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.listInt.rawValue
        },
        tcqContainsRange("listInt8.rawValue", TCQEnumInt8.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.listInt8.rawValue
        },
        tcqContainsRange("listInt16.rawValue", TCQEnumInt16.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.listInt16.rawValue
        },
        tcqContainsRange("listInt32.rawValue", TCQEnumInt32.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.listInt32.rawValue
        },
        tcqContainsRange("listInt64.rawValue", TCQEnumInt64.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.listInt64.rawValue
        },
        tcqContainsRange("listFloat.rawValue", TCQEnumFloat.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.listFloat.rawValue
        },
        tcqContainsRange("listDouble.rawValue", TCQEnumDouble.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.listDouble.rawValue
        },
        tcqContainsRange("listInt.persistableValue", TCQIntWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.listInt.persistableValue
        },
        tcqContainsRange("listInt8.persistableValue", TCQInt8Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.listInt8.persistableValue
        },
        tcqContainsRange("listInt16.persistableValue", TCQInt16Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.listInt16.persistableValue
        },
        tcqContainsRange("listInt32.persistableValue", TCQInt32Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.listInt32.persistableValue
        },
        tcqContainsRange("listInt64.persistableValue", TCQInt64Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.listInt64.persistableValue
        },
        tcqContainsRange("listFloat.persistableValue", TCQFloatWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.listFloat.persistableValue
        },
        tcqContainsRange("listDouble.persistableValue", TCQDoubleWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.listDouble.persistableValue
        },
        tcqContainsRange("listDate.persistableValue", TCQDateWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.listDate.persistableValue
        },
        tcqContainsRange("listDecimal.persistableValue", TCQDecimal128Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.listDecimal.persistableValue
        },
        tcqContainsRange("arrayOptInt", Int.values()) { (q: Query<TCQAllTypes>) in q.arrayOptInt },
        tcqContainsRange("arrayOptInt8", Int8.values()) { (q: Query<TCQAllTypes>) in q.arrayOptInt8 },
        tcqContainsRange("arrayOptInt16", Int16.values()) { (q: Query<TCQAllTypes>) in q.arrayOptInt16 },
        tcqContainsRange("arrayOptInt32", Int32.values()) { (q: Query<TCQAllTypes>) in q.arrayOptInt32 },
        tcqContainsRange("arrayOptInt64", Int64.values()) { (q: Query<TCQAllTypes>) in q.arrayOptInt64 },
        tcqContainsRange("arrayOptFloat", Float.values()) { (q: Query<TCQAllTypes>) in q.arrayOptFloat },
        tcqContainsRange("arrayOptDouble", Double.values()) { (q: Query<TCQAllTypes>) in q.arrayOptDouble },
        tcqContainsRange("arrayOptDate", Date.values()) { (q: Query<TCQAllTypes>) in q.arrayOptDate },
        tcqContainsRange("arrayOptDecimal", Decimal128.values()) { (q: Query<TCQAllTypes>) in q.arrayOptDecimal },
        tcqContainsRange("listIntOpt.rawValue", TCQEnumInt.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.listIntOpt.rawValue
        },
        tcqContainsRange("listInt8Opt.rawValue", TCQEnumInt8.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.listInt8Opt.rawValue
        },
        tcqContainsRange("listInt16Opt.rawValue", TCQEnumInt16.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.listInt16Opt.rawValue
        },
        tcqContainsRange("listInt32Opt.rawValue", TCQEnumInt32.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.listInt32Opt.rawValue
        },
        tcqContainsRange("listInt64Opt.rawValue", TCQEnumInt64.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.listInt64Opt.rawValue
        },
        tcqContainsRange("listFloatOpt.rawValue", TCQEnumFloat.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.listFloatOpt.rawValue
        },
        tcqContainsRange("listDoubleOpt.rawValue", TCQEnumDouble.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.listDoubleOpt.rawValue
        },
        tcqContainsRange("listOptInt.persistableValue", TCQIntWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.listOptInt.persistableValue
        },
        tcqContainsRange("listOptInt8.persistableValue", TCQInt8Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.listOptInt8.persistableValue
        },
        tcqContainsRange("listOptInt16.persistableValue", TCQInt16Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.listOptInt16.persistableValue
        },
        tcqContainsRange("listOptInt32.persistableValue", TCQInt32Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.listOptInt32.persistableValue
        },
        tcqContainsRange("listOptInt64.persistableValue", TCQInt64Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.listOptInt64.persistableValue
        },
        tcqContainsRange("listOptFloat.persistableValue", TCQFloatWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.listOptFloat.persistableValue
        },
        tcqContainsRange("listOptDouble.persistableValue", TCQDoubleWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.listOptDouble.persistableValue
        },
        tcqContainsRange("listOptDate.persistableValue", TCQDateWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.listOptDate.persistableValue
        },
        tcqContainsRange("listOptDecimal.persistableValue", TCQDecimal128Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.listOptDecimal.persistableValue
        },
        tcqContainsRange("setInt", Int.values()) { (q: Query<TCQAllTypes>) in q.setInt },
        tcqContainsRange("setInt8", Int8.values()) { (q: Query<TCQAllTypes>) in q.setInt8 },
        tcqContainsRange("setInt16", Int16.values()) { (q: Query<TCQAllTypes>) in q.setInt16 },
        tcqContainsRange("setInt32", Int32.values()) { (q: Query<TCQAllTypes>) in q.setInt32 },
        tcqContainsRange("setInt64", Int64.values()) { (q: Query<TCQAllTypes>) in q.setInt64 },
        tcqContainsRange("setFloat", Float.values()) { (q: Query<TCQAllTypes>) in q.setFloat },
        tcqContainsRange("setDouble", Double.values()) { (q: Query<TCQAllTypes>) in q.setDouble },
        tcqContainsRange("setDate", Date.values()) { (q: Query<TCQAllTypes>) in q.setDate },
        tcqContainsRange("setDecimal", Decimal128.values()) { (q: Query<TCQAllTypes>) in q.setDecimal },
        tcqContainsRange("setInt.rawValue", TCQEnumInt.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.setInt.rawValue
        },
        tcqContainsRange("setInt8.rawValue", TCQEnumInt8.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.setInt8.rawValue
        },
        tcqContainsRange("setInt16.rawValue", TCQEnumInt16.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.setInt16.rawValue
        },
        tcqContainsRange("setInt32.rawValue", TCQEnumInt32.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.setInt32.rawValue
        },
        tcqContainsRange("setInt64.rawValue", TCQEnumInt64.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.setInt64.rawValue
        },
        tcqContainsRange("setFloat.rawValue", TCQEnumFloat.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.setFloat.rawValue
        },
        tcqContainsRange("setDouble.rawValue", TCQEnumDouble.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.setDouble.rawValue
        },
        tcqContainsRange("setInt.persistableValue", TCQIntWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.setInt.persistableValue
        },
        tcqContainsRange("setInt8.persistableValue", TCQInt8Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.setInt8.persistableValue
        },
        tcqContainsRange("setInt16.persistableValue", TCQInt16Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.setInt16.persistableValue
        },
        tcqContainsRange("setInt32.persistableValue", TCQInt32Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.setInt32.persistableValue
        },
        tcqContainsRange("setInt64.persistableValue", TCQInt64Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.setInt64.persistableValue
        },
        tcqContainsRange("setFloat.persistableValue", TCQFloatWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.setFloat.persistableValue
        },
        tcqContainsRange("setDouble.persistableValue", TCQDoubleWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.setDouble.persistableValue
        },
        tcqContainsRange("setDate.persistableValue", TCQDateWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.setDate.persistableValue
        },
        tcqContainsRange("setDecimal.persistableValue", TCQDecimal128Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.setDecimal.persistableValue
        },
        tcqContainsRange("setOptInt", Int.values()) { (q: Query<TCQAllTypes>) in q.setOptInt },
        tcqContainsRange("setOptInt8", Int8.values()) { (q: Query<TCQAllTypes>) in q.setOptInt8 },
        tcqContainsRange("setOptInt16", Int16.values()) { (q: Query<TCQAllTypes>) in q.setOptInt16 },
        tcqContainsRange("setOptInt32", Int32.values()) { (q: Query<TCQAllTypes>) in q.setOptInt32 },
        tcqContainsRange("setOptInt64", Int64.values()) { (q: Query<TCQAllTypes>) in q.setOptInt64 },
        tcqContainsRange("setOptFloat", Float.values()) { (q: Query<TCQAllTypes>) in q.setOptFloat },
        tcqContainsRange("setOptDouble", Double.values()) { (q: Query<TCQAllTypes>) in q.setOptDouble },
        tcqContainsRange("setOptDate", Date.values()) { (q: Query<TCQAllTypes>) in q.setOptDate },
        tcqContainsRange("setOptDecimal", Decimal128.values()) { (q: Query<TCQAllTypes>) in q.setOptDecimal },
        tcqContainsRange("setIntOpt.rawValue", TCQEnumInt.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.setIntOpt.rawValue
        },
        tcqContainsRange("setInt8Opt.rawValue", TCQEnumInt8.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.setInt8Opt.rawValue
        },
        tcqContainsRange("setInt16Opt.rawValue", TCQEnumInt16.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.setInt16Opt.rawValue
        },
        tcqContainsRange("setInt32Opt.rawValue", TCQEnumInt32.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.setInt32Opt.rawValue
        },
        tcqContainsRange("setInt64Opt.rawValue", TCQEnumInt64.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.setInt64Opt.rawValue
        },
        tcqContainsRange("setFloatOpt.rawValue", TCQEnumFloat.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.setFloatOpt.rawValue
        },
        tcqContainsRange("setDoubleOpt.rawValue", TCQEnumDouble.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.setDoubleOpt.rawValue
        },
        tcqContainsRange("setOptInt.persistableValue", TCQIntWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.setOptInt.persistableValue
        },
        tcqContainsRange("setOptInt8.persistableValue", TCQInt8Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.setOptInt8.persistableValue
        },
        tcqContainsRange("setOptInt16.persistableValue", TCQInt16Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.setOptInt16.persistableValue
        },
        tcqContainsRange("setOptInt32.persistableValue", TCQInt32Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.setOptInt32.persistableValue
        },
        tcqContainsRange("setOptInt64.persistableValue", TCQInt64Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.setOptInt64.persistableValue
        },
        tcqContainsRange("setOptFloat.persistableValue", TCQFloatWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.setOptFloat.persistableValue
        },
        tcqContainsRange("setOptDouble.persistableValue", TCQDoubleWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.setOptDouble.persistableValue
        },
        tcqContainsRange("setOptDate.persistableValue", TCQDateWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.setOptDate.persistableValue
        },
        tcqContainsRange("setOptDecimal.persistableValue", TCQDecimal128Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.setOptDecimal.persistableValue
        },
        tcqMapContainsRange("mapInt", Int.values()) { (q: Query<TCQAllTypes>) in q.mapInt },
        tcqMapContainsRange("mapInt8", Int8.values()) { (q: Query<TCQAllTypes>) in q.mapInt8 },
        tcqMapContainsRange("mapInt16", Int16.values()) { (q: Query<TCQAllTypes>) in q.mapInt16 },
        tcqMapContainsRange("mapInt32", Int32.values()) { (q: Query<TCQAllTypes>) in q.mapInt32 },
        tcqMapContainsRange("mapInt64", Int64.values()) { (q: Query<TCQAllTypes>) in q.mapInt64 },
        tcqMapContainsRange("mapFloat", Float.values()) { (q: Query<TCQAllTypes>) in q.mapFloat },
        tcqMapContainsRange("mapDouble", Double.values()) { (q: Query<TCQAllTypes>) in q.mapDouble },
        tcqMapContainsRange("mapDate", Date.values()) { (q: Query<TCQAllTypes>) in q.mapDate },
        tcqMapContainsRange("mapDecimal", Decimal128.values()) { (q: Query<TCQAllTypes>) in q.mapDecimal },
        tcqMapContainsRange("mapInt.rawValue", TCQEnumInt.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.mapInt.rawValue
        },
        tcqMapContainsRange("mapInt8.rawValue", TCQEnumInt8.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.mapInt8.rawValue
        },
        tcqMapContainsRange("mapInt16.rawValue", TCQEnumInt16.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.mapInt16.rawValue
        },
        tcqMapContainsRange("mapInt32.rawValue", TCQEnumInt32.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.mapInt32.rawValue
        },
        tcqMapContainsRange("mapInt64.rawValue", TCQEnumInt64.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.mapInt64.rawValue
        },
        tcqMapContainsRange("mapFloat.rawValue", TCQEnumFloat.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.mapFloat.rawValue
        },
        tcqMapContainsRange("mapDouble.rawValue", TCQEnumDouble.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.mapDouble.rawValue
        },
        tcqMapContainsRange("mapInt.persistableValue", TCQIntWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.mapInt.persistableValue
        },
        tcqMapContainsRange("mapInt8.persistableValue", TCQInt8Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.mapInt8.persistableValue
        },
        tcqMapContainsRange("mapInt16.persistableValue", TCQInt16Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.mapInt16.persistableValue
        },
        tcqMapContainsRange("mapInt32.persistableValue", TCQInt32Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.mapInt32.persistableValue
        },
        tcqMapContainsRange("mapInt64.persistableValue", TCQInt64Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.mapInt64.persistableValue
        },
        tcqMapContainsRange("mapFloat.persistableValue", TCQFloatWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.mapFloat.persistableValue
        },
        tcqMapContainsRange("mapDouble.persistableValue", TCQDoubleWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.mapDouble.persistableValue
        },
        tcqMapContainsRange("mapDate.persistableValue", TCQDateWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.mapDate.persistableValue
        },
        tcqMapContainsRange("mapDecimal.persistableValue", TCQDecimal128Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.mapDecimal.persistableValue
        },
        tcqMapContainsRange("mapOptInt", Int.values()) { (q: Query<TCQAllTypes>) in q.mapOptInt },
        tcqMapContainsRange("mapOptInt8", Int8.values()) { (q: Query<TCQAllTypes>) in q.mapOptInt8 },
        tcqMapContainsRange("mapOptInt16", Int16.values()) { (q: Query<TCQAllTypes>) in q.mapOptInt16 },
        tcqMapContainsRange("mapOptInt32", Int32.values()) { (q: Query<TCQAllTypes>) in q.mapOptInt32 },
        tcqMapContainsRange("mapOptInt64", Int64.values()) { (q: Query<TCQAllTypes>) in q.mapOptInt64 },
        tcqMapContainsRange("mapOptFloat", Float.values()) { (q: Query<TCQAllTypes>) in q.mapOptFloat },
        tcqMapContainsRange("mapOptDouble", Double.values()) { (q: Query<TCQAllTypes>) in q.mapOptDouble },
        tcqMapContainsRange("mapOptDate", Date.values()) { (q: Query<TCQAllTypes>) in q.mapOptDate },
        tcqMapContainsRange("mapOptDecimal", Decimal128.values()) { (q: Query<TCQAllTypes>) in q.mapOptDecimal },
        tcqMapContainsRange("mapIntOpt.rawValue", TCQEnumInt.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.mapIntOpt.rawValue
        },
        tcqMapContainsRange("mapInt8Opt.rawValue", TCQEnumInt8.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.mapInt8Opt.rawValue
        },
        tcqMapContainsRange("mapInt16Opt.rawValue", TCQEnumInt16.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.mapInt16Opt.rawValue
        },
        tcqMapContainsRange("mapInt32Opt.rawValue", TCQEnumInt32.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.mapInt32Opt.rawValue
        },
        tcqMapContainsRange("mapInt64Opt.rawValue", TCQEnumInt64.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.mapInt64Opt.rawValue
        },
        tcqMapContainsRange("mapFloatOpt.rawValue", TCQEnumFloat.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.mapFloatOpt.rawValue
        },
        tcqMapContainsRange("mapDoubleOpt.rawValue", TCQEnumDouble.values().map(\.rawValue)) { (q: Query<TCQEnums>) in
            q.mapDoubleOpt.rawValue
        },
        tcqMapContainsRange("mapOptInt.persistableValue", TCQIntWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.mapOptInt.persistableValue
        },
        tcqMapContainsRange("mapOptInt8.persistableValue", TCQInt8Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.mapOptInt8.persistableValue
        },
        tcqMapContainsRange("mapOptInt16.persistableValue", TCQInt16Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.mapOptInt16.persistableValue
        },
        tcqMapContainsRange("mapOptInt32.persistableValue", TCQInt32Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.mapOptInt32.persistableValue
        },
        tcqMapContainsRange("mapOptInt64.persistableValue", TCQInt64Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.mapOptInt64.persistableValue
        },
        tcqMapContainsRange("mapOptFloat.persistableValue", TCQFloatWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.mapOptFloat.persistableValue
        },
        tcqMapContainsRange("mapOptDouble.persistableValue", TCQDoubleWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.mapOptDouble.persistableValue
        },
        tcqMapContainsRange("mapOptDate.persistableValue", TCQDateWrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.mapOptDate.persistableValue
        },
        tcqMapContainsRange("mapOptDecimal.persistableValue", TCQDecimal128Wrapper.values().map(\.value)) {
            (q: Query<TCQCustomCollections>) in q.mapOptDecimal.persistableValue
        },
    ]
}
