// ScalarJSON.swift: the lossless JSON form of each plain value type (everything but links and mixed values),
// and its exact inverse. `decode(encode(v)) == v` bit for bit, for every value the engine can store.
//
//   int         a JSON number (all 64 bits, never through a Double)
//   bool        true / false
//   float       the shortest decimal that reads back as the same Float: 0.1, -0.0, 1e-45;
//   double      the same for Double: 0.1, 5e-324, 1.7976931348623157e+308
//               non-finite values as strings: "inf", "-inf", "nan" (the default NaN), "nan:0x<bits>" (others)
//   string      a JSON string
//   data        standard base64 with padding: "AAEC/w=="
//   date        UTC, nanoseconds always written: "2026-11-24T20:45:00.123456789Z"; years outside 0…9999 as
//               "+10000-01-01T…" / "-0001-…"; a stored value not in the engine's normal form (nanoseconds of
//               another sign than the seconds) as "@<seconds>,<nanoseconds>"
//   decimal128  "<coefficient>E<exponent>" with its sign, exactly as stored: "-12345E-2", "0E0"; the default
//               NaN as "NaN"; other NaN or infinity bit patterns as "0x<32 hex digits>" (the 128 bits)
//   objectId    24 lowercase hex digits
//   uuid        8-4-4-4-12 uppercase hex digits

import Foundation
import StrataCore

enum ScalarJSON {
    /// Why a JSON value is not a valid value of a type.
    struct Mismatch: Error, CustomStringConvertible {
        var description: String
    }

    // MARK: Encoding

    static func encode(_ value: Value) -> JSON? {
        switch value {
        case .null: return .null
        case .int(let v): return .number(String(v))
        case .bool(let v): return .bool(v)
        case .float(let v):
            guard !v.isFinite else { return .number(v.description) }
            if v.isInfinite { return .string(v < 0 ? "-inf" : "inf") }
            return .string(v.bitPattern == Float.nan.bitPattern ? "nan" : "nan:0x" + String(v.bitPattern, radix: 16))
        case .double(let v):
            guard !v.isFinite else { return .number(v.description) }
            if v.isInfinite { return .string(v < 0 ? "-inf" : "inf") }
            return .string(v.bitPattern == Double.nan.bitPattern ? "nan" : "nan:0x" + String(v.bitPattern, radix: 16))
        case .string(let v): return .string(v)
        case .binary(let v): return .string(Data(v).base64EncodedString())
        case .timestamp(let v): return .string(timestampText(v))
        case .decimal128(let v): return .string(decimalText(v))
        case .objectId(let v): return .string(hex(v))
        case .uuid(let v):
            let h = hex(v).uppercased()
            let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
                String(
                    h[
                        h.index(
                            h.startIndex,
                            offsetBy: range.lowerBound
                        )..<h.index(h.startIndex, offsetBy: range.upperBound)
                    ]
                )
            }
            return .string(parts.joined(separator: "-"))
        case .link, .typedLink, .list, .dictionary: return nil
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    // MARK: Decoding

    /// The value of type `type` that `json` encodes (`json` is not null).
    static func decode(_ json: JSON, as type: ValueType) throws -> Value {
        func fail(_ expected: String) -> Mismatch { Mismatch(description: "expected \(expected), found \(json.kind)") }
        switch type {
        case .int:
            guard case .number(let text) = json, let value = Int64(text) else { throw fail("an integer") }
            return .int(value)
        case .bool:
            guard case .bool(let value) = json else { throw fail("true or false") }
            return .bool(value)
        case .float:
            if case .number(let text) = json, let value = Float(text), value.isFinite { return .float(value) }
            if case .string(let text) = json, let value = nonFiniteFloat(text) { return .float(value) }
            throw fail("a float")
        case .double:
            if case .number(let text) = json, let value = Double(text), value.isFinite { return .double(value) }
            if case .string(let text) = json, let value = nonFiniteValue(text) { return .double(value) }
            throw fail("a double")
        case .string:
            guard case .string(let value) = json else { throw fail("a string") }
            return .string(value)
        case .binary:
            guard case .string(let text) = json, let data = Data(base64Encoded: text),
                data.base64EncodedString() == text
            else { throw fail("base64 data") }
            return .binary(Array(data))
        case .timestamp:
            guard case .string(let text) = json, let value = timestamp(text) else {
                throw fail("a date such as \"2026-01-31T12:00:00.000000000Z\"")
            }
            return .timestamp(value)
        case .decimal128:
            guard case .string(let text) = json, let bytes = decimalBytes(text) else {
                throw fail("a decimal128 such as \"12345E-2\"")
            }
            return .decimal128(bytes)
        case .objectId:
            guard case .string(let text) = json, text.count == 24, let bytes = bytes(hex: text) else {
                throw fail("an objectId of 24 hex digits")
            }
            return .objectId(bytes)
        case .uuid:
            guard case .string(let text) = json, text.count == 36,
                text.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12],
                text == text.uppercased(), let bytes = bytes(hex: text.replacingOccurrences(of: "-", with: ""))
            else { throw fail("an uppercase UUID") }
            return .uuid(bytes)
        case .mixed, .link, .backlink:
            throw Mismatch(description: "\(type) values are not plain values")
        }
    }

    private static func nonFiniteValue(_ text: String) -> Double? {
        switch text {
        case "inf": return .infinity
        case "-inf": return -.infinity
        case "nan": return .nan
        default:
            guard text.hasPrefix("nan:0x"), let bits = UInt64(text.dropFirst(6), radix: 16) else { return nil }
            let value = Double(bitPattern: bits)
            guard value.isNaN, "nan:0x" + String(bits, radix: 16) == text, bits != Double.nan.bitPattern else {
                return nil
            }
            return value
        }
    }

    private static func nonFiniteFloat(_ text: String) -> Float? {
        switch text {
        case "inf": return .infinity
        case "-inf": return -.infinity
        case "nan": return .nan
        default:
            guard text.hasPrefix("nan:0x"), let bits = UInt32(text.dropFirst(6), radix: 16) else { return nil }
            let value = Float(bitPattern: bits)
            guard value.isNaN, "nan:0x" + String(bits, radix: 16) == text, bits != Float.nan.bitPattern else {
                return nil
            }
            return value
        }
    }

    static func bytes(hex text: String) -> [UInt8]? {
        guard text.count % 2 == 0, text.allSatisfy(\.isHexDigit) else { return nil }
        var result: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
            result.append(byte)
            index = next
        }
        guard hex(result) == text.lowercased() else { return nil }
        return result
    }

    // MARK: Decimal128

    private static let canonicalNaN: [UInt8] = Array(repeating: 0, count: 15) + [0x7C]

    static func decimalText(_ bytes: [UInt8]) -> String {
        let bits = bytes.withUnsafeBytes { UInt128(littleEndian: $0.loadUnaligned(as: UInt128.self)) }
        if bits >> 122 & 0x1F == 0x1F {
            return bytes == canonicalNaN ? "NaN" : "0x" + String(bits, radix: 16)
        }
        let negative = bits >> 127 == 1
        let exponent = Int((bits >> 113) & 0x3FFF) - 6176
        let coefficient = bits & ((UInt128(1) << 113) - 1)
        return (negative ? "-" : "") + "\(coefficient)E\(exponent)"
    }

    static func decimalBytes(_ text: String) -> [UInt8]? {
        var bits: UInt128
        if text == "NaN" {
            return canonicalNaN
        } else if text.hasPrefix("0x") {
            guard let value = UInt128(text.dropFirst(2), radix: 16), value >> 122 & 0x1F == 0x1F else { return nil }
            bits = value
        } else {
            let negative = text.hasPrefix("-")
            let body = negative ? text.dropFirst() : Substring(text)
            let parts = body.split(separator: "E", omittingEmptySubsequences: false)
            guard parts.count == 2, let coefficient = UInt128(parts[0]), let exponent = Int(parts[1]),
                coefficient < UInt128(1) << 113, exponent + 6176 >= 0, exponent + 6176 < 0x3FFF
            else { return nil }
            bits = coefficient | UInt128(exponent + 6176) << 113
            if negative { bits |= UInt128(1) << 127 }
            guard bits >> 122 & 0x1F != 0x1F else { return nil }
        }
        let bytes = withUnsafeBytes(of: bits.littleEndian, Array.init)
        return decimalText(bytes) == text ? bytes : nil
    }

    // MARK: Dates

    private static let nanosecondsPerSecond: Int128 = 1_000_000_000

    static func timestampText(_ value: Timestamp) -> String {
        let total = Int128(value.seconds) * nanosecondsPerSecond + Int128(value.nanoseconds)
        // The engine's normal form truncates toward zero: the nanoseconds carry the sign of the total.
        guard total / nanosecondsPerSecond == Int128(value.seconds),
            total % nanosecondsPerSecond == Int128(value.nanoseconds)
        else {
            return "@\(value.seconds),\(value.nanoseconds)"
        }
        var seconds = total / nanosecondsPerSecond
        var fraction = total % nanosecondsPerSecond
        if fraction < 0 {
            seconds -= 1
            fraction += nanosecondsPerSecond
        }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            days -= 1
            secondOfDay += 86_400
        }
        let (year, month, day) = civil(fromDays: Int64(days))
        let yearText: String
        if (0...9999).contains(year) {
            yearText = pad(year, 4)
        } else {
            yearText = (year < 0 ? "-" : "+") + pad(abs(year), 4)
        }
        let hour = Int64(secondOfDay / 3600)
        let minute = Int64(secondOfDay / 60 % 60)
        let second = Int64(secondOfDay % 60)
        return "\(yearText)-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))."
            + "\(pad(Int64(fraction), 9))Z"
    }

    static func timestamp(_ text: String) -> Timestamp? {
        if text.hasPrefix("@") {
            let parts = text.dropFirst().split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let seconds = Int64(parts[0]), let nanoseconds = Int32(parts[1]) else { return nil }
            let value = Timestamp(seconds: seconds, nanoseconds: nanoseconds)
            return timestampText(value) == text ? value : nil
        }
        // [±]YYYY…-MM-DDTHH:MM:SS.nnnnnnnnnZ
        guard text.hasSuffix("Z"), let t = text.lastIndex(of: "T") else { return nil }
        let datePart = text[..<t]
        let timePart = text[text.index(after: t)..<text.index(before: text.endIndex)]
        let signed = datePart.first == "-" || datePart.first == "+"
        let dateFields = (signed ? datePart.dropFirst() : datePart).split(
            separator: "-",
            omittingEmptySubsequences: false
        )
        let timeFields = timePart.split(whereSeparator: { $0 == ":" || $0 == "." })
        guard dateFields.count == 3, timeFields.count == 4, var year = Int64(dateFields[0]),
            let month = Int64(dateFields[1]), let day = Int64(dateFields[2]), let hour = Int64(timeFields[0]),
            let minute = Int64(timeFields[1]), let second = Int64(timeFields[2]), let fraction = Int64(timeFields[3]),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        guard year <= 300_000_000_000 else { return nil }
        if datePart.first == "-" { year = -year }
        let days = self.days(fromCivil: year, month, day)
        let seconds = Int128(days) * 86_400 + Int128(hour * 3600 + minute * 60 + second)
        let total = seconds * nanosecondsPerSecond + Int128(fraction)
        guard let wholeSeconds = Int64(exactly: total / nanosecondsPerSecond) else { return nil }
        let value = Timestamp(seconds: wholeSeconds, nanoseconds: Int32(total % nanosecondsPerSecond))
        // Only the canonical spelling is accepted (so every value has exactly one), which also rejects 31 February.
        return timestampText(value) == text ? value : nil
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// The proleptic Gregorian date of a day count from 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The day count from 1970-01-01 of a proleptic Gregorian date (`days_from_civil`).
    private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
