import Foundation
import Strata
import Testing

// Which loosely typed values `create(_:value:update:)` takes for a property of each type, and which it refuses, as
// Realm Swift decides. The facts are realm-swift's own lists of valid and invalid values per property type
// (RealmSwift/Tests/ObjectCreationTests.swift, `validValuesForSwiftObjectType` and `invalidValuesForSwiftObjectType`),
// which its tests pass to `create` in a dictionary and an array; each row here is one of them, with what the property
// then reads back. The conversions are each type's own (`_rlmCoerce`, one file per type in Sources/Strata/Values).

/// One value offered to one property: what the property reads back afterwards, or nil when `create` must refuse it.
private struct CoercionRow: CustomTestStringConvertible, Sendable {
    let property: String
    let label: String
    let value: @Sendable () -> Any
    let expected: String?

    var testDescription: String { "\(property) given \(label): \(expected.map { "reads \($0)" } ?? "refused")" }
}

private func accepted(_ property: String, _ label: String, _ value: @escaping @Sendable () -> Any, reads: String)
    -> CoercionRow
{
    CoercionRow(property: property, label: label, value: value, expected: reads)
}

private func refused(_ property: String, _ label: String, _ value: @escaping @Sendable () -> Any) -> CoercionRow {
    CoercionRow(property: property, label: label, value: value, expected: nil)
}

private let coercionRows: [CoercionRow] = [
    // Bool: a Boolean, or a number that is 0 or 1; not another number, a floating-point one or a string.
    accepted("bool", "true", { true }, reads: "true"),
    accepted("bool", "NSNumber 0", { NSNumber(value: 0 as Int) }, reads: "false"),
    accepted("bool", "NSNumber 1", { NSNumber(value: 1 as Int) }, reads: "true"),
    refused("bool", "a string", { "invalid" }),
    refused("bool", "NSNumber 2", { NSNumber(value: 2 as Int) }),
    refused("bool", "a Float NSNumber", { NSNumber(value: 1.1 as Float) }),
    refused("bool", "a Double NSNumber", { NSNumber(value: 11.1 as Double) }),
    // Integers: an integer NSNumber; not a floating-point one or a string.
    accepted("int", "NSNumber 1", { NSNumber(value: 1 as Int) }, reads: "1"),
    accepted("int8", "NSNumber 1", { NSNumber(value: 1 as Int) }, reads: "1"),
    accepted("int16", "an Int", { 300 }, reads: "300"),
    accepted("int32", "an Int64", { Int64(70_000) }, reads: "70000"),
    accepted("int64", "an Int8", { Int8(-5) }, reads: "-5"),
    refused("int", "a string", { "invalid" }),
    refused("int", "a Float NSNumber", { NSNumber(value: 1.1 as Float) }),
    refused("int", "a Double NSNumber", { NSNumber(value: 11.1 as Double) }),
    // Float and Double: any number but a Boolean; not a string.
    accepted("float", "NSNumber 1", { NSNumber(value: 1 as Int) }, reads: "1.0"),
    accepted("float", "a Float NSNumber", { NSNumber(value: 1.1 as Float) }, reads: "\(Float(1.1))"),
    accepted("float", "a Double NSNumber", { NSNumber(value: 11.1 as Double) }, reads: "\(Float(11.1))"),
    refused("float", "a string", { "invalid" }),
    refused("float", "true", { true }),
    refused("float", "false", { false }),
    accepted("double", "NSNumber 1", { NSNumber(value: 1 as Int) }, reads: "1.0"),
    accepted("double", "a Float NSNumber", { NSNumber(value: 1.1 as Float) }, reads: "\(Double(Float(1.1)))"),
    accepted("double", "a Double NSNumber", { NSNumber(value: 11.1 as Double) }, reads: "11.1"),
    refused("double", "a string", { "invalid" }),
    refused("double", "true", { true }),
    refused("double", "false", { false }),
    // String, Data, Date: only their own type.
    accepted("string", "a string", { "b" }, reads: "b"),
    refused("string", "a number", { 0x197A71D }),
    refused("string", "true", { true }),
    refused("data", "a string", { "invalid" }),
    refused("date", "a string", { "invalid" }),
    // Decimal128: a number, a decimal string or a Decimal128; not a string that is no number.
    accepted("decimal", "an Int", { 1 }, reads: "1"),
    accepted("decimal", "a decimal string", { "2" }, reads: "2"),
    accepted("decimal", "a Decimal128", { Decimal128(number: 3) }, reads: "3"),
    refused("decimal", "a string that is no number", { "invalid" }),
    // ObjectId and UUID: their own type; not a malformed string or a number.
    accepted(
        "objectId",
        "an ObjectId",
        { ObjectId("1234567890ab1234567890ab") },
        reads: "1234567890ab1234567890ab"
    ),
    refused("objectId", "a malformed string", { "invalid" }),
    refused("objectId", "a number", { 123 }),
    accepted(
        "uuid",
        "a UUID",
        { UUID(uuidString: "137decc8-b300-4954-a233-f89909f4fd89")! },
        reads: "137DECC8-B300-4954-A233-F89909F4FD89"
    ),
    refused("uuid", "a malformed string", { "invalid" }),
    // AnyRealmValue: a value of a type it holds.
    accepted("any", "a string", { "hello" }, reads: "hello"),
]

@Suite("Loose values given to create, per property type, as Realm Swift takes or refuses them")
struct ValueCoercionPortTests {
    @Test("create takes or refuses the value", arguments: coercionRows)
    fileprivate func createTakesOrRefuses(row: CoercionRow) async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        let outcome = try await realm.write { realm -> String? in
            let value = row.value()
            do {
                let object = try realm.create(AllTypes.self, value: ["id": ObjectId.generate(), row.property: value])
                return Self.describe(object.value(forKey: row.property))
            } catch let error as RealmError {
                guard case .invalidValue = error else { return "unexpected error \(error)" }
                return nil
            }
        }
        #expect(outcome == row.expected)
    }

    /// The value key-value coding reads, as the rows state it (an optional unwrapped, a UUID by its string).
    private static func describe(_ value: Any?) -> String {
        switch value {
        case nil: return "nil"
        case let uuid as UUID: return uuid.uuidString
        case let objectId as ObjectId: return objectId.stringValue
        case let value?: return "\(value)"
        }
    }
}
