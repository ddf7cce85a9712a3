import Foundation
import Strata
import Synchronization
import Testing

// Facts from realm-swift's MigrationTests.swift (testEnumerate, testBasicTypesInEnumerate, testMigrationObject,
// testCollectionAccess, testObjectWithCustomColumnNames, testRenameProperty): in a migration block both objects are
// `MigrationObject`s, which are `DynamicObject`s; a link reads as a MigrationObject, a list, set or map of objects
// as `List<MigrationObject>`, `MutableSet<MigrationObject>`, `Map<String, MigrationObject?>`, a collection of values
// as its typed collection, and an old object's integers as `Int`. The new object's collections are the stored ones:
// edits show on the next read, in `dynamicList`, and in the file after the migration. An unmanaged object assigned
// to a link is created; an old object reads the file as it was, by its stored (column) names.

enum MigrationObjectModels {
    final class MOBool: Object {
        @Persisted var boolCol = false
    }

    final class MOEmbedded: EmbeddedObject {
        @Persisted var intCol = 0
    }

    final class MOAll: Object {
        @Persisted var boolCol = true
        @Persisted var intCol = 123
        @Persisted var int8Col: Int8 = 123
        @Persisted var int32Col: Int32 = 123
        @Persisted var floatCol: Float = 1.23
        @Persisted var doubleCol = 12.3
        @Persisted var stringCol = "a"
        @Persisted var binaryCol = Data("a".utf8)
        @Persisted var dateCol = Date(timeIntervalSince1970: 1)
        @Persisted var decimalCol: Decimal128 = 1_230_000
        @Persisted var objectIdCol = ObjectId("1234567890ab1234567890ab")
        @Persisted var uuidCol = UUID(uuidString: "137decc8-b300-4954-a233-f89909f4fd89")!
        @Persisted var anyCol: AnyRealmValue = .string("hello!")
        @Persisted var anyObjectCol: AnyRealmValue
        @Persisted var optIntCol: Int?
        @Persisted var optStringCol: String?
        @Persisted var objectCol: MOBool?
        @Persisted var embeddedCol: MOEmbedded?
        @Persisted var arrayCol: List<MOBool>
        @Persisted var setCol: MutableSet<MOBool>
        @Persisted var mapCol: Map<String, MOBool?>
        @Persisted var intList: List<Int>
        @Persisted var int8List: List<Int8>
        @Persisted var optStringList: List<String?>
        @Persisted var doubleSet: MutableSet<Double>
        @Persisted var optIntMap: Map<String, Int?>
        @Persisted var anyList: List<AnyRealmValue>
    }

    final class MOCustom: Object {
        @Persisted var intCol = 0
        @Persisted var objectCol: MOCustom?
        override class func propertiesMapping() -> [String: String] {
            ["intCol": "custom_intCol", "objectCol": "custom_objectCol"]
        }
    }

    static let types: [ObjectBase.Type] = [MOAll.self, MOBool.self, MOEmbedded.self]
}

enum MORenameV1 {
    final class MORenamed: Object {
        @Persisted var before = ""
        @Persisted var count = 0
    }
}

enum MORenameV2 {
    final class MORenamed: Object {
        @Persisted var after = ""
        @Persisted var count = ""
    }
}

enum MOKeyV1 {
    final class MOKeyed: Object {
        @Persisted var name = ""
    }
}

enum MOKeyV2 {
    final class MOKeyed: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var name = ""
    }
}

/// Carries migration objects out of a migration block, to look at them after the migration.
///
/// `@unchecked Sendable`, with this proof: `objects` is assigned inside the migration block, which runs on the
/// file's executor thread while the realm opens, and read only after `Realm(configuration:)` returned (the block has
/// ended), by the test's task or inside a block of a realm of the same file (that same thread): the accesses never
/// overlap.
final class MigrationObjectBox: @unchecked Sendable {
    var objects: [MigrationObject] = []
}

@Suite("Migration objects")
struct MigrationObjectTests {
    typealias Models = MigrationObjectModels

    /// Writes a file with one `MOAll` holding a value in every property kind (a map entry whose object was deleted
    /// included).
    static func seed(_ directory: TemporaryDirectory) async throws {
        let realm = try await Realm(configuration: directory.configuration(Models.types))
        try await realm.write { realm in
            let object = Models.MOAll()
            object.objectCol = Models.MOBool(value: [true])
            object.embeddedCol = Models.MOEmbedded(value: [102])
            object.anyObjectCol = .object(Models.MOBool(value: [true]))
            object.arrayCol.append(Models.MOBool(value: [false]))
            object.setCol.insert(Models.MOBool(value: [false]))
            object.mapCol["key"] = Models.MOBool(value: [false])
            let nulled = Models.MOBool(value: [false])
            object.mapCol["nulledObj"] = nulled
            object.intList.append(objectsIn: [1, 2])
            object.int8List.append(5)
            object.optStringList.append(objectsIn: ["x", nil])
            object.doubleSet.insert(2.5)
            object.optIntMap["k"] = 7
            object.optIntMap["none"] = Int?.none
            object.anyList.append(.int(1))
            try realm.add(object)
            try realm.delete(nulled)
        }
        await realm.close()
    }

    /// Opens `directory`'s file with `types` at schema version `version`, running `block` as the migration block.
    static func migrate(
        _ directory: TemporaryDirectory,
        _ types: [ObjectBase.Type] = Models.types,
        version: UInt64 = 1,
        _ block: @escaping @Sendable (Migration) -> Void
    ) async throws -> Realm {
        var configuration = directory.configuration(types)
        configuration.schemaVersion = version
        configuration.migrationBlock = { migration, _ in block(migration) }
        return try await Realm(configuration: configuration)
    }

    /// What each property kind reads as: (property, check of the old object's value, check of the new one's).
    static let kinds: [(String, @Sendable (Any?) -> Bool, @Sendable (Any?) -> Bool)] = [
        ("boolCol", { $0 as? Bool == true }, { $0 as? Bool == true }),
        ("intCol", { $0 as? Int == 123 }, { $0 as? Int == 123 }),
        // An old object knows only the stored integer; a new one has the model's width.
        ("int8Col", { $0 as? Int == 123 }, { $0 as? Int8 == 123 }),
        ("int32Col", { $0 as? Int == 123 }, { $0 as? Int32 == 123 }),
        ("floatCol", { $0 as? Float == 1.23 }, { $0 as? Float == 1.23 }),
        ("doubleCol", { $0 as? Double == 12.3 }, { $0 as? Double == 12.3 }),
        ("stringCol", { $0 as? String == "a" }, { $0 as? String == "a" }),
        ("binaryCol", { $0 as? Data == Data("a".utf8) }, { $0 as? Data == Data("a".utf8) }),
        (
            "dateCol", { $0 as? Date == Date(timeIntervalSince1970: 1) },
            { $0 as? Date == Date(timeIntervalSince1970: 1) }
        ),
        ("decimalCol", { $0 as? Decimal128 == 1_230_000 }, { $0 as? Decimal128 == 1_230_000 }),
        (
            "objectIdCol", { $0 as? ObjectId == ObjectId("1234567890ab1234567890ab") },
            { $0 as? ObjectId == ObjectId("1234567890ab1234567890ab") }
        ),
        (
            "uuidCol", { ($0 as? UUID)?.uuidString == "137DECC8-B300-4954-A233-F89909F4FD89" },
            { ($0 as? UUID)?.uuidString == "137DECC8-B300-4954-A233-F89909F4FD89" }
        ),
        ("anyCol", { $0 as? String == "hello!" }, { $0 as? String == "hello!" }),
        // testAnyInEnumerate: an object in a mixed property is a DynamicObject on both sides.
        (
            "anyObjectCol", { ($0 as? MigrationObject)?["boolCol"] as? Bool == true },
            { ($0 as? MigrationObject)?["boolCol"] as? Bool == true }
        ),
        ("optIntCol", { $0 == nil }, { $0 == nil }),
        ("optStringCol", { $0 == nil }, { $0 == nil }),
        ("noSuchProperty", { $0 == nil }, { $0 == nil }),
        (
            "objectCol", { ($0 as? MigrationObject)?["boolCol"] as? Bool == true },
            { ($0 as? MigrationObject)?["boolCol"] as? Bool == true && !($0 is Models.MOBool) }
        ),
        (
            "embeddedCol", { ($0 as? MigrationObject)?["intCol"] as? Int == 102 },
            { ($0 as? MigrationObject)?["intCol"] as? Int == 102 }
        ),
        (
            "arrayCol", { Self.bools(of: $0 as? List<MigrationObject>) == [false] },
            { Self.bools(of: $0 as? List<MigrationObject>) == [false] }
        ),
        (
            "setCol", { Self.bools(of: $0 as? MutableSet<MigrationObject>) == [false] },
            { Self.bools(of: $0 as? MutableSet<MigrationObject>) == [false] }
        ),
        ("mapCol", { Self.mapFacts($0) == "2 false nil" }, { Self.mapFacts($0) == "2 false nil" }),
        (
            "intList", { ($0 as? List<Int>).map { Array($0) } == [1, 2] },
            { ($0 as? List<Int>).map { Array($0) } == [1, 2] }
        ),
        ("int8List", { ($0 as? List<Int>).map { Array($0) } == [5] }, { ($0 as? List<Int8>).map { Array($0) } == [5] }),
        (
            "optStringList", { ($0 as? List<String?>).map { Array($0) } == ["x", nil] },
            { ($0 as? List<String?>).map { Array($0) } == ["x", nil] }
        ),
        (
            "doubleSet", { ($0 as? MutableSet<Double>).map { Array($0) } == [2.5] },
            { ($0 as? MutableSet<Double>).map { Array($0) } == [2.5] }
        ),
        (
            "optIntMap", { Self.optionalIntMapFacts($0) == "2 7 nil" },
            { Self.optionalIntMapFacts($0) == "2 7 nil" }
        ),
        (
            "anyList", { ($0 as? List<AnyRealmValue>).map { Array($0) } == [.int(1)] },
            { ($0 as? List<AnyRealmValue>).map { Array($0) } == [.int(1)] }
        ),
    ]

    /// The `boolCol` of each object of a collection of migration objects, sorted (a set has no order); nil when the
    /// collection is nil.
    static func bools<C: Sequence<MigrationObject>>(of collection: C?) -> [Bool]? {
        collection.map { objects in objects.map { $0["boolCol"] as? Bool ?? false }.sorted { !$0 && $1 } }
    }

    /// A `Map<String, MigrationObject?>` as "count key.boolCol nulledObj": "2 false nil" for the seed's map.
    static func mapFacts(_ value: Any?) -> String {
        guard let map = value as? Map<String, MigrationObject?> else { return "not a Map<String, MigrationObject?>" }
        let key = map["key"].map { $0?["boolCol"] as? Bool }.map { "\($0.map(String.init) ?? "nil")" } ?? "missing"
        let nulled = map["nulledObj"].map { $0 == nil ? "nil" : "an object" } ?? "missing"
        return "\(map.count) \(key) \(nulled)"
    }

    /// A `Map<String, Int?>` as "count k none": "2 7 nil" for the seed's map.
    static func optionalIntMapFacts(_ value: Any?) -> String {
        guard let map = value as? Map<String, Int?> else { return "not a Map<String, Int?>" }
        let k = map["k"].map { $0.map(String.init) ?? "nil" } ?? "missing"
        let none = map["none"].map { $0.map(String.init) ?? "nil" } ?? "missing"
        return "\(map.count) \(k) \(none)"
    }

    @Test("Each property kind reads as Realm Swift types it, on the old object and on the new one")
    func propertyKinds() async throws {
        let directory = TemporaryDirectory()
        try await Self.seed(directory)
        let results = Mutex<[String: [Bool]]>([:])
        _ = try await Self.migrate(directory) { migration in
            migration.enumerateObjects(ofType: "MOAll") { oldObject, newObject in
                guard let oldObject, let newObject else { return }
                for (name, old, new) in Self.kinds {
                    let row = [old(oldObject[name]), new(newObject[name])]
                    results.withLock { $0[name] = row }
                }
            }
        }
        let seen = results.withLock { $0 }
        for (name, _, _) in Self.kinds {
            #expect(seen[name] == [true, true], "\(name): [old, new]")
        }
    }

    @Test("Both objects are MigrationObjects, with their schemas, and the old one's collections read by name too")
    func objectsAndSchemas() async throws {
        let directory = TemporaryDirectory()
        try await Self.seed(directory)
        let seen = Mutex<[String]>([])
        _ = try await Self.migrate(directory) { migration in
            migration.enumerateObjects(ofType: "MOAll") { oldObject, newObject in
                guard let oldObject, let newObject else { return }
                let oldNames = oldObject.objectSchema.properties.map(\.name)
                let newNames = newObject.objectSchema.properties.map(\.name)
                seen.withLock {
                    $0 = [
                        "\(type(of: oldObject)) \(type(of: newObject))",
                        "\(oldObject.objectSchema.className) \(newObject.objectSchema.className)",
                        "\(oldNames == newNames) \(newNames.count)",
                        "\(oldObject.dynamicList("arrayCol").count) \(newObject.dynamicList("arrayCol").count)",
                        "\(oldObject.dynamicMutableSet("setCol").count) \(newObject.dynamicMutableSet("setCol").count)",
                        "\(oldObject.isInvalidated) \(newObject.isInvalidated)",
                        "\(oldObject.description.hasPrefix("MOAll {")) \(newObject.description.hasPrefix("MOAll {"))",
                    ]
                }
            }
        }
        #expect(
            seen.withLock { $0 } == [
                "DynamicObject DynamicObject", "MOAll MOAll", "true 27", "1 1", "1 1", "false false", "true true",
            ]
        )
    }

    @Test("The new object's lists, sets and maps are the stored ones: edits show on re-read and after the migration")
    func collectionEdits() async throws {
        let directory = TemporaryDirectory()
        try await Self.seed(directory)
        let seen = Mutex<[String]>([])
        let realm = try await Self.migrate(directory) { migration in
            migration.enumerateObjects(ofType: "MOAll") { oldObject, newObject in
                guard let oldObject, let newObject else { return }
                newObject["objectCol"] = Models.MOBool(value: [false])
                let list = newObject["arrayCol"] as! List<MigrationObject>
                list[0]["boolCol"] = true
                list.append(newObject["objectCol"] as! MigrationObject)
                let trueObject = migration.create("MOBool", value: [true])
                list.append(trueObject)
                let set = newObject["setCol"] as! MutableSet<MigrationObject>
                set[0]["boolCol"] = true
                set.insert(newObject["objectCol"] as! MigrationObject)
                set.insert(trueObject)
                let map = newObject["mapCol"] as! Map<String, MigrationObject?>
                map["key"]??["boolCol"] = true
                map["added"] = trueObject
                let ints = newObject["intList"] as! List<Int>
                ints.append(3)
                let reread = newObject["arrayCol"] as! List<MigrationObject>
                seen.withLock {
                    $0 = [
                        "\(reread.map { $0["boolCol"] as! Bool })",
                        "\(newObject.dynamicList("arrayCol").map { $0["boolCol"] as! Bool })",
                        "\(Self.bools(of: newObject["setCol"] as? MutableSet<MigrationObject>) ?? [])",
                        "\(Self.bools(of: newObject.dynamicMutableSet("setCol")) ?? [])",
                        "\((newObject.dynamicMap("mapCol") as Map<String, MigrationObject?>).keys)",
                        "\((newObject["mapCol"] as! Map<String, MigrationObject?>)["key"]??["boolCol"] as? Bool ?? false)",
                        "\(Array(newObject["intList"] as! List<Int>))",
                        // The old object still reads the file as it was.
                        "\(Self.bools(of: oldObject["arrayCol"] as? List<MigrationObject>) ?? [])",
                        "\(((oldObject["objectCol"] as? MigrationObject)?["boolCol"] as? Bool).map(String.init) ?? "nil")",
                        "\(Array(oldObject["intList"] as! List<Int>))",
                    ]
                }
            }
        }
        #expect(
            seen.withLock { $0 } == [
                "[true, false, true]", "[true, false, true]", "[false, true, true]", "[false, true, true]",
                "[\"added\", \"key\", \"nulledObj\"]", "true", "[1, 2, 3]", "[false]", "true", "[1, 2]",
            ]
        )
        let after = await realm.read { realm in
            let object = realm.objects(Models.MOAll.self)[0]
            return [
                "\(object.objectCol?.boolCol.description ?? "nil")", "\(object.arrayCol.map(\.boolCol))",
                "\(object.setCol.map(\.boolCol).sorted { !$0 && $1 })", "\(object.mapCol.count)",
                "\(object.mapCol["key"]??.boolCol.description ?? "nil")", "\(Array(object.intList))",
                // The seed's 5 plus the unmanaged one assigned to objectCol and the one created.
                "\(realm.objects(Models.MOBool.self).count)",
            ]
        }
        #expect(after == ["false", "[true, false, true]", "[false, true, true]", "3", "true", "[1, 2, 3]", "7"])
    }

    @Test("Assigning a link or a whole collection takes unmanaged objects (created) and the migration's objects")
    func assignments() async throws {
        let directory = TemporaryDirectory()
        try await Self.seed(directory)
        let seen = Mutex<[String]>([])
        let realm = try await Self.migrate(directory) { migration in
            migration.enumerateObjects(ofType: "MOAll") { _, newObject in
                guard let newObject else { return }
                let list = newObject["arrayCol"] as! List<MigrationObject>
                let set = newObject["setCol"] as! MutableSet<MigrationObject>
                let map = newObject["mapCol"] as! Map<String, MigrationObject?>
                let created = migration.create("MOBool", value: ["boolCol": true])
                newObject["objectCol"] = created
                let linked = (newObject["objectCol"] as? MigrationObject)?["boolCol"] as? Bool
                newObject["arrayCol"] = [Models.MOBool(value: [false]), created]
                let listCount = list.count
                newObject["arrayCol"] = [Models.MOBool(value: [false])]
                newObject["setCol"] = [created]
                newObject["mapCol"] = ["key": Models.MOBool(value: [false])]
                newObject["embeddedCol"] = Models.MOEmbedded(value: [7])
                seen.withLock {
                    $0 = [
                        "\(linked.map(String.init) ?? "nil")", "\(listCount)",
                        "\(list.count) \(list[0]["boolCol"] as! Bool)", "\(set.count) \(set[0]["boolCol"] as! Bool)",
                        "\(map.count) \(map["key"]??["boolCol"] as? Bool ?? true)",
                        "\((newObject["embeddedCol"] as? MigrationObject)?["intCol"] as? Int ?? -1)",
                    ]
                }
            }
        }
        #expect(seen.withLock { $0 } == ["true", "2", "1 false", "1 true", "1 false", "7"])
        let after = await realm.read { realm in
            let object = realm.objects(Models.MOAll.self)[0]
            return [
                "\(object.objectCol?.boolCol.description ?? "nil")", "\(object.arrayCol.count)",
                "\(object.setCol.count)", "\(object.mapCol.count)", "\(object.embeddedCol?.intCol ?? -1)",
            ]
        }
        #expect(after == ["true", "1", "1", "1", "7"])
    }

    @Test("Deleting a new object skips it in later enumerations and removes it from the file")
    func deleting() async throws {
        let directory = TemporaryDirectory()
        try await Self.seed(directory)
        let counts = Mutex<[Int]>([])
        let realm = try await Self.migrate(directory) { migration in
            var visited = 0
            migration.enumerateObjects(ofType: "MOBool") { oldObject, newObject in
                visited += 1
                if oldObject?["boolCol"] as? Bool == true, let newObject { migration.delete(newObject) }
            }
            var after = 0
            migration.enumerateObjects(ofType: "MOBool") { _, _ in after += 1 }
            counts.withLock { $0 = [visited, after] }
        }
        // The seed made 6 MOBool objects and deleted one; two of the 5 left are true.
        #expect(counts.withLock { $0 } == [5, 3])
        #expect(await realm.read { realm in realm.objects(Models.MOBool.self).count } == 3)
        #expect(await realm.read { realm in realm.objects(Models.MOAll.self)[0].objectCol == nil })
    }

    @Test("A renamed property reads by its new name on the new object and its old name on the old one")
    func renamedProperty() async throws {
        let directory = TemporaryDirectory()
        do {
            let realm = try await Realm(configuration: directory.configuration([MORenameV1.MORenamed.self]))
            try await realm.write { realm in try realm.add(MORenameV1.MORenamed(value: ["before": "one", "count": 4])) }
            await realm.close()
        }
        let seen = Mutex<[String]>([])
        let realm = try await Self.migrate(directory, [MORenameV2.MORenamed.self]) { migration in
            var early: MigrationObject?
            migration.enumerateObjects(ofType: "MORenamed") { _, newObject in early = newObject }
            guard let early else { return }
            // `count` changed type: its old column is set aside, never a property of the new object.
            let names = early.objectSchema.properties.map(\.name)
            let aside = early["__old_count"] == nil
            migration.renameProperty(onType: "MORenamed", from: "before", to: "after")
            seen.withLock { $0 = ["\(names)", "\(aside)", "\(early.isInvalidated)"] }
            migration.enumerateObjects(ofType: "MORenamed") { oldObject, newObject in
                guard let oldObject, let newObject else { return }
                let count = oldObject["count"] as? Int ?? -1
                seen.withLock {
                    $0 += [
                        "\(oldObject["before"] as? String ?? "nil") \(oldObject["after"] as? String ?? "nil")",
                        "\(newObject["after"] as? String ?? "nil") \(newObject["before"] as? String ?? "nil")",
                        "\(count) \(newObject["count"] as? String ?? "nil")",
                    ]
                }
                newObject["count"] = "#\(count)"
            }
        }
        #expect(
            seen.withLock { $0 } == [
                "[\"after\", \"count\"]", "true", "true", "one nil", "one nil", "4 ",
            ]
        )
        let stored = await realm.read { realm in
            realm.objects(MORenameV2.MORenamed.self).map { "\($0.after) \($0.count)" }
        }
        #expect(stored == ["one #4"])
    }

    @Test("The old object reads stored (column) names, the new one the models' property names")
    func customColumnNames() async throws {
        let directory = TemporaryDirectory()
        do {
            let realm = try await Realm(configuration: directory.configuration([Models.MOCustom.self]))
            try await realm.write { realm in
                let object = Models.MOCustom(value: ["intCol": 123])
                object.objectCol = Models.MOCustom(value: ["intCol": 789])
                try realm.add(object)
            }
            await realm.close()
        }
        let seen = Mutex<[String]>([])
        _ = try await Self.migrate(directory, [Models.MOCustom.self]) { migration in
            migration.enumerateObjects(ofType: "MOCustom") { oldObject, newObject in
                guard let oldObject, let newObject, oldObject["custom_intCol"] as? Int == 123 else { return }
                let oldLinked = (oldObject["custom_objectCol"] as? MigrationObject)?["custom_intCol"] as? Int
                let newLinked = (newObject["objectCol"] as? MigrationObject)?["intCol"] as? Int
                seen.withLock {
                    $0 = [
                        "\(oldObject["custom_intCol"] as? Int ?? -1) \(newObject["intCol"] as? Int ?? -1)",
                        "\(oldObject["intCol"] == nil) \(newObject["custom_intCol"] == nil)",
                        "\(oldLinked ?? -1) \(newLinked ?? -1)",
                    ]
                }
            }
        }
        #expect(seen.withLock { $0 } == ["123 123", "true true", "789 789"])
    }

    @Test("A migration may set a new primary key, which must be unique once the block ends")
    func primaryKey() async throws {
        let directory = TemporaryDirectory()
        do {
            let realm = try await Realm(configuration: directory.configuration([MOKeyV1.MOKeyed.self]))
            try await realm.write { realm in
                for name in ["a", "b", "c"] { try realm.add(MOKeyV1.MOKeyed(value: ["name": name])) }
            }
            await realm.close()
        }
        let realm = try await Self.migrate(directory, [MOKeyV2.MOKeyed.self]) { migration in
            var next = 10
            migration.enumerateObjects(ofType: "MOKeyed") { _, newObject in
                newObject?["id"] = next
                next += 1
            }
        }
        let found = await realm.read { realm in
            ["a", "b", "c"].map { name in realm.objects(MOKeyV2.MOKeyed.self).filter("name == %@", name).first?.id }
        }
        #expect(found == [10, 11, 12])
        #expect(
            await realm.read { realm in realm.object(ofType: MOKeyV2.MOKeyed.self, forPrimaryKey: 11)?.name } == "b"
        )
    }

    @Test("Objects kept past the migration are invalidated")
    func keptObjects() async throws {
        let directory = TemporaryDirectory()
        try await Self.seed(directory)
        let box = MigrationObjectBox()
        let realm = try await Self.migrate(directory) { migration in
            migration.enumerateObjects(ofType: "MOAll") { oldObject, newObject in
                box.objects = [oldObject!, newObject!, migration.create("MOBool")]
            }
        }
        // An old object is invalidated anywhere; live objects are read on their realm's thread, where a realm of the
        // same file runs.
        #expect(box.objects[0].isInvalidated)
        let invalidated = await realm.read { _ in box.objects.map(\.isInvalidated) }
        #expect(invalidated == [true, true, true])
        #expect(await realm.read { realm in realm.objects(Models.MOBool.self).count } == 6)
    }

    @Test("Writing an old object stops with a message")
    func writingOldObjectStops() async throws {
        let directory = TemporaryDirectory()
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [path = directory.url.path as String] in
            let directory = TemporaryDirectory(existing: path)
            try await MigrationObjectTests.seed(directory)
            _ = try await MigrationObjectTests.migrate(directory) { migration in
                migration.enumerateObjects(ofType: "MOAll") { oldObject, _ in oldObject?["boolCol"] = false }
            }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("The old object of a migration is read-only"))
    }

    @Test("Reading an old object after its migration stops with a message")
    func oldObjectAfterMigrationStops() async throws {
        let directory = TemporaryDirectory()
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [path = directory.url.path as String] in
            let directory = TemporaryDirectory(existing: path)
            try await MigrationObjectTests.seed(directory)
            let box = MigrationObjectBox()
            let realm = try await MigrationObjectTests.migrate(directory) { migration in
                migration.enumerateObjects(ofType: "MOAll") { oldObject, _ in box.objects = [oldObject!] }
            }
            _ = await realm.read { _ in box.objects[0]["boolCol"] as? Bool }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("was used after the migration ended"))
    }
}
