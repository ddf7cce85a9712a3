import Foundation
import Strata
import Synchronization
import Testing

// Facts from realm-swift's RealmSwift/Tests/MigrationTests.swift that MigrationTests.swift,
// MigrationSemanticsTests.swift, MigrationObjectTests.swift, RealmAPITests.swift and StaticFileHelperTests.swift do not
// already assert. Here: testBasic and testSchemaVersionAtURL (when the block runs, the version a file records, a path
// that is no realm), testMigrationProperties (the old and new schemas), testMigrationObjectSchema (both objects'
// properties are the class's), testEnumerate (a class without objects, an unknown class), testFailOnSchemaMismatch,
// testDeleteRealmIfMigrationNeeded and testDeleteRealmIfMigrationNeededWithSetCustomSchema (a changed schema without a
// higher version is refused, or the file starts over without calling the block). MigrationPortTests+Values.swift and
// MigrationPortTests+Edits.swift hold the rest; the models are in MigrationPortTests+Models.swift.
// Not ported: the `Realm.Configuration.defaultConfiguration` and `Realm.asyncOpen` paths of testMigration (the one
// way to open is `try await Realm(configuration:)`; setting the process-wide default would race with parallel tests),
// and `RLMRealm`/`RLMSchema` file set-up (the files here are written with earlier versions of the models).

/// One way a class can differ from the file's `MPTShapeV0.MPTShape`, each needing a migration.
enum MPTShapeChange: String, CaseIterable, Sendable {
    case propertyAdded, propertyRemoved, typeChanged, madeOptional, primaryKeyAdded

    var types: [ObjectBase.Type] {
        switch self {
        case .propertyAdded: [MPTShapeAdded.MPTShape.self]
        case .propertyRemoved: [MPTShapeRemoved.MPTShape.self]
        case .typeChanged: [MPTShapeRetyped.MPTShape.self]
        case .madeOptional: [MPTShapeOptional.MPTShape.self]
        case .primaryKeyAdded: [MPTShapeKeyed.MPTShape.self]
        }
    }

    /// The property the difference is about, as the error names it.
    var property: String {
        switch self {
        case .propertyAdded: "MPTShape.extra"
        case .primaryKeyAdded: "MPTShape.name"
        default: "MPTShape.count"
        }
    }
}

@Suite("Migration port: versions, schemas and refusals")
struct MigrationPortTests {
    /// A fresh file in its own directory, of `types` at schema version 0, holding what `seed` writes.
    static func file(
        _ types: [ObjectBase.Type],
        _ seed: @escaping @Sendable (isolated Realm) throws -> Void = { _ in }
    ) async throws -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        let realm = try await Realm(configuration: directory.configuration(types))
        try await realm.write { realm in try seed(realm) }
        await realm.close()
        return directory
    }

    /// Opens `directory`'s file with `types` at `version`, with `block` as the migration block.
    static func migrate(
        _ directory: TemporaryDirectory,
        _ types: [ObjectBase.Type],
        version: UInt64 = 1,
        _ block: (@Sendable (Migration, UInt64) -> Void)?
    ) async throws -> Realm {
        var configuration = directory.configuration(types)
        configuration.schemaVersion = version
        configuration.migrationBlock = block
        return try await Realm(configuration: configuration)
    }

    @Test("the block runs only when an existing file's version rises, with the version the file had")
    func whenTheBlockRuns() async throws {
        let directory = TemporaryDirectory()
        let url = try #require(directory.configuration().fileURL)
        let runs = Mutex<[UInt64]>([])
        let block: @Sendable (Migration, UInt64) -> Void = { _, old in runs.withLock { $0.append(old) } }
        // A new file is created at the configured version without a migration.
        try await Self.migrate(directory, [MPTShapeV0.MPTShape.self], version: 5, block).close()
        #expect(try schemaVersionAtURL(url) == 5)
        // The same version again: nothing to migrate.
        try await Self.migrate(directory, [MPTShapeV0.MPTShape.self], version: 5, block).close()
        // A higher version with the same models migrates all the same.
        try await Self.migrate(directory, [MPTShapeV0.MPTShape.self], version: 6, block).close()
        try await Self.migrate(directory, [MPTShapeV0.MPTShape.self], version: 9, block).close()
        #expect(runs.withLock { $0 } == [5, 6])
        #expect(try schemaVersionAtURL(url) == 9)
    }

    @Test("schemaVersionAtURL of a path that is not a realm file throws a file error")
    func schemaVersionOfNonRealmFile() async throws {
        do {
            _ = try schemaVersionAtURL(URL(fileURLWithPath: "/dev/null"))
            Issue.record("reading the version of /dev/null should throw")
        } catch let error as RealmError {
            guard case .fileError = error else {
                Issue.record("expected a file error, got \(error)")
                return
            }
        }
    }

    @Test("the old schema is the file's, the new one the models', each with its own property types")
    func oldAndNewSchemas() async throws {
        let directory = try await Self.file([MPTHolderV1.MPTHolder.self]) { realm in
            try realm.add(MPTHolderV1.MPTHolder(value: [7]))
        }
        let seen = Mutex<[String]>([])
        let types: [ObjectBase.Type] = [MPTHolderV2.MPTHolder.self, MPTHolderV2.MPTExtra.self]
        let realm = try await Self.migrate(directory, types) { migration, _ in
            let old = migration.oldSchema
            let new = migration.newSchema
            seen.withLock {
                $0 = [
                    "\(old.objectSchema.map(\.className).sorted())", "\(new.objectSchema.map(\.className).sorted())",
                    "\(old.objectSchema[0].properties.count) \(new["MPTHolder"]?.properties.count ?? -1)",
                    "\(old["MPTHolder"]?.properties[0].type == .int)",
                    "\(new["MPTHolder"]?["stringCol"]?.type == .string)",
                ]
            }
            migration.enumerateObjects(ofType: "MPTHolder") { oldObject, newObject in
                newObject?["stringCol"] = "#\(oldObject?["stringCol"] as? Int ?? -1)"
            }
        }
        #expect(seen.withLock { $0 } == [#"["MPTHolder"]"#, #"["MPTExtra", "MPTHolder"]"#, "1 1", "true", "true"])
        #expect(await realm.read { realm in realm.objects(MPTHolderV2.MPTHolder.self).map(\.stringCol) } == ["#7"])
    }

    @Test("both schemas, and both objects' schemas, list the class's properties as the realm did")
    func objectSchemas() async throws {
        let directory = TemporaryDirectory()
        let types: [ObjectBase.Type] = [MPTTyped.self]
        let realm = try await Realm(configuration: directory.configuration(types))
        let properties = try await realm.write { realm in
            try realm.add(MPTTyped())
            return realm.schema["MPTTyped"]?.properties ?? []
        }
        await realm.close()
        let seen = Mutex<[Bool]>([])
        _ = try await Self.migrate(directory, types) { migration, _ in
            var rows = [
                migration.oldSchema["MPTTyped"]?.properties == properties,
                migration.newSchema["MPTTyped"]?.properties == properties,
            ]
            migration.enumerateObjects(ofType: "MPTTyped") { oldObject, newObject in
                rows += [
                    oldObject?.objectSchema.properties == properties, newObject?.objectSchema.properties == properties,
                ]
            }
            seen.withLock { $0 = rows }
        }
        #expect(properties.count == 19)
        #expect(seen.withLock { $0 } == [true, true, true, true])
    }

    @Test("enumerating a class without objects, or one no schema has, calls the block for nothing")
    func enumeratingNothing() async throws {
        let directory = try await Self.file([MPTHolderV1.MPTHolder.self, MPTShapeV0.MPTShape.self]) { realm in
            try realm.add(MPTShapeV0.MPTShape())
        }
        let calls = Mutex<[String]>([])
        _ = try await Self.migrate(directory, [MPTHolderV1.MPTHolder.self, MPTShapeV0.MPTShape.self]) { migration, _ in
            for name in ["MPTHolder", "MPTNoSuchClass", "MPTShape"] {
                migration.enumerateObjects(ofType: name) { _, _ in calls.withLock { $0.append(name) } }
            }
        }
        #expect(calls.withLock { $0 } == ["MPTShape"])
    }

    @Test(
        "a changed schema at the same version is refused with schemaMismatch naming the property; the file is kept",
        arguments: MPTShapeChange.allCases
    )
    func schemaMismatch(change: MPTShapeChange) async throws {
        let directory = try await Self.file([MPTShapeV0.MPTShape.self]) { realm in
            try realm.add(MPTShapeV0.MPTShape(value: ["a", 1]))
        }
        let ran = Mutex(false)
        do {
            _ = try await Self.migrate(directory, change.types, version: 0) { _, _ in ran.withLock { $0 = true } }
            Issue.record("a changed schema without a higher version should be refused")
        } catch let error as RealmError {
            guard case .schemaMismatch(let message) = error else {
                Issue.record("expected schemaMismatch, got \(error)")
                return
            }
            #expect(message.contains(change.property), "\(message)")
        }
        #expect(!ran.withLock { $0 })
        let url = try #require(directory.configuration().fileURL)
        #expect(try schemaVersionAtURL(url) == 0)
        let kept = try await Realm(configuration: directory.configuration([MPTShapeV0.MPTShape.self]))
        #expect(await kept.read { realm in realm.objects(MPTShapeV0.MPTShape.self).map(\.name) } == ["a"])
    }

    @Test(
        "deleteRealmIfMigrationNeeded starts over without calling the block, at the configured version",
        arguments: MPTShapeChange.allCases
    )
    func deleteIfMigrationNeeded(change: MPTShapeChange) async throws {
        let directory = try await Self.file([MPTShapeV0.MPTShape.self]) { realm in
            try realm.add(MPTShapeV0.MPTShape(value: ["a", 1]))
        }
        let ran = Mutex(false)
        var configuration = directory.configuration(change.types)
        configuration.schemaVersion = 2
        configuration.deleteRealmIfMigrationNeeded = true
        configuration.migrationBlock = { _, _ in ran.withLock { $0 = true } }
        let realm = try await Realm(configuration: configuration)
        #expect(!ran.withLock { $0 })
        #expect(await realm.read { realm in realm.isEmpty })
        #expect(try schemaVersionAtURL(configuration.fileURL!) == 2)
    }
}
