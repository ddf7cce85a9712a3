// WatchCommand.swift: `strata watch FILE CLASS [PREDICATE]`: prints the change set of a query's results at
// each new version another process commits, until interrupted.
//
// Loop: pin the newest version and run the query (the "initial" line); then read the lock file's commit signal word,
// ask the engine for a newer version (`refreshedLatestVersion`, one read of the header when nothing changed), and
// sleep on the word until a commit moves it (CommitSignalWord.swift; a 10 ms poll when the lock file has no word to
// sleep on, and a 1 s timeout for committers of older builds). When there is a newer version,
// pin it, run the query there, compare with the previous results, print one line, and unpin the previous
// version. The tool never writes, so the engine keeps no change history for it (`changes(after:)` covers this
// process's commits only): the change set comes from comparing the two versions, as Realm's notifier does when
// its history does not reach.
//
// Change sets (Realm's semantics): deletions are indices in the previous results, insertions indices in the new
// ones, modifications indices in the previous results of objects in both whose stored properties changed
// (backlinks and the properties of linked objects do not count); all ascending. Commits made while one change set
// is computed arrive as the next one, as Realm coalesces them.

import Foundation
import StrataCore

enum WatchCommand: Command {
    static let name = "watch"
    static let synopsis = "strata watch FILE CLASS [PREDICATE]"
    static let help = """
        usage: strata watch FILE CLASS [PREDICATE]

        Runs the query (as `strata query` does; without PREDICATE every object of CLASS) and prints
          initial: version V, N objects
        then, each time another process commits a change to the results, one line (flushed at once):
          version V: deletions [0], insertions [2, 3], modifications [1]
        Deletions and modifications are indices in the previous results, insertions in the new ones (Realm's
        change sets); modifications are objects whose own stored properties changed. Another process's commit
        wakes it at once (a futex word in the lock file); commits landing while a line is computed are reported
        together, under the newest version; a commit that leaves the results as they were prints nothing. Runs until interrupted (SIGINT
        exits 0). Verifies the file first: a damaged file exits 1. Read-only; it keeps the version it last
        reported pinned, so a writer cannot reuse that version's space while it runs.
        """

    static func run(_ arguments: ParsedArguments) async throws {
        let positional = try arguments.positional(["FILE", "CLASS", "PREDICATE"], optional: 1)
        let parsed = try QueryParser.parse(positional.count > 2 ? positional[2] : "TRUEPREDICATE")
        let database = try DatabaseFile.openVerified(positional[0])
        defer { database.close() }
        // Everything printed is flushed line by line, so an interrupt loses nothing.
        signal(SIGINT) { _ in _exit(0) }

        var read = try database.beginRead()
        let spec = try DatabaseFile.table(named: positional[1], in: read, path: positional[0])
        var results = try run(parsed, on: read, table: spec.key)
        let output = LineWriter(flushEachLine: true)
        output.line("initial: version \(read.version), \(results.count) object\(results.count == 1 ? "" : "s")")
        let signal = database.commitSignal
        while true {
            // The word is read before looking for a newer version, so a commit after the look ends the sleep at once.
            // The tool has one task: sleeping in the futex holds no thread another task needs.
            if let signal, let word = try? signal.value() {
                if database.refreshedLatestVersion() <= read.version {
                    signal.wait(whileEqualTo: word, timeout: .seconds(1))
                    continue
                }
            } else {
                try await Task.sleep(for: .milliseconds(10))
                guard database.refreshedLatestVersion() > read.version else { continue }
            }
            let newer = try database.beginRead()
            guard newer.tableSpecs.contains(where: { $0.key == spec.key }) else {
                throw Failure(description: "class \(spec.name) was removed at version \(newer.version)")
            }
            let newResults = try run(parsed, on: newer, table: spec.key)
            // A commit that leaves the results as they were (another class, or properties the query does not
            // select by) prints nothing, as a Realm collection observer is not called for it.
            if let change = try changeSet(from: (read, results), to: (newer, newResults), table: spec.key) {
                output.line("version \(newer.version): \(change)")
            }
            read = newer
            results = newResults
        }
    }

    private static func run(_ query: ParsedQuery, on read: ReadTransaction, table: TableKey) throws -> [ObjectKey] {
        try QueryEvaluator(reading: read).run(try QueryBinder(reading: read, root: table).bind(query))
    }

    /// The change set between two results of the query, as one line of text; nil when nothing changed.
    static func changeSet(
        from old: (read: ReadTransaction, keys: [ObjectKey]),
        to new: (read: ReadTransaction, keys: [ObjectKey]),
        table: TableKey
    ) throws -> String? {
        let newPositions = Dictionary(new.keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let oldPositions = Dictionary(old.keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let deletions = old.keys.indices.filter { newPositions[old.keys[$0]] == nil }
        let insertions = new.keys.indices.filter { oldPositions[new.keys[$0]] == nil }
        let oldTable = try old.read.table(table)
        let newTable = try new.read.table(table)
        let columns = newTable.spec.columns.filter { $0.type != .backlink }.map(\.key).filter {
            oldTable.spec.position(of: $0) != nil
        }
        let schemaChanged =
            columns.count != oldTable.spec.columns.filter { $0.type != .backlink }.count
            || columns.count != newTable.spec.columns.filter { $0.type != .backlink }.count
        let modifications = try old.keys.indices.filter { index in
            let key = old.keys[index]
            guard newPositions[key] != nil else { return false }
            // Compared as stored bytes, so that a NaN equals itself.
            return try schemaChanged
                || oldTable.values(key, columns).map(ValueCodec.encode)
                    != newTable.values(key, columns).map(ValueCodec.encode)
        }
        if deletions.isEmpty && insertions.isEmpty && modifications.isEmpty { return nil }
        func list(_ indices: [Int]) -> String { "[" + indices.map(String.init).joined(separator: ", ") + "]" }
        return "deletions \(list(deletions)), insertions \(list(insertions)), modifications \(list(modifications))"
    }
}
