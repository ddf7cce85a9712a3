import Foundation
import Strata
import StrataCore
import Testing

@testable import StrataSync

// What a synced realm does when the hub is not as it should be: each fault is a session in `.error` with a SyncError
// that says what to fix, and local writes go on. Also: pulled changes reach change streams, and a copy of a synced
// file is a new instance.

/// The first `.error` state of `realm`'s session.
func firstError(of realm: Realm) async -> SyncError? {
    for await state in (await realm.syncSession)!.states {
        if case .error(let error) = state { return error }
    }
    return nil
}

@Suite("Sync faults and edges")
struct SyncFaultTests {
    @Test(
        "a role without the grants gets missingPrivilege naming the GRANT; local writes go on",
        .timeLimit(.minutes(10))
    )
    func missingPrivilege() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            // The hub is installed by its owner; the application's role has no grant on it.
            let owner = try await openSynced(directory, "owner", conninfo: conninfo)
            await owner.close()
            let role = "app_" + UUID().uuidString.prefix(8).lowercased()
            try cluster.createRole(role, password: nil)
            let database = conninfo.split(separator: " ").first { $0.hasPrefix("dbname=") }!.dropFirst(7)
            var configuration = directory.configuration(
                "app",
                conninfo: cluster.conninfo(database: String(database), user: role),
                database: "shared"
            )
            configuration.syncConfiguration?.installsHubSchema = false
            let realm = try await Realm(configuration: configuration)
            _ = await realm.read { realm in realm.objects(SyncDog.self).subscribe(named: "dogs") }
            let error = await firstError(of: realm)
            guard case .missingPrivilege(let message)? = error else {
                Issue.record("expected missingPrivilege, got \(String(describing: error))")
                return
            }
            #expect(message.contains("GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA strata"))
            try await realm.write { realm in try realm.add(SyncDog(value: ["id": 1])) }
            #expect(await realm.read { $0.objects(SyncDog.self).count } == 1)
        }
    }

    @Test("a missing hub schema that may not be installed, and one from a newer Strata", .timeLimit(.minutes(10)))
    func hubSchemaMissingOrNewer() async throws {
        try await withCluster { cluster in
            let directory = SyncDirectory()
            var missing = directory.configuration("m", conninfo: try freshHub(cluster), database: "shared")
            missing.syncConfiguration?.installsHubSchema = false
            let realm = try await Realm(configuration: missing)
            guard case .hubSchema(let message)? = await firstError(of: realm) else {
                Issue.record("expected hubSchema")
                return
            }
            #expect(message.contains("not installed"))

            let newer = try freshHub(cluster)
            let connection = try PostgresConnection(newer)
            try connection.executeScript(HubSchema.installSQL)
            _ = try connection.execute(
                "CREATE OR REPLACE FUNCTION strata.hub_version() RETURNS int LANGUAGE sql AS 'SELECT 99'"
            )
            let second = try await Realm(configuration: directory.configuration("n", conninfo: newer, database: "s"))
            #expect(
                await firstError(of: second)
                    == .hubSchema(
                        "the hub schema is version 99, installed by a newer Strata; this library knows version "
                            + "\(HubSchema.version)"
                    )
            )
        }
    }

    @Test("two live copies of one file with one client identity: the second is refused", .timeLimit(.minutes(10)))
    func duplicateClientIdentity() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            let first = try await openSynced(directory, "a", conninfo: conninfo)
            try await first.write { realm in try realm.add(SyncDog(value: ["id": 1])) }
            try await (await first.syncSession)!.wait(for: .upload)
            // A copy made behind Strata's back keeps the identity (writeCopy would give it a new one).
            let copy = directory.path + "/copy.strata"
            try FileManager.default.copyItem(atPath: directory.path + "/a.strata", toPath: copy)
            let second = try await Realm(
                configuration: directory.configuration("copy", conninfo: conninfo, database: "shared")
            )
            try await second.write { realm in try realm.add(SyncDog(value: ["id": 2])) }
            guard case .duplicateClient? = await firstError(of: second) else {
                Issue.record("expected duplicateClient")
                return
            }
        }
    }

    @Test("writeCopy of a synced realm is a new instance: no replication state is copied", .timeLimit(.minutes(10)))
    func writeCopyDropsIdentity() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            let realm = try await openSynced(directory, "a", conninfo: conninfo)
            try await realm.write { realm in try realm.add(SyncDog(value: ["id": 3, "name": "copied"])) }
            let copy = URL(fileURLWithPath: directory.path + "/copy.strata")
            try await realm.writeCopy(toFile: copy)
            let database = try Database.openUnshared(path: copy.path, options: DatabaseOptions(readOnly: true))
            defer { database.close() }
            let reading = try database.beginRead()
            #expect(reading.tableSpecs.filter { $0.name.hasPrefix("__strata_sync_") }.isEmpty)
            #expect(try reading.table(named: "SyncDog")?.count == 1)
        }
    }

    @Test("a pulled change reaches another instance's change stream like any commit", .timeLimit(.minutes(10)))
    func pulledChangesReachStreams() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            let a = try await openSynced(directory, "a", conninfo: conninfo)
            let b = try await openSynced(directory, "b", conninfo: conninfo)
            let stream = await b.read { realm in realm.objects(SyncDog.self).sorted(byKeyPath: "id").changes() }
            try await a.write { realm in try realm.add(SyncDog(value: ["id": 11, "name": "streamed"])) }
            var seen: [Int] = []
            for await change in stream {
                switch change {
                case .initial(let dogs): seen = dogs.map(\.id)
                case .update(let dogs, _, let insertions, _):
                    seen = dogs.map(\.id)
                    if !insertions.isEmpty { break }
                case .error(let error): throw error
                }
                if seen == [11] { break }
            }
            #expect(seen == [11])
        }
    }
}

@Suite("Downloads of a new instance")
struct BootstrapTests {
    @Test("a new instance downloads 1,200 hub versions, each object exactly once", .timeLimit(.minutes(10)))
    func bootstrapOfManyVersions() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            // The types are registered by a first instance; then 1,200 pushes (one version each) arrive from
            // elsewhere.
            let first = try await openSynced(directory, "first", conninfo: conninfo)
            await first.close()
            let connection = try PostgresConnection(conninfo)
            for id in 0..<1200 {
                let entry: [String: Any] = [
                    "seq": 1, "class": "SyncDog", "pk": Hex.encode(ValueCodec.encode(.int(Int64(id)))),
                    "op": "create", "life": 1, "hlc": 1_000 + id,
                    "props": [
                        "name": Hex.encode(ValueCodec.encode(.string("dog \(id)"))),
                        "age": Hex.encode(ValueCodec.encode(.int(Int64(id % 7)))),
                    ],
                ]
                let json = String(decoding: try JSONSerialization.data(withJSONObject: [entry]), as: UTF8.self)
                _ = try connection.execute(
                    "SELECT strata.push($1, $2, $3::jsonb)",
                    ["shared", "writer-\(id)", json]
                )
            }
            #expect(try connection.execute("SELECT strata.head('shared')").rows == [["1200"]])
            let fresh = try await openSynced(directory, "fresh", conninfo: conninfo)
            try await (await fresh.syncSession)!.wait(for: .download)
            let (count, sample) = await fresh.read { realm in
                let dogs = realm.objects(SyncDog.self)
                return (dogs.count, dogs.filter("id == 1199").first.map { "\($0.name) \($0.age)" })
            }
            #expect(count == 1200)
            #expect(sample == "dog 1199 2")
        }
    }
}

@Suite("Replication metrics")
struct ReplicationMetricTests {
    @Test(
        "uploads, downloads and the backlog reach the metrics hook as strata.replication samples",
        .timeLimit(.minutes(10))
    )
    func metricsAreReported() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            let seen = Locked<[ReplicationMetric]>([])
            var configuration = directory.configuration("a", conninfo: conninfo, database: "shared")
            configuration.metrics = { metric in
                if case .replication(let replication) = metric { seen.withLock { $0.append(replication) } }
            }
            let realm = try await Realm(configuration: configuration)
            let subscription = await realm.read { realm in realm.objects(SyncDog.self).subscribe(named: "dogs") }
            try await waitUntilComplete(subscription)
            try await realm.write { realm in try realm.add(SyncDog(value: ["id": 1])) }
            try await (await realm.syncSession)!.wait(for: .upload)
            // The waiter may see the outbox empty before the pusher has reported the backlog after its commit.
            for _ in 0..<500 where !seen.withLock({ $0.contains(.backlog(commits: 0)) }) {
                try await Task.sleep(for: .milliseconds(10))
            }
            let metrics = seen.withLock { $0 }
            #expect(metrics.contains { if case .uploaded(commits: 1, _) = $0 { true } else { false } })
            #expect(metrics.contains(.backlog(commits: 0)))
            #expect(metrics.contains { if case .downloaded = $0 { true } else { false } })
            let labels = Set(metrics.flatMap(\.samples).map(\.label))
            #expect(labels.isSuperset(of: ["strata.replication.upload.commits", "strata.replication.backlog"]))
            #expect(labels.allSatisfy { $0.hasPrefix("strata.replication.") })
        }
    }
}

/// The second version of the synced models: `SyncDog` gains `color`.
enum ModelsV2 {
    final class SyncDog: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var name = ""
        @Persisted var age = 0
        @Persisted var owner: SyncPerson?
        @Persisted var tags: List<String>
        @Persisted var color = ""
    }

    final class SyncPerson: Object {
        @Persisted(primaryKey: true) var name = ""
        @Persisted var dogs: List<SyncDog>
    }
}

@Suite("Migrations of synced classes")
struct SyncedMigrationTests {
    @Test("a property added by a migration replicates; the old ones keep flowing", .timeLimit(.minutes(10)))
    func addedPropertyReplicates() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            let v1 = try await openSynced(directory, "a", conninfo: conninfo)
            try await v1.write { realm in try realm.add(SyncDog(value: ["id": 1, "name": "rex"])) }
            try await (await v1.syncSession)!.wait(for: .upload)
            await v1.close()
            let types: [ObjectBase.Type] = [ModelsV2.SyncDog.self, ModelsV2.SyncPerson.self]
            var configuration = directory.configuration("a", conninfo: conninfo, database: "shared", types: types)
            configuration.schemaVersion = 1
            let v2 = try await Realm(configuration: configuration)
            try await v2.write { realm in
                let dog = realm.object(ofType: ModelsV2.SyncDog.self, forPrimaryKey: 1)!
                dog.color = "red"
                dog.age = 4
            }
            try await (await v2.syncSession)!.wait(for: .upload)
            var other = directory.configuration("b", conninfo: conninfo, database: "shared", types: types)
            other.schemaVersion = 1
            let b = try await Realm(configuration: other)
            let subscription = await b.read { realm in realm.objects(ModelsV2.SyncDog.self).subscribe(named: "dogs") }
            try await waitUntilComplete(subscription)
            let seen = await b.read { realm in
                realm.objects(ModelsV2.SyncDog.self).map { "\($0.id) \($0.name) \($0.age) \($0.color)" }
            }
            #expect(Array(seen) == ["1 rex 4 red"])
        }
    }
}
