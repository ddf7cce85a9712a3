/// A statement failed on PostgreSQL, or the connection broke while it ran.
///
/// The fields are those of PostgreSQL's error report (see "Error Message Fields" in its manual): `sqlState` is the
/// five-character SQLSTATE code (`42P01`: undefined table), absent when libpq itself failed (a broken connection).
struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The SQLSTATE code, or `nil` when the error did not come from the server.
    var sqlState: String?
    /// The primary message.
    var message: String
    /// The optional detail the server added.
    var detail: String?
    /// The optional hint the server added.
    var hint: String?
    /// True when libpq reported the connection as bad after the failure.
    var connectionBroken: Bool

    /// Makes an error from its fields.
    init(sqlState: String?, message: String, detail: String? = nil, hint: String? = nil, connectionBroken: Bool = false)
    {
        self.sqlState = sqlState
        self.message = message
        self.detail = detail
        self.hint = hint
        self.connectionBroken = connectionBroken
    }

    /// True when the connection is lost: SQLSTATE class 08 (connection exception), `57P01` (administrator
    /// shutdown, or `pg_terminate_backend`), `57P02` (crash shutdown), `57P03` (cannot connect now), or a connection
    /// libpq reports as bad. Opening a new connection may succeed; retrying on this one will not.
    var isConnectionFailure: Bool {
        if connectionBroken { return true }
        guard let sqlState else { return false }
        return sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState)
    }

    /// True for SQLSTATE `42501`, insufficient privilege: the role lacks a `GRANT`.
    var isInsufficientPrivilege: Bool { sqlState == "42501" }

    /// The code and message, then the detail and hint when there are any.
    var description: String {
        var text = sqlState.map { "\($0): \(message)" } ?? message
        if let detail { text += " (detail: \(detail))" }
        if let hint { text += " (hint: \(hint))" }
        return text
    }
}
