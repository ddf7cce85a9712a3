// QueryCommand.swift: `strata query FILE CLASS [PREDICATE] [--sort KEYS] [--limit N] [--json]`: runs the
// library's query language (the engine's parser, binder and evaluator) against the file's own schema and
// prints the objects it selects.
//
// Order of the result: the predicate's own SORT/DISTINCT/LIMIT clauses, then --sort, then --limit.

import StrataCore

enum QueryCommand: Command {
    static let name = "query"
    static let synopsis = "strata query FILE CLASS [PREDICATE] [--sort KEYPATH[ DESC][,…]] [--limit N] [--json]"
    static let options = ["--sort", "--limit"]
    static let flags = ["--json"]
    static let help = """
        usage: strata query FILE CLASS [PREDICATE] [--sort KEYPATH[ DESC][,…]] [--limit N] [--json]

        Prints the objects of CLASS that match PREDICATE, in the query language of the library (NSPredicate
        syntax: "age > 30 AND name BEGINSWITH[c] 'a'", "ANY dogs.name == 'Rex'", "tags.@count > 2"; trailing
        SORT(…), DISTINCT(…) and LIMIT(…) clauses work too). Without PREDICATE every object matches. Properties
        are named as stored in the file (a renamed property by its column name). There are no model classes.

          --sort KEYS   sort by comma-separated key paths, each optionally followed by ASC or DESC:
                        --sort 'age DESC,name'. Later keys break the ties of earlier ones.
          --limit N     print at most N objects (after sorting)
          --json        one JSON object per line (JSON Lines), the record form `export` writes:
                        {"class":"Person","key":7,"object":{"name":"Ann","age":31}}

        Without --json: a table, one row per object, the object key first, then each property (strings as
        they are unless they hold a control character, other values in their JSON form), columns separated by
        two spaces, and a last line with the count.

        A malformed query prints the parser's message with its 1-based column and exits 2; a class the file
        lacks exits 1. Verifies the file first: a damaged file exits 1. Read-only.
        """

    static func run(_ arguments: ParsedArguments) async throws {
        let positional = try arguments.positional(["FILE", "CLASS", "PREDICATE"], optional: 1)
        let path = positional[0]
        let sortKeys = try arguments.value("--sort").map(parseSortKeys) ?? []
        var limit: Int?
        if let text = try arguments.value("--limit") {
            guard let value = Int(text), value >= 0 else {
                throw UsageError(message: "--limit needs a whole number ≥ 0, not '\(text)'")
            }
            limit = value
        }
        // A query is checked for syntax before the file is opened: a malformed one is a usage error either way.
        var parsed = try QueryParser.parse(positional.count > 2 ? positional[2] : "TRUEPREDICATE")
        if !sortKeys.isEmpty { parsed.sort(by: sortKeys) }
        if let limit { parsed.stages.append(.limit(limit)) }

        let database = try DatabaseFile.openVerified(path)
        defer { database.close() }
        let read = try database.beginRead()
        let spec = try DatabaseFile.table(named: positional[1], in: read, path: path)
        let bound = try QueryBinder(reading: read, root: spec.key).bind(parsed)
        let keys = try QueryEvaluator(reading: read).run(bound)
        let encoder = ObjectJSON(reading: read, embedded: try ExportSchema.embeddedTables(read))
        let output = LineWriter()
        if arguments.flags.contains("--json") {
            for key in keys { output.line(try encoder.record(spec.key, key).text) }
            return
        }
        let columns = spec.columns.filter { $0.type != .backlink }
        let table = try read.table(spec.key)
        var rows: [[String]] = [["key"] + columns.map(\.name)]
        for key in keys {
            let values = try table.values(key, columns.map(\.key))
            rows.append(
                [String(key.rawValue)]
                    + (try zip(columns, values).map { column, value in
                        // A string prints as it is, unless a control character (a newline) would break the row.
                        if case .string(let text) = value, !text.unicodeScalars.contains(where: { $0.value < 0x20 }) {
                            return text
                        }
                        return try encoder.json(value, column: column).text
                    })
            )
        }
        for line in TextTable.render(rows) { output.line(line) }
        output.line("(\(keys.count) object\(keys.count == 1 ? "" : "s"))")
    }

    /// `age DESC,name` → [age descending, name ascending].
    static func parseSortKeys(_ text: String) throws -> [QuerySortKey] {
        try text.split(separator: ",", omittingEmptySubsequences: false).map { part in
            let words = part.split(separator: " ")
            guard let path = words.first, words.count <= 2 else {
                throw UsageError(message: "--sort: '\(part)' is not KEYPATH, KEYPATH ASC or KEYPATH DESC")
            }
            var ascending = true
            if words.count == 2 {
                switch words[1].uppercased() {
                case "ASC", "ASCENDING": ascending = true
                case "DESC", "DESCENDING": ascending = false
                default: throw UsageError(message: "--sort: expected ASC or DESC after '\(path)', found '\(words[1])'")
                }
            }
            return QuerySortKey(keyPath: String(path), ascending: ascending)
        }
    }
}

/// Left-aligned text columns separated by two spaces, the last one unpadded.
enum TextTable {
    static func render(_ rows: [[String]]) -> [String] {
        guard let first = rows.first else { return [] }
        var widths = [Int](repeating: 0, count: first.count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        return rows.map { row in
            var line = ""
            for (index, cell) in row.enumerated() {
                line += cell
                if index < row.count - 1 { line += String(repeating: " ", count: widths[index] - cell.count + 2) }
            }
            return line
        }
    }
}
