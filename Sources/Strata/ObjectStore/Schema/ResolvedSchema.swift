import StrataCore

/// A model class bound to its table in one file: column keys by property index.
///
/// `@unchecked Sendable`: immutable after creation.
final class ResolvedTable: @unchecked Sendable {
    // Proof of `@unchecked Sendable`: every stored property is a `let` set in `init` and never changed, holding
    // `Sendable` values (keys, arrays and dictionaries of them, `ObjectClassInfo`, which proves its own), so any
    // number of tasks may read it at once and none writes.
    let info: ObjectClassInfo
    let tableKey: TableKey
    /// Column of each property (nil for LinkingObjects).
    let columns: [ColumnKey?]
    /// For LinkingObjects properties: the origin table and link column.
    let linkingOrigins: [Int: (table: TableKey, column: ColumnKey)]

    init(
        info: ObjectClassInfo,
        tableKey: TableKey,
        columns: [ColumnKey?],
        linkingOrigins: [Int: (table: TableKey, column: ColumnKey)]
    ) {
        self.info = info
        self.tableKey = tableKey
        self.columns = columns
        self.linkingOrigins = linkingOrigins
        scalarProperties = info.properties.indices.filter { index in
            let type = info.properties[index].typeInfo
            return columns[index] != nil && !type.isLinkingObjects && type.collection == .single
        }
        scalarColumns = scalarProperties.map { columns[$0]! }
        var positions = [Int?](repeating: nil, count: columns.count)
        for (position, property) in scalarProperties.enumerated() { positions[property] = position }
        scalarPositions = positions
        plainProperties = scalarProperties.filter { info.properties[$0].typeInfo.type != .object }
        plainColumns = plainProperties.map { columns[$0]! }
        linkedProperties = info.properties.indices.filter { index in
            let type = info.properties[index].typeInfo
            return !type.isLinkingObjects && (type.type == .object || type.collection != .single)
        }
        addsRowAlone =
            linkedProperties.isEmpty && !info.isEmbedded && !info.isEncodable
            && plainProperties.allSatisfy { info.properties[$0].typeInfo.type != .any }
        plainPropertiesLead = plainProperties == Array(plainProperties.indices)
    }

    /// The properties holding one value each (not collections), read together when an object is first read.
    let scalarProperties: [Int]
    /// Their columns.
    let scalarColumns: [ColumnKey]
    /// For each property index, its position among `scalarProperties` (nil for collections and backlinks).
    let scalarPositions: [Int?]
    /// The single-value properties that are not links: what a new object's row is created with.
    let plainProperties: [Int]
    /// Their columns.
    let plainColumns: [ColumnKey]
    /// The links and collections: what is set once a new object exists.
    let linkedProperties: [Int]
    /// Whether a new object is its row alone: no links or collections to set after it exists, no mixed value that
    /// might hold an object, not embedded, and no wrappers to mark for synthesized coding
    /// (`RealmState.addRow(_:realm:table:)`).
    let addsRowAlone: Bool
    /// Whether the plain properties are the first ones, in order (`plainProperties` is `0..<n`): an unmanaged object's
    /// typed values are then its row as they are (``UnmanagedValues/takePlainRow(count:)``).
    let plainPropertiesLead: Bool

    var className: String { info.className }

    func column(_ index: Int) -> ColumnKey {
        guard let column = columns[index] else {
            preconditionFailure("\(className).\(info.properties[index].name) has no column")
        }
        return column
    }
}

/// Every model class of a realm bound to its table.
///
/// `@unchecked Sendable`: immutable after creation.
final class ResolvedSchema: @unchecked Sendable {
    // Proof of `@unchecked Sendable`: all four stored properties are `let`s set in `init` (dictionaries of the
    // immutable `ResolvedTable` above, and a `Schema` value); no method writes them, so readers never meet a writer.
    let tables: [String: ResolvedTable]
    let byTableKey: [TableKey: ResolvedTable]
    let schema: Schema

    /// The tables by the identity of the class they were resolved for (a cheaper key than a name).
    private let byType: [ObjectIdentifier: ResolvedTable]

    init(tables: [ResolvedTable]) {
        self.tables = Dictionary(uniqueKeysWithValues: tables.map { ($0.className, $0) })
        byType = Dictionary(tables.map { (ObjectIdentifier($0.info.type), $0) }) { first, _ in first }
        byTableKey = Dictionary(uniqueKeysWithValues: tables.map { ($0.tableKey, $0) })
        schema = Schema(objectSchema: tables.map(\.info.schema).sorted { $0.className < $1.className })
    }

    /// LinkingObjects properties by table, for queries: name -> (origin table, origin link column).
    var linkingProperties: [TableKey: [String: (table: TableKey, column: ColumnKey)]] {
        var result: [TableKey: [String: (table: TableKey, column: ColumnKey)]] = [:]
        for table in tables.values {
            for (index, origin) in table.linkingOrigins {
                result[table.tableKey, default: [:]][table.info.properties[index].name] = origin
            }
        }
        return result
    }

    /// The tables of the embedded object types, for queries (GEOWITHIN needs a link to one).
    var embeddedTables: Set<TableKey> {
        Set(tables.values.filter(\.info.isEmbedded).map(\.tableKey))
    }

    /// The table of a model class; stops with a message if the class is not in the realm's schema.
    func table(for type: ObjectBase.Type) -> ResolvedTable {
        guard let table = table(ofType: type) else {
            preconditionFailure(
                "Object type '\(ObjectClassInfo.unqualifiedName(of: type))' is not managed by this Realm; list it in Realm.Configuration(objectTypes:)"
            )
        }
        return table
    }

    /// The table of a model class (by its unqualified name, like every class of the same name), if any.
    func table(ofType type: ObjectBase.Type) -> ResolvedTable? {
        byType[ObjectIdentifier(type)] ?? tables[ObjectClassInfo.unqualifiedName(of: type)]
    }
}
