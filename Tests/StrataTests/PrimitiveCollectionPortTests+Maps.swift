import Foundation
import Strata
import Testing

// realm-swift's `RealmSwift/Tests/PrimitiveMapTests.swift` for the value types that PrimitiveCollectionSemanticsTests'
// map table leaves out (it has Int, Int16, Float, Double, Decimal128, Date, String, Data, ObjectId, UUID, Bool, an
// Int enum, Int?, Double?, String? and Bool?): each row runs on an unmanaged map, then on a managed one.
//   - PrimitiveMapTests (insert, update, remove, subscript, object(forKey:), value(forKey:), enumeration) through
//     that file's `checkMapEditing`, then testInvalidated: deleting the owner invalidates a managed map;
//   - SortablePrimitiveMapTests (managed): sorted(), sorted(ascending:) in both directions, for the types Realm sorts
//     (not Decimal128?, ObjectId? and UUID?); the values are set in reverse key order, so the sort does the work;
//   - MinMaxPrimitiveMapTests: nil when empty, then the smallest and largest value (an optional map's smallest is
//     its first non-nil value); AddablePrimitiveMapTests: zero and nil when empty, then the sum and the average of
//     the non-nil values.

extension PCPCase {
    /// PrimitiveMapTests and testInvalidated; SortablePrimitiveMapTests when managed and `sortable`.
    static func map<V: RealmCollectionValue & SortableType & Equatable & Sendable>(
        _ name: String,
        _ path: KeyPath<PCPValueMaps, Map<String, V>> & Sendable,
        _ values: [V],
        sortable: Bool = true
    ) -> Self {
        Self(name: "Map<String, \(name)>") { managed in
            try await onTwo(path, managed: managed) { map, _, deleteOwner in
                let label = "Map<String, \(name)> \(managed ? "managed" : "unmanaged")"
                checkMapEditing(map, values, label)
                #expect(!map.isInvalidated, "\(label): a map is valid")
                guard let deleteOwner else { return }
                if sortable {
                    for (index, value) in values.reversed().enumerated() { map["key\(index)"] = value }
                    #expect(map.values == values.reversed(), "\(label): the values in key order")
                    #expect(Array(map.sorted()) == values, "\(label): sorted()")
                    #expect(Array(map.sorted(ascending: true)) == values, "\(label): sorted(ascending: true)")
                    #expect(
                        Array(map.sorted(ascending: false)) == values.reversed(),
                        "\(label): sorted(ascending: false)"
                    )
                }
                try deleteOwner()
                #expect(map.isInvalidated, "\(label): deleting the owner invalidates the map")
            }
        }
    }

    /// MinMaxPrimitiveMapTests: nil for an empty map; after merging the values twice, the smallest and the largest.
    static func mapExtremes<V: RealmCollectionValue & MinMaxType & Equatable & Sendable>(
        _ name: String,
        _ path: KeyPath<PCPValueMaps, Map<String, V>> & Sendable,
        _ values: [V],
        smallest: V
    ) -> Self {
        Self(name: "Map<String, \(name)> min and max") { managed in
            try await onTwo(path, managed: managed) { map, _, _ in
                let label = "Map<String, \(name)> \(managed ? "managed" : "unmanaged")"
                #expect(map.min() == nil && map.max() == nil, "\(label): min and max of an empty map")
                let pairs = values.enumerated().map { (key: "key\($0)", value: $1) }
                map.merge(pairs) { $1 }
                map.merge(pairs) { $1 }
                #expect(map.count == 3, "\(label): merging the same keys twice")
                #expect(map.min() == smallest, "\(label): min()")
                #expect(map.max() == values[2], "\(label): max()")
            }
        }
    }

    /// AddablePrimitiveMapTests: zero and nil for an empty map, then the sum and the average of the non-nil values
    /// (`present` of the three).
    static func mapTotals<V: RealmCollectionValue & AddableType & Equatable & Sendable>(
        _ name: String,
        _ path: KeyPath<PCPValueMaps, Map<String, V>> & Sendable,
        _ values: [V],
        present: Int = 3
    ) -> Self {
        Self(name: "Map<String, \(name)> sum and average") { managed in
            try await onTwo(path, managed: managed) { map, _, _ in
                let label = "Map<String, \(name)> \(managed ? "managed" : "unmanaged")"
                #expect(Fixture.double(map.sum()) == 0, "\(label): sum() of an empty map")
                #expect(map.average() as Double? == nil, "\(label): average() of an empty map")
                map.merge(values.enumerated().map { (key: "key\($0)", value: $1) }) { $1 }
                let total = values.compactMap(Fixture.double).reduce(0, +)
                #expect(abs((Fixture.double(map.sum()) ?? .nan) - total) < 0.01, "\(label): sum() \(map.sum())")
                #expect(
                    abs((map.average() as Double? ?? .nan) - total / Double(present)) < 0.01,
                    "\(label): average()"
                )
            }
        }
    }
}

@Suite("Primitive collection port: maps of the remaining value types, as realm-swift's PrimitiveMapTests")
struct PrimitiveCollectionPortMapTests {
    static let editingCases: [PCPCase] = [
        .map("Int8", \.int8, LPFixture.int8),
        .map("Int32", \.int32, LPFixture.int32),
        .map("Int64", \.int64, LPFixture.int64),
        .map("Int8?", \.optInt8, Fixture.optional(LPFixture.int8)),
        .map("Int16?", \.optInt16, Fixture.optional(LPFixture.int16)),
        .map("Int32?", \.optInt32, Fixture.optional(LPFixture.int32)),
        .map("Int64?", \.optInt64, Fixture.optional(LPFixture.int64)),
        .map("Float?", \.optFloat, Fixture.optional(LPFixture.float)),
        .map("Decimal128?", \.optDecimal, Fixture.optional(Fixture.decimals), sortable: false),
        .map("Date?", \.optDate, Fixture.optional(Fixture.dates)),
        .map("Data?", \.optData, Fixture.optional(Fixture.data)),
        .map("ObjectId?", \.optObjectId, Fixture.optional(Fixture.objectIds), sortable: false),
        .map("UUID?", \.optUUID, Fixture.optional(Fixture.uuids), sortable: false),
        .map("EnumInt?", \.optLevel, Fixture.optional(Level.allCases)),
        .map("EnumInt8", \.enumInt8, SPEnumInt8.allCases),
        .map("EnumInt16", \.enumInt16, SPEnumInt16.allCases),
        .map("EnumInt32", \.enumInt32, SPEnumInt32.allCases),
        .map("EnumInt64", \.enumInt64, SPEnumInt64.allCases),
        .map("EnumFloat", \.enumFloat, SPEnumFloat.allCases),
        .map("EnumDouble", \.enumDouble, SPEnumDouble.allCases),
        .map("EnumString", \.enumString, SPEnumString.allCases),
        .map("EnumInt8?", \.optEnumInt8, Fixture.optional(SPEnumInt8.allCases)),
        .map("EnumInt16?", \.optEnumInt16, Fixture.optional(SPEnumInt16.allCases)),
        .map("EnumInt32?", \.optEnumInt32, Fixture.optional(SPEnumInt32.allCases)),
        .map("EnumInt64?", \.optEnumInt64, Fixture.optional(SPEnumInt64.allCases)),
        .map("EnumFloat?", \.optEnumFloat, Fixture.optional(SPEnumFloat.allCases)),
        .map("EnumDouble?", \.optEnumDouble, Fixture.optional(SPEnumDouble.allCases)),
        .map("EnumString?", \.optEnumString, Fixture.optional(SPEnumString.allCases)),
    ]

    static let aggregateCases: [PCPCase] = [
        .mapExtremes("Int8", \.int8, LPFixture.int8, smallest: 1),
        .mapExtremes("Int32", \.int32, LPFixture.int32, smallest: 1),
        .mapExtremes("Int64", \.int64, LPFixture.int64, smallest: 1),
        .mapExtremes("Date", \.date, Fixture.dates, smallest: Fixture.dates[0]),
        .mapExtremes("Int8?", \.optInt8, Fixture.optional(LPFixture.int8), smallest: 1),
        .mapExtremes("Int16?", \.optInt16, Fixture.optional(LPFixture.int16), smallest: 1),
        .mapExtremes("Int32?", \.optInt32, Fixture.optional(LPFixture.int32), smallest: 1),
        .mapExtremes("Int64?", \.optInt64, Fixture.optional(LPFixture.int64), smallest: 1),
        .mapExtremes("Float?", \.optFloat, Fixture.optional(LPFixture.float), smallest: 1.1),
        .mapExtremes("Decimal128?", \.optDecimal, Fixture.optional(Fixture.decimals), smallest: Fixture.decimals[0]),
        .mapExtremes("Date?", \.optDate, Fixture.optional(Fixture.dates), smallest: Fixture.dates[0]),
        .mapExtremes("EnumInt", \.level, Level.allCases, smallest: .low),
        .mapExtremes("EnumInt?", \.optLevel, Fixture.optional(Level.allCases), smallest: .low),
        .mapExtremes("EnumInt8", \.enumInt8, SPEnumInt8.allCases, smallest: .value1),
        .mapExtremes("EnumInt16", \.enumInt16, SPEnumInt16.allCases, smallest: .value1),
        .mapExtremes("EnumInt32", \.enumInt32, SPEnumInt32.allCases, smallest: .value1),
        .mapExtremes("EnumInt64", \.enumInt64, SPEnumInt64.allCases, smallest: .value1),
        .mapExtremes("EnumFloat", \.enumFloat, SPEnumFloat.allCases, smallest: .value1),
        .mapExtremes("EnumDouble", \.enumDouble, SPEnumDouble.allCases, smallest: .value1),
        .mapExtremes("EnumInt8?", \.optEnumInt8, Fixture.optional(SPEnumInt8.allCases), smallest: .value1),
        .mapExtremes("EnumInt16?", \.optEnumInt16, Fixture.optional(SPEnumInt16.allCases), smallest: .value1),
        .mapExtremes("EnumInt32?", \.optEnumInt32, Fixture.optional(SPEnumInt32.allCases), smallest: .value1),
        .mapExtremes("EnumInt64?", \.optEnumInt64, Fixture.optional(SPEnumInt64.allCases), smallest: .value1),
        .mapExtremes("EnumFloat?", \.optEnumFloat, Fixture.optional(SPEnumFloat.allCases), smallest: .value1),
        .mapExtremes("EnumDouble?", \.optEnumDouble, Fixture.optional(SPEnumDouble.allCases), smallest: .value1),
        .mapTotals("Int8", \.int8, LPFixture.int8),
        .mapTotals("Int32", \.int32, LPFixture.int32),
        .mapTotals("Int64", \.int64, LPFixture.int64),
        .mapTotals("Int8?", \.optInt8, Fixture.optional(LPFixture.int8), present: 2),
        .mapTotals("Int16?", \.optInt16, Fixture.optional(LPFixture.int16), present: 2),
        .mapTotals("Int32?", \.optInt32, Fixture.optional(LPFixture.int32), present: 2),
        .mapTotals("Int64?", \.optInt64, Fixture.optional(LPFixture.int64), present: 2),
        .mapTotals("Float?", \.optFloat, Fixture.optional(LPFixture.float), present: 2),
        .mapTotals("Decimal128?", \.optDecimal, Fixture.optional(Fixture.decimals), present: 2),
    ]

    @Test(
        "a map of each remaining type edits, reads, sorts and is invalidated as in Realm",
        arguments: Self.editingCases
    )
    func editing(_ check: PCPCase) async throws {
        try await check.run(false)
        try await check.run(true)
    }

    @Test("min, max, sum and average of a map of each remaining type, empty and full", arguments: Self.aggregateCases)
    func aggregates(_ check: PCPCase) async throws {
        try await check.run(false)
        try await check.run(true)
    }
}
