import Strata
import StrataTestSupport
import Testing

// A sorted (and filtered) result's iterator hands each object the row its query's scan found it in, while the realm
// has not changed since the keys were computed (ResultRowBinder.swift); after a change the objects find their rows
// again. Checked against an in-memory model over random rounds (printed seed): random filtered, sorted, distinct and
// limited queries, every property read during the iteration; random writes between the rounds, a `realm.write` in the
// middle of a read's iteration, writes inside a write transaction's iteration (sets, inserts, deletes of the object
// just read); objects kept past their iteration, frozen results, subscripts and dynamic objects. Issue 36's "sorted
// materialization".

/// The model of the test: every type a sort reads in place (string, optional string, integer, double, Bool).
final class SRItem: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var score = 0.0
    @Persisted var active = false
    @Persisted var nick: String?
}

/// A model with a stored property of its own: its iterations make a new object per row (no recycling).
final class SRNoted: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    var note = 0
}

@Suite("Sorted results bind their objects to the rows their scan found")
struct SortedRowsTests {
    /// One object's values in the model.
    struct Row: Equatable, Sendable {
        var name: String
        var age: Int
        var score: Double
        var active: Bool
        var nick: String?
    }

    typealias Model = [Int: Row]

    /// A random query: its predicate (nil: none), what it selects in the model, its stages.
    struct Query: CustomStringConvertible, Sendable {
        var predicate: String?
        var selects: @Sendable (Row) -> Bool
        var limit: Int?
        var sort: [SortDescriptor]
        /// Distinct by age: before the sort (in key order) or after it.
        var distinct: (before: Bool, after: Bool)

        var description: String {
            "\(predicate ?? "all") limit \(limit.map(String.init) ?? "-") sort \(sort) distinct \(distinct)"
        }

        /// The results in the realm.
        func results<T: Object>(_ realm: isolated Realm, _ type: T.Type) -> Results<T> {
            var text = predicate ?? "TRUEPREDICATE"
            if let limit { text += " LIMIT(\(limit))" }
            var results = realm.objects(T.self).filter(text)
            if distinct.before { results = results.distinct(by: ["age"]) }
            results = results.sorted(by: sort)
            if distinct.after { results = results.distinct(by: ["age"]) }
            return results
        }

        /// The model's answer, in order: ties keep key order, which is id order (ids ascend with insertion).
        func expected(_ model: Model) -> [Int] {
            var ids = model.keys.sorted().filter { selects(model[$0]!) }
            if let limit { ids = Array(ids.prefix(limit)) }
            if distinct.before { ids = Self.distinctAges(ids, model) }
            ids = ids.enumerated().sorted { a, b in
                for descriptor in sort {
                    let order = Self.compare(model[a.element]!, model[b.element]!, descriptor.keyPath)
                    if order != 0 { return descriptor.ascending ? order < 0 : order > 0 }
                }
                return a.offset < b.offset
            }.map(\.element)
            if distinct.after { ids = Self.distinctAges(ids, model) }
            return ids
        }

        static func distinctAges(_ ids: [Int], _ model: Model) -> [Int] {
            var seen = Set<Int>()
            return ids.filter { seen.insert(model[$0]!.age).inserted }
        }

        /// Realm's order of one property (names are lower-case letters, whose byte order is Realm's; nulls first).
        static func compare(_ a: Row, _ b: Row, _ keyPath: String) -> Int {
            func order<T: Comparable>(_ x: T, _ y: T) -> Int { x < y ? -1 : (x == y ? 0 : 1) }
            switch keyPath {
            case "name": return order(a.name, b.name)
            case "age": return order(a.age, b.age)
            case "score": return order(a.score, b.score)
            case "active": return order(a.active ? 1 : 0, b.active ? 1 : 0)
            default:
                switch (a.nick, b.nick) {
                case (nil, nil): return 0
                case (nil, _): return -1
                case (_, nil): return 1
                case (let x?, let y?): return order(x, y)
                }
            }
        }

        static func random(_ random: inout SeededGenerator) -> Query {
            let age = Int(random.next() % 60)
            let span = Int(random.next() % 30)
            let score = Double(random.next() % 40) / 2
            let letter = String(UnicodeScalar(UInt8(97 + random.next() % 4)))
            var query: Query
            switch random.next() % 6 {
            case 0: query = Query(predicate: nil, selects: { _ in true }, sort: [], distinct: (false, false))
            case 1:
                query = Query(
                    predicate: "age BETWEEN {\(age), \(age + span)}",
                    selects: { (age...(age + span)).contains($0.age) },
                    sort: [],
                    distinct: (false, false)
                )
            case 2:
                query = Query(
                    predicate: "age >= \(age) AND active == true",
                    selects: { $0.age >= age && $0.active },
                    sort: [],
                    distinct: (false, false)
                )
            case 3:
                query = Query(
                    predicate: "name BEGINSWITH '\(letter)'",
                    selects: { $0.name.hasPrefix(letter) },
                    sort: [],
                    distinct: (false, false)
                )
            case 4:
                // Not compiled: tested row by row.
                query = Query(
                    predicate: "score < \(score) OR age == \(age)",
                    selects: { $0.score < score || $0.age == age },
                    sort: [],
                    distinct: (false, false)
                )
            default:
                query = Query(
                    predicate: "nick == nil OR age < \(age)",
                    selects: { $0.nick == nil || $0.age < age },
                    sort: [],
                    distinct: (false, false)
                )
            }
            let paths = ["name", "age", "score", "active", "nick"]
            for _ in 0..<(1 + Int(random.next() % 2)) {
                query.sort.append(
                    SortDescriptor(keyPath: paths[Int(random.next() % 5)], ascending: random.next() % 3 != 0)
                )
            }
            switch random.next() % 6 {
            case 0: query.distinct = (true, false)
            case 1: query.distinct = (false, true)
            default: break
            }
            if random.next() % 6 == 0 { query.limit = Int(random.next() % 500) }
            return query
        }
    }

    static func randomRow(_ random: inout SeededGenerator) -> Row {
        // Few letters: many ties, which keep key order.
        func word(_ length: Int) -> String {
            String((0..<length).map { _ in Character(UnicodeScalar(UInt8(97 + random.next() % 4))) })
        }
        let name = word(1 + Int(random.next() % 3))
        let nick: String? = random.next() % 3 == 0 ? nil : word(1 + Int(random.next() % 2))
        return Row(
            name: name,
            age: Int(random.next() % 80),
            score: Double(random.next() % 40) / 2,
            active: random.next() % 2 == 0,
            nick: nick
        )
    }

    static func add(_ realm: isolated Realm, _ id: Int, _ row: Row) throws {
        let item = SRItem()
        item.id = id
        item.name = row.name
        item.age = row.age
        item.score = row.score
        item.active = row.active
        item.nick = row.nick
        try realm.add(item)
    }

    /// What is wrong with `item` met at `position` of an iteration whose ids should be `expected` and whose objects
    /// should hold `model`'s values; nil when nothing is.
    static func mismatch(_ item: SRItem, at position: Int, _ expected: [Int], _ model: [Int: Row]) -> String? {
        let id = item.id
        if position >= expected.count || id != expected[position] {
            return "position \(position): id \(id), expected \(expected.dropFirst(position).first ?? -1)"
        }
        if values(item) != model[id] { return "position \(position): id \(id) read \(values(item)), not \(model[id]!)" }
        return nil
    }

    static func values(_ item: SRItem) -> Row {
        Row(name: item.name, age: item.age, score: item.score, active: item.active, nick: item.nick)
    }

    static func values(_ item: DynamicObject) -> Row {
        Row(
            name: item["name"] as! String,
            age: item["age"] as! Int,
            score: item["score"] as! Double,
            active: item["active"] as! Bool,
            nick: item["nick"] as? String
        )
    }

    @Test("Objects of sorted results read their own rows across writes", arguments: [1, 2, 3] as [UInt64])
    func modelBased(seed: UInt64) async throws {
        print("SortedRowsTests seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        let realm = try await Realm(configuration: memoryConfiguration([SRItem.self, SRNoted.self]))
        var model: Model = [:]
        var nextID = 0
        var initial: [(Int, Row)] = []
        // Enough objects for many leaves.
        for _ in 0..<2_000 {
            initial.append((nextID, Self.randomRow(&random)))
            nextID += 1
        }
        for (id, row) in initial { model[id] = row }
        let seeded = initial
        try await realm.write { realm in for (id, row) in seeded { try Self.add(realm, id, row) } }
        for round in 0..<10 {
            let query = Query.random(&random)
            var state = RoundState(model: model, nextID: nextID, random: random)
            let failures: [String]
            switch round % 3 {
            case 0: failures = try await Self.iterateAcrossWrite(realm, query, &state)
            case 1: failures = try await Self.iterateInWrite(realm, query, &state)
            default: failures = try await Self.iterateKeptAndFrozen(realm, query, &state)
            }
            (model, nextID, random) = (state.model, state.nextID, state.random)
            #expect(failures.isEmpty, "seed \(seed), round \(round), \(query): \(failures.prefix(5))")
            // Random changes between the rounds: inserts (which split leaves), deletes, new values.
            let changes = Self.randomChanges(&model, &nextID, &random, deletes: true)
            try await realm.write { realm in try Self.apply(changes, realm) }
        }
    }

    /// What a round changes as it goes.
    struct RoundState {
        var model: Model
        var nextID: Int
        var random: SeededGenerator
    }

    /// Writes: objects added, changed and deleted.
    struct Changes: Sendable {
        var inserts: [(Int, Row)] = []
        var updates: [(Int, Row)] = []
        var deletes: [Int] = []
    }

    /// Random changes, applied to `model`; deletes only when `deletes` (else an iteration's later objects would go).
    static func randomChanges(
        _ model: inout Model,
        _ nextID: inout Int,
        _ random: inout SeededGenerator,
        deletes: Bool,
        sparing spared: Set<Int> = []
    ) -> Changes {
        var changes = Changes()
        for _ in 0..<Int(random.next() % 300) {
            changes.inserts.append((nextID, randomRow(&random)))
            nextID += 1
        }
        let existing = model.keys.sorted()
        for _ in 0..<Int(random.next() % 150) {
            let id = existing[Int(random.next() % UInt64(existing.count))]
            changes.updates.append((id, randomRow(&random)))
        }
        if deletes {
            let chosen = (0..<Int(random.next() % 150)).map { _ in existing[Int(random.next() % UInt64(existing.count))]
            }
            changes.deletes = Array(Set(chosen).subtracting(spared))
        }
        for (id, row) in changes.inserts { model[id] = row }
        for (id, row) in changes.updates { model[id] = row }
        for id in changes.deletes { model[id] = nil }
        return changes
    }

    static func apply(_ changes: Changes, _ realm: isolated Realm) throws {
        for (id, row) in changes.inserts { try add(realm, id, row) }
        for (id, row) in changes.updates {
            let item = realm.object(ofType: SRItem.self, forPrimaryKey: id)!
            item.name = row.name
            item.age = row.age
            item.score = row.score
            item.active = row.active
            item.nick = row.nick
        }
        for id in changes.deletes { try realm.delete(realm.object(ofType: SRItem.self, forPrimaryKey: id)!) }
    }

    /// Iterates in a read, reading every property; half way, a `realm.write` changes values (of objects not visited
    /// yet too), inserts objects and deletes objects already visited: the objects after it read the new values.
    static func iterateAcrossWrite(
        _ realm: isolated Realm,
        _ query: Query,
        _ state: inout RoundState
    ) async throws -> [String] {
        var failures: [String] = []
        let expected = query.expected(state.model)
        let results = query.results(realm, SRItem.self)
        var visited: [Int] = []
        for (position, item) in results.enumerated() {
            if position == expected.count / 2 {
                var changes = randomChanges(&state.model, &state.nextID, &state.random, deletes: false)
                // Deletes of objects visited already (the iteration's later objects stay).
                changes.deletes = Array(Set(visited.filter { _ in state.random.next() % 4 == 0 }))
                for id in changes.deletes { state.model[id] = nil }
                let made = changes
                try await realm.write { realm in try apply(made, realm) }
            }
            let id = item.id
            visited.append(id)
            if let failure = mismatch(item, at: position, expected, state.model) { failures.append(failure) }
        }
        if visited.count != expected.count { failures.append("iterated \(visited.count), not \(expected.count)") }
        return failures
    }

    /// Iterates in a write transaction that changed objects before the query, reading every property; past the first
    /// third, changes the object just read (a set in place), another object's values, adds an object or deletes the
    /// object just read.
    static func iterateInWrite(
        _ realm: isolated Realm,
        _ query: Query,
        _ state: inout RoundState
    ) async throws -> [String] {
        var failures: [String] = []
        try await realm.beginWrite()
        // Changes before the query: the scan then finds rows in leaves the transaction changed.
        let changes = randomChanges(&state.model, &state.nextID, &state.random, deletes: true)
        try apply(changes, realm)
        let expected = query.expected(state.model)
        let results = query.results(realm, SRItem.self)
        var count = 0
        for (position, item) in results.enumerated() {
            count += 1
            let id = item.id
            if let failure = mismatch(item, at: position, expected, state.model) {
                failures.append(failure)
                continue
            }
            // The first third only reads (every object is handed the row the scan found); then writes come.
            guard position * 3 >= expected.count else { continue }
            switch state.random.next() % 8 {
            case 0, 1, 2:
                item.score += 1
                state.model[id]!.score += 1
            case 3:
                let other = expected[Int(state.random.next() % UInt64(expected.count))]
                guard state.model[other] != nil else { break }
                let row = randomRow(&state.random)
                let object = realm.object(ofType: SRItem.self, forPrimaryKey: other)!
                object.name = row.name
                object.age = row.age
                object.nick = row.nick
                state.model[other]!.name = row.name
                state.model[other]!.age = row.age
                state.model[other]!.nick = row.nick
            case 4:
                let row = randomRow(&state.random)
                try add(realm, state.nextID, row)
                state.model[state.nextID] = row
                state.nextID += 1
            case 5:
                try realm.delete(item)
                state.model[id] = nil
            default: break
            }
        }
        if count != expected.count { failures.append("iterated \(count), not \(expected.count)") }
        try realm.commitWrite()
        return failures
    }

    /// Iterates keeping every fifth object, freezes the results, reads them by subscript and as dynamic objects and
    /// objects of a class that is not recycled; then writes, and checks the kept objects and the frozen results.
    static func iterateKeptAndFrozen(
        _ realm: isolated Realm,
        _ query: Query,
        _ state: inout RoundState
    ) async throws -> [String] {
        var failures: [String] = []
        let before = state.model
        let expected = query.expected(before)
        let results = query.results(realm, SRItem.self)
        var kept: [(SRItem, Int)] = []
        var ids: [Int] = []
        for (position, item) in results.enumerated() {
            ids.append(item.id)
            if values(item) != before[item.id] { failures.append("position \(position): id \(item.id) differs") }
            if position % 5 == 0 { kept.append((item, item.id)) }
        }
        if ids != expected { failures.append("iterated \(ids.count) ids, not the model's \(expected.count)") }
        // A second iteration of the same results (their keys and rows cached).
        var again: [Int] = []
        for item in results {
            again.append(item.id)
            if values(item) != before[item.id] { failures.append("again: id \(item.id) differs") }
        }
        if again != expected { failures.append("the second iteration gave \(again.count) ids") }
        for _ in 0..<min(20, expected.count) {
            let position = Int(state.random.next() % UInt64(expected.count))
            let item = results[position]
            if item.id != expected[position] || values(item) != before[item.id] {
                failures.append("results[\(position)] read \(item.id), not \(expected[position])")
            }
        }
        var dynamicIDs: [Int] = []
        for item in query.results(realm, DynamicObject.self, className: "SRItem") {
            let id = item["id"] as! Int
            dynamicIDs.append(id)
            if values(item) != before[id] { failures.append("dynamic: id \(id) differs") }
        }
        if dynamicIDs != expected { failures.append("the dynamic objects gave \(dynamicIDs.count) ids") }
        let frozen = try results.freeze()
        // Objects of a class with state of its own (a new object per row): their names are the items' names.
        let notedNames = Dictionary(uniqueKeysWithValues: before.map { ($0.key, $0.value.name) })
        try await realm.write { realm in
            try realm.delete(realm.objects(SRNoted.self))
            for (id, name) in notedNames { try realm.add(SRNoted(value: ["id": id, "name": name])) }
        }
        var notedCount = 0
        let sortedNames = realm.objects(SRNoted.self).filter("name BEGINSWITH 'a' OR name BEGINSWITH 'c'")
            .sorted(by: [SortDescriptor(keyPath: "name", ascending: false), "id"])
        var previous: (String, Int)?
        for noted in sortedNames {
            notedCount += 1
            noted.note = notedCount
            if notedNames[noted.id] != noted.name { failures.append("noted \(noted.id) reads \(noted.name)") }
            if let (name, id) = previous, name < noted.name || (name == noted.name && id > noted.id) {
                failures.append("noted \(noted.id) after \(id)")
            }
            previous = (noted.name, noted.id)
        }
        let notedExpected = notedNames.values.filter { $0.hasPrefix("a") || $0.hasPrefix("c") }.count
        if notedCount != notedExpected { failures.append("noted: \(notedCount), not \(notedExpected)") }
        // Writes that move rows: every kept object reads its own row after them, or is invalidated.
        let changes = randomChanges(&state.model, &state.nextID, &state.random, deletes: true)
        try await realm.write { realm in try apply(changes, realm) }
        for (item, id) in kept {
            guard let row = state.model[id] else {
                if !item.isInvalidated { failures.append("kept \(id) was deleted but is not invalidated") }
                continue
            }
            if item.id != id || values(item) != row { failures.append("kept \(id) read \(item.id), \(values(item))") }
        }
        let frozenIDs = frozen.map(\.id)
        if frozenIDs != expected { failures.append("the frozen results gave \(frozenIDs.count) ids") }
        for item in frozen where values(item) != before[item.id] { failures.append("frozen \(item.id) differs") }
        return failures
    }
}

extension SortedRowsTests.Query {
    /// The results as dynamic objects of `className`.
    func results(_ realm: isolated Realm, _: DynamicObject.Type, className: String) -> Results<DynamicObject> {
        var text = predicate ?? "TRUEPREDICATE"
        if let limit { text += " LIMIT(\(limit))" }
        var results = realm.dynamicObjects(className).filter(text)
        if distinct.before { results = results.distinct(by: ["age"]) }
        results = results.sorted(by: sort)
        if distinct.after { results = results.distinct(by: ["age"]) }
        return results
    }
}
