import Foundation
import Testing

@testable import Strata

// This file compiles only if the isolation shapes of DESIGN.md section 2 hold: a free function taking
// `isolated Realm` and a method of a user's `extension Realm` are called synchronously inside `write`, and the
// realm's API is awaited from a test's own (nonisolated) context.

/// A user's helper: runs on the realm's actor, so it calls the realm's API synchronously.
func seedDogs(_ realm: isolated Realm, names: [String]) throws {
    for (age, name) in names.enumerated() { try realm.add(Dog(value: ["name": name, "age": age])) }
}

extension Realm {
    /// A user's extension method: actor-isolated like the realm's own API.
    func addOwner(id: Int, name: String, dogNamed dog: String) throws {
        let owner = Person(value: ["id": id, "name": name])
        owner.dogs.append(objects(Dog.self).filter("name == %@", dog).first!)
        try add(owner)
    }

    /// Reads through an extension method, from inside a block or awaited from outside.
    func dogNames() -> [String] { objects(Dog.self).sorted(byKeyPath: "name").map(\.name) }
}

@Suite("Isolation: blocks, isolated helpers and awaited realm API")
struct IsolationTests {
    @Test("A function taking isolated Realm and an extension Realm method are called synchronously in write")
    func isolatedHelpers() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            try seedDogs(realm, names: ["Rex", "Fido", "Bella"])
            try realm.addOwner(id: 1, name: "Ada", dogNamed: "Fido")
        }
        #expect(await realm.dogNames() == ["Bella", "Fido", "Rex"])
        let owners = await realm.read { realm in realm.objects(Dog.self).filter("name == 'Fido'")[0].owners.count }
        #expect(owners == 1)
    }

    @Test("refresh() and invalidate() awaited from a test see another realm's commit on the same file")
    func awaitedRefreshAndInvalidate() async throws {
        let directory = TemporaryDirectory()
        let reader = try await Realm(configuration: directory.configuration())
        let writer = try await Realm(configuration: directory.configuration())
        #expect(await reader.read { $0.objects(Dog.self).count } == 0)  // pins the empty version
        try await writer.write { realm in try seedDogs(realm, names: ["Rex", "Fido"]) }
        // Without a refresh the reader still reads its pinned version.
        let before = await reader.objects(Dog.self)
        #expect(await reader.read { _ in before.count } == 2, "read {} moves to the newest version first")
        try await writer.write { realm in try seedDogs(realm, names: ["Bella"]) }
        #expect(await reader.refresh() == true)
        #expect(await reader.refresh() == false, "nothing newer: the pin is kept")
        #expect(await reader.dogNames() == ["Bella", "Fido", "Rex"])
        let live = await reader.objects(Dog.self)
        await reader.invalidate()
        #expect(await reader.read { _ in live.isInvalidated })
        #expect(await reader.read { $0.objects(Dog.self).count } == 3, "results made after invalidate() read again")
        try await reader.beginWrite()
        #expect(await reader.isInWriteTransaction)
        await reader.cancelWrite()
        #expect(await !reader.isInWriteTransaction)
    }

    @Test("A write to one table leaves a cached query over another table unevaluated")
    func cachePerTable() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        let evaluations = try await realm.write { realm -> [Int] in
            try seedDogs(realm, names: ["Rex", "Fido", "Bella"])
            let adults = realm.objects(Dog.self).filter("age >= 1").sorted(byKeyPath: "name")
            var counts: [Int] = []
            func look() {
                _ = Array(adults)
                counts.append(adults.cache.evaluations.load(ordering: .relaxed))
            }
            look()
            look()  // unchanged: the cached keys serve
            try realm.add(Person(value: ["id": 7, "name": "Ada"]))
            look()  // another table changed: still cached
            realm.objects(Person.self)[0].name = "Ada L."
            look()
            realm.objects(Dog.self)[0].age = 9
            look()  // its own table changed: evaluated again
            return counts
        }
        #expect(evaluations == [1, 1, 1, 1, 2])
    }

    @Test("The realm's own commit to one table leaves its cached query over another table unevaluated")
    func cachePerTableAcrossOwnCommit() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in try seedDogs(realm, names: ["Rex", "Fido"]) }
        let adults = await realm.read { realm in realm.objects(Dog.self).filter("age >= 0").sorted(byKeyPath: "name") }
        let names = { @Sendable (_: isolated Realm) in
            (adults.map(\.name), adults.cache.evaluations.load(ordering: .relaxed))
        }
        #expect(await realm.read(names).1 == 1)
        try await realm.write { realm in try realm.add(Person(value: ["id": 1, "name": "Ada"])) }
        let afterPerson = await realm.read(names)
        #expect(afterPerson.0 == ["Fido", "Rex"] && afterPerson.1 == 1)
        try await realm.write { realm in try seedDogs(realm, names: ["Bella"]) }
        let afterDog = await realm.read(names)
        #expect(afterDog.0 == ["Bella", "Fido", "Rex"] && afterDog.1 == 2)
    }

    @Test("A commit from another realm to one table leaves a cached query over another table unevaluated")
    func cachePerTableAcrossVersions() async throws {
        let directory = TemporaryDirectory()
        let reader = try await Realm(configuration: directory.configuration())
        let writer = try await Realm(configuration: directory.configuration())
        try await writer.write { realm in try seedDogs(realm, names: ["Rex", "Fido"]) }
        let adults = await reader.read { realm in realm.objects(Dog.self).filter("age >= 0").sorted(byKeyPath: "name") }
        let names = { @Sendable (_: isolated Realm) in
            (adults.map(\.name), adults.cache.evaluations.load(ordering: .relaxed))
        }
        let first = await reader.read(names)
        #expect(first.0 == ["Fido", "Rex"] && first.1 == 1)
        let again = await reader.read(names)
        #expect(again.1 == 1, "a block with no newer version keeps the pin, so the cache stays good")
        try await writer.write { realm in try realm.add(Person(value: ["id": 1, "name": "Ada"])) }
        let afterPerson = await reader.read(names)
        #expect(afterPerson.0 == ["Fido", "Rex"] && afterPerson.1 == 1)
        try await writer.write { realm in try seedDogs(realm, names: ["Bella"]) }
        let afterDog = await reader.read(names)
        #expect(afterDog.0 == ["Bella", "Fido", "Rex"] && afterDog.1 == 2)
    }

    @Test("Live results read off their realm's actor stop with Strata's message naming freeze()")
    func liveResultsOffActor() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try await Realm(configuration: memoryConfiguration())
            // Live results are Sendable (DESIGN.md section 3), so this compiles; reading them here cannot work.
            let dogs = await realm.objects(Dog.self)
            _ = dogs.count
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("a live Results was used outside the actor of the Realm it belongs to"))
        #expect(message.contains("freeze()"))
    }
}
