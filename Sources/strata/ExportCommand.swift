// ExportCommand.swift: `strata export FILE [--class CLASS]…`: the newest version as JSON Lines on stdout.
//
// Line 1 is the schema header (SchemaJSON.swift); every further line one top-level object (ObjectJSON.swift).
// Deterministic: classes by name, objects by key, dictionaries by key, sets in stored order, so that
// export → import → export gives the same bytes.

import StrataCore

enum ExportCommand: Command {
    static let name = "export"
    static let synopsis = "strata export FILE [--class CLASS]…"
    static let options = ["--class"]
    static let help = """
        usage: strata export FILE [--class CLASS]…

        Writes the newest version of FILE to stdout as JSON Lines. Line 1 is a header with the whole schema:
          {"strata":"export","format":1,"classes":[{"name":"Person","embedded":false,"properties":[…]}]}
        then one line per object, classes by name, objects by key:
          {"class":"Person","key":0,"object":{"id":1,"name":"Ann","dogs":[0,1],"born":"1990-05-01T00:00:00.000000000Z"}}
        Values are lossless: integers exactly, floats and doubles as the shortest text that reads back to the
        same bits ("inf", "-inf", "nan" as strings), data as base64, dates in UTC with nanoseconds,
        decimal128 as "<coefficient>E<exponent>", objectId as 24 hex digits, UUIDs as 8-4-4-4-12 hex, mixed
        values as {"type":"double","value":1.5}. A link is the target's primary key, or its object key when
        its class has none; objects of an embedded class (no primary key, each linked from exactly one place)
        appear inline inside their owner.

          --class CLASS   only the objects of CLASS (repeat for several); the header still lists every class

        Verifies the file first: a damaged file exits 1. Read-only. `strata import` reads this format back.
        """

    static func run(_ arguments: ParsedArguments) async throws {
        let path = try arguments.positional(["FILE"])[0]
        let database = try DatabaseFile.openVerified(path)
        defer { database.close() }
        let read = try database.beginRead()
        let embedded = try ExportSchema.embeddedTables(read)
        var selected = read.tableSpecs.filter { !embedded.contains($0.key) && !$0.name.hasPrefix("__strata_sync_") }
        if let names = arguments.values["--class"] {
            selected = try names.map { name in
                let spec = try DatabaseFile.table(named: name, in: read, path: path)
                guard !spec.name.hasPrefix("__strata_sync_") else {
                    throw Failure(description: "\(name) is a replication table of the file, not a class: not exported")
                }
                guard !embedded.contains(spec.key) else {
                    throw Failure(
                        description: "\(name) is embedded (each object has one owner): its objects are exported "
                            + "inside their owners"
                    )
                }
                return spec
            }
        }
        let output = LineWriter()
        output.line(ExportSchema(read, embedded: embedded).json.text)
        let encoder = ObjectJSON(reading: read, embedded: embedded)
        for spec in Set(selected.map(\.key)).compactMap({ key in selected.first { $0.key == key } })
            .sorted(by: { $0.name < $1.name })
        {
            for key in try read.table(spec.key).keys() { output.line(try encoder.record(spec.key, key).text) }
        }
    }
}
