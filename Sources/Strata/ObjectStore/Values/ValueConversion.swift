import Foundation
import StrataCore

/// Converts between Swift property values and engine values.
enum ValueConversion {
    // MARK: Swift to engine

    /// The engine value of a scalar Swift value (links resolved by `link`).
    static func engineValue(_ value: Any, link: (ObjectBase) throws -> StrataCore.Value) throws -> StrataCore.Value {
        // The common types by metadata identity first: one pointer compare and one cast that cannot fail, instead of
        // a conformance lookup. None of them holds a link.
        func scalar<T: _Persistable>(_: T.Type) throws -> StrataCore.Value {
            try (value as! T)._rlmStoredValue(_StoredLinks.none).value
        }
        switch ObjectIdentifier(type(of: value)) {
        case ObjectIdentifier(Int.self): return try scalar(Int.self)
        case ObjectIdentifier(String.self): return try scalar(String.self)
        case ObjectIdentifier(Double.self): return try scalar(Double.self)
        case ObjectIdentifier(Bool.self): return try scalar(Bool.self)
        case ObjectIdentifier(Int64.self): return try scalar(Int64.self)
        case ObjectIdentifier(Date.self): return try scalar(Date.self)
        case ObjectIdentifier(ObjectId.self): return try scalar(ObjectId.self)
        case ObjectIdentifier(UUID.self): return try scalar(UUID.self)
        default: break
        }
        // Every persistable type stores itself (its `_rlmStoredValue`, one file per type in Values/).
        if let persistable = value as? any _Persistable {
            // The links value lives only for this call.
            return try withoutActuallyEscaping(link) { try persistable._rlmStoredValue(_StoredLinks(link: $0)).value }
        }
        // An optional of a type that is not persistable as such (`Any?`), holding a value that is.
        if let optional = value as? any OptionalMarker {
            guard let wrapped = optional.wrappedValueIfAny else { return .null }
            return try engineValue(wrapped, link: link)
        }
        throw RealmError.invalidValue("a value of type \(type(of: value)) cannot be stored")
    }

    static func mixed(_ value: AnyRealmValue, link: (ObjectBase) throws -> StrataCore.Value) throws
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
            let stored = try link(object)
            if case .typedLink = stored { return stored }
            guard case .link(let key) = stored, let binding = object.binding else {
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

    /// Seconds from 1970 to 2001, the reference date `Date` counts from.
    private static let secondsFrom1970To2001: Double = 978_307_200

    /// The stored form of `date`, as Realm makes it (`RLMTimestampForNSDate`): whole seconds and nanoseconds taken from
    /// the interval since 2001 (a `Double` with more fraction bits near today than the interval since 1970), each
    /// truncated toward zero; NaN is 1970, and dates past what 64-bit seconds hold are clamped to the extremes.
    static func timestamp(_ date: Date) -> Timestamp {
        let interval = date.timeIntervalSinceReferenceDate
        let since1970 = secondsFrom1970To2001
        if interval.isNaN { return Timestamp(seconds: 0, nanoseconds: 0) }
        let largest = Timestamp(seconds: .max, nanoseconds: 999_999_999)
        if interval >= Double(Int64.max) - since1970 { return largest }
        if interval - since1970 < Double(Int64.min) { return Timestamp(seconds: .min, nanoseconds: -999_999_999) }
        var seconds = Int64(interval)
        var nanoseconds = Int32((interval - Double(seconds)) * 1e9)
        let (shifted, overflow) = seconds.addingReportingOverflow(Int64(since1970))
        if overflow { return largest }
        seconds = shifted
        // The two parts share a sign.
        if nanoseconds < 0 && seconds > 0 {
            nanoseconds += 1_000_000_000
            seconds -= 1
        }
        return Timestamp(seconds: seconds, nanoseconds: nanoseconds)
    }

    /// The `Date` of a stored timestamp, as Realm reads it (`RLMTimestampToNSDate`): counted from 2001.
    static func date(_ timestamp: Timestamp) -> Date {
        Date(
            timeIntervalSinceReferenceDate: Double(timestamp.seconds) - secondsFrom1970To2001
                + Double(timestamp.nanoseconds) / 1e9
        )
    }

    // MARK: Engine to Swift

    /// The Swift value of type `type` for an engine value (links become managed objects of `source`).
    static func swiftValue(_ value: StrataCore.Value, as type: Any.Type, source: RealmSource) -> Any {
        // The common types by metadata identity first (see engineValue).
        func read<T: _Persistable>(_: T.Type) -> Any {
            T._rlmValue(_StoredValue(value), _StoredReading(source: source))
        }
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Int.self): return read(Int.self)
        case ObjectIdentifier(String.self): return read(String.self)
        case ObjectIdentifier(Double.self): return read(Double.self)
        case ObjectIdentifier(Bool.self): return read(Bool.self)
        case ObjectIdentifier(Int64.self): return read(Int64.self)
        default: break
        }
        // Every persistable type reads itself (its `_rlmValue`, one file per type in Values/).
        guard let persistable = type as? any _Persistable.Type else {
            preconditionFailure("a stored \(value) cannot be read as \(type)")
        }
        return persistable._rlmValue(_StoredValue(value), _StoredReading(source: source))
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
            guard let resolved = source.schema.byTableKey[table] else {
                // A class the file has and the opened schema lacks: as in Realm Swift, a dynamic object of the
                // file's table, its properties read by their stored names (UnlistedTables.swift).
                let tables = UnlistedTables(source: source)
                return tables.specs[table] == nil ? .none : .object(tables.object(table, key))
            }
            guard let object = ObjectBinding.makeObject(source: source, table: resolved, key: key) as? Object else {
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
    /// ``List`` or ``Map``, as it is), a ``PersistableEnum``'s raw value, a ``CustomPersistable`` or
    /// ``FailableCustomPersistable`` value's `persistableValue` (as it is, as Realm bridges one), and anything else
    /// (a collection of custom values included) as it is.
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
        if let custom = value as? any CustomPersistable { return custom.persistableValue }
        if let custom = value as? any FailableCustomPersistable { return custom.persistableValue }
        return value
    }

    private static func rawValue<E: PersistableEnum>(of value: E) -> Any { value.rawValue }

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
