import Foundation
import StrataCore
import StrataTestSupport
import Testing

/// Another process's commits, seen through the change feed of the lock file (ChangeFeed.swift): the observer's history
/// holds the committer's own change sets, list edits included, where the diff of the trees (VersionDiffTests) sees only
/// values. A second, unshared database instance on the same file stands for the other process.
@Suite("Change sets of another process's commits, through the change feed")
struct ChangeFeedTests {
    /// A file with `Item { id: string primary key, n: int, l: [int] }`, seen by a feeding committer and an observer
    /// that keeps its history.
    struct Fixture {
        let observer: Database
        let committer: Database
        let table: TableKey
        let id: ColumnKey
        let number: ColumnKey
        let list: ColumnKey
        let retention: HistoryRetention

        init(_ directory: TemporaryDirectory, redoLog: Bool = false) async throws {
            (observer, committer) = try VersionDiffTests.twoInstances(directory, feeding: true, redoLog: redoLog)
            let setUp = try await committer.beginWrite()
            table = try setUp.createTable(named: "Item")
            id = try setUp.addColumn(ColumnSpec(name: "id", type: .string, unique: true), to: table)
            number = try setUp.addColumn(ColumnSpec(name: "n", type: .int), to: table)
            list = try setUp.addColumn(ColumnSpec(name: "l", type: .int, collection: .list), to: table)
            try setUp.commit()
            _ = observer.refreshedLatestVersion()
            retention = observer.retainHistory()
        }

        func close() {
            retention.release()
            observer.close()
            committer.close()
        }

        /// Expects the observer's change sets after `version` to be the committer's, list edits included.
        func expectSame(after version: Version, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation)
            throws
        {
            let expected = try #require(committer.changes(after: version), comment, sourceLocation: sourceLocation)
            let got = try #require(observer.changes(after: version), comment, sourceLocation: sourceLocation)
            #expect(got == expected, comment, sourceLocation: sourceLocation)
            for (entry, mine) in zip(got, expected) {
                let theirs = entry.tables[table]
                #expect(theirs?.isWholesale != true, comment, sourceLocation: sourceLocation)
                for key in Set(mine.tables[table]?.modifications.keys.map { $0 } ?? []) {
                    #expect(
                        theirs?.listEdits(of: key, column: list)
                            == mine.tables[table]?.listEdits(of: key, column: list),
                        comment,
                        sourceLocation: sourceLocation
                    )
                }
            }
        }
    }

    @Test("Random commits of another instance: the observer's change sets are the committer's, list edits included")
    func randomCommits() async throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("ChangeFeedTests seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        let directory = TemporaryDirectory()
        let fixture = try await Fixture(directory)
        defer { fixture.close() }
        let committed = fixture.committer.retainHistory()
        defer { committed.release() }
        var live: [ObjectKey] = []
        var lengths: [ObjectKey: Int] = [:]
        var made = 0
        for _ in 0..<120 {
            let from = fixture.observer.latestVersion
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let write = try await fixture.committer.beginWrite()
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    let operation = live.isEmpty ? 0 : Int.random(in: 0..<12, using: &random)
                    switch operation {
                    case 0..<3:
                        made += 1
                        let key = try write.createObject(
                            in: fixture.table,
                            values: [fixture.id: .string("k\(made)"), fixture.number: .int(0)]
                        )
                        live.append(key)
                        lengths[key] = 0
                    case 3..<5:
                        // Half of them to the value the object has: a modification all the same, as Realm reports.
                        let key = live.randomElement(using: &random)!
                        let value = Int64.random(in: 0...1, using: &random)
                        try write.set(.int(value), of: fixture.number, in: fixture.table, object: key)
                    case 5..<10:
                        let key = live.randomElement(using: &random)!
                        let count = lengths[key]!
                        switch count == 0 ? 0 : Int.random(in: 0..<5, using: &random) {
                        case 0:
                            try write.append([.int(1), .int(2)], toList: fixture.list, in: fixture.table, object: key)
                            lengths[key] = count + 2
                        case 1:
                            try write.move(
                                from: Int.random(in: 0..<count, using: &random),
                                to: Int.random(in: 0..<count, using: &random),
                                inList: fixture.list,
                                in: fixture.table,
                                object: key
                            )
                        case 2:
                            _ = try write.replace(
                                at: Int.random(in: 0..<count, using: &random),
                                with: .int(7),
                                inList: fixture.list,
                                in: fixture.table,
                                object: key
                            )
                        case 3:
                            _ = try write.remove(
                                at: Int.random(in: 0..<count, using: &random),
                                fromList: fixture.list,
                                in: fixture.table,
                                object: key
                            )
                            lengths[key] = count - 1
                        default:
                            try write.removeAll(fromList: fixture.list, in: fixture.table, object: key)
                            lengths[key] = 0
                        }
                    default:
                        let key = live.remove(at: Int.random(in: live.indices, using: &random))
                        lengths[key] = nil
                        try write.deleteObject(key, in: fixture.table)
                    }
                }
                try write.commit()
            }
            _ = fixture.observer.refreshedLatestVersion()
            try fixture.expectSame(after: from, "seed \(seed)")
        }
    }

    @Test(
        "A value set to the one it had is a modification, and a move comes as a move, not as a diff sees them",
        arguments: [false, true]
    )
    func exactWhereTheDiffIsNot(redoLog: Bool) async throws {
        let directory = TemporaryDirectory()
        let fixture = try await Fixture(directory, redoLog: redoLog)
        defer { fixture.close() }
        let setUp = try await fixture.committer.beginWrite()
        let key = try setUp.createObject(
            in: fixture.table,
            values: [fixture.id: .string("a"), fixture.number: .int(5)]
        )
        try setUp.append([.int(1), .int(2), .int(3)], toList: fixture.list, in: fixture.table, object: key)
        try setUp.commit()
        _ = fixture.observer.refreshedLatestVersion()

        let before = fixture.observer.latestVersion
        let write = try await fixture.committer.beginWrite()
        try write.set(.int(5), of: fixture.number, in: fixture.table, object: key)
        try write.move(from: 2, to: 0, inList: fixture.list, in: fixture.table, object: key)
        try write.commit()
        _ = fixture.observer.refreshedLatestVersion()
        let entry = try #require(fixture.observer.changes(after: before)?.last?.tables[fixture.table])
        #expect(entry.modifications[key] == [fixture.number, fixture.list])
        #expect(entry.listEdits(of: key, column: fixture.list) == [.move(from: 2, to: 0)])
    }

    @Test("A deleted object's primary key reaches the observer")
    func deletedPrimaryKeys() async throws {
        let directory = TemporaryDirectory()
        let fixture = try await Fixture(directory)
        defer { fixture.close() }
        let setUp = try await fixture.committer.beginWrite()
        let key = try setUp.createObject(in: fixture.table, values: [fixture.id: .string("gone")])
        try setUp.commit()
        _ = fixture.observer.refreshedLatestVersion()
        let before = fixture.observer.latestVersion
        let delete = try await fixture.committer.beginWrite()
        try delete.deleteObject(key, in: fixture.table)
        try delete.commit()
        _ = fixture.observer.refreshedLatestVersion()
        let entry = try #require(fixture.observer.changes(after: before)?.last?.tables[fixture.table])
        #expect(entry.deletedPrimaryKeys == [key: .string("gone")])
    }

    @Test("A table deleted at once carries every primary key to the observer; an empty one logs nothing")
    func deletedAllPrimaryKeys() async throws {
        let directory = TemporaryDirectory()
        let fixture = try await Fixture(directory)
        defer { fixture.close() }
        let setUp = try await fixture.committer.beginWrite()
        let keys = try (0..<300).map {
            try setUp.createObject(in: fixture.table, values: [fixture.id: .string("k\($0)")])
        }
        try setUp.commit()
        _ = fixture.observer.refreshedLatestVersion()
        let before = fixture.observer.latestVersion
        let clear = try await fixture.committer.beginWrite()
        try clear.deleteAllObjects(in: fixture.table)
        try clear.commit()
        _ = fixture.observer.refreshedLatestVersion()
        let entry = try #require(fixture.observer.changes(after: before)?.last?.tables[fixture.table])
        #expect(entry.deletions == Set(keys))
        #expect(
            entry.deletedPrimaryKeys
                == Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, .string("k\($0)")) })
        )

        // The table is empty now: deleting all of it again logs no deletion (the object added after it is logged).
        let again = try await fixture.committer.beginWrite()
        try again.deleteAllObjects(in: fixture.table)
        let added = try again.createObject(in: fixture.table, values: [fixture.id: .string("new")])
        try again.commit()
        _ = fixture.observer.refreshedLatestVersion()
        let last = try #require(fixture.observer.changes(after: before + 1)?.last?.tables[fixture.table])
        #expect(last.deletions.isEmpty && last.insertions == [added])
    }

    @Test("Records wrap around the ring; one too large for it, or a damaged feed, leaves the observer to its diff")
    func wrapLargeAndDamaged() async throws {
        let directory = TemporaryDirectory()
        let fixture = try await Fixture(directory)
        defer { fixture.close() }
        let setUp = try await fixture.committer.beginWrite()
        let key = try setUp.createObject(in: fixture.table, values: [fixture.id: .string("a")])
        try setUp.append(Array(repeating: .int(0), count: 4_000), toList: fixture.list, in: fixture.table, object: key)
        try setUp.commit()
        _ = fixture.observer.refreshedLatestVersion()

        /// A commit assigning every element of the list `times` times: a list edit each, about 14 bytes of record each.
        func assign(times: Int = 1) async throws {
            let write = try await fixture.committer.beginWrite()
            for _ in 0..<times {
                for index in 0..<4_000 {
                    _ = try write.replace(
                        at: index,
                        with: .int(1),
                        inList: fixture.list,
                        in: fixture.table,
                        object: key
                    )
                }
            }
            try write.commit()
        }
        // 4,000 edits a commit (about 56 KB), 30 commits: the 1 MiB ring wraps once and a half.
        for round in 0..<30 {
            let before = fixture.observer.latestVersion
            try await assign()
            _ = fixture.observer.refreshedLatestVersion()
            let entry = try #require(fixture.observer.changes(after: before)?.last?.tables[fixture.table])
            #expect(entry.listEdits(of: key, column: fixture.list).count == 4_000, "round \(round)")
        }
        // 20,000 edits (about 280 KB): past the record limit, so the observer diffs, and the list's table is wholesale.
        let pinned = try fixture.observer.beginRead()
        try await assign(times: 5)
        _ = fixture.observer.refreshedLatestVersion()
        #expect(fixture.observer.changes(after: pinned.version)?.last?.tables[fixture.table]?.isWholesale == true)
        pinned.pin.release()

        // A flipped byte in the feed's head: the diff again.
        let repinned = try fixture.observer.beginRead()
        try await assign()
        let lock = try FileHandle(forUpdating: URL(fileURLWithPath: directory.file("diff.strata") + ".lock"))
        try lock.seek(toOffset: 20480 + 12)
        let byte = try #require(try lock.read(upToCount: 1)?.first)
        try lock.seek(toOffset: 20480 + 12)
        try lock.write(contentsOf: [byte ^ 0x40])
        try lock.close()
        _ = fixture.observer.refreshedLatestVersion()
        #expect(fixture.observer.changes(after: repinned.version)?.last?.tables[fixture.table]?.isWholesale == true)
        repinned.pin.release()
    }

    @Test(
        "A newer slot whose change set is not fed yet is left while another holds the writer lock, for a bounded time"
    )
    func slotAwaitsItsFeed() async throws {
        let directory = TemporaryDirectory()
        let fixture = try await Fixture(directory)
        defer { fixture.close() }
        // A third instance that feeds nothing commits, then holds the writer lock in a write of its own: to the
        // observer its commit looks like one between its slot and its feed.
        var silent = DatabaseOptions()
        silent.changeFeed = false
        let other = try Database.openUnshared(path: directory.file("diff.strata"), options: silent)
        defer { other.close() }
        let before = fixture.observer.latestVersion
        // A pinned version, as a realm holds one: the diff reads it.
        let pinned = try fixture.observer.beginRead()
        defer { pinned.pin.release() }
        let write = try await other.beginWrite()
        try write.createObject(in: fixture.table, values: [fixture.id: .string("late")])
        try write.commit()
        let holding = try await other.beginWrite()

        // Observed: the slot is left (the feed's head is behind it and the lock is held), until `feedWait` has passed.
        #expect(fixture.observer.refreshedLatestVersion() == before)
        try await Task.sleep(for: Database.feedWait + .milliseconds(10))
        #expect(fixture.observer.refreshedLatestVersion() == before + 1)
        // Taken up without its change set in the feed: the diff found the insertion.
        let entry = try #require(fixture.observer.changes(after: before)?.last?.tables[fixture.table])
        #expect(entry.insertions.count == 1)

        // Once the lock is free, a slot the feed lacks is loaded at once.
        holding.rollback()
        let again = try await other.beginWrite()
        try again.createObject(in: fixture.table, values: [fixture.id: .string("later")])
        try again.commit()
        #expect(fixture.observer.refreshedLatestVersion() == before + 2)
    }
}
