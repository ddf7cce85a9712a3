import StrataCore

// ReadFailure.swift: the one rule for an engine error met on a read path (DESIGN.md section 2, "Failures tell the
// truth"):
//   - a throwing API throws `RealmError.wrapping(error)`: a damaged file becomes `RealmError.fileError`, whose
//     message names the file and the damaged node ("the database file is damaged: /path: leaf node 4096 fails its
//     checksum");
//   - a non-throwing accessor stops through `ReadFailure.stop`, whose message says the database file is damaged
//     (or could not be read), never "deleted or invalidated";
//   - a change stream delivers `.error(RealmError.wrapping(error))` and ends.
// Only an error that is not damage (`isDamage`), such as an object that is gone, keeps its own message (Realm's
// "has been deleted or invalidated"). A `try?` on an engine read needs a comment proving its error cannot be damage.

/// What a read does with an engine error (see the rule above).
enum ReadFailure {
    /// Whether `error` is damage to the file or a failure to read it (a node that fails its checksum or contradicts
    /// the format, an I/O error), as the engine throws it or as ``RealmError/wrapping(_:)`` wraps it.
    static func isDamage(_ error: any Error) -> Bool {
        switch error {
        case StorageError.corrupt, StorageError.io, RealmError.fileError: return true
        default: return false
        }
    }

    /// The message a non-throwing accessor stops with when reading `what` failed with `error`.
    static func message(_ error: any Error, reading what: String) -> String {
        switch error {
        case StorageError.corrupt: return "Strata: \(error) (reading \(what))"
        case StorageError.io(let system):
            return "Strata: the database file is damaged or unreadable: \(system) (reading \(what))"
        case RealmError.fileError(let detail): return "Strata: \(detail) (reading \(what))"
        default: return "Strata: \(RealmError.wrapping(error)) (reading \(what))"
        }
    }

    /// Stops the process because reading `what` failed with `error`: a non-throwing accessor's answer to damage.
    /// Always prints the message, in release builds too.
    static func stop(
        _ error: any Error,
        reading what: @autoclosure () -> String,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Never {
        fatalError(message(error, reading: what()), file: file, line: line)
    }

    /// Stops the process: with the damage message when `error` is damage (``isDamage(_:)``), else with
    /// `otherwise` (for instance Realm's "has been deleted or invalidated" for an object that is gone).
    static func stop(
        _ error: any Error,
        reading what: @autoclosure () -> String,
        otherwise: @autoclosure () -> String,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Never {
        if isDamage(error) { stop(error, reading: what(), file: file, line: line) }
        preconditionFailure(otherwise(), file: file, line: line)
    }

    /// Runs `body`, a read whose only error but damage says that what it reads is gone (no such object or table, a
    /// closed realm): nil for that, and a stop with the damage message for damage.
    static func unlessAbsent<T>(
        _ what: @autoclosure () -> String,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ body: () throws -> T
    ) -> T? {
        do {
            return try body()
        } catch {
            if isDamage(error) { stop(error, reading: what(), file: file, line: line) }
            return nil
        }
    }

    /// Runs `body`, a read that cannot fail but by damage or I/O (or a programming error), stopping with the damage
    /// message for damage and with the error's own message otherwise.
    static func reading<T>(
        _ what: @autoclosure () -> String,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ body: () throws -> T
    ) -> T {
        do {
            return try body()
        } catch {
            stop(error, reading: what(), otherwise: "\(RealmError.wrapping(error))", file: file, line: line)
        }
    }
}
