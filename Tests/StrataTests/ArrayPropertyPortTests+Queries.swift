import Foundation
import Strata
import Testing

// Aggregates, sorting, change notifications and frozen lists, from realm-swift's `Realm/Tests/ArrayPropertyTests.m`:
// testObjectAggregate, testRenamedPropertyAggregate, testSortByNoColumns, testSortByMultipleColumns,
// testSortByRenamedColumns, testNotificationSentInitially, testNotificationSentAfterCommit,
// testNotificationNotSentForUnrelatedChange, testNotificationSentOnlyForActualRefresh, testIsFrozen,
// testQueryFrozenArray, testFrozenArraysDoNotUpdate and testAccessFrozenFromDifferentThread.

/// One sort of testSortByMultipleColumns: two keys with their directions, and the dogs in the order they give.
struct APTSortRow: Sendable, CustomTestStringConvertible {
    let keys: [(String, Bool)]
    let expected: [String]
    var testDescription: String { keys.map { "\($0.0) \($0.1 ? "ascending" : "descending")" }.joined(separator: ", ") }

    static let all: [APTSortRow] = [
        APTSortRow(keys: [("dogName", true), ("age", true)], expected: ["a1", "a2", "b1", "b2"]),
        APTSortRow(keys: [("dogName", true), ("age", false)], expected: ["a2", "a1", "b2", "b1"]),
        APTSortRow(keys: [("dogName", false), ("age", true)], expected: ["b1", "b2", "a1", "a2"]),
        APTSortRow(keys: [("dogName", false), ("age", false)], expected: ["b2", "b1", "a2", "a1"]),
        APTSortRow(keys: [("age", true), ("dogName", true)], expected: ["a1", "b1", "a2", "b2"]),
        APTSortRow(keys: [("age", true), ("dogName", false)], expected: ["b1", "a1", "b2", "a2"]),
        APTSortRow(keys: [("age", false), ("dogName", true)], expected: ["a2", "b2", "a1", "b1"]),
        APTSortRow(keys: [("age", false), ("dogName", false)], expected: ["b2", "a2", "b1", "a1"]),
        // testSortByNoColumns: no keys keep the list's order.
        APTSortRow(keys: [], expected: ["a2", "b1", "a1", "b2"]),
    ]
}

/// The aggregates of testObjectAggregate, as text, and the messages of the aggregates Realm refuses.
private func aptAggregates(_ list: List<APTAggregate>) -> [String] {
    func number(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "nil" }
    let minimum: Date? = list.min(ofProperty: "dateCol")
    let maximum: Date? = list.max(ofProperty: "dateCol")
    return [
        "\(list.sum(ofProperty: "intCol") as Int)", number(Double(list.sum(ofProperty: "floatCol") as Float)),
        number(list.sum(ofProperty: "doubleCol") as Double),
        number(list.average(ofProperty: "intCol")), number(list.average(ofProperty: "floatCol")),
        number(list.average(ofProperty: "doubleCol")),
        "\(list.min(ofProperty: "intCol") as Int? ?? -1)",
        number((list.min(ofProperty: "floatCol") as Float?).map(Double.init)),
        number(list.min(ofProperty: "doubleCol")), "\(minimum?.timeIntervalSince1970 ?? -1)",
        "\(list.max(ofProperty: "intCol") as Int? ?? -1)",
        number((list.max(ofProperty: "floatCol") as Float?).map(Double.init)),
        number(list.max(ofProperty: "doubleCol")), "\(maximum?.timeIntervalSince1970 ?? -1)",
    ]
}

/// The messages of the aggregates Realm refuses on a list of ``APTAggregate``: unknown property, sum, average,
/// min and max of a Boolean, sum and average of a date.
private func aptRefusedAggregates(_ list: List<APTAggregate>) -> [String] {
    [
        aptFailure { try list.sum(checkedOfProperty: "foo") as Int },
        aptFailure { try list.average(checkedOfProperty: "foo") as Double? },
        aptFailure { try list.min(checkedOfProperty: "foo") as Int? },
        aptFailure { try list.max(checkedOfProperty: "foo") as Int? },
        aptFailure { try list.sum(checkedOfProperty: "boolCol") as Int },
        aptFailure { try list.sum(checkedOfProperty: "dateCol") as Double },
        aptFailure { try list.average(checkedOfProperty: "boolCol") as Double? },
        aptFailure { try list.average(checkedOfProperty: "dateCol") as Double? },
        aptFailure { try list.min(checkedOfProperty: "boolCol") as Bool? },
        aptFailure { try list.max(checkedOfProperty: "boolCol") as Bool? },
    ]
}

@Suite("Array property port: aggregates, sorting, notifications and frozen lists of ArrayPropertyTests.m")
struct ArrayPropertyPortQueryTests {
    @Test("aggregates of a list of objects, unmanaged then added to the realm (testObjectAggregate)")
    func objectAggregates() async throws {
        let realm = try await aptRealm()
        let box = LiveObjectBox()
        let (empty, unmanaged, unmanagedRefusals) = try await realm.write { realm in
            let owner = APTAggregateList()
            let empty = [
                "\(owner.array.sum(ofProperty: "intCol") as Int)",
                "\(owner.array.average(ofProperty: "intCol") as Double?)",
                "\(owner.array.min(ofProperty: "intCol") as Int?)", "\(owner.array.max(ofProperty: "intCol") as Int?)",
            ]
            // Six rows of (0, 1.2, 0.0, true, early) and four of (1, 0.0, 2.5, false, late), interleaved.
            for row in 0..<10 {
                let small = row % 2 == 0 || row == 9
                try realm.create(
                    APTAggregate.self,
                    value: [
                        small ? 0 : 1, small ? Float(1.2) : 0, small ? 0.0 : 2.5, small,
                        Date(timeIntervalSince1970: small ? 1_000 : 2_000),
                    ]
                )
            }
            owner.array.append(objectsIn: realm.objects(APTAggregate.self))
            box.object = owner
            return (empty, aptAggregates(owner.array), aptRefusedAggregates(owner.array))
        }
        let expected = [
            "4", "7.20", "10.00", "0.40", "0.72", "1.00", "0", "0.00", "0.00", "1000.0", "1", "1.20", "2.50", "2000.0",
        ]
        #expect(empty == ["0", "nil", "nil", "nil"])
        #expect(unmanaged == expected)
        try await realm.write { realm in try realm.add(box.object as! APTAggregateList) }
        let (managed, managedRefusals) = await realm.read { _ in
            let list = (box.object as! APTAggregateList).array
            return (aptAggregates(list), aptRefusedAggregates(list))
        }
        #expect(managed == expected)
        for (refusals, label) in [(unmanagedRefusals, "unmanaged"), (managedRefusals, "managed")] {
            let words = [
                ["foo", "APTAggregate"], ["foo", "APTAggregate"], ["foo", "APTAggregate"], ["foo", "APTAggregate"],
                ["sum", "bool"], ["sum", "date"], ["average", "bool"], ["average", "date"], ["min", "bool"],
                ["max", "bool"],
            ]
            for (message, words) in zip(refusals, words) {
                #expect(
                    words.allSatisfy { message.lowercased().contains($0.lowercased()) },
                    "\(label): \(message) should name \(words)"
                )
            }
        }
    }

    @Test(
        "sorting a list by two keys, or by none (testSortByMultipleColumns, testSortByNoColumns)",
        arguments: APTSortRow.all
    )
    func sortByColumns(_ row: APTSortRow) async throws {
        let realm = try await aptRealm()
        let order = try await realm.write { realm -> [String] in
            let dogs = try [("a", 2), ("b", 1), ("a", 1), ("b", 2)].map { name, age in
                try realm.create(APTDog.self, value: [name, age])
            }
            let list = try realm.create(APTDogList.self, value: [dogs]).dogs
            let sorted = list.sorted(by: row.keys.map { SortDescriptor(keyPath: $0.0, ascending: $0.1) })
            return sorted.map { "\($0.dogName)\($0.age)" }
        }
        #expect(order == row.expected)
    }

    @Test("a list's stream: initial, then its edits; a write that does not touch it sends nothing")
    func notifications() async throws {
        let configuration = memoryConfiguration(aptObjectTypes)
        let realm = try await Realm(configuration: configuration)
        try await realm.write { realm in _ = try realm.create(APTCompany.self, value: ["name": "observed"]) }
        let stream = await realm.read { realm in realm.objects(APTCompany.self).first!.employees.changes() }
        var changes = stream.makeAsyncIterator()
        var seen = [aptDescribe(await changes.next())]
        // Another actor on the same realm appends (testNotificationSentAfterCommit).
        let other = try await Realm(configuration: configuration)
        try await other.write { realm in
            realm.objects(APTCompany.self).first!.employees.append(APTEmployee(value: ["name": "new"]))
        }
        seen.append(aptDescribe(await changes.next()))
        // testNotificationNotSentForUnrelatedChange: another company, then an employee outside the list.
        try await realm.write { realm in _ = try realm.create(APTCompany.self, value: ["name": "unrelated"]) }
        try await other.write { realm in _ = try realm.create(APTEmployee.self, value: ["name": "outside"]) }
        try await realm.write { realm in
            let employees = realm.objects(APTCompany.self).filter("name == 'observed'").first!.employees
            employees.first!.age = 7
        }
        seen.append(aptDescribe(await changes.next()))
        try await realm.write { realm in
            realm.objects(APTCompany.self).filter("name == 'observed'").first!.employees.remove(at: 0)
        }
        seen.append(aptDescribe(await changes.next()))
        #expect(seen == ["initial 0", "update -[] +[0] ~[]", "update -[] +[] ~[0]", "update -[0] +[] ~[]"])
    }

    @Test("a frozen list is frozen, keeps its version, is queried, and is read from another task")
    func frozenLists() async throws {
        let realm = try await aptRealm()
        try await realm.write { realm in
            _ = try realm.create(
                APTCompany.self,
                value: ["name": "c", "employees": [["name": "a"], ["name": "b", "age": 1]]]
            )
        }
        let (frozen, live) = try await realm.read { realm in
            let employees = realm.objects(APTCompany.self).first!.employees
            return (try employees.freeze(), employees.isFrozen)
        }
        #expect(frozen.isFrozen && !live)
        try await realm.write { realm in realm.objects(APTCompany.self).first!.employees.removeLast() }
        let seen = await Task.detached {
            [frozen.count, frozen.filter("age > 0").count, (frozen.value(forKey: "age") as? [Int])?.count ?? -1]
        }.value
        #expect(seen == [2, 1, 2])
        #expect((frozen.filter("age > 0").value(forKey: "name") as? [String]) == ["b"])
    }

    @Test("with autorefresh off, another realm's append is reported only on refresh; an unrelated write never")
    func notifiedOnlyOnRefresh() async throws {
        let realm = try await aptRealm()
        try await realm.write { realm in _ = try realm.create(APTCompany.self, value: ["name": "observed"]) }
        let other = try await Realm(configuration: realm.configuration)
        let bag = MPTMailbag()
        let token = await realm.read { realm in
            realm.objects(APTCompany.self).first!.employees.observe { bag.post(aptDescribe($0)) }
        }
        #expect(await bag.next() == "initial 0")
        // testNotificationNotSentForUnrelatedChange
        try await other.write { realm in _ = try realm.create(APTCompany.self, value: ["name": "unrelated"]) }
        #expect(await bag.next(within: 0.3) == nil)
        // testNotificationSentOnlyForActualRefresh
        await realm.read { realm in realm.autorefresh = false }
        try await other.write { realm in
            realm.objects(APTCompany.self).filter("name == 'observed'").first!.employees.append(APTEmployee())
        }
        #expect(await bag.next(within: 0.3) == nil)
        _ = await realm.refresh()
        #expect(await bag.next() == "update -[] +[0] ~[]")
        token.invalidate()
        await other.close()
    }

    @Test("aggregates and sorts of a list by renamed properties' Swift names (testRenamedPropertyAggregate, …)")
    func renamedProperties() async throws {
        let realm = try await aptRealm()
        let box = LiveObjectBox()
        let (empty, unmanaged) = try await realm.write { realm -> ([String], [String]) in
            let owner = APTRenamedPropsLink()
            // By its stored name, the property is unknown.
            let byColumn = aptFailure { try owner.array.sum(checkedOfProperty: "prop 1") as Int }
            let empty = [
                "\(owner.array.sum(ofProperty: "propA") as Int)",
                "\(owner.array.average(ofProperty: "propA") as Double?)",
                "\(owner.array.min(ofProperty: "propA") as Int?)", "\(owner.array.max(ofProperty: "propA") as Int?)",
                byColumn,
            ]
            for (number, text) in [(1, "c"), (2, "b"), (3, "a")] {
                _ = try realm.create(APTRenamedProps.self, value: [number, text])
            }
            owner.array.append(objectsIn: realm.objects(APTRenamedProps.self))
            box.object = owner
            return (empty, aptRenamedAnswers(owner.array, sorting: false))
        }
        #expect(
            empty == [
                "0", "nil", "nil", "nil",
                "Invalid property name: Property 'prop 1' not found in object of type 'APTRenamedProps'",
            ]
        )
        #expect(unmanaged == ["6", "2.0", "1", "3"])
        try await realm.write { realm in try realm.add(box.object as! APTRenamedPropsLink) }
        let managed = await realm.read { _ in
            aptRenamedAnswers((box.object as! APTRenamedPropsLink).array, sorting: true)
        }
        #expect(managed == ["6", "2.0", "1", "3", "[1, 2, 3]", "[3, 2, 1]", "[3, 2, 1]"])
    }
}

/// Sum, average, minimum and maximum of `propA`, and when `sorting`, the list sorted by `propA` both ways and by
/// `propB`, as `propA` values.
private func aptRenamedAnswers(_ list: List<APTRenamedProps>, sorting: Bool) -> [String] {
    let aggregates = [
        "\(list.sum(ofProperty: "propA") as Int)", "\(list.average(ofProperty: "propA") as Double? ?? -1)",
        "\(list.min(ofProperty: "propA") as Int? ?? -1)", "\(list.max(ofProperty: "propA") as Int? ?? -1)",
    ]
    guard sorting else { return aggregates }
    return aggregates + [
        "\(list.sorted(byKeyPath: "propA").map(\.propA))",
        "\(list.sorted(byKeyPath: "propA", ascending: false).map(\.propA))",
        "\(list.sorted(byKeyPath: "propB").map(\.propA))",
    ]
}
