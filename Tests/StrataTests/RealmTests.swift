import Foundation
import Strata
import Testing

import struct StrataTestSupport.SeededGenerator

@Suite("Realm: open, write, read, CRUD")
struct RealmTests {
    @Test("Objects added in a write are read back, counted and iterated")
    func addAndRead() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            try realm.add(Person(value: ["id": 1, "name": "Ada", "age": 36]))
            try realm.add(Person(value: ["id": 2, "name": "Grace"]))
        }
        let (count, names, age) = await realm.read { realm in
            let people = realm.objects(Person.self)
            return (people.count, people.map(\.name), people[0].age)
        }
        #expect(count == 2)
        #expect(names == ["Ada", "Grace"])
        #expect(age == 36)
    }

    @Test("A throwing write rolls back and rethrows")
    func throwingWriteRollsBack() async throws {
        struct Stop: Error {}
        let realm = try await Realm(configuration: memoryConfiguration())
        do {
            try await realm.write { realm in
                try realm.add(Person(value: ["id": 1]))
                throw Stop()
            }
            Issue.record("the write should have thrown")
        } catch is Stop {
        }
        let count = await realm.read { $0.objects(Person.self).count }
        let inWrite = await realm.read { $0.isInWriteTransaction }
        #expect(count == 0)
        #expect(!inWrite)
    }

    @Test("Writes outside a write transaction throw a specific error")
    func writeOutsideTransaction() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        let errors = await realm.read { realm -> [RealmError?] in
            var errors: [RealmError?] = []
            do { try realm.add(Person()) } catch { errors.append(error as? RealmError) }
            do { try realm.deleteAll() } catch { errors.append(error as? RealmError) }
            return errors
        }
        #expect(errors == [.notInWriteTransaction("add objects"), .notInWriteTransaction("delete objects")])
    }

    @Test("A duplicate primary key throws with .error and updates with .modified and .all")
    func primaryKeys() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in try realm.add(Person(value: ["id": 7, "name": "First", "age": 1])) }
        do {
            try await realm.write { realm in try realm.add(Person(value: ["id": 7, "name": "Second"])) }
            Issue.record("the write should have thrown")
        } catch {
            #expect(error as? RealmError == .primaryKeyExists(type: "Person", value: "7"))
        }
        try await realm.write { realm in
            try realm.add(Person(value: ["id": 7, "name": "Second", "age": 2]), update: .modified)
        }
        let (count, name, age) = await realm.read { realm in
            let person = realm.object(ofType: Person.self, forPrimaryKey: 7)
            return (realm.objects(Person.self).count, person?.name, person?.age)
        }
        #expect(count == 1)
        #expect(name == "Second")
        #expect(age == 2)
        try await realm.write { realm in
            _ = try realm.create(Person.self, value: ["id": 7, "name": "Third"], update: .all)
        }
        let third = await realm.read { $0.object(ofType: Person.self, forPrimaryKey: 7)?.name }
        let missing = await realm.read { $0.object(ofType: Person.self, forPrimaryKey: 99) == nil }
        #expect(third == "Third")
        #expect(missing)
    }

    @Test("delete and deleteAll remove objects; a deleted object is invalidated")
    func deleting() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        let invalidated = try await realm.write { realm -> Bool in
            let people = (1...3).map { Person(value: ["id": $0]) }
            try realm.add(people)
            try realm.delete(people[0])
            return people[0].isInvalidated && !people[1].isInvalidated
        }
        #expect(invalidated)
        let remaining = await realm.read { $0.objects(Person.self).count }
        #expect(remaining == 2)
        try await realm.write { realm in try realm.deleteAll() }
        let afterDeleteAll = await realm.read { $0.objects(Person.self).count }
        #expect(afterDeleteAll == 0)
    }

    @Test("beginWrite, commitWrite and cancelWrite work as a manual transaction")
    func manualTransactions() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.beginWrite()
        let inWrite = await realm.read { $0.isInWriteTransaction }
        #expect(inWrite)
        try await realm.read { realm in
            try realm.add(Dog(value: ["name": "Rex"]))
            realm.cancelWrite()
        }
        let cancelled = await realm.read { $0.objects(Dog.self).count }
        #expect(cancelled == 0)
        try await realm.beginWrite()
        try await realm.read { realm in
            try realm.add(Dog(value: ["name": "Rex"]))
            try realm.commitWrite()
        }
        let name = await realm.read { $0.objects(Dog.self).first?.name }
        #expect(name == "Rex")
        let commitError = await realm.read { realm -> RealmError? in
            do {
                try realm.commitWrite()
                return nil
            } catch {
                return error as? RealmError
            }
        }
        #expect(commitError == .notInWriteTransaction("commit"))
    }

    @Test("Managed objects write through: a change in a write is seen by later reads")
    func managedWriteThrough() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            let dog = Dog(value: ["name": "Rex", "age": 3])
            try realm.add(dog)
            dog.age += 1
            dog.name = "Rex II"
        }
        let dog = await realm.read { realm in (realm.objects(Dog.self)[0].name, realm.objects(Dog.self)[0].age) }
        #expect(dog.0 == "Rex II")
        #expect(dog.1 == 4)
    }

    @Test("A file realm keeps its objects across close and reopen")
    func persistence() async throws {
        let directory = TemporaryDirectory()
        do {
            let realm = try await Realm(configuration: directory.configuration())
            try await realm.write { realm in try realm.add(Person(value: ["id": 1, "name": "Ada"])) }
            await realm.close()
        }
        let realm = try await Realm(configuration: directory.configuration())
        let name = await realm.read { $0.object(ofType: Person.self, forPrimaryKey: 1)?.name }
        #expect(name == "Ada")
    }

    @Test("Realm.deleteFiles removes the file")
    func deleteFiles() async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration()
        do {
            let realm = try await Realm(configuration: configuration)
            await realm.close()
        }
        #expect(try Realm.deleteFiles(for: configuration))
        #expect(!FileManager.default.fileExists(atPath: configuration.fileURL!.path))
    }

    @Test(
        "Reading and writing properties object by object, with objects added and deleted between, agrees with a model"
    )
    func propertyWritesInLoopsAgreeWithAModel() async throws {
        let seed: UInt64 = 0x5EED_0B1E
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            for index in 0..<700 { try realm.add(Dog(value: ["name": "dog \(index)", "age": index])) }
        }
        for round in 0..<6 {
            let expected = try await realm.write { realm -> [String: Int] in
                var random = SeededGenerator(seed: seed &+ UInt64(round))
                var model: [String: Int] = [:]
                for dog in realm.objects(Dog.self) { model[dog.name] = dog.age }
                for step in 0..<2_000 {
                    let dogs = realm.objects(Dog.self)
                    let dog = dogs[Int(random.next() % UInt64(dogs.count))]
                    #expect(model[dog.name] == dog.age, "round \(round) step \(step)")
                    switch random.next() % 10 {
                    case 0:
                        model[dog.name] = nil
                        try realm.delete(dog)
                    case 1:
                        let name = "new \(round).\(step)"
                        try realm.add(Dog(value: ["name": name, "age": step]))
                        model[name] = step
                    case 2:
                        // A rename (a string written in place) followed by an age change.
                        model[dog.name] = nil
                        dog.name += "'"
                        dog.age += 1
                        model[dog.name] = dog.age
                    default:
                        dog.age += 1
                        model[dog.name] = dog.age
                    }
                }
                return model
            }
            let stored = await realm.read { realm in
                Dictionary(uniqueKeysWithValues: realm.objects(Dog.self).map { ($0.name, $0.age) })
            }
            #expect(stored == expected, "round \(round)")
        }
    }

    @Test(
        "Iterating a whole table visits every object once in order: read in pieces, frozen, and in a write that deletes"
    )
    func wholeTableIteration() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            for index in 0..<10_000 { try realm.add(Dog(value: ["name": "dog \(index)", "age": index])) }
        }
        let ages = await realm.read { realm in realm.objects(Dog.self).map(\.age) }
        #expect(ages == Array(0..<10_000))
        let frozen = try await realm.read { realm in try realm.objects(Dog.self).freeze() }
        #expect(frozen.map(\.age) == Array(0..<10_000))
        // A loop in a write may delete what it visits: it walks the objects as they were when it began.
        let visited = try await realm.write { realm -> Int in
            var visited = 0
            for dog in realm.objects(Dog.self) {
                visited += 1
                if dog.age % 2 == 0 { try realm.delete(dog) }
            }
            return visited
        }
        #expect(visited == 10_000)
        let remaining = await realm.read { realm in realm.objects(Dog.self).map(\.age) }
        #expect(remaining == Array(stride(from: 1, to: 10_000, by: 2)))
        #expect(frozen.count == 10_000)
    }
}
