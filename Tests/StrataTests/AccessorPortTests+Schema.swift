import Foundation
import Strata
import Testing

// Facts of realm-swift's RealmSwift/Tests/ObjectSchemaInitializationTests.swift: the property each `@Persisted`
// declaration gives (testModernPropertyPopulation, testCustomPropertyPopulation, testModernIndexed,
// testModernPrimary, testCustomIndexed, testCustomPrimary), the declarations Realm refuses and the words it refuses
// them with (testInvalidObjects, testMultiplePrimaryKeys, testModernPropertyPopulation's refusals), and the
// properties a schema leaves out or inherits (testIgnoredProperties, testNotExplicitlyIgnoredComputedProperties,
// testInvalidObjects' subclass and its properties of types Realm cannot store, testImplicitlyUnwrappedOptionals…).
// Realm's tests build one `RLMProperty` from a `Persisted` value; here each declaration is a property of a model
// class, read from the class's `objectSchema` and from the schema of a realm that stores it. Strata refuses a model
// when the realm opens, with `RealmError.invalidSchema` (SchemaValidationTests.swift checks which ones).

/// What Realm Swift reports for the property one declaration gives.
struct APTPropertyFact: Sendable, CustomTestStringConvertible {
    /// Whether a property holds one value, or is a list, set or map.
    enum Kind: Sendable {
        case single, list, set, map
    }

    let owner: ObjectBase.Type
    let name: String
    let type: PropertyType
    var isOptional = false
    var kind = Kind.single
    var objectClassName: String? = nil
    var testDescription: String { "\(owner).\(name)" }

    /// What `property` differs in from this fact, or nil when it matches.
    func mismatch(_ property: Property?, in place: String) -> String? {
        guard let property else { return "\(testDescription) (\(place)): missing" }
        let expected = "\(type) optional \(isOptional) \(kind) \(objectClassName ?? "-")"
        let kind: Kind = property.isArray ? .list : property.isSet ? .set : property.isMap ? .map : .single
        let actual = "\(property.type) optional \(property.isOptional) \(kind) \(property.objectClassName ?? "-")"
        return actual == expected && property.name == name ? nil : "\(testDescription) (\(place)): \(actual)"
    }

    /// The facts of the scalar properties `<base>Col` and `opt<Base>Col` of `owner`.
    static func scalars(_ owner: ObjectBase.Type, _ bases: [(String, PropertyType)]) -> [APTPropertyFact] {
        bases.flatMap { base, type in
            [
                APTPropertyFact(owner: owner, name: "\(base)Col", type: type),
                APTPropertyFact(
                    owner: owner,
                    name: "opt\(base.prefix(1).uppercased())\(base.dropFirst())Col",
                    type: type,
                    isOptional: true
                ),
            ]
        }
    }

    /// The facts of `<prefix><suffix>` for each collection kind's prefix, optional when `optional` is.
    static func collections(
        _ owner: ObjectBase.Type,
        _ prefixes: [(String, Kind)],
        _ suffixes: [(String, PropertyType)],
        optional: Bool = false
    ) -> [APTPropertyFact] {
        prefixes.flatMap { prefix, kind in
            suffixes.map { suffix, type in
                APTPropertyFact(owner: owner, name: prefix + suffix, type: type, isOptional: optional, kind: kind)
            }
        }
    }
}

/// A declaration Realm refuses, the names its refusal gives and the words it uses.
struct APTRefusal: Sendable, CustomTestStringConvertible {
    let type: ObjectBase.Type
    let names: [String]
    let words: String
    var testDescription: String { "\(type)" }
}

extension AccessorPortTests {
    /// The element types of `CCNAllTypes`' collections, by the suffix of their names.
    static let elementSuffixes: [(String, PropertyType)] = [
        ("Bool", .bool), ("Int", .int), ("Int8", .int), ("Int16", .int), ("Int32", .int), ("Int64", .int),
        ("Float", .float), ("Double", .double), ("String", .string), ("Binary", .data), ("Date", .date),
        ("Decimal", .decimal128), ("ObjectId", .objectId), ("Uuid", .UUID),
    ]

    /// testModernPropertyPopulation, as the properties of `CCNAllTypes` and `CCNAllTypesEmbedded`.
    static let modernFacts: [APTPropertyFact] =
        APTPropertyFact.scalars(
            CCNAllTypes.self,
            [
                ("bool", .bool), ("int", .int), ("int8", .int), ("int16", .int), ("int32", .int), ("int64", .int),
                ("float", .float), ("double", .double), ("string", .string), ("binary", .data), ("date", .date),
                ("decimal", .decimal128), ("objectId", .objectId), ("uuid", .UUID), ("intEnum", .int),
                ("stringEnum", .string),
            ]
        )
        + APTPropertyFact.collections(
            CCNAllTypes.self,
            [("array", .list), ("set", .set), ("map", .map)],
            elementSuffixes
        )
        + APTPropertyFact.collections(
            CCNAllTypes.self,
            [("arrayOpt", .list), ("setOpt", .set), ("mapOpt", .map)],
            elementSuffixes,
            optional: true
        )
        + APTPropertyFact.collections(
            CCNAllTypes.self,
            [("array", .list), ("set", .set), ("map", .map)],
            [("Any", .any)]
        )
        + [
            APTPropertyFact(owner: CCNAllTypes.self, name: "anyCol", type: .any),
            APTPropertyFact(
                owner: CCNAllTypes.self,
                name: "objectCol",
                type: .object,
                isOptional: true,
                objectClassName: "CCNAllTypes"
            ),
            APTPropertyFact(
                owner: CCNAllTypes.self,
                name: "arrayCol",
                type: .object,
                kind: .list,
                objectClassName: "CCNAllTypes"
            ),
            APTPropertyFact(
                owner: CCNAllTypes.self,
                name: "setCol",
                type: .object,
                kind: .set,
                objectClassName: "CCNAllTypes"
            ),
            APTPropertyFact(
                owner: CCNAllTypes.self,
                name: "mapCol",
                type: .object,
                isOptional: true,
                kind: .map,
                objectClassName: "CCNAllTypes"
            ),
            APTPropertyFact(
                owner: CCNAllTypesEmbedded.self,
                name: "embeddedCol",
                type: .object,
                isOptional: true,
                objectClassName: "CCNTreeMiddle"
            ),
            APTPropertyFact(
                owner: CCNAllTypesEmbedded.self,
                name: "arrayEmbeddedCol",
                type: .object,
                kind: .list,
                objectClassName: "CCNTreeMiddle"
            ),
            APTPropertyFact(
                owner: CCNAllTypesEmbedded.self,
                name: "mapEmbeddedCol",
                type: .object,
                isOptional: true,
                kind: .map,
                objectClassName: "CCNTreeMiddle"
            ),
        ]

    /// The persisted types of Realm's wrapper types (`IntWrapper` …), by the names `CCNCustomTypes` gives them.
    static let customSuffixes: [(String, PropertyType)] = [
        ("Bool", .bool), ("Int", .int), ("Int8", .int), ("Int16", .int), ("Int32", .int), ("Int64", .int),
        ("Float", .float), ("Double", .double), ("String", .string), ("Binary", .data), ("Date", .date),
        ("Decimal", .decimal128), ("ObjectId", .objectId), ("Uuid", .UUID),
    ]

    /// The suffixes of ``APTCustomCollections``' properties.
    static let customCollectionSuffixes: [(String, PropertyType)] = [
        ("Bool", .bool), ("Int8", .int), ("Int16", .int), ("Int32", .int), ("Int64", .int), ("Float", .float),
        ("Double", .double), ("Data", .data), ("Date", .date), ("Decimal", .decimal128), ("ObjectId", .objectId),
    ]

    /// testCustomPropertyPopulation, as the properties of `CCNCustomTypes` and ``APTCustomCollections``.
    static let customFacts: [APTPropertyFact] =
        customSuffixes.flatMap { suffix, type in
            let base = suffix.prefix(1).lowercased() + suffix.dropFirst()
            return [
                APTPropertyFact(owner: CCNCustomTypes.self, name: base, type: type),
                APTPropertyFact(owner: CCNCustomTypes.self, name: "opt\(suffix)", type: type, isOptional: true),
            ]
        }
        + APTPropertyFact.collections(
            CCNCustomTypes.self,
            [("list", .list), ("set", .set), ("map", .map)],
            [("Int", .int), ("String", .string), ("Uuid", .UUID)]
        )
        + APTPropertyFact.collections(
            CCNCustomTypes.self,
            [("listOpt", .list), ("setOpt", .set), ("mapOpt", .map)],
            [("Int", .int), ("String", .string), ("Uuid", .UUID)],
            optional: true
        )
        + APTPropertyFact.collections(
            APTCustomCollections.self,
            [("list", .list), ("map", .map)],
            customCollectionSuffixes
        )
        + APTPropertyFact.collections(
            APTCustomCollections.self,
            [("set", .set)],
            customCollectionSuffixes,
            optional: true
        )
        + [
            APTPropertyFact(
                owner: CCNCustomTypes.self,
                name: "optObject",
                type: .object,
                isOptional: true,
                objectClassName: "CCNWrapBox"
            ),
            APTPropertyFact(
                owner: APTCustomCollections.self,
                name: "listEmbedded",
                type: .object,
                kind: .list,
                objectClassName: "CCNWrapBox"
            ),
            APTPropertyFact(
                owner: APTCustomCollections.self,
                name: "mapEmbedded",
                type: .object,
                isOptional: true,
                kind: .map,
                objectClassName: "CCNWrapBox"
            ),
            APTPropertyFact(
                owner: APTCustomCollections.self,
                name: "mapOptEmbedded",
                type: .object,
                isOptional: true,
                kind: .map,
                objectClassName: "CCNWrapBox"
            ),
        ]

    /// The model classes of the schema facts.
    static let schemaTypes: [ObjectBase.Type] = [
        CCNAllTypes.self, CCNAllTypesEmbedded.self, CCNCustomTypes.self, APTCustomCollections.self,
        APTIndexForms.self, APTNoPrimaryForms.self, APTPrimaryForm.self, APTPrimaryWithValueForm.self,
        APTCustomIndexForms.self, APTCustomNoPrimaryForms.self, APTCustomPrimaryForm.self,
        APTCustomPrimaryWithValueForm.self, APTIgnored.self, APTSubclassModel.self, APTImplicitlyUnwrapped.self,
    ]

    @Test(
        "Each declaration's type, optionality, collection kind and object class, unmanaged and in a realm",
        arguments: ["modern", "custom"]
    )
    func propertyPopulation(table: String) async throws {
        let facts = table == "modern" ? Self.modernFacts : Self.customFacts
        let schema = try await Realm(configuration: memoryConfiguration(Self.schemaTypes)).schema
        func mismatches(_ facts: [APTPropertyFact]) -> [String] {
            facts.flatMap { fact in
                let unmanaged = fact.owner.init().objectSchema
                return [
                    fact.mismatch(unmanaged[fact.name], in: "unmanaged"),
                    fact.mismatch(schema[unmanaged.className]?[fact.name], in: "realm"),
                ]
                .compactMap { $0 }
            }
        }
        #expect(mismatches(facts) == [])
    }

    @Test("indexed: and primaryKey: mark a property only when true, with or without a declared value")
    func indexedAndPrimaryForms() async throws {
        let schema = try await Realm(configuration: memoryConfiguration(Self.schemaTypes)).schema
        for type in [APTIndexForms.self, APTCustomIndexForms.self] as [ObjectBase.Type] {
            for properties in [type.init().objectSchema.properties, schema["\(type)"]?.properties ?? []] {
                #expect(properties.map(\.isIndexed) == [false, false, false, false, true, true], "\(type)")
                #expect(properties.map(\.isPrimary) == [false, false, false, false, false, false], "\(type)")
            }
        }
        for type in [APTNoPrimaryForms.self, APTCustomNoPrimaryForms.self] as [ObjectBase.Type] {
            #expect(type.init().objectSchema.properties.map(\.isPrimary) == [false, false, false, false], "\(type)")
            #expect(type.init().objectSchema.primaryKeyProperty == nil && schema["\(type)"]?.primaryKeyProperty == nil)
        }
        let keyed: [ObjectBase.Type] = [
            APTPrimaryForm.self, APTPrimaryWithValueForm.self, APTCustomPrimaryForm.self,
            APTCustomPrimaryWithValueForm.self,
        ]
        for type in keyed {
            #expect(type.init().objectSchema.primaryKeyProperty?.name == "key", "\(type)")
            #expect(schema["\(type)"]?.primaryKeyProperty?.isPrimary == true, "\(type)")
        }
    }

    /// Each refusal, with the words of Realm's message (`'…'` for the names it quotes). For a list or set of
    /// optional embedded objects and a map of embedded objects, Realm's message names its base class
    /// (`List<RealmSwiftObject>`); Strata's names the embedded class.
    static let refusals: [APTRefusal] = [
        APTRefusal(type: SVNonOptionalLink.self, names: ["objectCol"], words: "must be marked as optional"),
        APTRefusal(type: SVNonOptionalEmbedded.self, names: ["objectCol"], words: "must be marked as optional"),
        APTRefusal(
            type: SVOptionalList.self,
            names: ["list"],
            words: "List<SVTarget> property 'list' must not be marked as optional."
        ),
        APTRefusal(
            type: SVOptionalSet.self,
            names: ["set"],
            words: "MutableSet<SVTarget> property 'set' must not be marked as optional."
        ),
        APTRefusal(
            type: APTOptionalEmbeddedList.self,
            names: ["list"],
            words: "List<SVEmbedded> property 'list' must not be marked as optional."
        ),
        APTRefusal(
            type: APTOptionalEmbeddedSet.self,
            names: ["set"],
            words: "MutableSet<SVEmbedded> property 'set' must not be marked as optional."
        ),
        APTRefusal(type: SVNoOrigin.self, names: ["owners"], words: "@Persisted(originProperty:"),
        APTRefusal(type: APTEmbeddedNoOrigin.self, names: ["owners"], words: "@Persisted(originProperty:"),
        APTRefusal(
            type: SVNonOptionalMap.self,
            names: ["map"],
            words: "Map<String, SVTarget> property 'map' must be marked as optional."
        ),
        APTRefusal(
            type: SVNonOptionalEmbeddedMap.self,
            names: ["map"],
            words: "Map<String, SVEmbedded> property 'map' must be marked as optional."
        ),
        APTRefusal(type: SVTwoKeys.self, names: ["SVTwoKeys", "pk1", "pk2"], words: "primary key"),
        APTRefusal(type: SVDateKey.self, names: ["SVDateKey", "key"], words: "primary key"),
    ]

    @Test("A refused declaration is refused when the realm opens, in Realm's words", arguments: refusals)
    func refusalWords(row: APTRefusal) async {
        var message = ""
        do {
            _ = try await Realm(configuration: memoryConfiguration([row.type]))
            Issue.record("\(row.type) was accepted")
        } catch let error as RealmError {
            guard case .invalidSchema(let text) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            message = text
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(row.names.allSatisfy(message.contains), "\(message)")
        #expect(message.contains(row.words), "\(message)")
    }

    @Test(
        "Only @Persisted properties are stored: plain, computed, lazy and unstorable ones are not; a subclass inherits"
    )
    func ignoredAndInheritedProperties() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(Self.schemaTypes))
        let schema = await realm.schema
        #expect(APTIgnored().objectSchema.properties.map(\.name) == ["name", "_urlBacking"])
        #expect(schema["APTIgnored"]?.properties.map(\.name) == ["name", "_urlBacking"])
        #expect(APTSubclassModel().objectSchema.properties.map(\.name) == ["requiredProp", "dateCol"])
        #expect(schema["APTSubclassModel"]?.properties.map(\.name) == ["requiredProp", "dateCol"])
        let stored = try await realm.write { realm -> [String] in
            let object = APTIgnored()
            object.url = URL(string: "https://realm.io")
            object.runtimeProperty = 5
            try realm.add(object)
            return [object._urlBacking, "\(object.readOnlyProperty)", object.foobar]
        }
        #expect(stored == ["https://realm.io", "6", "foo"])
    }

    @Test("An implicitly unwrapped optional is an optional property")
    func implicitlyUnwrappedOptionals() async throws {
        let names = ["optObjectCol", "optStringCol", "optBinaryCol", "optDateCol", "optDecimalCol", "optObjectIdCol"]
        let schema = APTImplicitlyUnwrapped().objectSchema
        #expect((names + ["optUuidCol"]).filter { schema[$0]?.isOptional != true } == [])
    }
}
