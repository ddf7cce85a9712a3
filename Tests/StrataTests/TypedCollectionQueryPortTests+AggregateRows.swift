import Foundation
import Strata
import Testing

// The rows of realm-swift's RealmSwift/Tests/QueryTests.swift collection and key-path aggregate tests (the helpers
// and data are in TypedCollectionQueryPortTests+Aggregates.swift).

extension TCQAggregateTests {
    /// testCollectionAggregatesAvg, Sum, Min and Max on the numeric lists, sets and maps of TCQAllTypes.
    static let collectionRows: [TCQRow] = [
        tcqAggregates("arrayInt") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.arrayInt, kind) },
        tcqAggregates("arrayInt8") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.arrayInt8, kind) },
        tcqAggregates("arrayInt16") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.arrayInt16, kind) },
        tcqAggregates("arrayInt32") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.arrayInt32, kind) },
        tcqAggregates("arrayInt64") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.arrayInt64, kind) },
        tcqAggregates("arrayFloat") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.arrayFloat, kind) },
        tcqAggregates("arrayDouble") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.arrayDouble, kind)
        },
        tcqAggregates("arrayDecimal") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.arrayDecimal, kind)
        },
        tcqAggregates("arrayOptInt") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.arrayOptInt, kind)
        },
        tcqAggregates("arrayOptInt8") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.arrayOptInt8, kind)
        },
        tcqAggregates("arrayOptInt16") { (q: Query<TCQLinkToAllTypes>, kind) in
            tcqAggregate(q.object.arrayOptInt16, kind)
        },
        tcqAggregates("arrayOptInt32") { (q: Query<TCQLinkToAllTypes>, kind) in
            tcqAggregate(q.object.arrayOptInt32, kind)
        },
        tcqAggregates("arrayOptInt64") { (q: Query<TCQLinkToAllTypes>, kind) in
            tcqAggregate(q.object.arrayOptInt64, kind)
        },
        tcqAggregates("arrayOptFloat") { (q: Query<TCQLinkToAllTypes>, kind) in
            tcqAggregate(q.object.arrayOptFloat, kind)
        },
        tcqAggregates("arrayOptDouble") { (q: Query<TCQLinkToAllTypes>, kind) in
            tcqAggregate(q.object.arrayOptDouble, kind)
        },
        tcqAggregates("arrayOptDecimal") { (q: Query<TCQLinkToAllTypes>, kind) in
            tcqAggregate(q.object.arrayOptDecimal, kind)
        },
        tcqAggregates("setInt") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.setInt, kind) },
        tcqAggregates("setInt8") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.setInt8, kind) },
        tcqAggregates("setInt16") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.setInt16, kind) },
        tcqAggregates("setInt32") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.setInt32, kind) },
        tcqAggregates("setInt64") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.setInt64, kind) },
        tcqAggregates("setFloat") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.setFloat, kind) },
        tcqAggregates("setDouble") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.setDouble, kind) },
        tcqAggregates("setDecimal") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.setDecimal, kind) },
        tcqAggregates("setOptInt") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.setOptInt, kind) },
        tcqAggregates("setOptInt8") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.setOptInt8, kind) },
        tcqAggregates("setOptInt16") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.setOptInt16, kind)
        },
        tcqAggregates("setOptInt32") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.setOptInt32, kind)
        },
        tcqAggregates("setOptInt64") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.setOptInt64, kind)
        },
        tcqAggregates("setOptFloat") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.setOptFloat, kind)
        },
        tcqAggregates("setOptDouble") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.setOptDouble, kind)
        },
        tcqAggregates("setOptDecimal") { (q: Query<TCQLinkToAllTypes>, kind) in
            tcqAggregate(q.object.setOptDecimal, kind)
        },
        tcqAggregates("mapInt") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.mapInt, kind) },
        tcqAggregates("mapInt8") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.mapInt8, kind) },
        tcqAggregates("mapInt16") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.mapInt16, kind) },
        tcqAggregates("mapInt32") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.mapInt32, kind) },
        tcqAggregates("mapInt64") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.mapInt64, kind) },
        tcqAggregates("mapFloat") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.mapFloat, kind) },
        tcqAggregates("mapDouble") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.mapDouble, kind) },
        tcqAggregates("mapDecimal") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.mapDecimal, kind) },
        tcqAggregates("mapOptInt") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.mapOptInt, kind) },
        tcqAggregates("mapOptInt8") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.mapOptInt8, kind) },
        tcqAggregates("mapOptInt16") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.mapOptInt16, kind)
        },
        tcqAggregates("mapOptInt32") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.mapOptInt32, kind)
        },
        tcqAggregates("mapOptInt64") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.mapOptInt64, kind)
        },
        tcqAggregates("mapOptFloat") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.mapOptFloat, kind)
        },
        tcqAggregates("mapOptDouble") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.object.mapOptDouble, kind)
        },
        tcqAggregates("mapOptDecimal") { (q: Query<TCQLinkToAllTypes>, kind) in
            tcqAggregate(q.object.mapOptDecimal, kind)
        },
    ].flatMap { $0 }

    /// The same tests on lists, sets and maps of enums (realm-swift's `.rawValue`) and of wrappers (its
    /// `.persistableValue`), as query strings.
    static let storedFormRows: [TCQRow] = ["list", "set", "map"].flatMap { kind in
        ["", "Opt"].flatMap { opt in
            func enums<V: TCQAddable>(_ name: String, _ values: [V]) -> [TCQRow] {
                tcqAggregateTexts(TCQLinkToEnums.self, values) { "object.\(kind)\(name)\(opt).@\($0)" }
            }
            func wrappers<V: TCQAddable>(_ name: String, _ type: V.Type) -> [TCQRow] {
                tcqAggregateTexts(TCQLinkToCustomCollections.self, V.values()) { "object.\(kind)\(opt)\(name).@\($0)" }
            }
            let enumRows: [[TCQRow]] = [
                enums("Int", TCQEnumInt.values().map(\.rawValue)),
                enums("Int8", TCQEnumInt8.values().map(\.rawValue)),
                enums("Int16", TCQEnumInt16.values().map(\.rawValue)),
                enums("Int32", TCQEnumInt32.values().map(\.rawValue)),
                enums("Int64", TCQEnumInt64.values().map(\.rawValue)),
                enums("Double", TCQEnumDouble.values().map(\.rawValue)),
            ]
            let wrapperRows: [[TCQRow]] = [
                wrappers("Int", Int.self), wrappers("Int8", Int8.self), wrappers("Int16", Int16.self),
                wrappers("Int32", Int32.self), wrappers("Int64", Int64.self), wrappers("Float", Float.self),
                wrappers("Double", Double.self), wrappers("Decimal", Decimal128.self),
            ]
            return (enumRows + wrapperRows).flatMap { $0 }
        }
    }

    /// testCollectionAggregatesCount on every list, set and map but those of Bools.
    static let countRows: [TCQRow] = [
        tcqCount("arrayInt", \Query<TCQLinkToAllTypes>.object.arrayInt),
        tcqCount("arrayInt8", \Query<TCQLinkToAllTypes>.object.arrayInt8),
        tcqCount("arrayInt16", \Query<TCQLinkToAllTypes>.object.arrayInt16),
        tcqCount("arrayInt32", \Query<TCQLinkToAllTypes>.object.arrayInt32),
        tcqCount("arrayInt64", \Query<TCQLinkToAllTypes>.object.arrayInt64),
        tcqCount("arrayFloat", \Query<TCQLinkToAllTypes>.object.arrayFloat),
        tcqCount("arrayDouble", \Query<TCQLinkToAllTypes>.object.arrayDouble),
        tcqCount("arrayString", \Query<TCQLinkToAllTypes>.object.arrayString),
        tcqCount("arrayBinary", \Query<TCQLinkToAllTypes>.object.arrayBinary),
        tcqCount("arrayDate", \Query<TCQLinkToAllTypes>.object.arrayDate),
        tcqCount("arrayDecimal", \Query<TCQLinkToAllTypes>.object.arrayDecimal),
        tcqCount("arrayObjectId", \Query<TCQLinkToAllTypes>.object.arrayObjectId),
        tcqCount("arrayUuid", \Query<TCQLinkToAllTypes>.object.arrayUuid),
        tcqCount("arrayAny", \Query<TCQLinkToAllTypes>.object.arrayAny),
        tcqCount("listInt", \Query<TCQLinkToEnums>.object.listInt),
        tcqCount("listInt8", \Query<TCQLinkToEnums>.object.listInt8),
        tcqCount("listInt16", \Query<TCQLinkToEnums>.object.listInt16),
        tcqCount("listInt32", \Query<TCQLinkToEnums>.object.listInt32),
        tcqCount("listInt64", \Query<TCQLinkToEnums>.object.listInt64),
        tcqCount("listFloat", \Query<TCQLinkToEnums>.object.listFloat),
        tcqCount("listDouble", \Query<TCQLinkToEnums>.object.listDouble),
        tcqCount("listString", \Query<TCQLinkToEnums>.object.listString),
        tcqCount("listInt", \Query<TCQLinkToCustomCollections>.object.listInt),
        tcqCount("listInt8", \Query<TCQLinkToCustomCollections>.object.listInt8),
        tcqCount("listInt16", \Query<TCQLinkToCustomCollections>.object.listInt16),
        tcqCount("listInt32", \Query<TCQLinkToCustomCollections>.object.listInt32),
        tcqCount("listInt64", \Query<TCQLinkToCustomCollections>.object.listInt64),
        tcqCount("listFloat", \Query<TCQLinkToCustomCollections>.object.listFloat),
        tcqCount("listDouble", \Query<TCQLinkToCustomCollections>.object.listDouble),
        tcqCount("listString", \Query<TCQLinkToCustomCollections>.object.listString),
        tcqCount("listBinary", \Query<TCQLinkToCustomCollections>.object.listBinary),
        tcqCount("listDate", \Query<TCQLinkToCustomCollections>.object.listDate),
        tcqCount("listDecimal", \Query<TCQLinkToCustomCollections>.object.listDecimal),
        tcqCount("listObjectId", \Query<TCQLinkToCustomCollections>.object.listObjectId),
        tcqCount("listUuid", \Query<TCQLinkToCustomCollections>.object.listUuid),
        tcqCount("arrayOptInt", \Query<TCQLinkToAllTypes>.object.arrayOptInt),
        tcqCount("arrayOptInt8", \Query<TCQLinkToAllTypes>.object.arrayOptInt8),
        tcqCount("arrayOptInt16", \Query<TCQLinkToAllTypes>.object.arrayOptInt16),
        tcqCount("arrayOptInt32", \Query<TCQLinkToAllTypes>.object.arrayOptInt32),
        tcqCount("arrayOptInt64", \Query<TCQLinkToAllTypes>.object.arrayOptInt64),
        tcqCount("arrayOptFloat", \Query<TCQLinkToAllTypes>.object.arrayOptFloat),
        tcqCount("arrayOptDouble", \Query<TCQLinkToAllTypes>.object.arrayOptDouble),
        tcqCount("arrayOptString", \Query<TCQLinkToAllTypes>.object.arrayOptString),
        tcqCount("arrayOptBinary", \Query<TCQLinkToAllTypes>.object.arrayOptBinary),
        tcqCount("arrayOptDate", \Query<TCQLinkToAllTypes>.object.arrayOptDate),
        tcqCount("arrayOptDecimal", \Query<TCQLinkToAllTypes>.object.arrayOptDecimal),
        tcqCount("arrayOptObjectId", \Query<TCQLinkToAllTypes>.object.arrayOptObjectId),
        tcqCount("arrayOptUuid", \Query<TCQLinkToAllTypes>.object.arrayOptUuid),
        tcqCount("listIntOpt", \Query<TCQLinkToEnums>.object.listIntOpt),
        tcqCount("listInt8Opt", \Query<TCQLinkToEnums>.object.listInt8Opt),
        tcqCount("listInt16Opt", \Query<TCQLinkToEnums>.object.listInt16Opt),
        tcqCount("listInt32Opt", \Query<TCQLinkToEnums>.object.listInt32Opt),
        tcqCount("listInt64Opt", \Query<TCQLinkToEnums>.object.listInt64Opt),
        tcqCount("listFloatOpt", \Query<TCQLinkToEnums>.object.listFloatOpt),
        tcqCount("listDoubleOpt", \Query<TCQLinkToEnums>.object.listDoubleOpt),
        tcqCount("listStringOpt", \Query<TCQLinkToEnums>.object.listStringOpt),
        tcqCount("listOptInt", \Query<TCQLinkToCustomCollections>.object.listOptInt),
        tcqCount("listOptInt8", \Query<TCQLinkToCustomCollections>.object.listOptInt8),
        tcqCount("listOptInt16", \Query<TCQLinkToCustomCollections>.object.listOptInt16),
        tcqCount("listOptInt32", \Query<TCQLinkToCustomCollections>.object.listOptInt32),
        tcqCount("listOptInt64", \Query<TCQLinkToCustomCollections>.object.listOptInt64),
        tcqCount("listOptFloat", \Query<TCQLinkToCustomCollections>.object.listOptFloat),
        tcqCount("listOptDouble", \Query<TCQLinkToCustomCollections>.object.listOptDouble),
        tcqCount("listOptString", \Query<TCQLinkToCustomCollections>.object.listOptString),
        tcqCount("listOptBinary", \Query<TCQLinkToCustomCollections>.object.listOptBinary),
        tcqCount("listOptDate", \Query<TCQLinkToCustomCollections>.object.listOptDate),
        tcqCount("listOptDecimal", \Query<TCQLinkToCustomCollections>.object.listOptDecimal),
        tcqCount("listOptObjectId", \Query<TCQLinkToCustomCollections>.object.listOptObjectId),
        tcqCount("listOptUuid", \Query<TCQLinkToCustomCollections>.object.listOptUuid),
        tcqCount("setInt", \Query<TCQLinkToAllTypes>.object.setInt),
        tcqCount("setInt8", \Query<TCQLinkToAllTypes>.object.setInt8),
        tcqCount("setInt16", \Query<TCQLinkToAllTypes>.object.setInt16),
        tcqCount("setInt32", \Query<TCQLinkToAllTypes>.object.setInt32),
        tcqCount("setInt64", \Query<TCQLinkToAllTypes>.object.setInt64),
        tcqCount("setFloat", \Query<TCQLinkToAllTypes>.object.setFloat),
        tcqCount("setDouble", \Query<TCQLinkToAllTypes>.object.setDouble),
        tcqCount("setString", \Query<TCQLinkToAllTypes>.object.setString),
        tcqCount("setBinary", \Query<TCQLinkToAllTypes>.object.setBinary),
        tcqCount("setDate", \Query<TCQLinkToAllTypes>.object.setDate),
        tcqCount("setDecimal", \Query<TCQLinkToAllTypes>.object.setDecimal),
        tcqCount("setObjectId", \Query<TCQLinkToAllTypes>.object.setObjectId),
        tcqCount("setUuid", \Query<TCQLinkToAllTypes>.object.setUuid),
        tcqCount("setAny", \Query<TCQLinkToAllTypes>.object.setAny),
        tcqCount("setInt", \Query<TCQLinkToEnums>.object.setInt),
        tcqCount("setInt8", \Query<TCQLinkToEnums>.object.setInt8),
        tcqCount("setInt16", \Query<TCQLinkToEnums>.object.setInt16),
        tcqCount("setInt32", \Query<TCQLinkToEnums>.object.setInt32),
        tcqCount("setInt64", \Query<TCQLinkToEnums>.object.setInt64),
        tcqCount("setFloat", \Query<TCQLinkToEnums>.object.setFloat),
        tcqCount("setDouble", \Query<TCQLinkToEnums>.object.setDouble),
        tcqCount("setString", \Query<TCQLinkToEnums>.object.setString),
        tcqCount("setInt", \Query<TCQLinkToCustomCollections>.object.setInt),
        tcqCount("setInt8", \Query<TCQLinkToCustomCollections>.object.setInt8),
        tcqCount("setInt16", \Query<TCQLinkToCustomCollections>.object.setInt16),
        tcqCount("setInt32", \Query<TCQLinkToCustomCollections>.object.setInt32),
        tcqCount("setInt64", \Query<TCQLinkToCustomCollections>.object.setInt64),
        tcqCount("setFloat", \Query<TCQLinkToCustomCollections>.object.setFloat),
        tcqCount("setDouble", \Query<TCQLinkToCustomCollections>.object.setDouble),
        tcqCount("setString", \Query<TCQLinkToCustomCollections>.object.setString),
        tcqCount("setBinary", \Query<TCQLinkToCustomCollections>.object.setBinary),
        tcqCount("setDate", \Query<TCQLinkToCustomCollections>.object.setDate),
        tcqCount("setDecimal", \Query<TCQLinkToCustomCollections>.object.setDecimal),
        tcqCount("setObjectId", \Query<TCQLinkToCustomCollections>.object.setObjectId),
        tcqCount("setUuid", \Query<TCQLinkToCustomCollections>.object.setUuid),
        tcqCount("setOptInt", \Query<TCQLinkToAllTypes>.object.setOptInt),
        tcqCount("setOptInt8", \Query<TCQLinkToAllTypes>.object.setOptInt8),
        tcqCount("setOptInt16", \Query<TCQLinkToAllTypes>.object.setOptInt16),
        tcqCount("setOptInt32", \Query<TCQLinkToAllTypes>.object.setOptInt32),
        tcqCount("setOptInt64", \Query<TCQLinkToAllTypes>.object.setOptInt64),
        tcqCount("setOptFloat", \Query<TCQLinkToAllTypes>.object.setOptFloat),
        tcqCount("setOptDouble", \Query<TCQLinkToAllTypes>.object.setOptDouble),
        tcqCount("setOptString", \Query<TCQLinkToAllTypes>.object.setOptString),
        tcqCount("setOptBinary", \Query<TCQLinkToAllTypes>.object.setOptBinary),
        tcqCount("setOptDate", \Query<TCQLinkToAllTypes>.object.setOptDate),
        tcqCount("setOptDecimal", \Query<TCQLinkToAllTypes>.object.setOptDecimal),
        tcqCount("setOptObjectId", \Query<TCQLinkToAllTypes>.object.setOptObjectId),
        tcqCount("setOptUuid", \Query<TCQLinkToAllTypes>.object.setOptUuid),
        tcqCount("setIntOpt", \Query<TCQLinkToEnums>.object.setIntOpt),
        tcqCount("setInt8Opt", \Query<TCQLinkToEnums>.object.setInt8Opt),
        tcqCount("setInt16Opt", \Query<TCQLinkToEnums>.object.setInt16Opt),
        tcqCount("setInt32Opt", \Query<TCQLinkToEnums>.object.setInt32Opt),
        tcqCount("setInt64Opt", \Query<TCQLinkToEnums>.object.setInt64Opt),
        tcqCount("setFloatOpt", \Query<TCQLinkToEnums>.object.setFloatOpt),
        tcqCount("setDoubleOpt", \Query<TCQLinkToEnums>.object.setDoubleOpt),
        tcqCount("setStringOpt", \Query<TCQLinkToEnums>.object.setStringOpt),
        tcqCount("setOptInt", \Query<TCQLinkToCustomCollections>.object.setOptInt),
        tcqCount("setOptInt8", \Query<TCQLinkToCustomCollections>.object.setOptInt8),
        tcqCount("setOptInt16", \Query<TCQLinkToCustomCollections>.object.setOptInt16),
        tcqCount("setOptInt32", \Query<TCQLinkToCustomCollections>.object.setOptInt32),
        tcqCount("setOptInt64", \Query<TCQLinkToCustomCollections>.object.setOptInt64),
        tcqCount("setOptFloat", \Query<TCQLinkToCustomCollections>.object.setOptFloat),
        tcqCount("setOptDouble", \Query<TCQLinkToCustomCollections>.object.setOptDouble),
        tcqCount("setOptString", \Query<TCQLinkToCustomCollections>.object.setOptString),
        tcqCount("setOptBinary", \Query<TCQLinkToCustomCollections>.object.setOptBinary),
        tcqCount("setOptDate", \Query<TCQLinkToCustomCollections>.object.setOptDate),
        tcqCount("setOptDecimal", \Query<TCQLinkToCustomCollections>.object.setOptDecimal),
        tcqCount("setOptObjectId", \Query<TCQLinkToCustomCollections>.object.setOptObjectId),
        tcqCount("setOptUuid", \Query<TCQLinkToCustomCollections>.object.setOptUuid),
        tcqCount("mapInt", \Query<TCQLinkToAllTypes>.object.mapInt),
        tcqCount("mapInt8", \Query<TCQLinkToAllTypes>.object.mapInt8),
        tcqCount("mapInt16", \Query<TCQLinkToAllTypes>.object.mapInt16),
        tcqCount("mapInt32", \Query<TCQLinkToAllTypes>.object.mapInt32),
        tcqCount("mapInt64", \Query<TCQLinkToAllTypes>.object.mapInt64),
        tcqCount("mapFloat", \Query<TCQLinkToAllTypes>.object.mapFloat),
        tcqCount("mapDouble", \Query<TCQLinkToAllTypes>.object.mapDouble),
        tcqCount("mapString", \Query<TCQLinkToAllTypes>.object.mapString),
        tcqCount("mapBinary", \Query<TCQLinkToAllTypes>.object.mapBinary),
        tcqCount("mapDate", \Query<TCQLinkToAllTypes>.object.mapDate),
        tcqCount("mapDecimal", \Query<TCQLinkToAllTypes>.object.mapDecimal),
        tcqCount("mapObjectId", \Query<TCQLinkToAllTypes>.object.mapObjectId),
        tcqCount("mapUuid", \Query<TCQLinkToAllTypes>.object.mapUuid),
        tcqCount("mapAny", \Query<TCQLinkToAllTypes>.object.mapAny),
        tcqCount("mapInt", \Query<TCQLinkToEnums>.object.mapInt),
        tcqCount("mapInt8", \Query<TCQLinkToEnums>.object.mapInt8),
        tcqCount("mapInt16", \Query<TCQLinkToEnums>.object.mapInt16),
        tcqCount("mapInt32", \Query<TCQLinkToEnums>.object.mapInt32),
        tcqCount("mapInt64", \Query<TCQLinkToEnums>.object.mapInt64),
        tcqCount("mapFloat", \Query<TCQLinkToEnums>.object.mapFloat),
        tcqCount("mapDouble", \Query<TCQLinkToEnums>.object.mapDouble),
        tcqCount("mapString", \Query<TCQLinkToEnums>.object.mapString),
        tcqCount("mapInt", \Query<TCQLinkToCustomCollections>.object.mapInt),
        tcqCount("mapInt8", \Query<TCQLinkToCustomCollections>.object.mapInt8),
        tcqCount("mapInt16", \Query<TCQLinkToCustomCollections>.object.mapInt16),
        tcqCount("mapInt32", \Query<TCQLinkToCustomCollections>.object.mapInt32),
        tcqCount("mapInt64", \Query<TCQLinkToCustomCollections>.object.mapInt64),
        tcqCount("mapFloat", \Query<TCQLinkToCustomCollections>.object.mapFloat),
        tcqCount("mapDouble", \Query<TCQLinkToCustomCollections>.object.mapDouble),
        tcqCount("mapString", \Query<TCQLinkToCustomCollections>.object.mapString),
        tcqCount("mapBinary", \Query<TCQLinkToCustomCollections>.object.mapBinary),
        tcqCount("mapDate", \Query<TCQLinkToCustomCollections>.object.mapDate),
        tcqCount("mapDecimal", \Query<TCQLinkToCustomCollections>.object.mapDecimal),
        tcqCount("mapObjectId", \Query<TCQLinkToCustomCollections>.object.mapObjectId),
        tcqCount("mapUuid", \Query<TCQLinkToCustomCollections>.object.mapUuid),
        tcqCount("mapOptInt", \Query<TCQLinkToAllTypes>.object.mapOptInt),
        tcqCount("mapOptInt8", \Query<TCQLinkToAllTypes>.object.mapOptInt8),
        tcqCount("mapOptInt16", \Query<TCQLinkToAllTypes>.object.mapOptInt16),
        tcqCount("mapOptInt32", \Query<TCQLinkToAllTypes>.object.mapOptInt32),
        tcqCount("mapOptInt64", \Query<TCQLinkToAllTypes>.object.mapOptInt64),
        tcqCount("mapOptFloat", \Query<TCQLinkToAllTypes>.object.mapOptFloat),
        tcqCount("mapOptDouble", \Query<TCQLinkToAllTypes>.object.mapOptDouble),
        tcqCount("mapOptString", \Query<TCQLinkToAllTypes>.object.mapOptString),
        tcqCount("mapOptBinary", \Query<TCQLinkToAllTypes>.object.mapOptBinary),
        tcqCount("mapOptDate", \Query<TCQLinkToAllTypes>.object.mapOptDate),
        tcqCount("mapOptDecimal", \Query<TCQLinkToAllTypes>.object.mapOptDecimal),
        tcqCount("mapOptObjectId", \Query<TCQLinkToAllTypes>.object.mapOptObjectId),
        tcqCount("mapOptUuid", \Query<TCQLinkToAllTypes>.object.mapOptUuid),
        tcqCount("mapIntOpt", \Query<TCQLinkToEnums>.object.mapIntOpt),
        tcqCount("mapInt8Opt", \Query<TCQLinkToEnums>.object.mapInt8Opt),
        tcqCount("mapInt16Opt", \Query<TCQLinkToEnums>.object.mapInt16Opt),
        tcqCount("mapInt32Opt", \Query<TCQLinkToEnums>.object.mapInt32Opt),
        tcqCount("mapInt64Opt", \Query<TCQLinkToEnums>.object.mapInt64Opt),
        tcqCount("mapFloatOpt", \Query<TCQLinkToEnums>.object.mapFloatOpt),
        tcqCount("mapDoubleOpt", \Query<TCQLinkToEnums>.object.mapDoubleOpt),
        tcqCount("mapStringOpt", \Query<TCQLinkToEnums>.object.mapStringOpt),
        tcqCount("mapOptInt", \Query<TCQLinkToCustomCollections>.object.mapOptInt),
        tcqCount("mapOptInt8", \Query<TCQLinkToCustomCollections>.object.mapOptInt8),
        tcqCount("mapOptInt16", \Query<TCQLinkToCustomCollections>.object.mapOptInt16),
        tcqCount("mapOptInt32", \Query<TCQLinkToCustomCollections>.object.mapOptInt32),
        tcqCount("mapOptInt64", \Query<TCQLinkToCustomCollections>.object.mapOptInt64),
        tcqCount("mapOptFloat", \Query<TCQLinkToCustomCollections>.object.mapOptFloat),
        tcqCount("mapOptDouble", \Query<TCQLinkToCustomCollections>.object.mapOptDouble),
        tcqCount("mapOptString", \Query<TCQLinkToCustomCollections>.object.mapOptString),
        tcqCount("mapOptBinary", \Query<TCQLinkToCustomCollections>.object.mapOptBinary),
        tcqCount("mapOptDate", \Query<TCQLinkToCustomCollections>.object.mapOptDate),
        tcqCount("mapOptDecimal", \Query<TCQLinkToCustomCollections>.object.mapOptDecimal),
        tcqCount("mapOptObjectId", \Query<TCQLinkToCustomCollections>.object.mapOptObjectId),
        tcqCount("mapOptUuid", \Query<TCQLinkToCustomCollections>.object.mapOptUuid),
    ].flatMap { $0 }

    /// testKeypathCollectionAggregatesAvg, Sum, Min and Max: a property over TCQLinkToAllTypes.list, its three
    /// objects holding the three query values (Date: @min and @max only).
    static let keyPathRows: [TCQRow] = [
        tcqAggregates("list.intCol") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.list.intCol, kind) },
        tcqAggregates("list.int8Col") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.list.int8Col, kind) },
        tcqAggregates("list.int16Col") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.list.int16Col, kind) },
        tcqAggregates("list.int32Col") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.list.int32Col, kind) },
        tcqAggregates("list.int64Col") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.list.int64Col, kind) },
        tcqAggregates("list.floatCol") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.list.floatCol, kind) },
        tcqAggregates("list.doubleCol") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.list.doubleCol, kind) },
        tcqAggregates("list.decimalCol") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.list.decimalCol, kind)
        },
        tcqDateAggregates("list.dateCol") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.list.dateCol, kind) },
        tcqAggregates("list.optIntCol") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.list.optIntCol, kind) },
        tcqAggregates("list.optInt8Col") { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.list.optInt8Col, kind)
        },
        tcqAggregates("list.optInt16Col") { (q: Query<TCQLinkToAllTypes>, kind) in
            tcqAggregate(q.list.optInt16Col, kind)
        },
        tcqAggregates("list.optInt32Col") { (q: Query<TCQLinkToAllTypes>, kind) in
            tcqAggregate(q.list.optInt32Col, kind)
        },
        tcqAggregates("list.optInt64Col") { (q: Query<TCQLinkToAllTypes>, kind) in
            tcqAggregate(q.list.optInt64Col, kind)
        },
        tcqAggregates("list.optFloatCol") { (q: Query<TCQLinkToAllTypes>, kind) in
            tcqAggregate(q.list.optFloatCol, kind)
        },
        tcqAggregates("list.optDoubleCol") { (q: Query<TCQLinkToAllTypes>, kind) in
            tcqAggregate(q.list.optDoubleCol, kind)
        },
        tcqAggregates("list.optDecimalCol") { (q: Query<TCQLinkToAllTypes>, kind) in
            tcqAggregate(q.list.optDecimalCol, kind)
        },
        tcqDateAggregates("list.optDateCol") { (q: Query<TCQLinkToAllTypes>, kind) in
            tcqAggregate(q.list.optDateCol, kind)
        },
    ].flatMap { $0 }

    /// The key-path tests on enums and wrappers, as query strings.
    static let keyPathStoredFormRows: [TCQRow] = ["", "opt"].flatMap { opt in
        func wrappers<V: TCQAddable>(_ name: String, _ type: V.Type) -> [TCQRow] {
            let property = opt.isEmpty ? name.prefix(1).lowercased() + name.dropFirst() : "opt\(name)"
            return tcqAggregateTexts(TCQLinkToCustomTypes.self, V.values()) { "list.@\($0).\(property)" }
        }
        let enumColumn = opt.isEmpty ? "intEnumCol" : "optIntEnumCol"
        let enumRows = tcqAggregateTexts(TCQLinkToAllTypes.self, TCQIntEnum.values().map(\.rawValue)) {
            "list.@\($0).\(enumColumn)"
        }
        let wrapperRows: [[TCQRow]] = [
            wrappers("Int", Int.self), wrappers("Int8", Int8.self), wrappers("Int16", Int16.self),
            wrappers("Int32", Int32.self), wrappers("Int64", Int64.self), wrappers("Float", Float.self),
            wrappers("Double", Double.self), wrappers("Decimal", Decimal128.self),
            tcqDateTexts(opt.isEmpty ? "date" : "optDate"),
        ]
        return enumRows + wrapperRows.flatMap { $0 }
    }
}

/// @min and @max of a date property over a list of objects (realm-swift checks no @sum or @avg of dates).
func tcqDateAggregates<Root: Object>(
    _ name: String,
    _ aggregate: @escaping @Sendable (Query<Root>, TCQAggregate) -> Query<Date>
) -> [TCQRow] {
    [TCQAggregate.min, .max].flatMap { kind in
        let values = Date.values()
        let (own, other) = kind == .min ? (values[0], values[2]) : (values[2], values[0])
        return kind.comparisons.map { op, isOwn, count in
            let value = isOwn ? own : other
            return tcq("\(name).@\(kind) \(op) \(value)", count) { tcqCompare(aggregate($0, kind), op, value) }
        }
    }
}

/// `tcqDateAggregates` for an optional date property.
func tcqDateAggregates<Root: Object>(
    _ name: String,
    _ aggregate: @escaping @Sendable (Query<Root>, TCQAggregate) -> Query<Date?>
) -> [TCQRow] {
    [TCQAggregate.min, .max].flatMap { kind in
        let values = Date.values()
        let (own, other) = kind == .min ? (values[0], values[2]) : (values[2], values[0])
        return kind.comparisons.map { op, isOwn, count in
            let value = isOwn ? own : other
            return tcq("\(name).@\(kind) \(op) \(value)", count) { tcqCompare(aggregate($0, kind), op, value) }
        }
    }
}

/// `tcqDateAggregates` for a date wrapper property over TCQLinkToCustomTypes.list, as query strings.
func tcqDateTexts(_ property: String) -> [TCQRow] {
    [TCQAggregate.min, .max].flatMap { kind in
        let values = Date.values()
        let (own, other) = kind == .min ? (values[0], values[2]) : (values[2], values[0])
        return kind.comparisons.map { op, isOwn, count in
            tcqText(TCQLinkToCustomTypes.self, "list.@\(kind).\(property) \(op) %@", count) { [isOwn ? own : other] }
        }
    }
}
