import Foundation
import StrataCore
import StrataTestSupport
import Testing

/// Another process's commits, seen through the diff of two versions' trees: a second, unshared database instance on
/// the same file stands for the other process (it has its own history, state and lock file description).
@Suite("Change sets of another process's commits")
struct VersionDiffTests {
    /// The committing instance's own change sets, and the observing instance's diffs, composed into one net change per
    /// table the same way (keys are never reused, so the composition is exact).
    static func compose(_ entries: [ChangeSet]) -> [TableKey: Net] {
        var net: [TableKey: Net] = [:]
        for entry in entries {
            for (table, changes) in entry.tables {
                let (insertions, deletions, modifications) = changes.net
                var current = net[table, default: Net()]
                for key in deletions {
                    current.modifications[key] = nil
                    if current.insertions.remove(key) == nil { current.deletions.insert(key) }
                }
                current.insertions.formUnion(insertions)
                for (key, columns) in modifications where !current.insertions.contains(key) {
                    current.modifications[key, default: []].formUnion(columns)
                }
                net[table] = current
            }
        }
        return net.filter { !$0.value.isEmpty }
    }

    /// The observing instance (shared, as a realm opens it) and the committing one (unshared: the other process) of
    /// one new file in `directory`. The committer feeds no change sets (ChangeFeed.swift) unless `feeding`: without
    /// the feed, the observer diffs. With `redoLog` the committer has the redo log on (while the observer has the file
    /// open, each of its groups checkpoints).
    static func twoInstances(_ directory: TemporaryDirectory, feeding: Bool = false, redoLog: Bool = false) throws -> (
        observer: Database, committer: Database
    ) {
        let path = directory.file("diff.strata")
        let observer = try Database.open(path: path)
        var options = DatabaseOptions()
        options.changeFeed = feeding
        options.redoLog = redoLog
        do {
            return (observer, try Database.openUnshared(path: path, options: options))
        } catch {
            observer.close()
            throw error
        }
    }

    struct Net: Equatable {
        var insertions: Set<ObjectKey> = []
        var deletions: Set<ObjectKey> = []
        var modifications: [ObjectKey: ColumnSet] = [:]
        var isEmpty: Bool { insertions.isEmpty && deletions.isEmpty && modifications.isEmpty }
    }

    @Test("Random commits of another instance: the diff of the trees equals the committer's own change sets")
    func randomCommitsAgainstCommitter() async throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("VersionDiffTests seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        let directory = TemporaryDirectory()
        let (observer, committer) = try Self.twoInstances(directory)
        defer {
            observer.close()
            committer.close()
        }

        let setUp = try await committer.beginWrite()
        let table = try setUp.createTable(named: "Item")
        let number = try setUp.addColumn(ColumnSpec(name: "n", type: .int), to: table)
        let ratio = try setUp.addColumn(ColumnSpec(name: "d", type: .double, nullable: true), to: table)
        let text = try setUp.addColumn(ColumnSpec(name: "s", type: .string), to: table)
        try setUp.commit()
        _ = observer.refreshedLatestVersion()

        let observed = observer.retainHistory()
        let committed = committer.retainHistory()
        defer {
            observed.release()
            committed.release()
        }
        var live: [ObjectKey] = []
        var pin = try observer.beginRead()
        var detailed = 0
        for _ in 0..<150 {
            let from = pin.version
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let write = try await committer.beginWrite()
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    let operation = live.isEmpty ? 0 : Int.random(in: 0..<10, using: &random)
                    switch operation {
                    case 0..<4:
                        let key = try write.createObject(
                            in: table,
                            values: [number: .int(Int64.random(in: 0...9, using: &random)), text: .string("x")]
                        )
                        live.append(key)
                    case 4..<8:
                        let key = live.randomElement(using: &random)!
                        // Each set changes the value: a set to the same value is a modification only for the
                        // committer (the file comment of VersionDiff.swift).
                        switch Int.random(in: 0..<3, using: &random) {
                        case 0:
                            let old = try write.table(table).value(key, number)
                            guard case .int(let value) = old else { preconditionFailure() }
                            try write.set(.int(value + 1), of: number, in: table, object: key)
                        case 1:
                            let old = try write.table(table).value(key, ratio)
                            let next: Value
                            switch old {
                            case .null: next = .double(.nan)
                            case .double(let value) where value.isNaN: next = .double(-0.0)
                            case .double(let value) where value == 0 && value.sign == .minus: next = .double(0.0)
                            default: next = .null
                            }
                            try write.set(next, of: ratio, in: table, object: key)
                        default:
                            let old = try write.table(table).value(key, text)
                            guard case .string(let value) = old else { preconditionFailure() }
                            try write.set(.string(value + "y"), of: text, in: table, object: key)
                        }
                    default:
                        let index = Int.random(in: live.indices, using: &random)
                        try write.deleteObject(live.remove(at: index), in: table)
                    }
                }
                try write.commit()
            }
            let latest = observer.refreshedLatestVersion()
            #expect(observer.newestForeignVersion == latest, "seed \(seed)")
            let expected = try #require(committer.changes(after: from), "seed \(seed)")
            let got = try #require(observer.changes(after: from), "seed \(seed)")
            #expect(got.count == expected.count, "seed \(seed)")
            #expect(got.map(\.version) == expected.map(\.version), "seed \(seed)")
            #expect(Self.compose(got) == Self.compose(expected), "seed \(seed)")
            detailed += got.filter { !$0.tables.isEmpty }.count
            pin.pin.release()
            pin = try observer.beginRead()
        }
        #expect(detailed > 0)
        pin.pin.release()
    }

    @Test("A list edited elsewhere makes its table wholesale; a schema change records nothing")
    func listAndSchema() async throws {
        let directory = TemporaryDirectory()
        let (observer, committer) = try Self.twoInstances(directory)
        defer {
            observer.close()
            committer.close()
        }
        let setUp = try await committer.beginWrite()
        let table = try setUp.createTable(named: "Owner")
        let list = try setUp.addColumn(ColumnSpec(name: "l", type: .int, collection: .list), to: table)
        let owner = try setUp.createObject(in: table)
        try setUp.commit()
        _ = observer.refreshedLatestVersion()
        let retention = observer.retainHistory()
        defer { retention.release() }

        let pinned = try observer.beginRead()
        let append = try await committer.beginWrite()
        try append.append([.int(1)], toList: list, in: table, object: owner)
        try append.commit()
        _ = observer.refreshedLatestVersion()
        let listChanges = try #require(observer.changes(after: pinned.version))
        #expect(listChanges.last?.tables[table]?.isWholesale == true)

        let repinned = try observer.beginRead()
        let schema = try await committer.beginWrite()
        _ = try schema.addColumn(ColumnSpec(name: "n", type: .int), to: table)
        try schema.commit()
        _ = observer.refreshedLatestVersion()
        #expect(observer.changes(after: repinned.version) == nil)
        pinned.pin.release()
        repinned.pin.release()
    }
}
