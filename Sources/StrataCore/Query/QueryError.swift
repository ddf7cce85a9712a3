// QueryError.swift: what is wrong with a query, and where.

/// A malformed or mistyped query: the message names the problem and the position (a 1-based column
/// in the query text).
package struct QueryError: Error, CustomStringConvertible, Equatable, Sendable {
    var message: String
    /// 1-based column in the query text, or nil for errors without one.
    var column: Int?
    /// Whether the text is no query at all (a token out of place, an unknown character, an unterminated string):
    /// ``QueryParser/parse(_:arguments:)`` then adds Realm Swift's "Unable to parse the format string".
    var isSyntax = false

    init(_ message: String, at column: Int?) {
        self.message = message
        self.column = column
    }

    /// A syntax error (``isSyntax``).
    static func syntax(_ message: String, at column: Int?) -> QueryError {
        var error = QueryError(message, at: column)
        error.isSyntax = true
        return error
    }

    package var description: String {
        guard let column else { return "Invalid query: \(message)" }
        return "Invalid query at column \(column): \(message)"
    }
}
