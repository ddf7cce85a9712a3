import Foundation
import Strata
import Testing

// `object(ofType:forPrimaryKey:)` with every primary key type Realm Swift allows, with the objects Realm Swift's
// RealmTests.swift creates and the lookups it asserts (testIntPrimaryKey, testOptionalIntPrimaryKey,
// testStringPrimaryKey, testOptionalStringPrimaryKey, testUUIDPrimaryKey, testObjectIdPrimaryKey), plus the
// enum keys of its RealmSwift/Tests/ModernTestObjects.swift.

enum PKIntEnum: Int, PersistableEnum {
    case zero = 0
    case one = 1
    case two = 2
}

enum PKStringEnum: String, PersistableEnum {
    case a, b, z
}

final class PKInt: Object {
    @Persisted var stringCol = ""
    @Persisted(primaryKey: true) var pk = 0
}
final class PKInt8: Object {
    @Persisted var stringCol = ""
    @Persisted(primaryKey: true) var pk: Int8 = 0
}
final class PKInt16: Object {
    @Persisted var stringCol = ""
    @Persisted(primaryKey: true) var pk: Int16 = 0
}
final class PKInt32: Object {
    @Persisted var stringCol = ""
    @Persisted(primaryKey: true) var pk: Int32 = 0
}
final class PKInt64: Object {
    @Persisted var stringCol = ""
    @Persisted(primaryKey: true) var pk: Int64 = 0
}
final class PKOptionalInt: Object {
    @Persisted var stringCol = ""
    @Persisted(primaryKey: true) var pk: Int?
}
final class PKOptionalInt8: Object {
    @Persisted var stringCol = ""
    @Persisted(primaryKey: true) var pk: Int8?
}
final class PKOptionalInt16: Object {
    @Persisted var stringCol = ""
    @Persisted(primaryKey: true) var pk: Int16?
}
final class PKOptionalInt32: Object {
    @Persisted var stringCol = ""
    @Persisted(primaryKey: true) var pk: Int32?
}
final class PKOptionalInt64: Object {
    @Persisted var stringCol = ""
    @Persisted(primaryKey: true) var pk: Int64?
}
final class PKString: Object {
    @Persisted var stringCol = ""
    @Persisted(primaryKey: true) var pk = ""
}
final class PKOptionalString: Object {
    @Persisted var stringCol = ""
    @Persisted(primaryKey: true) var pk: String?
}
final class PKUUID: Object {
    @Persisted var stringCol = ""
    @Persisted(primaryKey: true) var pk: UUID
}
final class PKOptionalUUID: Object {
    @Persisted var stringCol = ""
    @Persisted(primaryKey: true) var pk: UUID?
}
final class PKObjectId: Object {
    @Persisted var stringCol = ""
    @Persisted(primaryKey: true) var pk: ObjectId
}
final class PKOptionalObjectId: Object {
    @Persisted var stringCol = ""
    @Persisted(primaryKey: true) var pk: ObjectId?
}
final class PKIntEnumKey: Object {
    @Persisted var stringCol = ""
    @Persisted(primaryKey: true) var pk: PKIntEnum
}
final class PKOptionalIntEnumKey: Object {
    @Persisted var stringCol = ""
    @Persisted(primaryKey: true) var pk: PKIntEnum?
}
final class PKStringEnumKey: Object {
    @Persisted var stringCol = ""
    @Persisted(primaryKey: true) var pk: PKStringEnum
}

/// One primary key type: the objects to create (as `[stringCol, pk]` arrays) and the lookups with what each finds.
struct PrimaryKeyRow: Sendable, CustomTestStringConvertible {
    let name: String
    let type: Object.Type
    /// Creates the objects inside a write.
    let create: @Sendable (isolated Realm) throws -> Void
    /// Looks keys up; each gives the found object's `stringCol`, or "nil".
    let lookups: @Sendable (isolated Realm) -> [String]
    let expected: [String]

    var testDescription: String { name }

    /// A row for a non-optional key type: `a` at key `first`, `b` at key `second`; `missing` finds nothing.
    static func plain<T: Object, Key: Sendable>(
        _ type: T.Type,
        _ first: Key,
        _ second: Key,
        missing: Key
    ) -> PrimaryKeyRow {
        PrimaryKeyRow(
            name: "\(type)",
            type: type,
            create: { realm in
                try realm.create(type, value: ["a", first])
                try realm.create(type, value: ["b", second])
            },
            lookups: { realm in
                [first, second, missing].map { key in
                    (realm.object(ofType: type, forPrimaryKey: key)?["stringCol"] as? String) ?? "nil"
                }
            },
            expected: ["a", "b", "nil"]
        )
    }

    /// A row for an optional key type: `a` at a nil key (given as `NSNull`), `b` at `second`; looked up by
    /// `NSNull()`, by `nil` of the key's type, by `second` (plain and optional) and by `missing`.
    static func optional<T: Object, Key: Sendable>(
        _ type: T.Type,
        _ second: Key,
        missing: Key
    ) -> PrimaryKeyRow {
        PrimaryKeyRow(
            name: "\(type)",
            type: type,
            create: { realm in
                try realm.create(type, value: ["a", NSNull()])
                try realm.create(type, value: ["b", second])
            },
            lookups: { realm in
                let found: [T?] = [
                    realm.object(ofType: type, forPrimaryKey: NSNull()),
                    realm.object(ofType: type, forPrimaryKey: Key?.none),
                    realm.object(ofType: type, forPrimaryKey: second),
                    realm.object(ofType: type, forPrimaryKey: Optional(second)),
                    realm.object(ofType: type, forPrimaryKey: missing),
                ]
                return found.map { ($0?["stringCol"] as? String) ?? "nil" }
            },
            expected: ["a", "a", "b", "b", "nil"]
        )
    }
}

private let uuidA = UUID(uuidString: "8a12daba-8b23-11eb-8dcd-0242ac130003")!
private let uuidB = UUID(uuidString: "85d4fbee-6ec6-47df-bfa1-615931903d7e")!
private let uuidMissing = UUID(uuidString: "4ee1fa48-8b23-11eb-8dcd-0242ac130003")!
private let objectIdA = ObjectId("1234567890ab1234567890aa")
private let objectIdB = ObjectId("1234567890ab1234567890ab")
private let objectIdMissing = ObjectId("1234567890ab1234567890ac")

private let primaryKeyRows: [PrimaryKeyRow] = [
    .plain(PKInt.self, 1, 2, missing: 0),
    .plain(PKInt8.self, Int8(1), Int8(2), missing: Int8(0)),
    .plain(PKInt16.self, Int16(1), Int16(2), missing: Int16(0)),
    .plain(PKInt32.self, Int32(1), Int32(2), missing: Int32(0)),
    .plain(PKInt64.self, Int64(1), Int64(2), missing: Int64(0)),
    .optional(PKOptionalInt.self, 2, missing: 0),
    .optional(PKOptionalInt8.self, Int8(2), missing: Int8(0)),
    .optional(PKOptionalInt16.self, Int16(2), missing: Int16(0)),
    .optional(PKOptionalInt32.self, Int32(2), missing: Int32(0)),
    .optional(PKOptionalInt64.self, Int64(2), missing: Int64(0)),
    .plain(PKString.self, "a", "b", missing: "z"),
    .optional(PKOptionalString.self, "b", missing: "z"),
    .plain(PKUUID.self, uuidA, uuidB, missing: uuidMissing),
    .optional(PKOptionalUUID.self, uuidB, missing: uuidMissing),
    .plain(PKObjectId.self, objectIdA, objectIdB, missing: objectIdMissing),
    .optional(PKOptionalObjectId.self, objectIdB, missing: objectIdMissing),
    .plain(PKIntEnumKey.self, PKIntEnum.one, PKIntEnum.two, missing: PKIntEnum.zero),
    .optional(PKOptionalIntEnumKey.self, PKIntEnum.two, missing: PKIntEnum.zero),
    .plain(PKStringEnumKey.self, PKStringEnum.a, PKStringEnum.b, missing: PKStringEnum.z),
]

@Suite("Primary key lookups with every key type, as Realm Swift's RealmTests has them")
struct RealmPrimaryKeyLookupTests {
    @Test("object(ofType:forPrimaryKey:) finds by key, by NSNull and nil for optional keys", arguments: primaryKeyRows)
    func lookups(row: PrimaryKeyRow) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([row.type]))
        try await realm.write { realm in try row.create(realm) }
        #expect(await realm.read(row.lookups) == row.expected)
        // Inside the write that created them, the same lookups find the same objects.
        let inWrite = try await realm.write { realm -> [String] in
            try realm.deleteAll()
            try row.create(realm)
            return row.lookups(realm)
        }
        #expect(inWrite == row.expected)
        // A frozen realm looks keys up in its version.
        let frozen = try await realm.read { realm in try realm.freeze() }
        #expect(await frozen.read(row.lookups) == row.expected)
    }

    @Test("The primary key property is the schema's primaryKeyProperty, for every key type", arguments: primaryKeyRows)
    func primaryKeyProperty(row: PrimaryKeyRow) {
        let schema = row.type.init().objectSchema
        #expect(schema.primaryKeyProperty?.name == "pk")
        #expect(row.type.primaryKey() == "pk")
        #expect(schema["pk"]?.isPrimary == true)
        #expect(schema["stringCol"]?.isPrimary == false)
    }

    @Test("A second object with a nil primary key is a duplicate")
    func duplicateNilKey() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([PKOptionalString.self, PKOptionalInt.self]))
        try await realm.write { realm in
            try realm.create(PKOptionalString.self, value: ["a", NSNull()])
            try realm.create(PKOptionalInt.self, value: ["a"])
        }
        await expectError(RealmError.primaryKeyExists(type: "PKOptionalString", value: "null")) {
            try await realm.write { realm in _ = try realm.create(PKOptionalString.self, value: ["b"]) }
        }
        await expectError(RealmError.primaryKeyExists(type: "PKOptionalInt", value: "null")) {
            try await realm.write { realm in try realm.add(PKOptionalInt()) }
        }
        let updated = try await realm.write { realm -> String? in
            try realm.create(PKOptionalString.self, value: ["c", NSNull()], update: .modified)
            return realm.object(ofType: PKOptionalString.self, forPrimaryKey: String?.none)?.stringCol
        }
        #expect(updated == "c")
    }
}
