import Foundation
import Strata
import Testing

@testable import StrataSync

// Several instances (here: several files in one process, each with its own replica) sharing one logical database
// through a real PostgreSQL the fixture starts: convergence, the conflict rules, every value type, the subscription
// API, and local writes going on while the hub is away.

/// A fresh PostgreSQL database for one test (tests run in parallel; each has its own hub).
func freshHub(_ cluster: PostgresCluster) throws -> String {
    try cluster.createDatabase("t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())
}

/// Opens the realm of file `name`, subscribes it to every synced class and waits until the subscriptions are complete.
func openSynced(_ directory: SyncDirectory, _ name: String, conninfo: String, database: String = "shared")
    async throws -> Realm
{
    let realm = try await Realm(
        configuration: directory.configuration(name, conninfo: conninfo, database: database)
    )
    let subscriptions = await realm.read { realm in
        [
            realm.objects(SyncDog.self).subscribe(named: "dogs"),
            realm.objects(SyncPerson.self).subscribe(named: "people"),
            realm.objects(SyncAllTypes.self).subscribe(named: "all"),
        ]
    }
    for subscription in subscriptions { try await waitUntilComplete(subscription) }
    return realm
}

/// Waits until `subscription` is complete; fails the test on an error state.
func waitUntilComplete(_ subscription: SyncSubscription) async throws {
    for await state in subscription.states {
        if state == .complete { return }
        if case .error(let error) = state { throw error }
    }
}

/// Uploads `from`'s commits and downloads them into each of `to`.
func settle(_ realms: [Realm]) async throws {
    for realm in realms { try await (await realm.syncSession)!.wait(for: .upload) }
    for realm in realms { try await (await realm.syncSession)!.wait(for: .download) }
}

/// The dogs of `realm` as (id, name, age), by id.
func dogs(_ realm: Realm) async throws -> [String] {
    await realm.read { realm in
        realm.objects(SyncDog.self).sorted(byKeyPath: "id").map {
            "\($0.id) \($0.name) \($0.age) \($0.owner?.name ?? "-") \(Array($0.tags))"
        }
    }
}

@Suite("Replication through PostgreSQL")
struct ReplicationTests {
    @Test("two instances converge: 1,000 objects in 100 transactions, then edits both ways", .timeLimit(.minutes(10)))
    func twoInstancesConverge() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            let a = try await openSynced(directory, "a", conninfo: conninfo)
            let b = try await openSynced(directory, "b", conninfo: conninfo)
            for batch in 0..<100 {
                try await a.write { realm in
                    for index in 0..<10 {
                        let id = batch * 10 + index
                        try realm.add(SyncDog(value: ["id": id, "name": "dog \(id)", "age": id % 17]))
                    }
                }
            }
            try await settle([a, b])
            #expect(await b.read { $0.objects(SyncDog.self).count } == 1000)
            #expect(try await dogs(a) == dogs(b))
            // Edits both ways, then a delete from each side.
            try await b.write { realm in
                for dog in realm.objects(SyncDog.self).filter("id < 10") { dog.age = 100 }
                try realm.delete(realm.object(ofType: SyncDog.self, forPrimaryKey: 999)!)
            }
            try await a.write { realm in
                realm.object(ofType: SyncDog.self, forPrimaryKey: 500)!.name = "renamed"
                try realm.delete(realm.object(ofType: SyncDog.self, forPrimaryKey: 998)!)
            }
            try await settle([a, b])
            try await settle([a, b])
            let final = try await dogs(a)
            #expect(final == (try await dogs(b)))
            #expect(final.count == 998)
            #expect(final.contains("500 renamed 7 - []"))
            #expect(final.first == "0 dog 0 100 - []")
        }
    }

    @Test(
        "a commit is pushed when it lands, though the hook woke the pusher before it was visible",
        .timeLimit(.minutes(10))
    )
    func commitIsPushedWithoutWaitingForThePoll() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            // The writer's pusher polls once an hour: each commit must be pushed because its own wake-up led to it.
            var configuration = directory.configuration("a", conninfo: conninfo, database: "shared")
            configuration.syncConfiguration!.pollInterval = .seconds(3600)
            let a = try await Realm(configuration: configuration)
            let subscription = await a.read { realm in realm.objects(SyncDog.self).subscribe(named: "dogs") }
            for await state in subscription.states where state != .creating { break }
            let b = try await openSynced(directory, "b", conninfo: conninfo)
            for id in 0..<20 {
                try await a.write { realm in try realm.add(SyncDog(value: ["id": id, "name": "dog \(id)"])) }
                while await b.read({ $0.objects(SyncDog.self).count }) <= id {
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
        }
    }

    @Test("conflicting edits of one property settle identically everywhere", .timeLimit(.minutes(10)))
    func conflictingEditsSettle() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            let realms = [
                try await openSynced(directory, "a", conninfo: conninfo),
                try await openSynced(directory, "b", conninfo: conninfo),
                try await openSynced(directory, "c", conninfo: conninfo),
            ]
            try await realms[0].write { realm in try realm.add(SyncDog(value: ["id": 1, "name": "start", "age": 1])) }
            try await settle(realms)
            // Each instance renames the dog (and changes a different property) without seeing the others.
            for (index, realm) in realms.enumerated() {
                try await realm.write { realm in
                    let dog = realm.object(ofType: SyncDog.self, forPrimaryKey: 1)!
                    dog.name = "name from \(index)"
                    if index == 1 { dog.age = 42 }
                }
            }
            try await settle(realms)
            try await settle(realms)
            let seen = await withTaskGroup(of: [String].self) { group in
                for realm in realms { group.addTask { (try? await dogs(realm)) ?? [] } }
                return await group.reduce(into: Set<[String]>()) { $0.insert($1) }
            }
            #expect(seen.count == 1, "instances disagree: \(seen)")
            let only = seen.first?.first ?? ""
            // Per-property: the age written by one instance survives whichever name won.
            #expect(only.hasSuffix(" 42 - []"))
            #expect(only.hasPrefix("1 name from "))
        }
    }

    @Test(
        "a delete beats a concurrent update; a create after an unseen delete starts a new life",
        .timeLimit(.minutes(10))
    )
    func deleteAgainstUpdateAndRecreate() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            let a = try await openSynced(directory, "a", conninfo: conninfo)
            let b = try await openSynced(directory, "b", conninfo: conninfo)
            try await a.write { realm in try realm.add(SyncDog(value: ["id": 7, "name": "seven", "age": 7])) }
            try await settle([a, b])
            try await a.write { realm in try realm.delete(realm.object(ofType: SyncDog.self, forPrimaryKey: 7)!) }
            // Usually b has not yet pulled the delete; when it has, there is nothing left to update, and the outcome
            // asked of the race is the same.
            try await b.write { realm in realm.object(ofType: SyncDog.self, forPrimaryKey: 7)?.age = 70 }
            try await settle([a, b])
            try await settle([a, b])
            #expect(try await dogs(a) == [])
            #expect(try await dogs(b) == [])
            // A fresh instance that never saw 7 creates it: a new life, not lost to the delete it had not seen.
            let c = try await openSynced(directory, "c", conninfo: conninfo)
            try await c.write { realm in try realm.add(SyncDog(value: ["id": 7, "name": "again", "age": 1])) }
            try await settle([a, b, c])
            try await settle([a, b, c])
            #expect(try await dogs(a) == ["7 again 1 - []"])
            #expect(try await dogs(b) == ["7 again 1 - []"])
            #expect(try await dogs(c) == ["7 again 1 - []"])
        }
    }

    @Test("links by primary key and lists as one register", .timeLimit(.minutes(10)))
    func linksAndLists() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            let a = try await openSynced(directory, "a", conninfo: conninfo)
            let b = try await openSynced(directory, "b", conninfo: conninfo)
            try await a.write { realm in
                let owner = SyncPerson(value: ["name": "ann"])
                let rex = SyncDog(value: ["id": 1, "name": "rex", "age": 3, "owner": owner])
                rex.tags.append(objectsIn: ["good", "loud"])
                try realm.add(rex)
                owner.dogs.append(rex)
                owner.dogs.append(SyncDog(value: ["id": 2, "name": "fido", "age": 1]))
            }
            try await settle([a, b])
            #expect(try await dogs(b) == ["1 rex 3 ann [\"good\", \"loud\"]", "2 fido 1 - []"])
            #expect(
                await b.read { realm in realm.object(ofType: SyncPerson.self, forPrimaryKey: "ann")!.dogs.map(\.id)
                } == [1, 2]
            )
            try await b.write { realm in
                let ann = realm.object(ofType: SyncPerson.self, forPrimaryKey: "ann")!
                ann.dogs.swapAt(0, 1)
                realm.object(ofType: SyncDog.self, forPrimaryKey: 1)!.tags.remove(at: 0)
            }
            try await settle([a, b])
            #expect(
                await a.read { realm in realm.object(ofType: SyncPerson.self, forPrimaryKey: "ann")!.dogs.map(\.id)
                } == [2, 1]
            )
            #expect(try await dogs(a) == ["1 rex 3 ann [\"loud\"]", "2 fido 1 - []"])
        }
    }

    @Test("every value round-trips exactly", .timeLimit(.minutes(10)))
    func everyValueRoundTrips() async throws {
        try await withCluster { cluster in
            let conninfo = try freshHub(cluster)
            let directory = SyncDirectory()
            let a = try await openSynced(directory, "a", conninfo: conninfo)
            let b = try await openSynced(directory, "b", conninfo: conninfo)
            let key = ObjectId.generate()
            let uuid = UUID()
            let objectId = ObjectId.generate()
            let date = Date(timeIntervalSince1970: 1_234_567_890.123_456_789)
            let decimal: Decimal128 = "-123.456e-20"
            try await a.write { realm in
                let object = SyncAllTypes()
                object.id = key
                object.int = Int.min
                object.int8 = Int8.max
                object.bool = true
                object.float = -0.0
                object.double = .nan
                object.string = "nul\u{0}inside ✓"
                object.data = Data([0, 255, 0, 1])
                object.date = date
                object.decimal = decimal
                object.objectId = objectId
                object.uuid = uuid
                object.any = .string("mixed\u{0}")
                object.optionalInt = Int.max
                object.optionalString = nil
                object.doubles.append(objectsIn: [.infinity, -.infinity, -0.0, .greatestFiniteMagnitude])
                object.set.insert(objectsIn: [Int.min, 0, Int.max])
                object.map["k\u{0}"] = "v"
                try realm.add(object)
            }
            try await settle([a, b])
            let row = await b.read { realm -> [String] in
                guard let o = realm.object(ofType: SyncAllTypes.self, forPrimaryKey: key) else { return [] }
                return [
                    "\(o.int)", "\(o.int8)", "\(o.bool)", "\(o.float.sign == .minus && o.float == 0)",
                    "\(o.double.isNaN)", o.string.debugDescription, "\(Array(o.data))",
                    "\(o.date.timeIntervalSince1970 == date.timeIntervalSince1970)", "\(o.decimal)", "\(o.objectId)",
                    "\(o.uuid)", "\(o.any)", "\(o.optionalInt.map(String.init) ?? "nil")",
                    "\(o.optionalString ?? "nil")",
                    "\(o.doubles.map { $0.sign == .minus && $0 == 0 ? "-0.0" : "\($0)" })",
                    "\(Array(o.set).sorted())", "\(o.map.map { "\($0.key.debugDescription)=\($0.value)" })",
                ]
            }
            #expect(
                row == [
                    "\(Int.min)", "127", "true", "true", "true", "\"nul\\0inside ✓\"", "[0, 255, 0, 1]", "true",
                    "\(decimal)", "\(objectId)", "\(uuid)", "\(AnyRealmValue.string("mixed\u{0}"))",
                    "\(Int.max)", "nil", "[\"inf\", \"-inf\", \"-0.0\", \"\(Double.greatestFiniteMagnitude)\"]",
                    "\([Int.min, 0, Int.max])", "[\"\\\"k\\\\0\\\"=v\"]",
                ]
            )
        }
    }
}
