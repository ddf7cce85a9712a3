import Foundation
import Strata
import Testing

// Primary keys as realm-swift's `RealmSwift/Tests/ObjectTests.swift` (testSchemaHasPrimaryKey, testCannotUpdatePrimaryKey
// for optional Int, UUID and ObjectId keys) and `RealmSwift/Tests/ModernObjectTests.swift` (testCannotUpdatePrimaryKey)
// assert them, on the models of RealmPrimaryKeyLookupTests. A managed object's key cannot change: that stops the
// process (ObjectSemanticsTests runs one case in a child process), so only the unmanaged half is here.

extension ObjectPortTests {
    @Test("Object has no primary key; a UUID or ObjectId key is the schema's primary key property")
    func primaryKeyProperties() {
        #expect(Object.primaryKey() == nil)
        #expect(OSString.primaryKey() == nil)
        #expect(PKUUID.primaryKey() == "pk")
        #expect(PKUUID().objectSchema.primaryKeyProperty?.name == "pk")
        #expect(PKObjectId.primaryKey() == "pk")
        #expect(PKObjectId().objectSchema.primaryKeyProperty?.name == "pk")
    }

    @Test(
        "An unmanaged object's primary key changes through the property, the subscript and setValue(_:forKey:)",
        arguments: OPTKeyRow.rows
    )
    func unmanagedPrimaryKeyChanges(row: OPTKeyRow) async throws {
        #expect(row.type.primaryKey() == "pk")
        let realm = try await Realm(configuration: memoryConfiguration([row.type]))
        let (reads, managed) = try await realm.write { realm in try row.run(realm) }
        #expect(reads == row.expected)
        #expect(managed == row.expected.last)
    }
}

/// A model of RealmPrimaryKeyLookupTests whose primary key `pk` has type `Key`.
protocol OPTKeyed: Object, SendableMetatype {
    associatedtype Key: Sendable
    var pk: Key { get set }
}

extension PKInt: OPTKeyed {}
extension PKInt8: OPTKeyed {}
extension PKInt16: OPTKeyed {}
extension PKInt32: OPTKeyed {}
extension PKInt64: OPTKeyed {}
extension PKOptionalInt: OPTKeyed {}
extension PKOptionalInt8: OPTKeyed {}
extension PKOptionalInt16: OPTKeyed {}
extension PKOptionalInt32: OPTKeyed {}
extension PKOptionalInt64: OPTKeyed {}
extension PKString: OPTKeyed {}
extension PKOptionalString: OPTKeyed {}
extension PKUUID: OPTKeyed {}
extension PKOptionalUUID: OPTKeyed {}
extension PKObjectId: OPTKeyed {}
extension PKOptionalObjectId: OPTKeyed {}
extension PKIntEnumKey: OPTKeyed {}
extension PKOptionalIntEnumKey: OPTKeyed {}

/// One primary key type and two keys (ModernObjectTests' testCannotUpdatePrimaryKey): an unmanaged object's key is
/// set to them in turn through the property, the subscript and `setValue(_:forKey:)`, then the object is added.
struct OPTKeyRow: Sendable, CustomTestStringConvertible {
    let type: Object.Type
    /// The key read after each change: first, second, first, second.
    let expected: [String]
    /// Inside a write: the key read after each change, and the key of the object once added.
    let run: @Sendable (isolated Realm) throws -> ([String], String)

    var testDescription: String { "\(type)" }

    static func row<T: OPTKeyed>(_ type: T.Type, _ first: T.Key, _ second: T.Key) -> OPTKeyRow {
        OPTKeyRow(type: type, expected: [first, second, first, second].map { "\($0)" }) { realm in
            let object = T()
            var reads: [String] = []
            object.pk = first
            reads.append("\(object.pk)")
            object.pk = second
            reads.append("\(object.pk)")
            object["pk"] = first
            reads.append("\(object.pk)")
            object.setValue(second, forKey: "pk")
            reads.append("\(object.pk)")
            try realm.add(object)
            return (reads, "\(object.pk)")
        }
    }

    static let rows: [OPTKeyRow] = [
        row(PKInt.self, 1, 2), row(PKInt8.self, 1, 2), row(PKInt16.self, 1, 2), row(PKInt32.self, 1, 2),
        row(PKInt64.self, 1, 2), row(PKOptionalInt.self, 1, nil), row(PKOptionalInt8.self, 1, nil),
        row(PKOptionalInt16.self, 1, nil), row(PKOptionalInt32.self, 1, nil), row(PKOptionalInt64.self, 1, nil),
        row(PKString.self, "a", "b"), row(PKOptionalString.self, "a", nil),
        row(
            PKUUID.self,
            UUID(uuidString: "8A12DABA-8B23-11EB-8DCD-0242AC130003")!,
            UUID(uuidString: "85D4FBEE-6EC6-47DF-BFA1-615931903D7E")!
        ),
        row(PKOptionalUUID.self, UUID(uuidString: "8A12DABA-8B23-11EB-8DCD-0242AC130003")!, nil),
        row(PKObjectId.self, ObjectId("1234567890ab1234567890aa"), ObjectId("1234567890ab1234567890ab")),
        row(PKOptionalObjectId.self, ObjectId("1234567890ab1234567890aa"), nil),
        row(PKIntEnumKey.self, .one, .two), row(PKOptionalIntEnumKey.self, .one, nil),
    ]
}
