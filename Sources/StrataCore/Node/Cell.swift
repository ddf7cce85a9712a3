// Cell.swift: one physical value in a cluster column, before the table gives it a meaning.

/// The physical kinds of column storage in a cluster leaf.
enum PhysicalKind: UInt8, Sendable, Equatable {
    /// 64-bit integers stored with frame-of-reference compact widths (0, 1, 2, 4 or 8 bytes).
    case integer = 1
    /// 32-bit floats.
    case float = 2
    /// 64-bit doubles.
    case double = 3
    /// Fixed-width byte strings (timestamps, Decimal128, ObjectId, UUID).
    case fixed = 4
    /// Variable-length byte strings; long ones live in their own blob nodes.
    case variable = 5
}

/// The physical shape of one column: kind, width for fixed columns, and whether it holds nulls.
struct PhysicalLayout: Equatable, Sendable {
    var kind: PhysicalKind
    var width: Int
    var nullable: Bool

    init(kind: PhysicalKind, width: Int = 0, nullable: Bool) {
        self.kind = kind
        self.width = width
        self.nullable = nullable
    }
}

/// A physical value.
enum Cell: Equatable, Sendable {
    case null
    case int(Int64)
    case float(Float)
    case double(Double)
    case bytes([UInt8])

    /// The value a new row gets in a column of `layout` when none is given.
    static func defaultValue(for layout: PhysicalLayout) -> Cell {
        if layout.nullable { return .null }
        switch layout.kind {
        case .integer: return .int(0)
        case .float: return .float(0)
        case .double: return .double(0)
        case .fixed: return .bytes([UInt8](repeating: 0, count: layout.width))
        case .variable: return .bytes([])
        }
    }
}

/// A long variable-length value stored in a blob node of its own.
struct BlobRef: Equatable, Sendable {
    var ref: Ref
    var length: UInt64

    /// The extent the blob node occupies.
    var extentLength: UInt64 { UInt64(alignedTo8(NodeHeader.size + Int(length))) }
}

/// Where encoded nodes go at commit: the sink allocates space, writes the node and returns its ref.
protocol NodeSink {
    /// The checksum scheme of the file the nodes go to (NodeChecksum.swift): every encoder seals with it.
    var checksum: NodeChecksum { get }
    func write(_ node: [UInt8]) throws -> Ref
}
