import Foundation
import Strata
import Testing

@Suite("List, MutableSet, Map and LinkingObjects on managed objects")
struct CollectionPropertyTests {
    @Test("List mutations on a managed object are stored")
    func listMutations() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        let names = try await realm.write { realm -> [String] in
            let person = Person(value: ["id": 1])
            try realm.add(person)
            person.dogs.append(Dog(value: ["name": "A"]))
            person.dogs.append(objectsIn: [Dog(value: ["name": "B"]), Dog(value: ["name": "C"])])
            person.dogs.insert(Dog(value: ["name": "Z"]), at: 0)
            person.dogs.move(from: 0, to: 3)
            person.dogs.remove(at: 1)
            person.dogs.swapAt(0, 1)
            return person.dogs.map(\.name)
        }
        #expect(names == ["C", "A", "Z"])
        let stored = await realm.read { realm in
            (realm.objects(Person.self)[0].dogs.map(\.name), realm.objects(Dog.self).count)
        }
        #expect(stored.0 == ["C", "A", "Z"])
        #expect(stored.1 == 4, "removing from a list keeps the object")
    }

    @Test("Sets stay distinct and maps are keyed")
    func setsAndMaps() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        let result = try await realm.write { realm -> ([String], [String], Int?) in
            let object = AllTypes()
            try realm.add(object)
            object.stringSet.insert("a")
            object.stringSet.insert("a")
            object.stringSet.insert("b")
            object.stringSet.remove("b")
            object.scores["x"] = 1
            object.scores["y"] = 2
            object.scores["x"] = nil
            return (Array(object.stringSet), object.scores.keys, object.scores["y"])
        }
        #expect(result.0 == ["a"])
        #expect(result.1 == ["y"])
        #expect(result.2 == 2)
    }

    @Test("LinkingObjects follow links as they change, and deleted targets leave lists")
    func linkingObjects() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        let counts = try await realm.write { realm -> [Int] in
            let dog = Dog(value: ["name": "Rex"])
            let ada = Person(value: ["id": 1, "dogs": [dog]])
            try realm.add(ada)
            var counts = [dog.owners.count]
            let bob = Person(value: ["id": 2])
            try realm.add(bob)
            bob.dogs.append(dog)
            counts.append(dog.owners.count)
            ada.dogs.removeAll()
            counts.append(dog.owners.count)
            counts.append(dog.owners.first?.id ?? -1)
            try realm.delete(dog)
            counts.append(bob.dogs.count)
            return counts
        }
        #expect(counts == [1, 2, 1, 2, 0])
    }

    @Test("Deleting an object deletes its embedded objects; replacing one deletes the old one")
    func embeddedCascade() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Person.self, Dog.self, Address.self]))
        let result = try await realm.write { realm -> (String?, Bool, Bool) in
            let person = Person(value: ["id": 1])
            person.address = Address(value: ["street": "Main", "city": "Oslo"])
            try realm.add(person)
            let first = person.address
            person.address = Address(value: ["street": "Side", "city": "Bergen"])
            let firstGone = first?.isInvalidated ?? false
            let second = person.address
            let city = second?.city
            try realm.delete(person)
            return (city, firstGone, second?.isInvalidated ?? false)
        }
        #expect(result.0 == "Bergen")
        #expect(result.1)
        #expect(result.2)
    }
}
