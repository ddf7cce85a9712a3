import Foundation
import Strata
import Testing

// Facts of realm-swift's `Realm/Tests/MigrationTests.mm` (testMultipleMigrationRenameProperty, and the rename
// refusals of testMigrationRenameMissingPropertiesAndClasses): a rename may go through a name no model has, and a
// refused rename fails the migration with realm-core's message (object_store.cpp, `rename_property`), keeping
// nothing the block did.

enum MRSBefore {
    final class MRSString: Object {
        @Persisted var stringCol0 = ""
    }
}

enum MRSAfter {
    final class MRSString: Object {
        @Persisted var stringCol = ""
    }
}

enum MRSOptional {
    final class MRSString: Object {
        @Persisted var stringCol: String?
    }
}

@Suite("Migration renames in steps, and the renames realm-core refuses")
struct MigrationRenameStepsTests {
    /// A file holding one `MRSString` whose `stringCol0` is "0".
    static func seeded() async throws -> TemporaryDirectory {
        try await MigrationPortTests.file([MRSBefore.MRSString.self]) { realm in
            _ = try realm.create(MRSBefore.MRSString.self, value: ["stringCol0": "0"])
        }
    }

    @Test("stringCol0 renamed to a name no model has, then to the model's, keeps the value")
    func renameThroughAnIntermediateName() async throws {
        let directory = try await Self.seeded()
        let realm = try await MigrationPortTests.migrate(directory, [MRSAfter.MRSString.self], version: 2) {
            migration,
            oldVersion in
            if oldVersion < 1 { migration.renameProperty(onType: "MRSString", from: "stringCol0", to: "stringCol1") }
            if oldVersion < 2 { migration.renameProperty(onType: "MRSString", from: "stringCol1", to: "stringCol") }
        }
        let values = await realm.read { realm in realm.objects(MRSAfter.MRSString.self).map(\.stringCol) }
        #expect(values == ["0"])
        await realm.close()
    }

    @Test("a rename that also makes the property optional keeps the value (testMigrationRenamePropertySetOptional)")
    func renameMakingOptional() async throws {
        let directory = try await Self.seeded()
        let realm = try await MigrationPortTests.migrate(directory, [MRSOptional.MRSString.self]) { migration, _ in
            migration.renameProperty(onType: "MRSString", from: "stringCol0", to: "stringCol")
        }
        let values = await realm.read { realm in realm.objects(MRSOptional.MRSString.self).map(\.stringCol) }
        #expect(values == ["0"])
        await realm.close()
    }

    @Test(
        "a refused rename fails the migration with realm-core's message",
        arguments: [
            (
                "Missing", "stringCol0", "stringCol",
                "Cannot rename properties for type 'Missing' because it does not exist."
            ),
            (
                "MRSString", "stringCol", "stringCol0",
                "Cannot rename property 'MRSString.stringCol' to 'stringCol0' because the source property still exists."
            ),
            (
                "MRSString", "nothing", "stringCol",
                "Cannot rename property 'MRSString.nothing' because it does not exist."
            ),
        ]
    )
    func refusedRename(_ type: String, _ from: String, _ to: String, _ message: String) async throws {
        let directory = try await Self.seeded()
        var configuration = directory.configuration([MRSAfter.MRSString.self])
        configuration.schemaVersion = 1
        configuration.migrationBlock = { migration, _ in
            migration.renameProperty(onType: type, from: from, to: to)
            // Made after the refused rename: the failed migration keeps nothing of it.
            _ = migration.create("MRSString", value: ["stringCol": "new"])
        }
        await #expect(throws: RealmError.self) { try await Realm.performMigration(for: configuration) }
        do {
            try await Realm.performMigration(for: configuration)
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
        // The file is as it was: still at version 0, with the one object.
        let before = try await Realm(configuration: directory.configuration([MRSBefore.MRSString.self]))
        let values = await before.read { realm in realm.objects(MRSBefore.MRSString.self).map(\.stringCol0) }
        #expect(values == ["0"])
        await before.close()
    }
}
