import Foundation
import Strata
import Testing

// The schema a configuration gives, and copies of a realm, from realm-swift's `RealmSwift/Tests/RealmTests.swift`
// (testSchema, testInitCustomClassList, testObjects, testWriteCopyToPath, testWriteCopyForConfiguration).

extension RealmPortTests {
    // MARK: Schema

    @Test("The schema holds exactly the listed classes, embedded ones included, each once")
    func schemaOfListedClasses() async throws {
        let types: [ObjectBase.Type] = [
            RPTTree1.self, RPTTree2.self, RPTTree3.self, RPTEmbeddedParent.self, RPTString.self,
        ]
        let configuration = memoryConfiguration(types)
        let listed = configuration.objectTypes!.map { $0.className() }.sorted()
        #expect(listed == ["RPTEmbeddedParent", "RPTString", "RPTTree1", "RPTTree2", "RPTTree3"])
        let realm = try await Realm(configuration: configuration)
        let schema = await realm.schema
        #expect(schema.objectSchema.map(\.className).sorted() == listed)
        #expect(schema.objectSchema.filter { $0.className == "RPTString" }.count == 1)
        #expect(schema["RPTTree2"]?.isEmbedded == true)
        #expect(schema["RPTEmbeddedParent"]?.isEmbedded == false)
    }

    // Realm refuses `objects(Object.self)` with an exception ("not managed by the Realm"), which Strata's non-throwing
    // `objects(_:)` could only answer by stopping; the fact checked in-process is that `Object` itself never becomes
    // a class of the file.
    @Test("Object itself is no class of the realm: objects(Object.self) in a write adds no class named Object")
    func objectBaseClassIsNoModel() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rptTypes))
        _ = await realm.read { realm in realm.objects(Object.self).count }
        #expect(await realm.schema["Object"] == nil)
        _ = try await realm.write { realm in realm.objects(Object.self).count }
        let names = await realm.schema.objectSchema.map(\.className).sorted()
        #expect(names == ["RPTCompany", "RPTEmployee", "RPTPrimaryString", "RPTString"])
    }

    // MARK: Copies

    @Test("A copy written by writeCopy(toFile:) opens with the objects; frozen, its realm and results are frozen")
    func frozenCopy() async throws {
        let directory = TemporaryDirectory()
        let realm = try await Realm(configuration: directory.configuration(rptTypes))
        try await realm.write { realm in try realm.add(RPTString(value: ["copied"])) }
        let copyURL = directory.url.appendingPathComponent("copy.realm")
        try await realm.writeCopy(toFile: copyURL)
        let copy = try await Realm(configuration: Realm.Configuration(fileURL: copyURL, objectTypes: rptTypes))
        #expect(await copy.read { $0.objects(RPTString.self).count } == 1)
        let frozen = try await copy.read { realm in try realm.freeze() }
        let results = await frozen.objects(RPTString.self)
        #expect(frozen.isFrozen)
        #expect(results.isFrozen)
        #expect(results.map(\.stringCol) == ["copied"])
    }

    @Test(
        "A copy written by writeCopy(configuration:) is a realm of its own: writes to it leave the original as it was"
    )
    func copyIsWritable() async throws {
        let directory = TemporaryDirectory()
        let original = try await Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("original.realm"),
                objectTypes: rptTypes
            )
        )
        try await original.write { realm in try realm.add(RPTString(value: ["first"])) }
        #expect(await original.read { $0.objects(RPTString.self).count } == 1)
        let destinationConfiguration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("destination.realm"),
            objectTypes: rptTypes
        )
        try await original.writeCopy(configuration: destinationConfiguration)
        let destination = try await Realm(configuration: destinationConfiguration)
        #expect(await destination.read { $0.objects(RPTString.self).count } == 1)
        try await destination.write { realm in try realm.add(RPTString(value: ["second"])) }
        #expect(await destination.read { $0.objects(RPTString.self).map(\.stringCol) } == ["first", "second"])
        #expect(await original.read { $0.objects(RPTString.self).map(\.stringCol) } == ["first"])
        let frozen = try await destination.read { realm in try realm.freeze() }
        #expect(frozen.isFrozen)
        #expect(await frozen.objects(RPTString.self).isFrozen)
        #expect(await frozen.objects(RPTString.self).count == 2)
    }
}
