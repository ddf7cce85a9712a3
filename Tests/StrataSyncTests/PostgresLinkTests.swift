import StrataTestSupport
import Testing

@testable import StrataSync

/// `PostgresLink`: jobs from many tasks on one thread and one connection, reconnecting after the server cut it.
@Suite struct PostgresLinkTests {
    @Test func twentyConcurrentRunsGetTheirOwnAnswers() async throws {
        try await withCluster { cluster in
            let link = PostgresLink(conninfo: try cluster.createDatabase("pq_link_concurrent"))
            defer { link.close() }
            let answers = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                for index in 0..<20 {
                    group.addTask {
                        let value = try await link.run { connection in
                            try connection.execute("SELECT $1::int * 2 AS doubled", [String(index)])[0, "doubled"]
                        }
                        return (index, value)
                    }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            #expect(answers.count == 20)
            for (index, answer) in answers { #expect(answer == String(index * 2)) }
        }
    }

    @Test func jobsRunInTheOrderTheyWereSubmittedOnOneConnection() async throws {
        try await withCluster { cluster in
            let link = PostgresLink(conninfo: try cluster.createDatabase("pq_link_order"))
            defer { link.close() }
            _ = try await link.run { try $0.execute("CREATE TEMPORARY TABLE step (n int)") }
            // Temporary tables are per connection: all jobs saw the same one.
            for n in 0..<10 { _ = try await link.run { try $0.execute("INSERT INTO step VALUES ($1)", [String(n)]) } }
            let steps = try await link.run { try $0.execute("SELECT n FROM step ORDER BY ctid").rows.map { $0[0] } }
            #expect(steps == (0..<10).map { String($0) })
        }
    }

    @Test func aRunAfterTheBackendWasTerminatedReconnects() async throws {
        try await withCluster { cluster in
            let database = "pq_link_terminated"
            let link = PostgresLink(conninfo: try cluster.createDatabase(database))
            defer { link.close() }
            let first = try await link.run { try $0.execute("SELECT pg_backend_pid() AS pid")[0, "pid"] }
            try cluster.terminateBackends(database: database)
            let second = try await link.run { try $0.execute("SELECT pg_backend_pid() AS pid")[0, "pid"] }
            #expect(first != nil && second != nil && first != second)
        }
    }

    @Test func aJobFailingWithAConnectionFailureDropsTheConnection() async throws {
        try await withCluster { cluster in
            let link = PostgresLink(conninfo: try cluster.createDatabase("pq_link_drop"))
            defer { link.close() }
            let first = try await link.run { try $0.execute("SELECT pg_backend_pid() AS pid")[0, "pid"] }
            let error = await #expect(throws: PostgresError.self) {
                try await link.run { connection in
                    // Ends its own backend: the statement fails with 57P01 and the connection is gone.
                    try connection.execute("SELECT pg_terminate_backend(pg_backend_pid())")
                }
            }
            #expect(error?.isConnectionFailure == true)
            let second = try await link.run { try $0.execute("SELECT pg_backend_pid() AS pid")[0, "pid"] }
            #expect(first != second)
        }
    }

    @Test func aRunAfterTheServerRestartedReconnects() async throws {
        // A private cluster: restarting the shared one would cut the connections of the tests running beside this.
        // Started off the cooperative pool (see `withCluster`).
        guard let cluster = try await onThread({ try PostgresCluster.start() }) else {
            print("skipped: PostgreSQL 15 not installed (\(PostgresCluster.binDirectory))")
            return
        }
        defer { cluster.stop() }
        let link = PostgresLink(conninfo: try cluster.createDatabase("pq_link_restart"))
        defer { link.close() }
        _ = try await link.run { connection in
            _ = try connection.execute("CREATE TABLE kept (n int)")
            return try connection.execute("INSERT INTO kept VALUES (7)")
        }
        try cluster.restart()
        let kept = try await link.run { try $0.execute("SELECT n FROM kept")[0, "n"] }
        #expect(kept == "7")
    }

    @Test func anUnreachableServerFailsTheJobAndTheNextJobTriesAgain() async throws {
        let link = PostgresLink(conninfo: "host=/nonexistent/strata port=5432 dbname=postgres user=postgres")
        defer { link.close() }
        for _ in 0..<2 {
            do {
                _ = try await link.run { try $0.execute("SELECT 1") }
                Issue.record("connected to a socket that does not exist")
            } catch SyncError.unreachable {
            } catch SyncError.libraryMissing {
                print("skipped: libpq not installed")
                return
            }
        }
    }

    @Test func runAfterCloseThrowsClosedError() async throws {
        let link = PostgresLink(conninfo: "host=/nonexistent/strata")
        link.close()
        link.close()
        await #expect(throws: PostgresLink.ClosedError.self) { try await link.run { _ in 1 } }
    }
}
