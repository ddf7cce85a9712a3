// Ref.swift: typed keys passed between layers instead of bare integers.

/// A file offset of a node: a multiple of 8, where zero means "no node".
package struct Ref: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var offset: UInt64

    package init(_ offset: UInt64) {
        precondition(offset % 8 == 0, "refs are 8-byte aligned")
        self.offset = offset
    }

    /// The ref that names no node.
    static let none = Ref(0)

    /// Whether this ref names a node.
    var isNone: Bool { offset == 0 }

    package static func < (lhs: Ref, rhs: Ref) -> Bool { lhs.offset < rhs.offset }

    package var description: String { "@\(offset)" }
}

/// The key of an object within its table; object keys are unique within a table and never reused.
package struct ObjectKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var rawValue: Int64

    package init(_ rawValue: Int64) { self.rawValue = rawValue }

    package static func < (lhs: ObjectKey, rhs: ObjectKey) -> Bool { lhs.rawValue < rhs.rawValue }
    // Declared, not synthesized: from another module the synthesized `==` and the standard library's generic `!=` are
    // reached through the protocol's witness table, a call per comparison on the object layer's hottest paths.
    package static func == (lhs: ObjectKey, rhs: ObjectKey) -> Bool { lhs.rawValue == rhs.rawValue }
    package static func != (lhs: ObjectKey, rhs: ObjectKey) -> Bool { lhs.rawValue != rhs.rawValue }

    package var description: String { "O\(rawValue)" }
}

/// The key of a table within a database; never reused.
package struct TableKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var rawValue: UInt32

    init(_ rawValue: UInt32) { self.rawValue = rawValue }

    package static func < (lhs: TableKey, rhs: TableKey) -> Bool { lhs.rawValue < rhs.rawValue }
    // Declared for the reason ObjectKey gives.
    package static func == (lhs: TableKey, rhs: TableKey) -> Bool { lhs.rawValue == rhs.rawValue }
    package static func != (lhs: TableKey, rhs: TableKey) -> Bool { lhs.rawValue != rhs.rawValue }

    package var description: String { "T\(rawValue)" }
}

/// The key of a column within a table; never reused within that table.
package struct ColumnKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    var rawValue: UInt32

    package init(_ rawValue: UInt32) { self.rawValue = rawValue }

    package static func < (lhs: ColumnKey, rhs: ColumnKey) -> Bool { lhs.rawValue < rhs.rawValue }
    // Declared for the reason ObjectKey gives.
    package static func == (lhs: ColumnKey, rhs: ColumnKey) -> Bool { lhs.rawValue == rhs.rawValue }
    package static func != (lhs: ColumnKey, rhs: ColumnKey) -> Bool { lhs.rawValue != rhs.rawValue }

    package var description: String { "C\(rawValue)" }
}

/// A version of the database: the number of commits that produced it.
package typealias Version = UInt64

/// Rounds `value` up to a multiple of 8.
@inline(__always)
func alignedTo8(_ value: Int) -> Int { (value + 7) & ~7 }
