// Collections encode as arrays of their elements (and lists and sets decode from one), as in Realm Swift.
//
// ```swift
// let json = try JSONEncoder().encode(realm.objects(Tag.self).freeze())
// ```

extension RealmCollection where Element: Encodable {
    /// Encodes the elements, in order, as an array: the `Encodable` conformance of every collection kind, and
    /// callable from generic code over ``RealmCollection``.
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: the encoder's error, or an element's.
    /// - Complexity: O(n) for n elements.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in self { try container.encode(element) }
    }
}

extension Results: Encodable where Element: Encodable {}

extension List: Encodable where Element: Encodable {}

extension MutableSet: Encodable where Element: Encodable {}

extension LinkingObjects: Encodable where Element: Encodable {}

extension AnyRealmCollection: Encodable where Element: Encodable {}

extension List: Decodable where Element: Decodable {
    /// Creates an unmanaged list of the decoded array's elements.
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: the decoder's error.
    /// - Complexity: O(n) for n elements.
    public convenience init(from decoder: any Decoder) throws {
        self.init()
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd { append(try container.decode(Element.self)) }
    }
}

extension MutableSet: Decodable where Element: Decodable {
    /// Creates an unmanaged set of the decoded array's distinct elements.
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: the decoder's error.
    /// - Complexity: O(n²) for n elements (each is compared with those already in the set).
    public convenience init(from decoder: any Decoder) throws {
        self.init()
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd { insert(try container.decode(Element.self)) }
    }
}
