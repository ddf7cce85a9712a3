import Foundation
import Synchronization

/// A 12-byte unique identifier: a 4-byte timestamp, 5 random bytes and a 3-byte counter, as in MongoDB
/// and Realm.
///
/// ```swift
/// let id = ObjectId.generate()
/// let parsed = try ObjectId(string: "6283b6e9f7a5e8e0c6b1a2f3")
/// print(parsed.timestamp)
/// ```
public struct ObjectId: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    /// The 12 bytes, most significant first.
    public let bytes: [UInt8]

    private static let processRandom: [UInt8] = (0..<5).map { _ in UInt8.random(in: 0...255) }
    private static let counter = Atomic<UInt32>(UInt32.random(in: 0...0xFF_FFFF))

    /// Creates an ObjectId from its 12 bytes.
    /// - Parameter bytes: exactly 12 bytes, most significant first; another count stops with a message.
    public init(bytes: [UInt8]) {
        precondition(bytes.count == 12, "an ObjectId has 12 bytes")
        self.bytes = bytes
    }

    /// Creates a zero ObjectId, `000000000000000000000000`, as Realm Swift's `ObjectId()` does.
    ///
    /// Use ``generate()`` for a new, unique one (a `@Persisted` ObjectId without a default gets one).
    public init() {
        bytes = [UInt8](repeating: 0, count: 12)
    }

    /// Generates a new, unique ObjectId.
    /// - Returns: an ObjectId made of the current time, 5 random bytes chosen once per process, and a counter.
    public static func generate() -> ObjectId {
        let seconds = UInt32(truncatingIfNeeded: Int(Date().timeIntervalSince1970))
        let count = counter.add(1, ordering: .relaxed).newValue & 0xFF_FFFF
        // One allocation: a new key is made for every object left at its default.
        let random = processRandom
        let bytes = [UInt8](unsafeUninitializedCapacity: 12) { buffer, initialized in
            for index in 0..<4 { buffer[index] = UInt8(truncatingIfNeeded: seconds >> (24 - 8 * index)) }
            for index in 0..<5 { buffer[4 + index] = random[index] }
            for index in 0..<3 { buffer[9 + index] = UInt8(truncatingIfNeeded: count >> (16 - 8 * index)) }
            initialized = 12
        }
        return ObjectId(bytes: bytes)
    }

    /// Parses 24 hexadecimal digits (either case).
    ///
    /// ```swift
    /// let id = try ObjectId(string: "000123450000ffbeef91906c")
    /// ```
    /// - Throws: ``RealmError/invalidValue(_:)``, "Invalid Object ID string '<string>': must be 24 hex digits",
    ///   if the string is not 24 characters or has a character outside 0-9, a-f and A-F.
    /// - Parameter string: 24 hexadecimal digits, such as `"6283b6e9f7a5e8e0c6b1a2f3"`.
    public init(string: String) throws {
        guard let bytes = Self.parse(Array(string.utf8)) else {
            throw RealmError.invalidValue("Invalid Object ID string '\(string)': must be 24 hex digits")
        }
        self.bytes = bytes
    }

    /// Parses a string literal of 24 hexadecimal digits; stops the program if it is not one.
    ///
    /// ```swift
    /// let id = ObjectId("000123450000ffbeef91906c")
    /// ```
    /// Use ``init(string:)`` for strings known only at run time.
    /// - Parameter str: a literal of 24 hexadecimal digits.
    public init(_ str: StaticString) {
        let digits = str.withUTF8Buffer { Array($0) }
        guard let bytes = Self.parse(digits) else {
            preconditionFailure(
                "Invalid Object ID string '\(String(decoding: digits, as: UTF8.self))': must be 24 hex digits"
            )
        }
        self.bytes = bytes
    }

    /// Creates an ObjectId from a timestamp (to the second), a machine identifier (its low 3 bytes, lowest first) and
    /// a process identifier (its low 2 bytes, lowest first), as Realm stores them; a counter fills the last 3 bytes.
    ///
    /// As in Realm Swift, `machineId` and `processId` must fit an `Int32`.
    /// - Parameters:
    ///   - timestamp: the time the first 4 bytes record, truncated to the second.
    ///   - machineId: a machine identifier; its low 3 bytes are kept.
    ///   - processId: a process identifier; its low 2 bytes are kept.
    public init(timestamp: Date, machineId: Int, processId: Int) {
        let machine = Int32(machineId)
        let process = Int32(processId)
        let seconds = UInt32(truncatingIfNeeded: Int(timestamp.timeIntervalSince1970))
        var bytes = withUnsafeBytes(of: seconds.bigEndian, Array.init)
        // Low byte first, as realm-core copies the low bytes of the native (little-endian) integers: the same
        // identifiers make the same bytes in every binding. The seconds and the counter are big-endian, so that
        // ObjectIds sort by time.
        bytes += [UInt8(machine & 0xFF), UInt8(machine >> 8 & 0xFF), UInt8(machine >> 16 & 0xFF)]
        bytes += [UInt8(process & 0xFF), UInt8(process >> 8 & 0xFF)]
        let count = Self.counter.add(1, ordering: .relaxed).newValue & 0xFF_FFFF
        bytes += [UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
        self.bytes = bytes
    }

    /// The 12 bytes of 24 hexadecimal digits, or nil.
    private static func parse(_ digits: [UInt8]) -> [UInt8]? {
        guard digits.count == 24 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(12)
        for index in stride(from: 0, to: 24, by: 2) {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The time the ObjectId was generated, to the second.
    public var timestamp: Date {
        let seconds = bytes[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The 24 lowercase hexadecimal digits.
    public var stringValue: String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    /// The 24 lowercase hexadecimal digits.
    public var description: String { stringValue }

    /// Orders ObjectIds by their bytes (so by timestamp first).
    /// - Parameters:
    ///   - lhs: an ObjectId.
    ///   - rhs: another ObjectId.
    /// - Returns: whether the bytes of `lhs` come first, byte by byte.
    public static func < (lhs: ObjectId, rhs: ObjectId) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }

    /// Decodes from a hexadecimal string.
    /// - Parameter decoder: a decoder holding a single string.
    /// - Throws: ``RealmError/invalidValue(_:)`` when the string is not 24 hexadecimal digits, or what the decoder
    ///   throws when the value is not a string.
    public init(from decoder: any Decoder) throws {
        try self.init(string: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes as a hexadecimal string.
    /// - Parameter encoder: the encoder to write the 24 lowercase hexadecimal digits to.
    /// - Throws: what the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(stringValue)
    }
}
