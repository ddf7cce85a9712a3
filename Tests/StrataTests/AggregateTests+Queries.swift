import Foundation
import Strata
import Testing

/// Lists of every aggregatable kind, with nulls, for the key path aggregates of the query language.
final class AggregateLists: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var ints: List<Int?>
    @Persisted var doubles: List<Double?>
    @Persisted var decimals: List<Decimal128?>
    @Persisted var dates: List<Date?>
}

// The data set (makeAggregateLists), ids 1…5; "-" is an empty list:
//
//  id ints          doubles        decimals                        dates
//  1  1,2,3         1.5,2.25       0.1,0.2                         2000-01-01,2020-01-01
//  2  -             -              -                               -
//  3  nil,5,nil     nil,-0.5       nil,1.10,2.20                   nil,1970-01-01
//  4  nil           nil            nil                             nil
//  5  -4,4          0.1,0.2        12345678901234567890.5,0.5      2030-12-31
//
// Expected aggregates (Realm's rules: nulls ignored; sum of nothing 0, min/max/avg of nothing nil; Int sums
// stay Int; Decimal128 sums and averages exact; Double averages are Double):
//
//  id ints sum/avg/min/max   doubles sum/avg/min/max           decimals sum/avg/min/max
//  1  6 / 2 / 1 / 3          3.75 / 1.875 / 1.5 / 2.25         0.3 / 0.15 / 0.1 / 0.2
//  2  0 / nil / nil / nil    0 / nil / nil / nil               0 / nil / nil / nil
//  3  5 / 5 / 5 / 5          -0.5 / -0.5 / -0.5 / -0.5         3.30 / 1.65 / 1.10 / 2.20
//  4  0 / nil / nil / nil    0 / nil / nil / nil               0 / nil / nil / nil
//  5  0 / 0 / -4 / 4         0.1+0.2 / (0.1+0.2)/2 / 0.1 / 0.2 12345678901234567891 / …45.5 / 0.5 / …890.5

private func decimal(_ text: String) -> Decimal128 { try! Decimal128(string: text) }

private func makeAggregateLists(_ realm: Realm) async throws {
    let rows: [([Int?], [Double?], [String?], [String?])] = [
        ([1, 2, 3], [1.5, 2.25], ["0.1", "0.2"], ["2000-01-01", "2020-01-01"]),
        ([], [], [], []),
        ([nil, 5, nil], [nil, -0.5], [nil, "1.10", "2.20"], [nil, "1970-01-01"]),
        ([nil], [nil], [nil], [nil]),
        ([-4, 4], [0.1, 0.2], ["12345678901234567890.5", "0.5"], ["2030-12-31"]),
    ]
    try await realm.write { realm in
        for (index, row) in rows.enumerated() {
            let object = AggregateLists()
            object.id = index + 1
            object.ints.append(objectsIn: row.0)
            object.doubles.append(objectsIn: row.1)
            object.decimals.append(objectsIn: row.2.map { $0.map(decimal) })
            object.dates.append(objectsIn: row.3.map { $0.map(specimenDate) })
            try realm.add(object)
        }
    }
}

extension AggregateTests {
    static let keyPathAggregateCases: [(query: String, arguments: [any Sendable], expected: [Int])] = [
        // Int: sums stay Int, averages are Double, nil ignored.
        ("ints.@sum == 6", [], [1]),
        ("ints.@sum == 0", [], [2, 4, 5]),
        ("ints.@sum == 5", [], [3]),
        ("ints.@sum > 0", [], [1, 3]),
        ("ints.@avg == 2", [], [1]),
        ("ints.@avg == 2.0", [], [1]),
        ("ints.@avg == 5", [], [3]),
        ("ints.@avg == 0", [], [5]),
        ("ints.@avg == nil", [], [2, 4]),
        ("ints.@min == 1", [], [1]),
        ("ints.@min == -4", [], [5]),
        ("ints.@min == nil", [], [2, 4]),
        ("ints.@max == 3", [], [1]),
        ("ints.@max == nil", [], [2, 4]),
        ("ints.@max >= 4", [], [3, 5]),
        // Double.
        ("doubles.@sum == 3.75", [], [1]),
        ("doubles.@sum == 0", [], [2, 4]),
        ("doubles.@sum == -0.5", [], [3]),
        ("doubles.@sum == %@", [0.1 + 0.2], [5]),
        ("doubles.@avg == 1.875", [], [1]),
        ("doubles.@avg == nil", [], [2, 4]),
        ("doubles.@avg == %@", [(0.1 + 0.2) / 2], [5]),
        ("doubles.@min == 1.5", [], [1]),
        ("doubles.@min == nil", [], [2, 4]),
        ("doubles.@max == 0.2", [], [5]),
        ("doubles.@max < 0", [], [3]),
        // Decimal128: exact.
        ("decimals.@sum == 0.3", [], [1]),
        ("decimals.@sum == %@", [decimal("0.3")], [1]),
        ("decimals.@sum == 0", [], [2, 4]),
        ("decimals.@sum == %@", [decimal("3.30")], [3]),
        ("decimals.@sum == %@", [decimal("12345678901234567891")], [5]),
        ("decimals.@sum > 1000", [], [5]),
        ("decimals.@avg == 0.15", [], [1]),
        ("decimals.@avg == %@", [decimal("1.65")], [3]),
        ("decimals.@avg == %@", [decimal("6172839450617283945.5")], [5]),
        ("decimals.@avg == nil", [], [2, 4]),
        ("decimals.@min == 0.1", [], [1]),
        ("decimals.@min == %@", [decimal("0.5")], [5]),
        ("decimals.@min == nil", [], [2, 4]),
        ("decimals.@max == %@", [decimal("2.2")], [3]),
        ("decimals.@max == %@", [decimal("12345678901234567890.5")], [5]),
        // Date: ordered, not added.
        ("dates.@min == %@", [specimenDate("2000-01-01")], [1]),
        ("dates.@max == %@", [specimenDate("2020-01-01")], [1]),
        ("dates.@min == %@", [specimenDate("1970-01-01")], [3]),
        ("dates.@max == %@", [specimenDate("1970-01-01")], [3]),
        ("dates.@max > %@", [specimenDate("2025-01-01")], [5]),
        ("dates.@min == nil", [], [2, 4]),
        ("dates.@max == nil", [], [2, 4]),
        // Aggregates with @count, each compared with a constant (two aggregates compared with each other are refused:
        // `aggregatePairs`).
        ("ints.@count == 0 AND ints.@sum == 0", [], [2]),
    ]

    @Test("@sum, @avg, @min and @max in queries select by Realm's rules", arguments: Self.keyPathAggregateCases)
    func keyPathAggregates(query: String, arguments: [any Sendable], expected: [Int]) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([AggregateLists.self]))
        try await makeAggregateLists(realm)
        let ids = await realm.read { realm -> [Int] in
            do {
                let predicate = try RealmPredicate(format: query, argumentArray: arguments)
                return try realm.objects(AggregateLists.self).filter(predicate).map(\.id).sorted()
            } catch {
                Issue.record("'\(query)': \(error)")
                return []
            }
        }
        #expect(ids == expected, "\(query)")
    }

    /// Two aggregates compared with each other: refused, as Realm Swift refuses them (RLMQueryUtil's
    /// apply_column_expression); realm-core's parser compares them (the first selects object 3, the second object 5).
    static let aggregatePairs = ["ints.@sum == ints.@max", "decimals.@sum > ints.@sum"]

    @Test("Two aggregates compared with each other are errors", arguments: aggregatePairs)
    func aggregatePairIsAnError(query: String) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([AggregateLists.self]))
        try await makeAggregateLists(realm)
        let message = await realm.read { realm -> String in
            do {
                _ = try realm.objects(AggregateLists.self).filter(RealmPredicate(format: query))
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(
            message.contains(
                "Key paths including aggregate operations cannot be compared with other aggregate operations"
            ),
            "'\(query)': \(message)"
        )
    }

    @Test(
        "@sum and @avg of dates are errors",
        arguments: ["dates.@sum > %@", "dates.@avg > %@", "dates.@sum == nil"]
    )
    func dateSumIsAnError(query: String) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([AggregateLists.self]))
        _ = await realm.read { realm in
            #expect(throws: RealmError.self, "\(query)") {
                try realm.objects(AggregateLists.self).filter(
                    RealmPredicate(format: query, specimenDate("2000-01-01"))
                )
            }
        }
    }

    @Test("Each object's list aggregates (Results.sum etc.) equal what the query language computes")
    func listAggregatesAgreeWithQueries() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([AggregateLists.self]))
        try await makeAggregateLists(realm)
        await realm.read { realm in
            let all = realm.objects(AggregateLists.self)
            func selects(_ query: String, _ argument: Any?, _ id: Int) -> Bool {
                let predicate = try! RealmPredicate(format: "id == %d AND " + query, id, argument ?? NSNull())
                return (try? all.filter(predicate).count) == 1
            }
            for object in all {
                let id = object.id
                let intSum: Int = object.ints.sum(ofProperty: "self")
                let intAverage: Double? = object.ints.average(ofProperty: "self")
                let intMin: Int? = object.ints.min(ofProperty: "self")
                let intMax: Int? = object.ints.max(ofProperty: "self")
                #expect(selects("ints.@sum == %@", intSum, id), "ints sum \(id)")
                #expect(selects("ints.@avg == %@", intAverage, id), "ints avg \(id)")
                #expect(selects("ints.@min == %@", intMin, id), "ints min \(id)")
                #expect(selects("ints.@max == %@", intMax, id), "ints max \(id)")
                let doubleSum: Double = object.doubles.sum(ofProperty: "self")
                let doubleAverage: Double? = object.doubles.average(ofProperty: "self")
                let doubleMin: Double? = object.doubles.min(ofProperty: "self")
                let doubleMax: Double? = object.doubles.max(ofProperty: "self")
                #expect(selects("doubles.@sum == %@", doubleSum, id), "doubles sum \(id)")
                #expect(selects("doubles.@avg == %@", doubleAverage, id), "doubles avg \(id)")
                #expect(selects("doubles.@min == %@", doubleMin, id), "doubles min \(id)")
                #expect(selects("doubles.@max == %@", doubleMax, id), "doubles max \(id)")
                let decimalSum: Decimal128 = object.decimals.sum(ofProperty: "self")
                let decimalAverage: Decimal128? = object.decimals.average(ofProperty: "self")
                let decimalMin: Decimal128? = object.decimals.min(ofProperty: "self")
                let decimalMax: Decimal128? = object.decimals.max(ofProperty: "self")
                #expect(selects("decimals.@sum == %@", decimalSum, id), "decimals sum \(id): \(decimalSum)")
                #expect(selects("decimals.@avg == %@", decimalAverage, id), "decimals avg \(id)")
                #expect(selects("decimals.@min == %@", decimalMin, id), "decimals min \(id)")
                #expect(selects("decimals.@max == %@", decimalMax, id), "decimals max \(id)")
                let dateMin: Date? = object.dates.min(ofProperty: "self")
                let dateMax: Date? = object.dates.max(ofProperty: "self")
                #expect(selects("dates.@min == %@", dateMin, id), "dates min \(id)")
                #expect(selects("dates.@max == %@", dateMax, id), "dates max \(id)")
            }
            // Exact decimal sums, where adding doubles would not be.
            let first = all.filter("id == 1").first!
            let firstSum: Decimal128 = first.decimals.sum(ofProperty: "self")
            #expect(firstSum == decimal("0.3"))
            let fifth = all.filter("id == 5").first!
            let fifthSum: Decimal128 = fifth.decimals.sum(ofProperty: "self")
            #expect(fifthSum == decimal("12345678901234567891"))
        }
    }
}
