import Foundation
import StrataCore

/// A type that can be stored in a ``Persisted`` property: the primitive types, ``ObjectId``,
/// ``Decimal128``, `UUID`, `Date`, `Data`, ``AnyRealmValue``, objects, optionals of all of them,
/// ``List``, ``MutableSet``, ``Map``, ``LinkingObjects``, ``PersistableEnum`` and ``CustomPersistable``
/// types.
public protocol _Persistable {}

/// A type that can be an element of a ``List``, ``MutableSet`` or ``Map``, or of ``Results``.
public protocol RealmCollectionValue: _Persistable {}

/// A type that can be a ``Map`` key (only `String`).
public protocol _MapKey: Hashable {}

extension String: _MapKey {}

extension Int: RealmCollectionValue {}
extension Int8: RealmCollectionValue {}
extension Int16: RealmCollectionValue {}
extension Int32: RealmCollectionValue {}
extension Int64: RealmCollectionValue {}
extension Bool: RealmCollectionValue {}
extension Float: RealmCollectionValue {}
extension Double: RealmCollectionValue {}
extension String: RealmCollectionValue {}
extension Data: RealmCollectionValue {}
extension Date: RealmCollectionValue {}
extension UUID: RealmCollectionValue {}
extension ObjectId: RealmCollectionValue {}
extension Decimal128: RealmCollectionValue {}
extension Optional: _Persistable where Wrapped: _Persistable {}
extension Optional: RealmCollectionValue where Wrapped: RealmCollectionValue {}

/// An enum stored through its raw value.
///
/// ```swift
/// enum Status: String, PersistableEnum { case open, closed }
/// class Ticket: Object { @Persisted var status = Status.open }
/// ```
public protocol PersistableEnum: RealmCollectionValue, RawRepresentable, CaseIterable where RawValue: _Persistable {}

/// A type stored as another persistable type.
///
/// ```swift
/// struct Celsius: CustomPersistable {
///     var degrees: Double
///     init(persistedValue: Double) { degrees = persistedValue }
///     var persistedValue: Double { degrees }
/// }
/// ```
public protocol CustomPersistable: RealmCollectionValue {
    /// The type actually stored.
    associatedtype PersistedType: _Persistable
    /// Creates a value from its stored form.
    init(persistedValue: PersistedType)
    /// The stored form of the value.
    var persistedValue: PersistedType { get }
}

/// A type stored as another persistable type, whose conversion from the stored form can fail.
public protocol FailableCustomPersistable: RealmCollectionValue {
    /// The type actually stored.
    associatedtype PersistedType: _Persistable
    /// Creates a value from its stored form, or nil if it is not valid.
    init?(persistedValue: PersistedType)
    /// The stored form of the value.
    var persistedValue: PersistedType { get }
}

// MARK: Internal markers used to take types apart

/// Implemented by `Optional` so the engine can see through it.
protocol OptionalMarker {
    static var wrappedType: Any.Type { get }
    static var noneValue: Any { get }
    static func wrapping(_ value: Any) -> Any
    var wrappedValueIfAny: Any? { get }
}

extension Optional: OptionalMarker {
    static var wrappedType: Any.Type { Wrapped.self }
    static var noneValue: Any { Optional<Wrapped>.none as Any }
    static func wrapping(_ value: Any) -> Any { Optional(value as! Wrapped) as Any }
    var wrappedValueIfAny: Any? {
        switch self {
        case .some(let value): return value
        case .none: return nil
        }
    }
}

/// What a Swift type is, as a property.
struct TypeInfo {
    var type: PropertyType
    var optional: Bool
    var collection: CollectionKind
    /// The Swift type of the value (element type for collections, without Optional).
    var baseType: Any.Type
    /// For links: the target class.
    var objectClass: ObjectBase.Type?
    var isLinkingObjects = false
}

/// Collections declare their element type through this.
protocol CollectionMarker {
    static var collectionKind: CollectionKind { get }
    static var elementType: Any.Type { get }
}

/// LinkingObjects declares its source type through this.
protocol LinkingObjectsMarker {
    static var sourceType: ObjectBase.Type { get }
}

enum TypeInspector {
    /// Describes a persistable Swift type, or nil if it cannot be persisted.
    static func info(for type: Any.Type) -> TypeInfo? {
        if let linking = type as? any LinkingObjectsMarker.Type {
            var info = TypeInfo(
                type: .linkingObjects,
                optional: false,
                collection: .single,
                baseType: linking.sourceType,
                objectClass: linking.sourceType
            )
            info.isLinkingObjects = true
            return info
        }
        if let collection = type as? any CollectionMarker.Type {
            guard var element = info(for: collection.elementType), element.collection == .single,
                !element.isLinkingObjects
            else { return nil }
            element.collection = collection.collectionKind
            return element
        }
        if let optional = type as? any OptionalMarker.Type {
            guard var wrapped = info(for: optional.wrappedType), !wrapped.optional, wrapped.collection == .single else {
                return nil
            }
            if wrapped.type == .any { return nil }
            wrapped.optional = true
            return wrapped
        }
        guard let scalar = scalarType(type) else { return nil }
        var info = TypeInfo(type: scalar, optional: false, collection: .single, baseType: type)
        if scalar == .object { info.objectClass = (type as! ObjectBase.Type) }
        return info
    }

    static func scalarType(_ type: Any.Type) -> PropertyType? {
        switch type {
        case is Int.Type, is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type: return .int
        case is Bool.Type: return .bool
        case is Float.Type: return .float
        case is Double.Type: return .double
        case is String.Type: return .string
        case is Data.Type: return .data
        case is Date.Type: return .date
        case is ObjectId.Type: return .objectId
        case is Decimal128.Type: return .decimal128
        case is UUID.Type: return .UUID
        case is AnyRealmValue.Type: return .any
        case is ObjectBase.Type: return .object
        default: break
        }
        if let enumType = type as? any PersistableEnum.Type { return scalarType(rawType(of: enumType)) }
        if let custom = type as? any CustomPersistable.Type { return scalarType(persistedType(of: custom)) }
        if let custom = type as? any FailableCustomPersistable.Type { return scalarType(persistedType(of: custom)) }
        return nil
    }

    static func rawType<E: PersistableEnum>(of _: E.Type) -> Any.Type { E.RawValue.self }
    static func persistedType<C: CustomPersistable>(of _: C.Type) -> Any.Type { C.PersistedType.self }
    static func persistedType<C: FailableCustomPersistable>(of _: C.Type) -> Any.Type { C.PersistedType.self }
}
