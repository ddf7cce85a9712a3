import Foundation

// Realm Swift's Decimal128 is `Numeric` and steps like a `Strideable` value (`distance(to:)`, `advanced(by:)`), with
// `min` and `max`. Strata's is a value type, so `negate()` is `mutating` and needs a `var`.
extension Decimal128: SignedNumeric {
    /// The type of ``magnitude``: a decimal itself.
    public typealias Magnitude = Decimal128

    /// The absolute value.
    ///
    /// ```swift
    /// (Decimal128(-123.321)).magnitude   // 123.321
    /// ```
    public var magnitude: Decimal128 { decimalValue < 0 ? -self : self }

    /// Multiplies `lhs` by `rhs` in place.
    /// - Parameters:
    ///   - lhs: the value to multiply.
    ///   - rhs: the value to multiply by.
    public static func *= (lhs: inout Decimal128, rhs: Decimal128) { lhs = lhs * rhs }

    /// Flips the sign in place.
    ///
    /// ```swift
    /// var price: Decimal128 = 456.321
    /// price.negate()   // -456.321
    /// ```
    /// - Note: Differs from Realm Swift, whose `Decimal128` is a class and negates even a constant: Strata's is a
    ///   value, so the variable must be a `var`.
    public mutating func negate() { self = -self }
}

extension Decimal128 {
    /// The type of a step between two values: a decimal itself.
    public typealias Stride = Decimal128

    /// The difference from this value to `other`.
    ///
    /// ```swift
    /// Decimal128(10).distance(to: 5)   // -5
    /// ```
    /// - Parameter other: the value to measure to.
    /// - Returns: `other - self`.
    public func distance(to other: Decimal128) -> Decimal128 { other - self }

    /// This value moved by `n`.
    ///
    /// ```swift
    /// Decimal128(-150).advanced(by: 300)   // 150
    /// ```
    /// - Parameter n: the step to add.
    /// - Returns: `self + n`.
    public func advanced(by n: Decimal128) -> Decimal128 { self + n }

    /// The smallest finite value a ``Decimal128`` holds.
    ///
    /// - Note: Differs from Realm Swift, whose limits are those of IEEE 754 decimal128 (±9.99…9 × 10^6144):
    ///   Strata computes with Foundation's `Decimal`, whose range is about ±3.4 × 10^165.
    public static var min: Decimal128 { Decimal128(value: Decimal.leastFiniteMagnitude) }

    /// The largest finite value a ``Decimal128`` holds.
    ///
    /// - Note: Differs from Realm Swift as ``min`` does: about 3.4 × 10^165.
    public static var max: Decimal128 { Decimal128(value: Decimal.greatestFiniteMagnitude) }
}
