import Foundation
import Strata
import Synchronization

/// Strata-only figures of issue 35's "streams cost the change, not the collection": a chat-like commit (one new
/// `BenchItem` appended to a `BenchHolder`'s list, awaited, durable) on a list of 10k and of 100k elements, timed
/// with no stream and with a `for await` loop over `holder.items.changes()` running (the time until the loop has
/// seen every append, per commit). The observed cost should be flat between 10k and 100k: a list's stream that
/// costs O(list) per commit shows up as a 10x step. Beside them, the bytes each such commit writes, counted by the
/// realm's metrics hook (`RealmMetric.commit(bytesWritten:)`) and by the kernel (bytes passed to write calls).
struct ObservedListFigures: Codable {
    /// One list size's figures.
    struct Size: Codable {
        /// Elements in the list before the commits.
        var elements: Int
        /// Seconds per commit, no stream.
        var bare: Double
        /// Seconds per commit with the list observed, until the loop has seen the append.
        var observed: Double
        /// Node bytes per commit, from the metrics hook.
        var bytesPerCommit: Double
        /// Syncs per commit, from the metrics hook.
        var syncsPerCommit: Double
        /// Bytes passed to write calls per commit, and the calls (`/proc/self/io`).
        var writtenBytesPerCommit: Double
        var writeCallsPerCommit: Double
    }

    /// Commits timed each way, per size.
    var commits: Int
    var sizes: [Size]

    func printTable() {
        print("")
        print("Observed list (Strata only): \(commits) awaited commits, each appending one new object to a list")
        for size in sizes {
            print(
                String(
                    format: "%dk elements: %@ per commit bare, %@ observed by a for-await loop (+%@); %.0f node bytes "
                        + "per commit (metrics hook), %.0f bytes in %.2f write calls, %.2f syncs",
                    size.elements / 1000,
                    Report.trimmed(size.bare),
                    Report.trimmed(size.observed),
                    Report.trimmed(max(size.observed - size.bare, 0)),
                    size.bytesPerCommit,
                    size.writtenBytesPerCommit,
                    size.writeCallsPerCommit,
                    size.syncsPerCommit
                )
            )
        }
        if sizes.count == 2 {
            let cost = sizes.map { max($0.observed - $0.bare, 1e-9) }
            print(
                String(
                    format: "the observer's cost per commit, %dk against %dk elements: %.2fx (target: flat, 1x)",
                    sizes[1].elements / 1000,
                    sizes[0].elements / 1000,
                    cost[1] / cost[0]
                )
            )
        }
    }

    /// What the metrics hook has counted.
    final class Tally: Sendable {
        let bytes = Atomic<Int>(0)
        let syncs = Atomic<Int>(0)

        func record(_ metric: RealmMetric) {
            switch metric {
            case .commit(_, let bytesWritten): bytes.add(bytesWritten, ordering: .relaxed)
            case .sync: syncs.add(1, ordering: .relaxed)
            default: break
            }
        }
    }

    /// Measures each size in `elements` on a fresh file in `directory`.
    static func measure(directory: String, elements: [Int], commits: Int) async throws -> ObservedListFigures {
        var sizes: [Size] = []
        for count in elements {
            sizes.append(try await measure(directory: directory, elements: count, commits: commits))
        }
        return ObservedListFigures(commits: commits, sizes: sizes)
    }

    private static func measure(directory: String, elements: Int, commits: Int) async throws -> Size {
        let tally = Tally()
        var configuration = Realm.Configuration(
            fileURL: URL(fileURLWithPath: directory + "/observed-list-\(elements).strata"),
            objectTypes: [BenchHolder.self, BenchItem.self]
        )
        configuration.metrics = { tally.record($0) }
        _ = try Realm.deleteFiles(for: configuration)
        let realm = try await Realm(configuration: configuration)
        try await realm.write { realm in
            let holder = BenchHolder(value: ["id": 0])
            try realm.add(holder)
            for id in 0..<elements {
                let item = BenchItem(value: ["id": id])
                try realm.add(item)
                holder.items.append(item)
            }
        }
        var next = elements
        /// Appends one new item per commit; seconds per commit.
        func appends() async throws -> Double {
            let first = next
            next += commits
            let start = ContinuousClock.now
            for id in first..<first + commits {
                try await realm.write { realm in
                    let item = BenchItem(value: ["id": id])
                    try realm.add(item)
                    realm.object(ofType: BenchHolder.self, forPrimaryKey: 0)!.items.append(item)
                }
            }
            return ConcurrencyFigures.seconds(ContinuousClock.now - start) / Double(commits)
        }
        let bytesBefore = tally.bytes.load(ordering: .relaxed)
        let syncsBefore = tally.syncs.load(ordering: .relaxed)
        let countersBefore = ProcessCounters.now()
        let bare = try await appends()
        let counted = ProcessCounters.now().since(countersBefore)
        let bytes = tally.bytes.load(ordering: .relaxed) - bytesBefore
        let syncs = tally.syncs.load(ordering: .relaxed) - syncsBefore

        let stream = await realm.read { realm in
            realm.object(ofType: BenchHolder.self, forPrimaryKey: 0)!.items.changes()
        }
        let expected = commits
        let consumer = Task {
            var inserted = 0
            for await change in stream {
                if case .update(_, _, let insertions, _) = change { inserted += insertions.count }
                if inserted >= expected { break }
            }
            return inserted
        }
        // Ends a loop that never sees every append (the figure is then refused, not waited for forever).
        let watchdog = Task {
            try await Task.sleep(for: .seconds(120))
            consumer.cancel()
        }
        let start = ContinuousClock.now
        _ = try await appends()
        let inserted = await consumer.value
        let observed = ConcurrencyFigures.seconds(ContinuousClock.now - start) / Double(commits)
        watchdog.cancel()
        await realm.close()
        guard inserted == commits else {
            throw BenchmarkError.mismatch("observed list: the loop saw \(inserted) of \(commits) appends")
        }
        return Size(
            elements: elements,
            bare: bare,
            observed: observed,
            bytesPerCommit: Double(bytes) / Double(commits),
            syncsPerCommit: Double(syncs) / Double(commits),
            writtenBytesPerCommit: Double(counted.writtenBytes) / Double(commits),
            writeCallsPerCommit: Double(counted.writeCalls) / Double(commits)
        )
    }
}
