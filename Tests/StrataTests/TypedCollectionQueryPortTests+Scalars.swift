import Foundation
import Strata
import Testing

// Scalar properties of realm-swift's RealmSwift/Tests/QueryTests.swift models, each with the value its setUp
// stores (the second query value; false for the Bools), for testCompoundOr, testCompoundMixed, testContainsIn and
// testCollectionFromProperty.

/// One scalar property and the value the seeded object holds in it.
struct TCQScalar<Root: Object>: Sendable {
    let name: String
    /// `property == value`.
    let equal: @Sendable (Query<Root>) -> Query<Bool>
    /// `property != value`.
    let notEqual: @Sendable (Query<Root>) -> Query<Bool>
    /// `property == value` through an optional link (a map of objects' `where`).
    let equalThroughLink: @Sendable (Query<Root?>) -> Query<Bool>
    /// `property.in(pair)`, realm-swift's testContainsIn pair, holding the value.
    let inPair: @Sendable (Query<Root>) -> Query<Bool>
    /// `property.in([value])`.
    let inValue: @Sendable (Query<Root>) -> Query<Bool>

    init<V: Sendable>(
        _ name: String,
        _ path: KeyPath<Query<Root>, Query<V>> & Sendable,
        _ linkedPath: KeyPath<Query<Root?>, Query<V>> & Sendable,
        _ value: V,
        pair: [V]
    ) {
        self.name = name
        equal = { $0[keyPath: path] == value }
        notEqual = { $0[keyPath: path] != value }
        equalThroughLink = { $0[keyPath: linkedPath] == value }
        inPair = { $0[keyPath: path].in(pair) }
        inValue = { $0[keyPath: path].in([value]) }
    }

    /// A property holding the second query value, realm-swift's pair being the first two.
    init<V: TCQValue & Sendable>(
        _ name: String,
        _ path: KeyPath<Query<Root>, Query<V>> & Sendable,
        _ linkedPath: KeyPath<Query<Root?>, Query<V>> & Sendable,
        _ type: V.Type
    ) {
        self.init(name, path, linkedPath, V.values()[1], pair: Array(V.values().prefix(2)))
    }

    /// The same property read as an optional (`optIntCol` holds an `Int?`).
    init<V: TCQValue & Sendable>(
        _ name: String,
        _ path: KeyPath<Query<Root>, Query<V?>> & Sendable,
        _ linkedPath: KeyPath<Query<Root?>, Query<V?>> & Sendable,
        _ type: V.Type
    ) {
        self.init(name, path, linkedPath, V.values()[1], pair: V.values().prefix(2).map { $0 })
    }
}

enum TCQScalars {
    static let allTypes: [TCQScalar<TCQAllTypes>] = [
        .init("boolCol", \.boolCol, \.boolCol, false, pair: [true, false]),
        .init("intCol", \.intCol, \.intCol, Int.self),
        .init("int8Col", \.int8Col, \.int8Col, Int8.self),
        .init("int16Col", \.int16Col, \.int16Col, Int16.self),
        .init("int32Col", \.int32Col, \.int32Col, Int32.self),
        .init("int64Col", \.int64Col, \.int64Col, Int64.self),
        .init("floatCol", \.floatCol, \.floatCol, Float.self),
        .init("doubleCol", \.doubleCol, \.doubleCol, Double.self),
        .init("stringCol", \.stringCol, \.stringCol, String.self),
        .init("binaryCol", \.binaryCol, \.binaryCol, Data.self),
        .init("dateCol", \.dateCol, \.dateCol, Date.self),
        .init("decimalCol", \.decimalCol, \.decimalCol, Decimal128.self),
        .init("objectIdCol", \.objectIdCol, \.objectIdCol, ObjectId.self),
        .init("uuidCol", \.uuidCol, \.uuidCol, UUID.self),
        .init("intEnumCol", \.intEnumCol, \.intEnumCol, TCQIntEnum.self),
        .init("stringEnumCol", \.stringEnumCol, \.stringEnumCol, TCQStringEnum.value2, pair: [.value1, .value2]),
    ]

    static let customTypes: [TCQScalar<TCQCustomTypes>] = [
        .init(
            "bool",
            \.bool,
            \.bool,
            TCQBoolWrapper(value: false),
            pair: [TCQBoolWrapper(value: true), TCQBoolWrapper(value: false)]
        ),
        .init("int", \.int, \.int, TCQIntWrapper.self),
        .init("int8", \.int8, \.int8, TCQInt8Wrapper.self),
        .init("int16", \.int16, \.int16, TCQInt16Wrapper.self),
        .init("int32", \.int32, \.int32, TCQInt32Wrapper.self),
        .init("int64", \.int64, \.int64, TCQInt64Wrapper.self),
        .init("float", \.float, \.float, TCQFloatWrapper.self),
        .init("double", \.double, \.double, TCQDoubleWrapper.self),
        .init("string", \.string, \.string, TCQStringWrapper.self),
        .init("binary", \.binary, \.binary, TCQDataWrapper.self),
        .init("date", \.date, \.date, TCQDateWrapper.self),
        .init("decimal", \.decimal, \.decimal, TCQDecimal128Wrapper.self),
        .init("objectId", \.objectId, \.objectId, TCQObjectIdWrapper.self),
        .init("uuid", \.uuid, \.uuid, TCQUUIDWrapper.self),
    ]

    static let optionalAllTypes: [TCQScalar<TCQAllTypes>] = [
        .init("optBoolCol", \.optBoolCol, \.optBoolCol, false, pair: [true, false]),
        .init("optIntCol", \.optIntCol, \.optIntCol, Int.self),
        .init("optInt8Col", \.optInt8Col, \.optInt8Col, Int8.self),
        .init("optInt16Col", \.optInt16Col, \.optInt16Col, Int16.self),
        .init("optInt32Col", \.optInt32Col, \.optInt32Col, Int32.self),
        .init("optInt64Col", \.optInt64Col, \.optInt64Col, Int64.self),
        .init("optFloatCol", \.optFloatCol, \.optFloatCol, Float.self),
        .init("optDoubleCol", \.optDoubleCol, \.optDoubleCol, Double.self),
        .init("optStringCol", \.optStringCol, \.optStringCol, String.self),
        .init("optBinaryCol", \.optBinaryCol, \.optBinaryCol, Data.self),
        .init("optDateCol", \.optDateCol, \.optDateCol, Date.self),
        .init("optDecimalCol", \.optDecimalCol, \.optDecimalCol, Decimal128.self),
        .init("optObjectIdCol", \.optObjectIdCol, \.optObjectIdCol, ObjectId.self),
        .init("optUuidCol", \.optUuidCol, \.optUuidCol, UUID.self),
        .init("optIntEnumCol", \.optIntEnumCol, \.optIntEnumCol, TCQIntEnum.self),
        .init(
            "optStringEnumCol",
            \.optStringEnumCol,
            \.optStringEnumCol,
            TCQStringEnum.value2,
            pair: [.value1, .value2]
        ),
    ]

    static let optionalCustomTypes: [TCQScalar<TCQCustomTypes>] = [
        .init(
            "optBool",
            \.optBool,
            \.optBool,
            TCQBoolWrapper(value: false),
            pair: [TCQBoolWrapper(value: true), TCQBoolWrapper(value: false)]
        ),
        .init("optInt", \.optInt, \.optInt, TCQIntWrapper.self),
        .init("optInt8", \.optInt8, \.optInt8, TCQInt8Wrapper.self),
        .init("optInt16", \.optInt16, \.optInt16, TCQInt16Wrapper.self),
        .init("optInt32", \.optInt32, \.optInt32, TCQInt32Wrapper.self),
        .init("optInt64", \.optInt64, \.optInt64, TCQInt64Wrapper.self),
        .init("optFloat", \.optFloat, \.optFloat, TCQFloatWrapper.self),
        .init("optDouble", \.optDouble, \.optDouble, TCQDoubleWrapper.self),
        .init("optString", \.optString, \.optString, TCQStringWrapper.self),
        .init("optBinary", \.optBinary, \.optBinary, TCQDataWrapper.self),
        .init("optDate", \.optDate, \.optDate, TCQDateWrapper.self),
        .init("optDecimal", \.optDecimal, \.optDecimal, TCQDecimal128Wrapper.self),
        .init("optObjectId", \.optObjectId, \.optObjectId, TCQObjectIdWrapper.self),
        .init("optUuid", \.optUuid, \.optUuid, TCQUUIDWrapper.self),
    ]
}
