import Foundation
import StrataCore
import Testing

/// Stands in for StrataSync's replicator: a file holding `__strata_sync_client` accepts a local commit only
/// with a hook attached (Sources/StrataCore/Transaction/CommitHook.swift).
private final class AttachedReplicator: CommitHook {
    func transactionWillCommit(_ transaction: WriteTransaction) throws {}
}

/// The sample file plus the hidden tables StrataSync keeps in a replicated file, made through the engine API:
///
///   __strata_sync_client          6F9619FF-…, "inventory", nextSequence 8, clock 2024-05-01T12:00:00.123Z +2,
///                                 cursor 42
///   __strata_sync_outbox          sequences 7 and 6 (made in that order), entries of 23 and 41 bytes
///   __strata_sync_set_aside       sequence 5 (a type mismatch), sequence 3 (an error of two lines)
///   __strata_sync_lives           two objects
///   __strata_sync_subscriptions   "zeta", an unnamed one, "adults" (made in that order)
enum ReplicatedFile {
    static let clientID = "6F9619FF-8B86-D011-B42D-00CF4FC964FF"
    /// 2024-05-01T12:00:00.123Z in milliseconds since the Unix epoch.
    static let milliseconds: Int64 = 1_714_564_800_123
    static let outboxEntries = [
        #"[{"op":"delete","l":2}]"#,
        #"[{"op":"update","class":"Dog","pk":"00"}]"#,
    ]

    static func make(_ sample: SampleFile) async throws {
        sample.database.commitHook = AttachedReplicator()
        let write = try await sample.database.beginWrite()
        func table(_ name: String, _ columns: [(String, ValueType, Bool)], rows: [[Value]]) throws {
            let table = try write.createTable(named: name)
            for (column, type, unique) in columns {
                try write.addColumn(ColumnSpec(name: column, type: type, unique: unique), to: table)
            }
            for row in rows { try write.createObject(in: table, row: row) }
        }
        try table(
            "__strata_sync_client",
            [
                ("id", .string, false), ("database", .string, false), ("nextSequence", .int, false),
                ("clock", .int, false), ("cursor", .int, false),
            ],
            rows: [[.string(clientID), .string("inventory"), .int(8), .int(milliseconds * 65536 + 2), .int(42)]]
        )
        try table(
            "__strata_sync_outbox",
            [("sequence", .int, true), ("entries", .binary, false)],
            rows: [
                [.int(7), .binary(Array(outboxEntries[0].utf8))],
                [.int(6), .binary(Array(outboxEntries[1].utf8))],
            ]
        )
        try table(
            "__strata_sync_set_aside",
            [("sequence", .int, false), ("entries", .binary, false), ("error", .string, false)],
            rows: [
                [.int(5), .binary(Array("[]".utf8)), .string("ST001 property type mismatch: age (hub has string)")],
                [.int(3), .binary(Array("[]".utf8)), .string("first line\nsecond line")],
            ]
        )
        try table(
            "__strata_sync_lives",
            [("object", .string, true), ("life", .int, false)],
            rows: [[.string("Dog/00"), .int(1)], [.string("Person/01"), .int(3)]]
        )
        try table(
            "__strata_sync_subscriptions",
            [("name", .string, true), ("className", .string, false), ("query", .string, false)],
            rows: [
                [.string("zeta"), .string("Dog"), .string("age > 3")],
                [
                    .string("\u{0}unnamed:Person:name BEGINSWITH \"A\""), .string("Person"),
                    .string("name BEGINSWITH \"A\""),
                ],
                [.string("adults"), .string("Person"), .string("age >= 18")],
            ]
        )
        try write.commit()
    }
}

@Suite("strata on replicated files: info, sync-schema, export, schema")
struct ReplicationTests {
    @Test("info prints the Replication section of a replicated file")
    func infoReplication() async throws {
        let directory = TemporaryDirectory()
        let sample = try await SampleFile(path: directory.file())
        try await ReplicatedFile.make(sample)
        sample.close()
        let run = try Tool.run(["info", sample.path])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let classes = lines.filter { $0.hasPrefix("class ") }
        #expect(classes == ["class Address: 6 objects", "class Dog: 4 objects", "class Person: 6 objects"])
        let section = try #require(lines.firstIndex(of: "Replication:"))
        #expect(lines[section - 1] == "class Person: 6 objects")
        #expect(
            Array(lines[section...]) == [
                "Replication:",
                "  client id: 6F9619FF-8B86-D011-B42D-00CF4FC964FF",
                "  logical database: inventory",
                "  download cursor: hub version 42",
                "  clock: 2024-05-01T12:00:00.123Z (counter 2)",
                "  next sequence: 8",
                "  outbox: 2 pending row(s), 64 bytes",
                "  set aside: 2 row(s)",
                "    sequence 3: first line\\nsecond line",
                "    sequence 5: ST001 property type mismatch: age (hub has string)",
                "  subscriptions: 3",
                #"    adults: class Person, query "age >= 18""#,
                #"    zeta: class Dog, query "age > 3""#,
                #"    (unnamed): class Person, query "name BEGINSWITH \"A\"""#,
                "",
            ]
        )
        #expect(ReplicatedFile.outboxEntries.map(\.utf8.count).reduce(0, +) == 64)
    }

    @Test("info prints Replication: none for a file that was never replicated")
    func infoNoReplication() async throws {
        let directory = TemporaryDirectory()
        let sample = try await SampleFile(path: directory.file())
        sample.close()
        let run = try Tool.run(["info", sample.path])
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("class Person: 6 objects\nReplication: none\n"))
    }

    @Test("sync-schema prints the hub's install SQL, and with --grant the grants after it")
    func syncSchema() throws {
        let install = try Tool.run(["sync-schema"])
        #expect(install.status == 0)
        #expect(install.stderr.isEmpty)
        #expect(install.stdout.hasPrefix("BEGIN ISOLATION LEVEL READ COMMITTED;\n"))
        #expect(install.stdout.contains("CREATE SCHEMA IF NOT EXISTS strata"))
        #expect(install.stdout.contains("CREATE OR REPLACE FUNCTION strata.push"))
        #expect(install.stdout.hasSuffix("\nCOMMIT;\n"))
        #expect(!install.stdout.contains("GRANT "))
        let granted = try Tool.run(["sync-schema", "--grant", "app"])
        #expect(granted.status == 0)
        #expect(
            granted.stdout == install.stdout + """
                GRANT USAGE ON SCHEMA strata TO "app";
                GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA strata TO "app";

                """
        )
        let quoted = try Tool.run(["sync-schema", "--grant", #"a "b""#])
        #expect(quoted.stdout.hasSuffix(#"GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA strata TO "a ""b""";"# + "\n"))
        for arguments in [["sync-schema", "extra"], ["sync-schema", "--grant"], ["sync-schema", "--grant", ""]] {
            let refused = try Tool.run(arguments)
            #expect(refused.status == 2, "\(arguments)")
            #expect(refused.stdout.isEmpty)
        }
    }

    @Test("export and schema of a replicated file leave out the __strata_sync_ tables")
    func exportAndSchemaOmitHiddenTables() async throws {
        let directory = TemporaryDirectory()
        let plain = try await SampleFile(path: directory.file("plain.strata"))
        plain.close()
        let replicated = try await SampleFile(path: directory.file("replicated.strata"))
        try await ReplicatedFile.make(replicated)
        replicated.close()
        for command in ["export", "schema"] {
            let run = try Tool.run([command, replicated.path])
            #expect(run.status == 0, "\(command): \(run.stderr)")
            #expect(!run.stdout.contains("__strata_sync"), "\(command)")
            #expect(run.stdout == (try Tool.run([command, plain.path])).stdout, "\(command)")
        }
        let hidden = try Tool.run(["export", replicated.path, "--class", "__strata_sync_outbox"])
        #expect(hidden.status == 1)
        #expect(hidden.stdout.isEmpty)
        #expect(
            hidden.stderr
                == "strata export: __strata_sync_outbox is a replication table of the file, not a class: not exported\n"
        )
    }
}
