import StrataCore

/// A class this file replicates, as its table defines it: its primary key, the properties that travel, and the type
/// name of each, which the hub compares across instances (`strata.register_class`).
///
/// Milestone 1 replicates whole classes with a primary key, with their links (to classes with a primary key) and
/// collections; a class without a primary key, or with a link to one (an embedded object), is refused with
/// ``SyncError/unsupportedClass(className:reason:)``.
struct SyncedClass: Sendable, Equatable {
    let name: String
    let table: TableKey
    let primaryKey: ColumnSpec
    /// Every property but the primary key and backlinks, in the table's order.
    let properties: [ColumnSpec]
    /// The type name of every property, the primary key's included.
    let types: [String: String]
    /// What the class was built from: a migration that changes the table changes this.
    let signature: [String]

    init(_ spec: TableSpec, _ reading: any TransactionReading) throws {
        guard let primaryKey = spec.primaryKeyColumn else {
            throw SyncError.unsupportedClass(
                className: spec.name,
                reason: "milestone 1 syncs classes with a primary key"
            )
        }
        name = spec.name
        table = spec.key
        self.primaryKey = primaryKey
        properties = spec.columns.filter { $0.type != .backlink && $0.key != primaryKey.key }
        var types: [String: String] = [:]
        for column in spec.columns where column.type != .backlink {
            types[column.name] = try Self.typeName(column, reading, className: spec.name)
        }
        self.types = types
        signature = Self.signature(of: spec)
    }

    /// Whether `spec` is still the table this class was built from.
    func matches(_ spec: TableSpec) -> Bool { spec.key == table && Self.signature(of: spec) == signature }

    private static func signature(of spec: TableSpec) -> [String] {
        spec.columns.map { column in
            "\(column.key) \(column.name) \(column.type) \(column.collection) \(column.nullable) "
                + "\(column.linkTable.map { "\($0)" } ?? "-")"
        }
    }

    /// The type of `column` as the hub records it, such as `int`, `string?`, `list<int>` or `link<Dog>`.
    static func typeName(_ column: ColumnSpec, _ reading: any TransactionReading, className: String) throws -> String {
        var base: String
        switch column.type {
        case .int: base = "int"
        case .bool: base = "bool"
        case .float: base = "float"
        case .double: base = "double"
        case .string: base = "string"
        case .binary: base = "data"
        case .timestamp: base = "date"
        case .decimal128: base = "decimal128"
        case .objectId: base = "objectId"
        case .uuid: base = "uuid"
        case .mixed: base = "mixed"
        case .backlink: base = "linkingObjects"
        case .link:
            guard let target = column.linkTable else {
                base = "link"
                break
            }
            let spec = try reading.table(target).spec
            guard spec.primaryKeyColumn != nil else {
                throw SyncError.unsupportedClass(
                    className: className,
                    reason: "\(column.name) links to \(spec.name), which has no primary key (embedded objects are "
                        + "not replicated yet)"
                )
            }
            base = "link<\(spec.name)>"
        }
        if column.nullable && column.type != .link && column.type != .mixed { base += "?" }
        switch column.collection {
        case .single: return base
        case .list: return "list<\(base)>"
        case .set: return "set<\(base)>"
        case .dictionary: return "map<\(base)>"
        }
    }
}
