import Foundation
import Testing

@testable import StrataSync

/// libpq loaded at run time, one connection (`PostgresConnection`), and the thread that owns one (`PostgresLink`),
/// against the test cluster (Support/PostgresCluster.swift). Each test makes its own database.
@Suite struct PostgresConnectionTests {
    @Test func connectsAndSelectsOne() async throws {
        try await withCluster { cluster in
            let connection = try PostgresConnection(cluster.createDatabase("pq_select_one"))
            let result = try connection.execute("SELECT 1 AS one")
            #expect(result.columns == ["one"])
            #expect(result.rows == [["1"]])
            #expect(result[0, "one"] == "1")
            #expect(connection.serverVersion >= 150_000)
            #expect(!connection.isBroken)
        }
    }

    @Test func parametersBindNullAndTextHoldingQuotes() async throws {
        try await withCluster { cluster in
            let connection = try PostgresConnection(cluster.createDatabase("pq_parameters"))
            let text = #"it's "quoted" \ and ünïcode"#
            let result = try connection.execute(
                "SELECT $1::text AS text, $2::text AS missing, $2::text IS NULL AS isnull, length($1) AS length",
                [text, nil]
            )
            #expect(result[0, "text"] == text)
            #expect(result[0, "missing"] == nil)
            #expect(result[0, "isnull"] == "t")
            #expect(result[0, "length"] == String(text.count))
        }
    }

    @Test func aZeroByteInAParameterIsRejectedNotCut() async throws {
        try await withCluster { cluster in
            let connection = try PostgresConnection(cluster.createDatabase("pq_zero_byte"))
            let error = try #require(throws: PostgresError.self) {
                try connection.execute("SELECT $1::text", ["a\u{0}b"])
            }
            #expect(error.sqlState == "22021")
        }
    }

    @Test func byteaRoundTripsAsHexText() async throws {
        try await withCluster { cluster in
            let connection = try PostgresConnection(cluster.createDatabase("pq_bytea"))
            #expect(try connection.execute(#"SELECT '\x00ff'::bytea AS b"#)[0, "b"] == #"\x00ff"#)
            _ = try connection.execute("CREATE TABLE blob (id int PRIMARY KEY, data bytea)")
            _ = try connection.execute("INSERT INTO blob VALUES ($1, $2)", ["1", #"\x0001feff"#])
            let result = try connection.execute("SELECT data, length(data) AS n FROM blob WHERE id = $1", ["1"])
            #expect(result[0, "data"] == #"\x0001feff"#)
            #expect(result[0, "n"] == "4")
        }
    }

    @Test func aFailingStatementThrowsItsSQLStateAndTheConnectionStaysUsable() async throws {
        try await withCluster { cluster in
            let connection = try PostgresConnection(cluster.createDatabase("pq_sql_error"))
            let error = try #require(throws: PostgresError.self) {
                try connection.execute("SELECT * FROM no_such_table")
            }
            #expect(error.sqlState == "42P01")
            #expect(error.message.contains("no_such_table"))
            #expect(!error.isConnectionFailure)
            #expect(!error.isInsufficientPrivilege)
            #expect(error.description.hasPrefix("42P01: "))
            #expect(try connection.execute("SELECT 2 AS two")[0, "two"] == "2")
        }
    }

    @Test func aMissingDatabaseOrSocketIsUnreachable() async throws {
        try await withCluster { cluster in
            let missingDatabase = #expect(throws: SyncError.self) {
                try PostgresConnection(cluster.conninfo(database: "no_such_database"))
            }
            guard case .unreachable(let message) = missingDatabase else {
                Issue.record("expected .unreachable, got \(String(describing: missingDatabase))")
                return
            }
            #expect(message.contains("no_such_database"))
            let missingSocket = #expect(throws: SyncError.self) {
                try PostgresConnection("host=/nonexistent/strata port=5432 dbname=postgres user=postgres")
            }
            guard case .unreachable = missingSocket else {
                Issue.record("expected .unreachable, got \(String(describing: missingSocket))")
                return
            }
        }
    }

    @Test func aWrongOrMissingPasswordIsAnAuthenticationFailure() async throws {
        try await withCluster { cluster in
            let database = "pq_password"
            _ = try cluster.createDatabase(database)
            try cluster.createRole("strata_pw", password: "right 'one'")
            let base = cluster.conninfo(database: database, user: "strata_pw")
            for conninfo in [base + " password=wrong", base] {
                let error = #expect(throws: SyncError.self) { try PostgresConnection(conninfo) }
                guard case .authenticationFailed = error else {
                    Issue.record("expected .authenticationFailed, got \(String(describing: error))")
                    continue
                }
            }
            let connection = try PostgresConnection(base + #" password='right \'one\''"#)
            #expect(try connection.execute("SELECT current_user AS u")[0, "u"] == "strata_pw")
            let unknownRole = #expect(throws: SyncError.self) {
                try PostgresConnection(cluster.conninfo(database: database, user: "strata_nobody"))
            }
            guard case .authenticationFailed = unknownRole else {
                Issue.record("expected .authenticationFailed, got \(String(describing: unknownRole))")
                return
            }
        }
    }

    @Test func aMissingGrantIsInsufficientPrivilege() async throws {
        try await withCluster { cluster in
            let conninfo = try cluster.createDatabase("pq_privilege")
            try cluster.createRole("strata_no_grant", password: nil)
            _ = try PostgresConnection(conninfo).execute("CREATE TABLE secret (id int)")
            let connection = try PostgresConnection(cluster.conninfo(database: "pq_privilege", user: "strata_no_grant"))
            let error = try #require(throws: PostgresError.self) { try connection.execute("SELECT * FROM secret") }
            #expect(error.isInsufficientPrivilege)
            #expect(error.sqlState == "42501")
        }
    }

    @Test func notifyWakesAListener() async throws {
        try await withCluster { cluster in
            let conninfo = try cluster.createDatabase("pq_notify")
            let listener = try PostgresConnection(conninfo)
            let channel = #"Strata "Changes" v1"#  // case, spaces and quotes are kept by the quoting
            try listener.listen(channel)
            #expect(try listener.waitForNotification(timeout: .milliseconds(50)) == false)
            let notifier = try PostgresConnection(conninfo)
            // Two notifications of one transaction: PostgreSQL delivers them together, at its commit.
            _ = try notifier.execute("SELECT pg_notify($1, 'first'), pg_notify($1, 'second')", [channel])
            #expect(try listener.waitForNotification(timeout: .seconds(20)))
            // Both notifications were drained by the first wait.
            #expect(try listener.waitForNotification(timeout: .milliseconds(50)) == false)
            _ = try notifier.execute("SELECT pg_notify('other', 'payload')")
            #expect(try listener.waitForNotification(timeout: .milliseconds(200)) == false)
        }
    }

    @Test func waitingOnATerminatedConnectionThrowsAConnectionFailure() async throws {
        try await withCluster { cluster in
            let database = "pq_wait_terminated"
            let listener = try PostgresConnection(cluster.createDatabase(database))
            try listener.listen("changes")
            try cluster.terminateBackends(database: database)
            let error = try #require(throws: PostgresError.self) {
                try listener.waitForNotification(timeout: .seconds(20))
            }
            #expect(error.isConnectionFailure)
            #expect(listener.isBroken)
        }
    }

    @Test func quotingAnIdentifierDoublesItsQuotes() {
        #expect(PostgresConnection.quoteIdentifier("plain") == #""plain""#)
        #expect(PostgresConnection.quoteIdentifier(#"a"b"#) == #""a""b""#)
    }

    @Test func aLibraryThatCannotBeLoadedIsLibraryMissing() {
        #expect(throws: SyncError.self) { try LibPQ(path: "libpq-strata-missing.so.5") }
        do {
            _ = try LibPQ(path: "libpq-strata-missing.so.5")
        } catch {
            guard case .libraryMissing(let message) = error else {
                Issue.record("expected .libraryMissing, got \(error)")
                return
            }
            #expect(message.contains("libpq-strata-missing.so.5"))
        }
    }
}
