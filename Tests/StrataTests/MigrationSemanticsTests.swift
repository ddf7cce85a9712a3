import Foundation
import Strata
import Synchronization
import Testing

// Facts from realm-swift's MigrationTests (enumerating after deletes and creates, old objects of a renamed
// property, `create` with an array, `performMigration`) and realm-core's rule that a search index needs no
// migration (MigrationTests.mm: adding and removing an index, a mismatched index in a read-only file).

enum IndexedV1 {
    final class Item: Object {
        @Persisted(indexed: true) var name = ""
        @Persisted var count = 0
    }
}

enum RemovedV1 {
    final class Item: Object {
        @Persisted var name = ""
    }
}

@Suite("Migration semantics")
struct MigrationSemanticsTests {
    /// Writes a file with `V1.Item`s named `names` (count = position + 1).
    private func seed(_ directory: TemporaryDirectory, _ names: [String]) async throws {
        let realm = try await Realm(configuration: directory.configuration([V1.Item.self]))
        try await realm.write { realm in
            for (position, name) in names.enumerated() {
                try realm.add(V1.Item(value: ["name": name, "count": position + 1]))
            }
        }
        await realm.close()
    }

    @Test("enumerateObjects visits the objects the file held, skipping deleted ones and never created ones")
    func enumerateVisitsOldObjects() async throws {
        let directory = TemporaryDirectory()
        try await seed(directory, ["1", "2", "3"])
        let counts = Mutex<[Int]>([])
        var configuration = directory.configuration([V1.Item.self])
        configuration.schemaVersion = 1
        configuration.migrationBlock = { migration, _ in
            migration.enumerateObjects(ofType: "Item") { oldObject, newObject in
                if oldObject?["name"] as? String == "2", let newObject {
                    migration.delete(newObject)
                    migration.create("Item", value: ["name": "A"])
                }
            }
            var visited = 0
            migration.enumerateObjects(ofType: "Item") { _, _ in visited += 1 }
            migration.deleteData(forType: "Item")
            migration.create("Item", value: ["name": "B"])
            var afterDelete = 0
            migration.enumerateObjects(ofType: "Item") { _, _ in afterDelete += 1 }
            counts.withLock { $0 = [visited, afterDelete] }
        }
        let realm = try await Realm(configuration: configuration)
        #expect(counts.withLock { $0 } == [2, 0])
        #expect(await realm.read { realm in realm.objects(V1.Item.self).map(\.name) } == ["B"])
    }

    @Test("an old object reads the file as it was: a renamed property by its old name, a written one unchanged")
    func oldObjectsKeepOldValues() async throws {
        let directory = TemporaryDirectory()
        try await seed(directory, ["one"])
        let seen = Mutex<[String]>([])
        var configuration = directory.configuration([V2.Item.self])
        configuration.schemaVersion = 1
        configuration.migrationBlock = { migration, _ in
            migration.renameProperty(onType: "Item", from: "name", to: "title")
            migration.enumerateObjects(ofType: "Item") { oldObject, newObject in
                newObject?["count"] = 10
                let row = [
                    oldObject?["name"] as? String ?? "nil", oldObject?["title"] as? String ?? "nil",
                    newObject?["title"] as? String ?? "nil", "\(oldObject?["count"] as? Int ?? -1)",
                    "\(newObject?["count"] as? Int ?? -1)",
                ]
                seen.withLock { $0 += row }
            }
        }
        let realm = try await Realm(configuration: configuration)
        #expect(seen.withLock { $0 } == ["one", "nil", "one", "1", "10"])
        #expect(
            await realm.read { realm in realm.objects(V2.Item.self).map { "\($0.title) \($0.count)" } } == ["one 10"]
        )
    }

    @Test("a class new in the schema is enumerated with no old objects, a removed one with no new objects")
    func newAndRemovedClasses() async throws {
        let directory = TemporaryDirectory()
        do {
            let realm = try await Realm(configuration: directory.configuration([V4.Item.self, V4.Tag.self]))
            try await realm.write { realm in
                try realm.add(V4.Item(value: ["name": "item"]))
                try realm.add(V4.Tag(value: ["label": "old tag"]))
            }
            await realm.close()
        }
        let seen = Mutex<[String]>([])
        var configuration = directory.configuration([RemovedV1.Item.self])
        configuration.schemaVersion = 1
        configuration.migrationBlock = { migration, _ in
            migration.enumerateObjects(ofType: "Tag") { oldObject, newObject in
                seen.withLock { $0.append("Tag \(oldObject?["label"] as? String ?? "nil") \(newObject == nil)") }
            }
        }
        _ = try await Realm(configuration: configuration)

        // A file that never had tags, opened with them: a tag made in the migration is enumerated as a new
        // object without an old one.
        let fresh = TemporaryDirectory()
        try await seed(fresh, ["one"])
        var again = fresh.configuration([V4.Item.self, V4.Tag.self])
        again.schemaVersion = 1
        again.migrationBlock = { migration, _ in
            migration.create("Tag", value: ["label": "new tag"])
            migration.enumerateObjects(ofType: "Tag") { oldObject, newObject in
                seen.withLock { $0.append("Tag \(oldObject == nil) \(newObject?["label"] as? String ?? "nil")") }
            }
        }
        _ = try await Realm(configuration: again)
        #expect(seen.withLock { $0 } == ["Tag old tag true", "Tag true new tag"])
    }

    @Test("create takes a dictionary by name, or an array in the order of the class's properties")
    func createFromValues() async throws {
        try await #expect(created { ["name": "x", "count": 5] } == ["x 5"])
        try await #expect(created { ["name": "y"] } == ["y 0"])
        try await #expect(created { ["z", 7] } == ["z 7"])
        try await #expect(created { ["w"] } == ["w 0"])
    }

    /// The items of a fresh file after a migration that creates one from the value `value` makes.
    private func created(_ value: @escaping @Sendable () -> Any) async throws -> [String] {
        let directory = TemporaryDirectory()
        do {
            let realm = try await Realm(configuration: directory.configuration([V1.Item.self]))
            await realm.close()
        }
        var configuration = directory.configuration([V1.Item.self])
        configuration.schemaVersion = 1
        configuration.migrationBlock = { migration, _ in migration.create("Item", value: value()) }
        let realm = try await Realm(configuration: configuration)
        return await realm.read { realm in realm.objects(V1.Item.self).map { "\($0.name) \($0.count)" } }
    }

    @Test("adding or removing a search index needs no migration and keeps the data")
    func indexChangesNeedNoMigration() async throws {
        let directory = TemporaryDirectory()
        try await seed(directory, ["one", "two"])
        var indexed = directory.configuration([IndexedV1.Item.self])
        indexed.deleteRealmIfMigrationNeeded = true  // must delete nothing
        do {
            let realm = try await Realm(configuration: indexed)
            let found = await realm.read { realm in realm.objects(IndexedV1.Item.self).filter("name == 'two'").count }
            #expect(found == 1)
            #expect(await realm.read { realm in realm.schema["Item"]?["name"]?.isIndexed } == true)
            await realm.close()
        }
        // A read-only open of a file indexed otherwise than the models declare reads it as it is.
        var readOnly = directory.configuration([V1.Item.self])
        readOnly.readOnly = true
        do {
            let realm = try await Realm(configuration: readOnly)
            #expect(await realm.read { realm in realm.objects(V1.Item.self).count } == 2)
            await realm.close()
        }
        let plain = try await Realm(configuration: directory.configuration([V1.Item.self]))
        #expect(await plain.read { realm in realm.objects(V1.Item.self).filter("name == 'one'").count } == 1)
        #expect(await plain.read { realm in realm.schema["Item"]?["name"]?.isIndexed } == false)
    }

    @Test("performMigration runs the migration block once, and the realm then opens without it")
    func performMigration() async throws {
        let directory = TemporaryDirectory()
        try await seed(directory, ["one"])
        let runs = Mutex(0)
        var configuration = directory.configuration([V1.Item.self])
        configuration.schemaVersion = 3
        configuration.migrationBlock = { _, oldVersion in
            #expect(oldVersion == 0)
            runs.withLock { $0 += 1 }
        }
        try await Realm.performMigration(for: configuration)
        let realm = try await Realm(configuration: configuration)
        #expect(runs.withLock { $0 } == 1)
        #expect(await realm.read { realm in realm.objects(V1.Item.self).count } == 1)
        #expect(try schemaVersionAtURL(configuration.fileURL!) == 3)
    }
}
