import Foundation
import Strata
import Testing

// `create(_:value:update: .modified)` writes only what differs, as Realm's diffed update: a link or a list of links
// given the objects it already holds is not written, so an object observer hears only the properties that changed.
@Suite("Diffed updates leave links and lists that already hold their objects", .timeLimit(.minutes(10)))
struct DiffedUpdateLinkTests {
    @Test(
        "create(update: .modified) with the same friend, dogs and address reports only what differs",
        arguments: [
            ("name", "B", "name"),
            ("age", 7, "age"),
            ("dogs", "reversed", "dogs"),
            ("bestFriend", "other", "bestFriend"),
        ] as [(String, any Sendable, String)]
    )
    func onlyChangedProperties(_ property: String, _ change: any Sendable, _ reported: String) async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            let friend = try realm.create(Person.self, value: ["id": 2, "name": "F"])
            _ = try realm.create(Person.self, value: ["id": 3, "name": "G"])
            let dogs = [
                try realm.create(Dog.self, value: ["name": "a"]), try realm.create(Dog.self, value: ["name": "b"]),
            ]
            _ = try realm.create(
                Person.self,
                value: ["id": 1, "name": "A", "age": 5, "dogs": dogs, "bestFriend": friend]
            )
        }
        try await withTimeout {
            let stream = await realm.read { realm in realm.object(ofType: Person.self, forPrimaryKey: 1)!.changes() }
            var changes = stream.makeAsyncIterator()
            try await realm.write { realm in
                let person = realm.object(ofType: Person.self, forPrimaryKey: 1)!
                var values: [String: Any] = [
                    "id": 1, "name": "A", "age": 5, "dogs": Array(person.dogs), "bestFriend": person.bestFriend!,
                ]
                switch property {
                case "dogs": values["dogs"] = Array(person.dogs.reversed())
                case "bestFriend": values["bestFriend"] = realm.object(ofType: Person.self, forPrimaryKey: 3)!
                default: values[property] = change
                }
                _ = try realm.create(Person.self, value: values, update: .modified)
            }
            guard case .change(_, let properties)? = await changes.next() else {
                Issue.record("no change")
                return
            }
            #expect(properties.map(\.name) == [reported])
        }
    }
}
