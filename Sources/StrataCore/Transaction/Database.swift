// Database.swift: one open Strata file in this process: its versions, pins and writer.
//
// Every handle to one path in a process shares one `Database` (see `open`), so pins, the writer queue
// and the newest version are tracked in one place.
//
// Invariants:
//   (1) `state.latest` is the newest version this process knows to be durable; its free space is
//       `state.freeSpace`.
//   (2) A version with a pin count > 0 stays readable: no commit reuses space freed at a later version.
//   (3) At most one write transaction exists per file (writer queue in-process, OFD lock across
//       processes); it holds both until it commits or rolls back.
//   (4) Once a sync fails the database is poisoned: every later write throws; reads keep working.
//   (5) A commit reuses only extents freed at or before min(oldest pin, `reuseFloor`), where `reuseFloor` is
//       at most `latest`'s version and keeps the nodes the newest durable slot's manifest names intact
//       (GroupCommit.swift invariant 3).
//   (7) `history` holds the change sets of the newest commits, oldest first and without gaps, only while something
//       retains it (`historyRetainers` > 0; emptied when the last retention ends): at most `historyLimit` entries
//       and about `options.historyByteLimit` bytes (`historyBytes`). Past the byte bound the oldest entries' tables
//       become "changed wholesale" (details dropped), then the oldest entries go (Database+History.swift).
//   (6) `tip` is the newest version written (the next writer's base) while commits wait for their group's
//       sync (`inFlight` > 0); nil when `latest` is the newest. The cross-process writer lock is held while a
//       write transaction is active, `inFlight` > 0, or the redo log's ring is active
//       (`ringActive`, Database+RedoLog.swift) (`fileLockHeld`).
//   (8) Every node a reader reaches has its checksum verified the first time this process reads it, or was written
//       by this process: readers share `state.verified` (VerifiedNodes.swift), so a damaged node is reported as
//       `StorageError.corrupt`, never read as a value.
//
//   open ──close()──▶ closed          open ──sync fails──▶ poisoned (read-only until reopened)

import Foundation

/// One open database file.
package final class Database: Sendable {
    struct State {
        var latest: Snapshot
        /// The stored checksum of `latest`'s top node, when known without reading it again (ChangeFeed.swift chains
        /// records by it; once `latest` is not pinned another process may reuse its space).
        var latestTop: UInt64?
        /// The first of consecutive refreshes that left a newer slot unloaded because its change set was not in the
        /// change feed yet: the version it left, and when (ChangeFeed.swift's protocol: `awaitsFeed`).
        var feedAwaited: (version: Version, since: ContinuousClock.Instant)?
        var freeSpace: FreeSpace
        var mapping: MemoryMapping
        /// The nodes whose checksums this process has verified; new readers get this table (VerifiedNodes.swift).
        var verified: VerifiedNodes
        var physicalSize: UInt64
        var slotIndex: Int
        /// A slot newer than `latest` whose one-sync commit did not reach the disk whole (power loss cut it
        /// short): skipped until a commit overwrites it.
        var rejectedSlot: FileHeader.Slot?
        var pins: [Version: Int] = [:]
        var pinnedAt: [Version: ContinuousClock.Instant] = [:]
        var poisonedBy: String?
        var closed = false
        var history: [ChangeSet] = []
        /// The bytes `history` holds (``ChangeSet/estimatedBytes``).
        var historyBytes = 0
        /// How many ``HistoryRetention``s are alive (invariant 7).
        var historyRetainers = 0
        /// The oldest pinned version last written to this process's reader slot (0: none).
        var publishedOldest: Version = 0
        /// The newest version a commit may reuse freed extents of (invariant 5).
        var reuseFloor: Version
        /// While a redo log's ring is active: the space of its lap, which commits may reuse sooner (ReuseRule.swift).
        var lapSpace: ReuseRule.LapSpace?
        /// The newest written version and its free space, while commits wait for their sync (invariant 6).
        var tip: (snapshot: Snapshot, freeSpace: FreeSpace)?
        /// Commits written and not yet durable (or failed).
        var inFlight = 0
        /// The nodes of commits in flight that the sync thread has not written yet, by offset (PendingNodes.swift):
        /// the tip's reader reads them from here.
        var unwritten: [UInt64: NodeImage] = [:]
        /// A write transaction holds the writer queue.
        var writerActive = false
        /// This process holds the cross-process writer lock.
        var fileLockHeld = false
        /// The redo log's ring is active: the newest durable slot is this process's, and says records may follow
        /// (Database+RedoLog.swift).
        var ringActive = false
        /// The version the slot at `slotIndex` names.
        var slotVersion: Version
        /// Commits made durable by this instance, and the syncs that did it (group commit shares them).
        var durableCommits = 0
        /// Commits whose nodes their group wrote (PendingNodes.swift), not the commit itself.
        var commitsWrittenByGroups = 0
        /// Node bytes those commits wrote (headers aside).
        var committedBytes = 0
        var commitSyncs = 0
        /// The newest version this process took up from another process's commit (``refreshFromFile()``).
        var newestForeign: Version = 0
        /// When recent versions became visible here (for the notification lag a metrics hook reports).
        var publications = PublicationLog()
        /// The replication layer's hook, called by every local commit (CommitHook.swift).
        var commitHook: (any CommitHook)?
    }

    package let path: String
    package let options: DatabaseOptions
    let file: any StorageFile
    let fileLock: FileLock?
    /// The redo log, when the options ask for one (Database+RedoLog.swift).
    let redoLog: RedoLog?
    /// The file's checksum scheme, which its commits write their nodes, manifests and slots with (NodeChecksum.swift
    /// invariant 1: chosen when the file was made, read from the slot open loaded).
    let nodeChecksum: NodeChecksum
    let writers = WriterQueue()
    let groupCommit = GroupCommit()
    let state: Locked<State>

    /// How many recent change sets are kept for observers.
    static let historyLimit = 512
    static let mappingGranule: UInt64 = 1 << 20

    /// The databases this process has open, or is opening, by path (see `open`).
    private static let registry = Locked<[String: RegistryEntry]>([:])

    private init(
        path: String,
        options: DatabaseOptions,
        file: any StorageFile,
        fileLock: FileLock?,
        nodeChecksum: NodeChecksum,
        state: State
    ) {
        self.path = path
        self.nodeChecksum = nodeChecksum
        self.options = options
        self.file = file
        self.fileLock = fileLock
        let logged = options.redoLog && options.durability == .full && !options.readOnly
        redoLog = logged ? RedoLog(databasePath: path, length: options.redoLogLength) : nil
        self.state = Locked(state)
    }

    // MARK: Opening

    /// Opens (creating if needed) the database at `path`. A path already open in this process returns
    /// the same instance.
    ///
    /// The registry's lock is held only to look the path up: the open itself (which may wait up to `ringWait` for
    /// another process's redo log) runs outside it, behind a gate that other opens of the same path wait on, so
    /// opens and closes of other files never wait for it.
    package static func open(path: String, options: DatabaseOptions = DatabaseOptions()) throws -> Database {
        enum Step {
            case existing(Database)
            case wait(DispatchGroup)
            case open(DispatchGroup)
        }
        while true {
            let step = registry.withLock { registry -> Step in
                switch registry[path] {
                case .opening(let gate)?:
                    return .wait(gate)
                case .open(let weak)?:
                    if let existing = weak.database, !existing.isClosed { return .existing(existing) }
                    fallthrough
                case nil:
                    let gate = DispatchGroup()
                    gate.enter()
                    registry[path] = .opening(gate)
                    return .open(gate)
                }
            }
            switch step {
            case .existing(let database):
                return database
            case .wait(let gate):
                // The other open ended (opened or failed): look again.
                gate.wait()
            case .open(let gate):
                defer { gate.leave() }
                do {
                    let database = try mappingSystemErrors { try openNew(path: path, options: options) }
                    registry.withLock { $0[path] = .open(WeakDatabase(database: database)) }
                    return database
                } catch {
                    registry.withLock { $0[path] = nil }
                    throw error
                }
            }
        }
    }

    /// The database this process has open at `path`, if any (it stays open: the caller shares it). An open or a
    /// close of the path under way is waited for.
    package static func openInstance(path: String) -> Database? {
        while true {
            let entry = registry.withLock { $0[path] }
            switch entry {
            case .opening(let gate)?:
                gate.wait()
            case .open(let weak)?:
                guard let existing = weak.database, !existing.isClosed else { return nil }
                return existing
            case nil:
                return nil
            }
        }
    }

    /// Opens the database at `path` for one caller alone: not shared with this process's other handles, so that
    /// closing it closes no one else's (reading a file's schema version, copying a seed file).
    package static func openUnshared(path: String, options: DatabaseOptions) throws -> Database {
        try mappingSystemErrors { try openNew(path: path, options: options) }
    }

    private static func openNew(path: String, options: DatabaseOptions) throws -> Database {
        let fs = options.fileSystem
        // A read-only open never creates the file: a missing one is the open's ENOENT, as the file system reports it.
        if options.readOnly, !fs.fileExists(path) {
            throw StorageError.io(SystemError("open", code: ENOENT, path: path))
        }
        // The reader slot is claimed before the file is created or opened, so that a process compacting or deleting
        // the file either sees this one or makes it wait (FileLock.swift, exclusion protocol).
        let fileLock = try openLockFile(path: path, options: options)
        if !fs.fileExists(path) { try create(path: path, options: options) }
        let file = try fs.open(path, mode: options.readOnly ? .readOnly : .readWrite)
        // Logical records of a ring whose writer ended, found under the writer lock, which stays held until they are
        // replayed (Database+RedoLog.swift).
        var replay: [RedoRecord]?
        let database: Database
        do {
            let (loaded, records) = try settleRing(
                try loadRetrying(file: file, fs: fs, path: path),
                file: file,
                fileLock: fileLock,
                path: path,
                options: options
            )
            replay = records
            let (size, slotIndex, mapping, snapshot, freeSpace, verified, rejected, scheme) = loaded
            let reuseFloor = Self.reuseFloor(
                of: slotIndex,
                in: mapping,
                path: path,
                snapshot: snapshot,
                freeSpace: freeSpace
            )
            var state = State(
                latest: snapshot,
                freeSpace: freeSpace,
                mapping: mapping,
                verified: verified,
                physicalSize: size,
                slotIndex: slotIndex,
                rejectedSlot: rejected,
                reuseFloor: reuseFloor,
                slotVersion: snapshot.version
            )
            state.publications.record(snapshot.version, at: .now)
            state.fileLockHeld = replay != nil
            database = Database(
                path: path,
                options: options,
                file: file,
                fileLock: fileLock,
                nodeChecksum: scheme,
                state: state
            )
        } catch {
            if replay != nil { fileLock?.unlockWriter() }
            file.close()
            throw error
        }
        if let replay {
            do {
                // The replay's commit releases the writer lock (GroupCommit.swift, `finishGroup`).
                try database.replay(replay)
            } catch {
                let held = database.state.withLock { state -> Bool in
                    defer { state.fileLockHeld = false }
                    return state.fileLockHeld
                }
                if held { fileLock?.unlockWriter() }
                database.close()
                throw error
            }
        }
        return database
    }

    /// What a load of the file found: its size, the page of the slot loaded, the mapping, the version and its free
    /// space, the verified-nodes table its reads filled, a newer slot whose one-sync commit did not reach the disk, and
    /// the file's checksum scheme (the loaded slot's).
    typealias Loaded = (
        size: UInt64, slotIndex: Int, mapping: MemoryMapping, snapshot: Snapshot, free: FreeSpace,
        verified: VerifiedNodes, rejected: FileHeader.Slot?, checksum: NodeChecksum
    )

    /// When the newest whole slot of `loaded` says records of a redo log may follow: recovers the ring if its writer
    /// ended, or waits for that live writer to stop it, at most `ringWait` (Database+RedoLog.swift). Returns what to
    /// open.
    private static func settleRing(
        _ loaded: Loaded,
        file: any StorageFile,
        fileLock: FileLock?,
        path: String,
        options: DatabaseOptions
    ) throws -> (Loaded, replay: [RedoRecord]?) {
        var loaded = loaded
        let deadline = ContinuousClock.now + ringWait
        while let flagged = slot(at: loaded.slotIndex, in: loaded.mapping, path: path), let ring = flagged.ring,
            ring.mayHoldRecords
        {
            guard let fileLock else {
                // A read-only opener without a lock file cannot tell a live writer from one that ended: it reads the
                // checkpoint if the log holds nothing after it, else waits for the header to move on, and is refused
                // if it does not (recoverRing, read-only).
                let records = try RedoLog.records(
                    path: path + ".redo",
                    ring: ring,
                    checkpoint: flagged.version,
                    databasePath: path,
                    fileSystem: options.fileSystem
                )
                guard !records.isEmpty else { return (loaded, nil) }
                guard ContinuousClock.now < deadline else {
                    let recovery = try recoverRing(
                        after: flagged,
                        slotIndex: loaded.slotIndex,
                        file: file,
                        path: path,
                        options: options
                    )
                    if case .replay = recovery {
                        throw StorageError.schema("\(path) holds redo log records that only a writer can replay")
                    }
                    return (loaded, nil)
                }
                Thread.sleep(forTimeInterval: 0.01)
                loaded = try loadRetrying(file: file, fs: options.fileSystem, path: path)
                continue
            }
            if try mappingSystemErrors({ try fileLock.tryLockWriter() }) {
                var keepsLock = false
                defer { if !keepsLock { fileLock.unlockWriter() } }
                // Under the lock the header holds still: load it again before recovering.
                loaded = try loadRetrying(file: file, fs: options.fileSystem, path: path)
                guard let slot = slot(at: loaded.slotIndex, in: loaded.mapping, path: path) else {
                    return (loaded, nil)
                }
                switch try recoverRing(
                    after: slot,
                    slotIndex: loaded.slotIndex,
                    file: file,
                    path: path,
                    options: options
                )
                {
                case .nothing:
                    return (loaded, nil)
                case .copied:
                    return (try loadRetrying(file: file, fs: options.fileSystem, path: path), nil)
                case .replay(let records):
                    // The opener replays them on the checkpoint it loaded, still under the lock.
                    keepsLock = true
                    return (loaded, records)
                }
            }
            // A live writer: it stops its ring within a few milliseconds of seeing this process's reader slot.
            guard ContinuousClock.now < deadline else { return (loaded, nil) }
            Thread.sleep(forTimeInterval: 0.001)
            loaded = try loadRetrying(file: file, fs: options.fileSystem, path: path)
        }
        return (loaded, nil)
    }

    /// Loads the newest whole version of `file`, retrying while another process's commits move the header on.
    ///
    /// The newest version is not pinned while it is loaded: another process may commit meanwhile and reuse its space
    /// (or grow the file after its size was read). A load that fails while the header has moved on is that race,
    /// retried; one that fails with the header unchanged is damage.
    private static func loadRetrying(
        file: any StorageFile,
        fs: any FileSystem,
        path: String
    ) throws -> Loaded {
        var attempts = 0
        var rejected: FileHeader.Slot?
        while true {
            var seen: Version?
            let verified = VerifiedNodes(path: path, fileEnd: try file.size())
            do {
                let loaded = try loadNewest(
                    file: file,
                    fs: fs,
                    path: path,
                    verified: verified,
                    seen: &seen,
                    rejected: &rejected
                )
                return (
                    loaded.size, loaded.slotIndex, loaded.mapping, loaded.snapshot, loaded.free, verified, rejected,
                    loaded.checksum
                )
            } catch let error as StorageError {
                attempts += 1
                guard attempts < 1000, let seen, try newestVersion(file: file, fs: fs, path: path) != seen else {
                    throw error
                }
            }
        }
    }

    /// The slot at page `index` of the header in `mapping`, if it is valid.
    static func slot(at index: Int, in mapping: MemoryMapping, path: String) -> FileHeader.Slot? {
        let bytes = Array(UnsafeRawBufferPointer(start: mapping.base, count: FileHeader.size))
        return (try? FileHeader.decode(bytes, path: path))?.slots[index]
    }

    /// Reads the header and loads the newest whole version it names; `seen` is set to the newest version the
    /// header names once known, and `rejected` to a newer slot whose one-sync commit did not reach the disk.
    private static func loadNewest(
        file: any StorageFile,
        fs: any FileSystem,
        path: String,
        verified: VerifiedNodes,
        seen: inout Version?,
        rejected: inout FileHeader.Slot?
    ) throws -> (
        size: UInt64, slotIndex: Int, mapping: MemoryMapping, snapshot: Snapshot, free: FreeSpace,
        checksum: NodeChecksum
    ) {
        var size = try file.size()
        let headerBytes = try fs.readBytes(file, count: min(Int(size), FileHeader.size), at: 0)
        guard headerBytes.count >= 8,
            Array(headerBytes[0..<8]) == FileHeader.magic || size >= UInt64(FileHeader.size)
        else {
            throw StorageError.notAStrataFile(path: path)
        }
        let header = try FileHeader.decode(headerBytes, path: path)
        guard let newest = header.current else { throw StorageError.corrupt("no valid header slot") }
        seen = newest.slot.version
        // Another process may have grown the file and committed after its size was read.
        if newest.slot.fileEnd > size { size = try file.size() }
        let mapping = try file.map(length: Int(mappingLength(for: size)))
        let fileSize = size
        let whole = header.newest { isWhole($0, in: mapping, fileSize: fileSize) }
        guard let (slotIndex, slot) = whole else { throw StorageError.corrupt("no valid header slot") }
        if slot != newest.slot {
            // A commit by another process that overwrote those runs would have moved the header on first.
            let now = try fs.readBytes(file, count: FileHeader.size, at: 0)
            guard (try? FileHeader.decode(now, path: path))?.current?.slot == newest.slot else {
                throw StorageError.corrupt("the header of \(path) changed while it was read")
            }
            rejected = newest.slot
        }
        guard slot.fileEnd <= size else {
            throw StorageError.corrupt(
                "\(path) is truncated: version \(slot.version) needs \(slot.fileEnd) bytes, the file has \(size)"
            )
        }
        let snapshot = try loadSnapshot(slot: slot, mapping: mapping, verified: verified)
        return (size, slotIndex, mapping, snapshot, try loadFreeSpace(snapshot), slot.checksum)
    }

    /// The reuse floor (invariant 5) of the slot at `slotIndex` of the header in `mapping`; 0, which keeps every
    /// freed extent, if that slot no longer names the version loaded (another process committed meanwhile: the
    /// next refresh sets the floor of what it loads).
    private static func reuseFloor(
        of slotIndex: Int,
        in mapping: MemoryMapping,
        path: String,
        snapshot: Snapshot,
        freeSpace: FreeSpace
    ) -> Version {
        let bytes = Array(UnsafeRawBufferPointer(start: mapping.base, count: FileHeader.size))
        // `try?` loses nothing: a header that no longer decodes gives the floor 0, which reuses no freed extent.
        guard let slot = (try? FileHeader.decode(bytes, path: path))?.slots[slotIndex], slot.version == snapshot.version
        else { return 0 }
        return reuseFloor(of: slot, freeSpace: freeSpace)
    }

    /// Whether the commit a slot names reached the disk whole. A slot written after its nodes were synced
    /// is; a one-sync slot is when every run it names lies inside the file and still hashes to its manifest.
    static func isWhole(_ slot: FileHeader.Slot, in mapping: MemoryMapping, fileSize: UInt64) -> Bool {
        guard let manifest = slot.manifest else { return true }
        guard slot.fileEnd <= fileSize, slot.fileEnd <= UInt64(mapping.length) else { return false }
        let bytes = UnsafeRawBufferPointer(start: mapping.base, count: Int(slot.fileEnd))
        return FileHeader.Manifest.checksum(of: manifest.runs, in: bytes, scheme: slot.checksum) == manifest.checksum
    }

    /// The newest valid version the header names now (nil if none).
    private static func newestVersion(file: any StorageFile, fs: any FileSystem, path: String) throws -> Version? {
        let bytes = try fs.readBytes(file, count: FileHeader.size, at: 0)
        return (try? FileHeader.decode(bytes, path: path))?.current?.slot.version
    }

    /// Opens the lock file and claims a reader slot, opening the lock file again when the files were deleted while
    /// the claim waited. Memory-only databases have none (no other process can open them); a read-only opener that
    /// cannot create the lock file reads unprotected.
    private static func openLockFile(path: String, options: DatabaseOptions) throws -> FileLock? {
        guard options.durability == .full else { return nil }
        do {
            while true {
                let lock = try FileLock(path: path + ".lock", permissions: options.filePermissions)
                if try lock.claimReaderSlot() { return lock }
            }
        } catch  where options.readOnly {
            return nil
        }
    }

    /// Writes a new, empty database: a temporary file renamed into place, so a crash never leaves half a file.
    private static func create(path: String, options: DatabaseOptions) throws {
        let fs = options.fileSystem
        let temporary = path + ".creating"
        try fs.remove(temporary)
        let file = try fs.open(temporary, mode: .createNew(permissions: options.filePermissions))
        defer { file.close() }
        // A new file uses four-lane checksums from its first node, and both its slots say so (NodeChecksum.swift).
        let scheme = options.newFileChecksum
        let top = Catalog(version: 1).encode(scheme: scheme)
        let fileEnd = UInt64(FileHeader.size + alignedTo8(top.count))
        try file.reserve(upTo: fileEnd)
        try top.withUnsafeBytes { try file.write($0, at: UInt64(FileHeader.size)) }
        let slot = FileHeader.Slot(topRef: Ref(UInt64(FileHeader.size)), version: 1, fileEnd: fileEnd, checksum: scheme)
        for index in 0..<2 { try file.writeSlot(slot, index: index) }
        if options.durability == .full { try file.sync() }
        try fs.rename(temporary, to: path)
        if options.durability == .full { try fs.syncDirectory(directoryOf(path)) }
    }

    static func mappingLength(for size: UInt64) -> UInt64 {
        let wanted = max(size * 2, 64 * mappingGranule)
        return (wanted + mappingGranule - 1) / mappingGranule * mappingGranule
    }

    static func loadSnapshot(slot: FileHeader.Slot, mapping: MemoryMapping, verified: VerifiedNodes) throws -> Snapshot
    {
        let reader = NodeReader(mapping: mapping, limit: slot.fileEnd, verified: verified)
        let catalog = try Catalog.decode(try reader.node(slot.topRef, .top))
        guard catalog.version == slot.version else {
            throw StorageError.corrupt("the top node says version \(catalog.version), the header \(slot.version)")
        }
        return Snapshot(version: slot.version, topRef: slot.topRef, catalog: catalog, reader: reader)
    }

    static func loadFreeSpace(_ snapshot: Snapshot) throws -> FreeSpace {
        guard !snapshot.catalog.freeListRef.isNone else { return FreeSpace(fileEnd: snapshot.fileEnd) }
        // The reader verified the node's checksum (or this process wrote it).
        let node = try FreeSpace.node(at: snapshot.catalog.freeListRef, in: snapshot.reader)
        return try FreeSpace.decode(node, fileEnd: snapshot.fileEnd)
    }

    // MARK: State

    package var isClosed: Bool { state.withLock { $0.closed } }

    /// The newest version this process took up from another process's commit (0: none yet): a watcher compares it
    /// with what it last announced to tell other processes' commits from this one's.
    package var newestForeignVersion: Version { state.withLock { $0.newestForeign } }

    /// The lock file's commit signal word, which other processes' commits bump (nil without a lock file: a
    /// memory-only database, or a read-only one whose lock file could not be opened).
    package var commitSignal: CommitSignalWord? { fileLock?.signal }

    /// The newest committed version known to this process.
    package var latestVersion: Version { state.withLock { $0.latest.version } }

    /// Why writes are disabled, if an earlier sync failed.
    package var poisonReason: String? { state.withLock { $0.poisonedBy } }

    /// Pinned versions and how long the oldest has been pinned.
    package var pinnedVersions: (count: Int, oldestAge: Duration?) {
        state.withLock { state in
            let oldest = state.pins.keys.min().flatMap { state.pinnedAt[$0] }
            return (state.pins.count, oldest.map { ContinuousClock.now - $0 })
        }
    }

    /// When the first version at or after `version` that this process saw become visible did so: a commit of
    /// this process once its sync succeeded, another process's once this one loaded it. Nil when no such version
    /// is among the recent ones kept.
    package func publicationInstant(of version: Version) -> ContinuousClock.Instant? {
        state.withLock { $0.publications.instant(of: version) }
    }

    /// The oldest version each other live process has pinned, from the lock file's reader table (one entry per
    /// process, whatever its pin count; the table records versions, not when they were pinned); nil when this
    /// instance has no lock file (a memory-only database, or a read-only opener that could not create one).
    package func versionsPinnedByOtherProcesses() throws -> [Version]? {
        guard let fileLock else { return nil }
        return try mappingSystemErrors { try fileLock.versionsPinnedElsewhere() }
    }

    /// How many nodes reads have hashed to verify their checksums since the file was opened (or since the table of
    /// verified nodes last grew: VerifiedNodes.swift invariant 4); nodes this process wrote are never hashed.
    package var nodesVerifiedByReads: Int { state.withLock { $0.verified.hashed } }

    /// Free bytes inside the used region, and the used region's end.
    package var spaceUsage: (free: UInt64, fileEnd: UInt64) {
        state.withLock { ($0.freeSpace.freeBytes, $0.freeSpace.fileEnd) }
    }

    /// Closes the database for every handle in this process, once the commits waiting for their sync are
    /// durable (or failed). Open read transactions stay readable.
    package func close() {
        groupCommit.drain()
        closeRedoLog()
        let wasOpen = state.withLock { state -> Bool in
            defer { state.closed = true }
            return !state.closed
        }
        guard wasOpen else { return }
        // Until the file is closed (and an in-memory one removed), opens of the path wait, as for an open under way:
        // a new instance must not open the file this close is about to remove.
        let gate = DispatchGroup()
        gate.enter()
        let registered = Self.registry.withLock { registry -> Bool in
            guard case .open(let weak)? = registry[path], weak.database === self else { return false }
            registry[path] = .opening(gate)
            return true
        }
        file.close()
        // A memory-only database's file holds nothing to keep; one left behind is only space.
        if options.durability == .memoryOnly { try? options.fileSystem.remove(path) }
        if registered { Self.registry.withLock { $0[path] = nil } }
        gate.leave()
    }

    // MARK: Pins

    /// Pins the newest version (refreshing from the file first) and returns it with its pin.
    ///
    /// The pin is published in the reader table before the header is checked again: if another
    /// process committed meanwhile, its next commit might not have seen the pin, so the newer
    /// version is pinned instead.
    func pinLatest() throws -> (Snapshot, VersionPin) {
        while true {
            try refreshFromFile()
            let (snapshot, pin) = try state.withLock { state -> (Snapshot, VersionPin) in
                guard !state.closed else { throw StorageError.closed }
                let version = state.latest.version
                if state.pins[version] == nil {
                    if let limit = options.maximumActiveVersions {
                        let active = Set(state.pins.keys).union([version])
                        guard active.count <= limit else { throw StorageError.tooManyActiveVersions(limit: limit) }
                    }
                    state.pinnedAt[version] = .now
                }
                state.pins[version, default: 0] += 1
                try publishOldest(&state)
                return (state.latest, VersionPin(version: version, database: self))
            }
            // A poisoned instance keeps its last durable version whatever the header says.
            if fileLock == nil || poisonReason != nil || hasCommitsInFlight || headerVersion() <= snapshot.version {
                return (snapshot, pin)
            }
            pin.release()
        }
    }

    /// Whether commits of this process are written and wait for their sync (the header may name one already).
    var hasCommitsInFlight: Bool { state.withLock { $0.inFlight > 0 } }

    /// Commits made durable by this instance, the fdatasync calls that made them so (with group commit,
    /// concurrent writers share syncs, so `syncs / commits` falls below 1) and the node bytes they wrote.
    package var commitStatistics: (commits: Int, syncs: Int, bytes: Int) {
        state.withLock { ($0.durableCommits, $0.commitSyncs, $0.committedBytes) }
    }

    /// Commits of this instance that queued behind another and left their nodes to their group's sync thread to write
    /// (PendingNodes.swift).
    package var commitsWrittenByGroups: Int { state.withLock { $0.commitsWrittenByGroups } }

    /// The newest valid version in the file's header, read from the mapping (a rejected slot aside). When no page
    /// names a version past the newest one loaded, the bound ``FileHeader/versionBound(of:)`` stands in for it (no
    /// lower than it, no higher than the newest loaded): `pinLatest` only asks whether the header moved past the
    /// version it pinned.
    private func headerVersion() -> Version {
        state.withLock { state in
            // The common case costs one comparison; the header is decoded only when a page may name a newer version.
            let bound = FileHeader.versionBound(of: state.mapping.base)
            if bound <= state.latest.version { return bound }
            let bytes = Array(UnsafeRawBufferPointer(start: state.mapping.base, count: FileHeader.size))
            let header = try? FileHeader.decode(bytes, path: path)
            return header?.newest { $0 != state.rejectedSlot }?.slot.version ?? 0
        }
    }

    /// Writes this process's oldest pinned version to its reader slot when it changed.
    private func publishOldest(_ state: inout State) throws {
        guard let fileLock else { return }
        let oldest = state.pins.keys.min() ?? 0
        guard oldest != state.publishedOldest else { return }
        try mappingSystemErrors { try fileLock.publish(oldestPinned: oldest) }
        state.publishedOldest = oldest
    }

    /// Pins `version` once more (it must already be pinned): for handing a snapshot to another holder.
    func pinAgain(_ version: Version) -> VersionPin {
        state.withLock { state in
            precondition(state.pins[version] != nil, "version \(version) is not pinned")
            state.pins[version]! += 1
        }
        return VersionPin(version: version, database: self)
    }

    func unpin(_ version: Version) {
        state.withLock { state in
            guard let count = state.pins[version] else { return }
            if count <= 1 {
                state.pins[version] = nil
                state.pinnedAt[version] = nil
                // A failed publish leaves an older version published: more is protected, never less.
                try? publishOldest(&state)
            } else {
                state.pins[version] = count - 1
            }
        }
    }

    /// Which freed extents a commit may reuse (ReuseRule.swift): none that this process's pins, other processes'
    /// published pins or the newest durable version can reach; while a redo log's ring is active, also those of the
    /// lap's space freed before every pin and the newest published version (ReuseRule.swift invariant 1).
    func reuseRule(_ state: State) throws -> ReuseRule {
        var pinned = state.pins.keys.min()
        if let fileLock {
            for version in try mappingSystemErrors({ try fileLock.versionsPinnedElsewhere() }) {
                pinned = min(pinned ?? version, version)
            }
        }
        let oldest = min(pinned ?? state.reuseFloor, state.reuseFloor)
        guard let space = state.lapSpace else { return ReuseRule(oldest: oldest) }
        let published = state.latest.version
        return ReuseRule(oldest: oldest, lap: (min(pinned ?? published, published), space))
    }

    /// The newest version, after picking up one another process committed (cheap when there is none).
    ///
    /// A newer version that fails to load (damage, or an I/O error reading it) leaves the newest loaded one, and is
    /// not reported here: callers that must tell their users (a realm's streams) use ``refreshingLatestVersion()``;
    /// the others (the `strata watch` tool's poll, a replica's pull) read it next through a call that throws.
    package func refreshedLatestVersion() -> Version {
        (try? refreshingLatestVersion()) ?? latestVersion
    }

    /// The newest version, after picking up one another process committed; throws when a newer version fails to
    /// load (damage, or an I/O error reading it), leaving the newest loaded one.
    package func refreshingLatestVersion() throws -> Version {
        try refreshFromFile()
        return latestVersion
    }

    /// Picks up a version committed by another process (cheap when there is none).
    ///
    /// The version the header names is not pinned yet while it is loaded, so another process may commit
    /// twice meanwhile and reuse its space: a load that fails while the header has moved on is that race,
    /// and is retried with the newer version; a load that fails while the header still names the same
    /// version is real damage.
    func refreshFromFile() throws {
        while try !refreshOnce() {}
    }

    /// One attempt of `refreshFromFile()`; false when the header moved on during a failed load.
    private func refreshOnce() throws -> Bool {
        try state.withLock { state in
            guard !state.closed else { throw StorageError.closed }
            // After a failed sync the file's state is unknown: keep the last version known to be durable.
            guard state.poisonedBy == nil else { return true }
            // This process holds the writer lock while its commits wait for their sync: a newer slot is its own
            // (not durable yet), never another process's (invariant 6). While its redo log holds records, the header
            // names its own checkpoint, older than `latest`.
            guard state.inFlight == 0, !state.ringActive else { return true }
            // The common case, nothing committed elsewhere, costs one comparison: neither page's version field
            // reaches past the newest version loaded (a rejected slot keeps it past, and is decoded each time).
            guard FileHeader.versionBound(of: state.mapping.base) > state.latest.version else { return true }
            let bytes = Array(UnsafeRawBufferPointer(start: state.mapping.base, count: FileHeader.size))
            guard let header = try? FileHeader.decode(bytes, path: path), let newest = header.current,
                newest.slot.version > state.latest.version, newest.slot != state.rejectedSlot
            else { return true }
            let size = try mappingSystemErrors { try file.size() }
            if UInt64(state.mapping.length) < min(newest.slot.fileEnd, size) {
                state.mapping = try mappingSystemErrors { try file.map(length: Int(Self.mappingLength(for: size))) }
            }
            // Versions up to the one loaded were checked when they were loaded (or written here).
            let known = state.latest.version
            let mapping = state.mapping
            guard
                let (index, slot) = header.newest(where: {
                    $0.version <= known || Self.isWhole($0, in: mapping, fileSize: size)
                }), slot.version > known
            else {
                let now = Array(UnsafeRawBufferPointer(start: state.mapping.base, count: FileHeader.size))
                // `try?` only asks whether another process moved the header meanwhile (then the caller looks again);
                // a header that does not decode now counts as moved, and the next look reports it.
                if (try? FileHeader.decode(now, path: path))?.current?.slot != newest.slot { return false }
                state.rejectedSlot = newest.slot
                return true
            }
            guard slot.fileEnd <= size, !awaitsFeed(slot.version, &state) else { return true }
            do {
                state.verified = state.verified.fitting(fileEnd: slot.fileEnd)
                let latest = try Self.loadSnapshot(slot: slot, mapping: state.mapping, verified: state.verified)
                let freeSpace = try Self.loadFreeSpace(latest)
                let latestTop = try? latest.reader.node(latest.topRef, .top).storedChecksum
                recordForeignChanges(from: state.latest, to: latest, newTop: latestTop, in: &state)
                state.latest = latest
                state.latestTop = latestTop
                state.newestForeign = latest.version
                state.freeSpace = freeSpace
                state.publications.record(latest.version, at: .now)
                state.reuseFloor = Self.reuseFloor(of: slot, freeSpace: freeSpace)
            } catch {
                let now = Array(UnsafeRawBufferPointer(start: state.mapping.base, count: FileHeader.size))
                // `try?` only asks whether another process moved the header meanwhile: if it did not decode, the load's
                // own error is thrown below.
                if let moved = (try? FileHeader.decode(now, path: path))?.current?.slot.version, moved != slot.version {
                    return false
                }
                throw error
            }
            state.physicalSize = size
            state.slotIndex = index
            state.slotVersion = slot.version
            return true
        }
    }
}

extension Database {
    /// How long a refresh leaves a newer slot unloaded while its change set is not in the change feed yet.
    package static let feedWait: Duration = .milliseconds(50)

    /// Whether the slot of `version`, found by a refresh, is to be left for now: something observes, the change feed's
    /// head names an older version, and another open file description holds the writer lock, so the commit is between
    /// its slot and its feed (ChangeFeed.swift's protocol), for at most `feedWait` since a refresh first left a slot
    /// (any slot, until one that finds nothing to leave).
    /// Loading it now would give this process's observers a diff of trees instead of the committer's change set; the
    /// bump after the feed wakes the watcher to load it.
    fileprivate func awaitsFeed(_ version: Version, _ state: inout State) -> Bool {
        guard state.historyRetainers > 0, let fileLock,
            (ChangeFeed.headVersion(of: fileLock) ?? 0) < version,
            (try? fileLock.isWriterLockedElsewhere()) == true
        else {
            state.feedAwaited = nil
            return false
        }
        // The bound runs from the first of consecutive refreshes that left a slot, whichever versions they found: under
        // a writer that commits back to back, each refresh may find the next commit in its window, and the wait must
        // end all the same.
        let now = ContinuousClock.now
        guard let awaited = state.feedAwaited else {
            state.feedAwaited = (version, now)
            return true
        }
        return now - awaited.since < Self.feedWait
    }
}

/// A registry entry that does not keep its database open.
private struct WeakDatabase {
    weak var database: Database?
}

/// What the registry holds for a path: a database opened (weakly), or an open or a close under way, whose gate the
/// other opens of the path wait on (it is left when that open returns or throws, or that close has closed the file).
private enum RegistryEntry {
    case open(WeakDatabase)
    case opening(DispatchGroup)
}
