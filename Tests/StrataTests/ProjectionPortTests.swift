import Foundation
import Strata
import Testing

// Facts of realm-swift's RealmSwift/Tests/ProjectionTests.swift that ProjectionTests.swift does not state, on a
// data set of our own with Realm's shape:
//
//   person      last name   birthday   address.city     extras.email   extras.phone.mobile.number   friends
//   John        Snow        10 s       Winterfell       john@doe.com   555-555-555                  Daenerys
//   Daenerys    Targaryen   0 s        King's Landing   (no extras)                                 John
//
//   advanced: commonArray [1, 2, 3], objectsArray [(1, true), (2, false)], commonSet {1, 2, 3},
//             objectsSet {(1, true), (2, false)}
//
// Projection observation (testAllPropertyTypesNotifications, testObserveKeyPath, testObserveNestedProjection,
// testObserveOnActor, testObserveComputedChange, testObserveMultipleProjectionsFromOneProperty) is ported in
// ProjectionChangesTests.swift.

final class PortMobile: EmbeddedObject {
    @Persisted var number = ""
}

final class PortPhone: Object {
    @Persisted var mobile: PortMobile?
}

final class PortExtras: Object {
    @Persisted var phone: PortPhone?
    @Persisted var email: String?
}

final class PortAddress: EmbeddedObject {
    @Persisted var city = ""
    @Persisted var country = ""
}

final class PortPerson: Object {
    @Persisted var firstName = ""
    @Persisted var lastName = ""
    @Persisted var birthday = Date(timeIntervalSince1970: 0)
    @Persisted var address: PortAddress?
    @Persisted var extras: PortExtras?
    @Persisted var friends: List<PortPerson>
}

/// Renamed, computed and deep optional key paths, and a collection projected to one property.
final class PortPersonProjection: Projection<PortPerson> {
    @Projected(\PortPerson.firstName) var firstName
    @Projected(\PortPerson.lastName.localizedUppercase) var lastNameCaps
    @Projected(\PortPerson.birthday.timeIntervalSince1970) var birthdayAsEpochtime
    @Projected(\PortPerson.address?.city) var homeCity
    @Projected(\PortPerson.extras?.email) var email
    @Projected(\PortPerson.extras?.phone?.mobile?.number) var mobile
    @Projected(\PortPerson.friends.projectTo.firstName) var firstFriendsName: ProjectedCollection<String>
}

final class PortSimple: Object {
    @Persisted var int = 0
    @Persisted var bool = false

    /// Not persisted: both properties as text.
    var stringify: String { "\(int) - \(bool)" }
}

final class PortSimpleProjection: Projection<PortSimple> {
    @Projected(\PortSimple.int) var int
}

final class PortAdvanced: Object {
    @Persisted var commonArray: List<Int>
    @Persisted var objectsArray: List<PortSimple>
    @Persisted var commonSet: MutableSet<Int>
    @Persisted var objectsSet: MutableSet<PortSimple>
}

/// A list's count, a list renamed, a list projected to a computed property, a set's first element and a set
/// projected to a property.
final class PortAdvancedProjection: Projection<PortAdvanced> {
    @Projected(\PortAdvanced.commonArray.count) var arrayLen
    @Projected(\PortAdvanced.commonArray) var renamedArray
    @Projected(\PortAdvanced.objectsArray.projectTo.stringify) var projectedArray: ProjectedCollection<String>
    @Projected(\PortAdvanced.commonSet.first) var firstElement
    @Projected(\PortAdvanced.objectsSet.projectTo.bool) var projectedSet: ProjectedCollection<Bool>
}

@Suite("Projections, ported from realm-swift's ProjectionTests")
struct ProjectionPortTests {
    static let types: [ObjectBase.Type] = [
        PortMobile.self, PortPhone.self, PortExtras.self, PortAddress.self, PortPerson.self, PortSimple.self,
        PortAdvanced.self,
    ]

    static func makeRealm() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration(types))
        try await realm.write { realm in
            let john = try realm.create(
                PortPerson.self,
                value: [
                    "firstName": "John", "lastName": "Snow", "birthday": Date(timeIntervalSince1970: 10),
                    "address": ["city": "Winterfell", "country": "Kingdom in the North"],
                    "extras": ["phone": ["mobile": ["number": "555-555-555"]], "email": "john@doe.com"],
                ]
            )
            let daenerys = try realm.create(
                PortPerson.self,
                value: [
                    "firstName": "Daenerys", "lastName": "Targaryen", "birthday": Date(timeIntervalSince1970: 0),
                    "address": ["King's Landing", "Westeros"],
                ]
            )
            john.friends.append(daenerys)
            daenerys.friends.append(john)
            _ = try realm.create(
                PortAdvanced.self,
                value: [
                    "commonArray": [1, 2, 3], "objectsArray": [[1, true], [2, false]], "commonSet": [1, 2, 3],
                    "objectsSet": [[1, true], [2, false]],
                ]
            )
        }
        return realm
    }

    /// A person's projection as `first name|CAPS|epoch|city|email|mobile|friends`.
    static func row(_ person: PortPersonProjection) -> String {
        [
            person.firstName, person.lastNameCaps, "\(person.birthdayAsEpochtime)", person.homeCity ?? "nil",
            person.email ?? "nil", person.mobile ?? "nil", person.firstFriendsName.joined(separator: ","),
        ].joined(separator: "|")
    }

    static let john = "John|SNOW|10.0|Winterfell|john@doe.com|555-555-555|Daenerys"
    static let daenerys = "Daenerys|TARGARYEN|0.0|King's Landing|nil|nil|John"

    @Test("A projection made by hand, from results, filtered or sorted reads every key path of the root")
    func readingKeyPaths() async throws {
        let realm = try await Self.makeRealm()
        let rows = await realm.read { realm -> [String] in
            let people = realm.objects(PortPersonProjection.self)
            let johnObject = realm.objects(PortPerson.self).filter("lastName == 'Snow'").first!
            return [
                Self.row(PortPersonProjection(projecting: johnObject)),
                Self.row(people.first!),
                Self.row(people.filter("lastName == 'Snow'").first!),
                Self.row(people.sorted(byKeyPath: "firstName").first!),
                Self.row(people.sorted(byKeyPath: "birthday").first!),
                "\(people.count) \(people.map(\.firstName)) \(people.first!.realm != nil)",
                "\(people.first! == PortPersonProjection(projecting: johnObject)) \(people[0] == people[1])",
            ]
        }
        #expect(
            rows == [
                Self.john, Self.john, Self.john, Self.daenerys, Self.daenerys,
                "2 [\"John\", \"Daenerys\"] true", "true false",
            ]
        )
    }

    @Test("The description names the classes and the root's address, then each property, as Realm Swift's")
    func description() async throws {
        let realm = try await Self.makeRealm()
        let (description, address) = await realm.read { realm in
            let john = realm.objects(PortPersonProjection.self).filter("lastName == 'Snow'").first!
            return (john.description, "\(Unmanaged.passUnretained(john.rootObject).toOpaque())")
        }
        #expect(address.hasPrefix("0x"))
        #expect(
            description == """
                PortPersonProjection<PortPerson> <\(address)> {
                \t\tfirstName(\\.firstName) = John;
                \tlastNameCaps(\\.lastName) = SNOW;
                \tbirthdayAsEpochtime(\\.birthday) = 10.0;
                \thomeCity(\\.address.city) = Optional("Winterfell");
                \temail(\\.extras.email) = Optional("john@doe.com");
                \tmobile(\\.extras.phone.mobile.number) = Optional("555-555-555");
                \tfirstFriendsName(\\.friends) = ProjectedCollection<String> {
                \t[0] Daenerys
                };
                }
                """
        )
    }

    @Test("A list's count, a renamed list, a list and a set projected to a property, a set's first element")
    func advancedKeyPaths() async throws {
        let realm = try await Self.makeRealm()
        let answers = await realm.read { realm -> [String] in
            let advanced = realm.objects(PortAdvancedProjection.self).first!
            return [
                "\(advanced.arrayLen)", "\(Array(advanced.renamedArray))", "\(Array(advanced.projectedArray))",
                "\(String(describing: advanced.firstElement))", "\(Array(advanced.projectedSet))",
            ]
        }
        #expect(answers == ["3", "[1, 2, 3]", "[\"1 - true\", \"2 - false\"]", "Optional(1)", "[true, false]"])
    }
}

// MARK: Freezing and thawing (testIsFrozen … testThawPreviousVersion)

/// One freezing fact: what `run` reports on a realm holding one ``PortSimple`` (int 0), and what Realm reports.
struct ProjectionFreezingCase: Sendable, CustomTestStringConvertible {
    let name: String
    let run: @Sendable (Realm) async throws -> String
    let expected: String
    var testDescription: String { name }
}

extension ProjectionPortTests {
    static func simple(_ realm: isolated Realm) -> PortSimpleProjection {
        realm.objects(PortSimpleProjection.self).first!
    }

    /// How `body` ends: "none", or the case of the error it throws.
    static func outcome(_ body: () throws -> Void) -> String { thrownCase(body) }

    static let freezingCases: [ProjectionFreezingCase] = [
        ProjectionFreezingCase(
            name: "freeze() gives a frozen projection; the live one is not frozen",
            run: { realm in
                try await realm.read { realm in
                    let live = simple(realm)
                    return "\(live.isFrozen) \(try live.freeze().isFrozen)"
                }
            },
            expected: "false true"
        ),
        ProjectionFreezingCase(
            name:
                "two freezes are two instances, equal to each other, not to the live one; freezing a frozen one is equal",
            run: { realm in
                try await realm.read { realm in
                    let live = simple(realm)
                    let (first, second) = (try live.freeze(), try live.freeze())
                    return "\(first === second) \(first == second) \(live == first) \(first == (try first.freeze()))"
                }
            },
            expected: "false true false true"
        ),
        ProjectionFreezingCase(
            name: "frozen projections of two objects are not equal",
            run: { realm in
                try await realm.write { realm in _ = try realm.create(PortSimple.self) }
                return try await realm.read { realm in
                    let projections = realm.objects(PortSimpleProjection.self)
                    let (a, b) = (try projections[0].freeze(), try projections[1].freeze())
                    return "\(a == b) \(a == (try projections[0].freeze()))"
                }
            },
            expected: "false true"
        ),
        ProjectionFreezingCase(
            name: "a frozen projection's realm cannot write",
            run: { realm in
                let frozenRealm = try await realm.read { realm in try simple(realm).freeze().realm! }
                do {
                    try await frozenRealm.write { _ in }
                    return "none"
                } catch let error as RealmError {
                    return realmErrorCase(error)
                }
            },
            expected: "frozen"
        ),
        ProjectionFreezingCase(
            name: "in a write: an object created in it cannot be frozen; a changed one freezes as it was before",
            run: { realm in
                let created = try await realm.write { realm in
                    let object = try realm.create(PortSimple.self)
                    return outcome { _ = try PortSimpleProjection(projecting: object).freeze() }
                }
                let before = try await realm.write { realm in
                    let projection = simple(realm)
                    projection.int = 2
                    return try projection.freeze().int
                }
                return "\(created) \(before)"
            },
            expected: "invalidValue 0"
        ),
        ProjectionFreezingCase(
            name: "thaw() gives a live projection that writes change, not the frozen one",
            run: { realm in
                let frozenAll = try await realm.read { realm in try realm.objects(PortSimpleProjection.self).freeze() }
                return try await realm.write { _ in
                    let frozen = frozenAll[0]
                    let live = frozen.thaw()!
                    live.int = 2
                    return "\(frozen.isFrozen) \(live.isFrozen) \(live.int) \(frozen.int)"
                }
            },
            expected: "true false 2 0"
        ),
        ProjectionFreezingCase(
            name: "thawing a projection of a deleted object gives nil",
            run: { realm in
                let frozenAll = try await realm.read { realm in try realm.objects(PortSimpleProjection.self).freeze() }
                try await realm.write { realm in try realm.deleteAll() }
                return await realm.read { _ in frozenAll[0].thaw() == nil ? "nil" : "thawed" }
            },
            expected: "nil"
        ),
        ProjectionFreezingCase(
            name: "a thawed projection reads the newest version, not the frozen one's",
            run: { realm in
                let frozenAll = try await realm.read { realm in try realm.objects(PortSimpleProjection.self).freeze() }
                try await realm.write { realm in simple(realm).int = 1 }
                return await realm.read { realm in
                    let frozen = frozenAll[0]
                    let thawed = frozen.thaw()!
                    return "\(frozen.int) \(simple(realm).int) \(thawed.int) \(thawed.isFrozen)"
                }
            },
            expected: "0 1 1 false"
        ),
    ]

    @Test("Freezing and thawing projections", arguments: freezingCases)
    func freezing(_ table: ProjectionFreezingCase) async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in try realm.delete(realm.objects(PortSimple.self)) }
        try await realm.write { realm in _ = try realm.create(PortSimple.self) }
        let actual = try await table.run(realm)
        #expect(actual == table.expected)
        await realm.close()
    }
}

// MARK: Every property type (testProjectionForAllRealmTypes)

/// A projection of every property of ``AllTypes``.
final class AllTypesPortProjection: Projection<AllTypes> {
    @Projected(\AllTypes.bool) var bool
    @Projected(\AllTypes.int) var int
    @Projected(\AllTypes.int8) var int8
    @Projected(\AllTypes.int16) var int16
    @Projected(\AllTypes.int32) var int32
    @Projected(\AllTypes.int64) var int64
    @Projected(\AllTypes.float) var float
    @Projected(\AllTypes.double) var double
    @Projected(\AllTypes.string) var string
    @Projected(\AllTypes.data) var data
    @Projected(\AllTypes.date) var date
    @Projected(\AllTypes.decimal) var decimal
    @Projected(\AllTypes.objectId) var objectId
    @Projected(\AllTypes.uuid) var uuid
    @Projected(\AllTypes.any) var any
    @Projected(\AllTypes.mood) var mood
    @Projected(\AllTypes.optionalInt) var optionalInt
    @Projected(\AllTypes.optionalString) var optionalString
    @Projected(\AllTypes.optionalDate) var optionalDate
    @Projected(\AllTypes.optionalUUID) var optionalUUID
    @Projected(\AllTypes.optionalDouble) var optionalDouble
    @Projected(\AllTypes.intList) var intList
    @Projected(\AllTypes.optionalStringList) var optionalStringList
    @Projected(\AllTypes.stringSet) var stringSet
    @Projected(\AllTypes.scores) var scores
    @Projected(\AllTypes.link) var link
}

extension ProjectionPortTests {
    @Test("A projection reads a property of every type as the object holds it")
    func everyPropertyType() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            let object = AllTypes()
            object.bool = true
            (object.int, object.int8, object.int16, object.int32, object.int64) = (10, 11, 12, 13, 14)
            (object.float, object.double, object.string) = (15, 16, "a")
            (object.data, object.date, object.decimal) = (Data("b".utf8), Date(timeIntervalSince1970: 17), 18)
            object.objectId = try ObjectId(string: "6058f12b957ba06156586a7c")
            object.uuid = UUID(uuidString: "6b28ec45-b29a-4b0a-bd6a-343c7f6d90fd")!
            (object.any, object.mood) = (.int(20), .grumpy)
            (object.optionalInt, object.optionalString, object.optionalDouble) = (30, "c", 36)
            object.optionalDate = Date(timeIntervalSince1970: 37)
            object.intList.append(objectsIn: [1, 1, 2, 3])
            object.optionalStringList.append(objectsIn: ["a", nil])
            object.stringSet.insert(objectsIn: ["a", "b", "c"])
            object.scores["one"] = 1
            object.link = Dog(value: ["name": "Rex"])
            try realm.add(object)
        }
        let values = await realm.read { realm -> [String] in
            let p = realm.objects(AllTypesPortProjection.self).first!
            return [
                "\(p.bool) \(p.int) \(p.int8) \(p.int16) \(p.int32) \(p.int64) \(p.float) \(p.double) \(p.string)",
                "\(String(decoding: p.data, as: UTF8.self)) \(p.date.timeIntervalSince1970) \(p.decimal)",
                "\(p.objectId) \(p.uuid) \(p.any) \(p.mood)",
                "\(String(describing: p.optionalInt)) \(String(describing: p.optionalString))",
                "\(String(describing: p.optionalDate?.timeIntervalSince1970)) \(String(describing: p.optionalUUID))",
                "\(String(describing: p.optionalDouble))",
                "\(Array(p.intList)) \(Array(p.optionalStringList)) \(Array(p.stringSet).sorted())",
                "\(p.scores["one"].map(String.init) ?? "-") \(p.link?.name ?? "-")",
            ]
        }
        #expect(
            values == [
                "true 10 11 12 13 14 15.0 16.0 a", "b 17.0 18",
                "6058f12b957ba06156586a7c "
                    + "6B28EC45-B29A-4B0A-BD6A-343C7F6D90FD 20 grumpy",
                "Optional(30) Optional(\"c\")", "Optional(37.0) nil", "Optional(36.0)",
                "[1, 1, 2, 3] [Optional(\"a\"), nil] [\"a\", \"b\", \"c\"]", "1 Rex",
            ]
        )
        await realm.close()
    }
}
