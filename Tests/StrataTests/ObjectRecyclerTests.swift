import Strata
import StrataTestSupport
import Testing

// An iteration rebinds the object it gave last to the next row when nothing else holds it (ObjectRecycler.swift).
// These facts pin what no code may be able to tell: objects kept (strongly, weakly or through their collections)
// stay bound to their own rows, a class with state of its own gets a fresh object per row, and an object deleted
// through itself leaves nothing behind for the next row. IterationRowModelTests covers rows moved by writes. Lookups
// by primary key reuse the object the job's last lookup made the same way, under the same rules.

/// A recyclable model: nothing but `@Persisted` properties.
final class ORCItem: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var score = 0.0
    @Persisted var tags: List<String>
}

/// A model with a stored property of its own, which a rebound object would carry to the next row.
final class ORCNoted: Object {
    @Persisted(primaryKey: true) var id = 0
    var note = 0
}

/// A weak reference, with the id its object had when it was made.
private struct WeakItem {
    weak var item: ORCItem?
    let id: Int
}

@Suite("An iteration's objects stay bound to their own rows")
struct ObjectRecyclerTests {
    static func filled(_ count: Int) async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration([ORCItem.self, ORCNoted.self]))
        try await realm.write { realm in
            for id in 0..<count {
                let item = ORCItem()
                item.id = id
                item.score = Double(id)
                item.tags.append(objectsIn: ["t\(id)", "u\(id)"])
                try realm.add(item)
                let noted = ORCNoted()
                noted.id = id
                try realm.add(noted)
            }
        }
        return realm
    }

    @Test("Objects kept at random, strongly or weakly, read their own rows", arguments: [1, 2, 3] as [UInt64])
    func keptAtRandom(seed: UInt64) async throws {
        print("ObjectRecyclerTests seed: \(seed)")
        let realm = try await Self.filled(3_000)
        let failures = await realm.read { realm in
            var random = SeededGenerator(seed: seed)
            var kept: [(ORCItem, Int)] = []
            var weak: [WeakItem] = []
            var failures: [String] = []
            for (position, item) in realm.objects(ORCItem.self).enumerated() {
                if item.id != position || item.score != Double(position)
                    || Array(item.tags) != ["t\(position)", "u\(position)"]
                {
                    failures.append("position \(position) read \(item.id), \(item.score), \(Array(item.tags))")
                }
                switch random.next() % 4 {
                case 0: kept.append((item, position))
                case 1: weak.append(WeakItem(item: item, id: position))
                default: break
                }
            }
            for (item, id) in kept where item.id != id || Array(item.tags) != ["t\(id)", "u\(id)"] {
                failures.append("kept \(id) reads \(item.id)")
            }
            #expect(Set(kept.map { ObjectIdentifier($0.0) }).count == kept.count)
            for entry in weak {
                if let item = entry.item, item.id != entry.id { failures.append("weak \(entry.id) reads \(item.id)") }
            }
            return failures
        }
        #expect(failures.isEmpty, "seed \(seed): \(failures.prefix(5))")
    }

    @Test("A collection kept from an object reads that object's elements after the iteration moves on")
    func keptCollection() async throws {
        let realm = try await Self.filled(500)
        let failures = await realm.read { realm in
            var lists: [(List<String>, Int)] = []
            for item in realm.objects(ORCItem.self) where item.id % 7 == 0 { lists.append((item.tags, item.id)) }
            return lists.filter { Array($0.0) != ["t\($0.1)", "u\($0.1)"] }.map { "list of \($0.1): \(Array($0.0))" }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(await realm.read { $0.objects(ORCItem.self).count } == 500)
    }

    @Test("A class with state of its own gets a fresh object for every row")
    func ownState() async throws {
        let realm = try await Self.filled(300)
        let notes = await realm.read { realm in
            var seen: [Int] = []
            for noted in realm.objects(ORCNoted.self) {
                seen.append(noted.note)
                noted.note = noted.id + 1
            }
            return seen
        }
        #expect(notes == Array(repeating: 0, count: 300))
    }

    @Test("An object deleted through itself in a loop leaves the next row's object managed")
    func deletedThroughItself() async throws {
        let realm = try await Self.filled(400)
        let outcome = try await realm.write { realm in
            var realms: [Bool] = []
            var deleted: [Bool] = []
            for item in realm.objects(ORCItem.self) {
                realms.append(item.realm != nil)
                if item.id % 2 == 0 {
                    try realm.delete(item)
                    deleted.append(item.realm == nil && item.isInvalidated)
                } else {
                    item.score += 1
                }
            }
            return (realms, deleted)
        }
        #expect(outcome.0 == Array(repeating: true, count: 400))
        #expect(outcome.1 == Array(repeating: true, count: 200))
        let scores = await realm.read { realm in realm.objects(ORCItem.self).map(\.score) }
        let expected: [Double] = (0..<400).filter { $0 % 2 == 1 }.map { Double($0) + 1 }
        #expect(scores == expected)
    }

    @Test("A loop's writes in place are each object's own, across leaves")
    func loopWrites() async throws {
        let realm = try await Self.filled(5_000)
        try await realm.write { realm in
            for item in realm.objects(ORCItem.self) { item.score += Double(item.id % 3) }
        }
        let scores = await realm.read { realm in realm.objects(ORCItem.self).map(\.score) }
        let expected: [Double] = (0..<5_000).map { Double($0 + $0 % 3) }
        #expect(scores == expected)
    }

    @Test("Frozen objects kept from an iteration read their own rows")
    func frozen() async throws {
        let realm = try await Self.filled(2_000)
        let frozen = try await realm.read { realm in try realm.objects(ORCItem.self).freeze() }
        var kept: [(ORCItem, Int)] = []
        for (position, item) in frozen.enumerated() where position % 3 == 0 { kept.append((item, position)) }
        #expect(kept.allSatisfy { $0.0.id == $0.1 && $0.0.isFrozen })
        #expect(kept.count == 667)
    }

    @Test(
        "Lookups by primary key in a write, objects kept or dropped at random, against a model",
        arguments: [4, 5, 6] as [UInt64]
    )
    func lookupsAgainstModel(seed: UInt64) async throws {
        print("ObjectRecyclerTests lookups seed: \(seed)")
        let realm = try await Self.filled(400)
        let (failures, model) = try await realm.write { realm in
            var random = SeededGenerator(seed: seed)
            var model: [Int: Double] = Dictionary(uniqueKeysWithValues: (0..<400).map { ($0, Double($0)) })
            var kept: [(ORCItem, Int)] = []
            var weak: [WeakItem] = []
            var failures: [String] = []
            for step in 0..<4_000 {
                let id = Int(random.next() % 420)
                guard let item = realm.object(ofType: ORCItem.self, forPrimaryKey: id) else {
                    if model[id] != nil { failures.append("step \(step): no object \(id)") }
                    continue
                }
                guard let score = model[id] else {
                    failures.append("step \(step): deleted object \(id) found")
                    continue
                }
                if item.id != id || item.score != score || Array(item.tags) != ["t\(id)", "u\(id)"] {
                    failures.append("step \(step): object \(id) reads \(item.id), \(item.score), \(Array(item.tags))")
                }
                switch random.next() % 10 {
                case 0: kept.append((item, id))
                case 1: weak.append(WeakItem(item: item, id: id))
                case 2:
                    try realm.delete(item)
                    model[id] = nil
                    if !item.isInvalidated { failures.append("step \(step): deleted \(id) is not invalidated") }
                default:
                    item.score += 1
                    model[id] = score + 1
                }
            }
            for (item, id) in kept where !item.isInvalidated {
                if item.id != id || item.score != model[id] { failures.append("kept \(id) reads \(item.id)") }
            }
            #expect(Set(kept.map { ObjectIdentifier($0.0) }).count == kept.count)
            for entry in weak {
                if let item = entry.item, !item.isInvalidated, item.id != entry.id {
                    failures.append("weak \(entry.id) reads \(item.id)")
                }
            }
            return (failures, model)
        }
        #expect(failures.isEmpty, "seed \(seed): \(failures.prefix(5))")
        let stored = await realm.read { realm in
            Dictionary(uniqueKeysWithValues: realm.objects(ORCItem.self).map { ($0.id, $0.score) })
        }
        #expect(stored == model, "seed \(seed)")
    }

    @Test("Two lookups held at once are two objects; a class with state of its own is never reused")
    func lookupsHeldAtOnce() async throws {
        let realm = try await Self.filled(10)
        let outcome = await realm.read { realm in
            let first = realm.object(ofType: ORCItem.self, forPrimaryKey: 3)
            let second = realm.object(ofType: ORCItem.self, forPrimaryKey: 3)
            let same = first === second
            var notes: [Int] = []
            for id in 0..<10 {
                let noted = realm.object(ofType: ORCNoted.self, forPrimaryKey: id)!
                notes.append(noted.note)
                noted.note = id + 1
            }
            return (same, first?.id, second?.id, notes)
        }
        #expect(outcome.0 == false)
        #expect(outcome.1 == 3 && outcome.2 == 3)
        #expect(outcome.3 == Array(repeating: 0, count: 10))
    }
}
