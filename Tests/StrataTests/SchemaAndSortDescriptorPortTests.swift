import Foundation
import Strata
import Testing

// The models of realm-swift's RealmSwift/Tests/SwiftTestObjects.swift that its PropertyTests and ObjectSchemaTests
// read (SwiftBoolObject, SwiftObject, SwiftOptionalObject, SwiftPrimaryStringObject, SwiftStringObject), declared
// with `@Persisted` under an `SSD` prefix, plus a link and its LinkingObjects.

/// An `Int`-backed enum with the raw values 1 and 3, as `IntEnum`.
enum SSDIntEnum: Int, PersistableEnum {
    case value1 = 1
    case value2 = 3
}

/// As `SwiftBoolObject`: one `Bool`.
final class SSDBoolObject: Object {
    @Persisted var boolCol = false
}

/// As `SwiftObject`: a property of every kind, in its declaration order.
final class SSDObject: Object {
    @Persisted var boolCol = false
    @Persisted var intCol = 123
    @Persisted var int8Col: Int8 = 123
    @Persisted var int16Col: Int16 = 123
    @Persisted var int32Col: Int32 = 123
    @Persisted var int64Col: Int64 = 123
    @Persisted var intEnumCol = SSDIntEnum.value1
    @Persisted var floatCol: Float = 1.23
    @Persisted var doubleCol = 12.3
    @Persisted var stringCol = "a"
    @Persisted var binaryCol = Data("a".utf8)
    @Persisted var dateCol = Date(timeIntervalSince1970: 1)
    @Persisted var decimalCol: Decimal128 = 0
    @Persisted var objectIdCol: ObjectId
    @Persisted var objectCol: SSDBoolObject?
    @Persisted var uuidCol = UUID(uuidString: "137decc8-b300-4954-a233-f89909f4fd89")!
    @Persisted var anyCol: AnyRealmValue
    @Persisted var arrayCol: List<SSDBoolObject>
    @Persisted var setCol: MutableSet<SSDBoolObject>
    @Persisted var mapCol: Map<String, SSDBoolObject?>
}

/// As `SwiftOptionalObject`: an optional property of every value type, and an optional link.
final class SSDOptionalObject: Object {
    @Persisted var optNSStringCol: String?
    @Persisted var optStringCol: String?
    @Persisted var optBinaryCol: Data?
    @Persisted var optDateCol: Date?
    @Persisted var optDecimalCol: Decimal128?
    @Persisted var optObjectIdCol: ObjectId?
    @Persisted var optUuidCol: UUID?
    @Persisted var optIntCol: Int?
    @Persisted var optInt8Col: Int8?
    @Persisted var optInt16Col: Int16?
    @Persisted var optInt32Col: Int32?
    @Persisted var optInt64Col: Int64?
    @Persisted var optFloatCol: Float?
    @Persisted var optDoubleCol: Double?
    @Persisted var optBoolCol: Bool?
    @Persisted var optEnumCol: SSDIntEnum?
    @Persisted var otherIntCol: Int?
    @Persisted var optObjectCol: SSDBoolObject?
}

/// As `SwiftPrimaryStringObject`: a `String` primary key and an `Int`.
final class SSDPrimaryStringObject: Object {
    @Persisted(primaryKey: true) var stringCol = ""
    @Persisted var intCol = 0
}

/// As `SwiftStringObject`: one `String`.
final class SSDStringObject: Object {
    @Persisted var stringCol = ""
}

/// Links to ``SSDLinkTarget``s, which see it through a LinkingObjects property.
final class SSDLinkSource: Object {
    @Persisted var name = ""
    @Persisted var targets: List<SSDLinkTarget>
}

/// Linked from ``SSDLinkSource/targets``.
final class SSDLinkTarget: Object {
    @Persisted var name = ""
    @Persisted(originProperty: "targets") var sources: LinkingObjects<SSDLinkSource>
}

/// Ports the facts of realm-swift's `RealmSwift/Tests/PropertyTests.swift`, `RealmSwift/Tests/ObjectSchemaTests.swift`
/// and `RealmSwift/Tests/SortDescriptorTests.swift` (their models in `RealmSwift/Tests/SwiftTestObjects.swift`) as
/// tables: each property's attributes, equality and description; each object schema's class name, property order,
/// primary key, subscript, equality and description; and `SortDescriptor`'s defaults, `reversed()`, equality,
/// description, string literal form and the order it sorts results in.
///
/// The descriptions are Realm's exactly (a `columnName` line always, `linkOriginPropertyName = (null)` on a link
/// without one, each property's whole description in its schema's), and a `LinkingObjects` property is an array.
@Suite("Schema and SortDescriptor: the facts of realm-swift's Property, ObjectSchema and SortDescriptor tests")
struct SchemaAndSortDescriptorPortTests {
    // MARK: Tables

    /// The model classes of this suite.
    static var modelTypes: [ObjectBase.Type] {
        [
            SSDBoolObject.self, SSDObject.self, SSDOptionalObject.self, SSDPrimaryStringObject.self,
            SSDStringObject.self, SSDLinkSource.self, SSDLinkTarget.self,
        ]
    }

    /// A fresh in-memory realm configuration holding the models of this suite.
    static func configuration() -> Realm.Configuration { memoryConfiguration(modelTypes) }

    /// What Realm Swift reports for one persisted property.
    struct PropertyFact: Sendable, CustomTestStringConvertible {
        let owner: ObjectBase.Type
        let name: String
        let type: PropertyType
        var isOptional = false
        var isIndexed = false
        var isPrimary = false
        var objectClassName: String? = nil
        var linkOriginPropertyName: String? = nil
        var isArray = false
        var isSet = false
        var isMap = false
        var testDescription: String { "\(owner).\(name)" }
    }

    /// Every persisted property of the models, in each class's declaration order.
    static let propertyFacts: [PropertyFact] = [
        PropertyFact(owner: SSDBoolObject.self, name: "boolCol", type: .bool),
        PropertyFact(owner: SSDObject.self, name: "boolCol", type: .bool),
        PropertyFact(owner: SSDObject.self, name: "intCol", type: .int),
        PropertyFact(owner: SSDObject.self, name: "int8Col", type: .int),
        PropertyFact(owner: SSDObject.self, name: "int16Col", type: .int),
        PropertyFact(owner: SSDObject.self, name: "int32Col", type: .int),
        PropertyFact(owner: SSDObject.self, name: "int64Col", type: .int),
        PropertyFact(owner: SSDObject.self, name: "intEnumCol", type: .int),
        PropertyFact(owner: SSDObject.self, name: "floatCol", type: .float),
        PropertyFact(owner: SSDObject.self, name: "doubleCol", type: .double),
        PropertyFact(owner: SSDObject.self, name: "stringCol", type: .string),
        PropertyFact(owner: SSDObject.self, name: "binaryCol", type: .data),
        PropertyFact(owner: SSDObject.self, name: "dateCol", type: .date),
        PropertyFact(owner: SSDObject.self, name: "decimalCol", type: .decimal128),
        PropertyFact(owner: SSDObject.self, name: "objectIdCol", type: .objectId),
        PropertyFact(
            owner: SSDObject.self,
            name: "objectCol",
            type: .object,
            isOptional: true,
            objectClassName: "SSDBoolObject"
        ),
        PropertyFact(owner: SSDObject.self, name: "uuidCol", type: .UUID),
        PropertyFact(owner: SSDObject.self, name: "anyCol", type: .any),
        PropertyFact(
            owner: SSDObject.self,
            name: "arrayCol",
            type: .object,
            objectClassName: "SSDBoolObject",
            isArray: true
        ),
        PropertyFact(
            owner: SSDObject.self,
            name: "setCol",
            type: .object,
            objectClassName: "SSDBoolObject",
            isSet: true
        ),
        PropertyFact(
            owner: SSDObject.self,
            name: "mapCol",
            type: .object,
            isOptional: true,
            objectClassName: "SSDBoolObject",
            isMap: true
        ),
        PropertyFact(owner: SSDOptionalObject.self, name: "optNSStringCol", type: .string, isOptional: true),
        PropertyFact(owner: SSDOptionalObject.self, name: "optStringCol", type: .string, isOptional: true),
        PropertyFact(owner: SSDOptionalObject.self, name: "optBinaryCol", type: .data, isOptional: true),
        PropertyFact(owner: SSDOptionalObject.self, name: "optDateCol", type: .date, isOptional: true),
        PropertyFact(owner: SSDOptionalObject.self, name: "optDecimalCol", type: .decimal128, isOptional: true),
        PropertyFact(owner: SSDOptionalObject.self, name: "optObjectIdCol", type: .objectId, isOptional: true),
        PropertyFact(owner: SSDOptionalObject.self, name: "optUuidCol", type: .UUID, isOptional: true),
        PropertyFact(owner: SSDOptionalObject.self, name: "optIntCol", type: .int, isOptional: true),
        PropertyFact(owner: SSDOptionalObject.self, name: "optInt8Col", type: .int, isOptional: true),
        PropertyFact(owner: SSDOptionalObject.self, name: "optInt16Col", type: .int, isOptional: true),
        PropertyFact(owner: SSDOptionalObject.self, name: "optInt32Col", type: .int, isOptional: true),
        PropertyFact(owner: SSDOptionalObject.self, name: "optInt64Col", type: .int, isOptional: true),
        PropertyFact(owner: SSDOptionalObject.self, name: "optFloatCol", type: .float, isOptional: true),
        PropertyFact(owner: SSDOptionalObject.self, name: "optDoubleCol", type: .double, isOptional: true),
        PropertyFact(owner: SSDOptionalObject.self, name: "optBoolCol", type: .bool, isOptional: true),
        PropertyFact(owner: SSDOptionalObject.self, name: "optEnumCol", type: .int, isOptional: true),
        PropertyFact(owner: SSDOptionalObject.self, name: "otherIntCol", type: .int, isOptional: true),
        PropertyFact(
            owner: SSDOptionalObject.self,
            name: "optObjectCol",
            type: .object,
            isOptional: true,
            objectClassName: "SSDBoolObject"
        ),
        PropertyFact(
            owner: SSDPrimaryStringObject.self,
            name: "stringCol",
            type: .string,
            isIndexed: true,
            isPrimary: true
        ),
        PropertyFact(owner: SSDPrimaryStringObject.self, name: "intCol", type: .int),
        PropertyFact(owner: SSDStringObject.self, name: "stringCol", type: .string),
        PropertyFact(owner: SSDLinkSource.self, name: "name", type: .string),
        PropertyFact(
            owner: SSDLinkSource.self,
            name: "targets",
            type: .object,
            objectClassName: "SSDLinkTarget",
            isArray: true
        ),
        PropertyFact(owner: SSDLinkTarget.self, name: "name", type: .string),
    ]

    /// Each property type and the name Realm's descriptions give it.
    static let typeNames: [(PropertyType, String)] = [
        (.int, "int"), (.bool, "bool"), (.float, "float"), (.double, "double"), (.string, "string"),
        (.data, "data"), (.date, "date"), (.objectId, "object id"), (.decimal128, "decimal128"), (.any, "mixed"),
        (.object, "object"), (.linkingObjects, "linking objects"), (.UUID, "uuid"),
    ]

    /// Realm's layout of a property's description: every attribute on a line of its own, the column name always,
    /// and for a link the class and the origin property, `(null)` when there is none.
    static func realmDescription(_ fact: PropertyFact) -> String {
        func flag(_ value: Bool) -> String { value ? "YES" : "NO" }
        let typeName = typeNames.first { $0.0 == fact.type }?.1 ?? "?"
        var text = "\(fact.name) {\n\ttype = \(typeName);\n"
        if fact.type == .object || fact.type == .linkingObjects {
            text += "\tobjectClassName = \(fact.objectClassName ?? "(null)");\n"
            text += "\tlinkOriginPropertyName = \(fact.linkOriginPropertyName ?? "(null)");\n"
        }
        text += "\tcolumnName = \(fact.name);\n\tindexed = \(flag(fact.isIndexed));\n"
        text += "\tisPrimary = \(flag(fact.isPrimary));\n\tarray = \(flag(fact.isArray));\n"
        text += "\tset = \(flag(fact.isSet));\n\tdictionary = \(flag(fact.isMap));\n"
        return text + "\toptional = \(flag(fact.isOptional));\n}"
    }

    /// The lines of a description, without the ones Strata is known to leave out (see `descriptionLayout`).
    static func sharedLines(_ description: String) -> [Substring] {
        description.split(separator: "\n").filter {
            !$0.hasPrefix("\tcolumnName = ") && $0 != "\tlinkOriginPropertyName = (null);"
        }
    }

    // MARK: Property

    @Test("Each property's name, type, optionality, index, primary key and link class", arguments: propertyFacts)
    func eachProperty(fact: PropertyFact) throws {
        let property = try #require(fact.owner.init().objectSchema[fact.name])
        #expect(property.name == fact.name)
        #expect(property.columnName == fact.name)
        #expect(property.type == fact.type)
        #expect(property.isOptional == fact.isOptional)
        #expect(property.isIndexed == fact.isIndexed)
        #expect(property.isPrimary == fact.isPrimary)
        #expect(property.objectClassName == fact.objectClassName)
        #expect(property.linkOriginPropertyName == fact.linkOriginPropertyName)
        #expect(property.isArray == fact.isArray)
        #expect(property.isSet == fact.isSet)
        #expect(property.isMap == fact.isMap)
    }

    @Test("A realm's schema holds the classes' own schemas, and every realm an equal one")
    func managedSchema() async throws {
        let schema = try await Realm(configuration: Self.configuration()).schema
        let other = try await Realm(configuration: Self.configuration()).schema
        for type in Self.modelTypes {
            let unmanaged = type.init().objectSchema
            let managed = try #require(schema[unmanaged.className])
            #expect(managed == unmanaged, "\(unmanaged.className)")
            #expect(other[unmanaged.className] == managed, "\(unmanaged.className)")
            let names = Self.propertyFacts.filter { $0.owner == type }.map(\.name)
            #expect(managed.properties.map(\.name) == names, "every persisted property has a row, in order")
        }
        for fact in Self.propertyFacts {
            let className = fact.owner.init().objectSchema.className
            #expect(
                schema[className]?[fact.name] == fact.owner.init().objectSchema[fact.name],
                "\(fact.testDescription)"
            )
        }
    }

    /// Two properties and whether they are equal.
    struct PropertyPair: Sendable, CustomTestStringConvertible {
        let lhsOwner: ObjectBase.Type
        let lhs: String
        let rhsOwner: ObjectBase.Type
        let rhs: String
        let equal: Bool
        var testDescription: String { "\(lhsOwner).\(lhs) \(equal ? "==" : "!=") \(rhsOwner).\(rhs)" }
    }

    static let propertyPairs: [PropertyPair] = [
        // The same property read from another realm is equal; a value property is not a link.
        PropertyPair(lhsOwner: SSDObject.self, lhs: "intCol", rhsOwner: SSDObject.self, rhs: "intCol", equal: true),
        PropertyPair(
            lhsOwner: SSDObject.self,
            lhs: "intCol",
            rhsOwner: SSDOptionalObject.self,
            rhs: "optObjectCol",
            equal: false
        ),
        // Equality compares the name and attributes, not the class the property belongs to.
        PropertyPair(
            lhsOwner: SSDObject.self,
            lhs: "stringCol",
            rhsOwner: SSDStringObject.self,
            rhs: "stringCol",
            equal: true
        ),
        PropertyPair(
            lhsOwner: SSDPrimaryStringObject.self,
            lhs: "intCol",
            rhsOwner: SSDObject.self,
            rhs: "intCol",
            equal: true
        ),
        PropertyPair(
            lhsOwner: SSDStringObject.self,
            lhs: "stringCol",
            rhsOwner: SSDPrimaryStringObject.self,
            rhs: "stringCol",
            equal: false
        ),
        PropertyPair(lhsOwner: SSDObject.self, lhs: "intCol", rhsOwner: SSDObject.self, rhs: "int64Col", equal: false),
        PropertyPair(
            lhsOwner: SSDObject.self,
            lhs: "objectCol",
            rhsOwner: SSDOptionalObject.self,
            rhs: "optObjectCol",
            equal: false
        ),
    ]

    @Test("Property equality", arguments: propertyPairs)
    func propertyEquality(pair: PropertyPair) async throws {
        let schema = try await Realm(configuration: Self.configuration()).schema
        let lhsClass = pair.lhsOwner.init().objectSchema.className
        let lhs = try #require(schema[lhsClass]?[pair.lhs])
        let rhs = try #require(pair.rhsOwner.init().objectSchema[pair.rhs])
        #expect((lhs == rhs) == pair.equal)
        #expect((lhs != rhs) == !pair.equal)
    }

    @Test("Each property type's name", arguments: typeNames)
    func typeName(type: PropertyType, name: String) {
        #expect(type.description == name)
        #expect(Self.typeNames.count == PropertyType.allCases.count)
    }

    @Test("Each property's description lists its attributes as Realm does", arguments: propertyFacts)
    func descriptionLayout(fact: PropertyFact) throws {
        let description = try #require(fact.owner.init().objectSchema[fact.name]).description
        let expected = Self.realmDescription(fact)
        #expect(Self.sharedLines(description) == Self.sharedLines(expected))
        #expect(description == expected)
    }

    @Test("The description of an optional link and of a map of links, exactly")
    func linkDescriptions() throws {
        let schema = SSDObject().objectSchema
        let objectCol = try #require(schema["objectCol"]).description
        let mapCol = try #require(schema["mapCol"]).description
        let expectedObjectCol =
            "objectCol {\n\ttype = object;\n\tobjectClassName = SSDBoolObject;\n\tlinkOriginPropertyName = (null);\n"
            + "\tcolumnName = objectCol;\n\tindexed = NO;\n\tisPrimary = NO;\n\tarray = NO;\n\tset = NO;\n"
            + "\tdictionary = NO;\n\toptional = YES;\n}"
        let expectedMapCol =
            "mapCol {\n\ttype = object;\n\tobjectClassName = SSDBoolObject;\n\tlinkOriginPropertyName = (null);\n"
            + "\tcolumnName = mapCol;\n\tindexed = NO;\n\tisPrimary = NO;\n\tarray = NO;\n\tset = NO;\n"
            + "\tdictionary = YES;\n\toptional = YES;\n}"
        #expect(Self.sharedLines(objectCol) == Self.sharedLines(expectedObjectCol))
        #expect(Self.sharedLines(mapCol) == Self.sharedLines(expectedMapCol))
        #expect(objectCol == expectedObjectCol)
        #expect(mapCol == expectedMapCol)
    }

    @Test("A LinkingObjects property: computed, linked to its origin, and an array in Realm")
    func linkingObjectsProperty() throws {
        let schema = SSDLinkTarget().objectSchema
        #expect(schema.properties.map(\.name) == ["name"])
        #expect(schema.computedProperties.map(\.name) == ["sources"])
        let property = try #require(schema["sources"])
        #expect(property.type == .linkingObjects)
        #expect(property.objectClassName == "SSDLinkSource")
        #expect(property.linkOriginPropertyName == "targets")
        #expect(!property.isOptional && !property.isIndexed && !property.isPrimary)
        #expect(!property.isSet && !property.isMap)
        let expected =
            "sources {\n\ttype = linking objects;\n\tobjectClassName = SSDLinkSource;\n"
            + "\tlinkOriginPropertyName = targets;\n\tcolumnName = sources;\n\tindexed = NO;\n\tisPrimary = NO;\n"
            + "\tarray = YES;\n\tset = NO;\n\tdictionary = NO;\n\toptional = NO;\n}"
        #expect(property.isArray)
        #expect(property.description == expected)
    }

    // MARK: ObjectSchema

    @Test("An object schema's class name and persisted properties, in declaration order")
    func classNameAndProperties() async throws {
        let expected = [
            "boolCol", "intCol", "int8Col", "int16Col", "int32Col", "int64Col", "intEnumCol", "floatCol", "doubleCol",
            "stringCol", "binaryCol", "dateCol", "decimalCol", "objectIdCol", "objectCol", "uuidCol", "anyCol",
            "arrayCol", "setCol", "mapCol",
        ]
        let unmanaged = SSDObject().objectSchema
        #expect(unmanaged.className == "SSDObject")
        #expect(unmanaged.properties.map(\.name) == expected)
        #expect(unmanaged.computedProperties.isEmpty)
        #expect(!unmanaged.isEmbedded)
        let managed = try await Realm(configuration: Self.configuration()).schema["SSDObject"]
        #expect(managed?.className == "SSDObject")
        #expect(managed?.properties.map(\.name) == expected)
    }

    /// A class and the name of its primary key property, if it has one.
    struct PrimaryKeyFact: Sendable, CustomTestStringConvertible {
        let owner: ObjectBase.Type
        let primaryKey: String?
        var testDescription: String { "\(owner)" }
    }

    static let primaryKeyFacts: [PrimaryKeyFact] = [
        PrimaryKeyFact(owner: SSDObject.self, primaryKey: nil),
        PrimaryKeyFact(owner: SSDPrimaryStringObject.self, primaryKey: "stringCol"),
        PrimaryKeyFact(owner: SSDOptionalObject.self, primaryKey: nil),
        PrimaryKeyFact(owner: SSDStringObject.self, primaryKey: nil),
        PrimaryKeyFact(owner: SSDBoolObject.self, primaryKey: nil),
    ]

    @Test("primaryKeyProperty is the primary key, which is indexed, or nil", arguments: primaryKeyFacts)
    func primaryKeyProperty(fact: PrimaryKeyFact) async throws {
        let unmanaged = fact.owner.init().objectSchema
        #expect(unmanaged.primaryKeyProperty?.name == fact.primaryKey)
        #expect(unmanaged.properties.filter(\.isPrimary).map(\.name) == (fact.primaryKey.map { [$0] } ?? []))
        if fact.primaryKey != nil {
            #expect(unmanaged.primaryKeyProperty?.isPrimary == true)
            #expect(unmanaged.primaryKeyProperty?.isIndexed == true)
        }
        let schema = try await Realm(configuration: Self.configuration()).schema
        #expect(schema[unmanaged.className]?.primaryKeyProperty?.name == fact.primaryKey)
    }

    /// A name looked up with the subscript of `SSDObject`'s schema, and whether it names a property.
    static let subscriptFacts: [(String, Bool)] = [
        ("noSuchProperty", false), ("boolCol", true), ("mapCol", true), ("objectCol", true), ("BoolCol", false),
        ("", false), ("objectCol.boolCol", false),
    ]

    @Test("The subscript finds a property by its exact name, or gives nil", arguments: subscriptFacts)
    func subscriptByName(name: String, found: Bool) {
        let schema = SSDObject().objectSchema
        #expect((schema[name] != nil) == found)
        if found {
            #expect(schema[name]?.name == name)
            #expect(schema[name] == schema.properties.first { $0.name == name })
        }
    }

    /// Two classes and whether their schemas are equal.
    struct SchemaPair: Sendable, CustomTestStringConvertible {
        let lhs: ObjectBase.Type
        let rhs: ObjectBase.Type
        let equal: Bool
        var testDescription: String { "\(lhs) \(equal ? "==" : "!=") \(rhs)" }
    }

    static let schemaPairs: [SchemaPair] = [
        SchemaPair(lhs: SSDObject.self, rhs: SSDObject.self, equal: true),
        SchemaPair(lhs: SSDObject.self, rhs: SSDStringObject.self, equal: false),
        SchemaPair(lhs: SSDStringObject.self, rhs: SSDPrimaryStringObject.self, equal: false),
        SchemaPair(lhs: SSDOptionalObject.self, rhs: SSDObject.self, equal: false),
        SchemaPair(lhs: SSDBoolObject.self, rhs: SSDBoolObject.self, equal: true),
    ]

    @Test("Object schema equality, across realms", arguments: schemaPairs)
    func objectSchemaEquality(pair: SchemaPair) async throws {
        let first = try await Realm(configuration: Self.configuration()).schema
        let second = try await Realm(configuration: Self.configuration()).schema
        let lhs = try #require(first[pair.lhs.init().objectSchema.className])
        let rhs = try #require(second[pair.rhs.init().objectSchema.className])
        #expect((lhs == rhs) == pair.equal)
        #expect((lhs != rhs) == !pair.equal)
    }

    @Test("An object schema's description nests each property's description under the class name")
    func objectSchemaDescription() {
        let description = SSDObject().objectSchema.description
        let facts = Self.propertyFacts.filter { $0.owner == SSDObject.self }
        let expected =
            "SSDObject {\n"
            + facts.map { "\t" + Self.realmDescription($0).replacingOccurrences(of: "\n", with: "\n\t") + "\n" }
            .joined() + "}"
        #expect(description.hasPrefix("SSDObject {\n\t"))
        #expect(description.hasSuffix("\n}"))
        for fact in facts {
            #expect(description.contains("\n\t\(fact.name)"), "\(fact.name)")
        }
        #expect(description == expected)
    }

    // MARK: SortDescriptor

    @Test("init(keyPath:) sorts ascending unless told otherwise")
    func sortDescriptorDefaults() {
        let descriptor = Strata.SortDescriptor(keyPath: "property")
        #expect(descriptor.keyPath == "property")
        #expect(descriptor.ascending)
        let descending = Strata.SortDescriptor(keyPath: "property", ascending: false)
        #expect(descending.keyPath == "property")
        #expect(!descending.ascending)
    }

    /// A descriptor and its reverse.
    static let reversedFacts: [(Strata.SortDescriptor, Strata.SortDescriptor)] = [
        (Strata.SortDescriptor(keyPath: "property"), Strata.SortDescriptor(keyPath: "property", ascending: false)),
        (Strata.SortDescriptor(keyPath: "property", ascending: false), Strata.SortDescriptor(keyPath: "property")),
        ("objectCol.boolCol", Strata.SortDescriptor(keyPath: "objectCol.boolCol", ascending: false)),
    ]

    @Test(
        "reversed() keeps the key path and flips the direction, and twice gives the original",
        arguments: reversedFacts
    )
    func reversedDescriptor(descriptor: Strata.SortDescriptor, reversed: Strata.SortDescriptor) {
        #expect(descriptor.reversed() == reversed)
        #expect(descriptor.reversed().keyPath == descriptor.keyPath)
        #expect(descriptor.reversed().ascending == !descriptor.ascending)
        #expect(descriptor.reversed().reversed() == descriptor)
    }

    /// A descriptor and its description.
    static let descriptorDescriptions: [(Strata.SortDescriptor, String)] = [
        (Strata.SortDescriptor(keyPath: "property"), "SortDescriptor(keyPath: property, direction: ascending)"),
        (
            Strata.SortDescriptor(keyPath: "property", ascending: false),
            "SortDescriptor(keyPath: property, direction: descending)"
        ),
        (
            Strata.SortDescriptor(keyPath: "objectCol.boolCol"),
            "SortDescriptor(keyPath: objectCol.boolCol, direction: ascending)"
        ),
    ]

    @Test("A descriptor's description names its key path and direction", arguments: descriptorDescriptions)
    func descriptorDescription(descriptor: Strata.SortDescriptor, text: String) {
        #expect(descriptor.description == text)
        #expect("\(descriptor)" == text)
    }

    @Test("A string literal is an ascending descriptor of that key path")
    func stringLiteral() {
        let literal: Strata.SortDescriptor = "property"
        #expect(literal == Strata.SortDescriptor(keyPath: "property"))
        #expect(literal.keyPath == "property")
        #expect(literal.ascending)
        let list: [Strata.SortDescriptor] = ["property", "objectCol.boolCol"]
        #expect(
            list == [Strata.SortDescriptor(keyPath: "property"), Strata.SortDescriptor(keyPath: "objectCol.boolCol")]
        )
    }

    @Test("Descriptors are equal exactly when key path and direction both are")
    func descriptorEquality() {
        let descriptors = [
            Strata.SortDescriptor(keyPath: "property1", ascending: true),
            Strata.SortDescriptor(keyPath: "property1", ascending: false),
            Strata.SortDescriptor(keyPath: "property2", ascending: true),
            Strata.SortDescriptor(keyPath: "property2", ascending: false),
        ]
        for (i, lhs) in descriptors.enumerated() {
            for (j, rhs) in descriptors.enumerated() {
                #expect((lhs == rhs) == (i == j), "\(lhs) vs \(rhs)")
            }
        }
        #expect(Strata.SortDescriptor(keyPath: "property1", ascending: true) == descriptors[0])
        #expect(Strata.SortDescriptor(keyPath: "property2", ascending: true) == descriptors[2])
        let copies = [Strata.SortDescriptor(keyPath: "property1"), Strata.SortDescriptor(keyPath: "property2")]
        #expect(Set(descriptors + copies).count == 4)
    }

    @Test("init(keyPath:) with a Swift key path names the property, through a link, and sorts like a string one")
    func swiftKeyPaths() async throws {
        #expect(Strata.SortDescriptor(keyPath: \SSDObject.intCol) == Strata.SortDescriptor(keyPath: "intCol"))
        #expect(
            Strata.SortDescriptor(keyPath: \SSDObject.stringCol, ascending: false)
                == Strata.SortDescriptor(keyPath: "stringCol", ascending: false)
        )
        #expect(Strata.SortDescriptor(keyPath: \SSDObject.objectCol?.boolCol).keyPath == "objectCol.boolCol")
        let realm = try await Self.sortingRealm()
        let byKeyPath = Strata.SortDescriptor(keyPath: \SSDPrimaryStringObject.intCol, ascending: false)
        let keys = await realm.read { realm in
            realm.objects(SSDPrimaryStringObject.self).sorted(by: [byKeyPath, "stringCol"]).map(\.stringCol)
        }
        #expect(keys == ["a", "b", "d", "c"])
    }

    /// Descriptors and the order of the keys of `sortingRealm()`'s objects that they sort into.
    struct SortFact: Sendable, CustomTestStringConvertible {
        let descriptors: [Strata.SortDescriptor]
        let expected: [String]
        var testDescription: String { descriptors.map(\.description).joined(separator: ", ") }
    }

    static let sortFacts: [SortFact] = [
        SortFact(descriptors: ["stringCol"], expected: ["a", "b", "c", "d"]),
        SortFact(
            descriptors: [Strata.SortDescriptor(keyPath: "stringCol").reversed()],
            expected: ["d", "c", "b", "a"]
        ),
        SortFact(
            descriptors: [Strata.SortDescriptor(keyPath: "stringCol", ascending: false)],
            expected: ["d", "c", "b", "a"]
        ),
        SortFact(descriptors: ["intCol", "stringCol"], expected: ["c", "b", "d", "a"]),
        SortFact(
            descriptors: ["intCol", Strata.SortDescriptor(keyPath: "stringCol", ascending: false)],
            expected: ["c", "d", "b", "a"]
        ),
        SortFact(
            descriptors: [Strata.SortDescriptor(keyPath: "intCol", ascending: false), "stringCol"],
            expected: ["a", "b", "d", "c"]
        ),
        SortFact(
            descriptors: [
                Strata.SortDescriptor(keyPath: "intCol").reversed(),
                Strata.SortDescriptor(keyPath: "stringCol").reversed(),
            ],
            expected: ["a", "d", "b", "c"]
        ),
    ]

    /// A realm holding four `SSDPrimaryStringObject`s: b = 2, a = 3, c = 1 and d = 2.
    static func sortingRealm() async throws -> Realm {
        let realm = try await Realm(configuration: configuration())
        try await realm.write { realm in
            for (key, value) in [("b", 2), ("a", 3), ("c", 1), ("d", 2)] {
                try realm.add(SSDPrimaryStringObject(value: ["stringCol": key, "intCol": value]))
            }
        }
        return realm
    }

    @Test("Results sorted by descriptors, the first one deciding first", arguments: sortFacts)
    func sortedResults(fact: SortFact) async throws {
        let realm = try await Self.sortingRealm()
        let descriptors = fact.descriptors
        let keys = await realm.read { realm in
            realm.objects(SSDPrimaryStringObject.self).sorted(by: descriptors).map(\.stringCol)
        }
        #expect(keys == fact.expected)
        if let only = descriptors.first, descriptors.count == 1 {
            let byKeyPath = await realm.read { realm in
                realm.objects(SSDPrimaryStringObject.self).sorted(byKeyPath: only.keyPath, ascending: only.ascending)
                    .map(\.stringCol)
            }
            #expect(byKeyPath == fact.expected)
        }
    }
}
