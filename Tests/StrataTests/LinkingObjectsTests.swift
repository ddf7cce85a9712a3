import Foundation
import Strata
import Testing

// `LinkingObjects` through the RealmCollection surface, over ResultsTests' data set: Rex's `linkedFrom` holds the
// four objects in the order their links were made (b, a, c, d), Lone's holds none.

@Suite("LinkingObjects: queries, aggregates, positions, key-value coding, freeze and thaw")
struct LinkingObjectsTests {
    @Test("every query shape keeps the linking objects' order and selects exactly the matching objects")
    func queryShapes() async throws {
        let realm = try await ResultsTests.makeRealm()
        let (order, answers) = try await realm.read { realm in
            let linkedFrom = realm.objects(Dog.self).filter("name == 'Rex'").first!.linkedFrom
            return (linkedFrom.map(\.string), try ResultsTests.queryShapes(linkedFrom))
        }
        #expect(order == ["b", "a", "c", "d"])
        #expect(answers == ResultsTests.expectedQueryShapes)
    }

    @Test("aggregates ignore nils; no linking objects give nil, and zero for sum")
    func aggregates() async throws {
        let realm = try await ResultsTests.makeRealm()
        let (full, empty) = await realm.read { realm in
            (
                ResultsTests.aggregates(realm.objects(Dog.self).filter("name == 'Rex'").first!.linkedFrom),
                ResultsTests.aggregates(realm.objects(Dog.self).filter("name == 'Lone'").first!.linkedFrom)
            )
        }
        #expect(full == ResultsTests.expectedAggregates)
        #expect(empty == ResultsTests.expectedEmptyAggregates)
    }

    @Test("index(of:) answers nil for objects that do not link here; index(matching:) the first match")
    func positions() async throws {
        let realm = try await ResultsTests.makeRealm()
        let answers = try await realm.write { realm -> [String] in
            let rex = realm.objects(Dog.self).filter("name == 'Rex'").first!
            let lone = realm.objects(Dog.self).filter("name == 'Lone'").first!
            let c = realm.objects(AllTypes.self).filter("string == 'c'").first!
            let before = [text(rex.linkedFrom.index(of: c)), text(lone.linkedFrom.index(of: c))]
            c.link = lone
            return before + [
                text(rex.linkedFrom.index(of: c)), text(lone.linkedFrom.index(of: c)),
                text(rex.linkedFrom.index(of: AllTypes())), text(rex.linkedFrom.index(matching: "int == %d", 2)),
                text(try rex.linkedFrom.index(matching: RealmPredicate(format: "string == 'c'"))),
                rex.linkedFrom.map(\.string).joined(),
            ]
        }
        #expect(answers == ["2", "nil", "nil", "0", "nil", "1", "nil", "bad"])
    }

    @Test("objects(at:) answers the objects at the indexes, and stops for an index out of bounds")
    func objectsAtIndexes() async throws {
        let realm = try await ResultsTests.makeRealm()
        let names = await realm.read { realm in
            realm.objects(Dog.self).filter("name == 'Rex'").first!.linkedFrom.objects(at: [1, 3]).map(\.string)
        }
        #expect(names == ["a", "d"])
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try await ResultsTests.makeRealm()
            await realm.read { realm in
                _ = realm.objects(Dog.self).filter("name == 'Lone'").first!.linkedFrom.objects(at: [0])
            }
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("out of bounds"))
    }

    @Test("value(forKey:) answers an array of every property type, in the linking objects' order")
    func valueForKey() async throws {
        let realm = try await ResultsTests.makeRealm()
        await realm.read { realm in
            ResultsTests.checkKeyValueCoding(realm.objects(Dog.self).filter("name == 'Rex'").first!.linkedFrom)
        }
    }

    @Test("setValue(_:forKey:) sets every linking object inside a write, and stops outside one")
    func setValueForKey() async throws {
        let realm = try await ResultsTests.makeRealm()
        let strings = try await realm.write { realm -> [String] in
            realm.objects(Dog.self).filter("name == 'Rex'").first!.linkedFrom.setValue("z", forKey: "optionalString")
            return realm.objects(AllTypes.self).map { $0.optionalString ?? "nil" }
        }
        #expect(strings == ["z", "z", "z", "z"])
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try await ResultsTests.makeRealm()
            await realm.read { realm in
                realm.objects(Dog.self).filter("name == 'Rex'").first!.linkedFrom.setValue(1, forKey: "int")
            }
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("write"))
    }

    @Test("frozen linking objects are read from other tasks while writes continue; thaw() gives the live ones")
    func freezeWhileWriting() async throws {
        let realm = try await ResultsTests.makeRealm()
        let frozen = try await realm.read { realm in
            try realm.objects(Dog.self).filter("name == 'Rex'").first!.linkedFrom.freeze()
        }
        let readers = (0..<4).map { _ in
            Task.detached { () -> Set<[String]> in
                var seen: Set<[String]> = []
                for _ in 0..<50 { seen.insert(frozen.map(\.string) + ["\(frozen.sum(ofProperty: "int") as Int)"]) }
                return seen
            }
        }
        for number in 0..<20 {
            try await realm.write { realm in
                let object = AllTypes()
                object.string = "new\(number)"
                object.link = realm.objects(Dog.self).filter("name == 'Rex'").first!
                try realm.add(object)
            }
        }
        for reader in readers { #expect(await reader.value == [["b", "a", "c", "d", "18"]]) }
        #expect(frozen.isFrozen)
        let thawed = await realm.read { _ in frozen.thaw().map { ($0.isFrozen, $0.count, $0.last?.string) } }
        #expect(thawed?.0 == false)
        #expect(thawed?.1 == 24)
        #expect(thawed?.2 == "new19")
        let gone = try await realm.write { realm -> Bool in
            try realm.delete(realm.objects(Dog.self).filter("name == 'Rex'").first!)
            return frozen.thaw() == nil
        }
        #expect(gone)
    }

    @Test("an unmanaged object's linking objects are empty and belong to no realm")
    func unmanaged() {
        let dog = Dog()
        #expect(dog.linkedFrom.count == 0)
        #expect(dog.linkedFrom.realm == nil)
        #expect(!dog.linkedFrom.isFrozen)
        #expect(LinkingObjects(fromType: AllTypes.self, property: "link").isEmpty)
    }

    /// How a list assignment is written: Realm clears the list and appends the new elements for all three.
    enum ListAssignment: String, CaseIterable, CustomTestStringConvertible {
        case property, keyValueCoding, createUpdatingAll
        var testDescription: String { rawValue }
    }

    @Test(
        "assigning a whole list that keeps an element reorders the kept element's linking objects as Realm's clear-then-append does",
        arguments: ListAssignment.allCases
    )
    func listAssignmentBacklinkOrder(assignment: ListAssignment) async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        // Rex's owners are 1, 2, 3 (in the order the links were made); Fido's is 1.
        let orders = try await realm.write { realm in
            let rex = try realm.create(Dog.self, value: ["name": "Rex"])
            let fido = try realm.create(Dog.self, value: ["name": "Fido"])
            let first = try realm.create(Person.self, value: ["id": 1, "dogs": [rex, fido]])
            for id in 2...3 { try realm.create(Person.self, value: ["id": id, "dogs": [rex]]) }
            switch assignment {
            case .property:
                let dogs = List<Dog>()
                dogs.append(objectsIn: [rex, fido])
                first.dogs = dogs
            case .keyValueCoding: first.setValue([rex, fido], forKey: "dogs")
            case .createUpdatingAll:
                try realm.create(Person.self, value: ["id": 1, "dogs": [rex, fido]], update: .all)
            }
            return [rex.owners.map(\.id), fido.owners.map(\.id), first.dogs.map(\.name.count)]
        }
        // Realm (List::assign without its diff policy) clears the list, then appends: clearing removes 1's entry from
        // Rex's backlinks [1, 2, 3], and the last entry (3) takes its place: [3, 2]; appending adds 1 at the end:
        // [3, 2, 1]. Fido's [1] loses 1 and gets it back: [1].
        #expect(orders == [[3, 2, 1], [1], [3, 4]])
    }

    @Test("an update with .modified changes the list position by position, reordering backlinks as Realm's diff does")
    func modifiedUpdateBacklinkOrder() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        let orders = try await realm.write { realm in
            let rex = try realm.create(Dog.self, value: ["name": "Rex"])
            let fido = try realm.create(Dog.self, value: ["name": "Fido"])
            try realm.create(Person.self, value: ["id": 1, "dogs": [rex, fido]])
            try realm.create(Person.self, value: ["id": 2, "dogs": [rex, fido]])
            try realm.create(Person.self, value: ["id": 3, "dogs": [rex]])
            try realm.create(Person.self, value: ["id": 1, "dogs": [fido, rex]], update: .modified)
            return [rex.owners.map(\.id), fido.owners.map(\.id)]
        }
        // Realm (List::assign with its diff policy) sets each differing position in order. Position 0 (Rex to Fido):
        // Rex's [1, 2, 3] loses 1, 3 filling the gap: [3, 2]; Fido's [1, 2] gets 1: [1, 2, 1]. Position 1 (Fido to
        // Rex): Fido's loses its first 1, the last entry filling the gap: [1, 2]; Rex's gets 1: [3, 2, 1].
        #expect(orders == [[3, 2, 1], [1, 2]])
    }
}
