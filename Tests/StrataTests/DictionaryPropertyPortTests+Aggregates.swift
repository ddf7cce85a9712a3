import Foundation
import Strata
import Testing

// realm-swift's `Realm/Tests/DictionaryPropertyTests.m` and `Realm/Tests/SetPropertyTests.m`: testObjectAggregate,
// testRenamedPropertyAggregate and testSortByRenamedColumns. Both files run the same aggregates on ten objects held
// by an unmanaged owner's map (or set), then by the same owner once it is added; here the table is shared, and
// SetPropertyPortTests.swift runs it on a set. A property that cannot be aggregated is asked through the throwing
// (`checked`) forms: Realm raises an exception whose message names the operation and the type, or the property
// and the class.

/// As realm-swift's `AggregateObject`.
final class DPTAggregate: Object {
    @Persisted var intCol = 0
    @Persisted var floatCol: Float = 0
    @Persisted var doubleCol = 0.0
    @Persisted var boolCol = false
    @Persisted var dateCol = Date(timeIntervalSince1970: 0)
}

/// As realm-swift's `AggregateDictionaryObject` and `AggregateSetObject`.
final class DPTAggregateOwner: Object {
    @Persisted var map: Map<String, DPTAggregate?>
    @Persisted var set: MutableSet<DPTAggregate>
}

/// As realm-swift's `RenamedProperties1`: `propA` is stored as "prop 1".
final class DPTRenamed: Object {
    @Persisted var propA = 0
    @Persisted var propB = ""

    override class func propertiesMapping() -> [String: String] { ["propA": "prop 1", "propB": "prop 2"] }
}

/// As realm-swift's `LinkToRenamedProperties1`.
final class DPTRenamedOwner: Object {
    @Persisted var map: Map<String, DPTRenamed?>
    @Persisted var set: MutableSet<DPTRenamed>
}

/// The aggregates (and a sort) of a map's values or of a set, as one shape for the tables.
protocol DPTAggregating {
    func min<T: _Persistable>(checkedOfProperty property: String) throws -> T?
    func max<T: _Persistable>(checkedOfProperty property: String) throws -> T?
    func sum<T: _Persistable>(checkedOfProperty property: String) throws -> T
    func average<T: _Persistable>(checkedOfProperty property: String) throws -> T?
    /// The values sorted by `keyPath`, each read as a number.
    func sortedNumbers(byKeyPath keyPath: String, ascending: Bool) throws -> [Int]
}

/// A map of objects as a ``DPTAggregating``; `number` reads the number a sort reports.
struct DPTMapShape<V: Object>: DPTAggregating {
    let map: Map<String, V?>
    let number: (V) -> Int

    func min<T: _Persistable>(checkedOfProperty property: String) throws -> T? {
        try map.min(checkedOfProperty: property)
    }
    func max<T: _Persistable>(checkedOfProperty property: String) throws -> T? {
        try map.max(checkedOfProperty: property)
    }
    func sum<T: _Persistable>(checkedOfProperty property: String) throws -> T {
        try map.sum(checkedOfProperty: property)
    }
    func average<T: _Persistable>(checkedOfProperty property: String) throws -> T? {
        try map.average(checkedOfProperty: property)
    }
    func sortedNumbers(byKeyPath keyPath: String, ascending: Bool) throws -> [Int] {
        try map.sorted(checkedByKeyPath: keyPath, ascending: ascending).map { $0.map(number) ?? -1 }
    }
}

/// A set of objects as a ``DPTAggregating``; `number` reads the number a sort reports.
struct DPTSetShape<V: Object>: DPTAggregating {
    let set: MutableSet<V>
    let number: (V) -> Int

    func min<T: _Persistable>(checkedOfProperty property: String) throws -> T? {
        try set.min(checkedOfProperty: property)
    }
    func max<T: _Persistable>(checkedOfProperty property: String) throws -> T? {
        try set.max(checkedOfProperty: property)
    }
    func sum<T: _Persistable>(checkedOfProperty property: String) throws -> T {
        try set.sum(checkedOfProperty: property)
    }
    func average<T: _Persistable>(checkedOfProperty property: String) throws -> T? {
        try set.average(checkedOfProperty: property)
    }
    func sortedNumbers(byKeyPath keyPath: String, ascending: Bool) throws -> [Int] {
        try set.sorted(checkedByKeyPath: keyPath, ascending: ascending).map(number)
    }
}

/// One aggregate of testObjectAggregate: what it answers over the ten objects, as text.
struct DPTAggregateRow: Sendable, CustomTestStringConvertible {
    let name: String
    let run: @Sendable (any DPTAggregating) throws -> String
    let expected: String
    var testDescription: String { name }

    /// The earlier and the later date of the ten objects.
    static let dateMin = Date(timeIntervalSince1970: 1_700_000_000)
    static let dateMax = dateMin.addingTimeInterval(1000)

    /// Six objects (0, 1.2, 0.0, true, dateMin) and four (1, 0.0, 2.5, false, dateMax), as realm-swift's test makes.
    static func value(_ index: Int) -> [Any] {
        index.isMultiple(of: 2) || index == 9
            ? [0, Float(1.2), 0.0, true, dateMin] : [1, Float(0), 2.5, false, dateMax]
    }

    /// What `body` answers as text ("nil" for nil), or "error" when it throws.
    static func text<T>(_ body: () throws -> T?) -> String {
        do { return try body().map { "\($0)" } ?? "nil" } catch { return "error" }
    }

    /// "throws" when `body` throws an error whose text contains every one of `words`; otherwise what happened.
    static func throwsNaming(_ words: [String], _ body: () throws -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            let text = "\(error)"
            return words.allSatisfy(text.contains) ? "throws" : text
        }
    }

    /// Two decimals, for sums and means of floating-point values.
    static func rounded(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "nil" }

    static let rows: [DPTAggregateRow] = [
        DPTAggregateRow(
            name: "sum of intCol",
            run: { String(try $0.sum(checkedOfProperty: "intCol") as Int) },
            expected: "4"
        ),
        DPTAggregateRow(
            name: "sum of floatCol",
            run: { rounded(Double(try $0.sum(checkedOfProperty: "floatCol") as Float)) },
            expected: "7.20"
        ),
        DPTAggregateRow(
            name: "sum of doubleCol",
            run: { rounded(try $0.sum(checkedOfProperty: "doubleCol") as Double) },
            expected: "10.00"
        ),
        DPTAggregateRow(
            name: "average of intCol",
            run: { rounded(try $0.average(checkedOfProperty: "intCol") as Double?) },
            expected: "0.40"
        ),
        DPTAggregateRow(
            name: "average of floatCol",
            run: { rounded(try $0.average(checkedOfProperty: "floatCol") as Double?) },
            expected: "0.72"
        ),
        DPTAggregateRow(
            name: "average of doubleCol",
            run: { rounded(try $0.average(checkedOfProperty: "doubleCol") as Double?) },
            expected: "1.00"
        ),
        DPTAggregateRow(
            name: "min of each numeric property",
            run: {
                let values: [Double?] = [
                    (try $0.min(checkedOfProperty: "intCol") as Int?).map { Double($0) },
                    (try $0.min(checkedOfProperty: "floatCol") as Float?).map { Double($0) },
                    try $0.min(checkedOfProperty: "doubleCol") as Double?,
                ]
                return values.map(rounded).joined(separator: " ")
            },
            expected: "0.00 0.00 0.00"
        ),
        DPTAggregateRow(
            name: "max of each numeric property",
            run: {
                let values: [Double?] = [
                    (try $0.max(checkedOfProperty: "intCol") as Int?).map { Double($0) },
                    (try $0.max(checkedOfProperty: "floatCol") as Float?).map { Double($0) },
                    try $0.max(checkedOfProperty: "doubleCol") as Double?,
                ]
                return values.map(rounded).joined(separator: " ")
            },
            expected: "1.00 1.20 2.50"
        ),
        DPTAggregateRow(
            name: "min and max of dateCol",
            run: {
                let minimum = try $0.min(checkedOfProperty: "dateCol") as Date?
                let maximum = try $0.max(checkedOfProperty: "dateCol") as Date?
                return "\(minimum == dateMin) \(maximum == dateMax)"
            },
            expected: "true true"
        ),
        DPTAggregateRow(
            name: "each aggregate of an unknown property names it and the class",
            run: { c in
                [
                    throwsNaming(["foo", "DPTAggregate"]) { let _: Int = try c.sum(checkedOfProperty: "foo") },
                    throwsNaming(["foo", "DPTAggregate"]) { let _: Double? = try c.average(checkedOfProperty: "foo") },
                    throwsNaming(["foo", "DPTAggregate"]) { let _: Int? = try c.min(checkedOfProperty: "foo") },
                    throwsNaming(["foo", "DPTAggregate"]) { let _: Int? = try c.max(checkedOfProperty: "foo") },
                ]
                .joined(separator: " ")
            },
            expected: "throws throws throws throws"
        ),
        DPTAggregateRow(
            name: "sum, average, min and max of a bool property throw, naming the operation and bool",
            run: { c in
                [
                    throwsNaming(["sum", "bool"]) { let _: Int = try c.sum(checkedOfProperty: "boolCol") },
                    throwsNaming(["average", "bool"]) { let _: Double? = try c.average(checkedOfProperty: "boolCol") },
                    throwsNaming(["min", "bool"]) { let _: Bool? = try c.min(checkedOfProperty: "boolCol") },
                    throwsNaming(["max", "bool"]) { let _: Bool? = try c.max(checkedOfProperty: "boolCol") },
                ]
                .joined(separator: " ")
            },
            expected: "throws throws throws throws"
        ),
        DPTAggregateRow(
            name: "sum and average of a date property throw, naming the operation and date",
            run: { c in
                [
                    throwsNaming(["sum", "date"]) { let _: Double = try c.sum(checkedOfProperty: "dateCol") },
                    throwsNaming(["average", "date"]) { let _: Double? = try c.average(checkedOfProperty: "dateCol") },
                ]
                .joined(separator: " ")
            },
            expected: "throws throws"
        ),
    ]

    /// Runs `row` on a map or a set of the ten objects, whose owner is unmanaged or, when `managed`, added.
    static func answer(_ row: DPTAggregateRow, set: Bool, managed: Bool) async throws -> String {
        let realm = try await makeDPTRealm()
        return try await realm.write { realm in
            let owner = DPTAggregateOwner()
            for index in 0..<10 {
                let object = try realm.create(DPTAggregate.self, value: value(index))
                if set { owner.set.insert(object) } else { owner.map["item\(index)"] = object }
            }
            if managed { try realm.add(owner) }
            #expect(set ? owner.set.count == 10 : owner.map.count == 10)
            let number: (DPTAggregate) -> Int = \.intCol
            return try row.run(
                set
                    ? DPTSetShape(set: owner.set, number: number) as any DPTAggregating
                    : DPTMapShape(map: owner.map, number: number)
            )
        }
    }
}

extension DictionaryPropertyPortTests {
    @Test(
        "aggregates of a map's objects, its owner unmanaged then added (testObjectAggregate)",
        arguments: DPTAggregateRow.rows,
        [false, true]
    )
    func objectAggregate(_ row: DPTAggregateRow, managed: Bool) async throws {
        #expect(try await DPTAggregateRow.answer(row, set: false, managed: managed) == row.expected)
    }

    @Test("an empty unmanaged map sums to zero and has no average, min or max (testObjectAggregate)")
    func emptyAggregates() throws {
        let map = DPTAggregateOwner().map
        let sum: Int = try map.sum(checkedOfProperty: "intCol")
        let average: Double? = try map.average(checkedOfProperty: "intCol")
        let minimum: Int? = try map.min(checkedOfProperty: "intCol")
        let maximum: Int? = try map.max(checkedOfProperty: "intCol")
        #expect(sum == 0 && average == nil && minimum == nil && maximum == nil)
    }

    /// Realm's answers for the three renamed objects: sum, average, min, max and, when
    /// `sorting` (an unmanaged collection cannot sort: that stops, see MapPortTests+Stopping), the values sorted up
    /// and down.
    static func renamedAnswers(_ collection: any DPTAggregating, sorting: Bool) -> [String] {
        var answers = [
            DPTAggregateRow.text { try collection.sum(checkedOfProperty: "propA") as Int },
            DPTAggregateRow.text { try collection.average(checkedOfProperty: "propA") as Double? },
            DPTAggregateRow.text { try collection.min(checkedOfProperty: "propA") as Int? },
            DPTAggregateRow.text { try collection.max(checkedOfProperty: "propA") as Int? },
        ]
        if sorting {
            answers.append(DPTAggregateRow.text { try collection.sortedNumbers(byKeyPath: "propA", ascending: true) })
            answers.append(DPTAggregateRow.text { try collection.sortedNumbers(byKeyPath: "propA", ascending: false) })
        }
        return answers
    }

    /// The answers of `renamedAnswers` for a map (`set` false) or a set of DPTRenamed 3, 1 and 2: empty and
    /// unmanaged, full and unmanaged, full and managed; last, whether the sum of the stored name "prop 1" of the
    /// empty unmanaged collection throws.
    static func renamedRuns(set: Bool) async throws -> [[String]] {
        let realm = try await makeDPTRealm()
        return try await realm.write { realm in
            let owner = DPTRenamedOwner()
            let shape: () -> any DPTAggregating = {
                set
                    ? DPTSetShape(set: owner.set, number: \.propA) as any DPTAggregating
                    : DPTMapShape(map: owner.map, number: \.propA)
            }
            let collection = shape()
            let stored = DPTAggregateRow.throwsNaming(["prop 1"]) {
                let _: Int = try collection.sum(checkedOfProperty: "prop 1")
            }
            var runs = [renamedAnswers(collection, sorting: false)]
            for value in [3, 1, 2] {
                let object = try realm.create(DPTRenamed.self, value: [value, ""])
                if set { owner.set.insert(object) } else { owner.map["item\(value)"] = object }
            }
            runs.append(renamedAnswers(shape(), sorting: false))
            try realm.add(owner)
            runs.append(renamedAnswers(shape(), sorting: true))
            return runs + [[stored]]
        }
    }

    /// What Realm answers in `renamedRuns`.
    static let renamedExpected: [[String]] = [
        ["0", "nil", "nil", "nil"],
        ["6", "2.0", "1", "3"],
        ["6", "2.0", "1", "3", "[1, 2, 3]", "[3, 2, 1]"],
    ]

    /// Checks `runs` against Realm's answers, the unmanaged collection refusing the stored name.
    static func expectRenamed(_ runs: [[String]], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(Array(runs.dropLast()) == renamedExpected, "\(runs)", sourceLocation: sourceLocation)
        #expect(runs.last == ["throws"], sourceLocation: sourceLocation)
    }

    @Test("a renamed property aggregates and sorts by its Swift name; its stored name is refused (map)")
    func renamedPropertyAggregates() async throws {
        Self.expectRenamed(try await Self.renamedRuns(set: false))
    }
}
