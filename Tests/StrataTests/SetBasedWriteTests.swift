import Foundation
import Strata
import StrataTestSupport
import Testing

/// A counter with a computed property that reads and writes its one persisted property.
final class Doubler: Object {
    @Persisted var count = 0
    var doubled: Int {
        get { count * 2 }
        set { count = newValue / 2 }
    }
}

/// A counter with computed properties over its count: one that only forwards it, one whose setter also counts the
/// assignments, one whose setter caps the value.
final class CountedCounter: Object {
    @Persisted var count = 0
    @Persisted var assignments = 0
    var forwarded: Int {
        get { count }
        set { count = newValue }
    }
    var counted: Int {
        get { count }
        set {
            count = newValue
            assignments += 1
        }
    }
    var capped: Int {
        get { count }
        set { count = min(newValue, 20) }
    }
}

// `setValue(_:forKey:)` on a managed collection writes a plain property leaf by leaf without making objects. These
// tests hold it to the object-by-object loop it replaces: the same stored values for every property type, query,
// sort and list (duplicates included), and the same change notifications.
@Suite("Set-based setValue(_:forKey:) on collections", .timeLimit(.minutes(10)))
struct SetBasedWriteTests {
    /// The plain properties of `AllTypes` the random test sets, with a value maker each (nil: a nil value).
    static let properties: [(key: String, value: @Sendable (inout SeededGenerator) -> Any?)] = [
        ("bool", { Bool.random(using: &$0) }),
        ("int", { Int.random(in: -50...50, using: &$0) }),
        ("int8", { Int.random(in: -100...100, using: &$0) }),
        ("int32", { Int32.random(in: -1_000...1_000, using: &$0) }),
        ("float", { Float(Int.random(in: 0...100, using: &$0)) / 4 }),
        ("double", { Double(Int.random(in: 0...100, using: &$0)) / 8 }),
        ("string", { ["a", "ab", "b", "", "ä"].randomElement(using: &$0)! }),
        ("date", { Date(timeIntervalSince1970: Double(Int.random(in: 0...1_000, using: &$0))) }),
        ("mood", { Bool.random(using: &$0) ? Mood.grumpy : "happy" }),
        ("optionalInt", { Bool.random(using: &$0) ? nil : Int.random(in: 0...9, using: &$0) }),
        ("optionalString", { Bool.random(using: &$0) ? NSNull() : "s\(Int.random(in: 0...9, using: &$0))" }),
        ("optionalDouble", { Bool.random(using: &$0) ? nil : 1.5 }),
        // Not plain: set object by object as before (a mixed value).
        ("any", { Bool.random(using: &$0) ? AnyRealmValue.int(3) : "text" }),
    ]
    /// The collections the random tests write to: a query (nil: the whole table, which `setValue(_:forKey:)` sets by
    /// walking the table's leaves) and a sort.
    static let queries: [(format: String?, sort: String?)] = [
        ("TRUEPREDICATE", nil), ("int > 0", "string"), ("string BEGINSWITH 'a'", nil), ("double < 6", "int"),
        (nil, nil), (nil, "double"),
    ]

    /// The objects of `realm` that `query` names.
    static func results(_ realm: isolated Realm, _ query: (format: String?, sort: String?)) -> Results<AllTypes> {
        let all = realm.objects(AllTypes.self)
        let filtered = query.format.map { all.filter($0) } ?? all
        return query.sort.map { filtered.sorted(byKeyPath: $0) } ?? filtered
    }

    /// Every property of every object, in key order, as text.
    static func state(_ realm: isolated Realm) -> [String] {
        realm.objects(AllTypes.self).sorted(byKeyPath: "id").map { object in
            Self.properties.map { "\($0.key)=\(object.value(forKey: $0.key) ?? "nil")" }.joined(separator: " ")
        }
    }

    /// A generator seeded at random (its seed printed after `label`) and two in-memory realms holding the same 80
    /// `AllTypes` objects: one written set-based, the other by the loop.
    static func twins(printing label: String) async throws -> (SeededGenerator, Realm, Realm) {
        let seed = UInt64.random(in: 0..<UInt64.max)
        print("\(label): \(seed)")
        let twins = (
            try await Realm(configuration: memoryConfiguration()), try await Realm(configuration: memoryConfiguration())
        )
        let ids = (0..<80).map { _ in ObjectId.generate() }
        for realm in [twins.0, twins.1] {
            try await realm.write { realm in
                for (index, id) in ids.enumerated() {
                    let values: [String: Any] = [
                        "id": id, "int": index % 7 - 3, "double": Double(index % 11),
                        "string": index % 3 == 0 ? "ab" : "b",
                    ]
                    try realm.add(AllTypes(value: values))
                }
            }
        }
        return (SeededGenerator(seed: seed), twins.0, twins.1)
    }

    @Test("random set-based writes store what the object-by-object loop stores")
    func matchesTheLoop() async throws {
        var (random, setBased, loop) = try await Self.twins(printing: "SetBasedWriteTests seed")
        for step in 0..<200 {
            let query = Self.queries.randomElement(using: &random)!
            let property = Self.properties.randomElement(using: &random)!
            let value = property.value(&random)
            // Both realms get the same value: a class instance made once is shared, as Realm's callers share it.
            nonisolated(unsafe) let shared = value
            let keyed = property.key
            try await setBased.write { realm in Self.results(realm, query).setValue(shared, forKey: keyed) }
            try await loop.write { realm in
                for object in Self.results(realm, query) { object.setValue(shared, forKey: keyed) }
            }
            let (mine, theirs) = (await setBased.read(Self.state), await loop.read(Self.state))
            #expect(
                mine == theirs,
                "step \(step): \(keyed) = \(String(describing: value)) where \(query.format ?? "(all)")"
            )
            if mine != theirs { return }
        }
    }

    @Test("a list's objects are set, a dog listed twice included; an empty collection takes any value")
    func listsAndEmptyCollections() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            let rex = Dog(value: ["name": "Rex", "age": 1])
            let person = Person(value: ["id": 1, "name": "Ada"])
            person.dogs.append(objectsIn: [rex, Dog(value: ["name": "Bo", "age": 2]), rex])
            try realm.add(person)
            try realm.add(Dog(value: ["name": "Stray", "age": 3]))
        }
        try await realm.write { realm in
            realm.object(ofType: Person.self, forPrimaryKey: 1)!.dogs.setValue(9, forKey: "age")
            // Nothing to set, so nothing is converted: a value that would not fit is not refused.
            realm.objects(Dog.self).filter("age > 100").setValue("not a number", forKey: "age")
        }
        let ages = await realm.read { realm in realm.objects(Dog.self).sorted(byKeyPath: "name").map(\.age) }
        #expect(ages == [9, 9, 3])
    }

    @Test("notifications see each object modified, with its old and new value")
    func notifications() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            for age in 0..<10 { try realm.add(Dog(value: ["name": "d\(age)", "age": age])) }
        }
        let (all, young, seventh) = await realm.read { realm in
            let dogs = realm.objects(Dog.self).sorted(byKeyPath: "name")
            return (dogs.changes(), dogs.filter("age < 100").changes(), dogs.filter("age == 7").first!.changes())
        }
        var allChanges = all.makeAsyncIterator()
        var youngChanges = young.makeAsyncIterator()
        var seventhChanges = seventh.makeAsyncIterator()
        _ = await allChanges.next()
        _ = await youngChanges.next()
        try await realm.write { realm in realm.objects(Dog.self).filter("age >= 5").setValue(100, forKey: "age") }
        guard case .update(_, let deletions, let insertions, let modifications)? = await allChanges.next(),
            case .update(_, let youngDeletions, _, let youngModifications)? = await youngChanges.next(),
            case .change(let dog, let properties)? = await seventhChanges.next()
        else {
            Issue.record("a change was not delivered")
            return
        }
        #expect(deletions.isEmpty && insertions.isEmpty && modifications == [5, 6, 7, 8, 9])
        #expect(youngDeletions == [5, 6, 7, 8, 9] && youngModifications.isEmpty)
        #expect(dog.age == 100 && properties.map(\.name) == ["age"])
        #expect(properties.first?.oldValue as? Int == 7 && properties.first?.newValue as? Int == 100)
    }

    /// Every dog's name and age, in key order.
    static func dogsInKeyOrder(_ realm: isolated Realm) -> [String] {
        realm.objects(Dog.self).map { "\($0.name)=\($0.age)" }
    }

    /// Every dog's name and age, by name.
    static func dogs(_ realm: isolated Realm) -> [String] {
        realm.objects(Dog.self).sorted(byKeyPath: "name").map { "\($0.name)=\($0.age)" }
    }

    @Test("a whole table of many leaves, with gaps and objects added in the same write, is set as the loop sets it")
    func wholeTable() async throws {
        let (setBased, loop) = (
            try await Realm(configuration: memoryConfiguration()), try await Realm(configuration: memoryConfiguration())
        )
        for realm in [setBased, loop] {
            try await realm.write { realm in
                for index in 0..<1_500 { try realm.add(Dog(value: ["name": "d\(index)", "age": index % 50])) }
            }
            // Gaps in the keys, and leaves of several sizes.
            try await realm.write { realm in try realm.delete(realm.objects(Dog.self).filter("age IN {3, 4, 5, 17}")) }
        }
        let changes = await setBased.read { realm in realm.objects(Dog.self).sorted(byKeyPath: "name").changes() }
        var iterator = changes.makeAsyncIterator()
        _ = await iterator.next()
        for (realm, isSetBased) in [(setBased, true), (loop, false)] {
            try await realm.write { realm in
                // A committed leaf made dirty, and objects appended in this write, before the set.
                realm.objects(Dog.self).filter("name == 'd700'").first!.age = 1_000
                for index in 0..<300 { try realm.add(Dog(value: ["name": "new\(index)", "age": 1])) }
                if isSetBased {
                    realm.objects(Dog.self).setValue(7, forKey: "age")
                } else {
                    for dog in realm.objects(Dog.self) { dog.age = 7 }
                }
                // Appended after the set, through the tree it left behind.
                for index in 0..<20 { try realm.add(Dog(value: ["name": "late\(index)", "age": 7])) }
            }
        }
        let (mine, theirs) = (await setBased.read(Self.dogs), await loop.read(Self.dogs))
        // 1,500 dogs, 30 of each age, less the 4 ages deleted, and the 320 new ones.
        #expect(mine.count == 1_700)
        #expect(mine == theirs)
        #expect(mine.allSatisfy { $0.hasSuffix("=7") })
        guard case .update(_, let deletions, let insertions, let modifications)? = await iterator.next() else {
            Issue.record("the change was not delivered")
            return
        }
        // The new dogs are insertions; every dog that was there is modified.
        let names = await setBased.read { realm in realm.objects(Dog.self).sorted(byKeyPath: "name").map(\.name) }
        let added = names.indices.filter { names[$0].hasPrefix("new") || names[$0].hasPrefix("late") }
        #expect(deletions.isEmpty)
        #expect(insertions == added)
        #expect(modifications == names.indices.filter { !added.contains($0) })

        // A string column across the leaves, in key order: the values each set replaces are let go of.
        for (realm, isSetBased) in [(setBased, true), (loop, false)] {
            try await realm.write { realm in
                if isSetBased {
                    realm.objects(Dog.self).setValue(
                        "a name long enough to live outside the inline bytes",
                        forKey: "name"
                    )
                } else {
                    for dog in realm.objects(Dog.self) {
                        dog.name = "a name long enough to live outside the inline bytes"
                    }
                }
            }
        }
        let (mineAfter, theirsAfter) = (await setBased.read(Self.dogsInKeyOrder), await loop.read(Self.dogsInKeyOrder))
        #expect(mineAfter.count == 1_700 && mineAfter == theirsAfter)
    }

    /// Updates of `AllTypes` properties, each as `update(_:_:)` (true) or as the loop it stands for (false).
    static let updates: [@Sendable (Results<AllTypes>, Bool) throws -> Void] = [
        { results, setBased in
            if setBased {
                try results.update(\.int) { $0 &* 3 &+ 1 }
            } else {
                for o in results { o.int = o.int &* 3 &+ 1 }
            }
        },
        { results, setBased in
            if setBased {
                try results.update(\.double) { $0 / 2 + 1 }
            } else {
                for o in results { o.double = o.double / 2 + 1 }
            }
        },
        { results, setBased in
            let next: (Int?) -> Int? = { $0.map { $0 > 3 ? nil : $0 + 1 } ?? 0 }
            if setBased {
                try results.update(\.optionalInt, next)
            } else {
                for o in results { o.optionalInt = next(o.optionalInt) }
            }
        },
        { results, setBased in
            if setBased { try results.update(\.string) { $0 + "x" } } else { for o in results { o.string += "x" } }
        },
        { results, setBased in
            let flip: (Mood) -> Mood = { $0 == .happy ? .grumpy : .happy }
            if setBased { try results.update(\.mood, flip) } else { for o in results { o.mood = flip(o.mood) } }
        },
        { results, setBased in
            let later: (Date) -> Date = { $0.addingTimeInterval(90) }
            if setBased { try results.update(\.date, later) } else { for o in results { o.date = later(o.date) } }
        },
        { results, setBased in
            // Not plain: assigned object by object in both (a mixed value).
            let next: (AnyRealmValue) -> AnyRealmValue = { $0 == .none ? .int(1) : .none }
            if setBased { try results.update(\.any, next) } else { for o in results { o.any = next(o.any) } }
        },
    ]

    @Test("random updates store what the loop stores")
    func updatesMatchTheLoop() async throws {
        var (random, setBased, loop) = try await Self.twins(printing: "SetBasedWriteTests updates seed")
        for step in 0..<150 {
            let query = Self.queries.randomElement(using: &random)!
            let update = Self.updates.randomElement(using: &random)!
            for (realm, isSetBased) in [(setBased, true), (loop, false)] {
                try await realm.write { realm in try update(Self.results(realm, query), isSetBased) }
            }
            let (mine, theirs) = (await setBased.read(Self.state), await loop.read(Self.state))
            #expect(mine == theirs, "step \(step) where \(query.format ?? "(all)")")
            if mine != theirs { return }
        }
    }

    struct Refused: Error {}

    @Test("update: unmanaged collections, a list's repeated object, a throwing transform, notifications")
    func updateSemantics() async throws {
        let dogs = List<Dog>()
        dogs.append(objectsIn: [Dog(value: ["age": 1]), Dog(value: ["age": 2])])
        try dogs.update(\.age) { $0 * 10 }
        #expect(dogs.map(\.age) == [10, 20])

        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            let rex = Dog(value: ["name": "Rex", "age": 1])
            let person = Person(value: ["id": 1, "name": "Ada"])
            person.dogs.append(objectsIn: [rex, Dog(value: ["name": "Bo", "age": 2]), rex])
            try realm.add(person)
        }
        let (all, rex) = await realm.read { realm in
            let dogs = realm.objects(Dog.self).sorted(byKeyPath: "name")
            return (dogs.changes(), dogs.filter("name == 'Rex'").first!.changes())
        }
        var allChanges = all.makeAsyncIterator()
        var rexChanges = rex.makeAsyncIterator()
        _ = await allChanges.next()
        try await realm.write { realm in
            try realm.object(ofType: Person.self, forPrimaryKey: 1)!.dogs.update(\.age) { $0 + 5 }
        }
        guard case .update(_, _, _, let modifications)? = await allChanges.next(),
            case .change(_, let properties)? = await rexChanges.next()
        else {
            Issue.record("a change was not delivered")
            return
        }
        #expect(modifications == [0, 1])
        #expect(properties.map(\.name) == ["age"] && properties.first?.oldValue as? Int == 1)
        #expect(properties.first?.newValue as? Int == 11)
        let ages = await realm.read { realm in realm.objects(Dog.self).sorted(byKeyPath: "name").map(\.age) }
        #expect(ages == [7, 11])

        await #expect(throws: Refused.self) {
            try await realm.write { realm in try realm.objects(Dog.self).update(\.age) { _ in throw Refused() } }
        }
        #expect(await realm.read { realm in realm.objects(Dog.self).sorted(byKeyPath: "name").map(\.age) } == [7, 11])
    }

    @Test("update through a computed property assigns it, object by object")
    func computedProperty() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Doubler.self]))
        try await realm.write { realm in
            for count in [1, 5] { try realm.add(Doubler(value: ["count": count])) }
        }
        try await realm.write { realm in try realm.objects(Doubler.self).update(\.doubled) { $0 + 2 } }
        #expect(await realm.read { realm in realm.objects(Doubler.self).map(\.count) } == [2, 6])
        try await realm.write { realm in try realm.objects(Doubler.self).update(\.count) { $0 * 10 } }
        #expect(await realm.read { realm in realm.objects(Doubler.self).map(\.count) } == [20, 60])
    }

    @Test("update through computed properties over one persisted property: a setter that does more is still called")
    func computedPropertiesOverOneProperty() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([CountedCounter.self]))
        try await realm.write { realm in
            for count in [1, 5, 9] { try realm.add(CountedCounter(value: ["count": count])) }
        }
        try await realm.write { realm in try realm.objects(CountedCounter.self).update(\.forwarded) { $0 * 3 } }
        let tripled = await realm.read { realm in
            realm.objects(CountedCounter.self).map { [$0.count, $0.assignments] }
        }
        #expect(tripled == [[3, 0], [15, 0], [27, 0]])
        try await realm.write { realm in
            try realm.objects(CountedCounter.self).filter("count > 3").update(\.counted) { $0 + 1 }
        }
        let counted = await realm.read { realm in
            realm.objects(CountedCounter.self).map { [$0.count, $0.assignments] }
        }
        #expect(counted == [[3, 0], [16, 1], [28, 1]])
        // A setter that changes some values only (97 and -3 pass through it unchanged): still assigned one by one.
        try await realm.write { realm in try realm.objects(CountedCounter.self).update(\.capped) { $0 + 1 } }
        #expect(await realm.read { realm in realm.objects(CountedCounter.self).map(\.count) } == [4, 17, 20])
    }
}
