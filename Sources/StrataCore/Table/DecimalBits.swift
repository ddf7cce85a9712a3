// DecimalBits.swift: the stored form of Decimal128 values (IEEE 754-2008 decimal128, binary integer decimal).
//
// 16 bytes, little-endian: bit 127 the sign, bits 113…126 the exponent biased by 6176, bits 0…112 the
// coefficient (at most 34 decimal digits). NaN is stored with bits 122…126 set.

import Foundation

package enum DecimalBits {
    /// The 16 stored bytes of `value`.
    package static func encode(_ value: Decimal) -> [UInt8] {
        if value.isNaN { return Array(repeating: 0, count: 15) + [0x7C] }
        var coefficient = UInt128(0)
        var exponent = Int(value.exponent)
        for digit in value.significand.description where digit.isNumber {
            coefficient = coefficient * 10 + UInt128(digit.wholeNumberValue!)
        }
        // A Foundation decimal holds up to 38 digits: beyond 34, round half to even, as decimal128 arithmetic does.
        let limit = (0..<34).reduce(UInt128(1)) { power, _ in power * 10 }
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
        precondition(bytes.count == 16, "a stored decimal128 has 16 bytes")
        let bits = bytes.withUnsafeBytes { UInt128(littleEndian: $0.loadUnaligned(as: UInt128.self)) }
        if bits >> 122 & 0x1F == 0x1F { return .nan }
        let negative = bits >> 127 == 1
        let exponent = Int((bits >> 113) & 0x3FFF) - 6176
        let coefficient = bits & ((UInt128(1) << 113) - 1)
        var value = Decimal(string: coefficient.description) ?? 0
        if exponent != 0 { value = Decimal(sign: .plus, exponent: exponent, significand: value) }
        return negative ? -value : value
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
