import Foundation
import Strata
import Testing

// The models and value tables of realm-swift's RealmSwift/Tests/CustomObjectCreationTests.swift (its
// AllCustomPersistableTypes and CustomPersistableCollections, with the wrappers of
// RealmSwift/Tests/CustomPersistableTestObjects.swift): one generic wrapper stands for Realm's fourteen wrapper types.

/// Realm's `BoolWrapper`, `IntWrapper`, …, `UUIDWrapper`: a value stored as itself.
struct OCWrap<Value: _Persistable & Hashable>: CustomPersistable, Hashable {
    var value: Value
    init(_ value: Value) { self.value = value }
    init(persistedValue: Value) { value = persistedValue }
    var persistableValue: Value { value }
}

/// Each value wrapped.
func ocWrapped<Value>(_ values: [Value]) -> [OCWrap<Value>] { values.map { OCWrap($0) } }

/// Each value wrapped, nil kept.
func ocWrappedOptionals<Value>(_ values: [Value?]) -> [OCWrap<Value>?] { values.map { $0.map { OCWrap($0) } } }

/// `value` when a case gives persisted values, nil when it gives the wrappers.
func ocRaw(_ raw: Bool, _ value: Any) -> Any? { raw ? value : nil }

/// Realm's `ModernEmbeddedObject`.
final class OCEmbeddedValue: EmbeddedObject {
    @Persisted var value = 0
}

/// Realm's `EmbeddedObjectWrapper`: a custom type stored as an embedded object.
struct OCEmbeddedWrap: CustomPersistable, Hashable {
    var value: Int
    init(value: Int = 1) { self.value = value }
    init(persistedValue: OCEmbeddedValue) { value = persistedValue.value }
    var persistableValue: OCEmbeddedValue { OCEmbeddedValue(value: [value]) }
}

extension OCField {
    /// A custom-typed property given `value` wrapped, or as itself when `raw`.
    static func wrapped<Value>(_ name: String, _ keyPath: KeyPath<Model, OCWrap<Value>>, _ value: Value, raw: Bool)
        -> OCField
    {
        .scalar(name, keyPath, OCWrap(value), given: ocRaw(raw, value))
    }

    /// An optional custom-typed property given `value` wrapped, or as itself when `raw`.
    static func wrappedOptional<Value>(
        _ name: String,
        _ keyPath: KeyPath<Model, OCWrap<Value>?>,
        _ value: Value,
        raw: Bool
    ) -> OCField {
        .scalar(name, keyPath, OCWrap(value), given: ocRaw(raw, value))
    }

    /// A list of a custom type given `values` wrapped, or as themselves when `raw`.
    static func wrappedList<Value>(
        _ name: String,
        _ keyPath: KeyPath<Model, List<OCWrap<Value>>>,
        _ values: [Value],
        raw: Bool
    ) -> OCField {
        .list(name, keyPath, ocWrapped(values), given: ocRaw(raw, values))
    }

    /// A list of an optional custom type given `values` wrapped, or as themselves when `raw`.
    static func wrappedOptionalList<Value>(
        _ name: String,
        _ keyPath: KeyPath<Model, List<OCWrap<Value>?>>,
        _ values: [Value?],
        raw: Bool
    ) -> OCField {
        .list(name, keyPath, ocWrappedOptionals(values), given: ocRaw(raw, values))
    }

    /// A set of a custom type given `values` wrapped, or as themselves when `raw`.
    static func wrappedSet<Value>(
        _ name: String,
        _ keyPath: KeyPath<Model, MutableSet<OCWrap<Value>>>,
        _ values: [Value],
        raw: Bool
    ) -> OCField {
        .set(name, keyPath, ocWrapped(values), given: ocRaw(raw, values))
    }

    /// A set of an optional custom type given `values` wrapped, or as themselves when `raw`.
    static func wrappedOptionalSet<Value>(
        _ name: String,
        _ keyPath: KeyPath<Model, MutableSet<OCWrap<Value>?>>,
        _ values: [Value?],
        raw: Bool
    ) -> OCField {
        .set(name, keyPath, ocWrappedOptionals(values), given: ocRaw(raw, values))
    }

    /// A map of a custom type given `values` wrapped, or as themselves when `raw`.
    static func wrappedMap<Value>(
        _ name: String,
        _ keyPath: KeyPath<Model, Map<String, OCWrap<Value>>>,
        _ values: [String: Value],
        raw: Bool
    ) -> OCField {
        .map(name, keyPath, values.mapValues { OCWrap($0) }, given: ocRaw(raw, values))
    }

    /// A map of an optional custom type given `values` wrapped, or as themselves when `raw`.
    static func wrappedOptionalMap<Value>(
        _ name: String,
        _ keyPath: KeyPath<Model, Map<String, OCWrap<Value>?>>,
        _ values: [String: Value?],
        raw: Bool
    ) -> OCField {
        .map(name, keyPath, values.mapValues { $0.map { OCWrap($0) } }, given: ocRaw(raw, values))
    }
}

/// Realm's `AllCustomPersistableTypes`.
final class OCCustomTypes: Object, OCValueInitializable {
    @Persisted var bool: OCWrap<Bool>
    @Persisted var int: OCWrap<Int>
    @Persisted var int8: OCWrap<Int8>
    @Persisted var int16: OCWrap<Int16>
    @Persisted var int32: OCWrap<Int32>
    @Persisted var int64: OCWrap<Int64>
    @Persisted var float: OCWrap<Float>
    @Persisted var double: OCWrap<Double>
    @Persisted var string: OCWrap<String>
    @Persisted var binary: OCWrap<Data>
    @Persisted var date: OCWrap<Date>
    @Persisted var decimal: OCWrap<Decimal128>
    @Persisted var objectId: OCWrap<ObjectId>
    @Persisted var uuid: OCWrap<UUID>
    @Persisted var object: OCEmbeddedWrap
    @Persisted var optBool: OCWrap<Bool>?
    @Persisted var optInt: OCWrap<Int>?
    @Persisted var optInt8: OCWrap<Int8>?
    @Persisted var optInt16: OCWrap<Int16>?
    @Persisted var optInt32: OCWrap<Int32>?
    @Persisted var optInt64: OCWrap<Int64>?
    @Persisted var optFloat: OCWrap<Float>?
    @Persisted var optDouble: OCWrap<Double>?
    @Persisted var optString: OCWrap<String>?
    @Persisted var optBinary: OCWrap<Data>?
    @Persisted var optDate: OCWrap<Date>?
    @Persisted var optDecimal: OCWrap<Decimal128>?
    @Persisted var optObjectId: OCWrap<ObjectId>?
    @Persisted var optUuid: OCWrap<UUID>?
    @Persisted var optObject: OCEmbeddedWrap?

    /// Realm's `wrappedValues` (or `rawValues` when `raw`): the last of each type's values.
    static func fields(raw: Bool) -> [OCField<OCCustomTypes>] {
        var fields: [OCField<OCCustomTypes>] = []
        fields.append(.wrapped("bool", \.bool, false, raw: raw))
        fields.append(.wrapped("int", \.int, 3, raw: raw))
        fields.append(.wrapped("int8", \.int8, 1, raw: raw))
        fields.append(.wrapped("int16", \.int16, 1, raw: raw))
        fields.append(.wrapped("int32", \.int32, 1, raw: raw))
        fields.append(.wrapped("int64", \.int64, 1, raw: raw))
        fields.append(.wrapped("float", \.float, 1, raw: raw))
        fields.append(.wrapped("double", \.double, 1, raw: raw))
        fields.append(.wrapped("string", \.string, "c", raw: raw))
        fields.append(.wrapped("binary", \.binary, ocData("b"), raw: raw))
        fields.append(.wrapped("date", \.date, ocDate(2), raw: raw))
        fields.append(.wrapped("decimal", \.decimal, 2, raw: raw))
        fields.append(.wrapped("objectId", \.objectId, ocObjectId(2), raw: raw))
        fields.append(.wrapped("uuid", \.uuid, ocUUID(3), raw: raw))
        fields.append(
            .scalar("object", \.object, OCEmbeddedWrap(value: 3), given: ocRaw(raw, OCEmbeddedValue(value: [3])))
        )
        fields.append(.wrappedOptional("optBool", \.optBool, false, raw: raw))
        fields.append(.wrappedOptional("optInt", \.optInt, 3, raw: raw))
        fields.append(.wrappedOptional("optInt8", \.optInt8, 1, raw: raw))
        fields.append(.wrappedOptional("optInt16", \.optInt16, 1, raw: raw))
        fields.append(.wrappedOptional("optInt32", \.optInt32, 1, raw: raw))
        fields.append(.wrappedOptional("optInt64", \.optInt64, 1, raw: raw))
        fields.append(.wrappedOptional("optFloat", \.optFloat, 1, raw: raw))
        fields.append(.wrappedOptional("optDouble", \.optDouble, 1, raw: raw))
        fields.append(.wrappedOptional("optString", \.optString, "c", raw: raw))
        fields.append(.wrappedOptional("optBinary", \.optBinary, ocData("b"), raw: raw))
        fields.append(.wrappedOptional("optDate", \.optDate, ocDate(2), raw: raw))
        fields.append(.wrappedOptional("optDecimal", \.optDecimal, 2, raw: raw))
        fields.append(.wrappedOptional("optObjectId", \.optObjectId, ocObjectId(2), raw: raw))
        fields.append(.wrappedOptional("optUuid", \.optUuid, ocUUID(3), raw: raw))
        fields.append(
            .scalar("optObject", \.optObject, OCEmbeddedWrap(value: 3), given: ocRaw(raw, OCEmbeddedValue(value: [3])))
        )
        return fields
    }

    /// Realm's `nilOptionalValues`: NSNull for the embedded object and every optional.
    static func nullFields() -> [OCField<OCCustomTypes>] {
        let nulls: [OCField<OCCustomTypes>] = [
            .scalar("object", \.object, OCEmbeddedWrap(value: 0), given: NSNull()),
            .scalar("optBool", \.optBool, nil, given: NSNull()),
            .scalar("optInt", \.optInt, nil, given: NSNull()),
            .scalar("optInt8", \.optInt8, nil, given: NSNull()),
            .scalar("optInt16", \.optInt16, nil, given: NSNull()),
            .scalar("optInt32", \.optInt32, nil, given: NSNull()),
            .scalar("optInt64", \.optInt64, nil, given: NSNull()),
            .scalar("optFloat", \.optFloat, nil, given: NSNull()),
            .scalar("optDouble", \.optDouble, nil, given: NSNull()),
            .scalar("optString", \.optString, nil, given: NSNull()),
            .scalar("optBinary", \.optBinary, nil, given: NSNull()),
            .scalar("optDate", \.optDate, nil, given: NSNull()),
            .scalar("optDecimal", \.optDecimal, nil, given: NSNull()),
            .scalar("optObjectId", \.optObjectId, nil, given: NSNull()),
            .scalar("optUuid", \.optUuid, nil, given: NSNull()),
            .scalar("optObject", \.optObject, nil, given: NSNull()),
        ]
        let replaced = Dictionary(uniqueKeysWithValues: nulls.map { ($0.name, $0) })
        return fields(raw: false).map { replaced[$0.name] ?? $0 }
    }

    /// Realm's `verifyDefault`, without `date` (see the header of ObjectCreationPortTests.swift).
    static func defaultFields() -> [OCField<OCCustomTypes>] {
        let zeroId = ObjectId(bytes: Array(repeating: 0, count: 12))
        let zeroUUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        return [
            .scalar("bool", \.bool, OCWrap(false)),
            .scalar("int", \.int, OCWrap(0)),
            .scalar("int8", \.int8, OCWrap(0)),
            .scalar("int16", \.int16, OCWrap(0)),
            .scalar("int32", \.int32, OCWrap(0)),
            .scalar("int64", \.int64, OCWrap(0)),
            .scalar("float", \.float, OCWrap(0)),
            .scalar("double", \.double, OCWrap(0)),
            .scalar("string", \.string, OCWrap("")),
            .scalar("binary", \.binary, OCWrap(Data())),
            .scalar("decimal", \.decimal, OCWrap(0)),
            .scalar("object", \.object, OCEmbeddedWrap(value: 0)),
            OCField(name: "objectId", given: 0, expected: "generated") {
                $0.objectId.value == zeroId ? "zero" : "generated"
            },
            OCField(name: "uuid", given: 0, expected: "generated") { $0.uuid.value == zeroUUID ? "zero" : "generated" },
            .scalar("optBool", \.optBool, nil),
            .scalar("optInt", \.optInt, nil),
            .scalar("optInt8", \.optInt8, nil),
            .scalar("optInt16", \.optInt16, nil),
            .scalar("optInt32", \.optInt32, nil),
            .scalar("optInt64", \.optInt64, nil),
            .scalar("optFloat", \.optFloat, nil),
            .scalar("optDouble", \.optDouble, nil),
            .scalar("optString", \.optString, nil),
            .scalar("optBinary", \.optBinary, nil),
            .scalar("optDate", \.optDate, nil),
            .scalar("optDecimal", \.optDecimal, nil),
            .scalar("optObjectId", \.optObjectId, nil),
            .scalar("optUuid", \.optUuid, nil),
            .scalar("optObject", \.optObject, nil),
        ]
    }
}
