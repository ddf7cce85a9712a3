import Foundation
import Strata
import Testing

// Facts from realm-core's query-language tests, test/test_parser.cpp (github.com/realm/realm-core), ported as tables.
// realm-core's tests build tables and call `verify_query(table, "query", count)`, or expect a query to throw
// (CHECK_THROW, CHECK_THROW_ANY, CHECK_THROW_EX with the message); each row here is one such query string, run through
// `RealmPredicate(format:argumentArray:)` and `Results.filter(_:)` on the same data rebuilt as Strata models
// (CoreParserPortTests+Models.swift and CoreParserPortTests+CollectionModels.swift), with the count realm-core expects
// or the key words of its message. This file: the harness, and Parser_valid_queries, Parser_invalid_queries and Parser_empty_input.
//
// The dialect is Realm Swift's (DESIGN §3), so realm-core's query strings are written the way Strata documents where
// the two differ, and a row says so: a key path through a list or a set takes ANY (realm-core implies it; `items.price
// == 5.5` is `ANY items.price == 5.5`); `%K` takes the place of realm-core's `$K0`; a managed object argument takes the
// place of the `O0` and `obj('Class', key)` literals; `B64"…"` is a binary literal (realm-core's `bin('…')`); a key
// path names a property by its Swift name. Left out: realm-core's arithmetic (`age * 2`), lists on the left of an
// operator and ordered list equality (`{1, 2} == items.price`), quantifiers after the operator (`== ANY {…}`),
// `.length`, list subscripts on typed lists (`items[FIRST]`), string and binary `@size`, key path mappings and
// `INCLUDE`, none of which Realm Swift's dialect has. A row whose count or error differs from realm-core's where Strata
// documents no difference runs inside `withKnownIssue`, naming the difference.

/// What realm-core's test expects of a query.
enum QCPExpected: Sendable {
    /// The number of objects the query matches.
    case count(Int)
    /// The query throws ``RealmError/invalidQuery(_:)``, with each of these words in its message (ignoring case).
    case error([String])
}

/// One query of realm-core's tests with its arguments and what it gives.
struct QCPRow: Sendable, CustomTestStringConvertible {
    let query: String
    /// The arguments, made inside the realm (so that they can be managed objects).
    let arguments: @Sendable (isolated Realm) -> [Any]
    let expected: QCPExpected
    /// How Strata differs from realm-core here, for a row that is a known issue.
    let knownIssue: String?

    var testDescription: String { query }
}

/// A row expecting `count` objects.
func qcp(
    _ query: String,
    _ count: Int,
    known: String? = nil,
    _ arguments: @escaping @Sendable (isolated Realm) -> [Any] = { _ in [] }
) -> QCPRow {
    QCPRow(query: query, arguments: arguments, expected: .count(count), knownIssue: known)
}

/// A row expecting an error whose message holds each of `keys`.
func qcpError(
    _ query: String,
    _ keys: [String] = [],
    known: String? = nil,
    _ arguments: @escaping @Sendable (isolated Realm) -> [Any] = { _ in [] }
) -> QCPRow {
    QCPRow(query: query, arguments: arguments, expected: .error(keys), knownIssue: known)
}

/// Realm Swift's message for two aggregates compared with each other (RLMQueryUtil's apply_column_expression), which
/// realm-core's parser compares.
let qcpAggregatePair = "Key paths including aggregate operations cannot be compared with other aggregate operations"

/// The data of one realm-core test: its models, how to write its objects, and how to count a query's matches.
struct QCPFixture: Sendable {
    let types: @Sendable () -> [ObjectBase.Type]
    let seed: @Sendable (isolated Realm) throws -> Void
    let count: @Sendable (isolated Realm, RealmPredicate) throws -> Int

    /// A fixture whose rows query `Root`.
    static func of<Root: Object>(
        _ root: Root.Type,
        _ types: @escaping @Sendable () -> [ObjectBase.Type],
        seed: @escaping @Sendable (isolated Realm) throws -> Void
    ) -> QCPFixture {
        QCPFixture(types: types, seed: seed) { realm, predicate in try realm.objects(Root.self).filter(predicate).count
        }
    }

    /// Opens a fresh in-memory realm holding the fixture's objects.
    func open() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration(types()))
        try await realm.write { realm in try seed(realm) }
        return realm
    }

    /// Runs `row` on the fixture and checks its outcome (inside `withKnownIssue` when the row names one).
    func check(_ row: QCPRow) async throws {
        let realm = try await open()
        let outcome = await realm.read { realm -> Result<Int, any Error> in
            Result { try count(realm, RealmPredicate(format: row.query, argumentArray: row.arguments(realm))) }
        }
        if let issue = row.knownIssue {
            withKnownIssue(Comment(rawValue: issue)) { Self.verify(row, outcome) }
        } else {
            Self.verify(row, outcome)
        }
    }

    static func verify(_ row: QCPRow, _ outcome: Result<Int, any Error>) {
        switch (row.expected, outcome) {
        case (.count(let expected), .success(let count)):
            #expect(count == expected, "'\(row.query)'")
        case (.count, .failure(let error)):
            Issue.record("'\(row.query)' threw: \(error)")
        case (.error(let keys), .success(let count)):
            Issue.record("'\(row.query)' should throw (\(keys)) but counted \(count)")
        case (.error(let keys), .failure(let error)):
            verifyMessage(of: error, query: row.query, keys: keys)
        }
    }

    /// Checks that `error` is ``RealmError/invalidQuery(_:)`` naming each of `keys`.
    static func verifyMessage(of error: any Error, query: String, keys: [String]) {
        guard let realmError = error as? RealmError, case .invalidQuery(let message) = realmError else {
            Issue.record("'\(query)' threw \(error), not RealmError.invalidQuery")
            return
        }
        for key in keys {
            #expect(message.localizedCaseInsensitiveContains(key), "'\(query)' lacks '\(key)': \(message)")
        }
    }
}

/// Whether parsing `query` throws ``RealmError/invalidQuery(_:)``, and its message.
func qcpParse(_ query: String, _ arguments: [Any] = []) -> (threw: Bool, message: String) {
    do {
        _ = try RealmPredicate(format: query, argumentArray: arguments)
        return (false, "")
    } catch {
        guard let realmError = error as? RealmError, case .invalidQuery(let message) = realmError else {
            return (true, "not invalidQuery: \(error)")
        }
        return (true, message)
    }
}

@Suite("realm-core's parser tests: syntax")
struct CoreParserPortTests {
    // Parser_valid_queries: queries realm-core's grammar accepts. Those that name properties parse; the query is
    // checked against a schema only when it is applied.
    static let validQueries: [String] = [
        "truepredicate", "falsepredicate", " TRUEPREDICATE ", " FALSEPREDICATE ", "truepredicates = falsepredicates",
        "stringCol == \"\\\"\\n\\0\\r\\\\'\"", "你好=5", "true = falsey", "nullified = null", "nullified = nil", "_ = a",
        "_a = _.aZ",
        "a BETWEEN {4, 5}", "sort > 0", "distinct > 0", "limit > 0", "a CONTAINS[c] b", "a contains [c] b",
        "in in 'in'", "contains contains 'contains'", "beginswith beginswith 'beginswith'",
        "endswith endswith 'endswith'", "NOT0=0", "NOT0.a=0", "NOT0a.b=0",
        "a==a && a==a", "a==a || a==a", "a==a&&a==a||a=a", "a==a and a==a", "a==a OR a==a",
        "a=b SORT(p ASCENDING)", "TRUEPREDICATE SORT(sort ASCENDING)", "TRUEPREDICATE SORT(distinct ASCENDING)",
        "TRUEPREDICATE SORT(limit ASC)", "TRUEPREDICATE SORT(sort ASC, distinct ASC, limit ASC)",
        "TRUEPREDICATE DISTINCT(disstinct)", "TRUEPREDICATE DISTINCT(sort)", "TRUEPREDICATE DISTINCT(limit)",
        "TRUEPREDICATE DISTINCT(sort, distinct, limit)",
        "TRUEPREDICATE SORT(sort ASC, distinct ASC, limit ASC) DISTINCT(sort, distinct, limit) LIMIT(1)",
        "TRUEPREDICATE LIMIT(1)", "a=b SORT(p asc)", "a=b SORT(p Descending)", "a=b sort (p.q desc)",
        "a=b distinct(p)", "a=b DISTINCT(P)", "a=b DISTINCT(p)", "a == b sort(a ASC, b DESC)",
        "a == b sort(a ASC, b DESC) sort(c ASC)", "a=b DISTINCT(p) DISTINCT(q)", "a=b DISTINCT(p, q, r) DISTINCT(q)",
        "a == b sort(a ASC, b DESC) DISTINCT(p)",
        "a == b sort(a ASC, b DESC) DISTINCT(p) sort(c ASC, d DESC) DISTINCT(q.r)",
        "a == b and c==d sort(a ASC, b DESC) DISTINCT(p) sort(c ASC, d DESC) DISTINCT(q.r)",
        "a == b  and c==d sort(a   ASC, b DESC)   DISTINCT( p )  sort( c   ASC  ,  d  DESC  ) DISTINCT(q.r ,   p)   ",
        "a BETWEEN {1, 2}", "a IN {1, 2, 3}", "a IN {'one', 2, -3.0, null}", "a IN {}", "a == {1, 2}", "a > {1, 2}",
        "a >= {1, 2}", "a < {1, 2}", "a <= {1, 2}", "a != {1, 2}", "a ==[c] {'a'}", "a beginswith {'a', 'b'}",
        "a endswith {'a', 'b'}", "a contains {'a', 'b'}", "a like {'a*', 'b*'}", "NOT a IN {1, 2}",
        "a=b LIMIT(1)", "a=b LIMIT ( 1 )", "a=b LIMIT( 1234567890 )", "a=b && c=d LIMIT(1)",
        "a=b && c=d || e=f LIMIT(1)", "a=b LIMIT(1) SORT(a ASC) DISTINCT(b)", "a=b SORT(a ASC) LIMIT(1) DISTINCT(b)",
        "a=b SORT(a ASC) DISTINCT(b) LIMIT(1)", "a=b LIMIT(2) LIMIT(1)", "a=b && c=d LIMIT(5) LIMIT(2)",
        "a=b LIMIT(5) SORT(age ASC) DISTINCT(name) LIMIT(2)",
        "SUBQUERY(items, $x, $x.name == 'Tom').@size > 0", "SUBQUERY(items, $x, $x.name == 'Tom').@count > 0",
        "SUBQUERY(items, $x, $x.allergens.@min.population_affected < 0.10).@count > 0",
        "SUBQUERY(items, $x, $x.name == 'Tom').@count == SUBQUERY(items, $x, $x.price < 10).@count",
        "p.@links.class.prop.@count > 2", "p.@links.class.prop.@sum.prop2 > 2",
    ]

    @Test("realm-core's valid queries that name properties parse", arguments: Self.validQueries)
    func valid(query: String) {
        let (threw, message) = qcpParse(query)
        #expect(!threw, "'\(query)': \(message)")
    }

    @Test("A valid query with an argument parses when the argument is given")
    func validWithArgument() {
        #expect(!qcpParse("desc CONTAINS[c] $0", ["x"]).threw)
    }

    // realm-core's valid queries whose two sides are constants: its grammar accepts them, and building the query
    // refuses them ("Comparison between two constants is not supported", Parser_TypeOfValue); Strata refuses them at
    // parsing (DESIGN §3), after reading each literal (string escapes and unicode, hexadecimal, `10.`, `-.034`).
    static let constantComparisons: [String] = [
        "\"\" = ''", "'azAZ09/ :()[]{}<>,.^@-+=*&~`' = '\\\" \\' \\\\ \\/ \\b \\f \\n \\r \\t \\0'",
        "\"azAZ09/\" = \"\\\" \\' \\\\ \\/ \\b \\f \\n \\r \\t \\0\"", "'\\uffFf' = '\\u0020'",
        "'\\u01111' = 'asdf\\u0111asdf'", "-1 = 12", "0 = 001", "0x0 = 0X398235fcAb", "10. = -.034", "10.0 = 5.034",
        "true = false", "0=0", "0 = 0", "0 =[c] 0", "0!=0", "0 != 0", "0 !=[c] 0", "0!=[c]0", "0 <> 0", "0<>0",
        "0 <>[c] 0", "0<>[c]0", "0==0", "0 == 0", "0==[c]0", "0 == [c] 0", "0>0", "0 > 0", "0>=0", "0 >= 0", "0 => 0",
        "0=>0", "0<0", "0 < 0", "0<=0", "0 <= 0", "0 =< 0", "(0=0)", "( 0=0 )", "((0=0))", "!0=0", "! 0=0", "!(0=0)",
        "! (0=0)", "not-1=1", "not 0=0", "NOT(0=0)", "not (0=0)", "NOT (!0=0)",
    ]

    @Test("realm-core's valid comparisons of two constants are refused", arguments: Self.constantComparisons)
    func constants(query: String) {
        let (threw, message) = qcpParse(query)
        #expect(threw && message.contains("two constants"), "'\(query)': \(message)")
    }

    // A constant on the left of a string operator: realm-core's grammar accepts `0 contains 0` and `'a'CONTAINS[c]b`;
    // Realm Swift refuses a constant on the left of a string operator (Docs.docc/QueryLanguage.md), and two constants.
    @Test(
        "realm-core's valid string operators with a constant on the left are refused",
        arguments: ["0 contains 0", "0 BeGiNsWiTh 0", "0 ENDSWITH 0", "'a'CONTAINS[c]b"]
    )
    func constantOnTheLeft(query: String) {
        #expect(qcpParse(query).threw, "'\(query)'")
    }

    @Test("A number that runs into AND: realm-core reads `a=1AND NOTb=2` as `a = 1 AND NOTb = 2`")
    func numberBeforeKeyword() {
        let (threw, message) = qcpParse("a=1AND NOTb=2")
        #expect(!threw, "\(message)")
    }

    // Parser_invalid_queries: each is a syntax error (realm-core's SyntaxError), so parsing throws.
    static let invalidQueries: [String] = [
        "predicate", "'\\a' = ''", "'\\u0' = ''", "\"' = ''", "\" = ''", "' = ''", "stone#age = 5",
        "true\\flove = false", "03a = 1", "1..0 = 1", "1.0. = 1", "1-0 = 1", "0x = 1", "- = a", "a..b = a", "0===>0",
        "a between {1 2}", "0 contains1", "a contains_something", "endswith 0", "link geoWithin 5.0", "0=0)", "(0=0",
        "(0=0))", "! =0", "NOTNOT(0=0)", "not.a=0", "0=0 !", "a==a & a==a", "a==a | a==a", "a==a &| a==a",
        "a==a && OR a==a", "a==aORa==a", "a==a ORa==a", "a==a AND==a", "a==a ANDa==a", "a=1ANDNOT b=2",
        "truepredicate &&", "truepredicate & truepredicate", "a IN {1, 2, 3", "a IN 1, 2, 3}", "a IN (1, 2, 3)",
        "a IN [1, 2, 3]", "a IN 1, 2, 3", "a IN {b, c}", "SORT(p ASCENDING)", "a=b SORT(p)", "a=b SORT(0 Descending)",
        "a=b sort()", "a=b sort", "distinct(p)", "a=b DISTINCT()", "a=b Distinct", "sort(a ASC b, DESC) a == b",
        "sort(a ASC b, DESC) a == b sort(c ASC)", "a=bDISTINCT(p)", "a=b sort p.q desc", "a=b sort(p.qDESC)",
        "a=b DISTINCT p", "a=b SORT(p ASC", "a=b DISTINCT(p", "a=b sort(p.q DESC a ASC)", "a=b DISTINCT(p q)",
        "LIMIT(1)", "a=b LIMIT", "a=b LIMIT()", "a=b LIMIT(2", "a=b LIMIT2)", "a=b LIMIT(-1)", "a=b LIMIT(2.7)",
        "a=b LIMIT(0xFFEE)", "a=b LIMIT(word)", "a=b LIMIT(11asdf)", "a=b LIMIT(1, 1)", "INCLUDE(a)", "a=b INCLUDE",
        "a=b INCLUDE()", "a=b INCLUDE(a", "a=b INCLUDEb)", "a=b INCLUDE(1)", "a=b INCLUDE(a,)", "a=b INCLUDE(,a)",
        "a=b INCLUDE(a.)", "a=b INCLUDE(a b)", "a=b INCLUDE(a < b)",
        "SUBQUERY(items, $x, $x.name == 'Tom') > 0", "SUBQUERY(items, $x, $x.name == 'Tom').@min > 0",
        "SUBQUERY(items, $x, $x.name == 'Tom').@max > 0", "SUBQUERY(items, $x, $x.name == 'Tom').@sum > 0",
        "SUBQUERY(items, $x, $x.name == 'Tom').@avg > 0", "SUBQUERY(items, var, var.name == 'Tom').@avg > 0",
        "SUBQUERY(, $x, $x.name == 'Tom').@avg > 0", "SUBQUERY(items, , name == 'Tom').@avg > 0",
        "SUBQUERY(items, $x, ).@avg > 0", "@prop > 2", "@backlinks.@count > 2", "prop@links > 2",
    ]

    @Test("realm-core's invalid queries do not parse", arguments: Self.invalidQueries)
    func invalid(query: String) {
        #expect(qcpParse(query).threw, "'\(query)' parsed")
    }

    // Parser_empty_input: an empty query is a syntax error; TRUEPREDICATE and FALSEPREDICATE, negated or not.
    @Test("An empty query is an error; TRUEPREDICATE and FALSEPREDICATE match all or nothing")
    func emptyInput() async throws {
        #expect(qcpParse("").threw)
        let fixture = QCPFixture.of(QCPPerson.self, { [QCPPerson.self] }, seed: qcpSeedPeople)
        for row in [
            qcp("TRUEPREDICATE", 5), qcp("!TRUEPREDICATE", 0), qcp("FALSEPREDICATE", 0), qcp("!FALSEPREDICATE", 5),
        ] {
            try await fixture.check(row)
        }
    }
}
