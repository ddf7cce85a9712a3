import Foundation
import Strata
import Testing

// How `add(_:update:)`, `create(_:value:update:)` and `init(value:)` treat their values, as Realm Swift does. Each
// expectation is a fact from realm-swift's tests (RealmSwift/Tests/ObjectCreationTests.swift,
// ModernObjectAccessorTests.swift, Realm/Tests/ObjectCreationTests.mm) or from the code those tests run, restated as
// rows: what a write does, and what the realm holds after it.

final class CreationKid: EmbeddedObject {
    @Persisted var value = 0
}

final class CreationNest: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var kid: CreationKid?
    @Persisted var kids: List<CreationKid>
}

final class CreationMoodHolder: Object {
    @Persisted var mood: Mood?
}

private func creationConfiguration() -> Realm.Configuration {
    memoryConfiguration([
        Person.self, Dog.self, AllTypes.self, CreationNest.self, CreationKid.self, CreationMoodHolder.self,
    ])
}

/// The people of a realm by id: `id name age >friend [dogs] @street`.
private func people(_ realm: isolated Realm) -> [String] {
    realm.objects(Person.self).sorted(byKeyPath: "id").map { person in
        let friend = person.bestFriend.map { ">\($0.id)" } ?? ""
        let dogs = person.dogs.map(\.name).joined(separator: ",")
        let street = person.address.map { "@\($0.street)" } ?? ""
        return "\(person.id) \(person.name) \(person.age.map(String.init) ?? "nil") \(friend) [\(dogs)] \(street)"
    }
}

/// One write, and what the realm's people (or the write's own answer) are after it.
private struct WriteRow: CustomTestStringConvertible, Sendable {
    let name: String
    let write: @Sendable (isolated Realm) throws -> [String]
    let expected: [String]

    var testDescription: String { name }
}

/// One write that must fail, and the error it throws (nil: any ``RealmError``).
private struct FailingRow: CustomTestStringConvertible, Sendable {
    let name: String
    let write: @Sendable (isolated Realm) throws -> Void
    var expected: RealmError? = nil

    var testDescription: String { name }
}

@Suite("Object creation semantics: create, add and init(value:) as Realm Swift has them")
struct ObjectCreationSemanticsTests {
    // MARK: the update policy is passed on to linked objects

    private static let nestedRows: [WriteRow] = [
        WriteRow(
            name: "add(.modified) updates a linked object whose key exists",
            write: { realm in
                try realm.add(Person(value: ["id": 1, "bestFriend": ["id": 2, "name": "New"]]), update: .modified)
                return people(realm)
            },
            expected: ["1  nil >2 [] ", "2 New nil  [] "]
        ),
        WriteRow(
            name: "add(.all) updates a linked object whose key exists",
            write: { realm in
                try realm.add(Person(value: ["id": 1, "bestFriend": ["id": 2, "name": "New"]]), update: .all)
                return people(realm)
            },
            expected: ["1  nil >2 [] ", "2 New nil  [] "]
        ),
        WriteRow(
            name: "add(.all) adopts the linked object as the existing one's accessor",
            write: { realm in
                let friend = Person(value: ["id": 2, "name": "New"])
                try realm.add(Person(value: ["id": 1, "bestFriend": friend]), update: .all)
                return [friend.realm == nil ? "unmanaged" : "managed", friend.age.map(String.init) ?? "nil"]
            },
            expected: ["managed", "nil"]
        ),
        WriteRow(
            name: "create(.all) with one key nested twice makes one object",
            write: { realm in
                try realm.create(
                    Person.self,
                    value: ["id": 6, "bestFriend": ["id": 7, "name": "a", "bestFriend": ["id": 7, "name": "b"]]],
                    update: .all
                )
                return people(realm)
            },
            expected: ["2 Old 20  [] ", "6  nil >7 [] ", "7 b nil >7 [] "]
        ),
        WriteRow(
            name: "add(.modified) adds the object a mixed value holds where nil was",
            write: { realm in
                let id = ObjectId.generate()
                try realm.add(AllTypes(value: ["id": id]))
                let rex = AnyRealmValue.object(Dog(value: ["name": "Rex"]))
                try realm.add(AllTypes(value: ["id": id, "any": rex]), update: .modified)
                return [realm.object(ofType: AllTypes.self, forPrimaryKey: id)?.any.object(Dog.self)?.name ?? "nil"]
            },
            expected: ["Rex"]
        ),
        WriteRow(
            name: "add(.error) with a linked key that exists throws",
            write: { realm in
                errorDescription { try realm.add(Person(value: ["id": 1, "bestFriend": ["id": 2, "name": "New"]])) }
            },
            expected: ["\(RealmError.primaryKeyExists(type: "Person", value: "2"))"]
        ),
        WriteRow(
            name: "create(.error) with one key nested twice throws",
            write: { realm in
                errorDescription {
                    try realm.create(Person.self, value: ["id": 3, "bestFriend": ["id": 3, "name": "b"]])
                }
            },
            expected: ["\(RealmError.primaryKeyExists(type: "Person", value: "3"))"]
        ),
    ]

    @Test("add(update:) and create(update:) upsert the linked objects that have primary keys", arguments: nestedRows)
    fileprivate func nestedObjectsAreUpserted(row: WriteRow) async throws {
        let realm = try await Realm(configuration: creationConfiguration())
        try await realm.write { realm in try realm.add(Person(value: ["id": 2, "name": "Old", "age": 20])) }
        let answer = try await realm.write(row.write)
        #expect(answer == row.expected)
    }

    // MARK: an update policy needs a primary key

    private static let noPrimaryKeyRows: [FailingRow] = [
        FailingRow(
            name: "add(.modified)",
            write: { try $0.add(Dog(value: ["name": "Rex"]), update: .modified) },
            expected: .invalidValue("'Dog' does not have a primary key and can not be updated")
        ),
        FailingRow(
            name: "add(.all) of a sequence",
            write: { try $0.add([Dog(value: ["name": "Rex"])], update: .all) },
            expected: .invalidValue("'Dog' does not have a primary key and can not be updated")
        ),
        FailingRow(
            name: "create(.modified)",
            write: { try $0.create(Dog.self, value: ["name": "Rex"], update: .modified) },
            expected: .invalidValue("'Dog' does not have a primary key and can not be updated")
        ),
        FailingRow(
            name: "create(.all)",
            write: { try $0.create(Dog.self, value: ["name": "Rex"], update: .all) },
            expected: .invalidValue("'Dog' does not have a primary key and can not be updated")
        ),
    ]

    @Test("An update policy other than .error needs a primary key", arguments: noPrimaryKeyRows)
    fileprivate func updateNeedsPrimaryKey(row: FailingRow) async throws {
        let realm = try await Realm(configuration: creationConfiguration())
        await expectError(row.expected!) { try await realm.write(row.write) }
        #expect(await realm.read { $0.objects(Dog.self).count } == 0)
    }

    // MARK: keys that name no property

    private static let extraKeyRows: [WriteRow] = [
        WriteRow(
            name: "init(value:)",
            write: { _ in [Dog(value: ["name": "Rex", "breed": "unknown to the model"]).name] },
            expected: ["Rex"]
        ),
        WriteRow(
            name: "create",
            write: { try [$0.create(Dog.self, value: ["name": "Fido", "extra": 1]).name] },
            expected: ["Fido"]
        ),
        WriteRow(
            name: "a nested dictionary",
            write: { realm in
                try realm.create(Person.self, value: ["id": 1, "dogs": [["name": "Rex", "color": "brown"]]])
                return people(realm)
            },
            expected: ["1  nil  [Rex] "]
        ),
        WriteRow(
            name: "a linking objects property's name",
            write: { try [$0.create(Dog.self, value: ["name": "Rex", "owners": [["id": 1]]]).name] },
            expected: ["Rex"]
        ),
    ]

    @Test("Keys that name no property are ignored by init(value:) and create", arguments: extraKeyRows)
    fileprivate func extraKeysAreIgnored(row: WriteRow) async throws {
        let realm = try await Realm(configuration: creationConfiguration())
        let answer = try await realm.write(row.write)
        #expect(answer == row.expected)
    }

    @Test("An array longer than the properties is refused with Realm's message")
    func longArrayIsRefused() async throws {
        let realm = try await Realm(configuration: creationConfiguration())
        await expectError(RealmError.invalidValue("Invalid array input: more values (3) than properties (2).")) {
            try await realm.write { realm in _ = try realm.create(Dog.self, value: ["Rex", 3, "too many values"]) }
        }
    }
}

/// The description of the error `body` throws, or "no error".
private func errorDescription(_ body: () throws -> Void) -> [String] {
    do {
        try body()
        return ["no error"]
    } catch {
        return ["\(error)"]
    }
}
