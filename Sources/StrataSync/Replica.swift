import Foundation
import Strata
import StrataCore

/// One file's replication in this process: its client identity, commit hook, pusher, puller, session and
/// subscriptions. Every realm of the file that was opened with a `syncConfiguration` holds it (through a
/// ``ReplicaAttachment``); it stops when the last of them closes.
///
/// State machine of the two loops (each on a ``PostgresLink`` of its own, so that a pull waiting for `NOTIFY` never
/// delays a push):
///
///     pusher: idle ──commit / timer──▶ pushing ──acknowledged──▶ idle
///                                         └──connection lost──▶ offline ──backoff──▶ pushing
///     puller: waiting (NOTIFY or 1 s) ──▶ pulling ──applied──▶ waiting
///                                           └──connection lost──▶ offline ──backoff──▶ pulling
///
/// Invariants:
///   (1) Every local commit of a synced class writes its outbox row in the same transaction (OutboxRecorder.swift);
///       a row is deleted only after the hub acknowledged its sequence number.
///   (2) Pulled changes are applied in one local transaction marked applied-by-sync, which also stores the new
///       cursor: the cursor never moves back and never passes a change that was not applied.
///   (3) A pending local change is never overwritten by a pulled value with an older clock (PendingChanges.swift).
///   (4) Only the process holding the file's sync lock (`<file>.sync.lock`, an OFD lock) pushes and pulls; the others
///       record their commits in the outbox, which the holder pushes.
final class Replica: Sendable {
    let database: Database
    let configuration: SyncConfiguration
    let realmConfiguration: Realm.Configuration
    let clientID: String
    let pending = PendingChanges()
    let recorder: OutboxRecorder
    let session = SyncSession()
    let pushLink: PostgresLink
    let pullLink: PostgresLink
    let wakes: AsyncStream<Void>
    let wake: AsyncStream<Void>.Continuation
    let state: Locked<State>

    struct State {
        var stopped = false
        /// The newest sequence number the hub acknowledged.
        var acknowledged: Int64 = 0
        /// The newest hub version applied here.
        var cursor: Int64 = 0
        var uploadWaiters: [(target: Int64, continuation: CheckedContinuation<Void, any Error>)] = []
        var downloadWaiters: [(target: Int64, continuation: CheckedContinuation<Void, any Error>)] = []
        /// The live subscriptions, by name.
        var subscriptions: [String: SyncSubscription] = [:]
        /// Classes whose objects are still downloading (subscribed since, or unfinished when replication stopped),
        /// with the hub version each has been downloaded through.
        var bootstrap: [String: Int64] = [:]
        /// Classes registered with the hub (their property types compared).
        var registered: Set<String> = []
        /// Classes that stopped syncing, and why.
        var stoppedClasses: [String: SyncError] = [:]
        var tasks: [Task<Void, Never>] = []
        /// The lock that makes this process the file's pusher and puller (invariant 4), once taken.
        var syncLock: FileLock?
    }

    init(database: Database, configuration: SyncConfiguration, realmConfiguration: Realm.Configuration) async throws {
        self.database = database
        self.configuration = configuration
        self.realmConfiguration = realmConfiguration
        recorder = OutboxRecorder(pending: pending)
        pushLink = PostgresLink(conninfo: configuration.connectionString, name: "strata.replication.push")
        pullLink = PostgresLink(conninfo: configuration.connectionString, name: "strata.replication.pull")
        (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        state = Locked(State())
        // The hidden tables and the client identity, in a transaction the hook does not record.
        let write = try await database.beginWrite()
        write.appliedBySync = true
        let client: SyncTables.ClientRow
        let stored: [SyncTables.StoredSubscription]
        let outbox: [(Int64, [UInt8])]
        do {
            client = try SyncTables.ensure(in: write, database: configuration.databaseName)
            stored = try SyncTables.subscriptions(write)
            outbox = try SyncTables.pendingOutbox(write, byteLimit: .max)
            try await write.commitSuspending()
        } catch {
            write.rollback()
            throw error
        }
        clientID = client.id
        state.withLock { $0.cursor = client.cursor }
        try rebuildPending(outbox)
        let reading = try database.beginRead()
        var classes: [String: SyncedClass] = [:]
        for subscription in stored {
            let synced = SyncSubscription(
                replica: nil,
                name: subscription.name,
                className: subscription.className,
                query: subscription.query
            )
            state.withLock { $0.subscriptions[subscription.name] = synced }
            if let spec = reading.tableSpecs.first(where: { $0.name == subscription.className }) {
                do {
                    classes[spec.name] = try SyncedClass(spec, reading)
                    synced.setState(subscription.complete ? .complete : .pending)
                    if !subscription.complete { state.withLock { $0.bootstrap[spec.name] = 0 } }
                } catch let error as SyncError {
                    synced.setState(.error(error))
                }
            } else {
                synced.setState(.pending)
            }
        }
        recorder.classes = classes
        // An unfinished download restarts for every synced class (links into the unfinished class, see activate).
        state.withLock { state in
            if !state.bootstrap.isEmpty { for className in classes.keys { state.bootstrap[className] = 0 } }
        }
        let wake = self.wake
        let state = self.state
        recorder.onRecord(
            { wake.yield() },
            schemaChanged: { className in state.withLock { _ = $0.registered.remove(className) } }
        )
        database.commitHook = recorder
        session.replica = self
        for subscription in state.withLock({ Array($0.subscriptions.values) }) { subscription.attach(to: self) }
    }

    /// Starts the pusher and the puller.
    func start() {
        let pusher = Task { [weak self] in
            guard let self else { return }
            await self.runPusher()
        }
        let puller = Task { [weak self] in
            guard let self else { return }
            await self.runPuller()
        }
        let timer = Task { [weak self, interval = configuration.pollInterval] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let self else { return }
                self.wake.yield()
            }
        }
        state.withLock { $0.tasks = [pusher, puller, timer] }
    }

    /// Stops both loops; waiting `wait(for:)` calls throw. The commit hook stays: a later realm of the file attaches
    /// a new replica, and a commit meanwhile is still recorded.
    func stop() {
        let (tasks, waiters) = state.withLock { state in
            state.stopped = true
            let waiters = state.uploadWaiters.map(\.continuation) + state.downloadWaiters.map(\.continuation)
            state.uploadWaiters = []
            state.downloadWaiters = []
            let tasks = state.tasks
            state.tasks = []
            state.syncLock = nil
            return (tasks, waiters)
        }
        for task in tasks { task.cancel() }
        for waiter in waiters { waiter.resume(throwing: SyncError.invalidConfiguration("the sync session stopped")) }
        wake.finish()
        pushLink.close()
        pullLink.close()
        session.setState(.offline("stopped"))
    }

    var isStopped: Bool { state.withLock { $0.stopped } }

    private func rebuildPending(_ outbox: [(Int64, [UInt8])]) throws {
        for (sequence, bytes) in outbox {
            guard let entries = try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]] else {
                continue
            }
            for entry in entries {
                guard let className = entry["class"] as? String, let pk = (entry["pk"] as? String).flatMap(Hex.decode),
                    let clock = (entry["hlc"] as? NSNumber)?.int64Value
                else { continue }
                var keys = [PendingChanges.Key(className: className, primaryKey: pk, property: nil)]
                for name in (entry["props"] as? [String: String] ?? [:]).keys {
                    keys.append(.init(className: className, primaryKey: pk, property: name))
                }
                pending.record(keys, sequence: sequence, clock: clock)
            }
        }
    }

    /// Logs a replication event.
    func log(_ level: RealmLogLevel, _ message: @autoclosure () -> String, metadata: [String: String] = [:]) {
        realmConfiguration.log(
            level,
            .replication,
            message(),
            metadata: metadata.merging(
                ["path": database.path, "database": configuration.databaseName, "client": clientID]
            ) { own, _ in own }
        )
    }

    /// Reports a replication metric to the configuration's metrics hook.
    func record(_ metric: @autoclosure () -> ReplicationMetric) {
        realmConfiguration.record(.replication(metric()))
    }

    /// Takes the file's sync lock if no other process holds it (invariant 4); true when this process holds it. A lock
    /// file that cannot be opened or locked throws: read as "another process syncs", it would stop this replica's
    /// pushes and pulls with nothing reported.
    func holdsSyncLock() throws -> Bool {
        if state.withLock({ $0.syncLock != nil }) { return true }
        let lock = try FileLock(path: database.path + ".sync.lock")
        guard try lock.tryLockWriter() else { return false }
        state.withLock { $0.syncLock = lock }
        return true
    }

    // MARK: Waiting

    /// Resumes the waiters whose target was reached.
    func resumeWaiters() {
        let ready = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            var ready: [CheckedContinuation<Void, any Error>] = []
            state.uploadWaiters.removeAll { waiter in
                guard waiter.target <= state.acknowledged else { return false }
                ready.append(waiter.continuation)
                return true
            }
            state.downloadWaiters.removeAll { waiter in
                guard waiter.target <= state.cursor else { return false }
                ready.append(waiter.continuation)
                return true
            }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Waits until every local commit made before the call is acknowledged by the hub.
    func waitForUpload() async throws {
        let reading = try database.beginRead()
        let target = (try SyncTables.clientRow(reading)?.nextSequence ?? 1) - 1
        // Nothing pending: a sequence at or below the newest one the outbox no longer holds is acknowledged.
        if try SyncTables.pendingOutbox(reading, byteLimit: 1).isEmpty {
            state.withLock { $0.acknowledged = max($0.acknowledged, target) }
        }
        try await waitUntil(upload: target)
    }

    /// Waits until this file holds every change the hub had when the call was made.
    func waitForDownload() async throws {
        let head = try await hubHead()
        try await waitUntil(download: head)
    }

    private func waitUntil(upload target: Int64? = nil, download: Int64? = nil) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let ready = state.withLock { state -> Bool? in
                if state.stopped { return nil }
                if let target {
                    if target <= state.acknowledged { return true }
                    state.uploadWaiters.append((target, continuation))
                } else if let download {
                    if download <= state.cursor { return true }
                    state.downloadWaiters.append((download, continuation))
                }
                return false
            }
            switch ready {
            case true?: continuation.resume()
            case nil: continuation.resume(throwing: SyncError.invalidConfiguration("the sync session stopped"))
            case false?: wake.yield()
            }
        }
    }
}
