// Database+RedoLog.swift: how a database makes small commits durable through its redo log (RedoLog.swift):
// groups appended to the ring instead of a header slot, checkpoints, and the recovery of another writer's ring.
//
// With the log on (`DatabaseOptions.redoLog`), the ring is *active* from a checkpoint whose slot says records may
// follow (the flag) until one that clears it; this process holds the cross-process writer lock all that while.
// A group of commits (GroupCommit.swift) is made durable:
//   - through the ring (R1-R3) when no other process has the database open, every commit of the group has a record
//     (at most `recordLimit` bytes of nodes) and the ring holds them. If the ring is not active yet, it starts
//     first: its file is made if missing (a database whose log cannot be made goes on without one), and the newest
//     durable version is checkpointed (C1-C4 below) with the flag set, to both pages, since a build from before the
//     ring skips a format 5 slot and would open the older version the other page names (a format 6 file's slots
//     become format 7, which such a build refuses like every slot of that file). The group is not part of that
//     checkpoint, so a failure on its second page fails nothing that became durable.
//       R1. pwrite the group's records to the log, one write
//       R2. fdatasync the log             ── a failure at R1 or R2 poisons the database, fails the group and
//                                            blanks its frames, so they cannot come back; the poisoned database
//                                            then gives up the ring and the writer lock (`releaseRing`)
//       R3. publish, as G4: the header is not written and the reuse floor stays the checkpoint's version
//   - by a checkpoint that includes it (C1-C4) when the ring is active and the group does not go through it (the
//     ring is full, a commit is too large, or another process has the file open):
//       C1. fdatasync the database file: the nodes of the group and of every commit since the last checkpoint
//       C2. pwrite the slot that does not hold the newest durable version: the group's last version, no manifest,
//           the log's ring under a new random salt, the flag set while no other process has the database open
//           (the ring stays active) and cleared otherwise (it stops)
//       C3. fdatasync                     ── failures at C1-C3 as at G1-G3 (C3 blanks the slot)
//       C4. the ring starts empty under the new salt; publish, with the slot's version as the reuse floor
//   - as without a log (G1-G4, a format 4 or 6 slot, the file's: NodeChecksum.swift) when the ring is not active and
//     the group could not go through it.
// The ring stops (a checkpoint of the newest durable version that clears the flag, then the writer lock is
// released) when the sync thread, which watches an active ring, has found no commit for `idleCheckpoint` while
// another process has the file open, or for `DatabaseOptions.quietCheckpoint` in any case, and at close. A
// checkpoint of the version the current slot names is written to both pages (on a tie, open prefers page 0).
//
// Another process, or a writer of this one after a crash, finds a flagged slot as the newest (Database.swift,
// `openNew`; WriteTransaction.swift, `beginWrite`):
//   - the writer lock free: the ring's writer ended without stopping it. Under the lock, the header is read
//     again and the ring scanned. A lap of images: every record's runs copied to their offsets, fdatasync, a format
//     4 or 6 slot (the file's) written for the last record's version (to both pages if there was none: the same
//     version), fdatasync. A lap of logical records (LogicalRecord.swift): one write transaction on the checkpoint
//     assigns every record's values in order and commits as the last record's version, by a format 4 or 6 slot
//     (`replay`).
//   - the writer lock held: that writer is alive and stops the ring within `idleCheckpoint` of seeing this
//     process's reader slot; an opener waits for the header to move on (at most `ringWait`), then reads it.
//
// Invariants:
//   (1) While the ring is active this process holds the cross-process writer lock (Database.swift invariant 6): no
//       other process commits on the checkpoint, and `refreshFromFile` never takes the checkpoint for news. A
//       flagged slot with the writer lock free therefore belongs to a writer that ended without stopping its ring.
//   (2) No commit of a lap overwrites a node of the lap's checkpoint: the reuse floor is the checkpoint's version,
//       and space freed since is reused only where it lies in the lap's own space, free at the checkpoint or past
//       its end (ReuseRule.swift). So replaying the lap's images onto the checkpoint, in order, gives every node of
//       its last version (a node written twice in the lap holds the later record's bytes; CommitImage.swift
//       invariant 2), and a logical replay starts from an intact checkpoint.
//   (3) Recovery replays only under the writer lock, syncs the copied runs (or the replay's nodes) before the slot
//       that names them, and never appends to a scanned ring (RedoRing.swift invariant 4): a cut anywhere in it
//       leaves the same records to replay, from the same checkpoint.
//   (4) A lap holds records of one kind (LogicalRecord.swift invariant 2): a group whose records are of the other
//       kind is made durable by a checkpoint (C1-C4), which starts a new lap.

import Foundation

extension Database {
    /// Commits with more bytes of nodes than this are not logged: their group checkpoints.
    static let recordLimit = 256 << 10
    /// How long the sync thread waits, with records in the ring, before it checks for another process.
    static let idleCheckpoint: DispatchTimeInterval = .milliseconds(5)

    /// The record of a commit that wrote `runs` (their bytes as written) and made the version `snapshot`; nil when the
    /// commit is too large to log.
    static func record(of runs: [CommitImage.Run], topRef: Ref, fileEnd: UInt64) -> [UInt8]? {
        guard runs.reduce(0, { $0 + $1.bytes.count }) <= recordLimit else { return nil }
        return CommitImage(topRef: topRef, fileEnd: fileEnd, runs: runs).encode()
    }

    /// Steps R1-R3 or C1-C4 for `group`; returns how long each sync took, or nil when the group is to be made
    /// durable as without a log (the ring is not active and the group could not go through it).
    func makeDurable(_ group: [PendingCommit], through log: RedoLog, versions: String) throws -> [Duration]? {
        let last = group[group.count - 1]
        return try log.state.withLock { logState -> [Duration]? in
            let payloads = group.compactMap(\.record)
            // A failed query counts as another process: the slot path is the safe side, and a throw here would fail
            // the group without poisoning the database while commits queued behind it build on it.
            let alone = !((try? fileLock?.isOpenElsewhere()) ?? true)
            var syncs: [Duration] = []
            // A lap holds records of one kind (LogicalRecord.swift invariant 2): a group of the other kind checkpoints.
            let logical = payloads.map(LogicalRecord.isLogical)
            let lapKind = logState.ring == nil ? nil : logState.lapIsLogical
            let kindFits = logical.allSatisfy { $0 == (lapKind ?? logical[0]) }
            if alone && payloads.count == group.count && kindFits {
                if logState.ring == nil {
                    // The ring starts with a checkpoint of the newest durable version (not of the group: its
                    // second page would fail the group after the first had made it durable).
                    guard try startRing(log, &logState) else { return nil }
                    let (latest, free) = state.withLock { ($0.latest, $0.freeSpace) }
                    syncs += try checkpoint(latest, free, "version \(latest.version)", true, log, &logState).syncs
                }
                if var ring = logState.ring, let file = logState.file,
                    let (offset, bytes) = ring.append(group: payloads)
                {
                    precondition(group[0].version == ring.nextVersion - UInt64(group.count), "a record out of order")
                    // R1, R2. A failed write may have left whole frames of the group in the page cache: blank them,
                    // so that commits that failed cannot be replayed.
                    do {
                        try writeOrPoison(bytes, to: file, at: UInt64(offset), "writing the redo log of \(versions)")
                    } catch {
                        blank(bytes.count, at: offset, of: file)
                        throw error
                    }
                    let start = ContinuousClock.now
                    do {
                        try file.sync()
                    } catch {
                        poison("fdatasync of the redo log after \(versions) failed: \(error)")
                        blank(bytes.count, at: offset, of: file)
                        throw StorageError.poisoned(path: path, cause: "\(error)")
                    }
                    syncs.append(ContinuousClock.now - start)
                    logState.ring = ring
                    logState.lapIsLogical = logical[0]
                    logState.lastAppend = .now
                    // R3.
                    publish(group, slot: nil, syncs: syncs.count)
                    return syncs
                }
            }
            guard logState.ring != nil else { return nil }
            // The ring is full, or the group is too large for it or of the other kind of record, or another process
            // has the file open.
            let (checkpointSyncs, index) = try checkpoint(
                last.snapshot,
                last.freeSpace,
                versions,
                alone,
                log,
                &logState
            )
            let lapSpace = alone ? ReuseRule.LapSpace(checkpoint: last.freeSpace) : nil
            publish(group, slot: (index, last.version), syncs: checkpointSyncs.count, lapSpace: lapSpace)
            return checkpointSyncs
        }
    }

    /// Writes zeros over `count` bytes of the log at `offset`: the frames of a group that failed. Best effort: the
    /// database is poisoned already, and a sync is never retried after one failed (invariant 3 of
    /// WriteTransaction+Commit.swift).
    private func blank(_ count: Int, at offset: Int, of file: any StorageFile) {
        let zeros = [UInt8](repeating: 0, count: count)
        // A failure leaves the frames as they were: nothing more can be done for them here.
        try? zeros.withUnsafeBytes { try file.write($0, at: UInt64(offset)) }
    }

    /// Opens or makes the log's file before the ring starts; false
    /// if the file cannot be made (a full disk, say): the log is an optimization, and the database goes on
    /// without it.
    private func startRing(_ log: RedoLog, _ logState: inout RedoLog.State) throws -> Bool {
        // A commit racing `close()` does not start a ring the close has already passed.
        guard !isClosed else { return false }
        if logState.file == nil {
            guard !logState.unavailable,
                let file = try? RedoLog.openOrMake(path: log.path, length: log.length, options: options)
            else {
                logState.unavailable = true
                return false
            }
            logState.file = file
        }
        return true
    }

    /// C1-C3 for `snapshot`, and C4's new ring: returns the syncs and the index of the slot written last. With
    /// `keepActive` the slot's flag is set and the ring is active after it; without, the ring stops.
    private func checkpoint(
        _ snapshot: Snapshot,
        _ freeSpace: FreeSpace,
        _ versions: String,
        _ keepActive: Bool,
        _ log: RedoLog,
        _ logState: inout RedoLog.State
    ) throws -> (syncs: [Duration], index: Int) {
        precondition(logState.file != nil, "a checkpoint names a log that exists (RedoLog.swift invariant 3)")
        var syncs = [try syncOrPoison("before the checkpoint of \(versions)")]
        let salt = UInt64.random(in: 1...UInt64.max)
        let slot = FileHeader.Slot(
            topRef: snapshot.topRef,
            version: snapshot.version,
            fileEnd: snapshot.fileEnd,
            ring: FileHeader.Ring(offset: 0, length: UInt64(log.length), salt: salt, mayHoldRecords: keepActive),
            checksum: nodeChecksum
        )
        let (current, currentVersion) = state.withLock { ($0.slotIndex, $0.slotVersion) }
        // Both pages when the ring starts (invariant of the file comment), and when the version is the one the
        // current slot names (on a tie of versions, open prefers page 0).
        let pages = (logState.ring == nil && keepActive) || currentVersion == snapshot.version ? 2 : 1
        var index = current
        for _ in 0..<pages {
            index = 1 - index
            try writeSlot(slot, index: index, versions)
            syncs.append(try syncSlot(index: index, versions))
        }
        logState.ring = keepActive ? RedoRing(length: log.length, salt: salt, checkpoint: snapshot.version) : nil
        logState.lapIsLogical = nil
        logState.lastAppend = .now
        state.withLock { state in
            state.ringActive = keepActive
            state.slotIndex = index
            state.slotVersion = snapshot.version
            state.rejectedSlot = nil
            // The slot names no manifest: every extent freed up to its version may be reused (invariant 2), and the
            // new lap's own space sooner (ReuseRule.swift). Only once readers can see the version: a checkpoint of a
            // group not yet published leaves both to `publish`, or a reader pinning the version before it could
            // find its nodes reused.
            if snapshot.version == state.latest.version {
                state.reuseFloor = snapshot.version
                state.lapSpace = keepActive ? ReuseRule.LapSpace(checkpoint: freeSpace) : nil
            }
        }
        // The sync thread watches an active ring for a reason to stop it.
        if keepActive { groupCommit.watch(self) }
        return (syncs, index)
    }

    /// Whether the records in the ring since its checkpoint are logical (LogicalRecord.swift), images (false), or none
    /// (nil: no ring, or an empty one).
    package var ringHoldsLogicalRecords: Bool? { redoLog?.state.withLock { $0.ring == nil ? nil : $0.lapIsLogical } }

    /// Whether the ring is active (invariant 1).
    var ringIsActive: Bool { state.withLock { $0.ringActive } }

    /// Called by the sync thread when it has found no work for `idleCheckpoint` while the ring is active: stops the
    /// ring if another process has the file open or no commit came for `quietCheckpoint`. Returns whether the ring
    /// is still active.
    func stopRingIfIdle() -> Bool {
        guard let redoLog else { return false }
        return redoLog.state.withLock { logState in
            let (active, idle, poisoned) = state.withLock {
                ($0.ringActive, $0.inFlight == 0, $0.poisonedBy != nil)
            }
            guard active, idle else { return active }
            // A poisoned database cannot stop its ring: it gives up the lock (and the ring) instead, so that other
            // processes are not kept waiting; the records stay for the next writer to recover.
            if poisoned {
                releaseRing()
                return false
            }
            let quiet = ContinuousClock.now - logState.lastAppend >= options.quietCheckpoint
            // A failed query counts as another process: stopping is the safe side.
            let elsewhere = (try? fileLock?.isOpenElsewhere()) ?? true
            guard quiet || elsewhere else { return true }
            return !stopRing(&logState)
        }
    }

    /// Stops the ring if it is active (so that the next open reads nothing of the log), closes the log, and releases
    /// the writer lock the ring kept: if the ring could not be stopped (a poisoned database), its records stay for the
    /// next opener to recover, which needs the lock free.
    func closeRedoLog() {
        redoLog?.state.withLock { logState in
            if state.withLock({ $0.ringActive && $0.poisonedBy == nil }) { stopRing(&logState) }
            logState.file?.close()
            logState.file = nil
            logState.ring = nil
            releaseRing()
        }
    }

    /// Marks the ring stopped without a checkpoint, and releases the writer lock now unless a commit or a write
    /// transaction holds it (they release it when they end). For a poisoned database and at close: the records stay
    /// in the log for the next writer to recover (invariant 1: the lock free means exactly that).
    private func releaseRing() {
        state.withLock { state in
            state.ringActive = false
            state.lapSpace = nil
            if state.fileLockHeld && state.inFlight == 0 && !state.writerActive {
                fileLock?.unlockWriter()
                state.fileLockHeld = false
            }
        }
    }

    /// C1-C4 for the newest durable version with the flag cleared, then releases the writer lock if nothing else holds
    /// it; false if it failed (the database is poisoned, and the records stay in the ring for the next open).
    @discardableResult
    private func stopRing(_ logState: inout RedoLog.State) -> Bool {
        guard let redoLog else { return false }
        let (latest, free) = state.withLock { ($0.latest, $0.freeSpace) }
        do {
            let syncs = try checkpoint(latest, free, "version \(latest.version)", false, redoLog, &logState).syncs
            state.withLock { state in
                state.commitSyncs += syncs.count
                if state.inFlight == 0 && state.fileLockHeld && !state.writerActive {
                    fileLock?.unlockWriter()
                    state.fileLockHeld = false
                }
            }
            // Other processes' watchers look at the header again (invariant 1 kept them from taking up the lap).
            try? fileLock?.signal?.bump()
            return true
        } catch {
            return false
        }
    }

    /// Makes `group` the newest version readers see (G4 and R3): `slot` is the index and reuse floor of the slot
    /// written for it, nil for a group in the ring; `lapSpace` the space of the lap a checkpoint slot starts
    /// (ReuseRule.swift), set with the floor.
    func publish(
        _ group: [PendingCommit],
        slot: (index: Int, reuseFloor: Version)?,
        syncs: Int,
        lapSpace: ReuseRule.LapSpace? = nil
    ) {
        let last = group[group.count - 1]
        let bytes = group.reduce(0) { $0 + $1.bytesWritten }
        let published = ContinuousClock.now
        state.withLock { state in
            state.publications.record(last.version, at: published)
            state.latest = last.snapshot
            state.latestTop = last.top
            state.freeSpace = last.freeSpace
            if let slot {
                state.slotIndex = slot.index
                state.slotVersion = last.version
                state.rejectedSlot = nil
                state.reuseFloor = slot.reuseFloor
                state.lapSpace = lapSpace
            }
            state.durableCommits += group.count
            state.committedBytes += bytes
            state.commitSyncs += syncs
            for commit in group { appendHistory(commit.changes, to: &state) }
        }
    }

    /// Writes `bytes` at `offset` of `file`, poisoning the database if the write fails.
    func writeOrPoison(_ bytes: [UInt8], to file: any StorageFile, at offset: UInt64, _ what: String) throws {
        do {
            try bytes.withUnsafeBytes { try file.write($0, at: offset) }
        } catch let error as SystemError {
            poison("\(what) failed: \(error)")
            throw StorageError.io(error)
        } catch {
            poison("\(what) failed: \(error)")
            throw error
        }
    }

    /// G2 and C2: writes `slot` to header page `index`, which the file holds whole since it was made: the slot's own
    /// bytes only (the page's sync writes the page whole either way).
    func writeSlot(_ slot: FileHeader.Slot, index: Int, _ versions: String) throws {
        try writeOrPoison(
            FileHeader.encode(slot, index: index, padded: false),
            to: file,
            at: UInt64(index * FileHeader.pageSize),
            "writing the header of \(versions)"
        )
    }

    /// G3 and C3: syncs the slot just written to page `index`; a failed sync blanks it.
    func syncSlot(index: Int, _ versions: String) throws -> Duration {
        do {
            return try syncOrPoison("after writing the header of \(versions)")
        } catch {
            // The slot is in the page cache but may never reach the disk: blank it, so that no later open here and
            // no other process takes up a version that a power cut could still take away.
            let blank = [UInt8](repeating: 0, count: FileHeader.pageSize)
            try? blank.withUnsafeBytes { try file.write($0, at: UInt64(index * FileHeader.pageSize)) }
            throw error
        }
    }

    // MARK: Recovery

    /// How long an opener waits for a live writer to stop its ring before it reads the checkpoint.
    static let ringWait: Duration = .seconds(2)

    /// For a writer that has just taken the cross-process lock: recovers the ring of a writer that ended without
    /// stopping it (invariant 1), so that no commit is built on its checkpoint without its records.
    func recoverEndedRing() throws {
        let (mapping, active) = state.withLock { ($0.mapping, $0.ringActive) }
        guard !active else { return }
        let header = UnsafeRawBufferPointer(start: mapping.base, count: FileHeader.size)
        // Only a format 5 or 7 slot can name a ring: two loads decide for every file that never had one.
        func names(page: Int) -> Bool {
            let format = header.loadUnaligned(fromByteOffset: page * FileHeader.pageSize + 8, as: UInt32.self)
            return FileHeader.namesRing(format: UInt32(littleEndian: format))
        }
        guard names(page: 0) || names(page: 1) else { return }
        // The caller holds the writer lock, so no process is writing the header now: a header that does not decode is
        // damage, refused here rather than committed over without the ring's records.
        guard let current = try FileHeader.decode(Array(header), path: path).current,
            current.slot.ring?.mayHoldRecords == true
        else { return }
        let recovery = try mappingSystemErrors {
            try Self.recoverRing(
                after: current.slot,
                slotIndex: current.index,
                file: file,
                path: path,
                options: options
            )
        }
        if case .replay(let records) = recovery {
            // The checkpoint becomes this process's newest version, then the records' values are assigned to it.
            try refreshFromFile()
            try replay(records)
        }
    }

    /// What recovering a ring found: nothing to do, a ring of images copied and a slot written (the caller loads the
    /// file again), or logical records for the caller to replay on the checkpoint (`replay(_:)`), nothing written.
    enum RingRecovery {
        case nothing
        case copied
        case replay([RedoRecord])
    }

    /// Replays `records`, logical records of a ring, on the newest version (the ring's checkpoint), for a caller
    /// holding the writer lock: one write transaction assigns every record's values in order and commits, inline and
    /// by a format 4 or 6 slot, as the last record's version. A cut anywhere in it leaves the flagged slot the newest, and
    /// the next writer replays the same records again (invariant 3).
    func replay(_ records: [RedoRecord]) throws {
        guard let last = records.last else { return }
        let (latest, free) = state.withLock { ($0.latest, $0.freeSpace) }
        guard latest.version == records[0].version - 1 else {
            throw StorageError.corrupt(
                "\(path): its redo log's records start at version \(records[0].version), not after its checkpoint "
                    + "\(latest.version)"
            )
        }
        // A writer whose ring ended while its process lives on (poisoned: it gave up the lock) may still read the
        // lap's versions, whose nodes lie in space the checkpoint calls free. Images come back to those very places;
        // a logical replay allocates anew and would write over them. So it waits until no other process reads past
        // the checkpoint (a process that ended released its pins with its lock file).
        if let fileLock,
            let newer = try mappingSystemErrors({ try fileLock.versionsPinnedElsewhere() }).first(where: {
                $0 > latest.version
            })
        {
            throw StorageError.schema(
                "\(path) holds \(records.count) commits in its redo log that another process, still reading version "
                    + "\(newer), made and could not make durable; close that process's realms, then open this file again"
            )
        }
        // Numbered as the original commits were: the replayed version is the last record's.
        let base = Snapshot(
            version: last.version - 1,
            topRef: latest.topRef,
            catalog: latest.catalog,
            reader: latest.reader
        )
        let transaction = WriteTransaction(database: self, base: base, freeSpace: free)
        transaction.replaying = true
        for record in records {
            try LogicalRecord.decode(record.payload, path: path).apply(to: transaction, path: path)
        }
        let completion = try commit(transaction, syncInlineIfAlone: true)
        transaction.phase = .committed
        guard let result = completion.result else { preconditionFailure("a replay is made durable inline") }
        _ = try result.get()
    }

    /// Recovers the ring the flagged slot `slot` (page `slotIndex` of `file`'s header) names, for a caller holding
    /// the writer lock (invariant 3). A ring of images: copies every record's runs, syncs, and writes a format 4 or 6 slot
    /// for the last record's version (to both pages when there was no record: the same version), then syncs. A ring
    /// of logical records is returned for the caller to replay. A read-only caller writes nothing, and is refused if
    /// the ring holds records.
    static func recoverRing(
        after slot: FileHeader.Slot,
        slotIndex: Int,
        file: any StorageFile,
        path: String,
        options: DatabaseOptions
    ) throws -> RingRecovery {
        guard let ring = slot.ring, ring.mayHoldRecords else { return .nothing }
        let records = try RedoLog.records(
            path: path + ".redo",
            ring: ring,
            checkpoint: slot.version,
            databasePath: path,
            fileSystem: options.fileSystem
        )
        guard !options.readOnly else {
            guard records.isEmpty else {
                throw StorageError.schema(
                    "\(path) holds \(records.count) commits in its redo log after version \(slot.version) that a "
                        + "read-only open cannot replay; open it once for writing"
                )
            }
            return .nothing
        }
        // One kind per lap (LogicalRecord.swift invariant 2).
        let logical = records.filter { LogicalRecord.isLogical($0.payload) }.count
        if logical > 0 {
            guard logical == records.count else {
                throw StorageError.corrupt(
                    "\(path): its redo log mixes \(logical) logical records with \(records.count - logical) images"
                )
            }
            return .replay(records)
        }
        var recovered = FileHeader.Slot(
            topRef: slot.topRef,
            version: slot.version,
            fileEnd: slot.fileEnd,
            checksum: slot.checksum
        )
        var size = try file.size()
        for record in records {
            let image = try CommitImage.decode(record.payload, path: path)
            if image.fileEnd > size {
                try file.reserve(upTo: image.fileEnd)
                size = image.fileEnd
            }
            for run in image.runs { try run.bytes.withUnsafeBytes { try file.write($0, at: run.offset) } }
            recovered = FileHeader.Slot(
                topRef: image.topRef,
                version: record.version,
                fileEnd: image.fileEnd,
                checksum: slot.checksum
            )
        }
        try file.sync()
        var index = slotIndex
        for _ in 0..<(records.isEmpty ? 2 : 1) {
            index = 1 - index
            try file.writeSlot(recovered, index: index)
            try file.sync()
        }
        return .copied
    }
}
