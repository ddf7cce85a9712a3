// QueryLiterals.swift: literals of every property type in the Realm query language.
//
//   integers 42, -7, 0x1F     floats 1.5, -2e3     strings "…" or '…'     nil NULL
//   true false TRUE FALSE YES NO     dates 2020-01-31@12:30:00(:nanoseconds) (UTC)
//   dates also 2020-01-31T12:30:00 and T1580473800:0 (seconds:nanoseconds since 1970)
//   oid(6283b6e9f7a5e8e0c6b1a2f3)    uuid(123e4567-e89b-12d3-a456-426614174000)
//   binary B64"AQID"     doubles inf infinity nan

import Foundation

enum QueryLiterals {
    static func number(_ text: String, column: Int) throws -> Value {
        if ["-inf", "-infinity"].contains(text.lowercased()) { return .double(-.infinity) }
        if text.hasPrefix("T") {
            let parts = text.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let seconds = Int64(parts[0]), let nanoseconds = Int32(parts[1]) else {
                throw QueryError("'\(text)' is not a timestamp (Tseconds:nanoseconds)", at: column)
            }
            return .timestamp(Timestamp(seconds: seconds, nanoseconds: nanoseconds))
        }
        if text.contains("@") || text.contains("T")
            || (text.count >= 8 && text.filter({ $0 == "-" }).count >= 2 && !text.hasPrefix("-"))
        {
            return .timestamp(try date(text, column: column))
        }
        let lower = text.lowercased()
        if lower.hasPrefix("0x") || lower.hasPrefix("-0x") {
            let negative = lower.hasPrefix("-")
            guard let value = Int64(lower.dropFirst(negative ? 3 : 2), radix: 16) else {
                throw QueryError("'\(text)' is not a number", at: column)
            }
            return .int(negative ? -value : value)
        }
        if let value = Int64(text) { return .int(value) }
        if let value = Double(text), text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
            return .double(value)
        }
        throw QueryError("'\(text)' is not a number", at: column)
    }

    static func date(_ text: String, column: Int) throws -> Timestamp {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "@" || $0 == "T" }
        // Every part must be a number: one that is not (or does not fit an Int) makes the text no date.
        func numbers(_ part: Substring, _ separator: Character) -> [Int]? {
            let pieces = part.split(separator: separator, omittingEmptySubsequences: false)
            let values = pieces.compactMap { Int($0) }
            return values.count == pieces.count ? values : nil
        }
        guard parts.count <= 2, let day = numbers(parts[0], "-"),
            let time = parts.count > 1 ? numbers(parts[1], ":") : [0, 0, 0],
            day.count == 3, time.count >= 3, time.count <= 4, (1...12).contains(day[1]), (1...31).contains(day[2]),
            (0...23).contains(time[0]), (0...59).contains(time[1]), (0...60).contains(time[2]),
            time.count == 3 || (0..<1_000_000_000).contains(time[3])
        else {
            throw QueryError(
                "'\(text)' is not a date (YYYY-MM-DD@HH:MM:SS[:NANOSECONDS] or YYYY-MM-DDTHH:MM:SS)",
                at: column
            )
        }
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
        return Timestamp(seconds: seconds, nanoseconds: Int32(time.count == 4 ? time[3] : 0))
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
