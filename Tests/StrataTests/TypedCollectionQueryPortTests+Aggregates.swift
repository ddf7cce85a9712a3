import Foundation
import Strata
import Testing

// RealmSwift/Tests/QueryTests.swift: testCollectionAggregatesAvg, Sum, Min, Max and Count (`@avg`, `@sum`, `@min`,
// `@max`, `@count` of a list, set or map reached through a link, holding all three query values), their key-path
// forms testKeypathCollectionAggregatesAvg, Sum, Min and Max (`list.@avg.intCol` over three linked objects), the
// key-path rows of testCompoundAnd, testCompoundOr and testCompoundMixed, and testAggregateNotSupported. Aggregates
// of enums go through `.rawValue` and those of CustomPersistable wrappers compare with wrappers, as in realm-swift.

extension TCQSeed {
    /// realm-swift's initLinkedCollectionAggregatesObject: one link object per model whose `object` holds every
    /// query value in each list and set, and `foo` = the third, `bar` = the second, `baz` = the first in each map.
    static func fillLinkedAggregates(_ realm: isolated Realm) throws {
        let all = TCQAllTypes()
        let enums = TCQEnums()
        let custom = TCQCustomCollections()
        fillAll(all.arrayBool, all.setBool, all.mapBool)
        fillAll(all.arrayInt, all.setInt, all.mapInt)
        fillAll(all.arrayInt8, all.setInt8, all.mapInt8)
        fillAll(all.arrayInt16, all.setInt16, all.mapInt16)
        fillAll(all.arrayInt32, all.setInt32, all.mapInt32)
        fillAll(all.arrayInt64, all.setInt64, all.mapInt64)
        fillAll(all.arrayFloat, all.setFloat, all.mapFloat)
        fillAll(all.arrayDouble, all.setDouble, all.mapDouble)
        fillAll(all.arrayString, all.setString, all.mapString)
        fillAll(all.arrayBinary, all.setBinary, all.mapBinary)
        fillAll(all.arrayDate, all.setDate, all.mapDate)
        fillAll(all.arrayDecimal, all.setDecimal, all.mapDecimal)
        fillAll(all.arrayObjectId, all.setObjectId, all.mapObjectId)
        fillAll(all.arrayUuid, all.setUuid, all.mapUuid)
        fillAll(all.arrayAny, all.setAny, all.mapAny)
        fillAll(all.arrayOptBool, all.setOptBool, all.mapOptBool)
        fillAll(all.arrayOptInt, all.setOptInt, all.mapOptInt)
        fillAll(all.arrayOptInt8, all.setOptInt8, all.mapOptInt8)
        fillAll(all.arrayOptInt16, all.setOptInt16, all.mapOptInt16)
        fillAll(all.arrayOptInt32, all.setOptInt32, all.mapOptInt32)
        fillAll(all.arrayOptInt64, all.setOptInt64, all.mapOptInt64)
        fillAll(all.arrayOptFloat, all.setOptFloat, all.mapOptFloat)
        fillAll(all.arrayOptDouble, all.setOptDouble, all.mapOptDouble)
        fillAll(all.arrayOptString, all.setOptString, all.mapOptString)
        fillAll(all.arrayOptBinary, all.setOptBinary, all.mapOptBinary)
        fillAll(all.arrayOptDate, all.setOptDate, all.mapOptDate)
        fillAll(all.arrayOptDecimal, all.setOptDecimal, all.mapOptDecimal)
        fillAll(all.arrayOptObjectId, all.setOptObjectId, all.mapOptObjectId)
        fillAll(all.arrayOptUuid, all.setOptUuid, all.mapOptUuid)
        fillAll(enums.listInt, enums.setInt, enums.mapInt)
        fillAll(enums.listIntOpt, enums.setIntOpt, enums.mapIntOpt)
        fillAll(enums.listInt8, enums.setInt8, enums.mapInt8)
        fillAll(enums.listInt8Opt, enums.setInt8Opt, enums.mapInt8Opt)
        fillAll(enums.listInt16, enums.setInt16, enums.mapInt16)
        fillAll(enums.listInt16Opt, enums.setInt16Opt, enums.mapInt16Opt)
        fillAll(enums.listInt32, enums.setInt32, enums.mapInt32)
        fillAll(enums.listInt32Opt, enums.setInt32Opt, enums.mapInt32Opt)
        fillAll(enums.listInt64, enums.setInt64, enums.mapInt64)
        fillAll(enums.listInt64Opt, enums.setInt64Opt, enums.mapInt64Opt)
        fillAll(enums.listFloat, enums.setFloat, enums.mapFloat)
        fillAll(enums.listFloatOpt, enums.setFloatOpt, enums.mapFloatOpt)
        fillAll(enums.listDouble, enums.setDouble, enums.mapDouble)
        fillAll(enums.listDoubleOpt, enums.setDoubleOpt, enums.mapDoubleOpt)
        fillAll(enums.listString, enums.setString, enums.mapString)
        fillAll(enums.listStringOpt, enums.setStringOpt, enums.mapStringOpt)
        fillAll(custom.listBool, custom.setBool, custom.mapBool)
        fillAll(custom.listOptBool, custom.setOptBool, custom.mapOptBool)
        fillAll(custom.listInt, custom.setInt, custom.mapInt)
        fillAll(custom.listOptInt, custom.setOptInt, custom.mapOptInt)
        fillAll(custom.listInt8, custom.setInt8, custom.mapInt8)
        fillAll(custom.listOptInt8, custom.setOptInt8, custom.mapOptInt8)
        fillAll(custom.listInt16, custom.setInt16, custom.mapInt16)
        fillAll(custom.listOptInt16, custom.setOptInt16, custom.mapOptInt16)
        fillAll(custom.listInt32, custom.setInt32, custom.mapInt32)
        fillAll(custom.listOptInt32, custom.setOptInt32, custom.mapOptInt32)
        fillAll(custom.listInt64, custom.setInt64, custom.mapInt64)
        fillAll(custom.listOptInt64, custom.setOptInt64, custom.mapOptInt64)
        fillAll(custom.listFloat, custom.setFloat, custom.mapFloat)
        fillAll(custom.listOptFloat, custom.setOptFloat, custom.mapOptFloat)
        fillAll(custom.listDouble, custom.setDouble, custom.mapDouble)
        fillAll(custom.listOptDouble, custom.setOptDouble, custom.mapOptDouble)
        fillAll(custom.listString, custom.setString, custom.mapString)
        fillAll(custom.listOptString, custom.setOptString, custom.mapOptString)
        fillAll(custom.listBinary, custom.setBinary, custom.mapBinary)
        fillAll(custom.listOptBinary, custom.setOptBinary, custom.mapOptBinary)
        fillAll(custom.listDate, custom.setDate, custom.mapDate)
        fillAll(custom.listOptDate, custom.setOptDate, custom.mapOptDate)
        fillAll(custom.listDecimal, custom.setDecimal, custom.mapDecimal)
        fillAll(custom.listOptDecimal, custom.setOptDecimal, custom.mapOptDecimal)
        fillAll(custom.listObjectId, custom.setObjectId, custom.mapObjectId)
        fillAll(custom.listOptObjectId, custom.setOptObjectId, custom.mapOptObjectId)
        fillAll(custom.listUuid, custom.setUuid, custom.mapUuid)
        fillAll(custom.listOptUuid, custom.setOptUuid, custom.mapOptUuid)
        let linkAll = TCQLinkToAllTypes()
        linkAll.object = all
        let linkEnums = TCQLinkToEnums()
        linkEnums.object = enums
        let linkCustom = TCQLinkToCustomCollections()
        linkCustom.object = custom
        try realm.add(linkAll)
        try realm.add(linkEnums)
        try realm.add(linkCustom)
    }

    static func fillAll<T: TCQValue>(_ list: List<T>, _ set: MutableSet<T>, _ map: Map<String, T>) {
        list.append(objectsIn: T.values())
        set.insert(objectsIn: T.values())
        map["foo"] = T.values()[2]
        map["bar"] = T.values()[1]
        map["baz"] = T.values()[0]
    }

    /// realm-swift's createKeypathCollectionAggregatesObject: a link object per model whose `list` holds three
    /// objects, the i-th holding the i-th query value in each numeric and date property.
    static func fillKeypathAggregates(_ realm: isolated Realm) throws {
        let all = (0..<3).map { _ in TCQAllTypes() }
        let custom = (0..<3).map { _ in TCQCustomTypes() }
        for i in 0..<3 {
            all[i].intCol = Int.values()[i]
            all[i].optIntCol = Int.values()[i]
            custom[i].int = TCQIntWrapper.values()[i]
            custom[i].optInt = TCQIntWrapper.values()[i]
            all[i].int8Col = Int8.values()[i]
            all[i].optInt8Col = Int8.values()[i]
            custom[i].int8 = TCQInt8Wrapper.values()[i]
            custom[i].optInt8 = TCQInt8Wrapper.values()[i]
            all[i].int16Col = Int16.values()[i]
            all[i].optInt16Col = Int16.values()[i]
            custom[i].int16 = TCQInt16Wrapper.values()[i]
            custom[i].optInt16 = TCQInt16Wrapper.values()[i]
            all[i].int32Col = Int32.values()[i]
            all[i].optInt32Col = Int32.values()[i]
            custom[i].int32 = TCQInt32Wrapper.values()[i]
            custom[i].optInt32 = TCQInt32Wrapper.values()[i]
            all[i].int64Col = Int64.values()[i]
            all[i].optInt64Col = Int64.values()[i]
            custom[i].int64 = TCQInt64Wrapper.values()[i]
            custom[i].optInt64 = TCQInt64Wrapper.values()[i]
            all[i].floatCol = Float.values()[i]
            all[i].optFloatCol = Float.values()[i]
            custom[i].float = TCQFloatWrapper.values()[i]
            custom[i].optFloat = TCQFloatWrapper.values()[i]
            all[i].doubleCol = Double.values()[i]
            all[i].optDoubleCol = Double.values()[i]
            custom[i].double = TCQDoubleWrapper.values()[i]
            custom[i].optDouble = TCQDoubleWrapper.values()[i]
            all[i].decimalCol = Decimal128.values()[i]
            all[i].optDecimalCol = Decimal128.values()[i]
            custom[i].decimal = TCQDecimal128Wrapper.values()[i]
            custom[i].optDecimal = TCQDecimal128Wrapper.values()[i]
            all[i].dateCol = Date.values()[i]
            all[i].optDateCol = Date.values()[i]
            custom[i].date = TCQDateWrapper.values()[i]
            custom[i].optDate = TCQDateWrapper.values()[i]
            all[i].intEnumCol = TCQIntEnum.values()[i]
            all[i].optIntEnumCol = TCQIntEnum.values()[i]
        }
        let linkAll = TCQLinkToAllTypes()
        linkAll.list.append(objectsIn: all)
        let linkCustom = TCQLinkToCustomTypes()
        linkCustom.list.append(objectsIn: custom)
        try realm.add(linkAll)
        try realm.add(linkCustom)
    }
}

/// A realm holding only `fill`'s objects.
func tcqRealm(_ fill: @escaping @Sendable (isolated Realm) throws -> Void) async throws -> Realm {
    let realm = try await Realm(
        configuration: memoryConfiguration([
            TCQAllTypes.self, TCQEnums.self, TCQCustomCollections.self, TCQCustomTypes.self, TCQLinkToAllTypes.self,
            TCQLinkToEnums.self, TCQLinkToCustomCollections.self, TCQLinkToCustomTypes.self, TCQCollectionObject.self,
        ])
    )
    try await realm.write { realm in try fill(realm) }
    return realm
}

/// realm-swift's AddableQueryValue: the numbers whose sum and average its aggregate tests compute, as it does
/// (`values[0] + values[1] + values[2]`, then `/ 3` in the type itself). Each is stored as itself.
protocol TCQAddable: TCQValue, Comparable, Sendable, ExpressibleByIntegerLiteral, _Persistable, _QueryNumeric
where PersistedType == Self {
    static func + (lhs: Self, rhs: Self) -> Self
    static func / (lhs: Self, rhs: Self) -> Self
}

extension Int: TCQAddable {}
extension Int8: TCQAddable {}
extension Int16: TCQAddable {}
extension Int32: TCQAddable {}
extension Int64: TCQAddable {}
extension Float: TCQAddable {}
extension Double: TCQAddable {}
extension Decimal128: TCQAddable {}

extension Array where Element: TCQAddable {
    /// The sum of the three query values, in realm-swift's order.
    var tcqSum: Element { self[0] + self[1] + self[2] }
    /// Their average, as realm-swift computes it (`sum / 3`, integer division for integers).
    var tcqAverage: Element { tcqSum / 3 }
}

/// The comparisons realm-swift's validateAverage and validateSum make of an aggregate with its true value and with
/// the smallest element; validateMin and validateMax with the smallest and largest.
enum TCQAggregate: String, Sendable, CaseIterable {
    case avg, sum, min, max

    /// (comparison, whether with the aggregate's own value, count).
    var comparisons: [(String, Bool, Int)] {
        switch self {
        case .avg, .sum:
            [
                ("==", true, 1), ("==", false, 0), ("!=", true, 0), ("!=", false, 1), (">", true, 0), (">", false, 1),
                ("<", true, 0), (">=", true, 1), ("<=", true, 1),
            ]
        case .min, .max:
            [
                ("==", true, 1), ("==", false, 0), ("!=", true, 0), ("!=", false, 1), (">", true, 0), ("<", true, 0),
                (">=", true, 1), ("<=", true, 1),
            ]
        }
    }

    /// The aggregate's own value and the other value it is compared with, for three values in ascending order.
    func operands<V: TCQAddable>(_ values: [V]) -> (V, V) {
        switch self {
        case .avg: (values.tcqAverage, values[0])
        case .sum: (values.tcqSum, values[0])
        case .min: (values[0], values[2])
        case .max: (values[2], values[0])
        }
    }
}

/// Builds `aggregate <op> value` for one of TCQAggregate's comparison operators; `V` is any type stored as a number
/// or a date (an optional, an enum's raw value, a wrapper).
func tcqCompare<V: _HasPersistedType>(_ query: Query<V>, _ op: String, _ value: V) -> Query<Bool>
where V.PersistedType: _QueryNumeric {
    switch op {
    case "==": query == value
    case "!=": query != value
    case ">": query > value
    case "<": query < value
    case ">=": query >= value
    default: query <= value
    }
}

/// The rows of realm-swift's validateAverage, validateSum, validateMin and validateMax for one collection (or one
/// property over a list of objects) whose three elements are `values` (ascending), queried as `V`: `convert` makes
/// the aggregate's operands `V`s (an optional, a wrapper), as realm-swift's tests write them.
func tcqAggregates<Root: Object, W: TCQAddable, V: _HasPersistedType & Sendable>(
    _ name: String,
    _ values: [W],
    _ convert: (W) -> V,
    _ aggregate: @escaping @Sendable (Query<Root>, TCQAggregate) -> Query<V>
) -> [TCQRow] where V.PersistedType: _QueryNumeric {
    TCQAggregate.allCases.flatMap { kind in
        let (own, other) = kind.operands(values)
        return kind.comparisons.map { op, isOwn, count in
            let value = convert(isOwn ? own : other)
            return tcq("\(name).@\(kind) \(op) \(tqpDescribe(value))", count) {
                tcqCompare(aggregate($0, kind), op, value)
            }
        }
    }
}

/// `tcqAggregates` for a collection or property of `V`, its elements being `V`'s query values.
func tcqAggregates<Root: Object, V: TCQAddable>(
    _ name: String,
    _ aggregate: @escaping @Sendable (Query<Root>, TCQAggregate) -> Query<V>
) -> [TCQRow] {
    tcqAggregates(name, V.values(), { $0 }, aggregate)
}

/// `tcqAggregates` for a collection or property of optionals.
func tcqAggregates<Root: Object, V: TCQAddable>(
    _ name: String,
    _ aggregate: @escaping @Sendable (Query<Root>, TCQAggregate) -> Query<V?>
) -> [TCQRow] {
    tcqAggregates(name, V.values(), { Optional($0) }, aggregate)
}

/// A list's or a set's aggregate.
func tcqAggregate<C: RealmCollection>(_ collection: Query<C>, _ kind: TCQAggregate) -> Query<C.Element>
where C.Element.PersistedType: _QueryNumeric {
    switch kind {
    case .avg: collection.avg
    case .sum: collection.sum
    case .min: collection.min
    case .max: collection.max
    }
}

/// A map's aggregate.
func tcqAggregate<M: RealmKeyedCollection>(_ map: Query<M>, _ kind: TCQAggregate) -> Query<M.Value>
where M.Value.PersistedType: _QueryNumeric {
    switch kind {
    case .avg: map.avg
    case .sum: map.sum
    case .min: map.min
    case .max: map.max
    }
}

/// A property's aggregate over a list of objects.
func tcqAggregate<V: _HasPersistedType>(_ property: Query<V>, _ kind: TCQAggregate) -> Query<V>
where V.PersistedType: _QueryNumeric {
    switch kind {
    case .avg: property.avg
    case .sum: property.sum
    case .min: property.min
    case .max: property.max
    }
}

/// realm-swift's validateCount: every collection holds three elements.
func tcqCount<Root: Object, C: RealmCollection>(
    _ name: String,
    _ path: KeyPath<Query<Root>, Query<C>> & Sendable
) -> [TCQRow] {
    let rows = [
        ("==", 3, 1), ("==", 0, 0), ("!=", 3, 0), ("!=", 2, 1), ("<", 3, 0), ("<", 4, 1), (">", 2, 1), (">", 3, 0),
        ("<=", 2, 0), ("<=", 3, 1), (">=", 3, 1), (">=", 4, 0),
    ]
    return rows.map { op, value, expected in
        tcq("\(name).@count \(op) \(value)", expected) { tcqCompare($0[keyPath: path].count, op, value) }
    }
}

/// `tcqCount` for a map.
func tcqCount<Root: Object, M: RealmKeyedCollection>(
    _ name: String,
    _ path: KeyPath<Query<Root>, Query<M>> & Sendable
) -> [TCQRow] {
    let rows = [
        ("==", 3, 1), ("==", 0, 0), ("!=", 3, 0), ("!=", 2, 1), ("<", 3, 0), ("<", 4, 1), (">", 2, 1), (">", 3, 0),
        ("<=", 2, 0), ("<=", 3, 1), (">=", 3, 1), (">=", 4, 0),
    ]
    return rows.map { op, value, expected in
        tcq("\(name).@count \(op) \(value)", expected) { tcqCompare($0[keyPath: path].count, op, value) }
    }
}
