import Foundation
import Strata
import Testing

import struct StrataTestSupport.SeededGenerator

/// Owners of a large set and map, for the element edits of sets and maps.
final class Collector: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var numbers: MutableSet<Int>
    @Persisted var friends: MutableSet<Dog>
    @Persisted var scores: Map<String, Int>
    @Persisted var pets: Map<String, Dog?>
}

/// Editing single places of managed collections goes through the engine's element operations (lists:
/// append, insert, remove, replace, move, swap, subscript set; sets: insert and remove; maps: set and remove
/// a key); collections past 128 elements live in trees of their own. Checked against models over random
/// edits across several write transactions, `LinkingObjects` kept in step.
@Suite("Collection element edits")
struct CollectionElementEditTests {
    @Test("Random edits of large managed lists match an array model, across commits")
    func randomEditsMatchModel() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Measurements.self, Person.self, Dog.self]))
        let seed = UInt64.random(in: 0..<UInt64.max)
        print("CollectionElementEditTests seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        var ints: [Int] = []
        var dogs: [String] = []
        try await realm.write { realm in
            try realm.add(Measurements(value: ["id": 1]))
            try realm.add(Person(value: ["id": 1, "name": "owner"]))
            for index in 0..<40 { try realm.add(Dog(value: ["name": "d\(index)", "age": index])) }
        }
        for round in 0..<8 {
            let (modelInts, modelDogs, generator) = try await realm.write { [random, ints, dogs] realm in
                var random = random
                var ints = ints
                var dogs = dogs
                let list = realm.object(ofType: Measurements.self, forPrimaryKey: 1)!.ints
                let owner = realm.object(ofType: Person.self, forPrimaryKey: 1)!
                let allDogs = Array(realm.objects(Dog.self).sorted(byKeyPath: "age"))
                for _ in 0..<60 {
                    // Integers.
                    switch Int.random(in: 0..<7, using: &random) {
                    case 0:
                        let values = (0..<Int.random(in: 1...40, using: &random)).map { _ in
                            Int.random(in: 0..<1000, using: &random)
                        }
                        list.append(objectsIn: values)
                        ints += values
                    case 1:
                        let value = Int.random(in: 0..<1000, using: &random)
                        let index = Int.random(in: 0...ints.count, using: &random)
                        list.insert(value, at: index)
                        ints.insert(value, at: index)
                    case 2 where !ints.isEmpty:
                        let index = Int.random(in: 0..<ints.count, using: &random)
                        list.remove(at: index)
                        ints.remove(at: index)
                    case 3 where !ints.isEmpty:
                        let index = Int.random(in: 0..<ints.count, using: &random)
                        list[index] = -index
                        ints[index] = -index
                    case 4 where ints.count > 1:
                        let from = Int.random(in: 0..<ints.count, using: &random)
                        let to = Int.random(in: 0..<ints.count, using: &random)
                        list.move(from: from, to: to)
                        ints.insert(ints.remove(at: from), at: to)
                    case 5 where ints.count > 1:
                        let a = Int.random(in: 0..<ints.count, using: &random)
                        let b = Int.random(in: 0..<ints.count, using: &random)
                        list.swapAt(a, b)
                        ints.swapAt(a, b)
                    default:
                        list.append(7)
                        ints.append(7)
                    }
                    // Links.
                    let dog = allDogs.randomElement(using: &random)!
                    switch Int.random(in: 0..<5, using: &random) {
                    case 0, 1:
                        owner.dogs.append(dog)
                        dogs.append(dog.name)
                    case 2:
                        let index = Int.random(in: 0...dogs.count, using: &random)
                        owner.dogs.insert(dog, at: index)
                        dogs.insert(dog.name, at: index)
                    case 3 where !dogs.isEmpty:
                        let index = Int.random(in: 0..<dogs.count, using: &random)
                        owner.dogs.replace(index: index, object: dog)
                        dogs[index] = dog.name
                    default:
                        if !dogs.isEmpty {
                            owner.dogs.removeLast()
                            dogs.removeLast()
                        }
                    }
                }
                #expect(Array(list) == ints)
                #expect(list.count == ints.count)
                #expect(owner.dogs.map(\.name) == dogs)
                return (ints, dogs, random)
            }
            ints = modelInts
            dogs = modelDogs
            random = generator
            // The committed lists read the same, and every dog's owners count its places in the list.
            let check = await realm.read { realm -> (ints: [Int], dogs: [String], owners: [String: Int]) in
                let owners = Dictionary(
                    uniqueKeysWithValues: realm.objects(Dog.self).map { ($0.name, $0.owners.count == 0 ? 0 : 1) }
                )
                return (
                    Array(realm.object(ofType: Measurements.self, forPrimaryKey: 1)!.ints),
                    realm.object(ofType: Person.self, forPrimaryKey: 1)!.dogs.map(\.name),
                    owners
                )
            }
            #expect(check.ints == ints, "round \(round), seed \(seed)")
            #expect(check.dogs == dogs, "round \(round), seed \(seed)")
            for (name, linked) in check.owners { #expect(linked == (dogs.contains(name) ? 1 : 0), "seed \(seed)") }
        }
        #expect(ints.count > 128, "the integer list grew past the inline limit (seed \(seed))")
    }

    @Test("A managed set iterates in Realm's order (sorted by value); random set and map edits match models")
    func setAndMapEditsMatchModels() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Collector.self, Person.self, Dog.self]))
        let seed = UInt64.random(in: 0..<UInt64.max)
        print("CollectionElementEditTests sets and maps seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        try await realm.write { realm in
            let collector = Collector(value: ["id": 1])
            try realm.add(collector)
            collector.numbers.insert(objectsIn: [30, 10, 20, 10])
            for index in 0..<20 { try realm.add(Dog(value: ["name": "d\(index)", "age": index])) }
        }
        let firstOrder = await realm.read { Array($0.object(ofType: Collector.self, forPrimaryKey: 1)!.numbers) }
        #expect(firstOrder == [10, 20, 30])
        var numbers: Set<Int> = [10, 20, 30]
        var friends: Set<String> = []
        var scores: [String: Int] = [:]
        var pets: [String: String?] = [:]
        for round in 0..<6 {
            let (n, f, s, p, generator) = try await realm.write { [random, numbers, friends, scores, pets] realm in
                var (random, numbers, friends, scores, pets) = (random, numbers, friends, scores, pets)
                let collector = realm.object(ofType: Collector.self, forPrimaryKey: 1)!
                let dogs = Array(realm.objects(Dog.self).sorted(byKeyPath: "age"))
                for _ in 0..<80 {
                    let number = Int.random(in: 0..<600, using: &random)
                    let dog = dogs.randomElement(using: &random)!
                    let key = "k\(Int.random(in: 0..<400, using: &random))"
                    switch Int.random(in: 0..<8, using: &random) {
                    case 0:
                        let batch = (0..<Int.random(in: 1...12, using: &random)).map { _ in
                            Int.random(in: 0..<600, using: &random)
                        }
                        collector.numbers.insert(objectsIn: batch)
                        numbers.formUnion(batch)
                    case 1:
                        let member = numbers.randomElement(using: &random) ?? number
                        collector.numbers.remove(member)
                        numbers.remove(member)
                    case 2:
                        collector.friends.insert(dog)
                        friends.insert(dog.name)
                    case 3:
                        collector.friends.remove(dog)
                        friends.remove(dog.name)
                    case 4, 5:
                        for index in 0..<8 {
                            collector.scores["\(key)-\(index)"] = number + index
                            scores["\(key)-\(index)"] = number + index
                        }
                    case 6:
                        if Bool.random(using: &random) {
                            collector.pets[key] = dog
                            pets[key] = dog.name
                        } else {
                            collector.pets.updateValue(nil, forKey: key)
                            pets[key] = .some(nil)
                        }
                        collector.scores.removeObject(for: key + "-0")
                        scores[key + "-0"] = nil
                    default:
                        collector.pets.updateValue(dog, forKey: key)
                        pets[key] = dog.name
                    }
                }
                return (numbers, friends, scores, pets, random)
            }
            (numbers, friends, scores, pets, random) = (n, f, s, p, generator)
            let read = await realm.read { realm in
                let collector = realm.object(ofType: Collector.self, forPrimaryKey: 1)!
                return (
                    Array(collector.numbers),
                    Set(collector.friends.map(\.name)),
                    Dictionary(uniqueKeysWithValues: collector.scores.map { ($0.key, $0.value) }),
                    Dictionary(uniqueKeysWithValues: collector.pets.map { ($0.key, $0.value?.name) }),
                    Array(collector.scores.keys)
                )
            }
            #expect(read.0 == numbers.sorted(), "round \(round), seed \(seed)")
            #expect(read.1 == friends, "round \(round), seed \(seed)")
            #expect(read.2 == scores, "round \(round), seed \(seed)")
            #expect(read.3 == pets, "round \(round), seed \(seed)")
            #expect(read.4 == scores.keys.sorted(), "round \(round), seed \(seed)")
        }
        #expect(numbers.count > 128 && scores.count > 128, "the set and the map outgrew the inline limit")
    }
}
