import Strata
import Testing

// A Decimal128 keeps the exponent it was given (Decimal128.stringValue shows it: "1.5E2" and "150" are one value in
// two forms), so what compares stored values by their bytes must compare decimals by value: DISTINCT, the index of
// an AnyRealmValue property, and a set's uniqueness, as realm-core compares them.

/// A model of these tests.
final class DFTItem: Object {
    @Persisted var decimal = Decimal128(0)
    @Persisted(indexed: true) var any: AnyRealmValue
    @Persisted var decimals: MutableSet<Decimal128>
}

@Suite("Decimals given in different forms compare by value")
struct DecimalFormsTests {
    @Test("DISTINCT, an indexed AnyRealmValue lookup and a set treat 150 and 1.5E2 as one value")
    func formsCompareByValue() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([DFTItem.self]))
        try await realm.write { realm in
            for text in ["150", "1.5e2", "2", "15e1"] {
                let item = DFTItem()
                item.decimal = try Decimal128(string: text)
                item.any = .decimal128(try Decimal128(string: text))
                item.decimals.insert(try Decimal128(string: "150"))
                item.decimals.insert(try Decimal128(string: "1.5e2"))
                try realm.add(item)
            }
        }
        let (distinct, texts, found, setCounts) = await realm.read { realm in
            let items = realm.objects(DFTItem.self)
            return (
                items.distinct(by: ["decimal"]).count,
                items.map(\.decimal.stringValue),
                items.filter("any == %@", Decimal128(number: 150)).count,
                items.map(\.decimals.count)
            )
        }
        #expect(distinct == 2)
        #expect(texts == ["150", "1.5E2", "2", "1.5E2"])
        #expect(found == 3)
        #expect(setCounts == [1, 1, 1, 1])
    }
}

@Suite("Decimals of more digits than decimal128 holds")
struct LongDecimalTests {
    /// 66 digits: more than a Foundation decimal's 38, so its coefficient reaches 39 digits (the query fuzzer's
    /// finding: such a literal used to stop the process when encoded).
    static let longText = String(repeating: "6", count: 60) + "00010000"

    @Test("A long literal against a decimal property rounds to 34 digits and matches what it equals")
    func longLiteral() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([DFTItem.self]))
        try await realm.write { realm in
            let item = DFTItem()
            item.decimal = try Decimal128(string: Self.longText)
            try realm.add(item)
        }
        let (stored, matches, misses) = await realm.read { realm in
            let items = realm.objects(DFTItem.self)
            return (
                items.first!.decimal,
                items.filter("decimal == \(Self.longText).").count,
                items.filter("decimal == 1\(Self.longText).").count
            )
        }
        #expect(stored == (try Decimal128(string: "6666666666666666666666666666666667e34")))
        #expect(matches == 1)
        #expect(misses == 0)
    }
}
