import Foundation
import Strata
import Testing

// Lists, sets and maps of enums, from realm-swift's RealmSwift/Tests/ModernObjectCreationTests.swift
// (ModernEnumObjectCreationTests): an enum of every raw type, optional or not, in every collection kind, made by
// `init()`, `init(value:)`, `create` and `add` with a dictionary, an array or an object. The values are the enum
// cases themselves, as in Realm's tests.

/// A `PersistableEnum` backed by `Int`, as Realm's `EnumInt`.
enum OCEnumInt: Int, PersistableEnum {
    case value1 = 1
    case value2 = 3
    case value3 = 5
}

/// A `PersistableEnum` backed by `Int8`, as Realm's `EnumInt8`.
enum OCEnumInt8: Int8, PersistableEnum {
    case value1 = 1
    case value2 = 3
    case value3 = 5
}

/// A `PersistableEnum` backed by `Int16`, as Realm's `EnumInt16`.
enum OCEnumInt16: Int16, PersistableEnum {
    case value1 = 1
    case value2 = 3
    case value3 = 5
}

/// A `PersistableEnum` backed by `Int32`, as Realm's `EnumInt32`.
enum OCEnumInt32: Int32, PersistableEnum {
    case value1 = 1
    case value2 = 3
    case value3 = 5
}

/// A `PersistableEnum` backed by `Int64`, as Realm's `EnumInt64`.
enum OCEnumInt64: Int64, PersistableEnum {
    case value1 = 1
    case value2 = 3
    case value3 = 5
}

/// A `PersistableEnum` backed by `Float`, as Realm's `EnumFloat`.
enum OCEnumFloat: Float, PersistableEnum {
    case value1 = 1.1
    case value2 = 2.2
    case value3 = 3.3
}

/// A `PersistableEnum` backed by `Double`, as Realm's `EnumDouble`.
enum OCEnumDouble: Double, PersistableEnum {
    case value1 = 1.1
    case value2 = 2.2
    case value3 = 3.3
}

/// A `PersistableEnum` backed by `String`, as Realm's `EnumString`.
enum OCEnumString: String, PersistableEnum {
    case value1 = "a"
    case value2 = "c"
    case value3 = "e"
}

/// Realm Swift's `ModernCollectionsOfEnums`.
final class OCEnumCollections: Object, OCValueInitializable {
    @Persisted var listInt: List<OCEnumInt>
    @Persisted var listInt8: List<OCEnumInt8>
    @Persisted var listInt16: List<OCEnumInt16>
    @Persisted var listInt32: List<OCEnumInt32>
    @Persisted var listInt64: List<OCEnumInt64>
    @Persisted var listFloat: List<OCEnumFloat>
    @Persisted var listDouble: List<OCEnumDouble>
    @Persisted var listString: List<OCEnumString>
    @Persisted var listIntOpt: List<OCEnumInt?>
    @Persisted var listInt8Opt: List<OCEnumInt8?>
    @Persisted var listInt16Opt: List<OCEnumInt16?>
    @Persisted var listInt32Opt: List<OCEnumInt32?>
    @Persisted var listInt64Opt: List<OCEnumInt64?>
    @Persisted var listFloatOpt: List<OCEnumFloat?>
    @Persisted var listDoubleOpt: List<OCEnumDouble?>
    @Persisted var listStringOpt: List<OCEnumString?>
    @Persisted var setInt: MutableSet<OCEnumInt>
    @Persisted var setInt8: MutableSet<OCEnumInt8>
    @Persisted var setInt16: MutableSet<OCEnumInt16>
    @Persisted var setInt32: MutableSet<OCEnumInt32>
    @Persisted var setInt64: MutableSet<OCEnumInt64>
    @Persisted var setFloat: MutableSet<OCEnumFloat>
    @Persisted var setDouble: MutableSet<OCEnumDouble>
    @Persisted var setString: MutableSet<OCEnumString>
    @Persisted var setIntOpt: MutableSet<OCEnumInt?>
    @Persisted var setInt8Opt: MutableSet<OCEnumInt8?>
    @Persisted var setInt16Opt: MutableSet<OCEnumInt16?>
    @Persisted var setInt32Opt: MutableSet<OCEnumInt32?>
    @Persisted var setInt64Opt: MutableSet<OCEnumInt64?>
    @Persisted var setFloatOpt: MutableSet<OCEnumFloat?>
    @Persisted var setDoubleOpt: MutableSet<OCEnumDouble?>
    @Persisted var setStringOpt: MutableSet<OCEnumString?>
    @Persisted var mapInt: Map<String, OCEnumInt>
    @Persisted var mapInt8: Map<String, OCEnumInt8>
    @Persisted var mapInt16: Map<String, OCEnumInt16>
    @Persisted var mapInt32: Map<String, OCEnumInt32>
    @Persisted var mapInt64: Map<String, OCEnumInt64>
    @Persisted var mapFloat: Map<String, OCEnumFloat>
    @Persisted var mapDouble: Map<String, OCEnumDouble>
    @Persisted var mapString: Map<String, OCEnumString>
    @Persisted var mapIntOpt: Map<String, OCEnumInt?>
    @Persisted var mapInt8Opt: Map<String, OCEnumInt8?>
    @Persisted var mapInt16Opt: Map<String, OCEnumInt16?>
    @Persisted var mapInt32Opt: Map<String, OCEnumInt32?>
    @Persisted var mapInt64Opt: Map<String, OCEnumInt64?>
    @Persisted var mapFloatOpt: Map<String, OCEnumFloat?>
    @Persisted var mapDoubleOpt: Map<String, OCEnumDouble?>
    @Persisted var mapStringOpt: Map<String, OCEnumString?>

    /// Realm's `values`: every case of each enum (and nil in the optional collections).
    static func fields() -> [OCField<OCEnumCollections>] {
        [
            .list("listInt", \.listInt, OCEnumInt.allCases),
            .list("listInt8", \.listInt8, OCEnumInt8.allCases),
            .list("listInt16", \.listInt16, OCEnumInt16.allCases),
            .list("listInt32", \.listInt32, OCEnumInt32.allCases),
            .list("listInt64", \.listInt64, OCEnumInt64.allCases),
            .list("listFloat", \.listFloat, OCEnumFloat.allCases),
            .list("listDouble", \.listDouble, OCEnumDouble.allCases),
            .list("listString", \.listString, OCEnumString.allCases),
            .list("listIntOpt", \.listIntOpt, OCEnumInt.allCases.map(Optional.some) + [nil]),
            .list("listInt8Opt", \.listInt8Opt, OCEnumInt8.allCases.map(Optional.some) + [nil]),
            .list("listInt16Opt", \.listInt16Opt, OCEnumInt16.allCases.map(Optional.some) + [nil]),
            .list("listInt32Opt", \.listInt32Opt, OCEnumInt32.allCases.map(Optional.some) + [nil]),
            .list("listInt64Opt", \.listInt64Opt, OCEnumInt64.allCases.map(Optional.some) + [nil]),
            .list("listFloatOpt", \.listFloatOpt, OCEnumFloat.allCases.map(Optional.some) + [nil]),
            .list("listDoubleOpt", \.listDoubleOpt, OCEnumDouble.allCases.map(Optional.some) + [nil]),
            .list("listStringOpt", \.listStringOpt, OCEnumString.allCases.map(Optional.some) + [nil]),
            .set("setInt", \.setInt, OCEnumInt.allCases),
            .set("setInt8", \.setInt8, OCEnumInt8.allCases),
            .set("setInt16", \.setInt16, OCEnumInt16.allCases),
            .set("setInt32", \.setInt32, OCEnumInt32.allCases),
            .set("setInt64", \.setInt64, OCEnumInt64.allCases),
            .set("setFloat", \.setFloat, OCEnumFloat.allCases),
            .set("setDouble", \.setDouble, OCEnumDouble.allCases),
            .set("setString", \.setString, OCEnumString.allCases),
            .set("setIntOpt", \.setIntOpt, OCEnumInt.allCases.map(Optional.some) + [nil]),
            .set("setInt8Opt", \.setInt8Opt, OCEnumInt8.allCases.map(Optional.some) + [nil]),
            .set("setInt16Opt", \.setInt16Opt, OCEnumInt16.allCases.map(Optional.some) + [nil]),
            .set("setInt32Opt", \.setInt32Opt, OCEnumInt32.allCases.map(Optional.some) + [nil]),
            .set("setInt64Opt", \.setInt64Opt, OCEnumInt64.allCases.map(Optional.some) + [nil]),
            .set("setFloatOpt", \.setFloatOpt, OCEnumFloat.allCases.map(Optional.some) + [nil]),
            .set("setDoubleOpt", \.setDoubleOpt, OCEnumDouble.allCases.map(Optional.some) + [nil]),
            .set("setStringOpt", \.setStringOpt, OCEnumString.allCases.map(Optional.some) + [nil]),
            .map("mapInt", \.mapInt, ocKeyed(OCEnumInt.allCases)),
            .map("mapInt8", \.mapInt8, ocKeyed(OCEnumInt8.allCases)),
            .map("mapInt16", \.mapInt16, ocKeyed(OCEnumInt16.allCases)),
            .map("mapInt32", \.mapInt32, ocKeyed(OCEnumInt32.allCases)),
            .map("mapInt64", \.mapInt64, ocKeyed(OCEnumInt64.allCases)),
            .map("mapFloat", \.mapFloat, ocKeyed(OCEnumFloat.allCases)),
            .map("mapDouble", \.mapDouble, ocKeyed(OCEnumDouble.allCases)),
            .map("mapString", \.mapString, ocKeyed(OCEnumString.allCases)),
            .map("mapIntOpt", \.mapIntOpt, ocKeyed(OCEnumInt.allCases.map(Optional.some) + [nil])),
            .map("mapInt8Opt", \.mapInt8Opt, ocKeyed(OCEnumInt8.allCases.map(Optional.some) + [nil])),
            .map("mapInt16Opt", \.mapInt16Opt, ocKeyed(OCEnumInt16.allCases.map(Optional.some) + [nil])),
            .map("mapInt32Opt", \.mapInt32Opt, ocKeyed(OCEnumInt32.allCases.map(Optional.some) + [nil])),
            .map("mapInt64Opt", \.mapInt64Opt, ocKeyed(OCEnumInt64.allCases.map(Optional.some) + [nil])),
            .map("mapFloatOpt", \.mapFloatOpt, ocKeyed(OCEnumFloat.allCases.map(Optional.some) + [nil])),
            .map("mapDoubleOpt", \.mapDoubleOpt, ocKeyed(OCEnumDouble.allCases.map(Optional.some) + [nil])),
            .map("mapStringOpt", \.mapStringOpt, ocKeyed(OCEnumString.allCases.map(Optional.some) + [nil])),
        ]
    }

    /// Realm's `verifyDefault`: every collection empty.
    static func defaultFields() -> [OCField<OCEnumCollections>] {
        [
            .list("listInt", \.listInt, []),
            .list("listInt8", \.listInt8, []),
            .list("listInt16", \.listInt16, []),
            .list("listInt32", \.listInt32, []),
            .list("listInt64", \.listInt64, []),
            .list("listFloat", \.listFloat, []),
            .list("listDouble", \.listDouble, []),
            .list("listString", \.listString, []),
            .list("listIntOpt", \.listIntOpt, []),
            .list("listInt8Opt", \.listInt8Opt, []),
            .list("listInt16Opt", \.listInt16Opt, []),
            .list("listInt32Opt", \.listInt32Opt, []),
            .list("listInt64Opt", \.listInt64Opt, []),
            .list("listFloatOpt", \.listFloatOpt, []),
            .list("listDoubleOpt", \.listDoubleOpt, []),
            .list("listStringOpt", \.listStringOpt, []),
            .set("setInt", \.setInt, []),
            .set("setInt8", \.setInt8, []),
            .set("setInt16", \.setInt16, []),
            .set("setInt32", \.setInt32, []),
            .set("setInt64", \.setInt64, []),
            .set("setFloat", \.setFloat, []),
            .set("setDouble", \.setDouble, []),
            .set("setString", \.setString, []),
            .set("setIntOpt", \.setIntOpt, []),
            .set("setInt8Opt", \.setInt8Opt, []),
            .set("setInt16Opt", \.setInt16Opt, []),
            .set("setInt32Opt", \.setInt32Opt, []),
            .set("setInt64Opt", \.setInt64Opt, []),
            .set("setFloatOpt", \.setFloatOpt, []),
            .set("setDoubleOpt", \.setDoubleOpt, []),
            .set("setStringOpt", \.setStringOpt, []),
            .map("mapInt", \.mapInt, [:]),
            .map("mapInt8", \.mapInt8, [:]),
            .map("mapInt16", \.mapInt16, [:]),
            .map("mapInt32", \.mapInt32, [:]),
            .map("mapInt64", \.mapInt64, [:]),
            .map("mapFloat", \.mapFloat, [:]),
            .map("mapDouble", \.mapDouble, [:]),
            .map("mapString", \.mapString, [:]),
            .map("mapIntOpt", \.mapIntOpt, [:]),
            .map("mapInt8Opt", \.mapInt8Opt, [:]),
            .map("mapInt16Opt", \.mapInt16Opt, [:]),
            .map("mapInt32Opt", \.mapInt32Opt, [:]),
            .map("mapInt64Opt", \.mapInt64Opt, [:]),
            .map("mapFloatOpt", \.mapFloatOpt, [:]),
            .map("mapDoubleOpt", \.mapDoubleOpt, [:]),
            .map("mapStringOpt", \.mapStringOpt, [:]),
        ]
    }
}

@Suite("Object creation as realm-swift's ModernEnumObjectCreationTests: collections of enums")
struct ObjectCreationPortEnumTests {
    @Test("Each collection of enums reads back the cases it was given", arguments: OCPath.allCases)
    func collectionsRoundTrip(path: OCPath) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([OCEnumCollections.self]))
        let read = try await realm.write { realm in
            let fields = OCEnumCollections.fields()
            return ocRead(fields, try path.make(OCEnumCollections.self, fields, in: realm))
        }
        #expect(read == ocRead(OCEnumCollections.fields(), nil))
    }

    @Test("Each collection of enums starts empty", arguments: OCDefaultPath.allCases)
    func collectionsStartEmpty(path: OCDefaultPath) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([OCEnumCollections.self]))
        let read = try await realm.write { realm in
            ocRead(OCEnumCollections.defaultFields(), try path.make(OCEnumCollections.self, in: realm))
        }
        #expect(read == ocRead(OCEnumCollections.defaultFields(), nil))
    }
}
