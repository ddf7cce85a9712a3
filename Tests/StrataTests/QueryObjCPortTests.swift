import Foundation
import Strata
import Testing

// Facts from realm-swift's Realm/Tests/QueryTests.m, its first half (testQueryingNilRealmThrows through
// testMultiLevelBackLinkQuery), asked of Strata's string queries: `filter(_:_:)` and `RealmPredicate`,
// `sorted(byKeyPath:ascending:)`, `sorted(by:)` with `SortDescriptor`s. The models are Realm's Objective-C test objects
// under the prefix QOA (QueryObjCPortTests+Models.swift), with Realm's property names, so its query strings run as
// they are; a message that names a class names the QOA model instead of Realm's.
//
// This file: testPredicateValidUse, testPredicateNotSupported, testPredicateMisuse, testBinaryComparisonInPredicate,
// testLinkQueryInvalid, testValidOperatorsInNumericComparison, testInvalidOperatorsInNumericComparison, testBasicQuery,
// testArrayQuery, testQueryBetween, testQueryWithDates, testUuidRealmQuery, testRLMValueQuery and
// testEmbeddedObjectQuery. QueryObjCPortTests+Strings.swift: testTwoColumnComparison, testBooleanPredicate, the string
// operator tests, testFloatQuery and testDecimalQuery. QueryObjCPortTests+Links.swift: the sorting tests, the live
// query tests and the link query tests.
//
// Not ported: testQueryingNilRealmThrows and testDynamicQueryInvalidClass (a nil realm, and a class name string that
// is no model: Swift's types rule them out); testLinkQueryDifferentRealmsThrows (a live object cannot reach another
// realm's actor to be used as its argument); the NSPredicate objects (block predicates, predicates built from
// NSExpressions, among them testPredicateMisuse's malformed key paths `children.@`, `.name` and `children.`), which
// Linux lacks; testDefaultRealmQuery, which repeats testBasicQuery on the default realm; and
// testStringUnsupportedOperations and testSortByUnspportedKeyPath, whose facts are asserted elsewhere. Left out here: a
// constant left of a string operator, `name <[c] 'name'`, MATCHES on strings, integers and dates and `LIKE[d]` on
// strings (QueryDialectPortTests), BETWEEN on strings (ParserCornerTests), and the sort key paths Realm refuses, on
// results, lists, sets and maps (CollectionSemanticsTests+Bounds).
//
// Where Strata answers differently from Realm, the row keeps Realm's answer inside `withKnownIssue`, saying how
// Strata differs (`qoaDecimalStrings`).

/// A query on one model and the error Realm gives for it: a fragment of its message (`RLMAssertThrowsWithReason`),
/// a regular expression (`RLMAssertThrowsWithReasonMatching`), or nil where Realm only checks that it throws.
struct QOARefusal: Sendable, CustomTestStringConvertible {
    let type: Object.Type
    let query: String
    nonisolated(unsafe) let arguments: [Any]
    let message: String?
    let isPattern: Bool

    var testDescription: String { "\(type) WHERE \(query)" + (arguments.isEmpty ? "" : " with \(arguments)") }

    /// Whether `description`, a thrown error's, carries Realm's message.
    func matches(_ description: String) -> Bool {
        guard let message else { return true }
        guard isPattern else { return description.contains(message) }
        return (try? Regex(message)).map { description.contains($0) } ?? false
    }

    /// Runs the query in a fresh realm and checks that it throws Realm's error.
    func check() async throws {
        let realm = try await qoaRealm()
        let outcome = await realm.read { realm in qoaOutcome(realm, type, query, arguments) }
        #expect(!outcome.hasPrefix("count "), "\(query) gave \(outcome)")
        #expect(matches(outcome), "\(query): \(outcome)")
    }
}

func qoaRefused(
    _ type: Object.Type,
    _ query: String,
    _ arguments: [Any] = [],
    _ message: String? = nil,
    pattern: Bool = false
) -> QOARefusal {
    QOARefusal(
        type: type,
        query: query,
        arguments: arguments,
        message: message,
        isPattern: pattern
    )
}

@Suite("Realm's Objective-C query tests, ported: building queries")
struct QueryObjCPortTests {
    // MARK: testPredicateValidUse

    static let booleanSpellings: [(String, Bool)] = [
        ("no", false), ("No", false), ("NO", false), ("false", false), ("False", false), ("FALSE", false), ("0", false),
        ("yes", true), ("Yes", true), ("YES", true), ("true", true), ("True", true), ("TRUE", true), ("1", true),
    ]

    @Test("A Boolean column compares with yes, no, true, false (in any case) and 1 and 0", arguments: booleanSpellings)
    func booleanSpelling(literal: String, value: Bool) async throws {
        let realm = try await qoaRealm()
        try await realm.write { realm in
            try realm.add(QOAAllTypes(1))  // boolCol true
            try realm.add(QOAAllTypes(2))  // boolCol false
        }
        let outcomes = await realm.read { realm in
            [
                qoaOutcome(realm, QOAAllTypes.self, "boolCol == \(literal)"),
                qoaOutcome(realm, QOAAllTypes.self, "boolCol == \(literal) AND intCol == \(value ? 1 : 2)"),
            ]
        }
        #expect(outcomes == ["count 1", "count 1"], "boolCol == \(literal)")
    }

    @Test("!= and <> both mean not equal for a Boolean column")
    func booleanInequality() async throws {
        let realm = try await qoaRealm()
        try await realm.write { realm in
            try realm.add(QOAAllTypes(1))
            try realm.add(QOAAllTypes(2))
        }
        let counts = await realm.read { realm in
            [qoaCount(realm, QOAAllTypes.self, "boolCol != YES"), qoaCount(realm, QOAAllTypes.self, "boolCol <> YES")]
        }
        #expect(counts == [1, 1])
    }

    // MARK: testPredicateNotSupported, testPredicateMisuse, testLinkQueryInvalid

    static let refusals: [QOARefusal] = [
        // Quantifiers need a collection on the path.
        qoaRefused(
            QOAPerson.self,
            "ANY age > 5",
            [],
            "Aggregate operations can only.*collection property",
            pattern: true
        ),
        qoaRefused(QOAPerson.self, "ALL age > 5", [], "ALL modifier not supported", pattern: true),
        qoaRefused(
            QOAPerson.self,
            "SOME age > 5",
            [],
            "Aggregate operations can only.*collection property",
            pattern: true
        ),
        qoaRefused(
            QOAPerson.self,
            "NONE age > 5",
            [],
            "Aggregate operations can only.*collection property",
            pattern: true
        ),
        qoaRefused(
            QOAPersonLink.self,
            "ANY person.age > 5",
            [],
            "Aggregate operations can only.*collection property",
            pattern: true
        ),
        qoaRefused(
            QOAPersonLink.self,
            "ALL person.age > 5",
            [],
            "ALL modifier not supported",
            pattern: true
        ),
        qoaRefused(
            QOAPersonLink.self,
            "SOME person.age > 5",
            [],
            "Aggregate operations can only.*collection property",
            pattern: true
        ),
        qoaRefused(
            QOAPersonLink.self,
            "NONE person.age > 5",
            [],
            "Aggregate operations can only.*collection property",
            pattern: true
        ),
        // A collection operator after a property that is no collection.
        qoaRefused(
            QOAPerson.self,
            "age.@count > 5",
            [],
            "Invalid keypath 'age.@count': Property 'QOAPerson.age' is not a link or collection and can only appear at "
                + "the end of a keypath."
        ),
        qoaRefused(
            QOAPerson.self,
            "age.@sum > 5",
            [],
            "Invalid keypath 'age.@sum': Property 'QOAPerson.age' is not a link or collection and can only appear at "
                + "the end of a keypath."
        ),
        // Two constants.
        qoaRefused(
            QOAPerson.self,
            "5 = 5",
            [],
            "Predicate expressions must compare a keypath and another keypath or a constant value"
        ),
        qoaRefused(
            QOAPerson.self,
            "nil = nil",
            [],
            "Predicate expressions must compare a keypath and another keypath or a constant value"
        ),
        qoaRefused(QOAPerson.self, "3 == 3"),
        // A list compared with itself.
        qoaRefused(QOAArrayOfAllTypes.self, "ANY array = array"),
        // A subquery that is not counted, or counted and compared with something but a constant.
        qoaRefused(
            QOAArrayOfAllTypes.self,
            "SUBQUERY(array, $obj, $obj.intCol = 5).@count == array.@count",
            [],
            "SUBQUERY.*compared with a constant number",
            pattern: true
        ),
        qoaRefused(
            QOAArrayOfAllTypes.self,
            "SUBQUERY(array, $obj, $obj.intCol = 5) == 0",
            [],
            "SUBQUERY.*immediately followed by .@count",
            pattern: true
        ),
        qoaRefused(
            QOAArrayOfAllTypes.self,
            "SELF IN SUBQUERY(array, $obj, $obj.intCol = 5)",
            [],
            "Predicate with IN operator must compare.*aggregate$",
            pattern: true
        ),
        qoaRefused(
            QOAPerson.self,
            "children.@average.age == 5",
            [],
            "Unsupported collection operation '@average'"
        ),
        // Properties the class lacks.
        qoaRefused(
            QOAPerson.self,
            "height > 72",
            [],
            "Property 'height' not found in object of type 'QOAPerson'"
        ),
        qoaRefused(
            QOAPerson.self,
            "age != xyz",
            [],
            "Invalid keypath 'xyz': Property 'xyz' not found in object of type 'QOAPerson'"
        ),
        // A constant of the wrong type. Realm names the Objective-C class of the constant.
        qoaRefused(
            QOAPerson.self,
            "name == 3",
            [],
            "Cannot compare value '3' of type '.*' to property 'name' of type 'string'",
            pattern: true
        ),
        qoaRefused(
            QOAPerson.self,
            "age IN {'xyz'}",
            [],
            "Cannot compare value 'xyz' of type '.*String.*' to property 'age' of type 'int'",
            pattern: true
        ),
        qoaRefused(QOAPerson.self, "name IN {3}"),
        qoaRefused(
            QOAAllTypes.self,
            "boolCol == 'Foo'",
            [],
            "Cannot compare value 'Foo' of type '.*String.*' to property 'boolCol' of type 'bool'",
            pattern: true
        ),
        qoaRefused(
            QOAAllTypes.self,
            "boolCol == 2",
            [],
            "Cannot compare value '2' of type '.*' to property 'boolCol' of type 'bool'",
            pattern: true
        ),
        qoaRefused(
            QOAAllTypes.self,
            "dateCol == 7",
            [],
            "Cannot compare value '7' of type '.*' to property 'dateCol' of type 'date'",
            pattern: true
        ),
        qoaRefused(
            QOAAllTypes.self,
            "doubleCol == 'The'",
            [],
            "Cannot compare value 'The' of type '.*String.*' to property 'doubleCol' of type 'double'",
            pattern: true
        ),
        qoaRefused(
            QOAAllTypes.self,
            "floatCol == 'Bar'",
            [],
            "Cannot compare value 'Bar' of type '.*String.*' to property 'floatCol' of type 'float'",
            pattern: true
        ),
        qoaRefused(
            QOAAllTypes.self,
            "intCol == 'Baz'",
            [],
            "Cannot compare value 'Baz' of type '.*String.*' to property 'intCol' of type 'int'",
            pattern: true
        ),
        qoaRefused(
            QOAPersonLink.self,
            "person.age IN {'Tim'}",
            [],
            "Cannot compare value 'Tim' of type '.*String.*' to property 'age' of type 'int'",
            pattern: true
        ),
        // Text that is no query.
        qoaRefused(QOAPerson.self, "", [], "Unable to parse the format string"),
        qoaRefused(QOAPerson.self, "age", [], "Unable to parse the format string"),
        qoaRefused(QOAPerson.self, "sdlfjasdflj", [], "Unable to parse the format string"),
        qoaRefused(QOAPerson.self, "age * 25", [], "Unable to parse the format string"),
        qoaRefused(QOAPerson.self, "age === 25", [], "Unable to parse the format string"),
        qoaRefused(QOAPerson.self, ",", [], "Unable to parse the format string"),
        qoaRefused(QOAPerson.self, "()", [], "Unable to parse the format string"),
        // Collection operators out of place.
        qoaRefused(QOAPerson.self, "@K == YES", [], "Unsupported collection operation '@K'"),
        qoaRefused(
            QOAPerson.self,
            "@count == 0",
            [],
            "Invalid keypath '@count': collection operation '@count' must be applied to a collection"
        ),
        // A key path through a property that is neither a link nor a collection of objects.
        qoaRefused(
            QOAPerson.self,
            "age.age == 25",
            [],
            "Invalid keypath 'age.age': Property 'QOAPerson.age' is not a link or collection and can only appear at "
                + "the end of a keypath."
        ),
        qoaRefused(
            QOAPerson.self,
            "age.age.age == 25",
            [],
            "Invalid keypath 'age.age.age': Property 'QOAPerson.age' is not a link or collection and can only appear "
                + "at the end of a keypath."
        ),
        // Realm names a collection as its property declares it: RLMArray<int>, RLMSet<int> and RLMDictionary<int> in
        // Realm's Objective-C models, List<int>, MutableSet<int> and Map<int> in Swift ones, such as these.
        qoaRefused(
            QOAPrimitiveArrays.self,
            "intObj.foo == 25",
            [],
            "Invalid keypath 'intObj.foo': List<int> property intObj can only be followed by a collection operation"
        ),
        qoaRefused(
            QOAPrimitiveSets.self,
            "intObj.foo == 25",
            [],
            "Invalid keypath 'intObj.foo': MutableSet<int> property intObj can only be followed by a collection "
                + "operation"
        ),
        qoaRefused(
            QOAPrimitiveDictionaries.self,
            "intObj.foo == 25",
            [],
            "Invalid keypath 'intObj.foo': Map<int> property intObj can only be followed by a collection operation"
        ),
        // BETWEEN takes a list of two constants.
        qoaRefused(QOAPerson.self, "age BETWEEN 25", [], "type NSArray for BETWEEN"),
        qoaRefused(
            QOAPerson.self,
            "age BETWEEN Foo",
            [],
            "BETWEEN operator must compare a KeyPath with an aggregate"
        ),
        qoaRefused(QOAPerson.self, "age BETWEEN {age, age}", [], "must be constant values"),
        qoaRefused(QOAPerson.self, "age BETWEEN {age, 0}", [], "must be constant values"),
        qoaRefused(QOAPerson.self, "age BETWEEN {0, age}", [], "must be constant values"),
        qoaRefused(QOAPerson.self, "age BETWEEN {0, {1, 10}}", [], "must be constant values"),
        // The same through an argument (Realm's NSPredicate objects, here `%@`).
        qoaRefused(QOAPerson.self, "age BETWEEN %@", [[1]], "exactly two objects"),
        qoaRefused(QOAPerson.self, "age BETWEEN %@", [[1, 2, 3]], "exactly two objects"),
        qoaRefused(QOAPerson.self, "age BETWEEN %@", [["Foo", "Bar"]], "type int for BETWEEN"),
        qoaRefused(QOAPerson.self, "age BETWEEN %@", [[1.5, 2.5]], "type int for BETWEEN"),
        qoaRefused(QOAPerson.self, "age BETWEEN %@", [[1, [2, 3]] as [Any]], "type int for BETWEEN"),
        qoaRefused(QOAPerson.self, "age BETWEEN %@", [[25: 35]], "type NSArray for BETWEEN"),
        qoaRefused(
            QOAPerson.self,
            "height BETWEEN %@",
            [[25, 35]],
            "Property 'height' not found in object of type 'QOAPerson'"
        ),
        // testLinkQueryInvalid: through a link, a wrong type or a missing property; a list on the path needs a
        // quantifier; two columns of different types.
        qoaRefused(
            QOALinkToAllTypes.self,
            "allTypesCol.binaryCol = 'a'",
            [],
            "Cannot compare value 'a' of type 'String' to property 'binaryCol' of type 'data'"
        ),
        qoaRefused(QOALinkToAllTypes.self, "allTypesCol.invalidCol = 'a'"),
        qoaRefused(QOALinkToAllTypes.self, "allTypesCol.longCol = 'a'"),
        qoaRefused(
            QOAArrayProperty.self,
            "intArray.intCol > 5",
            [],
            "Key paths that include a collection property must use aggregate operations",
            pattern: true
        ),
        qoaRefused(
            QOASetProperty.self,
            "intSet.intCol > 5",
            [],
            "Key paths that include a collection property must use aggregate operations",
            pattern: true
        ),
        qoaRefused(
            QOALinkToCompany.self,
            "company.employees.age > 5",
            [],
            "Key paths that include a collection property must use aggregate operations",
            pattern: true
        ),
        qoaRefused(
            QOALinkToAllTypes.self,
            "allTypesCol.intCol = allTypesCol.doubleCol",
            [],
            "Property type mismatch",
            pattern: true
        ),
    ]

    @Test("Each malformed or mistyped query is refused with Realm's message", arguments: refusals)
    func refusal(_ row: QOARefusal) async throws {
        try await row.check()
    }

    // MARK: testBinaryComparisonInPredicate

    static let binaryComparisons = [
        "binaryCol BEGINSWITH %@", "binaryCol ENDSWITH %@", "binaryCol CONTAINS %@", "binaryCol BEGINSWITH NULL",
        "binaryCol ENDSWITH NULL", "binaryCol CONTAINS NULL", "binaryCol = %@", "binaryCol != %@", "binaryCol > %@",
        "binaryCol >= %@", "binaryCol < %@", "binaryCol <= %@",
    ]

    @Test("A binary column takes the string operators and every comparison", arguments: binaryComparisons)
    func binaryComparison(query: String) async throws {
        let realm = try await qoaRealm()
        let outcome = await realm.read { realm in
            qoaOutcome(realm, QOABinary.self, query, query.contains("%@") ? [Data()] : [])
        }
        #expect(outcome == "count 0", "\(query)")
    }

    @Test("A binary column refuses MATCHES")
    func binaryMatches() async throws {
        try await qoaRefused(QOABinary.self, "binaryCol MATCHES %@", [Data()]).check()
    }

    // MARK: testValidOperatorsInNumericComparison, testInvalidOperatorsInNumericComparison

    /// A model, its property, and a value of the property's type.
    static let numericColumns: [(Object.Type, String, @Sendable () -> Any)] = [
        (QOAInt.self, "intCol", { 0 }),
        (QOAFloat.self, "floatCol", { 0 }),
        (QOADouble.self, "doubleCol", { 0 }),
        (QOADate.self, "dateCol", { Date() }),
        (QOADecimal.self, "decimalCol", { Decimal128(number: 0) }),
        (QOAMixed.self, "anyCol", { 0 }),
    ]

    @Test("Numbers, dates, decimals and mixed values take every ordered comparison")
    func numericOperators() async throws {
        let realm = try await qoaRealm()
        for (type, property, value) in Self.numericColumns {
            for comparison in ["<", "<=", ">", ">=", "==", "!="] {
                let query = "\(property) \(comparison) %@"
                let argument = value()
                nonisolated(unsafe) let arguments: [Any] = [argument]
                let outcome = await realm.read { realm in qoaOutcome(realm, type, query, arguments) }
                #expect(outcome == "count 0", "\(type) WHERE \(query)")
            }
        }
    }

    @Test("Numbers, dates and decimals refuse the string operators")
    func stringOperatorsOnNumbers() async throws {
        // MATCHES on integers and dates is QueryDialectPortTests'.
        for (type, property, value) in Self.numericColumns where type != QOAMixed.self {
            for textOperator in ["BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "MATCHES"]
            where textOperator != "MATCHES" || (type != QOAInt.self && type != QOADate.self) {
                try await qoaRefused(type, "\(property) \(textOperator) %@", [value()], "not supported for type")
                    .check()
            }
        }
    }

    // MARK: testBasicQuery, testArrayQuery

    @Test("A query filters, sorted results filter, and a filtered query sorts")
    func basicQuery() async throws {
        let realm = try await qoaRealm()
        try await realm.write { realm in
            for (name, age) in [("Fiel", 27), ("Ari", 33), ("Tim", 29)] { try realm.add(QOAPerson(name, age)) }
        }
        let (count, filteredThenSorted, sortedThenFiltered) = await realm.read { realm in
            let all = realm.objects(QOAPerson.self)
            return (
                all.filter("age > 28").count,
                all.filter("age > 28").sorted(byKeyPath: "age", ascending: true).first?.name,
                all.sorted(byKeyPath: "age", ascending: true).filter("age > 28").first?.name
            )
        }
        #expect(count == 2)
        #expect(filteredThenSorted == "Tim")
        #expect(sortedThenFiltered == "Tim")
    }

    @Test("All objects filter, and sorted results sort again the other way")
    func arrayQuery() async throws {
        let realm = try await qoaRealm()
        try await realm.write { realm in
            for (name, age) in [("Fiel", 27), ("Tim", 29), ("Ari", 33)] { try realm.add(QOAPerson(name, age)) }
        }
        let (all, is27, is28, first) = await realm.read { realm in
            let all = realm.objects(QOAPerson.self)
            let some = all.filter("age > 28").sorted(byKeyPath: "age", ascending: true)
            return (
                all.count, all.filter("age == 27").count, all.filter("age == 28").count,
                some.sorted(byKeyPath: "age", ascending: false).first?.name
            )
        }
        #expect(all == 3 && is27 == 1 && is28 == 0)
        #expect(first == "Ari")
    }

    // MARK: testEmbeddedObjectQuery

    @Test("Queries reach into embedded objects and sort by an embedded object's property")
    func embeddedObjectQuery() async throws {
        let realm = try await qoaRealm()
        try await realm.write { realm in
            for pk in [1, 4, 7] {
                let parent = QOAEmbeddedIntParent()
                parent.pk = pk
                parent.object = QOAEmbeddedInt()
                parent.object?.intCol = pk + 1
                let element = QOAEmbeddedInt()
                element.intCol = pk + 2
                parent.array.append(element)
                try realm.add(parent)
            }
        }
        let keys = await realm.read { realm in
            let all = realm.objects(QOAEmbeddedIntParent.self)
            return [
                all.filter("object.intCol = 2").map(\.pk),
                all.filter("ANY array.intCol > 4").map(\.pk),
                all.filter("ANY array.intCol > 4 and object.intCol = 5").map(\.pk),
                all.filter("array.@max.intCol < 9").sorted(byKeyPath: "object.intCol", ascending: false).map(\.pk),
            ]
        }
        #expect(keys == [[1], [4, 7], [4], [4, 1]])
    }
}
