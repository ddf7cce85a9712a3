// PostgresConnection.swift: one blocking libpq connection (`PGconn`), as replication uses it.
//
// Every call blocks the calling thread until the server answers: call it only from a thread Strata owns
// (`PostgresLink`'s), never from the cooperative pool (LibPQ.swift, invariant 3).
//
// Invariants:
//   (1) The connection is used by one thread at a time: the class is not Sendable, and `PostgresLink` keeps it on
//       its own thread.
//   (2) Values cross in PostgreSQL's text format, both ways, in UTF-8: the session's `client_encoding` is set to
//       UTF8 when connecting, whatever the connection string says.
//   (3) Every `PGresult` is cleared before the call that made it returns, and every `PGnotify` is freed when
//       drained; the `PGconn` is finished exactly once (`close()` or deinit).
//   (4) Notices (warnings the server sends) are dropped rather than printed to standard error.
//
//   open ──execute() fails with a connection failure / server gone──▶ broken ──close()──▶ closed
//     └────────────────────────────────────close()────────────────────────────────────────┘

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One connection to PostgreSQL, made with libpq and used by one thread at a time.
///
/// ```swift
/// let connection = try PostgresConnection("host=/var/run/postgresql dbname=app user=app")
/// let result = try connection.execute("SELECT name FROM dog WHERE age > $1", ["3"])
/// ```
final class PostgresConnection {
    private let pq: LibPQ
    /// The `PGconn`, nil once closed.
    private var connection: OpaquePointer?
    /// What the caller has set up on this connection (a session's locks, a checked schema): a reconnection is a new
    /// `PostgresConnection`, which starts with none.
    var prepared: Set<String> = []

    /// Connects to the server `conninfo` names (a libpq connection string, `key=value` pairs or a
    /// `postgresql://` URI), blocking until the connection is made or fails.
    ///
    /// - Throws: ``SyncError/libraryMissing(_:)`` when libpq cannot be loaded,
    ///   ``SyncError/authenticationFailed(_:)`` when the server refuses the role or its password, and
    ///   ``SyncError/unreachable(_:)`` for every other failure (no server, no such database, too many connections).
    init(_ conninfo: String) throws {
        pq = try LibPQ.load()
        // Entries before the expanded `dbname` may be overridden by the connection string, those after it may not
        // (libpq's rule for `PQconnectdbParams` with `expand_dbname`): the application name is a default, the
        // encoding is required (invariant 2).
        let keywords: [String?] = ["fallback_application_name", "dbname", "client_encoding", nil]
        let values: [String?] = ["strata", conninfo, "UTF8", nil]
        let made = withCStringArray(keywords) { keywords in
            withCStringArray(values) { values in
                pq.connectdbParams(keywords.baseAddress, values.baseAddress, 1)
            }
        }
        guard let made else { throw SyncError.unreachable("libpq could not allocate a connection") }
        guard pq.status(made) == LibPQ.connectionOK else {
            let message = Self.trimmed(pq.errorMessage(made))
            let needsPassword = pq.connectionNeedsPassword(made) != 0
            pq.finish(made)
            throw Self.connectError(message, needsPassword: needsPassword)
        }
        // A C function pointer that captures nothing: it drops the notice (invariant 4).
        _ = pq.setNoticeProcessor(made, { _, _ in }, nil)
        connection = made
    }

    deinit { close() }

    /// Closes the connection; later calls throw a ``PostgresError`` that is a connection failure. Closing twice
    /// does nothing.
    func close() {
        guard let connection else { return }
        pq.finish(connection)
        self.connection = nil
    }

    /// The server's version as an integer, `150004` for PostgreSQL 15.4; 0 once closed.
    var serverVersion: Int { connection.map { Int(pq.serverVersion($0)) } ?? 0 }

    /// True when the connection can no longer be used: closed, reported bad by libpq, or closed by the server.
    ///
    /// Looks at the socket without blocking: a server that terminated the backend (`pg_terminate_backend`, a
    /// restart) has closed it, and reading that end of file marks the connection bad. Notifications read meanwhile
    /// stay queued for ``waitForNotification(timeout:)``. A connection that is not broken now may still break before
    /// the next statement: callers handle ``PostgresError/isConnectionFailure`` anyway.
    var isBroken: Bool {
        guard let connection, pq.status(connection) == LibPQ.connectionOK else { return true }
        // A few rounds: one read may return the server's last message and only the next one the end of file.
        for _ in 0..<8 {
            guard pollSocket(milliseconds: 0) else { break }
            if pq.consumeInput(connection) == 0 { return true }
        }
        return pq.status(connection) != LibPQ.connectionOK
    }

    /// Runs one SQL statement with `parameters` bound to `$1`, `$2`, … and returns its rows.
    ///
    /// Parameters and results use the text format (`nil` binds SQL `NULL`); PostgreSQL infers each parameter's type
    /// from the statement, so cast where it cannot (`$1::bigint`). One statement per call: PostgreSQL's extended
    /// protocol, which `PQexecParams` uses, refuses several (`42601`).
    ///
    /// - Throws: ``PostgresError`` when the statement fails or the connection breaks (then
    ///   ``PostgresError/isConnectionFailure`` is true).
    func execute(_ sql: String, _ parameters: [String?] = []) throws -> PostgresResult {
        let connection = try open()
        if parameters.contains(where: { $0?.utf8.contains(0) == true }) {
            // What the server answers for a zero byte in text; libpq would silently cut the value at it.
            throw PostgresError(sqlState: "22021", message: "invalid byte sequence for encoding \"UTF8\": 0x00")
        }
        let result = withCStringArray(parameters) { values in
            pq.execParams(connection, sql, Int32(values.count), nil, values.baseAddress, nil, nil, 0)
        }
        return try read(result, of: connection)
    }

    /// Runs a script of several statements without parameters (`PQexec`, the simple query protocol: what installing
    /// the hub's schema needs); the result is the last statement's. A script that fails inside a transaction block
    /// it opened leaves that block aborted: the caller sends `ROLLBACK`.
    ///
    /// - Throws: ``PostgresError`` when a statement fails or the connection breaks.
    @discardableResult
    func executeScript(_ sql: String) throws -> PostgresResult {
        let connection = try open()
        return try read(pq.exec(connection, sql), of: connection)
    }

    /// The rows of `result` (freed here), or the error it holds.
    private func read(_ result: OpaquePointer?, of connection: OpaquePointer) throws -> PostgresResult {
        guard let result else { throw connectionError() }
        defer { pq.clear(result) }
        switch pq.resultStatus(result) {
        case LibPQ.tuplesOK, LibPQ.commandOK, LibPQ.emptyQuery:
            let columnCount = pq.nfields(result)
            let columns = (0..<columnCount).map { column in pq.fname(result, column).map { String(cString: $0) } ?? "" }
            let rows = (0..<pq.ntuples(result)).map { row in
                (0..<columnCount).map { column -> String? in
                    guard pq.getisnull(result, row, column) == 0 else { return nil }
                    return pq.getvalue(result, row, column).map { String(cString: $0) } ?? ""
                }
            }
            return PostgresResult(columns: columns, rows: rows)
        default:
            func field(_ code: Int32) -> String? { pq.resultErrorField(result, code).map { String(cString: $0) } }
            throw PostgresError(
                sqlState: field(LibPQ.fieldSQLState),
                message: field(LibPQ.fieldMessage) ?? Self.trimmed(pq.resultErrorMessage(result)),
                detail: field(LibPQ.fieldDetail),
                hint: field(LibPQ.fieldHint),
                connectionBroken: pq.status(connection) != LibPQ.connectionOK
            )
        }
    }

    /// Starts listening on the notification channel `channel` (`LISTEN`, with the name quoted as an identifier, so
    /// it is taken exactly, case included).
    ///
    /// PostgreSQL cuts channel names to 63 bytes.
    ///
    /// - Throws: ``PostgresError`` when the statement fails.
    func listen(_ channel: String) throws {
        _ = try execute("LISTEN \(Self.quoteIdentifier(channel))")
    }

    /// Waits until at least one notification arrives on a channel this connection listens to, or `timeout` passes.
    ///
    /// Drains every notification that arrived (their channels and payloads are dropped: a notification only says
    /// "look again"). Returns at once when one arrived during an earlier call.
    ///
    /// - Returns: True when at least one notification arrived, false when the timeout passed first.
    /// - Throws: ``PostgresError`` (a connection failure) when the connection is closed or breaks.
    func waitForNotification(timeout: Duration) throws -> Bool {
        let connection = try open()
        if drainNotifications(connection) > 0 { return true }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            let (seconds, attoseconds) = remaining.components
            let milliseconds = min(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000, 60_000)
            guard pollSocket(milliseconds: Int32(milliseconds)) else { continue }
            guard pq.consumeInput(connection) != 0 else { throw connectionError() }
            if drainNotifications(connection) > 0 { return true }
            guard pq.status(connection) == LibPQ.connectionOK else { throw connectionError() }
        }
    }

    /// `name` as a double-quoted SQL identifier: quotes doubled, so any name is taken literally.
    ///
    /// - Precondition: `name` has no zero byte.
    static func quoteIdentifier(_ name: String) -> String {
        precondition(!name.utf8.contains(0), "an SQL identifier cannot hold a zero byte")
        var quoted = "\""
        for character in name {
            quoted.append(character)
            if character == "\"" { quoted.append("\"") }
        }
        return quoted + "\""
    }

    // MARK: - Private

    /// The open `PGconn`, or a connection failure once closed.
    private func open() throws -> OpaquePointer {
        guard let connection else {
            throw PostgresError(sqlState: nil, message: "the connection is closed", connectionBroken: true)
        }
        return connection
    }

    /// libpq's message for the connection's last failure, as an error.
    private func connectionError() -> PostgresError {
        guard let connection else {
            return PostgresError(sqlState: nil, message: "the connection is closed", connectionBroken: true)
        }
        return PostgresError(
            sqlState: nil,
            message: Self.trimmed(pq.errorMessage(connection)),
            connectionBroken: pq.status(connection) != LibPQ.connectionOK
        )
    }

    /// Frees every queued notification; returns how many there were.
    private func drainNotifications(_ connection: OpaquePointer) -> Int {
        var count = 0
        while let notification = pq.notifies(connection) {
            pq.freemem(notification)
            count += 1
        }
        return count
    }

    /// Waits up to `milliseconds` (0: no wait) for the socket to be readable or closed; true when it is.
    private func pollSocket(milliseconds: Int32) -> Bool {
        guard let connection else { return false }
        let socket = pq.socket(connection)
        guard socket >= 0 else { return true }  // no socket: the caller's next libpq call reports the failure
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            precondition(ready >= 0 || errno != EBADF && errno != EFAULT, "poll on libpq's socket failed: \(errno)")
            return ready > 0
        }
    }

    /// The error a failed connection attempt stands for.
    private static func connectError(_ message: String, needsPassword: Bool) -> SyncError {
        // The server's messages (English unless its `lc_messages` says otherwise): wrong or missing password, a
        // pg_hba.conf rule that rejects the role, an unknown role or one without LOGIN.
        let refusals = [
            "authentication failed", "no password supplied", "password is expired", "pg_hba.conf",
            "is not permitted to log in",
        ]
        let lowercased = message.lowercased()
        let refused =
            needsPassword || refusals.contains { lowercased.contains($0) }
            || (lowercased.contains("role \"") && lowercased.contains("does not exist"))
        return refused ? .authenticationFailed(message) : .unreachable(message)
    }

    /// The C string without its trailing newlines and spaces (libpq ends its messages with a newline).
    private static func trimmed(_ text: UnsafeMutablePointer<CChar>?) -> String {
        guard let text else { return "" }
        var message = String(cString: text)
        while let last = message.last, last.isWhitespace { message.removeLast() }
        return message
    }
}

/// Calls `body` with C copies of `strings` (`nil` stays a null pointer), valid only during the call.
private func withCStringArray<Result>(
    _ strings: [String?],
    _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) throws -> Result
) rethrows -> Result {
    let copies = strings.map { string in string.map { strdup($0)! } }
    defer { for copy in copies { free(copy) } }
    let pointers = copies.map { copy in copy.map { UnsafePointer($0) } }
    return try pointers.withUnsafeBufferPointer(body)
}
