import StrataCore

extension Realm {
    /// How many durable commits the realm's file has made in this process, and how many `fdatasync` calls
    /// made them durable.
    ///
    /// ```swift
    /// let figures = await realm.commitStatistics
    /// print("syncs per commit:", Double(figures.syncs) / Double(max(figures.commits, 1)))
    /// ```
    ///
    /// Writers that commit at the same time share syncs (group commit: a transaction that waits for the
    /// writer while another commit syncs is made durable by the next sync, together with every other that
    /// waited), so under concurrent writers `syncs` grows slower than `commits`. A commit of more than 64 KiB
    /// syncs twice. Realm Swift has no such figure; it is a Strata addition for monitoring.
    public struct CommitStatistics: Sendable, Equatable {
        /// Commits made durable since the file was opened in this process.
        public let commits: Int
        /// `fdatasync` calls those commits made.
        public let syncs: Int
        /// Bytes of new nodes those commits wrote to the file (the header slots aside): what a commit costs
        /// the disk beyond its syncs.
        public let bytesWritten: Int
    }

    /// Durable commits and the syncs that made them so, for the realm's file in this process.
    public var commitStatistics: CommitStatistics {
        let (commits, syncs, bytes) = state.database.commitStatistics
        return CommitStatistics(commits: commits, syncs: syncs, bytesWritten: bytes)
    }
}
