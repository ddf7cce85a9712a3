import Foundation

/// Descriptions of objects and collections in Realm's format, as `description` gives them:
///
///     Results<Dog> <0x600000c5c000> (
///         [0] Dog {
///             name = Rex;
///             owner = Person {
///                 name = Ada;
///             };
///         },
///         [1] Dog { … }
///     )
///
/// (with tabs for the indentation). Nested objects and collections are described down to five levels, then as
/// `<Maximum depth exceeded>`, so that cycles end; a collection shows its first 100 elements and counts the rest;
/// nil is `(null)`, a `Bool` is `0` or `1`, data shows its first 24 bytes in hexadecimal and its length.
enum RealmDescription {
    /// How many levels of objects and collections a description opens.
    static let maximumDepth = 5
    /// How many elements of a collection a description shows.
    static let maximumElements = 100

    /// The description of `object`, its nested values `depth` levels deep at most.
    static func object(_ object: ObjectBase, depth: Int = maximumDepth) -> String {
        if depth == 0 { return depthExceeded }
        if let row = (object as? DynamicObject)?.specRow { return specRow(row, depth: depth) }
        guard let info = object.propertyInfo else { return "\(type(of: object))" }
        if object.isInvalidated { return "[invalid object]" }
        var text = "\(info.className) {\n"
        for property in info.properties where !property.typeInfo.isLinkingObjects {
            let value = property.read(object)
            text += "\t\(property.name) = \(indented(Self.value(value, depth: depth - 1)));\n"
        }
        return text + "}"
    }

    /// The description of a spec row (a migration's old object): its table's properties and their stored values.
    private static func specRow(_ object: SpecRow, depth: Int) -> String {
        if !object.isReadable { return "[invalid object]" }
        let schema = object.objectSchema
        var text = "\(schema.className) {\n"
        for property in schema.properties {
            let value = object.value(forKey: property.name)
            text += "\t\(property.name) = \(indented(Self.value(value as Any, depth: depth - 1)));\n"
        }
        return text + "}"
    }

    /// The description of a collection named `name` (`Results`, `List`…) of `elementType` elements.
    static func collection(
        _ name: String,
        elementType: Any.Type,
        identity: AnyObject?,
        elements: some Sequence<Any>,
        count: Int,
        depth: Int = maximumDepth
    ) -> String {
        if depth == 0 { return depthExceeded }
        let lines = elements.prefix(maximumElements).enumerated().map { index, element in
            "\t[\(index)] \(indented(self.element(element, depth: depth - 1)))"
        }
        return listing("\(name)<\(typeName(elementType))> <\(address(identity))>", lines, count: count)
    }

    /// The description of a map of `valueType` values, its entries in key order.
    static func map(
        valueType: Any.Type,
        identity: AnyObject?,
        entries: some Sequence<(key: String, value: Any)>,
        count: Int,
        depth: Int = maximumDepth
    ) -> String {
        if depth == 0 { return depthExceeded }
        let lines = entries.prefix(maximumElements).map { entry in
            indented("[\(entry.key)]: \(element(entry.value, depth: depth - 1))")
        }
        return listing("Map<string, \(typeName(valueType))> <\(address(identity))>", lines, count: count)
    }

    /// An element of a collection (or a map's value) as Realm describes it: a nil element is `<null>`, as
    /// Realm's collections hold it as `NSNull` (a nil property is `(null)`).
    private static func element(_ element: Any, depth: Int) -> String {
        if let optional = element as? any OptionalMarker, optional.wrappedValueIfAny == nil { return "<null>" }
        if case .none? = element as? AnyRealmValue { return "<null>" }
        return value(element, depth: depth)
    }

    /// A property's or an element's value as Realm describes it.
    static func value(_ value: Any, depth: Int) -> String {
        if let object = value as? ObjectBase { return self.object(object, depth: depth) }
        if let nested = value as? any RealmDescribable { return nested.realmDescription(depth: depth) }
        if let optional = value as? any OptionalMarker {
            guard let wrapped = optional.wrappedValueIfAny else { return "(null)" }
            return self.value(wrapped, depth: depth)
        }
        switch value {
        case let bool as Bool: return bool ? "1" : "0"
        case let data as Data: return describe(data)
        case let mixed as AnyRealmValue: return describe(mixed, depth: depth)
        case let enumeration as any PersistableEnum: return "\(enumeration.rawValue)"
        default: return "\(value)"
        }
    }

    private static let depthExceeded = "<Maximum depth exceeded>"

    private static func indented(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\n\t") }

    /// `header (`, the lines separated by `,` and a newline, the count of those not shown, `)`.
    private static func listing(_ header: String, _ lines: [String], count: Int) -> String {
        var text = "\(header) (\n" + lines.joined(separator: ",\n")
        if count > lines.count { text += "\n\t... \(count - lines.count) objects skipped." }
        return text + "\n)"
    }

    /// The element type's name: the class name of objects, Realm's type name (`int`, `string`…) of values.
    private static func typeName(_ type: Any.Type) -> String {
        guard let info = TypeInspector.info(for: type) else { return "\(type)" }
        if let objectClass = info.objectClass { return ObjectClassInfo.unqualifiedName(of: objectClass) }
        return info.type.description
    }

    private static func address(_ identity: AnyObject?) -> String {
        let bits = identity.map { UInt(bitPattern: ObjectIdentifier($0).hashValue) } ?? 0
        return "0x" + String(bits, radix: 16)
    }

    /// Data as Realm shows it: the first 24 bytes in groups of four, and the total length.
    private static func describe(_ data: Data) -> String {
        let bytes = Array(data.prefix(24))
        let groups = stride(from: 0, to: bytes.count, by: 4).map { start in
            bytes[start..<Swift.min(start + 4, bytes.count)].map { byte in
                let hex = String(byte, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined()
        }
        return "<\(groups.joined(separator: " ")) — \(data.count) total bytes>"
    }

    private static func describe(_ mixed: AnyRealmValue, depth: Int) -> String {
        switch mixed {
        case .none: return "(null)"
        case .bool(let value): return value ? "1" : "0"
        case .data(let value): return describe(value)
        case .object(let object): return self.object(object, depth: depth)
        case .list(let list): return list.realmDescription(depth: depth)
        case .dictionary(let map): return map.realmDescription(depth: depth)
        default: return mixed.description
        }
    }
}

/// A collection that describes itself in Realm's format, to a given depth (``RealmDescription``).
protocol RealmDescribable {
    func realmDescription(depth: Int) -> String
}

/// A collection kind described as `Name<Type> <0x…> (\n\t[0] …\n)`: its elements in order, the first 100.
protocol RealmDescribableCollection: RealmCollection, RealmDescribable {
    /// The kind's name in the description (`Results`, `List`…).
    static var descriptionName: String { get }
}

extension RealmDescribableCollection {
    func realmDescription(depth: Int) -> String {
        // One iteration, stopped after the elements shown (a managed list's subscript would read it whole).
        var shown: [Any] = []
        for element in self {
            if shown.count == RealmDescription.maximumElements { break }
            shown.append(element)
        }
        return RealmDescription.collection(
            Self.descriptionName,
            elementType: Element.self,
            // A class kind shows its own address, as Realm does; a value kind has none to show.
            identity: Self.self is AnyClass ? self as AnyObject : nil,
            elements: shown,
            count: count,
            depth: depth
        )
    }
}
