// The second process of the interprocess tests (InterprocessObjCPortTests.swift): StrataAPICrashWriter run in one of
// its `--ipc` modes (Sources/StrataAPICrashWriter/InterprocessChild.swift), and the bounds that keep a test from
// hanging when either side stops answering.
//
// Synchronization is by the child's output lines and its standard input: a mode that waits for the parent reads one
// line from standard input, and the parent lets it go on by closing its end of that pipe (never by writing, which
// would raise SIGPIPE in the test process if the child had died). A watchdog kills the child at its deadline, which
// ends its output, so every read of it returns.

import Foundation
import StrataTestSupport
import Synchronization
import Testing

/// A child process in an interprocess mode, with its standard input and output as pipes.
final class IPCChild: Sendable {
    let process: ChildProcess
    private let input: FileHandle
    private let output: IPCLineReader
    private let watchdog: Task<Void, Never>

    /// Starts `StrataAPICrashWriter --ipc mode target extra…`, killed with SIGKILL if it still runs after `deadline`.
    init(_ mode: String, _ target: String, _ extra: [String] = [], deadline: Duration = .seconds(180)) throws {
        let (standardInput, standardOutput) = (Pipe(), Pipe())
        let process = try ChildProcess(
            executable: apiCrashWriterPath(),
            arguments: ["--ipc", mode, target] + extra,
            standardInput: .pipe(standardInput),
            standardOutput: .pipe(standardOutput)
        )
        self.process = process
        input = standardInput.fileHandleForWriting
        output = IPCLineReader(standardOutput.fileHandleForReading)
        watchdog = Task {
            guard (try? await Task.sleep(for: deadline)) != nil else { return }
            process.send(signal: SIGKILL)
        }
    }

    deinit {
        watchdog.cancel()
        if process.isRunning {
            process.send(signal: SIGKILL)
            process.waitUntilExit()
        }
        try? input.close()
    }

    /// The next line the child printed; nil once its output has ended (it exited, or the watchdog killed it).
    func line() async throws -> String? {
        let output = output
        return try await onThread { output.next() }
    }

    /// The value of the next line, which must be `key value`; nil (and an issue) otherwise.
    func value(_ key: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String? {
        let line = try await line()
        guard let line, line.hasPrefix(key + " ") else {
            Issue.record(
                "expected a line \"\(key) …\" from the child, read \(line ?? "the end")",
                sourceLocation: sourceLocation
            )
            return nil
        }
        return String(line.dropFirst(key.count + 1))
    }

    /// The integer value of the next line, which must be `key N`.
    func number(_ key: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Int? {
        try await value(key, sourceLocation: sourceLocation).flatMap { Int($0) }
    }

    /// Lets a child waiting for the parent go on: ends its standard input.
    func release() { try? input.close() }

    /// Releases the child, reads its remaining lines and waits for it to end (the watchdog bounds the wait).
    /// - Returns: its exit status (or the signal that ended it) and the lines it printed after the last one read.
    func finish() async throws -> (status: Int32, lines: [String]) {
        release()
        var lines: [String] = []
        while let line = try await line() { lines.append(line) }
        let process = process
        let status = try await onThread {
            process.waitUntilExit()
            return process.terminationStatus
        }
        watchdog.cancel()
        return (status, lines)
    }
}

/// Reads a child's output line by line, blocking (call it on a thread of its own).
final class IPCLineReader: Sendable {
    private let handle: FileHandle
    /// Bytes read past the last line returned.
    private let pending = Mutex<[UInt8]>([])

    init(_ handle: FileHandle) { self.handle = handle }

    /// The next line without its newline; nil at the end of the output.
    func next() -> String? {
        pending.withLock { buffer in
            while true {
                if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[..<newline], as: UTF8.self)
                    buffer.removeSubrange(...newline)
                    return line
                }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = chunk.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    defer { buffer.removeAll() }
                    return buffer.isEmpty ? nil : String(decoding: buffer, as: UTF8.self)
                }
                buffer += chunk[..<count]
            }
        }
    }
}

/// Runs `body`, cancelling it at `deadline` (which ends a change stream's loop); nil when it did not finish in time.
/// The deadline is a bound on a failure, never something a test waits for.
func ipcWithin<T: Sendable>(
    _ deadline: Duration = .seconds(60),
    _ body: @escaping @Sendable () async throws -> T
) async throws -> T? {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: deadline)
            return nil
        }
        defer { group.cancelAll() }
        return try await group.next() ?? nil
    }
}

/// The size of the file at `url` in bytes.
func ipcFileSize(_ url: URL) throws -> Int {
    try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? -1
}
