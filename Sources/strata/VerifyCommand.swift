// VerifyCommand.swift: `strata verify FILE`: walks the newest version and checks every invariant.

import StrataCore

enum VerifyCommand: Command {
    static let name = "verify"
    static let synopsis = "strata verify FILE"
    static let help = """
        usage: strata verify FILE

        Walks the newest version of FILE and checks every structural invariant: checksums, tree order and
        counts, indexes, links and backlinks, and that every byte of the used region is a node or free space.
        Prints "ok: …" with what it walked, or names the first problem and exits 1. Read-only.
        """

    static func run(_ arguments: ParsedArguments) async throws {
        let path = try arguments.positional(["FILE"])[0]
        let database = try DatabaseFile.openVerified(path)
        defer { database.close() }
        print("ok: \(try database.verify())")
    }
}
