import Foundation
import Strata
import Testing

// Realm bridges an enum or custom persistable value to the value it is stored as wherever it takes a loosely typed
// value (realm-swift's Impl/ObjcBridgeable.swift `_rlmObjcValue`, which Realm/RLMUtil.mm's RLMValidateValue and
// RLMAccessor.mm's accessor context apply): a `PersistableEnum` given for a property of its raw type is its raw
// value, a `CustomPersistable` value its persisted value. realm-swift's MigrationTests.testCreate asserts it for
// `Migration.create` (MigrationPortTests+Edits.swift); these are the other paths: `init(value:)`, `create`,
// `setValue(_:forKey:)`, subscripts, dynamic objects, collection elements and mixed values.

/// A holder of raw-typed properties, given enum and custom values.
final class EVCHolder: Object {
    @Persisted var stringCol = ""
    @Persisted var intCol = 0
    @Persisted var optStringCol: String?
    @Persisted var stringList: List<String>
    @Persisted var intMap: Map<String, Int>
    @Persisted var anyCol: AnyRealmValue
    @Persisted var otherEnumCol = EVCOtherEnum.first
}

/// A string enum given for `String` properties.
enum EVCStringEnum: String, PersistableEnum {
    case alpha = "a"
    case beta = "b"
}

/// An integer enum given for `Int` properties.
enum EVCIntEnum: Int, PersistableEnum {
    case one = 1
    case seven = 7
}

/// Another string enum, whose property is given an `EVCStringEnum` of the same raw value.
enum EVCOtherEnum: String, PersistableEnum {
    case first = "x"
    case second = "b"
}

/// A custom type stored as a `String`.
struct EVCWrapper: CustomPersistable {
    var text: String
    init(persistedValue: String) { text = persistedValue }
    var persistableValue: String { text }
}

@Suite("Enum and custom persistable values given for their stored type")
struct EnumAndCustomValueCoercionTests {
    /// The values an object holds, in property order.
    static func read(_ object: EVCHolder) -> [String] {
        [
            object.stringCol, "\(object.intCol)", object.optStringCol ?? "nil", "\(Array(object.stringList))",
            "\(object.intMap.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })",
            object.anyCol == .string("a") ? "string a" : "\(object.anyCol)",
            object.otherEnumCol.rawValue,
        ]
    }

    /// Each property's value, as an enum or a custom value.
    static var value: [String: Any] {
        [
            "stringCol": EVCStringEnum.beta, "intCol": EVCIntEnum.seven,
            "optStringCol": EVCWrapper(persistedValue: "w"),
            "stringList": [EVCStringEnum.alpha, EVCWrapper(persistedValue: "x")], "intMap": ["k": EVCIntEnum.one],
            "anyCol": EVCStringEnum.alpha, "otherEnumCol": EVCStringEnum.beta,
        ]
    }

    static let expected = ["b", "7", "w", #"["a", "x"]"#, #"["k=1"]"#, "string a", "b"]

    @Test("init(value:) stores each value's raw or persisted value")
    func unmanagedObjects() {
        #expect(Self.read(EVCHolder(value: Self.value)) == Self.expected)
    }

    @Test("create, setValue(_:forKey:), subscripts and dynamic objects store the raw or persisted value")
    func managedObjects() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([EVCHolder.self]))
        let seen = try await realm.write { realm -> [[String]] in
            let created = try realm.create(EVCHolder.self, value: Self.value)
            let keyed = try realm.create(EVCHolder.self)
            for (key, value) in Self.value { keyed.setValue(value, forKey: key) }
            let subscripted = try realm.create(EVCHolder.self)
            for (key, value) in Self.value { subscripted[key] = value }
            let dynamic = try realm.dynamicCreate("EVCHolder")
            for (key, value) in Self.value { dynamic[key] = value }
            let all = realm.objects(EVCHolder.self)
            return [Self.read(created), Self.read(keyed), Self.read(subscripted), Self.read(all[3])]
        }
        #expect(seen == Array(repeating: Self.expected, count: 4))
        await realm.close()
    }
}
