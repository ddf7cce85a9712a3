import Foundation

/// The object types of a realm.
///
/// ```swift
/// for objectSchema in realm.schema.objectSchema { print(objectSchema.className) }
/// ```
public struct Schema: Sendable, Equatable, CustomStringConvertible {
    /// Every object type, sorted by class name.
    public let objectSchema: [ObjectSchema]

    /// The object type named `className`.
    /// - Parameter className: the unqualified name of the class, such as `"Dog"`.
    /// - Complexity: O(c) for c classes.
    public subscript(className: String) -> ObjectSchema? { objectSchema.first { $0.className == className } }

    /// Every object type's description, one tab deeper, each on lines of its own, in class name order.
    public var description: String {
        let classes = objectSchema.map { "\t" + $0.description.replacingOccurrences(of: "\n", with: "\n\t") + "\n" }
        return "Schema {\n" + classes.joined() + "}"
    }
}
