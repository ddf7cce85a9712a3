import Foundation
import Strata
import Testing

// Facts on a decimal's text: realm-core's test/test_decimal128.cpp (Decimal_Basics: `Decimal128(string).to_string()`
// and `Decimal128(double).to_string()`; Decimal_Arithmetics: the text of sums, differences, quotients and products;
// Decimal_Table: a stored value keeps its text), and realm-swift's RLMDecimal128.mm `stringValue` (realm-core's
// text with the zeros ending its fraction dropped, the point too when nothing is left), which
// RealmSwift/Tests/CodableTests.swift testDecimal (the encoded text) and Decimal128Tests.swift (the text of sums and
// differences) assert. Each row gives realm-core's `to_string` and the `stringValue` it makes.
// Not ported: infinities, the limits beyond Foundation's `Decimal` (9.99e6144, 1.797e308) and a `Float`'s
// seven-digit conversion (Realm Swift converts a `Float` as a `Double`), which Strata does not have.

@Suite("Decimal128 text: realm-core's to_string and Realm Swift's stringValue")
struct Decimal128StringPortTests {
    /// Text, realm-core's `to_string` of the value parsed from it, and the `stringValue` Realm Swift makes of that.
    static let parsedRows: [(String, String, String)] = [
        ("0", "0", "0"), ("0.000", "0E-3", "0E-3"), ("0E-3", "0E-3", "0E-3"), ("3.1416", "3.1416", "3.1416"),
        ("3.1416e-4", "3.1416E-4", "3.1416E-4"), ("-3.1416e-4", "-3.1416E-4", "-3.1416E-4"),
        ("10e2", "1.0E3", "1E3"), ("10e+2", "1.0E3", "1E3"), ("1e-00021", "1E-21", "1E-21"),
        ("10.100e2", "1010.0", "1010"), (".00000001", "1E-8", "1E-8"),
        (".00000001000000000", "1.000000000E-8", "1E-8"), ("1.14142E27", "1.14142E27", "1.14142E27"),
        ("  0", "0", "0"), ("1.701e38", "1.701E38", "1.701E38"),
        ("3.141592653589793238", "3.141592653589793238", "3.141592653589793238"),
        ("1000.00", "1000.00", "1000"), ("1234567890e123", "1.234567890E132", "1.23456789E132"),
        ("150", "150", "150"), ("1.5e2", "1.5E2", "1.5E2"), ("0.25", "2.5E-1", "2.5E-1"),
        ("19.990", "19.990", "19.99"),
        // A coefficient beyond 64 bits goes to the decimal library, which writes signed digits and exponent.
        ("12345678901234567890123", "+12345678901234567890123E+0", "+12345678901234567890123E+0"),
        ("-1.2345678901234567890123e-5", "-12345678901234567890123E-27", "-12345678901234567890123E-27"),
        (":", "NaN", "NaN"), ("0.0.0", "NaN", "NaN"), ("0.0Q1", "NaN", "NaN"), ("0.0Eq", "NaN", "NaN"),
    ]

    @Test("parsed text keeps the exponent it was given with", arguments: parsedRows)
    func parsedText(text: String, coreText: String, stringValue: String) throws {
        let value = try Decimal128(string: text)
        #expect(value.stringValue == stringValue, "realm-core writes \(coreText)")
    }

    /// A double, realm-core's `to_string` of its conversion, and the `stringValue` Realm Swift makes of that.
    static let doubleRows: [(Double, String, String)] = [
        (10.5, "10.5", "10.5"), (12345.6789, "12345.6789000000", "12345.6789"),
        (9.99999999999999, "9.99999999999999", "9.99999999999999"),
        (0.1 / 1000 / 1000 / 1000 / 1000 / 1000 / 1000, "1.00000000000000E-19", "1E-19"),
        (0.01 * 1000 * 1000 * 1000 * 1000 * 1000 * 1000, "1.00000000000000E16", "1E16"),
        (3.141592653589793238, "3.14159265358979", "3.14159265358979"),
    ]

    @Test("a double converts exactly up to 15 significant digits, and rounded to 15 beyond", arguments: doubleRows)
    func doubleText(double: Double, coreText: String, stringValue: String) {
        #expect(Decimal128(floatLiteral: double).stringValue == stringValue, "realm-core writes \(coreText)")
        #expect(Decimal128(number: NSNumber(value: double)).stringValue == stringValue)
    }

    @Test("an exact double keeps its digits: 0.5 is 5E-1, 100 is 100")
    func exactDoubles() {
        let texts = [0.5, 100, 2.5, -0.25].map { Decimal128(floatLiteral: $0).stringValue }
        #expect(texts == ["5E-1", "100", "2.5", "-2.5E-1"])
    }

    @Test("arithmetic results have IEEE 754's exponents")
    func arithmeticText() {
        let d: Decimal128 = 10
        let twenty: Decimal128 = 20
        let sums: [Decimal128] = [d + 20, d + -20, twenty + d]
        let differences: [Decimal128] = [d - 15, d - -15, twenty - d]
        let quotients: [Decimal128] = [d / 4, d / -4, twenty / d]
        let products: [Decimal128] = [d * 4, d * 5, d * 6, d * -4, d * -6, twenty * d]
        let results = sums + differences + quotients + products
        #expect(
            results.map(\.stringValue)
                == ["30", "-10", "30", "-5", "25", "10", "2.5", "-2.5", "2", "40", "50", "60", "-40", "-60", "200"]
        )
        // Decimal128Tests: the text of a sum and a difference of parsed values.
        let sum = Decimal128(stringLiteral: "1.234567") + Decimal128(stringLiteral: "9.876543")
        let difference = Decimal128(stringLiteral: "2.5") - Decimal128(stringLiteral: "3.5")
        #expect([sum.stringValue, difference.stringValue] == ["11.11111", "-1"])
    }

    @Test("a decimal encodes as its string value")
    func encodedText() throws {
        let values = try ["1000.00", "1.5e2", "0.25", "NaN"].map { try Decimal128(string: $0) }
        let encoded = String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
        #expect(encoded == #"["1000","1.5E2","2.5E-1","NaN"]"#)
        #expect(
            try JSONDecoder().decode([Decimal128].self, from: Data(encoded.utf8)).map(\.stringValue)
                == ["1000", "1.5E2", "2.5E-1", "NaN"]
        )
    }

    @Test("a stored value keeps its text; equal values of different exponents are equal")
    func storedText() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([AllTypes.self]))
        let texts = try await realm.write { realm -> [String] in
            for text in ["1000.00", "1.5e2", "150", "0.000"] {
                let object = AllTypes()
                object.decimal = try Decimal128(string: text)
                try realm.add(object)
            }
            return realm.objects(AllTypes.self).map(\.decimal.stringValue)
        }
        #expect(texts == ["1000", "1.5E2", "150", "0E-3"])
        #expect(try Decimal128(string: "1.5e2") == Decimal128(string: "150"))
        #expect(try Set([Decimal128(string: "1.5e2"), Decimal128(string: "150")]).count == 1)
        await realm.close()
    }
}
