// StrataCrashWriter: the child process of the crash tests.
//
// Usage: StrataCrashWriter PATH
// Commits numbered transactions forever, continuing from what PATH already holds, and prints
// "ack N" (flushed) after commit N returns. Transaction N:
//   - inserts Counter object n = N with a payload (every 7th one long enough for a blob node),
//     linked from the Log object;
//   - sets Meta.last = N;
//   - deletes the Counter object n = N - 20 when N is a multiple of 5 (so deletion and space reuse run).
// Usage: StrataCrashWriter PATH --tasks N
// The same transactions from N concurrent tasks, each numbering its transaction after the last one in the file
// (so commits queue and share syncs: group commit); "ack N" lines may then come out of order.
// The parent kills it with SIGKILL at random and checks the file (CrashTests.swift).

import Glibc
import StrataCore
import StrataTestSupport

@main
struct CrashWriter {
    static func main() async {
        let arguments = CommandLine.arguments
        if arguments.count >= 3, arguments[2] == "--fill" {
            await fill(path: arguments[1], fileSizeLimit: arguments.count > 3 ? UInt64(arguments[3]) : nil)
            return
        }
        if arguments.count == 4, arguments[2] == "--tasks", let tasks = Int(arguments[3]) {
            do {
                try await runConcurrently(path: arguments[1], tasks: tasks)
            } catch {
                writeLine(2, "StrataCrashWriter: \(error)")
                exit(1)
            }
            return
        }
        guard arguments.count == 2 else {
            writeLine(2, "usage: StrataCrashWriter PATH | StrataCrashWriter PATH --fill [FILE-SIZE-LIMIT]")
            exit(2)
        }
        do {
            try await run(path: CommandLine.arguments[1])
        } catch {
            writeLine(2, "StrataCrashWriter: \(error)")
            exit(1)
        }
    }

    static func run(path: String) async throws {
        let database = try Database.open(path: path)
        let schema = try await CrashSchema.prepare(database)
        var next = try schema.lastCommitted(database) + 1
        while true {
            try await schema.commitTransaction(next, to: database)
            writeLine(1, "ack \(next)")
            next += 1
        }
    }
}

extension CrashWriter {
    /// Grouped mode: `tasks` tasks commit the next transaction in a loop, acknowledging each one.
    static func runConcurrently(path: String, tasks: Int) async throws {
        let database = try Database.open(path: path)
        let schema = try await CrashSchema.prepare(database)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    while true { writeLine(1, "ack \(try await schema.commitNextTransaction(to: database))") }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Fill mode (the full-disk and file-size-limit tests): under an optional RLIMIT_FSIZE, commits 64 KiB
    /// blobs into table Fill, printing "ack N" after commit N, until a commit fails; then prints
    /// "error ERRNO MESSAGE" and exits 0.
    static func fill(path: String, fileSizeLimit: UInt64?) async {
        if let fileSizeLimit {
            signal(SIGXFSZ, SIG_IGN)  // so writes past the limit fail with EFBIG instead of killing us
            var limit = rlimit(rlim_cur: rlim_t(fileSizeLimit), rlim_max: rlim_t(fileSizeLimit))
            guard setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0 else {
                writeLine(2, "setrlimit failed: \(errno)")
                exit(1)
            }
        }
        do {
            let database = try Database.open(path: path)
            let write = try await database.beginWrite()
            let table = try write.createTable(named: "Fill")
            let number = try write.addColumn(ColumnSpec(name: "number", type: .int), to: table)
            let payload = try write.addColumn(ColumnSpec(name: "payload", type: .binary), to: table)
            try write.commit()
            var next: Int64 = 1
            while true {
                do {
                    let write = try await database.beginWrite()
                    try write.createObject(
                        in: table,
                        values: [
                            number: .int(next), payload: .binary([UInt8](repeating: UInt8(next & 0xFF), count: 65_536)),
                        ]
                    )
                    try write.commit()
                } catch let error as StorageError {
                    let code: Int32
                    if case .io(let system) = error { code = system.code } else { code = -1 }
                    writeLine(1, "error \(code) \(error)")
                    database.close()
                    exit(0)
                }
                writeLine(1, "ack \(next)")
                next += 1
            }
        } catch {
            writeLine(2, "StrataCrashWriter: \(error)")
            exit(1)
        }
    }
}

/// Writes a line straight to a descriptor (unbuffered, so an acknowledgement is out before the next commit).
func writeLine(_ descriptor: Int32, _ text: String) {
    let line = Array((text + "\n").utf8)
    var written = 0
    while written < line.count {
        let result = line.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, line.count - written) }
        if result < 0 {
            if errno == EINTR { continue }
            return
        }
        written += result
    }
}
