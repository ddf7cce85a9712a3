// LibPQ.swift: libpq (`libpq.so.5`), loaded at run time, and the few functions of it replication calls.
//
// Strata links nothing new for sync: `swift build` and `swift test` work on a machine without libpq-dev, and an
// application that never syncs never loads libpq. The library is opened with `dlopen` the first time a connection is
// made, and each function is looked up with `dlsym` as a `@convention(c)` function type that repeats its
// declaration in `libpq-fe.h` (PostgreSQL 15; every function used here exists since libpq 9.x, and the ABI of
// `libpq.so.5` has only grown since).
//
// Invariants:
//   (1) The library is opened at most once per process (`LibPQ.shared`, a `static let`: Swift initializes it once,
//       thread-safely) and never closed, so every function pointer stays valid for the life of the process.
//   (2) A missing library or a missing symbol is `SyncError.libraryMissing`, thrown when sync starts (the first
//       `PostgresConnection`), never a crash.
//   (3) libpq's calls block: they run on a thread Strata owns (`PostgresLink`), never on the cooperative pool.
//   (4) A `PGconn` is used by one thread at a time (libpq's rule); `PostgresConnection` is not Sendable.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The functions of libpq replication calls, resolved from the library loaded at run time.
struct LibPQ: Sendable {
    // `OpaquePointer` stands for `PGconn *` and `PGresult *`; C `int` enums (`ConnStatusType`,
    // `ExecStatusType`) are `Int32`.
    typealias ConnectParams =
        @convention(c) (
            UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<CChar>?>?, Int32
        ) -> OpaquePointer?
    typealias ConnectionToInt = @convention(c) (OpaquePointer?) -> Int32
    typealias ConnectionToString = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    typealias Finish = @convention(c) (OpaquePointer?) -> Void
    typealias Exec = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    typealias ExecParams =
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<UInt32>?,
            UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
        ) -> OpaquePointer?
    typealias ResultToInt = @convention(c) (OpaquePointer?) -> Int32
    typealias ResultErrorField = @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
    typealias ResultFieldName = @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
    typealias ResultValue = @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
    typealias ResultIsNull = @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    typealias Clear = @convention(c) (OpaquePointer?) -> Void
    typealias Notifies = @convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?
    typealias FreeMemory = @convention(c) (UnsafeMutableRawPointer?) -> Void
    /// `PQnoticeProcessor`: `void (*)(void *arg, const char *message)`.
    typealias NoticeProcessor = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void
    typealias SetNoticeProcessor =
        @convention(c) (OpaquePointer?, NoticeProcessor?, UnsafeMutableRawPointer?) -> NoticeProcessor?

    // `ConnStatusType`: the two values a blocking connection can be in.
    static let connectionOK: Int32 = 0
    static let connectionBad: Int32 = 1

    // `ExecStatusType` values that mean success.
    static let emptyQuery: Int32 = 0
    static let commandOK: Int32 = 1
    static let tuplesOK: Int32 = 2

    // `PG_DIAG_*` field codes of `PQresultErrorField` (the ASCII letters of the protocol's fields).
    static let fieldSQLState = Int32(UInt8(ascii: "C"))
    static let fieldMessage = Int32(UInt8(ascii: "M"))
    static let fieldDetail = Int32(UInt8(ascii: "D"))
    static let fieldHint = Int32(UInt8(ascii: "H"))

    let connectdbParams: ConnectParams
    let status: ConnectionToInt
    let errorMessage: ConnectionToString
    let finish: Finish
    let connectionNeedsPassword: ConnectionToInt
    let execParams: ExecParams
    let exec: Exec
    let resultStatus: ResultToInt
    let resultErrorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let resultErrorField: ResultErrorField
    let ntuples: ResultToInt
    let nfields: ResultToInt
    let fname: ResultFieldName
    let getvalue: ResultValue
    let getisnull: ResultIsNull
    let clear: Clear
    let socket: ConnectionToInt
    let consumeInput: ConnectionToInt
    let notifies: Notifies
    let freemem: FreeMemory
    let serverVersion: ConnectionToInt
    let setNoticeProcessor: SetNoticeProcessor

    /// The library's name as `dlopen` looks it up (the soname of every libpq since PostgreSQL 8.2).
    static let libraryName = "libpq.so.5"

    /// libpq, loaded on first use and kept for the life of the process (invariant 1); the failure, if it could not
    /// be, is kept as well, so every connection reports the same message.
    static let shared: Result<LibPQ, SyncError> = Result { () throws(SyncError) in try LibPQ(path: libraryName) }

    /// The loaded library, or ``SyncError/libraryMissing(_:)`` saying why it could not be loaded.
    static func load() throws(SyncError) -> LibPQ { try shared.get() }

    /// Opens the library at `path` (a soname or a file) and resolves every function; use ``load()`` instead, which
    /// opens it once.
    ///
    /// - Throws: ``SyncError/libraryMissing(_:)`` when `dlopen` fails or a function is missing.
    init(path: String) throws(SyncError) {
        // Never closed (invariant 1): the function pointers below outlive any owner.
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "dlopen failed"
            throw .libraryMissing(
                "\(reason) (install PostgreSQL's client library, for example `apt-get install libpq5`)"
            )
        }
        func symbol<Function>(_ name: String, as type: Function.Type) throws(SyncError) -> Function {
            guard let address = dlsym(handle, name) else {
                throw .libraryMissing("\(path) has no function \(name): libpq is too old")
            }
            // Safe: `address` is the entry point of the C function `name`, and `Function` is a
            // `@convention(c)` type repeating its declaration in libpq-fe.h, so both are one plain C function
            // pointer of the same size, called with the C calling convention and the declared arguments.
            return unsafeBitCast(address, to: Function.self)
        }
        connectdbParams = try symbol("PQconnectdbParams", as: ConnectParams.self)
        status = try symbol("PQstatus", as: ConnectionToInt.self)
        errorMessage = try symbol("PQerrorMessage", as: ConnectionToString.self)
        finish = try symbol("PQfinish", as: Finish.self)
        connectionNeedsPassword = try symbol("PQconnectionNeedsPassword", as: ConnectionToInt.self)
        execParams = try symbol("PQexecParams", as: ExecParams.self)
        exec = try symbol("PQexec", as: Exec.self)
        resultStatus = try symbol("PQresultStatus", as: ResultToInt.self)
        resultErrorMessage = try symbol(
            "PQresultErrorMessage",
            as: (@convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?).self
        )
        resultErrorField = try symbol("PQresultErrorField", as: ResultErrorField.self)
        ntuples = try symbol("PQntuples", as: ResultToInt.self)
        nfields = try symbol("PQnfields", as: ResultToInt.self)
        fname = try symbol("PQfname", as: ResultFieldName.self)
        getvalue = try symbol("PQgetvalue", as: ResultValue.self)
        getisnull = try symbol("PQgetisnull", as: ResultIsNull.self)
        clear = try symbol("PQclear", as: Clear.self)
        socket = try symbol("PQsocket", as: ConnectionToInt.self)
        consumeInput = try symbol("PQconsumeInput", as: ConnectionToInt.self)
        notifies = try symbol("PQnotifies", as: Notifies.self)
        freemem = try symbol("PQfreemem", as: FreeMemory.self)
        serverVersion = try symbol("PQserverVersion", as: ConnectionToInt.self)
        setNoticeProcessor = try symbol("PQsetNoticeProcessor", as: SetNoticeProcessor.self)
    }
}
