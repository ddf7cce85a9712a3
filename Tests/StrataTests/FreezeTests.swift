import Foundation
import Strata
import Testing

@Suite("Frozen realms, objects and thaw")
struct FreezeTests {
    @Test("A frozen realm reads one version from any task while the live realm moves on")
    func frozenRealm() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Rex", "age": 1])) }
        let frozen = try await realm.read { realm in try realm.freeze() }
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Fido"])) }
        let (count, isFrozen, name) = await Task.detached {
            let dogs = await frozen.objects(Dog.self)
            return (dogs.count, frozen.isFrozen, dogs[0].name)
        }.value
        #expect(count == 1)
        #expect(isFrozen)
        #expect(name == "Rex")
        do {
            try await frozen.add(Dog())
            Issue.record("a frozen realm must refuse writes")
        } catch {
            #expect(error as? RealmError == .frozen("a frozen Realm (add objects)"))
        }
        do {
            try await frozen.write { _ in }
            Issue.record("a frozen realm must refuse write transactions")
        } catch {
            #expect(error is RealmError)
        }
    }

    @Test("thaw() inside a realm's block returns the live object; deleted objects thaw to nil")
    func thaw() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in try realm.add(Person(value: ["id": 1, "name": "Ada"])) }
        let frozen = try await realm.read { realm in try realm.objects(Person.self).freeze() }
        let renamed = try await realm.write { realm -> String? in
            guard let live = frozen[0].thaw() else { return nil }
            live.name = "Ada L."
            return realm.object(ofType: Person.self, forPrimaryKey: 1)?.name
        }
        #expect(renamed == "Ada L.")
        #expect(frozen[0].name == "Ada", "the frozen object keeps its version")
        let gone = try await realm.write { realm -> Bool in
            try realm.delete(realm.objects(Person.self)[0])
            return frozen[0].thaw() == nil
        }
        #expect(gone)
    }

    @Test("In a write, an object created in it cannot be frozen; a changed one freezes as the write found it")
    func freezeInsideWrite() async throws {
        // realm-core's ObjectTests testFreezeInsideWriteTransaction, and the references Realm still allows.
        let realm = try await Realm(configuration: memoryConfiguration())
        let (error, reference) = try await realm.write { realm -> (String, ThreadSafeReference<Dog>) in
            let dog = try realm.create(Dog.self, value: ["name": "Rex", "age": 1])
            var message = "no error"
            do { _ = try dog.freeze() } catch { message = "\(error)" }
            return (message, try ThreadSafeReference(to: dog))
        }
        #expect(error.contains("Cannot freeze an object in the same write transaction as it was created in."))
        let resolved = try await realm.read { realm -> String? in try realm.resolve(reference)?.name }
        #expect(resolved == "Rex")
        let (frozenAge, liveAge) = try await realm.write { realm -> (Int, Int) in
            let dog = realm.objects(Dog.self).first!
            dog.age = 2
            return (try dog.freeze().age, dog.age)
        }
        #expect(frozenAge == 1)
        #expect(liveAge == 2)
    }

    @Test("Freezing beyond maximumNumberOfActiveVersions throws")
    func activeVersionLimit() async throws {
        var configuration = memoryConfiguration()
        configuration.maximumNumberOfActiveVersions = 2
        let realm = try await Realm(configuration: configuration)
        let first = try await realm.read { realm in try realm.objects(Dog.self).freeze() }
        try await realm.write { realm in try realm.add(Dog()) }
        let second = try await realm.read { realm in try realm.objects(Dog.self).freeze() }
        #expect(first.count == 0 && second.count == 1)
        do {
            try await realm.write { realm in try realm.add(Dog()) }
            Issue.record("a third active version should be refused")
        } catch {
            #expect(error as? RealmError == .tooManyActiveVersions(2))
        }
    }

    @Test("a dropped frozen snapshot unpins its version even after its frozen realm was asked for")
    func droppedSnapshotsUnpin() async throws {
        // Each round pins a version through a frozen collection and asks for its frozen realm (which holds the
        // snapshot back); with a limit of 3 active versions, a snapshot kept alive by that pair would make the
        // fourth round's write or freeze throw.
        var configuration = memoryConfiguration()
        configuration.maximumNumberOfActiveVersions = 3
        let realm = try await Realm(configuration: configuration)
        var seen: [String] = []
        for round in 0..<10 {
            try await realm.write { realm in try realm.add(Dog(value: ["name": "dog \(round)", "age": round])) }
            seen.append(
                try await realm.read { realm in
                    let frozen = try realm.objects(Dog.self).freeze()
                    let object = frozen.last!
                    return "\(frozen.count) \(frozen.realm?.isFrozen == true) \(object.realm === frozen.realm)"
                }
            )
        }
        #expect(seen == (1...10).map { "\($0) true true" })
    }
}
