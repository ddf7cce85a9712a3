import Foundation
import Strata
import Testing

// realm-swift's MapTests testValueForKey, testValueForKeyOptional (RealmSwift/Tests/MapTests.swift): key-value
// coding through results of map owners gives their maps, whose values read as the objects' own properties; and
// testAllKeysQuery, testAllValuesQuery for the types MapKeyValueQuerySemanticsTests leaves out (it asserts ints
// and strings): `ANY map.@allKeys` compares keys (with [c] and [cd]) whatever the values' type, and
// `ANY map.@allValues` compares values of every type, objects included.

/// A map type realm-swift's `@allKeys` and `@allValues` tests query, with its three values.
enum MPTQueryType: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case int8, int16, int32, int64, float, double, data, date, decimal, objectId, uuid, object

    var testDescription: String { rawValue }

    /// Counts of `ANY <map>.@allKeys` queries (Realm's: 0, then 2, 3, 2, 3, 2, 3 of 4 objects).
    func allKeysCounts(in realm: isolated Realm) throws -> [Int] {
        switch self {
        case .int8: try Self.keys(realm, "int8", \.int8, 127)
        case .int16: try Self.keys(realm, "int16", \.int16, 789)
        case .int32: try Self.keys(realm, "int32", \.int32, 789)
        case .int64: try Self.keys(realm, "int64", \.int64, 789)
        case .float: try Self.keys(realm, "float", \.float, 789.123)
        case .double: try Self.keys(realm, "double", \.double, 789.123)
        case .data: try Self.keys(realm, "data", \.data, Data(count: 16))
        case .date: try Self.keys(realm, "date", \.date, Date(timeIntervalSince1970: 2000))
        case .decimal: try Self.keys(realm, "decimal", \.decimal, Decimal128(floatLiteral: 123.456))
        case .objectId: try Self.keys(realm, "objectId", \.objectId, ObjectId("507f1f77bcf86cd799439011"))
        case .uuid: try Self.keys(realm, "uuid", \.uuid, UUID(uuidString: "137DECC8-B300-4954-A233-F89909F4FD89")!)
        case .object: try Self.keys(realm, "object", \.object, MPTString(value: ["hello"]))
        }
    }

    /// Counts of `ANY <map>.@allValues = %@` and `!= %@` with the first value (Realm's: 0, then 1 and 2 of 3).
    func allValuesCounts(in realm: isolated Realm) throws -> [Int] {
        switch self {
        case .int8: try Self.values(realm, "int8", \.int8, [127, 0, 64])
        case .int16: try Self.values(realm, "int16", \.int16, [789, 345, 567])
        case .int32: try Self.values(realm, "int32", \.int32, [789, 132, 345])
        case .int64: try Self.values(realm, "int64", \.int64, [789, 234, 345])
        case .float: try Self.values(realm, "float", \.float, [789.123, 123.123, 234.123])
        case .double: try Self.values(realm, "double", \.double, [789.123, 123.123, 234.123])
        case .data: try Self.values(realm, "data", \.data, [Data(count: 16), Data(count: 32), Data(count: 64)])
        case .date: try Self.values(realm, "date", \.date, [2000, 4000, 8000].map(Date.init(timeIntervalSince1970:)))
        case .decimal:
            try Self.values(
                realm,
                "decimal",
                \.decimal,
                [123.456, 234.456, 345.456].map(Decimal128.init(floatLiteral:))
            )
        case .objectId:
            try Self.values(
                realm,
                "objectId",
                \.objectId,
                try ["1", "2", "3"].map { try ObjectId(string: "507f1f77bcf86cd79943901\($0)") }
            )
        case .uuid:
            try Self.values(
                realm,
                "uuid",
                \.uuid,
                ["9", "8", "7"].map { UUID(uuidString: "137DECC8-B300-4954-A233-F89909F4FD8\($0)")! }
            )
        case .object:
            try Self.values(realm, "object", \.object, ["hello", "there", "bye"].map { MPTString(value: [$0]) })
        }
    }

    private static func keys<T: RealmCollectionValue>(
        _ realm: isolated Realm,
        _ name: String,
        _ path: KeyPath<MPTValueMaps, Map<String, T>>,
        _ value: T
    ) throws -> [Int] {
        let maps = realm.objects(MPTValueMaps.self)
        var counts = [maps.filter("ANY \(name).@allKeys = 'aKey'").count]
        for keys in [["aKey"], ["aKey2"], ["aKey3"], ["aKey", "aKey4"]] {
            let owner = MPTValueMaps()
            for key in keys { owner[keyPath: path][key] = value }
            try realm.add(owner)
        }
        counts.append(maps.count)
        counts += ["=", "!=", "=[c]", "!=[c]", "=[cd]", "!=[cd]"].map { operation in
            let key = operation.hasSuffix("[cd]") ? "akéy" : operation.hasSuffix("[c]") ? "akey" : "aKey"
            return maps.filter("ANY \(name).@allKeys \(operation) '\(key)'").count
        }
        return counts
    }

    private static func values<T: RealmCollectionValue>(
        _ realm: isolated Realm,
        _ name: String,
        _ path: KeyPath<MPTValueMaps, Map<String, T>>,
        _ values: [T]
    ) throws -> [Int] {
        let maps = realm.objects(MPTValueMaps.self)
        let isObject = T.self == MPTString?.self
        var counts = isObject ? [] : [maps.filter("ANY \(name).@allValues = %@", values[0]).count]
        for (index, value) in values.enumerated() {
            let owner = MPTValueMaps()
            owner[keyPath: path]["aKey\(index + 1)"] = value
            try realm.add(owner)
        }
        counts.append(maps.count)
        // Realm queries an object value with the managed object read back.
        let argument: Any =
            isObject ? realm.objects(MPTString.self).filter("stringCol == 'hello'").first! as Any : values[0]
        counts.append(maps.filter("ANY \(name).@allValues = %@", argument).count)
        counts.append(maps.filter("ANY \(name).@allValues != %@", argument).count)
        return counts
    }
}

extension MapPortTests {
    @Test(
        "ANY map.@allKeys compares keys, with [c] and [cd], whatever the values' type",
        arguments: MPTQueryType.allCases
    )
    func allKeysQuery(_ type: MPTQueryType) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(mptTypes))
        let counts = try await realm.write { realm in try type.allKeysCounts(in: realm) }
        #expect(counts == [0, 4, 2, 3, 2, 3, 2, 3])
    }

    @Test("ANY map.@allValues compares the values of each type, objects included", arguments: MPTQueryType.allCases)
    func allValuesQuery(_ type: MPTQueryType) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(mptTypes))
        let counts = try await realm.write { realm in try type.allValuesCounts(in: realm) }
        #expect(counts == (type == .object ? [3, 1, 2] : [0, 3, 1, 2]))
    }

    @Test("value(forKeyPath:) of map owners gives their maps, whose values match the objects' properties")
    func valueForKey() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(mptTypes))
        try await realm.write { realm in
            for value in [1, 2] {
                let owner = MPTMapOfObject()
                let object = MPTSwiftObject()
                object.intCol = value
                object.doubleCol = Double(value)
                object.stringCol = String(value)
                object.decimalCol = Decimal128(number: value as NSNumber)
                object.objectIdCol = try ObjectId(string: String(repeating: String(value), count: 24))
                owner.map["key"] = object
                try realm.add(owner)
            }
        }
        let answers = await realm.read { realm -> [String] in
            let owners = realm.objects(MPTMapOfObject.self)
            let objects = realm.objects(MPTSwiftObject.self)
            guard let maps = owners.value(forKeyPath: "map") as? [Map<String, MPTSwiftObject?>] else {
                return ["value(forKeyPath: \"map\") is \(type(of: owners.value(forKeyPath: "map")))"]
            }
            func viaMaps<T>(_ read: (MPTSwiftObject) -> T) -> String {
                let direct = owners.flatMap { $0.map.values.map { read($0!) } }
                let kvc = maps.flatMap { $0.values.map { read($0!) } }
                return "\(direct)" == "\(kvc)" ? "\(kvc)" : "\(direct) ≠ \(kvc)"
            }
            func viaObjects(_ name: String) -> String { "\(objects.value(forKeyPath: name) ?? "nil")" }
            return [
                viaMaps(\.intCol), viaMaps(\.doubleCol), viaMaps(\.stringCol), viaMaps(\.decimalCol),
                viaMaps(\.objectIdCol), viaObjects("intCol"), viaObjects("doubleCol"), viaObjects("stringCol"),
                viaObjects("decimalCol"),
            ]
        }
        let ids = ["111111111111111111111111", "222222222222222222222222"]
        #expect(
            answers == [
                "[1, 2]", "[1.0, 2.0]", "[\"1\", \"2\"]", "[1, 2]", "[\(ids[0]), \(ids[1])]", "[1, 2]", "[1.0, 2.0]",
                "[\"1\", \"2\"]", "[1, 2]",
            ]
        )
    }

    @Test("value(forKeyPath:) of owners of maps of optional properties gives the maps and the optional values")
    func valueForKeyOptional() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(mptTypes))
        try await realm.write { realm in
            for value in [1, 2] {
                let owner = MPTMapOfOptional()
                let object = MPTOptionalObject()
                object.optIntCol = value
                object.optInt8Col = Int8(value)
                object.optDoubleCol = Double(value)
                object.optStringCol = String(value)
                object.optDecimalCol = Decimal128(number: value as NSNumber)
                object.optObjectIdCol = try ObjectId(string: String(repeating: String(value), count: 24))
                owner.map["key"] = object
                try realm.add(owner)
            }
        }
        let answers = await realm.read { realm -> [String] in
            let owners = realm.objects(MPTMapOfOptional.self)
            let objects = realm.objects(MPTOptionalObject.self)
            guard let maps = owners.value(forKeyPath: "map") as? [Map<String, MPTOptionalObject?>] else {
                return ["value(forKeyPath: \"map\") is \(type(of: owners.value(forKeyPath: "map")))"]
            }
            func viaMaps<T>(_ read: (MPTOptionalObject) -> T?) -> String {
                let direct = owners.flatMap { $0.map.values.map { read($0!) } }
                let kvc = maps.flatMap { $0.values.map { read($0!) } }
                return "\(direct)" == "\(kvc)" ? "\(kvc.compactMap { $0 })" : "\(direct) ≠ \(kvc)"
            }
            // Realm compacts the values of each property read through the results (nil is left out).
            func viaObjects(_ name: String) -> String {
                guard let values = objects.value(forKeyPath: name) as? [Any] else { return "not an array" }
                return values.map { value -> String in
                    let mirror = Mirror(reflecting: value)
                    if value is NSNull || (mirror.displayStyle == .optional && mirror.children.isEmpty) { return "nil" }
                    return "\(mirror.displayStyle == .optional ? mirror.children.first!.value : value)"
                }.joined(separator: ",")
            }
            return [
                viaMaps(\.optIntCol), viaMaps(\.optInt8Col), viaMaps(\.optDoubleCol), viaMaps(\.optStringCol),
                viaMaps(\.optDecimalCol), viaMaps(\.optObjectIdCol), viaMaps(\.optObjectCol),
                viaObjects("optIntCol"), viaObjects("optInt8Col"), viaObjects("optDoubleCol"),
                viaObjects("optStringCol"), viaObjects("optDecimalCol"), viaObjects("optObjectCol"),
            ]
        }
        let ids = ["111111111111111111111111", "222222222222222222222222"]
        #expect(
            answers == [
                "[1, 2]", "[1, 2]", "[1.0, 2.0]", "[\"1\", \"2\"]", "[1, 2]", "[\(ids[0]), \(ids[1])]", "[]",
                "1,2", "1,2", "1.0,2.0", "1,2", "1,2", "nil,nil",
            ]
        )
    }
}
