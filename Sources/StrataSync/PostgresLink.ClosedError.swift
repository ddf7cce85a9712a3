extension PostgresLink {
    /// The link was closed before the job could run.
    struct ClosedError: Error, Sendable, Equatable, CustomStringConvertible {
        /// A sentence saying what happened.
        var description: String { "the replication link to PostgreSQL is closed" }
    }
}
