import Foundation

/// The properties of one object type: the persisted ones, and the computed ``LinkingObjects``.
///
/// ```swift
/// let schema = Person().objectSchema
/// print(schema.className, schema.primaryKeyProperty?.name ?? "none")
/// print(schema.properties.map(\.name))           // what the file stores
/// print(schema.computedProperties.map(\.name))   // LinkingObjects properties
/// ```
public struct ObjectSchema: Sendable, Equatable, CustomStringConvertible {
    /// The unqualified name of the class (a nested `V2.Item` is `Item`).
    public let className: String
    /// The persisted properties, in declaration order. ``LinkingObjects`` properties are not stored and are listed
    /// in ``computedProperties`` instead, as in Realm.
    public let properties: [Property]
    /// The ``LinkingObjects`` properties, in declaration order: computed from the links that point at an object,
    /// never stored.
    /// - Note: Strata addition: Realm Swift keeps them in `RLMObjectSchema.computedProperties`, which its Swift
    ///   `ObjectSchema` does not show.
    public let computedProperties: [Property]
    /// Whether the type is an ``EmbeddedObject``.
    public let isEmbedded: Bool

    init(className: String, properties: [Property], computedProperties: [Property] = [], isEmbedded: Bool) {
        self.className = className
        self.properties = properties
        self.computedProperties = computedProperties
        self.isEmbedded = isEmbedded
    }

    /// The primary key property, if the type has one.
    public var primaryKeyProperty: Property? { properties.first { $0.isPrimary } }

    /// The property named `propertyName`, persisted or computed (a ``LinkingObjects`` property), as in Realm.
    /// - Parameter propertyName: the property's name in Swift.
    /// - Complexity: O(p) for p properties.
    public subscript(propertyName: String) -> Property? {
        properties.first { $0.name == propertyName } ?? computedProperties.first { $0.name == propertyName }
    }

    /// The class name (and `(embedded)` for an embedded type) and each property's ``Property/description``, indented,
    /// the computed ones last, as Realm prints them.
    public var description: String {
        let lines = (properties + computedProperties).map {
            "\t" + $0.description.replacingOccurrences(of: "\n", with: "\n\t") + "\n"
        }
        return "\(className) \(isEmbedded ? "(embedded) " : ""){\n" + lines.joined() + "}"
    }
}
