import Foundation
import Strata
import StrataCore
import StrataTestSupport
import Testing

/// The crash writer's object (same class name and properties as in StrataAPICrashWriter).
final class CrashItem: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted(indexed: true) var label = ""
    @Persisted var values: List<Int>
    @Persisted var previous: CrashItem?
    @Persisted var note: String?

    /// Item `id` as the writer makes it: label "item id", values [id, 2·id, 3·id].
    static func numbered(_ id: Int) -> CrashItem {
        let item = CrashItem()
        item.id = id
        item.label = "item \(id)"
        item.values.append(objectsIn: [id, 2 * id, 3 * id])
        return item
    }
}

/// The child processes of the crash and load tests, built beside the test bundle by `swift test`.
func apiCrashWriterPath() -> String {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return executable.deletingLastPathComponent().appendingPathComponent("StrataAPICrashWriter").path
}

/// Reads the "ack N" lines a child printed.
func acknowledgements(_ pipe: Pipe) -> [Int] { acknowledgements(pipe.fileHandleForReading) }

/// Reads the "ack N" lines a child printed, to the end of its output.
func acknowledgements(_ output: FileHandle) -> [Int] {
    let text = String(decoding: output.readDataToEndOfFile(), as: UTF8.self)
    return text.split(separator: "\n").compactMap { $0.hasPrefix("ack ") ? Int($0.dropFirst(4)) : nil }
}

@Suite("Crash test through the public API: SIGKILL at random moments")
struct APICrashTests {
    @Test(
        "Objects, lists, indexes and links of every acknowledged write survive SIGKILL; verify() passes",
        arguments: [false, true]
    )
    func killedWriterLosesNothingAcknowledged(redoLog: Bool) async throws {
        try await killLoop(realms: 1, redoLog: redoLog)
    }

    @Test(
        "With 4 realms writing at once (grouped commits), every acknowledged write survives SIGKILL",
        arguments: [false, true]
    )
    func killedGroupedWritersLoseNothingAcknowledged(redoLog: Bool) async throws {
        try await killLoop(realms: 4, redoLog: redoLog)
    }

    /// Kills a child writing from `realms` realm actors at random moments and checks the file after each kill. With
    /// `redoLog` the child commits through the redo log (`STRATA_REDO_LOG=1`), leaving records for the check's open
    /// to replay.
    func killLoop(realms: Int, redoLog: Bool) async throws {
        // 50 a case in `swift test` (four cases run at once); Reliability/run asks for 1,000.
        let kills = Int(ProcessInfo.processInfo.environment["STRATA_CRASH_KILLS"] ?? "") ?? 50
        let seed = UInt64(ProcessInfo.processInfo.environment["STRATA_SEED"] ?? "") ?? UInt64.random(in: 1...(1 << 40))
        print("APICrashTests seed: \(seed), kills: \(kills), redo log: \(redoLog)")
        var random = SeededGenerator(seed: seed)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-api-crash-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("crash.strata")
        var lastAcknowledged = 0
        var inFlightSurvived = 0
        var failures = 0
        for round in 0..<kills {
            let output = Pipe()
            let child = try ChildProcess(
                executable: apiCrashWriterPath(),
                arguments: realms == 1 ? [url.path] : [url.path, "--realms", "\(realms)"],
                // Every other round with a 32 KiB ring, which the child fills every few commits: its kills land
                // across checkpoints, and the next round's open remakes the log at its own length.
                environment: [
                    "STRATA_REDO_LOG": redoLog ? "1" : "0", "STRATA_REDO_LOG_KIB": round % 2 == 0 ? "32" : "8192",
                ],
                standardOutput: .pipe(output)
            )
            try await Task.sleep(for: .milliseconds(Int.random(in: 10...80, using: &random)))
            // Off the cooperative pool, as the check's verify() below: see CrashTests.killAndCheck.
            let reader = output.fileHandleForReading
            let acknowledged = try await onThread {
                child.send(signal: SIGKILL)
                child.waitUntilExit()
                return acknowledgements(reader)
            }
            if let last = acknowledged.max() { lastAcknowledged = max(lastAcknowledged, last) }
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            let problems = try await Self.check(url, acknowledged: lastAcknowledged, inFlight: realms)
            for problem in problems.messages { Issue.record("round \(round): \(problem)") }
            failures += problems.messages.isEmpty ? 0 : 1
            if problems.last > lastAcknowledged { inFlightSurvived += 1 }
            lastAcknowledged = max(lastAcknowledged, problems.last)
        }
        print(
            "RELIABILITY|crash loop, public API (SIGKILL\(realms > 1 ? ", \(realms) realms writing" : "")"
                + "\(redoLog ? ", redo log" : ""))|\(kills)|"
                + "\(lastAcknowledged) acknowledged writes checked, \(inFlightSurvived) in-flight writes survived"
        )
        #expect(failures == 0)
        #expect(FileManager.default.fileExists(atPath: url.path + ".redo") == redoLog, "the child's redo log")
    }

    /// Checks the file against the writer's rules (at most `inFlight` writes past the last acknowledged one);
    /// returns the last item and what is wrong.
    static func check(_ url: URL, acknowledged: Int, inFlight: Int = 1) async throws -> (last: Int, messages: [String])
    {
        let verified: [String] = try await onThread {
            let database = try Database.open(path: url.path)
            defer { database.close() }
            do {
                try database.verify()
                return []
            } catch {
                return ["verify(): \(error)"]
            }
        }
        let realm = try await Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [CrashItem.self]))
        let found = await realm.read { realm -> (Int, [String]) in
            let items = realm.objects(CrashItem.self)
            let last = (items.max(ofProperty: "id") as Int?) ?? 0
            var problems: [String] = []
            if last < acknowledged {
                problems.append("write \(acknowledged) was acknowledged but the file ends at \(last)")
            }
            if last > acknowledged + inFlight {
                problems.append("\(last) is past the \(inFlight) writes that may be in flight")
            }
            func deleted(_ id: Int) -> Bool { (id + 20) % 5 == 0 && id + 20 <= last }
            for id in Swift.max(1, last - 60)...Swift.max(1, last) where last > 0 {
                let item = realm.object(ofType: CrashItem.self, forPrimaryKey: id)
                guard deleted(id) == (item == nil) else {
                    problems.append("item \(id) is \(item == nil ? "missing" : "present but should be deleted")")
                    continue
                }
                guard let item else { continue }
                if item.label != "item \(id)" { problems.append("item \(id) has label \(item.label)") }
                if Array(item.values) != [id, 2 * id, 3 * id] {
                    problems.append("item \(id) has values \(Array(item.values))")
                }
                let expectedPrevious = id > 1 && !deleted(id - 1) ? id - 1 : nil
                if item.previous?.id != expectedPrevious {
                    problems.append("item \(id) links to \(String(describing: item.previous?.id))")
                }
                if id < last, item.note != "next \(id + 1)" {
                    problems.append("item \(id) has note \(String(describing: item.note))")
                }
                if items.filter("label == %@", "item \(id)").count != 1 {
                    problems.append("the label index misses item \(id)")
                }
            }
            return (last, problems)
        }
        return (found.0, verified + found.1)
    }
}
