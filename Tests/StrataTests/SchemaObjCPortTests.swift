import Foundation
import Strata
import Testing

// Facts of realm-swift's Realm/Tests/SchemaTests.mm (testInheritanceInitialization, testObjectSchema, testDescription,
// testClassWithUnindexableProperty, the three testClassWithInvalidLinkingObjectsProperty… tests,
// testEmebeddedLinkingToNonEmbedded, testEmbeddedWithPrimaryKey, testPartialSharedSchemaInit,
// testPartialSharedSchemaInitInheritance, testCreateUnmanagedObjectWithUninitializedSchema,
// testCreateUnmanagedObjectWithNestedObjectWithUninitializedSchema, testOpeningFileWithDifferentClassSubsetsInDifferentProcesses,
// testAddingIndexToExistingColumnInBackgroundProcess, testRemovingIndexFromExistingColumnInBackgroundProcess,
// testExplicitlyIncludedEmbeddedOrphanIsAllowedForLocalRealm, testDynamicUnmanagedAccessorsBeforeSharedSchemaInit)
// and Realm/Tests/ObjectSchemaTests.m (testDescription's embedded and renamed classes). Realm's class lists
// (`objectClasses`, `customSchema`) are `Realm.Configuration.objectTypes` here, and its child processes are a second
// realm actor opened on the same file. Models: SchemaObjCPortTests+Models.swift.

/// A model declaration Realm refuses at open, and its message.
struct SCORefusal: Sendable, CustomTestStringConvertible {
    let types: [ObjectBase.Type]
    /// The names the message must mention.
    let names: [String]
    /// Realm's message, or the part of it its test matches.
    let realmMessage: String
    var testDescription: String { "\(types[0])" }
}

/// Opens a realm of `types` and returns the `invalidSchema` message it is refused with, or nil.
private func refusal(of types: [ObjectBase.Type]) async -> String? {
    do {
        _ = try await Realm(configuration: memoryConfiguration(types))
    } catch RealmError.invalidSchema(let message) {
        return message
    } catch {
        Issue.record("unexpected \(error)")
    }
    return nil
}

@Suite("Schema discovery: the facts of realm-swift's Objective-C SchemaTests and ObjectSchemaTests")
struct SchemaObjCPortTests {
    // MARK: Descriptions

    /// Realm's description of `SCOPrimaryString`, `SCOEmbeddedInt` and `SCORenamed` (ObjectSchemaTests'
    /// testDescription): the class name, `(embedded)` for an embedded class, and each property with its column name.
    static let objectSchemaDescriptions: [String: String] = [
        "SCOPrimaryString": "SCOPrimaryString {\n"
            + "\tstringCol {\n\t\ttype = string;\n\t\tcolumnName = stringCol;\n\t\tindexed = YES;\n"
            + "\t\tisPrimary = YES;\n\t\tarray = NO;\n\t\tset = NO;\n\t\tdictionary = NO;\n\t\toptional = NO;\n\t}\n"
            + "\tintCol {\n\t\ttype = int;\n\t\tcolumnName = intCol;\n\t\tindexed = NO;\n\t\tisPrimary = NO;\n"
            + "\t\tarray = NO;\n\t\tset = NO;\n\t\tdictionary = NO;\n\t\toptional = NO;\n\t}\n}",
        "SCOEmbeddedInt": "SCOEmbeddedInt (embedded) {\n"
            + "\tintCol {\n\t\ttype = int;\n\t\tcolumnName = intCol;\n\t\tindexed = NO;\n\t\tisPrimary = NO;\n"
            + "\t\tarray = NO;\n\t\tset = NO;\n\t\tdictionary = NO;\n\t\toptional = NO;\n\t}\n}",
        "SCORenamed": "SCORenamed {\n"
            + "\tintCol {\n\t\ttype = int;\n\t\tcolumnName = custom_intCol;\n\t\tindexed = NO;\n"
            + "\t\tisPrimary = NO;\n\t\tarray = NO;\n\t\tset = NO;\n\t\tdictionary = NO;\n\t\toptional = NO;\n\t}\n"
            + "\tstringCol {\n\t\ttype = string;\n\t\tcolumnName = custom_stringCol;\n\t\tindexed = NO;\n"
            + "\t\tisPrimary = NO;\n\t\tarray = NO;\n\t\tset = NO;\n\t\tdictionary = NO;\n\t\toptional = YES;\n\t}\n}",
    ]

    @Test(
        "An object schema's description: (embedded) after an embedded class's name, mapped column names",
        arguments: [SCOPrimaryString.self, SCOEmbeddedInt.self, SCORenamed.self] as [ObjectBase.Type]
    )
    func objectSchemaDescription(type: ObjectBase.Type) async throws {
        let expected = try #require(Self.objectSchemaDescriptions["\(type)"])
        #expect(type.init().objectSchema.description == expected)
        let parent: [ObjectBase.Type] = type == SCOEmbeddedInt.self ? [SCOEmbeddedLinkParent.self] : []
        let schema = try await Realm(configuration: memoryConfiguration([type] + parent)).schema
        #expect(schema["\(type)"]?.description == expected)
    }

    @Test("A schema's description nests each class's description, one tab deeper, in class name order")
    func schemaDescription() async throws {
        let types: [ObjectBase.Type] = [SCORenamed.self, SCOPrimaryString.self, SCOEmbeddedLinkParent.self]
        let schema = try await Realm(configuration: memoryConfiguration(types)).schema
        #expect(
            schema.objectSchema.map(\.className) == [
                "SCOEmbeddedInt", "SCOEmbeddedLinkParent", "SCOPrimaryString", "SCORenamed",
            ]
        )
        let expected =
            "Schema {\n"
            + schema.objectSchema.map { "\t" + $0.description.replacingOccurrences(of: "\n", with: "\n\t") + "\n" }
            .joined() + "}"
        #expect(schema.description.hasPrefix("Schema {\n"))
        #expect(schema.description == expected)
        #expect(
            schema.description.hasPrefix("Schema {\n\tSCOEmbeddedInt (embedded) {\n\t\tintCol {\n\t\t\ttype = int;\n")
        )
        #expect(schema.description.hasSuffix("\t\t\toptional = YES;\n\t\t}\n\t}\n}"))
    }

    // MARK: Inheritance

    /// The link class of each property of ``SCOLinks`` and the children: a subclass is a class of its own.
    static let inheritedLinks: [String: [String: String]] = [
        "SCOBase": ["baseCol": "SCOInt"],
        "SCOFirstChild": ["baseCol": "SCOInt", "firstChildCol": "SCOInt"],
        "SCOSecondChild": ["baseCol": "SCOInt", "secondChildCol": "SCOInt"],
        "SCOLinks": [
            "base": "SCOBase", "baseArray": "SCOBase", "baseSet": "SCOBase", "child": "SCOFirstChild",
            "childArray": "SCOFirstChild", "childSet": "SCOFirstChild", "secondChild": "SCOSecondChild",
            "secondChildArray": "SCOSecondChild", "secondChildSet": "SCOSecondChild",
        ],
    ]

    /// Orders in which the classes are listed; the schema must not depend on it.
    static let inheritanceOrders: [[ObjectBase.Type]] = [
        [SCOBase.self, SCOFirstChild.self, SCOSecondChild.self, SCOLinks.self, SCOInt.self],
        [SCOInt.self, SCOLinks.self, SCOSecondChild.self, SCOFirstChild.self, SCOBase.self],
        [SCOFirstChild.self, SCOLinks.self, SCOBase.self, SCOInt.self, SCOSecondChild.self],
        [SCOSecondChild.self, SCOInt.self, SCOFirstChild.self, SCOBase.self, SCOLinks.self],
    ]

    @Test(
        "A base model and its subclasses are each a class with their own properties and links, in any order",
        arguments: inheritanceOrders.indices
    )
    func inheritance(order: Int) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(Self.inheritanceOrders[order]))
        let schema = await realm.schema
        for (className, links) in Self.inheritedLinks {
            let objectSchema = try #require(schema[className])
            #expect(objectSchema.className == className)
            #expect(objectSchema.properties.count == links.count, "\(className)")
            for (name, target) in links {
                #expect(objectSchema[name]?.objectClassName == target, "\(className).\(name)")
            }
        }
        #expect(SCOFirstChild().objectSchema.properties.map(\.name) == ["baseCol", "firstChildCol"])
        let counts = try await realm.write { realm -> [Int] in
            try realm.dynamicCreate("SCOBase", value: ["baseCol": [0]])
            try realm.dynamicCreate("SCOFirstChild", value: ["baseCol": [0], "firstChildCol": [0]])
            try realm.dynamicCreate("SCOSecondChild", value: ["baseCol": [0], "secondChildCol": [0]])
            return [
                realm.objects(SCOBase.self).count, realm.objects(SCOFirstChild.self).count,
                realm.objects(SCOSecondChild.self).count, realm.objects(SCOInt.self).count,
            ]
        }
        // A query of the base class finds its own objects only, not the subclasses'.
        #expect(counts == [1, 1, 1, 5])
    }

    @Test("Listing a base model does not list its subclass, whose schema is its own")
    func subsetWithSubclass() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([SCONumber.self]))
        #expect(await realm.schema.objectSchema.map(\.className) == ["SCONumber"])
        #expect(SCONumber().objectSchema.className == "SCONumber")
        #expect(SCONumberDefaults().objectSchema.className == "SCONumberDefaults")
        #expect(SCONumberDefaults().objectSchema.properties.map(\.name) == ["intCol", "floatCol"])
    }

    // MARK: Class subsets

    @Test("A realm's schema is its listed classes: each once, an unknown name absent")
    func listedClasses() async throws {
        let directory = TemporaryDirectory()
        let types: [ObjectBase.Type] = [SCOInt.self, SCOString.self, SCOPrimaryString.self, SCORenamed.self]
        let first = try await Realm(configuration: directory.configuration(types))
        await first.close()
        let realm = try await Realm(configuration: directory.configuration(types))
        let schema = await realm.schema
        let names = schema.objectSchema.map(\.className)
        #expect(names == ["SCOInt", "SCOPrimaryString", "SCORenamed", "SCOString"])
        #expect(Set(names).count == names.count)
        #expect(schema["__$ThisTypeShouldNotOccur$__"] == nil)
        #expect(names.allSatisfy { schema[$0]?.className == $0 })
    }

    @Test("Realms of one file with different class subsets each see their own classes")
    func subsetsOfOneFile() async throws {
        let directory = TemporaryDirectory()
        let ints = try await Realm(configuration: directory.configuration([SCOInt.self]))
        #expect(await ints.schema.objectSchema.map(\.className) == ["SCOInt"])
        try await ints.write { realm in _ = try realm.create(SCOInt.self, value: [1]) }
        let both = try await Realm(configuration: directory.configuration([SCOInt.self, SCOString.self]))
        #expect(await both.schema.objectSchema.map(\.className) == ["SCOInt", "SCOString"])
        let strings = try await Realm(configuration: directory.configuration([SCOString.self]))
        #expect(await strings.schema.objectSchema.map(\.className) == ["SCOString"])
        try await strings.write { realm in _ = try realm.create(SCOString.self, value: [""]) }

        // The first realm moves over the version that created a table and a row, and its own class still works.
        await ints.refresh()
        let values = try await ints.write { realm -> [Int] in
            try realm.create(SCOInt.self, value: [2])
            return realm.objects(SCOInt.self).map(\.intCol)
        }
        #expect(values == [1, 2])
        #expect(await both.read { $0.objects(SCOString.self).count } == 1)
    }

    @Test("An unlisted class used in a write is added to the realm's schema (Strata; Realm refuses it)")
    func unlistedClassIsAdded() async throws {
        // DESIGN.md §3: a type first used without being listed is added then, as an additive change. Realm
        // (testOpeningFileWithDifferentClassSubsetsInDifferentProcesses) throws for a class outside the subset.
        let directory = TemporaryDirectory()
        let ints = try await Realm(configuration: directory.configuration([SCOInt.self]))
        let count = try await ints.write { realm -> Int in
            try realm.create(SCOString.self, value: ["x"])
            return realm.objects(SCOString.self).count
        }
        #expect(count == 1)
        #expect(await ints.schema["SCOString"] != nil)
    }

    // MARK: Indexes changed by another realm

    @Test("Another realm adding an index to an existing column needs no new version; the first realm refreshes")
    func indexAddedElsewhere() async throws {
        let directory = TemporaryDirectory()
        let realm = try await Realm(configuration: directory.configuration([SCOIndexable.self]))
        await realm.read { realm in realm.autorefresh = false }
        try await realm.write { realm in _ = try realm.create(SCOIndexable.self, value: [1]) }
        let other = try await Realm(configuration: directory.configuration([SCOIndexOn.SCOIndexable.self]))
        #expect(await other.schema["SCOIndexable"]?["intCol"]?.isIndexed == true)
        await other.close()
        await realm.refresh()
        #expect(await realm.read { $0.objects(SCOIndexable.self).first?.intCol } == 1)
        #expect(await realm.read { $0.objects(SCOIndexable.self).filter("intCol == 1").count } == 1)
    }

    @Test("Another realm removing an index from an existing column needs no new version; the first realm refreshes")
    func indexRemovedElsewhere() async throws {
        let directory = TemporaryDirectory()
        let realm = try await Realm(configuration: directory.configuration([SCOIndexedString.self]))
        await realm.read { realm in realm.autorefresh = false }
        try await realm.write { realm in _ = try realm.create(SCOIndexedString.self, value: ["1"]) }
        let other = try await Realm(configuration: directory.configuration([SCOIndexOff.SCOIndexedString.self]))
        #expect(await other.schema["SCOIndexedString"]?["stringCol"]?.isIndexed == false)
        await other.close()
        await realm.refresh()
        #expect(await realm.read { $0.objects(SCOIndexedString.self).filter("stringCol == '1'").count } == 1)
    }

    // MARK: Refused and accepted declarations

    static let refusals: [SCORefusal] = [
        SCORefusal(
            types: [SCOUnindexable.self],
            names: ["SCOUnindexable", "unindexable", "double"],
            realmMessage: "Property 'SCOUnindexable.unindexable' of type 'double' cannot be indexed."
        ),
        SCORefusal(
            types: [SCOMissingOrigin.self],
            names: ["SCOMissingOrigin", "nosuchproperty", "linkingObjects"],
            realmMessage: "Property 'SCOMissingOrigin.nosuchproperty' declared as origin of linking objects property "
                + "'SCOMissingOrigin.linkingObjects' does not exist"
        ),
        SCORefusal(
            types: [SCONotALinkOrigin.self],
            names: ["SCONotALinkOrigin", "integer", "linkingObjects"],
            realmMessage: "Property 'SCONotALinkOrigin.integer' declared as origin of linking objects property "
                + "'SCONotALinkOrigin.linkingObjects' is not a link"
        ),
        SCORefusal(
            types: [SCOElsewhereOrigin.self, SCOInt.self],
            names: ["SCOElsewhereOrigin", "link", "linkingObjects"],
            realmMessage: "Property 'SCOElsewhereOrigin.link' declared as origin of linking objects property "
                + "'SCOElsewhereOrigin.linkingObjects' links to type 'SCOInt'"
        ),
        SCORefusal(
            types: [SCOEmbeddedWithKey.self],
            names: ["SCOEmbeddedWithKey", "primary key"],
            realmMessage: "Embedded object type 'SCOEmbeddedWithKey' cannot have a primary key."
        ),
    ]

    @Test("A refused declaration is refused at open with an invalidSchema error in Realm's words", arguments: refusals)
    func refused(row: SCORefusal) async throws {
        let message = try #require(await refusal(of: row.types))
        #expect(row.names.allSatisfy(message.contains), "\(message)")
        #expect(message.contains(row.realmMessage))
    }

    @Test("An embedded class may link to a top-level class, or list them")
    func embeddedLinksToTopLevel() async throws {
        for embedded in [SCOEmbeddedLink.self, SCOEmbeddedList.self] as [ObjectBase.Type] {
            let realm = try await Realm(configuration: memoryConfiguration([embedded, SCOInt.self]))
            #expect(await realm.schema["\(embedded)"]?.isEmbedded == true)
        }
    }

    @Test("An embedded class no class links to may be listed alone in a local realm")
    func embeddedOrphan() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([SCOOrphan.self]))
        #expect(await realm.schema["SCOOrphan"]?.isEmbedded == true)
    }

    // MARK: Unmanaged objects of classes no realm lists

    @Test("Unmanaged objects of classes no realm lists are made from values, nested ones too")
    func unmanagedUnlisted() {
        #expect(SCOUnlisted(value: [0]).intCol == 0)
        let numbers = SCOUnlistedNumberArray(value: [0, [[0]]])
        #expect(numbers.array.map(\.intCol) == [0])
        let array = SCOUnlistedArray(value: [[[7]]])
        #expect(array.array.map(\.intCol) == [7])
        let mutual = SCOMutual1(value: [[[String: Any]()]])
        #expect(mutual.object?.object != nil)
        #expect(mutual.object?.object?.object == nil)
    }

    @Test("An unmanaged object of a class no realm lists reads and writes properties by name")
    func unmanagedSubscript() {
        let object = SCOUnlisted()
        object["intCol"] = 10
        #expect(object["intCol"] as? Int == 10)
        #expect(object.intCol == 10)
    }
}
