import Foundation
import Strata
import Testing

// Run under the thread sanitizer by CI and `bash Reliability/run` (`swift test --sanitize=thread --filter
// ParallelFrozenReadTests`): any number of tasks read one frozen snapshot at once, unmanaged collections are
// shared between tasks, and frozen realms are refreshed and invalidated from several tasks; no report, exact
// values.

@Suite("Parallel reads of frozen snapshots and shared unmanaged collections")
struct ParallelFrozenReadTests {
    static let people = 120
    static let readers = 8

    /// What every reader must see: per person, its name, its dogs' names and its address's city.
    static func expected() -> [String] {
        (0..<people).map { index in
            "p\(index)|d\(index)a,d\(index)b|city \(index % 7)"
        }
    }

    @Test("8 tasks read one frozen Results, its objects' lists, sets, maps and links while another task writes")
    func frozenGraphReadInParallel() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            for index in 0..<Self.people {
                let person = Person(value: ["id": index, "name": "p\(index)"])
                person.dogs.append(objectsIn: [Dog(value: ["name": "d\(index)a"]), Dog(value: ["name": "d\(index)b"])])
                person.address = Address(value: ["city": "city \(index % 7)"])
                try realm.add(person)
            }
            let all = AllTypes()
            all.intList.append(objectsIn: [3, 1, 2])
            all.stringSet.insert(objectsIn: ["a", "b"])
            all.scores["x"] = 1
            all.scores["y"] = 2
            try realm.add(all)
        }
        let (people, allTypes) = try await realm.read { realm in
            (
                try realm.objects(Person.self).sorted(byKeyPath: "id").freeze(),
                try realm.objects(AllTypes.self).freeze()
            )
        }
        let writer = Task {
            for round in 0..<20 {
                try await realm.write { realm in
                    realm.objects(Person.self)[round].name = "renamed \(round)"
                    try realm.add(Dog(value: ["name": "late \(round)"]))
                }
            }
        }
        let views = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<Self.readers {
                group.addTask {
                    var seen: [String] = []
                    for person in people {
                        let dogs = person.dogs.map(\.name).joined(separator: ",")
                        seen.append("\(person.name)|\(dogs)|\(person.address?.city ?? "-")")
                    }
                    let all = allTypes[0]
                    let scores: [String] = all.scores.map { "\($0.key)=\($0.value)" }
                    let set: [String] = all.stringSet.sorted()
                    seen.append("\(Array(all.intList))|\(set)|\(scores)")
                    seen.append("owners \(people[5].dogs[0].owners.count)")
                    return seen
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        try await writer.value
        let expected = Self.expected() + ["[3, 1, 2]|[\"a\", \"b\"]|[\"x=1\", \"y=2\"]", "owners 1"]
        #expect(views.count == Self.readers)
        for view in views { #expect(view == expected) }
        #expect(people.count == Self.people, "the frozen results keep their version")
        let renamed = await realm.read { realm in realm.objects(Person.self).sorted(byKeyPath: "id")[0].name }
        #expect(renamed == "renamed 0")
    }

    @Test("4 tasks append to one unmanaged List, MutableSet and Map; nothing is lost")
    func unmanagedCollectionsShared() async {
        let list = List<Int>()
        let set = MutableSet<Int>()
        let map = Map<String, Int>()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for index in 0..<250 {
                        let value = task * 1000 + index
                        list.append(value)
                        set.insert(value % 500)
                        map["k\(value)"] = value
                    }
                }
            }
        }
        #expect(list.count == 1000)
        let appended: [Int] = (0..<4).flatMap { task -> [Int] in (0..<250).map { task * 1000 + $0 } }
        let sorted: [Int] = list.sorted()
        #expect(sorted == appended)
        #expect(set.count == 250)
        #expect(map.count == 1000)
        #expect(map["k3249"] == 3249)
    }

    @Test("refresh() and invalidate() of one frozen realm from two tasks change nothing it reads")
    func frozenRealmRefreshAndInvalidate() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Rex"])) }
        let frozen = try await realm.read { realm in try realm.freeze() }
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Fido"])) }
        let refreshed = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    var moved = false
                    for _ in 0..<50 {
                        moved = await frozen.refresh() || moved
                        await frozen.invalidate()
                    }
                    return moved
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(refreshed == [false, false])
        let dogs = await frozen.objects(Dog.self)
        #expect(dogs.map(\.name) == ["Rex"])
        #expect(frozen.isFrozen)
        let autorefresh = await frozen.autorefresh
        #expect(!autorefresh)
    }
}
