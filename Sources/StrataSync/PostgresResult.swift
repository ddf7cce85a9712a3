/// The rows a statement returned, in PostgreSQL's text format.
///
/// Every value is the text PostgreSQL prints for it (`bytea` as `\x00ff`, booleans as `t`/`f`, timestamps in the
/// session's `DateStyle`); `nil` is SQL `NULL`. A statement that returns no rows (`INSERT`, `CREATE`) has no columns.
///
/// ```swift
/// let result = try connection.execute("SELECT id, name FROM dog WHERE id = $1", ["7"])
/// let name = result[0, "name"]
/// ```
struct PostgresResult: Sendable, Equatable {
    /// The column names, in the order of the select list.
    var columns: [String]
    /// The rows; each has one value per column, `nil` for SQL `NULL`.
    var rows: [[String?]]

    /// The number of rows.
    var count: Int { rows.count }

    /// The value of the column named `column` in row `row`, `nil` for SQL `NULL`.
    ///
    /// - Precondition: `row` is a valid row index and the result has a column named `column` (with several, the
    ///   first one).
    subscript(row: Int, column: String) -> String? {
        guard let index = columns.firstIndex(of: column) else {
            preconditionFailure("no column \(column) in the result (columns: \(columns))")
        }
        return rows[row][index]
    }
}
