// WriteTransaction+Commit.swift: how a write transaction becomes durable (the commit protocol).
//
// Order (each step finishes before the next starts; the power-loss tests cut between every two I/O calls):
//   1. encode every dirty node; allocate each in space no pinned version can see and that the newest durable
//      slot does not name (FreeSpace invariant 3, Database invariant 5), one after another where possible
//      (CommitSink), so a small commit writes one or two runs
//   2. free what this version stopped referencing, tagged with the new version; write the top node and
//      the free list the same way
//   3. reserve file space (posix_fallocate) and map it if the file grew
//   4. write the new nodes, one gathered pwritev per run     ── a failure here: commit throws, nothing lost
//      (straight from each node's buffer; one joined pwrite instead when the redo log needs the run's image)
//      and record them as verified: this process wrote them (VerifiedNodes.swift invariant 1). A commit that
//      queues behind a group in flight writes nothing here: it leaves its nodes to its group (PendingNodes.swift),
//      which writes them at G0, and the tip's reader reads them from memory meanwhile
//   5. the new version becomes the tip (the next writer's base); the commit joins the group-commit queue and
//      the writer is released, so the next transaction runs while this one waits for its sync. A lone commit
//      (no writer waiting, nothing in flight, and the caller says nothing else can reach the writer through
//      its thread) runs steps 6-9 itself, holding the writer, as a group of one: no thread hand-over
//   6-9. GroupCommit.swift, steps G1-G4, for every commit queued while the previous group synced:
//      large groups only: fdatasync                      ── a failure here poisons the database
//      pwrite the header slot that does not hold the current version, naming the group's last version; a
//      small group's slot names the runs all its commits wrote and their checksum (FileHeader.Manifest)
//      fdatasync                                         ── a failure at either poisons the database, fails
//                                                           every commit of the group (and those queued
//                                                           behind it); a failed sync also blanks the slot
//      publish: the group's last version becomes the newest readers see; every commit of it returns
//
// A lone small commit (at most `oneSyncLimit` bytes of nodes) therefore syncs once, a large one twice, and
// a group of commits that queued together shares those syncs. If the power fails before a small group's
// sync completes, its slot may reach the disk without some of its nodes; open then finds that the runs no
// longer hash to the slot's manifest and takes the other slot, the previous durable version, whose nodes
// and manifest runs no commit since could touch (invariant 1).
//
// Invariants:
//   (1) A page reachable from any pinned version, or from the newest durable version, or named by the newest
//       durable slot's manifest, is never written.
//   (2) After a crash, the valid slot with the highest version whose commit is whole (its nodes were
//       synced before it, or its manifest still holds) names a fully written version.
//   (3) A sync is never retried after it fails (DESIGN.md 4.8).
//   (4) A commit returns only after the sync that covers it; it fails if that sync, or the slot write
//       before it, fails.
//
//   active ──commit()──▶ written (tip; writer released) ──group synced──▶ durable (returns)
//     └────────step 1-4 fails──▶ rolled back          └──group fails──▶ failed (database poisoned)

/// Allocates and collects the nodes of one commit.
///
/// A sync costs about one device request per separate run of bytes, so nodes are placed one after another
/// in an arena while it lasts: first the first reusable free extent that holds the commit's expected size,
/// or, while at most a quarter of the file is free, the end of the file. When an arena is used up, the
/// rest goes to the first reusable extent that holds what is still expected, else the largest one that
/// holds the node (a few times per commit); after that, each node takes the first extent that fits.
final class CommitSink: NodeSink {
    var freeSpace: FreeSpace
    /// Which freed extents the commit may write (ReuseRule.swift).
    let reuse: ReuseRule
    var writes: [(offset: UInt64, bytes: [UInt8])] = []
    var bytesWritten = 0
    /// Bytes the commit is expected to write (what it replaces, its top node and its free list).
    private let expectedBytes: Int
    /// Where the next node goes if the arena still holds it (the file end, or the start of a free extent).
    private var cursor: UInt64?
    /// How many more arenas may be chosen before nodes go first-fit.
    private var arenasLeft = 4
    /// The file's checksum scheme.
    let checksum: NodeChecksum

    init(freeSpace: FreeSpace, reuse: ReuseRule, expectedBytes: Int, checksum: NodeChecksum) {
        self.checksum = checksum
        self.freeSpace = freeSpace
        self.reuse = reuse
        self.expectedBytes = expectedBytes
        let candidates = freeSpace.arenaCandidates(holding: UInt64(expectedBytes), reusing: reuse)
        if let extent = candidates.first {
            cursor = extent
        } else if candidates.freeBytes * 4 <= freeSpace.fileEnd {
            cursor = freeSpace.fileEnd
        } else {
            cursor = candidates.largest
        }
    }

    func write(_ node: [UInt8]) throws -> Ref {
        let offset = allocate(node.count)
        writes.append((offset, node))
        bytesWritten += node.count
        return Ref(offset)
    }

    /// Takes `size` bytes for a node: right after the previous one while the arena lasts, else as above.
    func allocate(_ size: Int) -> UInt64 {
        if let offset = allocateInArena(size) { return offset }
        if arenasLeft > 0 {
            arenasLeft -= 1
            let still = UInt64(max(expectedBytes - bytesWritten, size))
            let candidates = freeSpace.arenaCandidates(holding: still, reusing: reuse)
            cursor = candidates.first ?? candidates.largest
            if let offset = allocateInArena(size) { return offset }
        }
        cursor = nil
        return freeSpace.allocate(size, reusing: reuse)
    }

    private func allocateInArena(_ size: Int) -> UInt64? {
        guard let start = cursor else { return nil }
        let offset: UInt64
        if start == freeSpace.fileEnd {
            offset = freeSpace.allocateAtEnd(size)
        } else {
            guard let taken = freeSpace.allocate(size, at: start, reusing: reuse) else { return nil }
            offset = taken
        }
        cursor = offset + UInt64(alignedTo8(size))
        return offset
    }
}

/// What a commit did, and what it cost (the figures a metrics hook reports).
package struct CommitResult: Sendable {
    package var version: Version
    package var bytesWritten: Int
    package var changes: ChangeSet
    /// From the start of `commit()` to the moment the sync covering it succeeded.
    package var duration: Duration
    /// The fdatasync calls of the commit's group, each timed; only one commit of a group (its last) carries
    /// them, so that summing over commits counts each sync once.
    package var syncDurations: [Duration]
    /// The file's size before and after the commit grew it (space reserved ahead of the used region); nil when
    /// it did not grow.
    package var fileGrowth: (from: UInt64, to: UInt64)?
}

extension WriteTransaction {
    /// Makes the transaction's changes durable as the next version, blocking the calling thread until the
    /// sync that covers it. The writer is released once the nodes are written, so other writers proceed (and
    /// share the sync) meanwhile.
    @discardableResult
    package func commit() throws -> CommitResult {
        try startCommit(syncInlineIfAlone: true).wait()
    }

    /// Makes the transaction's changes durable as the next version, suspending the calling task (not its
    /// thread) until the sync that covers it: the way an actor commits without keeping others of its
    /// executor from the writer.
    ///
    /// With `syncInlineIfAlone`, a commit that finds no other writer waiting and no commit in flight syncs on
    /// the calling thread, holding the writer, as a lone commit always did: it saves two thread hand-overs.
    /// Pass it only when nothing else could reach the writer through the caller's thread meanwhile (the realm
    /// layer passes it when its executor has no other job queued).
    @discardableResult
    package func commitSuspending(
        syncInlineIfAlone: Bool = false,
        resumingOn preferred: (any TaskExecutor)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> CommitResult {
        let completion = try startCommit(syncInlineIfAlone: syncInlineIfAlone)
        if let result = completion.result { return try result.get() }
        return try await resuming(on: preferred) { try await completion.value(isolation: isolation) }
    }

    /// Steps 1-5: writes the nodes, queues the commit for its group's sync (or syncs it here) and releases the
    /// writer.
    private func startCommit(syncInlineIfAlone: Bool) throws -> CommitCompletion {
        try checkActive()
        defer {
            if phase == .active { rollback() }
        }
        try runCommitHook()
        let completion = try database.commit(self, syncInlineIfAlone: syncInlineIfAlone)
        phase = .committed
        database.endWrite()
        return completion
    }
}

extension Database {
    func commit(_ transaction: WriteTransaction, syncInlineIfAlone: Bool) throws -> CommitCompletion {
        try checkWritable()
        let started = ContinuousClock.now
        let newVersion = transaction.base.version + 1
        let reuse = try state.withLock { state -> ReuseRule in
            if let limit = options.maximumActiveVersions {
                let active = Set(state.pins.keys).union([newVersion])
                guard active.count <= limit else { throw StorageError.tooManyActiveVersions(limit: limit) }
            }
            return try reuseRule(state)
        }

        // The final values a logical redo record needs (LogicalRecord.swift), read before the tables are encoded.
        let logical = redoLog != nil && !transaction.replaying ? LogicalRecord.ifReadable(transaction) : nil

        // 1-2: encode and allocate.
        for table in transaction.loaded.values { try table.flushIndexes() }
        // A commit writes about what it replaces, plus the top node and the free list. The new free list is about
        // the size of the node it replaces (a small commit changes a few of its extents), so that node's length
        // estimates it without measuring every extent an extra time: a few hundred of them in a file that has had a
        // bulk insert, and the estimate only chooses where the commit's nodes go.
        let base = transaction.base
        let oldFree =
            base.catalog.freeListRef.isNone ? nil : try FreeSpace.node(at: base.catalog.freeListRef, in: base.reader)
        let replaced = transaction.context.released.reduce(0) { $0 + Int($1.length) }
        let freeListEstimate =
            oldFree.map { Int($0.extentLength) } ?? transaction.baseFreeSpace.nodeSize(version: newVersion)
        let expected = replaced + freeListEstimate + 1024
        let sink = CommitSink(
            freeSpace: transaction.baseFreeSpace,
            reuse: reuse,
            expectedBytes: expected,
            checksum: nodeChecksum
        )
        var catalog = transaction.catalog
        for index in catalog.tables.indices {
            if let table = transaction.loaded[catalog.tables[index].key] {
                catalog.tables[index] = try table.write(to: sink)
            }
        }
        // Invariant 1 of LogicalRecord.swift: a commit that changed its top node in any other way logs no values.
        let logicalPayload = logical.flatMap { record in
            LogicalRecord.keepsShape(base.catalog, catalog, changed: Set(transaction.changes.tables.keys))
                ? record.encode() : nil
        }
        for extent in transaction.context.released {
            sink.freeSpace.release(offset: extent.offset, length: extent.length, freedAt: newVersion)
        }
        let oldTop = try base.reader.node(base.topRef, .top)
        sink.freeSpace.release(offset: base.topRef.offset, length: oldTop.extentLength, freedAt: newVersion)
        if let oldFree {
            sink.freeSpace.release(offset: oldFree.ref.offset, length: oldFree.extentLength, freedAt: newVersion)
        }
        sink.freeSpace.coalesce(apartFrom: reuse.lap?.space)
        // The free list is allocated from itself, then the top node: `nodeSize` leaves room for what those
        // two allocations do to it (allocation never adds extents).
        let freeListSize = sink.freeSpace.nodeSize(version: newVersion)
        let freeListOffset = sink.allocate(freeListSize)
        catalog.version = newVersion
        catalog.freeListRef = Ref(freeListOffset)
        let topNode = catalog.encode(scheme: sink.checksum)
        let topRef = try sink.write(topNode)
        sink.writes.append(
            (freeListOffset, sink.freeSpace.encode(version: newVersion, size: freeListSize, scheme: sink.checksum))
        )
        let fileEnd = sink.freeSpace.fileEnd
        let plan = WritePlan(sink.writes)

        // 3: grow and map.
        let (physicalSize, mapping, verified) = state.withLock { state in
            state.verified = state.verified.fitting(fileEnd: fileEnd)
            return (state.physicalSize, state.mapping, state.verified)
        }
        var newPhysical = physicalSize
        var newMapping = mapping
        var fileGrowth: (from: UInt64, to: UInt64)?
        // The node images a redo log record needs (Database+RedoLog.swift), for a commit small enough to log.
        // A logical record or a replay needs none.
        var images: [CommitImage.Run]? =
            redoLog != nil && logical == nil && !transaction.replaying && sink.bytesWritten <= Self.recordLimit
            ? [] : nil
        // A commit that queues behind a group in flight hands its nodes to its group instead of writing them: the
        // sync thread writes them before the group's slot or record (PendingNodes.swift), while this thread goes on
        // to the next writer. With nothing in flight the sync thread is idle: the commit writes them here, and a
        // failed write fails this commit alone. (If the queue empties meanwhile, its group writes them all the same.)
        let durable = options.durability == .full
        let deferNodes = durable && !transaction.replaying && state.withLock { $0.inFlight > 0 }
        try mappingSystemErrors {
            if fileEnd > physicalSize {
                let growth = max(physicalSize / 8, Self.mappingGranule)
                let wanted = max(fileEnd, physicalSize + growth)
                newPhysical = (wanted + Self.mappingGranule - 1) / Self.mappingGranule * Self.mappingGranule
                try file.reserve(upTo: newPhysical)
                fileGrowth = (physicalSize, newPhysical)
                // Reserved blocks are "unwritten" until written: a sync that finds data in them must also
                // commit the file system's journal, which doubles its cost. Writing zeros now (on the page
                // cache, flushed with this commit) makes later commits into this space plain overwrites.
                // Below `fileEnd` this commit's own nodes fill every byte it adds to the used region.
                if options.durability == .full {
                    try file.writeZeros(from: max(physicalSize, fileEnd), to: newPhysical)
                }
            }
            if UInt64(mapping.length) < fileEnd {
                newMapping = try file.map(length: Int(Self.mappingLength(for: newPhysical)))
            }
            // 4: write the nodes, coalescing neighbours into large writes (or leave them to the group).
            if deferNodes {
                if images != nil { images = Self.joinedRuns(of: plan) }
            } else {
                try write(plan, images: &images)
            }
        }
        // Nodes this process wrote count as verified (VerifiedNodes.swift invariant 1).
        for (offset, bytes) in sink.writes { verified.recordWritten(bytes, at: offset) }
        let unwritten = deferNodes ? plan.nodes.map { (offset: $0.offset, image: NodeImage($0.bytes)) } : []

        // 5: the tip; the group-commit queue (GroupCommit.swift does the rest).
        var changes = transaction.changes
        changes.version = newVersion
        let completion = CommitCompletion()
        var pending = PendingCommit(
            snapshot: Snapshot(
                version: newVersion,
                topRef: topRef,
                catalog: catalog,
                reader: NodeReader(mapping: newMapping, limit: fileEnd, verified: verified)
            ),
            unwritten: unwritten,
            freeSpace: sink.freeSpace,
            runs: plan.runs.map(\.run),
            bytesWritten: sink.bytesWritten,
            changes: changes,
            completion: completion,
            started: started,
            fileGrowth: fileGrowth,
            record: logicalPayload ?? images.flatMap { Self.record(of: $0, topRef: topRef, fileEnd: fileEnd) },
            baseTop: oldTop.storedChecksum,
            top: NodeHeader.storedChecksum(of: topNode)
        )
        // A replay runs inside an open or a `beginWrite` that holds the writer: it is always a group of one.
        let alone = (syncInlineIfAlone && !writers.hasWaiters) || transaction.replaying
        let inline = state.withLock { state -> Bool in
            state.mapping = newMapping
            state.physicalSize = newPhysical
            // The next writer reads this commit's nodes, and those of every commit still in flight, from memory
            // until the sync thread has written them.
            for node in unwritten { state.unwritten[node.offset] = node.image }
            if !state.unwritten.isEmpty {
                pending.snapshot = pending.snapshot.reading(pending: PendingNodes(state.unwritten))
            }
            state.tip = (pending.snapshot, sink.freeSpace)
            state.inFlight += 1
            // Nothing to sync, or a lone commit (no writer waits, no group in flight, and none can start while
            // this one holds the writer): the slot is written, synced and published before the writer is
            // released, on this thread, a group of one.
            return !durable || (alone && state.inFlight == 1)
        }
        if inline {
            finishGroup([pending])
        } else {
            groupCommit.enqueue(pending, for: self)
        }
        return completion
    }

    /// Commits writing at most this many bytes of nodes sync once (their slot names what they wrote).
    static let oneSyncLimit = 64 << 10

    /// The nodes of a commit in file order, and the runs they form: neighbours joined (each node padded to
    /// 8 bytes), at most about 4 MiB a run. One pwrite per run.
    struct WritePlan {
        let nodes: [(offset: UInt64, bytes: [UInt8])]
        private(set) var runs: [(run: FileHeader.Manifest.Run, nodes: Range<Int>)] = []

        init(_ writes: [(offset: UInt64, bytes: [UInt8])]) {
            nodes = writes.sorted { $0.offset < $1.offset }
            for (index, node) in nodes.enumerated() {
                let length = UInt64(alignedTo8(node.bytes.count))
                if let last = runs.last, last.run.offset + last.run.length == node.offset, last.run.length <= 4 << 20 {
                    runs[runs.count - 1].run.length += length
                    runs[runs.count - 1].nodes = last.nodes.lowerBound..<index + 1
                } else {
                    runs.append((FileHeader.Manifest.Run(offset: node.offset, length: length), index..<index + 1))
                }
            }
        }
    }
    /// Writes each run of `plan`: straight from the nodes' own buffers with one gathered write per
    /// `gatherLimit` nodes, or, when `images` is not nil, joined into one buffer (one pwrite) whose bytes are
    /// appended to `images`.
    private func write(_ plan: WritePlan, images: inout [CommitImage.Run]?) throws {
        guard images != nil else {
            for (_, nodes) in plan.runs {
                var start = nodes.lowerBound
                while start < nodes.upperBound {
                    let chunk = plan.nodes[start..<min(start + Self.gatherLimit, nodes.upperBound)]
                    try Self.withPieces(of: chunk) { try file.write(gathering: $0, at: chunk.first!.offset) }
                    start = chunk.endIndex
                }
            }
            return
        }
        for run in Self.joinedRuns(of: plan) {
            try run.bytes.withUnsafeBytes { try file.write($0, at: run.offset) }
            images?.append(run)
        }
    }

    /// Each run of `plan` as one buffer of its nodes' bytes, each padded to 8: what a redo log's image record holds.
    static func joinedRuns(of plan: WritePlan) -> [CommitImage.Run] {
        plan.runs.map { run, nodes in
            var buffer: [UInt8] = []
            buffer.reserveCapacity(Int(run.length))
            for node in plan.nodes[nodes] {
                buffer.append(contentsOf: node.bytes)
                buffer.append(contentsOf: repeatElement(0, count: alignedTo8(node.bytes.count) - node.bytes.count))
            }
            assert(UInt64(buffer.count) == run.length)
            return CommitImage.Run(offset: run.offset, bytes: buffer)
        }
    }

    /// The most nodes one gathered write takes (each may add a piece of padding; `IOV_MAX` is 1,024).
    static let gatherLimit = 256

    /// Calls `body` with the bytes of `nodes` (consecutive in the file), each followed by its padding to 8 bytes:
    /// every buffer is borrowed for the whole call by one nested `withUnsafeBytes` per node.
    private static func withPieces(
        of nodes: ArraySlice<(offset: UInt64, bytes: [UInt8])>,
        _ body: ([UnsafeRawBufferPointer]) throws -> Void
    ) throws {
        var pieces: [UnsafeRawBufferPointer] = []
        pieces.reserveCapacity(nodes.count * 2)
        var zeros: UInt64 = 0
        try withUnsafeBytes(of: &zeros) { padding in
            func borrow(_ index: Int) throws {
                guard index < nodes.endIndex else { return try body(pieces) }
                let node = nodes[index].bytes
                try node.withUnsafeBytes { bytes in
                    pieces.append(bytes)
                    let pad = alignedTo8(bytes.count) - bytes.count
                    if pad > 0 { pieces.append(UnsafeRawBufferPointer(rebasing: padding[..<pad])) }
                    try borrow(index + 1)
                }
            }
            try borrow(nodes.startIndex)
        }
    }

    /// Syncs the file, poisoning the database if the sync fails; returns how long the sync took.
    @discardableResult
    func syncOrPoison(_ when: String) throws -> Duration {
        do {
            let start = ContinuousClock.now
            try file.sync()
            return ContinuousClock.now - start
        } catch {
            poison("fdatasync \(when) failed: \(error)")
            throw StorageError.poisoned(path: path, cause: "\(error)")
        }
    }

    func poison(_ reason: String) {
        state.withLock { state in
            if state.poisonedBy == nil { state.poisonedBy = reason }
        }
    }
}
