import Foundation
import Strata
import Testing

// realm-swift's `RealmSwift/Tests/RealmPropertyTests.swift` (testObject): a `RealmProperty` of each optional type it
// holds, with Realm's value for it (the widest positive values of Int8, Int32 and Int64, 32766 for Int16), reads what
// was set on an unmanaged object and nil once cleared; added to a realm it is still nil, and a write sets it. Here the
// value is also read back from the file in a later read. RealmPropertyTests.swift asserts RealmProperty's schema,
// queries and key-value coding (with other values, for Int?, Int8?, Double? and Bool?).

/// As realm-swift's `RealmPropertyObject`: one RealmProperty of each optional type.
final class PCPRealmProperties: Object {
    @Persisted(primaryKey: true) var id = 0
    let optionalIntValue = RealmProperty<Int?>()
    let optionalInt8Value = RealmProperty<Int8?>()
    let optionalInt16Value = RealmProperty<Int16?>()
    let optionalInt32Value = RealmProperty<Int32?>()
    let optionalInt64Value = RealmProperty<Int64?>()
    let optionalFloatValue = RealmProperty<Float?>()
    let optionalDoubleValue = RealmProperty<Double?>()
    let optionalBoolValue = RealmProperty<Bool?>()
}

/// One property of `PCPRealmProperties` and Realm's value for it.
struct PCPRealmPropertyCase: Sendable, CustomTestStringConvertible {
    let name: String
    /// The reads of the property along testObject's steps, each described.
    let steps: @Sendable (Realm) async throws -> [String]
    let expected: [String]
    var testDescription: String { name }

    /// The row for the property at `path` holding `value`.
    static func row<T: RealmOptionalType & Equatable & Sendable>(
        _ path: KeyPath<PCPRealmProperties, RealmProperty<T?>> & Sendable,
        _ value: T
    ) -> Self {
        let text: @Sendable (T?) -> String = { read in read.map { "\($0)" } ?? "nil" }
        let shown = "\(value)"
        return Self(
            name: "RealmProperty<\(T.self)?> holding \(shown)",
            steps: { realm in
                var reads = try await realm.write { realm -> [String] in
                    let object = PCPRealmProperties()
                    object[keyPath: path].value = value
                    let set = text(object[keyPath: path].value)
                    object[keyPath: path].value = nil
                    let cleared = text(object[keyPath: path].value)
                    try realm.add(object)
                    return [set, cleared, text(object[keyPath: path].value)]
                }
                reads += try await realm.write { realm -> [String] in
                    guard let object = realm.object(ofType: PCPRealmProperties.self, forPrimaryKey: 0) else {
                        return ["missing"]
                    }
                    object[keyPath: path].value = value
                    return [text(object[keyPath: path].value)]
                }
                reads += await realm.read { realm -> [String] in
                    [text(realm.objects(PCPRealmProperties.self).first?[keyPath: path].value)]
                }
                return reads
            },
            expected: [shown, "nil", "nil", shown, shown]
        )
    }

    static let rows: [PCPRealmPropertyCase] = [
        .row(\.optionalIntValue, 123_456),
        .row(\.optionalInt8Value, Int8.max),
        .row(\.optionalInt16Value, 32766 as Int16),
        .row(\.optionalInt32Value, Int32.max),
        .row(\.optionalInt64Value, Int64.max),
        .row(\.optionalFloatValue, 12345.6789 as Float),
        .row(\.optionalDoubleValue, 12345.6789),
        .row(\.optionalBoolValue, true),
    ]
}

@Suite("Primitive collection port: RealmProperty of each optional type, as realm-swift's RealmPropertyTests")
struct PrimitiveCollectionPortRealmPropertyTests {
    @Test(
        "set and cleared unmanaged, nil once added, set in a write and read back (testObject)",
        arguments: PCPRealmPropertyCase.rows
    )
    func object(_ row: PCPRealmPropertyCase) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([PCPRealmProperties.self]))
        #expect(try await row.steps(realm) == row.expected)
    }
}
