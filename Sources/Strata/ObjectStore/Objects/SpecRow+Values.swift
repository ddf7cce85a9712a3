import Foundation
import StrataCore

/// The values of spec rows (a migration's old objects, objects of classes an opened schema lacks), typed by their
/// columns as Realm Swift types them:
///
/// | column | value |
/// |---|---|
/// | integer of any width | `Int` |
/// | bool, float, double, string, binary, timestamp | `Bool`, `Float`, `Double`, `String`, `Data`, `Date` |
/// | decimal128, objectId, uuid | ``Decimal128``, ``ObjectId``, `UUID` |
/// | mixed | its payload (nil for none), an object as the reader's object (`SpecRowReading.object`), a nested list or dictionary as a `List` or `Map` of ``AnyRealmValue`` |
/// | link | the reader's object, or nil |
/// | list or set of links | `List<DynamicObject>`, `MutableSet<DynamicObject>` of the reader's objects |
/// | map of links | `Map<String, DynamicObject?>` |
/// | list, set or map of values | `List<T>`, `MutableSet<T>`, `Map<String, T>`, `T` the column's type above (optional when the column is nullable, ``AnyRealmValue`` when mixed) |
///
/// Collections are unmanaged copies of the stored ones: a spec row is read-only.
extension SpecRowReading {
    /// The value of property `name` of `object`, typed as the type's documentation says.
    func value(of object: SpecRow, forKey name: String) -> Any? {
        guard !name.hasPrefix("__"), let column = object.spec.column(named: name), column.type != .backlink
        else { return nil }
        let stored: StrataCore.Value = read { reader in
            do {
                return try reader.table(object.table).value(object.key, column.key)
            } catch {
                preconditionFailure("Strata: \(objectName(object.table)) cannot be read: \(error)")
            }
        }
        if column.collection != .single { return collection(stored, column) }
        if column.type == .mixed { return mixed(stored) }
        return plain(stored, linkTable: column.linkTable)
    }

    /// A stored value as a Swift value: the reader's object for a link, arrays and dictionaries for the collections
    /// nested in a mixed value.
    private func plain(_ value: StrataCore.Value, linkTable: TableKey?) -> Any? {
        switch value {
        case .null: return nil
        case .int(let v): return Int(v)
        case .bool(let v): return v
        case .float(let v): return v
        case .double(let v): return v
        case .string(let v): return v
        case .binary(let v): return Data(v)
        case .timestamp(let v): return ValueConversion.date(v)
        case .objectId(let v): return ObjectId(bytes: v)
        case .decimal128(let v): return Decimal128(storageBytes: v)
        case .uuid(let v): return v.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        case .link(let key): return linkTable.map { object($0, key) }
        case .typedLink(let table, let key): return specs[table] == nil ? nil : object(table, key)
        case .list(let values): return values.map { plain($0, linkTable: linkTable) as Any }
        case .dictionary(let entries):
            return Dictionary(entries.map { ($0.key, plain($0.value, linkTable: linkTable) as Any) }) { first, _ in
                first
            }
        }
    }

    /// A mixed value as key-value coding gives it: its payload.
    private func mixed(_ value: StrataCore.Value) -> Any? {
        guard let payload = plain(value, linkTable: nil) else { return nil }
        return ValueConversion.keyValueCodingValue(ValueCoercion.anyRealmValue(payload))
    }

    /// A list, set or map column's value as its typed, unmanaged collection.
    private func collection(_ value: StrataCore.Value, _ column: ColumnSpec) -> Any {
        let kind = column.collection
        switch (column.type, column.nullable) {
        case (.link, _):
            let link = { (element: StrataCore.Value) -> DynamicObject? in
                guard case .link(let key) = element, let table = column.linkTable else { return nil }
                return self.object(table, key)
            }
            if kind == .dictionary { return Self.filled(kind, value, link) }
            return Self.filled(kind, value) { element -> DynamicObject in
                guard let object = link(element) else {
                    preconditionFailure("Strata: \(column.name) holds \(element), which is not an object")
                }
                return object
            }
        case (.int, false): return typed(Int.self, kind, value, column)
        case (.int, true): return typed(Int?.self, kind, value, column)
        case (.bool, false): return typed(Bool.self, kind, value, column)
        case (.bool, true): return typed(Bool?.self, kind, value, column)
        case (.float, false): return typed(Float.self, kind, value, column)
        case (.float, true): return typed(Float?.self, kind, value, column)
        case (.double, false): return typed(Double.self, kind, value, column)
        case (.double, true): return typed(Double?.self, kind, value, column)
        case (.string, false): return typed(String.self, kind, value, column)
        case (.string, true): return typed(String?.self, kind, value, column)
        case (.binary, false): return typed(Data.self, kind, value, column)
        case (.binary, true): return typed(Data?.self, kind, value, column)
        case (.timestamp, false): return typed(Date.self, kind, value, column)
        case (.timestamp, true): return typed(Date?.self, kind, value, column)
        case (.decimal128, false): return typed(Decimal128.self, kind, value, column)
        case (.decimal128, true): return typed(Decimal128?.self, kind, value, column)
        case (.objectId, false): return typed(ObjectId.self, kind, value, column)
        case (.objectId, true): return typed(ObjectId?.self, kind, value, column)
        case (.uuid, false): return typed(UUID.self, kind, value, column)
        case (.uuid, true): return typed(UUID?.self, kind, value, column)
        case (.mixed, _): return typed(AnyRealmValue.self, kind, value, column)
        case (.backlink, _):
            preconditionFailure("Strata: \(column.name) is a backlink column, which a spec row does not read")
        }
    }

    /// A collection of `T` holding the elements (or entries) of `value`, each converted to `T`.
    private func typed<T: RealmCollectionValue>(
        _: T.Type,
        _ kind: CollectionKind,
        _ value: StrataCore.Value,
        _ column: ColumnSpec
    ) -> Any {
        Self.filled(kind, value) { element -> T in
            do {
                let swift: Any = plain(element, linkTable: nil) ?? NSNull()
                guard let converted = try ValueCoercion.coerce(swift, to: T.self, property: column.name) as? T else {
                    throw RealmError.invalidValue("\(element) is not a \(T.self)")
                }
                return converted
            } catch {
                preconditionFailure("Strata: an element of \(column.name) cannot be read: \(error)")
            }
        }
    }

    /// An unmanaged list, set or map of `T` with the elements or entries of `value`, converted by `convert`.
    private static func filled<T: RealmCollectionValue>(
        _ kind: CollectionKind,
        _ value: StrataCore.Value,
        _ convert: (StrataCore.Value) -> T
    ) -> Any {
        switch kind {
        case .list, .single:
            let list = List<T>()
            if case .list(let elements) = value { list.append(objectsIn: elements.map(convert)) }
            return list
        case .set:
            let set = MutableSet<T>()
            if case .list(let elements) = value { set.insert(objectsIn: elements.map(convert)) }
            return set
        case .dictionary:
            let map = Map<String, T>()
            if case .dictionary(let entries) = value {
                for entry in entries { map[entry.key] = convert(entry.value) }
            }
            return map
        }
    }
}
