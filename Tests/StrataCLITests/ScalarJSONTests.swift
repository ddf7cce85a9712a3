import Foundation
import StrataCore
import StrataTestSupport
import Testing

@testable import StrataCLI

@Suite("The export's value encodings")
struct ScalarJSONTests {
    /// Decodes what `encode` wrote, through JSON text, for the type of `value`.
    static func roundTrip(_ value: Value, _ type: ValueType) throws -> Value {
        let json = try #require(ScalarJSON.encode(value))
        return try ScalarJSON.decode(try JSON.parse(json.text), as: type)
    }

    @Test("Doubles and floats come back bit for bit, whatever their bits", arguments: [1, 2, 3])
    func floatingPointIsExact(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var doubles: [Double] = [
            0, -0.0, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1,
        ]
        var floats: [Float] = [
            0, -0.0, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1,
        ]
        for _ in 0..<2000 {
            doubles.append(Double(bitPattern: random.next()))
            floats.append(Float(bitPattern: UInt32(truncatingIfNeeded: random.next())))
        }
        for double in doubles {
            guard case .double(let back) = try Self.roundTrip(.double(double), .double) else {
                Issue.record("not a double")
                return
            }
            #expect(back.bitPattern == double.bitPattern, "seed \(seed): \(double.bitPattern)")
        }
        for float in floats {
            guard case .float(let back) = try Self.roundTrip(.float(float), .float) else {
                Issue.record("not a float")
                return
            }
            #expect(back.bitPattern == float.bitPattern, "seed \(seed): \(float.bitPattern)")
        }
    }

    @Test("Dates keep their nanoseconds, before 1970 and after 9999 too")
    func datesAreExact() throws {
        let values = [
            Timestamp(seconds: 0, nanoseconds: 0), Timestamp(seconds: 0, nanoseconds: -1),
            Timestamp(seconds: -1, nanoseconds: -999_999_999), Timestamp(seconds: 1_700_000_000, nanoseconds: 1),
            Timestamp(seconds: 253_402_300_800, nanoseconds: 5), Timestamp(seconds: -62_167_219_201, nanoseconds: 0),
            Timestamp(seconds: .max, nanoseconds: 999_999_999), Timestamp(seconds: .min, nanoseconds: -999_999_999),
            Timestamp(seconds: 5, nanoseconds: -3),
        ]
        for value in values {
            #expect(try Self.roundTrip(.timestamp(value), .timestamp) == .timestamp(value), "\(value)")
        }
        #expect(ScalarJSON.timestampText(Timestamp(seconds: 0, nanoseconds: -1)) == "1969-12-31T23:59:59.999999999Z")
        #expect(
            ScalarJSON.timestampText(Timestamp(seconds: 253_402_300_800, nanoseconds: 5))
                == "+10000-01-01T00:00:00.000000005Z"
        )
        #expect(ScalarJSON.timestampText(Timestamp(seconds: 5, nanoseconds: -3)) == "@5,-3")
        #expect(ScalarJSON.timestamp("2026-02-29T00:00:00.000000000Z") == nil)
    }

    @Test("Decimal128, ObjectId, UUID and data come back byte for byte", arguments: [4, 5])
    func bytesAreExact(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) } }
        for _ in 0..<500 {
            let decimal = bytes(16)
            #expect(try Self.roundTrip(.decimal128(decimal), .decimal128) == .decimal128(decimal), "seed \(seed)")
            #expect(try Self.roundTrip(.objectId(bytes(12)), .objectId) != .null)
            let uuid = bytes(16)
            #expect(try Self.roundTrip(.uuid(uuid), .uuid) == .uuid(uuid))
            let data = bytes(Int(random.next() % 40))
            #expect(try Self.roundTrip(.binary(data), .binary) == .binary(data))
        }
        #expect(ScalarJSON.decimalText(DecimalBits.encode(Decimal(string: "-12.345")!)) == "-12345E-3")
    }
}
