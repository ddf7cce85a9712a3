import Foundation
import Strata
import StrataCore
import StrataTestSupport
import Testing

@Suite("Aggregates: the one-pass column summary agrees with the value-by-value path")
struct AggregateTests {
    /// The four aggregates of one property, as strings: whole-table results take the column summary, a
    /// TRUEPREDICATE filter takes the value-by-value path over the same objects.
    private static func aggregates<T: _Persistable & CustomStringConvertible>(
        _ results: Results<AllTypes>,
        _ property: String,
        as type: T.Type
    ) -> [String] {
        let minimum: T? = results.min(ofProperty: property)
        let maximum: T? = results.max(ofProperty: property)
        let sum: T = results.sum(ofProperty: property)
        let average: Double? = results.average(ofProperty: property)
        return [
            minimum.map(\.description) ?? "nil", maximum.map(\.description) ?? "nil", sum.description,
            average.map { String($0) } ?? "nil",
        ]
    }

    private static func compareAll(_ realm: isolated Realm, context: String) {
        let all = realm.objects(AllTypes.self)
        let filtered = all.filter("TRUEPREDICATE")
        for (property, fast, slow) in [
            ("int", aggregates(all, "int", as: Int.self), aggregates(filtered, "int", as: Int.self)),
            ("int8", aggregates(all, "int8", as: Int.self), aggregates(filtered, "int8", as: Int.self)),
            ("float", aggregates(all, "float", as: Double.self), aggregates(filtered, "float", as: Double.self)),
            ("double", aggregates(all, "double", as: Double.self), aggregates(filtered, "double", as: Double.self)),
            (
                "optionalInt", aggregates(all, "optionalInt", as: Int.self),
                aggregates(filtered, "optionalInt", as: Int.self)
            ),
            (
                "optionalDouble", aggregates(all, "optionalDouble", as: Double.self),
                aggregates(filtered, "optionalDouble", as: Double.self)
            ),
        ] {
            #expect(fast == slow, "\(context): \(property)")
        }
        let typedMin: Float? = all.min(ofProperty: "float")
        let slowTypedMin: Float? = filtered.min(ofProperty: "float")
        #expect(typedMin == slowTypedMin, "\(context): min float as Float")
    }

    @Test("Random columns across many leaves, with nulls, committed and in a write", arguments: [1, 2, 3])
    func randomColumns(seed: UInt64) async throws {
        print("AggregateTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        let realm = try await Realm(configuration: memoryConfiguration())
        await realm.read { realm in Self.compareAll(realm, context: "empty") }
        let count = 700 + Int(random.next() % 400)
        let rows = (0..<count).map { index in
            (
                Int(Int64(bitPattern: random.next()) >> Int64(random.next() % 64)),
                Int8(truncatingIfNeeded: random.next()),
                Float(Int64(random.next() % 20_000)) / 7 - 1_000,
                Double(Int64(random.next() % 2_000_000)) / 3 - 300_000,
                random.next() % 4 == 0 ? nil : Int(random.next() % 1_000) - 500,
                index % 3 == 0 ? nil : Double(random.next() % 10_000) / 8
            )
        }
        try await realm.write { realm in
            for row in rows {
                let object = AllTypes()
                (object.int, object.int8, object.float, object.double) = (row.0, row.1, row.2, row.3)
                (object.optionalInt, object.optionalDouble) = (row.4, row.5)
                try realm.add(object)
            }
        }
        await realm.read { realm in Self.compareAll(realm, context: "committed, seed \(seed)") }
        try await realm.write { realm in
            realm.objects(AllTypes.self).first?.optionalInt = 123_456
            Self.compareAll(realm, context: "in a write, seed \(seed)")
        }
        try await realm.write { realm in
            for object in realm.objects(AllTypes.self) {
                object.optionalInt = nil
                object.optionalDouble = nil
            }
        }
        await realm.read { realm in
            Self.compareAll(realm, context: "all null, seed \(seed)")
            let none: Int? = realm.objects(AllTypes.self).min(ofProperty: "optionalInt")
            let average: Double? = realm.objects(AllTypes.self).average(ofProperty: "optionalDouble")
            let sum: Double = realm.objects(AllTypes.self).sum(ofProperty: "optionalDouble")
            #expect(none == nil && average == nil && sum == 0)
        }
    }

    @Test("A NaN leaves min and max to the value-by-value path")
    func notANumber() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            for value in [2.0, .nan, -1.0, 5.0] {
                let object = AllTypes()
                object.double = value
                try realm.add(object)
            }
        }
        await realm.read { realm in Self.compareAll(realm, context: "NaN") }
    }
}
