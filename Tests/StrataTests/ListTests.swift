import Foundation
import Strata
import Testing

/// Lists of values of several types, for the queries and aggregates of collections of primitives.
final class Measurements: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var ints: List<Int>
    @Persisted var optionalDoubles: List<Double?>
    @Persisted var decimals: List<Decimal128>
    @Persisted var dates: List<Date>
    @Persisted var names: List<String>
    @Persisted var tags: MutableSet<String>
}

/// A decimal from its text (the test's literals are valid).
private func decimal(_ text: String) -> Decimal128 { try! Decimal128(string: text) }

// The RealmCollection surface on `List`, of values and of objects, managed and unmanaged. Realm's answers:
// an empty collection's min/max/average are nil and its sum zero; nil values are ignored by every aggregate;
// `sorted(ascending:)` puts nil first; `distinct()` keeps each value where it first appears.

@Suite("List: queries, aggregates, key-value coding, freeze and thaw")
struct ListTests {
    static func makeRealm() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration([Measurements.self, Person.self, Dog.self]))
        try await realm.write { realm in
            let full = Measurements(value: ["id": 1])
            full.ints.append(objectsIn: [3, 1, 4, 1, 5, 9, 2, 6])
            full.optionalDoubles.append(objectsIn: [2.5, nil, 0.5, nil, 3.0])
            full.decimals.append(objectsIn: [decimal("1.10"), decimal("2.20")])
            full.dates.append(objectsIn: [1000, 10, 500].map { Date(timeIntervalSince1970: $0) })
            full.names.append(objectsIn: ["pear", "Apple", "fig", "apple", "pear"])
            full.tags.insert(objectsIn: ["b", "a", "c"])
            try realm.add([full, Measurements(value: ["id": 2])])
        }
        return realm
    }

    @Test("sorted(ascending:), distinct() and filter on 'self' of a list of values")
    func valueQueries() async throws {
        let realm = try await Self.makeRealm()
        let answers = await realm.read { realm -> [[Int]] in
            let ints = realm.object(ofType: Measurements.self, forPrimaryKey: 1)!.ints
            return [
                Array(ints.sorted()),
                Array(ints.sorted(ascending: false)),
                Array(ints.distinct()),
                Array(ints.filter("self > 3")),
                Array(ints.filter("self IN {1, 9}")),
                Array(ints.filter("self BETWEEN {2, 4}").sorted(ascending: true)),
                Array(ints.sorted(ascending: false).distinct()),
                Array(ints.sorted(byKeyPath: "self")),
                [ints.filter("self > 3").count, ints.index(of: 5) ?? -1, ints.index(of: 7) ?? -1],
                [ints.index(matching: "self > 4") ?? -1, ints.index(matching: "self > 100") ?? -1],
            ]
        }
        #expect(
            answers == [
                [1, 1, 2, 3, 4, 5, 6, 9],
                [9, 6, 5, 4, 3, 2, 1, 1],
                [3, 1, 4, 5, 9, 2, 6],
                [4, 5, 9, 6],
                [1, 1, 9],
                [2, 3, 4],
                [9, 6, 5, 4, 3, 2, 1],
                [1, 1, 2, 3, 4, 5, 6, 9],
                [4, 4, -1],
                [4, -1],
            ]
        )
        let strings = await realm.read { realm -> [[String]] in
            let names = realm.object(ofType: Measurements.self, forPrimaryKey: 1)!.names
            return [
                Array(names.sorted()),
                Array(names.distinct()),
                Array(names.filter("self BEGINSWITH[c] 'a'")),
                Array(names.filter("self == 'pear'")),
            ]
        }
        #expect(
            strings == [
                ["apple", "Apple", "fig", "pear", "pear"],
                ["pear", "Apple", "fig", "apple"],
                ["Apple", "apple"],
                ["pear", "pear"],
            ]
        )
    }

    @Test("min, max, sum and average of lists of values, empty and with nils and decimals")
    func valueAggregates() async throws {
        let realm = try await Self.makeRealm()
        let ints = await realm.read { realm -> [Int?] in
            let full = realm.object(ofType: Measurements.self, forPrimaryKey: 1)!.ints
            let empty = realm.object(ofType: Measurements.self, forPrimaryKey: 2)!.ints
            return [full.min(), full.max(), full.sum(), empty.min(), empty.max(), empty.sum()]
        }
        #expect(ints == [1, 9, 31, nil, nil, 0])
        let averages = await realm.read { realm -> [Double?] in
            let full = realm.object(ofType: Measurements.self, forPrimaryKey: 1)!
            let empty = realm.object(ofType: Measurements.self, forPrimaryKey: 2)!
            return [
                full.ints.average(), empty.ints.average(), full.optionalDoubles.average(),
                full.optionalDoubles.min() ?? nil, full.optionalDoubles.max() ?? nil, full.optionalDoubles.sum(),
                full.ints.filter("self > 3").average(),
            ]
        }
        #expect(averages == [3.875, nil, 2.0, 0.5, 3.0, 6.0, 6.0])
        let decimals = await realm.read { realm -> [Decimal128?] in
            let list = realm.object(ofType: Measurements.self, forPrimaryKey: 1)!.decimals
            return [list.sum(), list.average(), list.min(), list.max()]
        }
        #expect(
            decimals == [
                decimal("3.30"), decimal("1.65"), decimal("1.10"),
                decimal("2.20"),
            ]
        )
        let dates = await realm.read { realm -> [Date?] in
            let list = realm.object(ofType: Measurements.self, forPrimaryKey: 1)!.dates
            return [list.min(), list.max(), list.sorted(ascending: false).first]
        }
        #expect(dates == [10, 1000, 1000].map { Date(timeIntervalSince1970: $0) })
    }

    @Test("an unmanaged list aggregates in memory")
    func unmanagedAggregates() {
        let list = List<Int>()
        list.append(objectsIn: [4, 2, 8])
        #expect(list.min() == 2)
        #expect(list.max() == 8)
        #expect(list.sum() == 14)
        #expect(list.average() as Double? == 14.0 / 3)
        #expect(List<Double>().average() as Double? == nil)
        #expect(List<Double>().sum() == 0)
        #expect(list.index(of: 8) == 2)
        #expect(list.objects(at: [0, 2]) == [4, 8])
        let dogs = List<Dog>()
        dogs.append(objectsIn: [Dog(value: ["name": "A", "age": 3]), Dog(value: ["name": "B", "age": 5])])
        #expect(dogs.sum(ofProperty: "age") as Int == 8)
        #expect(dogs.max(of: \.age) == 5)
        #expect(dogs.value(forKey: "name") as? [String] == ["A", "B"])
    }

    @Test("value(forKey:) and value(forKeyPath:) answer arrays, and collection operators")
    func keyValueCoding() async throws {
        let realm = try await CollectionQueryTests.makeRealm()
        let answers = await realm.read { realm -> [String] in
            let ada = realm.object(ofType: Person.self, forPrimaryKey: 1)!
            let names = ada.dogs.value(forKey: "name") as? [String]
            let ages = ada.dogs.value(forKeyPath: "age") as? [Int]
            let everyone = realm.objects(Person.self).value(forKey: "self") as? [Person]
            return [
                "\(names ?? [])",
                "\(ages ?? [])",
                "\(ada.dogs.value(forKeyPath: "@count") as? Int ?? -1)",
                "\(ada.dogs.value(forKeyPath: "@sum.age") as? Int ?? -1)",
                "\(ada.dogs.value(forKeyPath: "@max.age") as? Int ?? -1)",
                "\(everyone?.map(\.name) ?? [])",
                "\(realm.objects(Dog.self).sorted(byKeyPath: "name").value(forKeyPath: "owners.@count") == nil)",
            ]
        }
        #expect(
            answers[0..<6] == [
                "[\"Rex\", \"Fido\", \"Bella\", \"Rex\"]", "[3, 1, 7, 3]", "4", "14", "7", "[\"Ada\", \"Bob\", \"Cy\"]",
            ]
        )
    }

    @Test("setValue(_:forKey:) sets every object's property inside a write")
    func setValueForKey() async throws {
        let realm = try await CollectionQueryTests.makeRealm()
        try await realm.write { realm in
            realm.object(ofType: Person.self, forPrimaryKey: 1)!.dogs.setValue(10, forKey: "age")
        }
        let ages = await realm.read { realm in realm.objects(Dog.self).sorted(byKeyPath: "name").map(\.age) }
        // Bella, Fido, Lone, Max, Rex: Ada's dogs are Rex, Fido and Bella.
        #expect(ages == [10, 10, 2, 5, 10])
    }

    @Test("lists compare equal when they are the same property of the same object; unmanaged by their elements")
    func equality() async throws {
        let realm = try await Self.makeRealm()
        let answers = await realm.read { realm -> [Bool] in
            let one = realm.object(ofType: Measurements.self, forPrimaryKey: 1)!
            let again = realm.object(ofType: Measurements.self, forPrimaryKey: 1)!
            let two = realm.object(ofType: Measurements.self, forPrimaryKey: 2)!
            return [one.ints == again.ints, one.ints == two.ints, one.ints == one.ints]
        }
        #expect(answers == [true, false, true])
        let unmanaged = List<Int>()
        #expect(unmanaged == unmanaged)
        #expect(unmanaged == List<Int>())
    }

    @Test("a list encodes as an array of its elements and decodes back")
    func codable() async throws {
        let realm = try await Self.makeRealm()
        let json = try await realm.read { realm in
            let ints = realm.object(ofType: Measurements.self, forPrimaryKey: 1)!.ints
            return String(decoding: try JSONEncoder().encode(ints), as: UTF8.self)
        }
        #expect(json == "[3,1,4,1,5,9,2,6]")
        let decoded = try JSONDecoder().decode(List<Int>.self, from: Data("[7,8]".utf8))
        #expect(Array(decoded) == [7, 8])
        let set = try JSONDecoder().decode(MutableSet<String>.self, from: Data("[\"a\",\"a\",\"b\"]".utf8))
        #expect(set.count == 2)
    }

    @Test("a frozen list is read from another task while writes continue; thaw() gives the live list")
    func freezeAndThaw() async throws {
        let realm = try await Self.makeRealm()
        let frozen = try await realm.read { realm in
            try realm.object(ofType: Measurements.self, forPrimaryKey: 1)!.ints.freeze()
        }
        try await realm.write { realm in realm.object(ofType: Measurements.self, forPrimaryKey: 1)!.ints.append(100) }
        let seen = await Task.detached { (frozen.isFrozen, Array(frozen), frozen.sum(), Array(frozen.sorted())) }.value
        #expect(seen.0)
        #expect(seen.1 == [3, 1, 4, 1, 5, 9, 2, 6])
        #expect(seen.2 == 31)
        #expect(seen.3 == [1, 1, 2, 3, 4, 5, 6, 9])
        let thawed = await realm.read { _ in frozen.thaw().map { ($0.isFrozen, $0.count, $0.last) } }
        #expect(thawed?.0 == false)
        #expect(thawed?.1 == 9)
        #expect(thawed?.2 == 100)
        let gone = try await realm.write { realm -> Bool in
            try realm.delete(realm.object(ofType: Measurements.self, forPrimaryKey: 1)!)
            return frozen.thaw() == nil
        }
        #expect(gone)
    }

    @Test("objects(at:) and index(of:) on a list of objects, for objects in it and not")
    func positions() async throws {
        let realm = try await CollectionQueryTests.makeRealm()
        let answers = await realm.read { realm -> [String] in
            let ada = realm.object(ofType: Person.self, forPrimaryKey: 1)!
            let max = realm.objects(Dog.self).filter("name == 'Max'").first!
            let bella = realm.objects(Dog.self).filter("name == 'Bella'").first!
            return [
                "\(ada.dogs.objects(at: [1, 3]).map(\.name))",
                "\(ada.dogs.index(of: max).map(String.init) ?? "nil")",
                "\(ada.dogs.index(of: bella).map(String.init) ?? "nil")",
                "\(ada.dogs.index(of: Dog()).map(String.init) ?? "nil")",
                "\(ada.dogs.index(matching: { $0.age > 5 }).map(String.init) ?? "nil")",
                "\(ada.dogs.index(matching: #Predicate<Dog> { $0.age == 1 }).map(String.init) ?? "nil")",
            ]
        }
        #expect(answers == ["[\"Fido\", \"Rex\"]", "nil", "2", "nil", "2", "1"])
    }
}
