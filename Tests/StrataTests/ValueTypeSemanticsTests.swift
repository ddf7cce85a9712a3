import Foundation
import Strata
import Testing

// Facts from realm-swift's Decimal128Tests.swift, ObjectIdTests.swift and SortDescriptorTests.swift: the value
// types' literals, arithmetic, comparisons, descriptions and steps.

@Suite("Value types: Decimal128, ObjectId and SortDescriptor behave as Realm Swift's")
struct ValueTypeSemanticsTests {
    @Test("Decimal128 literals and initializers give the same values")
    func decimalInitialization() {
        let cases: [(Decimal128, Decimal128)] = [
            (3.14159, Decimal128(number: 3.14159)),
            (123, "123"),
            (Decimal128(exactly: 0b101)!, 5),
            ("9.876543", Decimal128(value: Decimal(string: "9.876543")!)),
        ]
        for (lhs, rhs) in cases { #expect(lhs == rhs, "\(lhs) == \(rhs)") }
    }

    @Test("Decimal128 arithmetic is exact for decimal fractions")
    func decimalArithmetic() {
        let cases: [(Decimal128, String)] = [
            (Decimal128(3.144444) + 3.144444, "6.288888"),
            (Decimal128("1.234567") + "9.876543", "11.11111"),
            (Decimal128(exactly: 2)! + Decimal128(exactly: 1)!, "3"),
            (Decimal128(2.5) - 3.5, "-1"),
            (Decimal128("2.5") - "3.5", "-1"),
            (Decimal128(7) / 3.5, "2"),
            (Decimal128("0.21") / "0.7", "0.3"),
            (Decimal128(7) * 3.5, "24.5"),
            (Decimal128("0.21") * "0.7", "0.147"),
            (Decimal128(-123.321).advanced(by: -123.321), "-246.642"),
            (Decimal128(-150.0).advanced(by: 300.0), "150"),
            (Decimal128(10.0).distance(to: 5.0), "-5"),
            (Decimal128(10.0).distance(to: 15.0), "5"),
            (Decimal128(-123.321).magnitude, "123.321"),
            (Decimal128(456.321).magnitude, "456.321"),
        ]
        for (value, description) in cases { #expect(value.description == description) }
        var product: Decimal128 = 2
        product *= 2
        #expect(product == 4)
        var sum: Decimal128 = 1.5
        sum += 1
        #expect(sum == 2.5)
    }

    @Test("Decimal128 compares by value; negate flips the sign")
    func decimalComparisonAndNegation() {
        #expect(Decimal128(3.14160) > Decimal128(number: 3.14159))
        #expect(Decimal128(124) > "123")
        #expect(!(Decimal128(exactly: 1)! > 5))
        #expect(Decimal128(3.14159) >= Decimal128(number: 3.14159))
        #expect(Decimal128(122) < "123")
        #expect(!(Decimal128(exactly: 2)! < 1))
        #expect(Decimal128(123) <= "123")
        #expect(!(Decimal128(2) <= 1))
        #expect(Decimal128.max > Decimal128.min)
        #expect(Decimal128.min < 0 && Decimal128.max > 0)
        var negative: Decimal128 = -123.321
        negative.negate()
        #expect(negative == 123.321)
        var positive: Decimal128 = 456.321
        positive.negate()
        #expect(positive == -456.321)
    }

    @Test("Decimal128 from NSNull is a signaling NaN")
    func decimalNaN() {
        let value = Decimal128(value: NSNull())
        #expect(value.isNaN && value.isSignaling && value.isSignalingNaN)
    }

    @Test("ObjectId round-trips its string, keeps its timestamp and orders by bytes")
    func objectId() throws {
        let text = "000123450000ffbeef91906c"
        let id = try ObjectId(string: text)
        #expect(id.stringValue == text)
        let now = Date()
        let stamped = ObjectId(timestamp: now, machineId: 10, processId: 20)
        #expect(Int(stamped.timestamp.timeIntervalSince1970) == Int(now.timeIntervalSince1970))
        let next = try ObjectId(string: "000123450000ffbeef91906d")
        let same = try ObjectId(string: text)
        #expect(id != next && id == same)
        #expect(next > id && !(id > same))
        #expect(next >= id && id >= same)
        #expect(id < next && !(id < same))
        #expect(id <= next && id <= same)
    }

    @Test("SortDescriptor: ascending by default, reversed, described, a string literal, equal by value")
    func sortDescriptor() {
        let descriptor = Strata.SortDescriptor(keyPath: "property")
        #expect(descriptor.ascending)
        let reversed = descriptor.reversed()
        #expect(reversed.keyPath == "property" && !reversed.ascending && reversed.reversed().ascending)
        #expect(descriptor.description == "SortDescriptor(keyPath: property, direction: ascending)")
        let literal: Strata.SortDescriptor = "property"
        #expect(literal == descriptor)
        let all = [
            Strata.SortDescriptor(keyPath: "property1", ascending: true),
            Strata.SortDescriptor(keyPath: "property1", ascending: false),
            Strata.SortDescriptor(keyPath: "property2", ascending: true),
            Strata.SortDescriptor(keyPath: "property2", ascending: false),
        ]
        for (i, lhs) in all.enumerated() {
            for (j, rhs) in all.enumerated() { #expect((lhs == rhs) == (i == j)) }
        }
        #expect(all[0] == Strata.SortDescriptor(keyPath: "property1", ascending: true))
    }
}
