import Foundation
import Strata
import Testing

// Facts of realm-swift's Objective-C `Realm/Tests/ArrayPropertyTests.m` (lists of objects) that the Swift ports
// (ListPortTests*, ListTests, CollectionTypePortTests*, CollectionSemanticsTests*, ObservationEdgeTests,
// ListChangeIndexTests) do not already assert, in Strata's Swift API.
//
// Ported here: testInsertMultiple, testExchangeObjectAtIndexWithObjectAtIndex (the swap back), testIndexOfObject,
// testIndexOfObjectWhere, testDeleteDuringEnumeration, testValueForKey, testValueForCollectionOperationKeyPath,
// testSetValueForKey (unmanaged), testUnmanagedAssignment, testManagedAssignment and
// testMutatingMethodsCheckForWriteTransaction (the calls that do not edit). In ArrayPropertyPortTests+Queries.swift:
// testObjectAggregate, testRenamedPropertyAggregate, testSortByNoColumns, testSortByMultipleColumns,
// testSortByRenamedColumns, testNotificationSentInitially, testNotificationSentAfterCommit,
// testNotificationNotSentForUnrelatedChange, testNotificationSentOnlyForActualRefresh, testIsFrozen,
// testQueryFrozenArray, testFrozenArraysDoNotUpdate and testAccessFrozenFromDifferentThread. Models in
// ArrayPropertyPortTests+Models.swift.

@Suite("Array property port: realm-swift's ArrayPropertyTests.m on lists of objects")
struct ArrayPropertyPortTests {
    @Test("appending an unmanaged object and a managed one adds the unmanaged one after it (testInsertMultiple)")
    func insertMultiple() async throws {
        let realm = try await aptRealm()
        try await realm.write { realm in
            let company = try realm.create(APTCompany.self, value: ["name": "c"])
            let managed = try realm.create(APTEmployee.self, value: ["name": "a"])
            company.employees.append(objectsIn: [APTEmployee(value: ["name": "b"]), managed])
            #expect(company.employees.map(\.name) == ["b", "a"])
        }
        let names = await realm.read { realm in realm.objects(APTEmployee.self).map(\.name) }
        #expect(names == ["a", "b"])
    }

    @Test(
        "swapAt exchanges two elements, does nothing for one index, and swaps back (testExchangeObjectAtIndex…)",
        arguments: [false, true]
    )
    func exchange(managed: Bool) async throws {
        let realm = try await aptRealm()
        let orders = try await realm.write { realm -> [String] in
            let company = APTCompany(value: ["name": "foo", "employees": [["name": "a"], ["name": "b"]]])
            if managed { try realm.add(company) }
            var orders: [String] = []
            for (one, two) in [(0, 1), (1, 1), (1, 0)] {
                company.employees.swapAt(one, two)
                orders.append(company.employees.map(\.name).joined())
            }
            return orders
        }
        #expect(orders == ["ba", "ba", "ab"], "managed: \(managed)")
    }

    @Test("index(of:) on a list built from results, before and after it is added, and on its results")
    func indexOfObject() async throws {
        let realm = try await aptRealm()
        let box = LiveObjectBox()
        let unmanaged = try await realm.write { realm -> [String] in
            for (name, age) in [("Joe", 40), ("John", 30), ("Jill", 25), ("Gone", 25)] {
                try realm.create(APTEmployee.self, value: ["name": name, "age": age, "hired": age != 30])
            }
            try realm.delete(realm.objects(APTEmployee.self).filter("name == 'Gone'"))
            let company = APTCompany(value: ["name": "name"])
            company.employees.append(objectsIn: realm.objects(APTEmployee.self))
            company.employees.remove(at: 1)
            let answers = aptPositions(company.employees, realm)
            try realm.add(company)
            box.object = company
            return answers
        }
        #expect(unmanaged == ["0", "1", "nil"])
        let managed = await realm.read { realm -> [String] in
            let employees = (box.object as! APTCompany).employees
            let joe = realm.objects(APTEmployee.self).filter("name == 'Joe'").first!
            let jill = realm.objects(APTEmployee.self).filter("name == 'Jill'").first!
            let forty = employees.filter("age = %@", 40)
            return aptPositions(employees, realm) + [
                aptText(employees.index(of: APTEmployee(value: ["NoName", 1, false]))),
                aptText(forty.index(of: joe)), aptText(forty.index(of: jill)),
            ]
        }
        #expect(managed == ["0", "1", "nil", "nil", "0", "nil"])
    }

    @Test("index(matching:) on an unmanaged list, the same list added, and results filtered from it")
    func indexOfObjectWhere() async throws {
        let realm = try await aptRealm()
        let box = LiveObjectBox()
        let unmanaged = try await realm.write { realm -> [String] in
            for (name, age) in [("Joe", 40), ("John", 30), ("Jill", 25), ("Bill", 55)] {
                try realm.create(APTEmployee.self, value: ["name": name, "age": age, "hired": true])
            }
            let company = APTCompany(value: ["name": "name"])
            let byName = { (name: String) in realm.objects(APTEmployee.self).filter("name == %@", name).first! }
            company.employees.append(objectsIn: [byName("Jill"), byName("Joe"), byName("Bill")])
            let answers = ["Jill", "Joe", "John"].map { aptText(company.employees.index(matching: "name = %@", $0)) }
            try realm.add(company)
            box.object = company
            return answers
        }
        #expect(unmanaged == ["0", "1", "nil"])
        let managed = await realm.read { _ -> [String] in
            let employees = (box.object as! APTCompany).employees
            let older = employees.filter("age > 30")
            return ["Jill", "Joe", "John"].map { aptText(employees.index(matching: "name = %@", $0)) }
                + ["Joe", "Bill", "John", "Jill"].map { aptText(older.index(matching: "name = %@", $0)) }
        }
        #expect(managed == ["0", "1", "nil", "0", "1", "nil", "nil"])
    }

    @Test(
        "deleting a list's objects while iterating it ends the loop and empties the list (testDeleteDuringEnumeration)"
    )
    func deleteDuringEnumeration() async throws {
        let realm = try await aptRealm()
        try await realm.write { realm in
            let company = try realm.create(APTCompany.self, value: ["name": "name"])
            for age in 0..<40 {
                company.employees.append(try realm.create(APTEmployee.self, value: ["name", age, false]))
            }
        }
        let left = try await realm.write { realm -> [Int] in
            let employees = realm.objects(APTCompany.self).first!.employees
            for _ in employees { try realm.delete(employees) }
            return [employees.count, realm.objects(APTEmployee.self).count]
        }
        #expect(left == [0, 0])
    }

    @Test(
        "value(forKey:) and the collection operators of a list of objects, unmanaged and managed",
        arguments: [false, true]
    )
    func valueForKey(managed: Bool) async throws {
        let realm = try await aptRealm()
        let answers = try await realm.write { realm -> [String] in
            let company = APTCompany(value: ["name": "name"])
            if managed { try realm.add(company) }
            var answers = ["\(company.employees.value(forKey: managed ? "age" : "name") as? [Any] ?? ["not an array"])"]
            for age in 0..<30 {
                company.employees.append(APTEmployee(value: ["name": "Joe", "age": age, "hired": true]))
            }
            let list = company.employees
            let objects = list.value(forKey: "self") as? [APTEmployee] ?? []
            answers += [
                "\(list.value(forKey: "age") as? [Int] == Array(0..<30))",
                "\(objects.count) \(objects.first!.isSameObject(as: list.first!)) \(objects.last!.isSameObject(as: list.last!))",
                "\(list.value(forKeyPath: "@count") ?? "nil")", "\(list.value(forKeyPath: "@min.age") ?? "nil")",
                "\(list.value(forKeyPath: "@max.age") ?? "nil")", "\(list.value(forKeyPath: "@avg.age") ?? "nil")",
                "\(list.value(forKeyPath: "@unionOfObjects.age") as? [Int] == Array(0..<30))",
                "\(list.value(forKeyPath: "@distinctUnionOfObjects.name") as? [String] ?? [])",
                aptFailure { try list.value(checkedForKeyPath: "@sum.dogs.@sum.age") },
            ]
            return answers
        }
        #expect(
            answers == [
                "[]", "true", "30 true true", "30", "0", "29", "14.5", "true", "[\"Joe\"]",
                "Nested key paths are not supported yet for KVC collection operators.",
            ],
            "managed: \(managed)"
        )
    }

    @Test("collection operators count an object the list holds twice twice (testValueForCollectionOperationKeyPath)")
    func collectionOperatorsWithDuplicates() async throws {
        let realm = try await aptRealm()
        let answers = try await realm.write { realm -> [String] in
            let people = try [("A", 20), ("B", 30), ("C", 40)].map { name, age in
                try realm.create(APTEmployee.self, value: ["name": name, "age": age, "hired": true])
            }
            let company = try realm.create(
                APTCompany.self,
                value: ["name": "ABC AG", "employees": [people[0], people[1], people[2], people[1]]]
            )
            let list = company.employees
            return [
                "\(list.value(forKeyPath: "@count") ?? "nil")", "\(list.value(forKeyPath: "@min.age") ?? "nil")",
                "\(list.value(forKeyPath: "@max.age") ?? "nil")", "\(list.value(forKeyPath: "@sum.age") ?? "nil")",
                "\(list.value(forKeyPath: "@avg.age") ?? "nil")",
                "\(list.value(forKeyPath: "@unionOfObjects.name") as? [String] ?? [])",
                "\((list.value(forKeyPath: "@distinctUnionOfObjects.name") as? [String] ?? []).sorted())",
                aptFailure { try list.value(checkedForKeyPath: "@invalid.name") },
                aptFailure { try list.value(checkedForKeyPath: "@sum") },
                aptFailure { try list.value(checkedForKeyPath: "@sum.") },
            ]
        }
        #expect(
            answers == [
                "4", "20", "40", "120", "30.0", "[\"A\", \"B\", \"C\", \"B\"]", "[\"A\", \"B\", \"C\"]",
                "Unsupported KVC collection operator found in key path '@invalid.name'",
                "Missing key path for KVC collection operator sum in key path '@sum'",
                "Missing key path for KVC collection operator sum in key path '@sum.'",
            ]
        )
    }

    @Test(
        "assigning a list property copies the elements; a later edit of the source or a self-assignment keeps them",
        arguments: [false, true]
    )
    func assignment(managed: Bool) async throws {
        let realm = try await aptRealm()
        let answers = try await realm.write { realm -> [String] in
            let people = (1...3).map { APTEmployee(value: ["name": "\($0)"]) }
            let (one, two) = (APTCompany(), APTCompany())
            if managed { try realm.add(people + [one, two]) }
            let names = { (company: APTCompany) in company.employees.map(\.name).joined() }
            one["employees"] = [people[0], people[1]]
            var answers = [names(one)]
            one.setValue([people[2], people[0]], forKey: "employees")
            answers.append(names(one))
            one["employees"] = [people[1], people[2]]
            answers.append(names(one))
            two.employees = one.employees
            answers.append(names(two))
            one.employees.removeAll()
            answers.append(names(two))
            two.employees = two.employees
            answers.append(names(two))
            two["employees"] = two["employees"]
            answers += [
                names(two), "\(two.employees.allSatisfy { $0.isSameObject(as: people[$0.name == "2" ? 1 : 2]) })",
            ]
            if managed { answers.append("\(realm.objects(APTEmployee.self).count)") }
            return answers
        }
        #expect(answers == ["12", "31", "23", "23", "23", "23", "23", "true"] + (managed ? ["3"] : []), "\(managed)")
    }

    @Test("outside a write, a managed list answers every call that does not edit it (testMutatingMethodsCheck…)")
    func readsOutsideWrite() async throws {
        let realm = try await aptRealm()
        try await realm.write { realm in
            _ = try realm.create(
                APTCompany.self,
                value: ["name": "", "employees": [["name": "a"], ["name": "b", "age": 1]]]
            )
        }
        let answers = try await realm.read { realm -> [String] in
            let list = realm.objects(APTCompany.self).first!.employees
            let a = realm.objects(APTEmployee.self).filter("name == 'a'").first!
            return [
                "\(list.count) \(list[0].name) \(list.first!.name) \(list.last!.name)",
                "\(aptText(list.index(of: a))) \(aptText(list.index(matching: "age = 1")))",
                "\(aptText(try list.index(matching: RealmPredicate(format: "age = 0"))))",
                "\(list.filter("age = 0").count) \(try list.filter(RealmPredicate(format: "age = 1")).count)",
                "\(list.sorted(byKeyPath: "age", ascending: false).map(\.name))",
                "\(list.sorted(by: [SortDescriptor(keyPath: "name", ascending: false)]).map(\.name))",
                "\(list.value(forKey: "age") as? [Int] ?? []) \(list.map(\.name))",
            ]
        }
        #expect(
            answers == [
                "2 a a b", "0 1", "0", "1 1", "[\"b\", \"a\"]", "[\"b\", \"a\"]", "[0, 1] [\"a\", \"b\"]",
            ]
        )
    }

    @Test("setValue(_:forKey:) on an unmanaged list sets every element; on an empty one it does nothing")
    func unmanagedSetValue() {
        let empty = APTCompany()
        empty.employees.setValue("name", forKey: "name")
        #expect((empty.employees.value(forKey: "name") as? [String])?.isEmpty == true)
        let company = APTCompany()
        for age in 0..<30 { company.employees.append(APTEmployee(value: ["name": "Joe", "age": age, "hired": true])) }
        company.employees.setValue(20, forKey: "age")
        #expect(company.employees.value(forKey: "age") as? [Int] == Array(repeating: 20, count: 30))
    }
}

/// The answer of `index(of:)` for Joe, Jill and John in a list that holds Joe and Jill.
private func aptPositions(_ employees: List<APTEmployee>, _ realm: isolated Realm) -> [String] {
    ["Joe", "Jill", "John"].map { name in
        aptText(employees.index(of: realm.objects(APTEmployee.self).filter("name == %@", name).first!))
    }
}
