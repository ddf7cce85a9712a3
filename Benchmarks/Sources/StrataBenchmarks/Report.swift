import Foundation

/// One line of the result table.
struct ResultRow: Codable {
    var workload: String
    var unit: String
    var strata: Double
    var sqlite: Double
    /// SQLite ÷ Strata: above 1, Strata is faster (or smaller).
    var ratio: Double { sqlite / strata }

    enum CodingKeys: String, CodingKey { case workload, unit, strata, sqlite, ratio }

    init(workload: String, unit: String, strata: Double, sqlite: Double) {
        self.workload = workload
        self.unit = unit
        self.strata = strata
        self.sqlite = sqlite
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        workload = try container.decode(String.self, forKey: .workload)
        unit = try container.decode(String.self, forKey: .unit)
        strata = try container.decode(Double.self, forKey: .strata)
        sqlite = try container.decode(Double.self, forKey: .sqlite)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(workload, forKey: .workload)
        try container.encode(unit, forKey: .unit)
        try container.encode(strata, forKey: .strata)
        try container.encode(sqlite, forKey: .sqlite)
        try container.encode((ratio * 100).rounded() / 100, forKey: .ratio)
    }
}

/// The 8 writer tasks x 125 small durable transactions sharing one realm actor: seconds (median) and syncs per
/// commit (the last run).
struct SharedRealmFigure: Codable {
    var seconds: Double
    var syncsPerCommit: Double
}

/// The whole run, as written to results/latest.json.
struct Report: Codable {
    var date: String
    var objects: Int
    var runs: Int
    var rows: [ResultRow]
    /// Seconds for 1,000 rounds of one 4 KiB write + `fdatasync` on this disk (see ``SyncFloor``), if measured.
    var syncFloor: Double?
    /// Seconds for Strata's 1,000 small transactions awaited from code isolated to the realm, if measured.
    var isolatedSmallTransactions: Double?
    /// Strata's fdatasync calls per commit in the concurrent-writers workload (the last run).
    var syncsPerConcurrentCommit: Double?
    /// The 8 x 125 transactions from 8 tasks sharing one realm actor (Strata only), if measured.
    var sharedRealm: SharedRealmFigure?
    /// Strata's concurrency figures (parallel frozen reads, the pool's wake-up delay while realms commit).
    var concurrency: ConcurrencyFigures?
    /// Strata's change-notification figures (latency, in this process and from another; change-set cost by size).
    var notifications: NotificationFigures?
    /// Strata's collection figures (single appends against one bulk append, backlink iteration).
    var collections: CollectionFigures?

    /// The small-transaction workload's name, which the disk's floor is compared with.
    static let smallTransactions = "1,000 small durable transactions"
    /// The concurrent-writers workload's name.
    static let concurrentTransactions = "8 writer tasks x 125 small durable txns"

    func printTable() {
        print("")
        print(
            "Strata vs SQLite: \(objects) objects, median of \(runs) runs (ratio = SQLite / Strata, higher is better)"
        )
        let header = "workload".padding(toLength: 44, withPad: " ", startingAt: 0)
        print("\(header)      Strata      SQLite    ratio")
        for row in rows {
            let name = row.workload.padding(toLength: 44, withPad: " ", startingAt: 0)
            let strata = Self.format(row.strata, unit: row.unit)
            let sqlite = Self.format(row.sqlite, unit: row.unit)
            print("\(name) \(strata) \(sqlite) \(String(format: "%7.2fx", row.ratio))")
        }
        if let syncFloor, let small = rows.first(where: { $0.workload == Self.smallTransactions }) {
            // No engine that syncs once per commit can take less than the disk's floor.
            print(
                String(
                    format: "disk floor for 1,000 one-sync commits (4 KiB write + fdatasync): %@; "
                        + "best ratio any one-sync engine could reach against SQLite here: %.2fx",
                    Self.format(syncFloor, unit: "seconds").trimmingCharacters(in: .whitespaces),
                    small.sqlite / syncFloor
                )
            )
        }
        if let isolatedSmallTransactions, let small = rows.first(where: { $0.workload == Self.smallTransactions }) {
            print(
                String(
                    format: "the same 1,000 transactions awaited from code isolated to the realm: Strata %@ (%.2fx "
                        + "SQLite's loop)",
                    Self.format(isolatedSmallTransactions, unit: "seconds").trimmingCharacters(in: .whitespaces),
                    small.sqlite / isolatedSmallTransactions
                )
            )
        }
        if let syncsPerConcurrentCommit {
            print(
                String(
                    format: "8 writer tasks x 125 small durable transactions: Strata made %.3f syncs per commit "
                        + "(group commit); SQLite syncs once per commit",
                    syncsPerConcurrentCommit
                )
            )
        }
        if let sharedRealm, let eight = rows.first(where: { $0.workload == Self.concurrentTransactions }) {
            print(
                String(
                    format: "the same 8 x 125 transactions from 8 tasks sharing one realm: Strata %@ (%.2fx SQLite's 8 "
                        + "writers, %.2fx Strata's 8 realms), %.3f syncs per commit",
                    Self.format(sharedRealm.seconds, unit: "seconds").trimmingCharacters(in: .whitespaces),
                    eight.sqlite / sharedRealm.seconds,
                    eight.strata / sharedRealm.seconds,
                    sharedRealm.syncsPerCommit
                )
            )
        }
        concurrency?.printTable()
        notifications?.printTable()
        collections?.printTable()
    }

    static func format(_ value: Double, unit: String) -> String {
        let text: String
        switch unit {
        case "seconds" where value < 0.001: text = String(format: "%.1f µs", value * 1e6)
        case "seconds": text = String(format: "%.1f ms", value * 1e3)
        default: text = String(format: "%.1f MB", value / 1_048_576)
        }
        return String(repeating: " ", count: max(0, 11 - text.count)) + text
    }

    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path))
    }
}
