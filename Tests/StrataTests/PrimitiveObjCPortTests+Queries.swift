import Foundation
import Strata
import Testing

// realm-swift's `Realm/Tests/PrimitiveArrayPropertyTests.tpl.m` (testQueryCount, testQuerySum, testQueryAverage,
// testQueryMin, testQueryMax): how many objects a query on `@count`, `@sum`, `@avg`, `@min` or `@max` of a list of
// values matches, as those tests build the objects; and `Realm/Tests/PrimitiveDictionaryPropertyTests.tpl.m`
// (testMin, testMax, testSum, testAverage, testValueForKeyNumericAggregates): the aggregates of an optional map
// holding v0 and nil.

/// A list of each type the list suite aggregates in queries.
final class POCAggregateRow: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var int: List<Int>
    @Persisted var optInt: List<Int?>
    @Persisted var float: List<Float>
    @Persisted var optFloat: List<Float?>
    @Persisted var double: List<Double>
    @Persisted var optDouble: List<Double?>
    @Persisted var decimal: List<Decimal128>
    @Persisted var optDecimal: List<Decimal128?>
    @Persisted var date: List<Date>
    @Persisted var optDate: List<Date?>
    @Persisted var any: List<AnyRealmValue>
}

/// A list property and its two ascending values; `addable` for the types summed and averaged.
struct POCQueryRow: Sendable, CustomTestStringConvertible {
    let property: String
    let v0: any Sendable
    let v1: any Sendable
    let addable: Bool
    var testDescription: String { property }

    static let rows: [POCQueryRow] = [
        .init(property: "int", v0: 2, v1: 3, addable: true),
        .init(property: "optInt", v0: 2, v1: 3, addable: true),
        .init(property: "float", v0: Float(2.5), v1: Float(3.5), addable: true),
        .init(property: "optFloat", v0: Float(2.5), v1: Float(3.5), addable: true),
        .init(property: "double", v0: 2.5, v1: 3.5, addable: true),
        .init(property: "optDouble", v0: 2.5, v1: 3.5, addable: true),
        .init(property: "decimal", v0: POCValues.decimals[0], v1: POCValues.decimals[1], addable: true),
        .init(property: "optDecimal", v0: POCValues.decimals[0], v1: POCValues.decimals[1], addable: true),
        .init(property: "date", v0: POCValues.dates[0], v1: POCValues.dates[1], addable: false),
        .init(property: "optDate", v0: POCValues.dates[0], v1: POCValues.dates[1], addable: false),
        .init(property: "any", v0: 2, v1: 3, addable: false),
    ]

    /// Creates one object per list of `lists` (of 0 for v0, 1 for v1) in a fresh realm, then runs `body` with a
    /// function counting the objects a query matches.
    func run(
        _ lists: [[Int]],
        _ body: @escaping @Sendable (_ count: (String, [any Sendable]) -> Int) -> Void
    ) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([POCAggregateRow.self]))
        let (property, values) = (property, [v0, v1])
        try await realm.write { realm in
            for (id, list) in lists.enumerated() {
                try realm.create(POCAggregateRow.self, value: ["id": id, property: list.map { values[$0] }])
            }
            body { query, args in realm.objects(POCAggregateRow.self).filter("\(property).\(query)", args).count }
        }
    }
}

@Suite("Primitive ObjC port: queries on the aggregates of lists of values, and aggregates of maps with nil")
struct PrimitiveObjCPortQueryTests {
    @Test(
        "@min and @max of a list: an empty list matches nil, a list its smallest or largest value",
        arguments: POCQueryRow.rows
    )
    func minAndMax(_ row: POCQueryRow) async throws {
        let (v0, v1, name) = (row.v0, row.v1, row.property)
        try await row.run([]) { count in
            #expect(count("@min == %@", [v0]) == 0 && count("@max == %@", [v0]) == 0, "\(name): no objects")
        }
        let expectations: [(lists: [[Int]], min: [Int], max: [Int])] = [
            ([[]], [0, 0], [0, 0]),
            ([[], [0]], [1, 0], [1, 0]),
            ([[], [0], [1]], [1, 1], [1, 1]),
            ([[], [0], [1], [1, 0]], [2, 1], [1, 2]),
        ]
        for (lists, min, max) in expectations {
            try await row.run(lists) { count in
                let label = "\(name) with \(lists)"
                #expect([count("@min == %@", [v0]), count("@min == %@", [v1])] == min, "\(label): @min")
                #expect([count("@max == %@", [v0]), count("@max == %@", [v1])] == max, "\(label): @max")
                #expect(count("@min == nil", []) == 1 && count("@max == nil", []) == 1, "\(label): the empty list")
            }
        }
    }

    @Test(
        "@sum of a list: zero for an empty list, compared with each operator",
        arguments: POCQueryRow.rows.filter(\.addable)
    )
    func sum(_ row: POCQueryRow) async throws {
        let (v0, v1, name) = (row.v0, row.v1, row.property)
        try await row.run([[], [0], [0, 0], [0, 0, 0]]) { count in
            #expect(count("@sum == %@", [0]) == 1, "\(name): @sum == 0")
            let operators: [(String, any Sendable, Int)] = [
                ("==", v0, 1), ("!=", v0, 3), (">=", v0, 3), (">", v0, 2), ("<", v1, 2), ("<=", v1, 2),
            ]
            for (op, value, expected) in operators {
                #expect(count("@sum \(op) %@", [value]) == expected, "\(name): @sum \(op) \(value)")
            }
        }
    }

    @Test(
        "@avg of a list: nil for an empty list, compared with each operator",
        arguments: POCQueryRow.rows.filter(\.addable)
    )
    func average(_ row: POCQueryRow) async throws {
        let (v0, v1, name) = (row.v0, row.v1, row.property)
        try await row.run([[], [0], [0, 1], [1]]) { count in
            #expect(count("@avg == nil", []) == 1, "\(name): @avg == nil")
            let operators: [(String, any Sendable, Int)] = [
                ("==", v0, 1), ("!=", v0, 3), (">=", v0, 3), (">", v0, 2), ("<", v1, 2), ("<=", v1, 3),
            ]
            for (op, value, expected) in operators {
                #expect(count("@avg \(op) %@", [value]) == expected, "\(name): @avg \(op) \(value)")
            }
        }
    }

    @Test("@count of a list of zero, one and two values, compared with each operator", arguments: POCQueryRow.rows)
    func listCount(_ row: POCQueryRow) async throws {
        let name = row.property
        try await row.run([[], [0], [0, 0]]) { count in
            for i in 0..<3 {
                let expected = [("==", 1), ("!=", 2), (">", 2 - i), (">=", 3 - i), ("<", i), ("<=", i + 1)]
                for (op, matches) in expected {
                    #expect(count("@count \(op) %@", [i]) == matches, "\(name): @count \(op) \(i)")
                }
            }
        }
    }

    @Test("min, max, sum and average of an optional map holding v0 and nil are all v0")
    func optionalMapAggregates() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([POCCollections.self]))
        try await realm.write { realm in
            let object = try realm.create(POCCollections.self, value: ["id": 1])
            object.mapOptInt.merge(["k0": 2, "k1": nil]) { $1 }
            object.mapOptFloat.merge(["k0": 2.5, "k1": nil]) { $1 }
            object.mapOptDouble.merge(["k0": 2.5, "k1": nil]) { $1 }
            object.mapOptDecimal.merge(["k0": POCValues.decimals[0], "k1": nil]) { $1 }
            object.mapOptDate.merge(["k0": POCValues.dates[0], "k1": nil]) { $1 }
            #expect(object.mapOptInt.count == 2 && object.mapOptDate.count == 2, "the nil entries are stored")
            let (int, float, double, decimal) = (
                object.mapOptInt, object.mapOptFloat, object.mapOptDouble, object.mapOptDecimal
            )
            #expect(int.min() == 2 && int.max() == 2 && int.sum() == 2 && int.average() as Double? == 2, "Int?")
            #expect(float.min() == 2.5 && float.max() == 2.5 && float.sum() == 2.5, "Float?")
            #expect(float.average() as Double? == 2.5, "Float? average")
            #expect(double.min() == 2.5 && double.max() == 2.5 && double.sum() == 2.5, "Double?")
            #expect(double.average() as Double? == 2.5, "Double? average")
            let v0 = POCValues.decimals[0]
            #expect(decimal.min() == v0 && decimal.max() == v0 && decimal.sum() == v0, "Decimal128?")
            #expect(decimal.average() as Decimal128? == v0, "Decimal128? average")
            #expect(object.mapOptDate.min() == POCValues.dates[0] && object.mapOptDate.max() == POCValues.dates[0])
        }
    }
}
