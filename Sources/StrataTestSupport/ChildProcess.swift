// ChildProcess.swift: the child processes of the tests, started with posix_spawn instead of Foundation's Process.
//
// Part of StrataTestSupport (not the engine). Why not `Process`: in Swift 6.3.1, `Process.run()` on Linux lists
// /proc/self/fd to find the descriptors to close in the child and copies each entry's whole 256-byte name field
// out of glibc's read buffer (swift-corelibs-foundation pull request 5472). When an entry sits at the end of that
// buffer and the next page is unmapped, the copy faults: a test process holding a thousand descriptors (parallel
// suites, each with files, lock files, pipes and a PostgreSQL connection) crashed with SIGSEGV about one run in
// twenty. This type lists nothing: the child closes every descriptor above 2 with glibc's
// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later), looked up at run time because the Glibc module
// does not declare it.
//
// Invariants: the process is reaped exactly once, under `state`'s lock, by whichever call of `isRunning` sees it
// end first, and no call names its pid once it is reaped (a later child of this process may have it by then): so
// `waitUntilExit` polls `isRunning` (backing off to 5 ms) instead of blocking in a wait on the pid, and signals are
// sent under the same lock. A child some other code reaped counts as exited with status 255. The parent closes its
// copy of each pipe end it handed to the child right after the spawn, so reading a child's output ends when the
// child (and not this process) closes it.
//
// States: running → exited(status) or signalled(signal), set once when reaped.

import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process of a test: an executable started with arguments and standard streams, waited for and killed.
package final class ChildProcess: Sendable {
    /// Where one of the child's standard streams goes.
    package enum Stream {
        /// This process's own stream.
        case inherit
        /// One end of a pipe: the reading end for standard input, the writing end for output.
        case pipe(Pipe)
        /// An open file (for example `FileHandle.nullDevice`).
        case file(FileHandle)
    }

    /// How a child ended.
    package enum Termination: Equatable, Sendable {
        /// It exited with a status.
        case exit
        /// A signal ended it.
        case uncaughtSignal
    }

    /// Why a spawn failed.
    package struct SpawnError: Error, CustomStringConvertible {
        package let description: String
    }

    /// The child's process identifier.
    package let processIdentifier: pid_t
    private let state = Mutex<Int32?>(nil)

    /// Starts `executable` with `arguments` (not including the program name) and this process's environment, with
    /// the variables of `environment` added or replaced.
    package init(
        executable: String,
        arguments: [String],
        environment: [String: String] = [:],
        standardInput: Stream = .inherit,
        standardOutput: Stream = .inherit,
        standardError: Stream = .inherit
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let streams = [standardInput, standardOutput, standardError]
        for (target, stream) in streams.enumerated() {
            guard let source = Self.childDescriptor(stream, input: target == 0) else { continue }
            // Foundation's `FileHandle.nullDevice` has no descriptor (-1): the child opens /dev/null instead.
            let code =
                source >= 0
                ? posix_spawn_file_actions_adddup2(&actions, source, Int32(target))
                : posix_spawn_file_actions_addopen(&actions, Int32(target), "/dev/null", O_RDWR, 0)
            guard code == 0 else {
                throw SpawnError(description: "cannot redirect stream \(target): \(String(cString: strerror(code)))")
            }
        }
        let closing = Self.addCloseFrom(&actions, 3)
        guard closing == 0 else {
            throw SpawnError(
                description: "posix_spawn_file_actions_addclosefrom_np: \(String(cString: strerror(closing)))"
            )
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let envp = variables.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for variable in envp { free(variable) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard result == 0 else {
            throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(result)))")
        }
        processIdentifier = pid
        for (target, stream) in streams.enumerated() {
            guard case .pipe(let pipe) = stream else { continue }
            // The child has its own copy now; a failure to close ours reads no file and hides no data (at worst a
            // reader of the pipe waits for the child's end instead of EOF from both).
            try? (target == 0 ? pipe.fileHandleForReading : pipe.fileHandleForWriting).close()
        }
    }

    /// Runs `executable` to its end and returns its exit status (or the signal that ended it).
    package static func run(
        _ executable: String,
        _ arguments: [String],
        standardOutput: Stream = .inherit,
        standardError: Stream = .inherit
    ) throws -> Int32 {
        let child = try ChildProcess(
            executable: executable,
            arguments: arguments,
            standardOutput: standardOutput,
            standardError: standardError
        )
        child.waitUntilExit()
        return child.terminationStatus
    }

    /// Blocks until the child has ended and is reaped (polling, see the invariants).
    package func waitUntilExit() {
        var pause: UInt32 = 200
        while isRunning {
            usleep(pause)
            pause = min(pause * 2, 5_000)
        }
    }

    /// Whether the child has not ended yet (reaping it when it has).
    package var isRunning: Bool {
        state.withLock { status in
            if status != nil { return false }
            var raw: Int32 = 0
            let reaped = waitpid(processIdentifier, &raw, WNOHANG)
            if reaped == 0 || (reaped < 0 && errno == EINTR) { return true }
            // Reaped here, or (ECHILD) by code that does not use this type: an exit with status 255.
            status = reaped == processIdentifier ? raw : 255 << 8
            return false
        }
    }

    /// The exit status, or the signal's number when a signal ended the child. Call after `waitUntilExit()`.
    package var terminationStatus: Int32 {
        let raw = ended
        return raw & 0x7f == 0 ? (raw >> 8) & 0xff : raw & 0x7f
    }

    /// Whether the child exited or a signal ended it. Call after `waitUntilExit()`.
    package var terminationReason: Termination { ended & 0x7f == 0 ? .exit : .uncaughtSignal }

    /// Sends SIGTERM.
    package func terminate() { send(signal: SIGTERM) }

    /// Sends SIGINT.
    package func interrupt() { send(signal: SIGINT) }

    /// Sends `signal` to the child unless it has already been reaped (its identifier may then be another process's).
    package func send(signal number: Int32) {
        state.withLock { status in
            if status == nil { _ = kill(processIdentifier, number) }
        }
    }

    private var ended: Int32 {
        guard let raw = state.withLock({ $0 }) else { preconditionFailure("the child \(processIdentifier) is running") }
        return raw
    }

    /// The descriptor the child's stream is duplicated from, or nil to inherit this process's.
    private static func childDescriptor(_ stream: Stream, input: Bool) -> Int32? {
        switch stream {
        case .inherit: nil
        case .pipe(let pipe): (input ? pipe.fileHandleForReading : pipe.fileHandleForWriting).fileDescriptor
        case .file(let handle): handle.fileDescriptor
        }
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np`, which the Glibc module does not declare.
    private static let addCloseFrom: AddCloseFrom = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else {
            preconditionFailure("glibc 2.34 or later is needed (posix_spawn_file_actions_addclosefrom_np)")
        }
        // The symbol is glibc's `int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *, int)`,
        // exported since 2.34: a C function of exactly this type, so the cast only names its signature.
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()
}
