import Foundation

/// Runs DESIGN.md section 5's workloads against Strata and SQLite in one process.
///
///     .build/release/StrataBenchmarks [OBJECTS] [RUNS] [MEMORY-OBJECTS]   (defaults: 200000, 5, 1000000)
@main
@BenchActor
struct StrataBenchmarks {
    nonisolated static func main() async throws { try await run() }

    static func run() async throws {
        let arguments = CommandLine.arguments
        if arguments.count == 4, arguments[1] == "--iterate", let index = Int(arguments[2]) {
            // Child mode: iterate one engine's database and print the peak growth of resident and heap memory.
            let engine: any BenchmarkEngine =
                index == 0 ? StrataEngine(directory: arguments[3]) : SQLiteEngine(directory: arguments[3])
            let peak = try await engine.iterationPeakMemory()
            print("peak \(peak.resident) \(peak.heap)")
            return
        }
        if arguments.count == 3, arguments[1] == "--notification-writer" {
            // Child mode: the second process of the notification figures.
            try await NotificationFigures.runWriter(path: arguments[2])
            return
        }
        let count = arguments.count > 1 ? Int(arguments[1]) ?? 200_000 : 200_000
        let runs = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
        let memoryObjects = arguments.count > 3 ? Int(arguments[3]) ?? 1_000_000 : 1_000_000
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-benchmarks-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let strata = StrataEngine(directory: directory)
        let sqlite = SQLiteEngine(directory: directory)
        let engines: [any BenchmarkEngine] = [strata, sqlite]
        var answers = [Answers(), Answers()]
        var rows: [ResultRow] = []
        // BENCH_ONLY=substring runs only the matching workloads (after the bulk insert), for profiling;
        // BENCH_REPEAT=n runs each of them n times as often (the bulk insert once per run, as usual).
        let only = ProcessInfo.processInfo.environment["BENCH_ONLY"]
        let repeatFactor = ProcessInfo.processInfo.environment["BENCH_REPEAT"].flatMap { Int($0) } ?? 1
        var generator = SplitMix(seed: 42)
        let keys = (0..<100_000).map { _ in Int(generator.next() % UInt64(count)) }
        let updateIDs = (0..<1_000).map { _ in Int(generator.next() % UInt64(count)) }

        func measure(
            _ workload: String,
            runs: Int,
            setUp: @escaping @BenchActor (any BenchmarkEngine) async throws -> Void = { _ in },
            _ body: @escaping @BenchActor (any BenchmarkEngine, Int) async throws -> Void
        ) async throws {
            if let only, !workload.contains(only), !workload.hasPrefix("bulk insert") { return }
            let runs = workload.hasPrefix("bulk insert") ? runs : runs * repeatFactor
            var times: [Double] = []
            for (index, engine) in engines.enumerated() {
                times.append(
                    try await Measurement.median(runs, setUp: { try await setUp(engine) }) {
                        try await body(engine, index)
                    }
                )
            }
            rows.append(ResultRow(workload: workload, unit: "seconds", strata: times[0], sqlite: times[1]))
            print(String(format: "%@: Strata %.4f s, SQLite %.4f s", workload, times[0], times[1]))
        }

        try await measure(
            "bulk insert (one transaction)",
            runs: runs,
            setUp: { try await $0.reset() },
            { engine, _ in try await engine.bulkInsert(count) }
        )
        try await measure("count where age > 50 (no index)", runs: runs) { engine, index in
            answers[index].countOver50 = try await engine.countAgeOver50()
        }
        try await measure("age BETWEEN 20 AND 30 sorted by name, read", runs: runs) { engine, index in
            (answers[index].sortedRows, answers[index].sortedChecksum) = try await engine.sortedMaterialization()
        }
        try await measure("100k random primary-key lookups", runs: runs) { engine, index in
            answers[index].lookupSum = try await engine.primaryKeyLookups(keys)
        }
        try await measure("sum, avg, min, max", runs: runs) { engine, index in
            answers[index].aggregates = try await engine.aggregates()
        }
        try await measure("update every object", runs: runs) { engine, _ in try await engine.updateAll() }
        try await measure(Report.smallTransactions, runs: max(1, runs / 2)) { engine, _ in
            try await engine.smallTransactions(updateIDs)
        }
        // The same loop from code isolated to the realm (Strata only: SQLite's loop has no hop to save).
        var isolatedSmallTransactions: Double?
        if only.map({ Report.smallTransactions.contains($0) }) ?? true {
            isolatedSmallTransactions = try await Measurement.median(max(1, runs / 2)) {
                try await strata.smallTransactionsIsolated(updateIDs)
            }
        }
        // 8 writers at once, 125 small durable transactions each: Strata's writers share syncs (group commit).
        var syncsPerCommit: Double?
        let writerIDs = (0..<8).map { writer in (0..<125).map { updateIDs[(writer * 125 + $0) % updateIDs.count] } }
        try await measure(Report.concurrentTransactions, runs: max(1, runs / 2)) { engine, index in
            let syncs = try await engine.concurrentSmallTransactions(writerIDs)
            if index == 0 { syncsPerCommit = syncs }
        }
        // The same 8 x 125 transactions from 8 tasks sharing one realm actor (Strata only; beside the row above).
        var sharedRealm: SharedRealmFigure?
        if only.map({ Report.concurrentTransactions.contains($0) }) ?? true {
            var syncs = 0.0
            let seconds = try await Measurement.median(max(1, runs / 2)) {
                syncs = try await strata.sharedRealmSmallTransactions(writerIDs)
            }
            sharedRealm = SharedRealmFigure(seconds: seconds, syncsPerCommit: syncs)
        }
        // The disk's own floor for those transactions (one 4 KiB write + fdatasync each), timed in the same run.
        var syncFloor: Double?
        if only.map({ Report.smallTransactions.contains($0) }) ?? true {
            let floor = try SyncFloor(directory: directory)
            syncFloor = try await Measurement.median(max(1, runs / 2)) { try floor.commit(updateIDs.count) }
        }
        // Strata's concurrency figures, on the objects still there.
        var concurrency: ConcurrencyFigures?
        if only.map({ "concurrency".contains($0) }) ?? true {
            let (one, two) = try await ConcurrencyFigures.frozenScans(try await strata.frozenPeople(), runs: runs)
            let delays = try await ConcurrencyFigures.wakeUpDelays(directory: directory, probes: 500)
            concurrency = ConcurrencyFigures(
                frozenScanOneTaskTwice: one,
                frozenScanTwoTasks: two,
                wakeUpDelayMedian: delays.median,
                wakeUpDelayP99: delays.p99,
                commitsDuringProbe: delays.2
            )
        }
        // Change notifications: latency (this process and another), and the cost of a change set against size.
        var notifications: NotificationFigures?
        if only.map({ "notifications".contains($0) }) ?? true {
            notifications = try await NotificationFigures.measure(directory: directory)
        }
        var collections: CollectionFigures?
        if only.map({ "collections".contains($0) }) ?? true {
            collections = try await CollectionFigures.measure(directory: directory, appends: min(count / 2, 100_000))
        }
        for engine in engines { await engine.close() }
        try await measure("open + first count", runs: 25) { engine, _ in
            guard try await engine.openAndCount() == count else { throw BenchmarkError.mismatch("open + count") }
        }
        try await measure(
            "delete all",
            runs: max(1, runs / 2),
            setUp: { engine in
                try await engine.reset()
                try await engine.bulkInsert(count)
            },
            { engine, _ in try await engine.deleteAll() }
        )

        /// The report of what was measured so far.
        func report(date: String) -> Report {
            Report(
                date: date,
                objects: count,
                runs: runs,
                rows: rows,
                syncFloor: syncFloor,
                isolatedSmallTransactions: isolatedSmallTransactions,
                syncsPerConcurrentCommit: syncsPerCommit,
                sharedRealm: sharedRealm,
                concurrency: concurrency,
                notifications: notifications,
                collections: collections
            )
        }
        if only != nil {
            report(date: "").printTable()
            return
        }
        // Memory: each engine iterates in a fresh child process, so neither inherits the other's heap.
        var memory: [MemoryUse] = []
        for (index, engine) in engines.enumerated() {
            try await engine.reset()
            try await engine.bulkInsert(memoryObjects)
            await engine.close()
            memory.append(try iterateInChild(engine: index, directory: directory))
            try await engine.reset()
        }
        // Resident memory, then only heap (anonymous) memory: Strata's data is file pages the page cache shares
        // and may drop, SQLite's page cache is heap.
        for (name, figure) in [("peak memory", \MemoryUse.resident), ("peak heap", \MemoryUse.heap)] {
            rows.append(
                ResultRow(
                    workload: "\(name) iterating \(memoryObjects / 1000)k objects",
                    unit: "bytes",
                    strata: Double(max(memory[0][keyPath: figure], 1)),
                    sqlite: Double(max(memory[1][keyPath: figure], 1))
                )
            )
        }

        try check(answers[0], answers[1])
        let final = report(date: ISO8601DateFormatter().string(from: Date()))
        final.printTable()
        let results = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../results"
        ).standardized.path
        try FileManager.default.createDirectory(atPath: results, withIntermediateDirectories: true)
        try final.write(to: results + "/latest.json")
        print("\nwritten to \(results)/latest.json")
    }

    /// Runs `--iterate` for engine `index` in a child process; returns the peak memory growth it reports.
    static func iterateInChild(engine index: Int, directory: String) throws -> MemoryUse {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = ["--iterate", "\(index)", directory]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("peak ") }) else {
            throw BenchmarkError.mismatch("the memory child printed \(text)")
        }
        let figures = line.split(separator: " ").dropFirst().compactMap { Int($0) }
        guard figures.count == 2 else { throw BenchmarkError.mismatch("the memory child printed \(text)") }
        return MemoryUse(resident: figures[0], heap: figures[1])
    }

    /// Both engines must have computed the same answers.
    static func check(_ strata: Answers, _ sqlite: Answers) throws {
        guard strata.countOver50 == sqlite.countOver50, strata.sortedRows == sqlite.sortedRows,
            strata.sortedChecksum == sqlite.sortedChecksum, strata.lookupSum == sqlite.lookupSum,
            strata.aggregates.count == 4,
            zip(strata.aggregates, sqlite.aggregates).allSatisfy({ abs($0 - $1) <= 1e-9 * max(1, abs($1)) })
        else { throw BenchmarkError.mismatch("the engines disagree:\nStrata \(strata)\nSQLite \(sqlite)") }
    }
}

/// A small deterministic random generator, so every run asks the same questions.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
