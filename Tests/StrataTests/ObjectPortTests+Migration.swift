import Foundation
import Strata
import Synchronization
import Testing

// A migration's new object set through `setValue(_:forKey:)`, the subscript and dynamic member lookup, as
// realm-swift's `RealmSwift/Tests/ObjectTests.swift` does it in testSetValueForKey, testSubscript (through its
// `dynamicSetAndTestAllTypes`) and testDynamicMemberSubscript: every property type reads back what was set, at the
// model's width; an object in a link or a mixed property reads as a `DynamicObject` that is the one assigned; a list
// or set property takes an array of objects, itself emptied, or nil (emptied). The same facts on model objects are
// ObjectSemanticsTests' `setAndReadEveryType`.

/// A value read from a migration object as text: a dynamic object by whether it is `boolObject` and its `boolCol`,
/// a collection of them by its count and whether its first element is `boolObject`.
private func migrationText(_ value: Any?, _ boolObject: MigrationObject) -> String {
    guard let value else { return "nil" }
    switch value {
    case let object as MigrationObject:
        return "DynamicObject same \(object.isSameObject(as: boolObject)) boolCol \(object["boolCol"] ?? "nil")"
    case let list as List<MigrationObject>:
        return "List<DynamicObject> \(list.count)"
            + (list.first.map { " same \($0.isSameObject(as: boolObject))" } ?? "")
    case let set as MutableSet<MigrationObject>:
        return "MutableSet<DynamicObject> \(set.count)"
            + (set.count > 0 ? " same \(set[0].isSameObject(as: boolObject))" : "")
    case let data as Data: return "Data \(String(decoding: data, as: UTF8.self))"
    case let date as Date: return "Date \(date.timeIntervalSince1970)"
    default: return "\(type(of: value)) \(value)"
    }
}

/// Sets every property type of a new `OSObject` in a migration through `access`, reading each back.
private func setAndReadMigrationObject(
    _ access: KeyAccess,
    _ object: MigrationObject,
    boolObject: MigrationObject
) -> [String] {
    var read: [String] = []
    func check(_ value: Any?, _ key: String) {
        access.set(object, value, key)
        read.append("\(key): \(migrationText(access.get(object, key), boolObject))")
    }
    check(true, "boolCol")
    check(321, "intCol")
    check(Int8(1), "int8Col")
    check(Int16(321), "int16Col")
    check(Int32(321), "int32Col")
    check(Int64(321), "int64Col")
    check(NSNumber(value: 32.1 as Float), "floatCol")
    check(3.21, "doubleCol")
    check("z", "stringCol")
    check(Data("z".utf8), "binaryCol")
    check(Date(timeIntervalSince1970: 333), "dateCol")
    check(UUID(uuidString: "137DECC8-B300-4954-A233-F89909F4FD89"), "uuidCol")
    check("hello", "anyCol")
    check(boolObject, "anyCol")
    check(boolObject, "objectCol")
    for key in ["arrayCol", "setCol"] {
        check([boolObject], key)
        let collection = access.get(object, key)
        (collection as? List<MigrationObject>)?.removeAll()
        (collection as? MutableSet<MigrationObject>)?.removeAll()
        check(collection, key)
        check([boolObject], key)
        check(nil, key)
    }
    return read
}

/// The dynamic object `true` reads as, and what `setAndReadMigrationObject` reads.
private let sameTrue = "DynamicObject same true boolCol true"
private let migrationReads = [
    "boolCol: Bool true", "intCol: Int 321", "int8Col: Int8 1", "int16Col: Int16 321", "int32Col: Int32 321",
    "int64Col: Int64 321", "floatCol: Float 32.1", "doubleCol: Double 3.21", "stringCol: String z",
    "binaryCol: Data z", "dateCol: Date 333.0", "uuidCol: UUID 137DECC8-B300-4954-A233-F89909F4FD89",
    "anyCol: String hello", "anyCol: \(sameTrue)", "objectCol: \(sameTrue)",
    "arrayCol: List<DynamicObject> 1 same true", "arrayCol: List<DynamicObject> 0",
    "arrayCol: List<DynamicObject> 1 same true", "arrayCol: List<DynamicObject> 0",
    "setCol: MutableSet<DynamicObject> 1 same true", "setCol: MutableSet<DynamicObject> 0",
    "setCol: MutableSet<DynamicObject> 1 same true", "setCol: MutableSet<DynamicObject> 0",
]

extension ObjectPortTests {
    /// Writes one `OSObject` to a file in `directory`, then opens it again at schema version 1, calling `block`
    /// with the migration and each new `OSObject`.
    static func migrateOSObject(
        in directory: TemporaryDirectory,
        _ block: @escaping @Sendable (Migration, MigrationObject) -> Void
    ) async throws {
        let realm = try await Realm(configuration: directory.configuration(optTypes))
        try await realm.write { realm in _ = try realm.create(OSObject.self) }
        await realm.close()
        var configuration = directory.configuration(optTypes)
        configuration.schemaVersion = 1
        configuration.migrationBlock = { migration, _ in
            migration.enumerateObjects(ofType: "OSObject") { _, newObject in
                if let newObject { block(migration, newObject) }
            }
        }
        let migrated = try await Realm(configuration: configuration)
        await migrated.close()
    }

    @Test(
        "A migration's new object takes every property type through setValue(_:forKey:) and the subscript",
        arguments: KeyAccess.allCases
    )
    func migrationObjectSetters(access: KeyAccess) async throws {
        let directory = TemporaryDirectory()
        let reads = Mutex<[String]>([])
        try await Self.migrateOSObject(in: directory) { migration, newObject in
            let boolObject = migration.create("OSBool", value: [true])
            let read = setAndReadMigrationObject(access, newObject, boolObject: boolObject)
            reads.withLock { $0 = read }
        }
        #expect(reads.withLock { $0 } == migrationReads)
    }

    @Test("A migration's new object takes a dynamic object and a number through dynamic member lookup")
    func migrationObjectDynamicMembers() async throws {
        let directory = TemporaryDirectory()
        let reads = Mutex<[String]>([])
        try await Self.migrateOSObject(in: directory) { migration, newObject in
            let boolObject = migration.create("OSBool", value: [true])
            newObject.anyCol = boolObject
            let any = migrationText(newObject.anyCol, boolObject)
            let member = "\((newObject.anyCol as? MigrationObject)?.boolCol ?? "nil")"
            newObject.objectCol = boolObject
            let object = migrationText(newObject.objectCol, boolObject)
            newObject.anyCol = 12345
            reads.withLock { $0 = [any, member, object, migrationText(newObject.anyCol, boolObject)] }
        }
        #expect(reads.withLock { $0 } == [sameTrue, "true", sameTrue, "Int 12345"])
    }
}
