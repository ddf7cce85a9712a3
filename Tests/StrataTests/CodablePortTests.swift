import Foundation
import Strata
import Testing

// Facts from realm-swift's RealmSwift/Tests/CodableTests.swift, on synthesized `Codable` of model classes:
// testModernObject and testModernObjectNil (every value type in all eight shapes, links and embedded objects alone and
// in collections, decode from JSON and encode back to the same JSON; null optionals and null collection elements),
// testModernObjectOptionalNotRequired (an optional property's key may be missing), testCustomDateEncoding and
// testCustomDataEncoding (an encoder's strategies reach the values inside lists, sets and maps) and
// testKeyEncodingStrategy (what a new object encodes, under a key strategy). CodablePortTests+Values.swift holds the
// RealmProperty, decimal and enum facts; CodablePortTests+Shapes.swift the JSON and the table of value types;
// CodablePortTests+Models.swift the models.
// PersistedCodingTests.swift already asserts a small model's round trip, a missing required key or a wrong type
// failing, and a managed object failing to encode. Not ported: the `@objc dynamic` and `RealmOptional` properties of
// `CodableObject` (testObject, testLegacyObjectOptionalNotRequired): Strata has neither.

@Suite("Codable port: every property kind, strategies, RealmProperty, enums")
struct CodablePortTests {
    /// `json` decoded as a `CPTAllTypes`.
    private static func decode(_ json: String) throws -> CPTAllTypes {
        try JSONDecoder().decode(CPTAllTypes.self, from: Data(json.utf8))
    }

    /// `value` encoded with sorted keys, after `configure` set the encoder's strategies.
    func encode<T: Encodable>(_ value: T, _ configure: (JSONEncoder) -> Void = { _ in }) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        configure(encoder)
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test(
        "each value type decodes in its eight shapes; null optionals and null elements decode as nil",
        arguments: shapeRows,
        [false, true]
    )
    func valueShapes(row: CPTShapeRow, optionalsNil: Bool) throws {
        let object = try Self.decode(CPTJSON.object(CPTJSON.allTypesFields(optionalsNil: optionalsNil)))
        let value = row.expected
        let expected =
            optionalsNil ? [value, "nil", value, "nil", value, "nil", value, "nil"] : Array(repeating: value, count: 8)
        #expect(row.read(object) == expected)
    }

    @Test("links and embedded objects decode alone, in a list, a set and a map, or as null", arguments: [false, true])
    func linksAndEmbeddedObjects(optionalsNil: Bool) throws {
        let object = try Self.decode(CPTJSON.object(CPTJSON.allTypesFields(optionalsNil: optionalsNil)))
        let seen = [
            object.objectOpt.map { "\($0.value)" } ?? "nil",
            object.embeddedObjectOpt.map { "\($0.value)" } ?? "nil",
            "\(object.objectList.map(\.value))",
            "\(object.embeddedObjectList.map(\.value))",
            "\(object.objectSet.map(\.value))",
            "\(object.objectOptMap.keys) \(object.objectOptMap.values.map { $0?.value })",
            "\(object.embeddedObjectOptMap.keys) \(object.embeddedObjectOptMap.values.map { $0?.value })",
        ]
        if optionalsNil {
            #expect(seen == ["nil", "nil", "[]", "[]", "[]", #"["foo"] [nil]"#, #"["foo"] [nil]"#])
        } else {
            #expect(
                seen == ["5", "6", "[7]", "[8]", "[9]", #"["a"] [Optional(9)]"#, #"["b"] [Optional(10)]"#]
            )
        }
        #expect(object.objectOpt?.realm == nil && object.embeddedObjectOpt?.realm == nil)
    }

    @Test("a decoded object encodes back to exactly the JSON it was decoded from", arguments: [false, true])
    func roundTrip(optionalsNil: Bool) throws {
        let json = CPTJSON.object(CPTJSON.allTypesFields(optionalsNil: optionalsNil))
        #expect(try encode(Self.decode(json)) == json)
    }

    @Test("a plain Data property decodes from base 64, as JSONDecoder's data strategy reads it")
    func plainDataFromBase64() throws {
        let json = CPTJSON.object(CPTJSON.allTypesFields(optionalsNil: false))
        let object = try JSONDecoder().decode(CPTAllTypes.self, from: Data(json.utf8))
        #expect(object.data == Data("def".utf8))
    }

    @Test("an optional property's key may be left out: it decodes as nil")
    func optionalKeysMayBeMissing() throws {
        var fields = CPTJSON.allTypesFields(optionalsNil: true)
        for (name, _) in CPTJSON.values { fields[name + "Opt"] = nil }
        fields["objectOpt"] = nil
        fields["embeddedObjectOpt"] = nil
        let object = try Self.decode(CPTJSON.object(fields))
        for row in Self.shapeRows {
            #expect(row.read(object)[1] == "nil", "\(row.name)Opt")
        }
        #expect(object.objectOpt == nil && object.embeddedObjectOpt == nil)
        // A missing collection key is not optional.
        fields["intList"] = nil
        #expect(throws: DecodingError.self) { try Self.decode(CPTJSON.object(fields)) }
    }

    @Test("an encoder's date or data strategy reaches the values of every shape", arguments: CPTStrategy.allCases)
    func encoderStrategies(strategy: CPTStrategy) throws {
        let object = CPTAllTypes()
        let json: String
        switch strategy {
        case .date:
            func date(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }
            object.date = date(1)
            object.dateOpt = date(2)
            object.dateList.append(date(3))
            object.dateOptList.append(date(4))
            object.dateSet.insert(date(5))
            object.dateOptSet.insert(date(6))
            object.dateMap["a"] = date(7)
            object.dateOptMap["b"] = date(8)
            json = try encode(object) { encoder in
                encoder.dateEncodingStrategy = .custom { date, encoder in
                    var container = encoder.singleValueContainer()
                    try container.encode("seconds \(Int(date.timeIntervalSince1970))")
                }
            }
        case .data:
            func data(_ count: Int) -> Data { Data(repeating: 0, count: count) }
            object.data = data(1)
            object.dataOpt = data(2)
            object.dataList.append(data(3))
            object.dataOptList.append(data(4))
            object.dataSet.insert(data(5))
            object.dataOptSet.insert(data(6))
            object.dataMap["a"] = data(7)
            object.dataOptMap["b"] = data(8)
            json = try encode(object) { encoder in
                encoder.dataEncodingStrategy = .custom { data, encoder in
                    var container = encoder.singleValueContainer()
                    try container.encode("bytes \(data.count)")
                }
            }
        }
        let fields = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let name = strategy.rawValue
        let word = strategy == .date ? "seconds" : "bytes"
        #expect(fields[name] as? String == "\(word) 1")
        #expect(fields[name + "Opt"] as? String == "\(word) 2")
        #expect(fields[name + "List"] as? [String] == ["\(word) 3"])
        #expect(fields[name + "OptList"] as? [String] == ["\(word) 4"])
        #expect(fields[name + "Set"] as? [String] == ["\(word) 5"])
        #expect(fields[name + "OptSet"] as? [String] == ["\(word) 6"])
        #expect(fields[name + "Map"] as? [String: String] == ["a": "\(word) 7"])
        #expect(fields[name + "OptMap"] as? [String: String] == ["b": "\(word) 8"])
    }

    @Test("a new object encodes each property's default, under the encoder's key strategy")
    func newObjectUnderKeyStrategy() throws {
        let object = CPTAllTypes()
        object.objectId = ObjectId("1234567890abcdef12345678")
        object.uuid = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
        object.date = Date(timeIntervalSince1970: 0)
        let defaults: [String: String] = [
            "bool": "false", "data": #""""#, "date": "-978307200", "decimal": #""0""#, "double": "0", "float": "0",
            "int": "0", "int8": "0", "int16": "0", "int32": "0", "int64": "0",
            "objectId": #""1234567890abcdef12345678""#, "string": #""""#,
            "uuid": #""00000000-0000-0000-0000-000000000000""#,
        ]
        var fields: [String: String] = [:]
        for (name, value) in defaults {
            fields[name] = value
            fields[name + "Opt"] = "null"
            for shape in ["List", "OptList", "Set", "OptSet"] { fields[name + shape] = "[]" }
            for shape in ["Map", "OptMap"] { fields[name + shape] = "{}" }
        }
        fields["objectOpt"] = "null"
        fields["embeddedObjectOpt"] = "null"
        for name in ["objectList", "embeddedObjectList", "objectSet"] { fields[name] = "[]" }
        for name in ["objectOptMap", "embeddedObjectOptMap"] { fields[name] = "{}" }
        /// `name` in snake case, as `.convertToSnakeCase` writes these names (no acronyms among them).
        func snakeCase(_ name: String) -> String {
            name.map { $0.isUppercase ? "_\($0.lowercased())" : String($0) }.joined()
        }
        let expected = CPTJSON.object(Dictionary(uniqueKeysWithValues: fields.map { (snakeCase($0.key), $0.value) }))
        #expect(try encode(object) { $0.keyEncodingStrategy = .convertToSnakeCase } == expected)
    }

    @Test("a decoded object with every property kind can be added to a realm and reads the same")
    func decodedAllTypesAreStored() async throws {
        let configuration = memoryConfiguration([CPTAllTypes.self, CPTLinked.self, CPTEmbedded.self])
        let realm = try await Realm(configuration: configuration)
        let json = CPTJSON.object(CPTJSON.allTypesFields(optionalsNil: false))
        try await realm.write { realm in
            try realm.add(Self.decode(json))
        }
        let read = await realm.read { realm in
            let object = realm.objects(CPTAllTypes.self)[0]
            return (
                Self.shapeRows.map { $0.read(object) },
                [
                    object.objectOpt?.value, object.embeddedObjectOpt?.value, object.objectList.first?.value,
                    object.embeddedObjectList.first?.value, object.objectSet.first?.value,
                    object.objectOptMap["a"]??.value, object.embeddedObjectOptMap["b"]??.value,
                ]
            )
        }
        #expect(read.0 == Self.shapeRows.map { Array(repeating: $0.expected, count: 8) })
        #expect(read.1 == [5, 6, 7, 8, 9, 9, 10])
    }
}
