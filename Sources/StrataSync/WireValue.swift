import StrataCore

/// Values as they travel through the hub: the engine's tagged encoding (ValueCodec.swift), which keeps every value
/// exact (-0.0, NaN, ±inf, strings holding U+0000, dates to the nanosecond, `Decimal128`), with every link replaced
/// by its target's primary key, since object keys mean nothing in another file.
///
/// - A link column (to-one, or the elements of a list, set or map of links) holds the target's primary key, or
///   null.
/// - A mixed value that names an object becomes a dictionary with the one key `$link` (a key no map may use: Realm
///   forbids keys starting with `$`) holding `[class name, primary key]`.
struct WireValue {
    /// The reserved dictionary key of an object named by a mixed value.
    static let linkKey = "$link"

    let reading: any TransactionReading

    /// The wire bytes of `value`, read from `column` of a local object.
    func encode(_ value: Value, column: ColumnSpec) throws -> [UInt8] {
        ValueCodec.encode(try wire(value, column: column))
    }

    /// The wire form of `value`.
    func wire(_ value: Value, column: ColumnSpec) throws -> Value {
        if column.isLink, let target = column.linkTable {
            return try mapLinks(value) { key in try primaryKey(of: key, in: target) }
        }
        if column.type == .mixed { return try wireMixed(value) }
        return value
    }

    private func wireMixed(_ value: Value) throws -> Value {
        switch value {
        case .typedLink(let table, let key):
            let name = try reading.table(table).name
            return .dictionary([
                DictionaryEntry(key: Self.linkKey, value: .list([.string(name), try primaryKey(of: key, in: table)]))
            ])
        case .list(let values): return .list(try values.map(wireMixed))
        case .dictionary(let entries):
            return .dictionary(try entries.map { DictionaryEntry(key: $0.key, value: try wireMixed($0.value)) })
        default: return value
        }
    }

    /// The local value of wire bytes for `column`, with primary keys resolved to this file's objects; a link whose
    /// target is not here (yet) reads as null, or is left out of a collection.
    func decode(_ bytes: [UInt8], column: ColumnSpec) throws -> Value {
        let value = try ValueCodec.decode(bytes)
        if column.isLink, let target = column.linkTable {
            return try mapLinks(value, resolvingIn: target)
        }
        if column.type == .mixed { return try localMixed(value) }
        return value
    }

    private func localMixed(_ value: Value) throws -> Value {
        switch value {
        case .dictionary(let entries):
            if entries.count == 1, entries[0].key == Self.linkKey, case .list(let parts) = entries[0].value,
                parts.count == 2, case .string(let className) = parts[0]
            {
                guard let table = try reading.table(named: className), let key = try object(parts[1], in: table.key)
                else { return .null }
                return .typedLink(table.key, key)
            }
            return .dictionary(try entries.map { DictionaryEntry(key: $0.key, value: try localMixed($0.value)) })
        case .list(let values): return .list(try values.map(localMixed))
        default: return value
        }
    }

    /// `value` with each link (single, or in a collection) mapped by `transform`.
    private func mapLinks(_ value: Value, _ transform: (ObjectKey) throws -> Value) throws -> Value {
        switch value {
        case .link(let key): return try transform(key)
        case .list(let values): return .list(try values.map { try mapLinks($0, transform) })
        case .dictionary(let entries):
            return .dictionary(
                try entries.map { DictionaryEntry(key: $0.key, value: try mapLinks($0.value, transform)) }
            )
        default: return value
        }
    }

    /// A wire link value (primary keys) resolved to links in `target`.
    private func mapLinks(_ value: Value, resolvingIn target: TableKey) throws -> Value {
        switch value {
        case .null: return .null
        case .list(let values):
            return .list(try values.compactMap { try object($0, in: target).map(Value.link) })
        case .dictionary(let entries):
            return .dictionary(
                try entries.map { entry in
                    DictionaryEntry(key: entry.key, value: try object(entry.value, in: target).map(Value.link) ?? .null)
                }
            )
        default: return try object(value, in: target).map(Value.link) ?? .null
        }
    }

    /// The primary key of object `key` of table `table`.
    func primaryKey(of key: ObjectKey, in table: TableKey) throws -> Value {
        let target = try reading.table(table)
        guard let column = target.spec.primaryKeyColumn else {
            throw SyncError.unsupportedClass(
                className: target.name,
                reason: "it has no primary key (embedded objects and links to them are not replicated yet)"
            )
        }
        return try target.value(key, column.key)
    }

    /// The object of `table` whose primary key is `primaryKey`, if this file has it.
    func object(_ primaryKey: Value, in table: TableKey) throws -> ObjectKey? {
        let target = try reading.table(table)
        guard let column = target.spec.primaryKeyColumn else { return nil }
        return try target.firstObject(column.key, equalTo: primaryKey)
    }
}
