import Foundation
import Strata
import Testing

// How `add(_:update:)`, `create(_:value:update:)` and `init(value:)` treat their values, as Realm Swift does. Each
// expectation is a fact from realm-swift's tests (RealmSwift/Tests/ObjectCreationTests.swift,
// RealmSwift/Tests/ModernObjectAccessorTests.swift, Realm/Tests/ObjectCreationTests.mm) or from the code those tests
// run, restated as rows: what a write does, and what the realm holds after it.

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
    // MARK: create(update:) changes only what the value gives

    private static let partialRows: [WriteRow] = [
        WriteRow(
            name: "a dictionary without name, .modified",
            write: { realm in
                try realm.create(Person.self, value: ["id": 1, "age": 37], update: .modified)
                return people(realm)
            },
            expected: ["1 Ada 37 >2 [Rex] @Main", "2 Bo nil  [] "]
        ),
        WriteRow(
            name: "a dictionary without name, .all",
            write: { realm in
                try realm.create(Person.self, value: ["id": 1, "age": 38], update: .all)
                return people(realm)
            },
            expected: ["1 Ada 38 >2 [Rex] @Main", "2 Bo nil  [] "]
        ),
        WriteRow(
            name: "a dictionary with only the primary key",
            write: { realm in
                try realm.create(Person.self, value: ["id": 1], update: .all)
                return people(realm)
            },
            expected: ["1 Ada 36 >2 [Rex] @Main", "2 Bo nil  [] "]
        ),
        WriteRow(
            name: "NSNull clears an optional property",
            write: { realm in
                try realm.create(Person.self, value: ["id": 1, "age": NSNull()], update: .modified)
                return people(realm)
            },
            expected: ["1 Ada nil >2 [Rex] @Main", "2 Bo nil  [] "]
        ),
        WriteRow(
            name: "a short array gives its first properties",
            write: { realm in
                try realm.create(Person.self, value: [1, "Grace"], update: .modified)
                return people(realm)
            },
            expected: ["1 Grace 36 >2 [Rex] @Main", "2 Bo nil  [] "]
        ),
        WriteRow(
            name: "an array of the primary key only",
            write: { realm in
                try realm.create(Person.self, value: [1], update: .all)
                return people(realm)
            },
            expected: ["1 Ada 36 >2 [Rex] @Main", "2 Bo nil  [] "]
        ),
        WriteRow(
            name: "an object gives every property",
            write: { realm in
                try realm.create(Person.self, value: Person(value: ["id": 1]), update: .all)
                return people(realm)
            },
            expected: ["1  nil  [] ", "2 Bo nil  [] "]
        ),
    ]

    @Test("create(update:) leaves the properties its value omits unchanged", arguments: partialRows)
    fileprivate func createUpdatesOnlyGivenProperties(row: WriteRow) async throws {
        let realm = try await Realm(configuration: creationConfiguration())
        try await realm.write { realm in
            _ = try realm.create(
                Person.self,
                value: [
                    "id": 1, "name": "Ada", "age": 36, "bestFriend": ["id": 2, "name": "Bo"], "dogs": [["name": "Rex"]],
                    "address": ["street": "Main"],
                ]
            )
        }
        let answer = try await realm.write(row.write)
        #expect(answer == row.expected)
        #expect(await realm.read { $0.objects(Person.self).count } == 2)
    }

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
            name: "create(.modified) updates only what the nested dictionary gives",
            write: { realm in
                try realm.create(
                    Person.self,
                    value: ["id": 1, "bestFriend": ["id": 2, "name": "New"]],
                    update: .modified
                )
                return people(realm)
            },
            expected: ["1  nil >2 [] ", "2 New 20  [] "]
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
            name: "create(.modified) links two new objects to one existing key",
            write: { realm in
                try realm.create(
                    Person.self,
                    value: ["id": 3, "bestFriend": ["id": 2, "name": "x"]],
                    update: .modified
                )
                try realm.create(
                    Person.self,
                    value: ["id": 5, "bestFriend": ["id": 2, "name": "y"]],
                    update: .modified
                )
                return people(realm)
            },
            expected: ["2 y 20  [] ", "3  nil >2 [] ", "5  nil >2 [] "]
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

    // MARK: create copies its value

    private static let copyRows: [WriteRow] = [
        WriteRow(
            name: "unmanaged objects in the value stay unmanaged",
            write: { realm in
                let friend = Person(value: ["id": 2, "name": "Bo"])
                let dog = Dog(value: ["name": "Rex"])
                let address = Address(value: ["street": "Main"])
                try realm.create(
                    Person.self,
                    value: ["id": 1, "bestFriend": friend, "dogs": [dog], "address": address]
                )
                return [friend, dog, address].map { $0.realm == nil ? "unmanaged" : "managed" } + people(realm)
            },
            expected: ["unmanaged", "unmanaged", "unmanaged", "1  nil >2 [Rex] @Main", "2 Bo nil  [] "]
        ),
        WriteRow(
            name: "an object's embedded object is copied and its live links are kept",
            write: { realm in
                let ada = try realm.create(
                    Person.self,
                    value: ["id": 1, "name": "Ada", "dogs": [["name": "Rex"]], "address": ["street": "Main"]]
                )
                let copy = try realm.create(Person.self, value: ["id": 3, "address": ada.address!, "dogs": ada.dogs])
                let sameDog = copy.dogs[0].isSameObject(as: ada.dogs[0])
                return ["\(realm.objects(Dog.self).count) dog", "same dog \(sameDog)"] + people(realm)
            },
            expected: ["1 dog", "same dog true", "1 Ada nil  [Rex] @Main", "3  nil  [Rex] @Main"]
        ),
        WriteRow(
            name: "a live object of this realm is linked as it is",
            write: { realm in
                let ada = try realm.create(Person.self, value: ["id": 1, "name": "Ada"])
                let bo = try realm.create(Person.self, value: ["id": 2, "bestFriend": ada])
                return ["same \(bo.bestFriend!.isSameObject(as: ada))"] + people(realm)
            },
            expected: ["same true", "1 Ada nil  [] ", "2  nil >1 [] "]
        ),
        WriteRow(
            name: "create(.modified) of a live object of this realm returns it unchanged",
            write: { realm in
                let ada = try realm.create(Person.self, value: ["id": 1, "name": "Ada"])
                let again = try realm.create(Person.self, value: ada, update: .modified)
                return ["same instance \(again === ada)"] + people(realm)
            },
            expected: ["same instance true", "1 Ada nil  [] "]
        ),
        WriteRow(
            name: "create(.error) of a live object without a primary key copies it",
            write: { realm in
                let rex = try realm.create(Dog.self, value: ["name": "Rex", "age": 3])
                let copy = try realm.create(Dog.self, value: rex)
                return ["\(copy.isSameObject(as: rex))", "\(realm.objects(Dog.self).count)", copy.name]
            },
            expected: ["false", "2", "Rex"]
        ),
    ]

    @Test("create copies nested unmanaged and embedded objects, and links live ones", arguments: copyRows)
    fileprivate func createCopiesItsValue(row: WriteRow) async throws {
        let realm = try await Realm(configuration: creationConfiguration())
        let answer = try await realm.write(row.write)
        #expect(answer == row.expected)
    }

    @Test("create copies a frozen object of another realm, with the objects it links to")
    func createCopiesFrozenObjectOfAnotherRealm() async throws {
        let other = try await Realm(configuration: creationConfiguration())
        try await other.write { realm in
            _ = try realm.create(
                Person.self,
                value: ["id": 10, "name": "A", "bestFriend": ["id": 11, "name": "B"], "address": ["street": "Elm"]]
            )
        }
        let source = try await other.read { realm in try realm.objects(Person.self).where { $0.id == 10 }.freeze() }
        let realm = try await Realm(configuration: creationConfiguration())
        let answer = try await realm.write { realm in
            try realm.create(Person.self, value: source[0])
            return people(realm)
        }
        #expect(answer == ["10 A nil >11 [] @Elm", "11 B nil  [] "])
    }

    @Test("create refuses a deleted object in its value")
    func createRefusesDeletedObject() async throws {
        let realm = try await Realm(configuration: creationConfiguration())
        await expectError(RealmError.objectInvalidated("Object")) {
            try await realm.write { realm in
                let rex = try realm.create(Dog.self, value: ["name": "Rex"])
                try realm.delete(rex)
                try realm.create(Person.self, value: ["id": 1, "dogs": [rex]])
            }
        }
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

    // MARK: embedded objects under .modified and .all

    private static let embeddedRows: [WriteRow] = [
        WriteRow(
            name: "add(.modified) updates the embedded objects in place",
            write: { realm in
                let (kid, kids) = try ObjectCreationSemanticsTests.seedNest(realm)
                try realm.add(
                    CreationNest(value: [
                        "id": 1, "kid": ["value": 2], "kids": [["value": 20], ["value": 21], ["value": 22]],
                    ]),
                    update: .modified
                )
                return ObjectCreationSemanticsTests.nestAnswer(realm, kid, kids)
            },
            expected: ["kid 2", "kids 20 21", "now 2 [20, 21, 22]"]
        ),
        WriteRow(
            name: "add(.all) replaces the embedded objects",
            write: { realm in
                let (kid, kids) = try ObjectCreationSemanticsTests.seedNest(realm)
                try realm.add(
                    CreationNest(value: [
                        "id": 1, "kid": ["value": 2], "kids": [["value": 20], ["value": 21], ["value": 22]],
                    ]),
                    update: .all
                )
                return ObjectCreationSemanticsTests.nestAnswer(realm, kid, kids)
            },
            expected: ["kid deleted", "kids deleted deleted", "now 2 [20, 21, 22]"]
        ),
        WriteRow(
            name: "create(.modified) with a shorter list keeps the first and deletes the rest",
            write: { realm in
                let (kid, kids) = try ObjectCreationSemanticsTests.seedNest(realm)
                try realm.create(CreationNest.self, value: ["id": 1, "kids": [["value": 30]]], update: .modified)
                return ObjectCreationSemanticsTests.nestAnswer(realm, kid, kids)
            },
            expected: ["kid 1", "kids 30 deleted", "now 1 [30]"]
        ),
        WriteRow(
            name: "create(.modified) with a partial embedded dictionary leaves its other properties",
            write: { realm in
                let (kid, kids) = try ObjectCreationSemanticsTests.seedNest(realm)
                try realm.create(CreationNest.self, value: ["id": 1, "kid": [String: Any]()], update: .modified)
                return ObjectCreationSemanticsTests.nestAnswer(realm, kid, kids)
            },
            expected: ["kid 1", "kids 10 11", "now 1 [10, 11]"]
        ),
        WriteRow(
            name: "create(.modified) with nil deletes the embedded object",
            write: { realm in
                let (kid, kids) = try ObjectCreationSemanticsTests.seedNest(realm)
                try realm.create(CreationNest.self, value: ["id": 1, "kid": NSNull()], update: .modified)
                return ObjectCreationSemanticsTests.nestAnswer(realm, kid, kids)
            },
            expected: ["kid deleted", "kids 10 11", "now nil [10, 11]"]
        ),
    ]

    fileprivate static func seedNest(_ realm: isolated Realm) throws -> (CreationKid, [CreationKid]) {
        let nest = try realm.create(
            CreationNest.self,
            value: ["id": 1, "kid": ["value": 1], "kids": [["value": 10], ["value": 11]]]
        )
        return (nest.kid!, Array(nest.kids))
    }

    fileprivate static func nestAnswer(_ realm: isolated Realm, _ kid: CreationKid, _ kids: [CreationKid]) -> [String] {
        func state(_ kid: CreationKid) -> String { kid.isInvalidated ? "deleted" : "\(kid.value)" }
        let nest = realm.object(ofType: CreationNest.self, forPrimaryKey: 1)!
        return [
            "kid \(state(kid))", "kids " + kids.map(state).joined(separator: " "),
            "now \(nest.kid.map { "\($0.value)" } ?? "nil") \(nest.kids.map(\.value))",
        ]
    }

    @Test("update: .modified updates embedded objects in place; .all replaces them", arguments: embeddedRows)
    fileprivate func embeddedObjectsUnderUpdate(row: WriteRow) async throws {
        let realm = try await Realm(configuration: creationConfiguration())
        let answer = try await realm.write(row.write)
        #expect(answer == row.expected)
    }

    // MARK: value coercion

    private static let coercionRows: [WriteRow] = [
        WriteRow(
            name: "NSNumber 0 and 1, a Boolean NSNumber and an Int 1 set a Bool",
            write: { realm in
                try [NSNumber(value: 0), NSNumber(value: 1), NSNumber(value: true), 1 as Any].map { value in
                    "\(try realm.create(AllTypes.self, value: ["id": ObjectId.generate(), "bool": value]).bool)"
                }
            },
            expected: ["false", "true", "true", "true"]
        ),
        WriteRow(
            name: "a number other than 0 or 1, a floating-point number or a string is not a Bool",
            write: { realm in
                [NSNumber(value: 2), NSNumber(value: 1 as Float), 1.0 as Any, "true"].map { value in
                    let result = errorDescription {
                        _ = try realm.create(AllTypes.self, value: ["id": ObjectId.generate(), "bool": value])
                    }
                    return result == ["no error"] ? "accepted" : "refused"
                }
            },
            expected: ["refused", "refused", "refused", "refused"]
        ),
        WriteRow(
            name: "a Foundation Decimal sets a Decimal128 exactly",
            write: { realm in
                let decimal = Decimal(string: "1.23456789012345678901")!
                let stored = try realm.create(AllTypes.self, value: ["id": ObjectId.generate(), "decimal": decimal])
                return [
                    stored.decimal == (try Decimal128(string: "1.23456789012345678901")) ? "exact" : "\(stored.decimal)"
                ]
            },
            expected: ["exact"]
        ),
        WriteRow(
            name: "an optional enum set to no case reads nil",
            write: { realm in
                let unmanaged = CreationMoodHolder()
                unmanaged["mood"] = "grumpy"
                let before = "\(unmanaged.mood.map(\.rawValue) ?? "nil")"
                unmanaged["mood"] = "sad"
                let fromValue = CreationMoodHolder(value: ["mood": "sad"])
                let created = try realm.create(CreationMoodHolder.self, value: ["mood": "sad"])
                let managed = try realm.create(CreationMoodHolder.self, value: ["mood": "happy"])
                managed["mood"] = "sad"
                return [before] + [unmanaged, fromValue, created, managed].map { $0.mood.map(\.rawValue) ?? "nil" }
            },
            expected: ["grumpy", "nil", "nil", "nil", "nil"]
        ),
    ]

    @Test("Values are converted to a property's type as Realm converts them", arguments: coercionRows)
    fileprivate func valuesAreCoerced(row: WriteRow) async throws {
        let realm = try await Realm(configuration: creationConfiguration())
        let answer = try await realm.write(row.write)
        #expect(answer == row.expected)
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
