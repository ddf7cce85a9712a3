import Foundation
import Strata
import Testing

// Realm's ObjectSchema lists the persisted properties in `properties`, and the computed ones (LinkingObjects) in
// `computedProperties` (RLMObjectSchema: `properties` are "the managed properties", `computedProperties` the
// backlinks); a subscript finds either (`_allPropertiesByName`), and the description lists the computed ones last.

@Suite("ObjectSchema: persisted properties apart from computed LinkingObjects, as in Realm")
struct ObjectSchemaTests {
    /// A model class, its persisted property names, and its computed (LinkingObjects) property names.
    struct Fact: Sendable, CustomTestStringConvertible {
        let type: ObjectBase.Type
        let persisted: [String]
        let computed: [String]
        var testDescription: String { "\(type)" }
    }

    static let facts: [Fact] = [
        Fact(type: Dog.self, persisted: ["name", "age"], computed: ["owners", "linkedFrom"]),
        Fact(
            type: Person.self,
            persisted: ["id", "name", "age", "dogs", "bestFriend", "address"],
            computed: []
        ),
        Fact(type: Address.self, persisted: ["street", "city"], computed: []),
    ]

    @Test("properties lists only persisted properties; computedProperties the LinkingObjects", arguments: facts)
    func persistedAndComputed(fact: Fact) async throws {
        let unmanaged = fact.type.init().objectSchema
        #expect(unmanaged.properties.map(\.name) == fact.persisted)
        #expect(unmanaged.computedProperties.map(\.name) == fact.computed)
        #expect(unmanaged.computedProperties.allSatisfy { $0.type == .linkingObjects })
        let realm = try await Realm(configuration: memoryConfiguration())
        let managed = try #require(await realm.schema[unmanaged.className])
        #expect(managed.properties.map(\.name) == fact.persisted)
        #expect(managed.computedProperties.map(\.name) == fact.computed)
        for name in fact.persisted + fact.computed {
            #expect(unmanaged[name]?.name == name, "subscript finds \(name)")
        }
    }

    @Test("A LinkingObjects property is found by name and described after the persisted ones")
    func computedByNameAndDescription() {
        let schema = Dog().objectSchema
        #expect(schema["owners"]?.objectClassName == "Person")
        #expect(schema["owners"]?.linkOriginPropertyName == "dogs")
        // Realm's form: each property's whole description, indented, the computed ones last.
        let description = schema.description
        #expect(description.hasPrefix("Dog {\n\tname {\n\t\ttype = string;\n"))
        #expect(description.hasSuffix("\t\toptional = NO;\n\t}\n}"))
        let starts = ["name", "age", "owners", "linkedFrom"].map {
            description.range(of: "\n\t\($0) {\n")?.lowerBound ?? description.startIndex
        }
        #expect(starts.dropFirst().allSatisfy { $0 > description.startIndex } && starts == starts.sorted())
        #expect(description.contains("\towners {\n\t\ttype = linking objects;\n\t\tobjectClassName = Person;\n"))
    }
}
