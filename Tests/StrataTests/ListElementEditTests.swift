import Foundation
import Strata
import Testing

import struct StrataCore.SeededGenerator

/// Editing single places of managed lists (append, insert, remove, replace, move, swap, subscript set) goes
/// through the engine's element operations; lists past 128 elements live in trees of their own. Checked
/// against an array model over random edits across several write transactions, for a list of links (with
/// `LinkingObjects` kept in step) and a list of integers.
@Suite("List element edits")
struct ListElementEditTests {
    @Test("Random edits of large managed lists match an array model, across commits")
    func randomEditsMatchModel() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Measurements.self, Person.self, Dog.self]))
        let seed = UInt64.random(in: 0..<UInt64.max)
        print("ListElementEditTests seed: \(seed)")
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
}
