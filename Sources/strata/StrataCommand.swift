// strata: the command-line tool. Read-only and safe beside a live writer by default.
//
//   strata info FILE              version, tables, object counts, space use
//   strata schema FILE            tables and columns
//   strata verify FILE            walk the newest version and check every invariant (exit 1 if damaged)
//   strata compact FILE OUTPUT    write a dense copy of the newest version to OUTPUT

import Foundation
import StrataCore

@main
struct StrataCommand {
    static let usage = """
        usage: strata info FILE
               strata schema FILE
               strata verify FILE
               strata compact FILE OUTPUT
        """

    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            switch (arguments.first, arguments.count) {
            case ("info", 2): try info(arguments[1])
            case ("schema", 2): try schema(arguments[1])
            case ("verify", 2): try verify(arguments[1])
            case ("compact", 3): try await compact(arguments[1], to: arguments[2])
            case ("help", _), ("--help", _), ("-h", _):
                print(usage)
            default:
                FileHandle.standardError.write(Data((usage + "\n").utf8))
                exit(2)
            }
        } catch {
            FileHandle.standardError.write(Data("strata: \(error)\n".utf8))
            exit(1)
        }
    }

    static func openReadOnly(_ path: String) throws -> Database {
        try Database.open(path: path, options: DatabaseOptions(readOnly: true))
    }

    static func info(_ path: String) throws {
        let database = try openReadOnly(path)
        defer { database.close() }
        let read = try database.beginRead()
        let space = database.spaceUsage
        print("file: \(path)")
        print("version: \(read.version)")
        print("used region: \(space.fileEnd) bytes, \(space.free) of them free")
        for spec in read.tableSpecs {
            print("table \(spec.name): \(spec.objectCount) objects")
        }
    }

    static func schema(_ path: String) throws {
        let database = try openReadOnly(path)
        defer { database.close() }
        let read = try database.beginRead()
        let names = Dictionary(uniqueKeysWithValues: read.tableSpecs.map { ($0.key, $0.name) })
        for spec in read.tableSpecs {
            print("\(spec.name) {")
            for column in spec.columns where column.type != .backlink {
                var type = "\(column.type)"
                if let target = column.linkTable { type += "<\(names[target] ?? "?")>" }
                switch column.collection {
                case .single: break
                case .list: type = "List<\(type)>"
                case .set: type = "Set<\(type)>"
                case .dictionary: type = "Map<String, \(type)>"
                }
                if column.nullable && column.collection == .single { type += "?" }
                var flags: [String] = []
                if column.unique { flags.append("primary key") } else if column.indexed { flags.append("indexed") }
                print("    \(column.name): \(type)\(flags.isEmpty ? "" : "  (\(flags.joined(separator: ", ")))")")
            }
            print("}")
        }
    }

    static func verify(_ path: String) throws {
        let database = try openReadOnly(path)
        defer { database.close() }
        let report = try database.verify()
        print("ok: \(report)")
    }

    static func compact(_ path: String, to output: String) async throws {
        let database = try openReadOnly(path)
        defer { database.close() }
        try await database.writeCompactedCopy(to: output)
        let before = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        let after = try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int ?? 0
        print("wrote \(output): \(after) bytes (was \(before))")
    }
}
