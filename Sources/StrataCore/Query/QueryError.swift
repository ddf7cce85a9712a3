// QueryError.swift: what is wrong with a query, and where.

/// A malformed or mistyped query: the message names the problem and the position (a 1-based column
/// in the query text).
package struct QueryError: Error, CustomStringConvertible, Equatable, Sendable {
    var message: String
    /// 1-based column in the query text, or nil for errors without one.
    var column: Int?

    init(_ message: String, at column: Int?) {
        self.message = message
        self.column = column
    }

    package var description: String {
        guard let column else { return "Invalid query: \(message)" }
        return "Invalid query at column \(column): \(message)"
    }
}
