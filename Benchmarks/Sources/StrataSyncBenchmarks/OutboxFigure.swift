import Foundation
import Strata
import StrataSync

/// What recording the outbox costs local writes: the main benchmark's small durable transactions (each a primary-key
/// lookup and `score += 1`, awaited from a pool task) on a realm whose class is subscribed, against the same realm
/// without a `syncConfiguration`; synced twice: with the hub reachable (its pusher pushing meanwhile, its puller
/// pulling its own pushes back) and with the hub unreachable (the commits write their outbox rows, nothing else runs).
struct OutboxFigure: Codable {
    var workload: String
    /// Seconds, median of the rounds.
    var notSynced: Double
    var synced: Double
    var syncedHubUnreachable: Double
    /// Seconds after the synced loop until the hub had acknowledged every commit (`wait(for: .upload)`), median.
    var syncedUploadDrain: Double
    /// Synced ÷ not synced, and synced with the hub unreachable ÷ not synced.
    var ratio: Double
    var hubUnreachableRatio: Double

    static let small = "1,000 small durable transactions"
    static let writers = "8 writer tasks x 125 on one realm"
    /// The objects each file holds (the transactions update them).
    static let objects = 1_000

    /// Both workloads in each mode, in `rounds` alternated rounds on fresh files.
    static func measure(_ setup: BenchSetup, rounds: Int) async throws -> [OutboxFigure] {
        let ids = (0..<1_000).map { _ in Int.random(in: 0..<objects) }
        let unreachable = "host=/nonexistent/strata-benchmarks dbname=none connect_timeout=1"
        var times: [String: [Double]] = [:]
        for round in 0..<rounds {
            for mode in ["", " synced", " unreachable"] {
                let name = "outbox-\(round)"
                let realm = try await BenchSetup.open(
                    try setup.configuration(
                        name + (mode.isEmpty ? "-local" : "-" + mode.dropFirst()),
                        database: mode.isEmpty ? nil : name,
                        conninfo: mode == " unreachable" ? unreachable : nil
                    ),
                    until: .pending
                )
                try await realm.write { realm in
                    for id in 0..<objects { try realm.add(BenchItem(id: id)) }
                }
                let session = mode == " synced" ? try await realm.session() : nil
                try await session?.wait(for: .upload)
                for workload in [small, writers] {
                    let start = ContinuousClock.now
                    if workload == small {
                        for id in ids { try await update(realm, id) }
                    } else {
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            for writer in 0..<8 {
                                group.addTask {
                                    for id in ids[writer * 125..<(writer + 1) * 125] { try await update(realm, id) }
                                }
                            }
                            try await group.waitForAll()
                        }
                    }
                    times[workload + mode, default: []].append(elapsedSeconds(since: start))
                    let drain = ContinuousClock.now
                    try await session?.wait(for: .upload)
                    if session != nil { times[workload + " drain", default: []].append(elapsedSeconds(since: drain)) }
                }
                await realm.close()
            }
        }
        return [small, writers].map { workload in
            let median = { (mode: String) in percentiles(times[workload + mode]!).median }
            return OutboxFigure(
                workload: workload,
                notSynced: median(""),
                synced: median(" synced"),
                syncedHubUnreachable: median(" unreachable"),
                syncedUploadDrain: median(" drain"),
                ratio: median(" synced") / median(""),
                hubUnreachableRatio: median(" unreachable") / median("")
            )
        }
    }

    private static func update(_ realm: Realm, _ id: Int) async throws {
        try await realm.write { realm in realm.object(ofType: BenchItem.self, forPrimaryKey: id)!.score += 1 }
    }
}
