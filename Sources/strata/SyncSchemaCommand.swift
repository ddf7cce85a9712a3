// SyncSchemaCommand.swift: `strata sync-schema [--grant ROLE]`: the SQL of the replication hub, for a database
// administrator to run once (Sources/StrataSync/HubSchema.swift owns it).
//
// Output is the SQL and nothing else, so that it can be piped to `psql -v ON_ERROR_STOP=1`. Opens no file.

import StrataSync

enum SyncSchemaCommand: Command {
    static let name = "sync-schema"
    static let synopsis = "strata sync-schema [--grant ROLE]"
    static let options = ["--grant"]
    static let help = """
        usage: strata sync-schema [--grant ROLE]

        Prints the SQL that installs (or upgrades) the replication hub, the PostgreSQL schema `strata`, at hub
        schema version \(HubSchema.version): one transaction, idempotent, safe to run from several sessions at once.
        Run it as the role that is to own the schema: `strata sync-schema | psql -v ON_ERROR_STOP=1 DATABASE`.
        With --grant ROLE, also prints the grants that let ROLE (the application's role, quoted as an identifier)
        use the hub: USAGE on the schema and EXECUTE on its functions; no table is granted. Opens no file.
        """

    static func run(_ arguments: ParsedArguments) async throws {
        _ = try arguments.positional([])
        let role = try arguments.value("--grant")
        if let role, role.isEmpty { throw UsageError(message: "--grant needs a role name") }
        let output = LineWriter()
        output.line(HubSchema.installSQL)
        if let role { output.line(HubSchema.grantSQL(role: role)) }
        output.flush()
    }
}
