import Foundation
import Strata
import Testing

enum V1 {
    final class Item: Object {
        @Persisted var name = ""
        @Persisted var count = 0
    }
}

enum V2 {
    final class Item: Object {
        @Persisted var title = ""
        @Persisted var count = 0
        @Persisted var added = "new"
    }
}

enum V4 {
    final class Item: Object {
        @Persisted var name = ""
    }

    final class Tag: Object {
        @Persisted var label = ""
    }
}

enum V3 {
    final class Item: Object {
        @Persisted var name = ""
        @Persisted var count = ""
    }
}

@Suite("Schema versions and migrations")
struct MigrationTests {
    func seed(_ directory: TemporaryDirectory) async throws {
        let realm = try await Realm(configuration: directory.configuration([V1.Item.self]))
        try await realm.write { realm in
            try realm.add(V1.Item(value: ["name": "one", "count": 1]))
            try realm.add(V1.Item(value: ["name": "two", "count": 2]))
        }
        await realm.close()
    }

    @Test("A changed schema without a higher version is refused with a clear error")
    func mismatchWithoutVersion() async throws {
        let directory = TemporaryDirectory()
        try await seed(directory)
        do {
            _ = try await Realm(configuration: directory.configuration([V2.Item.self]))
            Issue.record("the changed schema should be refused")
        } catch let error as RealmError {
            #expect(error.description.contains("Migration is required"))
            #expect(error.description.contains("Item.title"))
        }
    }

    @Test("Renaming and adding properties migrates the data")
    func renameAndAdd() async throws {
        let directory = TemporaryDirectory()
        try await seed(directory)
        var configuration = directory.configuration([V2.Item.self])
        configuration.schemaVersion = 1
        configuration.migrationBlock = { migration, oldVersion in
            #expect(oldVersion == 0)
            migration.renameProperty(onType: "Item", from: "name", to: "title")
            migration.enumerateObjects(ofType: "Item") { _, newObject in
                newObject?["added"] = "migrated"
            }
        }
        let realm = try await Realm(configuration: configuration)
        let items = await realm.read { realm in
            realm.objects(V2.Item.self).map { "\($0.title):\($0.count):\($0.added)" }
        }
        #expect(items == ["one:1:migrated", "two:2:migrated"])
    }

    @Test("Changing a property's type lets the block convert old values")
    func changeType() async throws {
        let directory = TemporaryDirectory()
        try await seed(directory)
        var configuration = directory.configuration([V3.Item.self])
        configuration.schemaVersion = 2
        configuration.migrationBlock = { migration, _ in
            migration.enumerateObjects(ofType: "Item") { oldObject, newObject in
                newObject?["count"] = "#\(oldObject?["count"] as? Int ?? -1)"
            }
        }
        let realm = try await Realm(configuration: configuration)
        let counts = await realm.read { realm in realm.objects(V3.Item.self).map(\.count) }
        #expect(counts == ["#1", "#2"])
    }

    @Test("deleteRealmIfMigrationNeeded starts over with an empty file")
    func deleteIfNeeded() async throws {
        let directory = TemporaryDirectory()
        try await seed(directory)
        var configuration = directory.configuration([V2.Item.self])
        configuration.deleteRealmIfMigrationNeeded = true
        let realm = try await Realm(configuration: configuration)
        let count = await realm.read { $0.objects(V2.Item.self).count }
        #expect(count == 0)
    }

    @Test("New types need no version bump")
    func additiveTypes() async throws {
        let directory = TemporaryDirectory()
        try await seed(directory)
        let realm = try await Realm(configuration: directory.configuration([V1.Item.self, Dog.self, Person.self]))
        let counts = await realm.read { ($0.objects(V1.Item.self).count, $0.objects(Dog.self).count) }
        #expect(counts.0 == 2 && counts.1 == 0)
    }

    @Test("Removing a property needs a higher version but no block; create, delete and deleteData work in a block")
    func removeAndEdit() async throws {
        let directory = TemporaryDirectory()
        try await seed(directory)
        var configuration = directory.configuration([V4.Item.self, V4.Tag.self])
        configuration.schemaVersion = 3
        configuration.migrationBlock = { migration, _ in
            #expect(migration.oldSchema["Item"]?["count"] != nil)
            #expect(migration.newSchema["Item"]?["count"] == nil)
            migration.create("Tag", value: ["label": "made in migration"])
            migration.enumerateObjects(ofType: "Item") { oldObject, newObject in
                if (oldObject?["name"] as? String) == "two", let newObject { migration.delete(newObject) }
            }
        }
        let realm = try await Realm(configuration: configuration)
        let (items, tags) = await realm.read { realm in
            (realm.objects(V4.Item.self).map(\.name), realm.objects(V4.Tag.self).map(\.label))
        }
        #expect(items == ["one"])
        #expect(tags == ["made in migration"])
        #expect(await realm.schema["Item"]?["count"] == nil)
        await realm.close()

        var next = directory.configuration([V4.Item.self, V4.Tag.self])
        next.schemaVersion = 4
        next.migrationBlock = { migration, oldVersion in
            #expect(oldVersion == 3)
            #expect(migration.deleteData(forType: "Tag"))
        }
        let reopened = try await Realm(configuration: next)
        let remaining = await reopened.read { $0.objects(V4.Tag.self).count }
        #expect(remaining == 0)
    }

    @Test("A lower schema version than the file's is refused")
    func lowerVersion() async throws {
        let directory = TemporaryDirectory()
        var configuration = directory.configuration([V1.Item.self])
        configuration.schemaVersion = 5
        let realm = try await Realm(configuration: configuration)
        await realm.close()
        configuration.schemaVersion = 4
        do {
            _ = try await Realm(configuration: configuration)
            Issue.record("a lower schema version must be refused")
        } catch {
            #expect("\(error)".contains("less than last set version 5"))
        }
    }
}
