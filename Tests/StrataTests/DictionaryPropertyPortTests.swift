import Foundation
import Strata
import Testing

// Facts of realm-swift's `Realm/Tests/DictionaryPropertyTests.m` (the Objective-C RLMDictionary tests) asked of
// `Map<String, Object?>`, that MapPortTests*, MapTests, MapObjectTests, CollectionSemanticsTests+Objects and
// UnmanagedCollectionEqualityTests do not already assert.
//
// Ported here:
//   - testExchangeObjectForKeyWithObjectForKey, testDeleteObjectInUnmanagedDictionary (removing a missing key),
//     testObjectForKey, testObjectWhere, testDeleteDuringEnumeration, testDeleteLinksAndObjectsInDictionary,
//     testInitWithNullLink, testPopulateEmptyDictionary (one object under two keys), testDeleteObjectInDictionaryProperty
//     (the held object is invalidated, the map is not), testValueForCollectionOperationKeyPath (an object held under
//     two keys counts twice in the aggregates; through `count` and the aggregate methods), testSortByNoColumns and
//     testSortByMultipleColumns (the sort table is shared with SetPropertyPortTests.swift);
//   - testObjectAggregate, testRenamedPropertyAggregate, testSortByRenamedColumns:
//     DictionaryPropertyPortTests+Aggregates.swift;
//   - testNotificationNotSentForUnrelatedChange, testNotificationSentOnlyForActualRefresh,
//     testDeletingObjectWithNotificationsRegistered, testQueryFrozenDictionary, testIsFrozen:
//     DictionaryPropertyPortTests+Notifications.swift;
//   - testManagedAssignment, testUnmanagedAssignment: with the same facts of sets, in SetPropertyPortTests.swift.
//
// Left out:
//   - already asserted: testKeyedSubscript, testRemoveObject, testUnmanaged, testUnmanagedComparision,
//     testFastEnumeration, testValueForKey, testSetValueForKey, testReplaceObjectInUnmanagedDictionary,
//     testModifyDetatchedDictionary, testDeleteObjectWithDictionaryProperty, testDeleteUnmanagedObjectWithDictionary-
//     Property, testDeleteObjectFromOutsideDictionary, testNotificationSentInitially, testNotificationSentAfterCommit,
//     testFrozenDictionarysDoNotUpdate, testDictionaryDescription;
//   - traps (a write outside a write transaction, an invalidated object stored, a wrong thread, an invalidated realm,
//     observing a frozen map): testAddInvalidated, testMutatingMethodsCheckForWriteTransaction,
//     testAllMethodsCheckThread, testAllMethodsCheckForInvalidation, testObserveFrozenDictionary,
//     testFreezeFromWrongThread, testCrossThreadAccess;
//   - Objective-C only: testKeyType, testAddNil, testUnmanagedPrimitive (`isKindOfClass:`), testInsertMultiple
//     (`setValuesForKeysWithDictionary:`), testAddEntriesFromDictionary*, testSetDictionary* (NSDictionary
//     arguments), testAssignIncorrectType (a compile error in Swift), the KVC collection operators of
//     testValueForCollectionOperationKeyPath, testFreezingFrozenObjectReturnsSelf (RLMDictionary identity),
//     testAccessFrozenFromDifferentThread (threads), testRenamedPropertyObservation (needs another thread's write
//     of a renamed column; the key-path filter is MapPortTests+Notifications.swift's).

/// As realm-swift's `EmployeeObject`.
final class DPTEmployee: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var hired = false
}

/// As realm-swift's `CompanyObject`: employees in a map and in a set.
final class DPTCompany: Object {
    @Persisted var name = ""
    @Persisted var employeeDict: Map<String, DPTEmployee?>
    @Persisted var employeeSet: MutableSet<DPTEmployee>
}

/// As realm-swift's `DogObject`.
final class DPTDog: Object {
    @Persisted var dogName = ""
    @Persisted var age = 0
}

/// As realm-swift's `DogDictionaryObject` and `DogSetObject`.
final class DPTDogs: Object {
    @Persisted var map: Map<String, DPTDog?>
    @Persisted var set: MutableSet<DPTDog>
}

/// As realm-swift's `EmbeddedIntObject`.
final class DPTEmbeddedInt: EmbeddedObject {
    @Persisted var intCol = 0
}

/// The maps of realm-swift's `DictionaryPropertyObject`.
final class DPTDictionaries: Object {
    @Persisted var stringDictionary: Map<String, MPTString?>
    @Persisted var intDictionary: Map<String, Int?>
    @Persisted var primitiveStringDictionary: Map<String, String?>
    @Persisted var embeddedDictionary: Map<String, DPTEmbeddedInt?>
    @Persisted var intObjDictionary: Map<String, MPTInt?>
}

/// The model classes of the dictionary and set property ports.
let dptTypes: [ObjectBase.Type] = [
    DPTEmployee.self, DPTCompany.self, DPTDog.self, DPTDogs.self, DPTEmbeddedInt.self, DPTDictionaries.self,
    MPTString.self, MPTInt.self, DPTAggregate.self, DPTAggregateOwner.self, DPTRenamed.self, DPTRenamedOwner.self,
    DPTSetOwner.self, DPTStringSets.self,
]

/// A fresh in-memory realm of the port's models.
func makeDPTRealm() async throws -> Realm {
    try await Realm(configuration: memoryConfiguration(dptTypes))
}

/// One ordering of testSortByMultipleColumns: two sort keys and the dogs ("a1" is dogName "a", age 1) in order.
struct DPTSortRow: Sendable, CustomTestStringConvertible {
    let keys: [(String, Bool)]
    let expected: [String]
    var testDescription: String { keys.map { "\($0.0) \($0.1 ? "asc" : "desc")" }.joined(separator: ", ") }

    var descriptors: [Strata.SortDescriptor] { keys.map { Strata.SortDescriptor(keyPath: $0.0, ascending: $0.1) } }

    static let rows: [DPTSortRow] = [
        DPTSortRow(keys: [("dogName", true), ("age", true)], expected: ["a1", "a2", "b1", "b2"]),
        DPTSortRow(keys: [("dogName", true), ("age", false)], expected: ["a2", "a1", "b2", "b1"]),
        DPTSortRow(keys: [("dogName", false), ("age", true)], expected: ["b1", "b2", "a1", "a2"]),
        DPTSortRow(keys: [("dogName", false), ("age", false)], expected: ["b2", "b1", "a2", "a1"]),
        DPTSortRow(keys: [("age", true), ("dogName", true)], expected: ["a1", "b1", "a2", "b2"]),
        DPTSortRow(keys: [("age", true), ("dogName", false)], expected: ["b1", "a1", "b2", "a2"]),
        DPTSortRow(keys: [("age", false), ("dogName", true)], expected: ["a2", "b2", "a1", "b1"]),
        DPTSortRow(keys: [("age", false), ("dogName", false)], expected: ["b2", "a2", "b1", "a1"]),
    ]

    /// A dog's name in the rows: its dogName then its age.
    static func label(_ dog: DPTDog?) -> String { dog.map { "\($0.dogName)\($0.age)" } ?? "nil" }

    /// A realm whose one `DPTDogs` holds dogs a2, b1, a1 and b2 (created in that order) in its map, each under its
    /// label, and in its set.
    static func makeRealm() async throws -> Realm {
        let realm = try await makeDPTRealm()
        try await realm.write { realm in
            let owner = try realm.create(DPTDogs.self)
            for (name, age) in [("a", 2), ("b", 1), ("a", 1), ("b", 2)] {
                let dog = try realm.create(DPTDog.self, value: ["dogName": name, "age": age])
                owner.map[name + String(age)] = dog
                owner.set.insert(dog)
            }
        }
        return realm
    }
}

@Suite("Map port: the facts of realm-swift's Objective-C DictionaryPropertyTests")
struct DictionaryPropertyPortTests {
    @Test("swapping the values of two keys twice restores them (testExchangeObjectForKeyWithObjectForKey)")
    func exchangeValues() async throws {
        let swapTwice: @Sendable (Map<String, MPTString?>) -> [String] = { map in
            var answers: [String] = []
            for _ in 0..<2 {
                let held = map["a"] ?? nil
                map["a"] = map["b"] ?? nil
                map["b"] = held
                answers.append("\(map.count) \(map["a"]??.stringCol ?? "-") \(map["b"]??.stringCol ?? "-")")
            }
            return answers
        }
        let owner = DPTDictionaries(value: [
            "stringDictionary": ["a": MPTString(value: ["a"]), "b": MPTString(value: ["b"])]
        ])
        #expect(swapTwice(owner.stringDictionary) == ["2 b a", "2 a b"], "unmanaged")
        let realm = try await makeDPTRealm()
        let managed = try await realm.write { realm in
            let owner = try realm.create(
                DPTDictionaries.self,
                value: ["stringDictionary": ["a": MPTString(value: ["a"]), "b": MPTString(value: ["b"])]]
            )
            return swapTwice(owner.stringDictionary)
        }
        #expect(managed == ["2 b a", "2 a b"], "managed")
    }

    @Test("an unmanaged map keeps a deleted object until its key is removed; removing a missing key changes nothing")
    func unmanagedMapHoldingDeletedObject() async throws {
        let realm = try await makeDPTRealm()
        let answers = try await realm.write { realm -> [String] in
            let people = try [("Joe", 40), ("John", 30), ("Jill", 25), ("Gone", 25)].map {
                try realm.create(DPTEmployee.self, value: ["name": $0.0, "age": $0.1, "hired": true])
            }
            try realm.delete(people[3])
            // testObjectForKey: the unmanaged company holds the deleted object until the key is removed.
            let company = DPTCompany(value: ["name": "name"])
            for (key, person) in zip(["po1", "po2", "po3", "deleted"], people) { company.employeeDict[key] = person }
            var answers = ["\(company.employeeDict["deleted"].map { $0 != nil } ?? false) \(people[3].isInvalidated)"]
            company.employeeDict.removeObject(for: "deleted")
            // testDeleteObjectInUnmanagedDictionary: a second removal of a key is a no-op.
            company.employeeDict.removeObject(for: "deleted")
            try realm.add(company)
            answers.append("\(company.employeeDict.count) \(company.employeeDict["po2"]??.name ?? "-")")
            let forty = company.employeeDict.filter("age = %@", 40)
            answers.append("\(forty.index(of: people[0]).map(String.init) ?? "nil")")
            answers.append("\(forty.index(of: people[2]).map(String.init) ?? "nil")")
            return answers
        }
        #expect(answers == ["true true", "3 John", "0", "nil"])
    }

    @Test("filtering a map's values, and index(matching:) of the results, follow key order (testObjectWhere)")
    func filterAndIndexMatching() async throws {
        let realm = try await makeDPTRealm()
        let answers = try await realm.write { realm -> [String] in
            let company = DPTCompany(value: ["name": "name"])
            for (name, age) in [("Joe", 40), ("John", 30), ("Jill", 25), ("Bill", 55)] {
                company.employeeDict[name] = try realm.create(DPTEmployee.self, value: [name, age, true])
            }
            try realm.add(company)
            let map = company.employeeDict
            let older = map.filter("age > 30")
            return [
                map.filter("name = 'Jill'").first??.name ?? "-", map.filter("name = 'Joe'").first??.name ?? "-",
                "\(map.filter("name = 'JoJo'").count)",
            ]
                + ["Joe", "Bill", "John", "Jill"].map {
                    older.index(matching: "name = %@", $0).map(String.init) ?? "nil"
                }
        }
        #expect(answers == ["Jill", "Joe", "0", "1", "0", "nil", "nil"])
    }

    @Test("deleting every value while iterating a map leaves each key with nil (testDeleteDuringEnumeration)")
    func deleteDuringEnumeration() async throws {
        let realm = try await makeDPTRealm()
        try await realm.write { realm in
            let company = try realm.create(DPTCompany.self, value: ["name": "name"])
            for index in 0..<40 {
                company.employeeDict["item\(index)"] = try realm.create(
                    DPTEmployee.self,
                    value: ["name", index, false]
                )
            }
        }
        let afterDeleting = try await realm.write { realm -> [String] in
            let map = realm.objects(DPTCompany.self).first!.employeeDict
            var visited = 0
            for entry in map {
                if let employee = map[entry.key] ?? nil { try realm.delete(employee) }
                visited += 1
            }
            return ["\(visited)", "\(map.count)", "\(map.values.allSatisfy { $0 == nil })"]
        }
        #expect(afterDeleting == ["40", "40", "true"])
        let refilled = try await realm.write { realm -> [String] in
            let map = realm.objects(DPTCompany.self).first!.employeeDict
            for index in 0..<40 {
                map["item\(index)"] = try realm.create(DPTEmployee.self, value: ["name", index, false])
            }
            var visited = 0
            for _ in map {
                try realm.delete(realm.objects(DPTEmployee.self))
                visited += 1
            }
            return ["\(visited)", "\(map.count)", "\(realm.objects(DPTEmployee.self).count)"]
        }
        #expect(refilled == ["40", "40", "0"])
    }

    @Test("removing, replacing and clearing entries never deletes the objects (testDeleteLinksAndObjectsInDictionary)")
    func removingEntriesKeepsObjects() async throws {
        let realm = try await makeDPTRealm()
        try await realm.write { realm in
            let company = DPTCompany(value: ["name": "name"])
            for (name, age, hired) in [("Joe", 40, true), ("John", 30, false), ("Jill", 25, true)] {
                company.employeeDict[name] = try realm.create(DPTEmployee.self, value: [name, age, hired])
            }
            try realm.add(company)
        }
        let answers = try await realm.write { realm -> [String] in
            let map = realm.objects(DPTCompany.self).first!.employeeDict
            let person = { (name: String) in realm.objects(DPTEmployee.self).where { $0.name == name }.first! }
            map.removeObject(for: "John")
            var answers = ["\(map.count)", "\(map["Joe"]??.isSameObject(as: person("Joe")) == true)"]
            map["Jill"] = nil
            answers.append("\(map.count)")
            map["Joe"] = person("John")
            answers.append("\(map.count) \(map["Joe"]??.name ?? "-")")
            map["Jill"] = person("Jill")
            answers.append("\(map.count)")
            map.removeAll()
            answers.append("\(map.count) \(realm.objects(DPTEmployee.self).count)")
            return answers
        }
        #expect(answers == ["2", "true", "1", "1 John", "2", "0 3"])
    }

    @Test("nil (NSNull) values in a value dictionary make entries with nil values (testInitWithNullLink)")
    func initWithNullValues() async throws {
        let value: @Sendable () -> [String: Any] = {
            [
                "stringDictionary": ["1": NSNull()], "intDictionary": ["2": NSNull()],
                "primitiveStringDictionary": ["3": NSNull()], "embeddedDictionary": ["4": NSNull()],
                "intObjDictionary": ["5": NSNull()],
            ]
        }
        let describe: @Sendable (DPTDictionaries) -> [String] = { object in
            [
                "\(object.stringDictionary.count) \(object.stringDictionary["1"].map { $0 == nil } ?? false)",
                "\(object.intDictionary.count) \(object.intDictionary["2"].map { $0 == nil } ?? false)",
                "\(object.primitiveStringDictionary.count) "
                    + "\(object.primitiveStringDictionary["3"].map { $0 == nil } ?? false)",
                "\(object.embeddedDictionary.count) \(object.embeddedDictionary["4"].map { $0 == nil } ?? false)",
                "\(object.intObjDictionary.count) \(object.intObjDictionary["5"].map { $0 == nil } ?? false)",
            ]
        }
        let expected = Array(repeating: "1 true", count: 5)
        #expect(describe(DPTDictionaries(value: value())) == expected, "unmanaged")
        let realm = try await makeDPTRealm()
        let managed = try await realm.write { realm in describe(try realm.create(DPTDictionaries.self, value: value()))
        }
        #expect(managed == expected, "managed")
    }

    @Test("one unmanaged object stored under two keys becomes one managed object (testPopulateEmptyDictionary)")
    func oneObjectUnderTwoKeys() async throws {
        let realm = try await makeDPTRealm()
        let answers = try await realm.write { realm -> [String] in
            let owner = try realm.create(DPTDictionaries.self)
            let object = MPTString(value: ["a"])
            owner.stringDictionary["one"] = object
            owner.stringDictionary["two"] = try realm.create(MPTString.self, value: ["b"])
            owner.stringDictionary["three"] = object
            let map = owner.stringDictionary
            return [
                "\(map.count)", map.values.map { $0?.stringCol ?? "-" }.joined(),
                "\(map["one"]??.isSameObject(as: map["three"]!!) == true)", "\(realm.objects(MPTString.self).count)",
            ]
        }
        #expect(answers == ["3", "aab", "true", "2"])
    }

    @Test("deleting the objects a map holds invalidates them, not the map (testDeleteObjectInDictionaryProperty)")
    func deletingHeldObject() async throws {
        let realm = try await makeDPTRealm()
        let answers = try await realm.write { realm -> [Bool] in
            let owner = try realm.create(DPTDictionaries.self, value: ["stringDictionary": ["one": MPTString()]])
            let map = owner.stringDictionary
            let one = map["one"]!!
            try realm.delete(realm.objects(MPTString.self))
            return [map.isInvalidated, one.isInvalidated, map.count == 1]
        }
        #expect(answers == [false, true, true])
    }

    @Test("an object held under two keys counts twice in count and the aggregates (testValueForCollectionOperation…)")
    func aggregatesCountEachEntry() async throws {
        let realm = try await makeDPTRealm()
        let answers = try await realm.write { realm -> [String] in
            let people = try [("A", 20), ("B", 30), ("C", 40), ("D", 50)].map {
                try realm.create(DPTEmployee.self, value: [$0.0, $0.1, true])
            }
            let company = try realm.create(DPTCompany.self, value: ["name": "ABC AG"])
            for (key, person) in zip(["e1", "e2", "e3", "e4"], [people[0], people[1], people[2], people[1]]) {
                company.employeeDict[key] = person
            }
            let map = company.employeeDict
            let minimum: Int? = map.min(ofProperty: "age")
            let maximum: Int? = map.max(ofProperty: "age")
            let sum: Int = map.sum(ofProperty: "age")
            let average: Double? = map.average(ofProperty: "age")
            let names = map.values.compactMap { $0?.name }
            return [
                "\(map.count)", "\(minimum ?? -1)", "\(maximum ?? -1)", "\(sum)", "\(average ?? -1)",
                names.sorted().joined(), Set(names).sorted().joined(),
            ]
        }
        #expect(answers == ["4", "20", "40", "120", "30.0", "ABBC", "ABC"])
    }

    @Test("sorting a map's values by no key gives them in key order (testSortByNoColumns)")
    func sortByNoKeys() async throws {
        let realm = try await DPTSortRow.makeRealm()
        let labels = await realm.read { realm in
            let map = realm.objects(DPTDogs.self).first!.map
            return [map.sorted(by: [Strata.SortDescriptor]()).map(DPTSortRow.label), map.values.map(DPTSortRow.label)]
        }
        #expect(labels == [["a1", "a2", "b1", "b2"], ["a1", "a2", "b1", "b2"]])
    }

    @Test("sorting a map's values by two keys (testSortByMultipleColumns)", arguments: DPTSortRow.rows)
    func sortByTwoKeys(_ row: DPTSortRow) async throws {
        let realm = try await DPTSortRow.makeRealm()
        let labels = await realm.read { realm in
            realm.objects(DPTDogs.self).first!.map.sorted(by: row.descriptors).map(DPTSortRow.label)
        }
        #expect(labels == row.expected)
    }
}
