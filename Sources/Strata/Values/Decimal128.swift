import Foundation
import StrataCore

/// A 128-bit decimal floating-point value (IEEE 754-2008 decimal128), exact for decimal fractions.
///
/// ```swift
/// let price = try Decimal128(string: "19.99")
/// let total = price * Decimal128(number: 3)   // 59.97, exactly
/// ```
///
/// Arithmetic is carried out with up to 38 significant digits; values are stored in Realm's
/// decimal128 format (34 digits).
///
/// As in Realm, a value keeps the exponent it was given with, which its ``stringValue`` shows: `"150"` and `"1.5e2"`
/// are equal, but their string values are `"150"` and `"1.5E2"`.
public struct Decimal128: Hashable, Comparable, Sendable, CustomStringConvertible, Codable,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral
{
    /// The value as a Foundation `Decimal`.
    public let decimalValue: Decimal

    /// The exponent the value was given with (IEEE 754's quantum: -1 for `"1.5"`, 1 for `"15e1"`, 0 for an
    /// integer), which decimal128 keeps and ``stringValue`` shows; the value is stored in the form nearest it.
    let quantumExponent: Int

    /// Creates a value from a Foundation `Decimal`.
    /// - Parameter value: the value; a NaN `Decimal` gives ``nan``. A `Decimal` keeps no exponent of its own, so the
    ///   ``stringValue`` is its plain text (`"150"` for `Decimal(string: "1.5e2")`), as Realm Swift reads it.
    public init(value: Decimal) { self.init(decimalValue: value, quantumExponent: 0) }

    /// Creates a value from an integer or floating-point number, as Realm converts one: an integer exactly, a
    /// floating-point number rounded to 15 significant digits (so `3.1416` is 3.1416, not the binary double's
    /// 3.14160000000000005).
    /// - Parameter number: the number; an infinite or NaN floating-point number gives ``nan``.
    public init(number: NSNumber) { self = Self.converted(number: number) }

    /// Creates a value from an integer.
    /// - Parameter value: the integer; every `Int64` is exact.
    public init(integerLiteral value: Int64) { self.init(decimalValue: Decimal(value), quantumExponent: 0) }

    /// Creates a value from a floating-point literal, rounded to 15 significant digits as Realm converts a `Double`.
    /// - Parameter value: the number; `0.1` gives exactly 0.1, not the binary double nearest to it.
    public init(floatLiteral value: Double) {
        self.init(decimalValue: Self.rounded(value), quantumExponent: Self.quantumExponent(of: value))
    }

    /// Creates zero.
    public init() { self.init(decimalValue: 0, quantumExponent: 0) }

    /// Creates a value from any number, a numeric string, a `Decimal`, another ``Decimal128``, or
    /// `nil`/`NSNull` (which give NaN), as Realm Swift's `init(value:)` does.
    ///
    /// ```swift
    /// Decimal128(value: 42).description          // "42"
    /// Decimal128(value: "123.456").description   // "123.456"
    /// Decimal128(value: NSNull()).isNaN          // true
    /// ```
    /// A string that is not a number gives NaN, as ``init(string:)`` does. A value of any other type
    /// stops the program with "Cannot convert value '<value>' of type '<type>' to decimal128", as
    /// Realm Swift's exception does.
    /// - Parameter value: an integer, a `Float` or `Double`, an `NSNumber`, a `String`, a `Decimal`, a ``Decimal128``,
    ///   an optional of one of these, or `NSNull`.
    public init(value: Any) {
        if let decimal = Self.converting(value) {
            self = decimal
        } else {
            preconditionFailure("Cannot convert value '\(value)' of type '\(type(of: value))' to decimal128")
        }
    }

    /// Parses a decimal string such as `"1.25"`, `"-3e10"` or `"NaN"`.
    ///
    /// As in Realm Swift, this never actually throws: a string that cannot be parsed gives a value whose
    /// ``isNaN`` is true. Leading and trailing spaces are ignored.
    ///
    /// ```swift
    /// try Decimal128(string: "1.2.3").isNaN   // true
    /// ```
    /// - Throws: Nothing; `throws` is kept for Realm Swift's signature.
    /// - Parameter string: the text, such as `"1.25"`, `"-3e10"` or `"NaN"`.
    public init(string: String) throws {
        self = Self.parsed(string) ?? .nan
    }

    /// Parses a string literal as ``init(string:)`` does (NaN if it is not a number).
    /// - Parameter value: the literal, such as `"19.99"`.
    public init(stringLiteral value: String) {
        self = Self.parsed(value) ?? .nan
    }

    /// Creates a value from an integer; never nil, since every integer fits (Realm Swift's signature).
    /// - Parameter source: the integer.
    public init?<T: BinaryInteger>(exactly source: T) {
        guard let decimal = Self.converting(source) else { return nil }
        self = decimal
    }

    /// Whether the value is NaN (the same as ``isNaN``: Realm has one NaN).
    public var isSignaling: Bool { isNaN }

    /// Whether the value is NaN (the same as ``isNaN``: Realm has one NaN).
    public var isSignalingNaN: Bool { isNaN }

    /// `value` as a decimal, or nil for an unsupported type.
    private static func converting(_ value: Any) -> Decimal128? {
        switch value {
        case let v as Decimal128: return v
        case let v as Decimal: return Decimal128(value: v)
        case let v as String: return parsed(v) ?? .nan
        case is NSNull: return .nan
        case let v as any OptionalMarker:
            guard let wrapped = v.wrappedValueIfAny else { return .nan }
            return converting(wrapped)
        case let v as Float: return Decimal128(floatLiteral: Double(v))
        case let v as Double: return Decimal128(floatLiteral: v)
        case let v as any BinaryInteger:
            return Decimal128(decimalValue: Decimal(string: "\(v)", locale: posix) ?? .nan, quantumExponent: 0)
        case let v as NSNumber: return Decimal128(number: v)
        default: return nil
        }
    }

    /// A value with the exponent it was given with.
    init(decimalValue: Decimal, quantumExponent: Int) {
        self.decimalValue = decimalValue
        self.quantumExponent = quantumExponent
    }

    /// A `Double` as Realm converts one to a decimal (realm-core's `Decimal128(double)`): rounded to 15 significant
    /// digits, the most a double holds faithfully; NaN for an infinity or NaN (Strata's decimals have no infinities).
    static func rounded(_ value: Double) -> Decimal { DecimalBits.decimal(.double(value)) ?? .nan }

    /// An `NSNumber` as Realm converts one: an integer (a Boolean included) exactly, a floating-point number as
    /// ``rounded(_:)``.
    static func converted(number: NSNumber) -> Decimal128 {
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"), UInt8(ascii: "d"): return Decimal128(floatLiteral: number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"):
            return Decimal128(decimalValue: Decimal(number.uint64Value), quantumExponent: 0)
        default: return Decimal128(decimalValue: Decimal(number.int64Value), quantumExponent: 0)
        }
    }

    private static let posix = Locale(identifier: "en_US_POSIX")

    /// The value of a whole decimal string (sign, digits with at most one point, optional exponent), with the
    /// exponent it gives (`"1.50"` is 150E-2, `"15e1"` 15E1), or nil; `NaN` in any case is NaN.
    static func parsed(_ string: String) -> Decimal128? {
        let trimmed = string.trimmingCharacters(in: .whitespaces)
        let unsigned = trimmed.first == "+" || trimmed.first == "-" ? trimmed.dropFirst() : Substring(trimmed)
        if unsigned.lowercased() == "nan" { return .nan }
        var digits = 0
        var points = 0
        var fractionDigits = 0
        var rest = unsigned[...]
        while let character = rest.first, character.isASCII, character.isNumber || character == "." {
            if character == "." {
                points += 1
            } else {
                digits += 1
                if points == 1 { fractionDigits += 1 }
            }
            rest = rest.dropFirst()
        }
        guard digits > 0, points <= 1 else { return nil }
        var exponent = 0
        if let marker = rest.first, marker == "e" || marker == "E" {
            rest = rest.dropFirst()
            let negative = rest.first == "-"
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            guard !rest.isEmpty, rest.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            // Beyond decimal128's range the exponent only clamps; `Int` does not overflow for any length.
            let significant = rest.drop { $0 == "0" }
            let magnitude = significant.count > 9 ? 999_999_999 : Int(significant) ?? 0
            exponent = negative ? -magnitude : magnitude
            rest = rest.dropFirst(rest.count)
        }
        guard rest.isEmpty, let value = Decimal(string: trimmed, locale: posix) else { return nil }
        return Decimal128(decimalValue: value, quantumExponent: exponent - fractionDigits)
    }

    /// Not a number.
    public static let nan = Decimal128(value: .nan)

    /// Whether the value is NaN.
    public var isNaN: Bool { decimalValue.isNaN }

    /// The value as Swift prints a `Decimal`: digits with at most one point, such as `"19.99"`, `"1230000"` or
    /// `"0.5"`; `"NaN"` for NaN.
    ///
    /// - Note: Differs from Realm Swift, whose description is the ``stringValue`` (`"1.23E6"`, `"5E-1"`).
    public var description: String { decimalValue.isNaN ? "NaN" : "\(decimalValue)" }

    /// The `Double` nearest to the value; NaN for NaN. The conversion may lose digits: a double holds about
    /// 15 significant decimal digits, and a decimal up to 34.
    ///
    /// ```swift
    /// try Decimal128(string: "0.1").doubleValue   // 0.1
    /// ```
    public var doubleValue: Double {
        // Swift's `Double(String)` rounds the exact decimal text to the nearest double (`description` is digits with
        // at most one point and a sign, or "NaN", all of which it reads).
        guard let value = Double(description) else { preconditionFailure("a decimal's description is a number") }
        return value
    }

    /// Orders by numeric value; NaN sorts first.
    /// - Parameters:
    ///   - lhs: a value.
    ///   - rhs: another value.
    /// - Returns: whether `lhs` is smaller than `rhs`, or `lhs` alone is NaN.
    public static func < (lhs: Decimal128, rhs: Decimal128) -> Bool {
        if lhs.isNaN || rhs.isNaN { return lhs.isNaN && !rhs.isNaN }
        return lhs.decimalValue < rhs.decimalValue
    }

    /// Whether two values are equal in value, whatever exponent each was given with (`"150"` equals `"1.5e2"`).
    /// - Parameters:
    ///   - lhs: a value.
    ///   - rhs: another value.
    /// - Returns: whether their decimal values are equal.
    public static func == (lhs: Decimal128, rhs: Decimal128) -> Bool { lhs.decimalValue == rhs.decimalValue }

    /// Hashes the value, not the exponent it was given with, so that equal values hash alike.
    /// - Parameter hasher: the hasher to feed.
    public func hash(into hasher: inout Hasher) { hasher.combine(decimalValue) }

    /// Sum.
    /// - Parameters:
    ///   - lhs: a value.
    ///   - rhs: the value to add.
    /// - Returns: the sum, rounded to 38 significant digits; NaN when either is NaN.
    public static func + (lhs: Decimal128, rhs: Decimal128) -> Decimal128 {
        Decimal128(
            decimalValue: lhs.decimalValue + rhs.decimalValue,
            quantumExponent: Swift.min(lhs.quantumExponent, rhs.quantumExponent)
        )
    }
    /// Difference.
    /// - Parameters:
    ///   - lhs: a value.
    ///   - rhs: the value to subtract.
    /// - Returns: the difference, rounded to 38 significant digits; NaN when either is NaN.
    public static func - (lhs: Decimal128, rhs: Decimal128) -> Decimal128 {
        Decimal128(
            decimalValue: lhs.decimalValue - rhs.decimalValue,
            quantumExponent: Swift.min(lhs.quantumExponent, rhs.quantumExponent)
        )
    }
    /// Product.
    /// - Parameters:
    ///   - lhs: a value.
    ///   - rhs: the value to multiply by.
    /// - Returns: the product, rounded to 38 significant digits; NaN when either is NaN.
    public static func * (lhs: Decimal128, rhs: Decimal128) -> Decimal128 {
        Decimal128(
            decimalValue: lhs.decimalValue * rhs.decimalValue,
            quantumExponent: lhs.quantumExponent + rhs.quantumExponent
        )
    }
    /// Quotient.
    /// - Parameters:
    ///   - lhs: the dividend.
    ///   - rhs: the divisor.
    /// - Returns: the quotient, rounded to 38 significant digits; NaN when either is NaN or `rhs` is zero.
    public static func / (lhs: Decimal128, rhs: Decimal128) -> Decimal128 {
        Decimal128(
            decimalValue: lhs.decimalValue / rhs.decimalValue,
            quantumExponent: lhs.quantumExponent - rhs.quantumExponent
        )
    }
    /// Negation.
    /// - Parameter operand: a value.
    /// - Returns: the value with its sign flipped.
    public static prefix func - (operand: Decimal128) -> Decimal128 {
        Decimal128(decimalValue: -operand.decimalValue, quantumExponent: operand.quantumExponent)
    }

    /// Decodes from a string (NaN if it is not a number), an integer or a floating-point number, as
    /// Realm Swift does.
    /// - Throws: `DecodingError.dataCorrupted` for any other value.
    /// - Parameter decoder: a decoder holding a single value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Each `try?` only asks whether the value has that form (its error is a type mismatch, a null or a number out
        // of range, in the caller's encoded input, not the database file); a value of no form throws below.
        if let text = try? container.decode(String.self) {
            self = Self.parsed(text) ?? .nan
        } else if let integer = try? container.decode(Int64.self) {
            self.init(integerLiteral: integer)
        } else if let double = try? container.decode(Double.self) {
            self.init(floatLiteral: double)
        } else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "Cannot convert value to Decimal128"
                )
            )
        }
    }

    /// Encodes as a string, the ``stringValue`` (`"1.5E2"`), as Realm Swift does.
    /// - Parameter encoder: the encoder to write the value's ``stringValue`` to.
    /// - Throws: what the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(stringValue)
    }

    // MARK: Storage (BID decimal128: sign, 14-bit exponent biased by 6176, 113-bit coefficient)

    /// The 16 stored bytes, little-endian: the form of the value nearest the exponent it was given with.
    var storageBytes: [UInt8] { DecimalBits.encode(decimalValue, preferredExponent: quantumExponent) }

    /// Decodes 16 stored bytes, keeping their exponent.
    init(storageBytes bytes: [UInt8]) {
        self.init(decimalValue: DecimalBits.decode(bytes), quantumExponent: DecimalBits.parts(bytes)?.exponent ?? 0)
    }
}
