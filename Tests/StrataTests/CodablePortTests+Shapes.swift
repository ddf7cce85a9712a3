import Foundation
import Strata
import Testing

// The JSON and the table of value types that CodablePortTests.swift decodes `CPTAllTypes` with (realm-swift's
// RealmSwift/Tests/CodableTests.swift, testModernObject and testModernObjectNil).

/// The JSON realm-swift's tests decode into `CPTAllTypes`, built from a table of values rather than written out.
enum CPTJSON {
    /// Each value type's property name, and its value in the JSON (as `JSONEncoder` writes it back).
    static let values: [(name: String, json: String)] = [
        ("bool", "true"),
        ("data", #""ZGVm""#),  // "def" in base 64
        ("date", "2.5"),  // seconds since 2001-01-01, JSONEncoder's default date strategy
        ("decimal", #""150""#),
        ("double", "2.5"),
        ("float", "2.5"),
        ("int", "123"),
        ("int8", "123"),
        ("int16", "123"),
        ("int32", "123"),
        ("int64", "123"),
        ("objectId", #""1234567890abcdef12345678""#),
        ("string", #""abc""#),
        ("uuid", #""00000000-0000-0000-0000-000000000000""#),
    ]

    /// The fields of a `CPTAllTypes`: each value type in its eight shapes, holding its value; with `optionalsNil`,
    /// optional values are null, and the links and embedded objects are null or absent from their collections.
    static func allTypesFields(optionalsNil: Bool) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in values {
            let optional = optionalsNil ? "null" : value
            fields[name] = value
            fields[name + "Opt"] = optional
            fields[name + "List"] = "[\(value)]"
            fields[name + "OptList"] = "[\(optional)]"
            fields[name + "Set"] = "[\(value)]"
            fields[name + "OptSet"] = "[\(optional)]"
            fields[name + "Map"] = #"{"foo":\#(value)}"#
            fields[name + "OptMap"] = #"{"foo":\#(optional)}"#
        }
        if optionalsNil {
            fields["objectOpt"] = "null"
            fields["embeddedObjectOpt"] = "null"
            fields["objectList"] = "[]"
            fields["embeddedObjectList"] = "[]"
            fields["objectSet"] = "[]"
            fields["objectOptMap"] = #"{"foo":null}"#
            fields["embeddedObjectOptMap"] = #"{"foo":null}"#
        } else {
            fields["objectOpt"] = #"{"value":5}"#
            fields["embeddedObjectOpt"] = #"{"value":6}"#
            fields["objectList"] = #"[{"value":7}]"#
            fields["embeddedObjectList"] = #"[{"value":8}]"#
            fields["objectSet"] = #"[{"value":9}]"#
            fields["objectOptMap"] = #"{"a":{"value":9}}"#
            fields["embeddedObjectOptMap"] = #"{"b":{"value":10}}"#
        }
        return fields
    }

    /// `fields` as one JSON object, as `JSONEncoder` writes it with `.sortedKeys`: keys in byte order, no white space.
    static func object(_ fields: [String: String]) -> String {
        "{" + fields.keys.sorted().map { #""\#($0)":\#(fields[$0]!)"# }.joined(separator: ",") + "}"
    }
}

/// One value type of `CPTAllTypes`: its value as `CodablePortTests.describe` writes it, and how to read its eight
/// shapes from an object.
struct CPTShapeRow: Sendable, CustomTestStringConvertible {
    let name: String
    let expected: String
    let read: @Sendable (CPTAllTypes) -> [String]

    var testDescription: String { name }
}

/// The encoder strategy a test replaces: dates or data.
enum CPTStrategy: String, CaseIterable, Sendable {
    case date, data
}

extension CodablePortTests {
    /// `value` as the shape rows describe it: data as its UTF-8 text, a date as its seconds since 2001.
    static func describe(_ value: Any) -> String {
        switch value {
        case let data as Data: "Data(\(String(decoding: data, as: UTF8.self)))"
        case let date as Date: "\(date.timeIntervalSinceReferenceDate)"
        default: "\(value)"
        }
    }

    /// The eight shapes of one value type, described: the property, the optional property ("nil" when nil), the first
    /// element of the list, optional list, set and optional set, and the "foo" entry of the map and optional map
    /// ("missing" when there is none, "nil" for a nil element).
    static func shapes<V: RealmCollectionValue>(
        _ plain: V,
        _ optional: V?,
        _ list: List<V>,
        _ optionalList: List<V?>,
        _ set: MutableSet<V>,
        _ optionalSet: MutableSet<V?>,
        _ map: Map<String, V>,
        _ optionalMap: Map<String, V?>
    ) -> [String] {
        func element(_ value: V?) -> String { value.map(describe) ?? "missing" }
        func optionalElement(_ value: V??) -> String {
            switch value {
            case .none: "missing"
            case .some(.none): "nil"
            case .some(.some(let value)): describe(value)
            }
        }
        return [
            describe(plain), optionalElement(.some(optional)), element(list.first), optionalElement(optionalList.first),
            element(set.first), optionalElement(optionalSet.first), element(map["foo"]),
            optionalElement(optionalMap["foo"]),
        ]
    }

    static let shapeRows: [CPTShapeRow] = [
        CPTShapeRow(name: "bool", expected: "true") {
            shapes(
                $0.bool,
                $0.boolOpt,
                $0.boolList,
                $0.boolOptList,
                $0.boolSet,
                $0.boolOptSet,
                $0.boolMap,
                $0.boolOptMap
            )
        },
        CPTShapeRow(name: "data", expected: "Data(def)") {
            shapes(
                $0.data,
                $0.dataOpt,
                $0.dataList,
                $0.dataOptList,
                $0.dataSet,
                $0.dataOptSet,
                $0.dataMap,
                $0.dataOptMap
            )
        },
        CPTShapeRow(name: "date", expected: "2.5") {
            shapes(
                $0.date,
                $0.dateOpt,
                $0.dateList,
                $0.dateOptList,
                $0.dateSet,
                $0.dateOptSet,
                $0.dateMap,
                $0.dateOptMap
            )
        },
        CPTShapeRow(name: "decimal", expected: "150") {
            shapes(
                $0.decimal,
                $0.decimalOpt,
                $0.decimalList,
                $0.decimalOptList,
                $0.decimalSet,
                $0.decimalOptSet,
                $0.decimalMap,
                $0.decimalOptMap
            )
        },
        CPTShapeRow(name: "double", expected: "2.5") {
            shapes(
                $0.double,
                $0.doubleOpt,
                $0.doubleList,
                $0.doubleOptList,
                $0.doubleSet,
                $0.doubleOptSet,
                $0.doubleMap,
                $0.doubleOptMap
            )
        },
        CPTShapeRow(name: "float", expected: "2.5") {
            shapes(
                $0.float,
                $0.floatOpt,
                $0.floatList,
                $0.floatOptList,
                $0.floatSet,
                $0.floatOptSet,
                $0.floatMap,
                $0.floatOptMap
            )
        },
        CPTShapeRow(name: "int", expected: "123") {
            shapes($0.int, $0.intOpt, $0.intList, $0.intOptList, $0.intSet, $0.intOptSet, $0.intMap, $0.intOptMap)
        },
        CPTShapeRow(name: "int8", expected: "123") {
            shapes(
                $0.int8,
                $0.int8Opt,
                $0.int8List,
                $0.int8OptList,
                $0.int8Set,
                $0.int8OptSet,
                $0.int8Map,
                $0.int8OptMap
            )
        },
        CPTShapeRow(name: "int16", expected: "123") {
            shapes(
                $0.int16,
                $0.int16Opt,
                $0.int16List,
                $0.int16OptList,
                $0.int16Set,
                $0.int16OptSet,
                $0.int16Map,
                $0.int16OptMap
            )
        },
        CPTShapeRow(name: "int32", expected: "123") {
            shapes(
                $0.int32,
                $0.int32Opt,
                $0.int32List,
                $0.int32OptList,
                $0.int32Set,
                $0.int32OptSet,
                $0.int32Map,
                $0.int32OptMap
            )
        },
        CPTShapeRow(name: "int64", expected: "123") {
            shapes(
                $0.int64,
                $0.int64Opt,
                $0.int64List,
                $0.int64OptList,
                $0.int64Set,
                $0.int64OptSet,
                $0.int64Map,
                $0.int64OptMap
            )
        },
        CPTShapeRow(name: "objectId", expected: "1234567890abcdef12345678") {
            shapes(
                $0.objectId,
                $0.objectIdOpt,
                $0.objectIdList,
                $0.objectIdOptList,
                $0.objectIdSet,
                $0.objectIdOptSet,
                $0.objectIdMap,
                $0.objectIdOptMap
            )
        },
        CPTShapeRow(name: "string", expected: "abc") {
            shapes(
                $0.string,
                $0.stringOpt,
                $0.stringList,
                $0.stringOptList,
                $0.stringSet,
                $0.stringOptSet,
                $0.stringMap,
                $0.stringOptMap
            )
        },
        CPTShapeRow(name: "uuid", expected: "00000000-0000-0000-0000-000000000000") {
            shapes(
                $0.uuid,
                $0.uuidOpt,
                $0.uuidList,
                $0.uuidOptList,
                $0.uuidSet,
                $0.uuidOptSet,
                $0.uuidMap,
                $0.uuidOptMap
            )
        },
    ]
}
