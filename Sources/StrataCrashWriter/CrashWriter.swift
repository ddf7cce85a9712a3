// StrataCrashWriter: the child process of the crash tests.
//
// Usage: StrataCrashWriter PATH
// Commits numbered transactions forever, continuing from what PATH already holds, and prints
// "ack N" (flushed) after commit N returns. Transaction N:
//   - inserts Counter object n = N with a payload (every 7th one long enough for a blob node),
//     linked from the Log object;
//   - sets Meta.last = N;
//   - deletes the Counter object n = N - 20 when N is a multiple of 5 (so deletion and space reuse run).
// The parent kills it with SIGKILL at random and checks the file (CrashTests.swift).

import Glibc
import StrataCore

@main
struct CrashWriter {
    static func main() async {
        guard CommandLine.arguments.count == 2 else {
            writeLine(2, "usage: StrataCrashWriter PATH")
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
