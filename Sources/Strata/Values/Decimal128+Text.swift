import Foundation
import StrataCore

// Realm's text for a decimal: realm-core's `Decimal128::to_string` of the stored form, with the trailing zeros of its
// fraction dropped as Realm Swift's `stringValue` drops them; and the exponent a `Double` converts with, which that
// text shows.
extension Decimal128 {
    /// The value as Realm writes it, which shows the exponent it was given with.
    ///
    /// A value of at least 1 given with no positive exponent is its plain digits; any other has one digit before
    /// the point and an exponent. Zeros ending the fraction are dropped, as in Realm Swift:
    ///
    /// ```swift
    /// try Decimal128(string: "150").stringValue      // "150"
    /// try Decimal128(string: "19.990").stringValue   // "19.99"
    /// try Decimal128(string: "1.5e2").stringValue    // "1.5E2"
    /// try Decimal128(string: "0.25").stringValue     // "2.5E-1"
    /// try Decimal128(string: "0.000").stringValue    // "0E-3"
    /// Decimal128(floatLiteral: 0.5).stringValue      // "5E-1"
    /// ```
    /// An arithmetic result has the exponent IEEE 754 prefers, as far as its digits allow: a sum's or difference's
    /// is the smaller of its operands' (`"2.5" - "3.5"` is `"-1"`, from -1.0), a product's their sum, a quotient's
    /// their difference (`10 / 4` is `"2.5"`, `10 * 4` is `"40"`).
    ///
    /// A coefficient too large for 64 bits is written as realm-core's decimal library writes it, signed digits and
    /// a signed exponent (`"+12345678901234567890123E+0"`); NaN is `"NaN"`. This is also the text a decimal encodes
    /// as.
    /// - Note: Differs from ``description``, which prints the value as Swift prints a `Decimal` (`"150"`, `"0.25"`).
    public var stringValue: String {
        guard let parts = DecimalBits.parts(storageBytes) else { return "NaN" }
        return Self.realmText(negative: parts.negative, coefficient: parts.coefficient, exponent: parts.exponent)
    }

    /// The text of a stored decimal: realm-core's `to_string`, the fraction's trailing zeros dropped.
    static func realmText(negative: Bool, coefficient: UInt128, exponent: Int) -> String {
        // realm-core hands a coefficient beyond 64 bits to its decimal library, which writes it whole.
        if coefficient >> 64 != 0 {
            return (negative ? "-" : "+") + "\(coefficient)E" + (exponent < 0 ? "-" : "+") + "\(exponent.magnitude)"
        }
        let digits = Array("\(coefficient)")
        // The point moves left, raising the exponent, until the exponent is 0 or one digit is left before it.
        var integerDigits = digits.count
        var exponent = exponent
        while integerDigits > 1, exponent != 0 {
            integerDigits -= 1
            exponent += 1
        }
        var fraction = digits[integerDigits...]
        while fraction.last == "0" { fraction = fraction.dropLast() }
        var text = (negative ? "-" : "") + String(digits[..<integerDigits])
        if !fraction.isEmpty { text += "." + String(fraction) }
        if exponent != 0 { text += "E\(exponent)" }
        return text
    }

    /// The exponent realm-core's `Decimal128(double)` gives `value`: a double whose exact value has at most 15
    /// significant digits keeps it (`0.5` is 5E-1, `10.5` is 105E-1, `100.0` is 100E0); any other is rounded to 15
    /// significant digits, the last of which sets the exponent (`0.1` is 100000000000000E-15).
    static func quantumExponent(of value: Double) -> Int {
        guard value.isFinite, value != 0 else { return 0 }
        let magnitude = value.magnitude
        // A double's exact decimal value has as many digits after the point as it has binary digits after it.
        let fractionBits = Swift.max(0, magnitude.significandWidth - Int(magnitude.exponent))
        if fractionBits == 0 {
            if magnitude < 1e15 { return 0 }
        } else if fractionBits <= 21 {
            // The exact value's digits: the odd integer `magnitude × 2^fractionBits` times 5^fractionBits (beyond 21
            // fraction bits, 5^22 alone has 16 digits).
            let odd = UInt128(magnitude * Double(sign: .plus, exponent: fractionBits, significand: 1))
            let power = (0..<fractionBits).reduce(UInt128(1)) { power, _ in power * 5 }
            if odd * power < 1_000_000_000_000_000 { return -fractionBits }
        }
        let rounded = Self.rounded(value)
        guard !rounded.isNaN, rounded != 0 else { return 0 }
        let significantDigits = "\(rounded.significand)".filter(\.isNumber).count
        return significantDigits - 1 + Int(rounded.exponent) - 14
    }
}
