// Catalog.swift: a version's top node: the tables, their columns and their tree roots.
//
// Format of the TOPN node, after the node header (little-endian):
//   u64 version, u64 freeListRef, u32 nextTableKey, u32 tableCount
//   per table: u32 key, string name, u64 root, u64 objectCount, i64 nextObjectKey, u32 nextColumnKey,
//              u32 columnCount, then per column:
//              u32 key, string name, u8 type, u8 collection, u8 flags, u8 reserved, u32 linkTable,
//              u32 originColumn, u64 indexRoot
//   flags: 1 nullable, 2 indexed, 4 unique, 8 has linkTable, 16 has originColumn
//   (a string is u32 length + UTF-8)
//
// The top node is small and read whole at open; its checksum is verified every time it is read.

/// The tables of one version.
struct Catalog: Equatable, Sendable {
    var version: Version
    var freeListRef: Ref
    var nextTableKey: UInt32
    var tables: [TableSpec]

    init(version: Version, freeListRef: Ref = .none, nextTableKey: UInt32 = 1, tables: [TableSpec] = []) {
        self.version = version
        self.freeListRef = freeListRef
        self.nextTableKey = nextTableKey
        self.tables = tables
    }

    /// The table with `key`.
    func table(_ key: TableKey) -> TableSpec? { tables.first { $0.key == key } }

    /// Encodes the TOPN node, its checksum computed with `scheme`.
    func encode(scheme: NodeChecksum) -> [UInt8] {
        var writer = ByteWriter(capacity: 256 + tables.count * 256)
        writer.appendZeros(NodeHeader.size)
        writer.append(version)
        writer.append(freeListRef.offset)
        writer.append(nextTableKey)
        writer.append(UInt32(tables.count))
        for table in tables {
            writer.append(table.key.rawValue)
            writer.append(string: table.name)
            writer.append(table.root.offset)
            writer.append(UInt64(table.objectCount))
            writer.append(table.nextObjectKey)
            writer.append(table.nextColumnKey)
            writer.append(UInt32(table.columns.count))
            for column in table.columns {
                writer.append(column.key.rawValue)
                writer.append(string: column.name)
                writer.append(column.type.rawValue)
                writer.append(column.collection.rawValue)
                var flags: UInt8 = 0
                if column.nullable { flags |= 1 }
                if column.indexed { flags |= 2 }
                if column.unique { flags |= 4 }
                if column.linkTable != nil { flags |= 8 }
                if column.originColumn != nil { flags |= 16 }
                writer.append(flags)
                writer.append(UInt8(0))
                writer.append(column.linkTable?.rawValue ?? 0)
                writer.append(column.originColumn?.rawValue ?? 0)
                writer.append(column.indexRoot.offset)
            }
        }
        var bytes = writer.take()
        NodeHeader.seal(&bytes, kind: .top, scheme: scheme)
        return bytes
    }

    /// Decodes and checks a TOPN node.
    static func decode(_ node: NodeView) throws -> Catalog {
        guard node.checksumHolds() else { throw StorageError.corrupt("the top node \(node.ref) fails its checksum") }
        var reader = node.reader()
        func ref() throws -> Ref {
            let raw = try reader.read(UInt64.self)
            guard raw % 8 == 0 else { throw StorageError.corrupt("misaligned ref \(raw) in the top node") }
            return Ref(raw)
        }
        var catalog = Catalog(version: try reader.read(UInt64.self))
        catalog.freeListRef = try ref()
        catalog.nextTableKey = try reader.read(UInt32.self)
        let tableCount = Int(try reader.read(UInt32.self))
        guard tableCount <= reader.remaining else { throw StorageError.corrupt("top node claims \(tableCount) tables") }
        for _ in 0..<tableCount {
            var table = TableSpec(key: TableKey(try reader.read(UInt32.self)), name: try reader.readString())
            table.root = try ref()
            table.objectCount = Int(try reader.read(UInt64.self))
            table.nextObjectKey = try reader.read(Int64.self)
            table.nextColumnKey = try reader.read(UInt32.self)
            let columnCount = Int(try reader.read(UInt32.self))
            guard columnCount <= reader.remaining else {
                throw StorageError.corrupt("table \(table.name) claims \(columnCount) columns")
            }
            for _ in 0..<columnCount {
                let key = ColumnKey(try reader.read(UInt32.self))
                let name = try reader.readString()
                guard let type = ValueType(rawValue: try reader.read(UInt8.self)),
                    let collection = CollectionKind(rawValue: try reader.read(UInt8.self))
                else { throw StorageError.corrupt("column \(table.name).\(name) has an unknown type") }
                let flags = try reader.read(UInt8.self)
                _ = try reader.read(UInt8.self)
                let linkTable = try reader.read(UInt32.self)
                let originColumn = try reader.read(UInt32.self)
                var column = ColumnSpec(
                    key: key,
                    name: name,
                    type: type,
                    nullable: flags & 1 != 0,
                    collection: collection,
                    linkTable: flags & 8 != 0 ? TableKey(linkTable) : nil,
                    originColumn: flags & 16 != 0 ? ColumnKey(originColumn) : nil,
                    indexed: flags & 2 != 0,
                    unique: flags & 4 != 0
                )
                column.indexRoot = try ref()
                table.columns.append(column)
            }
            catalog.tables.append(table)
        }
        return catalog
    }
}
