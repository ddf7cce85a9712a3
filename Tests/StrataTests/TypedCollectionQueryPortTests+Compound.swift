import Foundation
import Strata
import Testing

// RealmSwift/Tests/QueryTests.swift: testLinkingObjects, testCompoundAnd, testCompoundOr, testCompoundMixed and
// testAny (a list or set compared with one element is `ANY list == value`), over every property realm-swift generates
// them for. (testAny's string form and testSubquery are in QueryDialectPortTests and TypedQueryTests.)

/// realm-swift's validateCompoundMixed (and testCompoundOr's pairs), for each property and the next: each holds its
/// value, so `a == x || b == y` matches the object and `(a == x || b == y) && (a != x || b != y)` does not.
func tcqCompound<Root: Object>(_ scalars: [TCQScalar<Root>]) -> [TCQRow] {
    zip(scalars, scalars.dropFirst()).flatMap { first, second in
        [
            tcq("(\(first.name) == || \(second.name) ==) && (\(first.name) != || \(second.name) !=)", 0) {
                (first.equal($0) || second.equal($0)) && (first.notEqual($0) || second.notEqual($0))
            },
            tcq("\(first.name) == || \(second.name) ==", 1) { first.equal($0) || second.equal($0) },
        ]
    }
}

/// A `where { }` row on TCQAllTypes.
func tcqAll(
    _ label: String,
    _ expected: Int,
    _ query: @escaping @Sendable (Query<TCQAllTypes>) -> Query<Bool>
) -> TCQRow {
    tcq(label, expected, query)
}

/// testAny: a list or set compared with its first query value matches.
func tcqAny<Root: Object, C: RealmCollection>(
    _ name: String,
    _ lhs: @escaping @Sendable (Query<Root>) -> Query<C>
) -> [TCQRow] where C.Element: TCQValue {
    [tcq("\(name) == values[0]", 1) { lhs($0) == C.Element.values()[0] }]
}

@Suite("Typed compound queries, linking objects and ANY, ported from realm-swift")
struct TCQCompoundTests {
    static let mixedRows: [TCQRow] =
        tcqCompound(TCQScalars.allTypes) + tcqCompound(TCQScalars.customTypes)
        + tcqCompound(TCQScalars.optionalAllTypes) + tcqCompound(TCQScalars.optionalCustomTypes)

    static let anyRows: [[TCQRow]] = [
        tcqAny("arrayBool") { (q: Query<TCQAllTypes>) in q.arrayBool },
        tcqAny("arrayInt") { (q: Query<TCQAllTypes>) in q.arrayInt },
        tcqAny("arrayInt8") { (q: Query<TCQAllTypes>) in q.arrayInt8 },
        tcqAny("arrayInt16") { (q: Query<TCQAllTypes>) in q.arrayInt16 },
        tcqAny("arrayInt32") { (q: Query<TCQAllTypes>) in q.arrayInt32 },
        tcqAny("arrayInt64") { (q: Query<TCQAllTypes>) in q.arrayInt64 },
        tcqAny("arrayFloat") { (q: Query<TCQAllTypes>) in q.arrayFloat },
        tcqAny("arrayDouble") { (q: Query<TCQAllTypes>) in q.arrayDouble },
        tcqAny("arrayString") { (q: Query<TCQAllTypes>) in q.arrayString },
        tcqAny("arrayBinary") { (q: Query<TCQAllTypes>) in q.arrayBinary },
        tcqAny("arrayDate") { (q: Query<TCQAllTypes>) in q.arrayDate },
        tcqAny("arrayDecimal") { (q: Query<TCQAllTypes>) in q.arrayDecimal },
        tcqAny("arrayObjectId") { (q: Query<TCQAllTypes>) in q.arrayObjectId },
        tcqAny("arrayUuid") { (q: Query<TCQAllTypes>) in q.arrayUuid },
        tcqAny("arrayAny") { (q: Query<TCQAllTypes>) in q.arrayAny },
        tcqAny("listInt") { (q: Query<TCQEnums>) in q.listInt },
        tcqAny("listInt8") { (q: Query<TCQEnums>) in q.listInt8 },
        tcqAny("listInt16") { (q: Query<TCQEnums>) in q.listInt16 },
        tcqAny("listInt32") { (q: Query<TCQEnums>) in q.listInt32 },
        tcqAny("listInt64") { (q: Query<TCQEnums>) in q.listInt64 },
        tcqAny("listFloat") { (q: Query<TCQEnums>) in q.listFloat },
        tcqAny("listDouble") { (q: Query<TCQEnums>) in q.listDouble },
        tcqAny("listString") { (q: Query<TCQEnums>) in q.listString },
        tcqAny("listBool") { (q: Query<TCQCustomCollections>) in q.listBool },
        tcqAny("listInt") { (q: Query<TCQCustomCollections>) in q.listInt },
        tcqAny("listInt8") { (q: Query<TCQCustomCollections>) in q.listInt8 },
        tcqAny("listInt16") { (q: Query<TCQCustomCollections>) in q.listInt16 },
        tcqAny("listInt32") { (q: Query<TCQCustomCollections>) in q.listInt32 },
        tcqAny("listInt64") { (q: Query<TCQCustomCollections>) in q.listInt64 },
        tcqAny("listFloat") { (q: Query<TCQCustomCollections>) in q.listFloat },
        tcqAny("listDouble") { (q: Query<TCQCustomCollections>) in q.listDouble },
        tcqAny("listString") { (q: Query<TCQCustomCollections>) in q.listString },
        tcqAny("listBinary") { (q: Query<TCQCustomCollections>) in q.listBinary },
        tcqAny("listDate") { (q: Query<TCQCustomCollections>) in q.listDate },
        tcqAny("listDecimal") { (q: Query<TCQCustomCollections>) in q.listDecimal },
        tcqAny("listObjectId") { (q: Query<TCQCustomCollections>) in q.listObjectId },
        tcqAny("listUuid") { (q: Query<TCQCustomCollections>) in q.listUuid },
        tcqAny("arrayOptBool") { (q: Query<TCQAllTypes>) in q.arrayOptBool },
        tcqAny("arrayOptInt") { (q: Query<TCQAllTypes>) in q.arrayOptInt },
        tcqAny("arrayOptInt8") { (q: Query<TCQAllTypes>) in q.arrayOptInt8 },
        tcqAny("arrayOptInt16") { (q: Query<TCQAllTypes>) in q.arrayOptInt16 },
        tcqAny("arrayOptInt32") { (q: Query<TCQAllTypes>) in q.arrayOptInt32 },
        tcqAny("arrayOptInt64") { (q: Query<TCQAllTypes>) in q.arrayOptInt64 },
        tcqAny("arrayOptFloat") { (q: Query<TCQAllTypes>) in q.arrayOptFloat },
        tcqAny("arrayOptDouble") { (q: Query<TCQAllTypes>) in q.arrayOptDouble },
        tcqAny("arrayOptString") { (q: Query<TCQAllTypes>) in q.arrayOptString },
        tcqAny("arrayOptBinary") { (q: Query<TCQAllTypes>) in q.arrayOptBinary },
        tcqAny("arrayOptDate") { (q: Query<TCQAllTypes>) in q.arrayOptDate },
        tcqAny("arrayOptDecimal") { (q: Query<TCQAllTypes>) in q.arrayOptDecimal },
        tcqAny("arrayOptObjectId") { (q: Query<TCQAllTypes>) in q.arrayOptObjectId },
        tcqAny("arrayOptUuid") { (q: Query<TCQAllTypes>) in q.arrayOptUuid },
        tcqAny("listIntOpt") { (q: Query<TCQEnums>) in q.listIntOpt },
        tcqAny("listInt8Opt") { (q: Query<TCQEnums>) in q.listInt8Opt },
        tcqAny("listInt16Opt") { (q: Query<TCQEnums>) in q.listInt16Opt },
        tcqAny("listInt32Opt") { (q: Query<TCQEnums>) in q.listInt32Opt },
        tcqAny("listInt64Opt") { (q: Query<TCQEnums>) in q.listInt64Opt },
        tcqAny("listFloatOpt") { (q: Query<TCQEnums>) in q.listFloatOpt },
        tcqAny("listDoubleOpt") { (q: Query<TCQEnums>) in q.listDoubleOpt },
        tcqAny("listStringOpt") { (q: Query<TCQEnums>) in q.listStringOpt },
        tcqAny("listOptBool") { (q: Query<TCQCustomCollections>) in q.listOptBool },
        tcqAny("listOptInt") { (q: Query<TCQCustomCollections>) in q.listOptInt },
        tcqAny("listOptInt8") { (q: Query<TCQCustomCollections>) in q.listOptInt8 },
        tcqAny("listOptInt16") { (q: Query<TCQCustomCollections>) in q.listOptInt16 },
        tcqAny("listOptInt32") { (q: Query<TCQCustomCollections>) in q.listOptInt32 },
        tcqAny("listOptInt64") { (q: Query<TCQCustomCollections>) in q.listOptInt64 },
        tcqAny("listOptFloat") { (q: Query<TCQCustomCollections>) in q.listOptFloat },
        tcqAny("listOptDouble") { (q: Query<TCQCustomCollections>) in q.listOptDouble },
        tcqAny("listOptString") { (q: Query<TCQCustomCollections>) in q.listOptString },
        tcqAny("listOptBinary") { (q: Query<TCQCustomCollections>) in q.listOptBinary },
        tcqAny("listOptDate") { (q: Query<TCQCustomCollections>) in q.listOptDate },
        tcqAny("listOptDecimal") { (q: Query<TCQCustomCollections>) in q.listOptDecimal },
        tcqAny("listOptObjectId") { (q: Query<TCQCustomCollections>) in q.listOptObjectId },
        tcqAny("listOptUuid") { (q: Query<TCQCustomCollections>) in q.listOptUuid },
        tcqAny("setBool") { (q: Query<TCQAllTypes>) in q.setBool },
        tcqAny("setInt") { (q: Query<TCQAllTypes>) in q.setInt },
        tcqAny("setInt8") { (q: Query<TCQAllTypes>) in q.setInt8 },
        tcqAny("setInt16") { (q: Query<TCQAllTypes>) in q.setInt16 },
        tcqAny("setInt32") { (q: Query<TCQAllTypes>) in q.setInt32 },
        tcqAny("setInt64") { (q: Query<TCQAllTypes>) in q.setInt64 },
        tcqAny("setFloat") { (q: Query<TCQAllTypes>) in q.setFloat },
        tcqAny("setDouble") { (q: Query<TCQAllTypes>) in q.setDouble },
        tcqAny("setString") { (q: Query<TCQAllTypes>) in q.setString },
        tcqAny("setBinary") { (q: Query<TCQAllTypes>) in q.setBinary },
        tcqAny("setDate") { (q: Query<TCQAllTypes>) in q.setDate },
        tcqAny("setDecimal") { (q: Query<TCQAllTypes>) in q.setDecimal },
        tcqAny("setObjectId") { (q: Query<TCQAllTypes>) in q.setObjectId },
        tcqAny("setUuid") { (q: Query<TCQAllTypes>) in q.setUuid },
        tcqAny("setAny") { (q: Query<TCQAllTypes>) in q.setAny },
        tcqAny("setInt") { (q: Query<TCQEnums>) in q.setInt },
        tcqAny("setInt8") { (q: Query<TCQEnums>) in q.setInt8 },
        tcqAny("setInt16") { (q: Query<TCQEnums>) in q.setInt16 },
        tcqAny("setInt32") { (q: Query<TCQEnums>) in q.setInt32 },
        tcqAny("setInt64") { (q: Query<TCQEnums>) in q.setInt64 },
        tcqAny("setFloat") { (q: Query<TCQEnums>) in q.setFloat },
        tcqAny("setDouble") { (q: Query<TCQEnums>) in q.setDouble },
        tcqAny("setString") { (q: Query<TCQEnums>) in q.setString },
        tcqAny("setBool") { (q: Query<TCQCustomCollections>) in q.setBool },
        tcqAny("setInt") { (q: Query<TCQCustomCollections>) in q.setInt },
        tcqAny("setInt8") { (q: Query<TCQCustomCollections>) in q.setInt8 },
        tcqAny("setInt16") { (q: Query<TCQCustomCollections>) in q.setInt16 },
        tcqAny("setInt32") { (q: Query<TCQCustomCollections>) in q.setInt32 },
        tcqAny("setInt64") { (q: Query<TCQCustomCollections>) in q.setInt64 },
        tcqAny("setFloat") { (q: Query<TCQCustomCollections>) in q.setFloat },
        tcqAny("setDouble") { (q: Query<TCQCustomCollections>) in q.setDouble },
        tcqAny("setString") { (q: Query<TCQCustomCollections>) in q.setString },
        tcqAny("setBinary") { (q: Query<TCQCustomCollections>) in q.setBinary },
        tcqAny("setDate") { (q: Query<TCQCustomCollections>) in q.setDate },
        tcqAny("setDecimal") { (q: Query<TCQCustomCollections>) in q.setDecimal },
        tcqAny("setObjectId") { (q: Query<TCQCustomCollections>) in q.setObjectId },
        tcqAny("setUuid") { (q: Query<TCQCustomCollections>) in q.setUuid },
        tcqAny("setOptBool") { (q: Query<TCQAllTypes>) in q.setOptBool },
        tcqAny("setOptInt") { (q: Query<TCQAllTypes>) in q.setOptInt },
        tcqAny("setOptInt8") { (q: Query<TCQAllTypes>) in q.setOptInt8 },
        tcqAny("setOptInt16") { (q: Query<TCQAllTypes>) in q.setOptInt16 },
        tcqAny("setOptInt32") { (q: Query<TCQAllTypes>) in q.setOptInt32 },
        tcqAny("setOptInt64") { (q: Query<TCQAllTypes>) in q.setOptInt64 },
        tcqAny("setOptFloat") { (q: Query<TCQAllTypes>) in q.setOptFloat },
        tcqAny("setOptDouble") { (q: Query<TCQAllTypes>) in q.setOptDouble },
        tcqAny("setOptString") { (q: Query<TCQAllTypes>) in q.setOptString },
        tcqAny("setOptBinary") { (q: Query<TCQAllTypes>) in q.setOptBinary },
        tcqAny("setOptDate") { (q: Query<TCQAllTypes>) in q.setOptDate },
        tcqAny("setOptDecimal") { (q: Query<TCQAllTypes>) in q.setOptDecimal },
        tcqAny("setOptObjectId") { (q: Query<TCQAllTypes>) in q.setOptObjectId },
        tcqAny("setOptUuid") { (q: Query<TCQAllTypes>) in q.setOptUuid },
        tcqAny("setIntOpt") { (q: Query<TCQEnums>) in q.setIntOpt },
        tcqAny("setInt8Opt") { (q: Query<TCQEnums>) in q.setInt8Opt },
        tcqAny("setInt16Opt") { (q: Query<TCQEnums>) in q.setInt16Opt },
        tcqAny("setInt32Opt") { (q: Query<TCQEnums>) in q.setInt32Opt },
        tcqAny("setInt64Opt") { (q: Query<TCQEnums>) in q.setInt64Opt },
        tcqAny("setFloatOpt") { (q: Query<TCQEnums>) in q.setFloatOpt },
        tcqAny("setDoubleOpt") { (q: Query<TCQEnums>) in q.setDoubleOpt },
        tcqAny("setStringOpt") { (q: Query<TCQEnums>) in q.setStringOpt },
        tcqAny("setOptBool") { (q: Query<TCQCustomCollections>) in q.setOptBool },
        tcqAny("setOptInt") { (q: Query<TCQCustomCollections>) in q.setOptInt },
        tcqAny("setOptInt8") { (q: Query<TCQCustomCollections>) in q.setOptInt8 },
        tcqAny("setOptInt16") { (q: Query<TCQCustomCollections>) in q.setOptInt16 },
        tcqAny("setOptInt32") { (q: Query<TCQCustomCollections>) in q.setOptInt32 },
        tcqAny("setOptInt64") { (q: Query<TCQCustomCollections>) in q.setOptInt64 },
        tcqAny("setOptFloat") { (q: Query<TCQCustomCollections>) in q.setOptFloat },
        tcqAny("setOptDouble") { (q: Query<TCQCustomCollections>) in q.setOptDouble },
        tcqAny("setOptString") { (q: Query<TCQCustomCollections>) in q.setOptString },
        tcqAny("setOptBinary") { (q: Query<TCQCustomCollections>) in q.setOptBinary },
        tcqAny("setOptDate") { (q: Query<TCQCustomCollections>) in q.setOptDate },
        tcqAny("setOptDecimal") { (q: Query<TCQCustomCollections>) in q.setOptDecimal },
        tcqAny("setOptObjectId") { (q: Query<TCQCustomCollections>) in q.setOptObjectId },
        tcqAny("setOptUuid") { (q: Query<TCQCustomCollections>) in q.setOptUuid },
    ]

    /// The compound rows of testCompoundAnd and testCompoundOr: a scalar with a collection's contents, a map's
    /// subscripts and its collections' aggregates (arrayInt and mapInt hold 1 and 3).
    static let compoundCollectionRows: [TCQRow] = [
        tcqAll("boolCol == false && optBoolCol == false", 1) { $0.boolCol == false && $0.optBoolCol == false },
        tcqAll("boolCol == false || intCol == 3", 1) { $0.boolCol == false || $0.intCol == 3 },
        tcqAll("boolCol == false && arrayBool.contains(true)", 1) {
            $0.boolCol == false && $0.arrayBool.contains(true)
        },
        tcqAll("boolCol != true && arrayBool.contains(true)", 1) { $0.boolCol != true && $0.arrayBool.contains(true) },
        tcqAll("boolCol == false && arrayOptBool.contains(true)", 1) {
            $0.boolCol == false && $0.arrayOptBool.contains(true)
        },
        tcqAll("boolCol != true && arrayOptBool.contains(true)", 1) {
            $0.boolCol != true && $0.arrayOptBool.contains(true)
        },
        tcqAll("boolCol == false && setBool.contains(true)", 1) { $0.boolCol == false && $0.setBool.contains(true) },
        tcqAll("boolCol != true && setOptBool.contains(true)", 1) {
            $0.boolCol != true && $0.setOptBool.contains(true)
        },
        tcqAll("boolCol == false && mapBool.contains(true)", 1) { $0.boolCol == false && $0.mapBool.contains(true) },
        tcqAll("boolCol != true && mapBool[foo] == true", 1) { ($0.boolCol != true) && ($0.mapBool["foo"] == true) },
        tcqAll("boolCol != true && mapBool[foo] == true && mapBool[bar] == true", 1) {
            ($0.boolCol != true) && ($0.mapBool["foo"] == true) && ($0.mapBool["bar"] == true)
        },
        tcqAll("boolCol == false && mapOptBool.contains(true)", 1) {
            $0.boolCol == false && $0.mapOptBool.contains(true)
        },
        tcqAll("boolCol != true && mapOptBool[foo] == true && mapOptBool[bar] == true", 1) {
            ($0.boolCol != true) && ($0.mapOptBool["foo"] == true) && ($0.mapOptBool["bar"] == true)
        },
        tcqAll("boolCol != true || setBool.contains(true)", 1) { $0.boolCol != true || $0.setBool.contains(true) },
        tcqAll("boolCol == false || mapInt.contains(3)", 1) { $0.boolCol == false || $0.mapInt.contains(3) },
        tcqAll("boolCol != true || mapInt[foo] == 3", 1) { ($0.boolCol != true) || ($0.mapInt["foo"] == 3) },
        tcqAll("boolCol != true || mapInt[foo] == 1 || mapInt[bar] == 3", 1) {
            ($0.boolCol != true) || ($0.mapInt["foo"] == 1) || ($0.mapInt["bar"] == 3)
        },
        tcqAll("boolCol != true || mapOptInt[foo] == 3", 1) { ($0.boolCol != true) || ($0.mapOptInt["foo"] == 3) },
        tcqAll("arrayInt: min <= 1 && max >= 3 && sum == 4 && count != 0 && 1 < avg < 3", 1) {
            ($0.arrayInt.min <= 1) && ($0.arrayInt.max >= 3) && ($0.arrayInt.sum == 4) && ($0.arrayInt.count != 0)
                && ($0.arrayInt.avg > 1) && ($0.arrayInt.avg < 3)
        },
        tcqAll("arrayOptInt: min <= 1 && max >= 3 && sum == 4 && count != 0 && 1 < avg < 3", 1) {
            ($0.arrayOptInt.min <= 1) && ($0.arrayOptInt.max >= 3) && ($0.arrayOptInt.sum == 4)
                && ($0.arrayOptInt.count != 0) && ($0.arrayOptInt.avg > 1) && ($0.arrayOptInt.avg < 3)
        },
        tcqAll("mapInt: min <= 1 && max >= 3 && sum == 4 && count != 0 && 1 < avg < 3", 1) {
            ($0.mapInt.min <= 1) && ($0.mapInt.max >= 3) && ($0.mapInt.sum == 4) && ($0.mapInt.count != 0)
                && ($0.mapInt.avg > 1) && ($0.mapInt.avg < 3)
        },
        tcqAll("mapOptInt: min <= 1 && max >= 3 && sum == 4 && count != 0 && 1 < avg < 3", 1) {
            ($0.mapOptInt.min <= 1) && ($0.mapOptInt.max >= 3) && ($0.mapOptInt.sum == 4)
                && ($0.mapOptInt.count != 0) && ($0.mapOptInt.avg > 1) && ($0.mapOptInt.avg < 3)
        },
        tcqAll("arrayInt: min <= 1 || max >= 5 || sum != 4 || count == 0 || avg > 3 || avg < 1", 1) {
            ($0.arrayInt.min <= 1) || ($0.arrayInt.max >= 5) || ($0.arrayInt.sum != 4) || ($0.arrayInt.count == 0)
                || ($0.arrayInt.avg > 3) || ($0.arrayInt.avg < 1)
        },
        tcqAll("arrayOptInt: min <= 1 || max >= 5 || sum != 4 || count == 0 || avg > 3 || avg < 1", 1) {
            ($0.arrayOptInt.min <= 1) || ($0.arrayOptInt.max >= 5) || ($0.arrayOptInt.sum != 4)
                || ($0.arrayOptInt.count == 0) || ($0.arrayOptInt.avg > 3) || ($0.arrayOptInt.avg < 1)
        },
        tcqAll("mapInt: (min <= 1 || max >= 5) && sum == 4 && count != 0 && (avg > 1 && avg < 5)", 1) {
            (($0.mapInt.min <= 1) || ($0.mapInt.max >= 5)) && ($0.mapInt.sum == 4) && ($0.mapInt.count != 0)
                && ($0.mapInt.avg > 1 && $0.mapInt.avg < 5)
        },
        tcqAll("mapOptInt: (min <= 1 || max >= 5) && sum == 4 && count != 0 && (avg > 1 && avg < 5)", 1) {
            (($0.mapOptInt.min <= 1) || ($0.mapOptInt.max >= 5)) && ($0.mapOptInt.sum == 4)
                && ($0.mapOptInt.count != 0) && ($0.mapOptInt.avg > 1 && $0.mapOptInt.avg < 5)
        },
        tcqAll("NOT (doubleCol == 234.567 || stringCol CONTAINS Foó) && stringCol == Foó", 0) {
            !($0.doubleCol == 234.567 || $0.stringCol.contains("Foó")) && ($0.stringCol == "Foó")
        },
        tcqAll("NOT (optDoubleCol == 234.567 || optStringCol CONTAINS Foó) && optStringCol == Foó", 0) {
            !($0.optDoubleCol == 234.567 || $0.optStringCol.contains("Foó")) && ($0.optStringCol == "Foó")
        },
        tcq("NOT (double == 234.567 || string CONTAINS Foó) && string == Foó", 0) { (q: Query<TCQCustomTypes>) in
            let (double, string) = (TCQDoubleWrapper(value: 234.567), TCQStringWrapper(value: "Foó"))
            return !(q.double == double || q.string.contains(string)) && (q.string == string)
        },
        tcq("NOT (optDouble == 234.567 || optString CONTAINS Foó) && optString == Foó", 0) {
            (q: Query<TCQCustomTypes>) in
            let (double, string) = (TCQDoubleWrapper(value: 234.567), TCQStringWrapper(value: "Foó"))
            return !(q.optDouble == double || q.optString.contains(string)) && (q.optString == string)
        },
        tcqAll("arrayCol.intCol != 123 && arrayCol.objectCol.intCol > 456 && setCol likewise", 0) {
            (($0.arrayCol.intCol != 123) && ($0.arrayCol.objectCol.intCol > 456))
                && (($0.setCol.intCol != 123) && ($0.setCol.objectCol.intCol > 456))
        },
    ]

    @Test("Two scalar comparisons combine with && and || as in realm-swift, for every adjacent pair of properties")
    func compoundMixed() async throws {
        try await tcqCheck(Self.mixedRows)
    }

    @Test("Scalars combine with collection contents, map subscripts and aggregates")
    func compoundWithCollections() async throws {
        try await tcqCheck(Self.compoundCollectionRows)
    }

    @Test("A list or set compared with one element matches when any element equals it, for every element type")
    func anyElement() async throws {
        try await tcqCheck(Self.anyRows.flatMap { $0 })
    }

    @Test("No object links to the seeded object, so it is in no linkingObjects")
    func linkingObjects() async throws {
        let realm = try await tcqRealm()
        let typed = await realm.read { realm in
            let objects = Array(realm.objects(TCQAllTypes.self))
            let all = realm.objects(TCQAllTypes.self)
            return [
                all.where { $0.linkingObjects.contains(objects[0]) }.count,
                all.where { $0.linkingObjects.containsAny(in: objects) }.count,
                all.where { !$0.linkingObjects.contains(objects[0]) }.count,
                all.where { !$0.linkingObjects.containsAny(in: objects) }.count,
            ]
        }
        #expect(typed == [0, 0, 1, 1])
        // The query strings realm-swift's typed query builds for them.
        let counts = await realm.read { realm in
            let objects = Array(realm.objects(TCQAllTypes.self))
            let all = realm.objects(TCQAllTypes.self)
            func count(_ format: String, _ argument: Any) -> Int {
                (try? all.filter(RealmPredicate(format: format, argumentArray: [argument])).count) ?? -1
            }
            return [
                count("%@ IN linkingObjects", objects[0]),
                count("ANY linkingObjects IN %@", objects),
                count("NOT %@ IN linkingObjects", objects[0]),
                count("NOT ANY linkingObjects IN %@", objects),
            ]
        }
        #expect(counts == [0, 0, 1, 1])
    }
}
