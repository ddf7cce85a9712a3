import Foundation
import Testing

@testable import Strata

// One realm actor shared by many tasks, the way a server keeps one (DESIGN.md section 2, "Many tasks share one
// realm"): writes wait their turn in arrival order and never fail because another task's write is under way; a
// transaction begun with beginWrite() belongs to its task; cancellation and close() end a wait cleanly.

/// Waits (yielding) until `realm` has `count` tasks waiting for a turn to write.
private func waitForWaiters(_ realm: Realm, _ count: Int) async {
    while await realm.waitingWriters < count { await Task.yield() }
}

/// Opens a transaction of this task on `realm`, then starts `count` writers one after the other, each adding a dog
/// aged by its index, each queued before the next starts.
private func queueWriters(on realm: Realm, _ count: Int) async throws -> [Task<Void, any Error>] {
    try await realm.beginWrite()
    var waiting: [Task<Void, any Error>] = []
    for index in 0..<count {
        waiting.append(
            Task { try await realm.write { realm in try realm.add(Dog(value: ["name": "\(index)", "age": index])) } }
        )
        await waitForWaiters(realm, index + 1)
    }
    return waiting
}

@Suite("One realm shared by many tasks")
struct SharedRealmTests {
    @Test(
        "32 request tasks on one realm: inserts, counter increments, frozen reads and a stream; none fails",
        .timeLimit(.minutes(10))
    )
    func serverShape() async throws {
        let directory = TemporaryDirectory()
        let realm = try await Realm(configuration: directory.configuration())
        let second = try await Realm(configuration: directory.configuration())
        try await realm.write { realm in try realm.add(Person(value: ["id": 0, "age": 0])) }
        let stream = await realm.read { realm in realm.objects(Dog.self).filter("age >= 0").changes() }
        let tasks = 32
        let operations = 40
        // Each task's operations, by index: 0 and 2 insert a dog, 1 increments the counter, 3 hands a frozen query
        // to a detached task (one quarter of the operations go through the second realm actor).
        let failures = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    var failed = 0
                    for operation in 0..<operations {
                        let target = (task + operation) % 4 == 0 ? second : realm
                        do {
                            switch operation % 4 {
                            case 0, 2:
                                try await target.write { realm in
                                    try realm.add(Dog(value: ["name": "t\(task)-\(operation)", "age": task]))
                                }
                            case 1:
                                try await target.write { realm in
                                    let counter = realm.object(ofType: Person.self, forPrimaryKey: 0)!
                                    counter.age = (counter.age ?? 0) + 1
                                }
                            default:
                                let frozen = try await target.read { realm in
                                    try realm.objects(Dog.self).filter("age == %@", task).freeze()
                                }
                                let mine = await Task.detached { frozen.count }.value
                                // Exactly this task's own inserts so far: each write returned once committed.
                                if mine != operation / 2 + 1 { failed += 1 }
                            }
                        } catch {
                            Issue.record("task \(task) operation \(operation): \(error)")
                            failed += 1
                        }
                    }
                    return failed
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(failures == 0)
        let (counter, dogs) = await realm.read { realm in
            (realm.object(ofType: Person.self, forPrimaryKey: 0)?.age, realm.objects(Dog.self).count)
        }
        #expect(counter == tasks * operations / 4)
        #expect(dogs == tasks * operations / 2)
        // The stream reaches the database's state: its last change holds every dog.
        var seen = 0
        for await change in stream {
            switch change {
            case .initial(let results), .update(let results, _, _, _): seen = results.count
            case .error(let error): Issue.record("stream error: \(error)")
            }
            if seen == dogs { break }
        }
        #expect(seen == dogs)
    }

    @Test("Ten tasks each awaiting 20 writes on one realm: every write lands")
    func tenTasksTwentyWrites() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in try realm.add(Person(value: ["id": 1, "age": 0])) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    for _ in 0..<20 {
                        try await realm.write { realm in
                            let person = realm.object(ofType: Person.self, forPrimaryKey: 1)!
                            person.age = (person.age ?? 0) + 1
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(await realm.read { $0.object(ofType: Person.self, forPrimaryKey: 1)?.age } == 200)
    }

    @Test("Writers waiting for a turn run in arrival order")
    func arrivalOrder() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        let waiting = try await queueWriters(on: realm, 8)
        try await realm.commitWrite()
        for task in waiting { try await task.value }
        let order = await realm.read { realm in realm.objects(Dog.self).map(\.age) }
        #expect(order == Array(0..<8), "objects are appended in commit order")
    }

    @Test("A transaction belongs to its task: beginWrite again from it throws, other tasks wait")
    func ownerRule() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.beginWrite()
        await expectError(RealmError.alreadyInWriteTransaction) { try await realm.beginWrite() }
        await expectError(RealmError.alreadyInWriteTransaction) {
            try await realm.write { realm in try realm.add(Dog()) }
        }
        #expect(await realm.isInWriteTransaction)
        // Another task's write waits for this transaction instead of failing.
        let other = Task { try await realm.write { realm in try realm.add(Dog(value: ["name": "other"])) } }
        await waitForWaiters(realm, 1)
        // Another task's isolated calls do not land in this task's transaction: they throw, and its reads see the
        // committed version only.
        let outside = Task { () -> (String, Bool, Int) in
            var message = ""
            do {
                try await realm.add(Dog(value: ["name": "intruder"]))
            } catch {
                message = "\(error)"
            }
            let inWrite = await realm.isInWriteTransaction
            let count = await realm.read { realm in realm.objects(Dog.self).count }
            return (message, inWrite, count)
        }
        try await realm.read { realm in try realm.add(Dog(value: ["name": "mine"])) }
        let (message, inWrite, count) = await outside.value
        #expect(
            message
                == RealmError.writeTransactionOfAnotherTask("add objects").description
        )
        #expect(!inWrite)
        #expect(count == 0, "a read by another task never sees the open transaction's changes")
        // The owner still sees its own change.
        #expect(await realm.read { $0.objects(Dog.self).count } == 1)
        await expectError(RealmError.writeTransactionOfAnotherTask("commit")) {
            try await Task { try await realm.commitWrite() }.value
        }
        try await realm.commitWrite()
        try await other.value
        let names = await realm.read { realm in realm.objects(Dog.self).map(\.name) }
        #expect(names == ["mine", "other"])
    }

    @Test(
        "A task cancelled while waiting its turn throws CancellationError and writes nothing",
        .timeLimit(.minutes(10))
    )
    func cancelledWhileWaiting() async throws {
        // Reliability/run repeats the rounds (STRATA_CANCELLATION_REPEATS) with both CPUs busy.
        let rounds = 30 * (Int(ProcessInfo.processInfo.environment["STRATA_CANCELLATION_REPEATS"] ?? "") ?? 1)
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.beginWrite()
        for round in 0..<rounds {
            let waiter = Task { () -> String in
                do {
                    try await realm.write { realm in try realm.add(Dog(value: ["name": "cancelled"])) }
                    return "wrote"
                } catch is CancellationError {
                    return "cancelled"
                }
            }
            if round % 3 == 1 { await Task.yield() }
            if round % 3 == 2 { await waitForWaiters(realm, 1) }
            waiter.cancel()
            #expect(try await waiter.value == "cancelled")
            #expect(await realm.waitingWriters == 0, "the cancelled waiter left the queue")
        }
        try await realm.commitWrite()
        print("RELIABILITY|writers cancelled while waiting their turn on a shared realm|\(rounds)|none missed")
        // The queue is free: the next write begins at once.
        try await realm.write { realm in try realm.add(Dog(value: ["name": "after"])) }
        #expect(await realm.read { $0.objects(Dog.self).map(\.name) } == ["after"])
    }

    @Test("close() wakes the waiting writers with RealmError.closed")
    func closeWakesWaiters() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        let waiting = try await queueWriters(on: realm, 4)
        await realm.close()
        for task in waiting {
            await expectError(RealmError.closed) { try await task.value }
        }
        await expectError(RealmError.closed) { try await realm.write { realm in try realm.add(Dog()) } }
    }

    @Test("A read between two tasks' writes sees only committed data")
    func readsBetweenWrites() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        let counts = try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<25 { try await realm.write { realm in try realm.add(Dog()) } }
                    return []
                }
            }
            group.addTask {
                var seen: [Int] = []
                for _ in 0..<50 {
                    seen.append(await realm.read { realm in realm.objects(Dog.self).count })
                    await Task.yield()
                }
                return seen
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        // Every count a reader saw is a committed state: monotonic, within the range of commits.
        #expect(counts == counts.sorted())
        #expect(counts.allSatisfy { (0...100).contains($0) })
        #expect(await realm.read { $0.objects(Dog.self).count } == 100)
    }
}
