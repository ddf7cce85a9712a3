import Foundation
import Strata
import Synchronization
import Testing

// Facts from realm-swift's RealmSwift/Tests/MigrationTests.swift: testCreate (what `create` takes: an array, a
// dictionary, an enum or custom persistable value, nothing), testDeleteData (`deleteData` of a class the models dropped,
// of an unknown class, of objects created in the migration), testObjectWithCustomColumnNames and
// testCustomColumnDataAfterMigrationRealm (objects stored under custom column names keep every value through a
// migration, with or without a block), testCustomColumnRenamePropertyToCustom (renaming by column names), and what
// existing objects hold in properties a migration adds. MigrationSemanticsTests.swift already asserts `create` from a
// dictionary or a partial array, deleting and enumerating after deletes.
// Not ported: `create` of an unknown class (it stops the process where Realm raises, as Docs.docc/Migrations.md says).

extension MigrationPortTests {
    @Test("create takes an array, a dictionary, an enum or a custom persistable value, or nothing, in that order")
    func createFromEveryKindOfValue() async throws {
        let created = try await Self.created { migration in
            migration.create("MPTCreated", value: ["string1"])
            migration.create("MPTCreated", value: ["stringCol": "string2"])
            migration.create("MPTCreated")
        }
        #expect(created == ["string1", "string2", ""])
        // An enum or custom persistable value given for its raw (persisted) type is stored as that value.
        let fromEnumAndCustom = try await Self.created { migration in
            migration.create("MPTCreated", value: ["stringCol": MPTStringEnum.value1])
            migration.create("MPTCreated", value: ["stringCol": MPTStringWrapper(persistedValue: "string3")])
            migration.create("MPTCreated", value: [MPTStringEnum.value2])
        }
        #expect(fromEnumAndCustom == ["one", "string3", "two"])
    }

    @Test("a new object of a migration takes an enum or custom persistable value for its raw type's property")
    func newObjectsTakeEnumAndCustomValues() async throws {
        let created = try await Self.created { migration in
            let object = migration.create("MPTCreated")
            object["stringCol"] = MPTStringEnum.value2
            let other = migration.create("MPTCreated")
            other.setValue(MPTStringWrapper(persistedValue: "custom"), forKey: "stringCol")
        }
        #expect(created == ["two", "custom"])
    }

    /// The `stringCol`s of the `MPTCreated` objects of a fresh file after a migration running `block`.
    static func created(_ block: @escaping @Sendable (Migration) -> Void) async throws -> [String] {
        let types: [ObjectBase.Type] = [MPTCreateV1.MPTCreated.self]
        let directory = try await file(types)
        let realm = try await migrate(directory, types) { migration, _ in block(migration) }
        return await realm.read { realm in realm.objects(MPTCreateV1.MPTCreated.self).map(\.stringCol) }
    }

    @Test("deleteData is true for a class the file has, dropped from the models or not, and false for an unknown one")
    func deleteData() async throws {
        let directory = try await Self.file([MPTCreateV1.MPTCreated.self, MPTCreateV1.MPTDoomed.self]) { realm in
            try realm.add(MPTCreateV1.MPTDoomed(value: [0]))
        }
        let seen = Mutex<[String]>([])
        let realm = try await Self.migrate(directory, [MPTCreateV1.MPTCreated.self]) { migration, oldVersion in
            var rows = [
                "\(oldVersion)", "\(migration.deleteData(forType: "MPTDoomed"))",
                "\(migration.deleteData(forType: "MPTNoSuchClass"))",
            ]
            migration.create("MPTCreated", value: ["migration"])
            rows.append("\(migration.deleteData(forType: "MPTCreated"))")
            seen.withLock { $0 = rows }
        }
        #expect(seen.withLock { $0 } == ["0", "true", "false", "true"])
        #expect(await realm.read { realm in realm.objects(MPTCreateV1.MPTCreated.self).count } == 0)
        // Realm drops the class; Strata keeps its table, empty (Docs.docc/Migrations.md), but the models' schema has
        // no such class either way.
        #expect(await realm.schema["MPTDoomed"] == nil)
    }

    @Test("renameProperty takes stored column names: a custom column keeps its values under a new custom column")
    func renameByColumnNames() async throws {
        let directory = try await Self.file([MPTColumnV1.MPTColumns.self]) { realm in
            try realm.add(MPTColumnV1.MPTColumns(value: [123]))
        }
        let seen = Mutex<[String]>([])
        let realm = try await Self.migrate(directory, [MPTColumnV2.MPTColumns.self]) { migration, _ in
            let properties = migration.oldSchema["MPTColumns"]?.properties ?? []
            seen.withLock { $0 = properties.map { "\($0.name)=\($0.columnName)" } }
            migration.renameProperty(onType: "MPTColumns", from: "custom_before", to: "custom_intCol")
        }
        let schema = await realm.schema["MPTColumns"]?.properties.map { "\($0.name)=\($0.columnName)" }
        #expect(schema == ["intCol=custom_intCol"])
        #expect(await realm.read { realm in realm.objects(MPTColumnV2.MPTColumns.self).map(\.intCol) } == [123])
        // The old schema has the file's one property, named by its column, as the file stores it.
        #expect(seen.withLock { $0 } == ["custom_before=custom_before"])
    }

    @Test(
        "objects stored under custom column names keep every value through a migration, with a block or without",
        arguments: [false, true]
    )
    func customColumnsSurviveMigration(withBlock: Bool) async throws {
        let types: [ObjectBase.Type] = [MPTMapped.self, MPTMappedEmbedded.self]
        let directory = try await Self.file(types) { realm in
            let object = MPTMapped()
            object.intCol = 123
            object.anyCol = .int(456)
            object.intEnumCol = .value3
            let linked = MPTMapped()
            linked.intCol = 789
            object.objectCol = linked
            object.arrayCol.append(linked)
            object.setCol.insert(linked)
            object.mapCol["key"] = linked
            object.embeddedObject = MPTMappedEmbedded(value: [102])
            try realm.add(object)
        }
        let seen = Mutex<[String]>([])
        let block: @Sendable (Migration, UInt64) -> Void = { migration, _ in
            migration.enumerateObjects(ofType: "MPTMapped") { oldObject, newObject in
                guard let oldObject, let newObject, oldObject["custom_intCol"] as? Int == 123 else { return }
                let oldList = oldObject["custom_arrayCol"] as? List<MigrationObject>
                let newSet = newObject["setCol"] as? MutableSet<MigrationObject>
                let oldMap = oldObject["custom_mapCol"] as? Map<String, MigrationObject?>
                let newEmbedded = newObject["embeddedObject"] as? MigrationObject
                seen.withLock {
                    $0 = [
                        "\(oldObject["custom_anyCol"] as? Int ?? -1) \(newObject["anyCol"] as? Int ?? -1)",
                        "\(oldObject["custom_intEnumCol"] as? Int ?? -1) \(newObject["intEnumCol"] as? Int ?? -1)",
                        "\(oldList?.first?["custom_intCol"] as? Int ?? -1) \(newSet?.first?["intCol"] as? Int ?? -1)",
                        "\(oldMap?["key"]??["custom_intCol"] as? Int ?? -1)",
                        "\((oldObject["custom_embeddedObject"] as? MigrationObject)?["custom_intCol"] as? Int ?? -1) "
                            + "\(newEmbedded?["intCol"] as? Int ?? -1)",
                    ]
                }
            }
        }
        let realm = try await Self.migrate(directory, types, withBlock ? block : nil)
        if withBlock {
            #expect(seen.withLock { $0 } == ["456 456", "3 3", "789 789", "789", "102 102"])
        }
        let after = await realm.read { realm -> [String] in
            let all = realm.objects(MPTMapped.self)
            guard let object = all.filter("intCol == 123").first else { return ["no object"] }
            return [
                "\(all.count)", "\(object.anyCol)", "\(object.intEnumCol)", "\(object.objectCol?.intCol ?? -1)",
                "\(object.arrayCol.map(\.intCol))", "\(object.setCol.map(\.intCol))",
                "\(object.mapCol["key"]??.intCol ?? -1)", "\(object.embeddedObject?.intCol ?? -1)",
            ]
        }
        #expect(after == ["2", "\(AnyRealmValue.int(456))", "value3", "789", "[789]", "[789]", "789", "102"])
    }

    @Test("a property a migration adds is zero, empty or nil in the objects the file had, not its declared default")
    func addedPropertiesStartEmpty() async throws {
        // Realm Swift does not apply a model's default values to existing objects in a migration (realm-swift issue
        // 1793): the new column holds its type's zero value until the block sets it.
        let directory = try await Self.file([MPTGrowV1.MPTGrow.self]) { realm in
            try realm.add(MPTGrowV1.MPTGrow(value: ["old"]))
        }
        let inBlock = Mutex<[String]>([])
        let realm = try await Self.migrate(directory, [MPTGrowV2.MPTGrow.self]) { migration, _ in
            migration.enumerateObjects(ofType: "MPTGrow") { oldObject, newObject in
                let row = ["count", "label", "ratio"].map { "\(newObject?[$0] ?? "nil")" }
                inBlock.withLock { $0 = row + ["\(oldObject?["count"] == nil)"] }
            }
        }
        #expect(inBlock.withLock { $0 } == ["0", "", "nil", "true"])
        try await realm.write { realm in try realm.add(MPTGrowV2.MPTGrow(value: ["new"])) }
        let stored = await realm.read { realm in
            realm.objects(MPTGrowV2.MPTGrow.self).map { object -> String in
                let ratio = object.ratio.map { "\($0)" } ?? "nil"
                return "\(object.name) \(object.count) '\(object.label)' \(ratio) \(Array(object.tags))"
            }
        }
        // An object made after the migration starts from the declared defaults.
        #expect(stored == ["old 0 '' nil []", "new 7 'fresh' 0.5 []"])
    }
}
