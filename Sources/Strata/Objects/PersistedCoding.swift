/// `Codable` for `@Persisted` properties, so that a model class declared `Codable` gets the compiler's
/// synthesized coding, as in Realm Swift.
///
/// ```swift
/// final class Person: Object, Codable {
///     @Persisted var name = ""
///     @Persisted var age: Int?
/// }
/// let person = try JSONDecoder().decode(Person.self, from: Data(#"{"name": "Ada"}"#.utf8))
/// // person.age == nil: a missing key of an optional property decodes as nil
/// ```
extension Persisted: Decodable where Value: Decodable {
    /// Decodes the property's value: the value a new unmanaged object starts with.
    ///
    /// The value is read through the decoder's single value container, as Realm Swift reads it, so the decoder's
    /// strategies apply (`JSONDecoder`'s `dataDecodingStrategy` reads a `Data` property from base 64, its
    /// `dateDecodingStrategy` a `Date`). A null is nil for an optional property and the default value of a
    /// ``CustomPersistable`` type.
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: the decoder's error; `DecodingError.typeMismatch` ("Cannot convert nil to String") for a null given
    ///   any other type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            guard let value = Self.valueOfNull() else {
                throw DecodingError.typeMismatch(
                    Value.self,
                    DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription: "Cannot convert nil to \(Value.self)"
                    )
                )
            }
            self.init(wrappedValue: value)
        } else {
            self.init(wrappedValue: try container.decode(Value.self))
        }
    }

    /// The value a null decodes as, as Realm Swift converts one: nil for an optional, the default value of a
    /// (non-failable) custom persistable type; no value for any other type.
    private static func valueOfNull() -> Value? {
        if let optional = Value.self as? any OptionalMarker.Type { return optional.noneValue as? Value }
        if Value.self is any CustomPersistable.Type { return TypeInspector.defaultValue(Value.self) as? Value }
        return nil
    }
}

extension Persisted: Encodable where Value: Encodable {
    /// Encodes the property's value in an unmanaged object: the value it was declared or decoded with, or the
    /// last one set through the property. The value goes through the encoder's single value container, so the
    /// encoder's strategies apply (`JSONEncoder`'s `dataEncodingStrategy` and `dateEncodingStrategy`).
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: the encoder's error, or `EncodingError.invalidValue` for an object read from a realm.
    /// - Note: As in Realm Swift, synthesized coding is for unmanaged objects; a managed object's wrappers do not
    ///   read the file, so a model encoded while managed must define `encode(to:)` itself, reading its properties.
    ///   An object read from a realm fails to encode, and so does one added to a realm (for the properties whose
    ///   accessors have run in the process, which include every property set through its accessor). Values given
    ///   by key-value coding (`setValue(_:forKey:)`, `init(value:)`) reach the wrapper only once the
    ///   property has been read or written through its own accessor somewhere in the process.
    public func encode(to encoder: any Encoder) throws {
        if serial == PersistedSerial.managed {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription:
                        "A managed object cannot be encoded by synthesized Codable, which reads no realm: "
                        + "encode an unmanaged copy, or define encode(to:) on the model to read its properties"
                )
            )
        }
        var container = encoder.singleValueContainer()
        if let initial {
            try container.encode(initial)
        } else if let value = TypeInspector.defaultValue(Value.self) as? Value {
            try container.encode(value)
        } else {
            try container.encodeNil()
        }
    }
}

/// A property wrapper whose wrapped value may be nil: a keyed container decodes it as nil when its key is
/// missing, instead of failing with `keyNotFound` (`@Persisted var age: Int?` and the like).
public protocol OptionalCodingWrapper {
    /// The wrapped type, which `nil` is a value of.
    associatedtype WrappedType: ExpressibleByNilLiteral
    /// Creates the wrapper around `wrappedValue`.
    /// - Parameter wrappedValue: the wrapped value (nil for a missing key).
    init(wrappedValue: WrappedType)
}

extension KeyedDecodingContainer {
    /// Decodes an optional property wrapper: nil when `key` is missing or null.
    /// - Parameters:
    ///   - type: the wrapper's type.
    ///   - key: the key of the value.
    /// - Returns: the decoded wrapper, or one wrapping nil when the key is missing.
    /// - Throws: the decoder's error for a value of the wrong type.
    public func decode<T>(_ type: T.Type, forKey key: KeyedDecodingContainer<K>.Key) throws -> T
    where T: Decodable, T: OptionalCodingWrapper {
        try decodeIfPresent(T.self, forKey: key) ?? T(wrappedValue: nil)
    }
}

extension Persisted: OptionalCodingWrapper where Value: ExpressibleByNilLiteral {}
