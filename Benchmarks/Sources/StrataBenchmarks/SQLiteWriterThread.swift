import Foundation

/// The anchor for work awaited from a pool task, DESIGN.md section 5's "SQLite through a dedicated writer thread,
/// awaited with a continuation": one thread owns the SQLite connection (WAL, `synchronous=FULL`, as
/// ``SQLiteConnection``), each transaction is a job handed to it, and the awaiting task is resumed by a
/// continuation. This is what GRDB's `DatabaseQueue` does for its async accessors (a serial queue owning the
/// connection, awaited with a continuation), and every async Swift wrapper of SQLite: the thread hand-overs a
/// realm's awaited write pays are paid here too.
final class SQLiteWriterThread: Sendable {
    private let thread: ParkedThread<SQLiteSession>

    /// Starts the thread; its connection to the database at `path` opens with the first job.
    init(path: String) {
        thread = ParkedThread(name: "sqlite writer") { SQLiteSession(path: path) }
    }

    /// Runs `job` on the writer thread with its session, and awaits its result.
    func perform<Result: Sendable>(_ job: @escaping @Sendable (SQLiteSession) throws -> Result) async throws -> Result {
        try await thread.perform(job)
    }

    /// One durable transaction adding 1 to the score of person `id`, awaited.
    func addToScore(of id: Int) async throws {
        try await perform { session in
            let db = try session.connection()
            let update = try session.statement("UPDATE person SET score = score + 1 WHERE id = ?")
            try db.execute("BEGIN")
            update.bind(1, id)
            _ = try update.step()
            update.reset()
            try db.execute("COMMIT")
        }
    }

    /// Ends the thread, closing its connection.
    func stop() { thread.stop() }
}

/// The writer thread's connection and its prepared statements; made on that thread and used only there.
final class SQLiteSession {
    private let path: String
    private var opened: SQLiteConnection?
    private var statements: [String: SQLiteStatement] = [:]

    init(path: String) { self.path = path }

    /// The connection, opened on first use.
    func connection() throws -> SQLiteConnection {
        if let opened { return opened }
        let connection = try SQLiteConnection(path: path)
        opened = connection
        return connection
    }

    /// The statement for `sql`, prepared once.
    func statement(_ sql: String) throws -> SQLiteStatement {
        if let statement = statements[sql] { return statement }
        let statement = try connection().prepare(sql)
        statements[sql] = statement
        return statement
    }
}
