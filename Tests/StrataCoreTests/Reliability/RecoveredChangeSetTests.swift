import Foundation
import StrataCore
import StrataTestSupport
import Testing

/// A recovered version is the version that was committed, down to its change set: the net change from a version
/// pinned before the crash to the newest one, diffed from the trees (VersionDiff.swift), is the same read from the
/// writer before the power went out and from its files after the redo log was replayed, and both equal the writer's
/// own change sets of those commits composed (issue 35's "a version's change set after recovery equal to the one
/// before the crash").
@Suite("Change sets across a crash and the redo log's replay")
struct RecoveredChangeSetTests {
    /// Commits `count` random transactions of 1-5 creations, changed values and deletions of `table`'s objects (each
    /// set changes the value: a set to the same value is a modification only for the committer, VersionDiff.swift).
    static func commitRandomly(
        _ count: Int,
        to database: Database,
        table: TableKey,
        columns: (number: ColumnKey, text: ColumnKey),
        live: inout [ObjectKey],
        random: inout SeededGenerator
    ) async throws {
        for _ in 0..<count {
            let write = try await database.beginWrite()
            for _ in 0..<Int.random(in: 1...5, using: &random) {
                switch live.isEmpty ? 0 : Int.random(in: 0..<8, using: &random) {
                case 0..<3:
                    let values: [ColumnKey: Value] = [
                        columns.number: .int(Int64.random(in: 0...99, using: &random)),
                        columns.text: .string(String(repeating: "t", count: Int.random(in: 0...40, using: &random))),
                    ]
                    live.append(try write.createObject(in: table, values: values))
                case 3..<5:
                    let key = live.randomElement(using: &random)!
                    guard case .int(let value) = try write.table(table).value(key, columns.number) else {
                        preconditionFailure("column n holds integers")
                    }
                    try write.set(.int(value + 1), of: columns.number, in: table, object: key)
                case 5..<7:
                    let key = live.randomElement(using: &random)!
                    guard case .string(let value) = try write.table(table).value(key, columns.text) else {
                        preconditionFailure("column s holds strings")
                    }
                    try write.set(.string(value + "u"), of: columns.text, in: table, object: key)
                default:
                    try write.deleteObject(live.remove(at: Int.random(in: live.indices, using: &random)), in: table)
                }
            }
            try write.commit()
        }
    }

    @Test("the change set from a pinned version to a recovered one equals the writer's, nodes kept, lost or garbled")
    func changeSetAfterRecovery() async throws {
        let (seed, seeded) = seededGenerator("RecoveredChangeSetTests")
        var random = seeded
        let directory = TemporaryDirectory()
        let path = directory.file("changes.strata")
        let fs = FaultInjectingFileSystem()
        let database = try Database.open(path: path, options: .testing(fs, redoLog: true))
        let setUp = try await database.beginWrite()
        let table = try setUp.createTable(named: "Item")
        let number = try setUp.addColumn(ColumnSpec(name: "n", type: .int), to: table)
        let text = try setUp.addColumn(ColumnSpec(name: "s", type: .string), to: table)
        try setUp.commit()
        var live: [ObjectKey] = []
        let columns = (number, text)
        try await Self.commitRandomly(20, to: database, table: table, columns: columns, live: &live, random: &random)

        // A version pinned while the ring holds records, and the writer's own change sets from it on.
        let history = database.retainHistory()
        let pinned = try database.beginRead()
        defer {
            pinned.pin.release()
            history.release()
            database.close()
        }
        try await Self.commitRandomly(60, to: database, table: table, columns: columns, live: &live, random: &random)
        // Two commits that create an object end the run: whatever the kind of the lap's records was, the second is
        // logged as node images (LogicalRecord.swift invariant 2). The diff below compares a version of the writer's
        // file with one of the recovered copy by their nodes' places, which image replay keeps; a logical replay
        // allocates anew, and LogicalRedoTests compares its versions value by value instead.
        for _ in 0..<2 {
            let write = try await database.beginWrite()
            live.append(try write.createObject(in: table, values: [number: .int(7), text: .string("end")]))
            try write.commit()
        }
        let newest = try database.beginRead()
        defer { newest.pin.release() }
        #expect(newest.version == pinned.version + 62)
        // A commit whose record is of the other kind than its lap's checkpoints (LogicalRecord.swift invariant 2),
        // so the last checkpoint may follow the pinned version; the last commit is durable only in the log.
        #expect(
            try RedoLogTests.newestSlot(path).version < newest.version,
            "the last commits are durable only in the log"
        )
        let expected = try #require(try ChangeSet.between(pinned, newest), "seed \(seed)")
        #expect(!expected.tables.isEmpty)
        let own = try #require(database.changes(after: pinned.version))
        #expect(VersionDiffTests.compose(own) == VersionDiffTests.compose([expected]), "seed \(seed)")

        // The power goes out: the log's records were synced, the nodes written since its checkpoint were not.
        #expect(fs.unsyncedWriteCount(for: path) > 0, "the nodes since the checkpoint are not durable")
        #expect(fs.unsyncedWriteCount(for: path + ".redo") == 0)
        fs.cutPower(atStep: 0)
        let log = try fs.imageAfterPowerLoss(of: path + ".redo", fate: { _ in .kept }, garbage: { _ in [] })
        for fate in [UnsyncedWriteFate.kept, .dropped, .garbled] {
            let crashed = directory.file("crashed-\(fate).strata")
            let image = try fs.imageAfterPowerLoss(
                of: path,
                fate: { _ in fate },
                garbage: { count in (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) } }
            )
            try Data(image).write(to: URL(fileURLWithPath: crashed))
            try Data(log).write(to: URL(fileURLWithPath: crashed + ".redo"))
            // Recovered, then opened again: the same version, with the same change set from the pinned one.
            for open in 1...2 {
                let reopened = try Database.openUnshared(path: crashed, options: DatabaseOptions())
                defer { reopened.close() }
                try reopened.verify()
                let recovered = try reopened.beginRead()
                defer { recovered.pin.release() }
                #expect(recovered.version == newest.version, "nodes \(fate), open \(open), seed \(seed)")
                let changes = try ChangeSet.between(pinned, recovered)
                #expect(changes == expected, "nodes \(fate), open \(open), seed \(seed)")
            }
        }
    }
}
