import Foundation
import Strata
import Testing

// testValueForKey and testValueForKeyOptional of realm-swift's RealmSwift/Tests/MutableSetTests.swift: reading
// `set` through key-value coding on results gives each owner's set, with the same members as the property, and a
// property's key path on results gives each object's value. The models are in MutableSetPortTests.swift.

extension MutableSetPortTests {
    @Test("testValueForKey: value(forKeyPath:) of results gives each object's set, and each property's values")
    func valueForKey() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(SPOwnerKind.types))
        try await realm.write { realm in
            for value in [1, 2] {
                let owner = SPKeyedOwner()
                owner.set.insert(
                    SPKeyed(value: [
                        "intCol": value, "doubleCol": Double(value), "stringCol": String(value),
                        "decimalCol": Decimal128(number: value as NSNumber),
                        "objectIdCol": try ObjectId(string: String(repeating: String(value), count: 24)),
                    ])
                )
                try realm.add(owner)
            }
        }
        let answers = await realm.read { realm -> [[String]] in
            let owners = realm.objects(SPKeyedOwner.self)
            let sets = owners.value(forKeyPath: "set") as? [MutableSet<SPKeyed>] ?? []
            let objects = realm.objects(SPKeyed.self)
            func row(_ name: String, _ read: (SPKeyed) -> Any) -> [String] {
                [
                    owners.flatMap { $0.set.map(read) }.map { "\($0)" }.joined(separator: ","),
                    sets.flatMap { $0.map(read) }.map { "\($0)" }.joined(separator: ","),
                    (objects.value(forKeyPath: name) as? [Any] ?? []).map { "\($0)" }.joined(separator: ","),
                ]
            }
            return [
                row("intCol", \.intCol), row("doubleCol", \.doubleCol), row("stringCol", \.stringCol),
                row("decimalCol", \.decimalCol), row("objectIdCol", \.objectIdCol),
            ]
        }
        let ids = "111111111111111111111111,222222222222222222222222"
        #expect(
            answers == [
                ["1,2", "1,2", "1,2"], ["1.0,2.0", "1.0,2.0", "1.0,2.0"], ["1,2", "1,2", "1,2"], ["1,2", "1,2", "1,2"],
                [ids, ids, ids],
            ]
        )
    }

    @Test("testValueForKeyOptional: the same through optional properties and a link")
    func valueForKeyOptional() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(SPOwnerKind.types))
        try await realm.write { realm in
            for value in [1, 2] {
                let owner = SPOptionalKeyedOwner()
                owner.set.insert(
                    SPOptionalKeyed(value: [
                        "optIntCol": value, "optInt8Col": Int8(value), "optDoubleCol": Double(value),
                        "optStringCol": String(value), "optDecimalCol": Decimal128(number: value as NSNumber),
                    ])
                )
                try realm.add(owner)
            }
        }
        let answers = await realm.read { realm -> [[String]] in
            let owners = realm.objects(SPOptionalKeyedOwner.self)
            let sets = owners.value(forKeyPath: "set") as? [MutableSet<SPOptionalKeyed>] ?? []
            let objects = realm.objects(SPOptionalKeyed.self)
            func text(_ value: Any?) -> String { value.map { "\($0)" } ?? "nil" }
            func row(_ name: String, _ read: (SPOptionalKeyed) -> Any?) -> [String] {
                [
                    owners.flatMap { $0.set.map(read) }.map(text).joined(separator: ","),
                    sets.flatMap { $0.map(read) }.map(text).joined(separator: ","),
                    (objects.value(forKeyPath: name) as? [Any?] ?? []).map { text($0 ?? nil) }.joined(separator: ","),
                ]
            }
            return [
                row("optIntCol", \.optIntCol), row("optInt8Col", \.optInt8Col), row("optDoubleCol", \.optDoubleCol),
                row("optStringCol", \.optStringCol), row("optDecimalCol", \.optDecimalCol),
                row("optObjectCol", \.optObjectCol),
            ]
        }
        #expect(
            answers == [
                ["1,2", "1,2", "1,2"], ["1,2", "1,2", "1,2"], ["1.0,2.0", "1.0,2.0", "1.0,2.0"], ["1,2", "1,2", "1,2"],
                ["1,2", "1,2", "1,2"], ["nil,nil", "nil,nil", "nil,nil"],
            ]
        )
    }
}
