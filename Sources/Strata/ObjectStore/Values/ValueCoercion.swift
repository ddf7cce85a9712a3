import Foundation

/// Converts loosely typed values (dictionaries for `init(value:)`, KVC, primary keys) to a property's
/// exact Swift type.
enum ValueCoercion {
    static func coerce(_ value: Any, to type: Any.Type, property: String) throws -> Any {
        if let optional = type as? any OptionalMarker.Type {
            if value is NSNull { return optional.noneValue }
            var value = value
            if let marker = value as? any OptionalMarker {
                guard let wrapped = marker.wrappedValueIfAny else { return optional.noneValue }
                value = wrapped
            }
            // A value that is not one of an optional enum's cases reads as nil, as in Realm.
            if let enumType = optional.wrappedType as? any PersistableEnum.Type, isRawValueOfNoCase(value, enumType) {
                return optional.noneValue
            }
            // So does a persisted value that a failable custom type rejects.
            if let custom = optional.wrappedType as? any FailableCustomPersistable.Type, isRejected(value, by: custom) {
                return optional.noneValue
            }
            return optional.wrapping(try coerce(value, to: optional.wrappedType, property: property))
        }
        if let marker = value as? any OptionalMarker, let wrapped = marker.wrappedValueIfAny {
            return try coerce(wrapped, to: type, property: property)
        }
        if Swift.type(of: value) == type { return value }
        // An enum or custom persistable value given for another type stands for the value it is stored as, as
        // Realm bridges one: `MyEnum.value1` for a `String` property is its raw value.
        if let stored = storedForm(of: value) { return try coerce(stored, to: type, property: property) }
        // The type's own conversions (numbers of other widths, strings of ObjectIds, ...).
        if let persistable = type as? any _Persistable.Type, let converted = try persistable._rlmCoerce(value) {
            return converted
        }
        if let objectType = type as? ObjectBase.Type {
            if let dynamic = value as? DynamicObject, !(objectType is DynamicObject.Type) {
                return try modelObject(for: dynamic, as: objectType, property: property)
            }
            if value is ObjectBase { return value }
            let object = objectType.init()
            try ObjectValueSetter.apply(value, to: object)
            return object
        }
        // NSNull (and nil) for a list, set or map is an empty one, as in Realm.
        if value is NSNull, let collection = type as? any EmptyConstructible.Type, type is any CollectionMarker.Type {
            return collection.makeEmpty()
        }
        if let collection = type as? any EmptyConstructible.Type,
            let elements = value as? [Any] ?? (value as? any ElementsProvider)?.anyElements
                ?? (value as? any RealmCollection).map({ elementsOf($0) }),
            let marker = type as? any CollectionMarker.Type
        {
            // A list or set element is never null unless its type is optional or mixed (NSNull is none, as
            // `value(forKey: "self")` gives it), even where a property of the element type takes NSNull (a custom
            // type stored as an embedded object), as in Realm.
            if !(marker.elementType is any OptionalMarker.Type), marker.elementType != AnyRealmValue.self,
                elements.contains(where: { $0 is NSNull })
            {
                throw RealmError.invalidValue(
                    "Invalid value '<null>' for an element of '\(property)' of type \(marker.elementType)"
                )
            }
            let converted = try elements.map { try coerce($0, to: marker.elementType, property: property) }
            return fill(collection.makeEmpty(), with: converted)
        }
        if let mapType = type as? any EmptyConstructible.Type, let marker = type as? any CollectionMarker.Type,
            marker.collectionKind == .dictionary,
            let dictionary = value as? [String: Any]
        {
            let map = mapType.makeEmpty()
            let converted = try dictionary.map {
                ($0.key, try coerce($0.value, to: marker.elementType, property: property))
            }
            (map as? any MapFilling)?.fill(converted)
            return map
        }
        if let enumType = type as? any PersistableEnum.Type, let result = makeEnum(enumType, from: value) {
            return result
        }
        if let custom = type as? any CustomPersistable.Type {
            return try makeCustom(custom, from: value, property: property)
        }
        if let custom = type as? any FailableCustomPersistable.Type {
            return try makeFailable(custom, from: value, property: property)
        }
        throw RealmError.invalidValue(
            "Invalid value '\(value)' of type \(Swift.type(of: value)) for '\(property)' of type \(type)"
        )
    }

    /// The value an enum or custom persistable `value` is stored as: a ``PersistableEnum``'s raw value, a
    /// ``CustomPersistable`` or ``FailableCustomPersistable`` value's persisted value; nil for any other value.
    static func storedForm(of value: Any) -> Any? {
        switch value {
        case let value as any PersistableEnum: value.rawValue
        case let value as any CustomPersistable: value.persistableValue
        case let value as any FailableCustomPersistable: value.persistableValue
        default: nil
        }
    }

    /// The stored object `object` stands for, read as an object of `type` (the same row, through its model class):
    /// what a property of that class takes for a dynamic object, as Realm takes one. An unmanaged dynamic object has
    /// no class, and one of another class does not fit.
    private static func modelObject(for object: DynamicObject, as type: ObjectBase.Type, property: String) throws
        -> ObjectBase
    {
        let expected = ObjectClassInfo.unqualifiedName(of: type)
        if object.migrationOldObject != nil {
            throw RealmError.invalidValue(
                "An old object of a migration is read-only and not in the new schema: '\(property)' takes a new"
                    + " object (the newObject of enumerateObjects, or one made with migration.create)"
            )
        }
        if let row = object.specRow {
            throw RealmError.invalidValue(
                "Object of type '\(row.spec.name)' does not match '\(property)' type '\(expected)'."
            )
        }
        guard let binding = object.binding else {
            throw RealmError.invalidValue(
                "An unmanaged DynamicObject has no class: '\(property)' takes objects of type '\(expected)'"
            )
        }
        let model = ObjectBinding.makeObject(source: binding.source, table: binding.table, key: binding.key)
        guard Swift.type(of: model) == type else {
            throw RealmError.invalidValue(
                "Object of type '\(binding.table.className)' does not match '\(property)' type '\(expected)'."
            )
        }
        return model
    }

    /// The elements of a Realm collection (results, linking objects, any collection), which Realm takes for a list
    /// or set property as it takes an array.
    private static func elementsOf(_ collection: some RealmCollection) -> [Any] {
        collection.map { $0 as Any }
    }

    private static func makeEnum<E: PersistableEnum>(_ type: E.Type, from value: Any) -> Any? {
        // Converting an in-memory value throws only `RealmError.invalidValue` (it is no raw value), never damage;
        // nil sends `coerce` on to its own "Invalid value" error.
        if let raw = try? coerce(value, to: E.RawValue.self, property: "raw value") as? E.RawValue {
            return E(rawValue: raw)
        }
        return nil
    }

    /// A custom type made from its persisted value, as Realm takes one in `init(value:)` and `create`: NSNull for a
    /// type stored as an object gives the type made from a new, empty object (what a null link reads as).
    private static func makeCustom<C: CustomPersistable>(_ type: C.Type, from value: Any, property: String) throws
        -> Any
    {
        if value is NSNull, TypeInspector.persistedObjectClass(of: C.self) != nil {
            return TypeInspector.defaultValue(C.self)
        }
        let persisted = try coerce(value, to: C.PersistedType.self, property: property)
        return C(persistedValue: persisted as! C.PersistedType)
    }

    /// A failable custom type made from its persisted value.
    /// - Throws: ``RealmError/invalidValue(_:)`` with Realm's message when the type rejects the value.
    private static func makeFailable<C: FailableCustomPersistable>(_ type: C.Type, from value: Any, property: String)
        throws -> Any
    {
        let persisted = try coerce(value, to: C.PersistedType.self, property: property)
        guard let result = C(persistedValue: persisted as! C.PersistedType) else {
            throw RealmError.invalidValue("Could not convert value '\(value)' to type '\(C.self)'.")
        }
        return result
    }

    /// Whether `value` converts to `C`'s persisted type but `C` rejects it.
    private static func isRejected<C: FailableCustomPersistable>(_ value: Any, by type: C.Type) -> Bool {
        if value is C { return false }
        // A value that does not convert (its error says it does not fit; damage is never thrown here) is not
        // "rejected": `makeFailable` converts it again and throws that error.
        guard let persisted = try? coerce(value, to: C.PersistedType.self, property: "persisted value") else {
            return false
        }
        return C(persistedValue: persisted as! C.PersistedType) == nil
    }

    /// Whether `value` converts to `E`'s raw value type but names none of its cases.
    private static func isRawValueOfNoCase<E: PersistableEnum>(_ value: Any, _ type: E.Type) -> Bool {
        if value is E { return false }
        // A value that is no raw value (`RealmError.invalidValue`, never damage) answers false: `coerce` then
        // reports it with its own "Invalid value" error.
        guard let raw = try? coerce(value, to: E.RawValue.self, property: "raw value") as? E.RawValue else {
            return false
        }
        return E(rawValue: raw) == nil
    }

    private static func fill(_ collection: Any, with elements: [Any]) -> Any {
        (collection as? any ElementFilling)?.fill(elements)
        return collection
    }

    /// `value` when it is an `NSNumber` object (not a Swift number, which `as? NSNumber` would also take), with the
    /// kind of number it was made from: its `objCType` code (`c` for a Boolean or a `char`, `f` and `d` for floating
    /// point, other letters for integers).
    static func numberObject(_ value: Any) -> (number: NSNumber, kind: UInt8)? {
        guard Swift.type(of: value) is NSNumber.Type, let number = value as? NSNumber else { return nil }
        return (number, UInt8(bitPattern: number.objCType.pointee))
    }

    /// An integer, as Realm takes one: a Swift integer of any width or a Boolean, or an `NSNumber` made from one;
    /// never a floating-point number, which Realm refuses for an integer property rather than truncate.
    static func integer(_ value: Any) -> Int64? {
        if let (number, kind) = numberObject(value) {
            return kind == UInt8(ascii: "f") || kind == UInt8(ascii: "d") ? nil : number.int64Value
        }
        switch value {
        case let v as any BinaryInteger: return Int64(truncatingIfNeeded: v)
        // A Swift Boolean reaches Realm as an `NSNumber` made from a Boolean, which it takes as an integer.
        case let v as Bool: return v ? 1 : 0
        default: return nil
        }
    }

    /// A Boolean from a number, as Realm reads one: an `NSNumber` made from a Boolean (or a `char`), or an
    /// integer that is 0 or 1. Floating-point numbers are not Booleans.
    static func boolean(_ value: Any) -> Bool? {
        let number: Int64?
        if Swift.type(of: value) is NSNumber.Type, let object = value as? NSNumber {
            switch UInt8(bitPattern: object.objCType.pointee) {
            case UInt8(ascii: "c"), UInt8(ascii: "B"): return object.boolValue
            case UInt8(ascii: "f"), UInt8(ascii: "d"): return nil
            default: number = object.int64Value
            }
        } else {
            // Swift integers only: `as? NSNumber` would also take a `Double`.
            switch value {
            case let v as Int: number = Int64(v)
            case let v as Int8: number = Int64(v)
            case let v as Int16: number = Int64(v)
            case let v as Int32: number = Int64(v)
            case let v as Int64: number = v
            default: number = nil
            }
        }
        switch number {
        case 0?: return false
        case 1?: return true
        default: return nil
        }
    }

    /// A floating-point number, as Realm takes one for a `Float` or `Double` property: a Swift number of any kind, or
    /// an `NSNumber` made from one; never a Boolean (nor an `NSNumber` made from a `char`, which Realm cannot tell
    /// from a Boolean).
    static func floating(_ value: Any) -> Double? {
        if let (number, kind) = numberObject(value) {
            return kind == UInt8(ascii: "c") || kind == UInt8(ascii: "B") ? nil : number.doubleValue
        }
        switch value {
        case let v as Double: return v
        case let v as Float: return Double(v)
        case is Bool: return nil
        default: return integer(value).map(Double.init)
        }
    }

    static func anyRealmValue(_ value: Any) -> AnyRealmValue {
        switch value {
        case let v as AnyRealmValue: return v
        case let v as Int: return .int(v)
        case let v as Bool: return .bool(v)
        case let v as Float: return .float(v)
        case let v as Double: return .double(v)
        case let v as String: return .string(v)
        case let v as Data: return .data(v)
        case let v as Date: return .date(v)
        case let v as ObjectId: return .objectId(v)
        case let v as Decimal128: return .decimal128(v)
        case let v as UUID: return .uuid(v)
        case let v as Object: return .object(v)
        // Realm's nested collections: arrays and dictionaries (of values it can hold) become lists and maps.
        case let v as [Any]: return .fromArray(v.map(anyRealmValue))
        case let v as [String: Any]: return .fromDictionary(v.mapValues(anyRealmValue))
        case let v as any ElementsProvider: return .fromArray(v.anyElements.map(anyRealmValue))
        case let v as any EntriesProvider:
            return .fromDictionary(Dictionary(v.anyEntries.map { ($0.0, anyRealmValue($0.1)) }) { $1 })
        default:
            // An enum or custom persistable value is its stored value, as Realm bridges one.
            return storedForm(of: value).map(anyRealmValue) ?? .none
        }
    }
}

/// Collections that can be filled from coerced elements.
protocol ElementFilling {
    func fill(_ elements: [Any])
}

extension List: ElementFilling {
    func fill(_ elements: [Any]) { append(objectsIn: elements.map { $0 as! Element }) }
}

extension MutableSet: ElementFilling {
    func fill(_ elements: [Any]) { insert(objectsIn: elements.map { $0 as! Element }) }
}

/// Maps that can be filled from coerced entries.
protocol MapFilling {
    func fill(_ entries: [(String, Any)])
}

extension Map: MapFilling {
    func fill(_ entries: [(String, Any)]) {
        for (key, value) in entries { self[key as! Key] = (value as! Value) }
    }
}
