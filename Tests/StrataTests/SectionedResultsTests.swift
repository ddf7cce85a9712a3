import Foundation
import Strata
import Synchronization
import Testing

// Sectioned results (Realm Swift's `sectioned(...)`, `SectionedResults`, `ResultsSection`). The data set, in table
// order:
//
//   dog     age   first letter
//   Rex      3    R
//   Bella    1    B
//   Ruby     3    R
//   Buster   7    B
//   Max      1    M
//
// Sorting is stable, so objects with equal sort keys keep table order, in either direction.

/// How many times a section key block ran (the blocks run on the realm's actor; the test reads the count after).
final class KeyBlockCalls: Sendable {
    private let calls = Atomic<Int>(0)
    func record() { calls.add(1, ordering: .relaxed) }
    var count: Int { calls.load(ordering: .relaxed) }
}

@Suite("Sectioned results")
struct SectionedResultsTests {
    static func makeRealm() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            for (name, age) in [("Rex", 3), ("Bella", 1), ("Ruby", 3), ("Buster", 7), ("Max", 1)] {
                try realm.add(Dog(value: ["name": name, "age": age]))
            }
        }
        return realm
    }

    /// Each section as "key: name name …".
    static func rows<Key>(_ sections: SectionedResults<Key, Dog>) -> [String] {
        sections.map { section in "\(section.key): " + section.map(\.name).joined(separator: " ") }
    }

    @Test("Sectioning by a key path sorts by it; within a section objects keep table order, in both directions")
    func byKeyPath() async throws {
        let realm = try await Self.makeRealm()
        let (ascending, descending, keys) = await realm.read { realm in
            let dogs = realm.objects(Dog.self)
            return (
                Self.rows(dogs.sectioned(by: \.age, ascending: true)),
                Self.rows(dogs.sectioned(by: \.age, ascending: false)),
                dogs.sectioned(by: \.age).allKeys
            )
        }
        #expect(ascending == ["1: Bella Max", "3: Rex Ruby", "7: Buster"])
        #expect(descending == ["7: Buster", "3: Rex Ruby", "1: Bella Max"])
        #expect(keys == [1, 3, 7], "ascending is the default")
    }

    @Test("A key path with sort descriptors orders each section by the secondary keys")
    func byKeyPathWithSortDescriptors() async throws {
        let realm = try await Self.makeRealm()
        let rows = await realm.read { realm in
            Self.rows(
                realm.objects(Dog.self).sectioned(
                    by: \.age,
                    sortDescriptors: [
                        SortDescriptor(keyPath: "age", ascending: false), SortDescriptor(keyPath: "name"),
                    ]
                )
            )
        }
        #expect(rows == ["7: Buster", "3: Rex Ruby", "1: Bella Max"])
        let byNameDescending = await realm.read { realm in
            Self.rows(
                realm.objects(Dog.self).sectioned(
                    by: \.age,
                    sortDescriptors: ["age", SortDescriptor(keyPath: "name", ascending: false)]
                )
            )
        }
        #expect(byNameDescending == ["1: Max Bella", "3: Ruby Rex", "7: Buster"])
    }

    @Test("A block sections by first letter in the order the sort descriptors give, ascending and descending")
    func byBlock() async throws {
        let realm = try await Self.makeRealm()
        let (ascending, descending, viaSortDescriptorsForm) = await realm.read { realm in
            let dogs = realm.objects(Dog.self)
            let firstLetter = { (dog: Dog) in String(dog.name.prefix(1)) }
            return (
                Self.rows(dogs.sectioned(by: firstLetter, sortDescriptors: ["name"])),
                Self.rows(
                    dogs.sectioned(by: firstLetter, sortDescriptors: [SortDescriptor(keyPath: "name").reversed()])
                ),
                Self.rows(dogs.sectioned(sortDescriptors: ["name"], firstLetter))
            )
        }
        #expect(ascending == ["B: Bella Buster", "M: Max", "R: Rex Ruby"])
        #expect(descending == ["R: Ruby Rex", "M: Max", "B: Buster Bella"])
        #expect(viaSortDescriptorsForm == ascending)
    }

    @Test("A key that comes back after other keys joins its first section (sections in order of first appearance)")
    func reappearingKeyMerges() async throws {
        let realm = try await Self.makeRealm()
        // By age: Bella(1) Max(1) Rex(3) Ruby(3) Buster(7) gives keys B M R R B.
        let rows = await realm.read { realm in
            Self.rows(realm.objects(Dog.self).sectioned(by: { String($0.name.prefix(1)) }, sortDescriptors: ["age"]))
        }
        #expect(rows == ["B: Bella Buster", "M: Max", "R: Rex Ruby"])
    }

    @Test("Nil keys are a section of their own: first ascending, last descending")
    func nilKeys() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            let people: [(Int, String, Int?)] = [(1, "Ada", nil), (2, "Bob", 30), (3, "Cy", nil), (4, "Dee", 20)]
            for (id, name, age) in people {
                let person = Person(value: ["id": id, "name": name])
                person.age = age
                try realm.add(person)
            }
        }
        let (ascending, descending, keys) = await realm.read { realm in
            let people = realm.objects(Person.self)
            let rows = { (sections: SectionedResults<Int?, Person>) in
                sections.map { "\($0.key.map(String.init) ?? "nil"): " + $0.map(\.name).joined(separator: " ") }
            }
            return (
                rows(people.sectioned(by: \.age, ascending: true)),
                rows(people.sectioned(by: \.age, ascending: false)),
                people.sectioned(by: \.age).allKeys
            )
        }
        #expect(ascending == ["nil: Ada Cy", "20: Dee", "30: Bob"])
        #expect(descending == ["30: Bob", "20: Dee", "nil: Ada Cy"])
        #expect(keys == [nil, 20, 30])
    }

    @Test("Empty results give no sections")
    func emptyResults() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        let (count, isEmpty, keys, iterated, description) = await realm.read { realm in
            let sections = realm.objects(Dog.self).sectioned(by: \.name, ascending: true)
            return (sections.count, sections.isEmpty, sections.allKeys, Array(sections).count, sections.description)
        }
        #expect(count == 0)
        #expect(isEmpty)
        #expect(keys == [])
        #expect(iterated == 0)
        #expect(description == "SectionedResults<String, Dog> (0 sections)")
    }

    @Test("Live sections follow writes: an object joins an existing section, another opens a new one")
    func liveRecompute() async throws {
        let realm = try await Self.makeRealm()
        let calls = KeyBlockCalls()
        let sections = await realm.read { realm in
            realm.objects(Dog.self).sectioned(
                by: { dog in
                    calls.record()
                    return String(dog.name.prefix(1))
                },
                sortDescriptors: ["name"]
            )
        }
        #expect(calls.count == 0, "sections are computed when first read")
        let (before, rSection) = await realm.read { _ in (Self.rows(sections), sections[key: "R"]) }
        #expect(before == ["B: Bella Buster", "M: Max", "R: Rex Ruby"])
        #expect(calls.count == 5)
        _ = await realm.read { _ in (sections.count, sections.allKeys, sections[0].count) }
        #expect(calls.count == 5, "reading the same version again does not call the block")

        // Inside a write transaction the sections follow the write's own changes.
        let inWrite = try await realm.write { realm in
            try realm.add(Dog(value: ["name": "Rocky", "age": 2]))
            try realm.add(Dog(value: ["name": "Ace", "age": 4]))
            return Self.rows(sections)
        }
        #expect(inWrite == ["A: Ace", "B: Bella Buster", "M: Max", "R: Rex Rocky Ruby"])
        let (after, rAfter, rIndex) = await realm.read { _ in
            (Self.rows(sections), rSection.map(\.name), sections.firstIndex(of: rSection))
        }
        #expect(after == inWrite)
        #expect(rAfter == ["Rex", "Rocky", "Ruby"], "a section is bound to its key, not its position")
        #expect(rIndex == 3)
    }

    @Test("A section whose objects are all gone is invalidated; the others move up")
    func sectionInvalidated() async throws {
        let realm = try await Self.makeRealm()
        let sections = await realm.read { realm in
            realm.objects(Dog.self).sectioned(by: { String($0.name.prefix(1)) }, sortDescriptors: ["name"])
        }
        let mSection = await realm.read { _ in sections[1] }
        let (valid, key) = await realm.read { _ in (!mSection.isInvalidated, mSection.key) }
        #expect(valid && key == "M")
        let (invalidated, description, rows) = try await realm.write { realm in
            try realm.delete(realm.objects(Dog.self).filter("name == 'Max'"))
            return (mSection.isInvalidated, mSection.description, Self.rows(sections))
        }
        #expect(invalidated)
        #expect(description == "ResultsSection<String, Dog> (invalidated)")
        #expect(rows == ["B: Bella Buster", "R: Rex Ruby"])
    }

    @Test("Subscripts by key, position and index path, allKeys and iteration agree")
    func subscriptsAndKeys() async throws {
        let realm = try await Self.makeRealm()
        let answers = await realm.read { realm -> [String] in
            let sections = realm.objects(Dog.self).sectioned(by: \.age, ascending: true)
            let three = sections[key: 3]
            return [
                "\(sections.allKeys)",
                "\(three.key) \(three.id) \(three.count) \(three.map(\.name))",
                "\(three[0].name) \(three[1].name) \(three.first?.name ?? "") \(three.last?.name ?? "")",
                sections[IndexPath(indexes: [2, 0])].name,
                "\(sections.map(\.key)) \(sections.indices) \(sections.reversed().map(\.key))",
                "\(sections[key: 1] == sections[0]) \(sections[key: 1] == sections[1])",
                sections.description,
                three.description,
            ]
        }
        #expect(
            answers == [
                "[1, 3, 7]",
                "3 3 2 [\"Rex\", \"Ruby\"]",
                "Rex Ruby Rex Ruby",
                "Buster",
                "[1, 3, 7] 0..<3 [7, 3, 1]",
                "true false",
                "SectionedResults<Int, Dog> (3 sections)",
                "ResultsSection<Int, Dog> [3] (2 objects)",
            ]
        )
    }

    @Test("Equality is identity: copies are equal, two sectioned(...) calls over the same objects are not")
    func equality() async throws {
        let realm = try await Self.makeRealm()
        let answers = try await realm.read { realm -> [Bool] in
            let dogs = realm.objects(Dog.self)
            let sections = dogs.sectioned(by: \.age, ascending: true)
            let copy = sections
            let again = dogs.sectioned(by: \.age, ascending: true)
            let frozen = try sections.freeze()
            return [
                sections == copy,
                sections == again,
                sections == frozen,
                sections[0] == copy[0],
                sections[0] == again[0],
                frozen == (try frozen.freeze()),
            ]
        }
        #expect(answers == [true, false, false, true, false, true])
    }

    @Test("Frozen sectioned results keep their version and are read from other tasks in parallel")
    func frozenAcrossTasks() async throws {
        let realm = try await Self.makeRealm()
        let calls = KeyBlockCalls()
        let (frozen, frozenSection) = try await realm.read { realm in
            let live = realm.objects(Dog.self).sectioned(
                by: { dog in
                    calls.record()
                    return String(dog.name.prefix(1))
                },
                sortDescriptors: ["name"]
            )
            _ = live.count
            return (try live.freeze(), try live[key: "R"].freeze())
        }
        #expect(calls.count == 5, "freezing outside a write copies the sections without calling the block again")
        try await realm.write { realm in
            try realm.add(Dog(value: ["name": "Rocky", "age": 2]))
            try realm.add(Dog(value: ["name": "Ace", "age": 4]))
        }
        let seen = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    Self.rows(frozen) + [frozenSection.map(\.name).joined(separator: " ")]
                        + ["\(frozen.isFrozen) \(frozenSection.isFrozen) \(frozen.realm?.isFrozen == true)"]
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let expected = ["B: Bella Buster", "M: Max", "R: Rex Ruby", "Rex Ruby", "true true true"]
        #expect(seen == Array(repeating: expected, count: 4))
        let detached = await Task.detached { (frozen.allKeys, frozen[key: "B"].count, try? frozen.freeze() == frozen) }
            .value
        #expect(detached.0 == ["B", "M", "R"] && detached.1 == 2 && detached.2 == true)
        #expect(calls.count == 5, "frozen sections never call the block")
    }

    @Test("Sectioning frozen results computes the sections at once, at the frozen version")
    func sectioningFrozenResults() async throws {
        let realm = try await Self.makeRealm()
        let frozenDogs = try await realm.read { realm in try realm.objects(Dog.self).freeze() }
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Zed", "age": 9])) }
        let calls = KeyBlockCalls()
        let sections = frozenDogs.sectioned(
            by: { dog in
                calls.record()
                return dog.age > 2
            },
            sortDescriptors: ["age", "name"]
        )
        #expect(calls.count == 5)
        let rows = await Task.detached { Self.rows(sections) }.value
        #expect(rows == ["false: Bella Max", "true: Rex Ruby Buster"])
        #expect(sections.isFrozen && calls.count == 5)
    }

    @Test("Freezing inside a write transaction sections the last committed version")
    func freezeInsideWrite() async throws {
        let realm = try await Self.makeRealm()
        let (live, frozen) = try await realm.write { realm in
            try realm.add(Dog(value: ["name": "Ace", "age": 4]))
            let sections = realm.objects(Dog.self).sectioned(
                by: { String($0.name.prefix(1)) },
                sortDescriptors: ["name"]
            )
            return (sections.allKeys, try sections.freeze())
        }
        #expect(live == ["A", "B", "M", "R"])
        #expect(frozen.allKeys == ["B", "M", "R"])
    }

    @Test("A section key that is not there stops with realm-core's message")
    func unknownKeyStops() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try await SectionedResultsTests.makeRealm()
            await realm.read { realm in
                _ = realm.objects(Dog.self).sectioned(by: \.name, ascending: true)[key: "Fido"]
            }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Section key \"Fido\" not found."))
    }

    @Test("Misuse stops with Realm's messages: no sort descriptor, a key path that is not the primary sort, a link key")
    func misuseStops() async throws {
        let noDescriptor = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try await SectionedResultsTests.makeRealm()
            await realm.read { realm in
                _ = realm.objects(Dog.self).sectioned(by: { $0.age }, sortDescriptors: [])
            }
        }
        #expect(
            String(decoding: noDescriptor.standardErrorContent, as: UTF8.self)
                .contains("There must be at least one SortDescriptor when using SectionedResults.")
        )
        let mismatch = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try await SectionedResultsTests.makeRealm()
            await realm.read { realm in
                _ = realm.objects(Dog.self).sectioned(by: \.age, sortDescriptors: ["name"])
            }
        }
        #expect(
            String(decoding: mismatch.standardErrorContent, as: UTF8.self)
                .contains("The section key path must match the primary sort descriptor.")
        )
        let link = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try await Realm(configuration: memoryConfiguration())
            try await realm.write { realm in
                let ada = Person(value: ["id": 1, "name": "Ada"])
                try realm.add(Person(value: ["id": 2, "name": "Bob", "bestFriend": ada]))
            }
            await realm.read { realm in
                _ = realm.objects(Person.self).sectioned(by: { $0.bestFriend }, sortDescriptors: ["name"]).count
            }
        }
        #expect(
            String(decoding: link.standardErrorContent, as: UTF8.self)
                .contains("Links are not supported as section keys.")
        )
    }

    @Test("Lists, linking objects and values are sectioned as results are; thaw() gives live sections")
    func everyKindAndThaw() async throws {
        let realm = try await CollectionQueryTests.makeRealm()
        let answers = await realm.read { realm -> [[String]] in
            let ada = realm.object(ofType: Person.self, forPrimaryKey: 1)!
            let rex = realm.objects(Dog.self).filter("name == 'Rex'").first!
            let names = List<String>()
            names.append(objectsIn: ["pear", "fig", "plum"])
            return [
                Self.rows(ada.dogs.sectioned(by: \.age, ascending: false)),
                rex.owners.sectioned(by: { $0.name }, sortDescriptors: ["name"]).map { "\($0.key): \($0.count)" },
                AnyRealmCollection(ada.dogs).sectioned(by: \.name).allKeys,
            ]
        }
        #expect(
            answers == [
                ["7: Bella", "3: Rex Rex", "1: Fido"], ["Ada: 2", "Bob: 1"], ["Bella", "Fido", "Rex"],
            ]
        )
        let measurements = try await ListTests.makeRealm()
        let byInitial = await measurements.read { realm in
            realm.object(ofType: Measurements.self, forPrimaryKey: 1)!.names
                .sectioned(by: { String($0.prefix(1)).lowercased() }, ascending: true)
                .map { "\($0.key): \($0.joined(separator: " "))" }
        }
        #expect(byInitial == ["a: apple Apple", "f: fig", "p: pear pear"])
        let frozen = try await realm.read { realm in try realm.objects(Dog.self).sectioned(by: \.age).freeze() }
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Pup", "age": 0])) }
        let thawed = await realm.read { _ in frozen.thaw().map { ($0.isFrozen, $0.allKeys) } }
        #expect(frozen.allKeys == [1, 2, 3, 5, 7])
        #expect(thawed?.0 == false)
        #expect(thawed?.1 == [0, 1, 2, 3, 5, 7])
    }
}
