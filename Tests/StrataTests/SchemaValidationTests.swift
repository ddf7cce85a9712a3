import Foundation
import Strata
import Testing

// Model classes Realm Swift refuses and accepts, as its RealmSwift/Tests/ObjectSchemaInitializationTests.swift and
// RealmSwift/Tests/SchemaTests.swift assert them (testInvalidObjects, testMultiplePrimaryKeys, testModernPropertyPopulation's refusals,
// testModernIndexableTypes, testNoSchemaForUnpersistedObjectClasses, testSubscript, testEquals), and the primary key
// types of its RealmSwift/Tests/ModernTestObjects.swift. Strata reports a refused model when the realm opens, as a
// `RealmError.invalidSchema`.

final class SVTarget: Object {
    @Persisted var value = 0
}

final class SVEmbedded: EmbeddedObject {
    @Persisted var value = 0
}

enum SVIntEnum: Int, PersistableEnum {
    case one = 1
    case two = 2
}

enum SVStringEnum: String, PersistableEnum {
    case a
    case b
}

/// Every type Realm Swift indexes, indexed.
final class SVAllIndexed: Object {
    @Persisted(indexed: true) var boolCol: Bool
    @Persisted(indexed: true) var intCol: Int
    @Persisted(indexed: true) var int8Col: Int8 = 1
    @Persisted(indexed: true) var int16Col: Int16 = 2
    @Persisted(indexed: true) var int32Col: Int32 = 3
    @Persisted(indexed: true) var int64Col: Int64 = 4
    @Persisted(indexed: true) var stringCol: String
    @Persisted(indexed: true) var dateCol: Date
    @Persisted(indexed: true) var uuidCol: UUID
    @Persisted(indexed: true) var objectIdCol: ObjectId
    @Persisted(indexed: true) var intEnumCol: SVIntEnum
    @Persisted(indexed: true) var stringEnumCol: SVStringEnum
    @Persisted(indexed: true) var anyCol: AnyRealmValue
    @Persisted(indexed: true) var optIntCol: Int?
    @Persisted(indexed: true) var optInt8Col: Int8?
    @Persisted(indexed: true) var optInt16Col: Int16?
    @Persisted(indexed: true) var optInt32Col: Int32?
    @Persisted(indexed: true) var optInt64Col: Int64?
    @Persisted(indexed: true) var optBoolCol: Bool?
    @Persisted(indexed: true) var optStringCol: String?
    @Persisted(indexed: true) var optDateCol: Date?
    @Persisted(indexed: true) var optUuidCol: UUID?
    @Persisted(indexed: true) var optObjectIdCol: ObjectId?
    @Persisted(indexed: true) var optIntEnumCol: SVIntEnum?
    @Persisted(indexed: true) var optStringEnumCol: SVStringEnum?
}

/// The same types, declared `indexed: false`.
final class SVNoneIndexed: Object {
    @Persisted(indexed: false) var boolCol: Bool
    @Persisted(indexed: false) var intCol: Int
    @Persisted(indexed: false) var stringCol: String
    @Persisted(indexed: false) var dateCol: Date
    @Persisted(indexed: false) var uuidCol: UUID
    @Persisted(indexed: false) var objectIdCol: ObjectId
    @Persisted(indexed: false) var intEnumCol: SVIntEnum
    @Persisted(indexed: false) var optStringCol: String?
    @Persisted var plain = 0
}

final class SVPrimaryIntEnum: Object {
    @Persisted(primaryKey: true) var pk: SVIntEnum
}
final class SVPrimaryOptionalStringEnum: Object {
    @Persisted(primaryKey: true) var pk: SVStringEnum?
}

final class SVTwoKeys: Object {
    @Persisted(primaryKey: true) var pk1: Int
    @Persisted(primaryKey: true) var pk2: Int
}
final class SVDateKey: Object {
    @Persisted(primaryKey: true) var key: Date
}
final class SVDoubleKey: Object {
    @Persisted(primaryKey: true) var key: Double
}
final class SVFloatKey: Object {
    @Persisted(primaryKey: true) var key: Float
}
final class SVBoolKey: Object {
    @Persisted(primaryKey: true) var key: Bool
}
final class SVDataKey: Object {
    @Persisted(primaryKey: true) var key: Data
}
final class SVDecimalKey: Object {
    @Persisted(primaryKey: true) var key: Decimal128
}
final class SVAnyKey: Object {
    @Persisted(primaryKey: true) var key: AnyRealmValue
}
final class SVListKey: Object {
    @Persisted(primaryKey: true) var key: List<Int>
}
final class SVLinkKey: Object {
    @Persisted(primaryKey: true) var key: SVTarget?
}
final class SVEmbeddedKey: EmbeddedObject {
    @Persisted(primaryKey: true) var key = 0
}
final class SVEmbeddedKeyParent: Object {
    @Persisted var child: SVEmbeddedKey?
}
final class SVNonOptionalLink: Object {
    @Persisted var objectCol: SVTarget
}
final class SVNonOptionalEmbedded: Object {
    @Persisted var objectCol: SVEmbedded
}
final class SVOptionalList: Object {
    @Persisted var list: List<SVTarget?>
}
final class SVOptionalSet: Object {
    @Persisted var set: MutableSet<SVTarget?>
}
final class SVNonOptionalMap: Object {
    @Persisted var map: Map<String, SVTarget>
}
final class SVNonOptionalEmbeddedMap: Object {
    @Persisted var map: Map<String, SVEmbedded>
}
final class SVNoOrigin: Object {
    @Persisted var owners: LinkingObjects<SVTarget>
}
final class SVIndexedDouble: Object {
    @Persisted(indexed: true) var value: Double
}
final class SVIndexedData: Object {
    @Persisted(indexed: true) var value: Data
}
final class SVIndexedList: Object {
    @Persisted(indexed: true) var value: List<Int>
}

/// A model Realm refuses, and the text the refusal names.
struct RefusedModelRow: Sendable, CustomTestStringConvertible {
    let type: ObjectBase.Type
    let names: String
    var testDescription: String { "\(type)" }
}

private let refusedModels: [RefusedModelRow] = [
    RefusedModelRow(type: SVTwoKeys.self, names: "pk1"),
    RefusedModelRow(type: SVDateKey.self, names: "key"),
    RefusedModelRow(type: SVDoubleKey.self, names: "key"),
    RefusedModelRow(type: SVFloatKey.self, names: "key"),
    RefusedModelRow(type: SVBoolKey.self, names: "key"),
    RefusedModelRow(type: SVDataKey.self, names: "key"),
    RefusedModelRow(type: SVDecimalKey.self, names: "key"),
    RefusedModelRow(type: SVAnyKey.self, names: "key"),
    RefusedModelRow(type: SVListKey.self, names: "key"),
    RefusedModelRow(type: SVLinkKey.self, names: "key"),
    RefusedModelRow(type: SVEmbeddedKeyParent.self, names: "SVEmbeddedKey"),
    RefusedModelRow(type: SVNonOptionalLink.self, names: "objectCol"),
    RefusedModelRow(type: SVNonOptionalEmbedded.self, names: "objectCol"),
    RefusedModelRow(type: SVOptionalList.self, names: "list"),
    RefusedModelRow(type: SVOptionalSet.self, names: "set"),
    RefusedModelRow(type: SVNonOptionalMap.self, names: "map"),
    RefusedModelRow(type: SVNonOptionalEmbeddedMap.self, names: "map"),
    RefusedModelRow(type: SVNoOrigin.self, names: "owners"),
    RefusedModelRow(type: SVIndexedDouble.self, names: "value"),
    RefusedModelRow(type: SVIndexedData.self, names: "value"),
    RefusedModelRow(type: SVIndexedList.self, names: "value"),
]

@Suite("Schema validation as Realm Swift's ObjectSchemaInitializationTests and SchemaTests have it")
struct SchemaValidationTests {
    @Test("A model Realm refuses is refused at open with an invalidSchema error naming it", arguments: refusedModels)
    func refused(row: RefusedModelRow) async {
        do {
            let realm = try await Realm(configuration: memoryConfiguration([row.type]))
            Issue.record("\(row.type) was accepted: \(await realm.schema.objectSchema.map(\.className))")
        } catch let error as RealmError {
            guard case .invalidSchema(let message) = error else {
                Issue.record("\(row.type): unexpected \(error)")
                return
            }
            #expect(message.contains(row.names), "\(message)")
        } catch {
            Issue.record("\(row.type): unexpected \(error)")
        }
    }

    @Test("Every type Realm indexes can be indexed, optional or not; indexed: false leaves it unindexed")
    func indexableTypes() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([SVAllIndexed.self, SVNoneIndexed.self]))
        let schema = await realm.schema
        let indexed = try #require(schema["SVAllIndexed"])
        let notIndexed = try #require(schema["SVNoneIndexed"])
        #expect(indexed.properties.count == 25)
        #expect(indexed.properties.filter { !$0.isIndexed }.map(\.name) == [])
        #expect(notIndexed.properties.filter(\.isIndexed).map(\.name) == [])
        #expect(SVAllIndexed().objectSchema == indexed)
    }

    @Test("An Int or String enum can be the primary key, optional or not, and finds its objects")
    func enumPrimaryKeys() async throws {
        let realm = try await Realm(
            configuration: memoryConfiguration([SVPrimaryIntEnum.self, SVPrimaryOptionalStringEnum.self])
        )
        let found = try await realm.write { realm -> [Bool] in
            try realm.create(SVPrimaryIntEnum.self, value: [SVIntEnum.two])
            try realm.create(SVPrimaryOptionalStringEnum.self, value: [NSNull()])
            try realm.create(SVPrimaryOptionalStringEnum.self, value: ["b"])
            return [
                realm.object(ofType: SVPrimaryIntEnum.self, forPrimaryKey: SVIntEnum.two) != nil,
                realm.object(ofType: SVPrimaryIntEnum.self, forPrimaryKey: 2) != nil,
                realm.object(ofType: SVPrimaryIntEnum.self, forPrimaryKey: SVIntEnum.one) != nil,
                realm.object(ofType: SVPrimaryOptionalStringEnum.self, forPrimaryKey: SVStringEnum.b) != nil,
                realm.object(ofType: SVPrimaryOptionalStringEnum.self, forPrimaryKey: SVStringEnum?.none) != nil,
                realm.object(ofType: SVPrimaryOptionalStringEnum.self, forPrimaryKey: SVStringEnum.a) != nil,
            ]
        }
        #expect(found == [true, true, false, true, true, false])
        #expect(await realm.schema["SVPrimaryIntEnum"]?.primaryKeyProperty?.type == .int)
        #expect(await realm.schema["SVPrimaryOptionalStringEnum"]?.primaryKeyProperty?.isOptional == true)
    }

    @Test("The schema has the realm's classes only: no entry for Object, DynamicObject or an unknown name")
    func schemaSubscript() async throws {
        let configuration = memoryConfiguration([SVTarget.self, SVEmbedded.self, SVNoneIndexed.self])
        let realm = try await Realm(configuration: configuration)
        let schema = await realm.schema
        #expect(schema["SVTarget"]?.className == "SVTarget")
        let absent = ["Object", "DynamicObject", "EmbeddedObject", "ObjectBase", "MigrationObject", "NoSuchClass"]
        #expect(absent.filter { schema[$0] != nil } == [])
        #expect(schema.objectSchema.map(\.className).sorted() == ["SVEmbedded", "SVNoneIndexed", "SVTarget"])
        #expect(!schema.description.isEmpty)
        let other = try await Realm(configuration: configuration)
        #expect(await other.schema == schema)
    }
}
