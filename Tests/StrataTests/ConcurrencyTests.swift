import Foundation
import Strata
import Testing

@Suite("Actors, frozen snapshots and concurrent writers")
struct ConcurrencyTests {
    @Test("A write on one realm actor is visible to another on the same file after refresh")
    func twoActors() async throws {
        let directory = TemporaryDirectory()
        let first = try await Realm(configuration: directory.configuration())
        let second = try await Realm(configuration: directory.configuration())
        let before = await second.read { $0.objects(Dog.self).count }
        try await first.write { realm in try realm.add(Dog(value: ["name": "Rex"])) }
        let after = await second.read { realm -> Int in
            realm.refresh()
            return realm.objects(Dog.self).count
        }
        #expect(before == 0)
        #expect(after == 1)
    }

    @Test("Writes from many tasks on several actors all land, none lost")
    func manyWriters() async throws {
        let directory = TemporaryDirectory()
        let setup = try await Realm(configuration: directory.configuration())
        try await setup.write { realm in try realm.add(Person(value: ["id": 1, "age": 0])) }
        let configuration = directory.configuration()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let realm = try await Realm(configuration: configuration)
                    for _ in 0..<25 {
                        try await realm.write { realm in
                            let person = realm.object(ofType: Person.self, forPrimaryKey: 1)!
                            person.age = (person.age ?? 0) + 1
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let age = await setup.read { $0.object(ofType: Person.self, forPrimaryKey: 1)?.age }
        #expect(age == 100)
    }

    @Test("Awaited writes under the realm's task executor run on the realm's thread, and every one lands")
    func taskExecutorPreference() async throws {
        let directory = TemporaryDirectory()
        let realm = try await Realm(configuration: directory.configuration())
        let threads = try await withTaskExecutorPreference(realm.taskExecutor) {
            var threads = Set<String>()
            for id in 0..<50 {
                threads.insert(currentThreadName())
                try await realm.write { realm in try realm.add(Person(value: ["id": id, "age": id])) }
            }
            return threads
        }
        #expect(threads == ["strata realm"])
        #expect(await realm.read { $0.objects(Person.self).sum(ofProperty: "age") as Int } == 1225)
        // The preference holds the executor: its thread still runs jobs after the realm closes.
        await realm.close()
        #expect(await withTaskExecutorPreference(realm.taskExecutor) { currentThreadName() } == "strata realm")
    }

    @Test("Frozen results are Sendable and readable from another task")
    func frozenResultsAcrossTasks() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            for index in 0..<10 { try realm.add(Dog(value: ["name": "dog \(index)", "age": index])) }
        }
        let frozen = try await realm.read { realm in try realm.objects(Dog.self).freeze() }
        try await realm.write { realm in try realm.deleteAll() }
        let total = await Task.detached {
            #expect(frozen.isFrozen)
            return frozen.reduce(0) { $0 + $1.age }
        }.value
        #expect(total == 45, "the frozen snapshot keeps its version after the delete")
        let live = await realm.read { $0.objects(Dog.self).count }
        #expect(live == 0)
    }

    @Test("A frozen object reads from any task and cannot be modified")
    func frozenObject() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in try realm.add(Person(value: ["id": 5, "name": "Ada"])) }
        let frozen = try await realm.read { realm in try realm.objects(Person.self).freeze() }
        let (name, isFrozen) = await Task.detached { (frozen[0].name, frozen[0].isFrozen) }.value
        #expect(name == "Ada")
        #expect(isFrozen)
    }

    @Test("An unmanaged List shared by tasks: appends, reads and removals from all of them at once are exact")
    func unmanagedListAcrossTasks() async throws {
        // The list's own operations are behind its lock (the thread sanitizer runs this suite in CI). The objects in
        // it are another matter: each task appends objects of its own and never changes another task's.
        let list = List<Dog>()
        let names = List<String>()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for index in 0..<250 {
                        list.append(Dog(value: ["name": "\(task)-\(index)", "age": task]))
                        names.append("\(task)")
                        if index % 5 == 4 { names.removeLast() }
                        _ = list.count
                    }
                }
            }
        }
        #expect(list.count == 1_000)
        #expect(names.count == 800)
        #expect(Set(list.map(\.name)).count == 1_000)
        #expect(Dictionary(grouping: list, by: \.age).mapValues(\.count) == [0: 250, 1: 250, 2: 250, 3: 250])
    }
}

/// The name of the calling thread, as `top -H` shows it.
private func currentThreadName() -> String {
    let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
    return name.trimmingCharacters(in: .newlines)
}
