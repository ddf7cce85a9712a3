import Foundation
import StrataCore

/// The one object per open file and process that the file's realms share (DESIGN.md section 4 item 5): it owns
/// the executor their actors run on, counts the realms that have the file open, keeps an in-memory realm's
/// backing file while an instance lives, and carries every commit to the realms that observe: at once from this
/// process, and from other processes through a watcher thread asleep on the lock file's commit signal word.
///
/// Realms reach their coordinator through a ``FileLease``; the coordinator stays registered while any lease holds it
/// and for a short linger after (its executor's thread), so that reopening a file soon after closing it finds it.
///
/// State machine of the watcher (one thread per coordinator, only while a realm of the file observes):
///
///     none ──first observing realm──▶ asleep on the signal word ──word moved or 1 s──▶ looks for other
///      ▲                                   ▲                                          processes' versions
///      └──no observing realm left──────────┴──────────────────────────────────────────────────┘
final class FileCoordinator: Sendable {
    private struct Observer {
        weak var realm: Realm?
    }

    private struct Members {
        /// Leases held (realm instances, live and frozen, and tasks preferring the executor).
        var leases = 0
        /// Realms opened and not yet closed (a frozen realm counts until it is released).
        var openRealms = 0
        /// Live in-memory realm instances of the file.
        var inMemoryInstances = 0
        /// The realms that observe something, weakly held.
        var observers: [Observer] = []
        /// Whether the watcher thread runs.
        var watching = false
    }

    /// The path of the file (``Realm/Configuration-swift.struct``'s path, computed once).
    let path: String
    /// The serial executor every realm actor of the file runs on.
    let executor: RealmExecutor
    private let members = Locked(Members())

    private static let coordinators = Locked<[String: FileCoordinator]>([:])

    /// How long the watcher sleeps on the signal word before it looks anyway: only a committer of an older build,
    /// which does not bump the word, or a lock file that could not be mapped, is seen this late.
    static let watchTimeout = Duration.seconds(1)
    /// How often the watcher looks when the file has no signal word to sleep on.
    static let pollInterval = Duration.milliseconds(10)

    private init(path: String) {
        self.path = path
        executor = RealmExecutor(label: URL(fileURLWithPath: path).lastPathComponent)
    }

    /// The coordinator of `path`, made if this process has none; counts one more lease on it.
    fileprivate static func lease(_ path: String) -> FileCoordinator {
        // Counted under the registry's lock, so that `retire` never unregisters a coordinator being leased.
        let (coordinator, first) = coordinators.withLock { coordinators in
            let coordinator = coordinators[path] ?? FileCoordinator(path: path)
            coordinators[path] = coordinator
            let first = coordinator.members.withLock { members in
                members.leases += 1
                return members.leases == 1
            }
            return (coordinator, first)
        }
        if first { coordinator.executor.setLeased(true) }
        return coordinator
    }

    /// Counts one lease fewer; with none left, the executor's thread lingers, then ends (``retire(_:)``).
    fileprivate func releaseLease() {
        let last = members.withLock { members in
            members.leases -= 1
            return members.leases == 0
        }
        if last { executor.setLeased(false) }
    }

    /// Unregisters the coordinator whose executor's linger ran out, if still no lease holds it; returns whether it
    /// did, and so whether the executor's thread may end.
    static func retire(_ executor: RealmExecutor) -> Bool {
        coordinators.withLock { coordinators in
            guard let path = coordinators.first(where: { $0.value.executor === executor })?.key,
                let coordinator = coordinators[path],
                coordinator.members.withLock({ $0.leases == 0 && $0.openRealms == 0 && $0.inMemoryInstances == 0 })
            else { return false }
            coordinators[path] = nil
            return true
        }
    }

    // MARK: Open realms

    /// Counts one more realm open on the file.
    func realmOpened() { members.withLock { $0.openRealms += 1 } }

    /// Counts one realm fewer open on the file.
    func realmClosed() { members.withLock { $0.openRealms -= 1 } }

    /// Whether a realm of this process has the file at `path` open: `shouldCompactOnLaunch` is asked only when
    /// none has, and `deleteFiles(for:)` refuses a file that one has open.
    static func hasOpenRealms(_ path: String) -> Bool {
        guard let coordinator = coordinators.withLock({ $0[path] }) else { return false }
        return coordinator.members.withLock { $0.openRealms > 0 }
    }

    // MARK: In-memory files

    /// Counts a live in-memory instance; the first starts from an empty file, whatever an earlier, released
    /// instance left. The file is removed under the same lock, so a released instance never removes the file a
    /// new one has just started.
    func inMemoryInstanceStarted() {
        members.withLock { members in
            members.inMemoryInstances += 1
            if members.inMemoryInstances == 1 { InMemoryFiles.remove(path) }
        }
    }

    /// Counts an in-memory instance fewer; the last one removes the file, as Realm drops an in-memory realm's data
    /// when its last instance goes away.
    func inMemoryInstanceEnded() {
        members.withLock { members in
            members.inMemoryInstances -= 1
            if members.inMemoryInstances == 0 { InMemoryFiles.remove(path) }
        }
    }

    /// The in-memory files with live instances, without waiting for a lock another thread holds (the process is
    /// exiting; those files are left to the next process's sweep).
    static func liveInMemoryFiles() -> [String] {
        let all = coordinators.withLockIfAvailable { Array($0.values) } ?? []
        return all.filter { $0.members.withLockIfAvailable { $0.inMemoryInstances > 0 } ?? false }.map(\.path)
    }

    // MARK: Commits

    /// Registers `realm` to hear of its file's commits (once; later calls do nothing), and, with
    /// `watchingOtherProcesses`, starts the watcher of other processes' commits if none runs yet.
    func observe(_ realm: Realm, database: Database, watchingOtherProcesses: Bool) {
        let start = members.withLock { members in
            members.observers.removeAll { $0.realm == nil }
            if !members.observers.contains(where: { $0.realm === realm }) {
                members.observers.append(Observer(realm: realm))
            }
            guard watchingOtherProcesses, !members.watching else { return false }
            members.watching = true
            return true
        }
        if start { startWatcher(database) }
    }

    /// Stops telling `realm` of commits (its last observer ended, or it closed).
    func unobserve(_ realm: Realm) {
        members.withLock { members in members.observers.removeAll { $0.realm == nil || $0.realm === realm } }
    }

    /// Tells the observing realms of the file, all but `committer`, that a commit landed (nil: a commit made
    /// outside any realm, such as replication applying pulled changes).
    func committed(by committer: Realm?) {
        let others = members.withLock { members in
            // The common case of a file nobody observes costs one lock.
            guard !members.observers.isEmpty else { return [Realm]() }
            members.observers.removeAll { $0.realm == nil }
            return members.observers.compactMap(\.realm).filter { $0 !== committer }
        }
        for other in others {
            // Started on the realm's own thread (its task executor), not queued on the cooperative pool first: a busy
            // pool does not hold back the delivery.
            Task(executorPreference: other.taskExecutor) { await other.receiveCommit() }
        }
    }

    /// Tells the observing realms of `path` that a commit landed outside any realm of this process's.
    static func committed(path: String) {
        coordinators.withLock { $0[path] }?.committed(by: nil)
    }

    /// Starts the thread that sleeps on the file's commit signal word and tells the observing realms when another
    /// process published a version; it ends once no realm of the file observes.
    private func startWatcher(_ database: Database) {
        let thread = Thread { [self] in
            ThreadName.setCurrent("strata watch")
            watch(database)
        }
        thread.name = "strata watch: \(path)"
        thread.start()
    }

    private func watch(_ database: Database) {
        let signal = database.commitSignal
        var seen = database.newestForeignVersion
        while true {
            // A failed pread of the lock file (no data of the database is read there) only makes this round poll.
            if let signal, let word = try? signal.value() {
                // Look once before sleeping: a version published before `word` was read is seen here, one published
                // after it moves the word and ends the sleep at once.
                if !lookForeign(database, seen: &seen) { return }
                signal.wait(whileEqualTo: word, timeout: Self.watchTimeout)
            } else {
                if !lookForeign(database, seen: &seen) { return }
                Thread.sleep(forTimeInterval: Double(Self.pollInterval.components.attoseconds) / 1e18)
            }
        }
    }

    /// Picks up another process's newer version and tells every observing realm; false when none observes any
    /// more (the watcher stops, under the lock, so the next observer starts a new one).
    private func lookForeign(_ database: Database, seen: inout Version) -> Bool {
        let realms = members.withLock { members -> [Realm]? in
            members.observers.removeAll { $0.realm == nil }
            guard !members.observers.isEmpty, !database.isClosed else {
                members.watching = false
                return nil
            }
            return members.observers.compactMap(\.realm)
        }
        guard let realms else { return false }
        do {
            _ = try database.refreshingLatestVersion()
        } catch  where ReadFailure.isDamage(error) {
            // Another process's newer version is damaged (ReadFailure.swift): the streams say so and end, rather than
            // staying silent at the older version.
            for realm in realms {
                Task(executorPreference: realm.taskExecutor) { await realm.receiveOtherProcessFailure(error) }
            }
            return true
        } catch {
            // Not damage (the database was closed meanwhile): the next look, or the realm's own next read, reports it.
            return true
        }
        let foreign = database.newestForeignVersion
        guard foreign > seen else { return true }
        seen = foreign
        for realm in realms {
            // On the realm's own thread, as `committed(by:)` does: a commit in another process reaches the streams
            // however busy this process's cooperative pool is.
            Task(executorPreference: realm.taskExecutor) { await realm.receiveOtherProcessCommit() }
        }
        return true
    }
}

/// A share of a file's coordinator, held by each realm instance: the coordinator and its executor's thread live
/// while any lease does, and linger a little after the last one goes.
///
/// A lease is also the task executor ``Realm/taskExecutor`` hands out: a task that prefers it holds the lease, so
/// the thread its jobs run on cannot end under it even if every realm of the file closes meanwhile.
final class FileLease: TaskExecutor {
    let coordinator: FileCoordinator

    /// Leases the coordinator of the file at `path`, starting its executor's thread if no lease holds it.
    init(path: String) {
        coordinator = FileCoordinator.lease(path)
    }

    deinit { coordinator.releaseLease() }

    var executor: RealmExecutor { coordinator.executor }
    var path: String { coordinator.path }

    func enqueue(_ job: consuming ExecutorJob) { coordinator.executor.enqueue(job) }
}
