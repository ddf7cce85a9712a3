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

    /// The same tests on lists, sets and maps of enums (through `.rawValue`) and of wrappers (compared with wrappers),
    /// as realm-swift writes them.
    static var storedFormRows: [TCQRow] {
        var rows: [TCQRow] = []
        rows += tcqAggregates(
            "listInt.rawValue",
            TCQEnumInt.values().map(\.rawValue),
            { $0 },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.listInt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "listInt8.rawValue",
            TCQEnumInt8.values().map(\.rawValue),
            { $0 },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.listInt8.rawValue, kind) }
        )
        rows += tcqAggregates(
            "listInt16.rawValue",
            TCQEnumInt16.values().map(\.rawValue),
            { $0 },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.listInt16.rawValue, kind) }
        )
        rows += tcqAggregates(
            "listInt32.rawValue",
            TCQEnumInt32.values().map(\.rawValue),
            { $0 },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.listInt32.rawValue, kind) }
        )
        rows += tcqAggregates(
            "listInt64.rawValue",
            TCQEnumInt64.values().map(\.rawValue),
            { $0 },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.listInt64.rawValue, kind) }
        )
        rows += tcqAggregates(
            "listDouble.rawValue",
            TCQEnumDouble.values().map(\.rawValue),
            { $0 },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.listDouble.rawValue, kind) }
        )
        rows += tcqAggregates(
            "listInt",
            Int.values(),
            { TCQIntWrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.listInt, kind) }
        )
        rows += tcqAggregates(
            "listInt8",
            Int8.values(),
            { TCQInt8Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.listInt8, kind) }
        )
        rows += tcqAggregates(
            "listInt16",
            Int16.values(),
            { TCQInt16Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.listInt16, kind) }
        )
        rows += tcqAggregates(
            "listInt32",
            Int32.values(),
            { TCQInt32Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.listInt32, kind) }
        )
        rows += tcqAggregates(
            "listInt64",
            Int64.values(),
            { TCQInt64Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.listInt64, kind) }
        )
        rows += tcqAggregates(
            "listFloat",
            Float.values(),
            { TCQFloatWrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.listFloat, kind) }
        )
        rows += tcqAggregates(
            "listDouble",
            Double.values(),
            { TCQDoubleWrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.listDouble, kind) }
        )
        rows += tcqAggregates(
            "listDecimal",
            Decimal128.values(),
            { TCQDecimal128Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.listDecimal, kind) }
        )
        rows += tcqAggregates(
            "listIntOpt.rawValue",
            TCQEnumInt.values().map(\.rawValue),
            { Optional($0) },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.listIntOpt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "listInt8Opt.rawValue",
            TCQEnumInt8.values().map(\.rawValue),
            { Optional($0) },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.listInt8Opt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "listInt16Opt.rawValue",
            TCQEnumInt16.values().map(\.rawValue),
            { Optional($0) },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.listInt16Opt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "listInt32Opt.rawValue",
            TCQEnumInt32.values().map(\.rawValue),
            { Optional($0) },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.listInt32Opt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "listInt64Opt.rawValue",
            TCQEnumInt64.values().map(\.rawValue),
            { Optional($0) },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.listInt64Opt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "listDoubleOpt.rawValue",
            TCQEnumDouble.values().map(\.rawValue),
            { Optional($0) },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.listDoubleOpt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "listOptInt",
            Int.values(),
            { Optional(TCQIntWrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.listOptInt, kind) }
        )
        rows += tcqAggregates(
            "listOptInt8",
            Int8.values(),
            { Optional(TCQInt8Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.listOptInt8, kind) }
        )
        rows += tcqAggregates(
            "listOptInt16",
            Int16.values(),
            { Optional(TCQInt16Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.listOptInt16, kind) }
        )
        rows += tcqAggregates(
            "listOptInt32",
            Int32.values(),
            { Optional(TCQInt32Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.listOptInt32, kind) }
        )
        rows += tcqAggregates(
            "listOptInt64",
            Int64.values(),
            { Optional(TCQInt64Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.listOptInt64, kind) }
        )
        rows += tcqAggregates(
            "listOptFloat",
            Float.values(),
            { Optional(TCQFloatWrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.listOptFloat, kind) }
        )
        rows += tcqAggregates(
            "listOptDouble",
            Double.values(),
            { Optional(TCQDoubleWrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.listOptDouble, kind) }
        )
        rows += tcqAggregates(
            "listOptDecimal",
            Decimal128.values(),
            { Optional(TCQDecimal128Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.listOptDecimal, kind) }
        )
        rows += tcqAggregates(
            "setInt.rawValue",
            TCQEnumInt.values().map(\.rawValue),
            { $0 },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.setInt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "setInt8.rawValue",
            TCQEnumInt8.values().map(\.rawValue),
            { $0 },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.setInt8.rawValue, kind) }
        )
        rows += tcqAggregates(
            "setInt16.rawValue",
            TCQEnumInt16.values().map(\.rawValue),
            { $0 },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.setInt16.rawValue, kind) }
        )
        rows += tcqAggregates(
            "setInt32.rawValue",
            TCQEnumInt32.values().map(\.rawValue),
            { $0 },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.setInt32.rawValue, kind) }
        )
        rows += tcqAggregates(
            "setInt64.rawValue",
            TCQEnumInt64.values().map(\.rawValue),
            { $0 },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.setInt64.rawValue, kind) }
        )
        rows += tcqAggregates(
            "setDouble.rawValue",
            TCQEnumDouble.values().map(\.rawValue),
            { $0 },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.setDouble.rawValue, kind) }
        )
        rows += tcqAggregates(
            "setInt",
            Int.values(),
            { TCQIntWrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.setInt, kind) }
        )
        rows += tcqAggregates(
            "setInt8",
            Int8.values(),
            { TCQInt8Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.setInt8, kind) }
        )
        rows += tcqAggregates(
            "setInt16",
            Int16.values(),
            { TCQInt16Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.setInt16, kind) }
        )
        rows += tcqAggregates(
            "setInt32",
            Int32.values(),
            { TCQInt32Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.setInt32, kind) }
        )
        rows += tcqAggregates(
            "setInt64",
            Int64.values(),
            { TCQInt64Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.setInt64, kind) }
        )
        rows += tcqAggregates(
            "setFloat",
            Float.values(),
            { TCQFloatWrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.setFloat, kind) }
        )
        rows += tcqAggregates(
            "setDouble",
            Double.values(),
            { TCQDoubleWrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.setDouble, kind) }
        )
        rows += tcqAggregates(
            "setDecimal",
            Decimal128.values(),
            { TCQDecimal128Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.setDecimal, kind) }
        )
        rows += tcqAggregates(
            "setIntOpt.rawValue",
            TCQEnumInt.values().map(\.rawValue),
            { Optional($0) },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.setIntOpt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "setInt8Opt.rawValue",
            TCQEnumInt8.values().map(\.rawValue),
            { Optional($0) },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.setInt8Opt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "setInt16Opt.rawValue",
            TCQEnumInt16.values().map(\.rawValue),
            { Optional($0) },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.setInt16Opt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "setInt32Opt.rawValue",
            TCQEnumInt32.values().map(\.rawValue),
            { Optional($0) },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.setInt32Opt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "setInt64Opt.rawValue",
            TCQEnumInt64.values().map(\.rawValue),
            { Optional($0) },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.setInt64Opt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "setDoubleOpt.rawValue",
            TCQEnumDouble.values().map(\.rawValue),
            { Optional($0) },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.setDoubleOpt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "setOptInt",
            Int.values(),
            { Optional(TCQIntWrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.setOptInt, kind) }
        )
        rows += tcqAggregates(
            "setOptInt8",
            Int8.values(),
            { Optional(TCQInt8Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.setOptInt8, kind) }
        )
        rows += tcqAggregates(
            "setOptInt16",
            Int16.values(),
            { Optional(TCQInt16Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.setOptInt16, kind) }
        )
        rows += tcqAggregates(
            "setOptInt32",
            Int32.values(),
            { Optional(TCQInt32Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.setOptInt32, kind) }
        )
        rows += tcqAggregates(
            "setOptInt64",
            Int64.values(),
            { Optional(TCQInt64Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.setOptInt64, kind) }
        )
        rows += tcqAggregates(
            "setOptFloat",
            Float.values(),
            { Optional(TCQFloatWrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.setOptFloat, kind) }
        )
        rows += tcqAggregates(
            "setOptDouble",
            Double.values(),
            { Optional(TCQDoubleWrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.setOptDouble, kind) }
        )
        rows += tcqAggregates(
            "setOptDecimal",
            Decimal128.values(),
            { Optional(TCQDecimal128Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.setOptDecimal, kind) }
        )
        rows += tcqAggregates(
            "mapInt.rawValue",
            TCQEnumInt.values().map(\.rawValue),
            { $0 },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.mapInt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "mapInt8.rawValue",
            TCQEnumInt8.values().map(\.rawValue),
            { $0 },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.mapInt8.rawValue, kind) }
        )
        rows += tcqAggregates(
            "mapInt16.rawValue",
            TCQEnumInt16.values().map(\.rawValue),
            { $0 },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.mapInt16.rawValue, kind) }
        )
        rows += tcqAggregates(
            "mapInt32.rawValue",
            TCQEnumInt32.values().map(\.rawValue),
            { $0 },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.mapInt32.rawValue, kind) }
        )
        rows += tcqAggregates(
            "mapInt64.rawValue",
            TCQEnumInt64.values().map(\.rawValue),
            { $0 },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.mapInt64.rawValue, kind) }
        )
        rows += tcqAggregates(
            "mapDouble.rawValue",
            TCQEnumDouble.values().map(\.rawValue),
            { $0 },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.mapDouble.rawValue, kind) }
        )
        rows += tcqAggregates(
            "mapInt",
            Int.values(),
            { TCQIntWrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.mapInt, kind) }
        )
        rows += tcqAggregates(
            "mapInt8",
            Int8.values(),
            { TCQInt8Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.mapInt8, kind) }
        )
        rows += tcqAggregates(
            "mapInt16",
            Int16.values(),
            { TCQInt16Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.mapInt16, kind) }
        )
        rows += tcqAggregates(
            "mapInt32",
            Int32.values(),
            { TCQInt32Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.mapInt32, kind) }
        )
        rows += tcqAggregates(
            "mapInt64",
            Int64.values(),
            { TCQInt64Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.mapInt64, kind) }
        )
        rows += tcqAggregates(
            "mapFloat",
            Float.values(),
            { TCQFloatWrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.mapFloat, kind) }
        )
        rows += tcqAggregates(
            "mapDouble",
            Double.values(),
            { TCQDoubleWrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.mapDouble, kind) }
        )
        rows += tcqAggregates(
            "mapDecimal",
            Decimal128.values(),
            { TCQDecimal128Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.mapDecimal, kind) }
        )
        rows += tcqAggregates(
            "mapIntOpt.rawValue",
            TCQEnumInt.values().map(\.rawValue),
            { Optional($0) },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.mapIntOpt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "mapInt8Opt.rawValue",
            TCQEnumInt8.values().map(\.rawValue),
            { Optional($0) },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.mapInt8Opt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "mapInt16Opt.rawValue",
            TCQEnumInt16.values().map(\.rawValue),
            { Optional($0) },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.mapInt16Opt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "mapInt32Opt.rawValue",
            TCQEnumInt32.values().map(\.rawValue),
            { Optional($0) },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.mapInt32Opt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "mapInt64Opt.rawValue",
            TCQEnumInt64.values().map(\.rawValue),
            { Optional($0) },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.mapInt64Opt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "mapDoubleOpt.rawValue",
            TCQEnumDouble.values().map(\.rawValue),
            { Optional($0) },
            { (q: Query<TCQLinkToEnums>, kind) in tcqAggregate(q.object.mapDoubleOpt.rawValue, kind) }
        )
        rows += tcqAggregates(
            "mapOptInt",
            Int.values(),
            { Optional(TCQIntWrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.mapOptInt, kind) }
        )
        rows += tcqAggregates(
            "mapOptInt8",
            Int8.values(),
            { Optional(TCQInt8Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.mapOptInt8, kind) }
        )
        rows += tcqAggregates(
            "mapOptInt16",
            Int16.values(),
            { Optional(TCQInt16Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.mapOptInt16, kind) }
        )
        rows += tcqAggregates(
            "mapOptInt32",
            Int32.values(),
            { Optional(TCQInt32Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.mapOptInt32, kind) }
        )
        rows += tcqAggregates(
            "mapOptInt64",
            Int64.values(),
            { Optional(TCQInt64Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.mapOptInt64, kind) }
        )
        rows += tcqAggregates(
            "mapOptFloat",
            Float.values(),
            { Optional(TCQFloatWrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.mapOptFloat, kind) }
        )
        rows += tcqAggregates(
            "mapOptDouble",
            Double.values(),
            { Optional(TCQDoubleWrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.mapOptDouble, kind) }
        )
        rows += tcqAggregates(
            "mapOptDecimal",
            Decimal128.values(),
            { Optional(TCQDecimal128Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomCollections>, kind) in tcqAggregate(q.object.mapOptDecimal, kind) }
        )
        return rows
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

    /// The key-path tests on enums (through `.rawValue`) and wrappers (compared with wrappers), as realm-swift
    /// writes them.
    static var keyPathStoredFormRows: [TCQRow] {
        var rows: [TCQRow] = []
        rows += tcqAggregates(
            "list.intEnumCol.rawValue",
            TCQIntEnum.values().map(\.rawValue),
            { $0 },
            { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.list.intEnumCol.rawValue, kind) }
        )
        rows += tcqAggregates(
            "list.int",
            Int.values(),
            { TCQIntWrapper(value: $0) },
            { (q: Query<TCQLinkToCustomTypes>, kind) in tcqAggregate(q.list.int, kind) }
        )
        rows += tcqAggregates(
            "list.int8",
            Int8.values(),
            { TCQInt8Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomTypes>, kind) in tcqAggregate(q.list.int8, kind) }
        )
        rows += tcqAggregates(
            "list.int16",
            Int16.values(),
            { TCQInt16Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomTypes>, kind) in tcqAggregate(q.list.int16, kind) }
        )
        rows += tcqAggregates(
            "list.int32",
            Int32.values(),
            { TCQInt32Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomTypes>, kind) in tcqAggregate(q.list.int32, kind) }
        )
        rows += tcqAggregates(
            "list.int64",
            Int64.values(),
            { TCQInt64Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomTypes>, kind) in tcqAggregate(q.list.int64, kind) }
        )
        rows += tcqAggregates(
            "list.float",
            Float.values(),
            { TCQFloatWrapper(value: $0) },
            { (q: Query<TCQLinkToCustomTypes>, kind) in tcqAggregate(q.list.float, kind) }
        )
        rows += tcqAggregates(
            "list.double",
            Double.values(),
            { TCQDoubleWrapper(value: $0) },
            { (q: Query<TCQLinkToCustomTypes>, kind) in tcqAggregate(q.list.double, kind) }
        )
        rows += tcqAggregates(
            "list.decimal",
            Decimal128.values(),
            { TCQDecimal128Wrapper(value: $0) },
            { (q: Query<TCQLinkToCustomTypes>, kind) in tcqAggregate(q.list.decimal, kind) }
        )
        rows += tcqDateAggregates(
            "list.date",
            { TCQDateWrapper(value: $0) },
            { (q: Query<TCQLinkToCustomTypes>, kind) in tcqAggregate(q.list.date, kind) }
        )
        rows += tcqAggregates(
            "list.optIntEnumCol.rawValue",
            TCQIntEnum.values().map(\.rawValue),
            { Optional($0) },
            { (q: Query<TCQLinkToAllTypes>, kind) in tcqAggregate(q.list.optIntEnumCol.rawValue, kind) }
        )
        rows += tcqAggregates(
            "list.optInt",
            Int.values(),
            { Optional(TCQIntWrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomTypes>, kind) in tcqAggregate(q.list.optInt, kind) }
        )
        rows += tcqAggregates(
            "list.optInt8",
            Int8.values(),
            { Optional(TCQInt8Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomTypes>, kind) in tcqAggregate(q.list.optInt8, kind) }
        )
        rows += tcqAggregates(
            "list.optInt16",
            Int16.values(),
            { Optional(TCQInt16Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomTypes>, kind) in tcqAggregate(q.list.optInt16, kind) }
        )
        rows += tcqAggregates(
            "list.optInt32",
            Int32.values(),
            { Optional(TCQInt32Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomTypes>, kind) in tcqAggregate(q.list.optInt32, kind) }
        )
        rows += tcqAggregates(
            "list.optInt64",
            Int64.values(),
            { Optional(TCQInt64Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomTypes>, kind) in tcqAggregate(q.list.optInt64, kind) }
        )
        rows += tcqAggregates(
            "list.optFloat",
            Float.values(),
            { Optional(TCQFloatWrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomTypes>, kind) in tcqAggregate(q.list.optFloat, kind) }
        )
        rows += tcqAggregates(
            "list.optDouble",
            Double.values(),
            { Optional(TCQDoubleWrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomTypes>, kind) in tcqAggregate(q.list.optDouble, kind) }
        )
        rows += tcqAggregates(
            "list.optDecimal",
            Decimal128.values(),
            { Optional(TCQDecimal128Wrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomTypes>, kind) in tcqAggregate(q.list.optDecimal, kind) }
        )
        rows += tcqDateAggregates(
            "list.optDate",
            { Optional(TCQDateWrapper(value: $0)) },
            { (q: Query<TCQLinkToCustomTypes>, kind) in tcqAggregate(q.list.optDate, kind) }
        )
        return rows
    }
}

/// @min and @max of a date property over a list of objects (realm-swift checks no @sum or @avg of dates), its
/// operands made `V`s by `convert` (an optional, a wrapper).
func tcqDateAggregates<Root: Object, V: _HasPersistedType & Sendable>(
    _ name: String,
    _ convert: (Date) -> V,
    _ aggregate: @escaping @Sendable (Query<Root>, TCQAggregate) -> Query<V>
) -> [TCQRow] where V.PersistedType: _QueryNumeric {
    [TCQAggregate.min, .max].flatMap { kind in
        let values = Date.values()
        let (own, other) = kind == .min ? (values[0], values[2]) : (values[2], values[0])
        return kind.comparisons.map { op, isOwn, count in
            let value = convert(isOwn ? own : other)
            return tcq("\(name).@\(kind) \(op) \(tqpDescribe(value))", count) {
                tcqCompare(aggregate($0, kind), op, value)
            }
        }
    }
}

/// `tcqDateAggregates` for a date property.
func tcqDateAggregates<Root: Object>(
    _ name: String,
    _ aggregate: @escaping @Sendable (Query<Root>, TCQAggregate) -> Query<Date>
) -> [TCQRow] {
    tcqDateAggregates(name, { $0 }, aggregate)
}

/// `tcqDateAggregates` for an optional date property.
func tcqDateAggregates<Root: Object>(
    _ name: String,
    _ aggregate: @escaping @Sendable (Query<Root>, TCQAggregate) -> Query<Date?>
) -> [TCQRow] {
    tcqDateAggregates(name, { Optional($0) }, aggregate)
}
