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
        if arguments.count == 4, arguments[1] == "--ring-writer", let objects = Int(arguments[3]) {
            try await RingRecoveryFigure.runWriter(path: arguments[2], objects: objects)
            return
        }
        if arguments.count == 4, arguments[1] == "--turn-writer", let writes = Int(arguments[3]) {
            // Child mode: one of the processes taking turns at the writer lock.
            try await TakingTurnsFigure.runWriter(path: arguments[2], writes: writes)
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
        var syncFloor: Double?
        var syncFloorThreadSleeps: Double?
        var wakeFloor: WakeFloor?
        var smallCommitCounters: [CommitCounters]?
        var syncsPerCommit: Double?
        var sharedRealm: SharedRealmFigure?
        var concurrency: ConcurrencyFigures?
        var notifications: NotificationFigures?
        var ringRecovery: RingRecoveryFigure?
        var takingTurns: TakingTurnsFigure?
        var collections: CollectionFigures?
        var observedList: ObservedListFigures?

        /// Whether `workload` is to run (BENCH_ONLY).
        func wanted(_ workload: String) -> Bool { only.map { workload.contains($0) } ?? true }

        /// Times `body` on each engine (median of `runs`, `setUp` untimed before each) and adds the row.
        func measure(
            _ workload: String,
            anchor: String = Report.raw,
            floor: Double? = nil,
            runs: Int,
            setUp: @escaping @BenchActor (any BenchmarkEngine) async throws -> Void = { _ in },
            _ body: @escaping @BenchActor (any BenchmarkEngine, Int) async throws -> Void
        ) async throws {
            if !wanted(workload), workload != Report.bulkInsert { return }
            let runs = workload == Report.bulkInsert ? runs : runs * repeatFactor
            var times: [Double] = []
            for (index, engine) in engines.enumerated() {
                times.append(
                    try await Measurement.median(runs, setUp: { try await setUp(engine) }) {
                        try await body(engine, index)
                    }
                )
            }
            add(ResultRow(workload: workload, strata: times[0], anchor: anchor, sqlite: times[1], floor: floor))
        }

        func add(_ row: ResultRow) {
            rows.append(row)
            print(String(format: "%@: Strata %.4f s, %@ %.4f s", row.workload, row.strata, row.anchor, row.sqlite))
        }

        /// Both engines' sum(score) must agree (after an update of every object, say).
        func checkScores(_ workload: String, _ strata: any BenchmarkEngine, _ sqlite: any BenchmarkEngine)
            async throws
        {
            let (mine, theirs) = (try await strata.sumOfScores(), try await sqlite.sumOfScores())
            guard abs(mine - theirs) <= 1e-9 * max(1, abs(theirs)) else {
                throw BenchmarkError.mismatch("\(workload): sum(score) is \(mine) in Strata, \(theirs) in SQLite")
            }
        }

        try await measure(
            Report.bulkInsert,
            floor: 1.0,
            runs: runs,
            setUp: { try await $0.reset() },
            { engine, _ in try await engine.bulkInsert(count) }
        )
        try await measure(
            Report.bulkInsertDefaulted,
            floor: 1.0,
            runs: runs,
            setUp: { try await $0.deleteMessages() },
            { engine, _ in try await engine.bulkInsertMessages(count) }
        )
        try await measure(Report.count, floor: 50, runs: runs) { engine, index in
            answers[index].countOver50 = try await engine.countAgeOver50()
        }
        try await measure(Report.sorted, floor: 1.0, runs: runs) { engine, index in
            (answers[index].sortedRows, answers[index].sortedChecksum) = try await engine.sortedMaterialization()
        }
        // Issue 36's string rows (StringFigures.swift).
        var strings = [StringAnswers(), StringAnswers()]
        try await measure(Report.stringContains, runs: runs) { engine, index in
            let counted = try await (engine as! any StringWorkloads).countNamesContaining(StringAnswers.needle)
            strings[index].containsCount = counted
        }
        try await measure(Report.stringSorted, runs: runs) { engine, index in
            let (rows, checksum) = try await (engine as! any StringWorkloads).namesSorted()
            (strings[index].sortedRows, strings[index].sortedChecksum) = (rows, checksum)
        }
        try StringAnswers.check(strings[0], strings[1])
        try await measure(Report.lookups, floor: 4, runs: runs) { engine, index in
            answers[index].lookupSum = try await engine.primaryKeyLookups(keys)
        }
        // Each run on a fresh version: a small commit to another table first (untimed), so no answer computed on the
        // version before can be reused.
        try await measure(
            Report.aggregates,
            floor: 50,
            runs: runs,
            setUp: { try await $0.touchUnrelated() },
            { engine, index in answers[index].aggregates = try await engine.aggregates() }
        )
        try await measure(Report.updateLoop, anchor: Report.setBasedUpdate, floor: 1.0, runs: runs) { engine, _ in
            try await engine.updateAll()
        }
        if wanted(Report.updateLoop) { try await checkScores(Report.updateLoop, strata, sqlite) }
        try await measure(Report.updateComputed, anchor: Report.setBasedUpdate, floor: 2, runs: runs) { engine, _ in
            try await engine.updateAllSetBased()
        }
        if wanted(Report.updateComputed) { try await checkScores(Report.updateComputed, strata, sqlite) }
        try await measure(Report.updateSetBased, anchor: Report.setBasedUpdate, floor: 2, runs: runs) { engine, _ in
            try await engine.setAllScores(2.5)
        }
        if wanted(Report.updateSetBased) { try await checkScores(Report.updateSetBased, strata, sqlite) }

        // The small durable transactions, with counters per commit taken around each side's timed runs.
        var counters: [CommitCounters] = []
        // Every run, as the table's header says: a median of two is their mean, and one slow sync moved it.
        let smallRuns = runs * repeatFactor
        /// Times `body` (median of `smallRuns`) and counts what its commits did.
        func counted(_ configuration: String, strataStatistics: Bool, _ body: @BenchActor () async throws -> Void)
            async throws -> Double
        {
            let statistics = strataStatistics ? try await strata.commitStatistics() : nil
            let before = ProcessCounters.now()
            let seconds = try await Measurement.median(smallRuns, body)
            let processCounts = ProcessCounters.now().since(before)
            let after = strataStatistics ? try await strata.commitStatistics() : nil
            counters.append(
                CommitCounters(
                    configuration,
                    commits: smallRuns * updateIDs.count,
                    counted: processCounts,
                    engineBytes: statistics.flatMap { before in after.map { $0.bytesWritten - before.bytesWritten } },
                    syncs: statistics.flatMap { before in after.map { $0.syncs - before.syncs } }
                )
            )
            return seconds
        }
        if wanted(Report.isolatedTransactions) {
            let isolated = try await counted("Strata, isolated to the realm", strataStatistics: true) {
                try await strata.smallTransactionsIsolated(updateIDs)
            }
            let underExecutor = try await counted("Strata, under the realm's task executor", strataStatistics: true) {
                try await strata.smallTransactionsUnderTaskExecutor(updateIDs)
            }
            let raw = try await counted("raw SQLite, on the benchmark's thread", strataStatistics: false) {
                try await sqlite.smallTransactions(updateIDs)
            }
            add(
                ResultRow(
                    workload: Report.isolatedTransactions,
                    strata: isolated,
                    anchor: Report.raw,
                    sqlite: raw,
                    floor: 1.0,
                    beside: [
                        .strata("Strata under the realm's task executor", underExecutor, anchor: raw)
                    ]
                )
            )
        }
        if wanted(Report.poolTransactions) {
            let pool = try await counted("Strata, awaited from a pool task", strataStatistics: true) {
                try await strata.smallTransactions(updateIDs)
            }
            let writer = try sqlite.writerThread()
            let ids = updateIDs
            let throughWriter = try await counted("SQLite through a writer thread", strataStatistics: false) {
                try await Self.awaitEach(ids, through: writer)
            }
            writer.stop()
            let raw = try await Measurement.median(smallRuns) { try await sqlite.smallTransactions(updateIDs) }
            add(
                ResultRow(
                    workload: Report.poolTransactions,
                    strata: pool,
                    anchor: Report.writerThread,
                    sqlite: throughWriter,
                    floor: 1.0,
                    beside: [.anchor(Report.raw + " (its loop on the benchmark's thread)", raw, strata: pool)]
                )
            )
        }
        if !counters.isEmpty { smallCommitCounters = counters }

        // 8 writers at once, 125 small durable transactions each, on a fresh file each run (the same objects, in a
        // directory of their own): Strata's writers share syncs (group commit).
        if wanted(Report.concurrentTransactions) {
            let eightDirectory = directory + "/eight-writers"
            try FileManager.default.createDirectory(atPath: eightDirectory, withIntermediateDirectories: true)
            let freshStrata = StrataEngine(directory: eightDirectory)
            let freshSQLite = SQLiteEngine(directory: eightDirectory)
            let writerIDs = (0..<8).map { writer in (0..<125).map { updateIDs[(writer * 125 + $0) % updateIDs.count] } }
            func fresh(_ engine: any BenchmarkEngine) async throws {
                try await engine.reset()
                try await engine.bulkInsert(count)
            }
            let eightRuns = runs * repeatFactor
            /// The median of `body`'s runs, each on `engine`'s fresh file.
            func onFreshFile(_ engine: any BenchmarkEngine, _ body: @BenchActor () async throws -> Void)
                async throws -> Double
            {
                try await Measurement.median(eightRuns, setUp: { try await fresh(engine) }, body)
            }
            var syncs: Double?
            let eightStrata = try await onFreshFile(freshStrata) {
                syncs = try await freshStrata.concurrentSmallTransactions(writerIDs)
            }
            syncsPerCommit = syncs
            let eightSQLite = try await onFreshFile(freshSQLite) {
                _ = try await freshSQLite.concurrentSmallTransactions(writerIDs)
            }
            try await checkScores(Report.concurrentTransactions, freshStrata, freshSQLite)
            let oneQueue = try await onFreshFile(freshSQLite) {
                try await freshSQLite.concurrentSmallTransactionsThroughOneQueue(writerIDs)
            }
            // The same 8 × 125 transactions from 8 tasks sharing one realm actor (Strata only; beside the row).
            var sharedSyncs = 0.0
            let shared = try await onFreshFile(freshStrata) {
                sharedSyncs = try await freshStrata.sharedRealmSmallTransactions(writerIDs)
            }
            try await checkScores(Report.concurrentTransactions + " (one queue, one realm)", freshStrata, freshSQLite)
            sharedRealm = SharedRealmFigure(seconds: shared, syncsPerCommit: sharedSyncs)
            add(
                ResultRow(
                    workload: Report.concurrentTransactions,
                    strata: eightStrata,
                    anchor: Report.eightConnections,
                    sqlite: eightSQLite,
                    floor: 4,
                    beside: [.anchor(Report.oneWriterQueue, oneQueue, strata: eightStrata)]
                )
            )
            for engine in [freshStrata, freshSQLite] as [any BenchmarkEngine] {
                await engine.close()
                try await engine.reset()
            }
        }
        // The floors beside the small transactions: the disk's (one 4 KiB write + fdatasync per commit) and the wake
        // floor (one hand-over to a parked thread and back), timed in the same run.
        if wanted(Report.isolatedTransactions) || wanted(Report.poolTransactions) {
            let floor = try SyncFloor(directory: directory)
            let before = ProcessCounters.now()
            syncFloor = try await Measurement.median(runs) { try floor.commit(updateIDs.count) }
            syncFloorThreadSleeps =
                Double(ProcessCounters.now().since(before).threadSleeps) / Double(runs * updateIDs.count)
            wakeFloor = try await WakeFloor.measure(roundTrips: 1_000)
        }
        // Strata's concurrency figures, on the objects still there.
        if wanted("concurrency") {
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
        if wanted("notifications") {
            notifications = try await NotificationFigures.measure(directory: directory)
        }
        if wanted("redo log") {
            ringRecovery = try await RingRecoveryFigure.measure(directory: directory, objects: count)
        }
        if wanted("taking turns") {
            takingTurns = try await TakingTurnsFigure.measure(
                directory: directory,
                writes: min(250, max(50, count / 800))
            )
        }
        if wanted("collections") {
            collections = try await CollectionFigures.measure(directory: directory, appends: min(count / 2, 100_000))
        }
        if wanted("observed list") {
            observedList = try await ObservedListFigures.measure(
                directory: directory,
                elements: [10_000, 100_000],
                commits: min(200, max(50, count / 100))  // fewer in CI's smoke run
            )
        }
        for engine in engines { await engine.close() }
        try await measure(Report.open, runs: 25) { engine, _ in
            guard try await engine.openAndCount() == count else { throw BenchmarkError.mismatch("open + count") }
        }
        try await measure(
            Report.deleteAll,
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
                syncFloorThreadSleeps: syncFloorThreadSleeps,
                wakeFloor: wakeFloor,
                smallCommitCounters: smallCommitCounters,
                syncsPerConcurrentCommit: syncsPerCommit,
                sharedRealm: sharedRealm,
                concurrency: concurrency,
                notifications: notifications,
                ringRecovery: ringRecovery,
                takingTurns: takingTurns,
                collections: collections,
                observedList: observedList
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
                    anchor: Report.raw,
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

    /// Awaits one durable transaction per id from a plain task on the pool, each handed to SQLite's writer thread.
    nonisolated static func awaitEach(_ ids: [Int], through writer: SQLiteWriterThread) async throws {
        for id in ids { try await writer.addToScore(of: id) }
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
