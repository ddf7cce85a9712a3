import Foundation
import Strata
import Testing

@Suite("Realm lifecycle, configuration and dynamic access")
struct LifecycleTests {
    @Test("An in-memory realm keeps its data while an instance lives, then leaves nothing behind")
    func inMemoryLifetime() async throws {
        let identifier = UUID().uuidString
        let marker = String(identifier.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        func backingFiles() -> Int {
            ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []).filter { $0.contains(marker) }
                .count
        }
        let configuration = Realm.Configuration(inMemoryIdentifier: identifier, objectTypes: [Person.self, Dog.self])
        var first: Realm? = try await Realm(configuration: configuration)
        try await first?.write { realm in try realm.add(Dog(value: ["name": "Rex"])) }
        var second: Realm? = try await Realm(configuration: configuration)
        #expect(await second?.read { realm in realm.objects(Dog.self).count } == 1, "instances share the data")
        first = nil
        #expect(await second?.read { realm in realm.objects(Dog.self).count } == 1, "kept while one instance lives")
        #expect(backingFiles() > 0)
        second = nil
        #expect(backingFiles() == 0, "the last instance removes the backing file")
        let third = try await Realm(configuration: configuration)
        #expect(await third.read { realm in realm.objects(Dog.self).count } == 0, "a new instance starts empty")
    }

    @Test("dynamicObjects reads objects by class name and properties by name")
    func dynamicObjects() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in try realm.add(Person(value: ["id": 3, "name": "Grace", "age": 85])) }
        let values = await realm.read { realm in
            realm.dynamicObjects("Person").map { "\($0["name"] as? String ?? "?"):\($0["age"] as? Int ?? -1)" }
        }
        #expect(values == ["Grace:85"])
        let missing = await realm.read { $0.dynamicObjects("Nothing").count }
        #expect(missing == 0)
    }

    @Test("invalidate() invalidates objects read before it")
    func invalidate() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Rex"])) }
        let states = await realm.read { realm -> (Bool, Bool, Bool) in
            let dog = realm.objects(Dog.self)[0]
            let before = dog.isInvalidated
            realm.invalidate()
            let after = dog.isInvalidated
            let fresh = realm.objects(Dog.self)[0].isInvalidated
            return (before, after, fresh)
        }
        #expect(states == (false, true, false))
    }

    @Test("A read-only realm reads and refuses writes")
    func readOnly() async throws {
        let directory = TemporaryDirectory()
        do {
            let realm = try await Realm(configuration: directory.configuration())
            try await realm.write { realm in try realm.add(Dog(value: ["name": "Rex"])) }
            await realm.close()
        }
        var configuration = directory.configuration()
        configuration.readOnly = true
        let realm = try await Realm(configuration: configuration)
        let count = await realm.read { $0.objects(Dog.self).count }
        #expect(count == 1)
        do {
            try await realm.write { realm in try realm.add(Dog()) }
            Issue.record("a read-only realm must refuse writes")
        } catch {
            #expect(error as? RealmError == .readOnly("write"))
        }
    }

    @Test("shouldCompactOnLaunch compacts the file and keeps the objects")
    func compactOnLaunch() async throws {
        let directory = TemporaryDirectory()
        do {
            let realm = try await Realm(configuration: directory.configuration())
            try await realm.write { realm in
                for index in 0..<2_000 {
                    try realm.add(Dog(value: ["name": String(repeating: "x", count: 50), "age": index]))
                }
            }
            try await realm.write { realm in try realm.delete(Array(realm.objects(Dog.self)).dropLast(10)) }
            await realm.close()
        }
        let path = directory.configuration().fileURL!.path
        let before = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        var configuration = directory.configuration()
        configuration.shouldCompactOnLaunch = { total, used in total > used }
        let realm = try await Realm(configuration: configuration)
        let count = await realm.read { $0.objects(Dog.self).count }
        let after = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        #expect(count == 10)
        #expect(after < before)
    }

    @Test("writeCopy writes a realm that opens with the same objects")
    func writeCopy() async throws {
        let directory = TemporaryDirectory()
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in try realm.add(Person(value: ["id": 1, "name": "Ada"])) }
        let copyConfiguration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("copy.realm"),
            objectTypes: [Person.self, Dog.self, AllTypes.self]
        )
        try await realm.writeCopy(configuration: copyConfiguration)
        let copy = try await Realm(configuration: copyConfiguration)
        let name = await copy.read { $0.object(ofType: Person.self, forPrimaryKey: 1)?.name }
        #expect(name == "Ada")
    }

    @Test("Two model classes with one name are an error at open")
    func duplicateNames() async throws {
        enum A { final class Thing: Object { @Persisted var x = 0 } }
        enum B { final class Thing: Object { @Persisted var y = "" } }
        do {
            _ = try await Realm(configuration: memoryConfiguration([A.Thing.self, B.Thing.self]))
            Issue.record("duplicate class names must be refused")
        } catch {
            #expect("\(error)".contains("two model classes are named Thing"))
        }
    }

    @Test("A type used without being listed is added on first write")
    func unlistedType() async throws {
        let realm = try await Realm(configuration: Realm.Configuration(inMemoryIdentifier: UUID().uuidString))
        let before = await realm.read { $0.objects(Dog.self).count }
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Rex"])) }
        let after = await realm.read { $0.objects(Dog.self).count }
        #expect(before == 0)
        #expect(after == 1)
        #expect(await realm.schema["Dog"] != nil)
    }

    @Test("A live object touched from another thread while its realm's write block runs stops the process")
    func confinementWhileBlockRuns() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try await Realm(configuration: memoryConfiguration())
            try await realm.write { realm in
                let dog = Dog(value: ["name": "Rex"])
                try realm.add(dog)
                // The block's thread waits while another thread reads the object: the check must ask the
                // executor rather than accept any thread while a block is running.
                nonisolated(unsafe) let escaped = dog
                let done = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    _ = escaped.name
                    done.signal()
                }
                done.wait()
            }
        }
        // Strata's own message: the check compares the caller's thread with the realm's executor thread.
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("a live object was used outside the actor of the Realm it belongs to"))
        #expect(message.contains("freeze()"))
    }

    @Test("Touching a live object outside its realm's actor stops the process")
    func confinement() async {
        await #expect(processExitsWith: .failure) {
            let realm = try await Realm(configuration: memoryConfiguration())
            try await realm.write { realm in try realm.add(Dog(value: ["name": "Rex"])) }
            nonisolated(unsafe) var escaped: Results<Dog>?
            await realm.read { realm in escaped = realm.objects(Dog.self) }
            _ = escaped?.count
        }
    }
}
