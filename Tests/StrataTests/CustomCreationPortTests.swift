import Foundation
import Strata
import Testing

// Facts of realm-swift's RealmSwift/Tests/CustomObjectCreationTests.swift and
// RealmSwift/Tests/ObjectCustomPropertiesTests.swift left untested by ObjectCreationPortTests+Custom.swift (which
// takes the init, create, null and failable facts): testAdd and testAddDefault check the added objects once the write
// has committed, and testNoCustomProperties checks that a model's properties are generated from its declaration.

/// Realm's `CustomPropertiesObject`: one persisted string and no custom property list.
final class CCPCustomPropertiesObject: Object {
    @Persisted var value: String
}

/// An object added by `add`, with the values or defaults it is given.
enum CCPAdded: String, CaseIterable, Sendable {
    case wrapped, defaults
}

@Suite("Custom persistable types as realm-swift's CustomObjectCreationTests, after the write commits")
struct CustomCreationPortTests {
    static let modelTypes: [ObjectBase.Type] = [OCCustomTypes.self, OCCustomCollections.self]

    /// The fields Realm checks for an object of `Model` added with `added`'s values.
    static func fields<Model: OCValueInitializable>(
        _: Model.Type,
        _ added: CCPAdded,
        wrapped: (Bool) -> [OCField<Model>],
        defaults: () -> [OCField<Model>]
    ) -> [OCField<Model>] {
        switch added {
        case .wrapped: wrapped(false)
        case .defaults: defaults()
        }
    }

    static func typeFields(_ added: CCPAdded) -> [OCField<OCCustomTypes>] {
        fields(
            OCCustomTypes.self,
            added,
            wrapped: OCCustomTypes.fields(raw:),
            defaults: OCCustomTypes.defaultFields
        )
    }

    static func collectionFields(_ added: CCPAdded) -> [OCField<OCCustomCollections>] {
        fields(
            OCCustomCollections.self,
            added,
            wrapped: OCCustomCollections.fields(raw:),
            defaults: OCCustomCollections.defaultFields
        )
    }

    /// Makes the unmanaged object `add` is given.
    static func make<Model: OCValueInitializable>(_: Model.Type, _ fields: [OCField<Model>], _ added: CCPAdded)
        -> Model
    {
        switch added {
        case .wrapped: Model(value: Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0.given) }))
        case .defaults: Model()
        }
    }

    /// How many objects of each model `realm` holds, then Realm's checks of the first of each.
    static func read(_ added: CCPAdded, in realm: isolated Realm) -> [String] {
        let types = realm.objects(OCCustomTypes.self)
        let collections = realm.objects(OCCustomCollections.self)
        return ["\(types.count) \(collections.count)"] + ocRead(typeFields(added), types.first)
            + ocRead(collectionFields(added), collections.first)
    }

    @Test(
        "Objects added in a write read back their custom-typed values once it has committed",
        arguments: CCPAdded.allCases
    )
    func addedObjectsAfterCommit(added: CCPAdded) async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration(Self.modelTypes)
        let realm = try await Realm(configuration: configuration)
        try await realm.write { realm in
            try realm.add(Self.make(OCCustomTypes.self, Self.typeFields(added), added))
            try realm.add(Self.make(OCCustomCollections.self, Self.collectionFields(added), added))
        }
        let expected = ["1 1"] + ocRead(Self.typeFields(added), nil) + ocRead(Self.collectionFields(added), nil)
        #expect(await realm.read { realm in Self.read(added, in: realm) } == expected)
        await realm.close()

        let reopened = try await Realm(configuration: configuration)
        #expect(await reopened.read { realm in Self.read(added, in: realm) } == expected)
        await reopened.close()
    }

    @Test("With no custom property list, a model's one persisted property is generated from its declaration")
    func generatedProperties() async throws {
        let unmanaged = CCPCustomPropertiesObject().objectSchema.properties
        #expect(unmanaged.map(\.name) == ["value"])
        #expect(unmanaged.map(\.type) == [.string])
        #expect(unmanaged.map(\.isOptional) == [false])
        let realm = try await Realm(configuration: memoryConfiguration([CCPCustomPropertiesObject.self]))
        let schema = try #require(await realm.schema["CCPCustomPropertiesObject"])
        #expect(schema.properties.map(\.name) == ["value"])
        #expect(schema.properties.map(\.type) == [.string])
        await realm.close()
    }
}
