/// The persisted properties of one object type.
///
/// ```swift
/// let schema = Person().objectSchema
/// print(schema.className, schema.primaryKeyProperty?.name ?? "none")
/// ```
public struct ObjectSchema: Sendable, Equatable, CustomStringConvertible {
    /// The unqualified name of the class (a nested `V2.Item` is `Item`).
    public let className: String
    /// The persisted properties, in declaration order.
    public let properties: [Property]
    /// Whether the type is an ``EmbeddedObject``.
    public let isEmbedded: Bool

    /// The primary key property, if the type has one.
    public var primaryKeyProperty: Property? { properties.first { $0.isPrimary } }

    /// The property named `propertyName`.
    /// - Parameter propertyName: the property's name in Swift.
    /// - Complexity: O(p) for p properties.
    public subscript(propertyName: String) -> Property? { properties.first { $0.name == propertyName } }

    /// The class name and its properties.
    public var description: String {
        "\(className) {\n" + properties.map { "\t\($0.name): \($0.type)" }.joined(separator: "\n") + "\n}"
    }
}
