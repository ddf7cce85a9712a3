import Foundation

// The stored types each family of ``Query`` operators applies to, as Realm Swift names them. A property's operators
// follow its stored form (``_HasPersistedType``): an `Int`-backed enum or a custom type stored as a `Double` compares
// with `<` as its stored form does, and an optional of any of these too.

/// Stored types that compare in order and aggregate (`<`, `>=`, `min`, `sum`, …): the integers, `Float`, `Double`,
/// ``Decimal128``, `Date` and ``AnyRealmValue``, and their optionals.
public protocol _QueryNumeric {}
extension Int: _QueryNumeric {}
extension Int8: _QueryNumeric {}
extension Int16: _QueryNumeric {}
extension Int32: _QueryNumeric {}
extension Int64: _QueryNumeric {}
extension Float: _QueryNumeric {}
extension Double: _QueryNumeric {}
extension Decimal128: _QueryNumeric {}
extension Date: _QueryNumeric {}
extension AnyRealmValue: _QueryNumeric {}
extension Optional: _QueryNumeric where Wrapped: _Persistable, Wrapped.PersistedType: _QueryNumeric {}

/// Stored types searched as bytes (`contains`, `starts(with:)`, `ends(with:)`, `equals`, `notEquals`, and `<` in
/// code-point order): `String` and `Data`, and their optionals.
public protocol _QueryBinary {}
extension Data: _QueryBinary {}
extension Optional: _QueryBinary where Wrapped: _Persistable, Wrapped.PersistedType: _QueryBinary {}

/// Stored types matched by wildcard patterns (`like`): `String` and `String?`.
public protocol _QueryString: _QueryBinary {}
extension String: _QueryString {}
extension Optional: _QueryString where Wrapped: _Persistable, Wrapped.PersistedType: _QueryString {}
