// DecimalBits.swift: the stored form of Decimal128 values (IEEE 754-2008 decimal128, binary integer decimal).
//
// 16 bytes, little-endian: bit 127 the sign, bits 113…126 the exponent biased by 6176, bits 0…112 the
// coefficient (at most 34 decimal digits). NaN is stored with bits 122…126 set.
//
// Invariants:
//   (1) A value has many forms (150 is 150E0, 15E1 or 1500E-1); the one stored is the form whose exponent is
//       nearest the caller's preferred exponent among those that hold the value exactly in 34 digits, as IEEE
//       754 picks a result's exponent. The preferred exponent is 0 unless the caller gives one (the exponent of
//       the text a value was parsed from, or that of an arithmetic result), so a value given as a plain number is
//       stored as realm-core stores it (150 as 150E0, 2.50 as 25E-1).
//   (2) A coefficient beyond 34 digits is rounded half to even, its exponent raised to match.
//   (3) Zero keeps the preferred exponent (0.000 is 0E-3); a negative zero is stored as zero.

import Foundation

package enum DecimalBits {
    /// The 16 stored bytes of `value`, in the form whose exponent is nearest `preferredExponent` (invariant 1).
    /// - Parameters:
    ///   - value: the value.
    ///   - preferredExponent: the exponent the value was given with: 0 for a plain number.
    package static func encode(_ value: Decimal, preferredExponent: Int = 0) -> [UInt8] {
        if value.isNaN { return Array(repeating: 0, count: 15) + [0x7C] }
        var coefficient = UInt128(0)
        var exponent = Int(value.exponent)
        for digit in value.significand.description where digit.isNumber {
            coefficient = coefficient * 10 + UInt128(digit.wholeNumberValue!)
        }
        let limit = (0..<34).reduce(UInt128(1)) { power, _ in power * 10 }
        let preferred = min(max(preferredExponent, -6176), 6111)
        if coefficient == 0 {
            exponent = preferred
        } else {
            // Toward the preferred exponent: drop trailing zeros above it, append zeros below it while 34 digits
            // hold them.
            while exponent < preferred, coefficient % 10 == 0 {
                coefficient /= 10
                exponent += 1
            }
            // (`coefficient < limit / 10`, not `coefficient * 10 < limit`: a Foundation decimal's 39-digit
            // coefficient times 10 overflows.)
            while exponent > preferred, coefficient < limit / 10 {
                coefficient *= 10
                exponent -= 1
            }
        }
        // A Foundation decimal holds up to 38 digits: beyond 34, round half to even, as decimal128 arithmetic does.
        var removed = UInt128(0)
        var sticky = false
        while coefficient >= limit {
            sticky = sticky || removed != 0
            removed = coefficient % 10
            coefficient /= 10
            exponent += 1
        }
        if removed > 5 || (removed == 5 && (sticky || coefficient % 2 == 1)) {
            coefficient += 1
            if coefficient == limit {
                coefficient /= 10
                exponent += 1
            }
        }
        let negative = value.sign == .minus && coefficient != 0
        let biased = UInt128(UInt16(exponent + 6176) & 0x3FFF)
        var bits = coefficient | biased << 113
        if negative { bits |= UInt128(1) << 127 }
        return withUnsafeBytes(of: bits.littleEndian, Array.init)
    }

    /// The value of 16 stored bytes.
    package static func decode(_ bytes: [UInt8]) -> Decimal {
        guard let parts = parts(bytes) else { return .nan }
        // Zero of any exponent is zero (Foundation's exponent range is far narrower than decimal128's).
        if parts.coefficient == 0 { return 0 }
        var value = Decimal(string: parts.coefficient.description) ?? 0
        if parts.exponent != 0 { value = Decimal(sign: .plus, exponent: parts.exponent, significand: value) }
        return parts.negative ? -value : value
    }

    /// The one form of the value 16 stored bytes hold (the form a plain number is stored in, invariant 1): equal
    /// values of other exponents (150E0, 15E1) give equal bytes, for what compares values by their bytes (an index's
    /// hash, `DISTINCT`). NaN stays as it is.
    package static func canonical(_ bytes: [UInt8]) -> [UInt8] {
        guard parts(bytes) != nil else { return bytes }
        return encode(decode(bytes))
    }

    /// The sign, coefficient and exponent of 16 stored bytes; nil for NaN.
    package static func parts(_ bytes: [UInt8]) -> (negative: Bool, coefficient: UInt128, exponent: Int)? {
        precondition(bytes.count == 16, "a stored decimal128 has 16 bytes")
        let bits = bytes.withUnsafeBytes { UInt128(littleEndian: $0.loadUnaligned(as: UInt128.self)) }
        if bits >> 122 & 0x1F == 0x1F { return nil }
        return (bits >> 127 == 1, bits & ((UInt128(1) << 113) - 1), Int((bits >> 113) & 0x3FFF) - 6176)
    }

    /// A number as a decimal the way Realm converts it: integers exactly, floating-point values rounded to 15
    /// significant digits (so 1.1 is 1.1, not 1.100000000000000088…).
    package static func decimal(_ value: Value) -> Decimal? {
        switch value {
        case .int(let v): return Decimal(v)
        case .float(let v): return v.isFinite ? Decimal(string: String(format: "%.15g", Double(v))) : nil
        case .double(let v): return v.isFinite ? Decimal(string: String(format: "%.15g", v)) : nil
        case .decimal128(let bytes): return decode(bytes)
        default: return nil
        }
    }
}
