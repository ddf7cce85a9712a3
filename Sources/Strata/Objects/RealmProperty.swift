import Foundation
import StrataCore

/// The value types a ``RealmProperty`` can hold optionally: `Int` (of every width), `Float`, `Double` and `Bool`, as
/// in Realm Swift.
public protocol RealmOptionalType: _Persistable {}

extension Int: RealmOptionalType {}
extension Int8: RealmOptionalType {}
extension Int16: RealmOptionalType {}
extension Int32: RealmOptionalType {}
extension Int64: RealmOptionalType {}
extension Float: RealmOptionalType {}
extension Double: RealmOptionalType {}
extension Bool: RealmOptionalType {}

/// The types a ``RealmProperty`` holds: an optional of a ``RealmOptionalType``, or ``AnyRealmValue``.
public protocol RealmPropertyType: _Persistable {}

extension AnyRealmValue: RealmPropertyType {}
extension Optional: RealmPropertyType where Wrapped: RealmOptionalType {}

/// A stored property declared as a `let` of an ``Object`` subclass, read and written through ``value``: Realm
/// Swift's way, before `@Persisted`, to declare an optional number or an ``AnyRealmValue``.
///
/// ```swift
/// final class Player: Object {
///     @Persisted var name = ""
///     let age = RealmProperty<Int?>()
/// }
/// try await realm.write { realm in
///     let player = Player()
///     player.age.value = 36
///     try realm.add(player)
/// }
/// let adults = realm.objects(Player.self).filter("age >= 18")
/// ```
///
/// It is stored as the optional property (or mixed property) it holds: the schema lists `age` as an optional
/// `int`, queries, sorting, aggregates and key-value coding name it like any other property, and a migration
/// to `@Persisted var age: Int?` needs no change to the file. Setting ``value`` of a managed object needs a write
/// transaction, as setting any property does.
/// - Note: Declare it with `let`; the property must not be `@Persisted`.
public final class RealmProperty<Value: RealmPropertyType>: CustomStringConvertible {
    /// The value while the object is unmanaged.
    private var storage: Value
    /// The row of the object holding the property, once that object is managed (set when it is bound). The
    /// binding, not the object: the object owns this property, and a caller may let go of the object while it reads
    /// the property (`realm.objects(Player.self)[0].age.value`).
    private var binding: ObjectBinding?
    /// The property's index among its object's properties.
    private var index = 0

    /// A property holding nil (``AnyRealmValue/none`` for ``AnyRealmValue``).
    public init() {
        storage = TypeInspector.defaultValue(Value.self) as! Value
    }

    /// The property's value: read from and written to the file once the object is managed.
    ///
    /// ```swift
    /// player.age.value = nil
    /// if let age = player.age.value { print(age) }
    /// ```
    public var value: Value {
        get {
            if let binding { return binding.get(index, of: nil) as! Value }
            return storage
        }
        set {
            if let binding {
                binding.set(index, newValue)
            } else {
                storage = newValue
            }
        }
    }

    /// The value, described as Swift describes it.
    public var description: String { String(describing: value) }
}

extension RealmProperty: Equatable where Value: Equatable {
    /// Whether two properties hold equal values.
    /// - Parameters:
    ///   - lhs: a property.
    ///   - rhs: another property.
    /// - Returns: whether their values are equal.
    public static func == (lhs: RealmProperty<Value>, rhs: RealmProperty<Value>) -> Bool { lhs.value == rhs.value }
}

extension RealmProperty: Codable where Value: Codable {
    /// Decodes the value, as Realm Swift does (a missing or null value decodes as nil).
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: the decoder's error for a value of the wrong type.
    public convenience init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.singleValueContainer()
        if !container.decodeNil() { value = try container.decode(Value.self) }
    }

    /// Encodes the value.
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// What schema discovery and the object's key-value paths see of a ``RealmProperty``: the value of an unmanaged
/// object, and the hook that binds it to its object once managed.
protocol RealmPropertyStorage: AnyObject {
    /// The value, as the property's Swift type.
    var anyValue: Any { get }
    /// Sets an unmanaged object's value (already converted to the property's type).
    func setUnmanaged(_ value: Any)
    /// Reads and writes go through `binding` from now on, as property `index`.
    func attach(to binding: ObjectBinding, at index: Int)
}

extension RealmProperty: RealmPropertyStorage, PersistedMarker {
    var anyValue: Any { value }
    func setUnmanaged(_ value: Any) { storage = value as! Value }
    func attach(to binding: ObjectBinding, at index: Int) {
        self.binding = binding
        self.index = index
    }
    var options: PersistedOptions { PersistedOptions() }
    var initialValue: Any? { storage as Any }
    static var valueType: Any.Type { Value.self }
    // The property holds its unmanaged value itself (`setUnmanaged`), and codes through its own `Codable`.
    func keep(_ value: Any) {}
    func markManaged() {}
    // Its value is read through `anyValue` (PropertyInfo.read), never through an offset.
    static var initialValueOffset: Int? { nil }
    static var slotOffset: Int? { nil }
    static func storedInitialValue(at initial: UnsafeMutableRawPointer) throws -> StrataCore.Value? { nil }
}
