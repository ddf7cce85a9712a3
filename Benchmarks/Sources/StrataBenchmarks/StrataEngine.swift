import Foundation
import Strata

/// Strata through its public API: the Realm actor, objects, queries, full durability.
@BenchActor
final class StrataEngine: BenchmarkEngine {
    let name = "Strata"
    private let configuration: Realm.Configuration
    private var realm: Realm?

    init(directory: String) {
        configuration = Realm.Configuration(
            fileURL: URL(fileURLWithPath: directory + "/bench.strata"),
            objectTypes: [BenchPerson.self, BenchTick.self, BenchMessage.self]
        )
    }

    func open() async throws -> Realm {
        if let realm { return realm }
        let opened = try await Realm(configuration: configuration)
        realm = opened
        return opened
    }

    func reset() async throws {
        realm = nil
        _ = try Realm.deleteFiles(for: configuration)
    }

    func bulkInsert(_ count: Int) async throws {
        try await open().write { realm in
            for i in 0..<count {
                let row = PersonRow(i, of: count)
                let person = BenchPerson()
                person.id = row.id
                person.name = row.name
                person.age = row.age
                person.score = row.score
                person.active = row.active
                try realm.add(person)
            }
        }
    }

    func bulkInsertMessages(_ count: Int) async throws {
        try await open().write { realm in
            for i in 0..<count {
                let row = MessageRow(i)
                let message = BenchMessage()
                message.room = row.room
                message.text = row.text
                try realm.add(message)
            }
        }
    }

    func deleteMessages() async throws {
        try await open().write { realm in try realm.delete(realm.objects(BenchMessage.self)) }
    }

    func countAgeOver50() async throws -> Int {
        try await open().read { realm in realm.objects(BenchPerson.self).filter("age > 50").count }
    }

    func sortedMaterialization() async throws -> (Int, Int) {
        try await open().read { realm in
            var rows = 0
            var checksum = 0
            for person in realm.objects(BenchPerson.self).filter("age BETWEEN {20, 30}").sorted(byKeyPath: "name") {
                rows += 1
                checksum &+=
                    (person.id &* rows) &+ person.name.utf8.count &+ person.age &+ Int(person.score)
                    &+ (person.active ? 1 : 0)
            }
            return (rows, checksum)
        }
    }

    func primaryKeyLookups(_ keys: [Int]) async throws -> Double {
        try await open().read { realm in
            var sum = 0.0
            for key in keys {
                guard let person = realm.object(ofType: BenchPerson.self, forPrimaryKey: key) else {
                    throw BenchmarkError.mismatch("Strata: no object \(key)")
                }
                sum += person.score
            }
            return sum
        }
    }

    func updateAll() async throws {
        try await open().write { realm in
            for person in realm.objects(BenchPerson.self) { person.score += 1 }
        }
    }

    func updateAllSetBased() async throws {
        let realm = try await open()
        try await realm.write { realm in
            try realm.objects(BenchPerson.self).update(\.score) { $0 + 1 }
        }
    }

    func setAllScores(_ score: Double) async throws {
        try await open().write { realm in realm.objects(BenchPerson.self).setValue(score, forKey: "score") }
    }

    func sumOfScores() async throws -> Double {
        try await open().read { realm in realm.objects(BenchPerson.self).sum(ofProperty: "score") }
    }

    func touchUnrelated() async throws {
        try await open().write { realm in
            if let tick = realm.object(ofType: BenchTick.self, forPrimaryKey: 0) {
                tick.count += 1
            } else {
                try realm.add(BenchTick())
            }
        }
    }

    /// The same transactions awaited from a plain task on the cooperative pool (a nonisolated function): each
    /// `write` hands the task to the realm's thread and back.
    func smallTransactions(_ ids: [Int]) async throws {
        try await Self.writeEachFromPool(ids, in: try await open())
    }

    private nonisolated static func writeEachFromPool(_ ids: [Int], in realm: Realm) async throws {
        for id in ids {
            try await realm.write { realm in realm.object(ofType: BenchPerson.self, forPrimaryKey: id)?.score += 1 }
        }
    }

    /// The same transactions awaited from a task that prefers the realm's task executor
    /// (`withTaskExecutorPreference(realm.taskExecutor)`): its code runs on the realm's thread, so no hand-over.
    func smallTransactionsUnderTaskExecutor(_ ids: [Int]) async throws {
        try await Self.writeEachUnderTaskExecutor(ids, in: try await open())
    }

    private nonisolated static func writeEachUnderTaskExecutor(_ ids: [Int], in realm: Realm) async throws {
        try await withTaskExecutorPreference(realm.taskExecutor) {
            for id in ids {
                try await realm.write { realm in
                    realm.object(ofType: BenchPerson.self, forPrimaryKey: id)?.score += 1
                }
            }
        }
    }

    /// The file's durable commits, syncs and node bytes so far (``Realm/commitStatistics``).
    func commitStatistics() async throws -> Realm.CommitStatistics {
        try await open().commitStatistics
    }

    /// The same transactions awaited from code isolated to the realm (`func …(_ realm: isolated Realm)`), as a
    /// task that owns its realm writes: no hop onto the realm's thread and back per transaction.
    func smallTransactionsIsolated(_ ids: [Int]) async throws {
        try await Self.writeEach(ids, in: try await open())
    }

    private static func writeEach(_ ids: [Int], in realm: isolated Realm) async throws {
        for id in ids {
            try await realm.write { realm in realm.object(ofType: BenchPerson.self, forPrimaryKey: id)?.score += 1 }
        }
    }

    func concurrentSmallTransactions(_ ids: [[Int]]) async throws -> Double? {
        let configuration = self.configuration
        // One realm actor per writer, all on the one file (as a server's request handlers would open them).
        var realms: [Realm] = []
        for _ in ids { realms.append(try await Realm(configuration: configuration)) }
        let before = await realms[0].commitStatistics
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (realm, writerIDs) in zip(realms, ids) {
                group.addTask {
                    for id in writerIDs {
                        try await realm.write { realm in
                            realm.object(ofType: BenchPerson.self, forPrimaryKey: id)?.score += 1
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let after = await realms[0].commitStatistics
        return Double(after.syncs - before.syncs) / Double(max(after.commits - before.commits, 1))
    }

    /// The same transactions as ``concurrentSmallTransactions(_:)`` from 8 tasks sharing one realm actor, as a server
    /// keeps one: each `write` waits its turn on the realm. Returns the syncs per commit.
    func sharedRealmSmallTransactions(_ ids: [[Int]]) async throws -> Double {
        let realm = try await Realm(configuration: configuration)
        let before = await realm.commitStatistics
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writerIDs in ids {
                group.addTask {
                    for id in writerIDs {
                        try await realm.write { realm in
                            realm.object(ofType: BenchPerson.self, forPrimaryKey: id)?.score += 1
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let after = await realm.commitStatistics
        return Double(after.syncs - before.syncs) / Double(max(after.commits - before.commits, 1))
    }

    func aggregates() async throws -> [Double] {
        try await open().read { realm in
            let people = realm.objects(BenchPerson.self)
            let sum: Double = people.sum(ofProperty: "score")
            let average: Double? = people.average(ofProperty: "score")
            let youngest: Int? = people.min(ofProperty: "age")
            let oldest: Int? = people.max(ofProperty: "age")
            return [sum, average ?? .nan, Double(youngest ?? -1), Double(oldest ?? -1)]
        }
    }

    func deleteAll() async throws {
        try await open().write { realm in try realm.deleteAll() }
    }

    func openAndCount() async throws -> Int {
        let fresh = try await Realm(configuration: configuration)
        return await fresh.read { realm in realm.objects(BenchPerson.self).count }
    }

    func iterationPeakMemory() async throws -> MemoryUse {
        try await open().read { realm in
            let baseline = Measurement.memory()
            var peak = baseline
            var rows = 0
            var total = 0.0
            for person in realm.objects(BenchPerson.self) {
                total += person.score
                rows += 1
                if rows % 50_000 == 0 { peak = peak.peak(with: Measurement.memory()) }
            }
            precondition(total >= 0)
            return peak.peak(with: Measurement.memory()).growth(since: baseline)
        }
    }

    func close() async { realm = nil }

    /// Every person, frozen: a snapshot any task may read.
    func frozenPeople() async throws -> Results<BenchPerson> {
        try await open().read { realm in try realm.objects(BenchPerson.self).freeze() }
    }
}
