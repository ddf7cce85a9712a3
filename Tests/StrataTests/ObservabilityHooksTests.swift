import Foundation
import Strata
import StrataCore
import StrataTestSupport
import Testing

/// Everything a realm reported to its hooks, collected from whichever thread reported it.
private final class HookRecorder: Sendable {
    private let recorded = Locked((entries: [RealmLogEntry](), metrics: [RealmMetric]()))

    var entries: [RealmLogEntry] { recorded.withLock { $0.entries } }
    var metrics: [RealmMetric] { recorded.withLock { $0.metrics } }

    /// `configuration` with both hooks reporting here (the logger at `level`).
    func observing(_ configuration: Realm.Configuration, level: RealmLogLevel = .trace) -> Realm.Configuration {
        var configuration = configuration
        configuration.logger = RealmLogger(level: level) { entry in self.recorded.withLock { $0.entries.append(entry) }
        }
        configuration.metrics = { metric in self.recorded.withLock { $0.metrics.append(metric) } }
        return configuration
    }

    func clear() { recorded.withLock { $0 = ([], []) } }

    var commits: [(duration: Duration, bytes: Int)] {
        metrics.compactMap { if case .commit(let duration, let bytes) = $0 { (duration, bytes) } else { nil } }
    }
    var syncs: [Duration] { metrics.compactMap { if case .sync(let duration) = $0 { duration } else { nil } } }
    var lockWaits: [Duration] { metrics.compactMap { if case .writeLockWait(let wait) = $0 { wait } else { nil } } }
    var growths: [(from: Int, to: Int)] {
        metrics.compactMap { if case .fileGrowth(let from, let to) = $0 { (from, to) } else { nil } }
    }
    var pins: [(count: Int, oldestAge: Duration)] {
        metrics.compactMap { if case .pinnedVersions(let count, let age) = $0 { (count, age) } else { nil } }
    }
    var lags: [Duration] { metrics.compactMap { if case .notificationLag(let lag) = $0 { lag } else { nil } } }

    func entries(_ category: RealmLogCategory) -> [RealmLogEntry] { entries.filter { $0.category == category } }
}

private func fileSize(_ url: URL) throws -> Int {
    try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
}

@Suite("Logging and metrics hooks report what the realm does, with plausible figures")
struct ObservabilityHooksTests {
    @Test("A commit reports its duration, bytes written, syncs and the versions pinned after it")
    func commitMetrics() async throws {
        let directory = TemporaryDirectory()
        let recorder = HookRecorder()
        let configuration = recorder.observing(directory.configuration([Dog.self]))
        let realm = try await Realm(configuration: configuration)
        recorder.clear()
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Rex", "age": 3])) }
        let size = try fileSize(configuration.fileURL!)
        let commits = recorder.commits
        #expect(commits.count == 1)
        for commit in commits {
            #expect(commit.bytes > 0 && commit.bytes <= size, "\(commit.bytes) bytes written, file of \(size)")
            #expect(commit.duration >= .zero)
        }
        #expect(recorder.syncs.count >= 1, "a durable commit syncs at least once")
        #expect(recorder.syncs.allSatisfy { $0 >= .zero })
        #expect(recorder.pins.count == 1)
        #expect(recorder.pins.allSatisfy { $0.count >= 0 && $0.oldestAge >= .zero })
        #expect(recorder.lockWaits.isEmpty, "an uncontended write did not wait")
        let debug = recorder.entries(.commit)
        #expect(debug.count == 1 && debug[0].level == .debug && debug[0].metadata["version"] != nil)
        await realm.close()
    }

    @Test("A commit that grows the file reports its sizes before and after")
    func fileGrowth() async throws {
        let directory = TemporaryDirectory()
        let recorder = HookRecorder()
        let configuration = recorder.observing(directory.configuration([Dog.self]))
        let realm = try await Realm(configuration: configuration)
        let before = try fileSize(configuration.fileURL!)
        recorder.clear()
        // Several megabytes of names: more than the space reserved ahead of the used region.
        try await realm.write { realm in
            for index in 0..<20_000 {
                try realm.add(Dog(value: ["name": String(repeating: "n", count: 200) + "\(index)", "age": index]))
            }
        }
        let after = try fileSize(configuration.fileURL!)
        let growths = recorder.growths
        #expect(after > before)
        #expect(!growths.isEmpty)
        for growth in growths {
            #expect(growth.from >= before && growth.to > growth.from && growth.to <= after, "\(growth)")
        }
        #expect(recorder.commits.allSatisfy { $0.bytes > 0 && $0.bytes <= after })
        await realm.close()
    }

    @Test("Pinned versions count a frozen snapshot while it is held")
    func pinnedVersions() async throws {
        let recorder = HookRecorder()
        let realm = try await Realm(configuration: recorder.observing(memoryConfiguration([Dog.self])))
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Rex"])) }
        let frozen = try await realm.freeze()
        let afterFreeze = try #require(recorder.pins.last)
        #expect(afterFreeze.count >= 1)
        recorder.clear()
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Fido"])) }
        let afterCommit = try #require(recorder.pins.last)
        #expect(afterCommit.count >= 1, "the frozen realm keeps its version pinned")
        #expect(afterCommit.oldestAge >= .zero)
        #expect(await frozen.objects(Dog.self).count == 1)
    }

    @Test("A write that waits for another writer reports the wait")
    func writeLockWait() async throws {
        let directory = TemporaryDirectory()
        let recorder = HookRecorder()
        let configuration = recorder.observing(directory.configuration([Dog.self]))
        let holder = try await Realm(configuration: configuration)
        let waiter = try await Realm(configuration: configuration)
        // The waiter must reach the writer while the holder has it; on a loaded machine its task may start late,
        // so the holder keeps the writer longer on each attempt.
        for attempt in 1...5 where recorder.lockWaits.isEmpty {
            try await holder.beginWrite()
            let waiting = Task { try await waiter.write { realm in try realm.add(Dog(value: ["name": "Waiter"])) } }
            try await Task.sleep(for: .milliseconds(50 * attempt))
            try await holder.commitWrite()
            try await waiting.value
        }
        let waits = recorder.lockWaits
        #expect(!waits.isEmpty)
        #expect(waits.allSatisfy { $0 >= .zero })
        await holder.close()
        await waiter.close()
    }

    @Test("A change stream reports the lag of each element it delivers, not of its initial one")
    func notificationLag() async throws {
        let recorder = HookRecorder()
        let configuration = recorder.observing(memoryConfiguration([Dog.self]))
        let realm = try await Realm(configuration: configuration)
        let stream = await realm.read { realm in realm.objects(Dog.self).changes() }
        var iterator = stream.makeAsyncIterator()
        guard case .initial? = await iterator.next() else {
            Issue.record("no initial element")
            return
        }
        #expect(recorder.lags.isEmpty, "the initial element reports no commit")
        for count in 1...3 {
            try await realm.write { realm in try realm.add(Dog(value: ["name": "Dog \(count)"])) }
            guard case .update? = await iterator.next() else {
                Issue.record("no update element")
                return
            }
            #expect(recorder.lags.count == count, "one lag per element delivered")
        }
        #expect(recorder.lags.allSatisfy { $0 >= .zero })
        // Another realm's commit reaches the stream too, and is measured the same way.
        let other = try await Realm(configuration: configuration)
        try await other.write { realm in try realm.add(Dog(value: ["name": "From elsewhere"])) }
        guard case .update? = await iterator.next() else {
            Issue.record("no update element for another realm's commit")
            return
        }
        #expect(recorder.lags.count == 4)
    }

    @Test("Open, close, migration and compaction are logged with their facts")
    func lifecycleLogging() async throws {
        let directory = TemporaryDirectory()
        let recorder = HookRecorder()
        var configuration = recorder.observing(directory.configuration([Dog.self]), level: .info)
        let path = configuration.fileURL!.path
        let realm = try await Realm(configuration: configuration)
        try await realm.write { realm in
            for index in 0..<100 { try realm.add(Dog(value: ["name": "Dog \(index)"])) }
        }
        let opened = recorder.entries(.lifecycle)
        #expect(opened.count == 1 && opened[0].message.contains("opened") && opened[0].metadata["created"] == "true")
        #expect(opened.first?.metadata["path"] == path)
        #expect(recorder.entries.allSatisfy { $0.level >= .info }, "nothing below the logger's level")
        try await realm.writeCopy(toFile: directory.url.appendingPathComponent("backup.realm"))
        #expect(recorder.entries(.compaction).contains { $0.message.contains("backup.realm") })
        await realm.close()
        #expect(recorder.entries(.lifecycle).last?.message.contains("closed") == true)

        recorder.clear()
        configuration.schemaVersion = 1
        configuration.migrationBlock = { _, _ in }
        configuration.shouldCompactOnLaunch = { _, _ in true }
        let migrated = try await Realm(configuration: configuration)
        let migration = recorder.entries(.migration)
        #expect(migration.count == 2, "\(migration.map(\.message))")
        #expect(migration.first?.metadata["fromSchemaVersion"] == "0")
        #expect(migration.first?.metadata["toSchemaVersion"] == "1")
        let compaction = recorder.entries(.compaction)
        #expect(compaction.count == 1)
        #expect(compaction.first.flatMap { Int($0.metadata["bytesAfter"] ?? "") }.map { $0 > 0 } == true)
        #expect(recorder.entries(.lifecycle).first?.metadata["created"] == "false")
        await migrated.close()
    }

    @Test("A failed commit is logged as an error and the poisoned instance as critical")
    func commitFailureAndPoisoning() async throws {
        let directory = TemporaryDirectory()
        let recorder = HookRecorder()
        let configuration = recorder.observing(directory.configuration([Dog.self]), level: .warning)
        let path = configuration.fileURL!.path
        // Every realm of a path in this process shares one engine instance: opened here first, with a file
        // system that fails the next sync, it is the one the realm writes through.
        let fs = FaultInjectingFileSystem()
        let database = try Database.open(path: path, options: DatabaseOptions(fileSystem: fs))
        let realm = try await Realm(configuration: configuration)
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Kept"])) }
        #expect(recorder.entries.isEmpty)
        fs.inject(.init(call: .sync, occurrence: fs.count(of: .sync), code: EIO))
        await #expect(throws: RealmError.self) {
            try await realm.write { realm in try realm.add(Dog(value: ["name": "Lost"])) }
        }
        let entries = recorder.entries(.commit)
        #expect(entries.contains { $0.level == .error && $0.message.contains("failed") })
        #expect(entries.contains { $0.level == .critical && $0.message.contains("poisoned") })
        #expect(entries.allSatisfy { $0.metadata["path"] == path })
        await realm.close()
        database.close()
    }

    @Test("Reaching the version limit is logged as a warning")
    func versionLimit() async throws {
        let recorder = HookRecorder()
        var configuration = recorder.observing(memoryConfiguration([Dog.self]), level: .warning)
        configuration.maximumNumberOfActiveVersions = 2
        let realm = try await Realm(configuration: configuration)
        let first = try await realm.read { realm in try realm.objects(Dog.self).freeze() }
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Second version"])) }
        let second = try await realm.read { realm in try realm.objects(Dog.self).freeze() }
        #expect(recorder.entries.isEmpty)
        await #expect(throws: RealmError.tooManyActiveVersions(2)) {
            try await realm.write { realm in try realm.add(Dog(value: ["name": "One too many"])) }
        }
        let warnings = recorder.entries(.versions)
        #expect(warnings.count == 1)
        #expect(warnings.first?.level == .warning && warnings.first?.metadata["limit"] == "2")
        #expect(Int(warnings.first?.metadata["pinnedVersions"] ?? "") ?? 0 >= 2)
        #expect(first.count == 0 && second.count == 1, "the frozen results still read their versions")
    }

    @Test("The logger never receives an object's values unless the configuration asks for them")
    func objectValuesLeftOut() async throws {
        let secret = "secret-\(UUID().uuidString)"
        for logsValues in [false, true] {
            let directory = TemporaryDirectory()
            let recorder = HookRecorder()
            var configuration = recorder.observing(directory.configuration([Trip.self, Address.self]))
            configuration.logsObjectValues = logsValues
            let realm = try await Realm(configuration: configuration)
            try await realm.write { realm in try realm.add(Trip(value: ["name": secret])) }
            await #expect(throws: RealmError.self) {
                try await realm.write { realm in try realm.add(Trip(value: ["name": secret])) }
            }
            try await realm.write { realm in
                realm.objects(Trip.self).first?.stops.append(Address(value: ["street": secret, "city": secret]))
            }
            await realm.close()
            let duplicate = recorder.entries(.write)
            #expect(duplicate.count == 1 && duplicate.first?.metadata["objectType"] == "Trip")
            let leaked = recorder.entries.filter { entry in
                entry.message.contains(secret) || entry.metadata.values.contains { $0.contains(secret) }
            }
            if logsValues {
                #expect(!leaked.isEmpty, "asked for, the duplicate key's value is logged")
                #expect(leaked.allSatisfy { $0.category == .write })
            } else {
                #expect(leaked.isEmpty, "\(leaked.map(\.message))")
                #expect(recorder.entries.count >= 4, "open, commits, duplicate key and close were logged")
            }
        }
    }

    @Test("A metric's samples name it and carry its value in the unit its kind implies")
    func samples() {
        let commit = RealmMetric.commit(duration: .microseconds(1500), bytesWritten: 4096).samples
        #expect(commit.map(\.label) == ["strata.commit.duration", "strata.commit.bytes"])
        #expect(commit.map(\.kind) == [.timer, .counter])
        #expect(commit.map(\.value) == [1_500_000, 4096])
        let pins = RealmMetric.pinnedVersions(count: 3, oldestAge: .seconds(2)).samples
        #expect(pins.map(\.value) == [3, 2_000_000_000])
        #expect(RealmMetric.fileGrowth(fromBytes: 1 << 20, toBytes: 2 << 20).samples.first?.value == 2 << 20)
        #expect(RealmLogLevel.allCases.sorted() == RealmLogLevel.allCases)
        #expect(RealmLogLevel.trace < .critical && RealmLogLevel.warning.rawValue == "warning")
    }
}
