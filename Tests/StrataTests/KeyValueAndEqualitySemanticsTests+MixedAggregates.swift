import Foundation
import Strata
import Testing

// Aggregates of `AnyRealmValue` (realm-core column_type_traits.hpp `ColumnTypeTraits<Mixed>`, aggregate_ops.hpp
// `Sum`/`Average`, dictionary.cpp `Dictionary::sum`; RealmSwift/Tests/AnyRealmValueTests.swift `testSum`,
// `testAverage`, `testMin`, `testMax`; Realm/RLMArray.mm, RLMSet.mm, RLMDictionary.mm `aggregateProperty:`): a
// managed collection sums and averages in Decimal128; an unmanaged one, which Realm Swift aggregates with
// Foundation's `@sum`/`@avg` (an `NSDecimalNumber`, whose `objCType` is a double's, so an `AnyRealmValue` reads it
// as `.double`), gives `.double`; min and max keep the element's own type.

/// An aggregate of mixed values as text: `case(payload)`, or `nil`.
private func aggregateText(_ value: AnyRealmValue?) -> String {
    switch value {
    case nil: return "nil"
    case .int(let v)?: return "int(\(v))"
    case .float(let v)?: return "float(\(v))"
    case .double(let v)?: return "double(\(v))"
    case .decimal128(let v)?: return "decimal128(\(v))"
    case let other?: return "other(\(other))"
    }
}

extension KeyValueAndEqualitySemanticsTests {
    enum Kind: String, CaseIterable, Sendable {
        case list, set, map, objects
    }

    /// Sum, average, min and max of a mixed collection of `kind` holding `values`, as text.
    static func aggregates(of parent: KVCSubject, _ kind: Kind, _ values: [AnyRealmValue]) -> String {
        let sum: AnyRealmValue
        let average: AnyRealmValue?
        let min: AnyRealmValue?
        let max: AnyRealmValue?
        switch kind {
        case .list:
            parent.anyList.append(objectsIn: values)
            (sum, average, min, max) = (
                parent.anyList.sum(), parent.anyList.average(), parent.anyList.min(), parent.anyList.max()
            )
        case .set:
            parent.anySet.insert(objectsIn: values)
            (sum, average, min, max) = (
                parent.anySet.sum(), parent.anySet.average(), parent.anySet.min(), parent.anySet.max()
            )
        case .map:
            for (index, value) in values.enumerated() { parent.anyMap["k\(index)"] = value }
            (sum, average, min, max) = (
                parent.anyMap.sum(), parent.anyMap.average(), parent.anyMap.min(), parent.anyMap.max()
            )
        case .objects:
            for value in values {
                let child = KVCSubject()
                child.any = value
                parent.children.append(child)
            }
            let children = parent.children
            sum = children.sum(ofProperty: "any")
            average = children.average(ofProperty: "any")
            min = children.min(ofProperty: "any")
            max = children.max(ofProperty: "any")
        }
        return [sum, average, min, max].map(aggregateText).joined(separator: " ")
    }

    /// Values, then sum, average, min and max of them unmanaged and managed. Numerically distinct values, as a
    /// managed set of mixed values keeps one of numerically equal ones.
    static func expectedAggregates(_ kind: Kind) -> [(values: [AnyRealmValue], unmanaged: String, managed: String)] {
        // Nulls are ignored (Realm Swift's unmanaged objects would pass `NSNull` to Foundation: left out there).
        let numbers: [AnyRealmValue] = [.int(1), .double(2), .decimal128(3)] + (kind == .objects ? [] : [.none])
        return [
            (
                [],
                "int(0) nil nil nil",
                // realm-core's sum of a dictionary never written is int 0; of a list or set, Decimal128 0.
                kind == .map ? "int(0) nil nil nil" : "decimal128(0) nil nil nil"
            ),
            (
                [.int(1), .int(2), .int(3)],
                "double(6.0) double(2.0) int(1) int(3)",
                "decimal128(6) decimal128(2) int(1) int(3)"
            ),
            (
                numbers,
                "double(6.0) double(2.0) int(1) decimal128(3)",
                "decimal128(6) decimal128(2) int(1) decimal128(3)"
            ),
            (
                [.int(3), .float(0.5), .double(2.5)],
                "double(6.0) double(2.0) float(0.5) int(3)",
                "decimal128(6) decimal128(2) float(0.5) int(3)"
            ),
        ]
    }

    @Test(
        "sum and average of AnyRealmValues: Decimal128 managed, Double unmanaged; min and max keep the value's type",
        arguments: Kind.allCases
    )
    func mixedAggregates(kind: Kind) async throws {
        let cases = Self.expectedAggregates(kind)
        let unmanaged = cases.map { Self.aggregates(of: KVCSubject(), kind, $0.values) }
        #expect(unmanaged == cases.map(\.unmanaged))

        let realm = try await Realm(configuration: memoryConfiguration([KVCSubject.self, KVCKeyed.self]))
        let managed = try await realm.write { realm in
            try Self.expectedAggregates(kind).map {
                Self.aggregates(of: try realm.create(KVCSubject.self), kind, $0.values)
            }
        }
        #expect(managed == cases.map(\.managed))
    }

    /// Sum and average of a list nested in a mixed property, and the `@sum` and `@avg` key-value operators over a
    /// mixed property of objects.
    static func nestedAndOperators(_ parent: KVCSubject) -> [String] {
        parent.any = .fromArray([.int(1), .int(2), .none])
        let nested = parent.any.listValue!
        for value in [AnyRealmValue.int(1), .int(2)] {
            let child = KVCSubject()
            child.any = value
            parent.children.append(child)
        }
        let average: AnyRealmValue? = nested.average()
        return [
            "nested: \(aggregateText(nested.sum())) \(aggregateText(average))",
            "@sum: \(kvcText(parent.children.value(forKeyPath: "@sum.any")))",
            "@avg: \(kvcText(parent.children.value(forKeyPath: "@avg.any")))",
        ]
    }

    @Test("A list nested in a mixed property, and @sum and @avg of a mixed property, aggregate the same way")
    func nestedMixedAggregates() async throws {
        #expect(
            Self.nestedAndOperators(KVCSubject())
                == ["nested: double(3.0) double(1.5)", "@sum: Double(3.0)", "@avg: Double(1.5)"]
        )
        let realm = try await Realm(configuration: memoryConfiguration([KVCSubject.self, KVCKeyed.self]))
        let managed = try await realm.write { realm in Self.nestedAndOperators(try realm.create(KVCSubject.self)) }
        #expect(managed == ["nested: decimal128(3) decimal128(1.5)", "@sum: Decimal128(3)", "@avg: Decimal128(1.5)"])
    }
}
