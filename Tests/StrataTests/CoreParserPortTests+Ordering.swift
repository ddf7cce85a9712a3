import Foundation
import Strata
import Testing

// realm-core test/test_parser.cpp, the SORT, DISTINCT and LIMIT suffixes and two-column comparisons:
// Parser_SortAndDistinct, Parser_Limit and Parser_TwoColumnExpressionBasics. Each ordering row gives the property it
// reads, in order, from the objects the query returns. Left out: realm-core's key path mappings (`sol_rotations` for
// `age`), which Realm Swift has no counterpart for in queries.

/// A row expecting Realm Swift's error for `@count` or `@size` of the to-one link `keyPath` (`link.@count`), which
/// realm-core's parser counts as 0 or 1.
func qcpToOneCount(_ query: String, _ keyPath: String) -> QCPRow {
    let operation = keyPath.split(separator: ".").last.map(String.init) ?? ""
    return qcpError(
        query,
        ["Invalid keypath '\(keyPath)': collection operation '\(operation)' must be applied to a collection"]
    )
}

/// realm-core's `account` table.
final class QCPAccount: Object {
    @Persisted var balance = 0.0
    @Persisted var numTransactions = 0
}

/// realm-core's `person` table of Parser_SortAndDistinct and Parser_Limit.
final class QCPAccountHolder: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var account: QCPAccount?
}

/// Adam 28 (balance 50.55, 2 transactions), Frank 30 (50.55, 73), Ben 28 (98.92, 17), in that order.
private func seedHolders(_ realm: isolated Realm) throws {
    for (name, age, balance, transactions) in [
        ("Adam", 28, 50.55, 2), ("Frank", 30, 50.55, 73), ("Ben", 28, 98.92, 17),
    ] {
        let account = QCPAccount()
        account.balance = balance
        account.numTransactions = transactions
        let holder = QCPAccountHolder()
        holder.name = name
        holder.age = age
        holder.account = account
        try realm.add(holder)
    }
}

/// A query and what it returns: the names, ages or balances of the objects, in order.
struct QCPOrderRow: Sendable, CustomTestStringConvertible {
    enum Column: Sendable { case name, age, balance }
    let query: String
    let column: Column
    let expected: [String]

    var testDescription: String { query }

    init(_ query: String, _ column: Column, _ expected: [String]) {
        self.query = query
        self.column = column
        self.expected = expected
    }

    init(_ query: String, _ expected: [String]) { self.init(query, .name, expected) }
}

/// realm-core's Parser_TwoColumnExpressionBasics table.
final class QCPColumns: Object {
    @Persisted var ints: Int?
    @Persisted var doubles = 0.0
    @Persisted var strings = ""
    @Persisted var decimals: Decimal128 = 0
    @Persisted var objectids = ObjectId(bytes: Array(repeating: 0, count: 12))
    @Persisted var link: QCPColumns?
}

@Suite("realm-core's parser tests: SORT, DISTINCT, LIMIT and two columns")
struct CoreParserOrderingTests {
    static let orderRows: [QCPOrderRow] = [
        // Parser_SortAndDistinct.
        QCPOrderRow("age > 0 SORT(age ASC)", .age, ["28", "28", "30"]),
        QCPOrderRow("age > 0 SORT(age DESC)", .age, ["30", "28", "28"]),
        QCPOrderRow("age > 0 SORT(age ASC, name DESC)", ["Ben", "Adam", "Frank"]),
        QCPOrderRow("TRUEPREDICATE SORT(account.balance ascending)", .balance, ["50.55", "50.55", "98.92"]),
        QCPOrderRow("TRUEPREDICATE SORT(account.balance descending)", .balance, ["98.92", "50.55", "50.55"]),
        QCPOrderRow("TRUEPREDICATE DISTINCT(age)", .age, ["28", "30"]),
        QCPOrderRow("TRUEPREDICATE DISTINCT(age, account.balance)", ["Adam", "Frank", "Ben"]),
        QCPOrderRow("TRUEPREDICATE DISTINCT(age) DISTINCT(account.balance)", ["Adam"]),
        QCPOrderRow("TRUEPREDICATE SORT(age ASC) DISTINCT(age)", .age, ["28", "30"]),
        QCPOrderRow("TRUEPREDICATE SORT(name DESC) DISTINCT(age) SORT(name ASC) DISTINCT(name)", ["Ben", "Frank"]),
        QCPOrderRow("account.numTransactions > 10 SORT(name ASC)", ["Ben", "Frank"]),
        // Parser_Limit.
        QCPOrderRow("TRUEPREDICATE SORT(name ASC) LIMIT(0)", []),
        QCPOrderRow("TRUEPREDICATE SORT(name ASC) LIMIT(1)", ["Adam"]),
        QCPOrderRow("TRUEPREDICATE SORT(name ASC) LIMIT(2)", ["Adam", "Ben"]),
        QCPOrderRow("TRUEPREDICATE SORT(name ASC) LIMIT(3)", ["Adam", "Ben", "Frank"]),
        QCPOrderRow("TRUEPREDICATE SORT(name ASC) LIMIT(4)", ["Adam", "Ben", "Frank"]),
        QCPOrderRow("TRUEPREDICATE SORT(name ASC) DISTINCT(age) LIMIT(0)", []),
        QCPOrderRow("TRUEPREDICATE SORT(name ASC) DISTINCT(age) LIMIT(1)", ["Adam"]),
        QCPOrderRow("TRUEPREDICATE SORT(name ASC) DISTINCT(age) LIMIT(2)", ["Adam", "Frank"]),
        QCPOrderRow("TRUEPREDICATE SORT(name ASC) DISTINCT(age) LIMIT(3)", ["Adam", "Frank"]),
        QCPOrderRow("TRUEPREDICATE SORT(name ASC) DISTINCT(age) LIMIT(4)", ["Adam", "Frank"]),
        QCPOrderRow("age < 30 SORT(name ASC) DISTINCT(age) LIMIT(0)", []),
        QCPOrderRow("age < 30 SORT(name ASC) DISTINCT(age) LIMIT(1)", ["Adam"]),
        QCPOrderRow("age < 30 SORT(name ASC) DISTINCT(age) LIMIT(2)", ["Adam"]),
        QCPOrderRow("age < 30 SORT(name ASC) DISTINCT(age) LIMIT(4)", ["Adam"]),
        QCPOrderRow("age < 30 && name == 'Adam' LIMIT(0)", []),
        QCPOrderRow("age < 30 && name == 'Adam' LIMIT(1)", ["Adam"]),
        QCPOrderRow("age > 0 SORT(name ASC) LIMIT(2)", ["Adam", "Ben"]),
        QCPOrderRow("age > 0 LIMIT(2) SORT(name ASC)", ["Adam", "Frank"]),
        QCPOrderRow("age > 0 SORT(name DESC) LIMIT(2) SORT(age ASC) LIMIT(1)", ["Ben"]),
    ]

    @Test("Parser_SortAndDistinct and Parser_Limit: what the suffixes return, in order", arguments: Self.orderRows)
    func order(_ row: QCPOrderRow) async throws {
        let realm = try await QCPFixture.of(
            QCPAccountHolder.self,
            { [QCPAccount.self, QCPAccountHolder.self] },
            seed: seedHolders
        )
        .open()
        let values = try await realm.read { realm in
            try realm.objects(QCPAccountHolder.self).filter(RealmPredicate(format: row.query)).map { holder in
                switch row.column {
                case .name: holder.name
                case .age: "\(holder.age)"
                case .balance: "\(holder.account!.balance)"
                }
            }
        }
        #expect(values == row.expected, "'\(row.query)'")
    }

    static let limitRows: [QCPRow] = [
        qcp("TRUEPREDICATE LIMIT(0)", 0), qcp("TRUEPREDICATE LIMIT(1)", 1), qcp("TRUEPREDICATE LIMIT(2)", 2),
        qcp("TRUEPREDICATE LIMIT(3)", 3), qcp("TRUEPREDICATE LIMIT(4)", 3), qcp("TRUEPREDICATE LIMIT(2) LIMIT(1)", 1),
        qcp("TRUEPREDICATE LIMIT(3) LIMIT(2) LIMIT(1) LIMIT(10)", 1),
        qcp("age > 0 SORT(name ASC) LIMIT(2) DISTINCT(age)", 1),
        qcp("age == 30", 1), qcp("age == 30 LIMIT(0)", 0), qcp("age == 1000", 0), qcp("age == 1000 LIMIT(0)", 0),
        qcp("age == 1000 SORT(name ASC)", 0), qcp("age == 1000 SORT(name ASC) LIMIT(0)", 0),
        qcp("age == 28 SORT(name ASC)", 2), qcp("age == 28 SORT(name ASC) LIMIT(1)", 1),
        qcp("age == 28 DISTINCT(age)", 1), qcp("age == 28 DISTINCT(age) LIMIT(0)", 0),
        qcp("age == 28 SORT(name ASC) DISTINCT(age)", 1), qcp("age == 28 SORT(name ASC) DISTINCT(age) LIMIT(0)", 0),
        qcp("FALSEPREDICATE", 0), qcp("FALSEPREDICATE LIMIT(0)", 0), qcp("FALSEPREDICATE LIMIT(1)", 0),
        qcpError("TRUEPREDICATE LIMIT('age')"),
        // A SORT or DISTINCT key path the class lacks, named in the error.
        qcpError("TRUEPREDICATE DISTINCT(balance)", ["balance"]),
        qcpError("TRUEPREDICATE sort(account.name ASC)", ["name"]),
    ]

    @Test("Parser_Limit and Parser_SortAndDistinct: counts and errors", arguments: Self.limitRows)
    func limit(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCPAccountHolder.self, { [QCPAccount.self, QCPAccountHolder.self] }, seed: seedHolders)
            .check(row)
    }

    // Parser_TwoColumnExpressionBasics: ints, doubles, decimals 0, 1, 2, strings "", "a", "aa", distinct ObjectIds;
    // the second object links to the first. Two properties of one object compared.
    static let columnRows: [QCPRow] = [
        qcp("ints == 0", 1), qcp("ints == ints", 3), qcp("ints == NULL", 0), qcp("doubles == doubles", 3),
        qcp("strings == strings", 3), qcp("decimals == decimals", 3), qcp("objectids == objectids", 3),
        // realm-core's parser compares numbers of different types (each of these matches 3); Realm Swift's
        // RLMQueryUtil compares two properties of one type only, and so does Strata (QueryLanguage.md).
        qcpError("doubles == ints", ["Property type mismatch between double and int"]),
        qcpError("ints == doubles", ["Property type mismatch between int and double"]),
        qcpError("ints == decimals", ["Property type mismatch between int and decimal128"]),
        qcpError("doubles == strings"), qcpError("strings == doubles"), qcpError("objectids == ints"),
        // realm-core's parser counts a to-one link (0 or 1); Realm Swift's dialect, which Strata follows, refuses it.
        qcpToOneCount("ints == link.@count", "link.@count"),
        qcpToOneCount("link.@count == 0", "link.@count"),
        qcpToOneCount("link.@size == 1", "link.@size"),
        qcpToOneCount("link.@count > 1", "link.@count"),
    ]

    @Test("Parser_TwoColumnExpressionBasics", arguments: Self.columnRows)
    func columns(_ row: QCPRow) async throws {
        let fixture = QCPFixture.of(
            QCPColumns.self,
            { [QCPColumns.self] },
            seed: { realm in
                let objects = (0..<3).map { index in
                    let object = QCPColumns()
                    object.ints = index
                    object.doubles = Double(index)
                    object.strings = String(repeating: "a", count: index)
                    object.decimals = Decimal128(exactly: index)!
                    object.objectids = qcpObjectId(seconds: UInt32(index + 1))
                    return object
                }
                objects[1].link = objects[0]
                for object in objects { try realm.add(object) }
            }
        )
        try await fixture.check(row)
    }
}
