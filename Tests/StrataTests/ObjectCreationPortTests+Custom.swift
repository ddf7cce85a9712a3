import Foundation
import Strata
import Testing

// Custom persistable types made by init(value:), create and add, from realm-swift's
// RealmSwift/Tests/CustomObjectCreationTests.swift: a property of a custom type takes the wrapper or its persisted
// value, NSNull gives nil (or, for a type stored as an embedded object, the wrapper of a new embedded object), a
// failable conversion gives nil where the property is optional and, where it is not, stops in `init(value:)` and on
// reading and throws in `create`; and default construction that fails stops with Realm's message.

/// Realm's `IntFailableWrapper`: 1 is not a valid value.
struct OCIntFailable: FailableCustomPersistable, Hashable {
    let persistableValue: Int
    init?(persistedValue: Int) {
        guard persistedValue != 1 else { return nil }
        persistableValue = persistedValue
    }
}

/// Realm's `FailableCustomObject`.
final class OCFailableObject: Object {
    @Persisted var int: OCIntFailable
    @Persisted var optInt: OCIntFailable?
    @Persisted var listInt: List<OCIntFailable>
    @Persisted var optListInt: List<OCIntFailable?>
    @Persisted var setInt: MutableSet<OCIntFailable>
    @Persisted var optSetInt: MutableSet<OCIntFailable?>
    @Persisted var mapInt: Map<String, OCIntFailable>
    @Persisted var optMapInt: Map<String, OCIntFailable?>
}

/// Realm's `InvalidDefaultInit`: its persisted type's default, 0, is not a valid value.
struct OCInvalidDefault: FailableCustomPersistable {
    init?(persistedValue: Int) {
        guard persistedValue != 0 else { return nil }
    }
    var persistableValue: Int { 0 }
}

/// Realm's `InvalidDefaultInitObject`: no declared default, so one is made from 0 and fails.
final class OCInvalidDefaultObject: Object {
    @Persisted var value: OCInvalidDefault
}

/// Realm's `ValidDefaultInitObject`: a declared default.
final class OCValidDefaultObject: Object {
    @Persisted var value = OCInvalidDefault(persistedValue: 1)!
}

/// Which of Realm's value tables a case gives.
enum OCCustomValues: String, CaseIterable, Sendable {
    case wrapped, raw, null
}

/// A path and a table, as one test case.
struct OCCustomCase: Sendable, CustomTestStringConvertible {
    let path: OCPath
    let values: OCCustomValues
    var testDescription: String { "\(path.rawValue) \(values.rawValue)" }

    /// Realm's cases: every path with the wrapped values; the dictionary and array paths with the persisted values;
    /// the init paths with nil values (and create with nil, as testNullValueForNonOptionalPropertyBackedByOptional).
    static let all: [OCCustomCase] =
        OCPath.allCases.map { OCCustomCase(path: $0, values: .wrapped) }
        + [OCPath.initDictionary, .initArray, .createDictionary, .createArray].map {
            OCCustomCase(path: $0, values: .raw)
        }
        + [OCPath.initDictionary, .initArray, .initObject, .createDictionary].map {
            OCCustomCase(path: $0, values: .null)
        }

    func fields<Model: OCValueInitializable>(
        _ wrapped: (Bool) -> [OCField<Model>],
        _ null: () -> [OCField<Model>]
    ) -> [OCField<Model>] {
        switch values {
        case .wrapped: wrapped(false)
        case .raw: wrapped(true)
        case .null: null()
        }
    }
}

@Suite("Object creation as realm-swift's CustomObjectCreationTests: custom persistable types")
struct ObjectCreationPortCustomTests {
    @Test("Each custom-typed property reads back the wrapper of the value it was given", arguments: OCCustomCase.all)
    func customPropertiesRoundTrip(row: OCCustomCase) async throws {
        let realm = try await Realm(
            configuration: memoryConfiguration([OCCustomTypes.self, OCCustomCollections.self])
        )
        let read = try await realm.write { realm in
            let fields = row.fields(OCCustomTypes.fields(raw:), OCCustomTypes.nullFields)
            return ocRead(fields, try row.path.make(OCCustomTypes.self, fields, in: realm))
        }
        #expect(read == ocRead(row.fields(OCCustomTypes.fields(raw:), OCCustomTypes.nullFields), nil))
    }

    @Test(
        "Each collection of a custom type reads back the wrappers of the values it was given",
        arguments: OCCustomCase.all
    )
    func customCollectionsRoundTrip(row: OCCustomCase) async throws {
        let realm = try await Realm(
            configuration: memoryConfiguration([OCCustomTypes.self, OCCustomCollections.self])
        )
        let read = try await realm.write { realm in
            let fields = row.fields(OCCustomCollections.fields(raw:), OCCustomCollections.nullFields)
            return ocRead(fields, try row.path.make(OCCustomCollections.self, fields, in: realm))
        }
        #expect(read == ocRead(row.fields(OCCustomCollections.fields(raw:), OCCustomCollections.nullFields), nil))
    }

    @Test("Custom-typed properties start from their persisted type's default", arguments: OCDefaultPath.allCases)
    func customDefaults(path: OCDefaultPath) async throws {
        let realm = try await Realm(
            configuration: memoryConfiguration([OCCustomTypes.self, OCCustomCollections.self])
        )
        let read = try await realm.write { realm in
            ocRead(OCCustomTypes.defaultFields(), try path.make(OCCustomTypes.self, in: realm))
                + ocRead(OCCustomCollections.defaultFields(), try path.make(OCCustomCollections.self, in: realm))
        }
        #expect(read == ocRead(OCCustomTypes.defaultFields(), nil) + ocRead(OCCustomCollections.defaultFields(), nil))
    }

    @Test("A list of a custom type stored as an embedded object refuses a null element")
    func nullInListOfEmbeddedWrappers() async throws {
        let realm = try await Realm(
            configuration: memoryConfiguration([OCCustomTypes.self, OCCustomCollections.self])
        )
        await expectError(RealmError.self) {
            try await realm.write { realm in
                _ = try realm.create(OCCustomCollections.self, value: ["listObject": [NSNull()]])
            }
        }
        #expect(await realm.read { $0.objects(OCCustomCollections.self).count } == 0)
    }

    @Test("init(value:) of a null element in a list of a custom type stored as an embedded object stops")
    func nullInUnmanagedListOfEmbeddedWrappers() async throws {
        await #expect(processExitsWith: .failure) {
            _ = OCCustomCollections(value: ["listObject": [NSNull()]])
        }
    }

    @Test("A failable type converts its persisted value to nil where the property or element is optional")
    func failableOptionals() async throws {
        @Sendable func values() -> [String: Any] {
            [
                "optInt": 1, "listInt": [2], "optListInt": [1], "setInt": [2], "optSetInt": [1], "mapInt": ["1": 2],
                "optMapInt": ["1": 1],
            ]
        }
        @Sendable func read(_ object: OCFailableObject) -> [String] {
            [
                ocText(object.int.persistableValue), ocText(object.optInt as Any),
                ocText(object.optListInt.map { $0 as Any }),
                ocSetText(object.optSetInt.map { $0 as Any }),
                ocMapText(object.optMapInt.keys) { object.optMapInt[$0] as Any },
            ]
        }
        let expected = ["0", "nil", "[nil]", "{nil}", "[1: nil]"]
        #expect(read(OCFailableObject()) == ["0", "nil", "[]", "{}", "[]"])
        #expect(read(OCFailableObject(value: values())) == expected)
        let realm = try await Realm(configuration: memoryConfiguration([OCFailableObject.self]))
        let managed = try await realm.write { realm in
            read(try realm.create(OCFailableObject.self, value: values()))
        }
        #expect(managed == expected)
    }
}

/// The first form of ``OCFailableObject``: the same class and columns, holding plain integers, to store a value the
/// failable type rejects (as Realm's `create` stores one without converting it).
enum OCFailableStorage {
    final class OCFailableObject: Object {
        @Persisted var int: Int
        @Persisted var optInt: Int?
        @Persisted var listInt: List<Int>
        @Persisted var optListInt: List<Int?>
        @Persisted var setInt: MutableSet<Int>
        @Persisted var optSetInt: MutableSet<Int?>
        @Persisted var mapInt: Map<String, Int>
        @Persisted var optMapInt: Map<String, Int?>
    }

    /// A realm file in `directory` whose one object holds 1 in every property and collection.
    static func write(in directory: TemporaryDirectory) async throws -> Realm.Configuration {
        let configuration = directory.configuration([OCFailableObject.self])
        let realm = try await Realm(configuration: configuration)
        try await realm.write { realm in
            _ = try realm.create(
                OCFailableObject.self,
                value: [
                    "int": 1, "optInt": 1, "listInt": [1], "optListInt": [1], "setInt": [1], "optSetInt": [1],
                    "mapInt": ["1": 1], "optMapInt": ["1": 1],
                ]
            )
        }
        await realm.close()
        return directory.configuration([StrataTests.OCFailableObject.self])
    }
}

/// Where a rejected stored value is read. Each stops with Realm's message for a property; Realm words it "Could not
/// convert value '1' to type 'IntFailableWrapper'." for a collection element, which Strata reads the same way.
struct OCFailableRead: Sendable, CustomTestStringConvertible {
    let name: String
    let read: @Sendable (OCFailableObject) -> Void
    var testDescription: String { name }

    static let couldNotConvert = "Could not convert value '1' to type 'OCIntFailable'."
    static let nonOptional = "Failed to convert persisted value '1' to type 'OCIntFailable' in a non-optional context."

    static let all: [OCFailableRead] = [
        OCFailableRead(name: "int") { _ = $0.int },
        OCFailableRead(name: "listInt[0]") { _ = $0.listInt[0] },
        OCFailableRead(name: "setInt.first") { _ = $0.setInt.first },
        OCFailableRead(name: "mapInt[\"1\"]") { _ = $0.mapInt["1"] },
    ]
}

extension ObjectCreationPortCustomTests {
    @Test(
        "init(value:) of a value a non-optional failable type rejects stops with Realm's message",
        arguments: ["int", "listInt", "setInt", "mapInt"]
    )
    func failableRejectedByInit(key: String) async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) { [key] in
            let value: Any = key == "int" ? 1 : key == "mapInt" ? ["1": 1] : [1]
            _ = OCFailableObject(value: [key: value])
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains(OCFailableRead.couldNotConvert), "\(output.suffix(300))")
    }

    @Test("create of a value a non-optional failable type rejects throws Realm's conversion message")
    func failableRejectedByCreate() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([OCFailableObject.self]))
        for key in ["int", "listInt", "setInt", "mapInt"] {
            await expectError(RealmError.invalidValue(OCFailableRead.couldNotConvert)) {
                try await realm.write { realm in
                    let value: Any = key == "int" ? 1 : key == "mapInt" ? ["1": 1] : [1]
                    _ = try realm.create(OCFailableObject.self, value: [key: value])
                }
            }
        }
    }

    @Test("A stored value the failable type rejects reads as nil where the property or element is optional")
    func failableStoredOptionals() async throws {
        let directory = TemporaryDirectory()
        let realm = try await Realm(configuration: try await OCFailableStorage.write(in: directory))
        let read = await realm.read { realm -> [String] in
            let object = realm.objects(OCFailableObject.self)[0]
            return [
                ocText(object.optInt as Any), ocText(object.optListInt.map { $0 as Any }),
                ocSetText(object.optSetInt.map { $0 as Any }),
                ocMapText(object.optMapInt.keys) { object.optMapInt[$0] as Any },
            ]
        }
        #expect(read == ["nil", "[nil]", "{nil}", "[1: nil]"])
    }

    @Test(
        "Reading a stored value a non-optional failable type rejects stops with Realm's message",
        arguments: OCFailableRead.all
    )
    func failableStoredNonOptional(row: OCFailableRead) async throws {
        let directory = TemporaryDirectory()
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [name = row.name as String, path = directory.url.path as String] in
            let row = OCFailableRead.all.first { $0.name == name }!
            let directory = TemporaryDirectory(existing: path)
            let realm = try await Realm(configuration: try await OCFailableStorage.write(in: directory))
            await realm.read { realm in row.read(realm.objects(OCFailableObject.self)[0]) }
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains(OCFailableRead.nonOptional), "\(output.suffix(300))")
    }

    @Test(
        "A failable type with no declared default whose default conversion fails stops with Realm's message",
        arguments: ["read", "create", "add"]
    )
    func invalidDefault(step: String) async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) { [step] in
            let realm = try await Realm(configuration: memoryConfiguration([OCInvalidDefaultObject.self]))
            try await realm.write { realm in
                switch step {
                case "read": _ = OCInvalidDefaultObject().value
                case "create": _ = try realm.create(OCInvalidDefaultObject.self)
                default: try realm.add(OCInvalidDefaultObject())
                }
            }
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        let message =
            "Failed to default construct a OCInvalidDefault using the default value for persisted type Int. This "
            + "conversion must either succeed, the property must be optional, or you must explicitly specify a "
            + "default value for the property."
        #expect(output.contains(message), "\(output.suffix(300))")
    }

    @Test("A failable type with a declared default is created and added")
    func validDefault() async throws {
        #expect(OCValidDefaultObject().value.persistableValue == 0)
        let realm = try await Realm(configuration: memoryConfiguration([OCValidDefaultObject.self]))
        let count = try await realm.write { realm -> Int in
            _ = try realm.create(OCValidDefaultObject.self)
            try realm.add(OCValidDefaultObject())
            return realm.objects(OCValidDefaultObject.self).count
        }
        #expect(count == 2)
    }
}
