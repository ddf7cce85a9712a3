import Foundation
import Strata
import Testing

// Facts of realm-swift's Objective-C `Realm/Tests/ResultsTests.m` and `Realm/Tests/ObjectTests.m` that the Swift
// ports (ResultsTests, CollectionTypePortTests, ObjectPortTests, ObjectSemanticsTests, CheckedCallTests,
// DescriptionTests, RealmPrimaryKeyLookupTests, AccessorPortTests+Schema …) do not already assert.
//
// Here, results that stay live: testRerunningSortedQuery, testSortingExistingQuery, testMultiSortLifetime,
// testSubqueryLifetime, testLiveUpdateFirst, testLiveUpdateLast, testEnumerateAndDeleteTableResults,
// testEnumerateAndMutateQueryCondition, testBeginWriteTransactionDuringEnumeration,
// testManualRefreshDuringEnumeration, testDeleteAllObjects, testAllMethodsCheckForInvalidation (the flag),
// testResultsDependingOnDeletedLinkView, testResultsDependingOnDeletedTableView, testResultsDependingOnLinkingObjects.
// In ResultsObjectPortTests+Values.swift: testValueForKey, testSetValueForKey, testObjectAggregate (AnyRealmValue and
// dates), testRenamedPropertyAggregate, the distinct tests. In ResultsObjectPortTests+Objects.swift, from
// ObjectTests.m: testIsDeleted, testIsInvalidated, testEquality, the date representation tests, the default value
// tests, testCreateOrUpdate, testDeletedObjectDescription.
//
// Left out: fast enumeration's release of objects, autoreleasepool and memory use (Objective-C), thread checks and
// frozen results read on other threads (FreezeTests), a subscript out of bounds and the calls that throw after
// `invalidate()` (they stop the process), `indexOfObject:` with an object of another class (does not compile), KVO.

@Suite("Results and objects port: realm-swift's ResultsTests.m and ObjectTests.m")
struct ResultsObjectPortTests {
    @Test(
        """
        results made before any object exists show the objects after a write: sorted, sorted again (the last \
        sort wins), filtered, and a filter of a filter
        """
    )
    func resultsMadeEarlyStayLive() async throws {
        let realm = try await rotRealm()
        let (sortedAge, sortedName, filtered, subquery, descending) = await realm.read { realm in
            let sortedAge = realm.objects(ROTEmployee.self).sorted(byKeyPath: "age")
            let sortedName = sortedAge.sorted(byKeyPath: "name", ascending: false)
            let filtered = sortedName.filter("age > 20")
            _ = filtered.last
            let subquery = realm.objects(ROTEmployee.self).filter("hired == true").filter("age == 40")
            let descending = sortedAge.sorted(byKeyPath: "age", ascending: false)
            return (sortedAge, sortedName, filtered, subquery, descending)
        }
        try await realm.write { realm in
            try realm.create(ROTEmployee.self, value: ["name": "A", "age": 20, "hired": true])
            try realm.create(ROTEmployee.self, value: ["name": "B", "age": 30, "hired": false])
            try realm.create(ROTEmployee.self, value: ["name": "C", "age": 40, "hired": true])
        }
        await realm.read { _ in
            #expect(sortedAge.map(\.age) == [20, 30, 40])
            #expect(sortedName.map(\.age) == [40, 30, 20])
            #expect(filtered.map(\.age) == [40, 30])
            #expect(subquery.map(\.name) == ["C"])
            #expect(descending.map(\.name) == ["C", "B", "A"])
        }
    }

    @Test("inside a write, first and last become nil once the only matching object stops matching")
    func firstAndLastFollowChangesInAWrite() async throws {
        let realm = try await rotRealm()
        let answers = try await realm.write { realm in
            let objects = realm.objects(ROTInt.self).filter("intCol == 0")
            try realm.create(ROTInt.self, value: [0])
            let firstBefore = objects.first != nil
            objects.first?.intCol = 1
            let firstAfter = objects.first == nil
            try realm.create(ROTInt.self, value: [0])
            let lastBefore = objects.last != nil
            objects.last?.intCol = 1
            let lastAfter = objects.last == nil
            return [firstBefore, firstAfter, lastBefore, lastAfter]
        }
        #expect(answers == [true, true, true, true])
    }

    @Test("enumerating every object while deleting each one visits all forty")
    func enumerateAndDelete() async throws {
        let realm = try await rotRealm()
        let (visited, left) = try await realm.write { realm in
            for i in 0..<40 { try realm.create(ROTInt.self, value: [i]) }
            var visited = 0
            for object in realm.objects(ROTInt.self) {
                visited += 1
                try realm.delete(object)
            }
            return (visited, realm.objects(ROTInt.self).count)
        }
        #expect(visited == 40)
        #expect(left == 0)
    }

    @Test("enumerating a query while changing the value it selects on visits all forty objects")
    func enumerateAndMutateQueryCondition() async throws {
        let realm = try await rotRealm()
        let (visited, left) = try await realm.write { realm in
            for _ in 0..<40 { try realm.create(ROTInt.self, value: [0]) }
            var visited = 0
            for object in realm.objects(ROTInt.self).filter("intCol == 0") {
                visited += 1
                object.intCol = visited
            }
            return (visited, realm.objects(ROTInt.self).filter("intCol == 0").count)
        }
        #expect(visited == 40)
        #expect(left == 0)
    }

    @Test("a write begun and committed for each object of an enumerated query updates all forty")
    func writeDuringEnumeration() async throws {
        let realm = try await rotRealm()
        try await realm.write { realm in
            for _ in 0..<40 { try realm.create(ROTInt.self, value: [0]) }
        }
        #expect(try await rotSetEachToOne(realm) == 40)
    }

    @Test("with autorefresh off, refreshing inside an enumeration leaves it whole and invalidates the objects it gives")
    func refreshDuringEnumeration() async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration(rotTypes)
        let realm = try await Realm(configuration: configuration)
        try await realm.write { realm in
            for _ in 0..<40 { try realm.create(ROTInt.self, value: [0]) }
        }
        await realm.read { realm in realm.autorefresh = false }
        let other = try await Realm(configuration: configuration)
        try await other.write { realm in try realm.delete(realm.objects(ROTInt.self)) }
        let (visited, invalidated) = await realm.read { realm in
            var visited = 0
            var invalidated = 0
            for object in realm.objects(ROTInt.self) {
                realm.refresh()
                visited += 1
                if object.isInvalidated { invalidated += 1 }
            }
            return (visited, invalidated)
        }
        #expect(visited == 40)
        #expect(invalidated == 40)
    }

    @Test("deleting results needs a write; afterwards the results are empty and the other objects stay")
    func deleteResults() async throws {
        let realm = try await rotRealm()
        try await realm.write { realm in
            try realm.create(ROTString.self, value: ["name1"])
            try realm.create(ROTString.self, value: ["name2"])
        }
        let results = await realm.read { realm in realm.objects(ROTString.self).filter("stringCol == 'name1'") }
        await expectError(RealmError.self) {
            try await realm.read { realm in try realm.delete(results) }
        }
        try await realm.write { realm in try realm.delete(results) }
        #expect(await realm.read { realm in [results.count, realm.objects(ROTString.self).count] } == [0, 1])
        let all = await realm.read { realm in realm.objects(ROTString.self) }
        try await realm.write { realm in try realm.delete(all) }
        #expect(await realm.read { _ in all.count } == 0)
    }

    @Test("results are not invalidated until the realm is invalidated")
    func invalidatedFlag() async throws {
        let realm = try await rotRealm()
        try await realm.write { realm in _ = try realm.create(ROTInt.self, value: [0]) }
        let results = await realm.read { realm in realm.objects(ROTInt.self) }
        #expect(await realm.read { _ in results.isInvalidated } == false)
        await realm.invalidate()
        #expect(await realm.read { _ in results.isInvalidated })
    }

    @Test(
        """
        sorted results of a list or a set whose owner is deleted are empty, not invalidated, with no first \
        object, whether read before the deletion or not
        """
    )
    func resultsOfADeletedOwnersCollection() async throws {
        let realm = try await rotRealm()
        let (list, unreadList, set, unreadSet) = try await realm.write { realm in
            let int = try realm.create(ROTInt.self, value: [0])
            let holder = try realm.create(ROTIntHolder.self, value: ["number": 0, "array": [int], "set": [int]])
            let list = holder.array.sorted(byKeyPath: "intCol")
            let set = holder.set.sorted(byKeyPath: "intCol")
            _ = list.first
            _ = set.first
            return (
                list, holder.array.sorted(byKeyPath: "intCol"), set, holder.set.sorted(byKeyPath: "intCol")
            )
        }
        try await realm.write { realm in try realm.delete(realm.objects(ROTIntHolder.self)) }
        await realm.read { _ in
            for results in [list, unreadList, set, unreadSet] {
                #expect(results.isInvalidated == false)
                #expect(results.count == 0)
                #expect(results.first == nil)
            }
        }
    }

    @Test("a filter of a deleted object's linking objects is empty and not invalidated")
    func resultsOfADeletedObjectsLinkingObjects() async throws {
        let realm = try await rotRealm()
        let (read, unread) = try await realm.write { realm in
            let dog = try realm.create(ROTDog.self, value: ["Fido", 3])
            try realm.create(ROTOwner.self, value: ["John", dog])
            let read = dog.owners.filter("name != 'Not a real name'")
            _ = read.first
            return (read, dog.owners.filter("name != 'Not a real name'"))
        }
        try await realm.write { realm in try realm.delete(realm.objects(ROTDog.self)) }
        await realm.read { _ in
            for results in [read, unread] {
                #expect(results.isInvalidated == false)
                #expect(results.count == 0)
                #expect(results.first == nil)
            }
        }
    }

    @Test("a query through linking objects selects the dog once its owner is renamed to match")
    func queryThroughLinkingObjectsFollowsTheOwner() async throws {
        let realm = try await rotRealm()
        try await realm.write { realm in
            let dog = try realm.create(ROTDog.self, value: ["Fido", 3])
            try realm.create(ROTOwner.self, value: ["John", dog])
        }
        let results = await realm.read { realm in realm.objects(ROTDog.self).filter("ANY owners.name == 'James'") }
        #expect(await realm.read { _ in results.count } == 0)
        try await realm.write { realm in realm.objects(ROTOwner.self).first?.name = "James" }
        #expect(await realm.read { _ in results.map(\.dogName) } == ["Fido"])
    }
}

/// Sets `intCol` to 1 on each object of `intCol == 0`, one write each, while enumerating them; answers how many
/// objects have 1 afterwards (testBeginWriteTransactionDuringEnumeration).
private func rotSetEachToOne(_ realm: isolated Realm) async throws -> Int {
    for object in realm.objects(ROTInt.self).filter("intCol == 0") {
        try await realm.beginWrite()
        object.intCol = 1
        try realm.commitWrite()
    }
    return realm.objects(ROTInt.self).filter("intCol == 1").count
}

// MARK: - Models

/// Realm's `IntObject`.
final class ROTInt: Object {
    @Persisted var intCol = 0
}

/// Realm's `StringObject`.
final class ROTString: Object {
    @Persisted var stringCol: String? = ""
}

/// Realm's `EmployeeObject`.
final class ROTEmployee: Object {
    @Persisted var name: String?
    @Persisted var age = 0
    @Persisted var hired = false
}

/// Realm's `DogObject`, with the owners that link to it.
final class ROTDog: Object {
    @Persisted var dogName: String?
    @Persisted var age = 0
    @Persisted(originProperty: "dog") var owners: LinkingObjects<ROTOwner>
}

/// Realm's `OwnerObject`.
final class ROTOwner: Object {
    @Persisted var name: String?
    @Persisted var dog: ROTDog?
}

/// Realm's `IntegerArrayPropertyObject` and `IntegerSetPropertyObject` in one.
final class ROTIntHolder: Object {
    @Persisted var number = 0
    @Persisted var array: List<ROTInt>
    @Persisted var set: MutableSet<ROTInt>
}

/// Realm's `AggregateObject`.
final class ROTAggregate: Object {
    @Persisted var intCol = 0
    @Persisted var floatCol: Float = 0
    @Persisted var doubleCol: Double = 0
    @Persisted var boolCol = false
    @Persisted var dateCol = Date(timeIntervalSince1970: 0)
    @Persisted var anyCol: AnyRealmValue
}

/// Realm's `DateObject`.
final class ROTDate: Object {
    @Persisted var dateCol: Date?
}

/// Realm's `PrimaryNullableStringObject`.
final class ROTNullableKey: Object {
    @Persisted(primaryKey: true) var stringCol: String?
    @Persisted var intCol = 0
}

/// ObjectTests.m's `DefaultObject`: the object types are optional there, the numbers and the Boolean not.
final class ROTDefaults: Object {
    @Persisted var intCol = 12
    @Persisted var floatCol: Float = 88.9
    @Persisted var doubleCol = 1002.892
    @Persisted var boolCol = true
    @Persisted var dateCol: Date? = Date(timeIntervalSince1970: 999_999)
    @Persisted var stringCol: String? = "potato"
    @Persisted var binaryCol: Data? = Data("binary".utf8)
}

/// Every model of these suites.
let rotTypes: [ObjectBase.Type] = [
    ROTInt.self, ROTString.self, ROTEmployee.self, ROTDog.self, ROTOwner.self, ROTIntHolder.self, ROTAggregate.self,
    ROTDate.self, ROTNullableKey.self, ROTDefaults.self, DPTRenamed.self,
]

/// A fresh in-memory realm of the models of these suites.
func rotRealm() async throws -> Realm {
    try await Realm(configuration: memoryConfiguration(rotTypes))
}
