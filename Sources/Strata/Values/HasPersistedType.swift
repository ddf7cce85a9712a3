import Foundation

/// A type with a stored form: the type a property of it is persisted as, which the typed query API reads to decide
/// which operators a property offers (``Query``'s `<` for numbers and dates, `contains` for strings and data).
///
/// Every ``_Persistable`` type has one: most are stored as themselves, a ``PersistableEnum`` as its raw value, a
/// ``CustomPersistable`` type as its `PersistedType`, an optional as its wrapped type's stored form made optional.
/// For Strata's use and for generic code constraining a `Query` (`where T.PersistedType: _QueryNumeric`), as in Realm
/// Swift; conform through the public protocols instead.
public protocol _HasPersistedType {
    /// The type the value is stored as.
    associatedtype PersistedType
}

/// Lets generic code see through an optional (`where T: OptionalProtocol, T.Wrapped: Comparable`), as Realm Swift's
/// `OptionalProtocol` does. `Optional` is its only conformance.
public protocol OptionalProtocol {
    /// The type the optional wraps.
    associatedtype Wrapped
}

extension Optional: OptionalProtocol {}

// The stored forms. A type's own name where it is stored as itself; an object class is stored as a link, named by its
// base class as in Realm Swift.

extension Bool {
    /// Stored as itself.
    public typealias PersistedType = Bool
}
extension Int {
    /// Stored as itself.
    public typealias PersistedType = Int
}
extension Int8 {
    /// Stored as itself.
    public typealias PersistedType = Int8
}
extension Int16 {
    /// Stored as itself.
    public typealias PersistedType = Int16
}
extension Int32 {
    /// Stored as itself.
    public typealias PersistedType = Int32
}
extension Int64 {
    /// Stored as itself.
    public typealias PersistedType = Int64
}
extension Float {
    /// Stored as itself.
    public typealias PersistedType = Float
}
extension Double {
    /// Stored as itself.
    public typealias PersistedType = Double
}
extension String {
    /// Stored as itself.
    public typealias PersistedType = String
}
extension Data {
    /// Stored as itself.
    public typealias PersistedType = Data
}
extension Date {
    /// Stored as itself.
    public typealias PersistedType = Date
}
extension UUID {
    /// Stored as itself.
    public typealias PersistedType = UUID
}
extension ObjectId {
    /// Stored as itself.
    public typealias PersistedType = ObjectId
}
extension Decimal128 {
    /// Stored as itself.
    public typealias PersistedType = Decimal128
}
extension AnyRealmValue {
    /// Stored as itself.
    public typealias PersistedType = AnyRealmValue
}
extension Object {
    /// Stored as itself.
    public typealias PersistedType = Object
}
extension EmbeddedObject {
    /// Stored as itself.
    public typealias PersistedType = EmbeddedObject
}
extension List {
    /// Stored as itself.
    public typealias PersistedType = List
}
extension MutableSet {
    /// Stored as itself.
    public typealias PersistedType = MutableSet
}
extension Map {
    /// Stored as itself.
    public typealias PersistedType = Map
}
extension LinkingObjects {
    /// Stored as itself.
    public typealias PersistedType = LinkingObjects
}
extension Projection {
    /// Stored as itself.
    public typealias PersistedType = Projection
}

extension Optional: _HasPersistedType where Wrapped: _HasPersistedType {
    /// The wrapped type's stored form, optional.
    public typealias PersistedType = Wrapped.PersistedType?
}
