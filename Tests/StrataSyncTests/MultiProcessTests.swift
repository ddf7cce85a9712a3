import Foundation
import Strata
import StrataCore
import StrataTestSupport
import Testing

@testable import StrataSync

#if canImport(Glibc)
    import Glibc
#endif

// Replication across processes: `StrataSyncWriter` children (Sources/StrataSyncWriter) write to files of their own,
// or to one file in turn, while this process checks the hub and the files: convergence, exactly-once delivery across
// SIGKILL, and no acknowledged write lost when PostgreSQL restarts or drops the connections.

/// Dog n as `StrataSyncWriter` writes it, rendered as `dogs(_:)` renders it.
func writerDog(_ n: Int, name: String? = nil) -> String {
    "\(n) \(name ?? "dog \(n)") \(n % 17) \(n % 5 == 0 ? "owner \(n / 10)" : "-") [\"t\(n % 3)\"]"
}

/// The people of `realm` as "name [dog ids]", by name.
func people(_ realm: Realm) async -> [String] {
    await realm.read { realm in
        realm.objects(SyncPerson.self).sorted(byKeyPath: "name").map { "\($0.name) \(Array($0.dogs.map(\.id)))" }
    }
}

/// Opens file `name` with the writer's schema (SyncDog and SyncPerson), subscribes to both and waits until the
/// subscriptions are complete.
func openWriterFile(_ directory: SyncDirectory, _ name: String, conninfo: String) async throws -> Realm {
    let realm = try await Realm(
        configuration: directory.configuration(
            name,
            conninfo: conninfo,
            database: "shared",
            types: [SyncDog.self, SyncPerson.self]
        )
    )
    let subscriptions = await realm.read { realm in
        [
            realm.objects(SyncDog.self).subscribe(named: "dogs"),
            realm.objects(SyncPerson.self).subscribe(named: "people"),
        ]
    }
    for subscription in subscriptions { try await waitUntilComplete(subscription) }
    return realm
}

/// Runs one statement on the hub and returns its rows.
func hubRows(_ conninfo: String, _ sql: String, _ parameters: [String?] = []) throws -> [[String?]] {
    let connection = try PostgresConnection(conninfo)
    defer { connection.close() }
    return try connection.execute(sql, parameters).rows
}

/// The ids of the live dogs of the logical database `database` on the hub.
func hubDogIDs(_ conninfo: String, database: String = "shared") throws -> [Int] {
    try hubRows(
        conninfo,
        "SELECT encode(pk, 'hex') FROM strata.objects WHERE db = $1 AND class = 'SyncDog' AND life % 2 = 1",
        [database]
    ).compactMap { row -> Int? in
        guard let bytes = row[0].flatMap(Hex.decode), case .int(let id) = try? ValueCodec.decode(bytes) else {
            return nil
        }
        return Int(id)
    }.sorted()
}

/// What a file's replication state holds: its client identity, the last sequence number it gave a commit, and the
/// outbox rows not yet acknowledged (or set aside).
struct FileSyncState {
    var client: String
    var lastSequence: Int64
    var outbox: Int
    var setAside: Int

    /// Reads it from the file at `path` (no realm of it may be open in this process).
    init?(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let database = try Database.open(path: path)
        defer { database.close() }
        let reading = try database.beginRead()
        guard let row = try SyncTables.clientRow(reading) else { return nil }
        client = row.id
        lastSequence = row.nextSequence - 1
        outbox = try SyncTables.pendingOutbox(reading, byteLimit: .max).count
        setAside = try SyncTables.setAsideRows(reading).count
    }
}

@Suite("Replication across processes")
struct MultiProcessTests {
    @Test("two processes converge, conflicting edits of dog 0 included, then edits both ways", .timeLimit(.minutes(10)))
    func twoProcessesConverge() async throws {
        try await converge(processes: 2, mode: "write-wait")
    }

    @Test("three processes converge while following change streams, then edits both ways", .timeLimit(.minutes(10)))
    func threeProcessesConverge() async throws {
        try await converge(processes: 3, mode: "follow")
    }

    /// Runs `processes` writers at once, each adding 100 dogs of its own and renaming dog 0, checks that every file
    /// (theirs and a fresh one) and the hub hold exactly the same dogs and people, then edits two files and checks
    /// again.
    func converge(processes: Int, mode: String) async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            let names = Array(["a", "b", "c"].prefix(processes))
            let perProcess = 100
            let total = processes * perProcess + 1
            let ranges = names.indices.map { (1000 * ($0 + 1))..<(1000 * ($0 + 1) + perProcess) }
            var children: [WriterChild] = []
            for (name, range) in zip(names, ranges) {
                var arguments = [
                    directory.path + "/\(name).strata", conninfo, "shared", "\(range.lowerBound)", "\(perProcess)",
                    mode,
                    "--name", name,
                ]
                if mode == "follow" { arguments += ["--expect", "\(total)"] }
                children.append(try WriterChild(arguments))
            }
            for (child, range) in zip(children, ranges) {
                let (status, lines) = await child.finish()
                #expect(status == 0)
                #expect(WriterChild.acknowledged(lines) == Array(range))
                #expect(lines.contains("uploaded"))
                if mode == "follow" { #expect(lines.contains("sees \(total) dogs")) }
            }
            var realms: [Realm] = []
            for name in names + ["fresh"] {
                realms.append(try await openWriterFile(directory, name, conninfo: conninfo))
            }
            try await settle(realms)
            try await settle(realms)
            let expected = try await dogs(realms[0])
            for realm in realms.dropFirst() {
                #expect(try await dogs(realm) == expected)
                #expect(await people(realm) == people(realms[0]))
            }
            #expect(expected.count == total)
            let winner = expected.first.map { String($0.split(separator: " ")[1]) } ?? "?"
            #expect(names.contains(winner))
            #expect(Array(expected.dropFirst()) == ranges.flatMap { $0.map { writerDog($0) } })
            #expect(
                await people(realms[0])
                    == ranges.flatMap { range in
                        stride(from: range.lowerBound, to: range.upperBound, by: 10).map {
                            "owner \($0 / 10) [\($0), \($0 + 5)]"
                        }
                    }
            )
            #expect(try hubDogIDs(conninfo) == [0] + ranges.flatMap { Array($0) })
            // Edits both ways: the first file renames a dog of the second writer, the second deletes one of the first.
            let (renamed, deleted) = (ranges[1].lowerBound + 1, ranges[0].lowerBound + 1)
            try await realms[0].write { realm in
                realm.object(ofType: SyncDog.self, forPrimaryKey: renamed)!.name = "renamed"
            }
            try await realms[1].write { realm in
                try realm.delete(realm.object(ofType: SyncDog.self, forPrimaryKey: deleted)!)
                realm.object(ofType: SyncDog.self, forPrimaryKey: 0)!.age = 99
            }
            try await settle(realms)
            try await settle(realms)
            let edited = try await dogs(realms[0])
            for realm in realms.dropFirst() { #expect(try await dogs(realm) == edited) }
            #expect(edited.count == total - 1)
            #expect(edited.first == "0 \(winner) 99 - []")
            #expect(edited.contains(writerDog(renamed, name: "renamed")))
            #expect(!edited.contains(writerDog(deleted)))
            #expect(try hubDogIDs(conninfo).count == total - 1)
        }
    }

    @Test("exactly once: a writer SIGKILLed at random moments, restarted on the same file", .timeLimit(.minutes(10)))
    func exactlyOnceAcrossKills() async throws {
        try await withCluster { cluster in
            let kills = Int(ProcessInfo.processInfo.environment["STRATA_SYNC_KILLS"] ?? "") ?? 20
            let seed = UInt64(ProcessInfo.processInfo.environment["STRATA_SEED"] ?? "") ?? .random(in: 1...(1 << 40))
            print("MultiProcessTests.exactlyOnceAcrossKills seed: \(seed), kills: \(kills)")
            var random = SeededGenerator(seed: seed)
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            let path = directory.path + "/killed.strata"
            // Round r writes dogs from r * stride + 1 on; a round's ids that may exist are the acknowledged ones and
            // the one after (committed, killed before its "ack").
            let stride = 100_000
            var acknowledged: [Int] = []
            var mayExist = Set<Int>()
            var last = (file: Int64(0), hub: Int64(0))
            var killedWhileStarting = 0
            func hubLastSequence(_ client: String) throws -> Int64 {
                let rows = try hubRows(
                    conninfo,
                    "SELECT last_seq FROM strata.clients WHERE db = 'shared' AND client = $1",
                    [client]
                )
                return rows.first?.first.flatMap { $0.flatMap { Int64($0) } } ?? 0
            }
            for round in 0...kills {
                let start = round * stride + 1
                let final = round == kills
                // The last round is not killed: it writes ten dogs and waits until the hub has everything.
                let child = try WriterChild([
                    path, conninfo, "shared", "\(start)", final ? "10" : "5000", final ? "write-wait" : "write",
                ])
                if !final {
                    // A quarter of the kills land while the child starts (opening, registering, subscribing), the
                    // rest while it writes: 0-300 ms after it said "ready".
                    let duringStart = Int.random(in: 0..<4, using: &random) == 0
                    let delay = Int.random(in: 0...300, using: &random)
                    if !duringStart {
                        for await line in child.lines where line == "ready" { break }
                    }
                    try await Task.sleep(for: .milliseconds(delay))
                    child.kill()
                    killedWhileStarting += duringStart ? 1 : 0
                }
                let (status, lines) = await child.finish()
                let acks = WriterChild.acknowledged(lines)
                #expect(acks == Array(start..<(start + acks.count)), "round \(round): acks out of order")
                acknowledged += acks
                mayExist.formUnion(start...(start + acks.count))
                if final {
                    #expect(status == 0)
                    #expect(acks.count == 10 && lines.contains("uploaded"))
                }
                guard let file = try FileSyncState(path: path) else { continue }
                // Sequence numbers never move back, and the hub never acknowledges one the file did not give.
                let hub = try hubLastSequence(file.client)
                #expect(file.lastSequence >= last.file, "round \(round): the file's sequence moved back")
                #expect(hub >= last.hub, "round \(round): the hub's last_seq moved back")
                #expect(hub <= file.lastSequence, "round \(round): the hub is ahead of the file")
                last = (file.lastSequence, hub)
            }
            let file = try #require(try FileSyncState(path: path))
            #expect(file.outbox == 0)
            #expect(file.setAside == 0)
            #expect(try hubLastSequence(file.client) == file.lastSequence)
            let onHub = try hubDogIDs(conninfo)
            let missing = Set(acknowledged).subtracting(onHub)
            let unexpected = Set(onHub).subtracting(mayExist)
            #expect(missing.isEmpty, "acknowledged but not on the hub: \(missing.sorted().prefix(20))")
            #expect(unexpected.isEmpty, "on the hub but never attempted: \(unexpected.sorted().prefix(20))")
            // Each dog was created once, at life 1, and no write was ever lost to a replay of an older one.
            let replays = try hubRows(
                conninfo,
                """
                SELECT (SELECT count(*) FROM strata.objects WHERE db = 'shared' AND life <> 1)
                     + (SELECT count(*) FROM strata.lost_writes WHERE db = 'shared')
                """
            )
            let duplicated = Int(replays.first?.first.flatMap { $0 } ?? "") ?? -1
            #expect(duplicated == 0)
            // A fresh file downloads exactly the hub's dogs, each as it was written.
            let fresh = try await openWriterFile(directory, "fresh", conninfo: conninfo)
            try await (await fresh.syncSession)!.wait(for: .download)
            #expect(try await dogs(fresh) == onHub.map { writerDog($0) })
            print(
                "RELIABILITY|sync exactly once (SIGKILL of a synced writer)|\(kills)|"
                    + "\(killedWhileStarting) kills while starting, \(acknowledged.count) acknowledged transactions, "
                    + "\(onHub.count) dogs on the hub, "
                    + "\(missing.count) lost, \(duplicated) duplicated, last sequence \(file.lastSequence)"
            )
        }
    }

    @Test(
        "PostgreSQL restarting and dropping connections mid-run loses no acknowledged write",
        .timeLimit(.minutes(10))
    )
    func restartAndTerminatedBackends() async throws {
        // Started off the cooperative pool (see `withCluster`).
        guard let cluster = try await onThread({ try PostgresCluster.start() }) else {
            print("skipped: PostgreSQL 15 not installed (\(PostgresCluster.binDirectory))")
            return
        }
        defer { cluster.stop() }
        let conninfo = try cluster.createDatabase("restarts")
        let directory = SyncDirectory()
        // Each "ack n" comes once the hub acknowledged transaction n: the restart and the terminations hit a writer
        // that has transactions left and is waiting on the hub.
        let child = try WriterChild([directory.path + "/writer.strata", conninfo, "shared", "1", "200", "write-wait"])
        var (restarted, terminated) = (false, false)
        for await line in child.lines {
            guard let n = WriterChild.acknowledged([line]).first else { continue }
            if n >= 50 && !restarted {
                try await onThread { try cluster.restart() }
                restarted = true
            } else if n >= 120 && !terminated {
                try await onThread { try cluster.terminateBackends(database: "restarts") }
                terminated = true
            }
        }
        let (status, lines) = await child.finish()
        #expect(status == 0)
        #expect(WriterChild.acknowledged(lines) == Array(1...200))
        #expect(restarted && terminated)
        #expect(try hubDogIDs(conninfo) == Array(1...200))
        let second = try await openWriterFile(directory, "second", conninfo: conninfo)
        try await (await second.syncSession)!.wait(for: .download)
        #expect(try await dogs(second) == (1...200).map { writerDog($0) })
        let file = try #require(try FileSyncState(path: directory.path + "/writer.strata"))
        #expect(file.outbox == 0)
        #expect(
            try hubRows(conninfo, "SELECT last_seq FROM strata.clients WHERE client = $1", [file.client]).first?.first
                == .some("\(file.lastSequence)")
        )
    }
}
