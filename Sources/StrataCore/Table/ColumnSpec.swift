// ColumnSpec.swift: the schema of tables and columns as the engine stores it.

/// The type of a column's values (of its elements, for collection columns).
package enum ValueType: UInt8, Sendable, CaseIterable {
    case int = 1
    case bool, float, double, string, binary, timestamp, decimal128, objectId, uuid, mixed, link, backlink
}

/// Whether a column holds one value or a collection of them.
package enum CollectionKind: UInt8, Sendable, CaseIterable {
    case single = 0
    case list, set, dictionary
}

/// One column of a table.
package struct ColumnSpec: Equatable, Sendable {
    package var key: ColumnKey
    package var name: String
    package var type: ValueType
    package var nullable: Bool
    package var collection: CollectionKind
    /// For links: the target table; for backlinks: the origin table.
    package var linkTable: TableKey?
    /// For backlinks: the link column of the origin table.
    package var originColumn: ColumnKey?
    /// Whether a search index is kept.
    package var indexed: Bool
    /// Whether values are unique (a primary key); implies `indexed`.
    package var unique: Bool
    /// Root of the index tree.
    var indexRoot: Ref

    package init(
        key: ColumnKey = ColumnKey(0),
        name: String,
        type: ValueType,
        nullable: Bool = false,
        collection: CollectionKind = .single,
        linkTable: TableKey? = nil,
        originColumn: ColumnKey? = nil,
        indexed: Bool = false,
        unique: Bool = false
    ) {
        self.key = key
        self.name = name
        self.type = type
        self.nullable = nullable || (type == .link && collection == .single) || type == .mixed
        self.collection = collection
        self.linkTable = linkTable
        self.originColumn = originColumn
        self.indexed = indexed || unique
        self.unique = unique
        self.indexRoot = .none
    }

    /// Whether the column stores links (single or in a collection).
    package var isLink: Bool { type == .link }

    /// How the column is stored in a leaf.
    var physical: PhysicalLayout {
        if collection != .single || type == .backlink { return PhysicalLayout(kind: .variable, nullable: false) }
        switch type {
        case .int, .bool, .link: return PhysicalLayout(kind: .integer, nullable: nullable)
        case .float: return PhysicalLayout(kind: .float, nullable: nullable)
        case .double: return PhysicalLayout(kind: .double, nullable: nullable)
        case .string, .binary: return PhysicalLayout(kind: .variable, nullable: nullable)
        case .timestamp, .objectId: return PhysicalLayout(kind: .fixed, width: 12, nullable: nullable)
        case .decimal128, .uuid: return PhysicalLayout(kind: .fixed, width: 16, nullable: nullable)
        case .mixed: return PhysicalLayout(kind: .variable, nullable: true)
        case .backlink: preconditionFailure("handled above")
        }
    }

    /// The value an object gets in this column when none is given.
    package var defaultValue: Value {
        if type == .backlink { return .list([]) }
        switch collection {
        case .list, .set: return .list([])
        case .dictionary: return .dictionary([])
        case .single: break
        }
        if nullable { return .null }
        switch type {
        case .int: return .int(0)
        case .bool: return .bool(false)
        case .float: return .float(0)
        case .double: return .double(0)
        case .string: return .string("")
        case .binary: return .binary([])
        case .timestamp: return .timestamp(Timestamp(seconds: 0, nanoseconds: 0))
        case .decimal128: return .decimal128([UInt8](repeating: 0, count: 16))
        case .objectId: return .objectId([UInt8](repeating: 0, count: 12))
        case .uuid: return .uuid([UInt8](repeating: 0, count: 16))
        case .mixed, .link, .backlink: return .null
        }
    }

    /// Whether an index may be kept on this column.
    package var supportsIndex: Bool {
        collection == .single && [.int, .bool, .string, .timestamp, .objectId, .uuid, .mixed].contains(type)
    }
}

/// One table: its columns, its object count and the root of its cluster tree.
package struct TableSpec: Equatable, Sendable {
    package var key: TableKey
    package var name: String
    package var columns: [ColumnSpec] {
        didSet {
            traits = columns.map(ColumnTraits.init)
            shape = RowShape(traits)
        }
    }
    /// What the write path checks of each column, kept in step with `columns`: reading these copies no
    /// column names.
    private(set) var traits: [ColumnTraits]
    /// What the write path checks of a whole row, kept in step with `columns`.
    private(set) var shape: RowShape
    package var root: Ref
    package var objectCount: Int
    var nextObjectKey: Int64
    var nextColumnKey: UInt32

    /// The primary key's column: the table's unique column (Strata's schema makes only a primary key unique; the
    /// first one if an engine caller made several).
    package var primaryKeyColumn: ColumnSpec? { columns.first(where: \.unique) }

    init(key: TableKey, name: String) {
        self.key = key
        self.name = name
        columns = []
        traits = []
        shape = RowShape([])
        root = .none
        objectCount = 0
        nextObjectKey = 0
        nextColumnKey = 1
    }

    /// The leaf layout of the table's clusters.
    var layout: LeafLayout {
        LeafLayout(columnKeys: columns.map(\.key), physical: columns.map(\.physical))
    }

    /// The position of a column in `columns`.
    package func position(of column: ColumnKey) -> Int? {
        columns.firstIndex { $0.key == column }
    }

    /// The column named `name` (backlink columns have generated names).
    package func column(named name: String) -> ColumnSpec? {
        columns.first { $0.name == name }
    }
}

/// What inserting a row of a table needs to know about all of its columns at once, derived from their traits.
struct RowShape: Equatable, Sendable {
    /// Some column is a backlink column (set only by the engine, never by a row's values).
    let hasBacklinks: Bool
    /// Every column holds a single value stored as it is (``ColumnTraits/storesPlainly``) and none is a link: a new
    /// row needs no normalizing, no link check and no collection tree, only each value's type checked.
    let isPlain: Bool

    init(_ traits: [ColumnTraits]) {
        hasBacklinks = traits.contains { $0.type == .backlink }
        isPlain = traits.allSatisfy { $0.storesPlainly && !$0.isLink }
    }
}

/// A column's type, kind and constraints without its name: plain values, cheap to read in a loop.
struct ColumnTraits: Equatable, Sendable {
    let type: ValueType
    let collection: CollectionKind
    let nullable: Bool
    let indexed: Bool
    let unique: Bool

    init(_ column: ColumnSpec) {
        type = column.type
        collection = column.collection
        nullable = column.nullable
        indexed = column.indexed
        unique = column.unique
    }

    /// Whether the column stores links (single or in a collection).
    var isLink: Bool { type == .link }

    /// Whether a value of the column is stored as it is, with no encoding of its own: a single value of any type but
    /// mixed and backlinks (see `ColumnStorage.appendPlain`).
    var storesPlainly: Bool { collection == .single && type != .mixed && type != .backlink }
}
