// SchemaJSON.swift: the header line of an export, which carries the file's schema, and the rules for which
// classes are exported inline (embedded).
//
// Header (line 1 of every export; members always in this order, optional ones only when not the default):
//   {"strata":"export","format":1,"classes":[
//     {"name":"Dog","embedded":true,"properties":[
//       {"name":"name","type":"string"},
//       {"name":"owner","type":"object","target":"Person"},
//       {"name":"tags","type":"string","collection":"set","optional":true},
//       {"name":"id","type":"int","primaryKey":true},  {"name":"age","type":"int","indexed":true}]}]}
//   types: int bool float double string data date decimal128 objectId uuid mixed object
//   collection: list | set | dictionary (absent: one value); optional: nullable values (elements)
// Classes are listed by name, properties in the file's column order; backlinks are not listed (import
// recreates them with their links).
//
// Embedded classes. The file does not record which classes are embedded (that is the model's business), so
// the tool infers it, and says so in the header: a class is exported inline, inside the object that links to
// it, when
//   (1) it has no primary key, and some link property targets it;
//   (2) every one of its objects is the target of exactly one link (one owner), counting every link property;
//   (3) no mixed value anywhere links to it;
//   (4) it is not on a cycle of such classes (so every owner chain ends at a top-level object).
// Such objects have no identity beyond their owner, which is what Realm's embedded objects are; inlining them
// loses nothing, and an import gives the same answer again, so export → import → export is stable.

import StrataCore

/// The schema of a file as the export header carries it.
struct ExportSchema {
    struct Property: Equatable {
        var name: String
        var type: ValueType
        var collection: CollectionKind
        var optional: Bool
        var target: String?
        var indexed: Bool
        var primaryKey: Bool
    }

    struct Class: Equatable {
        var name: String
        var embedded: Bool
        var properties: [Property]
    }

    var classes: [Class]

    static let typeNames: [(ValueType, String)] = [
        (.int, "int"), (.bool, "bool"), (.float, "float"), (.double, "double"), (.string, "string"),
        (.binary, "data"), (.timestamp, "date"), (.decimal128, "decimal128"), (.objectId, "objectId"),
        (.uuid, "uuid"), (.mixed, "mixed"), (.link, "object"),
    ]
    static let collectionNames: [(CollectionKind, String)] = [
        (.list, "list"), (.set, "set"), (.dictionary, "dictionary"),
    ]

    static func name(of type: ValueType) -> String { typeNames.first { $0.0 == type }?.1 ?? "\(type)" }

    /// The schema of a version, with the embedded classes inferred.
    init(_ reading: any TransactionReading, embedded: Set<TableKey>) {
        let names = Dictionary(uniqueKeysWithValues: reading.tableSpecs.map { ($0.key, $0.name) })
        // Replication's hidden tables (client identity, outbox, cursor) belong to the file, never to its data.
        let specs = reading.tableSpecs.filter { !$0.name.hasPrefix("__strata_sync_") }
        classes = specs.sorted { $0.name < $1.name }.map { spec in
            Class(
                name: spec.name,
                embedded: embedded.contains(spec.key),
                properties: spec.columns.filter { $0.type != .backlink }.map { column in
                    Property(
                        name: column.name,
                        type: column.type,
                        collection: column.collection,
                        optional: column.nullable,
                        target: column.linkTable.flatMap { names[$0] },
                        indexed: column.indexed && !column.unique,
                        primaryKey: column.unique
                    )
                }
            )
        }
    }

    /// The header line.
    var json: JSON {
        .object([
            ("strata", .string("export")),
            ("format", .number("1")),
            (
                "classes",
                .array(
                    classes.map { type in
                        .object([
                            ("name", .string(type.name)),
                            ("embedded", .bool(type.embedded)),
                            (
                                "properties",
                                .array(
                                    type.properties.map { property in
                                        var members: [(String, JSON)] = [
                                            ("name", .string(property.name)),
                                            ("type", .string(Self.name(of: property.type))),
                                        ]
                                        if let target = property.target { members.append(("target", .string(target))) }
                                        if let collection = Self.collectionNames.first(where: {
                                            $0.0 == property.collection
                                        }) {
                                            members.append(("collection", .string(collection.1)))
                                        }
                                        if property.optional { members.append(("optional", .bool(true))) }
                                        if property.indexed { members.append(("indexed", .bool(true))) }
                                        if property.primaryKey { members.append(("primaryKey", .bool(true))) }
                                        return .object(members)
                                    }
                                )
                            ),
                        ])
                    }
                )
            ),
        ])
    }

    /// Reads a header line; throws a message naming what is wrong.
    init(header: JSON) throws {
        func fail(_ message: String) -> ImportError { ImportError(line: 1, message: "bad header: \(message)") }
        guard header["strata"] == .string("export") else { throw fail("the first line must be a Strata export header") }
        guard header["format"] == .number("1") else {
            throw fail("unsupported format \(header["format"]?.text ?? "?")")
        }
        guard case .array(let list)? = header["classes"] else { throw fail("no \"classes\" array") }
        classes = try list.map { item in
            guard case .string(let name)? = item["name"], !name.isEmpty else { throw fail("a class without a name") }
            guard case .bool(let embedded)? = item["embedded"] else { throw fail("class \(name) lacks \"embedded\"") }
            guard case .array(let properties)? = item["properties"] else {
                throw fail("class \(name) lacks properties")
            }
            return Class(
                name: name,
                embedded: embedded,
                properties: try properties.map { property in
                    guard case .object(let members) = property, case .string(let propertyName)? = property["name"],
                        case .string(let typeName)? = property["type"],
                        let type = Self.typeNames.first(where: { $0.1 == typeName })?.0
                    else { throw fail("class \(name) has a property without a valid name and type") }
                    let known = ["name", "type", "target", "collection", "optional", "indexed", "primaryKey"]
                    if let unknown = members.first(where: { !known.contains($0.0) }) {
                        throw fail("\(name).\(propertyName) has an unknown member \"\(unknown.0)\"")
                    }
                    var collection = CollectionKind.single
                    if let value = property["collection"] {
                        guard case .string(let text) = value,
                            let kind = Self.collectionNames.first(where: { $0.1 == text })
                        else { throw fail("\(name).\(propertyName) has an unknown collection") }
                        collection = kind.0
                    }
                    var target: String?
                    if let value = property["target"] {
                        guard case .string(let text) = value else { throw fail("\(name).\(propertyName): bad target") }
                        target = text
                    }
                    guard (type == .link) == (target != nil) else {
                        throw fail("\(name).\(propertyName): an object property needs a target, others none")
                    }
                    func flag(_ key: String) throws -> Bool {
                        guard let value = property[key] else { return false }
                        guard value == .bool(true) else { throw fail("\(name).\(propertyName): \(key) must be true") }
                        return true
                    }
                    return Property(
                        name: propertyName,
                        type: type,
                        collection: collection,
                        optional: try flag("optional"),
                        target: target,
                        indexed: try flag("indexed"),
                        primaryKey: try flag("primaryKey")
                    )
                }
            )
        }
    }

    // MARK: Embedded classes

    /// The tables exported inline (rules 1–4 above).
    static func embeddedTables(_ reading: any TransactionReading) throws -> Set<TableKey> {
        let specs = reading.tableSpecs
        var candidates = Set<TableKey>()
        for spec in specs where !spec.columns.contains(where: \.unique) {
            let backlinks = spec.columns.filter { $0.type == .backlink }
            guard !backlinks.isEmpty else { continue }
            let table = try reading.table(spec.key)
            var owners = [Int](repeating: 0, count: spec.objectCount)
            for column in backlinks {
                let values = try table.columnValues(column.key)
                guard values.count == owners.count else {
                    throw StorageError.corrupt("\(spec.name) miscounts its objects")
                }
                for (index, value) in values.enumerated() {
                    if case .list(let links) = value { owners[index] += links.count }
                }
            }
            if owners.allSatisfy({ $0 == 1 }) { candidates.insert(spec.key) }
        }
        // (3) Mixed values that link to a candidate take it out.
        for spec in specs where !candidates.isEmpty {
            let table = try reading.table(spec.key)
            for column in spec.columns where column.type == .mixed {
                for value in try table.columnValues(column.key) { removeTypedLinkTargets(value, from: &candidates) }
            }
        }
        // (4) Candidates on a cycle of candidates stay top-level.
        let edges = Dictionary(
            uniqueKeysWithValues: specs.map { spec in
                (spec.key, Set(spec.columns.filter(\.isLink).compactMap(\.linkTable)))
            }
        )
        let onCycle = candidates.filter { start in
            var seen: Set<TableKey> = []
            var pending = Array(edges[start, default: []].intersection(candidates))
            while let next = pending.popLast() {
                if next == start { return true }
                guard seen.insert(next).inserted else { continue }
                pending.append(contentsOf: edges[next, default: []].intersection(candidates))
            }
            return false
        }
        return candidates.subtracting(onCycle)
    }

    private static func removeTypedLinkTargets(_ value: Value, from candidates: inout Set<TableKey>) {
        switch value {
        case .typedLink(let table, _): candidates.remove(table)
        case .list(let values): for element in values { removeTypedLinkTargets(element, from: &candidates) }
        case .dictionary(let entries): for entry in entries { removeTypedLinkTargets(entry.value, from: &candidates) }
        default: break
        }
    }
}
