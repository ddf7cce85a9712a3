import Foundation
import Strata
import StrataCore
import Testing

@testable import StrataSync

// The subscription API as seed 001 declares it (milestone 1: whole classes), and the faults a synced realm must
// survive with a clear error and nothing lost.

@Suite("Subscriptions and sync faults")
struct SubscriptionTests {
    @Test("subscribe returns at once; names, queries and types follow Realm's rules", .timeLimit(.minutes(10)))
    func subscriptionRules() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            let realm = try await Realm(configuration: directory.configuration("a", conninfo: conninfo, database: "s"))
            let (first, again, other, filtered, limited, unkeyed, unnamed, unnamedAgain) = await realm.read { realm in
                let first = realm.objects(SyncDog.self).subscribe(named: "dogs")
                return (
                    first,
                    realm.objects(SyncDog.self).subscribe(named: "dogs"),
                    realm.objects(SyncPerson.self).subscribe(named: "dogs", update: true),
                    realm.objects(SyncDog.self).filter("age > 3").subscribe(named: "old"),
                    realm.objects(SyncPerson.self).subscribe(named: "few", limit: 3),
                    realm.objects(SyncUnkeyed.self).subscribe(named: "unkeyed"),
                    realm.objects(SyncPerson.self).subscribe(),
                    realm.objects(SyncPerson.self).subscribe()
                )
            }
            #expect(first.state == .creating || first.state == .pending || first.state == .complete)
            #expect(again === first)
            #expect(unnamed === unnamedAgain)
            #expect(unnamed.name == nil)
            guard case .error(.subscriptionConflict(let message)) = other.state else {
                Issue.record("another type under one name: \(other.state)")
                return
            }
            #expect(message.contains("SyncDog"))
            #expect(
                filtered.state
                    == .error(.unsupportedSubscription("a query (age > 3); milestone 1 subscribes to whole classes"))
                    || {
                        if case .error(.unsupportedSubscription) = filtered.state { return true }
                        return false
                    }()
            )
            #expect(limited.state == .error(.unsupportedSubscription("limit")))
            try await waitUntilComplete(first)
            try await waitUntilComplete(unnamed)
            var unkeyedError: SyncError?
            for await state in unkeyed.states {
                if case .error(let error) = state {
                    unkeyedError = error
                    break
                }
            }
            #expect(
                unkeyedError
                    == .unsupportedClass(
                        className: "SyncUnkeyed",
                        reason: "milestone 1 syncs classes with a primary key"
                    )
            )
            let stored = await realm.subscriptions().map { $0.name ?? "(unnamed)" }
            #expect(stored == ["(unnamed)", "dogs"])
            #expect(await realm.subscription(named: "dogs") === first)
        }
    }

    @Test("a file reopened while the hub has nothing new completes its stored subscriptions", .timeLimit(.minutes(10)))
    func reopenedFileCompletesSubscriptions() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            do {
                let realm = try await openSynced(directory, "a", conninfo: conninfo)
                try await realm.write { realm in try realm.add(SyncDog(value: ["id": 1, "name": "rex"])) }
                try await settle([realm])
            }
            #expect(ReplicaRegistry.replica(path: directory.path + "/a.strata") == nil)
            // Nobody pushes meanwhile: the first pull finds the cursor at the hub's head.
            let reopened = try await openSynced(directory, "a", conninfo: conninfo)
            #expect(try await dogs(reopened) == ["1 rex 0 - []"])
        }
    }

    @Test("unsubscribe removes the class's local objects, not the hub's", .timeLimit(.minutes(10)))
    func unsubscribeRemovesLocalObjects() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            let a = try await openSynced(directory, "a", conninfo: conninfo)
            try await a.write { realm in try realm.add(SyncDog(value: ["id": 1, "name": "rex"])) }
            try await (await a.syncSession)!.wait(for: .upload)
            let subscription = try #require(await a.subscription(named: "dogs"))
            try await subscription.unsubscribe()
            #expect(subscription.state == .invalidated)
            #expect(await a.read { $0.objects(SyncDog.self).count } == 0)
            let b = try await openSynced(directory, "b", conninfo: conninfo)
            #expect(try await dogs(b) == ["1 rex 0 - []"])
        }
    }

    @Test("objects made before their class was subscribed join the logical database", .timeLimit(.minutes(10)))
    func objectsBeforeSubscription() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            let a = try await Realm(configuration: directory.configuration("a", conninfo: conninfo, database: "shared"))
            try await a.write { realm in try realm.add(SyncDog(value: ["id": 5, "name": "early"])) }
            let subscription = await a.read { realm in realm.objects(SyncDog.self).subscribe(named: "dogs") }
            try await waitUntilComplete(subscription)
            try await (await a.syncSession)!.wait(for: .upload)
            let b = try await openSynced(directory, "b", conninfo: conninfo)
            #expect(try await dogs(b) == ["5 early 0 - []"])
        }
    }

    @Test("PostgreSQL unreachable: the session is offline, local writes go on and are pushed later")
    func unreachableThenBack() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            // A socket directory where no server listens.
            let nowhere = "host=/nonexistent-strata port=5432 dbname=x user=postgres connect_timeout=1"
            let offline = try await Realm(
                configuration: directory.configuration("a", conninfo: nowhere, database: "shared")
            )
            let subscription = await offline.read { realm in realm.objects(SyncDog.self).subscribe(named: "dogs") }
            for await state in subscription.states where state == .pending { break }
            try await offline.write { realm in try realm.add(SyncDog(value: ["id": 9, "name": "offline"])) }
            var sawOffline = false
            for await state in (await offline.syncSession)!.states {
                if case .offline(let reason) = state, reason != "connecting" {
                    sawOffline = true
                    break
                }
            }
            #expect(sawOffline)
            #expect(await offline.read { $0.objects(SyncDog.self).count } == 1)
            await offline.close()
            // The same file, now with a reachable hub: the outbox written offline is pushed.
            let online = try await Realm(
                configuration: directory.configuration("a", conninfo: conninfo, database: "shared")
            )
            try await (await online.syncSession)!.wait(for: .upload)
            let b = try await openSynced(directory, "b", conninfo: conninfo)
            #expect(try await dogs(b) == ["9 offline 0 - []"])
        }
    }

    @Test("configurations sync refuses, and a synced file opened without sync cannot be written")
    func refusedConfigurations() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            var memory = directory.configuration("m", conninfo: conninfo, database: "shared")
            memory.inMemoryIdentifier = "strata-sync-memory"
            await #expect(throws: SyncError.invalidConfiguration("an in-memory realm cannot be synced")) {
                _ = try await Realm(configuration: memory)
            }
            let long = String(repeating: "x", count: 57)
            await #expect(throws: SyncError.self) {
                _ = try await Realm(configuration: directory.configuration("l", conninfo: conninfo, database: long))
            }
            let synced = try await Realm(configuration: directory.configuration("f", conninfo: conninfo, database: "d"))
            let path = synced.configuration.fileURL!.path
            // Another process (here: a handle of the file's own, without the commit hook) cannot write it.
            let other = try Database.openUnshared(path: path, options: DatabaseOptions())
            defer { other.close() }
            let write = try await other.beginWrite()
            let table = try #require(try write.table(named: "SyncDog"))
            try write.createObject(in: table.key, values: [:])
            #expect(throws: StorageError.replicatedFileNotAttached(path: path)) { try write.commit() }
            await synced.close()
        }
    }

    @Test("a property of another type on the hub stops that class, with both types named", .timeLimit(.minutes(10)))
    func typeMismatchStopsTheClass() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let connection = try PostgresConnection(conninfo)
            let directory = SyncDirectory()
            let a = try await openSynced(directory, "a", conninfo: conninfo)
            try await a.write { realm in try realm.add(SyncDog(value: ["id": 1])) }
            try await (await a.syncSession)!.wait(for: .upload)
            // Another instance's model said `age` is a string.
            _ = try connection.execute(
                "UPDATE strata.types SET type = 'string' WHERE class = 'SyncDog' AND property = 'age'"
            )
            let b = try await Realm(configuration: directory.configuration("b", conninfo: conninfo, database: "shared"))
            let subscription = await b.read { realm in realm.objects(SyncDog.self).subscribe(named: "dogs") }
            var error: SyncError?
            for await state in subscription.states {
                if case .error(let failure) = state {
                    error = failure
                    break
                }
            }
            #expect(error == .propertyTypeMismatch(className: "SyncDog", property: "age", local: "int", hub: "string"))
        }
    }
}
