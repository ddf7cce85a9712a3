import Foundation
import Strata
import Testing

// RealmSwift/Tests/QueryTests.swift: testEquals, testImplicitBooleanOperation, testNumericComparisons,
// testStringComparisons and testNumericContains, over every property type of Realm's test objects.

/// Makes one row of a query of `Root`: ``TQPCase/allTypes(_:_:_:)`` or ``TQPCase/custom(_:_:_:)``.
typealias TQPMake<Root> = (String, Int, @escaping @Sendable (Query<Root>) -> Query<Bool>) -> TQPCase

extension TypedQueryPortTests {
    // MARK: Row builders

    /// Realm's validateEquals: `== value` matches the object, `!= value` does not.
    static func equalityCases<Root, V: Sendable>(
        _ make: TQPMake<Root>,
        _ name: String,
        _ lhs: @escaping @Sendable (Query<Root>) -> Query<V>,
        _ value: V
    ) -> [TQPCase] {
        [
            make("\(name) == \(value)", 1) { lhs($0) == value },
            make("\(name) != \(value)", 0) { lhs($0) != value },
        ]
    }

    /// Realm's validateEqualsNil: a property holding a value is not `nil`.
    static func nilEqualityCases<Root, V: ExpressibleByNilLiteral & Sendable>(
        _ make: TQPMake<Root>,
        _ name: String,
        _ lhs: @escaping @Sendable (Query<Root>) -> Query<V>
    ) -> [TQPCase] {
        let none: V = nil
        return [
            make("\(name) == nil", 0) { lhs($0) == none },
            make("\(name) != nil", 1) { lhs($0) != none },
        ]
    }

    /// Realm's validateNumericComparisons: `>` and `<` match nothing, `>=` and `<=` the object, unless other counts are
    /// given (`nil` matches nothing). `V` is any type stored as a number or a date: an enum, a wrapper, an optional.
    static func orderCases<Root, V: _HasPersistedType & Sendable>(
        _ make: TQPMake<Root>,
        _ name: String,
        _ lhs: @escaping @Sendable (Query<Root>) -> Query<V>,
        _ value: V,
        _ counts: (greater: Int, greaterOrEqual: Int, less: Int, lessOrEqual: Int) = (0, 1, 0, 1)
    ) -> [TQPCase] where V.PersistedType: _QueryNumeric {
        let label = tqpDescribe(value)
        return [
            make("\(name) > \(label)", counts.greater) { lhs($0) > value },
            make("\(name) >= \(label)", counts.greaterOrEqual) { lhs($0) >= value },
            make("\(name) < \(label)", counts.less) { lhs($0) < value },
            make("\(name) <= \(label)", counts.lessOrEqual) { lhs($0) <= value },
        ]
    }

    /// Realm's validateStringComparisons and validateStringLexicographicalComparison: the four comparisons of a type
    /// stored as a string (a string enum, a wrapper, an optional), with the counts Realm gives.
    static func stringOrderCases<Root, V: _HasPersistedType & Sendable>(
        _ make: TQPMake<Root>,
        _ name: String,
        _ lhs: @escaping @Sendable (Query<Root>) -> Query<V>,
        _ value: V,
        _ counts: (greater: Int, greaterOrEqual: Int, less: Int, lessOrEqual: Int) = (0, 1, 0, 1)
    ) -> [TQPCase] where V.PersistedType: _QueryString {
        let label = tqpDescribe(value)
        return [
            make("\(name) > \(label)", counts.greater) { lhs($0) > value },
            make("\(name) >= \(label)", counts.greaterOrEqual) { lhs($0) >= value },
            make("\(name) < \(label)", counts.less) { lhs($0) < value },
            make("\(name) <= \(label)", counts.lessOrEqual) { lhs($0) <= value },
        ]
    }

    /// Realm's validateNumericContains: of its three values the object holds the second, so `v0..<v2`, `v0...v2`
    /// and `v0...v1` match it and `v0..<v1` does not.
    static func rangeCases<Root, V: Comparable & Sendable>(
        _ make: TQPMake<Root>,
        _ name: String,
        _ lhs: @escaping @Sendable (Query<Root>) -> Query<V>,
        _ values: [V]
    ) -> [TQPCase] {
        let (low, middle, high) = (values[0], values[1], values[2])
        return [
            make("\(name) in \(low)..<\(high)", 1) { lhs($0).contains(low..<high) },
            make("\(name) in \(low)..<\(middle)", 0) { lhs($0).contains(low..<middle) },
            make("\(name) in \(low)...\(high)", 1) { lhs($0).contains(low...high) },
            make("\(name) in \(low)...\(middle)", 1) { lhs($0).contains(low...middle) },
        ]
    }

    /// The same for an optional property: ranges of the wrapped type.
    static func optionalRangeCases<Root, V: OptionalProtocol & Sendable>(
        _ make: TQPMake<Root>,
        _ name: String,
        _ lhs: @escaping @Sendable (Query<Root>) -> Query<V>,
        _ values: [V.Wrapped]
    ) -> [TQPCase] where V.Wrapped: Comparable & Sendable {
        let (low, middle, high) = (values[0], values[1], values[2])
        return [
            make("\(name) in \(low)..<\(high)", 1) { lhs($0).contains(low..<high) },
            make("\(name) in \(low)..<\(middle)", 0) { lhs($0).contains(low..<middle) },
            make("\(name) in \(low)...\(high)", 1) { lhs($0).contains(low...high) },
            make("\(name) in \(low)...\(middle)", 1) { lhs($0).contains(low...middle) },
        ]
    }

    // MARK: testEquals

    static var equalsCases: [TQPCase] {
        let all: TQPMake<TQPAllTypes> = TQPCase.allTypes
        let custom: TQPMake<TQPCustomTypes> = TQPCase.custom
        var rows: [TQPCase] = []
        rows += equalityCases(all, "boolCol", { $0.boolCol }, false)
        rows += equalityCases(all, "intCol", { $0.intCol }, 3)
        rows += equalityCases(all, "int8Col", { $0.int8Col }, Int8(9))
        rows += equalityCases(all, "int16Col", { $0.int16Col }, Int16(17))
        rows += equalityCases(all, "int32Col", { $0.int32Col }, Int32(33))
        rows += equalityCases(all, "int64Col", { $0.int64Col }, Int64(65))
        rows += equalityCases(all, "floatCol", { $0.floatCol }, TQPValues.float)
        rows += equalityCases(all, "doubleCol", { $0.doubleCol }, TQPValues.double)
        rows += equalityCases(all, "stringCol", { $0.stringCol }, TQPValues.string)
        rows += equalityCases(all, "binaryCol", { $0.binaryCol }, TQPValues.data)
        rows += equalityCases(all, "dateCol", { $0.dateCol }, TQPValues.date)
        rows += equalityCases(all, "decimalCol", { $0.decimalCol }, TQPValues.decimal)
        rows += equalityCases(all, "objectIdCol", { $0.objectIdCol }, TQPValues.objectId)
        rows += equalityCases(all, "uuidCol", { $0.uuidCol }, TQPValues.uuid)
        rows += equalityCases(all, "intEnumCol", { $0.intEnumCol }, TQPIntEnum.value2)
        rows += equalityCases(all, "stringEnumCol", { $0.stringEnumCol }, TQPStringEnum.value2)
        rows += equalityCases(custom, "bool", { $0.bool }, TQPWrap(false))
        rows += equalityCases(custom, "int", { $0.int }, TQPWrap(3))
        rows += equalityCases(custom, "int8", { $0.int8 }, TQPWrap(Int8(9)))
        rows += equalityCases(custom, "int16", { $0.int16 }, TQPWrap(Int16(17)))
        rows += equalityCases(custom, "int32", { $0.int32 }, TQPWrap(Int32(33)))
        rows += equalityCases(custom, "int64", { $0.int64 }, TQPWrap(Int64(65)))
        rows += equalityCases(custom, "float", { $0.float }, TQPWrap(TQPValues.float))
        rows += equalityCases(custom, "double", { $0.double }, TQPWrap(TQPValues.double))
        rows += equalityCases(custom, "string", { $0.string }, TQPWrap(TQPValues.string))
        rows += equalityCases(custom, "binary", { $0.binary }, TQPWrap(TQPValues.data))
        rows += equalityCases(custom, "date", { $0.date }, TQPWrap(TQPValues.date))
        rows += equalityCases(custom, "decimal", { $0.decimal }, TQPWrap(TQPValues.decimal))
        rows += equalityCases(custom, "objectId", { $0.objectId }, TQPWrap(TQPValues.objectId))
        rows += equalityCases(custom, "uuid", { $0.uuid }, TQPWrap(TQPValues.uuid))
        rows += equalityCases(all, "optBoolCol", { $0.optBoolCol }, false)
        rows += equalityCases(all, "optIntCol", { $0.optIntCol }, 3)
        rows += equalityCases(all, "optInt8Col", { $0.optInt8Col }, Int8(9))
        rows += equalityCases(all, "optInt16Col", { $0.optInt16Col }, Int16(17))
        rows += equalityCases(all, "optInt32Col", { $0.optInt32Col }, Int32(33))
        rows += equalityCases(all, "optInt64Col", { $0.optInt64Col }, Int64(65))
        rows += equalityCases(all, "optFloatCol", { $0.optFloatCol }, TQPValues.float)
        rows += equalityCases(all, "optDoubleCol", { $0.optDoubleCol }, TQPValues.double)
        rows += equalityCases(all, "optStringCol", { $0.optStringCol }, TQPValues.string)
        rows += equalityCases(all, "optBinaryCol", { $0.optBinaryCol }, TQPValues.data)
        rows += equalityCases(all, "optDateCol", { $0.optDateCol }, TQPValues.date)
        rows += equalityCases(all, "optDecimalCol", { $0.optDecimalCol }, TQPValues.decimal)
        rows += equalityCases(all, "optObjectIdCol", { $0.optObjectIdCol }, TQPValues.objectId)
        rows += equalityCases(all, "optUuidCol", { $0.optUuidCol }, TQPValues.uuid)
        rows += equalityCases(all, "optIntEnumCol", { $0.optIntEnumCol }, TQPIntEnum.value2)
        rows += equalityCases(all, "optStringEnumCol", { $0.optStringEnumCol }, TQPStringEnum.value2)
        rows += equalityCases(custom, "optBool", { $0.optBool }, TQPWrap(false))
        rows += equalityCases(custom, "optInt", { $0.optInt }, TQPWrap(3))
        rows += equalityCases(custom, "optInt8", { $0.optInt8 }, TQPWrap(Int8(9)))
        rows += equalityCases(custom, "optInt16", { $0.optInt16 }, TQPWrap(Int16(17)))
        rows += equalityCases(custom, "optInt32", { $0.optInt32 }, TQPWrap(Int32(33)))
        rows += equalityCases(custom, "optInt64", { $0.optInt64 }, TQPWrap(Int64(65)))
        rows += equalityCases(custom, "optFloat", { $0.optFloat }, TQPWrap(TQPValues.float))
        rows += equalityCases(custom, "optDouble", { $0.optDouble }, TQPWrap(TQPValues.double))
        rows += equalityCases(custom, "optString", { $0.optString }, TQPWrap(TQPValues.string))
        rows += equalityCases(custom, "optBinary", { $0.optBinary }, TQPWrap(TQPValues.data))
        rows += equalityCases(custom, "optDate", { $0.optDate }, TQPWrap(TQPValues.date))
        rows += equalityCases(custom, "optDecimal", { $0.optDecimal }, TQPWrap(TQPValues.decimal))
        rows += equalityCases(custom, "optObjectId", { $0.optObjectId }, TQPWrap(TQPValues.objectId))
        rows += equalityCases(custom, "optUuid", { $0.optUuid }, TQPWrap(TQPValues.uuid))
        return rows + nilEqualsCases
    }

    static var nilEqualsCases: [TQPCase] {
        let all: TQPMake<TQPAllTypes> = TQPCase.allTypes
        let custom: TQPMake<TQPCustomTypes> = TQPCase.custom
        var rows: [TQPCase] = []
        rows += nilEqualityCases(all, "optBoolCol") { $0.optBoolCol }
        rows += nilEqualityCases(all, "optIntCol") { $0.optIntCol }
        rows += nilEqualityCases(all, "optInt8Col") { $0.optInt8Col }
        rows += nilEqualityCases(all, "optInt16Col") { $0.optInt16Col }
        rows += nilEqualityCases(all, "optInt32Col") { $0.optInt32Col }
        rows += nilEqualityCases(all, "optInt64Col") { $0.optInt64Col }
        rows += nilEqualityCases(all, "optFloatCol") { $0.optFloatCol }
        rows += nilEqualityCases(all, "optDoubleCol") { $0.optDoubleCol }
        rows += nilEqualityCases(all, "optStringCol") { $0.optStringCol }
        rows += nilEqualityCases(all, "optBinaryCol") { $0.optBinaryCol }
        rows += nilEqualityCases(all, "optDateCol") { $0.optDateCol }
        rows += nilEqualityCases(all, "optDecimalCol") { $0.optDecimalCol }
        rows += nilEqualityCases(all, "optObjectIdCol") { $0.optObjectIdCol }
        rows += nilEqualityCases(all, "optUuidCol") { $0.optUuidCol }
        rows += nilEqualityCases(all, "optIntEnumCol") { $0.optIntEnumCol }
        rows += nilEqualityCases(all, "optStringEnumCol") { $0.optStringEnumCol }
        rows += nilEqualityCases(custom, "optBool") { $0.optBool }
        rows += nilEqualityCases(custom, "optInt") { $0.optInt }
        rows += nilEqualityCases(custom, "optInt8") { $0.optInt8 }
        rows += nilEqualityCases(custom, "optInt16") { $0.optInt16 }
        rows += nilEqualityCases(custom, "optInt32") { $0.optInt32 }
        rows += nilEqualityCases(custom, "optInt64") { $0.optInt64 }
        rows += nilEqualityCases(custom, "optFloat") { $0.optFloat }
        rows += nilEqualityCases(custom, "optDouble") { $0.optDouble }
        rows += nilEqualityCases(custom, "optString") { $0.optString }
        rows += nilEqualityCases(custom, "optBinary") { $0.optBinary }
        rows += nilEqualityCases(custom, "optDate") { $0.optDate }
        rows += nilEqualityCases(custom, "optDecimal") { $0.optDecimal }
        rows += nilEqualityCases(custom, "optObjectId") { $0.optObjectId }
        rows += nilEqualityCases(custom, "optUuid") { $0.optUuid }
        return rows
    }

    @Test("== and != of every property type, its optional, its enum and its wrapper count as in Realm (testEquals)")
    func equals() async throws {
        let rows = Self.equalsCases
        #expect(rows.count == 180)
        await TQPCase.check(rows, in: try await Self.makeRealm())
    }

    // MARK: testImplicitBooleanOperation

    @Test("A Bool property is a condition of its own, negated with !, alone or through a link (implicit booleans)")
    func implicitBoolean() async throws {
        let realm = try await Self.makeRealm()
        await TQPCase.check(
            [
                .allTypes("boolCol", 0) { $0.boolCol },
                .allTypes("!boolCol", 1) { !$0.boolCol },
            ],
            in: realm
        )
        // Realm's initLinkedCollectionAggregatesObject: everything deleted, then one link to a new object.
        let outcomes = try await realm.write { realm -> [TQPOutcome] in
            try realm.deleteAll()
            let link = TQPLinkToAllTypes()
            link.object = TQPAllTypes()
            try realm.add(link)
            let parent = TQPEmbeddedParent()
            parent.object = TQPEmbeddedTree()
            try realm.add(parent)
            return [
                TQPOutcome("object.boolCol", 0, tqpCount(realm, TQPLinkToAllTypes.self) { $0.object.boolCol }),
                TQPOutcome("!object.boolCol", 1, tqpCount(realm, TQPLinkToAllTypes.self) { !$0.object.boolCol }),
                TQPOutcome("embedded object.bool", 0, tqpCount(realm, TQPEmbeddedParent.self) { $0.object.bool }),
                TQPOutcome("!embedded object.bool", 1, tqpCount(realm, TQPEmbeddedParent.self) { !$0.object.bool }),
                TQPOutcome(
                    "intCol == 0 && boolCol",
                    0,
                    tqpCount(realm, TQPAllTypes.self) { $0.intCol == 0 && $0.boolCol }
                ),
                TQPOutcome(
                    "boolCol && intCol == 0",
                    0,
                    tqpCount(realm, TQPAllTypes.self) { $0.boolCol && $0.intCol == 0 }
                ),
                TQPOutcome(
                    "intCol == 0 || !boolCol",
                    1,
                    tqpCount(realm, TQPAllTypes.self) { $0.intCol == 0 || !$0.boolCol }
                ),
                TQPOutcome(
                    "!boolCol || intCol == 0",
                    1,
                    tqpCount(realm, TQPAllTypes.self) { !$0.boolCol || $0.intCol == 0 }
                ),
            ]
        }
        for outcome in outcomes { outcome.check() }
    }

    // MARK: testNumericComparisons

    static var numericComparisonCases: [TQPCase] {
        let all: TQPMake<TQPAllTypes> = TQPCase.allTypes
        let custom: TQPMake<TQPCustomTypes> = TQPCase.custom
        var rows: [TQPCase] = []
        rows += orderCases(all, "intCol", { $0.intCol }, 3)
        rows += orderCases(all, "int8Col", { $0.int8Col }, Int8(9))
        rows += orderCases(all, "int16Col", { $0.int16Col }, Int16(17))
        rows += orderCases(all, "int32Col", { $0.int32Col }, Int32(33))
        rows += orderCases(all, "int64Col", { $0.int64Col }, Int64(65))
        rows += orderCases(all, "floatCol", { $0.floatCol }, TQPValues.float)
        rows += orderCases(all, "doubleCol", { $0.doubleCol }, TQPValues.double)
        rows += orderCases(all, "dateCol", { $0.dateCol }, TQPValues.date)
        rows += orderCases(all, "decimalCol", { $0.decimalCol }, TQPValues.decimal)
        rows += orderCases(all, "intEnumCol", { $0.intEnumCol }, TQPIntEnum.value2)
        rows += orderCases(custom, "int", { $0.int }, TQPWrap(3))
        rows += orderCases(custom, "int8", { $0.int8 }, TQPWrap(Int8(9)))
        rows += orderCases(custom, "int16", { $0.int16 }, TQPWrap(Int16(17)))
        rows += orderCases(custom, "int32", { $0.int32 }, TQPWrap(Int32(33)))
        rows += orderCases(custom, "int64", { $0.int64 }, TQPWrap(Int64(65)))
        rows += orderCases(custom, "float", { $0.float }, TQPWrap(TQPValues.float))
        rows += orderCases(custom, "double", { $0.double }, TQPWrap(TQPValues.double))
        rows += orderCases(custom, "date", { $0.date }, TQPWrap(TQPValues.date))
        rows += orderCases(custom, "decimal", { $0.decimal }, TQPWrap(TQPValues.decimal))
        rows += orderCases(all, "optIntCol", { $0.optIntCol }, 3)
        rows += orderCases(all, "optInt8Col", { $0.optInt8Col }, Int8(9))
        rows += orderCases(all, "optInt16Col", { $0.optInt16Col }, Int16(17))
        rows += orderCases(all, "optInt32Col", { $0.optInt32Col }, Int32(33))
        rows += orderCases(all, "optInt64Col", { $0.optInt64Col }, Int64(65))
        rows += orderCases(all, "optFloatCol", { $0.optFloatCol }, TQPValues.float)
        rows += orderCases(all, "optDoubleCol", { $0.optDoubleCol }, TQPValues.double)
        rows += orderCases(all, "optDateCol", { $0.optDateCol }, TQPValues.date)
        rows += orderCases(all, "optDecimalCol", { $0.optDecimalCol }, TQPValues.decimal)
        rows += orderCases(all, "optIntEnumCol", { $0.optIntEnumCol }, TQPIntEnum.value2)
        rows += orderCases(custom, "optInt", { $0.optInt }, TQPWrap(3))
        rows += orderCases(custom, "optInt8", { $0.optInt8 }, TQPWrap(Int8(9)))
        rows += orderCases(custom, "optInt16", { $0.optInt16 }, TQPWrap(Int16(17)))
        rows += orderCases(custom, "optInt32", { $0.optInt32 }, TQPWrap(Int32(33)))
        rows += orderCases(custom, "optInt64", { $0.optInt64 }, TQPWrap(Int64(65)))
        rows += orderCases(custom, "optFloat", { $0.optFloat }, TQPWrap(TQPValues.float))
        rows += orderCases(custom, "optDouble", { $0.optDouble }, TQPWrap(TQPValues.double))
        rows += orderCases(custom, "optDate", { $0.optDate }, TQPWrap(TQPValues.date))
        rows += orderCases(custom, "optDecimal", { $0.optDecimal }, TQPWrap(TQPValues.decimal))
        return rows + numericNilComparisonCases
    }

    /// An optional number, date, enum or wrapper compared with `nil`: Realm matches nothing, whatever the operator.
    static var numericNilComparisonCases: [TQPCase] {
        let all: TQPMake<TQPAllTypes> = TQPCase.allTypes
        let custom: TQPMake<TQPCustomTypes> = TQPCase.custom
        let none = (0, 0, 0, 0)
        var rows: [TQPCase] = []
        rows += orderCases(all, "optIntCol", { $0.optIntCol }, nil, none)
        rows += orderCases(all, "optInt8Col", { $0.optInt8Col }, nil, none)
        rows += orderCases(all, "optInt16Col", { $0.optInt16Col }, nil, none)
        rows += orderCases(all, "optInt32Col", { $0.optInt32Col }, nil, none)
        rows += orderCases(all, "optInt64Col", { $0.optInt64Col }, nil, none)
        rows += orderCases(all, "optFloatCol", { $0.optFloatCol }, nil, none)
        rows += orderCases(all, "optDoubleCol", { $0.optDoubleCol }, nil, none)
        rows += orderCases(all, "optDateCol", { $0.optDateCol }, nil, none)
        rows += orderCases(all, "optDecimalCol", { $0.optDecimalCol }, nil, none)
        rows += orderCases(all, "optIntEnumCol", { $0.optIntEnumCol }, nil, none)
        rows += orderCases(custom, "optInt", { $0.optInt }, nil, none)
        rows += orderCases(custom, "optInt8", { $0.optInt8 }, nil, none)
        rows += orderCases(custom, "optInt16", { $0.optInt16 }, nil, none)
        rows += orderCases(custom, "optInt32", { $0.optInt32 }, nil, none)
        rows += orderCases(custom, "optInt64", { $0.optInt64 }, nil, none)
        rows += orderCases(custom, "optFloat", { $0.optFloat }, nil, none)
        rows += orderCases(custom, "optDouble", { $0.optDouble }, nil, none)
        rows += orderCases(custom, "optDate", { $0.optDate }, nil, none)
        rows += orderCases(custom, "optDecimal", { $0.optDecimal }, nil, none)
        return rows
    }

    @Test(
        "<, <=, > and >= of every number, date, decimal, enum and wrapper count as in Realm (testNumericComparisons)"
    )
    func numericComparisons() async throws {
        let rows = Self.numericComparisonCases
        #expect(rows.count == 228)
        await TQPCase.check(rows, in: try await Self.makeRealm())
    }

    // MARK: testStringComparisons

    @Test("<, <=, > and >= of strings, string enums and string wrappers count as in Realm (testStringComparisons)")
    func stringComparisons() async throws {
        let all: TQPMake<TQPAllTypes> = TQPCase.allTypes
        let custom: TQPMake<TQPCustomTypes> = TQPCase.custom
        var rows: [TQPCase] = []
        rows += Self.stringOrderCases(all, "stringCol", { $0.stringCol }, TQPValues.string)
        rows += Self.stringOrderCases(all, "stringEnumCol", { $0.stringEnumCol }, TQPStringEnum.value2)
        rows += Self.stringOrderCases(custom, "string", { $0.string }, TQPWrap(TQPValues.string))
        rows += Self.stringOrderCases(all, "optStringCol", { $0.optStringCol }, TQPValues.string)
        rows += Self.stringOrderCases(all, "optStringEnumCol", { $0.optStringEnumCol }, TQPStringEnum.value2)
        rows += Self.stringOrderCases(custom, "optString", { $0.optString }, TQPWrap(TQPValues.string))
        // A string compared with nil: Realm counts a stored string as greater than nil.
        let greater = (1, 1, 0, 0)
        rows += Self.stringOrderCases(all, "optStringCol", { $0.optStringCol }, nil, greater)
        rows += Self.stringOrderCases(all, "optStringEnumCol", { $0.optStringEnumCol }, nil, greater)
        rows += Self.stringOrderCases(custom, "optString", { $0.optString }, nil, greater)
        #expect(rows.count == 36)
        await TQPCase.check(rows, in: try await Self.makeRealm())
    }

    // MARK: testNumericContains

    @Test("contains(range) of every numeric type, date and decimal counts as in Realm (testNumericContains)")
    func numericContains() async throws {
        let all: TQPMake<TQPAllTypes> = TQPCase.allTypes
        let custom: TQPMake<TQPCustomTypes> = TQPCase.custom
        var rows: [TQPCase] = []
        rows += Self.rangeCases(all, "intCol", { $0.intCol }, TQPValues.ints)
        rows += Self.rangeCases(all, "int8Col", { $0.int8Col }, TQPValues.int8s)
        rows += Self.rangeCases(all, "int16Col", { $0.int16Col }, TQPValues.int16s)
        rows += Self.rangeCases(all, "int32Col", { $0.int32Col }, TQPValues.int32s)
        rows += Self.rangeCases(all, "int64Col", { $0.int64Col }, TQPValues.int64s)
        rows += Self.rangeCases(all, "floatCol", { $0.floatCol }, TQPValues.floats)
        rows += Self.rangeCases(all, "doubleCol", { $0.doubleCol }, TQPValues.doubles)
        rows += Self.rangeCases(all, "dateCol", { $0.dateCol }, TQPValues.dates)
        rows += Self.rangeCases(all, "decimalCol", { $0.decimalCol }, TQPValues.decimals)
        rows += Self.rangeCases(all, "intEnumCol.rawValue", { $0.intEnumCol.rawValue }, TQPValues.ints)
        rows += Self.rangeCases(custom, "int.persistableValue", { $0.int.persistableValue }, TQPValues.ints)
        rows += Self.rangeCases(custom, "int8.persistableValue", { $0.int8.persistableValue }, TQPValues.int8s)
        rows += Self.rangeCases(custom, "int16.persistableValue", { $0.int16.persistableValue }, TQPValues.int16s)
        rows += Self.rangeCases(custom, "int32.persistableValue", { $0.int32.persistableValue }, TQPValues.int32s)
        rows += Self.rangeCases(custom, "int64.persistableValue", { $0.int64.persistableValue }, TQPValues.int64s)
        rows += Self.rangeCases(custom, "float.persistableValue", { $0.float.persistableValue }, TQPValues.floats)
        rows += Self.rangeCases(custom, "double.persistableValue", { $0.double.persistableValue }, TQPValues.doubles)
        rows += Self.rangeCases(custom, "date.persistableValue", { $0.date.persistableValue }, TQPValues.dates)
        rows += Self.rangeCases(custom, "decimal.persistableValue", { $0.decimal.persistableValue }, TQPValues.decimals)
        rows += Self.optionalRangeCases(all, "optIntCol", { $0.optIntCol }, TQPValues.ints)
        rows += Self.optionalRangeCases(all, "optInt8Col", { $0.optInt8Col }, TQPValues.int8s)
        rows += Self.optionalRangeCases(all, "optInt16Col", { $0.optInt16Col }, TQPValues.int16s)
        rows += Self.optionalRangeCases(all, "optInt32Col", { $0.optInt32Col }, TQPValues.int32s)
        rows += Self.optionalRangeCases(all, "optInt64Col", { $0.optInt64Col }, TQPValues.int64s)
        rows += Self.optionalRangeCases(all, "optFloatCol", { $0.optFloatCol }, TQPValues.floats)
        rows += Self.optionalRangeCases(all, "optDoubleCol", { $0.optDoubleCol }, TQPValues.doubles)
        rows += Self.optionalRangeCases(all, "optDateCol", { $0.optDateCol }, TQPValues.dates)
        rows += Self.optionalRangeCases(all, "optDecimalCol", { $0.optDecimalCol }, TQPValues.decimals)
        rows += Self.optionalRangeCases(all, "optIntEnumCol.rawValue", { $0.optIntEnumCol.rawValue }, TQPValues.ints)
        rows += Self.optionalRangeCases(
            custom,
            "optInt.persistableValue",
            { $0.optInt.persistableValue },
            TQPValues.ints
        )
        rows += Self.optionalRangeCases(
            custom,
            "optInt8.persistableValue",
            { $0.optInt8.persistableValue },
            TQPValues.int8s
        )
        rows += Self.optionalRangeCases(
            custom,
            "optInt16.persistableValue",
            { $0.optInt16.persistableValue },
            TQPValues.int16s
        )
        rows += Self.optionalRangeCases(
            custom,
            "optInt32.persistableValue",
            { $0.optInt32.persistableValue },
            TQPValues.int32s
        )
        rows += Self.optionalRangeCases(
            custom,
            "optInt64.persistableValue",
            { $0.optInt64.persistableValue },
            TQPValues.int64s
        )
        rows += Self.optionalRangeCases(
            custom,
            "optFloat.persistableValue",
            { $0.optFloat.persistableValue },
            TQPValues.floats
        )
        rows += Self.optionalRangeCases(
            custom,
            "optDouble.persistableValue",
            { $0.optDouble.persistableValue },
            TQPValues.doubles
        )
        rows += Self.optionalRangeCases(
            custom,
            "optDate.persistableValue",
            { $0.optDate.persistableValue },
            TQPValues.dates
        )
        rows += Self.optionalRangeCases(
            custom,
            "optDecimal.persistableValue",
            { $0.optDecimal.persistableValue },
            TQPValues.decimals
        )
        #expect(rows.count == 152)
        await TQPCase.check(rows, in: try await Self.makeRealm())
    }
}
