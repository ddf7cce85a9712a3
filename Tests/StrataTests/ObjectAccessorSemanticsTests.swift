import Foundation
import Strata
import Testing

// Property access on objects as Realm Swift's RealmSwift/Tests/ObjectAccessorTests.swift and
// RealmSwift/Tests/ModernObjectTests.swift assert it: links and embedded objects assigned to managed objects (testSetEmbeddedLink, testLinkingObjectsDynamicGet),
// property observers (testWillSetDidSet), collection instances kept across add
// (testAddingObjectReusesExistingCollectionObjects) and a dynamic object's collections
// (RealmTests.swift: testDynamicObjectListProperties).

/// Realm Swift's `SetterObservers`: a persisted property with `willSet` and `didSet`.
final class OSSetterObservers: Object {
    @Persisted var value: Int {
        willSet { willSetCallback?(value) }
        didSet { didSetCallback?(value) }
    }
    var willSetCallback: ((Int) -> Void)?
    var didSetCallback: ((Int) -> Void)?
}

/// Realm Swift's `SwiftCompanyObject` with its collections of employees.
final class OSCompany: Object {
    @Persisted var employees: List<OSString>
    @Persisted var employeeSet: MutableSet<OSString>
    @Persisted var employeeMap: Map<String, OSString?>
}

private let oaTypes: [ObjectBase.Type] = [
    OSSetterObservers.self, OSCompany.self, OSString.self, OSArrayProperty.self, OSInt.self, Person.self, Dog.self,
    AllTypes.self, Trip.self,
]

@Suite("Object property access as Realm Swift's ObjectAccessorTests has it: links, embedded objects, collections")
struct ObjectAccessorSemanticsTests {
    @Test("willSet and didSet of a persisted property run with the old and new values, unmanaged and managed")
    func propertyObservers() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(oaTypes))
        let calls = try await realm.write { realm -> [String] in
            let object = OSSetterObservers()
            var calls: [String] = []
            object.willSetCallback = { calls.append("will \($0)") }
            object.didSetCallback = { calls.append("did \($0)") }
            object.value = 1
            try realm.add(object)
            object.value = 2
            object.willSetCallback = nil
            object.didSetCallback = nil
            return calls
        }
        #expect(calls == ["will 0", "did 1", "will 1", "did 2"])
    }

    @Test("Collections read from an unmanaged object become managed when it is added, as the same instances")
    func collectionsAdoptedOnAdd() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(oaTypes))
        let states = try await realm.write { realm -> [String] in
            let company = OSCompany()
            let (list, set, map) = (company.employees, company.employeeSet, company.employeeMap)
            let before = [list === company.employees, set === company.employeeSet, map === company.employeeMap]
            try realm.add(company)
            list.append(OSString(value: ["appended"]))
            return [
                "\(before)", "\([list.realm != nil, set.realm != nil, map.realm != nil])",
                "\([list === company.employees, set === company.employeeSet, map === company.employeeMap])",
                "\(company.employees.map(\.stringCol))",
            ]
        }
        #expect(
            states == [
                "[true, true, true]", "[true, true, true]", "[true, true, true]", "[\"appended\"]",
            ]
        )
    }

    @Test("A dynamic object's list and set properties are collections of dynamic objects")
    func dynamicObjectCollections() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(oaTypes))
        try await realm.write { realm in
            _ = try realm.create(OSArrayProperty.self, value: ["string", [["array"]], [[2]]])
        }
        let read = await realm.read { realm -> [String] in
            let object = realm.dynamicObjects("OSArrayProperty")[0]
            let array = object["array"] as? List<DynamicObject>
            let intArray = object["intArray"] as? List<DynamicObject>
            return [
                "\(object["name"] as? String ?? "-")",
                "\(array?.map { $0["stringCol"] as? String ?? "-" } ?? [])",
                "\(intArray?.map { $0["intCol"] as? Int ?? -1 } ?? [])",
            ]
        }
        #expect(read == ["string", "[\"array\"]", "[2]"])
    }

    @Test("An unmanaged object assigned to a managed object's link or appended to its list becomes managed")
    func linkedObjectsBecomeManaged() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(oaTypes))
        let states = try await realm.write { realm -> [String] in
            let person = Person(value: ["id": 1])
            try realm.add(person)
            let friend = Person(value: ["id": 2])
            person.bestFriend = friend
            let dog = Dog(value: ["name": "Rex"])
            person.dogs.append(dog)
            let owners = dog["owners"] as? LinkingObjects<Person>
            return [
                "\(friend.realm == realm) \(dog.realm == realm)",
                "\(realm.objects(Person.self).count) \(realm.objects(Dog.self).count)",
                "\(owners.map { $0.map(\.id) } ?? [])",
            ]
        }
        #expect(states == ["true true", "2 1", "[1]"])
    }

    @Test("An embedded object assigned to a link becomes managed; replacing it invalidates it; itself again is kept")
    func embeddedLinkAssignment() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(oaTypes))
        let states = try await realm.write { realm -> [String] in
            let person = Person(value: ["id": 1])
            try realm.add(person)
            let first = Address(value: ["street": "1"])
            person.address = first
            let assigned = "\(first.realm == realm) \(first.isInvalidated)"
            person.address = first
            let again = "\(first.isInvalidated) \(person.address?.street ?? "-")"
            let second = Address(value: ["street": "2"])
            person.address = second
            return [
                assigned, again, "\(first.isInvalidated) \(second.realm == realm) \(person.address?.street ?? "-")",
                "\(realm.dynamicObjects("Address").count)",
            ]
        }
        #expect(states == ["true false", "false 1", "true true 2", "1"])
    }

    @Test("An embedded object managed by another parent cannot be assigned to a link")
    func embeddedOfAnotherParent() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try await Realm(configuration: memoryConfiguration([Person.self, Dog.self, Trip.self]))
            try await realm.write { realm in
                let trip = Trip(value: ["name": "t"])
                trip.stops.append(Address(value: ["street": "stop"]))
                try realm.add(trip)
                let person = Person(value: ["id": 1])
                try realm.add(person)
                person.address = trip.stops[0]
            }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Cannot set a link to an existing managed embedded object"))
    }
}
