import Foundation
import StrataCore

// Key-value coding on every collection kind, declared once, as Realm Swift's collections answer it.

extension RealmCollection {
    /// The value of the property named `key` of every element, in order, as an array (`self`: the elements).
    ///
    /// ```swift
    /// let names = dogs.value(forKey: "name") as! [String]
    /// ```
    /// Each value is what ``ObjectBase/value(forKey:)`` gives: nil for a nil optional, a missing link or
    /// ``AnyRealmValue/none``, an ``AnyRealmValue``'s payload, a ``PersistableEnum``'s raw value, a custom type's
    /// `persistableValue`. `self` gives the
    /// elements the same way, except that a mixed collection's ``AnyRealmValue/none`` is `NSNull`, as in Realm.
    /// - Note: Differs from Realm Swift, whose array holds `NSNull` for every nil: here a nil stays nil (a mixed
    ///   collection's elements aside), so that `value(forKey: "age") as? [Int?]` works (outside Apple platforms
    ///   `NSNull` does not cast to an optional's nil).
    /// - Complexity: O(n) for n elements.
    /// - Parameter key: a property name of the elements, or `self`.
    /// - Returns: an array with one value per element.
    public func value(forKey key: String) -> Any? { value(forKeyPath: key) }

    /// The value at a key path of every element, in order, as an array, each as ``value(forKey:)`` gives it; a path
    /// through to-one links gives nil (`NSNull` in Realm) where a link is missing. A collection operator as the first
    /// part answers instead, as Realm's collections do:
    ///
    /// - `@count`: the number of elements;
    /// - `@min`, `@max`, `@sum`, `@avg` followed by a property: its aggregate;
    /// - `@unionOfObjects` followed by a property: its value for every element, as `value(forKey:)` gives them;
    /// - `@distinctUnionOfObjects`: those values, each once (Realm's order is unspecified; Strata keeps the first
    ///   of each, in the collection's order);
    /// - `@unionOfArrays` followed by a list or set property: the elements of every element's collection, one
    ///   after the other; `@distinctUnionOfArrays`: those, each once.
    ///
    /// ```swift
    /// let cities = people.value(forKeyPath: "address.city") as! [String?]
    /// let total = people.value(forKeyPath: "@sum.age") as! Int
    /// let names = dogs.value(forKeyPath: "@distinctUnionOfObjects.name") as! [String]
    /// ```
    ///
    /// An operator Realm does not know, an operator other than `@count` without a property or followed by a
    /// nested key path (`@max.owner.age`: Realm aggregates one level only), and `@unionOfArrays.self`, stop with
    /// Realm's messages. A collection of values names itself: `@sum.self`.
    /// - Complexity: O(n) for n elements (the union operators of arrays: O(n + m) for m elements of their
    ///   collections; the distinct ones hash each value).
    /// - Parameter keyPath: a dotted key path, or a collection operator followed by one.
    /// - Returns: an array with one value per element, the aggregate for an aggregate operator, or the array a
    ///   union operator gives.
    public func value(forKeyPath keyPath: String) -> Any? { stoppingOnError { try value(checkedForKeyPath: keyPath) } }

    /// The value at a key path of every element, as ``value(forKeyPath:)`` gives it; an error for a key path Realm
    /// refuses.
    ///
    /// ```swift
    /// let total = try orders.value(checkedForKeyPath: "@sum.\(request.field)")
    /// ```
    /// - Complexity: O(n) for n elements, as ``value(forKeyPath:)``.
    /// - Parameter keyPath: a dotted key path, or a collection operator followed by one.
    /// - Returns: what ``value(forKeyPath:)`` returns.
    /// - Throws: ``RealmError/invalidValue(_:)`` with Realm's message for a key the elements lack or an operator
    ///   Realm does not know; ``RealmError/invalidQuery(_:)`` for an aggregate of a property that cannot be
    ///   aggregated.
    /// - Note: Strata addition: the throwing form of ``value(forKeyPath:)``.
    public func value(checkedForKeyPath keyPath: String) throws -> Any? {
        var parts = keyPath.split(separator: ".").map(String.init)
        if let first = parts.first, first.hasPrefix("@") {
            parts.removeFirst()
            if first == "@count" { return count }
            guard Self.collectionOperators.contains(first) else {
                throw RealmError.invalidValue("Unsupported KVC collection operator found in key path '\(keyPath)'")
            }
            // Realm's checks, in its order: one property follows every other operator (`self` for values).
            guard let property = parts.first else {
                throw RealmError.invalidValue(
                    "Missing key path for KVC collection operator \(first.dropFirst()) in key path '\(keyPath)'"
                )
            }
            guard parts.count == 1 else {
                throw RealmError.invalidValue("Nested key paths are not supported yet for KVC collection operators.")
            }
            switch first {
            case "@min": return try checkedExtreme(property, smallest: true) as Any?
            case "@max": return try checkedExtreme(property, smallest: false) as Any?
            case "@sum": return try checkedTotal(property) as Any
            case "@avg": return try checkedMean(property) as Any?
            default: return try union(first, of: property)
            }
        }
        return try map { element -> Any in
            guard keyPath != "self", var object = element as? ObjectBase else {
                if keyPath != "self" { try Self.checkValueKey(keyPath, of: element) }
                return Self.arrayElement(of: element)
            }
            for part in parts.dropLast() {
                try Self.checkKey(part, of: object)
                guard let linked = object.value(forKey: part) as? ObjectBase else { return Self.arrayElement(nil) }
                object = linked
            }
            try Self.checkKey(parts.last ?? keyPath, of: object)
            return Self.arrayElement(object.value(forKey: parts.last ?? keyPath))
        }
    }

    /// The collection operators `value(forKeyPath:)` knows besides `@count`, as Realm's collections do.
    private static var collectionOperators: Set<String> {
        [
            "@min", "@max", "@sum", "@avg", "@unionOfObjects", "@distinctUnionOfObjects", "@unionOfArrays",
            "@distinctUnionOfArrays",
        ]
    }

    /// The array a union operator (`@unionOfObjects`, `@distinctUnionOfObjects`, `@unionOfArrays`,
    /// `@distinctUnionOfArrays`) gives for `property`.
    private func union(_ operation: String, of property: String) throws -> [Any] {
        let name = String(operation.dropFirst())
        var values = try value(checkedForKeyPath: property) as? [Any] ?? []
        if name.hasSuffix("Arrays") {
            guard property != "self" else {
                throw RealmError.invalidValue(
                    "self is not a valid key-path for a KVC array collection operator as '\(name)'."
                )
            }
            values = try values.flatMap { value -> [Any] in
                guard let collection = value as? any RealmCollection else {
                    throw RealmError.invalidValue(
                        "\(name) needs a list or set property, and '\(property)' of \(Element.self) is not one."
                    )
                }
                return Self.elements(of: collection)
            }
        }
        return name.hasPrefix("distinct") ? Self.distinctValues(values) : values
    }

    /// The elements of a collection a property holds, as values of an array.
    private static func elements<S: Sequence>(of collection: S) -> [Any] {
        collection.map { Self.arrayElement(of: $0) }
    }

    /// `values` with each value once, the first of each kept in place: equal hashable values (objects compare as
    /// `==` does) and nils are one value; a value that is not hashable is kept.
    static func distinctValues(_ values: [Any]) -> [Any] {
        var seen = Set<AnyHashable>()
        var sawNil = false
        return values.filter { value in
            if let optional = value as? any OptionalMarker, optional.wrappedValueIfAny == nil {
                defer { sawNil = true }
                return !sawNil
            }
            guard let hashable = value as? AnyHashable else { return true }
            return seen.insert(hashable).inserted
        }
    }

    /// A value as an element of the array `value(forKeyPath:)` gives: itself, or a nil `Any?` for nil.
    private static func arrayElement(_ value: Any?) -> Any { value ?? (Optional<Any>.none as Any) }

    /// A collection's element as an element of the array `value(forKeyPath:)` gives: its key-value coding value,
    /// `NSNull` for ``AnyRealmValue/none`` (as in Realm), a nil `Any?` for a nil optional.
    private static func arrayElement<Value>(of element: Value) -> Any {
        if case .some(AnyRealmValue.none) = element as? AnyRealmValue { return NSNull() }
        return arrayElement(ValueConversion.keyValueCodingValue(element))
    }

    /// Throws Realm's message when a key other than `self` is asked of a value (a number or a string has no
    /// properties; Realm asks each element, and Foundation raises). Nil and mixed elements answer as they are.
    private static func checkValueKey(_ key: String, of element: Element) throws {
        if element is AnyRealmValue { return }
        if let optional = element as? any OptionalMarker, optional.wrappedValueIfAny == nil { return }
        throw RealmError.invalidValue(
            "[<\(type(of: element))> valueForUndefinedKey:]: this class is not key value coding-compliant for the key "
                + "\(key)."
        )
    }

    /// Throws Realm's message when `object` has no property `key`.
    private static func checkKey(_ key: String, of object: ObjectBase) throws {
        guard object.objectSchema[key] == nil else { return }
        throw RealmError.invalidValue(
            "[<\(type(of: object)) \(ObjectIdentifier(object))> valueForUndefinedKey:]: this class is not key value "
                + "coding-compliant for the key \(key)."
        )
    }

    /// Sets the property named `key` of every object to `value`. For a managed collection this needs a write
    /// transaction; outside one it stops with a message, as Realm raises.
    ///
    /// ```swift
    /// try await realm.write { realm in realm.objects(Dog.self).setValue(true, forKey: "adopted") }
    /// ```
    ///
    /// The key `self` sets the elements themselves, as in Realm Swift: every element of a ``List`` becomes
    /// `value`, and a ``MutableSet`` holds `value` alone (even if it was empty).
    /// A property holding a single value (not a link, a mixed value or the primary key) of a managed collection's
    /// objects is converted once and written leaf by leaf, without making an object per element; the change
    /// notifications are those of setting each object in turn.
    /// - Complexity: O(n) for n objects (O(n log n) when they are not in the table's order).
    /// - Parameters:
    ///   - value: the new value, converted to the property's type as ``ObjectBase/setValue(_:forKey:)`` does.
    ///   - key: the name of a property of the objects, or `self`.
    public func setValue(_ value: Any?, forKey key: String) {
        if let results = _contents.results {
            _ = results.source.liveState("collection").1.writer("setValue(_:forKey:) on a collection")
            if key != "self", stoppingOnError({ try results.setPlainProperty(value, forKey: key) }) { return }
        }
        if key == "self" { return setElements(to: value) }
        for element in self {
            guard let object = element as? ObjectBase else {
                preconditionFailure(
                    "[<\(Self.self)> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the "
                        + "key \(key). (A collection of \(Element.self) sets its elements with the key self.)"
                )
            }
            object.setValue(value, forKey: key)
        }
    }
}

extension RealmCollection {
    /// `setValue(_:forKey: "self")`: every element of a list becomes `value`; a set holds `value` alone.
    private func setElements(to value: Any?) {
        let element: Element
        if let value, let converted = (value as? Element) ?? Self.converted(value) {
            element = converted
        } else if value == nil, let none = (Element.self as? any OptionalMarker.Type)?.noneValue as? Element {
            element = none
        } else {
            let (text, type) = value.map { ("\($0)", "\(Swift.type(of: $0))") } ?? ("<null>", "NSNull")
            preconditionFailure("Invalid value '\(text)' of type '\(type)' for expected type '\(Element.self)'")
        }
        if let list = self as? List<Element> {
            for index in list.indices { list.replace(index: index, object: element) }
        } else if let set = self as? MutableSet<Element> {
            set.removeAll()
            set.insert(element)
        } else {
            preconditionFailure(
                "setValue(_:forKey: \"self\") sets the elements of a list or a set, not of \(Self.self)"
            )
        }
    }

    /// `value` as an element, converted as a property's value is (an `Int` for an `Int8` element).
    private static func converted(_ value: Any) -> Element? {
        // Its error says the value does not fit the element type (`RealmError.invalidValue`), never damage; nil
        // makes `setElements` stop with Realm's "Invalid value" message.
        (try? ValueCoercion.coerce(value, to: Element.self, property: "self")) as? Element
    }
}
