import Foundation
import Strata
import Testing

// Facts from realm-swift's RealmSwift/Tests/CodableTests.swift: testBool, testInt, testFloat, testDouble and
// testNullableRealmProperty (an optional number decodes from a value or null and encodes back; realm-swift's
// `RealmOptional` facts, asserted on `RealmProperty<T?>` since Strata has no `RealmOptional`), testDecimal, and
// testObject's `otherEnum` (an enum codes as its raw value; a custom persistable type codes through its own Codable).

extension CodablePortTests {
    @Test(
        "an optional number in a RealmProperty decodes from a value or null and encodes back",
        arguments: [
            ("Bool", "[true]", "[true]"), ("Bool", "[null]", "[null]"), ("Int", "[1]", "[1]"),
            ("Int", "[null]", "[null]"),
            ("Float", "[2.25]", "[2.25]"), ("Float", "[null]", "[null]"), ("Double", "[2.25]", "[2.25]"),
            ("Double", "[null]", "[null]"), ("Int8", "[-8]", "[-8]"), ("Int64", "[null]", "[null]"),
        ]
    )
    func realmPropertyValues(type: String, json: String, encoded: String) throws {
        func roundTrip<T: RealmOptionalType & Codable>(_: T.Type) throws -> (String, String) {
            let decoded = try JSONDecoder().decode([RealmProperty<T?>].self, from: Data(json.utf8))
            let value = decoded.first?.value.map { "\($0)" } ?? "nil"
            return (value, try encode(decoded))
        }
        let (value, reencoded): (String, String)
        switch type {
        case "Bool": (value, reencoded) = try roundTrip(Bool.self)
        case "Int": (value, reencoded) = try roundTrip(Int.self)
        case "Int8": (value, reencoded) = try roundTrip(Int8.self)
        case "Int64": (value, reencoded) = try roundTrip(Int64.self)
        case "Float": (value, reencoded) = try roundTrip(Float.self)
        default: (value, reencoded) = try roundTrip(Double.self)
        }
        #expect(value == (json == "[null]" ? "nil" : String(json.dropFirst().dropLast())))
        #expect(reencoded == encoded)
    }

    @Test("a decimal decodes from a number or a string; it encodes as decimal128 text, exponent and all")
    func decimals() throws {
        let decoded = try JSONDecoder().decode([Decimal128?].self, from: Data(#"[2.2, "1234567890e123", null]"#.utf8))
        #expect(try decoded[0] == Decimal128(string: "2.2"))
        #expect(try decoded[1] == Decimal128(string: "1.23456789E132"))
        #expect(decoded[2] == nil)
        #expect(try encode([Decimal128(string: "150")]) == #"["150"]"#)
        let encoded = try [encode([Decimal128(string: "1.5e2")]), encode([Decimal128(string: "1234567890e123")])]
        #expect(encoded == [#"["1.5E2"]"#, #"["1.23456789E132"]"#])
    }

    @Test("RealmProperty properties of a model decode from values or nulls and encode back", arguments: [false, true])
    func realmPropertiesOfAModel(nulls: Bool) throws {
        let names = ["Bool", "Int", "Int8", "Int16", "Int32", "Int64", "Float", "Double"]
        let values = ["true", "123", "123", "123", "123", "123", "2.5", "2.5"]
        var fields = ["name": #""a""#]
        for (name, value) in zip(names, values) { fields["other" + name] = nulls ? "null" : value }
        let json = CPTJSON.object(fields)
        let object = try JSONDecoder().decode(CPTRealmProperties.self, from: Data(json.utf8))
        let read: [Any?] = [
            object.otherBool.value, object.otherInt.value, object.otherInt8.value, object.otherInt16.value,
            object.otherInt32.value, object.otherInt64.value, object.otherFloat.value, object.otherDouble.value,
        ]
        #expect(read.map { $0.map { "\($0)" } ?? "null" } == (nulls ? Array(repeating: "null", count: 8) : values))
        #expect(try encode(object) == json)
    }

    @Test("enums code as their raw values and custom persistable types through their own Codable")
    func enumsAndCustomTypes() throws {
        let json =
            #"{"celsius":{"degrees":-5.5},"celsiusList":[{"degrees":1},{"degrees":2}],"celsiusOpt":null,"#
            + #""intEnum":3,"intEnumList":[1,3,1],"stringEnumOpt":"b","stringEnumOptMap":{"k":"a","n":null}}"#
        let object = try JSONDecoder().decode(CPTEnumsAndCustom.self, from: Data(json.utf8))
        #expect(object.intEnum == .value2)
        #expect(object.stringEnumOpt == .beta)
        #expect(Array(object.intEnumList) == [.value1, .value2, .value1])
        #expect(object.stringEnumOptMap["k"] == .some(.alpha))
        #expect(object.stringEnumOptMap["n"] == .some(nil))
        #expect(object.celsius.degrees == -5.5)
        #expect(object.celsiusOpt == nil)
        #expect(object.celsiusList.map(\.degrees) == [1, 2])
        #expect(try encode(object) == json)

        let fresh = CPTEnumsAndCustom()
        #expect(
            try encode(fresh)
                == #"{"celsius":{"degrees":20},"celsiusList":[],"celsiusOpt":null,"intEnum":1,"intEnumList":[],"#
                + #""stringEnumOpt":null,"stringEnumOptMap":{}}"#
        )
        // A raw value that is no case fails to decode.
        let unknown = json.replacingOccurrences(of: #""intEnum":3"#, with: #""intEnum":2"#)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CPTEnumsAndCustom.self, from: Data(unknown.utf8))
        }
    }

    // realm-swift's RealmSwift/Optional.swift `Decoder.decodeOptional`, which `Persisted.init(from:)` decodes through:
    // a null is the value a type bridges NSNull to (nil for an optional, a custom persistable type's default), and
    // for any other type a type mismatch "Cannot convert nil to <type>".
    @Test("a null is a custom type's default, and a type mismatch for an enum or a list")
    func nullsOfRequiredProperties() throws {
        let json =
            #"{"celsius":null,"celsiusList":[],"celsiusOpt":null,"#
            + #""intEnum":3,"intEnumList":[],"stringEnumOpt":null,"stringEnumOptMap":{}}"#
        let object = try JSONDecoder().decode(CPTEnumsAndCustom.self, from: Data(json.utf8))
        #expect(object.celsius.degrees == 0)
        var mismatches: [String] = []
        for (key, replacement) in [
            (#""intEnum":3"#, #""intEnum":null"#), (#""intEnumList":[]"#, #""intEnumList":null"#),
        ] {
            do {
                let changed = json.replacingOccurrences(of: key, with: replacement)
                _ = try JSONDecoder().decode(CPTEnumsAndCustom.self, from: Data(changed.utf8))
                mismatches.append("decoded")
            } catch DecodingError.typeMismatch(_, let context) {
                mismatches.append("\(context.codingPath.map(\.stringValue)) \(context.debugDescription)")
            }
        }
        #expect(
            mismatches == [
                #"["intEnum"] Cannot convert nil to CPTIntEnum"#,
                #"["intEnumList"] Cannot convert nil to List<CPTIntEnum>"#,
            ]
        )
    }
}
