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
public struct Decimal128: Hashable, Comparable, Sendable, CustomStringConvertible, Codable,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
{
    /// The value as a Foundation `Decimal`.
    public let decimalValue: Decimal

    /// Creates a value from a Foundation `Decimal`.
    public init(value: Decimal) { decimalValue = value }

    /// Creates a value from an integer or floating-point number.
    public init(number: NSNumber) { decimalValue = number.decimalValue }

    /// Creates a value from an integer.
    public init(integerLiteral value: Int64) { decimalValue = Decimal(value) }

    /// Creates a value from a floating-point literal (through its shortest decimal representation).
    public init(floatLiteral value: Double) { decimalValue = Decimal(string: "\(value)") ?? Decimal(value) }

    /// Parses a decimal string such as `"1.25"`, `"-3e10"`, `"NaN"`.
    /// - Throws: ``RealmError/invalidValue(_:)`` if the string is not a number.
    public init(string: String) throws {
        let trimmed = string.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "nan" {
            decimalValue = .nan
            return
        }
        guard let value = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")) else {
            throw RealmError.invalidValue("'\(string)' is not a decimal number")
        }
        decimalValue = value
    }

    /// Not a number.
    public static let nan = Decimal128(value: .nan)

    /// Whether the value is NaN.
    public var isNaN: Bool { decimalValue.isNaN }

    /// The value as text, e.g. `"19.99"`.
    public var description: String { decimalValue.isNaN ? "NaN" : "\(decimalValue)" }

    /// Orders by numeric value; NaN sorts first.
    public static func < (lhs: Decimal128, rhs: Decimal128) -> Bool {
        if lhs.isNaN || rhs.isNaN { return lhs.isNaN && !rhs.isNaN }
        return lhs.decimalValue < rhs.decimalValue
    }

    /// Sum.
    public static func + (lhs: Decimal128, rhs: Decimal128) -> Decimal128 {
        Decimal128(value: lhs.decimalValue + rhs.decimalValue)
    }
    /// Difference.
    public static func - (lhs: Decimal128, rhs: Decimal128) -> Decimal128 {
        Decimal128(value: lhs.decimalValue - rhs.decimalValue)
    }
    /// Product.
    public static func * (lhs: Decimal128, rhs: Decimal128) -> Decimal128 {
        Decimal128(value: lhs.decimalValue * rhs.decimalValue)
    }
    /// Quotient.
    public static func / (lhs: Decimal128, rhs: Decimal128) -> Decimal128 {
        Decimal128(value: lhs.decimalValue / rhs.decimalValue)
    }
    /// Negation.
    public static prefix func - (operand: Decimal128) -> Decimal128 { Decimal128(value: -operand.decimalValue) }

    /// Decodes from a string.
    public init(from decoder: any Decoder) throws {
        try self.init(string: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    // MARK: Storage (BID decimal128: sign, 14-bit exponent biased by 6176, 113-bit coefficient)

    /// The 16 stored bytes, little-endian.
    var storageBytes: [UInt8] { DecimalBits.encode(decimalValue) }

    /// Decodes 16 stored bytes.
    init(storageBytes bytes: [UInt8]) { decimalValue = DecimalBits.decode(bytes) }
}
