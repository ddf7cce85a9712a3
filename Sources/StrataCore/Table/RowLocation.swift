// RowLocation.swift: where an object's row is, and the fast reads of its common values.

/// An object's row: its leaf and its position there, as long as the transaction does not change.
package struct RowLocation {
    enum Leaf {
        /// A committed leaf, its blocks parsed once for every row read from it.
        case clean(CleanLeafColumns)
        /// A leaf this write transaction changed.
        case dirty(ClusterLeaf)
    }

    let leaf: Leaf
    let row: Int
    /// The tree's `shapeVersion` when the row was found.
    let shapeVersion: Int

    /// The location of row `row` of the same leaf (a row a ``RowReader/sibling(_:)`` of this location's reader found).
    package func moved(toRow row: Int) -> RowLocation {
        RowLocation(leaf: leaf, row: row, shapeVersion: shapeVersion)
    }
}

/// How a column's non-null values are read straight from a committed block, without building a `Cell`:
/// the types most properties have. Every other type (and null, external or missing values) takes the
/// general path through `Cell` and `ValueCodec`.
enum PlainRead {
    case int
    case bool
    case double
    case string
    case other

    init(_ column: ColumnSpec) {
        guard column.collection == .single else {
            self = .other
            return
        }
        switch column.type {
        case .int: self = .int
        case .bool: self = .bool
        case .double: self = .double
        case .string: self = .string
        default: self = .other
        }
    }

    /// The value of `cell` (from a leaf this transaction changed), or nil when the general path must read it.
    @inline(__always)
    func value(of cell: Cell) -> Value? {
        switch (self, cell) {
        case (.int, .int(let value)): return .int(value)
        case (.bool, .int(let value)): return .bool(value != 0)
        case (.double, .double(let value)): return .double(value)
        case (.string, .bytes(let bytes)): return .string(String(decoding: bytes, as: UTF8.self))
        default: return nil
        }
    }

    /// The value of row `row` of `block` (already checked to be stored as the column's layout says), or nil
    /// when the general path must read it.
    @inline(__always)
    func value(in block: ColumnBlock, row: Int) throws -> Value? {
        if self == .other || block.isNull(row) { return nil }
        switch self {
        case .int: return .int(block.integer(row))
        case .bool: return .bool(block.integer(row) != 0)
        case .double: return .double(block.double(row))
        case .string:
            if block.isExternal(row) { return nil }
            return .string(String(decoding: try block.variableBytes(row), as: UTF8.self))
        case .other: return nil
        }
    }
}
