import Foundation
import Strata
import Testing

// Corners of the query dialect, settled by realm-core's test/test_parser.cpp, run on the Specimen data set of
// QueryConformanceTests (makeSpecimens; the table there lists every value). Where Realm Swift's own query layer
// (Realm/RLMQueryUtil.mm, Realm/Tests/QueryTests.m) answers differently from realm-core's parser, Realm Swift's
// answer is the row's, since DESIGN §3 makes the dialect Realm Swift's: null needles, BETWEEN over collections
// and on strings, `boolColumn == 1`. Such rows say so. The columns this file leans on:
//
//  id string       optString int8  int16  bool optBool ints     strings  stringSet        intMap    stringMap
//  1  "alpha"      "x"       -5    300    T    T       1,2,3    a,b      red,green        a:1,b:2   k:"v"
//  2  ""           nil       0     -300   F    F       -        -        -                -         -
//  3  "Beta"       ""        127   1      T    nil     5        A        Red              a:10      k:nil
//  4  "gamma ray"  "X"       -128  32767  F    nil     3,3,3    b,c,a    blue             z:0       k:"V",j:"w"
//  5  "Ärger"      "xyz"     1     2      T    T       10,-10   ""       red,blue,green   a:1,c:3   q:""
//  6  "Alpha"      nil       64    64     F    F       7        alpha    -                b:5       -
//
//  friend: 1→2, 2→3, 4→1, 5→5 (3 and 6 nil).  friends: 1:[2,3] 3:[1] 4:[1,2,3] 5:[6,4].
//  friendSet: 1:{4} 4:{5,6} 6:{1}.  fans (LinkingObjects of friends): 1:{3,4} 2:{1,4} 3:{1,4} 4:{5} 6:{5}.

/// What a row expects: a number of objects, or an error whose message contains a fragment.
enum CornerExpectation: Sendable {
    case count(Int)
    case error(String)
}

/// One row: a query, its arguments (made inside the realm, so that they can be managed objects and
/// collections), and what it gives.
struct CornerCase: Sendable, CustomStringConvertible {
    let query: String
    let arguments: @Sendable (isolated Realm) -> [Any]
    let expected: CornerExpectation

    var description: String { query }
}

private func row(_ query: String, _ expected: CornerExpectation) -> CornerCase {
    CornerCase(query: query, arguments: { _ in [] }, expected: expected)
}

private func row(
    _ query: String,
    _ expected: CornerExpectation,
    _ arguments: @escaping @Sendable (isolated Realm) -> [Any]
)
    -> CornerCase
{
    CornerCase(query: query, arguments: arguments, expected: expected)
}

/// Realm Swift's message for two aggregates compared (RLMQueryUtil's apply_column_expression).
private let aggregatePair =
    "Key paths including aggregate operations cannot be compared with other aggregate operations"

private func specimen(_ realm: isolated Realm, _ id: Int) -> Specimen {
    realm.object(ofType: Specimen.self, forPrimaryKey: id)!
}

@Suite("Corners of the query dialect, as realm-core's parser tests settle them")
struct ParserCornerTests {
    static let stringOperators: [CornerCase] = [
        // A null needle: CONTAINS, BEGINSWITH and ENDSWITH match nothing, as with an empty needle (Realm Swift's
        // QueryTests: `%K BEGINSWITH NULL` counts 0; realm-core's parser matches every object); LIKE NULL matches
        // only null strings (both agree).
        row("optString CONTAINS NULL", .count(0)),
        row("optString CONTAINS[c] NULL", .count(0)),
        row("optString BEGINSWITH NULL", .count(0)),
        row("optString BEGINSWITH[c] NULL", .count(0)),
        row("optString ENDSWITH NULL", .count(0)),
        row("optString ENDSWITH[c] NULL", .count(0)),
        row("optString LIKE NULL", .count(2)),
        row("optString LIKE[c] NULL", .count(2)),
        row("string CONTAINS %@", .count(0)) { _ in [NSNull()] },
        row("optString BEGINSWITH %@", .count(0)) { _ in [String?.none as Any] },
        row("optString == NULL", .count(2)),
        row("NULL == optString", .count(2)),
        row("optString != NULL", .count(4)),
        row("NULL != optString", .count(4)),
        row("optString ==[c] NULL", .count(2)),
        row("optString !=[c] NULL", .count(4)),
        // A constant on the left of a string operator is refused (Realm Swift's QueryTests.m,
        // testPredicateNotSupported: "Operator 'CONTAINS' requires a keypath on the left side"; realm-core's
        // parser alone would accept it). QueryDialectPortTests holds the rest of Realm's refusals.
        row("NULL CONTAINS optString", .error("Operator 'CONTAINS' requires a keypath on the left side")),
        row("NULL LIKE optString", .error("Operator 'LIKE' requires a keypath on the left side")),
        row("'alphabet' BEGINSWITH string", .error("Operator 'BEGINSWITH' requires a keypath on the left side")),
        row("'xyz' ENDSWITH optString", .error("Operator 'ENDSWITH' requires a keypath on the left side")),
        // An empty needle matches nothing (Realm Swift).
        row("string CONTAINS ''", .count(0)),
        row("optString BEGINSWITH ''", .count(0)),
        // Case and diacritics.
        row("string ==[c] 'ALPHA'", .count(2)),
        row("string BEGINSWITH[c] 'a'", .count(2)),
        row("string BEGINSWITH[cd] 'a'", .count(3)),
        row("string CONTAINS[d] 'Arg'", .count(1)),
        row("string CONTAINS 'a'", .count(4)),
        row("string ENDSWITH 'a'", .count(3)),
        // LIKE: `*` any run, `?` one character.
        row("string LIKE 'a*'", .count(1)),
        row("string LIKE[c] 'a*'", .count(2)),
        row("string LIKE '?eta'", .count(1)),
        row("string LIKE '*ray'", .count(1)),
        row("string LIKE '*'", .count(6)),
        row("string LIKE '?'", .count(0)),
        row("string LIKE '*l*'", .count(2)),
        row("string LIKE '*a'", .count(3)),
        row("string LIKE 'g?mma*'", .count(1)),
        row("string LIKE 'alpha'", .count(1)),
        row("string LIKE[c] 'ALPHA'", .count(2)),
        row("string LIKE '?????'", .count(3)),
        row("optString LIKE 'x*'", .count(2)),
        row("optString LIKE[c] 'x*'", .count(3)),
        row("ANY strings LIKE 'a*'", .count(3)),
        row("ANY stringSet LIKE[c] 'r?d'", .count(3)),
        row("friend.string LIKE '*a'", .count(2)),
        // Ordered string comparisons: case-sensitive, by code point; a null string is less than every string.
        row("string > 'a'", .count(3)),
        row("string >= 'alpha'", .count(3)),
        row("string < 'B'", .count(2)),
        row("optString < 'x'", .count(4)),
        row("optString >= 'x'", .count(2)),
        row("any < '6'", .count(1)),
        // BETWEEN is for numbers and dates only (Realm Swift: "Operator 'BETWEEN' not supported for type 'string'").
        row("string BETWEEN {'a', 'h'}", .error("BETWEEN is not valid for 'string'")),
        row("ANY strings BETWEEN {'a', 'b'}", .error("BETWEEN is not valid for 'strings'")),
    ]

    static let typeErrors: [CornerCase] = [
        // Numbers against Bool: 0 and 1 with == and != (Realm Swift's `boolCol == 1`); anything else an error.
        row("bool == 1", .count(3)),
        row("bool == 0", .count(3)),
        row("bool != 1", .count(3)),
        row("optBool == 1", .count(2)),
        row("bool == 2", .error("cannot compare 'bool'")),
        row("bool > 0", .error("cannot compare 'bool'")),
        row("bool == 'true'", .error("cannot compare 'bool'")),
        // [c] and string operators need strings.
        row("int8 ==[c] 1", .error("not valid for 'int8'")),
        row("int8 CONTAINS 1", .error("not valid for 'int8'")),
        row("date BEGINSWITH 'a'", .error("'date'")),
        row("ANY ints LIKE 0", .error("not valid for 'ints'")),
        row("ints.@count CONTAINS 1", .error("not valid for 'ints.@count'")),
        // Mismatched types.
        row("int8 == 'a'", .error("cannot compare 'int8'")),
        row("string == 1", .error("cannot compare 'string'")),
        row("date > 5", .error("cannot compare 'date'")),
        row("objectId == 1", .error("cannot compare 'objectId'")),
        row("int8 BETWEEN {'a', 'b'}", .error("cannot compare 'int8'")),
        row("ANY ints == 'string'", .error("cannot compare 'ints'")),
        row("ints.@min == 'a'", .error("cannot compare 'ints.@min'")),
        row("string == int8", .error("cannot compare 'string'")),
        row("ints == ints", .error("collection")),
        // Key paths through scalars, and unknown properties.
        row("int8.property > 2", .error("'int8' is not a link")),
        row("friend.string.length == 2", .error("'string' is not a link")),
        row("missing == 1", .error("has no property 'missing'")),
        row("friend.friend.missing == 1", .error("has no property 'missing'")),
        row("friends.missing.@count == 1", .error("has no property 'missing'")),
        // @count and the other aggregates need a collection; @sum/@avg need numbers, @min/@max an order.
        row("int8.@count == 1", .error("needs a collection")),
        row("string.@size == 1", .error("needs a collection")),
        row("friend.@count == 1", .error("needs a collection")),
        row("friend.@max.int8 == 1", .error("needs a collection")),
        row("strings.@min == 'a'", .error("not valid for values of type")),
        row("strings.@sum == 2", .error("not valid for values of type")),
        row("dates.@avg > 0", .error("not valid for values of type")),
        row("friends.@sum.string > 0", .error("not valid for values of type")),
        row("friends.@min == 1", .error("needs a property")),
        row("friends.@min.missing == 1", .error("is not a property")),
        // ANY/ALL/NONE need a collection.
        row("ALL friend.int8 > 0", .error("not a collection")),
        row("NONE friend.string == 'a'", .error("not a collection")),
        row("ANY int8 > 0", .error("ANY needs a collection")),
        row("ALL int8 > 0", .error("not a collection")),
        row("SOME string == 'a'", .error("not a collection")),
        // A collection needs a quantifier or an aggregate.
        row("ints == 1", .error("use ANY, ALL, NONE")),
        row("friends.int8 > 0", .error("use ANY, ALL, NONE")),
        // BETWEEN: numbers and dates; over a collection with ANY, ALL or NONE (Realm Swift's QueryTests count
        // `ANY array.intCol BETWEEN` and `ANY intObj BETWEEN`; realm-core's parser allows only ALL).
        row("int8 BETWEEN {1, 127}", .count(3)),
        row("friend.int8 BETWEEN {-5, 0}", .count(2)),
        row("ALL ints BETWEEN {0, 10}", .count(5)),
        row("ANY ints BETWEEN {5, 9}", .count(2)),
        row("NONE ints BETWEEN {5, 9}", .count(4)),
        row("ANY friends.int8 BETWEEN {0, 1}", .count(2)),
        row("ints BETWEEN {5, 9}", .error("use ANY, ALL, NONE")),
        row("bool BETWEEN {false, true}", .error("BETWEEN is not valid for 'bool'")),
        row("objectId BETWEEN {%@, %@}", .error("BETWEEN is not valid for 'objectId'")) { _ in
            [specimenObjectId(1), specimenObjectId(3)]
        },
        row("data BETWEEN {B64\"AQ==\", B64\"Ag==\"}", .error("BETWEEN is not valid for 'data'")),
        row("NONE int8 BETWEEN {1, 2}", .error("not a collection")),
        row("date BETWEEN {%@, %@}", .count(2)) { _ in
            [specimenDate("1999-01-01"), specimenDate("2020-01-01")]
        },
        // Two constants.
        row("1 == 1", .error("two constants")),
        row("'a' CONTAINS 'b'", .error("two constants")),
        // Links compare only for equality.
        row("friend > %@", .error("cannot compare 'friend'")) { realm in [specimen(realm, 1)] },
    ]

    static let collections: [CornerCase] = [
        // Map keys and values: @keys/@allKeys, @values/@allValues.
        row("ANY intMap.@keys == 'a'", .count(3)),
        row("ANY intMap.@allKeys == 'a'", .count(3)),
        row("NONE intMap.@keys == 'a'", .count(3)),
        row("ALL intMap.@keys == 'a'", .count(2)),
        row("ANY intMap.@values > 4", .count(2)),
        row("ANY intMap.@allValues > 4", .count(2)),
        row("ANY stringMap.@values ==[c] 'v'", .count(2)),
        row("ANY stringMap.@allValues == nil", .count(1)),
        row("intMap.@count == 2", .count(2)),
        row("intMap.@keys == 'a'", .error("use ANY, ALL, NONE")),
        row("int8.@allKeys == 'a'", .error("@keys needs a map")),
        // Map subscripts: a missing key reads as null.
        row("intMap['a'] == 1", .count(2)),
        row("intMap['a'] > 1", .count(1)),
        row("intMap[%@] == 10", .count(1)) { _ in ["a"] },
        row("intMap['zz'] == nil", .count(6)),
        row("intMap['a'] == nil", .count(3)),
        row("intMap['a'] != nil", .count(3)),
        row("intMap['a'] IN {1, 10}", .count(3)),
        row("stringMap['k'] == 'v'", .count(1)),
        row("stringMap['k'] ==[c] 'v'", .count(2)),
        row("stringMap['k'] == nil", .count(4)),
        row("stringMap['k'] BEGINSWITH 'V'", .count(1)),
        row("friend.intMap['a'] == 10", .count(1)),
        row("int8['a'] == 1", .error("needs a map")),
        // Linking objects, from either side.
        row("%@ IN fans", .count(2)) { realm in [specimen(realm, 1)] },
        row("%@ IN fans", .count(0)) { realm in [specimen(realm, 6)] },
        row("ANY fans IN %@", .count(2)) { realm in [[specimen(realm, 5)]] },
        row("ANY fans == %@", .count(3)) { realm in [specimen(realm, 4)] },
        row("NONE fans == %@", .count(3)) { realm in [specimen(realm, 4)] },
        row("fans.@count == 0", .count(1)),
        row("fans.@count == 2", .count(3)),
        row("ANY fans.int8 > 100", .count(1)),
        row("ALL fans.bool == true", .count(3)),
        row("%@ IN friends", .count(2)) { realm in [specimen(realm, 1)] },
        row("%@ IN friendSet", .count(1)) { realm in [specimen(realm, 5)] },
        row("@links.Specimen.friends.@count > 1", .count(3)),
        row("ANY @links.Specimen.friend.id == 4", .count(1)),
        // SUBQUERY: two columns of the element, and a SUBQUERY inside another.
        row("SUBQUERY(friends, $f, $f.int16 > $f.int8).@count > 0", .count(3)),
        row("SUBQUERY(friends, $f, $f.int16 > $f.int8).@count == 1", .count(3)),
        row("SUBQUERY(friends, $f, $f.int8 == $f.int16).@count > 0", .count(1)),
        row("SUBQUERY(friends, $f, $f.string BEGINSWITH[c] 'a').@count == 1", .count(3)),
        row(
            "SUBQUERY(friends, $f, SUBQUERY($f.friends, $g, $g.bool == true).@count > 0).@count > 0",
            .count(4)
        ),
        row(
            "SUBQUERY(friends, $f, SUBQUERY($f.friends, $g, $g.id == 1).@count > 0).@count == 1",
            .count(3)
        ),
        row("SUBQUERY(fans, $f, $f.bool == false).@count > 0", .count(3)),
        row("SUBQUERY(friendSet, $f, $f.friend == nil).@count > 0", .count(1)),
        row("SUBQUERY(friends, $f, $f.id == 1).@count == SUBQUERY(friends, $f, $f.id == 2).@count", .count(4)),
        row("SUBQUERY(ints, $x, $x == 1).@count > 0", .error("SUBQUERY needs a list or set of objects")),
        // The body's key paths start at the element with or without `$f.` (realm-core binds the body to the
        // element's table): `id == 1` is `$f.id == 1`.
        row("SUBQUERY(friends, $f, id == 1).@count > 0", .count(2)),
        // and `$f.int8 == int8` compares each friend with itself, so every object with a friend matches.
        row("SUBQUERY(friends, $f, $f.int8 == int8).@count > 0", .count(4)),
        row("SUBQUERY(friends, $f, $g.id == 1).@count > 0", .error("'$g' is not the variable of this SUBQUERY")),
        // IN with a Swift Set, a Results or a List as the argument.
        row("int8 IN %@", .count(2)) { _ in [Set([0, 64])] },
        row("string IN %@", .count(2)) { _ in [Set(["alpha", "Beta"])] },
        row("friend IN %@", .count(2)) { realm in [realm.objects(Specimen.self).filter("id <= 2")] },
        row("ANY friends IN %@", .count(3)) { realm in [specimen(realm, 4).friends] },
        row("NONE friends IN %@", .count(3)) { realm in [specimen(realm, 4).friends] },
        row("int8 IN %@", .count(1)) { realm in [specimen(realm, 1).ints] },
        row("ANY friends IN %@", .count(0)) { realm in [realm.objects(Specimen.self).filter("id > 10")] },
        // An unmanaged object matches nothing, without an error.
        row("friend == %@", .count(0)) { _ in [Specimen()] },
        row("friend != %@", .count(6)) { _ in [Specimen()] },
        row("friend IN %@", .count(0)) { _ in [[Specimen()]] },
        row("%@ IN friends", .count(0)) { _ in [Specimen()] },
        row("ANY friends == %@", .count(0)) { _ in [Specimen()] },
    ]

    static let keyPaths: [CornerCase] = [
        // To-one chains: a missing link reads as null.
        row("friend.friend.string == 'Beta'", .count(1)),
        row("friend == nil", .count(2)),
        row("friend.string == nil", .count(2)),
        row("friend.optString == nil", .count(3)),
        row("ANY friends.friends.id == 1", .count(3)),
        // Aggregates and counts compared with columns; two aggregates are refused, as Realm Swift refuses them
        // (realm-core's parser compares them: these match 4, 1 and 6).
        row("ints.@max > int8", .count(3)),
        row("friends.@count > friendSet.@count", .error(aggregatePair)),
        row("ints.@sum == ints.@count", .error(aggregatePair)),
        row("@links.Specimen.friends.@count == fans.@count", .error(aggregatePair)),
        row("friends.@count == 'a'", .error("@count can only be compared with a numeric value.")),
        // Quantifiers over values.
        row("ANY ints IN {1, 7}", .count(2)),
        row("ALL stringSet BEGINSWITH 'r'", .count(2)),
        row("NONE stringSet ==[c] 'red'", .count(3)),
        row("ANY optInts == nil", .count(3)),
        row("ALL optInts == nil", .count(3)),
        row("ANY intMap.@keys BEGINSWITH 'a'", .count(3)),
        row("stringMap['k'] LIKE 'v*'", .count(1)),
        row("intMap['a'] CONTAINS 'x'", .error("cannot compare 'intMap['a']'")),
        // SUBQUERY bodies with links, quantifiers and subscripts.
        row("SUBQUERY(friends, $f, $f.friend != nil AND $f.friend.bool == true).@count > 0", .count(3)),
        row("SUBQUERY(friends, $f, ANY $f.ints == 3).@count > 0", .count(3)),
        row("SUBQUERY(friends, $f, $f.intMap['a'] == 1).@count > 0", .count(2)),
        // Numeric and date literals.
        row("int8 == 1.0", .count(1)),
        row("int8 IN {1.0, 64}", .count(2)),
        row("decimal == 1.1", .count(1)),
        row("date == 2000-01-01@00:00:00", .count(1)),
        row("date > 2000-01-01@00:00:00", .count(3)),
        // Arguments.
        row("%K == %@", .count(1)) { _ in ["string", "alpha"] },
        row("int8 == $1 OR int8 == $0", .count(2)) { _ in [64, 127] },
    ]

    static let syntax: [CornerCase] = [
        row("", .error("found the end of the query")),
        row("int8 ==", .error("found the end of the query")),
        row("int8 === 1", .error("expected a property or a value but found '='")),
        row("(int8 == 1", .error("expected ')'")),
        row("int8 == 1)", .error("unexpected ')'")),
        row("int8 == 1 &", .error("unexpected character '&'")),
        row("int8 == 1 | id == 2", .error("unexpected character '|'")),
        row("int8 == 1 && OR id == 2", .error("expected a comparison operator")),
        row("int8 BETWEEN {1 2}", .error("expected '}'")),
        row("int8 BETWEEN {1}", .error("BETWEEN needs two values")),
        row("int8 IN {1, 2", .error("expected '}'")),
        row("int8 IN (1, 2)", .error("found '('")),
        row("int8 IN [1, 2]", .error("string options must be")),
        row("SORT(id ASC)", .error("expected a comparison operator")),
        row("TRUEPREDICATE SORT(id)", .error("SORT needs ASC or DESC")),
        row("TRUEPREDICATE SORT()", .error("expected a property name")),
        row("TRUEPREDICATE DISTINCT()", .error("expected a property name")),
        row("TRUEPREDICATE LIMIT(-1)", .error("LIMIT needs a non-negative integer")),
        row("TRUEPREDICATE LIMIT(2.7)", .error("LIMIT needs a non-negative integer")),
        row("TRUEPREDICATE LIMIT(id)", .error("LIMIT needs a non-negative integer")),
        row("TRUEPREDICATE DISTINCT(ints)", .error("column 24: cannot sort or distinct on 'ints'")),
        row("TRUEPREDICATE SORT(id ASC, friends.id DESC)", .error("column 28: cannot sort or distinct")),
        row("TRUEPREDICATE SORT(missing ASC)", .error("column 20: 'Specimen' has no property 'missing'")),
        row("SUBQUERY(friends, $x, $x.id == 1) > 0", .error("expected '.'")),
        row("SUBQUERY(friends, $x, $x.id == 1).@min > 0", .error("SUBQUERY must be followed by .@count")),
        row("SUBQUERY(friends, x, x.id == 1).@count > 0", .error("SUBQUERY needs a variable")),
        row("SUBQUERY(friends, $x, ).@count > 0", .error("found ')'")),
        row("@prop > 2", .error("is not a collection operator")),
        row("int8 > $1", .error("argument")) { _ in [1] },
        // Valid forms of the same grammar.
        row("int8 == 1 AND NOT bool == false", .count(1)),
        row("!(int8 == 1) && !(int8 == 0)", .count(4)),
        row("int8 <> 0 OR string == ''", .count(6)),
        row("int8 => 64", .count(2)),
        row("int8 =< -5", .count(2)),
        row("TRUEPREDICATE SORT(id DESC) DISTINCT(bool) LIMIT(1)", .count(1)),
        row("FALSEPREDICATE || int8 == 0", .count(1)),
    ]

    static let cases = stringOperators + typeErrors + collections + keyPaths + syntax

    @Test("Each row gives its count or its error", arguments: Self.cases)
    func corner(_ corner: CornerCase) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Specimen.self]))
        try await makeSpecimens(realm)
        let outcome = await realm.read { realm -> Result<Int, any Error> in
            Result {
                try realm.objects(Specimen.self).filter(
                    RealmPredicate(format: corner.query, argumentArray: corner.arguments(realm))
                ).count
            }
        }
        switch (corner.expected, outcome) {
        case (.count(let expected), .success(let count)):
            #expect(count == expected, "\(corner.query)")
        case (.count, .failure(let error)):
            Issue.record("'\(corner.query)' failed: \(error)")
        case (.error(let fragment), .success(let count)):
            Issue.record("'\(corner.query)' should fail with '\(fragment)' but counted \(count)")
        case (.error(let fragment), .failure(let error)):
            let message = "\(error)"
            #expect(message.contains(fragment), "'\(corner.query)': \(message)")
            let positioned = message.contains("Invalid query at column")
            #expect(positioned, "'\(corner.query)' names no position: \(message)")
        }
    }

    @Test("The table has more than a hundred rows")
    func rowCount() {
        #expect(Self.cases.count > 100)
    }
}
