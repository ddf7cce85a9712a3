import Foundation
import Strata
import Testing

// RealmSwift/Tests/QueryTests.swift: testMapAllKeys, testMapAllValues, testMapAllKeysAllValuesSubscript,
// testMapContainsObject and testMapSubscriptObject, over every map property realm-swift generates them for. Each
// map holds `foo` = the first query value and `bar` = the second. Comparisons Strata's Query cannot write (ordered or
// string operators on enums and CustomPersistable wrappers, which Realm Swift allows through their persisted type)
// run as the query string realm-swift's Query builds for them.

/// realm-swift's validateAllKeys: every map has the key `foo`, and another key besides.
func tcqMapKeys<Root: Object, M: MapQueryable & SendableMetatype>(
    _ name: String,
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<M>
) -> [TCQRow] where M.MapKey == String {
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
func tcqMapEquality<Root: Object, M: MapQueryable & SendableMetatype>(
    _ name: String,
    notEqualCount: Int = 1,
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<M>
) -> [TCQRow] where M.MapKey == String, M.QueryElement: TCQValue {
    typealias V = M.QueryElement
    return [
        tcq("\(name).values == values[0]", 1) { lhs($0).values == V.values()[0] },
        tcq("\(name).values != values[0]", notEqualCount) { lhs($0).values != V.values()[0] },
        tcq("\(name)[foo] == values[0]", 1) { lhs($0)["foo"] == V.values()[0] },
        tcq("\(name)[foo] != values[0]", 0) { lhs($0)["foo"] != V.values()[0] },
    ]
}

/// realm-swift's validateNumericComparisons on `.values` with the second query value (ltCount 1), and its
/// validateMapSubscriptNumericComparisons with the first.
func tcqMapOrdered<Root: Object, V: TCQValue & Comparable & Sendable>(
    _ name: String,
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<Map<String, V>>
) -> [TCQRow] {
    [
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

/// `tcqMapOrdered` for a map of optionals.
func tcqMapOrdered<Root: Object, V: TCQValue & Comparable & Sendable>(
    _ name: String,
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<Map<String, V?>>
) -> [TCQRow] {
    [
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

/// The ordered comparisons of `tcqMapOrdered` as query strings, with the stored forms of the query values, for maps
/// of enums and wrappers.
func tcqMapOrderedText<Root: Object>(
    _ root: Root.Type,
    _ name: String,
    _ stored: @escaping @Sendable () -> [Any]
) -> [TCQRow] {
    [
        tcqText(Root.self, "ANY \(name).@allValues > %@", 0) { [stored()[1]] },
        tcqText(Root.self, "ANY \(name).@allValues >= %@", 1) { [stored()[1]] },
        tcqText(Root.self, "ANY \(name).@allValues < %@", 1) { [stored()[1]] },
        tcqText(Root.self, "ANY \(name).@allValues <= %@", 1) { [stored()[1]] },
        tcqText(Root.self, "\(name)['foo'] > %@", 0) { [stored()[0]] },
        tcqText(Root.self, "\(name)['foo'] >= %@", 1) { [stored()[0]] },
        tcqText(Root.self, "\(name)['foo'] < %@", 0) { [stored()[0]] },
        tcqText(Root.self, "\(name)['foo'] <= %@", 1) { [stored()[0]] },
    ]
}

/// realm-swift's string modifiers.
let tcqStringModifiers: [(String, StringOptions)] = [
    ("", []), ("[c]", [.caseInsensitive]), ("[d]", [.diacriticInsensitive]),
    ("[cd]", [.caseInsensitive, .diacriticInsensitive]),
]

/// realm-swift's validateStringOperations on `.values` with "Foo" (or `a` for enums), plus its LIKE rows and
/// validateMapSubscriptStringComparisons. `diacriticsCollapse`: the map's other value equals the first under `[d]`
/// ("Foó" and "Foo"), so `!=[d]` matches no value.
func tcqMapStrings<Root: Object, S: StringQueryable & SendableMetatype>(
    _ name: String,
    diacriticsCollapse: Bool = true,
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<Map<String, S>>
) -> [TCQRow] {
    var rows: [TCQRow] = []
    for (modifier, options) in tcqStringModifiers {
        let notEqual = diacriticsCollapse && options.contains(.diacriticInsensitive) ? 0 : 1
        rows += [
            tcq("\(name).values ==\(modifier) Foo", 1) { lhs($0).values.equals("Foo", options: options) },
            tcq("NOT \(name).values ==\(modifier) Foo", 0) { !lhs($0).values.equals("Foo", options: options) },
            tcq("\(name).values !=\(modifier) Foo", notEqual) { lhs($0).values.notEquals("Foo", options: options) },
            tcq("NOT \(name).values !=\(modifier) Foo", 1 - notEqual) {
                !lhs($0).values.notEquals("Foo", options: options)
            },
            tcq("\(name).values CONTAINS\(modifier) Foo", 1) { lhs($0).values.contains("Foo", options: options) },
            tcq("NOT \(name).values CONTAINS\(modifier) Foo", 0) { !lhs($0).values.contains("Foo", options: options) },
            tcq("\(name).values BEGINSWITH\(modifier) Foo", 1) { lhs($0).values.starts(with: "Foo", options: options) },
            tcq("NOT \(name).values BEGINSWITH\(modifier) Foo", 0) {
                !lhs($0).values.starts(with: "Foo", options: options)
            },
            tcq("\(name).values ENDSWITH\(modifier) Foo", 1) { lhs($0).values.ends(with: "Foo", options: options) },
            tcq("NOT \(name).values ENDSWITH\(modifier) Foo", 0) {
                !lhs($0).values.ends(with: "Foo", options: options)
            },
        ]
    }
    let cd: StringOptions = [.caseInsensitive, .diacriticInsensitive]
    rows += [
        tcq("\(name).values LIKE[c] Foo", 1) { lhs($0).values.like("Foo", caseInsensitive: true) },
        tcq("\(name).values LIKE Foo", 1) { lhs($0).values.like("Foo") },
        tcq("\(name)[foo] CONTAINS[cd] Foo", 1) { lhs($0)["foo"].contains("Foo", options: cd) },
        tcq("\(name)[foo] CONTAINS Foo", 1) { lhs($0)["foo"].contains("Foo") },
        tcq("NOT \(name)[foo] CONTAINS Foo", 0) { !lhs($0)["foo"].contains("Foo") },
        tcq("\(name)[foo] BEGINSWITH[cd] Foo", 1) { lhs($0)["foo"].starts(with: "Foo", options: cd) },
        tcq("\(name)[foo] BEGINSWITH Foo", 1) { lhs($0)["foo"].starts(with: "Foo") },
        tcq("\(name)[foo] ENDSWITH[cd] Foo", 1) { lhs($0)["foo"].ends(with: "Foo", options: cd) },
        tcq("\(name)[foo] ENDSWITH Foo", 1) { lhs($0)["foo"].ends(with: "Foo") },
        tcq("\(name)[foo] LIKE[c] Foo", 1) { lhs($0)["foo"].like("Foo", caseInsensitive: true) },
        tcq("\(name)[foo] LIKE Foo", 1) { lhs($0)["foo"].like("Foo") },
    ]
    return rows
}

/// The rows of `tcqMapStrings` as query strings, for maps of string enums (`a`, `b`) and string wrappers.
func tcqMapStringsText<Root: Object>(
    _ root: Root.Type,
    _ name: String,
    value: String,
    diacriticsCollapse: Bool
) -> [TCQRow] {
    var rows: [TCQRow] = []
    let values = "ANY \(name).@allValues"
    for (modifier, options) in tcqStringModifiers {
        let notEqual = diacriticsCollapse && options.contains(.diacriticInsensitive) ? 0 : 1
        rows += [
            tcqText(Root.self, "\(values) ==\(modifier) %@", 1) { [value] },
            tcqText(Root.self, "NOT \(values) ==\(modifier) %@", 0) { [value] },
            tcqText(Root.self, "\(values) !=\(modifier) %@", notEqual) { [value] },
            tcqText(Root.self, "NOT \(values) !=\(modifier) %@", 1 - notEqual) { [value] },
            tcqText(Root.self, "\(values) CONTAINS\(modifier) %@", 1) { [value] },
            tcqText(Root.self, "NOT \(values) CONTAINS\(modifier) %@", 0) { [value] },
            tcqText(Root.self, "\(values) BEGINSWITH\(modifier) %@", 1) { [value] },
            tcqText(Root.self, "NOT \(values) BEGINSWITH\(modifier) %@", 0) { [value] },
            tcqText(Root.self, "\(values) ENDSWITH\(modifier) %@", 1) { [value] },
            tcqText(Root.self, "NOT \(values) ENDSWITH\(modifier) %@", 0) { [value] },
        ]
    }
    rows += [
        tcqText(Root.self, "\(values) LIKE[c] %@", 1) { [value] },
        tcqText(Root.self, "\(values) LIKE %@", 1) { [value] },
        tcqText(Root.self, "\(name)['foo'] CONTAINS[cd] %@", 1) { [value] },
        tcqText(Root.self, "\(name)['foo'] CONTAINS %@", 1) { [value] },
        tcqText(Root.self, "NOT \(name)['foo'] CONTAINS %@", 0) { [value] },
        tcqText(Root.self, "\(name)['foo'] BEGINSWITH[cd] %@", 1) { [value] },
        tcqText(Root.self, "\(name)['foo'] BEGINSWITH %@", 1) { [value] },
        tcqText(Root.self, "\(name)['foo'] ENDSWITH[cd] %@", 1) { [value] },
        tcqText(Root.self, "\(name)['foo'] ENDSWITH %@", 1) { [value] },
        tcqText(Root.self, "\(name)['foo'] LIKE[c] %@", 1) { [value] },
        tcqText(Root.self, "\(name)['foo'] LIKE %@", 1) { [value] },
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
        tcqMapOrderedText(TCQEnums.self, "mapInt") { TCQEnumInt.values().map(\.rawValue) },
        tcqMapOrderedText(TCQEnums.self, "mapInt8") { TCQEnumInt8.values().map(\.rawValue) },
        tcqMapOrderedText(TCQEnums.self, "mapInt16") { TCQEnumInt16.values().map(\.rawValue) },
        tcqMapOrderedText(TCQEnums.self, "mapInt32") { TCQEnumInt32.values().map(\.rawValue) },
        tcqMapOrderedText(TCQEnums.self, "mapInt64") { TCQEnumInt64.values().map(\.rawValue) },
        tcqMapOrderedText(TCQEnums.self, "mapFloat") { TCQEnumFloat.values().map(\.rawValue) },
        tcqMapOrderedText(TCQEnums.self, "mapDouble") { TCQEnumDouble.values().map(\.rawValue) },
        tcqMapOrderedText(TCQCustomCollections.self, "mapInt") { TCQIntWrapper.values().map(\.value) },
        tcqMapOrderedText(TCQCustomCollections.self, "mapInt8") { TCQInt8Wrapper.values().map(\.value) },
        tcqMapOrderedText(TCQCustomCollections.self, "mapInt16") { TCQInt16Wrapper.values().map(\.value) },
        tcqMapOrderedText(TCQCustomCollections.self, "mapInt32") { TCQInt32Wrapper.values().map(\.value) },
        tcqMapOrderedText(TCQCustomCollections.self, "mapInt64") { TCQInt64Wrapper.values().map(\.value) },
        tcqMapOrderedText(TCQCustomCollections.self, "mapFloat") { TCQFloatWrapper.values().map(\.value) },
        tcqMapOrderedText(TCQCustomCollections.self, "mapDouble") { TCQDoubleWrapper.values().map(\.value) },
        tcqMapOrderedText(TCQCustomCollections.self, "mapDate") { TCQDateWrapper.values().map(\.value) },
        tcqMapOrderedText(TCQCustomCollections.self, "mapDecimal") { TCQDecimal128Wrapper.values().map(\.value) },
        tcqMapOrdered("mapOptInt") { (q: Query<TCQAllTypes>) in q.mapOptInt },
        tcqMapOrdered("mapOptInt8") { (q: Query<TCQAllTypes>) in q.mapOptInt8 },
        tcqMapOrdered("mapOptInt16") { (q: Query<TCQAllTypes>) in q.mapOptInt16 },
        tcqMapOrdered("mapOptInt32") { (q: Query<TCQAllTypes>) in q.mapOptInt32 },
        tcqMapOrdered("mapOptInt64") { (q: Query<TCQAllTypes>) in q.mapOptInt64 },
        tcqMapOrdered("mapOptFloat") { (q: Query<TCQAllTypes>) in q.mapOptFloat },
        tcqMapOrdered("mapOptDouble") { (q: Query<TCQAllTypes>) in q.mapOptDouble },
        tcqMapOrdered("mapOptDate") { (q: Query<TCQAllTypes>) in q.mapOptDate },
        tcqMapOrdered("mapOptDecimal") { (q: Query<TCQAllTypes>) in q.mapOptDecimal },
        tcqMapOrderedText(TCQEnums.self, "mapIntOpt") { TCQEnumInt.values().map(\.rawValue) },
        tcqMapOrderedText(TCQEnums.self, "mapInt8Opt") { TCQEnumInt8.values().map(\.rawValue) },
        tcqMapOrderedText(TCQEnums.self, "mapInt16Opt") { TCQEnumInt16.values().map(\.rawValue) },
        tcqMapOrderedText(TCQEnums.self, "mapInt32Opt") { TCQEnumInt32.values().map(\.rawValue) },
        tcqMapOrderedText(TCQEnums.self, "mapInt64Opt") { TCQEnumInt64.values().map(\.rawValue) },
        tcqMapOrderedText(TCQEnums.self, "mapFloatOpt") { TCQEnumFloat.values().map(\.rawValue) },
        tcqMapOrderedText(TCQEnums.self, "mapDoubleOpt") { TCQEnumDouble.values().map(\.rawValue) },
        tcqMapOrderedText(TCQCustomCollections.self, "mapOptInt") { TCQIntWrapper.values().map(\.value) },
        tcqMapOrderedText(TCQCustomCollections.self, "mapOptInt8") { TCQInt8Wrapper.values().map(\.value) },
        tcqMapOrderedText(TCQCustomCollections.self, "mapOptInt16") { TCQInt16Wrapper.values().map(\.value) },
        tcqMapOrderedText(TCQCustomCollections.self, "mapOptInt32") { TCQInt32Wrapper.values().map(\.value) },
        tcqMapOrderedText(TCQCustomCollections.self, "mapOptInt64") { TCQInt64Wrapper.values().map(\.value) },
        tcqMapOrderedText(TCQCustomCollections.self, "mapOptFloat") { TCQFloatWrapper.values().map(\.value) },
        tcqMapOrderedText(TCQCustomCollections.self, "mapOptDouble") { TCQDoubleWrapper.values().map(\.value) },
        tcqMapOrderedText(TCQCustomCollections.self, "mapOptDate") { TCQDateWrapper.values().map(\.value) },
        tcqMapOrderedText(TCQCustomCollections.self, "mapOptDecimal") { TCQDecimal128Wrapper.values().map(\.value) },
    ]

    static let stringRows: [[TCQRow]] = [
        tcqMapStrings("mapString") { (q: Query<TCQAllTypes>) in q.mapString },
        tcqMapStrings("mapOptString") { (q: Query<TCQAllTypes>) in q.mapOptString },
        tcqMapStringsText(TCQEnums.self, "mapString", value: "a", diacriticsCollapse: false),
        tcqMapStringsText(TCQEnums.self, "mapStringOpt", value: "a", diacriticsCollapse: false),
        tcqMapStringsText(TCQCustomCollections.self, "mapString", value: "Foo", diacriticsCollapse: true),
        tcqMapStringsText(TCQCustomCollections.self, "mapOptString", value: "Foo", diacriticsCollapse: true),
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
