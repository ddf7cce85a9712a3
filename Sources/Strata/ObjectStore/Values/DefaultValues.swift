import Foundation

/// The value a property without a declared default starts with.
enum DefaultValues {
    static func make(_ type: Any.Type) -> Any {
        if let optional = type as? any OptionalMarker.Type { return optional.noneValue }
        switch type {
        case is Int.Type: return 0 as Int
        case is Int8.Type: return 0 as Int8
        case is Int16.Type: return 0 as Int16
        case is Int32.Type: return 0 as Int32
        case is Int64.Type: return 0 as Int64
        case is Bool.Type: return false
        case is Float.Type: return 0 as Float
        case is Double.Type: return 0 as Double
        case is String.Type: return ""
        case is Data.Type: return Data()
        case is Date.Type: return Date()  // Realm Swift's `Date()`: the moment the object is made
        case is ObjectId.Type: return ObjectId.generate()
        case is UUID.Type: return UUID()
        case is Decimal128.Type: return Decimal128(integerLiteral: 0)
        case is AnyRealmValue.Type: return AnyRealmValue.none
        default: break
        }
        if let collection = type as? any EmptyConstructible.Type { return collection.makeEmpty() }
        if let enumType = type as? any PersistableEnum.Type { return firstCase(enumType) }
        if let custom = type as? any CustomPersistable.Type { return makeCustom(custom) }
        if let custom = type as? any FailableCustomPersistable.Type { return makeFailable(custom) }
        preconditionFailure("\(type) has no default value; declare one")
    }

    static func firstCase<E: PersistableEnum>(_ type: E.Type) -> Any {
        guard let first = E.allCases.first else { preconditionFailure("\(E.self) has no cases") }
        return first
    }

    static func makeCustom<C: CustomPersistable>(_ type: C.Type) -> Any {
        C(persistedValue: make(C.PersistedType.self) as! C.PersistedType)
    }

    /// The failable type made from its persisted type's default; stops with Realm's message when that fails.
    static func makeFailable<C: FailableCustomPersistable>(_ type: C.Type) -> Any {
        guard let value = C(persistedValue: make(C.PersistedType.self) as! C.PersistedType) else {
            preconditionFailure(
                "Failed to default construct a \(C.self) using the default value for persisted type "
                    + "\(C.PersistedType.self). This conversion must either succeed, the property must be optional, "
                    + "or you must explicitly specify a default value for the property."
            )
        }
        return value
    }
}

/// Collections that start empty in an unmanaged object.
protocol EmptyConstructible {
    static func makeEmpty() -> Any
}
