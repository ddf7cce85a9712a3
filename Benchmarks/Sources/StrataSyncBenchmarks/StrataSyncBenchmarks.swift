import Foundation
import Strata

/// StrataSync's figures (issue 34): pushes per second into one logical database beside the disk's sync rate,
/// propagation latency between two instances with and without `NOTIFY`, and what the outbox costs local writes.
///
///     STRATA_SYNC_CONNINFO=… .build/release/StrataSyncBenchmarks     (`bash Benchmarks/run-sync` starts a server)
///
/// STRATA_SYNC_CONNINFO names the hub's PostgreSQL database. The latency without `NOTIFY` needs a second database,
/// STRATA_SYNC_QUIET_CONNINFO, whose hub functions the run may replace (`strata.push` without its `pg_notify`): the
/// script's throwaway server has one; against another server the figure is skipped unless it is given.
/// BENCH_ONLY=pushes|latency|outbox runs one group of figures, for profiling (nothing is written then).
@main
struct StrataSyncBenchmarks {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--observer" {
            try await LatencyFigure.runObserver(Array(arguments.dropFirst()))
            return
        }
        let environment = ProcessInfo.processInfo.environment
        guard let conninfo = environment["STRATA_SYNC_CONNINFO"] else {
            throw BenchmarkError("set STRATA_SYNC_CONNINFO, or run `bash Benchmarks/run-sync`, which starts a server")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-sync-benchmarks-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let runID = "b" + String(UInt32.random(in: 0...UInt32.max), radix: 36) + "-"
        let setup = BenchSetup(directory: directory, conninfo: conninfo, runID: runID)
        var notes: [String] = []
        let only = environment["BENCH_ONLY"]

        let floor = try DiskFloor.measure(directory: directory)
        print(String(format: "disk floor: %.1f ms", floor * 1e3))
        var pushes: [PushFigure] = []
        for (pushers, objects) in [(1, 1), (1, 20), (4, 1), (4, 20)] where only == nil || only == "pushes" {
            let figure = try await PushFigure.measure(
                setup,
                pushers: pushers,
                objectsPerPush: objects,
                pushesEach: 300 / pushers
            )
            print(String(format: "%d pushers x %d objects: %.0f pushes/s", pushers, objects, figure.pushesPerSecond))
            pushes.append(figure)
        }
        var latency: [LatencyFigure] = []
        if only == nil || only == "latency" {
            latency.append(try await LatencyFigure.measure(setup, conninfo: conninfo, notify: true, samples: 200))
            print(String(format: "latency with NOTIFY: %.2f ms p50", latency[0].median * 1e3))
        }
        if only == nil || only == "latency", let quiet = environment["STRATA_SYNC_QUIET_CONNINFO"] {
            try await installHubWithoutNotify(setup, conninfo: quiet)
            latency.append(try await LatencyFigure.measure(setup, conninfo: quiet, notify: false, samples: 200))
            print(String(format: "latency without NOTIFY: %.1f ms p50", latency[1].median * 1e3))
        } else if only == nil {
            notes.append(
                "latency without NOTIFY not measured: set STRATA_SYNC_QUIET_CONNINFO to a database it may alter"
            )
        }
        let outbox = only == nil || only == "outbox" ? try await OutboxFigure.measure(setup, rounds: 3) : []
        let report = SyncReport(
            date: ISO8601DateFormatter().string(from: Date()),
            diskFloor: floor,
            pushes: pushes,
            latency: latency,
            outbox: outbox,
            notes: notes
        )
        report.printTable()
        guard only == nil else { return }
        let results = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../results"
        ).standardized.path
        try FileManager.default.createDirectory(atPath: results, withIntermediateDirectories: true)
        try report.write(to: results + "/sync-latest.json")
        print("\nwritten to \(results)/sync-latest.json")
    }

    /// Installs the hub in the database `conninfo` names (a synced realm's first pull does), then replaces its
    /// `strata.push` with the same function without `pg_notify`, through `psql`: replicas there see changes only
    /// when they poll.
    static func installHubWithoutNotify(_ setup: BenchSetup, conninfo: String) async throws {
        let realm = try await BenchSetup.open(
            try setup.configuration("install", database: "install", conninfo: conninfo)
        )
        await realm.close()
        let sql = """
            DO $$
            DECLARE definition text := pg_get_functiondef('strata.push(text, text, jsonb)'::regprocedure);
            BEGIN
                IF position('pg_notify(' IN definition) = 0 THEN RAISE 'strata.push calls no pg_notify'; END IF;
                EXECUTE replace(definition, 'pg_notify(', 'concat(');
            END $$;
            """
        let binaries = ProcessInfo.processInfo.environment["STRATA_POSTGRES_BIN"] ?? "/usr/lib/postgresql/15/bin"
        let psql = Process()
        psql.executableURL = URL(fileURLWithPath: binaries + "/psql")
        psql.arguments = ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", conninfo, "-c", sql]
        try psql.run()
        psql.waitUntilExit()
        guard psql.terminationStatus == 0 else { throw BenchmarkError("psql could not replace strata.push") }
    }
}
