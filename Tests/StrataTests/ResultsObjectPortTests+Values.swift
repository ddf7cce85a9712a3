import Foundation
import Strata
import Testing

// Facts of realm-swift's Objective-C `Realm/Tests/ResultsTests.m` on the values of results: testValueForKey,
// testSetValueForKey, testObjectAggregate (the AnyRealmValue column, dates, floats), testRenamedPropertyAggregate,
// testDistinctQuery, testDistinctQueryWithMultipleKeyPaths, testDistinctQueryWithMultilevelKeyPath and
// testDistinctQueryThrowsInvalidKeyPathsSpecified (with the throwing `distinct(checkedBy:)`: the unchecked form stops).

/// The data of testValueForKey, testSetValueForKey and testObjectAggregate: ten objects, rows 0 and 1 alternating
/// four times, then row 0 twice. Row 0: int 0, float 1.2, double 0, true, the early date, any 0.0. Row 1: int 1,
/// float 0, double 2.5, false, the late date, any 2.5.
private func rotSeedAggregates(_ realm: isolated Realm) throws {
    let early = Date(timeIntervalSince1970: 1_000_000)
    let rows: [[Any]] = [
        [0, Float(1.2), 0.0, true, early, AnyRealmValue.double(0)],
        [1, Float(0), 2.5, false, early.addingTimeInterval(1000), AnyRealmValue.double(2.5)],
    ]
    for index in [0, 1, 0, 1, 0, 1, 0, 1, 0, 0] {
        try realm.create(ROTAggregate.self, value: rows[index])
    }
}

/// A number held by an AnyRealmValue as a Double, nil for none or for another kind of value.
private func rotNumber(_ value: AnyRealmValue?) -> Double? {
    switch value {
    case .int(let number): Double(number)
    case .float(let number): Double(number)
    case .double(let number): number
    case .decimal128(let number): number.doubleValue
    default: nil
    }
}

/// Sum, average, min and max of the renamed property `propA` of every `DPTRenamed`, as text.
private func rotRenamedAggregates(_ realm: isolated Realm) -> [String] {
    let results = realm.objects(DPTRenamed.self)
    return [
        "\(results.sum(ofProperty: "propA") as Int)", "\(results.average(ofProperty: "propA") as Double?)",
        "\(results.min(ofProperty: "propA") as Int?)", "\(results.max(ofProperty: "propA") as Int?)",
    ]
}

/// One distinct key path list that `distinct(checkedBy:)` refuses, on a class of these suites.
struct ROTBadDistinct: CustomTestStringConvertible, Sendable {
    let keyPaths: [String]
    let run: @Sendable (isolated Realm, [String]) throws -> Void

    var testDescription: String { keyPaths.map { "\"\($0)\"" }.joined(separator: ", ") }

    static func on<T: Object>(_ type: T.Type, _ keyPaths: [String]) -> ROTBadDistinct {
        ROTBadDistinct(keyPaths: keyPaths) { realm, keyPaths in
            _ = try realm.objects(T.self).distinct(checkedBy: keyPaths)
        }
    }

    static let all: [ROTBadDistinct] = [
        on(ROTDog.self, [""]), on(ROTDog.self, [" "]), on(ROTDog.self, ["\n"]),
        on(ROTDog.self, ["dogName", ""]), on(ROTDog.self, ["dogName", " "]), on(ROTDog.self, ["dogName", "\n"]),
        on(ROTDog.self, ["@max.age"]), on(ROTDog.self, ["owners"]), on(ROTOwner.self, ["dog"]),
        on(ROTIntHolder.self, ["array"]), on(ROTIntHolder.self, ["set"]),
    ]
}

extension ResultsObjectPortTests {
    @Test("value(forKey:) is empty for no objects; it lists a property's values and \"self\" lists the objects")
    func valueForKey() async throws {
        let realm = try await rotRealm()
        let empty = await realm.read { realm in realm.objects(ROTAggregate.self).value(forKey: "intCol") as? [Int] }
        #expect(empty == [])
        try await realm.write { realm in try rotSeedAggregates(realm) }
        await realm.read { realm in
            let all = realm.objects(ROTAggregate.self)
            let some = all.filter("intCol != 1")
            #expect(all.value(forKey: "intCol") as? [Int] == [0, 1, 0, 1, 0, 1, 0, 1, 0, 0])
            #expect(some.value(forKey: "intCol") as? [Int] == [0, 0, 0, 0, 0, 0])
            for results in [all, some] {
                let objects = results.value(forKey: "self") as? [ROTAggregate]
                #expect(objects?.count == results.count)
                #expect(objects?.first?.isSameObject(as: results.first) == true)
                #expect(objects?.last?.isSameObject(as: results.last) == true)
            }
        }
    }

    @Test("setValue(_:forKey:) sets every object, also those that the assignment takes out of the query")
    func setValueForKey() async throws {
        let realm = try await rotRealm()
        let reads = try await realm.write { realm in
            try rotSeedAggregates(realm)
            let all = realm.objects(ROTAggregate.self)
            all.setValue(25, forKey: "intCol")
            let first = all.value(forKey: "intCol") as? [Int]
            all.filter("floatCol > 1").setValue(10, forKey: "intCol")
            let second = all.filter("floatCol > 1").value(forKey: "intCol") as? [Int]
            all.filter("intCol != 5").setValue(5, forKey: "intCol")
            return [first, second, all.value(forKey: "intCol") as? [Int]]
        }
        #expect(reads[0] == Array(repeating: 25, count: 10))
        #expect(reads[1] == Array(repeating: 10, count: 6))
        #expect(reads[2] == Array(repeating: 5, count: 10))
    }

    @Test("results aggregate floats, an AnyRealmValue column and dates; with no objects sum is 0 and the rest nil")
    func aggregates() async throws {
        let realm = try await rotRealm()
        let emptyReads = await realm.read { realm in
            let none = realm.objects(ROTAggregate.self)
            return [
                rotNumber(none.sum(ofProperty: "anyCol") as AnyRealmValue).map { "\($0)" } ?? "nil",
                "\(none.average(ofProperty: "anyCol") as Double?)", "\(none.min(ofProperty: "dateCol") as Date?)",
                "\(none.max(ofProperty: "dateCol") as Date?)",
            ]
        }
        #expect(emptyReads == ["0.0", "nil", "nil", "nil"])
        try await realm.write { realm in try rotSeedAggregates(realm) }
        let early = Date(timeIntervalSince1970: 1_000_000)
        let late = early.addingTimeInterval(1000)
        await realm.read { realm in
            let no = realm.objects(ROTAggregate.self).filter("boolCol == false")
            let yes = realm.objects(ROTAggregate.self).filter("boolCol == true")
            let all = realm.objects(ROTAggregate.self)
            #expect(abs((no.sum(ofProperty: "floatCol") as Float) - 0) < 0.1)
            #expect(abs((yes.sum(ofProperty: "floatCol") as Float) - 7.2) < 0.1)
            #expect(abs((all.average(ofProperty: "floatCol") as Double? ?? -1) - 0.72) < 0.1)
            #expect(all.min(ofProperty: "floatCol") as Float? == 0)
            #expect(all.max(ofProperty: "floatCol") as Float? == 1.2)
            #expect(rotNumber(no.sum(ofProperty: "anyCol") as AnyRealmValue) == 10)
            #expect(rotNumber(yes.sum(ofProperty: "anyCol") as AnyRealmValue) == 0)
            #expect(no.average(ofProperty: "anyCol") as Double? == 2.5)
            #expect(all.average(ofProperty: "anyCol") as Double? == 1)
            #expect(rotNumber(no.min(ofProperty: "anyCol") as AnyRealmValue?) == 2.5)
            #expect(rotNumber(all.min(ofProperty: "anyCol") as AnyRealmValue?) == 0)
            #expect(rotNumber(all.max(ofProperty: "anyCol") as AnyRealmValue?) == 2.5)
            #expect(no.min(ofProperty: "dateCol") as Date? == late)
            #expect(yes.min(ofProperty: "dateCol") as Date? == early)
            #expect(all.min(ofProperty: "dateCol") as Date? == early)
            #expect(no.max(ofProperty: "dateCol") as Date? == late)
            #expect(yes.max(ofProperty: "dateCol") as Date? == early)
            #expect(all.max(ofProperty: "dateCol") as Date? == late)
        }
    }

    @Test("results aggregate a renamed property by its Swift name, and refuse its stored name")
    func renamedPropertyAggregates() async throws {
        let realm = try await rotRealm()
        #expect(await realm.read { realm in rotRenamedAggregates(realm) } == ["0", "nil", "nil", "nil"])
        await #expect(throws: RealmError.self) {
            try await realm.read { realm in
                let _: Int = try realm.objects(DPTRenamed.self).sum(checkedOfProperty: "prop 1")
            }
        }
        try await realm.write { realm in
            for value in 1...3 { try realm.create(DPTRenamed.self, value: [value, ""]) }
        }
        #expect(
            await realm.read { realm in rotRenamedAggregates(realm) } == [
                "6", "Optional(2.0)", "Optional(1)", "Optional(3)",
            ]
        )
    }

    @Test("distinct keeps the first object of each value, by one key, by two keys and through a link")
    func distinct() async throws {
        let realm = try await rotRealm()
        try await realm.write { realm in
            for (name, age) in [
                ("Fido", 3), ("Fido", 3), ("Fido", 4), ("Cujo", 3), ("Buster", 3), ("Buster", 3), ("Rotunda", 7),
            ] {
                try realm.create(ROTDog.self, value: [name, age])
            }
            let dogs = realm.objects(ROTDog.self)
            for (name, dog) in [("Joe", 0), ("Marie", 3), ("Marie", 6)] {
                try realm.create(ROTOwner.self, value: [name, dogs[dog]])
            }
        }
        await realm.read { realm in
            let dogs = realm.objects(ROTDog.self)
            #expect(dogs.distinct(by: ["age"]).map(\.age) == [3, 4, 7])
            #expect(
                dogs.distinct(by: ["dogName", "age"]).map { "\($0.dogName ?? "")/\($0.age)" }
                    == ["Fido/3", "Fido/4", "Cujo/3", "Buster/3", "Rotunda/7"]
            )
            #expect(realm.objects(ROTOwner.self).distinct(by: ["dog.age"]).map { $0.dog?.age } == [3, 7])
        }
    }

    @Test(
        "distinct(checkedBy:) refuses a blank key, an operator, a link and a collection",
        arguments: ROTBadDistinct.all
    )
    func distinctRefuses(_ row: ROTBadDistinct) async throws {
        let realm = try await rotRealm()
        try await realm.write { realm in
            let dog = try realm.create(ROTDog.self, value: ["Fido", 3])
            try realm.create(ROTOwner.self, value: ["Joe", dog])
            try realm.create(ROTIntHolder.self, value: [0])
        }
        await #expect(throws: RealmError.self) {
            try await realm.read { realm in try row.run(realm, row.keyPaths) }
        }
    }
}
