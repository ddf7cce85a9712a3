import Foundation
import Strata
import Synchronization
import Testing

// Facts from realm-swift's Realm/Tests/MigrationTests.mm that the ports of RealmSwift/Tests/MigrationTests.swift
// (MigrationPortTests*.swift) and MigrationTests.swift, MigrationSemanticsTests.swift, MigrationObjectTests.swift do
// not already assert. Here: testRemovingClassDoesNotRequireMigration, testChangingColumnOrderDoesNotRequireMigration,
// testRemovingPrimaryKeyRequiresMigration, testChangingPrimaryKeyRequiresMigration,
// testMakingPropertyNonOptionalRequiresMigration, testChangingLinkTargetRequiresMigration,
// testChangingLinkListTargetRequiresMigration, testChangeEmptyTableFromTopLevelToEmbedded,
// testChangeEmptyTableFromEmbeddedToTopLevel, testChangeToEmbeddedRequiresMigration (each through
// assertMigrationRequiredForChangeFrom or assertNoMigrationRequiredForChangeFrom), testSchemaVersionCannotGoDown (the
// whole sentence, through performMigration too), testDifferentSchemaVersionsAtDifferentPaths,
// testMigrationBlockNotCalledWhenSchemaVersionIsUnchanged (through performMigration), testRearrangeProperties and
// testMigrationAfterReorderingProperties, testMakingPropertyPrimaryPreservesValues,
// testAddingPrimaryKeyShouldRejectDuplicateValues, testIncompleteMigrationIsRolledBack, testModifyPrimaryKeyInMigration,
// testRequiredToNullableAutoMigration, testNullableToRequiredMigration and testEnumeratedObjectsDuringMigration
// (`value(forKey:)` and `setValue(_:forKey:)` on the migration's objects). Links, embedded objects, deleting and
// renaming are in MigrationObjCPortTests+Links.swift; the models in MigrationObjCPortTests+Models.swift.
// Not ported: the custom-schema (`RLMSchema`, `RLMObjectSchema`) and dynamic-realm set-up (the files here are written
// with earlier versions of the models), `asyncOpen`, and the table/column checks of RLMAssertRealmSchemaMatchesTable.

/// A change of the models that Realm requires a migration for.
enum MOCSchemaChange: String, CaseIterable, Sendable {
    case primaryKeyRemoved, primaryKeyChanged, madeRequired, linkRetargeted, listRetargeted
    case emptyTopLevelToEmbedded, emptyEmbeddedToTopLevel, topLevelToEmbeddedWithObjects

    var from: [ObjectBase.Type] {
        switch self {
        case .primaryKeyRemoved, .primaryKeyChanged: [MOCPairKeyedFirst.MOCPair.self]
        case .madeRequired: [MOCPairOptional.MOCPair.self]
        case .linkRetargeted, .listRetargeted: [MOCLinksPlain.MOCLinks.self, MOCTarget.self]
        case .emptyTopLevelToEmbedded, .topLevelToEmbeddedWithObjects:
            [MOCEmbedTopLevel.MOCChild.self, MOCEmbedTopLevel.MOCParent.self]
        case .emptyEmbeddedToTopLevel: [MOCEmbedEmbedded.MOCChild.self, MOCEmbedEmbedded.MOCParent.self]
        }
    }

    var to: [ObjectBase.Type] {
        switch self {
        case .primaryKeyRemoved, .madeRequired: [MOCPairPlain.MOCPair.self]
        case .primaryKeyChanged: [MOCPairKeyedSecond.MOCPair.self]
        case .linkRetargeted: [MOCLinksObjectRetargeted.MOCLinks.self, MOCTarget.self]
        case .listRetargeted: [MOCLinksArrayRetargeted.MOCLinks.self, MOCTarget.self]
        case .emptyTopLevelToEmbedded, .topLevelToEmbeddedWithObjects:
            [MOCEmbedEmbedded.MOCChild.self, MOCEmbedEmbedded.MOCParent.self]
        case .emptyEmbeddedToTopLevel: [MOCEmbedTopLevel.MOCChild.self, MOCEmbedTopLevel.MOCParent.self]
        }
    }

    /// realm-core's reason for a class made embedded or top-level (object_store.cpp's ChangeTableType).
    var realmReason: String? {
        switch self {
        case .emptyTopLevelToEmbedded, .topLevelToEmbeddedWithObjects:
            "Class 'MOCChild' has been changed from TopLevel to Embedded."
        case .emptyEmbeddedToTopLevel: "Class 'MOCChild' has been changed from Embedded to TopLevel."
        default: nil
        }
    }

    /// Writes what the file holds before the change.
    func seed(_ realm: isolated Realm) throws {
        guard self == .topLevelToEmbeddedWithObjects else { return }
        let child = try realm.create(MOCEmbedTopLevel.MOCChild.self, value: [42])
        try realm.create(MOCEmbedTopLevel.MOCParent.self, value: [42, child])
        try realm.create(MOCEmbedTopLevel.MOCParent.self, value: [43, child])
    }
}

@Suite("Migration port (Objective-C tests): requirements, versions, keys and optionality")
struct MigrationObjCPortTests {
    @Test(
        "a change Realm migrates is refused at the same version without calling the block, and migrates at a higher one",
        arguments: MOCSchemaChange.allCases
    )
    func migrationRequired(change: MOCSchemaChange) async throws {
        let directory = try await MigrationPortTests.file(change.from) { realm in try change.seed(realm) }
        let calls = Mutex<[UInt64]>([])
        let block: @Sendable (Migration, UInt64) -> Void = { _, old in calls.withLock { $0.append(old) } }
        var refused = false
        do {
            try await MigrationPortTests.migrate(directory, change.to, version: 0, block).close()
        } catch let error as RealmError {
            guard case .schemaMismatch(let message) = error else {
                Issue.record("expected schemaMismatch, got \(error)")
                return
            }
            refused = true
            if let reason = change.realmReason {
                #expect(message.contains(reason), "\(message)")
            }
        }
        #expect(refused, "the changed schema should need a migration")
        #expect(calls.withLock { $0 }.isEmpty)
        try await MigrationPortTests.migrate(directory, change.to, block).close()
        #expect(calls.withLock { $0 } == [0])
    }

    @Test(
        "removing a class or reordering properties needs no migration: the block is not called and the values stay",
        arguments: [false, true]
    )
    func noMigrationRequired(reordered: Bool) async throws {
        let directory = try await MigrationPortTests.file([MOCPairPlain.MOCPair.self, MOCTarget.self]) { realm in
            try realm.create(MOCPairPlain.MOCPair.self, value: ["a", "b"])
            try realm.create(MOCTarget.self, value: [1, "one"])
        }
        let types: [ObjectBase.Type] = reordered ? [MOCPairReordered.MOCPair.self] : [MOCPairPlain.MOCPair.self]
        let ran = Mutex(false)
        let realm = try await MigrationPortTests.migrate(directory, types, version: 0) { _, _ in
            ran.withLock { $0 = true }
        }
        let pairs = await realm.read { realm in
            reordered
                ? realm.objects(MOCPairReordered.MOCPair.self).map { "\($0.col1)\($0.col2)" }
                : realm.objects(MOCPairPlain.MOCPair.self).map { "\($0.col1)\($0.col2)" }
        }
        await realm.close()
        #expect(pairs == ["ab"])
        #expect(!ran.withLock { $0 })
        // The removed class's objects are still in the file for models that have it again.
        let again = try await Realm(
            configuration: directory.configuration([MOCPairPlain.MOCPair.self, MOCTarget.self])
        )
        #expect(await again.read { realm in realm.objects(MOCTarget.self).map(\.stringCol) } == ["one"])
    }

    @Test("files at different paths keep their own schema versions")
    func versionsPerPath() async throws {
        let first = TemporaryDirectory()
        let second = TemporaryDirectory()
        try await MigrationPortTests.migrate(first, [MOCTarget.self], version: 10, nil).close()
        try await MigrationPortTests.migrate(second, [MOCTarget.self], version: 5, nil).close()
        #expect(try schemaVersionAtURL(try #require(first.configuration().fileURL)) == 10)
        #expect(try schemaVersionAtURL(try #require(second.configuration().fileURL)) == 5)
    }

    @Test("a lower schema version is refused with Realm's sentence, by opening and by performMigration, the file kept")
    func lowerSchemaVersion() async throws {
        let directory = TemporaryDirectory()
        try await MigrationPortTests.migrate(directory, [MOCTarget.self], version: 10, nil).close()
        var configuration = directory.configuration([MOCTarget.self])
        configuration.schemaVersion = 5
        let sentence = "Provided schema version 5 is less than last set version 10."
        await #expect(throws: RealmError.schemaMismatch(sentence)) { try await Realm(configuration: configuration) }
        await #expect(throws: RealmError.schemaMismatch(sentence)) {
            try await Realm.performMigration(for: configuration)
        }
        #expect(try schemaVersionAtURL(try #require(configuration.fileURL)) == 10)
    }

    @Test("performMigration at the file's own version does not call the block")
    func performMigrationAtSameVersion() async throws {
        let directory = TemporaryDirectory()
        try await MigrationPortTests.migrate(directory, [MOCTarget.self], version: 1, nil).close()
        let ran = Mutex(false)
        var configuration = directory.configuration([MOCTarget.self])
        configuration.schemaVersion = 1
        configuration.migrationBlock = { _, _ in ran.withLock { $0 = true } }
        try await Realm.performMigration(for: configuration)
        try await Realm(configuration: configuration).close()
        #expect(!ran.withLock { $0 })
    }

    @Test("properties stored in another order read as declared; create's array follows the models' order")
    func storedOrder() async throws {
        let date = Date(timeIntervalSince1970: 1000)
        let directory = try await MigrationPortTests.file([MOCRequiredStored.MOCRequired.self]) { realm in
            try realm.create(
                MOCRequiredStored.MOCRequired.self,
                value: ["stringCol": "Hello", "dateCol": date, "binaryCol": Data([1])]
            )
        }
        let types: [ObjectBase.Type] = [MOCRequiredDeclared.MOCRequired.self]
        // Without a migration: the accessors and an array in the models' order work.
        let realm = try await MigrationPortTests.migrate(directory, types, version: 0, nil)
        let first = try await realm.write { realm in
            try realm.create(MOCRequiredDeclared.MOCRequired.self, value: ["Array", Data([2]), date])
            let object = realm.objects(MOCRequiredDeclared.MOCRequired.self)[0]
            return "\(object.stringCol) \(object.binaryCol == Data([1])) \(object.dateCol == date)"
        }
        #expect(first == "Hello true true")
        await realm.close()
        // In a migration: create's array is in the models' order too.
        let migrated = try await MigrationPortTests.migrate(directory, types) { migration, _ in
            migration.create("MOCRequired", value: ["World", Data([3]), date])
        }
        let rows = await migrated.read { realm in
            realm.objects(MOCRequiredDeclared.MOCRequired.self).map { "\($0.stringCol) \($0.binaryCol.first ?? 0)" }
        }
        #expect(rows == ["Hello 1", "Array 2", "World 3"])
    }

    @Test("value(forKey:) reads what the subscript reads, on the old and the new object")
    func valueForKey() async throws {
        let directory = try await MigrationPortTests.file([MOCTarget.self]) { realm in
            try realm.create(MOCTarget.self, value: [1, "string"])
        }
        let seen = Mutex<[String]>([])
        let realm = try await MigrationPortTests.migrate(directory, [MOCTarget.self]) { migration, _ in
            migration.enumerateObjects(ofType: "MOCTarget") { oldObject, newObject in
                guard let oldObject, let newObject else { return }
                newObject.setValue("otherString", forKey: "stringCol")
                let values = [
                    oldObject.value(forKey: "stringCol"), oldObject["stringCol"], newObject.value(forKey: "stringCol"),
                    newObject["stringCol"], oldObject.value(forKey: "intCol"),
                ]
                seen.withLock { $0 = values.map { "\($0 ?? "nil")" } }
            }
        }
        #expect(seen.withLock { $0 } == ["string", "string", "otherString", "otherString", "1"])
        #expect(await realm.read { realm in realm.objects(MOCTarget.self).map(\.stringCol) } == ["otherString"])
    }

    @Test("making a property the primary key keeps its values, without a block")
    func primaryKeyKeepsValues() async throws {
        let directory = try await MigrationPortTests.file([MOCStringKeyPlain.MOCStringKeyed.self]) { realm in
            try realm.create(MOCStringKeyPlain.MOCStringKeyed.self, value: ["1"])
            try realm.create(MOCStringKeyPlain.MOCStringKeyed.self, value: ["2"])
        }
        let realm = try await MigrationPortTests.migrate(directory, [MOCStringKeyKeyed.MOCStringKeyed.self], nil)
        let (values, found) = await realm.read { realm in
            (
                realm.objects(MOCStringKeyKeyed.MOCStringKeyed.self).map(\.stringCol),
                realm.object(ofType: MOCStringKeyKeyed.MOCStringKeyed.self, forPrimaryKey: "2")?.stringCol
            )
        }
        #expect(values == ["1", "2"])
        #expect(found == "2")
    }

    @Test("a new primary key with duplicate values fails the migration, which is rolled back; deleting them succeeds")
    func duplicatePrimaryKeys() async throws {
        let plain: [ObjectBase.Type] = [MOCIntKeyPlain.MOCIntKeyed.self]
        let keyed: [ObjectBase.Type] = [MOCIntKeyKeyed.MOCIntKeyed.self]
        let directory = try await MigrationPortTests.file(plain) { realm in
            try realm.create(MOCIntKeyPlain.MOCIntKeyed.self, value: [1])
            try realm.create(MOCIntKeyPlain.MOCIntKeyed.self, value: [1])
        }
        var configuration = directory.configuration(keyed)
        configuration.schemaVersion = 1
        await #expect(throws: RealmError.self) { try await Realm.performMigration(for: configuration) }
        await #expect(throws: RealmError.self) { try await Realm(configuration: configuration) }
        // The file keeps its schema, version and objects.
        let url = try #require(configuration.fileURL)
        #expect(try schemaVersionAtURL(url) == 0)
        let old = try await Realm(configuration: directory.configuration(plain))
        #expect(await old.read { realm in realm.objects(MOCIntKeyPlain.MOCIntKeyed.self).count } == 2)
        await old.close()

        let deleted = Mutex(false)
        let realm = try await MigrationPortTests.migrate(directory, keyed) { migration, _ in
            var seen: Set<Int> = []
            migration.enumerateObjects(ofType: "MOCIntKeyed") { _, newObject in
                guard let newObject, let value = newObject["intCol"] as? Int else { return }
                if seen.insert(value).inserted { return }
                deleted.withLock { $0 = true }
                migration.delete(newObject)
            }
        }
        #expect(deleted.withLock { $0 })
        #expect(await realm.read { realm in realm.objects(MOCIntKeyKeyed.MOCIntKeyed.self).map(\.intCol) } == [1])
    }

    @Test("a migration moving the primary key to another property sets its values; objects are found by them")
    func movedPrimaryKey() async throws {
        let directory = try await MigrationPortTests.file([MOCMovedKeyOnInt.MOCMovedKey.self]) { realm in
            for number in 0..<10 {
                try realm.create(MOCMovedKeyOnInt.MOCMovedKey.self, value: ["\(number)", number + 10])
            }
        }
        let realm = try await MigrationPortTests.migrate(directory, [MOCMovedKeyOnString.MOCMovedKey.self]) {
            migration,
            _ in
            migration.enumerateObjects(ofType: "MOCMovedKey") { oldObject, newObject in
                newObject?["stringCol"] = "\(oldObject?["intCol"] as? Int ?? -1)"
            }
        }
        let found = await realm.read { realm in
            (10..<20).map { realm.object(ofType: MOCMovedKeyOnString.MOCMovedKey.self, forPrimaryKey: "\($0)")?.intCol }
        }
        #expect(found == (10..<20).map { $0 })
    }

    @Test("required properties made optional keep their values without a block")
    func requiredToOptional() async throws {
        let directory = try await MigrationPortTests.file([MOCOptionalsRequired.MOCOptionals.self]) { realm in
            try realm.create(
                MOCOptionalsRequired.MOCOptionals.self,
                value: [1, 1, 1, true, "str", Data("data".utf8), Date(timeIntervalSince1970: 1)]
            )
            try realm.create(
                MOCOptionalsRequired.MOCOptionals.self,
                value: [2, 2, 2, false, "str2", Data("data2".utf8), Date(timeIntervalSince1970: 2)]
            )
        }
        let realm = try await MigrationPortTests.migrate(directory, [MOCOptionalsOptional.MOCOptionals.self], nil)
        let rows = await realm.read { realm in
            realm.objects(MOCOptionalsOptional.MOCOptionals.self).map { object in
                [
                    "\(object.intObj.map(String.init) ?? "nil")", "\(object.floatObj.map { "\($0)" } ?? "nil")",
                    "\(object.doubleObj.map { "\($0)" } ?? "nil")", "\(object.boolObj.map { "\($0)" } ?? "nil")",
                    object.string ?? "nil", object.data.map { String(decoding: $0, as: UTF8.self) } ?? "nil",
                    "\(object.date?.timeIntervalSince1970 ?? -1)",
                ]
            }
        }
        #expect(
            rows == [
                ["1", "1.0", "1.0", "true", "str", "data", "1.0"],
                ["2", "2.0", "2.0", "false", "str2", "data2", "2.0"],
            ]
        )
    }

    @Test("optional properties made required are all reset to their type's zero, set or not")
    func optionalToRequired() async throws {
        let directory = try await MigrationPortTests.file([MOCOptionalsOptional.MOCOptionals.self]) { realm in
            try realm.create(MOCOptionalsOptional.MOCOptionals.self, value: [String: Any]())
            try realm.create(
                MOCOptionalsOptional.MOCOptionals.self,
                value: [2, 2, 2, false, "str2", Data("data2".utf8), Date(timeIntervalSince1970: 2)]
            )
        }
        let types: [ObjectBase.Type] = [MOCOptionalsRequired.MOCOptionals.self]
        var configuration = directory.configuration(types)
        configuration.schemaVersion = 1
        try await Realm.performMigration(for: configuration)
        let realm = try await Realm(configuration: configuration)
        let rows = await realm.read { realm in
            realm.objects(MOCOptionalsRequired.MOCOptionals.self).map { object in
                "\(object.intObj) \(object.floatObj) \(object.doubleObj) \(object.boolObj) '\(object.string)' "
                    + "\(object.data.count) \(object.date.timeIntervalSince1970)"
            }
        }
        #expect(rows == Array(repeating: "0 0.0 0.0 false '' 0 0.0", count: 2))
    }
}
