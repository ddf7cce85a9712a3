import Foundation
import Strata
import Testing

// The facts of realm-swift's `RealmSwift/Tests/PrimitiveListTests.swift` for lists of custom persistable wrappers
// (realm-swift's `Int8Wrapper` … `UUIDWrapper`, their optionals, and `EmbeddedObjectWrapper`), with Realm's values
// wrapped. WrapperCollectionSemanticsTests covers wrappers of `Int` and `Double` (sums only); these are the other
// stored types. The cases and what they check are described in ListPortTests+Primitive.swift.

/// A custom persistable type that only wraps its stored value, as realm-swift's `TrivialCustomPersistable`.
protocol LPTrivialWrapper: CustomPersistable, Hashable, Sendable where PersistedType: Hashable & Sendable {
    var value: PersistedType { get }
    init(value: PersistedType)
}

extension LPTrivialWrapper {
    init(persistedValue: PersistedType) { self.init(value: persistedValue) }
    var persistableValue: PersistedType { value }
}

/// Wraps an `Int8`.
struct LPInt8Wrapper: LPTrivialWrapper {
    typealias PersistedType = Int8
    var value: Int8
}
/// Wraps an `Int16`.
struct LPInt16Wrapper: LPTrivialWrapper {
    typealias PersistedType = Int16
    var value: Int16
}
/// Wraps an `Int32`.
struct LPInt32Wrapper: LPTrivialWrapper {
    typealias PersistedType = Int32
    var value: Int32
}
/// Wraps an `Int64`.
struct LPInt64Wrapper: LPTrivialWrapper {
    typealias PersistedType = Int64
    var value: Int64
}
/// Wraps a `Float`.
struct LPFloatWrapper: LPTrivialWrapper {
    typealias PersistedType = Float
    var value: Float
}
/// Wraps a `Double`.
struct LPDoubleWrapper: LPTrivialWrapper {
    typealias PersistedType = Double
    var value: Double
}
/// Wraps a `String`.
struct LPStringWrapper: LPTrivialWrapper {
    typealias PersistedType = String
    var value: String
}
/// Wraps a `Data`.
struct LPDataWrapper: LPTrivialWrapper {
    typealias PersistedType = Data
    var value: Data
}
/// Wraps a `Date`.
struct LPDateWrapper: LPTrivialWrapper {
    typealias PersistedType = Date
    var value: Date
}
/// Wraps a `Decimal128`.
struct LPDecimalWrapper: LPTrivialWrapper {
    typealias PersistedType = Decimal128
    var value: Decimal128
}
/// Wraps an `ObjectId`.
struct LPObjectIdWrapper: LPTrivialWrapper {
    typealias PersistedType = ObjectId
    var value: ObjectId
}
/// Wraps a `UUID`.
struct LPUUIDWrapper: LPTrivialWrapper {
    typealias PersistedType = UUID
    var value: UUID
}

/// The embedded object ``LPEmbeddedWrapper`` is stored as, as realm-swift's `ModernEmbeddedObject`.
final class LPEmbeddedValue: EmbeddedObject {
    @Persisted var value = 0
}

/// A value stored as an embedded object, as realm-swift's `EmbeddedObjectWrapper`.
struct LPEmbeddedWrapper: CustomPersistable, Hashable, Sendable {
    var value: Int
    init(value: Int) { self.value = value }
    init(persistedValue: LPEmbeddedValue) { value = persistedValue.value }
    var persistableValue: LPEmbeddedValue { LPEmbeddedValue(value: ["value": value]) }
}

/// Lists of custom persistable wrappers of every stored type.
final class LPWrapperLists: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var int8: List<LPInt8Wrapper>
    @Persisted var int16: List<LPInt16Wrapper>
    @Persisted var int32: List<LPInt32Wrapper>
    @Persisted var int64: List<LPInt64Wrapper>
    @Persisted var float: List<LPFloatWrapper>
    @Persisted var double: List<LPDoubleWrapper>
    @Persisted var string: List<LPStringWrapper>
    @Persisted var data: List<LPDataWrapper>
    @Persisted var date: List<LPDateWrapper>
    @Persisted var decimal: List<LPDecimalWrapper>
    @Persisted var objectId: List<LPObjectIdWrapper>
    @Persisted var uuid: List<LPUUIDWrapper>
    @Persisted var optInt8: List<LPInt8Wrapper?>
    @Persisted var optInt16: List<LPInt16Wrapper?>
    @Persisted var optInt32: List<LPInt32Wrapper?>
    @Persisted var optInt64: List<LPInt64Wrapper?>
    @Persisted var optFloat: List<LPFloatWrapper?>
    @Persisted var optDouble: List<LPDoubleWrapper?>
    @Persisted var optString: List<LPStringWrapper?>
    @Persisted var optData: List<LPDataWrapper?>
    @Persisted var optDate: List<LPDateWrapper?>
    @Persisted var optDecimal: List<LPDecimalWrapper?>
    @Persisted var optObjectId: List<LPObjectIdWrapper?>
    @Persisted var optUUID: List<LPUUIDWrapper?>
    @Persisted var embedded: List<LPEmbeddedWrapper>
}

/// Realm's values of each type, wrapped.
enum LPWrapped {
    static let int8 = LPFixture.int8.map(LPInt8Wrapper.init(value:))
    static let int16 = LPFixture.int16.map(LPInt16Wrapper.init(value:))
    static let int32 = LPFixture.int32.map(LPInt32Wrapper.init(value:))
    static let int64 = LPFixture.int64.map(LPInt64Wrapper.init(value:))
    static let float = LPFixture.float.map(LPFloatWrapper.init(value:))
    static let double = LPFixture.double.map(LPDoubleWrapper.init(value:))
    static let string = LPFixture.string.map(LPStringWrapper.init(value:))
    static let data = Fixture.data.map(LPDataWrapper.init(value:))
    static let date = Fixture.dates.map(LPDateWrapper.init(value:))
    static let decimal = Fixture.decimals.map(LPDecimalWrapper.init(value:))
    static let objectId = Fixture.objectIds.map(LPObjectIdWrapper.init(value:))
    static let uuid = Fixture.uuids.map(LPUUIDWrapper.init(value:))
}

extension LPListCase {
    /// PrimitiveListTests and (managed, `sortable`) SortablePrimitiveListTests of a wrapper.
    static func wrapper<W: CustomPersistable & Equatable & Sendable>(
        _ name: String,
        _ path: KeyPath<LPWrapperLists, List<W>> & Sendable,
        _ values: [W],
        sortable: Bool
    ) -> Self where W.PersistedType: SortableType {
        Self(name: "List<\(name)>") { managed in
            try await onList(path, managed: managed) { list, kind in
                let label = "List<\(name)> \(kind)"
                checkListEditing(list, values, label)
                guard managed && sortable else { return }
                list.append(objectsIn: Array(values[1...]) + [values[0]])
                #expect(Array(list.sorted(ascending: true)) == values, "\(label): sorted(ascending: true)")
                #expect(Array(list.sorted(ascending: false)) == values.reversed(), "\(label): sorted(ascending: false)")
                list.removeAll()
                list.append(objectsIn: values + values)
                #expect(Array(list.distinct()) == values, "\(label): distinct()")
            }
        }
    }

    /// The same, for a list of optional wrappers.
    static func optionalWrapper<W: CustomPersistable & Equatable & Sendable>(
        _ name: String,
        _ path: KeyPath<LPWrapperLists, List<W?>> & Sendable,
        _ values: [W?],
        sortable: Bool
    ) -> Self where W.PersistedType: SortableType {
        Self(name: "List<\(name)?>") { managed in
            try await onList(path, managed: managed) { list, kind in
                let label = "List<\(name)?> \(kind)"
                checkListEditing(list, values, label)
                guard managed && sortable else { return }
                list.append(objectsIn: Array(values[1...]) + [values[0]])
                #expect(Array(list.sorted(ascending: true)) == values, "\(label): sorted(ascending: true)")
                #expect(Array(list.sorted(ascending: false)) == values.reversed(), "\(label): sorted(ascending: false)")
                list.removeAll()
                list.append(objectsIn: values + values)
                #expect(Array(list.distinct()) == values, "\(label): distinct()")
            }
        }
    }

    /// MinMaxPrimitiveListTests of a wrapper (by its stored value).
    static func wrapperExtremes<W: CustomPersistable & Equatable & Sendable>(
        _ name: String,
        _ path: KeyPath<LPWrapperLists, List<W>> & Sendable,
        _ values: [W]
    ) -> Self where W.PersistedType: MinMaxType {
        Self(name: "List<\(name)> min and max") { managed in
            try await onList(path, managed: managed) { list, kind in
                #expect(list.min() == nil && list.max() == nil, "\(name) \(kind): min and max of nothing")
                list.append(objectsIn: values.reversed())
                #expect(list.min() == values[0] && list.max() == values[2], "\(name) \(kind)")
            }
        }
    }

    /// MinMaxPrimitiveListTests of optional wrappers: nil values are ignored.
    static func optionalWrapperExtremes<W: CustomPersistable & Equatable & Sendable>(
        _ name: String,
        _ path: KeyPath<LPWrapperLists, List<W?>> & Sendable,
        _ values: [W?]
    ) -> Self where W.PersistedType: MinMaxType {
        Self(name: "List<\(name)?> min and max") { managed in
            try await onList(path, managed: managed) { list, kind in
                #expect(list.min() == nil && list.max() == nil, "\(name)? \(kind): min and max of nothing")
                list.append(objectsIn: values.reversed())
                #expect(list.min() == .some(values[1]) && list.max() == .some(values[2]), "\(name)? \(kind)")
            }
        }
    }

    /// AddablePrimitiveListTests of a wrapper: an empty list sums to the wrapper of zero and has no average.
    static func wrapperTotals<W: LPTrivialWrapper>(
        _ name: String,
        _ path: KeyPath<LPWrapperLists, List<W>> & Sendable,
        _ values: [W],
        sum: Double,
        average: Double
    ) -> Self where W.PersistedType: AddableType & ExpressibleByIntegerLiteral {
        let zero = W(value: 0)
        return Self(name: "List<\(name)> sum and average") { managed in
            try await onList(path, managed: managed) { list, kind in
                #expect(list.sum() == zero && list.average() as Double? == nil, "\(name) \(kind): of nothing")
                list.append(objectsIn: values)
                let total = Fixture.double(list.sum().persistableValue) ?? .nan
                #expect(abs(total - sum) < 0.01, "\(name) \(kind): sum() \(list.sum())")
                #expect(abs((list.average() as Double? ?? .nan) - average) < 0.01, "\(name) \(kind): average()")
            }
        }
    }

    /// AddablePrimitiveListTests of optional wrappers: an empty list sums to the wrapper of zero, not nil.
    static func optionalWrapperTotals<W: LPTrivialWrapper>(
        _ name: String,
        _ path: KeyPath<LPWrapperLists, List<W?>> & Sendable,
        _ values: [W?],
        sum: Double,
        average: Double
    ) -> Self where W.PersistedType: AddableType & ExpressibleByIntegerLiteral {
        let zero = W(value: 0)
        return Self(name: "List<\(name)?> sum and average") { managed in
            try await onList(path, managed: managed) { list, kind in
                #expect(list.sum() == .some(zero) && list.average() as Double? == nil, "\(name)? \(kind): of nothing")
                list.append(objectsIn: values)
                let total = Fixture.double(list.sum()?.persistableValue) ?? .nan
                #expect(abs(total - sum) < 0.01, "\(name)? \(kind): sum() \(String(describing: list.sum()))")
                #expect(abs((list.average() as Double? ?? .nan) - average) < 0.01, "\(name)? \(kind): average()")
            }
        }
    }
}

extension ListPortPrimitiveTests {
    static let wrapperCases: [LPListCase] = [
        .wrapper("Int8Wrapper", \.int8, LPWrapped.int8, sortable: true),
        .wrapper("Int16Wrapper", \.int16, LPWrapped.int16, sortable: true),
        .wrapper("Int32Wrapper", \.int32, LPWrapped.int32, sortable: true),
        .wrapper("Int64Wrapper", \.int64, LPWrapped.int64, sortable: true),
        .wrapper("FloatWrapper", \.float, LPWrapped.float, sortable: true),
        .wrapper("DoubleWrapper", \.double, LPWrapped.double, sortable: true),
        .wrapper("StringWrapper", \.string, LPWrapped.string, sortable: true),
        .wrapper("DataWrapper", \.data, LPWrapped.data, sortable: false),
        .wrapper("DateWrapper", \.date, LPWrapped.date, sortable: true),
        .wrapper("Decimal128Wrapper", \.decimal, LPWrapped.decimal, sortable: false),
        .wrapper("ObjectIdWrapper", \.objectId, LPWrapped.objectId, sortable: false),
        .wrapper("UUIDWrapper", \.uuid, LPWrapped.uuid, sortable: false),
        .optionalWrapper("Int8Wrapper", \.optInt8, Fixture.optional(LPWrapped.int8), sortable: true),
        .optionalWrapper("Int16Wrapper", \.optInt16, Fixture.optional(LPWrapped.int16), sortable: true),
        .optionalWrapper("Int32Wrapper", \.optInt32, Fixture.optional(LPWrapped.int32), sortable: true),
        .optionalWrapper("Int64Wrapper", \.optInt64, Fixture.optional(LPWrapped.int64), sortable: true),
        .optionalWrapper("FloatWrapper", \.optFloat, Fixture.optional(LPWrapped.float), sortable: true),
        .optionalWrapper("DoubleWrapper", \.optDouble, Fixture.optional(LPWrapped.double), sortable: true),
        .optionalWrapper("StringWrapper", \.optString, Fixture.optional(LPWrapped.string), sortable: true),
        .optionalWrapper("DataWrapper", \.optData, Fixture.optional(LPWrapped.data), sortable: false),
        .optionalWrapper("DateWrapper", \.optDate, Fixture.optional(LPWrapped.date), sortable: true),
        .optionalWrapper("Decimal128Wrapper", \.optDecimal, Fixture.optional(LPWrapped.decimal), sortable: false),
        .optionalWrapper("ObjectIdWrapper", \.optObjectId, Fixture.optional(LPWrapped.objectId), sortable: false),
        .optionalWrapper("UUIDWrapper", \.optUUID, Fixture.optional(LPWrapped.uuid), sortable: false),
    ]

    static let wrapperAggregateCases: [LPListCase] = [
        .wrapperExtremes("Int8Wrapper", \.int8, LPWrapped.int8),
        .wrapperExtremes("Int16Wrapper", \.int16, LPWrapped.int16),
        .wrapperExtremes("Int32Wrapper", \.int32, LPWrapped.int32),
        .wrapperExtremes("Int64Wrapper", \.int64, LPWrapped.int64),
        .wrapperExtremes("FloatWrapper", \.float, LPWrapped.float),
        .wrapperExtremes("DoubleWrapper", \.double, LPWrapped.double),
        .wrapperExtremes("DateWrapper", \.date, LPWrapped.date),
        .wrapperExtremes("Decimal128Wrapper", \.decimal, LPWrapped.decimal),
        .optionalWrapperExtremes("Int8Wrapper", \.optInt8, Fixture.optional(LPWrapped.int8)),
        .optionalWrapperExtremes("Int16Wrapper", \.optInt16, Fixture.optional(LPWrapped.int16)),
        .optionalWrapperExtremes("Int32Wrapper", \.optInt32, Fixture.optional(LPWrapped.int32)),
        .optionalWrapperExtremes("Int64Wrapper", \.optInt64, Fixture.optional(LPWrapped.int64)),
        .optionalWrapperExtremes("FloatWrapper", \.optFloat, Fixture.optional(LPWrapped.float)),
        .optionalWrapperExtremes("DoubleWrapper", \.optDouble, Fixture.optional(LPWrapped.double)),
        .optionalWrapperExtremes("DateWrapper", \.optDate, Fixture.optional(LPWrapped.date)),
        .optionalWrapperExtremes("Decimal128Wrapper", \.optDecimal, Fixture.optional(LPWrapped.decimal)),
        .wrapperTotals("Int8Wrapper", \.int8, LPWrapped.int8, sum: 6, average: 2),
        .wrapperTotals("Int16Wrapper", \.int16, LPWrapped.int16, sum: 6, average: 2),
        .wrapperTotals("Int32Wrapper", \.int32, LPWrapped.int32, sum: 6, average: 2),
        .wrapperTotals("Int64Wrapper", \.int64, LPWrapped.int64, sum: 6, average: 2),
        .wrapperTotals("FloatWrapper", \.float, LPWrapped.float, sum: 6.6, average: 2.2),
        .wrapperTotals("DoubleWrapper", \.double, LPWrapped.double, sum: 6.6, average: 2.2),
        .wrapperTotals("Decimal128Wrapper", \.decimal, LPWrapped.decimal, sum: 6, average: 2),
        .optionalWrapperTotals("Int8Wrapper", \.optInt8, Fixture.optional(LPWrapped.int8), sum: 4, average: 2),
        .optionalWrapperTotals("Int16Wrapper", \.optInt16, Fixture.optional(LPWrapped.int16), sum: 4, average: 2),
        .optionalWrapperTotals("Int32Wrapper", \.optInt32, Fixture.optional(LPWrapped.int32), sum: 4, average: 2),
        .optionalWrapperTotals("Int64Wrapper", \.optInt64, Fixture.optional(LPWrapped.int64), sum: 4, average: 2),
        .optionalWrapperTotals("FloatWrapper", \.optFloat, Fixture.optional(LPWrapped.float), sum: 4.4, average: 2.2),
        .optionalWrapperTotals(
            "DoubleWrapper",
            \.optDouble,
            Fixture.optional(LPWrapped.double),
            sum: 4.4,
            average: 2.2
        ),
        .optionalWrapperTotals(
            "Decimal128Wrapper",
            \.optDecimal,
            Fixture.optional(LPWrapped.decimal),
            sum: 4,
            average: 2
        ),
    ]

    @Test(
        "lists of wrappers of every stored type, and of their optionals, as in Realm Swift",
        arguments: Self.wrapperCases
    )
    func wrappers(_ check: LPListCase) async throws {
        try await check.run(false)
        try await check.run(true)
    }

    @Test(
        "min, max, sum and average of lists of wrappers, by their stored values",
        arguments: Self.wrapperAggregateCases
    )
    func wrapperAggregates(_ check: LPListCase) async throws {
        try await check.run(false)
        try await check.run(true)
    }

    @Test(
        "a list of a wrapper stored as an embedded object edits by value (PrimitiveListTests of EmbeddedObjectWrapper)"
    )
    func embeddedWrapper() async throws {
        let values = [1, 2, 3].map(LPEmbeddedWrapper.init(value:))
        try await LPListCase.onList(\LPWrapperLists.embedded, managed: false) { list, kind in
            lpCheckEditingByValue(list, values, "List<EmbeddedObjectWrapper> \(kind)")
        }
        try await LPListCase.onList(\LPWrapperLists.embedded, managed: true) { list, kind in
            lpCheckEditingByValue(list, values, "List<EmbeddedObjectWrapper> \(kind)")
        }
    }
}

/// PrimitiveListTests without the lookups by value Realm skips for object types (index(of:), value(forKey:)).
func lpCheckEditingByValue<V: RealmCollectionValue & Equatable>(_ list: List<V>, _ values: [V], _ label: String) {
    list.append(objectsIn: values)
    #expect((0..<3).map { list[$0] } == values, "\(label): subscript")
    #expect(list.first == values[0] && list.last == values[2], "\(label): first and last")
    #expect(list.objects(at: [2, 1]) == [values[1], values[2]], "\(label): objects(at:) in ascending order")
    list.removeAll()
    #expect(list.first == nil && list.last == nil && list.isEmpty, "\(label): removeAll()")
    list.insert(values[0], at: 0)
    list.insert(values[1], at: 0)
    list.insert(values[2], at: 2)
    #expect(Array(list) == [values[1], values[0], values[2]], "\(label): insert(_:at:)")
    list.remove(at: 0)
    #expect(Array(list) == [values[0], values[2]], "\(label): remove(at: 0)")
    list.removeAll()
    list.append(objectsIn: values)
    list.removeLast()
    #expect(Array(list) == [values[0], values[1]], "\(label): removeLast()")
    list.removeLast(2)
    list.append(objectsIn: values)
    list.replace(index: 1, object: values[0])
    #expect(Array(list) == [values[0], values[0], values[2]], "\(label): replace(index:object:)")
    list.removeAll()
    list.replaceSubrange(0..<0, with: [values[0]])
    list.replaceSubrange(0..<1, with: values)
    list.replaceSubrange(1..<2, with: [])
    #expect(Array(list) == [values[0], values[2]], "\(label): replaceSubrange")
    list.removeAll()
    list.append(objectsIn: values)
    list.move(from: 2, to: 0)
    #expect(Array(list) == [values[2], values[0], values[1]], "\(label): move(from: 2, to: 0)")
    list.swapAt(0, 2)
    #expect(Array(list) == [values[1], values[0], values[2]], "\(label): swapAt(0, 2)")
}
