// SchemaCommand.swift: `strata schema FILE`: every class with its properties, types and indexes.

import StrataCore

enum SchemaCommand: Command {
    static let name = "schema"
    static let synopsis = "strata schema FILE"
    static let help = """
        usage: strata schema FILE

        Prints each class of FILE with its properties: type (List<T>, Set<T>, Map<String, T>, T? for optional),
        link targets, primary keys and indexes. Backlinks are not listed. Verifies the file first: a damaged file
        exits 1. Read-only.
        """

    static func run(_ arguments: ParsedArguments) async throws {
        let path = try arguments.positional(["FILE"])[0]
        let database = try DatabaseFile.openVerified(path)
        defer { database.close() }
        let read = try database.beginRead()
        let names = Dictionary(uniqueKeysWithValues: read.tableSpecs.map { ($0.key, $0.name) })
        for spec in read.tableSpecs.sorted(by: { $0.name < $1.name }) where !spec.name.hasPrefix("__strata_sync_") {
            print("\(spec.name) {")
            for column in spec.columns where column.type != .backlink {
                var type = ExportSchema.name(of: column.type)
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
}
