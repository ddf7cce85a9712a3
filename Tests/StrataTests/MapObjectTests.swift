import Foundation
import Strata
import Testing

final class Kennel: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var pets: Map<String, Dog?>
}

@Suite("Maps of optional objects")
struct MapObjectTests {
    @Test("Map<String, Dog?> stores objects and nil, reads them back live and frozen, and counts in queries")
    func optionalObjectMap() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Person.self, Dog.self, Kennel.self]))
        try await realm.write { realm in
            let kennel = Kennel(value: ["id": 1])
            kennel.pets["a"] = Dog(value: ["name": "Rex", "age": 3])
            kennel.pets["b"] = Dog?.none
            try realm.add(kennel)
            kennel.pets["c"] = Dog(value: ["name": "Fido", "age": 1])
        }
        let (live, frozen) = try await realm.read { realm -> ([String], Results<Kennel>) in
            let kennel = realm.object(ofType: Kennel.self, forPrimaryKey: 1)!
            let entries = kennel.pets.map { "\($0.key)=\($0.value?.name ?? "nil")" }
            return (entries, try realm.objects(Kennel.self).freeze())
        }
        #expect(live == ["a=Rex", "b=nil", "c=Fido"])
        let frozenEntries = await Task.detached { frozen[0].pets.map { "\($0.key)=\($0.value?.name ?? "nil")" } }.value
        #expect(frozenEntries == ["a=Rex", "b=nil", "c=Fido"])
        let counts = await realm.read { realm in
            [
                realm.objects(Kennel.self).filter("pets.@count == 3").count,
                realm.objects(Dog.self).count,
            ]
        }
        #expect(counts == [1, 2])
    }

    @Test("Deleting an object a map holds leaves its key with nil, as Realm does")
    func deletedObjectLeavesNil() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Person.self, Dog.self, Kennel.self]))
        let entries = try await realm.write { realm -> [String] in
            let kennel = Kennel(value: ["id": 1])
            kennel.pets["a"] = Dog(value: ["name": "Rex"])
            kennel.pets["b"] = Dog(value: ["name": "Fido"])
            try realm.add(kennel)
            try realm.delete(realm.objects(Dog.self).filter("name == 'Rex'"))
            return kennel.pets.map { "\($0.key)=\($0.value?.name ?? "nil")" }
        }
        #expect(entries == ["a=nil", "b=Fido"])
    }
}
