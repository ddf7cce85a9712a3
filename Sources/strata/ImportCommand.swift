// ImportCommand.swift: `strata import FILE [--input PATH]`: reads an export (JSON Lines) into a new or empty
// file, in one write transaction.
//
// Order:
//   1. read the header (line 1): create every class, then every property (links need their targets to exist);
//   2. read each record: create the object with its exported key and every plain value; check the shape of its
//      link and mixed values now (so that the first bad record is the one reported), set them later;
//   3. set the link and mixed values, creating embedded objects inside their owners, now that every object a
//      link can name exists;
//   4. commit. Any failure rolls back (a file this command created is removed), and names the line.

import Foundation
import StrataCore

/// A bad input line: its 1-based number and the problem.
struct ImportError: Error, CustomStringConvertible {
    var line: Int
    var message: String

    var description: String { "line \(line): \(message)" }
}

enum ImportCommand: Command {
    static let name = "import"
    static let synopsis = "strata import FILE [--input PATH]"
    static let options = ["--input"]
    static let help = """
        usage: strata import FILE [--input PATH]

        Reads the JSON Lines `strata export` writes (from stdin, or from PATH with --input) into FILE, which
        must not exist or hold no classes, in one write transaction: the header line creates the schema, each
        further line one object, with the object key it had. Nothing else is accepted: the first bad line
        (malformed JSON, an unknown class or property, a value of the wrong type, a duplicate key or primary
        key, a link to an object no line defines) is reported as "line N: …" and nothing is written (exit 1;
        a FILE this command created is removed again). The input is read whole before anything is written.

        The one command that writes: it takes the writer lock of FILE for the transaction.
        """

    static func run(_ arguments: ParsedArguments) async throws {
        let path = try arguments.positional(["FILE"])[0]
        let input: Data
        if let source = try arguments.value("--input") {
            guard let data = FileManager.default.contents(atPath: source) else {
                throw Failure(description: "cannot read \(source)")
            }
            input = data
        } else {
            input = FileHandle.standardInput.readDataToEndOfFile()
        }
        var lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard !lines.isEmpty else { throw ImportError(line: 1, message: "the input is empty (no header line)") }

        let existed = FileManager.default.fileExists(atPath: path)
        if existed {
            // A damaged or non-empty file is refused before anything is written.
            let check = try DatabaseFile.openVerified(path)
            let count = try check.beginRead().tableSpecs.count
            check.close()
            guard count == 0 else {
                throw Failure(description: "\(path) is not empty (\(count) classes): import fills a new or empty file")
            }
        }
        let database = try Database.open(path: path)
        do {
            let write = try await database.beginWrite()
            do {
                let count = try Importer(write: write).run(lines)
                try write.commit()
                database.close()
                print("imported \(count.objects) objects of \(count.classes) classes into \(path)")
            } catch {
                write.rollback()
                throw error
            }
        } catch {
            database.close()
            if !existed {
                try? FileManager.default.removeItem(atPath: path)
                try? FileManager.default.removeItem(atPath: path + ".lock")
            }
            throw error
        }
    }
}

/// The import of one input into one write transaction.
private final class Importer {
    let write: WriteTransaction
    private var classes: [String: (key: TableKey, embedded: Bool)] = [:]
    /// Link and mixed values to set once every object exists: line, table, object, column, value.
    private var deferred: [(line: Int, table: TableKey, object: ObjectKey, column: ColumnSpec, json: JSON)] = []

    init(write: WriteTransaction) { self.write = write }

    func run(_ lines: [Data.SubSequence]) throws -> (objects: Int, classes: Int) {
        let schema = try ExportSchema(header: try json(lines[0], line: 1))
        try createSchema(schema)
        var objects = 0
        for number in 1..<lines.count {
            let line = number + 1
            do {
                try createObject(try json(lines[number], line: line), line: line)
                objects += 1
            } catch let error as ImportError {
                throw error
            } catch {
                throw ImportError(line: line, message: "\(error)")
            }
        }
        for item in deferred {
            do {
                let value = try self.value(item.json, column: item.column, create: true)
                try write.set(value, of: item.column.key, in: item.table, object: item.object)
            } catch {
                throw ImportError(line: item.line, message: "\(item.column.name): \(error)")
            }
        }
        return (objects, schema.classes.count)
    }

    private func json(_ bytes: Data.SubSequence, line: Int) throws -> JSON {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ImportError(line: line, message: "not valid UTF-8")
        }
        do {
            return try JSON.parse(text)
        } catch {
            throw ImportError(line: line, message: "\(error)")
        }
    }

    private func createSchema(_ schema: ExportSchema) throws {
        do {
            for type in schema.classes {
                guard classes[type.name] == nil else { throw Failure(description: "class \(type.name) appears twice") }
                classes[type.name] = (try write.createTable(named: type.name), type.embedded)
            }
            for type in schema.classes {
                let table = classes[type.name]!.key
                if type.embedded, type.properties.contains(where: \.primaryKey) {
                    throw Failure(description: "embedded class \(type.name) cannot have a primary key")
                }
                for property in type.properties {
                    var target: TableKey?
                    if let name = property.target {
                        guard let found = classes[name] else {
                            throw Failure(description: "\(type.name).\(property.name) links to unknown class \(name)")
                        }
                        target = found.key
                    }
                    try write.addColumn(
                        ColumnSpec(
                            name: property.name,
                            type: property.type,
                            nullable: property.optional,
                            collection: property.collection,
                            linkTable: target,
                            indexed: property.indexed,
                            unique: property.primaryKey
                        ),
                        to: table
                    )
                }
            }
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError(line: 1, message: "bad header: \(error)")
        }
    }

    private func createObject(_ record: JSON, line: Int) throws {
        guard case .object(let members) = record, members.count == 3, case .string(let name)? = record["class"],
            case .number(let keyText)? = record["key"], let object = record["object"]
        else {
            throw ImportError(line: line, message: "expected {\"class\":…,\"key\":…,\"object\":{…}}")
        }
        guard let found = classes[name] else { throw ImportError(line: line, message: "unknown class \(name)") }
        guard !found.embedded else {
            throw ImportError(line: line, message: "\(name) is embedded: its objects belong inside their owners")
        }
        guard let raw = Int64(keyText), raw >= 0 else {
            throw ImportError(line: line, message: "the key must be a whole number ≥ 0, not \(keyText)")
        }
        let key = ObjectKey(raw)
        let spec = try write.table(found.key).spec
        let row = try self.row(object, spec: spec, create: false) { column, json in
            deferred.append((line, found.key, key, column, json))
        }
        try write.createObject(in: found.key, key: key, row: row)
    }

    /// The row an object's JSON gives, in column order (nil for backlinks). Link and mixed values go to
    /// `later` (after a check of their shape) unless `create` (the last pass) is set.
    private func row(_ object: JSON, spec: TableSpec, create: Bool, later: (ColumnSpec, JSON) -> Void) throws
        -> [Value?]
    {
        guard case .object(let members) = object else { throw Failure(description: "the object is \(object.kind)") }
        let columns = spec.columns.filter { $0.type != .backlink }
        for (name, _) in members where !columns.contains(where: { $0.name == name }) {
            throw Failure(description: "\(spec.name) has no property \(name)")
        }
        var row: [Value?] = []
        for column in spec.columns {
            guard column.type != .backlink else {
                row.append(nil)
                continue
            }
            guard let json = object[column.name] else {
                throw Failure(description: "\(spec.name).\(column.name) is missing")
            }
            do {
                let value = try self.value(json, column: column, create: create)
                if !create && (column.type == .link || column.type == .mixed) {
                    later(column, json)
                    row.append(nil)
                } else {
                    row.append(value)
                }
            } catch let error as ImportError {
                throw error
            } catch {
                throw Failure(description: "\(spec.name).\(column.name): \(error)")
            }
        }
        return row
    }

    /// The value `json` gives `column`. Without `create`, links are only checked for shape (the value returned
    /// then holds placeholders); with it, embedded objects are created and links resolved.
    private func value(_ json: JSON, column: ColumnSpec, create: Bool) throws -> Value {
        func element(_ json: JSON) throws -> Value {
            try self.element(json, type: column.type, target: column.linkTable, create: create)
        }
        switch column.collection {
        case .single: return try element(json)
        case .list, .set:
            guard case .array(let elements) = json else { throw Failure(description: "expected an array") }
            return .list(try elements.map(element))
        case .dictionary:
            guard case .object(let members) = json else { throw Failure(description: "expected an object") }
            return .dictionary(try members.map { DictionaryEntry(key: $0.0, value: try element($0.1)) })
        }
    }

    private func element(_ json: JSON, type: ValueType, target: TableKey?, create: Bool) throws -> Value {
        if json == .null { return .null }
        switch type {
        case .mixed: return try mixed(json, create: create)
        case .link:
            guard let target else { throw Failure(description: "a link without a target class") }
            return .link(try link(json, to: target, create: create))
        default: return try ScalarJSON.decode(json, as: type)
        }
    }

    private func mixed(_ json: JSON, create: Bool) throws -> Value {
        guard case .object(let members) = json, case .string(let type)? = json["type"], let value = json["value"] else {
            throw Failure(description: "expected a mixed value {\"type\":…,\"value\":…} or null")
        }
        guard members.count == (type == "object" ? 3 : 2) else {
            throw Failure(
                description: "a mixed \(type) has the members type\(type == "object" ? ", class" : ""), value"
            )
        }
        switch type {
        case "list":
            guard case .array(let elements) = value else { throw Failure(description: "a mixed list needs an array") }
            return .list(try elements.map { try mixed($0, create: create) })
        case "dictionary":
            guard case .object(let entries) = value else {
                throw Failure(description: "a mixed dictionary needs an object")
            }
            return .dictionary(try entries.map { DictionaryEntry(key: $0.0, value: try mixed($0.1, create: create)) })
        case "object":
            guard case .string(let name)? = json["class"], let target = classes[name] else {
                throw Failure(description: "a mixed object needs the \"class\" of an exported class")
            }
            return .typedLink(target.key, try link(value, to: target.key, create: create))
        default:
            guard let scalar = ExportSchema.typeNames.first(where: { $0.1 == type })?.0,
                ![.mixed, .link].contains(scalar)
            else { throw Failure(description: "unknown mixed type \(type)") }
            guard value != .null else { throw Failure(description: "a mixed \(type) cannot be null (write null)") }
            return try ScalarJSON.decode(value, as: scalar)
        }
    }

    /// The object a link names: a primary key, an object key, or (embedded class) the object itself.
    private func link(_ json: JSON, to target: TableKey, create: Bool) throws -> ObjectKey {
        let table = try write.table(target)
        let spec = table.spec
        if classes[spec.name]?.embedded == true {
            let row = try self.row(json, spec: spec, create: create) { _, _ in }
            return create ? try write.createObject(in: target, row: row) : ObjectKey(0)
        }
        if let primaryKey = ObjectJSON.primaryKey(of: spec), json["key"] == nil {
            let value = try self.value(json, column: primaryKey, create: create)
            guard create else { return ObjectKey(0) }
            guard let key = try table.firstObject(primaryKey.key, equalTo: value) else {
                throw Failure(description: "no \(spec.name) has the primary key \(json.text)")
            }
            return key
        }
        // An object key: a number, or {"key":K} for an object whose primary key is null.
        var keyJSON = json
        if ObjectJSON.primaryKey(of: spec) != nil {
            guard case .object(let members) = json, members.count == 1, let key = json["key"] else {
                throw Failure(description: "a link to \(spec.name) is a primary key or {\"key\":K}")
            }
            keyJSON = key
        }
        guard case .number(let text) = keyJSON, let raw = Int64(text), raw >= 0 else {
            throw Failure(description: "a link to \(spec.name) is an object key, not \(json.kind)")
        }
        guard create else { return ObjectKey(0) }
        guard try table.contains(ObjectKey(raw)) else {
            throw Failure(description: "no \(spec.name) has the object key \(raw)")
        }
        if let primaryKey = ObjectJSON.primaryKey(of: spec), try table.value(ObjectKey(raw), primaryKey.key) != .null {
            throw Failure(description: "\(spec.name) \(raw) has a primary key: link to it by that")
        }
        return ObjectKey(raw)
    }
}
