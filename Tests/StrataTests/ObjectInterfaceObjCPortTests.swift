import Foundation
import Strata
import Testing

// Facts of realm-swift's Realm/Tests/ObjectInterfaceTests.m: which properties an object stores and how each reads back
// through its accessor, `value(forKey:)` and the subscript, unmanaged and managed.
//   testClassExtension: a property declared out of the class's public interface (here `fileprivate`) is stored.
//   testNSNumberProperties, testOptionalStringProperties, testOptionalBinaryProperties, testOptionalNumberProperties:
//     an optional keeps nil, a value and an empty value apart, before and after the object is added.
//   testRequiredNumberProperties, testSettingNonOptionalPropertiesToNil: nil set by name on a required property of a
//     managed object is refused (Strata's throwing `setValue(_:checkedForKey:)`), in the words of Realm's subscript.
//   testIntSizes: 16-, 32- and 64-bit integers keep values that need their width, unmanaged and managed.
//   testAllMethodsCheckForInvalidation: an object deleted directly or through a query is invalidated.
// Skipped: testCustomAccessorsObject (Objective-C getter and setter names), testRenamedProperties (two classes sharing
// one table through `_realmObjectName` has no Strata equivalent, and `propertiesMapping` is covered by
// ColumnNameAndKeyPathPortTests), testAllMethodsCheckThread (threads; Strata's isolation is checked by the compiler),
// the truncation of an out-of-range NSNumber (a Swift `Int16` cannot hold one), and the accessors of a deleted object
// (they stop, which cannot be tested in-process).

/// As `BaseClassStringObject`, whose string is declared in a class extension: here a `fileprivate` property.
final class OICBaseClassString: Object {
    @Persisted var intCol = 0
    @Persisted fileprivate var stringCol = ""
}

/// As `StringObject`, `BinaryObject` and `NumberObject`: an optional of each type.
final class OICOptionals: Object {
    @Persisted var stringCol: String?
    @Persisted var binaryCol: Data?
    @Persisted var intObj: Int?
    @Persisted var doubleObj: Double?
    @Persisted var floatObj: Float?
    @Persisted var boolObj: Bool?
}

/// As `RequiredNumberObject` and `RequiredPropertiesObject`: required numbers, string and data.
final class OICRequired: Object {
    @Persisted var intObj = 0
    @Persisted var floatObj: Float = 0
    @Persisted var doubleObj = 0.0
    @Persisted var boolObj = false
    @Persisted var stringCol = ""
    @Persisted var binaryCol = Data()
}

/// As `AllIntSizesObject`.
final class OICIntSizes: Object {
    @Persisted var int16: Int16 = 0
    @Persisted var int32: Int32 = 0
    @Persisted var int64: Int64 = 0
}

private let oicTypes: [ObjectBase.Type] = [
    OICBaseClassString.self, OICOptionals.self, OICRequired.self, OICIntSizes.self,
]

/// A value as its type and description (a `Data` by its bytes), or `nil`.
private func oicKey(_ value: Any?) -> String {
    switch value {
    case nil: "nil"
    case let data as Data: "Data \(Array(data))"
    case let value?: "\(type(of: value)) \(value)"
    }
}

/// One optional property of ``OICOptionals``: its name, a value, an empty value when its type has one, and its typed
/// accessor.
struct OICOptionalRow: Sendable, CustomTestStringConvertible {
    let property: String
    let value: any Sendable
    let empty: (any Sendable)?
    let read: @Sendable (OICOptionals) -> Any?
    let write: @Sendable (OICOptionals, Any?) -> Void

    var testDescription: String { property }

    static func row<T: Sendable>(
        _ name: String,
        _ keyPath: ReferenceWritableKeyPath<OICOptionals, T?> & Sendable,
        _ value: T,
        empty: T? = nil
    ) -> OICOptionalRow {
        OICOptionalRow(
            property: name,
            value: value,
            empty: empty,
            read: { $0[keyPath: keyPath].map { $0 as Any } },
            write: { $0[keyPath: keyPath] = $1 as? T }
        )
    }

    /// The property read three ways: the typed accessor, `value(forKey:)` and the subscript.
    func readings(_ object: OICOptionals) -> String {
        [oicKey(read(object)), oicKey(object.value(forKey: property)), oicKey(object[property])]
            .joined(separator: " | ")
    }
}

private let optionalRows: [OICOptionalRow] = [
    .row("stringCol", \.stringCol, "a", empty: ""),
    .row("binaryCol", \.binaryCol, Data("a".utf8), empty: Data()),
    .row("intObj", \.intObj, 1),
    .row("doubleObj", \.doubleObj, 1.1),
    .row("floatObj", \.floatObj, Float(2.2)),
    .row("boolObj", \.boolObj, true),
]

@Suite("Object properties: the facts of realm-swift's Objective-C ObjectInterfaceTests")
struct ObjectInterfaceObjCPortTests {
    @Test("A fileprivate @Persisted property is stored and read back like a public one")
    func nonPublicPropertyIsStored() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(oicTypes))
        try await realm.write { realm in
            let object = OICBaseClassString()
            object.intCol = 1
            object.stringCol = "stringVal"
            try realm.add(object)
        }
        let read = await realm.read { realm in
            let object = realm.objects(OICBaseClassString.self)[0]
            return [oicKey(object.intCol), oicKey(object.stringCol), oicKey(object["stringCol"])]
        }
        #expect(read == ["Int 1", "String stringVal", "String stringVal"])
        #expect(OICBaseClassString().objectSchema.properties.map(\.name) == ["intCol", "stringCol"])
    }

    @Test(
        "An optional reads nil, a value and nil again through its accessor, value(forKey:) and the subscript, managed too",
        arguments: optionalRows
    )
    func optionalRoundTrip(row: OICOptionalRow) async throws {
        let none = ["nil", "nil", "nil"].joined(separator: " | ")
        let some = Array(repeating: oicKey(row.value), count: 3).joined(separator: " | ")
        var unmanaged: [String] = []
        let object = OICOptionals()
        unmanaged.append(row.readings(object))
        row.write(object, row.value)
        unmanaged.append(row.readings(object))
        object.setValue(nil, forKey: row.property)
        unmanaged.append(row.readings(object))
        object[row.property] = row.value
        unmanaged.append(row.readings(object))
        row.write(object, nil)
        #expect(unmanaged == [none, some, none, some])

        let realm = try await Realm(configuration: memoryConfiguration(oicTypes))
        // The instance added reads on as it did unmanaged, nil or a value (testNSNumberProperties).
        let added = try await realm.write { realm -> [String] in
            let empty = OICOptionals()
            let valued = OICOptionals()
            row.write(valued, row.value)
            try realm.add(empty)
            try realm.add(valued)
            return [row.readings(empty), row.readings(valued)]
        }
        #expect(added == [none, some])
        let fetched = await realm.read { realm in row.readings(realm.objects(OICOptionals.self)[0]) }
        #expect(fetched == none)
        let set = try await realm.write { realm in
            let object = realm.objects(OICOptionals.self)[0]
            row.write(object, row.value)
            return row.readings(object)
        }
        #expect(set == some)
        if let empty = row.empty {
            let emptied = try await realm.write { realm in
                let object = realm.objects(OICOptionals.self)[0]
                row.write(object, empty)
                return row.readings(object)
            }
            #expect(emptied == Array(repeating: oicKey(empty), count: 3).joined(separator: " | "))
        }
    }

    @Test(
        "nil set by name on a required property of a managed object throws, and the value stays",
        arguments: ["intObj", "floatObj", "doubleObj", "boolObj", "stringCol", "binaryCol"]
    )
    func requiredPropertyRefusesNil(property: String) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(oicTypes))
        let (thrown, before, after) = try await realm.write { realm -> (String?, String, String) in
            let object = try realm.create(OICRequired.self, value: [0, 0, 0, false, "a", Data("a".utf8)])
            let before = oicKey(object[property])
            var thrown: String?
            do {
                try object.setValue(nil, checkedForKey: property)
            } catch {
                thrown = "\(error)"
            }
            return (thrown, before, oicKey(object[property]))
        }
        let message = try #require(thrown)
        // Realm's accessor refuses nil with "Invalid null value for non-nullable property"; a Swift accessor of a
        // required property cannot be given nil at all, and by name the refusal is the one Realm's subscript gives
        // (DynamicTests.m: "Invalid value '(null)' of type '(null)' for …"), which DynamicObjCPortTests asserts.
        #expect(message.hasPrefix("Invalid value '"), "\(message)")
        #expect(message.contains("'\(property)'"), "\(message)")
        #expect(after == before)
    }

    @Test("Integers of 16, 32 and 64 bits keep values needing their width, by name and by accessor, managed too")
    func integerWidths() async throws {
        let v16 = Int16(1 << 12)
        let v32 = Int32(1 << 30)
        let v64 = Int64(1) << 40
        @Sendable func readings(_ object: OICIntSizes) -> [String] {
            [
                oicKey(object["int16"]), oicKey(object.int16), oicKey(object["int32"]), oicKey(object.int32),
                oicKey(object["int64"]), oicKey(object.int64),
            ]
        }
        let expected =
            ["Int16 4096", "Int16 4096", "Int32 1073741824", "Int32 1073741824"]
            + ["Int64 1099511627776", "Int64 1099511627776"]
        let object = OICIntSizes()
        object["int16"] = v16
        object["int32"] = v32
        object["int64"] = v64
        #expect(readings(object) == expected)

        let realm = try await Realm(configuration: memoryConfiguration(oicTypes))
        let managed = try await realm.write { realm -> [[String]] in
            let object = OICIntSizes()
            object.int16 = v16
            object.int32 = v32
            object.int64 = v64
            try realm.add(object)
            let added = readings(object)
            object.int16 = 0
            object.int32 = 0
            object.int64 = 0
            object["int16"] = v16
            object["int32"] = v32
            object["int64"] = v64
            let byName = readings(object)
            object.int16 = 0
            object.int16 = v16
            return [added, byName, readings(realm.objects(OICIntSizes.self)[0])]
        }
        #expect(managed == [expected, expected, expected])
    }

    @Test("An object deleted directly or through a query is invalidated", arguments: ["directly", "through a query"])
    func deletedObjectIsInvalidated(how: String) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(oicTypes))
        let invalidated = try await realm.write { realm -> [Bool] in
            let object = try realm.create(OICRequired.self)
            let before = object.isInvalidated
            if how == "directly" {
                try realm.delete(object)
            } else {
                try realm.delete(realm.objects(OICRequired.self))
            }
            return [before, object.isInvalidated]
        }
        #expect(invalidated == [false, true])
    }
}
