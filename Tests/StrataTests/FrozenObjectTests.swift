import Foundation
import Strata
import Testing

@Suite("FrozenObject: one frozen object out of a block")
struct FrozenObjectTests {
    @Test("A frozen object leaves a read block in its box and reads from other tasks")
    func leavesReadBlock() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            try realm.add(Person(value: ["id": 7, "name": "Ada", "age": 36, "dogs": [["name": "Rex", "age": 3]]]))
        }
        let ada = try await realm.read { realm in
            try FrozenObject(realm.object(ofType: Person.self, forPrimaryKey: 7)!)
        }
        try await realm.write { realm in realm.object(ofType: Person.self, forPrimaryKey: 7)!.name = "Bea" }
        let (name, age, dogs, frozen) = await Task.detached {
            (ada.name, ada.age, ada.dogs.map(\.name), ada.isFrozen)
        }.value
        #expect(name == "Ada", "the box keeps the version it was frozen at")
        #expect(age == 36)
        #expect(dogs == ["Rex"])
        #expect(frozen)
        #expect(ada.object.isFrozen)
        // Back in a block, the live object has the newest values.
        #expect(await realm.read { realm in realm.thaw(ada.object)?.name } == "Bea")
    }

    @Test("A write block hands out an object that existed before it, as the write began")
    func leavesWriteBlock() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in try realm.add(Person(value: ["id": 1, "name": "Ada"])) }
        let before = try await realm.write { realm in
            let person = realm.object(ofType: Person.self, forPrimaryKey: 1)!
            person.name = "Bea"
            return try FrozenObject(person)
        }
        #expect(before.name == "Ada")
    }

    @Test("Unmanaged, created-in-this-write and deleted objects are refused")
    func refusals() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        #expect(throws: RealmError.invalidValue("an unmanaged object cannot be frozen")) {
            try FrozenObject(Person())
        }
        await #expect(throws: RealmError.self) {
            try await realm.write { realm in try FrozenObject(try realm.create(Person.self, value: ["id": 2])) }
        }
        await expectError(RealmError.objectInvalidated("The object being frozen")) {
            try await realm.write { realm in try realm.add(Person(value: ["id": 3])) }
            _ = try await realm.write { realm in
                let person = realm.object(ofType: Person.self, forPrimaryKey: 3)!
                try realm.delete(person)
                return try FrozenObject(person)
            }
        }
    }
}
