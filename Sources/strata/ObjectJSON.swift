// ObjectJSON.swift: objects as JSON, the form `export` and `query --json` print.
//
// A record (one line):  {"class":"Person","key":7,"object":{"id":1,"name":"Ann","dogs":[3,4]}}
//   key      the object key, which `import` keeps
//   object   every property but backlinks, in column order, each value as its column's type says:
//            plain values as ScalarJSON.swift writes them; lists and sets as arrays (sets in stored order);
//            dictionaries as objects in stored order (sorted by key);
//            a link as the target's primary key when its class has one (as {"key":K} when that primary key is
//            null, which would otherwise read as no link), else as the target's object key,
//            or the target object itself, inline and without a key, when its class is embedded;
//            a mixed value as {"type":T,"value":V} (null stays null), T one of int bool float double string data
//            date decimal128 objectId uuid list dictionary object; an "object" adds "class" before "value".

import StrataCore

/// Turns objects and values of one version into JSON.
struct ObjectJSON {
    let reading: any TransactionReading
    let embedded: Set<TableKey>
    private let specs: [TableKey: TableSpec]

    init(reading: any TransactionReading, embedded: Set<TableKey>) {
        self.reading = reading
        self.embedded = embedded
        specs = Dictionary(uniqueKeysWithValues: reading.tableSpecs.map { ($0.key, $0) })
    }

    /// The primary key column of a table (its first unique column), if it has one.
    static func primaryKey(of spec: TableSpec) -> ColumnSpec? { spec.columns.first { $0.unique } }

    /// One export line for an object.
    func record(_ table: TableKey, _ key: ObjectKey) throws -> JSON {
        guard let spec = specs[table] else { throw StorageError.schema("no table \(table)") }
        return .object([
            ("class", .string(spec.name)), ("key", .number(String(key.rawValue))), ("object", try object(table, key)),
        ])
    }

    /// An object's properties.
    func object(_ table: TableKey, _ key: ObjectKey, depth: Int = 0) throws -> JSON {
        guard let spec = specs[table] else { throw StorageError.schema("no table \(table)") }
        // Rule (4) of SchemaJSON.swift rules out cycles; a damaged file could still link in circles.
        guard depth < 1000 else { throw StorageError.corrupt("embedded objects of \(spec.name) nest in a cycle") }
        let columns = spec.columns.filter { $0.type != .backlink }
        let values = try reading.table(table).values(key, columns.map(\.key))
        return .object(try zip(columns, values).map { ($0.name, try json($1, column: $0, depth: depth)) })
    }

    /// A value of `column`.
    func json(_ value: Value, column: ColumnSpec, depth: Int = 0) throws -> JSON {
        func element(_ value: Value) throws -> JSON {
            try scalar(value, type: column.type, target: column.linkTable, depth: depth)
        }
        switch (column.collection, value) {
        case (.single, _): return try element(value)
        case (.list, .list(let values)), (.set, .list(let values)): return .array(try values.map(element))
        case (.dictionary, .dictionary(let entries)):
            return .object(try entries.map { ($0.key, try element($0.value)) })
        default: throw StorageError.corrupt("\(column.name) holds \(value), not a \(column.collection)")
        }
    }

    private func scalar(_ value: Value, type: ValueType, target: TableKey?, depth: Int) throws -> JSON {
        if case .null = value { return .null }
        switch type {
        case .mixed: return try mixed(value, depth: depth)
        case .link:
            guard case .link(let key) = value, let target else {
                throw StorageError.corrupt("a link column holds \(value)")
            }
            return try link(to: key, in: target, depth: depth)
        default:
            guard let json = ScalarJSON.encode(value) else {
                throw StorageError.corrupt("a \(type) column holds \(value)")
            }
            return json
        }
    }

    private func link(to key: ObjectKey, in target: TableKey, depth: Int) throws -> JSON {
        guard let spec = specs[target] else { throw StorageError.corrupt("a link to missing table \(target)") }
        if embedded.contains(target) { return try object(target, key, depth: depth + 1) }
        if let primaryKey = Self.primaryKey(of: spec) {
            let value = try reading.table(target).value(key, primaryKey.key)
            // A null primary key would read as no link at all: that one object is named by its object key.
            if case .null = value { return .object([("key", .number(String(key.rawValue)))]) }
            return try json(value, column: primaryKey)
        }
        return .number(String(key.rawValue))
    }

    /// A mixed value, tagged with its type.
    func mixed(_ value: Value, depth: Int = 0) throws -> JSON {
        func tagged(_ type: String, _ json: JSON) -> JSON { .object([("type", .string(type)), ("value", json)]) }
        switch value {
        case .null: return .null
        case .list(let values): return tagged("list", .array(try values.map { try mixed($0, depth: depth) }))
        case .dictionary(let entries):
            return tagged("dictionary", .object(try entries.map { ($0.key, try mixed($0.value, depth: depth)) }))
        case .typedLink(let table, let key):
            guard let spec = specs[table] else { throw StorageError.corrupt("a mixed link to missing table \(table)") }
            return .object([
                ("type", .string("object")), ("class", .string(spec.name)),
                ("value", try link(to: key, in: table, depth: depth)),
            ])
        case .link: throw StorageError.corrupt("a mixed value holds an untyped link")
        default:
            guard let json = ScalarJSON.encode(value) else { throw StorageError.corrupt("cannot encode \(value)") }
            return tagged(Self.mixedTypeName(value), json)
        }
    }

    static func mixedTypeName(_ value: Value) -> String {
        switch value {
        case .int: return "int"
        case .bool: return "bool"
        case .float: return "float"
        case .double: return "double"
        case .string: return "string"
        case .binary: return "data"
        case .timestamp: return "date"
        case .decimal128: return "decimal128"
        case .objectId: return "objectId"
        case .uuid: return "uuid"
        case .list: return "list"
        case .dictionary: return "dictionary"
        case .link, .typedLink: return "object"
        case .null: return "null"
        }
    }
}
