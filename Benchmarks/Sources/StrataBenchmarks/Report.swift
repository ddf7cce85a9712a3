import Foundation

/// One line of the result table: a workload of DESIGN.md section 5's table, named with its words, Strata's figure,
/// and the figure of the anchor that table names for it.
struct ResultRow: Codable {
    var workload: String
    var unit: String
    var strata: Double
    /// The anchor the table names ("raw SQLite", "SQLite through a writer thread", …).
    var anchor: String
    /// The anchor's figure.
    var sqlite: Double
    /// The floor the committed run must hold, as a ratio, when the table gives one.
    var floor: Double?
    /// Other figures printed beside the row, each with its own ratio.
    var beside: [BesideFigure]
    /// Anchor ÷ Strata: above 1, Strata is faster (or smaller).
    var ratio: Double { sqlite / strata }

    enum CodingKeys: String, CodingKey { case workload, unit, strata, anchor, sqlite, ratio, floor, floorMet, beside }

    init(
        workload: String,
        unit: String = "seconds",
        strata: Double,
        anchor: String,
        sqlite: Double,
        floor: Double? = nil,
        beside: [BesideFigure] = []
    ) {
        self.workload = workload
        self.unit = unit
        self.strata = strata
        self.anchor = anchor
        self.sqlite = sqlite
        self.floor = floor
        self.beside = beside
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        workload = try container.decode(String.self, forKey: .workload)
        unit = try container.decode(String.self, forKey: .unit)
        strata = try container.decode(Double.self, forKey: .strata)
        anchor = try container.decodeIfPresent(String.self, forKey: .anchor) ?? Report.raw
        sqlite = try container.decode(Double.self, forKey: .sqlite)
        floor = try container.decodeIfPresent(Double.self, forKey: .floor)
        beside = try container.decodeIfPresent([BesideFigure].self, forKey: .beside) ?? []
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(workload, forKey: .workload)
        try container.encode(unit, forKey: .unit)
        try container.encode(strata, forKey: .strata)
        try container.encode(anchor, forKey: .anchor)
        try container.encode(sqlite, forKey: .sqlite)
        try container.encode(Report.rounded(ratio), forKey: .ratio)
        try container.encodeIfPresent(floor, forKey: .floor)
        if let floor { try container.encode(ratio >= floor, forKey: .floorMet) }
        if !beside.isEmpty { try container.encode(beside, forKey: .beside) }
    }
}

/// A figure printed beside a row: another anchor (its ratio is its figure ÷ Strata's) or another form of Strata (its
/// ratio is the row's anchor ÷ this figure).
struct BesideFigure: Codable {
    var name: String
    var value: Double
    var ratio: Double

    /// Another anchor for `row`'s Strata figure.
    static func anchor(_ name: String, _ value: Double, strata: Double) -> BesideFigure {
        BesideFigure(name: name, value: value, ratio: Report.rounded(value / strata))
    }

    /// Another form of Strata against the row's anchor figure.
    static func strata(_ name: String, _ value: Double, anchor: Double) -> BesideFigure {
        BesideFigure(name: name, value: value, ratio: Report.rounded(anchor / value))
    }
}

/// The 8 writer tasks × 125 small durable transactions sharing one realm actor: seconds (median) and syncs per
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
    /// Threads that blocked per round of the disk floor (the waits for the disk).
    var syncFloorThreadSleeps: Double?
    /// What one thread hand-over costs here (see ``WakeFloor``), if measured.
    var wakeFloor: WakeFloor?
    /// Counters per commit of the small-transaction rows, one entry per way of committing.
    var smallCommitCounters: [CommitCounters]?
    /// Strata's fdatasync calls per commit in the 8-writer workload (the last run).
    var syncsPerConcurrentCommit: Double?
    /// The 8 × 125 transactions from 8 tasks sharing one realm actor (Strata only), if measured.
    var sharedRealm: SharedRealmFigure?
    /// Strata's concurrency figures (parallel frozen reads, the pool's wake-up delay while realms commit).
    var concurrency: ConcurrencyFigures?
    /// Strata's change-notification figures (latency, in this process and from another; change-set cost by size).
    var notifications: NotificationFigures?
    /// Strata's redo-log figure: the open of a killed writer's file whose log is nearly full.
    var ringRecovery: RingRecoveryFigure?
    /// Strata's cross-process figure: two processes writing to one file at once, taking turns at its writer lock.
    var takingTurns: TakingTurnsFigure?
    /// Strata's collection figures (single appends against one bulk append, backlink iteration).
    var collections: CollectionFigures?
    /// Strata's observed-list figures (a commit appending to an observed list of 10k and 100k elements).
    var observedList: ObservedListFigures?

    // The workloads' names: DESIGN.md section 5's words.
    static let bulkInsert = "bulk insert (one transaction)"
    static let bulkInsertDefaulted = "bulk insert, key and date left at their defaults"
    static let count = "unindexed count (age > 50)"
    static let sorted = "filtered + sorted materialization (age BETWEEN 20 AND 30, by name)"
    static let lookups = "primary-key lookups (100k random)"
    static let aggregates = "aggregates (uncached): sum, avg, min, max"
    static let updateLoop = "update every object, the loop"
    static let updateComputed = "update every object, set-based (update(\\.score) { $0 + 1 })"
    static let updateSetBased = "update every object, set-based (setValue(_:forKey:))"
    static let isolatedTransactions = "1,000 small durable transactions, awaited from code isolated to the realm"
    static let poolTransactions = "1,000 small durable transactions, awaited from a pool task"
    static let concurrentTransactions = "8 writer tasks × 125 small durable transactions"
    static let open = "open + first count"
    static let deleteAll = "delete all"

    // The anchors' names (DESIGN.md section 5).
    static let raw = "raw SQLite"
    static let setBasedUpdate = "raw SQLite's set-based UPDATE"
    static let writerThread = "SQLite through a writer thread"
    static let eightConnections = "raw SQLite, 8 connections, busy_timeout"
    static let oneWriterQueue = "SQLite through one writer queue"

    /// A ratio as the JSON carries it: two decimals.
    static func rounded(_ ratio: Double) -> Double { (ratio * 100).rounded() / 100 }

    func printTable() {
        print("")
        print(
            "Strata vs SQLite: \(objects) objects, median of \(runs) runs (ratio = anchor / Strata, higher is better)"
        )
        let width = max(44, rows.map(\.workload.count).max() ?? 0)
        let header = "workload".padding(toLength: width, withPad: " ", startingAt: 0)
        print("\(header)      Strata      anchor    ratio  (floor)  anchor")
        for row in rows {
            let name = row.workload.padding(toLength: width, withPad: " ", startingAt: 0)
            let strata = Self.format(row.strata, unit: row.unit)
            let sqlite = Self.format(row.sqlite, unit: row.unit)
            let floor = row.floor.map { String(format: "%5.1fx%@", $0, row.ratio >= $0 ? " " : "!") } ?? "       "
            print("\(name) \(strata) \(sqlite) \(String(format: "%7.2fx", row.ratio))  \(floor)  \(row.anchor)")
            for figure in row.beside {
                let name = ("    beside: " + figure.name).padding(toLength: width, withPad: " ", startingAt: 0)
                print("\(name) \(Self.format(figure.value, unit: row.unit)) \(String(format: "%19.2fx", figure.ratio))")
            }
        }
        print("(floor: DESIGN.md section 5's floor for the row; ! when this run is below it)")
        if let syncFloor, let raw = rows.first(where: { $0.workload == Self.isolatedTransactions }) {
            // No engine that syncs once per commit can take less than the disk's floor.
            print(
                String(
                    format: "disk floor for 1,000 one-sync commits (4 KiB write + fdatasync): %@ (%.2f thread sleeps "
                        + "each); best ratio any one-sync engine could reach against raw SQLite here: %.2fx",
                    Self.trimmed(syncFloor),
                    syncFloorThreadSleeps ?? .nan,
                    raw.sqlite / syncFloor
                )
            )
        }
        if let wakeFloor {
            print(
                String(
                    format: "wake floor (a pool task awaiting a continuation a parked thread resumes): %@ median, %@ "
                        + "p99, %@ for %d round trips (%.2f thread sleeps each)",
                    Self.trimmed(wakeFloor.median),
                    Self.trimmed(wakeFloor.p99),
                    Self.trimmed(wakeFloor.total),
                    wakeFloor.roundTrips,
                    wakeFloor.threadSleepsPerRoundTrip
                )
            )
        }
        if let smallCommitCounters {
            print("per small commit (write calls and bytes: /proc/self/io; thread sleeps: voluntary context switches)")
            for counters in smallCommitCounters {
                var line = String(
                    format: "  %@: %.0f bytes in %.2f write calls, %.2f thread sleeps",
                    counters.configuration,
                    counters.writtenBytesPerCommit,
                    counters.writeCallsPerCommit,
                    counters.threadSleepsPerCommit
                )
                if let bytes = counters.engineBytesPerCommit, let syncs = counters.syncsPerCommit {
                    line += String(format: "; the engine's count: %.0f node bytes, %.2f syncs", bytes, syncs)
                }
                print(line)
            }
        }
        if let syncsPerConcurrentCommit {
            print(
                String(
                    format: "8 writer tasks × 125 small durable transactions: Strata made %.3f syncs per commit "
                        + "(group commit); SQLite syncs once per commit",
                    syncsPerConcurrentCommit
                )
            )
        }
        if let sharedRealm, let eight = rows.first(where: { $0.workload == Self.concurrentTransactions }) {
            print(
                String(
                    format: "the same 8 × 125 transactions from 8 tasks sharing one realm: Strata %@ (%.2fx SQLite's 8 "
                        + "writers, %.2fx Strata's 8 realms), %.3f syncs per commit",
                    Self.trimmed(sharedRealm.seconds),
                    eight.sqlite / sharedRealm.seconds,
                    eight.strata / sharedRealm.seconds,
                    sharedRealm.syncsPerCommit
                )
            )
        }
        concurrency?.printTable()
        notifications?.printTable()
        ringRecovery?.printTable()
        takingTurns?.printTable()
        collections?.printTable()
        observedList?.printTable()
    }

    /// A duration without its padding.
    static func trimmed(_ seconds: Double) -> String {
        format(seconds, unit: "seconds").trimmingCharacters(in: .whitespaces)
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
