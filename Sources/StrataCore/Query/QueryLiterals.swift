// QueryLiterals.swift: literals of every property type in the Realm query language.
//
//   integers 42, -7, +7, 0x1F     floats 1.5, -2e3, +1.5E+2, .5, 10.     strings "…" or '…'     nil NULL
//   true false TRUE FALSE YES NO     dates 2020-01-31@12:30:00(:nanoseconds) (UTC; 2020-1-31@1:2:3 too)
//   dates also 2020-01-31T12:30:00 and T1580473800:0 (seconds:nanoseconds since 1970, T-1:-1 before it)
//   oid(6283b6e9f7a5e8e0c6b1a2f3)    uuid(123e4567-e89b-12d3-a456-426614174000)
//   binary B64"AQID"     doubles inf infinity nan, signed: +inf -infinity -nan (any case)
//
// Invariants (realm-core's query_flex.ll and driver.cpp): a date needs its time (`1970-01-01` alone is no literal)
// and a year from 1900; its nanoseconds take the sign of its seconds, as do those of T…:… (whose signs must agree).
// A floating-point literal is a Double; compared with a decimal property it is read from its text
// (``exactDecimal(_:)``), keeping digits a Double would lose.

import Foundation

enum QueryLiterals {
    static func number(_ text: String, column: Int) throws -> Value {
        switch text.lowercased() {
        case "+inf", "+infinity": return .double(.infinity)
        case "-inf", "-infinity": return .double(-.infinity)
        case "+nan", "-nan": return .double(.nan)
        default: break
        }
        if text.hasPrefix("T") {
            let parts = text.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let seconds = Int64(parts[0]), let nanoseconds = Int32(parts[1]),
                abs(nanoseconds) < 1_000_000_000
            else {
                throw QueryError("'\(text)' is not a timestamp (Tseconds:nanoseconds)", at: column)
            }
            // realm-core: the nanoseconds take the sign of the seconds (T-1:-1 is a second and 1 ns before 1970).
            guard (seconds >= 0 && nanoseconds >= 0) || (seconds <= 0 && nanoseconds <= 0) else {
                throw QueryError("Invalid timestamp format", at: column)
            }
            return .timestamp(Timestamp(seconds: seconds, nanoseconds: nanoseconds))
        }
        if text.contains("@") || text.contains("T") { return .timestamp(try date(text, column: column)) }
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            guard let value = Int64(text.dropFirst(2), radix: 16) else {
                throw QueryError("'\(text)' is not a number", at: column)
            }
            return .int(value)
        }
        if let value = Int64(text) { return .int(value) }
        if let value = Double(text), text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
            return .double(value)
        }
        throw QueryError("'\(text)' is not a number", at: column)
    }

    /// The exact value of a floating-point literal as a Decimal128 (realm-core reads a literal compared with a
    /// decimal property from its text), when it differs from the value its Double converts to (15 significant
    /// digits, DecimalBits.decimal): nil for other literals.
    static func exactDecimal(_ text: String) -> Value? {
        guard text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let double = Double(text),
            double.isFinite,
            let exact = Decimal(string: text.hasPrefix("+") ? String(text.dropFirst()) : text, locale: nil),
            exact != DecimalBits.decimal(.double(double))
        else { return nil }
        return .decimal128(DecimalBits.encode(exact))
    }

    /// A string compared with a decimal property, read as realm-core reads a decimal's text (Realm Swift takes a
    /// string that is a valid decimal there: `decimalCol > '1.5e3'`, `decimalCol == 'Inf'`): spaces and tabs, then
    /// `inf` or `infinity` in any case, signed or not, or a signed number with at most one point and an exponent.
    /// Nil for other text (NaN is no valid decimal text) and for a value too small for a Foundation decimal. A value
    /// too large for one (beyond about ±3.4 × 10^165, where a stored decimal cannot be) reads as the infinity of its
    /// sign, which orders against every decimal that can be stored as the value itself would.
    static func decimalText(_ text: String) -> Value? {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        let negative = trimmed.first == "-"
        let unsigned = trimmed.first == "-" || trimmed.first == "+" ? trimmed.dropFirst() : trimmed
        if ["inf", "infinity"].contains(unsigned.lowercased()) { return .double(negative ? -.infinity : .infinity) }
        let isDigit: (Character) -> Bool = { ("0"..."9").contains($0) }
        let mantissa = unsigned.prefix { $0 == "." || isDigit($0) }
        var rest = unsigned.dropFirst(mantissa.count)
        guard mantissa.contains(where: isDigit), mantissa.filter({ $0 == "." }).count <= 1 else { return nil }
        var exponent = 0
        if let marker = rest.first, marker == "e" || marker == "E" {
            rest = rest.dropFirst()
            let sign = rest.first == "-" ? -1 : 1
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            guard !rest.isEmpty, rest.allSatisfy(isDigit) else { return nil }
            // Beyond any decimal's range the exponent only needs to stay beyond it.
            exponent = sign * (Int(rest.drop { $0 == "0" }.prefix(7)) ?? 0)
            rest = rest.dropFirst(rest.count)
        }
        guard rest.isEmpty else { return nil }
        // The digits as a whole number, and the exponent that scales it (a Foundation decimal's is -128…127).
        var digits = String(mantissa.filter(isDigit).drop { $0 == "0" })
        exponent -= mantissa.drop { $0 != "." }.dropFirst().count
        if digits.isEmpty { return .decimal128(DecimalBits.encode(0)) }
        while exponent > 127, digits.count < 38 {
            digits += "0"
            exponent -= 1
        }
        guard exponent <= 127 else { return .double(negative ? -.infinity : .infinity) }
        guard let significand = Decimal(string: digits, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        let value = Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: significand)
        guard !value.isNaN, !value.isZero else { return nil }
        return .decimal128(DecimalBits.encode(value))
    }

    /// A date literal, YYYY-MM-DD@HH:MM:SS[:NANOSECONDS] or with `T` for `@` (UTC), each part one or more digits
    /// (QueryLexer.dateEnd). As in realm-core, a year before 1900 is refused and the nanoseconds of a date before
    /// 1970 count away from 1970, as its seconds do (1969-12-31@23:59:59:500000000 is Timestamp(-1, -500000000)).
    static func date(_ text: String, column: Int) throws -> Timestamp {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "@" || $0 == "T" }
        // Every part must be a number: one that is not (or does not fit an Int) makes the text no date.
        func numbers(_ part: Substring, _ separator: Character) -> [Int]? {
            let pieces = part.split(separator: separator, omittingEmptySubsequences: false)
            let values = pieces.compactMap { Int($0) }
            return values.count == pieces.count ? values : nil
        }
        guard parts.count == 2, let day = numbers(parts[0], "-"), let time = numbers(parts[1], ":"),
            day.count == 3, time.count >= 3, time.count <= 4, (1...12).contains(day[1]), (1...31).contains(day[2]),
            (0...23).contains(time[0]), (0...59).contains(time[1]), (0...60).contains(time[2]),
            time.count == 3 || (0..<1_000_000_000).contains(time[3])
        else {
            throw QueryError(
                "'\(text)' is not a date (YYYY-MM-DD@HH:MM:SS[:NANOSECONDS] or YYYY-MM-DDTHH:MM:SS)",
                at: column
            )
        }
        guard day[0] >= 1900 else { throw QueryError("Conversion of dates before 1900 is not supported.", at: column) }
        var components = DateComponents()
        components.year = day[0]
        components.month = day[1]
        components.day = day[2]
        components.hour = time[0]
        components.minute = time[1]
        components.second = time[2]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: components),
            let seconds = Int64(exactly: date.timeIntervalSince1970.rounded(.down))
        else {
            throw QueryError("'\(text)' is not a valid date", at: column)
        }
        let nanoseconds = Int32(time.count == 4 ? time[3] : 0)
        return Timestamp(seconds: seconds, nanoseconds: seconds < 0 ? -nanoseconds : nanoseconds)
    }

    static func keywordLiteral(_ name: String, parser: inout QueryParser, column: Int) throws -> QueryOperand? {
        switch name.uppercased() {
        case "NIL", "NULL":
            parser.skip()
            return .constant(.null, column: column)
        case "TRUE", "YES":
            parser.skip()
            return .constant(.bool(true), column: column)
        case "FALSE", "NO":
            parser.skip()
            return .constant(.bool(false), column: column)
        case "OID" where parser.next.kind == .symbol("("):
            let text = try parser.consumeCall()
            guard let bytes = hexBytes(text), bytes.count == 12 else {
                throw QueryError("'\(text)' is not an ObjectId", at: column)
            }
            return .constant(.objectId(bytes), column: column)
        case "INF", "INFINITY":
            parser.skip()
            return .constant(.double(.infinity), column: column)
        case "NAN":
            parser.skip()
            return .constant(.double(.nan), column: column)
        case "B64" where parser.next.kind.isString:
            parser.skip()
            guard case .string(let text) = parser.current.kind, let data = Data(base64Encoded: text) else {
                throw QueryError("B64 must be followed by a quoted base64 string", at: column)
            }
            parser.skip()
            return .constant(.binary(Array(data)), column: column)
        case "UUID" where parser.next.kind == .symbol("("):
            let text = try parser.consumeCall()
            guard let uuid = UUID(uuidString: text) else { throw QueryError("'\(text)' is not a UUID", at: column) }
            return .constant(.uuid(withUnsafeBytes(of: uuid.uuid) { Array($0) }), column: column)
        default:
            break
        }
        return nil
    }

    static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(byte)
        }
        return bytes
    }
}
