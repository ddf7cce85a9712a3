import Foundation

/// One key of a sort: a key path and a direction.
///
/// Foundation on Linux also declares a `SortDescriptor`; code that imports both writes
/// `Strata.SortDescriptor`.
public struct SortDescriptor: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The property (through to-one links: `"owner.name"`).
    public let keyPath: String
    /// Whether the order is ascending.
    public let ascending: Bool

    /// Sorts by `keyPath`.
    /// - Parameters:
    ///   - keyPath: the property, through to-one links with dots, or `self` for values.
    ///   - ascending: the direction.
    public init(keyPath: String, ascending: Bool = true) {
        self.keyPath = keyPath
        self.ascending = ascending
    }

    /// Sorts by a Swift key path.
    /// - Parameters:
    ///   - keyPath: a stored property of a model.
    ///   - ascending: the direction.
    public init<Root, Value>(keyPath: KeyPath<Root, Value>, ascending: Bool = true) {
        self.init(keyPath: KeyPathName.of(keyPath), ascending: ascending)
    }

    /// Sorts by `value`, ascending, so that a string can stand for a descriptor.
    ///
    /// ```swift
    /// let byName = people.sorted(by: ["name", SortDescriptor(keyPath: "age", ascending: false)])
    /// ```
    /// - Parameter value: the property to sort by.
    public init(stringLiteral value: String) {
        self.init(keyPath: value, ascending: true)
    }

    /// The same key in the other direction.
    /// - Returns: a descriptor with the same key path and the opposite direction.
    public func reversed() -> SortDescriptor { SortDescriptor(keyPath: keyPath, ascending: !ascending) }

    /// `SortDescriptor(keyPath: name, direction: ascending)`, as Realm Swift prints it.
    public var description: String {
        "SortDescriptor(keyPath: \(keyPath), direction: \(ascending ? "ascending" : "descending"))"
    }
}
