// WriteTransaction+Commit.swift: how a write transaction becomes durable (the commit protocol).
//
// Order (each step finishes before the next starts; the power-loss tests cut between every two I/O calls):
//   1. encode every dirty node; allocate each in space no pinned version can see (FreeSpace invariant 3)
//   2. free what this version stopped referencing, tagged with the new version; write the top node and
//      the free list the same way
//   3. reserve file space (posix_fallocate) and map it if the file grew
//   4. pwrite the new nodes                                  ── a failure here: commit throws, nothing lost
//   5. fdatasync                                             ── a failure here poisons the database
//   6. pwrite the header slot that does not hold the current version
//   7. fdatasync                                             ── a failure at 6 or 7 poisons the database
//   8. publish: the new version becomes the newest in memory; the writer is released
//
// Invariants:
//   (1) A page reachable from any pinned version, or from the newest durable version, is never written.
//   (2) After a crash, the valid slot with the highest version names a fully written, synced version.
//   (3) A sync is never retried after it fails (DESIGN.md 4.8).

/// Allocates and collects the nodes of one commit.
final class CommitSink: NodeSink {
    var freeSpace: FreeSpace
    let oldestProtected: Version
    var writes: [(offset: UInt64, bytes: [UInt8])] = []
    var bytesWritten = 0

    init(freeSpace: FreeSpace, oldestProtected: Version) {
        self.freeSpace = freeSpace
        self.oldestProtected = oldestProtected
    }

    func write(_ node: [UInt8]) throws -> Ref {
        let offset = freeSpace.allocate(node.count, oldestPinned: oldestProtected)
        writes.append((offset, node))
        bytesWritten += node.count
        return Ref(offset)
    }
}

/// What a commit did.
package struct CommitResult: Sendable {
    package var version: Version
    package var bytesWritten: Int
    package var changes: ChangeSet
}

extension WriteTransaction {
    /// Makes the transaction's changes durable as the next version and releases the writer.
    @discardableResult
    package func commit() throws -> CommitResult {
        try checkActive()
        defer {
            if phase == .active { rollback() }
        }
        let result = try database.commit(self)
        phase = .committed
        database.endWrite()
        return result
    }
}

extension Database {
    func commit(_ transaction: WriteTransaction) throws -> CommitResult {
        try checkWritable()
        let newVersion = transaction.base.version + 1
        let oldest = try state.withLock { state -> Version in
            if let limit = options.maximumActiveVersions {
                let active = Set(state.pins.keys).union([newVersion])
                guard active.count <= limit else { throw StorageError.tooManyActiveVersions(limit: limit) }
            }
            return try oldestProtectedVersion(state)
        }

        // 1-2: encode and allocate.
        let sink = CommitSink(freeSpace: transaction.baseFreeSpace, oldestProtected: oldest)
        var catalog = transaction.catalog
        for index in catalog.tables.indices {
            if let table = transaction.loaded[catalog.tables[index].key] {
                catalog.tables[index] = try table.write(to: sink)
            }
        }
        for extent in transaction.context.released {
            sink.freeSpace.release(offset: extent.offset, length: extent.length, freedAt: newVersion)
        }
        let base = transaction.base
        let oldTop = try base.reader.node(base.topRef, .top)
        sink.freeSpace.release(offset: base.topRef.offset, length: oldTop.extentLength, freedAt: newVersion)
        if !base.catalog.freeListRef.isNone {
            let oldFree = try base.reader.node(base.catalog.freeListRef, .freeList)
            sink.freeSpace.release(offset: oldFree.ref.offset, length: oldFree.extentLength, freedAt: newVersion)
        }
        sink.freeSpace.coalesce()
        // The free list is allocated from itself; allocation never adds extents, so `capacity` suffices.
        let capacity = sink.freeSpace.extents.count
        let freeListOffset = sink.freeSpace.allocate(FreeSpace.nodeSize(entries: capacity), oldestPinned: oldest)
        catalog.version = newVersion
        catalog.freeListRef = Ref(freeListOffset)
        let topRef = try sink.write(catalog.encode())
        sink.writes.append((freeListOffset, sink.freeSpace.encode(capacity: capacity)))
        let fileEnd = sink.freeSpace.fileEnd

        // 3: grow and map.
        let (physicalSize, mapping, slotIndex) = state.withLock { ($0.physicalSize, $0.mapping, $0.slotIndex) }
        var newPhysical = physicalSize
        var newMapping = mapping
        try mappingSystemErrors {
            if fileEnd > physicalSize {
                let growth = max(physicalSize / 8, Self.mappingGranule)
                let wanted = max(fileEnd, physicalSize + growth)
                newPhysical = (wanted + Self.mappingGranule - 1) / Self.mappingGranule * Self.mappingGranule
                try file.reserve(upTo: newPhysical)
            }
            if UInt64(mapping.length) < fileEnd {
                newMapping = try file.map(length: Int(Self.mappingLength(for: newPhysical)))
            }
            // 4: write the nodes, coalescing neighbours into large writes.
            try writeNodes(sink.writes)
        }
        let durable = options.durability == .full
        // 5: sync the nodes.
        if durable { try syncOrPoison("after writing the nodes of version \(newVersion)") }
        // 6-7: the header slot, then sync.
        let slot = FileHeader.Slot(topRef: topRef, version: newVersion, fileEnd: fileEnd)
        let newSlotIndex = 1 - slotIndex
        do {
            try FileHeader.encode(slot, index: newSlotIndex).withUnsafeBytes {
                try file.write($0, at: UInt64(newSlotIndex * FileHeader.pageSize))
            }
        } catch let error as SystemError {
            poison("writing the header of version \(newVersion) failed: \(error)")
            throw StorageError.io(error)
        } catch {
            poison("writing the header of version \(newVersion) failed: \(error)")
            throw error
        }
        if durable { try syncOrPoison("after writing the header of version \(newVersion)") }

        // 8: publish.
        let reader = NodeReader(mapping: newMapping, limit: fileEnd)
        let snapshot = Snapshot(version: newVersion, topRef: topRef, catalog: catalog, reader: reader)
        var changes = transaction.changes
        changes.version = newVersion
        state.withLock { state in
            state.latest = snapshot
            state.freeSpace = sink.freeSpace
            state.mapping = newMapping
            state.physicalSize = newPhysical
            state.slotIndex = newSlotIndex
            state.history.append(changes)
            if state.history.count > Self.historyLimit {
                state.history.removeFirst(state.history.count - Self.historyLimit)
            }
        }
        return CommitResult(version: newVersion, bytesWritten: sink.bytesWritten, changes: changes)
    }

    private func writeNodes(_ writes: [(offset: UInt64, bytes: [UInt8])]) throws {
        let sorted = writes.sorted { $0.offset < $1.offset }
        var buffer: [UInt8] = []
        var bufferStart: UInt64 = 0
        func flush() throws {
            guard !buffer.isEmpty else { return }
            try buffer.withUnsafeBytes { try file.write($0, at: bufferStart) }
            buffer.removeAll(keepingCapacity: true)
        }
        for (offset, bytes) in sorted {
            if buffer.isEmpty || bufferStart + UInt64(buffer.count) != offset || buffer.count > 4 << 20 {
                try flush()
                bufferStart = offset
            }
            buffer.append(contentsOf: bytes)
            let padding = alignedTo8(bytes.count) - bytes.count
            if padding > 0 { buffer.append(contentsOf: repeatElement(0, count: padding)) }
        }
        try flush()
    }

    private func syncOrPoison(_ when: String) throws {
        do {
            try file.sync()
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
