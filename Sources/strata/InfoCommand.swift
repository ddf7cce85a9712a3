// InfoCommand.swift: `strata info FILE`: the newest version, its classes and object counts, space use, the
// versions other processes keep pinned, and the replication state (ReplicationInfo.swift).

import Foundation
import StrataCore

enum InfoCommand: Command {
    static let name = "info"
    static let synopsis = "strata info FILE"
    static let help = """
        usage: strata info FILE

        Prints the newest version of FILE, its schema version, each class with its object count, the file's size
        and free space, and the versions other processes keep pinned (read from the reader table of FILE.lock: one
        entry per live process, the oldest version it reads; the table records no pin times, so a pin's age is
        given in versions, not seconds). Then a Replication section: for a file replicated through PostgreSQL
        (StrataSync), its client id, logical database, download cursor (the hub version downloaded through), clock,
        pending outbox rows, rows the hub refused (set aside, with each one's error) and subscriptions; otherwise
        "Replication: none". Verifies the file first: a damaged file exits 1. Read-only.
        """

    static func run(_ arguments: ParsedArguments) async throws {
        let path = try arguments.positional(["FILE"])[0]
        let database = try DatabaseFile.openVerified(path)
        defer { database.close() }
        let read = try database.beginRead()
        let space = database.spaceUsage
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.uint64Value ?? 0
        print("file: \(path)")
        print("version: \(read.version)")
        print("schema version: \(try schemaVersion(read).map(String.init) ?? "none (not opened through Strata's API)")")
        print("file size: \(size) bytes")
        print("used region: \(space.fileEnd) bytes, \(space.free) of them free")
        print(
            "free space: \(space.free + (size > space.fileEnd ? size - space.fileEnd : 0)) bytes "
                + "(\(space.free) free inside the used region, \(size > space.fileEnd ? size - space.fileEnd : 0) reserved past it)"
        )
        if let pinned = try database.versionsPinnedByOtherProcesses() {
            let others = pinned.sorted()
            if let oldest = others.first {
                print(
                    "pinned versions (other processes, from \(path).lock): \(others.count) process(es), oldest "
                        + "version \(oldest), \(read.version - min(oldest, read.version)) version(s) behind the newest"
                )
            } else {
                print("pinned versions (other processes, from \(path).lock): none")
            }
        } else {
            print("pinned versions: unknown (no lock file could be opened beside \(path))")
        }
        // Strata's own `__`-prefixed tables (the schema version's) are not classes of the user's schema.
        for spec in read.tableSpecs.sorted(by: { $0.name < $1.name }) where !spec.name.hasPrefix("__") {
            print("class \(spec.name): \(spec.objectCount) objects")
        }
        for line in ReplicationInfo.lines(try ReplicationInfo.read(read)) { print(line) }
    }

    /// The schema version the public API stored in the file (its `__strata_metadata` table), or nil for none.
    private static func schemaVersion(_ read: ReadTransaction) throws -> UInt64? {
        guard let table = try read.table(named: "__strata_metadata"), table.count > 0 else { return nil }
        let value = try table.value(try table.key(atPosition: 0), try table.column(named: "schemaVersion").key)
        guard case .int(let version) = value else { return nil }
        // Stored as the version's bits (SchemaBinding.storeVersion).
        return UInt64(bitPattern: version)
    }
}
