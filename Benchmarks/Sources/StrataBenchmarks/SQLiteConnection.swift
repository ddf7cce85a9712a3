import CSQLite
import Foundation

/// A thin wrapper over SQLite's C API: a connection in WAL mode with `synchronous=FULL`, and prepared statements.
final class SQLiteConnection {
    private var handle: OpaquePointer?

    init(path: String) throws {
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            throw BenchmarkError.sqlite("open \(path): \(String(cString: sqlite3_errmsg(handle)))")
        }
        try execute("PRAGMA journal_mode=WAL")
        try execute("PRAGMA synchronous=FULL")
    }

    deinit { sqlite3_close_v2(handle) }

    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(message)
            throw BenchmarkError.sqlite("\(sql): \(text)")
        }
    }

    func prepare(_ sql: String) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw BenchmarkError.sqlite("prepare \(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
        return SQLiteStatement(statement)
    }
}

/// A prepared statement: bind, step, read columns, reset.
final class SQLiteStatement {
    private let statement: OpaquePointer

    init(_ statement: OpaquePointer) { self.statement = statement }

    deinit { sqlite3_finalize(statement) }

    func bind(_ index: Int32, _ value: Int) { sqlite3_bind_int64(statement, index, Int64(value)) }
    func bind(_ index: Int32, _ value: Double) { sqlite3_bind_double(statement, index, value) }
    func bind(_ index: Int32, bytes: UnsafeRawBufferPointer) {
        sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), csqlite_transient())
    }
    func bind(_ index: Int32, _ value: String) { sqlite3_bind_text(statement, index, value, -1, csqlite_transient()) }

    /// Steps once: true while a row is available.
    func step() throws -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw BenchmarkError.sqlite("step: \(String(cString: sqlite3_errstr(code)))")
        }
    }

    func reset() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(statement, column) else { return "" }
        return String(cString: text)
    }
}

enum BenchmarkError: Error {
    case sqlite(String)
    case mismatch(String)
}
