import Foundation
import Strata
import Testing

// The table machinery of the ObjectCreationPortTests files (facts of realm-swift's
// RealmSwift/Tests/ModernObjectCreationTests.swift): a field is a value given for a property and the text it must
// read back as; a path is one way to make an object from a table of fields.

// MARK: - Fields: a value given for a property, and the property read back

/// One property of `Model`: the value a test gives for it, the text it must read back as, and how to read it.
struct OCField<Model: ObjectBase> {
    let name: String
    let given: Any
    let expected: String
    let read: (Model) -> String

    /// A property read as it is.
    static func scalar<Value>(
        _ name: String,
        _ keyPath: KeyPath<Model, Value>,
        _ value: Value,
        given: Any? = nil
    ) -> OCField {
        OCField(name: name, given: given ?? value, expected: ocText(value)) { ocText($0[keyPath: keyPath]) }
    }

    /// A property whose expected text is written out (a generated value, a linked object's key).
    static func text<Value>(_ name: String, _ keyPath: KeyPath<Model, Value>, given: Any, _ expected: String)
        -> OCField
    {
        OCField(name: name, given: given, expected: expected) { ocText($0[keyPath: keyPath]) }
    }

    /// A list, read in order.
    static func list<Element>(
        _ name: String,
        _ keyPath: KeyPath<Model, List<Element>>,
        _ values: [Element],
        given: Any? = nil
    ) -> OCField {
        OCField(name: name, given: given ?? values, expected: ocText(values)) { ocText(Array($0[keyPath: keyPath])) }
    }

    /// A set, read as its distinct members in text order.
    static func set<Element>(
        _ name: String,
        _ keyPath: KeyPath<Model, MutableSet<Element>>,
        _ values: [Element],
        given: Any? = nil
    ) -> OCField {
        OCField(name: name, given: given ?? values, expected: ocSetText(values)) {
            ocSetText(Array($0[keyPath: keyPath]))
        }
    }

    /// A map, read as its keys in order with their values.
    static func map<Value>(
        _ name: String,
        _ keyPath: KeyPath<Model, Map<String, Value>>,
        _ values: [String: Value],
        given: Any? = nil
    ) -> OCField {
        OCField(name: name, given: given ?? values, expected: ocMapText(Array(values.keys)) { values[$0] as Any }) {
            let map = $0[keyPath: keyPath]
            return ocMapText(map.keys) { map[$0] as Any }
        }
    }
}

/// A value as text: optionals unwrapped ("nil" for none), data in hex, dates as seconds, linked objects by key.
func ocText(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first?.value else { return "nil" }
        return ocText(wrapped)
    }
    switch value {
    case let data as Data: return "data(\(data.map { String($0, radix: 16) }.joined()))"
    case let date as Date: return "date(\(date.timeIntervalSince1970))"
    case let object as OCAllTypes: return "obj(\(object.intCol))"
    case let values as [Any]: return "[" + values.map(ocText).joined(separator: ", ") + "]"
    default: return "\(value)"
    }
}

/// The distinct members of a set as text, in text order.
func ocSetText(_ values: [Any]) -> String {
    "{" + Set(values.map(ocText)).sorted().joined(separator: ", ") + "}"
}

/// A map's keys in order, each with its value as text.
func ocMapText(_ keys: [String], _ value: (String) -> Any) -> String {
    "[" + keys.sorted().map { "\($0): \(ocText(value($0)))" }.joined(separator: ", ") + "]"
}

/// `values` keyed "0", "1", …, as realm-swift's `mapValues`.
func ocKeyed<Value>(_ values: [Value]) -> [String: Value] {
    Dictionary(uniqueKeysWithValues: values.enumerated().map { ("\($0.offset)", $0.element) })
}

func ocData(_ text: String) -> Data { Data(text.utf8) }
func ocDate(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }
func ocObjectId(_ n: UInt8) -> ObjectId { ObjectId(bytes: Array(repeating: 0, count: 11) + [n]) }
func ocUUID(_ n: UInt8) -> UUID {
    UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, n))
}

/// A model whose `init(value:)` generic code can call (a final class's inherited convenience initializer satisfies it).
protocol OCValueInitializable: Object {
    init(value: Any)
}

extension OCAllTypes: OCValueInitializable {}

/// The ways Realm's tests make an object from a table of values.
enum OCPath: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case initDictionary, initArray, initObject, createDictionary, createArray, createObject, add

    var testDescription: String { rawValue }

    /// An object of `Model` made from `fields` this way (managed by `realm` for create and add).
    func make<Model: OCValueInitializable>(_: Model.Type, _ fields: [OCField<Model>], in realm: isolated Realm) throws
        -> Model
    {
        let dictionary = Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0.given) })
        func array() -> [Any] {
            Model().objectSchema.properties.map { property in
                guard let value = dictionary[property.name] else {
                    preconditionFailure("no value for \(property.name)")
                }
                return value
            }
        }
        switch self {
        case .initDictionary: return Model(value: dictionary)
        case .initArray: return Model(value: array())
        case .initObject: return Model(value: Model(value: dictionary))
        case .createDictionary: return try realm.create(Model.self, value: dictionary)
        case .createArray: return try realm.create(Model.self, value: array())
        case .createObject: return try realm.create(Model.self, value: Model(value: dictionary))
        case .add:
            let object = Model(value: dictionary)
            try realm.add(object)
            return object
        }
    }
}

/// Each field as "name: text", read from `object` (or the expected text when `object` is nil).
func ocRead<Model>(_ fields: [OCField<Model>], _ object: Model?) -> [String] {
    fields.map { "\($0.name): \(object.map($0.read) ?? $0.expected)" }
}

/// How an object is made with no value: `init()`, `create` without a value, or `add` of `init()`.
enum OCDefaultPath: String, CaseIterable, Sendable {
    case initDefault, createDefault, addDefault

    /// A new object of `Model` made this way.
    func make<Model: Object>(_: Model.Type, in realm: isolated Realm) throws -> Model {
        switch self {
        case .initDefault: return Model()
        case .createDefault: return try realm.create(Model.self)
        case .addDefault:
            let object = Model()
            try realm.add(object)
            return object
        }
    }
}
