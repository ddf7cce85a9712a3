import Foundation

/// A value of any persistable type, for `@Persisted var value: AnyRealmValue` (Realm's mixed type).
///
/// ```swift
/// class Setting: Object {
///     @Persisted var value: AnyRealmValue
/// }
/// setting.value = .string("dark")
/// setting.value = .fromArray([.int(1), .fromDictionary(["theme": .string("dark")])])
/// ```
///
/// A value can itself be a list or a dictionary of values, nested to any depth (``list(_:)`` and
/// ``dictionary(_:)``). Read from a managed object, such a collection is managed: it reads the object's current
/// value, and its mutations, inside a write transaction, write through to the object.
public enum AnyRealmValue: Hashable, RealmCollectionValue, CustomStringConvertible {
    /// No value.
    case none
    /// An integer.
    case int(Int)
    /// A Boolean.
    case bool(Bool)
    /// A Float.
    case float(Float)
    /// A Double.
    case double(Double)
    /// A string.
    case string(String)
    /// Binary data.
    case data(Data)
    /// A date.
    case date(Date)
    /// An ObjectId.
    case objectId(ObjectId)
    /// A Decimal128.
    case decimal128(Decimal128)
    /// A UUID.
    case uuid(UUID)
    /// A link to an object of any type.
    case object(Object)
    /// A dictionary of values (Realm's nested collections in mixed properties).
    case dictionary(Map<String, AnyRealmValue>)
    /// A list of values (Realm's nested collections in mixed properties).
    case list(List<AnyRealmValue>)

    /// The int value, if this is `.int`.
    public var intValue: Int? { if case .int(let value) = self { return value } else { return nil } }
    /// The Bool value, if this is `.bool`.
    public var boolValue: Bool? { if case .bool(let value) = self { return value } else { return nil } }
    /// The Float value, if this is `.float`.
    public var floatValue: Float? { if case .float(let value) = self { return value } else { return nil } }
    /// The Double value, if this is `.double`.
    public var doubleValue: Double? { if case .double(let value) = self { return value } else { return nil } }
    /// The string, if this is `.string`.
    public var stringValue: String? { if case .string(let value) = self { return value } else { return nil } }
    /// The data, if this is `.data`.
    public var dataValue: Data? { if case .data(let value) = self { return value } else { return nil } }
    /// The date, if this is `.date`.
    public var dateValue: Date? { if case .date(let value) = self { return value } else { return nil } }
    /// The ObjectId, if this is `.objectId`.
    public var objectIdValue: ObjectId? { if case .objectId(let value) = self { return value } else { return nil } }
    /// The Decimal128, if this is `.decimal128`.
    public var decimal128Value: Decimal128? {
        if case .decimal128(let value) = self { return value } else { return nil }
    }
    /// The UUID, if this is `.uuid`.
    public var uuidValue: UUID? { if case .uuid(let value) = self { return value } else { return nil } }

    /// The map, if this is `.dictionary`.
    public var dictionaryValue: Map<String, AnyRealmValue>? {
        if case .dictionary(let value) = self { return value } else { return nil }
    }
    /// The list, if this is `.list`.
    public var listValue: List<AnyRealmValue>? { if case .list(let value) = self { return value } else { return nil } }

    /// A `.dictionary` holding a new unmanaged ``Map`` with the entries of `dictionary`.
    ///
    /// ```swift
    /// settings.value = .fromDictionary(["theme": .string("dark"), "size": .int(12)])
    /// ```
    /// - Parameter dictionary: the entries.
    /// - Returns: `.dictionary` with an unmanaged map of them.
    public static func fromDictionary(_ dictionary: [String: AnyRealmValue]) -> AnyRealmValue {
        let map = Map<String, AnyRealmValue>()
        for (key, value) in dictionary { map[key] = value }
        return .dictionary(map)
    }

    /// A `.list` holding a new unmanaged ``List`` with the elements of `array`.
    ///
    /// ```swift
    /// settings.value = .fromArray([.int(1), .string("two")])
    /// ```
    /// - Parameter array: the elements.
    /// - Returns: `.list` with an unmanaged list of them.
    public static func fromArray(_ array: [AnyRealmValue]) -> AnyRealmValue {
        let list = List<AnyRealmValue>()
        list.append(objectsIn: array)
        return .list(list)
    }

    /// Whether the value is an object, or a collection holding one at any depth.
    var holdsObjects: Bool {
        switch self {
        case .object: return true
        case .list(let list): return list.elements.contains { $0.holdsObjects }
        case .dictionary(let map): return map.entries.contains { $0.value.holdsObjects }
        default: return false
        }
    }

    /// The object, cast to `T`, if this is `.object` of that type.
    /// - Parameter type: the expected class.
    /// - Returns: the object, or nil when the value is not an object of that class.
    public func object<T: Object>(_ type: T.Type) -> T? {
        if case .object(let value) = self { return value as? T } else { return nil }
    }

    /// The object as a ``DynamicObject``, if this is `.object`; its properties are then read and written by name.
    ///
    /// ```swift
    /// let name = setting.value.dynamicObject?["name"] as? String
    /// ```
    ///
    /// This reaches an object stored in a mixed value without naming its class, as Realm Swift's does (for
    /// example an object of a class a later version of the app added). A managed object gives a dynamic object
    /// of the same stored object (frozen when it is frozen); a dynamic object gives itself.
    /// - Note: Differs from Realm Swift: an unmanaged object of a model class gives nil (Realm reinterprets the
    ///   instance itself), and an object of a class the realm's schema lacks reads as ``none`` (so nil here).
    public var dynamicObject: DynamicObject? {
        guard case .object(let object) = self else { return nil }
        if let dynamic = object as? DynamicObject { return dynamic }
        guard let binding = object.binding else { return nil }
        let dynamic = DynamicObject()
        dynamic.binding = binding
        return dynamic
    }

    /// Creates ``none``, as Realm Swift's `AnyRealmValue()` does.
    ///
    /// ```swift
    /// AnyRealmValue() == .none   // true
    /// ```
    public init() {
        self = .none
    }

    /// The value's description.
    public var description: String {
        switch self {
        case .none: return "none"
        case .int(let value): return "\(value)"
        case .bool(let value): return "\(value)"
        case .float(let value): return "\(value)"
        case .double(let value): return "\(value)"
        case .string(let value): return value
        case .data(let value): return "\(value)"
        case .date(let value): return "\(value)"
        case .objectId(let value): return "\(value)"
        case .decimal128(let value): return "\(value)"
        case .uuid(let value): return "\(value)"
        case .object(let value): return "\(value)"
        case .dictionary(let value): return "\(value)"
        case .list(let value): return "\(value)"
        }
    }
}
