import Foundation
import StrataCore

/// A type that can be stored in a ``Persisted`` property: the primitive types, ``ObjectId``,
/// ``Decimal128``, `UUID`, `Date`, `Data`, ``AnyRealmValue``, objects, optionals of all of them,
/// ``List``, ``MutableSet``, ``Map``, ``LinkingObjects``, ``PersistableEnum`` and ``CustomPersistable``
/// types.
///
/// Each type gives its own default, its stored form and its reads and writes through the underscored requirements
/// (as Realm Swift's `_rlmGetProperty` and `_rlmSetProperty` do). They are Strata's own: conform your types to
/// ``PersistableEnum``, ``CustomPersistable`` or ``FailableCustomPersistable``, which provide them, never to this
/// protocol directly.
public protocol _Persistable: _HasPersistedType {
    /// The value a property of this type starts with when its declaration gives none. For Strata's use only.
    static func _rlmDefaultValue() -> Self
    /// This value as the file stores it, objects stored as links by `links`. For Strata's use only.
    /// - Throws: ``RealmError`` when the value cannot be stored.
    func _rlmStoredValue(_ links: _StoredLinks) throws -> _StoredValue
    /// The value of this type that the file's `stored` value reads as, objects bound through `reading`. For
    /// Strata's use only.
    static func _rlmValue(_ stored: _StoredValue, _ reading: _StoredReading) -> Self
    /// The value of property `index` of managed `object` read on this type's own path, or nil when the general
    /// path must read it. For Strata's use only.
    static func _rlmBoundValue(_ object: ObjectBase, _ index: Int) -> Self?
    /// Sets property `index` of managed `object` to `value`. For Strata's use only.
    static func _rlmSetBound(_ value: Self, _ object: ObjectBase, _ index: Int)
    /// Sets property `index` of unmanaged `object` to `value`. For Strata's use only.
    static func _rlmSetUnmanaged(_ value: Self, _ object: ObjectBase, _ index: Int)
    /// The type a property holding one value of this type has in the schema (`.int` for every integer width, the
    /// stored type's for enums and custom types), or nil for a type that is not one value (a collection, an optional,
    /// linking objects, a projection). For Strata's use only.
    static var _rlmPropertyType: PropertyType? { get }
    /// `value`, a loosely typed value (a number of another width, an `NSNumber`, the string of an ``ObjectId``),
    /// converted to this type as Realm converts the values of `init(value:)` and key-value coding; nil when it does
    /// not convert this way (the caller then tries objects, collections, enums and custom types, and reports what
    /// still does not fit). For Strata's use only.
    /// - Throws: ``RealmError`` when the value has one of this type's forms but is not valid (a malformed string).
    static func _rlmCoerce(_ value: Any) throws -> Self?
    /// The stored form of the value an unmanaged property holds when it was never read or set: the declared value,
    /// or this type's default made now and kept (so that reading the property later gives the same fresh
    /// ``ObjectId``). `initial` is the address of the property wrapper's `Self?`. For Strata's use only.
    /// - Throws: ``RealmError`` when the value cannot be stored.
    static func _rlmStoredInitialValue(_ initial: UnsafeMutableRawPointer) throws -> _StoredValue
}

extension _Persistable {
    /// The general path: no typed read of its own.
    @inlinable
    public static func _rlmBoundValue(_ object: ObjectBase, _ index: Int) -> Self? { nil }

    /// The general path: the value is converted through its stored form.
    @inlinable
    public static func _rlmSetBound(_ value: Self, _ object: ObjectBase, _ index: Int) {
        object.setBound(index, value)
    }

    /// The general path: the object keeps the value boxed.
    @inlinable
    public static func _rlmSetUnmanaged(_ value: Self, _ object: ObjectBase, _ index: Int) {
        object.unmanagedValues[index] = value
    }

    /// Not one value of the schema's types.
    public static var _rlmPropertyType: PropertyType? { nil }

    /// No conversion but the exact type (which the caller takes as it is).
    public static func _rlmCoerce(_ value: Any) throws -> Self? { nil }

    /// The declared value, or the default made now. Each conformance's witness is this body specialized for its type,
    /// so that reading the defaults of an object being added makes no generic metadata at run time (the generic
    /// `Persisted` would instantiate `Optional<Value>`'s on every call).
    public static func _rlmStoredInitialValue(_ initial: UnsafeMutableRawPointer) throws -> _StoredValue {
        // The one caller, `Persisted.storedInitialValue(at:)`, passes the address of a wrapper's `initial`, a `Value?`
        // with `Value == Self` exactly (a static call on `Value.self`), found by its offset in the wrapper of an
        // unmanaged object its caller holds: initialized, and accessed by nothing else during the call.
        let slot = initial.assumingMemoryBound(to: Self?.self)
        if let value = slot.pointee { return try value._rlmStoredValue(.none) }
        let value = _rlmDefaultValue()
        slot.pointee = value
        return try value._rlmStoredValue(.none)
    }
}

/// A type that can be an element of a ``List``, ``MutableSet`` or ``Map``, or of ``Results``.
public protocol RealmCollectionValue: _Persistable {}

/// A type that can be a ``Map`` key (only `String`).
public protocol _MapKey: Hashable, Sendable {}

extension String: _MapKey {}

/// An enum stored through its raw value.
///
/// ```swift
/// enum Status: String, PersistableEnum { case open, closed }
/// class Ticket: Object { @Persisted var status = Status.open }
/// ```
///
/// It is stored as its raw value (its `PersistedType`), and compares and sorts by it: `<` on two cases compares their
/// raw values, as in Realm Swift.
public protocol PersistableEnum: RealmCollectionValue, RawRepresentable, CaseIterable, MinMaxType, SortableType,
    Comparable
where RawValue: _Persistable & Comparable, PersistedType == RawValue {}

extension PersistableEnum {
    /// Whether `lhs`'s raw value is less than `rhs`'s.
    /// - Parameters:
    ///   - lhs: a case.
    ///   - rhs: another case.
    /// - Returns: `lhs.rawValue < rhs.rawValue`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What ``CustomPersistable`` and ``FailableCustomPersistable`` share: a value stored as another persistable type.
///
/// Collections of either kind (and of optionals of them) offer the aggregates, sorts, `distinct()` and sections their
/// stored form allows, as Realm Swift's do. Conform to one of the two, not to this protocol.
public protocol _CustomPersistable: RealmCollectionValue where PersistedType: _Persistable {
    /// The type actually stored.
    associatedtype PersistedType
    /// The stored form of the value.
    var persistableValue: PersistedType { get }
}

/// A type stored as another persistable type.
///
/// ```swift
/// struct Celsius: CustomPersistable {
///     var degrees: Double
///     init(persistedValue: Double) { degrees = persistedValue }
///     var persistableValue: Double { degrees }
/// }
/// ```
///
/// `PersistedType` may be an ``EmbeddedObject`` subclass. The property is then stored as an optional
/// link to that type: writing stores a new embedded object made from ``persistableValue``, and a
/// property whose link is null reads back as `Self(persistedValue: PersistedType())`. An optional
/// property of such a type reads a null link as `nil`.
///
/// `init(value:)` and `create(_:value:update:)` take a custom-typed property's value either as the type itself or as
/// its persisted value, as Realm Swift does.
///
/// ```swift
/// final class Point: EmbeddedObject {
///     @Persisted var x = 0.0
///     @Persisted var y = 0.0
/// }
/// struct Location: CustomPersistable {
///     var x: Double, y: Double
///     init(persistedValue: Point) { (x, y) = (persistedValue.x, persistedValue.y) }
///     var persistableValue: Point { Point(value: [x, y]) }
/// }
/// ```
///
/// Its `PersistedType` (the type actually stored) is inferred from ``init(persistedValue:)``.
public protocol CustomPersistable: _CustomPersistable {
    /// The type actually stored (redeclared so that a conformance infers it from ``init(persistedValue:)``).
    associatedtype PersistedType
    /// Creates a value from its stored form.
    /// - Parameter persistedValue: the value as read from the file.
    init(persistedValue: PersistedType)
    /// The stored form of the value.
    var persistableValue: PersistedType { get }
}

/// A type stored as another persistable type, whose conversion from the stored form can fail.
///
/// ```swift
/// struct Even: FailableCustomPersistable {
///     var value: Int
///     init?(persistedValue: Int) {
///         guard persistedValue % 2 == 0 else { return nil }
///         value = persistedValue
///     }
///     var persistableValue: Int { value }
/// }
/// ```
///
/// A value the initializer rejects reads as `nil` where the property or element is optional. Where it is not,
/// `init(value:)` stops and `create(_:value:update:)` throws ("Could not convert value '1' to type 'Even'."), and
/// reading such a stored value stops, with Realm Swift's messages. A property without a declared default starts from
/// its persisted type's default, and stops if the initializer rejects that.
///
/// Its `PersistedType` (the type actually stored) is inferred from ``init(persistedValue:)``.
public protocol FailableCustomPersistable: _CustomPersistable {
    /// The type actually stored (redeclared so that a conformance infers it from ``init(persistedValue:)``).
    associatedtype PersistedType
    /// Creates a value from its stored form, or nil if it is not valid.
    /// - Parameter persistedValue: the value as read from the file; return nil to reject it.
    init?(persistedValue: PersistedType)
    /// The stored form of the value.
    var persistableValue: PersistedType { get }
}

// MARK: Internal markers used to take types apart

/// Implemented by `Optional` so the engine can see through it.
protocol OptionalMarker {
    static var wrappedType: Any.Type { get }
    static var noneValue: Any { get }
    static func wrapping(_ value: Any) -> Any
    /// `value` wrapped in this optional type, or nil when it is not a `Wrapped`.
    static func wrappingIfPossible(_ value: Any) -> Any?
    var wrappedValueIfAny: Any? { get }
}

extension Optional: OptionalMarker {
    static var wrappedType: Any.Type { Wrapped.self }
    static var noneValue: Any { Optional<Wrapped>.none as Any }
    static func wrapping(_ value: Any) -> Any { Optional(value as! Wrapped) as Any }
    static func wrappingIfPossible(_ value: Any) -> Any? { (value as? Wrapped).map { Optional($0) as Any } }
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
    /// The value is a custom persistable type stored as a link to `objectClass` (its `PersistedType`).
    var isCustomObject = false
}

/// Collections declare their element type through this.
protocol CollectionMarker {
    static var collectionKind: CollectionKind { get }
    static var elementType: Any.Type { get }
}

/// Collections that start empty in an unmanaged object.
protocol EmptyConstructible {
    static func makeEmpty() -> Any
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
            // A custom type stored as an object is a link that never holds nil inside a list or set; a map's values
            // of objects are always optional, as in Realm Swift.
            if element.isCustomObject { element.optional = collection.collectionKind == .dictionary }
            element.collection = collection.collectionKind
            return element
        }
        if let optional = type as? any OptionalMarker.Type {
            guard var wrapped = info(for: optional.wrappedType), !wrapped.optional || wrapped.isCustomObject,
                wrapped.collection == .single
            else {
                return nil
            }
            if wrapped.type == .any { return nil }
            wrapped.optional = true
            return wrapped
        }
        guard let scalar = scalarType(type) else { return nil }
        var info = TypeInfo(type: scalar, optional: false, collection: .single, baseType: type)
        if scalar == .object {
            if let objectClass = type as? ObjectBase.Type {
                info.objectClass = objectClass
            } else {
                // A custom type whose persisted type is an object: always an optional link in the schema.
                guard let objectClass = persistedObjectClass(of: type) else { return nil }
                info.objectClass = objectClass
                info.optional = true
                info.isCustomObject = true
            }
        }
        return info
    }

    /// The object class a custom persistable type is stored as (through nested custom types), if any.
    static func persistedObjectClass(of type: Any.Type) -> ObjectBase.Type? {
        if let objectClass = type as? ObjectBase.Type { return objectClass }
        if let custom = type as? any CustomPersistable.Type {
            return persistedObjectClass(of: persistedType(of: custom))
        }
        if let custom = type as? any FailableCustomPersistable.Type {
            return persistedObjectClass(of: persistedType(of: custom))
        }
        return nil
    }

    /// The value a property of type `type` starts with when it has no declared default (its type's
    /// `_rlmDefaultValue`): a custom type stored as an object starts from a new, unmanaged object of that type (as
    /// Realm's null link reads).
    static func defaultValue(_ type: Any.Type) -> Any {
        guard let persistable = type as? any _Persistable.Type else {
            preconditionFailure("\(type) has no default value; declare one")
        }
        return persistable._rlmDefaultValue()
    }

    /// The schema type of a property holding one value of `type`: the type's own answer (enums and custom types
    /// answer with their stored type's).
    static func scalarType(_ type: Any.Type) -> PropertyType? {
        if let persistable = type as? any _Persistable.Type { return persistable._rlmPropertyType }
        return type is ObjectBase.Type ? .object : nil
    }

    static func persistedType<C: CustomPersistable>(of _: C.Type) -> Any.Type { C.PersistedType.self }
    static func persistedType<C: FailableCustomPersistable>(of _: C.Type) -> Any.Type { C.PersistedType.self }
}
