// StrataCommand.swift: the `strata` tool's entry point: picks the command, parses its arguments, and turns
// failures into messages on stderr and exit statuses.
//
//   strata info FILE                      version, tables, object counts, space use, pinned versions, replication
//   strata schema FILE                    classes and properties
//   strata query FILE CLASS [PREDICATE]   objects matching a query, as a table or JSON Lines
//   strata export FILE                    JSON Lines: a schema header, then every object
//   strata import FILE                    the same format into a new or empty file (the one writing command)
//   strata watch FILE CLASS [PREDICATE]   one line per change set until interrupted
//   strata verify FILE                    walk the newest version and check every invariant
//   strata compact FILE OUTPUT            write a dense copy of the newest version to OUTPUT
//   strata sync-schema [--grant ROLE]     the SQL that installs the replication hub in PostgreSQL (opens no file)
//
// Exit status: 0 success, 1 failure (a damaged file, a missing class, a bad import record), 2 usage (unknown
// command or option, missing argument, malformed query). Every command but `import` and `compact` only reads
// (`sync-schema` opens no file); each pins the version it reads, so a live writer in another process goes on
// undisturbed.

import Foundation
import StrataCore

@main
struct StrataCommand {
    static let commands: [any Command.Type] = [
        InfoCommand.self, SchemaCommand.self, QueryCommand.self, ExportCommand.self, ImportCommand.self,
        WatchCommand.self, VerifyCommand.self, CompactCommand.self, SyncSchemaCommand.self,
    ]

    static var usage: String {
        "usage: strata COMMAND ARGUMENTS (strata COMMAND --help for one command's)\n\n"
            + commands.map { "  " + $0.synopsis }.joined(separator: "\n")
    }

    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first else { usageExit(usage) }
        if ["help", "--help", "-h"].contains(name) {
            print(usage)
            return
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            usageExit("strata: unknown command '\(name)'\n\n\(usage)")
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            print(command.help)
            return
        }
        do {
            let parsed = try ParsedArguments(rest, options: command.options, flags: command.flags)
            try await command.run(parsed)
        } catch let error as UsageError {
            usageExit("strata \(name): \(error.message)\n\n\(command.help)")
        } catch let error as QueryError {
            FileHandle.standardError.write(Data("strata \(name): \(error)\n".utf8))
            exit(2)
        } catch {
            FileHandle.standardError.write(Data("strata \(name): \(error)\n".utf8))
            exit(1)
        }
    }

    static func usageExit(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        Foundation.exit(2)
    }
}

/// One subcommand of the tool.
protocol Command: Sendable {
    static var name: String { get }
    /// One line: the command with its arguments.
    static var synopsis: String { get }
    /// What `--help` prints.
    static var help: String { get }
    /// Options that take a value (`--limit 5`).
    static var options: [String] { get }
    /// Options that take none (`--json`).
    static var flags: [String] { get }
    static func run(_ arguments: ParsedArguments) async throws
}

extension Command {
    static var options: [String] { [] }
    static var flags: [String] { [] }
}

/// A command line that does not fit the command (exit status 2).
struct UsageError: Error {
    var message: String
}

/// A failure with a message of its own (exit status 1).
struct Failure: Error, CustomStringConvertible {
    var description: String
}

/// Positional arguments and options, in any order; an option's value is the argument after it.
struct ParsedArguments {
    var positional: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    init(_ arguments: [String], options: [String], flags known: [String]) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positional += arguments[index...]
                break
            }
            if argument.hasPrefix("--") {
                if known.contains(argument) {
                    flags.insert(argument)
                } else if options.contains(argument) {
                    guard index < arguments.count else { throw UsageError(message: "\(argument) needs a value") }
                    values[argument, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw UsageError(message: "unknown option \(argument)")
                }
            } else {
                positional.append(argument)
            }
        }
    }

    /// The positional arguments, checked against how many the command takes.
    func positional(_ names: [String], optional: Int = 0) throws -> [String] {
        guard positional.count >= names.count - optional else {
            throw UsageError(message: "missing \(names[positional.count])")
        }
        guard positional.count <= names.count else {
            throw UsageError(message: "unexpected argument '\(positional[names.count])'")
        }
        return positional
    }

    /// The one value of an option, if given.
    func value(_ option: String) throws -> String? {
        guard let given = values[option] else { return nil }
        guard given.count == 1 else { throw UsageError(message: "\(option) given more than once") }
        return given[0]
    }
}

/// Opening files for the commands.
enum DatabaseFile {
    /// Opens an existing database read-only and verifies its newest version, so that a damaged file is refused
    /// (exit 1) before anything is printed. Verification reads the whole version: O(file size).
    static func openVerified(_ path: String) throws -> Database {
        guard FileManager.default.fileExists(atPath: path) else { throw Failure(description: "\(path): no such file") }
        let database = try Database.open(path: path, options: DatabaseOptions(readOnly: true))
        do {
            try database.verify()
        } catch {
            database.close()
            throw error
        }
        return database
    }

    /// The table of `name`, or a failure naming the classes there are.
    static func table(named name: String, in reading: any TransactionReading, path: String) throws -> TableSpec {
        guard let spec = reading.tableSpecs.first(where: { $0.name == name }) else {
            let names = reading.tableSpecs.map(\.name).sorted().joined(separator: ", ")
            throw Failure(
                description: "\(path) has no class named '\(name)' (classes: \(names.isEmpty ? "none" : names))"
            )
        }
        return spec
    }
}

/// Standard output written straight to the descriptor: buffered for bulk output, or flushed after every line
/// (what `watch` needs, so that a reader sees each change set as it happens).
final class LineWriter {
    private var buffer: [UInt8] = []
    private let flushEachLine: Bool

    init(flushEachLine: Bool = false) {
        self.flushEachLine = flushEachLine
        buffer.reserveCapacity(1 << 16)
    }

    deinit { flush() }

    func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if flushEachLine || buffer.count >= 1 << 16 { flush() }
    }

    func flush() {
        var offset = 0
        buffer.withUnsafeBytes { bytes in
            while offset < bytes.count {
                let written = Glibc.write(1, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    // The reader went away (a closed pipe): nothing left to say.
                    Foundation.exit(1)
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
