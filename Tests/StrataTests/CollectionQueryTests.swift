import Foundation
import Strata
import Testing

// Queries and aggregates on List and LinkingObjects (issue [2/5], first part): each gives Results over the
// collection's own objects, in the collection's order.
//
//   person   dogs (list order)                 dog    age   owners (one per link)
//   1 Ada    Rex, Fido, Bella, Rex (again)     Rex     3    Ada, Ada, Bob
//   2 Bob    Rex, Max                          Fido    1    Ada
//   3 Cy     (none)                            Bella   7    Ada
//                                              Max     5    Bob
//                                              Lone    2    (none)

@Suite("Queries and aggregates on lists and linking objects")
struct CollectionQueryTests {
    static func makeRealm() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            let dogs = Dictionary(
                uniqueKeysWithValues: [("Rex", 3), ("Fido", 1), ("Bella", 7), ("Max", 5), ("Lone", 2)].map {
                    ($0.0, Dog(value: ["name": $0.0, "age": $0.1]))
                }
            )
            for dog in dogs.values { try realm.add(dog) }
            let ada = Person(value: ["id": 1, "name": "Ada"])
            ada.dogs.append(objectsIn: ["Rex", "Fido", "Bella", "Rex"].map { dogs[$0]! })
            let bob = Person(value: ["id": 2, "name": "Bob"])
            bob.dogs.append(objectsIn: ["Rex", "Max"].map { dogs[$0]! })
            try realm.add([ada, bob, Person(value: ["id": 3, "name": "Cy"])])
        }
        return realm
    }

    @Test("filter, where, sorted and distinct on a list keep the list's order and its repeats")
    func listQueries() async throws {
        let realm = try await Self.makeRealm()
        let answers = await realm.read { realm -> [[String]] in
            let ada = realm.object(ofType: Person.self, forPrimaryKey: 1)!
            let cy = realm.object(ofType: Person.self, forPrimaryKey: 3)!
            return [
                ada.dogs.filter("age >= %d", 3).map(\.name),
                ada.dogs.where { $0.age < 3 }.map(\.name),
                ada.dogs.sorted(byKeyPath: "age").map(\.name),
                ada.dogs.sorted(by: \.name, ascending: false).map(\.name),
                ada.dogs.sorted(by: [SortDescriptor(keyPath: "name")]).map(\.name),
                ada.dogs.distinct(by: ["name"]).map(\.name),
                ada.dogs.filter("name BEGINSWITH 'R'").sorted(byKeyPath: "name").map(\.name),
                ada.dogs.filter("TRUEPREDICATE").map(\.name),
                cy.dogs.filter("age > 0").map(\.name),
                ["\(ada.dogs.filter("age > 2").count)", "\(ada.dogs.filter("age > 100").count)"],
            ]
        }
        #expect(
            answers == [
                ["Rex", "Bella", "Rex"],
                ["Fido"],
                ["Fido", "Rex", "Rex", "Bella"],
                ["Rex", "Rex", "Fido", "Bella"],
                ["Bella", "Fido", "Rex", "Rex"],
                ["Rex", "Fido", "Bella"],
                ["Rex", "Rex"],
                ["Rex", "Fido", "Bella", "Rex"],
                [],
                ["3", "0"],
            ]
        )
    }

    @Test("Aggregates on a list count repeats; an empty list gives nil, and zero for sum")
    func listAggregates() async throws {
        let realm = try await Self.makeRealm()
        let (ada, cy) = await realm.read { realm -> ([String], [String]) in
            let ada = realm.object(ofType: Person.self, forPrimaryKey: 1)!.dogs
            let cy = realm.object(ofType: Person.self, forPrimaryKey: 3)!.dogs
            let adaMin: Int? = ada.min(ofProperty: "age")
            let adaMax: Int? = ada.max(of: \.age)
            let adaSum: Int = ada.sum(ofProperty: "age")
            let adaAverage: Double? = ada.average(ofProperty: "age")
            let cyMin: Int? = cy.min(ofProperty: "age")
            let cySum: Int = cy.sum(of: \.age)
            let cyAverage: Double? = cy.average(ofProperty: "age")
            return (
                ["\(adaMin!)", "\(adaMax!)", "\(adaSum)", "\(adaAverage!)"],
                ["\(cyMin as Any)", "\(cySum)", "\(cyAverage as Any)"]
            )
        }
        #expect(ada == ["1", "7", "14", "3.5"])
        #expect(cy == ["nil", "0", "nil"])
    }

    @Test("index(matching:) on a list gives the position in the list, or nil")
    func listIndexMatching() async throws {
        let realm = try await Self.makeRealm()
        let positions = try await realm.read { realm -> [Int?] in
            let dogs = realm.object(ofType: Person.self, forPrimaryKey: 1)!.dogs
            return [
                dogs.index(matching: "name == %@", "Bella"),
                try dogs.index(matching: RealmPredicate(format: "age < 2")),
                dogs.index(matching: { $0.name == "Rex" }),
                dogs.index(matching: "age > 100"),
            ]
        }
        #expect(positions == [2, 1, 0, nil])
    }

    @Test("LinkingObjects: filter, sort and aggregates over the objects that link here")
    func linkingObjectsQueries() async throws {
        let realm = try await Self.makeRealm()
        let answers = await realm.read { realm -> [String] in
            let rex = realm.objects(Dog.self).filter("name == 'Rex'")[0]
            let lone = realm.objects(Dog.self).filter("name == 'Lone'")[0]
            let maxID: Int? = rex.owners.max(ofProperty: "id")
            let noOwner: Int? = lone.owners.max(ofProperty: "id")
            let sum: Int = rex.owners.sum(of: \.id)
            return [
                rex.owners.sorted(byKeyPath: "name", ascending: false).map(\.name).joined(separator: ","),
                rex.owners.filter("name == 'Bob'").map(\.name).joined(separator: ","),
                rex.owners.where { $0.id > 5 }.map(\.name).joined(separator: ","),
                "\(maxID!) \(noOwner as Any) \(sum)",
                "\(rex.owners.index(matching: "name == 'Bob'") != nil)",
                "\(lone.owners.filter("TRUEPREDICATE").count)",
                "\(rex.owners.count)",
            ]
        }
        // Ada's list holds Rex twice, so Ada links to Rex twice: backlinks count each link, as realm-core's do.
        #expect(answers == ["Bob,Ada,Ada", "Bob", "", "2 nil 4", "true", "0", "3"])
    }

    @Test("Results over a list follow the list: appends show, a deleted owner leaves them empty")
    func liveListResults() async throws {
        let realm = try await Self.makeRealm()
        let counts = try await realm.write { realm -> [Int] in
            let ada = realm.object(ofType: Person.self, forPrimaryKey: 1)!
            let old = ada.dogs.filter("age >= 3")
            let before = old.count
            ada.dogs.append(Dog(value: ["name": "Newcomer", "age": 4]))
            let afterAppend = old.count
            ada.dogs.remove(at: 0)
            let afterRemove = old.count
            try realm.delete(ada)
            return [before, afterAppend, afterRemove, old.count]
        }
        #expect(counts == [3, 4, 3, 0])
    }

    @Test("Results over a frozen list are read from another task while writes continue")
    func frozenListResults() async throws {
        let realm = try await Self.makeRealm()
        let frozen = try await realm.read { realm in
            try realm.object(ofType: Person.self, forPrimaryKey: 1)!.dogs.filter("age >= 3").sorted(byKeyPath: "name")
                .freeze()
        }
        try await realm.write { realm in
            realm.object(ofType: Person.self, forPrimaryKey: 1)!.dogs.removeAll()
        }
        let names = await Task.detached { frozen.map(\.name) }.value
        #expect(names == ["Bella", "Rex", "Rex"])
        #expect(frozen.isFrozen)
    }

    @Test("An unmanaged list aggregates its objects in memory")
    func unmanagedListAggregates() {
        let person = Person()
        person.dogs.append(objectsIn: [Dog(value: ["age": 4]), Dog(value: ["age": 10])])
        let minimum: Int? = person.dogs.min(ofProperty: "age")
        let sum: Int = person.dogs.sum(ofProperty: "age")
        let average: Double? = person.dogs.average(ofProperty: "age")
        let empty: Int? = Person().dogs.max(ofProperty: "age")
        #expect(minimum == 4 && sum == 14 && average == 7 && empty == nil)
    }

    @Test("Querying an unmanaged list stops with a clear message")
    func unmanagedListFilterStops() async {
        await #expect(processExitsWith: .failure) {
            _ = Person().dogs.filter("age > 1")
        }
    }
}

final class Reader: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var favourites: MutableSet<Dog>
}

extension CollectionQueryTests {
    @Test("A set of objects is queried, sorted and aggregated like a list")
    func setQueries() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Person.self, Dog.self, Reader.self]))
        let answers = try await realm.write { realm -> [String] in
            let reader = Reader(value: ["id": 1])
            for (name, age) in [("Rex", 3), ("Fido", 1), ("Bella", 7)] {
                reader.favourites.insert(Dog(value: ["name": name, "age": age]))
            }
            try realm.add(reader)
            let set = reader.favourites
            let oldest: Int? = set.max(ofProperty: "age")
            let total: Int = set.sum(ofProperty: "age")
            return [
                set.filter("age > 2").sorted(byKeyPath: "name").map(\.name).joined(separator: ","),
                set.where { $0.name.starts(with: "F") }.map(\.name).joined(separator: ","),
                "\(oldest!) \(total)",
            ]
        }
        #expect(answers == ["Bella,Rex", "Fido", "7 11"])
    }
}

extension CollectionQueryTests {
    @Test("A string literal is an ascending SortDescriptor; reversed() flips it")
    func sortDescriptorLiteral() async throws {
        let descriptor: Strata.SortDescriptor = "name"
        #expect(descriptor == SortDescriptor(keyPath: "name", ascending: true))
        #expect(descriptor.reversed().description == "SortDescriptor(keyPath: name, direction: descending)")
        let realm = try await Self.makeRealm()
        let names = await realm.read { realm in
            realm.objects(Dog.self).sorted(by: ["age", SortDescriptor(keyPath: "name")]).map(\.name)
        }
        #expect(names == ["Fido", "Lone", "Rex", "Max", "Bella"])
    }
}

extension CollectionQueryTests {
    @Test("objects(at:) returns the elements at the given positions on every kind")
    func objectsAtIndexes() async throws {
        let realm = try await Self.makeRealm()
        let answers = await realm.read { realm -> [[String]] in
            let ada = realm.object(ofType: Person.self, forPrimaryKey: 1)!
            let rex = realm.objects(Dog.self).filter("name == 'Rex'")[0]
            return [
                realm.objects(Dog.self).sorted(byKeyPath: "name").objects(at: [0, 2, 4]).map(\.name),
                ada.dogs.objects(at: [1, 3]).map(\.name),
                rex.owners.objects(at: [2]).map(\.name),
                ada.dogs.objects(at: []).map(\.name),
            ]
        }
        #expect(answers == [["Bella", "Lone", "Rex"], ["Fido", "Rex"], ["Bob"], []])
        let list = List<Int>()
        list.append(objectsIn: [10, 20, 30])
        #expect(list.objects(at: [0, 2]) == [10, 30])
    }

    @Test("objects(at:) out of bounds stops with a message")
    func objectsAtOutOfBounds() async {
        await #expect(processExitsWith: .failure) {
            let list = List<Int>()
            list.append(1)
            _ = list.objects(at: [0, 1])
        }
    }
}

extension CollectionQueryTests {
    @Test("index(of:) finds a managed object by its key, and nil for one not in the results")
    func indexOfObject() async throws {
        let realm = try await Self.makeRealm()
        let positions = await realm.read { realm -> [Int?] in
            let sorted = realm.objects(Dog.self).sorted(byKeyPath: "name")
            let max = realm.objects(Dog.self).filter("name == 'Max'")[0]
            let adaDogs = realm.object(ofType: Person.self, forPrimaryKey: 1)!.dogs.filter("TRUEPREDICATE")
            return [sorted.index(of: max), adaDogs.index(of: max), sorted.index(of: Dog())]
        }
        #expect(positions == [3, nil, nil])
    }
}
