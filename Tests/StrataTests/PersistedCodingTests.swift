import Foundation
import Strata
import Testing

// Synthesized Codable on model classes, as Realm Swift's CodableTests exercise it: a decoded object round-trips
// to the same JSON, optional properties accept a missing key or null, a wrong type fails.

final class CodablePerson: Object, Codable {
    @Persisted var name = ""
    @Persisted var age: Int?
    @Persisted var score = 0.0
    @Persisted var tags: List<String>
}

@Suite("Codable model objects")
struct PersistedCodingTests {
    private func decode(_ json: String) throws -> CodablePerson {
        try JSONDecoder().decode(CodablePerson.self, from: Data(json.utf8))
    }

    private func encode(_ person: CodablePerson) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(person), as: UTF8.self)
    }

    @Test(
        "decoding reads each property; a missing or null optional is nil",
        arguments: [
            (#"{"name":"Ada","age":36,"score":1.5,"tags":["a","b"]}"#, "Ada", 36 as Int?, 1.5, ["a", "b"]),
            (#"{"name":"Bo","score":2,"tags":[]}"#, "Bo", nil, 2.0, []),
            (#"{"name":"Cy","age":null,"score":0,"tags":["c"]}"#, "Cy", nil, 0.0, ["c"]),
        ] as [(String, String, Int?, Double, [String])]
    )
    func decoding(json: String, name: String, age: Int?, score: Double, tags: [String]) throws {
        let person = try decode(json)
        #expect(person.name == name)
        #expect(person.age == age)
        #expect(person.score == score)
        #expect(Array(person.tags) == tags)
    }

    @Test("a decoded object encodes to the same JSON")
    func roundTrip() throws {
        let json = #"{"age":36,"name":"Ada","score":1.5,"tags":["a","b"]}"#
        #expect(try encode(decode(json)) == json)
    }

    @Test("an unmanaged object encodes the values set on it, and a list's appended elements")
    func encodingSeesChanges() throws {
        let person = CodablePerson()
        #expect(try encode(person) == #"{"age":null,"name":"","score":0,"tags":[]}"#)
        person.name = "Ada"
        person.age = 36
        person.score = 2.5
        person.tags.append("x")
        person.tags.append("y")
        #expect(try encode(person) == #"{"age":36,"name":"Ada","score":2.5,"tags":["x","y"]}"#)
        person.age = nil
        person.tags.removeAll()
        #expect(try encode(person) == #"{"age":null,"name":"Ada","score":2.5,"tags":[]}"#)

        let decoded = try decode(#"{"name":"Bo","score":1,"tags":["a"]}"#)
        decoded.name = "Cy"
        decoded.tags.append("b")
        #expect(try encode(decoded) == #"{"age":null,"name":"Cy","score":1,"tags":["a","b"]}"#)
    }

    @Test("values given by key-value coding are encoded")
    func encodingSeesKeyValueCoding() throws {
        // Once each property's accessor has run in this process (see `Persisted.encode(to:)`).
        let seen = CodablePerson()
        _ = (seen.name, seen.age, seen.score, seen.tags)
        let person = CodablePerson(value: ["name": "Di", "age": 7, "score": 0.5, "tags": ["t"]])
        person.setValue("Ed", forKey: "name")
        #expect(try encode(person) == #"{"age":7,"name":"Ed","score":0.5,"tags":["t"]}"#)
    }

    @Test("an object read from or added to a realm fails to encode; a new unmanaged one of the same model encodes")
    func managedObjectsFailToEncode() async throws {
        let configuration = Realm.Configuration(
            inMemoryIdentifier: "coding-managed-\(UUID())",
            objectTypes: [CodablePerson.self]
        )
        let realm = try await Realm(configuration: configuration)
        let outcome = try await realm.write { realm -> [String] in
            let person = CodablePerson()
            person.name = "Ada"
            try realm.add(person)
            let read = realm.objects(CodablePerson.self).first!
            var outcome: [String] = []
            for object in [read, person] {
                do {
                    _ = try JSONEncoder().encode(object)
                    outcome.append("encoded")
                } catch EncodingError.invalidValue {
                    outcome.append("invalidValue")
                }
            }
            let fresh = CodablePerson()
            fresh.name = "Bo"
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            outcome.append(String(decoding: try encoder.encode(fresh), as: UTF8.self))
            return outcome
        }
        #expect(outcome == ["invalidValue", "invalidValue", #"{"age":null,"name":"Bo","score":0,"tags":[]}"#])
        #expect(try encode(CodablePerson()) == #"{"age":null,"name":"","score":0,"tags":[]}"#)
    }

    @Test("a required property's missing key and a value of the wrong type fail to decode")
    func decodingErrors() {
        #expect(throws: DecodingError.self) { try decode(#"{"age":1,"score":0,"tags":[]}"#) }
        #expect(throws: DecodingError.self) { try decode(#"{"name":5,"score":0,"tags":[]}"#) }
    }

    @Test("a decoded object can be added to a realm and read back")
    func decodedObjectsAreStored() async throws {
        let configuration = Realm.Configuration(
            inMemoryIdentifier: "coding-\(UUID())",
            objectTypes: [CodablePerson.self]
        )
        let realm = try await Realm(configuration: configuration)
        let json = #"{"name":"Ada","score":1.5,"tags":["x"]}"#
        try await realm.write { realm in
            try realm.add(JSONDecoder().decode(CodablePerson.self, from: Data(json.utf8)))
        }
        let stored = await realm.read { realm in
            realm.objects(CodablePerson.self).map { "\($0.name) \($0.age.map(String.init) ?? "nil") \(Array($0.tags))" }
        }
        #expect(stored == [#"Ada nil ["x"]"#])
    }
}
