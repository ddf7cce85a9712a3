import Foundation
import StrataCore

/// Converts between Swift property values and engine values.
enum ValueConversion {
    // MARK: Swift to engine

    /// The engine value of a scalar Swift value (links resolved by `link`).
    static func engineValue(_ value: Any, link: (ObjectBase) throws -> StrataCore.Value) throws -> StrataCore.Value {
        // The common types by metadata identity first: one pointer compare and one cast that cannot fail,
        // instead of a protocol conformance check and a chain of failing casts.
        switch ObjectIdentifier(type(of: value)) {
        case ObjectIdentifier(Int.self): return .int(Int64(value as! Int))
        case ObjectIdentifier(String.self): return .string(value as! String)
        case ObjectIdentifier(Double.self): return .double(value as! Double)
        case ObjectIdentifier(Bool.self): return .bool(value as! Bool)
        case ObjectIdentifier(Int64.self): return .int(value as! Int64)
        case ObjectIdentifier(Date.self): return .timestamp(timestamp(value as! Date))
        default: break
        }
        if let optional = value as? any OptionalMarker {
            guard let wrapped = optional.wrappedValueIfAny else { return .null }
            return try engineValue(wrapped, link: link)
        }
        switch value {
        case let v as Int: return .int(Int64(v))
        case let v as Int8: return .int(Int64(v))
        case let v as Int16: return .int(Int64(v))
        case let v as Int32: return .int(Int64(v))
        case let v as Int64: return .int(v)
        case let v as Bool: return .bool(v)
        case let v as Float: return .float(v)
        case let v as Double: return .double(v)
        case let v as String: return .string(v)
        case let v as Data: return .binary([UInt8](v))
        case let v as Date: return .timestamp(timestamp(v))
        case let v as ObjectId: return .objectId(v.bytes)
        case let v as Decimal128: return .decimal128(v.storageBytes)
        case let v as UUID: return .uuid(withUnsafeBytes(of: v.uuid) { Array($0) })
        case let v as AnyRealmValue: return try mixed(v, link: link)
        case let v as ObjectBase: return try link(v)
        default: break
        }
        if let enumValue = value as? any PersistableEnum { return try engineValue(rawValue(of: enumValue), link: link) }
        if let custom = value as? any CustomPersistable { return try engineValue(persisted(custom), link: link) }
        if let custom = value as? any FailableCustomPersistable {
            return try engineValue(persisted(custom), link: link)
        }
        throw RealmError.invalidValue("a value of type \(type(of: value)) cannot be stored")
    }

    private static func rawValue<E: PersistableEnum>(of value: E) -> Any { value.rawValue }
    private static func persisted<C: CustomPersistable>(_ value: C) -> Any { value.persistableValue }
    private static func persisted<C: FailableCustomPersistable>(_ value: C) -> Any { value.persistableValue }

    private static func mixed(_ value: AnyRealmValue, link: (ObjectBase) throws -> StrataCore.Value) throws
        -> StrataCore.Value
    {
        switch value {
        case .none: return .null
        case .int(let v): return .int(Int64(v))
        case .bool(let v): return .bool(v)
        case .float(let v): return .float(v)
        case .double(let v): return .double(v)
        case .string(let v): return .string(v)
        case .data(let v): return .binary([UInt8](v))
        case .date(let v): return .timestamp(timestamp(v))
        case .objectId(let v): return .objectId(v.bytes)
        case .decimal128(let v): return .decimal128(v.storageBytes)
        case .uuid(let v): return .uuid(withUnsafeBytes(of: v.uuid) { Array($0) })
        case .object(let object):
            guard case .link(let key) = try link(object), let binding = object.binding else {
                throw RealmError.invalidValue("the object in an AnyRealmValue could not be stored")
            }
            return .typedLink(binding.table.tableKey, key)
        case .list(let list):
            return .list(try list.elements.map { try mixed($0, link: link) })
        case .dictionary(let map):
            // Entries sorted by key, as every stored dictionary keeps them.
            return .dictionary(
                try map.entries.map { DictionaryEntry(key: $0.key, value: try mixed($0.value, link: link)) }
                    .sorted { $0.key < $1.key }
            )
        }
    }

    static func timestamp(_ date: Date) -> Timestamp {
        let interval = date.timeIntervalSince1970
        var seconds = Int64(interval.rounded(.towardZero))
        var nanoseconds = Int64(((interval - Double(seconds)) * 1e9).rounded())
        if nanoseconds >= 1_000_000_000 {
            seconds += 1
            nanoseconds -= 1_000_000_000
        } else if nanoseconds <= -1_000_000_000 {
            seconds -= 1
            nanoseconds += 1_000_000_000
        }
        return Timestamp(seconds: seconds, nanoseconds: Int32(nanoseconds))
    }

    static func date(_ timestamp: Timestamp) -> Date {
        Date(timeIntervalSince1970: Double(timestamp.seconds) + Double(timestamp.nanoseconds) / 1e9)
    }

    // MARK: Engine to Swift

    /// The Swift value of type `type` for an engine value (links become managed objects of `source`).
    static func swiftValue(_ value: StrataCore.Value, as type: Any.Type, source: RealmSource) -> Any {
        // The common types by metadata identity first (see engineValue).
        switch (ObjectIdentifier(type), value) {
        case (ObjectIdentifier(Int.self), .int(let v)): return Int(v)
        case (ObjectIdentifier(String.self), .string(let v)): return v
        case (ObjectIdentifier(Double.self), .double(let v)): return v
        case (ObjectIdentifier(Bool.self), .bool(let v)): return v
        case (ObjectIdentifier(Int64.self), .int(let v)): return v
        default: break
        }
        if let optional = type as? any OptionalMarker.Type {
            if case .null = value { return optional.noneValue }
            // A stored value that a failable custom type rejects reads as nil where it is optional, as in Realm.
            if let custom = optional.wrappedType as? any FailableCustomPersistable.Type {
                return optionalFailableValue(custom, value, optional: optional, source: source)
            }
            return optional.wrapping(swiftValue(value, as: optional.wrappedType, source: source))
        }
        switch (type, value) {
        case (is Int.Type, .int(let v)): return Int(v)
        case (is Int8.Type, .int(let v)): return Int8(truncatingIfNeeded: v)
        case (is Int16.Type, .int(let v)): return Int16(truncatingIfNeeded: v)
        case (is Int32.Type, .int(let v)): return Int32(truncatingIfNeeded: v)
        case (is Int64.Type, .int(let v)): return v
        case (is Bool.Type, .bool(let v)): return v
        case (is Float.Type, .float(let v)): return v
        case (is Double.Type, .double(let v)): return v
        case (is String.Type, .string(let v)): return v
        case (is Data.Type, .binary(let v)): return Data(v)
        case (is Date.Type, .timestamp(let v)): return date(v)
        case (is ObjectId.Type, .objectId(let v)): return ObjectId(bytes: v)
        case (is Decimal128.Type, .decimal128(let v)): return Decimal128(storageBytes: v)
        case (is UUID.Type, .uuid(let v)): return v.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        case (is AnyRealmValue.Type, _): return mixedValue(value, source: source)
        case (let objectType as ObjectBase.Type, .link(let key)):
            return ObjectBinding.makeObject(source: source, table: source.schema.table(for: objectType), key: key)
        default: break
        }
        if let enumType = type as? any PersistableEnum.Type { return enumValue(enumType, value, source: source) }
        if let custom = type as? any CustomPersistable.Type { return customValue(custom, value, source: source) }
        if let custom = type as? any FailableCustomPersistable.Type {
            return failableValue(custom, value, source: source)
        }
        if case .null = value { return DefaultValues.make(type) }
        preconditionFailure("a stored \(value) cannot be read as \(type)")
    }

    private static func enumValue<E: PersistableEnum>(_ type: E.Type, _ value: StrataCore.Value, source: RealmSource)
        -> Any
    {
        let raw = swiftValue(value, as: E.RawValue.self, source: source) as! E.RawValue
        guard let result = E(rawValue: raw) else { preconditionFailure("\(raw) is not a case of \(E.self)") }
        return result
    }

    private static func customValue<C: CustomPersistable>(
        _ type: C.Type,
        _ value: StrataCore.Value,
        source: RealmSource
    ) -> Any {
        // A custom type stored as an object reads a null link as a new, empty object of that type.
        if case .null = value, C.PersistedType.self is ObjectBase.Type {
            return C(persistedValue: TypeInspector.defaultValue(C.PersistedType.self) as! C.PersistedType)
        }
        return C(persistedValue: swiftValue(value, as: C.PersistedType.self, source: source) as! C.PersistedType)
    }

    private static func failableValue<C: FailableCustomPersistable>(
        _ type: C.Type,
        _ value: StrataCore.Value,
        source: RealmSource
    ) -> Any {
        let (persisted, result) = failableConversion(type, value, source: source)
        guard let result else {
            preconditionFailure(
                "Failed to convert persisted value '\(persisted)' to type '\(C.self)' in a non-optional context."
            )
        }
        return result
    }

    /// `C` made from a stored value, wrapped in `optional`; `optional`'s nil when `C` rejects the value.
    private static func optionalFailableValue<C: FailableCustomPersistable>(
        _ type: C.Type,
        _ value: StrataCore.Value,
        optional: any OptionalMarker.Type,
        source: RealmSource
    ) -> Any {
        guard let result = failableConversion(type, value, source: source).result else { return optional.noneValue }
        return optional.wrapping(result)
    }

    /// The persisted form of a stored value of failable type `C`, and `C` made from it (nil when `C` rejects it).
    private static func failableConversion<C: FailableCustomPersistable>(
        _ type: C.Type,
        _ value: StrataCore.Value,
        source: RealmSource
    ) -> (persisted: Any, result: C?) {
        let persisted: Any
        if case .null = value, C.PersistedType.self is ObjectBase.Type {
            persisted = TypeInspector.defaultValue(C.PersistedType.self)
        } else {
            persisted = swiftValue(value, as: C.PersistedType.self, source: source)
        }
        return (persisted, C(persistedValue: persisted as! C.PersistedType))
    }

    /// The mixed value of an engine value that needs no realm to read: null and scalars; nil for links and
    /// collections.
    static func mixedScalar(_ value: StrataCore.Value) -> AnyRealmValue? {
        switch value {
        case .null: return AnyRealmValue.none
        case .int(let v): return .int(Int(v))
        case .bool(let v): return .bool(v)
        case .float(let v): return .float(v)
        case .double(let v): return .double(v)
        case .string(let v): return .string(v)
        case .binary(let v): return .data(Data(v))
        case .timestamp(let v): return .date(date(v))
        case .objectId(let v): return .objectId(ObjectId(bytes: v))
        case .decimal128(let v): return .decimal128(Decimal128(storageBytes: v))
        case .uuid(let v): return .uuid(v.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) })
        case .typedLink, .list, .dictionary, .link: return nil
        }
    }

    static func mixedValue(_ value: StrataCore.Value, source: RealmSource) -> AnyRealmValue {
        if let scalar = mixedScalar(value) { return scalar }
        switch value {
        case .typedLink(let table, let key):
            guard let resolved = source.schema.byTableKey[table],
                let object = ObjectBinding.makeObject(source: source, table: resolved, key: key) as? Object
            else {
                return .none
            }
            return .object(object)
        case .list(let elements):
            // Without the object that holds it, a nested collection reads as an unmanaged copy (the object's
            // property reads give a managed one: see `ManagedCollectionBacking.mixedCollection`).
            return .fromArray(elements.map { mixedValue($0, source: source) })
        case .dictionary(let entries):
            let map = Map<String, AnyRealmValue>()
            map.storage.withLock { stored in stored = entries.map { ($0.key, mixedValue($0.value, source: source)) } }
            return .dictionary(map)
        default: return .none  // A plain link: mixed values hold typed links only.
        }
    }

    // MARK: Key-value coding

    /// A property value as key-value coding gives it, as Realm Swift does: nil for a nil optional (a missing link
    /// included) and for ``AnyRealmValue/none``, an ``AnyRealmValue``'s payload (an object, or a nested
    /// ``List`` or ``Map``, as it is), a ``PersistableEnum``'s raw value, and anything else as it is.
    static func keyValueCodingValue(_ value: Any) -> Any? {
        // The common types by metadata identity first (see engineValue).
        switch ObjectIdentifier(type(of: value)) {
        case ObjectIdentifier(Int.self), ObjectIdentifier(String.self), ObjectIdentifier(Double.self),
            ObjectIdentifier(Bool.self):
            return value
        default: break
        }
        if let optional = value as? any OptionalMarker {
            guard let wrapped = optional.wrappedValueIfAny else { return nil }
            return keyValueCodingValue(wrapped)
        }
        if let mixed = value as? AnyRealmValue { return payload(of: mixed) }
        if let enumValue = value as? any PersistableEnum { return rawValue(of: enumValue) }
        return value
    }

    /// `value` without its optional wrappers: nil when any of them is nil (`Int?.none as Any` passed as an `Any?`).
    static func flattened(_ value: Any?) -> Any? {
        guard let value else { return nil }
        guard let optional = value as? any OptionalMarker else { return value }
        return flattened(optional.wrappedValueIfAny)
    }

    /// What an ``AnyRealmValue`` holds, nil for ``AnyRealmValue/none``.
    private static func payload(of value: AnyRealmValue) -> Any? {
        switch value {
        case .none: return nil
        case .int(let v): return v
        case .bool(let v): return v
        case .float(let v): return v
        case .double(let v): return v
        case .string(let v): return v
        case .data(let v): return v
        case .date(let v): return v
        case .objectId(let v): return v
        case .decimal128(let v): return v
        case .uuid(let v): return v
        case .object(let v): return v
        case .list(let v): return v
        case .dictionary(let v): return v
        }
    }
}
