// PostgresCluster.swift: a PostgreSQL 15 cluster the sync tests start in a temporary directory.
//
// One shared cluster per test process (`PostgresCluster.shared()`), started on first use; a test that must disturb
// the whole server (`restart()`) starts a private one (`PostgresCluster.start()`) so the tests running beside it
// keep their connections. Each test creates its own database, so tests run in parallel.
//
// The server listens on a Unix socket in the temporary directory only (no TCP), with trust authentication, except
// for roles made with a password (`createRole(_:password:)`): they belong to the group `strata_password_users`,
// which `pg_hba.conf` sends to scram-sha-256 first, so a wrong password is a real authentication failure.
//
// Invariants:
//   (1) No stray server: `postgres` is started by a small `sh` script whose standard input is a pipe only this
//       process writes to (close-on-exec, so no other child inherits it); a subshell of it watches the pipe. When
//       this process exits, however it exits, the kernel closes the pipe; the watcher reads end of file, stops the
//       server (SIGQUIT: immediate shutdown), waits for it and removes the temporary directory. An `atexit` handler
//       closes the pipe and waits for that cleanup.
//   (2) `restart()` writes "keep" to the pipe first: the wrapper stops the server but keeps the directory, and a new
//       wrapper starts the server on the same directory and socket (crash recovery runs, as after a power cut).
//   (3) As root, initdb and the server run as the `postgres` user (`runuser`), the directory chowned to it.
//   (4) Missing PostgreSQL binaries make `shared()` return nil (the suites print a skip), unless the environment
//       sets STRATA_REQUIRE_POSTGRES=1 (CI): then it is an error.

import Foundation
import StrataCore
import StrataTestSupport

@testable import StrataSync

#if canImport(Glibc)
    import Glibc
#endif

/// A running PostgreSQL 15 server for the tests, in a temporary directory, reached through a Unix socket.
final class PostgresCluster: Sendable {
    /// Where the server's binaries are: `STRATA_POSTGRES_BIN`, or Debian's PostgreSQL 15.
    static let binDirectory =
        ProcessInfo.processInfo.environment["STRATA_POSTGRES_BIN"] ?? "/usr/lib/postgresql/15/bin"
    /// The group whose members log in with a password (scram-sha-256) rather than trust.
    static let passwordGroup = "strata_password_users"

    /// The temporary directory holding everything else (removed when the server stops for good).
    let directory: String
    let dataDirectory: String
    /// The directory of the server's Unix socket.
    let socketDirectory: String
    let port = 5432

    /// The wrapper process of the running server and the write end of its pipe (invariant 1).
    private struct Server: Sendable {
        var process: ChildProcess
        var pipe: Int32
    }
    private let server: Locked<Server?>
    /// Serializes the statements that create databases and roles (CREATE DATABASE reads a template database).
    private let administration = Locked(0)

    private static let sharedCluster = Result { try start() }

    /// The cluster every test of the process shares, started on first use; nil when PostgreSQL 15 is not installed.
    ///
    /// - Throws: When the server could not start, or when it is not installed and `STRATA_REQUIRE_POSTGRES=1`.
    static func shared() throws -> PostgresCluster? { try sharedCluster.get() }

    /// Starts a new private cluster (for a test that restarts the server); nil when PostgreSQL 15 or libpq is
    /// missing. Call ``stop()`` when done (the process's exit stops it otherwise).
    ///
    /// - Throws: When the server could not start, or when it is not installed and `STRATA_REQUIRE_POSTGRES=1`.
    static func start() throws -> PostgresCluster? {
        let fileManager = FileManager.default
        var missing: String?
        if !fileManager.isExecutableFile(atPath: "\(binDirectory)/postgres")
            || !fileManager.isExecutableFile(atPath: "\(binDirectory)/initdb")
        {
            missing = "PostgreSQL 15 is not installed (\(binDirectory))"
        } else if case .failure(let error) = LibPQ.shared {
            missing = error.description
        }
        guard let missing else { return try PostgresCluster() }
        if ProcessInfo.processInfo.environment["STRATA_REQUIRE_POSTGRES"] == "1" {
            throw ClusterError("\(missing), but STRATA_REQUIRE_POSTGRES=1")
        }
        return nil
    }

    private init() throws {
        var template = Array("/tmp/strata-pg-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw ClusterError("mkdtemp failed: errno \(errno)") }
        directory = String(cString: made)
        dataDirectory = directory + "/data"
        socketDirectory = directory + "/socket"
        try FileManager.default.createDirectory(atPath: socketDirectory, withIntermediateDirectories: false)
        if geteuid() == 0 {
            guard let user = getpwnam("postgres") else { throw ClusterError("running as root but no postgres user") }
            for path in [directory, socketDirectory] { chown(path, user.pointee.pw_uid, user.pointee.pw_gid) }
        }
        let initdb = Self.command(
            [
                "\(Self.binDirectory)/initdb", "-D", dataDirectory, "-U", "postgres", "--auth=trust", "--no-sync",
                "-E", "UTF8", "--locale=C",
            ]
        )
        let log = try Self.logFile(directory + "/initdb.log")
        let status = try ChildProcess.run(
            initdb[0],
            Array(initdb.dropFirst()),
            standardOutput: .file(log),
            standardError: .file(log)
        )
        guard status == 0 else {
            throw ClusterError("initdb failed:\n" + Self.tail(of: directory + "/initdb.log"))
        }
        // Roles of the password group authenticate with scram-sha-256; everyone else is trusted (socket only).
        try """
        local all +\(Self.passwordGroup) scram-sha-256
        local all all trust

        """.write(toFile: dataDirectory + "/pg_hba.conf", atomically: false, encoding: .utf8)
        server = Locked(nil)
        try server.withLock { $0 = try startServer() }
        try waitUntilReady()
        try administer("CREATE ROLE \(PostgresConnection.quoteIdentifier(Self.passwordGroup)) NOLOGIN")
    }

    /// A libpq connection string for `database` as `user`, through the cluster's socket.
    func conninfo(database: String = "postgres", user: String = "postgres") -> String {
        "host=\(socketDirectory) port=\(port) dbname=\(database) user=\(user)"
    }

    /// Creates the database `name` and returns its connection string (as the superuser `postgres`).
    func createDatabase(_ name: String) throws -> String {
        try administer("CREATE DATABASE \(PostgresConnection.quoteIdentifier(name))")
        return conninfo(database: name)
    }

    /// Creates a LOGIN role (not a superuser); one with a password must give it (scram-sha-256).
    func createRole(_ name: String, password: String?) throws {
        var statement = "CREATE ROLE \(PostgresConnection.quoteIdentifier(name)) LOGIN"
        if let password {
            let literal = "'" + password.replacingOccurrences(of: "'", with: "''") + "'"
            statement += " PASSWORD \(literal) IN ROLE \(PostgresConnection.quoteIdentifier(Self.passwordGroup))"
        }
        try administer(statement)
    }

    /// Terminates every other backend connected to `database` and waits until their processes have exited, so
    /// their clients' sockets are closed when this returns.
    func terminateBackends(database: String) throws {
        let connection = try PostgresConnection(conninfo())
        let result = try connection.execute(
            """
            SELECT pid, pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
            WHERE datname = $1 AND pid <> pg_backend_pid()
            """,
            [database]
        )
        connection.close()
        let deadline = Date().addingTimeInterval(20)
        for pid in result.rows.compactMap({ $0[0].flatMap { pid_t($0) } }) {
            while kill(pid, 0) == 0 || errno != ESRCH {
                guard Date() < deadline else { throw ClusterError("backend \(pid) did not exit") }
                usleep(5_000)
            }
        }
    }

    /// Stops the server at once (SIGQUIT, an immediate shutdown: no checkpoint, every connection cut) and starts it
    /// again on the same directory and socket; returns once it accepts connections.
    func restart() throws {
        try server.withLock { server in
            if let running = server {
                Self.send("keep\n", to: running.pipe)
                close(running.pipe)
                Self.unregister(directory)
                Self.waitForExit(running.process)
            }
            server = try startServer()
        }
        try waitUntilReady()
    }

    /// Stops the server for good and removes its directory; waits until that is done.
    func stop() {
        server.withLock { server in
            guard let running = server else { return }
            close(running.pipe)
            Self.unregister(directory)
            Self.waitForExit(running.process)
            server = nil
        }
        Self.waitForRemoval(of: [directory])
    }

    // MARK: - Private

    /// Starts the wrapper and the server in it (invariant 1); the caller holds the lock.
    private func startServer() throws -> Server {
        var ends: [Int32] = [0, 0]
        // Close-on-exec at once (`pipe2` is not imported): no other child may keep the write end open.
        guard pipe(&ends) == 0 else { throw ClusterError("pipe failed: errno \(errno)") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // $1: the directory to remove unless told "keep"; the rest: the server's command line. The shell becomes
        // the server (`exec`), and a subshell watches the pipe: it cannot `wait` for the server, and needs not to
        // (dash's `wait` sleeps in `sigsuspend` and never wakes when SIGCHLD came in blocked, as it does from a
        // Swift process); the server is stopped once its pid file is gone (or its process is).
        let script = """
            dir=$1; shift
            exec 3<&0 </dev/null
            (
                IFS= read -r line <&3
                kill -QUIT $$ 2>/dev/null
                while [ -e "$dir/data/postmaster.pid" ] && kill -0 $$ 2>/dev/null; do sleep 0.05; done
                [ "$line" = keep ] || rm -rf "$dir"
            ) &
            exec 3<&-
            exec "$@"
            """
        let arguments = Self.command(
            [
                "/bin/sh", "-c", script, "sh", directory, "\(Self.binDirectory)/postgres", "-D", dataDirectory,
                "-k", socketDirectory, "-c", "listen_addresses=", "-c", "port=\(port)",
                "-c", "recovery_init_sync_method=syncfs", "-c", "fsync=on", "-c", "max_connections=200",
            ]
        )
        let log = try Self.logFile(directory + "/server.log")
        let process: ChildProcess
        do {
            process = try ChildProcess(
                executable: arguments[0],
                arguments: Array(arguments.dropFirst()),
                standardInput: .file(FileHandle(fileDescriptor: ends[0], closeOnDealloc: false)),
                standardOutput: .file(log),
                standardError: .file(log)
            )
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        close(ends[0])
        Self.register(directory, pipe: ends[1])
        return Server(process: process, pipe: ends[1])
    }

    /// Waits until the server accepts connections (up to 20 s).
    private func waitUntilReady() throws {
        let deadline = Date().addingTimeInterval(20)
        var lastError: any Error = ClusterError("not tried")
        while Date() < deadline {
            do {
                _ = try PostgresConnection(conninfo()).execute("SELECT 1")
                return
            } catch {
                lastError = error
            }
            let exited = server.withLock { $0.map { !$0.process.isRunning } ?? true }
            if exited { break }
            usleep(50_000)
        }
        throw ClusterError(
            "PostgreSQL did not start: \(lastError)\n" + Self.tail(of: directory + "/server.log")
        )
    }

    /// Runs one statement as the superuser, one at a time.
    private func administer(_ statement: String) throws {
        try administration.withLock { _ in
            _ = try PostgresConnection(conninfo()).execute(statement)
        }
    }

    /// `arguments`, run as the postgres user when this process is root (invariant 3).
    private static func command(_ arguments: [String]) -> [String] {
        geteuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + arguments : arguments
    }

    /// Waits (up to 30 s) until `process` has exited.
    private static func waitForExit(_ process: ChildProcess) {
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline { usleep(10_000) }
    }

    /// Waits (up to 10 s) until the wrappers have removed `directories`, that is, until their servers have exited.
    private static func waitForRemoval(of directories: some Sequence<String>) {
        let deadline = Date().addingTimeInterval(10)
        while directories.contains(where: { access($0, F_OK) == 0 }), Date() < deadline { usleep(20_000) }
    }

    private static func logFile(_ path: String) throws -> FileHandle {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: path) else { throw ClusterError("cannot write \(path)") }
        handle.seekToEndOfFile()
        return handle
    }

    private static func tail(of path: String) -> String {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "(no log)"
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(30).joined(separator: "\n")
    }

    private static func send(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    // MARK: - Cleanup at exit (invariant 1)

    /// The running servers' directories with the write ends of their wrappers' pipes, and whether the exit handler
    /// is installed.
    private struct Running: Sendable {
        var pipes: [String: Int32] = [:]
        var exitHandlerInstalled = false
    }
    private static let running = Locked(Running())

    private static func register(_ directory: String, pipe: Int32) {
        let install = running.withLock { running in
            running.pipes[directory] = pipe
            defer { running.exitHandlerInstalled = true }
            return !running.exitHandlerInstalled
        }
        if install { atexit { PostgresCluster.stopAllAtExit() } }
    }

    private static func unregister(_ directory: String) {
        running.withLock { _ = $0.pipes.removeValue(forKey: directory) }
    }

    /// Closes every wrapper's pipe and waits (up to 10 s) until the wrappers have removed their directories, that
    /// is, until the servers have exited.
    private static func stopAllAtExit() {
        // Another thread may hold the lock while the process exits: then the kernel's closing of the pipes does it.
        guard let servers = running.withLockIfAvailable({ $0.pipes }) else { return }
        for pipe in servers.values { close(pipe) }
        waitForRemoval(of: servers.keys)
    }
}

/// Why the test cluster could not be set up.
struct ClusterError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body` with the shared cluster, or prints that it is skipped and returns when PostgreSQL 15 is not installed
/// (a thrown error instead when `STRATA_REQUIRE_POSTGRES=1`).
///
/// The first use starts the cluster (`initdb` and the server, seconds on a busy machine), and every other test asking
/// meanwhile waits for it: on a thread of its own, never on one of the cooperative pool's (two on this machine),
/// where the wait would stall every other test's tasks with it.
func withCluster(_ body: (PostgresCluster) async throws -> Void) async throws {
    guard let cluster = try await onThread({ try PostgresCluster.shared() }) else {
        print("skipped: PostgreSQL 15 not installed (\(PostgresCluster.binDirectory))")
        return
    }
    try await body(cluster)
}
