import Foundation
import Strata
import Testing

// realm-swift Realm/Tests/QueryTests.m: testCountOnArrayCollection, testCountOnSetCollection,
// testCountOnDictionaryCollection, testAggregateArrayCollectionOperators, testAggregateSetCollectionOperators and
// testAggregateDictionaryCollectionOperators. Each runs on a list, a set and a map of `QOBInt` objects beside an
// integer `number`. The list forms of three @count refusals (`@count.foo.bar`, `@count.intCol`, `@count != 'Hello'`)
// are asserted in QueryDialectPortTests and are not repeated here.

/// A list, a set or a map of `QOBInt` objects: the property of `QOBIntegerArray`, `QOBIntegerSet` or
/// `QOBIntegerDictionary` that holds it.
enum QOBIntCollection: String, CaseIterable, Sendable {
    case array, set, dictionary

    /// Creates a holder of `number` and `values`.
    func make(_ number: Int, _ values: [Int], in realm: isolated Realm) throws {
        let ints = try values.map { try realm.create(QOBInt.self, value: [$0]) }
        switch self {
        case .array:
            try realm.create(QOBIntegerArray.self, value: [number, []]).array.append(objectsIn: ints)
        case .set:
            try realm.create(QOBIntegerSet.self, value: [number, []]).set.insert(objectsIn: ints)
        case .dictionary:
            let holder = try realm.create(QOBIntegerDictionary.self, value: [number, [:]])
            for (index, int) in ints.enumerated() { holder.dictionary["\(index)"] = int }
        }
    }

    /// Runs `check` on every holder of this kind.
    func check(in realm: isolated Realm, _ check: (Checker) -> Void) {
        switch self {
        case .array: check(Checker(results: realm.objects(QOBIntegerArray.self), property: rawValue))
        case .set: check(Checker(results: realm.objects(QOBIntegerSet.self), property: rawValue))
        case .dictionary: check(Checker(results: realm.objects(QOBIntegerDictionary.self), property: rawValue))
        }
    }

    /// Counts and refusals of queries on the holders, `$p` in a query standing for the collection property.
    struct Checker {
        let count: (String) -> Int
        let error: (String) -> String
        let property: String

        init<T: Object>(results: Results<T>, property: String) {
            count = { qobCount(results, $0) }
            error = { qobError(results, $0) }
            self.property = property
        }

        func query(_ template: String) -> String { template.replacingOccurrences(of: "$p", with: property) }

        func expect(_ template: String, _ expected: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            let query = query(template)
            #expect(count(query) == expected, "'\(query)'", sourceLocation: sourceLocation)
        }

        /// Expects a refusal whose message contains `pattern` (with `$p` replaced too).
        func expectError(
            _ template: String,
            _ pattern: String,
            issue: String? = nil,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let query = query(template)
            let message = error(query)
            let reason = self.query(pattern)
            let check = { #expect(message.contains(reason), "'\(query)': \(message)", sourceLocation: sourceLocation) }
            if let issue {
                withKnownIssue(Comment(rawValue: issue), sourceLocation: sourceLocation) { check() }
            } else {
                check()
            }
        }

        /// Expects a refusal whose message matches the regular expression `pattern`.
        func expectErrorMatching(
            _ template: String,
            _ pattern: String,
            issue: String? = nil,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let query = query(template)
            let message = error(query)
            let regex = try! Regex(pattern)
            let check = { #expect(message.contains(regex), "'\(query)': \(message)", sourceLocation: sourceLocation) }
            if let issue {
                withKnownIssue(Comment(rawValue: issue), sourceLocation: sourceLocation) { check() }
            } else {
                check()
            }
        }
    }
}

extension QueryObjCPortTests2 {
    @Test(
        "@count of a list, a set and a map of objects, compared with numbers and with a property",
        arguments: QOBIntCollection.allCases
    )
    func countOnCollection(kind: QOBIntCollection) async throws {
        let realm = try await qobRealm([
            QOBInt.self, QOBIntegerArray.self, QOBIntegerSet.self, QOBIntegerDictionary.self,
        ])
        try await realm.write { realm in
            try kind.make(1, [456], in: realm)
            try kind.make(2, [1, 2, 3], in: realm)
            try kind.make(0, [], in: realm)
            kind.check(in: realm) { holders in
                holders.expect("$p.@count > 0", 2)
                holders.expect("$p.@count == 3", 1)
                holders.expect("$p.@count < 1", 1)
                holders.expect("0 < $p.@count", 2)
                holders.expect("3 == $p.@count", 1)
                holders.expect("1 >  $p.@count", 1)
                holders.expect("$p.@count == number", 2)
                holders.expect("$p.@count > number", 1)
                holders.expect("number < $p.@count", 1)
                holders.expectError(
                    "$p.@count == $p.@count",
                    "aggregate operations cannot be compared with other aggregate operations"
                )
                guard kind != .array else { return }
                holders.expectError(
                    "$p.@count.foo.bar != 0",
                    "Invalid keypath '$p.@count.foo.bar': @count must appear at the end of a keypath."
                )
                holders.expectError(
                    "$p.@count.intCol > 0",
                    "Invalid keypath '$p.@count.intCol': @count must appear at the end of a keypath."
                )
                holders.expectError("$p.@count != 'Hello'", "@count can only be compared with a numeric value")
            }
        }
    }

    @Test("@min, @max, @sum and @avg of a list, a set and a map of objects", arguments: QOBIntCollection.allCases)
    func aggregateCollectionOperators(kind: QOBIntCollection) async throws {
        let realm = try await qobRealm([
            QOBInt.self, QOBIntegerArray.self, QOBIntegerSet.self, QOBIntegerDictionary.self,
        ])
        try await realm.write { realm in
            try kind.make(1111, [1234, 2, -12345], in: realm)
            try kind.make(2222, [100], in: realm)
            try kind.make(3333, [], in: realm)
            kind.check(in: realm) { holders in
                let rows: [(String, Int)] = [
                    ("$p.@min.intCol == -12345", 1), ("$p.@min.intCol == 100", 1), ("$p.@min.intCol < 1000", 2),
                    ("$p.@min.intCol > -1000", 1),
                    ("$p.@max.intCol == 1234", 1), ("$p.@max.intCol == 100", 1), ("$p.@max.intCol > -1000", 2),
                    ("$p.@max.intCol > 1000", 1),
                    // The empty collection's sum is 0.
                    ("$p.@sum.intCol == 100", 1), ("$p.@sum.intCol == -11109", 1), ("$p.@sum.intCol == 0", 1),
                    ("$p.@sum.intCol > -50", 2), ("$p.@sum.intCol < 50", 2),
                    // The empty collection's average is null, which no number equals.
                    ("$p.@avg.intCol == 100", 1), ("$p.@avg.intCol == -3703", 1), ("$p.@avg.intCol == 0", 0),
                    ("$p.@avg.intCol < -50", 1), ("$p.@avg.intCol > 50", 1),
                    ("$p.@min.intCol < number", 2), ("number > $p.@min.intCol", 2),
                    ("$p.@max.intCol < number", 1), ("number > $p.@max.intCol", 1),
                    ("$p.@avg.intCol < number", 2), ("number > $p.@avg.intCol", 2),
                ]
                for (query, count) in rows { holders.expect(query, count) }
                holders.expectError(
                    "$p.@min.intCol == $p.@min.intCol",
                    "aggregate operations cannot be compared with other aggregate operations"
                )
                for operation in ["@min", "@max", "@sum", "@avg"] {
                    holders.expectError(
                        "$p.\(operation).intCol.foo.bar == 1.23",
                        "Invalid keypath '$p.\(operation).intCol.foo.bar': Property 'QOBInt.intCol' is not a link or "
                            + "collection and can only appear at the end of a keypath."
                    )
                }
                // An integer's minimum, maximum or sum compared with a fraction (not so its average, a double).
                for operation in ["@min", "@max", "@sum"] {
                    holders.expectErrorMatching(
                        "$p.\(operation).intCol == 1.23",
                        "\(operation).*type int cannot be compared"
                    )
                }
            }
        }
    }
}
