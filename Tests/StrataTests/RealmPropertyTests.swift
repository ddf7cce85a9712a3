import Foundation
import Strata
import Testing

// Realm Swift's RealmProperty (`let age = RealmProperty<Int?>()`): a `let` of an Object read and written through
// `.value`, stored as the optional property it holds (RealmProperty.swift and its tests in realm-swift's
// RealmPropertyTests / ObjectTests: nil by default, readable and writable unmanaged and managed, queryable by name,
// optional in the schema).

final class RPPlayer: Object {
    @Persisted(primaryKey: true) var name = ""
    let age = RealmProperty<Int?>()
    let rating = RealmProperty<Double?>()
    let active = RealmProperty<Bool?>()
    let small = RealmProperty<Int8?>()
    let extra = RealmProperty<AnyRealmValue>()
}

@Suite("RealmProperty: Realm's optional-number property, stored as an optional property")
struct RealmPropertyTests {
    private static func configuration() -> Realm.Configuration { memoryConfiguration([RPPlayer.self]) }

    /// Each property's name, and the type and optionality the schema gives it.
    static let schemaFacts: [(String, PropertyType, Bool)] = [
        ("age", .int, true), ("rating", .double, true), ("active", .bool, true), ("small", .int, true),
        ("extra", .any, false),
    ]

    @Test("The schema lists each RealmProperty as the optional property it holds")
    func schemaIsOptional() async throws {
        let realm = try await Realm(configuration: Self.configuration())
        let schema = try #require(await realm.schema["RPPlayer"])
        #expect(schema.properties.map(\.name) == ["name"] + Self.schemaFacts.map(\.0))
        for (name, type, optional) in Self.schemaFacts {
            #expect(schema[name]?.type == type, "\(name)")
            #expect(schema[name]?.isOptional == optional, "\(name)")
        }
    }

    @Test("Unmanaged: nil by default, then what was set; init(value:) and key-value coding set it too")
    func unmanagedValues() {
        let player = RPPlayer()
        #expect(player.age.value == nil)
        #expect(player.extra.value == .none)
        player.age.value = 36
        player.rating.value = 4.5
        #expect(player.age.value == 36)
        #expect(player.value(forKey: "age") as? Int == 36)
        player.setValue(37, forKey: "age")
        #expect(player.age.value == 37)
        player.age.value = 38
        #expect(player.value(forKey: "age") as? Int == 38)
        let made = RPPlayer(value: ["name": "Bo", "age": 7, "extra": "text"])
        #expect(made.age.value == 7)
        #expect(made.extra.value == .string("text"))
        #expect(made.rating.value == nil)
    }

    @Test("Managed: added values read back from the file, change in a write, and are queried by name")
    func managedValues() async throws {
        let realm = try await Realm(configuration: Self.configuration())
        try await realm.write { realm in
            for (name, age) in [("Ada", 36 as Int?), ("Bo", 7), ("Cy", nil)] {
                let player = RPPlayer(value: ["name": name])
                player.age.value = age
                player.small.value = age.map { Int8($0) }
                player.extra.value = .int(age ?? 0)
                try realm.add(player)
            }
        }
        let read = await realm.read { realm in
            let players = realm.objects(RPPlayer.self)
            let sum: Int = players.sum(ofProperty: "age")
            return (
                players.map(\.age.value), players.filter("age >= 18").map(\.name),
                players.sorted(byKeyPath: "age", ascending: false).map(\.name), sum,
                players.filter("age == nil").map(\.name), players.map(\.small.value),
                players.map { $0.extra.value.intValue }
            )
        }
        #expect(read.0 == [36, 7, nil])
        #expect(read.1 == ["Ada"])
        #expect(read.2 == ["Ada", "Bo", "Cy"])
        #expect(read.3 == 43)
        #expect(read.4 == ["Cy"])
        #expect(read.5 == [36, 7, nil])
        #expect(read.6 == [36, 7, 0])
        try await realm.write { realm in
            let cy = realm.object(ofType: RPPlayer.self, forPrimaryKey: "Cy")!
            cy.age.value = 20
            cy.rating.value = 2.5
            cy.setValue(true, forKey: "active")
        }
        let after = await realm.read { realm in
            let cy = realm.object(ofType: RPPlayer.self, forPrimaryKey: "Cy")!
            return (
                cy.age.value, cy.rating.value, cy.active.value, realm.objects(RPPlayer.self).filter("age >= 18").count
            )
        }
        #expect(after.0 == 20)
        #expect(after.1 == 2.5)
        #expect(after.2 == true)
        #expect(after.3 == 2)
    }

    @Test("An added object's RealmProperty reads and writes its row; a frozen copy reads its version")
    func addedObjectIsBound() async throws {
        let realm = try await Realm(configuration: Self.configuration())
        try await realm.write { realm in
            let player = RPPlayer(value: ["name": "Ada"])
            player.age.value = 1
            try realm.add(player)
            player.age.value = 2
            #expect(realm.objects(RPPlayer.self).filter("age == 2").count == 1)
        }
        let frozen = try await realm.read { realm in try realm.objects(RPPlayer.self).freeze() }
        #expect(frozen[0].age.value == 2)
        try await realm.write { realm in realm.objects(RPPlayer.self)[0].age.value = 3 }
        #expect(frozen[0].age.value == 2)
        #expect(await realm.read { realm in realm.objects(RPPlayer.self)[0].age.value } == 3)
    }
}
