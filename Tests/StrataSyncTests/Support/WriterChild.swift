import Foundation
import StrataCore
import StrataTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The `StrataSyncWriter` executable, built beside the test bundle by `swift test`.
func syncWriterPath() -> String {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return executable.deletingLastPathComponent().appendingPathComponent("StrataSyncWriter").path
}

/// A running `StrataSyncWriter` child: its standard output comes line by line through ``lines`` (standard error is
/// the test's own).
final class WriterChild: Sendable {
    /// The child's lines as they come; the stream ends when the child closed its output (it exited).
    let lines: AsyncStream<String>
    let pid: pid_t
    private let process: ChildProcess
    private let collected = Locked<[String]>([])
    private let exitStatus: Locked<Int32?> = Locked(nil)

    init(_ arguments: [String]) throws {
        let output = Pipe()
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        lines = stream
        let process = try ChildProcess(
            executable: syncWriterPath(),
            arguments: arguments,
            standardOutput: .pipe(output)
        )
        self.process = process
        pid = process.processIdentifier
        let handle = output.fileHandleForReading
        let collected = collected
        let exitStatus = exitStatus
        Thread.detachNewThread {
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    collected.withLock { $0.append(line) }
                    continuation.yield(line)
                }
            }
            process.waitUntilExit()
            exitStatus.withLock { $0 = process.terminationStatus }
            continuation.finish()
        }
    }

    /// Kills the child at once (SIGKILL).
    func kill() { process.send(signal: SIGKILL) }

    /// Waits until the child exited and its output ended; returns its exit status (the signal's number after a
    /// kill) and every line it printed. A child still running after `limit` is killed (a hang then fails the test
    /// on its status, well before the test's time limit).
    func finish(limit: Duration = .seconds(180)) async -> (status: Int32, lines: [String]) {
        let watchdog = Task { [pid, process] in
            try await Task.sleep(for: limit)
            FileHandle.standardError.write(Data("StrataSyncWriter \(pid) still running after \(limit): killed\n".utf8))
            process.send(signal: SIGKILL)
        }
        for await _ in lines {}
        watchdog.cancel()
        return (exitStatus.withLock { $0 } ?? -1, collected.withLock { $0 })
    }

    /// The numbers of the "ack N" lines among `lines`, in order.
    static func acknowledged(_ lines: [String]) -> [Int] {
        lines.compactMap { $0.hasPrefix("ack ") ? Int($0.dropFirst(4)) : nil }
    }
}
