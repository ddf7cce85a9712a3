// GroupCommit.swift: group commit — commits that queue for the writer while another commit syncs are made
// durable by one shared header write and one shared fdatasync.
//
// Why: a small durable commit costs one fdatasync, and the writer is single. If each commit synced while
// holding the writer, 8 writer tasks would get no more durable commits per second than one. Here a commit
// writes its nodes while it holds the writer, hands them to the *sync thread* and releases the writer; the
// next writer builds on it at once (on the "tip", the newest written version) while the sync thread makes
// whatever has queued durable with one slot write and one sync; a commit that queued behind another leaves even its
// nodes to the sync thread, which writes the group's nodes first (G0), joined into runs across its commits, while the
// next writer reads them from memory (PendingNodes.swift). Each caller's commit returns only after the
// sync that covers it (`CommitCompletion`). The sync runs on a thread of its own, not on the committer's:
// every realm of a file shares one executor thread, and a committer blocking it in fdatasync would keep
// every other realm of the file from reaching the writer, so nothing would ever queue.
//
// A group is every commit that finished writing its nodes while the previous group synced (or the one commit
// that found the sync thread idle). A lone commit (no writer waiting, nothing in flight, and a caller whose
// thread nothing else needs meanwhile) is a group of one that it makes durable itself, holding the writer:
// uncontended commits one after another pay no thread hand-over. For a group of versions a+1 ... b (WriteTransaction+Commit.swift, steps):
//   G0. write the nodes the group's commits left to it, one gathered write per run ── a failure poisons the
//       database and fails the group and every commit queued behind it
//   G1. two-sync group (more than `oneSyncLimit` bytes, or more runs than a slot can name): fdatasync
//   G2. pwrite the slot that does not hold the newest durable version, naming version b; a one-sync group's
//       manifest names the runs of *every* commit of the group (sorted, neighbours joined) and their checksum,
//       read back from the mapping
//   G3. fdatasync                        ── a failure at G1-G3 poisons the database and fails every commit of
//                                           the group, and every commit queued behind it (they build on it);
//                                           a failure at G3 also blanks the new slot (as before)
//   G4. publish: version b becomes `latest` (readers see a+1 ... b at once, never before they are durable);
//       the change sets of a+1 ... b go to the history in order; every waiter of the group is resumed.
//   G5. write the group's change sets into the change feed of the lock file, while another process or handle has the
//       file open (ChangeFeed.swift), then bump the lock file's commit signal word, waking the watchers of every other
//       process (CommitSignalWord).
// Versions a+1 ... b-1 never appear in a header slot: the slot for b names their surviving nodes too.
//
// Invariants:
//   (1) Readers see only durable versions: `latest` moves at G4, never when a commit writes its nodes.
//   (2) A commit's waiter is completed exactly once: with success only after G3 succeeded for a group that
//       contains it; with an error if any step of its group failed, or if it was queued behind a failed group.
//   (3) Nodes written by a group stay intact while its slot is the newest durable one: a commit reuses no
//       extent freed after `reuseFloor` (Database.swift invariant 5), and the floor of a durable slot lies
//       below the freeing version of every free extent that overlaps a run its manifest names. So a power
//       cut in a later group always finds the previous slot whole.
//   (4) While any commit is written but not durable, this process holds the cross-process writer lock: no
//       other process can commit on a version the header does not name yet, and `refreshFromFile` does not
//       mistake this process's own unsynced slot for another process's commit.
//   (5) Groups are made durable in version order, one at a time; a group's slot goes to the index the
//       previous group's did not use.
//
// The sync thread, per database, started by the first commit and ended after a linger without work:
//
//   idle ──enqueue()──▶ syncing(group) ──G4 or failure──▶ queue empty? ──yes──▶ idle (lingers, then exits)
//                            ▲                                  └──no: the queue is the next group──┐
//                            └──────────────────────────────────────────────────────────────────────┘

import Foundation

/// The outcome of one commit, awaited by its caller (blocking or suspending) and set by the sync thread.
final class CommitCompletion: Sendable {
    private struct State {
        var result: Result<CommitResult, any Error>?
        var continuation: CheckedContinuation<CommitResult, any Error>?
    }

    private let state = Locked(State())
    private let done = DispatchSemaphore(value: 0)

    /// Sets the outcome (once) and wakes the waiter.
    func complete(_ result: Result<CommitResult, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<CommitResult, any Error>? in
            precondition(state.result == nil, "a commit completed twice")
            state.result = result
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
        done.signal()
    }

    /// The outcome, if it is set already.
    var result: Result<CommitResult, any Error>? { state.withLock { $0.result } }

    /// Blocks the calling thread until the outcome is set.
    func wait() throws -> CommitResult {
        done.wait()
        return try state.withLock { $0.result! }.get()
    }

    /// Suspends the calling task (not its thread) until the outcome is set. Called under a task executor preference
    /// (`commitSuspending(resumingOn:)`), the task resumes on that executor straight from the sync thread;
    /// otherwise the runtime resumes it by way of the cooperative pool (ResumeExecutor.swift).
    func value(isolation: isolated (any Actor)? = #isolation) async throws -> CommitResult {
        try await withCheckedThrowingContinuation(isolation: isolation) {
            (continuation: CheckedContinuation<CommitResult, any Error>) in
            let ready = state.withLock { state -> Result<CommitResult, any Error>? in
                if let result = state.result { return result }
                state.continuation = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}

/// One commit whose nodes are written and which waits for the sync that makes it durable.
struct PendingCommit: Sendable {
    var snapshot: Snapshot
    /// The nodes this commit left to its group to write (PendingNodes.swift), sorted by offset; empty when it wrote
    /// them itself.
    var unwritten: [(offset: UInt64, image: NodeImage)]
    var freeSpace: FreeSpace
    var runs: [FileHeader.Manifest.Run]
    var bytesWritten: Int
    var changes: ChangeSet
    var completion: CommitCompletion
    /// When `commit()` began (for `CommitResult.duration`).
    var started: ContinuousClock.Instant
    var fileGrowth: (from: UInt64, to: UInt64)?
    /// The commit's record for the redo log (Database+RedoLog.swift); nil without a log, or for a large commit.
    var record: [UInt8]?
    /// The stored checksums of the top nodes of the version this commit was built on and of its own (ChangeFeed.swift
    /// chains the records of other processes' observers by them).
    var baseTop: UInt64
    var top: UInt64

    var version: Version { snapshot.version }
}

/// The queue of written commits and the thread that syncs them in groups (see the file comment).
final class GroupCommit: Sendable {
    private struct State {
        var queue: [PendingCommit] = []
        var threadRunning = false
        /// The thread waits on `wake` (an enqueue must signal it).
        var parked = false
        /// A group is being made durable.
        var busy = false
    }

    private let state = Locked(State())
    private let wake = DispatchSemaphore(value: 0)
    /// How long the sync thread waits for work before it ends.
    private static let linger: DispatchTimeInterval = .milliseconds(500)

    /// A weak reference to the database, so that a lingering thread does not keep it open.
    private final class WeakDatabase: @unchecked Sendable {
        // Written once, before the thread starts; read by the thread only.
        // Proof: `init` is the only write, made in `startThread(for:)` before the thread that gets the box starts;
        // that thread only loads it, and weak loads are atomic in the runtime, so a deinit elsewhere just gives nil.
        weak var database: Database?
        init(_ database: Database) { self.database = database }
    }

    /// Queues a written commit; starts or wakes the sync thread.
    func enqueue(_ commit: PendingCommit, for database: Database) {
        startOrWake(for: database, queueing: commit)
    }

    /// Starts the sync thread if it is not running, with nothing queued: while the redo log's ring is active the
    /// thread watches for a reason to stop it (Database+RedoLog.swift), even when every commit synced on its own
    /// committer's thread. A parked thread may be in its long linger, so it is woken to look at the ring.
    func watch(_ database: Database) {
        startOrWake(for: database, queueing: nil)
    }

    private func startOrWake(for database: Database, queueing commit: PendingCommit?) {
        let (start, signal) = state.withLock { state -> (Bool, Bool) in
            if let commit { state.queue.append(commit) }
            guard state.threadRunning else {
                state.threadRunning = true
                return (true, false)
            }
            defer { state.parked = false }
            return (false, state.parked)
        }
        if signal { wake.signal() }
        if start { startThread(for: database) }
    }

    private func startThread(for database: Database) {
        let reference = WeakDatabase(database)
        let thread = Thread { [self] in
            // The name `top -H`, `perf` and `ps -T` show (Foundation's `Thread.name` does not set it on Linux).
            ThreadName.setCurrent("strata sync")
            run(reference)
        }
        thread.name = "strata sync"
        thread.start()
    }

    /// Whether commits are queued or being synced.
    var isBusy: Bool { state.withLock { !$0.queue.isEmpty || $0.busy } }

    /// Waits until every queued commit has been made durable or failed.
    func drain() {
        while isBusy { usleep(100) }
    }

    private func run(_ reference: WeakDatabase) {
        while true {
            let group = state.withLock { state -> [PendingCommit]? in
                guard !state.queue.isEmpty else {
                    state.parked = true
                    return nil
                }
                state.busy = true
                defer { state.queue.removeAll(keepingCapacity: true) }
                return state.queue
            }
            if let group {
                if let database = reference.database {
                    database.finishGroup(group)
                } else {
                    for commit in group { commit.completion.complete(.failure(StorageError.closed)) }
                }
                state.withLock { $0.busy = false }
                continue
            }
            // While the redo log's ring is active, the thread looks every few milliseconds for a reason to stop it
            // (Database+RedoLog.swift).
            if reference.database?.ringIsActive == true {
                if wake.wait(timeout: .now() + Database.idleCheckpoint) == .timedOut {
                    _ = reference.database?.stopRingIfIdle()
                }
                continue
            }
            if wake.wait(timeout: .now() + Self.linger) == .timedOut {
                if reference.database?.ringIsActive == true { continue }
                let exit = state.withLock { state -> Bool in
                    guard state.parked && state.queue.isEmpty else { return false }
                    state.threadRunning = false
                    state.parked = false
                    return true
                }
                if exit { return }
            }
        }
    }
}

extension Database {
    /// Makes `group` durable with one slot write and one sync (two for a large group), publishes its last
    /// version and completes every commit of it (steps G1-G4 of the file comment). Runs on the sync thread,
    /// or on the committer's for a memory-only database.
    func finishGroup(_ group: [PendingCommit]) {
        let outcome: Result<[Duration], any Error>
        do {
            outcome = .success(try makeDurable(group))
        } catch {
            outcome = .failure(error)
        }
        state.withLock { state in
            state.inFlight -= group.count
            if case .failure = outcome {
                state.tip = nil
                for commit in group { for node in commit.unwritten { state.unwritten[node.offset] = nil } }
            }
            if state.inFlight == 0 {
                state.tip = nil
                state.unwritten = [:]
                if state.fileLockHeld && !state.writerActive && !state.ringActive {
                    fileLock?.unlockWriter()
                    state.fileLockHeld = false
                }
            }
        }
        let finished = ContinuousClock.now
        for (index, commit) in group.enumerated() {
            switch outcome {
            case .success(let syncs):
                commit.completion.complete(
                    .success(
                        CommitResult(
                            version: commit.version,
                            bytesWritten: commit.bytesWritten,
                            changes: commit.changes,
                            duration: finished - commit.started,
                            syncDurations: index == group.count - 1 ? syncs : [],
                            fileGrowth: commit.fileGrowth
                        )
                    )
                )
            case .failure(let error):
                commit.completion.complete(.failure(error))
            }
        }
    }

    /// Steps G1-G4 for `group`; returns how long each of its syncs took.
    private func makeDurable(_ group: [PendingCommit]) throws -> [Duration] {
        // A failed group poisoned the database: what is queued behind it was built on versions that will
        // never be durable.
        try checkWritable()
        let group = try writeUnwritten(group)
        let last = group[group.count - 1]
        let first = group[0].version
        let versions = first == last.version ? "version \(first)" : "versions \(first)-\(last.version)"
        if let redoLog, let syncs = try makeDurable(group, through: redoLog, versions: versions) {
            // The signal only wakes other processes' watchers sooner: one that is not bumped looks when its
            // wait times out, and the group is durable either way.
            feed(group)
            try? fileLock?.signal?.bump()
            return syncs
        }
        let durable = options.durability == .full
        let runs = Self.joined(group.flatMap(\.runs))
        let bytes = group.reduce(0) { $0 + $1.bytesWritten }
        let oneSync = durable && bytes <= Self.oneSyncLimit && runs.count <= FileHeader.maximumRuns
        // G1: a large group syncs its nodes before a slot that names none.
        var syncs: [Duration] = []
        if durable && !oneSync { syncs.append(try syncOrPoison("after writing the nodes of \(versions)")) }
        var manifest: FileHeader.Manifest?
        if oneSync {
            let mapping = last.snapshot.reader.mapping
            let bytes = UnsafeRawBufferPointer(start: mapping.base, count: Int(last.snapshot.fileEnd))
            guard let checksum = FileHeader.Manifest.checksum(of: runs, in: bytes, scheme: nodeChecksum) else {
                preconditionFailure("a run of \(versions) lies outside its mapping")
            }
            manifest = FileHeader.Manifest(runs: runs, checksum: checksum)
        }
        // G2: the slot.
        let slot = FileHeader.Slot(
            topRef: last.snapshot.topRef,
            version: last.version,
            fileEnd: last.snapshot.fileEnd,
            manifest: manifest,
            checksum: nodeChecksum
        )
        let newSlotIndex = 1 - state.withLock { $0.slotIndex }
        try writeSlot(slot, index: newSlotIndex, versions)
        // G3: the sync.
        if durable { syncs.append(try syncSlot(index: newSlotIndex, versions)) }
        // G4: publish.
        let floor = Self.reuseFloor(of: slot, freeSpace: last.freeSpace)
        publish(group, slot: (newSlotIndex, floor), syncs: durable ? (oneSync ? 1 : 2) : 0)
        // G5: wake the other processes' watchers (this process still holds the writer lock, invariant 4). The
        // group is durable whatever happens here; a failed bump only leaves the others to their wait's timeout. The
        // change feed goes first, so that a watcher the bump wakes finds the group's change sets there.
        feed(group)
        try? fileLock?.signal?.bump()
        return syncs
    }

    /// G0: writes the nodes the commits of `group` left to it (PendingNodes.swift), one gathered write per run of
    /// neighbours across the commits, and returns the group with readers that read the file again. A failed write
    /// poisons the database: the commits queued behind the group build on its nodes.
    private func writeUnwritten(_ group: [PendingCommit]) throws -> [PendingCommit] {
        let nodes = group.flatMap(\.unwritten).sorted { $0.offset < $1.offset }
        guard !nodes.isEmpty else { return group }
        var zeros: UInt64 = 0
        try withUnsafeBytes(of: &zeros) { padding in
            var start = 0
            while start < nodes.count {
                // A run: nodes one after another in the file (each padded to 8), at most `gatherLimit` of them.
                var end = start + 1
                while end < nodes.count, end - start < Self.gatherLimit,
                    nodes[end - 1].offset + UInt64(alignedTo8(nodes[end - 1].image.bytes.count)) == nodes[end].offset
                {
                    end += 1
                }
                var pieces: [UnsafeRawBufferPointer] = []
                pieces.reserveCapacity(2 * (end - start))
                for node in nodes[start..<end] {
                    pieces.append(node.image.bytes)
                    let pad = alignedTo8(node.image.bytes.count) - node.image.bytes.count
                    if pad > 0 { pieces.append(UnsafeRawBufferPointer(rebasing: padding[..<pad])) }
                }
                do {
                    try file.write(gathering: pieces, at: nodes[start].offset)
                } catch {
                    let versions = "versions \(group[0].version)-\(group[group.count - 1].version)"
                    poison("writing the nodes of \(versions) failed: \(error)")
                    throw (error as? SystemError).map(StorageError.io) ?? error
                }
                start = end
            }
        }
        state.withLock { state in
            for node in nodes { state.unwritten[node.offset] = nil }
            state.commitsWrittenByGroups += group.count { !$0.unwritten.isEmpty }
        }
        return group.map { commit in
            var commit = commit
            if commit.snapshot.reader.pending != nil { commit.snapshot = commit.snapshot.reading(pending: nil) }
            commit.unwritten = []
            return commit
        }
    }

    /// `runs` sorted by offset, neighbours joined (they never overlap: no commit of a group reuses space
    /// another one of it wrote, invariant 3).
    static func joined(_ runs: [FileHeader.Manifest.Run]) -> [FileHeader.Manifest.Run] {
        var joined: [FileHeader.Manifest.Run] = []
        for run in runs.sorted(by: { $0.offset < $1.offset }) {
            if let last = joined.last, last.offset + last.length == run.offset {
                joined[joined.count - 1].length += run.length
            } else {
                assert(joined.last.map { $0.offset + $0.length <= run.offset } ?? true, "the runs of a group overlap")
                joined.append(run)
            }
        }
        return joined
    }

    /// The newest version whose freed extents a commit may reuse while `slot` is the newest durable slot:
    /// below the freeing version of every free extent that overlaps a run the slot's manifest names (those are
    /// nodes an earlier commit of its group wrote and a later one freed), and at most the slot's version.
    static func reuseFloor(of slot: FileHeader.Slot, freeSpace: FreeSpace) -> Version {
        var floor = slot.version
        guard let runs = slot.manifest?.runs.sorted(by: { $0.offset < $1.offset }), !runs.isEmpty else {
            return floor
        }
        // A group names a few runs and the free list may hold hundreds of extents: each run finds the first extent
        // that ends after its start by a binary search (extents are sorted and disjoint, so their ends ascend too),
        // and reads on while they start before its end.
        let extents = freeSpace.extents
        for run in runs {
            var low = 0
            var high = extents.count
            while low < high {
                let middle = (low + high) / 2
                let end = extents[middle].offset + extents[middle].length
                if end <= run.offset { low = middle + 1 } else { high = middle }
            }
            while low < extents.count, extents[low].offset < run.offset + run.length {
                floor = min(floor, extents[low].freedAt > 0 ? extents[low].freedAt - 1 : 0)
                low += 1
            }
        }
        return floor
    }
}
