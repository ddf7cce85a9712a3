import Foundation
import Strata
import Testing

// Facts of realm-swift's `Realm/Tests/SetPropertyTests.m` (the Objective-C RLMSet tests) asked of `MutableSet`, that
// MutableSetPortTests*, MutableSetTests, PrimitiveCollectionPortTests+Sets, CollectionSemanticsTests+Objects and
// UnmanagedCollectionEqualityTests do not already assert.
//
// Ported here:
//   - testUnmanagedUnion, testUnmanagedIntersect, testUnmanagedMinus, testUnmanagedIsSubsetOfSet, testManagedUnion,
//     testManagedIntersect, testManagedMinus, testManagedIsSubsetOfSet (one table, unmanaged and managed),
//     testPopulateEmptySet, testInsertMultiple, testModifyDuringEnumeration, testDeleteDuringEnumeration,
//     testValueForCollectionOperationKeyPath (duplicates in a value array, through `count` and the aggregates),
//     testDeleteLinksAndObjectsInSet, testManagedAssignment and testUnmanagedAssignment (with the same facts of
//     DictionaryPropertyTests.m), testSortByNoColumns, testSortByMultipleColumns (DictionaryPropertyPortTests'
//     table);
//   - testObjectAggregate, testRenamedPropertyAggregate, testSortByRenamedColumns: the table of
//     DictionaryPropertyPortTests+Aggregates.swift, run on a set;
//   - testNotificationSentAfterCommit (with its change indices), testNotificationNotSentForUnrelatedChange,
//     testNotificationSentOnlyForActualRefresh, testDeletingObjectWithNotificationsRegistered, testQueryFrozenSet,
//     testIsFrozen, testFrozenSetsDoNotUpdate: SetPropertyPortTests+Notifications.swift.
//
// Left out:
//   - already asserted: testDeleteObjectInUnmanagedSet, testModifyDetatchedSet, testDeleteUnmanagedObjectWithSet-
//     Property, testDeleteObjectWithSetProperty, testDeleteObjectInSetProperty, testUnmanaged, testComparision,
//     testFastEnumeration, testValueForKey, testSetValueForKey, testNotificationSentInitially, testSetDescription;
//   - traps (writes outside a write transaction, an invalidated object inserted, a wrong thread, an invalidated
//     realm, sorting or querying an unmanaged set, observing a frozen set): testAddInvalidated,
//     testUnmanagedSetSort, testAllMethodsCheckThread, testAllMethodsCheckForInvalidation,
//     testMutatingMethodsCheckForWriteTransaction, testObserveFrozenSet, testFreezeFromWrongThread,
//     testCrossThreadAccess;
//   - Objective-C only: testAddNil, testUnmanagedPrimitive (`isKindOfClass:` and wrongly typed values, compile
//     errors here), testAssignIncorrectType, the KVC collection operators of testValueForCollectionOperationKeyPath,
//     the other-class and unmanaged arguments of testManagedIsSubsetOfSet and testManagedIntersect (compile errors
//     or Objective-C exceptions), testFreezingFrozenObjectReturnsSelf (RLMSet identity),
//     testAccessFrozenFromDifferentThread (threads), testRenamedPropertyObservation (another thread's write).

/// As realm-swift's `SetPropertyObject`.
final class DPTSetOwner: Object {
    @Persisted var name = ""
    @Persisted var set: MutableSet<MPTString>
    @Persisted var intSet: MutableSet<MPTInt>
}

/// The sets of strings and ints of realm-swift's `AllPrimitiveSets`.
final class DPTStringSets: Object {
    @Persisted var stringObj: MutableSet<String>
    @Persisted var intObj: MutableSet<Int>
}

/// One set-algebra fact of the union, intersect, minus and subset tests: three sets of strings, what `run` does to
/// them and reports.
struct DPTSetAlgebraRow: Sendable, CustomTestStringConvertible {
    let name: String
    let contents: [[String]]
    let run: @Sendable (MutableSet<String>, MutableSet<String>, MutableSet<String>) -> [String]
    let expected: [String]
    var testDescription: String { name }

    static let numbers = ["one", "two", "three", "four", "five"]
    static let mixed = [["ten", "one", "nine", "two", "eight"], ["five", "six", "seven", "eight", "nine"]]

    static let rows: [DPTSetAlgebraRow] = [
        DPTSetAlgebraRow(
            name: "union: {1, 2, 3, 4, 5} ∪ {1, 2, 3} has five; {1, 2, 3} ∪ {1…5} too",
            contents: [numbers, Array(numbers.prefix(3)), numbers],
            run: { set1, set2, set3 in
                set1.formUnion(set2)
                set2.formUnion(set3)
                return ["\(set1.count)", "\(set2.count)", "\(Array(set1).sorted() == Array(set3).sorted())"]
            },
            expected: ["5", "5", "true"]
        ),
        DPTSetAlgebraRow(
            name: "intersect: {ten, one, nine, two, eight} ∩ {five … nine} is {nine, eight}",
            contents: mixed + [["nine", "eight"]],
            run: { set1, set2, set3 in
                let before = set1.intersects(set2)
                set1.formIntersection(set2)
                return [
                    "\(before)", "\(set1.intersects(set2))", "\(set1.count)",
                    "\(Array(set1).sorted() == Array(set3).sorted())",
                ]
            },
            expected: ["true", "true", "2", "true"]
        ),
        DPTSetAlgebraRow(
            name: "minus: {ten, one, nine, two, eight} − {five … nine} is {ten, one, two}",
            contents: mixed + [["ten", "one", "two"]],
            run: { set1, set2, set3 in
                set1.subtract(set2)
                return ["\(set1.count)", "\(Array(set1).sorted() == Array(set3).sorted())"]
            },
            expected: ["3", "true"]
        ),
        DPTSetAlgebraRow(
            name: "minus: {1 … 5} − {1, 2, 3} is {five, four}; {1, 2, 3} − {1 … 5} is empty",
            contents: [numbers, Array(numbers.prefix(3)), numbers],
            run: { set1, set2, set3 in
                set1.subtract(set2)
                set2.subtract(set3)
                return ["\(set1.count)", Array(set1).sorted().joined(separator: ","), "\(set2.count)"]
            },
            expected: ["2", "five,four", "0"]
        ),
        DPTSetAlgebraRow(
            name: "subset: {ten, one, nine, two, eight} ⊄ {five … nine}; {two, one, ten} ⊆ the first",
            contents: mixed + [["two", "one", "ten"]],
            run: { set1, set2, set3 in ["\(set1.isSubset(of: set2))", "\(set3.isSubset(of: set1))"] },
            expected: ["false", "true"]
        ),
    ]
}

@Suite("MutableSet port: the facts of realm-swift's Objective-C SetPropertyTests")
struct SetPropertyPortTests {
    @Test(
        "union, intersection, difference and subset of sets of strings",
        arguments: DPTSetAlgebraRow.rows,
        [false, true]
    )
    func setAlgebra(_ row: DPTSetAlgebraRow, managed: Bool) async throws {
        let realm = try await makeDPTRealm()
        let answers = try await realm.write { realm -> [String] in
            let owners = row.contents.map { _ in DPTStringSets() }
            for (owner, strings) in zip(owners, row.contents) { owner.stringObj.insert(objectsIn: strings) }
            if managed { try realm.add(owners) }
            return row.run(owners[0].stringObj, owners[1].stringObj, owners[2].stringObj)
        }
        #expect(answers == row.expected)
    }

    @Test("a managed set of strings iterates in sorted order after a difference (testManagedMinus)")
    func managedOrderAfterMinus() async throws {
        let realm = try await makeDPTRealm()
        let order = try await realm.write { realm -> [String] in
            let first = try realm.create(DPTStringSets.self)
            let second = try realm.create(DPTStringSets.self)
            first.stringObj.insert(objectsIn: DPTSetAlgebraRow.numbers)
            second.stringObj.insert(objectsIn: DPTSetAlgebraRow.numbers.prefix(3))
            first.stringObj.subtract(second.stringObj)
            return Array(first.stringObj)
        }
        #expect(order == ["five", "four"])
    }

    @Test("inserting duplicates keeps one of each; the set read back equals the owner's (testPopulateEmptySet)")
    func populateWithDuplicates() async throws {
        let realm = try await makeDPTRealm()
        let answers = try await realm.write { realm -> [String] in
            let owner = DPTSetOwner()
            let strings = try ["a", "b", "c"].map { try realm.create(MPTString.self, value: [$0]) }
            let ints = try [1, 2, 3].map { try realm.create(MPTInt.self, value: [$0]) }
            owner.set.insert(objectsIn: strings + strings)
            owner.intSet.insert(objectsIn: ints + ints)
            try realm.add(owner)
            let read = realm.objects(DPTSetOwner.self)
            return [
                "\(owner.isInvalidated) \(read.count)", "\(read[0].set.count) \(read[0].set == owner.set)",
                "\(read[0].intSet.count) \(read[0].intSet == owner.intSet)",
            ]
        }
        #expect(answers == ["false 1", "3 true", "3 true"])
    }

    @Test("an unmanaged object inserted with a managed one is created after it (testInsertMultiple)")
    func insertMultiple() async throws {
        let realm = try await makeDPTRealm()
        let names = try await realm.write { realm -> [String] in
            let owner = try realm.create(DPTSetOwner.self, value: ["setObject"])
            let managed = try realm.create(MPTString.self, value: ["a"])
            owner.set.insert(objectsIn: [MPTString(value: ["b"]), managed])
            return realm.objects(MPTString.self).map(\.stringCol)
        }
        #expect(names == ["a", "b"])
    }

    @Test("removing each member while iterating a managed set visits them all (testModifyDuringEnumeration)")
    func removeDuringEnumeration() async throws {
        let realm = try await makeDPTRealm()
        let answers = try await realm.write { realm -> [Int] in
            let company = try realm.create(DPTCompany.self, value: ["name": "name"])
            for index in 0..<40 {
                company.employeeSet.insert(try realm.create(DPTEmployee.self, value: ["name", index, false]))
            }
            var visited = 0
            for employee in company.employeeSet {
                visited += 1
                company.employeeSet.remove(employee)
            }
            return [visited, company.employeeSet.count]
        }
        #expect(answers == [40, 0])
    }

    @Test("deleting all the members while iterating a set empties it (testDeleteDuringEnumeration)")
    func deleteDuringEnumeration() async throws {
        let realm = try await makeDPTRealm()
        try await realm.write { realm in
            let company = try realm.create(DPTCompany.self, value: ["name": "name"])
            for index in 0..<40 {
                company.employeeSet.insert(try realm.create(DPTEmployee.self, value: ["name", index, false]))
            }
        }
        let answers = try await realm.write { realm -> [Int] in
            let set = realm.objects(DPTCompany.self).first!.employeeSet
            for _ in set { try realm.delete(set) }
            return [set.count, realm.objects(DPTEmployee.self).count]
        }
        #expect(answers == [0, 0])
    }

    @Test("a value array with a duplicate makes a set of three; aggregates count each once (testValueForCollection…)")
    func duplicatesInValueArray() async throws {
        let realm = try await makeDPTRealm()
        let answers = try await realm.write { realm -> [String] in
            let people = try [("A", 20), ("B", 30), ("C", 40), ("D", 50)].map {
                try realm.create(DPTEmployee.self, value: [$0.0, $0.1, true])
            }
            let company = try realm.create(
                DPTCompany.self,
                value: ["name": "ABC AG", "employeeSet": [people[0], people[1], people[2], people[1]]]
            )
            let set = company.employeeSet
            let minimum: Int? = set.min(ofProperty: "age")
            let maximum: Int? = set.max(ofProperty: "age")
            let sum: Int = set.sum(ofProperty: "age")
            let average: Double? = set.average(ofProperty: "age")
            return [
                "\(set.count)", "\(minimum ?? -1)", "\(maximum ?? -1)", "\(sum)", "\(average ?? -1)",
                set.map(\.name).sorted().joined(),
            ]
        }
        #expect(answers == ["3", "20", "40", "90", "30.0", "ABC"])
    }

    @Test("removing and re-inserting members never deletes the objects (testDeleteLinksAndObjectsInSet)")
    func removingMembersKeepsObjects() async throws {
        let realm = try await makeDPTRealm()
        try await realm.write { realm in
            for (name, age, hired) in [("Joe", 40, true), ("John", 30, false), ("Jill", 25, true)] {
                try realm.create(DPTEmployee.self, value: [name, age, hired])
            }
            let company = DPTCompany(value: ["name": "name"])
            company.employeeSet.insert(objectsIn: realm.objects(DPTEmployee.self))
            try realm.add(company)
        }
        let answers = try await realm.write { realm -> [String] in
            let set = realm.objects(DPTCompany.self).first!.employeeSet
            let person = { (name: String) in realm.objects(DPTEmployee.self).where { $0.name == name }.first! }
            set.remove(person("Jill"))
            var answers = ["\(set.count) \(set.map(\.name))"]
            set.remove(person("Jill"))
            answers.append("\(set.count)")
            set.remove(person("John"))
            answers.append("\(set.count)")
            set.insert(person("Joe"))
            answers.append("\(set.count)")
            set.removeAll()
            answers.append("\(set.count) \(realm.objects(DPTEmployee.self).count)")
            return answers
        }
        #expect(answers == ["2 [\"Joe\", \"John\"]", "2", "1", "1", "0 3"])
    }

    @Test(
        "assigning a set or map property copies the entries; self-assignment keeps them (testManagedAssignment)",
        arguments: [false, true]
    )
    func assignment(managed: Bool) async throws {
        let realm = try await makeDPTRealm()
        let answers = try await realm.write { realm -> [String] in
            let ints = try [1, 2, 3].map { value in
                managed ? try realm.create(MPTInt.self, value: [value]) : MPTInt(value: [value])
            }
            let (first, second) = (DPTSetOwner(), DPTSetOwner())
            let (map1, map2) = (DPTDictionaries(), DPTDictionaries())
            if managed { try realm.add([first, second, map1, map2]) }
            let setText = { (set: MutableSet<MPTInt>) in set.map(\.intCol).sorted().description }
            let mapText = { (map: Map<String, MPTInt?>) in
                map.map { "\($0.key)=\($0.value?.intCol ?? -1)" }.joined(separator: " ")
            }
            first["intSet"] = [ints[0], ints[1]]
            var answers = [setText(first.intSet)]
            first.setValue([ints[2], ints[0]], forKey: "intSet")
            answers.append(setText(first.intSet))
            first["intSet"] = [ints[1], ints[2]]
            second.intSet = first.intSet
            first.intSet.removeAll()
            answers.append(setText(second.intSet))
            second.intSet = second.intSet
            second["intSet"] = second["intSet"]
            answers.append(setText(second.intSet))
            map1["intObjDictionary"] = ["io1": ints[0], "io2": ints[1]]
            answers.append(mapText(map1.intObjDictionary))
            map1.setValue(["io2": ints[1], "io3": ints[2]], forKey: "intObjDictionary")
            answers.append(mapText(map1.intObjDictionary))
            map2.intObjDictionary = map1.intObjDictionary
            map1.intObjDictionary.removeAll()
            answers.append(mapText(map2.intObjDictionary))
            map2.intObjDictionary = map2.intObjDictionary
            map2["intObjDictionary"] = map2["intObjDictionary"]
            answers.append(mapText(map2.intObjDictionary))
            return answers
        }
        #expect(
            answers == [
                "[1, 2]", "[1, 3]", "[2, 3]", "[2, 3]", "io1=1 io2=2", "io2=2 io3=3", "io2=2 io3=3", "io2=2 io3=3",
            ]
        )
    }

    @Test("sorting a set by no key keeps its order (testSortByNoColumns)")
    func sortByNoKeys() async throws {
        let realm = try await DPTSortRow.makeRealm()
        let labels = await realm.read { realm in
            let set = realm.objects(DPTDogs.self).first!.set
            return [set.sorted(by: [Strata.SortDescriptor]()).map(DPTSortRow.label), set.map(DPTSortRow.label)]
        }
        #expect(labels[0] == labels[1] && labels[0].count == 4)
    }

    @Test("sorting a set by two keys (testSortByMultipleColumns)", arguments: DPTSortRow.rows)
    func sortByTwoKeys(_ row: DPTSortRow) async throws {
        let realm = try await DPTSortRow.makeRealm()
        let labels = await realm.read { realm in
            realm.objects(DPTDogs.self).first!.set.sorted(by: row.descriptors).map(DPTSortRow.label)
        }
        #expect(labels == row.expected)
    }

    @Test(
        "aggregates of a set's objects, its owner unmanaged then added (testObjectAggregate)",
        arguments: DPTAggregateRow.rows,
        [false, true]
    )
    func objectAggregate(_ row: DPTAggregateRow, managed: Bool) async throws {
        #expect(try await DPTAggregateRow.answer(row, set: true, managed: managed) == row.expected)
    }

    @Test("a renamed property aggregates and sorts by its Swift name; its stored name is refused (set)")
    func renamedPropertyAggregates() async throws {
        DictionaryPropertyPortTests.expectRenamed(try await DictionaryPropertyPortTests.renamedRuns(set: true))
    }
}
