import Foundation
import Strata
import Testing

// `RealmCollection` as a protocol for generic code, and `AnyRealmCollection` over every kind: the same query on
// Results, a List, a MutableSet and LinkingObjects gives the same answers through the wrapper as without it.
// The data is CollectionQueryTests.makeRealm()'s (Ada's dogs: Rex, Fido, Bella, Rex).

/// Generic code over any collection of dogs: the names of the dogs older than `age`, by name.
private func olderNames<C: RealmCollection>(_ dogs: C, than age: Int) -> [String] where C.Element == Dog {
    dogs.filter("age > %d", age).sorted(byKeyPath: "name").map(\.name)
}

@Suite("RealmCollection and AnyRealmCollection over every kind")
struct AnyRealmCollectionTests {
    @Test("generic code and the wrapper give each kind's own answers")
    func everyKind() async throws {
        let realm = try await CollectionQueryTests.makeRealm()
        let answers = await realm.read { realm -> [[String]] in
            let ada = realm.object(ofType: Person.self, forPrimaryKey: 1)!
            let rex = realm.objects(Dog.self).filter("name == 'Rex'").first!
            let all = realm.objects(Dog.self)
            let wrapped: [AnyRealmCollection<Dog>] = [
                AnyRealmCollection(all), AnyRealmCollection(ada.dogs), AnyRealmCollection(AnyRealmCollection(ada.dogs)),
            ]
            let owners = AnyRealmCollection(rex.owners)
            return [
                olderNames(all, than: 2), olderNames(ada.dogs, than: 2), olderNames(wrapped[0], than: 2),
                olderNames(wrapped[1], than: 2), olderNames(wrapped[2], than: 2),
                wrapped.map { "\($0.count)" },
                wrapped.map { "\($0.sum(ofProperty: "age") as Int)" },
                wrapped.map { "\($0.max(of: \.age) ?? -1)" },
                wrapped.map { "\($0.index(of: rex) ?? -1)" },
                [wrapped[1].first!.name, wrapped[1].last!.name, wrapped[1][2].name],
                owners.sorted(byKeyPath: "name").map(\.name),
                [owners.where { $0.name == "Bob" }.first?.name ?? "none", "\(owners.count)"],
                [
                    "\(wrapped[1] == AnyRealmCollection(ada.dogs))", "\(wrapped[0] == wrapped[1])",
                    "\(wrapped[1].realm == realm)", "\(wrapped[1].isFrozen)",
                ],
            ]
        }
        #expect(
            answers == [
                ["Bella", "Max", "Rex"], ["Bella", "Rex", "Rex"], ["Bella", "Max", "Rex"], ["Bella", "Rex", "Rex"],
                ["Bella", "Rex", "Rex"],
                ["5", "4", "4"],
                ["18", "14", "14"],
                ["7", "7", "7"],
                // The table's order is the order of insertion; Rex is first in Ada's list.
                [answers[8][0], "0", "0"],
                ["Rex", "Rex", "Bella"],
                ["Ada", "Ada", "Bob"],
                ["Bob", "3"],
                ["true", "false", "true", "false"],
            ]
        )
    }

    @Test("a frozen AnyRealmCollection is read from another task; thaw() gives the live collection")
    func freezeAndThaw() async throws {
        let realm = try await CollectionQueryTests.makeRealm()
        let frozen = try await realm.read { realm in
            try AnyRealmCollection(realm.object(ofType: Person.self, forPrimaryKey: 1)!.dogs).freeze()
        }
        try await realm.write { realm in
            realm.object(ofType: Person.self, forPrimaryKey: 1)!.dogs.removeAll()
        }
        let names = await Task.detached { frozen.map(\.name) }.value
        #expect(names == ["Rex", "Fido", "Bella", "Rex"])
        #expect(frozen.isFrozen)
        let live = await realm.read { _ in frozen.thaw().map { ($0.isFrozen, $0.count) } }
        #expect(live?.0 == false)
        #expect(live?.1 == 0)
    }
}
