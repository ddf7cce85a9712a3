// CompactCommand.swift: `strata compact FILE OUTPUT`: writes a dense copy of the newest version.

import Foundation
import StrataCore

enum CompactCommand: Command {
    static let name = "compact"
    static let synopsis = "strata compact FILE OUTPUT"
    static let help = """
        usage: strata compact FILE OUTPUT

        Writes a dense copy of the newest version of FILE to OUTPUT, which must not exist: same classes, objects
        and keys, no free space, no old versions. FILE is only read (and verified first: a damaged file exits 1);
        OUTPUT is written to a temporary name, synced and renamed into place.
        """

    static func run(_ arguments: ParsedArguments) async throws {
        let paths = try arguments.positional(["FILE", "OUTPUT"])
        let database = try DatabaseFile.openVerified(paths[0])
        defer { database.close() }
        try await database.writeCompactedCopy(to: paths[1])
        let before = try FileManager.default.attributesOfItem(atPath: paths[0])[.size] as? Int ?? 0
        let after = try FileManager.default.attributesOfItem(atPath: paths[1])[.size] as? Int ?? 0
        print("wrote \(paths[1]): \(after) bytes (was \(before))")
    }
}
