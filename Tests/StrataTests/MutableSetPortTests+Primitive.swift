import Foundation
import Strata
import Testing

// Facts of realm-swift's RealmSwift/Tests/PrimitiveMutableSetTests.swift for the value types that
// CollectionSemanticsTests+PrimitiveValues.swift leaves out (its table covers Int, Int8, Int64, Float, Double,
// Decimal128, Date, String, Data, ObjectId, UUID, an Int enum, Int?, Double?, String? and Date?), with that file's
// checks (`checkSetAlgebra`, `checkExtremes`, `checkTotals`) and Realm's values: three ascending values per type, and
// for an optional type nil, the first and the third. Each case runs on an unmanaged set and on a managed one:
//
//   PrimitiveMutableSetTests (insert, remove, removeAll, isSubset, contains, intersects, formIntersection, formUnion,
//   subtract, subscript, value(forKey: "self"), invalidated): every type below;
//   SortablePrimitiveMutableSetTests (managed sorted(ascending:)): the same types;
//   MinMaxPrimitiveMutableSetTests: Int16, Int32, the optional integers, Float?, Decimal128?, Date, Date?, the numeric
//   enums and their optionals; AddablePrimitiveMutableSetTests: Int16, Int32, the optional integers, Float?,
//   Decimal128?.
//
// Also ported: testPrimitiveIterationAcrossNil of RealmSwift/Tests/MutableSetTests.swift (an empty set contains
// nothing, nil included), and the NSUnknownKeyException of testValueForKey ("not self" stops with Foundation's
// message, as for a list in CollectionSemanticsTests+PrimitiveValues.swift).
//
// Skipped: nothing of these files' facts; the types already in the other table are not repeated.

enum SPEnumInt8: Int8, PersistableEnum {
    case value1 = 1
    case value2, value3
}
enum SPEnumInt16: Int16, PersistableEnum {
    case value1 = 1
    case value2, value3
}
enum SPEnumInt32: Int32, PersistableEnum {
    case value1 = 1
    case value2, value3
}
enum SPEnumInt64: Int64, PersistableEnum {
    case value1 = 1
    case value2, value3
}
enum SPEnumFloat: Float, PersistableEnum {
    case value1 = 1.1
    case value2 = 2.2
    case value3 = 3.3
}
enum SPEnumDouble: Double, PersistableEnum {
    case value1 = 1.1
    case value2 = 2.2
    case value3 = 3.3
}
enum SPEnumString: String, PersistableEnum {
    case value1 = "a"
    case value2 = "b"
    case value3 = "c"
}

/// Sets of the value types the other table leaves out.
final class SPValueSets: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var int16: MutableSet<Int16>
    @Persisted var int32: MutableSet<Int32>
    @Persisted var date: MutableSet<Date>
    @Persisted var optInt8: MutableSet<Int8?>
    @Persisted var optInt16: MutableSet<Int16?>
    @Persisted var optInt32: MutableSet<Int32?>
    @Persisted var optInt64: MutableSet<Int64?>
    @Persisted var optFloat: MutableSet<Float?>
    @Persisted var optDecimal: MutableSet<Decimal128?>
    @Persisted var optDate: MutableSet<Date?>
    @Persisted var optData: MutableSet<Data?>
    @Persisted var optObjectId: MutableSet<ObjectId?>
    @Persisted var optUUID: MutableSet<UUID?>
    @Persisted var level: MutableSet<Level>
    @Persisted var optLevel: MutableSet<Level?>
    @Persisted var enumInt8: MutableSet<SPEnumInt8>
    @Persisted var enumInt16: MutableSet<SPEnumInt16>
    @Persisted var enumInt32: MutableSet<SPEnumInt32>
    @Persisted var enumInt64: MutableSet<SPEnumInt64>
    @Persisted var enumFloat: MutableSet<SPEnumFloat>
    @Persisted var enumDouble: MutableSet<SPEnumDouble>
    @Persisted var enumString: MutableSet<SPEnumString>
    @Persisted var optEnumInt8: MutableSet<SPEnumInt8?>
    @Persisted var optEnumInt16: MutableSet<SPEnumInt16?>
    @Persisted var optEnumInt32: MutableSet<SPEnumInt32?>
    @Persisted var optEnumInt64: MutableSet<SPEnumInt64?>
    @Persisted var optEnumFloat: MutableSet<SPEnumFloat?>
    @Persisted var optEnumDouble: MutableSet<SPEnumDouble?>
    @Persisted var optEnumString: MutableSet<SPEnumString?>
}

/// One type's case: its name and the checks it runs, on unmanaged sets or on managed ones.
struct SPValueSetCase: Sendable, CustomTestStringConvertible {
    let name: String
    let run: @Sendable (_ managed: Bool) async throws -> Void
    var testDescription: String { name }

    /// Runs `body` on the sets at `path` of two unmanaged objects, or of two created in a write; a managed run also
    /// gives `body` a call that deletes the first object.
    static func onTwoSets<C>(
        _ path: KeyPath<SPValueSets, C> & Sendable,
        managed: Bool,
        _ body: @escaping @Sendable (_ deleteOwner: (() throws -> Void)?, C, C) throws -> Void
    ) async throws {
        guard managed else { return try body(nil, SPValueSets()[keyPath: path], SPValueSets()[keyPath: path]) }
        let realm = try await Realm(configuration: memoryConfiguration([SPValueSets.self]))
        try await realm.write { realm in
            let one = try realm.create(SPValueSets.self, value: ["id": 1])
            let two = try realm.create(SPValueSets.self, value: ["id": 2])
            try body({ try realm.delete(one) }, one[keyPath: path], two[keyPath: path])
        }
    }

    /// PrimitiveMutableSetTests and, managed, SortablePrimitiveMutableSetTests; then testInvalidated.
    static func set<V: RealmCollectionValue & SortableType & Hashable & Sendable>(
        _ name: String,
        _ path: KeyPath<SPValueSets, MutableSet<V>> & Sendable,
        _ values: [V]
    ) -> Self {
        Self(name: "MutableSet<\(name)>") { managed in
            try await onTwoSets(path, managed: managed) { deleteOwner, set, other in
                let label = "MutableSet<\(name)> \(managed ? "managed" : "unmanaged")"
                checkSetAlgebra(set, other, values, label)
                #expect(!set.isInvalidated, "\(label): a set is valid")
                guard let deleteOwner else { return }
                // Realm inserts the values with the first moved to the end.
                set.insert(objectsIn: Array(values[1...]) + [values[0]])
                #expect(Array(set.sorted(ascending: true)) == values, "\(label): sorted(ascending: true)")
                #expect(Array(set.sorted(ascending: false)) == values.reversed(), "\(label): sorted(ascending: false)")
                try deleteOwner()
                #expect(set.isInvalidated, "\(label): deleting the owner invalidates the set")
            }
        }
    }

    /// MinMaxPrimitiveMutableSetTests: nil for an empty set, then the smallest and the largest value.
    static func extremes<V: RealmCollectionValue & MinMaxType & Hashable & Sendable>(
        _ name: String,
        _ path: KeyPath<SPValueSets, MutableSet<V>> & Sendable,
        _ values: [V],
        smallest: V
    ) -> Self {
        Self(name: "MutableSet<\(name)> min and max") { managed in
            try await onTwoSets(path, managed: managed) { _, set, _ in
                checkExtremes(
                    set,
                    fill: { set.insert(objectsIn: values) },
                    smallest: smallest,
                    largest: values[2],
                    "MutableSet<\(name)> \(managed ? "managed" : "unmanaged")"
                )
            }
        }
    }

    /// MinMaxPrimitiveMutableSetTests and AddablePrimitiveMutableSetTests: the sum and the average over the values
    /// present (`present` of the three; nil is left out).
    static func numeric<V: RealmCollectionValue & MinMaxType & AddableType & Hashable & Sendable>(
        _ name: String,
        _ path: KeyPath<SPValueSets, MutableSet<V>> & Sendable,
        _ values: [V],
        present: Int = 3
    ) -> Self {
        Self(name: "MutableSet<\(name)> aggregates") { managed in
            try await onTwoSets(path, managed: managed) { _, set, _ in
                let label = "MutableSet<\(name)> \(managed ? "managed" : "unmanaged")"
                checkExtremes(
                    set,
                    fill: { set.insert(objectsIn: values) },
                    smallest: values[values.count - present],
                    largest: values[2],
                    label
                )
                set.removeAll()
                let total = values.compactMap(Fixture.double).reduce(0, +)
                checkTotals(
                    set,
                    fill: { set.insert(objectsIn: values) },
                    sum: total,
                    average: total / Double(present),
                    label
                )
            }
        }
    }
}

extension SPValueSetCase {
    /// The three cases of an enum, in declaration order.
    static func cases<E: PersistableEnum>(_ type: E.Type) -> [E] { Array(E.allCases) }

    static let algebraCases: [SPValueSetCase] = [
        .set("Int16", \.int16, [1, 2, 3]),
        .set("Int32", \.int32, [1, 2, 3]),
        .set("Int8?", \.optInt8, Fixture.optional([1, 2, 3])),
        .set("Int16?", \.optInt16, Fixture.optional([1, 2, 3])),
        .set("Int32?", \.optInt32, Fixture.optional([1, 2, 3])),
        .set("Int64?", \.optInt64, Fixture.optional([1, 2, 3])),
        .set("Float?", \.optFloat, Fixture.optional([1.1, 2.2, 3.3])),
        .set("Decimal128?", \.optDecimal, Fixture.optional(Fixture.decimals)),
        .set("Data?", \.optData, Fixture.optional(Fixture.data)),
        .set("ObjectId?", \.optObjectId, Fixture.optional(Fixture.objectIds)),
        .set("UUID?", \.optUUID, Fixture.optional(Fixture.uuids)),
        .set("Level?", \.optLevel, Fixture.optional(cases(Level.self))),
        .set("EnumInt8", \.enumInt8, cases(SPEnumInt8.self)),
        .set("EnumInt16", \.enumInt16, cases(SPEnumInt16.self)),
        .set("EnumInt32", \.enumInt32, cases(SPEnumInt32.self)),
        .set("EnumInt64", \.enumInt64, cases(SPEnumInt64.self)),
        .set("EnumFloat", \.enumFloat, cases(SPEnumFloat.self)),
        .set("EnumDouble", \.enumDouble, cases(SPEnumDouble.self)),
        .set("EnumString", \.enumString, cases(SPEnumString.self)),
        .set("EnumInt8?", \.optEnumInt8, Fixture.optional(cases(SPEnumInt8.self))),
        .set("EnumInt16?", \.optEnumInt16, Fixture.optional(cases(SPEnumInt16.self))),
        .set("EnumInt32?", \.optEnumInt32, Fixture.optional(cases(SPEnumInt32.self))),
        .set("EnumInt64?", \.optEnumInt64, Fixture.optional(cases(SPEnumInt64.self))),
        .set("EnumFloat?", \.optEnumFloat, Fixture.optional(cases(SPEnumFloat.self))),
        .set("EnumDouble?", \.optEnumDouble, Fixture.optional(cases(SPEnumDouble.self))),
        .set("EnumString?", \.optEnumString, Fixture.optional(cases(SPEnumString.self))),
    ]

    static let aggregateCases: [SPValueSetCase] = [
        .numeric("Int16", \.int16, [1, 2, 3]),
        .numeric("Int32", \.int32, [1, 2, 3]),
        .numeric("Int8?", \.optInt8, Fixture.optional([1, 2, 3]), present: 2),
        .numeric("Int16?", \.optInt16, Fixture.optional([1, 2, 3]), present: 2),
        .numeric("Int32?", \.optInt32, Fixture.optional([1, 2, 3]), present: 2),
        .numeric("Int64?", \.optInt64, Fixture.optional([1, 2, 3]), present: 2),
        .numeric("Float?", \.optFloat, Fixture.optional([1.1, 2.2, 3.3]), present: 2),
        .numeric("Decimal128?", \.optDecimal, Fixture.optional(Fixture.decimals), present: 2),
        .extremes("Date", \.date, Fixture.dates, smallest: Fixture.dates[0]),
        .extremes("Date?", \.optDate, Fixture.optional(Fixture.dates), smallest: Fixture.dates[0]),
        .extremes("Level", \.level, cases(Level.self), smallest: .low),
        .extremes("Level?", \.optLevel, Fixture.optional(cases(Level.self)), smallest: .low),
        .extremes("EnumInt8", \.enumInt8, cases(SPEnumInt8.self), smallest: .value1),
        .extremes("EnumInt16", \.enumInt16, cases(SPEnumInt16.self), smallest: .value1),
        .extremes("EnumInt32", \.enumInt32, cases(SPEnumInt32.self), smallest: .value1),
        .extremes("EnumInt64", \.enumInt64, cases(SPEnumInt64.self), smallest: .value1),
        .extremes("EnumFloat", \.enumFloat, cases(SPEnumFloat.self), smallest: .value1),
        .extremes("EnumDouble", \.enumDouble, cases(SPEnumDouble.self), smallest: .value1),
        .extremes("EnumInt8?", \.optEnumInt8, Fixture.optional(cases(SPEnumInt8.self)), smallest: .value1),
        .extremes("EnumInt16?", \.optEnumInt16, Fixture.optional(cases(SPEnumInt16.self)), smallest: .value1),
        .extremes("EnumInt32?", \.optEnumInt32, Fixture.optional(cases(SPEnumInt32.self)), smallest: .value1),
        .extremes("EnumInt64?", \.optEnumInt64, Fixture.optional(cases(SPEnumInt64.self)), smallest: .value1),
        .extremes("EnumFloat?", \.optEnumFloat, Fixture.optional(cases(SPEnumFloat.self)), smallest: .value1),
        .extremes("EnumDouble?", \.optEnumDouble, Fixture.optional(cases(SPEnumDouble.self)), smallest: .value1),
    ]
}

@Suite("MutableSet of values, ported from realm-swift's PrimitiveMutableSetTests")
struct MutableSetPrimitivePortTests {
    @Test(
        "a set of each remaining type edits, combines, sorts and is invalidated as in Realm Swift",
        arguments: SPValueSetCase.algebraCases
    )
    func algebra(_ check: SPValueSetCase) async throws {
        try await check.run(false)
        try await check.run(true)
    }

    @Test("min, max, sum and average of each remaining type, empty and full", arguments: SPValueSetCase.aggregateCases)
    func aggregates(_ check: SPValueSetCase) async throws {
        try await check.run(false)
        try await check.run(true)
    }

    @Test("testPrimitiveIterationAcrossNil: an empty set contains no value, and no nil")
    func emptyContainsNothing() {
        let found: [Bool] = [
            MutableSet<Int>().contains(5), MutableSet<Int8>().contains(5), MutableSet<Int16>().contains(5),
            MutableSet<Int32>().contains(5), MutableSet<Int64>().contains(5), MutableSet<Float>().contains(3.141592),
            MutableSet<Double>().contains(3.141592), MutableSet<String>().contains("foobar"),
            MutableSet<Data>().contains(Data()), MutableSet<Date>().contains(Date()),
            MutableSet<Decimal128>().contains(Decimal128()), MutableSet<ObjectId>().contains(ObjectId.generate()),
            MutableSet<UUID?>().contains(UUID()),
            MutableSet<Int?>().contains { $0 == nil }, MutableSet<Int8?>().contains { $0 == nil },
            MutableSet<Int16?>().contains { $0 == nil }, MutableSet<Int32?>().contains { $0 == nil },
            MutableSet<Int64?>().contains { $0 == nil }, MutableSet<Float?>().contains { $0 == nil },
            MutableSet<Double?>().contains { $0 == nil }, MutableSet<String?>().contains { $0 == nil },
            MutableSet<Data?>().contains { $0 == nil }, MutableSet<Date?>().contains { $0 == nil },
            MutableSet<Decimal128?>().contains { $0 == nil }, MutableSet<ObjectId?>().contains { $0 == nil },
            MutableSet<UUID?>().contains { $0 == nil },
        ]
        #expect(found == Array(repeating: false, count: 26))
    }

    @Test("testValueForKey: a key other than self on a set of values stops with Foundation's message")
    func notSelf() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let set = MutableSet<Int>()
            set.insert(1)
            _ = set.value(forKey: "not self")
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("this class is not key value coding-compliant for the key not self."), "\(output)")
    }
}
