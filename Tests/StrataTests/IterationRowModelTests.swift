import Strata
import StrataTestSupport
import Testing

// Live objects made by iterating a query sorted by a string, checked against an in-memory model over random rounds
// (printed seed): every object reads its own values during the iteration and after writes that move rows (deletes
// that shrink and merge leaves, inserts at the table's end), whether it was read during the iteration or kept unread
// past it, and a write in the middle of an iteration is seen by the objects made after it. Issue 36's "objects kept
// past their iteration, rows moved by writes during an iteration".

/// The model of the test: an integer key, a unique name (the sort key), an age (the filter) and a score.
final class IRMItem: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var score = 0.0
}

@Suite("Objects made by an iteration read their own rows across writes")
struct IterationRowModelTests {
    /// The test's model: id → (name, age, score).
    typealias Model = [Int: (name: String, age: Int, score: Double)]

    static let query = "age BETWEEN {20, 60}"

    /// The model's answer to the query sorted by name (names are unique, lower-case ASCII, so byte order is Realm's).
    static func expected(_ model: Model, ascending: Bool = true) -> [Int] {
        let selected = model.filter { (20...60).contains($0.value.age) }
        let sorted = selected.sorted { $0.value.name < $1.value.name }.map(\.key)
        return ascending ? sorted : sorted.reversed()
    }

    static func randomName(_ random: inout SeededGenerator) -> String {
        "n" + String(random.next() % 1_000_000_000, radix: 36) + "-" + String(random.next() % 1_000, radix: 36)
    }

    @Test("Objects read their own rows across writes that move them", arguments: [1, 2, 3, 4] as [UInt64])
    func modelBased(seed: UInt64) async throws {
        print("IterationRowModelTests seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        let realm = try await Realm(configuration: memoryConfiguration([IRMItem.self]))
        var model: Model = [:]
        var nextID = 0
        var usedNames = Set<String>()
        func freshName(_ random: inout SeededGenerator) -> String {
            while true {
                let name = Self.randomName(&random)
                if usedNames.insert(name).inserted { return name }
            }
        }
        // Enough objects for many leaves.
        var initial: [(Int, String, Int, Double)] = []
        for _ in 0..<1_500 {
            initial.append((nextID, freshName(&random), Int(random.next() % 80), Double(random.next() % 1_000)))
            nextID += 1
        }
        for row in initial { model[row.0] = (row.1, row.2, row.3) }
        let seeded = initial
        try await realm.write { realm in
            for row in seeded {
                try realm.add(IRMItem(value: ["id": row.0, "name": row.1, "age": row.2, "score": row.3]))
            }
        }
        for round in 0..<12 {
            // Random changes between the rounds: inserts (which split leaves), deletes, new names and ages.
            var inserts: [(Int, String, Int, Double)] = []
            for _ in 0..<Int(random.next() % 300) {
                inserts.append((nextID, freshName(&random), Int(random.next() % 80), Double(random.next() % 1_000)))
                nextID += 1
            }
            let existing = model.keys.sorted()
            let deletes = Set(
                (0..<Int(random.next() % 200)).map { _ in existing[Int(random.next() % UInt64(existing.count))] }
            )
            let updates = (0..<Int(random.next() % 100)).map { _ in
                (existing[Int(random.next() % UInt64(existing.count))], freshName(&random), Int(random.next() % 80))
            }
            for row in inserts { model[row.0] = (row.1, row.2, row.3) }
            let added = inserts
            for (id, name, age) in updates where !deletes.contains(id) {
                model[id]?.name = name
                model[id]?.age = age
            }
            for id in deletes { model[id] = nil }
            try await realm.write { realm in
                for row in added {
                    try realm.add(IRMItem(value: ["id": row.0, "name": row.1, "age": row.2, "score": row.3]))
                }
                for (id, name, age) in updates where !deletes.contains(id) {
                    let item = realm.object(ofType: IRMItem.self, forPrimaryKey: id)!
                    item.name = name
                    item.age = age
                }
                for id in deletes { try realm.delete(realm.object(ofType: IRMItem.self, forPrimaryKey: id)!) }
            }
            let midWrite = round % 2 == 1
            let extraID = nextID
            nextID += 1
            let extraName = freshName(&random)
            let failures = try await Self.iterateAndCheck(
                realm,
                model: model,
                ascending: round % 3 != 2,
                midWrite: midWrite ? (extraID, extraName) : nil
            )
            #expect(failures.isEmpty, "seed \(seed), round \(round): \(failures.prefix(5))")
            if midWrite {
                // The iteration's write: one object was added, then every object's score went up by one.
                model[extraID] = (extraName, 40, 0)
                for id in model.keys { model[id]?.score += 1 }
            }
        }
    }

    /// Iterates the sorted query, compares each object with the model, keeps every third object unread and every
    /// fifth read, then (in `midWrite` rounds, half way through the iteration) adds one object and raises every
    /// object's score by one, then moves every kept object's row with an insert of many objects, and checks that the
    /// kept objects read what the model says. Returns what differed.
    static func iterateAndCheck(
        _ realm: isolated Realm,
        model: Model,
        ascending: Bool,
        midWrite: (id: Int, name: String)?
    ) async throws -> [String] {
        var failures: [String] = []
        let expectedIDs = expected(model, ascending: ascending)
        var seen: [Int] = []
        var kept: [(IRMItem, Int)] = []
        var raised = false
        let results = realm.objects(IRMItem.self).filter(query).sorted(byKeyPath: "name", ascending: ascending)
        for (position, item) in results.enumerated() {
            if let midWrite, position == expectedIDs.count / 2 {
                try await realm.beginWrite()
                try realm.add(IRMItem(value: ["id": midWrite.id, "name": midWrite.name, "age": 40]))
                for other in realm.objects(IRMItem.self) { other.score += 1 }
                try realm.commitWrite()
                raised = true
            }
            if position % 3 == 0 {
                kept.append((item, expectedIDs[position]))
                continue
            }
            let id = item.id
            seen.append(id)
            guard let values = model[id] else {
                failures.append("position \(position): id \(id) is not in the model")
                continue
            }
            let score = values.score + (raised ? 1 : 0)
            if item.name != values.name || item.age != values.age || item.score != score {
                failures.append("position \(position): id \(id) read \(item.name), \(item.age), \(item.score)")
            }
            if position % 5 == 0 { kept.append((item, id)) }
        }
        let seenExpected = expectedIDs.enumerated().filter { $0.offset % 3 != 0 }.map(\.element)
        if seen != seenExpected { failures.append("iterated \(seen.count) ids, not the model's \(seenExpected.count)") }
        // Rows move: the objects outside the query are deleted (their leaves shrink and merge) and added again with
        // the same values (new rows at the table's end); the model does not change.
        try await realm.beginWrite()
        let outside = realm.objects(IRMItem.self).filter("age < 20 OR age > 60")
        let copies = outside.map { ["id": $0.id, "name": $0.name, "age": $0.age, "score": $0.score] as [String: Any] }
        try realm.delete(outside)
        for copy in copies { try realm.add(IRMItem(value: copy)) }
        try realm.commitWrite()
        for (item, id) in kept {
            guard let values = model[id] else { continue }
            let score = values.score + (midWrite == nil ? 0 : 1)
            if item.id != id || item.name != values.name || item.age != values.age || item.score != score {
                failures.append("kept id \(id) read \(item.id), \(item.name), \(item.age), \(item.score)")
            }
        }
        return failures
    }
}
