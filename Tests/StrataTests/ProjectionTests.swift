import Foundation
import Strata
import Testing

// Projections (`Projection<Root>`, `@Projected`, `projectTo`, `ProjectedCollection`) over this data set:
//
//   person   age   address.city   dogs (list order)        dog    age
//   1 Ada    36    London         Rex, Fido                Rex     3
//   2 Bob    17    (no address)   Max                      Fido    1
//   3 Cy     nil   Paris          (none)                   Max     5
//
//   shelter 1: residents {Rex, Max}

final class PersonProjection: Projection<Person> {
    @Projected(\Person.name) var displayName
    @Projected(\Person.age) var age
    @Projected(\Person.address?.city) var city
    @Projected(\Person.name.count) var nameLength
    @Projected(\Person.dogs.projectTo.name) var dogNames: ProjectedCollection<String>
    @Projected(\Person.dogs.projectTo.age) var dogAges: ProjectedCollection<Int>
}

/// A second projection of the same class: one object may have several.
final class PersonNameProjection: Projection<Person> {
    @Projected(\Person.name) var name
}

final class DogProjection: Projection<Dog> {
    @Projected(\Dog.name) var title
}

final class Shelter: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var residents: MutableSet<Dog>
}

final class ShelterProjection: Projection<Shelter> {
    @Projected(\Shelter.residents.projectTo.name) var residentNames: ProjectedCollection<String>
}

/// A mistake: `ignored` is not persisted, so the key path reads no property of the root.
final class IgnoredPropertyProjection: Projection<Person> {
    @Projected(\Person.ignored) var ignored
}

@Suite("Projections: Projection, @Projected, projectTo and ProjectedCollection")
struct ProjectionTests {
    static func makeRealm() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration([Person.self, Dog.self, Shelter.self]))
        try await realm.write { realm in
            let rex = Dog(value: ["name": "Rex", "age": 3])
            let fido = Dog(value: ["name": "Fido", "age": 1])
            let max = Dog(value: ["name": "Max", "age": 5])
            let ada = Person(value: ["id": 1, "name": "Ada", "age": 36])
            ada.address = Address(value: ["street": "1 Main St", "city": "London"])
            ada.dogs.append(objectsIn: [rex, fido])
            let bob = Person(value: ["id": 2, "name": "Bob", "age": 17])
            bob.dogs.append(max)
            let cy = Person(value: ["id": 3, "name": "Cy"])
            cy.address = Address(value: ["city": "Paris"])
            try realm.add([ada, bob, cy])
            let shelter = Shelter(value: ["id": 1])
            shelter.residents.insert(objectsIn: [rex, max])
            try realm.add(shelter)
        }
        return realm
    }

    @Test("A projection renames properties, reads through links and computes from properties")
    func renamedLinkedAndComputed() async throws {
        let realm = try await Self.makeRealm()
        let rows = await realm.read { realm -> [String] in
            (1...3).map { id in
                let person = PersonProjection(projecting: realm.object(ofType: Person.self, forPrimaryKey: id)!)
                return "\(person.displayName)|\(person.age.map(String.init) ?? "nil")|\(person.city ?? "nil")|"
                    + "\(person.nameLength)"
            }
        }
        #expect(rows == ["Ada|36|London|3", "Bob|17|nil|3", "Cy|nil|Paris|2"])
    }

    @Test("projectTo maps a List of objects to a ProjectedCollection of one of their properties")
    func listProjectedTo() async throws {
        let realm = try await Self.makeRealm()
        let answers = await realm.read { realm -> [String] in
            let ada = PersonProjection(projecting: realm.object(ofType: Person.self, forPrimaryKey: 1)!)
            let cy = PersonProjection(projecting: realm.object(ofType: Person.self, forPrimaryKey: 3)!)
            return [
                ada.dogNames.joined(separator: ","),
                ada.dogAges.map(String.init).joined(separator: ","),
                "\(ada.dogNames.count) \(ada.dogNames[1]) \(ada.dogNames.first ?? "-") \(ada.dogNames.last ?? "-")",
                "\(ada.dogNames.index(of: "Fido") ?? -1) \(ada.dogNames.index(of: "Max") ?? -1)",
                "\(ada.dogNames.index(matching: "age < %d", 2) ?? -1) \(ada.dogNames.index(matching: "age > 9") ?? -1)",
                "\(cy.dogNames.count) \(cy.dogNames.isEmpty)",
                "\(ada.dogNames.realm != nil) \(ada.dogNames.isFrozen) \(ada.dogNames.isInvalidated)",
                ada.dogNames.description,
            ]
        }
        #expect(
            answers == [
                "Rex,Fido",
                "3,1",
                "2 Fido Rex Fido",
                "1 -1",
                "1 -1",
                "0 true",
                "true false false",
                "ProjectedCollection<String> {\n\t[0] Rex\n\t[1] Fido\n}",
            ]
        )
    }

    @Test("projectTo on a MutableSet of objects has an element per object of the set")
    func setProjectedTo() async throws {
        let realm = try await Self.makeRealm()
        let names = await realm.read { realm -> [String] in
            let shelter = realm.object(ofType: Shelter.self, forPrimaryKey: 1)!
            return ShelterProjection(projecting: shelter).residentNames.sorted()
        }
        #expect(names == ["Max", "Rex"])
    }

    @Test("A ProjectedCollection is live: it follows the list and its objects")
    func projectedCollectionIsLive() async throws {
        let realm = try await Self.makeRealm()
        let (before, after) = try await realm.write { realm -> ([String], [String]) in
            let ada = realm.object(ofType: Person.self, forPrimaryKey: 1)!
            let names = PersonProjection(projecting: ada).dogNames
            let before = Array(names)
            ada.dogs.remove(at: 0)
            ada.dogs.append(Dog(value: ["name": "Bella", "age": 7]))
            ada.dogs[0].name = "Fido II"
            return (before, Array(names))
        }
        #expect(before == ["Rex", "Fido"])
        #expect(after == ["Fido II", "Bella"])
    }

    @Test("realm.objects(P.self) gives one projection per root object; filter and sort use the root's names")
    func resultsOfProjections() async throws {
        let realm = try await Self.makeRealm()
        let answers = await realm.read { realm -> [[String]] in
            let people = realm.objects(PersonProjection.self)
            return [
                ["\(people.count)", "\(realm.objects(DogProjection.self).count)"],
                people.map(\.displayName),
                people.filter("age >= %d", 18).map(\.displayName),
                people.filter("name BEGINSWITH 'B' OR address.city == 'Paris'").map(\.displayName),
                people.sorted(byKeyPath: "name", ascending: false).map(\.displayName),
                people.sorted(by: \.displayName, ascending: false).map(\.displayName),
                people.sorted(by: \.age).map(\.displayName),
                people.sorted(by: [SortDescriptor(keyPath: "address.city"), SortDescriptor(keyPath: "name")])
                    .map(\.displayName),
                people.filter("ANY dogs.age > 4").map { $0.dogNames.joined(separator: ",") },
                ["\(people.filter("dogs.@count == 0").count)", "\(people.filter("name == 'Zed'").first == nil)"],
                realm.objects(DogProjection.self).sorted(byKeyPath: "age").map(\.title),
                // Realm's collection format: a header, each projection described in full (its root's address left
                // out here), the closing parenthesis.
                people.description.split(separator: "\n").filter { $0.hasPrefix("Results") || $0.hasPrefix("\t[") }
                    .map { line in
                        guard line.hasPrefix("\t[") else { return String(line) }
                        return line.replacingOccurrences(of: " <0x[0-9a-f]+> ", with: " ", options: .regularExpression)
                    } + [String(people.description.suffix(2))],
            ]
        }
        #expect(
            answers == [
                ["3", "3"],
                ["Ada", "Bob", "Cy"],
                ["Ada"],
                ["Bob", "Cy"],
                ["Cy", "Bob", "Ada"],
                ["Cy", "Bob", "Ada"],
                ["Cy", "Bob", "Ada"],
                ["Ada", "Cy", "Bob"],  // Bob has no address: a nil link sorts last ascending, as in realm-core
                ["Max"],
                ["1", "true"],
                ["Fido", "Rex", "Max"],
                [
                    "Results<PersonProjection> <0x0> (", "\t[0] PersonProjection<Person> {",
                    "\t[1] PersonProjection<Person> {", "\t[2] PersonProjection<Person> {", "\n)",
                ],
            ]
        )
    }

    @Test("Projections are equal when they project the same object, whatever their class")
    func equality() async throws {
        let realm = try await Self.makeRealm()
        let (same, different, other, hashed, position) = await realm.read { realm in
            let people = realm.objects(PersonProjection.self)
            let ada = realm.object(ofType: Person.self, forPrimaryKey: 1)!
            let cy = realm.object(ofType: Person.self, forPrimaryKey: 3)!
            let byInit = PersonProjection(projecting: ada)
            return (
                people[0] == byInit,
                people[0] == people[1],
                byInit == PersonNameProjection(projecting: ada),
                Set(people.map { $0 } + [byInit]).count,
                people.index(of: PersonProjection(projecting: cy))
            )
        }
        #expect(same && !different && other)
        #expect(hashed == 3)
        #expect(position == 2)
    }

    @Test("A projection's description lists each property with the root key path it reads")
    func description() async throws {
        let realm = try await Self.makeRealm()
        let descriptions = await realm.read { realm in
            let people = realm.objects(PersonProjection.self)
            // Realm Swift's format: the root object's address after the class names (left out here), two tabs
            // before the first property, optionals as Optional(...).
            let projections: [Projection<Person>] = [people[0], PersonNameProjection(projecting: people[1].rootObject)]
            return projections.map {
                $0.description.replacingOccurrences(of: " <0x[0-9a-f]+> ", with: " ", options: .regularExpression)
            }
        }
        let (ada, bob) = (descriptions[0], descriptions[1])
        #expect(
            ada == """
                PersonProjection<Person> {
                \t\tdisplayName(\\.name) = Ada;
                \tage(\\.age) = Optional(36);
                \tcity(\\.address.city) = Optional("London");
                \tnameLength(\\.name) = 3;
                \tdogNames(\\.dogs) = ProjectedCollection<String> {
                \t[0] Rex
                \t[1] Fido
                };
                \tdogAges(\\.dogs) = ProjectedCollection<Int> {
                \t[0] 3
                \t[1] 1
                };
                }
                """
        )
        #expect(bob == "PersonNameProjection<Person> {\n\t\tname(\\.name) = Bob;\n}")
    }

    @Test("A projection of a deleted object reports isInvalidated and cannot be frozen")
    func deletedObject() async throws {
        let realm = try await Self.makeRealm()
        let (before, after, description, freezeError) = try await realm.write { realm in
            let bob = realm.objects(PersonProjection.self).filter("name == 'Bob'")[0]
            let before = bob.isInvalidated
            try realm.delete(bob.rootObject)
            var freezeError: RealmError?
            do {
                _ = try bob.freeze()
            } catch {
                freezeError = error as? RealmError
            }
            return (before, bob.isInvalidated, bob.description, freezeError)
        }
        #expect(!before && after)
        #expect(description == "PersonProjection<Person> [invalid object]")
        #expect(freezeError == .objectInvalidated("The Person object"))
        #expect(freezeError?.description == "The Person object has been deleted or invalidated.")
    }

    @Test("Setting a projected property inside a write sets the root object's property")
    func writeThroughProjection() async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in
            let ada = realm.objects(PersonProjection.self).filter("id == 1")[0]
            ada.displayName = "Ada L."
            ada.age = 37
            ada.dogNames[1] = "Fidelio"
            ada.dogAges[0] += 1
        }
        let (name, age, dogs) = await realm.read { realm in
            let ada = realm.object(ofType: Person.self, forPrimaryKey: 1)!
            return (ada.name, ada.age, ada.dogs.map { "\($0.name) \($0.age)" })
        }
        #expect(name == "Ada L.")
        #expect(age == 37)
        #expect(dogs == ["Rex 4", "Fidelio 1"])
        let renamed = await realm.read { realm in realm.objects(PersonProjection.self).filter("name == 'Ada L.'").count
        }
        #expect(renamed == 1)
    }

    @Test("A frozen projection is read from another task while writes continue")
    func frozenProjectionAcrossTasks() async throws {
        let realm = try await Self.makeRealm()
        let frozen = try await realm.read { realm in
            try realm.objects(PersonProjection.self).sorted(byKeyPath: "name").freeze()
        }
        let frozenNames = try await realm.read { realm in
            try PersonProjection(projecting: realm.object(ofType: Person.self, forPrimaryKey: 1)!).dogNames.freeze()
        }
        try await realm.write { realm in
            let ada = realm.objects(PersonProjection.self).filter("id == 1")[0]
            ada.displayName = "Ada L."
            ada.dogNames[0] = "Rexy"
            try realm.delete(realm.object(ofType: Person.self, forPrimaryKey: 2)!)
        }
        let (rows, dogs, allFrozen) = await Task.detached {
            (
                frozen.map { "\($0.displayName) \($0.city ?? "nil") \($0.dogNames.joined(separator: ","))" },
                Array(frozenNames),
                frozen.allSatisfy { $0.isFrozen && $0.dogNames.isFrozen } && frozenNames.isFrozen
            )
        }.value
        #expect(rows == ["Ada London Rex,Fido", "Bob nil Max", "Cy Paris "])
        #expect(dogs == ["Rex", "Fido"])
        #expect(allFrozen)
        let live = await realm.read { realm in realm.objects(PersonProjection.self).map(\.displayName) }
        #expect(live == ["Ada L.", "Cy"])
    }

    @Test("freeze() gives a frozen projection of the current version; thaw() inside a block gives the live one")
    func freezeAndThaw() async throws {
        let realm = try await Self.makeRealm()
        let answers = try await realm.write { realm -> [String] in
            let live = realm.objects(PersonProjection.self).filter("id == 3")[0]
            let frozen = try live.freeze()
            live.displayName = "Cyrus"
            let thawed = frozen.thaw()
            let names = try frozen.dogNames.freeze()
            return [
                "\(live.isFrozen) \(frozen.isFrozen) \(try frozen.freeze() === frozen) \(live.thaw() === live)",
                "\(frozen.displayName) \(live.displayName) \(thawed?.displayName ?? "nil") \(thawed?.isFrozen == false)",
                "\(frozen.realm?.isFrozen == true) \(names.isFrozen) \(names.thaw()?.isFrozen == false)",
            ]
        }
        #expect(answers == ["false true true true", "Cy Cyrus Cyrus true", "true true true"])
    }

    @Test("A projection of an unmanaged object reads it and cannot be frozen")
    func unmanagedRoot() async throws {
        let person = Person(value: ["name": "Dee", "age": 5])
        person.dogs.append(Dog(value: ["name": "Pip"]))
        let projection = PersonProjection(projecting: person)
        projection.displayName = "Dee D."
        #expect(person.name == "Dee D.")
        #expect(projection.nameLength == 6 && projection.city == nil && Array(projection.dogNames) == ["Pip"])
        #expect(projection.realm == nil && !projection.isFrozen && !projection.isInvalidated)
        await expectError(RealmError.invalidValue("an unmanaged object cannot be frozen")) {
            _ = try projection.freeze()
        }
        await expectError(RealmError.invalidValue("an unmanaged list cannot be frozen")) {
            _ = try projection.dogNames.freeze()
        }
    }

    @Test("Setting a projected property outside a write stops, as setting the object's property does")
    func writeOutsideTransactionStops() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try await ProjectionTests.makeRealm()
            await realm.read { realm in
                realm.objects(PersonProjection.self)[0].displayName = "Nope"
            }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("modify a managed object"), "\(message)")
    }

    @Test("Setting a projected property whose key path is read-only stops with a message")
    func readOnlyKeyPathStops() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let projection = PersonProjection(projecting: Person())
            projection.nameLength = 4
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Cannot set a property of PersonProjection"), "\(message)")
        #expect(message.contains("is read-only on Person"), "\(message)")
    }

    @Test("A projected key path that reads no persisted property stops at the first projection")
    func unpersistedKeyPathStops() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = IgnoredPropertyProjection(projecting: Person())
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            message.contains(
                "@Projected property 'ignored' of IgnoredPropertyProjection must read a persisted property"
            ),
            "\(message)"
        )
    }
}
