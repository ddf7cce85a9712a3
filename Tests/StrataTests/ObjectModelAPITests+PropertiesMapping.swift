import Foundation
import Strata
import Testing

/// A model whose properties are stored under other names.
final class OMRenamed: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted(indexed: true) var firstName = ""
    @Persisted var age = 0
    @Persisted var friend: OMRenamed?
    @Persisted(originProperty: "friend") var friendOf: LinkingObjects<OMRenamed>

    override class func propertiesMapping() -> [String: String] {
        ["firstName": "first_name", "age": "custom age", "friend": "buddy"]
    }
}

extension ObjectModelAPITests {
    @Test("propertiesMapping: the schema names each property by its Swift name, with its column name")
    func mappedSchema() async throws {
        let unmanaged = OMRenamed().objectSchema.properties.map { "\($0.name)=\($0.columnName)" }
        // The LinkingObjects property is computed, not persisted: Realm lists it in computedProperties.
        let expected = ["id=id", "firstName=first_name", "age=custom age", "friend=buddy"]
        #expect(unmanaged == expected)
        #expect(OMRenamed().objectSchema.computedProperties.map(\.name) == ["friendOf"])
        let realm = try await Realm(configuration: memoryConfiguration([OMRenamed.self]))
        let managed = await realm.schema["OMRenamed"]?.properties.map { "\($0.name)=\($0.columnName)" }
        #expect(managed == expected)
        #expect(await realm.schema["OMRenamed"]?.computedProperties.map(\.name) == ["friendOf"])
        let description = OMRenamed().objectSchema["firstName"]?.description ?? ""
        #expect(description.hasPrefix("firstName {\n\ttype = string;\n\tcolumnName = first_name;\n\tindexed = YES;"))
    }

    @Test("propertiesMapping: objects are written, read, queried and sorted by their Swift names")
    func mappedQueries() async throws {
        let directory = TemporaryDirectory()
        let realm = try await Realm(configuration: directory.configuration([OMRenamed.self]))
        try await realm.write { realm in
            let ada = OMRenamed(value: ["id": 1, "firstName": "Ada", "age": 36])
            let bob = OMRenamed(value: ["id": 2, "firstName": "Bob", "age": 20, "friend": ada])
            try realm.add(bob)
            try realm.add(OMRenamed(value: ["id": 3, "firstName": "Cy", "age": 50]))
        }
        let results = await realm.read { realm -> [String] in
            let all = realm.objects(OMRenamed.self)
            let ada = all.sorted(byKeyPath: "id").first
            return [
                all.filter("age > 30").sorted(byKeyPath: "age").map(\.firstName).joined(separator: ","),
                all.where { $0.firstName == "Bob" }.map { "\($0.id)" }.joined(),
                all.filter("friend.firstName == 'Ada'").map(\.firstName).joined(),
                all.filter("ANY friendOf.age == 20").map(\.firstName).joined(),
                all.sorted(byKeyPath: "firstName", ascending: false).map(\.firstName).joined(separator: ","),
                "\(all.max(ofProperty: "age") as Int? ?? -1)",
                "\(all.sum(ofProperty: "age") as Int)",
                "\(ada?.value(forKey: "firstName") ?? "nil")",
                "\(ada?["age"] ?? "nil")",
            ]
        }
        #expect(results == ["Ada,Cy", "2", "Bob", "Ada", "Cy,Bob,Ada", "50", "106", "Ada", "36"])
        await realm.close()
        let reopened = try await Realm(configuration: directory.configuration([OMRenamed.self]))
        let names = await reopened.read { realm in realm.objects(OMRenamed.self).filter("age < 40").map(\.firstName) }
        #expect(names.sorted() == ["Ada", "Bob"])
    }
}

enum MappedV1 {
    final class Tag: Object {
        @Persisted var label = ""
        override class func propertiesMapping() -> [String: String] { ["label": "tag_label"] }
    }
}

enum MappedV2 {
    final class Tag: Object {
        @Persisted var label = ""
        @Persisted var weight = 1
        override class func propertiesMapping() -> [String: String] { ["label": "tag_label", "weight": "tag_weight"] }
    }
}

extension ObjectModelAPITests {
    @Test("propertiesMapping: a migration keeps a renamed column's values and adds new ones under their column names")
    func mappedMigration() async throws {
        let directory = TemporaryDirectory()
        var configuration = directory.configuration([MappedV1.Tag.self])
        do {
            let realm = try await Realm(configuration: configuration)
            try await realm.write { realm in
                try realm.add(MappedV1.Tag(value: ["label": "swift"]))
                try realm.add(MappedV1.Tag(value: ["label": "linux"]))
            }
            await realm.close()
        }
        configuration.objectTypes = [MappedV2.Tag.self]
        configuration.schemaVersion = 1
        configuration.migrationBlock = { migration, _ in
            // As in Realm Swift, an old object is read by stored (column) names, a new one by property names.
            migration.enumerateObjects(ofType: "Tag") { old, new in
                new?["weight"] = (old?["tag_label"] as? String)?.count ?? 0
            }
        }
        let realm = try await Realm(configuration: configuration)
        let tags = await realm.read { realm in
            realm.objects(MappedV2.Tag.self).sorted(byKeyPath: "label").map { "\($0.label):\($0.weight)" }
        }
        #expect(tags == ["linux:5", "swift:5"])
        let columns = await realm.schema["Tag"]?.properties.map(\.columnName)
        #expect(columns == ["tag_label", "tag_weight"])
    }
}
