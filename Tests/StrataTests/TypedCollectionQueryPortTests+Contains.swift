import Foundation
import Strata
import Testing

// RealmSwift/Tests/QueryTests.swift: testCollectionContainsElement, testCollectionContainsRange and the value rows of
// testListContainsAnyInObject, testSetContainsAnyInObject and testMapContainsAnyInObject, over every list, set and
// map property realm-swift generates them for (their rows are in TypedCollectionQueryPortTests+ContainsAnyAndRanges;
// the object rows are in TypedCollectionQueryPortTests+Columns and +Maps).

/// realm-swift's validateCollectionContains for a list, a set or linking objects: the first query value is in the
/// collection, the third is not.
func tcqContains<Root: Object, C: RealmCollection>(
    _ name: String,
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<C>
) -> [TCQRow] where C.Element: TCQValue {
    typealias V = C.Element
    return [
        tcq("\(name).contains(values[0])", 1) { lhs($0).contains(V.values()[0]) },
        tcq("\(name).contains(values[2])", 0) { lhs($0).contains(V.values()[2]) },
        tcq("!\(name).contains(values[0])", 0) { !lhs($0).contains(V.values()[0]) },
        tcq("!\(name).contains(values[2])", 1) { !lhs($0).contains(V.values()[2]) },
    ]
}

/// realm-swift's validateCollectionContains for a map: the same, over its values.
func tcqMapContains<Root: Object, M: RealmKeyedCollection>(
    _ name: String,
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<M>
) -> [TCQRow] where M.Value: TCQValue {
    typealias V = M.Value
    return [
        tcq("\(name).contains(values[0])", 1) { lhs($0).contains(V.values()[0]) },
        tcq("\(name).contains(values[2])", 0) { lhs($0).contains(V.values()[2]) },
        tcq("!\(name).contains(values[0])", 0) { !lhs($0).contains(V.values()[0]) },
        tcq("!\(name).contains(values[2])", 1) { !lhs($0).contains(V.values()[2]) },
    ]
}

/// realm-swift's validateCollectionContainsNil for a list or a set: none holds nil.
func tcqContainsNil<Root: Object, C: RealmCollection>(
    _ name: String,
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<C>
) -> [TCQRow] where C.Element: ExpressibleByNilLiteral {
    [
        tcq("\(name).contains(nil)", 0) { lhs($0).contains(nil) },
        tcq("!\(name).contains(nil)", 1) { !lhs($0).contains(nil) },
    ]
}

/// realm-swift's validateCollectionContainsNil for a map: no value is nil.
func tcqMapContainsNil<Root: Object, M: RealmKeyedCollection>(
    _ name: String,
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<M>
) -> [TCQRow] where M.Value: ExpressibleByNilLiteral {
    [
        tcq("\(name).contains(nil)", 0) { lhs($0).contains(nil) },
        tcq("!\(name).contains(nil)", 1) { !lhs($0).contains(nil) },
    ]
}

/// realm-swift's containsAny(in:) rows for a list or a set: the first two query values.
func tcqContainsAny<Root: Object, C: RealmCollection>(
    _ name: String,
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<C>
) -> [TCQRow] where C.Element: TCQValue {
    [tcq("\(name).containsAny(in: values[0...1])", 1) { lhs($0).containsAny(in: C.Element.values().prefix(2)) }]
}

/// realm-swift's containsAny(in:) rows for a map.
func tcqMapContainsAny<Root: Object, M: RealmKeyedCollection>(
    _ name: String,
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<M>
) -> [TCQRow] where M.Value: TCQValue {
    [tcq("\(name).containsAny(in: values[0...1])", 1) { lhs($0).containsAny(in: M.Value.values().prefix(2)) }]
}

/// testCollectionContainsRange for a list or a set of numbers or dates (an enum's through `.rawValue`, a wrapper's
/// through `.persistableValue`): `values[0]...values[1]` holds every element (1), `values[0]..<values[1]` does not
/// (0).
func tcqContainsRange<Root: Object, C: RealmCollection>(
    _ name: String,
    _ values: [C.Element],
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<C>
) -> [TCQRow] where C.Element: Comparable & Sendable {
    let (low, high) = (values[0], values[1])
    return [
        tcq("\(name).contains(values[0]...values[1])", 1) { lhs($0).contains(low...high) },
        tcq("\(name).contains(values[0]..<values[1])", 0) { lhs($0).contains(low..<high) },
    ]
}

/// The same for a list or a set of optionals: ranges of the wrapped type.
func tcqContainsRange<Root: Object, C: RealmCollection>(
    _ name: String,
    _ values: [C.Element.Wrapped],
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<C>
) -> [TCQRow] where C.Element: OptionalProtocol, C.Element.Wrapped: Comparable & Sendable {
    let (low, high) = (values[0], values[1])
    return [
        tcq("\(name).contains(values[0]...values[1])", 1) { lhs($0).contains(low...high) },
        tcq("\(name).contains(values[0]..<values[1])", 0) { lhs($0).contains(low..<high) },
    ]
}

/// The same for a map's values.
func tcqMapContainsRange<Root: Object, M: RealmKeyedCollection>(
    _ name: String,
    _ values: [M.Value],
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<M>
) -> [TCQRow] where M.Value: Comparable & Sendable {
    let (low, high) = (values[0], values[1])
    return [
        tcq("\(name).contains(values[0]...values[1])", 1) { lhs($0).contains(low...high) },
        tcq("\(name).contains(values[0]..<values[1])", 0) { lhs($0).contains(low..<high) },
    ]
}

/// The same for a map of optionals.
func tcqMapContainsRange<Root: Object, M: RealmKeyedCollection>(
    _ name: String,
    _ values: [M.Value.Wrapped],
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<M>
) -> [TCQRow] where M.Value: OptionalProtocol, M.Value.Wrapped: Comparable & Sendable {
    let (low, high) = (values[0], values[1])
    return [
        tcq("\(name).contains(values[0]...values[1])", 1) { lhs($0).contains(low...high) },
        tcq("\(name).contains(values[0]..<values[1])", 0) { lhs($0).contains(low..<high) },
    ]
}

@Suite("Typed collection queries: contains, ranges and containsAny, ported from realm-swift")
struct TCQContainsTests {
    static let elementRows: [[TCQRow]] = [
        tcqContains("arrayBool") { (q: Query<TCQAllTypes>) in q.arrayBool },
        tcqContains("arrayInt") { (q: Query<TCQAllTypes>) in q.arrayInt },
        tcqContains("arrayInt8") { (q: Query<TCQAllTypes>) in q.arrayInt8 },
        tcqContains("arrayInt16") { (q: Query<TCQAllTypes>) in q.arrayInt16 },
        tcqContains("arrayInt32") { (q: Query<TCQAllTypes>) in q.arrayInt32 },
        tcqContains("arrayInt64") { (q: Query<TCQAllTypes>) in q.arrayInt64 },
        tcqContains("arrayFloat") { (q: Query<TCQAllTypes>) in q.arrayFloat },
        tcqContains("arrayDouble") { (q: Query<TCQAllTypes>) in q.arrayDouble },
        tcqContains("arrayString") { (q: Query<TCQAllTypes>) in q.arrayString },
        tcqContains("arrayBinary") { (q: Query<TCQAllTypes>) in q.arrayBinary },
        tcqContains("arrayDate") { (q: Query<TCQAllTypes>) in q.arrayDate },
        tcqContains("arrayDecimal") { (q: Query<TCQAllTypes>) in q.arrayDecimal },
        tcqContains("arrayObjectId") { (q: Query<TCQAllTypes>) in q.arrayObjectId },
        tcqContains("arrayUuid") { (q: Query<TCQAllTypes>) in q.arrayUuid },
        tcqContains("arrayAny") { (q: Query<TCQAllTypes>) in q.arrayAny },
        tcqContains("listInt") { (q: Query<TCQEnums>) in q.listInt },
        tcqContains("listInt8") { (q: Query<TCQEnums>) in q.listInt8 },
        tcqContains("listInt16") { (q: Query<TCQEnums>) in q.listInt16 },
        tcqContains("listInt32") { (q: Query<TCQEnums>) in q.listInt32 },
        tcqContains("listInt64") { (q: Query<TCQEnums>) in q.listInt64 },
        tcqContains("listFloat") { (q: Query<TCQEnums>) in q.listFloat },
        tcqContains("listDouble") { (q: Query<TCQEnums>) in q.listDouble },
        tcqContains("listString") { (q: Query<TCQEnums>) in q.listString },
        tcqContains("listBool") { (q: Query<TCQCustomCollections>) in q.listBool },
        tcqContains("listInt") { (q: Query<TCQCustomCollections>) in q.listInt },
        tcqContains("listInt8") { (q: Query<TCQCustomCollections>) in q.listInt8 },
        tcqContains("listInt16") { (q: Query<TCQCustomCollections>) in q.listInt16 },
        tcqContains("listInt32") { (q: Query<TCQCustomCollections>) in q.listInt32 },
        tcqContains("listInt64") { (q: Query<TCQCustomCollections>) in q.listInt64 },
        tcqContains("listFloat") { (q: Query<TCQCustomCollections>) in q.listFloat },
        tcqContains("listDouble") { (q: Query<TCQCustomCollections>) in q.listDouble },
        tcqContains("listString") { (q: Query<TCQCustomCollections>) in q.listString },
        tcqContains("listBinary") { (q: Query<TCQCustomCollections>) in q.listBinary },
        tcqContains("listDate") { (q: Query<TCQCustomCollections>) in q.listDate },
        tcqContains("listDecimal") { (q: Query<TCQCustomCollections>) in q.listDecimal },
        tcqContains("listObjectId") { (q: Query<TCQCustomCollections>) in q.listObjectId },
        tcqContains("listUuid") { (q: Query<TCQCustomCollections>) in q.listUuid },
        tcqContains("arrayOptBool") { (q: Query<TCQAllTypes>) in q.arrayOptBool },
        tcqContains("arrayOptInt") { (q: Query<TCQAllTypes>) in q.arrayOptInt },
        tcqContains("arrayOptInt8") { (q: Query<TCQAllTypes>) in q.arrayOptInt8 },
        tcqContains("arrayOptInt16") { (q: Query<TCQAllTypes>) in q.arrayOptInt16 },
        tcqContains("arrayOptInt32") { (q: Query<TCQAllTypes>) in q.arrayOptInt32 },
        tcqContains("arrayOptInt64") { (q: Query<TCQAllTypes>) in q.arrayOptInt64 },
        tcqContains("arrayOptFloat") { (q: Query<TCQAllTypes>) in q.arrayOptFloat },
        tcqContains("arrayOptDouble") { (q: Query<TCQAllTypes>) in q.arrayOptDouble },
        tcqContains("arrayOptString") { (q: Query<TCQAllTypes>) in q.arrayOptString },
        tcqContains("arrayOptBinary") { (q: Query<TCQAllTypes>) in q.arrayOptBinary },
        tcqContains("arrayOptDate") { (q: Query<TCQAllTypes>) in q.arrayOptDate },
        tcqContains("arrayOptDecimal") { (q: Query<TCQAllTypes>) in q.arrayOptDecimal },
        tcqContains("arrayOptObjectId") { (q: Query<TCQAllTypes>) in q.arrayOptObjectId },
        tcqContains("arrayOptUuid") { (q: Query<TCQAllTypes>) in q.arrayOptUuid },
        tcqContains("listIntOpt") { (q: Query<TCQEnums>) in q.listIntOpt },
        tcqContains("listInt8Opt") { (q: Query<TCQEnums>) in q.listInt8Opt },
        tcqContains("listInt16Opt") { (q: Query<TCQEnums>) in q.listInt16Opt },
        tcqContains("listInt32Opt") { (q: Query<TCQEnums>) in q.listInt32Opt },
        tcqContains("listInt64Opt") { (q: Query<TCQEnums>) in q.listInt64Opt },
        tcqContains("listFloatOpt") { (q: Query<TCQEnums>) in q.listFloatOpt },
        tcqContains("listDoubleOpt") { (q: Query<TCQEnums>) in q.listDoubleOpt },
        tcqContains("listStringOpt") { (q: Query<TCQEnums>) in q.listStringOpt },
        tcqContains("listOptBool") { (q: Query<TCQCustomCollections>) in q.listOptBool },
        tcqContains("listOptInt") { (q: Query<TCQCustomCollections>) in q.listOptInt },
        tcqContains("listOptInt8") { (q: Query<TCQCustomCollections>) in q.listOptInt8 },
        tcqContains("listOptInt16") { (q: Query<TCQCustomCollections>) in q.listOptInt16 },
        tcqContains("listOptInt32") { (q: Query<TCQCustomCollections>) in q.listOptInt32 },
        tcqContains("listOptInt64") { (q: Query<TCQCustomCollections>) in q.listOptInt64 },
        tcqContains("listOptFloat") { (q: Query<TCQCustomCollections>) in q.listOptFloat },
        tcqContains("listOptDouble") { (q: Query<TCQCustomCollections>) in q.listOptDouble },
        tcqContains("listOptString") { (q: Query<TCQCustomCollections>) in q.listOptString },
        tcqContains("listOptBinary") { (q: Query<TCQCustomCollections>) in q.listOptBinary },
        tcqContains("listOptDate") { (q: Query<TCQCustomCollections>) in q.listOptDate },
        tcqContains("listOptDecimal") { (q: Query<TCQCustomCollections>) in q.listOptDecimal },
        tcqContains("listOptObjectId") { (q: Query<TCQCustomCollections>) in q.listOptObjectId },
        tcqContains("listOptUuid") { (q: Query<TCQCustomCollections>) in q.listOptUuid },
        tcqContains("setBool") { (q: Query<TCQAllTypes>) in q.setBool },
        tcqContains("setInt") { (q: Query<TCQAllTypes>) in q.setInt },
        tcqContains("setInt8") { (q: Query<TCQAllTypes>) in q.setInt8 },
        tcqContains("setInt16") { (q: Query<TCQAllTypes>) in q.setInt16 },
        tcqContains("setInt32") { (q: Query<TCQAllTypes>) in q.setInt32 },
        tcqContains("setInt64") { (q: Query<TCQAllTypes>) in q.setInt64 },
        tcqContains("setFloat") { (q: Query<TCQAllTypes>) in q.setFloat },
        tcqContains("setDouble") { (q: Query<TCQAllTypes>) in q.setDouble },
        tcqContains("setString") { (q: Query<TCQAllTypes>) in q.setString },
        tcqContains("setBinary") { (q: Query<TCQAllTypes>) in q.setBinary },
        tcqContains("setDate") { (q: Query<TCQAllTypes>) in q.setDate },
        tcqContains("setDecimal") { (q: Query<TCQAllTypes>) in q.setDecimal },
        tcqContains("setObjectId") { (q: Query<TCQAllTypes>) in q.setObjectId },
        tcqContains("setUuid") { (q: Query<TCQAllTypes>) in q.setUuid },
        tcqContains("setAny") { (q: Query<TCQAllTypes>) in q.setAny },
        tcqContains("setInt") { (q: Query<TCQEnums>) in q.setInt },
        tcqContains("setInt8") { (q: Query<TCQEnums>) in q.setInt8 },
        tcqContains("setInt16") { (q: Query<TCQEnums>) in q.setInt16 },
        tcqContains("setInt32") { (q: Query<TCQEnums>) in q.setInt32 },
        tcqContains("setInt64") { (q: Query<TCQEnums>) in q.setInt64 },
        tcqContains("setFloat") { (q: Query<TCQEnums>) in q.setFloat },
        tcqContains("setDouble") { (q: Query<TCQEnums>) in q.setDouble },
        tcqContains("setString") { (q: Query<TCQEnums>) in q.setString },
        tcqContains("setBool") { (q: Query<TCQCustomCollections>) in q.setBool },
        tcqContains("setInt") { (q: Query<TCQCustomCollections>) in q.setInt },
        tcqContains("setInt8") { (q: Query<TCQCustomCollections>) in q.setInt8 },
        tcqContains("setInt16") { (q: Query<TCQCustomCollections>) in q.setInt16 },
        tcqContains("setInt32") { (q: Query<TCQCustomCollections>) in q.setInt32 },
        tcqContains("setInt64") { (q: Query<TCQCustomCollections>) in q.setInt64 },
        tcqContains("setFloat") { (q: Query<TCQCustomCollections>) in q.setFloat },
        tcqContains("setDouble") { (q: Query<TCQCustomCollections>) in q.setDouble },
        tcqContains("setString") { (q: Query<TCQCustomCollections>) in q.setString },
        tcqContains("setBinary") { (q: Query<TCQCustomCollections>) in q.setBinary },
        tcqContains("setDate") { (q: Query<TCQCustomCollections>) in q.setDate },
        tcqContains("setDecimal") { (q: Query<TCQCustomCollections>) in q.setDecimal },
        tcqContains("setObjectId") { (q: Query<TCQCustomCollections>) in q.setObjectId },
        tcqContains("setUuid") { (q: Query<TCQCustomCollections>) in q.setUuid },
        tcqContains("setOptBool") { (q: Query<TCQAllTypes>) in q.setOptBool },
        tcqContains("setOptInt") { (q: Query<TCQAllTypes>) in q.setOptInt },
        tcqContains("setOptInt8") { (q: Query<TCQAllTypes>) in q.setOptInt8 },
        tcqContains("setOptInt16") { (q: Query<TCQAllTypes>) in q.setOptInt16 },
        tcqContains("setOptInt32") { (q: Query<TCQAllTypes>) in q.setOptInt32 },
        tcqContains("setOptInt64") { (q: Query<TCQAllTypes>) in q.setOptInt64 },
        tcqContains("setOptFloat") { (q: Query<TCQAllTypes>) in q.setOptFloat },
        tcqContains("setOptDouble") { (q: Query<TCQAllTypes>) in q.setOptDouble },
        tcqContains("setOptString") { (q: Query<TCQAllTypes>) in q.setOptString },
        tcqContains("setOptBinary") { (q: Query<TCQAllTypes>) in q.setOptBinary },
        tcqContains("setOptDate") { (q: Query<TCQAllTypes>) in q.setOptDate },
        tcqContains("setOptDecimal") { (q: Query<TCQAllTypes>) in q.setOptDecimal },
        tcqContains("setOptObjectId") { (q: Query<TCQAllTypes>) in q.setOptObjectId },
        tcqContains("setOptUuid") { (q: Query<TCQAllTypes>) in q.setOptUuid },
        tcqContains("setIntOpt") { (q: Query<TCQEnums>) in q.setIntOpt },
        tcqContains("setInt8Opt") { (q: Query<TCQEnums>) in q.setInt8Opt },
        tcqContains("setInt16Opt") { (q: Query<TCQEnums>) in q.setInt16Opt },
        tcqContains("setInt32Opt") { (q: Query<TCQEnums>) in q.setInt32Opt },
        tcqContains("setInt64Opt") { (q: Query<TCQEnums>) in q.setInt64Opt },
        tcqContains("setFloatOpt") { (q: Query<TCQEnums>) in q.setFloatOpt },
        tcqContains("setDoubleOpt") { (q: Query<TCQEnums>) in q.setDoubleOpt },
        tcqContains("setStringOpt") { (q: Query<TCQEnums>) in q.setStringOpt },
        tcqContains("setOptBool") { (q: Query<TCQCustomCollections>) in q.setOptBool },
        tcqContains("setOptInt") { (q: Query<TCQCustomCollections>) in q.setOptInt },
        tcqContains("setOptInt8") { (q: Query<TCQCustomCollections>) in q.setOptInt8 },
        tcqContains("setOptInt16") { (q: Query<TCQCustomCollections>) in q.setOptInt16 },
        tcqContains("setOptInt32") { (q: Query<TCQCustomCollections>) in q.setOptInt32 },
        tcqContains("setOptInt64") { (q: Query<TCQCustomCollections>) in q.setOptInt64 },
        tcqContains("setOptFloat") { (q: Query<TCQCustomCollections>) in q.setOptFloat },
        tcqContains("setOptDouble") { (q: Query<TCQCustomCollections>) in q.setOptDouble },
        tcqContains("setOptString") { (q: Query<TCQCustomCollections>) in q.setOptString },
        tcqContains("setOptBinary") { (q: Query<TCQCustomCollections>) in q.setOptBinary },
        tcqContains("setOptDate") { (q: Query<TCQCustomCollections>) in q.setOptDate },
        tcqContains("setOptDecimal") { (q: Query<TCQCustomCollections>) in q.setOptDecimal },
        tcqContains("setOptObjectId") { (q: Query<TCQCustomCollections>) in q.setOptObjectId },
        tcqContains("setOptUuid") { (q: Query<TCQCustomCollections>) in q.setOptUuid },
        tcqMapContains("mapBool") { (q: Query<TCQAllTypes>) in q.mapBool },
        tcqMapContains("mapInt") { (q: Query<TCQAllTypes>) in q.mapInt },
        tcqMapContains("mapInt8") { (q: Query<TCQAllTypes>) in q.mapInt8 },
        tcqMapContains("mapInt16") { (q: Query<TCQAllTypes>) in q.mapInt16 },
        tcqMapContains("mapInt32") { (q: Query<TCQAllTypes>) in q.mapInt32 },
        tcqMapContains("mapInt64") { (q: Query<TCQAllTypes>) in q.mapInt64 },
        tcqMapContains("mapFloat") { (q: Query<TCQAllTypes>) in q.mapFloat },
        tcqMapContains("mapDouble") { (q: Query<TCQAllTypes>) in q.mapDouble },
        tcqMapContains("mapString") { (q: Query<TCQAllTypes>) in q.mapString },
        tcqMapContains("mapBinary") { (q: Query<TCQAllTypes>) in q.mapBinary },
        tcqMapContains("mapDate") { (q: Query<TCQAllTypes>) in q.mapDate },
        tcqMapContains("mapDecimal") { (q: Query<TCQAllTypes>) in q.mapDecimal },
        tcqMapContains("mapObjectId") { (q: Query<TCQAllTypes>) in q.mapObjectId },
        tcqMapContains("mapUuid") { (q: Query<TCQAllTypes>) in q.mapUuid },
        tcqMapContains("mapAny") { (q: Query<TCQAllTypes>) in q.mapAny },
        tcqMapContains("mapInt") { (q: Query<TCQEnums>) in q.mapInt },
        tcqMapContains("mapInt8") { (q: Query<TCQEnums>) in q.mapInt8 },
        tcqMapContains("mapInt16") { (q: Query<TCQEnums>) in q.mapInt16 },
        tcqMapContains("mapInt32") { (q: Query<TCQEnums>) in q.mapInt32 },
        tcqMapContains("mapInt64") { (q: Query<TCQEnums>) in q.mapInt64 },
        tcqMapContains("mapFloat") { (q: Query<TCQEnums>) in q.mapFloat },
        tcqMapContains("mapDouble") { (q: Query<TCQEnums>) in q.mapDouble },
        tcqMapContains("mapString") { (q: Query<TCQEnums>) in q.mapString },
        tcqMapContains("mapBool") { (q: Query<TCQCustomCollections>) in q.mapBool },
        tcqMapContains("mapInt") { (q: Query<TCQCustomCollections>) in q.mapInt },
        tcqMapContains("mapInt8") { (q: Query<TCQCustomCollections>) in q.mapInt8 },
        tcqMapContains("mapInt16") { (q: Query<TCQCustomCollections>) in q.mapInt16 },
        tcqMapContains("mapInt32") { (q: Query<TCQCustomCollections>) in q.mapInt32 },
        tcqMapContains("mapInt64") { (q: Query<TCQCustomCollections>) in q.mapInt64 },
        tcqMapContains("mapFloat") { (q: Query<TCQCustomCollections>) in q.mapFloat },
        tcqMapContains("mapDouble") { (q: Query<TCQCustomCollections>) in q.mapDouble },
        tcqMapContains("mapString") { (q: Query<TCQCustomCollections>) in q.mapString },
        tcqMapContains("mapBinary") { (q: Query<TCQCustomCollections>) in q.mapBinary },
        tcqMapContains("mapDate") { (q: Query<TCQCustomCollections>) in q.mapDate },
        tcqMapContains("mapDecimal") { (q: Query<TCQCustomCollections>) in q.mapDecimal },
        tcqMapContains("mapObjectId") { (q: Query<TCQCustomCollections>) in q.mapObjectId },
        tcqMapContains("mapUuid") { (q: Query<TCQCustomCollections>) in q.mapUuid },
        tcqMapContains("mapOptBool") { (q: Query<TCQAllTypes>) in q.mapOptBool },
        tcqMapContains("mapOptInt") { (q: Query<TCQAllTypes>) in q.mapOptInt },
        tcqMapContains("mapOptInt8") { (q: Query<TCQAllTypes>) in q.mapOptInt8 },
        tcqMapContains("mapOptInt16") { (q: Query<TCQAllTypes>) in q.mapOptInt16 },
        tcqMapContains("mapOptInt32") { (q: Query<TCQAllTypes>) in q.mapOptInt32 },
        tcqMapContains("mapOptInt64") { (q: Query<TCQAllTypes>) in q.mapOptInt64 },
        tcqMapContains("mapOptFloat") { (q: Query<TCQAllTypes>) in q.mapOptFloat },
        tcqMapContains("mapOptDouble") { (q: Query<TCQAllTypes>) in q.mapOptDouble },
        tcqMapContains("mapOptString") { (q: Query<TCQAllTypes>) in q.mapOptString },
        tcqMapContains("mapOptBinary") { (q: Query<TCQAllTypes>) in q.mapOptBinary },
        tcqMapContains("mapOptDate") { (q: Query<TCQAllTypes>) in q.mapOptDate },
        tcqMapContains("mapOptDecimal") { (q: Query<TCQAllTypes>) in q.mapOptDecimal },
        tcqMapContains("mapOptObjectId") { (q: Query<TCQAllTypes>) in q.mapOptObjectId },
        tcqMapContains("mapOptUuid") { (q: Query<TCQAllTypes>) in q.mapOptUuid },
        tcqMapContains("mapIntOpt") { (q: Query<TCQEnums>) in q.mapIntOpt },
        tcqMapContains("mapInt8Opt") { (q: Query<TCQEnums>) in q.mapInt8Opt },
        tcqMapContains("mapInt16Opt") { (q: Query<TCQEnums>) in q.mapInt16Opt },
        tcqMapContains("mapInt32Opt") { (q: Query<TCQEnums>) in q.mapInt32Opt },
        tcqMapContains("mapInt64Opt") { (q: Query<TCQEnums>) in q.mapInt64Opt },
        tcqMapContains("mapFloatOpt") { (q: Query<TCQEnums>) in q.mapFloatOpt },
        tcqMapContains("mapDoubleOpt") { (q: Query<TCQEnums>) in q.mapDoubleOpt },
        tcqMapContains("mapStringOpt") { (q: Query<TCQEnums>) in q.mapStringOpt },
        tcqMapContains("mapOptBool") { (q: Query<TCQCustomCollections>) in q.mapOptBool },
        tcqMapContains("mapOptInt") { (q: Query<TCQCustomCollections>) in q.mapOptInt },
        tcqMapContains("mapOptInt8") { (q: Query<TCQCustomCollections>) in q.mapOptInt8 },
        tcqMapContains("mapOptInt16") { (q: Query<TCQCustomCollections>) in q.mapOptInt16 },
        tcqMapContains("mapOptInt32") { (q: Query<TCQCustomCollections>) in q.mapOptInt32 },
        tcqMapContains("mapOptInt64") { (q: Query<TCQCustomCollections>) in q.mapOptInt64 },
        tcqMapContains("mapOptFloat") { (q: Query<TCQCustomCollections>) in q.mapOptFloat },
        tcqMapContains("mapOptDouble") { (q: Query<TCQCustomCollections>) in q.mapOptDouble },
        tcqMapContains("mapOptString") { (q: Query<TCQCustomCollections>) in q.mapOptString },
        tcqMapContains("mapOptBinary") { (q: Query<TCQCustomCollections>) in q.mapOptBinary },
        tcqMapContains("mapOptDate") { (q: Query<TCQCustomCollections>) in q.mapOptDate },
        tcqMapContains("mapOptDecimal") { (q: Query<TCQCustomCollections>) in q.mapOptDecimal },
        tcqMapContains("mapOptObjectId") { (q: Query<TCQCustomCollections>) in q.mapOptObjectId },
        tcqMapContains("mapOptUuid") { (q: Query<TCQCustomCollections>) in q.mapOptUuid },
    ]

    static let nilRows: [[TCQRow]] = [
        tcqContainsNil("arrayOptBool") { (q: Query<TCQAllTypes>) in q.arrayOptBool },
        tcqContainsNil("arrayOptInt") { (q: Query<TCQAllTypes>) in q.arrayOptInt },
        tcqContainsNil("arrayOptInt8") { (q: Query<TCQAllTypes>) in q.arrayOptInt8 },
        tcqContainsNil("arrayOptInt16") { (q: Query<TCQAllTypes>) in q.arrayOptInt16 },
        tcqContainsNil("arrayOptInt32") { (q: Query<TCQAllTypes>) in q.arrayOptInt32 },
        tcqContainsNil("arrayOptInt64") { (q: Query<TCQAllTypes>) in q.arrayOptInt64 },
        tcqContainsNil("arrayOptFloat") { (q: Query<TCQAllTypes>) in q.arrayOptFloat },
        tcqContainsNil("arrayOptDouble") { (q: Query<TCQAllTypes>) in q.arrayOptDouble },
        tcqContainsNil("arrayOptString") { (q: Query<TCQAllTypes>) in q.arrayOptString },
        tcqContainsNil("arrayOptBinary") { (q: Query<TCQAllTypes>) in q.arrayOptBinary },
        tcqContainsNil("arrayOptDate") { (q: Query<TCQAllTypes>) in q.arrayOptDate },
        tcqContainsNil("arrayOptDecimal") { (q: Query<TCQAllTypes>) in q.arrayOptDecimal },
        tcqContainsNil("arrayOptObjectId") { (q: Query<TCQAllTypes>) in q.arrayOptObjectId },
        tcqContainsNil("arrayOptUuid") { (q: Query<TCQAllTypes>) in q.arrayOptUuid },
        tcqContainsNil("listIntOpt") { (q: Query<TCQEnums>) in q.listIntOpt },
        tcqContainsNil("listInt8Opt") { (q: Query<TCQEnums>) in q.listInt8Opt },
        tcqContainsNil("listInt16Opt") { (q: Query<TCQEnums>) in q.listInt16Opt },
        tcqContainsNil("listInt32Opt") { (q: Query<TCQEnums>) in q.listInt32Opt },
        tcqContainsNil("listInt64Opt") { (q: Query<TCQEnums>) in q.listInt64Opt },
        tcqContainsNil("listFloatOpt") { (q: Query<TCQEnums>) in q.listFloatOpt },
        tcqContainsNil("listDoubleOpt") { (q: Query<TCQEnums>) in q.listDoubleOpt },
        tcqContainsNil("listStringOpt") { (q: Query<TCQEnums>) in q.listStringOpt },
        tcqContainsNil("listOptBool") { (q: Query<TCQCustomCollections>) in q.listOptBool },
        tcqContainsNil("listOptInt") { (q: Query<TCQCustomCollections>) in q.listOptInt },
        tcqContainsNil("listOptInt8") { (q: Query<TCQCustomCollections>) in q.listOptInt8 },
        tcqContainsNil("listOptInt16") { (q: Query<TCQCustomCollections>) in q.listOptInt16 },
        tcqContainsNil("listOptInt32") { (q: Query<TCQCustomCollections>) in q.listOptInt32 },
        tcqContainsNil("listOptInt64") { (q: Query<TCQCustomCollections>) in q.listOptInt64 },
        tcqContainsNil("listOptFloat") { (q: Query<TCQCustomCollections>) in q.listOptFloat },
        tcqContainsNil("listOptDouble") { (q: Query<TCQCustomCollections>) in q.listOptDouble },
        tcqContainsNil("listOptString") { (q: Query<TCQCustomCollections>) in q.listOptString },
        tcqContainsNil("listOptBinary") { (q: Query<TCQCustomCollections>) in q.listOptBinary },
        tcqContainsNil("listOptDate") { (q: Query<TCQCustomCollections>) in q.listOptDate },
        tcqContainsNil("listOptDecimal") { (q: Query<TCQCustomCollections>) in q.listOptDecimal },
        tcqContainsNil("listOptObjectId") { (q: Query<TCQCustomCollections>) in q.listOptObjectId },
        tcqContainsNil("listOptUuid") { (q: Query<TCQCustomCollections>) in q.listOptUuid },
        tcqContainsNil("setOptBool") { (q: Query<TCQAllTypes>) in q.setOptBool },
        tcqContainsNil("setOptInt") { (q: Query<TCQAllTypes>) in q.setOptInt },
        tcqContainsNil("setOptInt8") { (q: Query<TCQAllTypes>) in q.setOptInt8 },
        tcqContainsNil("setOptInt16") { (q: Query<TCQAllTypes>) in q.setOptInt16 },
        tcqContainsNil("setOptInt32") { (q: Query<TCQAllTypes>) in q.setOptInt32 },
        tcqContainsNil("setOptInt64") { (q: Query<TCQAllTypes>) in q.setOptInt64 },
        tcqContainsNil("setOptFloat") { (q: Query<TCQAllTypes>) in q.setOptFloat },
        tcqContainsNil("setOptDouble") { (q: Query<TCQAllTypes>) in q.setOptDouble },
        tcqContainsNil("setOptString") { (q: Query<TCQAllTypes>) in q.setOptString },
        tcqContainsNil("setOptBinary") { (q: Query<TCQAllTypes>) in q.setOptBinary },
        tcqContainsNil("setOptDate") { (q: Query<TCQAllTypes>) in q.setOptDate },
        tcqContainsNil("setOptDecimal") { (q: Query<TCQAllTypes>) in q.setOptDecimal },
        tcqContainsNil("setOptObjectId") { (q: Query<TCQAllTypes>) in q.setOptObjectId },
        tcqContainsNil("setOptUuid") { (q: Query<TCQAllTypes>) in q.setOptUuid },
        tcqContainsNil("setIntOpt") { (q: Query<TCQEnums>) in q.setIntOpt },
        tcqContainsNil("setInt8Opt") { (q: Query<TCQEnums>) in q.setInt8Opt },
        tcqContainsNil("setInt16Opt") { (q: Query<TCQEnums>) in q.setInt16Opt },
        tcqContainsNil("setInt32Opt") { (q: Query<TCQEnums>) in q.setInt32Opt },
        tcqContainsNil("setInt64Opt") { (q: Query<TCQEnums>) in q.setInt64Opt },
        tcqContainsNil("setFloatOpt") { (q: Query<TCQEnums>) in q.setFloatOpt },
        tcqContainsNil("setDoubleOpt") { (q: Query<TCQEnums>) in q.setDoubleOpt },
        tcqContainsNil("setStringOpt") { (q: Query<TCQEnums>) in q.setStringOpt },
        tcqContainsNil("setOptBool") { (q: Query<TCQCustomCollections>) in q.setOptBool },
        tcqContainsNil("setOptInt") { (q: Query<TCQCustomCollections>) in q.setOptInt },
        tcqContainsNil("setOptInt8") { (q: Query<TCQCustomCollections>) in q.setOptInt8 },
        tcqContainsNil("setOptInt16") { (q: Query<TCQCustomCollections>) in q.setOptInt16 },
        tcqContainsNil("setOptInt32") { (q: Query<TCQCustomCollections>) in q.setOptInt32 },
        tcqContainsNil("setOptInt64") { (q: Query<TCQCustomCollections>) in q.setOptInt64 },
        tcqContainsNil("setOptFloat") { (q: Query<TCQCustomCollections>) in q.setOptFloat },
        tcqContainsNil("setOptDouble") { (q: Query<TCQCustomCollections>) in q.setOptDouble },
        tcqContainsNil("setOptString") { (q: Query<TCQCustomCollections>) in q.setOptString },
        tcqContainsNil("setOptBinary") { (q: Query<TCQCustomCollections>) in q.setOptBinary },
        tcqContainsNil("setOptDate") { (q: Query<TCQCustomCollections>) in q.setOptDate },
        tcqContainsNil("setOptDecimal") { (q: Query<TCQCustomCollections>) in q.setOptDecimal },
        tcqContainsNil("setOptObjectId") { (q: Query<TCQCustomCollections>) in q.setOptObjectId },
        tcqContainsNil("setOptUuid") { (q: Query<TCQCustomCollections>) in q.setOptUuid },
        tcqMapContainsNil("mapOptBool") { (q: Query<TCQAllTypes>) in q.mapOptBool },
        tcqMapContainsNil("mapOptInt") { (q: Query<TCQAllTypes>) in q.mapOptInt },
        tcqMapContainsNil("mapOptInt8") { (q: Query<TCQAllTypes>) in q.mapOptInt8 },
        tcqMapContainsNil("mapOptInt16") { (q: Query<TCQAllTypes>) in q.mapOptInt16 },
        tcqMapContainsNil("mapOptInt32") { (q: Query<TCQAllTypes>) in q.mapOptInt32 },
        tcqMapContainsNil("mapOptInt64") { (q: Query<TCQAllTypes>) in q.mapOptInt64 },
        tcqMapContainsNil("mapOptFloat") { (q: Query<TCQAllTypes>) in q.mapOptFloat },
        tcqMapContainsNil("mapOptDouble") { (q: Query<TCQAllTypes>) in q.mapOptDouble },
        tcqMapContainsNil("mapOptString") { (q: Query<TCQAllTypes>) in q.mapOptString },
        tcqMapContainsNil("mapOptBinary") { (q: Query<TCQAllTypes>) in q.mapOptBinary },
        tcqMapContainsNil("mapOptDate") { (q: Query<TCQAllTypes>) in q.mapOptDate },
        tcqMapContainsNil("mapOptDecimal") { (q: Query<TCQAllTypes>) in q.mapOptDecimal },
        tcqMapContainsNil("mapOptObjectId") { (q: Query<TCQAllTypes>) in q.mapOptObjectId },
        tcqMapContainsNil("mapOptUuid") { (q: Query<TCQAllTypes>) in q.mapOptUuid },
        tcqMapContainsNil("mapIntOpt") { (q: Query<TCQEnums>) in q.mapIntOpt },
        tcqMapContainsNil("mapInt8Opt") { (q: Query<TCQEnums>) in q.mapInt8Opt },
        tcqMapContainsNil("mapInt16Opt") { (q: Query<TCQEnums>) in q.mapInt16Opt },
        tcqMapContainsNil("mapInt32Opt") { (q: Query<TCQEnums>) in q.mapInt32Opt },
        tcqMapContainsNil("mapInt64Opt") { (q: Query<TCQEnums>) in q.mapInt64Opt },
        tcqMapContainsNil("mapFloatOpt") { (q: Query<TCQEnums>) in q.mapFloatOpt },
        tcqMapContainsNil("mapDoubleOpt") { (q: Query<TCQEnums>) in q.mapDoubleOpt },
        tcqMapContainsNil("mapStringOpt") { (q: Query<TCQEnums>) in q.mapStringOpt },
        tcqMapContainsNil("mapOptBool") { (q: Query<TCQCustomCollections>) in q.mapOptBool },
        tcqMapContainsNil("mapOptInt") { (q: Query<TCQCustomCollections>) in q.mapOptInt },
        tcqMapContainsNil("mapOptInt8") { (q: Query<TCQCustomCollections>) in q.mapOptInt8 },
        tcqMapContainsNil("mapOptInt16") { (q: Query<TCQCustomCollections>) in q.mapOptInt16 },
        tcqMapContainsNil("mapOptInt32") { (q: Query<TCQCustomCollections>) in q.mapOptInt32 },
        tcqMapContainsNil("mapOptInt64") { (q: Query<TCQCustomCollections>) in q.mapOptInt64 },
        tcqMapContainsNil("mapOptFloat") { (q: Query<TCQCustomCollections>) in q.mapOptFloat },
        tcqMapContainsNil("mapOptDouble") { (q: Query<TCQCustomCollections>) in q.mapOptDouble },
        tcqMapContainsNil("mapOptString") { (q: Query<TCQCustomCollections>) in q.mapOptString },
        tcqMapContainsNil("mapOptBinary") { (q: Query<TCQCustomCollections>) in q.mapOptBinary },
        tcqMapContainsNil("mapOptDate") { (q: Query<TCQCustomCollections>) in q.mapOptDate },
        tcqMapContainsNil("mapOptDecimal") { (q: Query<TCQCustomCollections>) in q.mapOptDecimal },
        tcqMapContainsNil("mapOptObjectId") { (q: Query<TCQCustomCollections>) in q.mapOptObjectId },
        tcqMapContainsNil("mapOptUuid") { (q: Query<TCQCustomCollections>) in q.mapOptUuid },
    ]

    @Test("A collection contains its first query value and not its third, on every list, set and map type")
    func containsElement() async throws {
        try await tcqCheck(Self.elementRows.flatMap { $0 })
    }

    @Test("No collection of optionals contains nil")
    func containsNil() async throws {
        try await tcqCheck(Self.nilRows.flatMap { $0 })
    }

    @Test("containsAny(in:) with the first two query values matches, on every list, set and map type")
    func containsAny() async throws {
        try await tcqCheck(Self.containsAnyRows.flatMap { $0 })
    }

    @Test("A closed range over the first two values holds a collection; the half-open one does not")
    func containsRange() async throws {
        try await tcqCheck(Self.rangeRows.flatMap { $0 })
    }
}
