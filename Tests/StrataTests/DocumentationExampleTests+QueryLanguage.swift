import Foundation
import Strata
import Testing

// QueryLanguage.md's examples, verbatim (see DocumentationExampleTests.swift).

extension DocumentationExampleTests {
    /// QueryLanguage.md's data: four people and five dogs.
    static func makePeople() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            let dogs = [("Rex", 3), ("Fido", 1), ("Max", 5), ("Lone", 2)].map { Dog(value: ["name": $0, "age": $1]) }
            for dog in dogs { try realm.add(dog) }
            let ada = Person(value: ["id": 1, "name": "Ada", "age": 36])
            let bob = Person(value: ["id": 2, "name": "Bob", "age": 17])
            let cy = Person(value: ["id": 3, "name": "Cy"])
            let alvaro = Person(value: ["id": 4, "name": "Álvaro", "age": 52])
            ada.dogs.append(objectsIn: [dogs[0], dogs[1]])
            ada.bestFriend = bob
            ada.address = Address(value: ["city": "London"])
            bob.dogs.append(dogs[2])
            cy.address = Address(value: ["city": "Paris"])
            alvaro.dogs.append(dogs[0])
            try realm.add([ada, bob, cy, alvaro])
        }
        return realm
    }

    @Test("QueryLanguage.md: overview")
    func overview() async throws {
        let realm = try await Self.makePeople()
        let names = await realm.read { realm in
            realm.objects(Person.self)
                .filter("age >= %d AND name BEGINSWITH[c] %@", 18, "a")
                .sorted(byKeyPath: "name")
                .map(\.name)
        }
        let adults = try await realm.read { realm in
            try realm.objects(Person.self).where { $0.age >= 18 && $0.dogs.count > 0 }.freeze()
        }
        #expect(names == ["Ada"])
        #expect(adults.map(\.name) == ["Ada", "Álvaro"])
    }

    @Test("QueryLanguage.md: comparisons and strings")
    func comparisonsAndStrings() async throws {
        let realm = try await Self.makePeople()
        let matches = await realm.read { realm in
            let people = realm.objects(Person.self)
            return [
                people.filter("age BETWEEN {18, 40}"),
                people.filter("name IN %@", ["Bob", "Cy"]),
                people.filter("name LIKE[c] 'a*a'"),
                people.filter("name BEGINSWITH[cd] 'al'"),
                people.filter("age == nil"),
                people.filter("NOT (age > 18) OR name ENDSWITH 'y'"),
            ].map { $0.map(\.name) }
        }
        #expect(matches == [["Ada"], ["Bob", "Cy"], ["Ada"], ["Álvaro"], ["Cy"], ["Bob", "Cy"]])
    }

    @Test("QueryLanguage.md: links, lists and linking objects")
    func linksAndCollections() async throws {
        let realm = try await Self.makePeople()
        let owners = await realm.read { realm in
            let people = realm.objects(Person.self)
            return [
                people.filter("ANY dogs.age > 4"),
                people.filter("ALL dogs.age >= 3"),
                people.filter("NONE dogs.name == 'Rex'"),
                people.filter("dogs.@count == 2"),
                people.filter("dogs.@avg.age > 2"),
                people.filter("SUBQUERY(dogs, $dog, $dog.age < 4).@count >= 1"),
                people.filter("bestFriend.name == 'Bob'"),
                people.filter("address.city == nil"),
            ].map { $0.map(\.name) }
        }
        #expect(
            owners == [
                ["Bob"], ["Bob", "Cy", "Álvaro"], ["Bob", "Cy"], ["Ada"], ["Bob", "Álvaro"], ["Ada", "Álvaro"], ["Ada"],
                ["Bob", "Álvaro"],
            ]
        )
        let dogs = await realm.read { realm in
            realm.objects(Dog.self).filter("ANY owners.age > 40 OR @links.Person.dogs.@count == 0").map(\.name)
        }
        #expect(dogs == ["Rex", "Lone"])
    }

    @Test("QueryLanguage.md: arguments")
    func arguments() async throws {
        let realm = try await Self.makePeople()
        let byArguments = await realm.read { realm in
            let bob = realm.object(ofType: Person.self, forPrimaryKey: 2)!
            let people = realm.objects(Person.self)
            return [
                people.filter("%K == %@", "name", "Cy"),
                people.filter("age > %d AND age < %f", 10, 40.5),
                people.filter("bestFriend == %@", bob),
                people.filter("name == $0 OR name == $1", "Bob", "Cy"),
            ].map { $0.map(\.name) }
        }
        #expect(byArguments == [["Cy"], ["Ada", "Bob"], ["Ada"], ["Bob", "Cy"]])
    }

    @Test("QueryLanguage.md: sort, distinct and limit in the query")
    func sortDistinctLimit() async throws {
        let realm = try await Self.makePeople()
        let firstTwo = await realm.read { realm in
            realm.objects(Dog.self).filter("age > 0 SORT(age DESC, name ASC) DISTINCT(age) LIMIT(2)").map(\.name)
        }
        #expect(firstTwo == ["Max", "Rex"])
    }

    @Test("QueryLanguage.md: type-safe queries, RealmPredicate and #Predicate")
    func typeSafe() async throws {
        let realm = try await Self.makePeople()
        let typed = try await realm.read { realm in
            let people = realm.objects(Person.self)
            let withDogs = try RealmPredicate(format: "dogs.@count > %d", 0)
            return [
                people.where { $0.age > 18 && $0.name.starts(with: "a", options: .caseInsensitive) },
                people.where { $0.dogs.age.max > 4 },
                people.where { ($0.dogs.age < 4 && $0.dogs.name == "Rex").count > 0 },
                try people.filter(withDogs),
                try people.filter(#Predicate<Person> { $0.name == "Cy" }),
            ].map { $0.map(\.name) }
        }
        #expect(typed == [["Ada"], ["Bob"], ["Ada", "Álvaro"], ["Ada", "Bob", "Álvaro"], ["Cy"]])
    }

    @Test("QueryLanguage.md: errors")
    func errors() async throws {
        let realm = try await Self.makePeople()
        let mistyped = try RealmPredicate(format: "age == 'old'")
        let message = await realm.read { realm in
            do {
                _ = try realm.objects(Person.self).filter(mistyped)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(
            message == "Invalid query at column 8: Cannot compare value 'old' of type 'String' to property 'age' of "
                + "type 'int': cannot compare 'age' of type int with \"old\" using =="
        )
    }

    @Test("QueryLanguage.md: sorting, distinct and aggregates")
    func sortingDistinctAggregates() async throws {
        let realm = try await Self.makePeople()
        let ordered = await realm.read { realm in
            let people = realm.objects(Person.self)
            return (
                people.sorted(byKeyPath: "age", ascending: false).map(\.name),
                people.sorted(by: [SortDescriptor(keyPath: "name")]).map(\.name),
                realm.objects(Dog.self).distinct(by: ["age"]).count,
                people.average(ofProperty: "age") as Double?
            )
        }
        #expect(ordered.0 == ["Álvaro", "Ada", "Bob", "Cy"])
        #expect(ordered.1 == ["Ada", "Álvaro", "Bob", "Cy"])
        #expect(ordered.2 == 4)
        #expect(ordered.3 == 35)
    }

    @Test("QueryLanguage.md: lists, sets and linking objects")
    func listQueries() async throws {
        let realm = try await Self.makePeople()
        let summary = await realm.read { realm -> (names: [String], oldest: Int?) in
            let ada = realm.object(ofType: Person.self, forPrimaryKey: 1)!
            return (ada.dogs.filter("age >= 3").sorted(byKeyPath: "name").map(\.name), ada.dogs.max(ofProperty: "age"))
        }
        #expect(summary.names == ["Rex"])
        #expect(summary.oldest == 3)
    }

    @Test("QueryLanguage.md: geospatial queries")
    func geospatialQueries() async throws {
        let realm = try await GeospatialTests.makeRealm()
        let near = GeoCircle(center: (55.67, 12.56), radius: .kilometers(100)!)!
        let names = try await realm.read { realm in
            let companies = realm.objects(Company.self)
            return [
                try companies.filter(RealmPredicate(format: "location GEOWITHIN %@", near)),
                companies.where { $0.location.geoWithin(GeoBox(bottomLeft: (0, -75), topRight: (60, 15))!) },
            ].map { $0.map(\.name).sorted() }
        }
        #expect(names == [["Maria", "Tomas"], ["Diana", "Maria", "Tomas"]])
    }
}
