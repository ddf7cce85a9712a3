import Foundation
import Strata
import Testing

// RealmSwift/Tests/QueryTests.swift: testMapAllKeys, testMapAllValues, testMapAllKeysAllValuesSubscript,
// testMapContainsObject and testMapSubscriptObject, over every map property realm-swift generates them for. Each
// map holds `foo` = the first query value and `bar` = the second. Enums and CustomPersistable wrappers take the
// ordered and string operators of their persisted type, with values of their own type, as in Realm Swift.

/// realm-swift's validateAllKeys: every map has the key `foo`, and another key besides.
func tcqMapKeys<Root: Object, M: RealmKeyedCollection>(
    _ name: String,
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<M>
) -> [TCQRow] where M.Key == String {
    let cd: StringOptions = [.caseInsensitive, .diacriticInsensitive]
    return [
        tcq("\(name).keys == foo", 1) { lhs($0).keys == "foo" },
        tcq("\(name).keys != foo", 1) { lhs($0).keys != "foo" },
        tcq("\(name).keys.contains(foo, [cd])", 1) { lhs($0).keys.contains("foo", options: cd) },
        tcq("\(name).keys.contains(foo)", 1) { lhs($0).keys.contains("foo") },
        tcq("\(name).keys.starts(with: foo, [cd])", 1) { lhs($0).keys.starts(with: "foo", options: cd) },
        tcq("\(name).keys.starts(with: foo)", 1) { lhs($0).keys.starts(with: "foo") },
        tcq("\(name).keys.ends(with: foo, [cd])", 1) { lhs($0).keys.ends(with: "foo", options: cd) },
        tcq("\(name).keys.ends(with: foo)", 1) { lhs($0).keys.ends(with: "foo") },
        tcq("\(name).keys.like(foo, [c])", 1) { lhs($0).keys.like("foo", caseInsensitive: true) },
        tcq("\(name).keys.like(foo)", 1) { lhs($0).keys.like("foo") },
    ]
}

/// realm-swift's validateEquals on `.values` with the first query value, and its validateMapSubscriptEquality.
func tcqMapEquality<Root: Object, M: RealmKeyedCollection>(
    _ name: String,
    notEqualCount: Int = 1,
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<M>
) -> [TCQRow] where M.Key == String, M.Value: TCQValue {
    typealias V = M.Value
    return [
        tcq("\(name).values == values[0]", 1) { lhs($0).values == V.values()[0] },
        tcq("\(name).values != values[0]", notEqualCount) { lhs($0).values != V.values()[0] },
        tcq("\(name)[foo] == values[0]", 1) { lhs($0)["foo"] == V.values()[0] },
        tcq("\(name)[foo] != values[0]", 0) { lhs($0)["foo"] != V.values()[0] },
    ]
}

/// realm-swift's validateNumericComparisons on `.values` with the second query value (ltCount 1), and its
/// validateMapSubscriptNumericComparisons with the first, for any map whose values are stored as numbers or dates.
func tcqMapOrdered<Root: Object, M: RealmKeyedCollection>(
    _ name: String,
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<M>
) -> [TCQRow] where M.Key == String, M.Value: TCQValue, M.Value.PersistedType: _QueryNumeric {
    typealias V = M.Value
    return [
        tcq("\(name).values > values[1]", 0) { lhs($0).values > V.values()[1] },
        tcq("\(name).values >= values[1]", 1) { lhs($0).values >= V.values()[1] },
        tcq("\(name).values < values[1]", 1) { lhs($0).values < V.values()[1] },
        tcq("\(name).values <= values[1]", 1) { lhs($0).values <= V.values()[1] },
        tcq("\(name)[foo] > values[0]", 0) { lhs($0)["foo"] > V.values()[0] },
        tcq("\(name)[foo] >= values[0]", 1) { lhs($0)["foo"] >= V.values()[0] },
        tcq("\(name)[foo] < values[0]", 0) { lhs($0)["foo"] < V.values()[0] },
        tcq("\(name)[foo] <= values[0]", 1) { lhs($0)["foo"] <= V.values()[0] },
    ]
}

/// realm-swift's string modifiers.
let tcqStringModifiers: [(String, StringOptions)] = [
    ("", []), ("[c]", [.caseInsensitive]), ("[d]", [.diacriticInsensitive]),
    ("[cd]", [.caseInsensitive, .diacriticInsensitive]),
]

/// realm-swift's validateStringOperations on `.values` with the first query value ("Foo", or `a` for enums), plus
/// its LIKE rows and validateMapSubscriptStringComparisons. `diacriticsCollapse`: the map's other value equals the
/// first under `[d]` ("Foó" and "Foo"), so `!=[d]` matches no value.
func tcqMapStrings<Root: Object, M: RealmKeyedCollection>(
    _ name: String,
    diacriticsCollapse: Bool = true,
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<M>
) -> [TCQRow] where M.Key == String, M.Value: TCQValue, M.Value.PersistedType: _QueryString {
    typealias V = M.Value
    var rows: [TCQRow] = []
    for (modifier, options) in tcqStringModifiers {
        let notEqual = diacriticsCollapse && options.contains(.diacriticInsensitive) ? 0 : 1
        rows += [
            tcq("\(name).values ==\(modifier) values[0]", 1) { lhs($0).values.equals(V.values()[0], options: options) },
            tcq("NOT \(name).values ==\(modifier) values[0]", 0) {
                !lhs($0).values.equals(V.values()[0], options: options)
            },
            tcq("\(name).values !=\(modifier) values[0]", notEqual) {
                lhs($0).values.notEquals(V.values()[0], options: options)
            },
            tcq("NOT \(name).values !=\(modifier) values[0]", 1 - notEqual) {
                !lhs($0).values.notEquals(V.values()[0], options: options)
            },
            tcq("\(name).values CONTAINS\(modifier) values[0]", 1) {
                lhs($0).values.contains(V.values()[0], options: options)
            },
            tcq("NOT \(name).values CONTAINS\(modifier) values[0]", 0) {
                !lhs($0).values.contains(V.values()[0], options: options)
            },
            tcq("\(name).values BEGINSWITH\(modifier) values[0]", 1) {
                lhs($0).values.starts(with: V.values()[0], options: options)
            },
            tcq("NOT \(name).values BEGINSWITH\(modifier) values[0]", 0) {
                !lhs($0).values.starts(with: V.values()[0], options: options)
            },
            tcq("\(name).values ENDSWITH\(modifier) values[0]", 1) {
                lhs($0).values.ends(with: V.values()[0], options: options)
            },
            tcq("NOT \(name).values ENDSWITH\(modifier) values[0]", 0) {
                !lhs($0).values.ends(with: V.values()[0], options: options)
            },
        ]
    }
    let cd: StringOptions = [.caseInsensitive, .diacriticInsensitive]
    rows += [
        tcq("\(name).values LIKE[c] values[0]", 1) { lhs($0).values.like(V.values()[0], caseInsensitive: true) },
        tcq("\(name).values LIKE values[0]", 1) { lhs($0).values.like(V.values()[0]) },
        tcq("\(name)[foo] CONTAINS[cd] values[0]", 1) { lhs($0)["foo"].contains(V.values()[0], options: cd) },
        tcq("\(name)[foo] CONTAINS values[0]", 1) { lhs($0)["foo"].contains(V.values()[0]) },
        tcq("NOT \(name)[foo] CONTAINS values[0]", 0) { !lhs($0)["foo"].contains(V.values()[0]) },
        tcq("\(name)[foo] BEGINSWITH[cd] values[0]", 1) { lhs($0)["foo"].starts(with: V.values()[0], options: cd) },
        tcq("\(name)[foo] BEGINSWITH values[0]", 1) { lhs($0)["foo"].starts(with: V.values()[0]) },
        tcq("\(name)[foo] ENDSWITH[cd] values[0]", 1) { lhs($0)["foo"].ends(with: V.values()[0], options: cd) },
        tcq("\(name)[foo] ENDSWITH values[0]", 1) { lhs($0)["foo"].ends(with: V.values()[0]) },
        tcq("\(name)[foo] LIKE[c] values[0]", 1) { lhs($0)["foo"].like(V.values()[0], caseInsensitive: true) },
        tcq("\(name)[foo] LIKE values[0]", 1) { lhs($0)["foo"].like(V.values()[0]) },
    ]
    return rows
}

@Suite("Typed map queries: keys, values and subscripts, ported from realm-swift")
struct TCQMapTests {
    static let keyRows: [[TCQRow]] = [
        tcqMapKeys("mapBool") { (q: Query<TCQAllTypes>) in q.mapBool },
        tcqMapKeys("mapInt") { (q: Query<TCQAllTypes>) in q.mapInt },
        tcqMapKeys("mapInt8") { (q: Query<TCQAllTypes>) in q.mapInt8 },
        tcqMapKeys("mapInt16") { (q: Query<TCQAllTypes>) in q.mapInt16 },
        tcqMapKeys("mapInt32") { (q: Query<TCQAllTypes>) in q.mapInt32 },
        tcqMapKeys("mapInt64") { (q: Query<TCQAllTypes>) in q.mapInt64 },
        tcqMapKeys("mapFloat") { (q: Query<TCQAllTypes>) in q.mapFloat },
        tcqMapKeys("mapDouble") { (q: Query<TCQAllTypes>) in q.mapDouble },
        tcqMapKeys("mapString") { (q: Query<TCQAllTypes>) in q.mapString },
        tcqMapKeys("mapBinary") { (q: Query<TCQAllTypes>) in q.mapBinary },
        tcqMapKeys("mapDate") { (q: Query<TCQAllTypes>) in q.mapDate },
        tcqMapKeys("mapDecimal") { (q: Query<TCQAllTypes>) in q.mapDecimal },
        tcqMapKeys("mapObjectId") { (q: Query<TCQAllTypes>) in q.mapObjectId },
        tcqMapKeys("mapUuid") { (q: Query<TCQAllTypes>) in q.mapUuid },
        tcqMapKeys("mapAny") { (q: Query<TCQAllTypes>) in q.mapAny },
        tcqMapKeys("mapInt") { (q: Query<TCQEnums>) in q.mapInt },
        tcqMapKeys("mapInt8") { (q: Query<TCQEnums>) in q.mapInt8 },
        tcqMapKeys("mapInt16") { (q: Query<TCQEnums>) in q.mapInt16 },
        tcqMapKeys("mapInt32") { (q: Query<TCQEnums>) in q.mapInt32 },
        tcqMapKeys("mapInt64") { (q: Query<TCQEnums>) in q.mapInt64 },
        tcqMapKeys("mapFloat") { (q: Query<TCQEnums>) in q.mapFloat },
        tcqMapKeys("mapDouble") { (q: Query<TCQEnums>) in q.mapDouble },
        tcqMapKeys("mapString") { (q: Query<TCQEnums>) in q.mapString },
        tcqMapKeys("mapBool") { (q: Query<TCQCustomCollections>) in q.mapBool },
        tcqMapKeys("mapInt") { (q: Query<TCQCustomCollections>) in q.mapInt },
        tcqMapKeys("mapInt8") { (q: Query<TCQCustomCollections>) in q.mapInt8 },
        tcqMapKeys("mapInt16") { (q: Query<TCQCustomCollections>) in q.mapInt16 },
        tcqMapKeys("mapInt32") { (q: Query<TCQCustomCollections>) in q.mapInt32 },
        tcqMapKeys("mapInt64") { (q: Query<TCQCustomCollections>) in q.mapInt64 },
        tcqMapKeys("mapFloat") { (q: Query<TCQCustomCollections>) in q.mapFloat },
        tcqMapKeys("mapDouble") { (q: Query<TCQCustomCollections>) in q.mapDouble },
        tcqMapKeys("mapString") { (q: Query<TCQCustomCollections>) in q.mapString },
        tcqMapKeys("mapBinary") { (q: Query<TCQCustomCollections>) in q.mapBinary },
        tcqMapKeys("mapDate") { (q: Query<TCQCustomCollections>) in q.mapDate },
        tcqMapKeys("mapDecimal") { (q: Query<TCQCustomCollections>) in q.mapDecimal },
        tcqMapKeys("mapObjectId") { (q: Query<TCQCustomCollections>) in q.mapObjectId },
        tcqMapKeys("mapUuid") { (q: Query<TCQCustomCollections>) in q.mapUuid },
        tcqMapKeys("mapOptBool") { (q: Query<TCQAllTypes>) in q.mapOptBool },
        tcqMapKeys("mapOptInt") { (q: Query<TCQAllTypes>) in q.mapOptInt },
        tcqMapKeys("mapOptInt8") { (q: Query<TCQAllTypes>) in q.mapOptInt8 },
        tcqMapKeys("mapOptInt16") { (q: Query<TCQAllTypes>) in q.mapOptInt16 },
        tcqMapKeys("mapOptInt32") { (q: Query<TCQAllTypes>) in q.mapOptInt32 },
        tcqMapKeys("mapOptInt64") { (q: Query<TCQAllTypes>) in q.mapOptInt64 },
        tcqMapKeys("mapOptFloat") { (q: Query<TCQAllTypes>) in q.mapOptFloat },
        tcqMapKeys("mapOptDouble") { (q: Query<TCQAllTypes>) in q.mapOptDouble },
        tcqMapKeys("mapOptString") { (q: Query<TCQAllTypes>) in q.mapOptString },
        tcqMapKeys("mapOptBinary") { (q: Query<TCQAllTypes>) in q.mapOptBinary },
        tcqMapKeys("mapOptDate") { (q: Query<TCQAllTypes>) in q.mapOptDate },
        tcqMapKeys("mapOptDecimal") { (q: Query<TCQAllTypes>) in q.mapOptDecimal },
        tcqMapKeys("mapOptObjectId") { (q: Query<TCQAllTypes>) in q.mapOptObjectId },
        tcqMapKeys("mapOptUuid") { (q: Query<TCQAllTypes>) in q.mapOptUuid },
        tcqMapKeys("mapIntOpt") { (q: Query<TCQEnums>) in q.mapIntOpt },
        tcqMapKeys("mapInt8Opt") { (q: Query<TCQEnums>) in q.mapInt8Opt },
        tcqMapKeys("mapInt16Opt") { (q: Query<TCQEnums>) in q.mapInt16Opt },
        tcqMapKeys("mapInt32Opt") { (q: Query<TCQEnums>) in q.mapInt32Opt },
        tcqMapKeys("mapInt64Opt") { (q: Query<TCQEnums>) in q.mapInt64Opt },
        tcqMapKeys("mapFloatOpt") { (q: Query<TCQEnums>) in q.mapFloatOpt },
        tcqMapKeys("mapDoubleOpt") { (q: Query<TCQEnums>) in q.mapDoubleOpt },
        tcqMapKeys("mapStringOpt") { (q: Query<TCQEnums>) in q.mapStringOpt },
        tcqMapKeys("mapOptBool") { (q: Query<TCQCustomCollections>) in q.mapOptBool },
        tcqMapKeys("mapOptInt") { (q: Query<TCQCustomCollections>) in q.mapOptInt },
        tcqMapKeys("mapOptInt8") { (q: Query<TCQCustomCollections>) in q.mapOptInt8 },
        tcqMapKeys("mapOptInt16") { (q: Query<TCQCustomCollections>) in q.mapOptInt16 },
        tcqMapKeys("mapOptInt32") { (q: Query<TCQCustomCollections>) in q.mapOptInt32 },
        tcqMapKeys("mapOptInt64") { (q: Query<TCQCustomCollections>) in q.mapOptInt64 },
        tcqMapKeys("mapOptFloat") { (q: Query<TCQCustomCollections>) in q.mapOptFloat },
        tcqMapKeys("mapOptDouble") { (q: Query<TCQCustomCollections>) in q.mapOptDouble },
        tcqMapKeys("mapOptString") { (q: Query<TCQCustomCollections>) in q.mapOptString },
        tcqMapKeys("mapOptBinary") { (q: Query<TCQCustomCollections>) in q.mapOptBinary },
        tcqMapKeys("mapOptDate") { (q: Query<TCQCustomCollections>) in q.mapOptDate },
        tcqMapKeys("mapOptDecimal") { (q: Query<TCQCustomCollections>) in q.mapOptDecimal },
        tcqMapKeys("mapOptObjectId") { (q: Query<TCQCustomCollections>) in q.mapOptObjectId },
        tcqMapKeys("mapOptUuid") { (q: Query<TCQCustomCollections>) in q.mapOptUuid },
    ]

    static let equalityRows: [[TCQRow]] = [
        tcqMapEquality("mapBool", notEqualCount: 0) { (q: Query<TCQAllTypes>) in q.mapBool },
        tcqMapEquality("mapInt") { (q: Query<TCQAllTypes>) in q.mapInt },
        tcqMapEquality("mapInt8") { (q: Query<TCQAllTypes>) in q.mapInt8 },
        tcqMapEquality("mapInt16") { (q: Query<TCQAllTypes>) in q.mapInt16 },
        tcqMapEquality("mapInt32") { (q: Query<TCQAllTypes>) in q.mapInt32 },
        tcqMapEquality("mapInt64") { (q: Query<TCQAllTypes>) in q.mapInt64 },
        tcqMapEquality("mapFloat") { (q: Query<TCQAllTypes>) in q.mapFloat },
        tcqMapEquality("mapDouble") { (q: Query<TCQAllTypes>) in q.mapDouble },
        tcqMapEquality("mapString") { (q: Query<TCQAllTypes>) in q.mapString },
        tcqMapEquality("mapBinary") { (q: Query<TCQAllTypes>) in q.mapBinary },
        tcqMapEquality("mapDate") { (q: Query<TCQAllTypes>) in q.mapDate },
        tcqMapEquality("mapDecimal") { (q: Query<TCQAllTypes>) in q.mapDecimal },
        tcqMapEquality("mapObjectId") { (q: Query<TCQAllTypes>) in q.mapObjectId },
        tcqMapEquality("mapUuid") { (q: Query<TCQAllTypes>) in q.mapUuid },
        tcqMapEquality("mapAny") { (q: Query<TCQAllTypes>) in q.mapAny },
        tcqMapEquality("mapInt") { (q: Query<TCQEnums>) in q.mapInt },
        tcqMapEquality("mapInt8") { (q: Query<TCQEnums>) in q.mapInt8 },
        tcqMapEquality("mapInt16") { (q: Query<TCQEnums>) in q.mapInt16 },
        tcqMapEquality("mapInt32") { (q: Query<TCQEnums>) in q.mapInt32 },
        tcqMapEquality("mapInt64") { (q: Query<TCQEnums>) in q.mapInt64 },
        tcqMapEquality("mapFloat") { (q: Query<TCQEnums>) in q.mapFloat },
        tcqMapEquality("mapDouble") { (q: Query<TCQEnums>) in q.mapDouble },
        tcqMapEquality("mapString") { (q: Query<TCQEnums>) in q.mapString },
        tcqMapEquality("mapBool", notEqualCount: 0) { (q: Query<TCQCustomCollections>) in q.mapBool },
        tcqMapEquality("mapInt") { (q: Query<TCQCustomCollections>) in q.mapInt },
        tcqMapEquality("mapInt8") { (q: Query<TCQCustomCollections>) in q.mapInt8 },
        tcqMapEquality("mapInt16") { (q: Query<TCQCustomCollections>) in q.mapInt16 },
        tcqMapEquality("mapInt32") { (q: Query<TCQCustomCollections>) in q.mapInt32 },
        tcqMapEquality("mapInt64") { (q: Query<TCQCustomCollections>) in q.mapInt64 },
        tcqMapEquality("mapFloat") { (q: Query<TCQCustomCollections>) in q.mapFloat },
        tcqMapEquality("mapDouble") { (q: Query<TCQCustomCollections>) in q.mapDouble },
        tcqMapEquality("mapString") { (q: Query<TCQCustomCollections>) in q.mapString },
        tcqMapEquality("mapBinary") { (q: Query<TCQCustomCollections>) in q.mapBinary },
        tcqMapEquality("mapDate") { (q: Query<TCQCustomCollections>) in q.mapDate },
        tcqMapEquality("mapDecimal") { (q: Query<TCQCustomCollections>) in q.mapDecimal },
        tcqMapEquality("mapObjectId") { (q: Query<TCQCustomCollections>) in q.mapObjectId },
        tcqMapEquality("mapUuid") { (q: Query<TCQCustomCollections>) in q.mapUuid },
        tcqMapEquality("mapOptBool", notEqualCount: 0) { (q: Query<TCQAllTypes>) in q.mapOptBool },
        tcqMapEquality("mapOptInt") { (q: Query<TCQAllTypes>) in q.mapOptInt },
        tcqMapEquality("mapOptInt8") { (q: Query<TCQAllTypes>) in q.mapOptInt8 },
        tcqMapEquality("mapOptInt16") { (q: Query<TCQAllTypes>) in q.mapOptInt16 },
        tcqMapEquality("mapOptInt32") { (q: Query<TCQAllTypes>) in q.mapOptInt32 },
        tcqMapEquality("mapOptInt64") { (q: Query<TCQAllTypes>) in q.mapOptInt64 },
        tcqMapEquality("mapOptFloat") { (q: Query<TCQAllTypes>) in q.mapOptFloat },
        tcqMapEquality("mapOptDouble") { (q: Query<TCQAllTypes>) in q.mapOptDouble },
        tcqMapEquality("mapOptString") { (q: Query<TCQAllTypes>) in q.mapOptString },
        tcqMapEquality("mapOptBinary") { (q: Query<TCQAllTypes>) in q.mapOptBinary },
        tcqMapEquality("mapOptDate") { (q: Query<TCQAllTypes>) in q.mapOptDate },
        tcqMapEquality("mapOptDecimal") { (q: Query<TCQAllTypes>) in q.mapOptDecimal },
        tcqMapEquality("mapOptObjectId") { (q: Query<TCQAllTypes>) in q.mapOptObjectId },
        tcqMapEquality("mapOptUuid") { (q: Query<TCQAllTypes>) in q.mapOptUuid },
        tcqMapEquality("mapIntOpt") { (q: Query<TCQEnums>) in q.mapIntOpt },
        tcqMapEquality("mapInt8Opt") { (q: Query<TCQEnums>) in q.mapInt8Opt },
        tcqMapEquality("mapInt16Opt") { (q: Query<TCQEnums>) in q.mapInt16Opt },
        tcqMapEquality("mapInt32Opt") { (q: Query<TCQEnums>) in q.mapInt32Opt },
        tcqMapEquality("mapInt64Opt") { (q: Query<TCQEnums>) in q.mapInt64Opt },
        tcqMapEquality("mapFloatOpt") { (q: Query<TCQEnums>) in q.mapFloatOpt },
        tcqMapEquality("mapDoubleOpt") { (q: Query<TCQEnums>) in q.mapDoubleOpt },
        tcqMapEquality("mapStringOpt") { (q: Query<TCQEnums>) in q.mapStringOpt },
        tcqMapEquality("mapOptBool", notEqualCount: 0) { (q: Query<TCQCustomCollections>) in q.mapOptBool },
        tcqMapEquality("mapOptInt") { (q: Query<TCQCustomCollections>) in q.mapOptInt },
        tcqMapEquality("mapOptInt8") { (q: Query<TCQCustomCollections>) in q.mapOptInt8 },
        tcqMapEquality("mapOptInt16") { (q: Query<TCQCustomCollections>) in q.mapOptInt16 },
        tcqMapEquality("mapOptInt32") { (q: Query<TCQCustomCollections>) in q.mapOptInt32 },
        tcqMapEquality("mapOptInt64") { (q: Query<TCQCustomCollections>) in q.mapOptInt64 },
        tcqMapEquality("mapOptFloat") { (q: Query<TCQCustomCollections>) in q.mapOptFloat },
        tcqMapEquality("mapOptDouble") { (q: Query<TCQCustomCollections>) in q.mapOptDouble },
        tcqMapEquality("mapOptString") { (q: Query<TCQCustomCollections>) in q.mapOptString },
        tcqMapEquality("mapOptBinary") { (q: Query<TCQCustomCollections>) in q.mapOptBinary },
        tcqMapEquality("mapOptDate") { (q: Query<TCQCustomCollections>) in q.mapOptDate },
        tcqMapEquality("mapOptDecimal") { (q: Query<TCQCustomCollections>) in q.mapOptDecimal },
        tcqMapEquality("mapOptObjectId") { (q: Query<TCQCustomCollections>) in q.mapOptObjectId },
        tcqMapEquality("mapOptUuid") { (q: Query<TCQCustomCollections>) in q.mapOptUuid },
    ]

    static let orderedRows: [[TCQRow]] = [
        tcqMapOrdered("mapInt") { (q: Query<TCQAllTypes>) in q.mapInt },
        tcqMapOrdered("mapInt8") { (q: Query<TCQAllTypes>) in q.mapInt8 },
        tcqMapOrdered("mapInt16") { (q: Query<TCQAllTypes>) in q.mapInt16 },
        tcqMapOrdered("mapInt32") { (q: Query<TCQAllTypes>) in q.mapInt32 },
        tcqMapOrdered("mapInt64") { (q: Query<TCQAllTypes>) in q.mapInt64 },
        tcqMapOrdered("mapFloat") { (q: Query<TCQAllTypes>) in q.mapFloat },
        tcqMapOrdered("mapDouble") { (q: Query<TCQAllTypes>) in q.mapDouble },
        tcqMapOrdered("mapDate") { (q: Query<TCQAllTypes>) in q.mapDate },
        tcqMapOrdered("mapDecimal") { (q: Query<TCQAllTypes>) in q.mapDecimal },
        tcqMapOrdered("mapInt") { (q: Query<TCQEnums>) in q.mapInt },
        tcqMapOrdered("mapInt8") { (q: Query<TCQEnums>) in q.mapInt8 },
        tcqMapOrdered("mapInt16") { (q: Query<TCQEnums>) in q.mapInt16 },
        tcqMapOrdered("mapInt32") { (q: Query<TCQEnums>) in q.mapInt32 },
        tcqMapOrdered("mapInt64") { (q: Query<TCQEnums>) in q.mapInt64 },
        tcqMapOrdered("mapFloat") { (q: Query<TCQEnums>) in q.mapFloat },
        tcqMapOrdered("mapDouble") { (q: Query<TCQEnums>) in q.mapDouble },
        tcqMapOrdered("mapInt") { (q: Query<TCQCustomCollections>) in q.mapInt },
        tcqMapOrdered("mapInt8") { (q: Query<TCQCustomCollections>) in q.mapInt8 },
        tcqMapOrdered("mapInt16") { (q: Query<TCQCustomCollections>) in q.mapInt16 },
        tcqMapOrdered("mapInt32") { (q: Query<TCQCustomCollections>) in q.mapInt32 },
        tcqMapOrdered("mapInt64") { (q: Query<TCQCustomCollections>) in q.mapInt64 },
        tcqMapOrdered("mapFloat") { (q: Query<TCQCustomCollections>) in q.mapFloat },
        tcqMapOrdered("mapDouble") { (q: Query<TCQCustomCollections>) in q.mapDouble },
        tcqMapOrdered("mapDate") { (q: Query<TCQCustomCollections>) in q.mapDate },
        tcqMapOrdered("mapDecimal") { (q: Query<TCQCustomCollections>) in q.mapDecimal },
        tcqMapOrdered("mapOptInt") { (q: Query<TCQAllTypes>) in q.mapOptInt },
        tcqMapOrdered("mapOptInt8") { (q: Query<TCQAllTypes>) in q.mapOptInt8 },
        tcqMapOrdered("mapOptInt16") { (q: Query<TCQAllTypes>) in q.mapOptInt16 },
        tcqMapOrdered("mapOptInt32") { (q: Query<TCQAllTypes>) in q.mapOptInt32 },
        tcqMapOrdered("mapOptInt64") { (q: Query<TCQAllTypes>) in q.mapOptInt64 },
        tcqMapOrdered("mapOptFloat") { (q: Query<TCQAllTypes>) in q.mapOptFloat },
        tcqMapOrdered("mapOptDouble") { (q: Query<TCQAllTypes>) in q.mapOptDouble },
        tcqMapOrdered("mapOptDate") { (q: Query<TCQAllTypes>) in q.mapOptDate },
        tcqMapOrdered("mapOptDecimal") { (q: Query<TCQAllTypes>) in q.mapOptDecimal },
        tcqMapOrdered("mapIntOpt") { (q: Query<TCQEnums>) in q.mapIntOpt },
        tcqMapOrdered("mapInt8Opt") { (q: Query<TCQEnums>) in q.mapInt8Opt },
        tcqMapOrdered("mapInt16Opt") { (q: Query<TCQEnums>) in q.mapInt16Opt },
        tcqMapOrdered("mapInt32Opt") { (q: Query<TCQEnums>) in q.mapInt32Opt },
        tcqMapOrdered("mapInt64Opt") { (q: Query<TCQEnums>) in q.mapInt64Opt },
        tcqMapOrdered("mapFloatOpt") { (q: Query<TCQEnums>) in q.mapFloatOpt },
        tcqMapOrdered("mapDoubleOpt") { (q: Query<TCQEnums>) in q.mapDoubleOpt },
        tcqMapOrdered("mapOptInt") { (q: Query<TCQCustomCollections>) in q.mapOptInt },
        tcqMapOrdered("mapOptInt8") { (q: Query<TCQCustomCollections>) in q.mapOptInt8 },
        tcqMapOrdered("mapOptInt16") { (q: Query<TCQCustomCollections>) in q.mapOptInt16 },
        tcqMapOrdered("mapOptInt32") { (q: Query<TCQCustomCollections>) in q.mapOptInt32 },
        tcqMapOrdered("mapOptInt64") { (q: Query<TCQCustomCollections>) in q.mapOptInt64 },
        tcqMapOrdered("mapOptFloat") { (q: Query<TCQCustomCollections>) in q.mapOptFloat },
        tcqMapOrdered("mapOptDouble") { (q: Query<TCQCustomCollections>) in q.mapOptDouble },
        tcqMapOrdered("mapOptDate") { (q: Query<TCQCustomCollections>) in q.mapOptDate },
        tcqMapOrdered("mapOptDecimal") { (q: Query<TCQCustomCollections>) in q.mapOptDecimal },
    ]

    static let stringRows: [[TCQRow]] = [
        tcqMapStrings("mapString") { (q: Query<TCQAllTypes>) in q.mapString },
        tcqMapStrings("mapOptString") { (q: Query<TCQAllTypes>) in q.mapOptString },
        tcqMapStrings("mapString", diacriticsCollapse: false) { (q: Query<TCQEnums>) in q.mapString },
        tcqMapStrings("mapStringOpt", diacriticsCollapse: false) { (q: Query<TCQEnums>) in q.mapStringOpt },
        tcqMapStrings("mapString") { (q: Query<TCQCustomCollections>) in q.mapString },
        tcqMapStrings("mapOptString") { (q: Query<TCQCustomCollections>) in q.mapOptString },
    ]

    @Test("Every map has the key foo and another, through == != and the string operators")
    func allKeys() async throws {
        try await tcqCheck(Self.keyRows.flatMap { $0 })
    }

    @Test("A map's values and its foo subscript equal the first query value, on every map type")
    func valuesAndSubscriptEquality() async throws {
        try await tcqCheck(Self.equalityRows.flatMap { $0 })
    }

    @Test("A map's values and its foo subscript compare in order, on every numeric and date map")
    func valuesAndSubscriptOrder() async throws {
        try await tcqCheck(Self.orderedRows.flatMap { $0 })
    }

    @Test("A map's string values and its foo subscript answer the string operators with every option")
    func valuesAndSubscriptStrings() async throws {
        try await tcqCheck(Self.stringRows.flatMap { $0 })
    }

    @Test("A map of objects contains an object once it holds it")
    func mapContainsObject() async throws {
        let realm = try await tcqRealm()
        let before = await realm.read { realm in
            let object = realm.objects(TCQAllTypes.self).first!
            return realm.objects(TCQCollectionObject.self).where { $0.map.contains(object) }.count
        }
        #expect(before == 0)
        try await realm.write { realm in
            let holder = TCQCollectionObject()
            try realm.add(holder)
            holder.map["foo"] = realm.objects(TCQAllTypes.self).first!
        }
        let after = await realm.read { realm in
            let object = realm.objects(TCQAllTypes.self).first!
            return (
                realm.objects(TCQCollectionObject.self).where { $0.map.contains(object) }.count,
                realm.objects(TCQCollectionObject.self).where { $0.map.containsAny(in: [object]) }.count
            )
        }
        #expect(after == (1, 1))
    }

    // testMapSubscriptObject (`$0.map["foo"].objectCol.intCol == 5` is refused: "Cannot apply key path to Map
    // subscripts.") is a programmer error in both: Realm raises an exception, Strata stops in `where`, so no row runs
    // it here.
}
