import Foundation
import StrataCore
import Testing

// realm-core's lexer, src/realm/parser/query_flex.ll, and its literal conversions in driver.cpp
// (ConstantNode::get_value): which texts make which literal, checked on the parsed query. A number is `[+-]?` digits,
// an optional point and an optional exponent `[eE][+-]?` digits, or `0x` and hexadecimal digits (no sign); a number
// ends where these stop (`1AND` is 1 then AND); `[+-]?inf`, `[+-]?infinity` and `[+-]?nan` in any case; a date is
// digits `-` digits `-` digits, `@` or `T`, digits `:` digits `:` digits and an optional `:` digits; `T` seconds `:`
// nanoseconds takes a sign on each.

/// The constant on the right of a query `a == <literal>`, or nil.
private func literal(_ text: String) throws -> Value? {
    let parsed = try QueryParser.parse("a == \(text)")
    guard case .comparison(_, _, .constant(let value, _), _, _, _) = parsed.predicate else { return nil }
    return value
}

private func parses(_ query: String) -> Bool { (try? QueryParser.parse(query)) != nil }

@Suite("realm-core's query lexer: literals")
struct QueryLexerPortTests {
    @Test(
        "Numbers with a sign or a signed exponent",
        arguments: [
            ("+5", Value.int(5)), ("-5", .int(-5)), ("1.5E+2", .double(150)), ("1.5e+2", .double(150)),
            ("+2.1E2", .double(210)), ("-9.1E+9", .double(-9.1e9)), ("+.5", .double(0.5)), ("10.", .double(10)),
            ("0x1F", .int(31)), ("0X1f", .int(31)), ("+inf", .double(.infinity)), ("+InFiNiTy", .double(.infinity)),
            ("-INF", .double(-.infinity)),
        ]
    )
    func numbers(text: String, value: Value) throws {
        #expect(try literal(text) == value)
    }

    @Test("A signed NaN is NaN", arguments: ["-nan", "+NaN", "-NAN", "nan"])
    func signedNaN(text: String) throws {
        guard case .double(let value)? = try literal(text) else {
            Issue.record("'\(text)' is not a double")
            return
        }
        #expect(value.isNaN)
    }

    @Test(
        "Not numbers: a sign twice, a sign before 0x, an exponent without digits, a sign alone",
        arguments: ["+-2", "-+2", "-0x1", "+0x1", "2e+-12", "2e-+12", "2E+", "2e1.3", "+", "- 2", "1..0", "1.0."]
    )
    func notNumbers(text: String) {
        #expect(!parses("a == \(text)"), "'\(text)'")
    }

    @Test("A number ends where its digits do: `1AND` is 1 then AND; `1ANDNOT` is 1 then a name")
    func numberThenWord() throws {
        let parsed = try QueryParser.parse("a=1AND NOTb=2")
        guard case .and(let terms) = parsed.predicate, terms.count == 2,
            case .comparison(.keyPath(let name, _, _, _), _, .constant(.int(2), _), _, _, _) = terms[1]
        else {
            Issue.record("\(parsed.predicate)")
            return
        }
        #expect(name == ["NOTb"])
        #expect(!parses("a=1ANDNOT b=2"))
        #expect(!parses("a == 03a"))
    }

    @Test(
        "Dates: one digit or more in each part; before 1970 the nanoseconds take the seconds' sign",
        arguments: [
            ("1970-1-1@0:0:0", Timestamp(seconds: 0, nanoseconds: 0)),
            ("1970-1-1T0:0:0:5", Timestamp(seconds: 0, nanoseconds: 5)),
            ("1970-01-02@00:00:01", Timestamp(seconds: 86401, nanoseconds: 0)),
            ("1969-12-31@23:59:59:1", Timestamp(seconds: -1, nanoseconds: -1)),
            ("1969-12-31T23:59:59:500000000", Timestamp(seconds: -1, nanoseconds: -500_000_000)),
            ("T-1:-1", Timestamp(seconds: -1, nanoseconds: -1)), ("T+1:+1", Timestamp(seconds: 1, nanoseconds: 1)),
            ("T0:-1", Timestamp(seconds: 0, nanoseconds: -1)), ("T-0:0", Timestamp(seconds: 0, nanoseconds: 0)),
        ]
    )
    func dates(text: String, timestamp: Timestamp) throws {
        #expect(try literal(text) == .timestamp(timestamp))
    }

    @Test(
        "Not dates: no time, a part missing, a signed part, both separators, signs that disagree, before 1900",
        arguments: [
            "1970-01-01", "1970-1-1@", "1970-1-1@0:0", "1970-1-1@0:0:0:", "1970-1-1@-1:0:0", "1970-1-1@0:0:0:-1",
            "1970-1-1T@0:0:0", "1970-1-10:0:0:0", "T1:-1", "T-1:1", "T1:", "T:1", "1899-12-31@23:59:59",
        ]
    )
    func notDates(text: String) {
        #expect(!parses("a == \(text)"), "'\(text)'")
    }

    @Test("A date before 1900 is refused with realm-core's message")
    func before1900() {
        do {
            _ = try QueryParser.parse("a > 1800-12-31@23:59:59")
            Issue.record("a date before 1900 parsed")
        } catch {
            #expect("\(error)".contains("Conversion of dates before 1900 is not supported."))
        }
    }

    @Test("A floating-point literal with digits a Double loses keeps its exact decimal for decimal properties")
    func exactDecimals() throws {
        let long = try QueryParser.parse("dec == 3.141592653589793238 || dec == 2.5 || dec == 7")
        #expect(long.exactDecimals.count == 1)
        let exact = try #require(long.exactDecimals.values.first)
        #expect(exact.double == 3.141592653589793)
        #expect(exact.decimal == .decimal128(DecimalBits.encode(Decimal(string: "3.141592653589793238")!)))
        #expect(try QueryParser.parse("dec == 0.1 || dec == -6.1E-6 || dec == +3.1E+3").exactDecimals.isEmpty)
    }

    @Test(
        "ANY, SOME, ALL and NONE come before a key path, a list or an argument, never a literal",
        arguments: [
            "ANY 5.5 IN items.price", "SOME 'milk' == items.name", "ALL true == flags", "NONE null == items.price",
            "ANY -inf < items.price", "ANY oid(507f1f77bcf86cd799439011) == ids", "ANY B64\"AAEC\" == items.data",
            "ANY 2020-1-1@0:0:0 == items.date",
        ]
    )
    func quantifierBeforeLiteral(query: String) {
        #expect(!parses(query), "'\(query)'")
    }

    @Test("A quantifier before a key path parses")
    func quantifierBeforeKeyPath() {
        #expect(parses("ANY items.price == 5.5"))
        #expect(parses("NONE items.name IN {'a', 'b'}"))
    }
}
