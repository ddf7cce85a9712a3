import Foundation
import Strata
import StrataCore
import StrataTestSupport
import Testing

/// What one consumer of a stream saw: its last payload (people's ids in order) and any violation.
private actor ConsumerLog {
    private(set) var last: [Int] = []
    private(set) var problems: [String] = []
    private(set) var updates = 0

    func initial(_ ids: [Int]) { last = ids }

    /// Records every change of `stream` until it ends.
    func follow(_ stream: ChangeStream<RealmCollectionChange<Results<Person>>>) async {
        for await change in stream {
            switch change {
            case .initial(let people): initial(people.map(\.id))
            case .update(let people, let deletions, let insertions, let modifications):
                update(people.map(\.id), deletions: deletions, insertions: insertions, modifications: modifications)
            case .error(let error): problems.append("error \(error)")
            }
        }
    }

    /// Applies a change to the last payload; it must give exactly the new one.
    func update(_ ids: [Int], deletions: [Int], insertions: [Int], modifications: [Int]) {
        updates += 1
        var applied = last
        for index in deletions.reversed() {
            guard index < applied.count else { return problems.append("deletion \(index) out of \(last)") }
            applied.remove(at: index)
        }
        for index in insertions {
            guard index <= applied.count, index < ids.count else {
                return problems.append("insertion \(index) into \(applied) for \(ids)")
            }
            applied.insert(ids[index], at: index)
        }
        if applied != ids { problems.append("\(last) -\(deletions) +\(insertions) gave \(applied), not \(ids)") }
        if modifications.contains(where: { $0 >= last.count || deletions.contains($0) }) {
            problems.append("modifications \(modifications) against \(last) -\(deletions)")
        }
        last = ids
    }
}

// A model-based test of change streams: random writes from two realms of one file, several observed queries; after
// every delivered change, applying it to the consumer's previous payload gives exactly the new payload, and each
// stream's last payload ends equal to the database's final state.
@Suite("Change streams against a model: random writes, every change applies exactly")
struct ChangeStreamModelTests {
    static let queries: [(format: String, sort: String?)] = [
        ("TRUEPREDICATE", nil), ("age > 30", "name"), ("name BEGINSWITH 'a'", "age"), ("age < 50", "id"),
    ]

    @Test("random writes from two realms; every delivered change takes the last payload to the next")
    func randomWrites() async throws {
        let seed = UInt64.random(in: 0..<UInt64.max)
        print("ChangeStreamModelTests seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        let configuration = memoryConfiguration()
        let observing = try await Realm(configuration: configuration)
        let other = try await Realm(configuration: configuration)
        let streams = await observing.read { realm in
            Self.queries.map { query in
                let results = realm.objects(Person.self).filter(query.format)
                return (query.sort.map { results.sorted(byKeyPath: $0) } ?? results).changes()
            }
        }
        let logs = streams.map { _ in ConsumerLog() }
        let consumers = zip(streams, logs).map { stream, log in
            Task { await log.follow(stream) }
        }
        let names = ["ada", "bob", "al", "cy", "anne", "dee"]
        var nextId = 0
        for step in 0..<300 {
            let writer = step % 3 == 0 ? other : observing
            let operation = Int.random(in: 0..<10, using: &random)
            let age = Int.random(in: 0..<80, using: &random)
            let name = names[Int.random(in: 0..<names.count, using: &random)]
            let pick = Int.random(in: 0..<1000, using: &random)
            let id = nextId
            if operation < 4 { nextId += 1 }
            try await writer.write { realm in
                let people = realm.objects(Person.self).sorted(byKeyPath: "id")
                switch operation {
                case 0..<4:
                    try realm.add(Person(value: ["id": id, "name": name, "age": age]))
                case 4..<6 where !people.isEmpty:
                    try realm.delete(people[pick % people.count])
                case 6..<8 where !people.isEmpty:
                    people[pick % people.count].age = age
                case 8 where !people.isEmpty:
                    people[pick % people.count].name = name
                default:
                    if people.count > 1 { people[pick % people.count].age = people[(pick + 1) % people.count].age ?? 0 }
                }
            }
        }
        let expected = await observing.read { realm in
            Self.queries.map { query in
                let results = realm.objects(Person.self).filter(query.format)
                return (query.sort.map { results.sorted(byKeyPath: $0) } ?? results).map(\.id)
            }
        }
        // Deliveries from the other realm arrive on their own tasks: wait (bounded) until every consumer caught up.
        for _ in 0..<500 {
            var caughtUp = true
            for (log, ids) in zip(logs, expected) where await log.last != ids { caughtUp = false }
            if caughtUp { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        for (index, log) in logs.enumerated() {
            #expect(await log.problems == [], "query \(Self.queries[index].format), seed \(seed)")
            #expect(await log.last == expected[index], "query \(Self.queries[index].format), seed \(seed)")
            #expect(await log.updates > 0)
        }
        for consumer in consumers { consumer.cancel() }
    }

    @Test("8 writer actors, frozen reads, references and streams started and cancelled: nothing lost")
    func eightActors() async throws {
        let configuration = memoryConfiguration()
        let realms = try await (0..<8).asyncMap { _ in try await Realm(configuration: configuration) }
        let observer = try await Realm(configuration: configuration)
        let stream = await observer.read { realm in realm.objects(Person.self).sorted(byKeyPath: "id").changes() }
        let log = ConsumerLog()
        let consumer = Task { await log.follow(stream) }
        let perWriter = 40
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (writer, realm) in realms.enumerated() {
                group.addTask {
                    for step in 0..<perWriter {
                        let id = writer * 10_000 + step
                        try await realm.write { realm in
                            try realm.add(Person(value: ["id": id, "name": "p\(id)", "age": step % 90]))
                        }
                        if step % 10 == 0 {
                            // A frozen read in a detached task, a reference resolved on another actor, and a
                            // short-lived stream.
                            let frozen = try await realm.read { realm in try realm.objects(Person.self).freeze() }
                            let count = await Task.detached { frozen.filter("age >= 0").count }.value
                            #expect(count >= step + 1)
                            let reference = try await realm.read { realm in
                                try ThreadSafeReference(to: realm.object(ofType: Person.self, forPrimaryKey: id)!)
                            }
                            let other = realms[(writer + 1) % realms.count]
                            let name = try await other.read { realm in try realm.resolve(reference)?.name }
                            #expect(name == "p\(id)")
                            let shortLived = await other.read { realm in realm.objects(Person.self).changes() }
                            var iterator = shortLived.makeAsyncIterator()
                            _ = await iterator.next()
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let expected = await observer.read { realm in realm.objects(Person.self).sorted(byKeyPath: "id").map(\.id) }
        #expect(expected.count == 8 * perWriter)
        for _ in 0..<500 where await log.last != expected { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await log.last == expected)
        #expect(await log.problems == [])
        consumer.cancel()
    }
}

extension Sequence {
    /// The results of `transform` on each element, in order, one at a time.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
