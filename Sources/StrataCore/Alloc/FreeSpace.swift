// FreeSpace.swift: which bytes of the file a commit may write, and when freed bytes become reusable.
//
// Format of the free-list node (kind FREC), after the node header:
//   u64 count, u64 version (the version this list belongs to), then count entries of
//   { varint gap / 8, varint length / 8, varint version - freedAt }, where gap is the distance from the end
//   of the previous extent (from the end of the header for the first), then zeros to the node's end.
//   Format 2 files hold kind FREE instead: u64 count, then count entries of { u64 offset, u64 length,
//   u64 freedAt }; it is still read.
//
// Model: the file's used region is [FileHeader.size, fileEnd). Every byte of it is either reachable from
// the newest version (a node of it) or listed here as a free extent. An extent freed by the commit that
// produced version F was still reachable from version F - 1, so it may be reused only once every pinned
// version is >= F: `freedAt <= oldestPinned`.
//
// Invariants:
//   (1) Extents are sorted by offset, 8-byte aligned, non-empty and never overlap.
//   (2) No extent overlaps a node reachable from the version whose free list this is.
//   (3) allocate() never returns bytes its ReuseRule does not allow (ReuseRule.swift), so a commit never
//       overwrites anything a pinned version (or the newest durable version, or a redo lap's checkpoint) can reach.
//   (4) allocate() only shrinks or removes extents, so the list never grows while allocating.

/// The free extents of one version, and its file end.
package struct FreeSpace: Equatable, Sendable {
    /// A free range of the file.
    package struct Extent: Equatable, Sendable {
        package var offset: UInt64
        package var length: UInt64
        /// The version whose commit freed it.
        package var freedAt: Version

        package init(offset: UInt64, length: UInt64, freedAt: Version) {
            self.offset = offset
            self.length = length
            self.freedAt = freedAt
        }
    }

    /// Free extents, sorted by offset.
    package private(set) var extents: [Extent]
    /// The end of the used region.
    package private(set) var fileEnd: UInt64

    package init(extents: [Extent] = [], fileEnd: UInt64) {
        self.extents = extents
        self.fileEnd = fileEnd
        checkInvariants()
    }

    /// Total free bytes.
    var freeBytes: UInt64 { extents.reduce(0) { $0 + $1.length } }

    /// Takes `size` bytes (rounded up to 8) from an extent reusable by every version >= `oldestPinned`,
    /// or from the end of the file.
    package mutating func allocate(_ size: Int, oldestPinned: Version) -> UInt64 {
        allocate(size, reusing: ReuseRule(oldest: oldestPinned))
    }

    /// Takes `size` bytes (rounded up to 8) from the first extent `rule` allows that holds them, or from the end of
    /// the file.
    package mutating func allocate(_ size: Int, reusing rule: ReuseRule) -> UInt64 {
        let length = UInt64(alignedTo8(size))
        precondition(length > 0)
        var checker = rule.checker()
        for index in extents.indices where extents[index].length >= length && checker.allows(extents[index]) {
            return take(length, fromExtentAt: index)
        }
        let offset = fileEnd
        fileEnd += length
        return offset
    }

    /// Takes `size` bytes (rounded up to 8) from the front of the extent that starts at `offset`, if it is
    /// reusable by every version >= `oldestPinned` and long enough; nil otherwise.
    package mutating func allocate(_ size: Int, at offset: UInt64, oldestPinned: Version) -> UInt64? {
        allocate(size, at: offset, reusing: ReuseRule(oldest: oldestPinned))
    }

    /// Takes `size` bytes (rounded up to 8) from the front of the extent that starts at `offset`, if `rule` allows it
    /// and it is long enough; nil otherwise.
    package mutating func allocate(_ size: Int, at offset: UInt64, reusing rule: ReuseRule) -> UInt64? {
        let length = UInt64(alignedTo8(size))
        precondition(length > 0)
        let index = insertionIndex(for: offset)
        guard index < extents.count, extents[index].offset == offset, extents[index].length >= length,
            rule.allows(extents[index])
        else { return nil }
        return take(length, fromExtentAt: index)
    }

    /// Takes `length` bytes from the front of extent `index` (which holds them); returns their offset.
    private mutating func take(_ length: UInt64, fromExtentAt index: Int) -> UInt64 {
        let offset = extents[index].offset
        if extents[index].length == length {
            extents.remove(at: index)
        } else {
            extents[index].offset += length
            extents[index].length -= length
        }
        return offset
    }

    /// Takes `size` bytes (rounded up to 8) at the end of the file.
    mutating func allocateAtEnd(_ size: Int) -> UInt64 {
        let offset = fileEnd
        fileEnd += UInt64(alignedTo8(size))
        return offset
    }

    /// What a commit's choice of an arena needs (CommitSink), in one pass: the start of the first extent `rule`
    /// allows that holds `size` bytes, the start of the longest one it allows (the first of equal ones), and the free
    /// bytes in all. `rule` is asked only about an extent that would change an answer: during a redo log's lap it
    /// searches the lap's space.
    /// - Complexity: O(n) for n extents.
    package func arenaCandidates(holding size: UInt64, reusing rule: ReuseRule) -> (
        first: UInt64?, largest: UInt64?, freeBytes: UInt64
    ) {
        var first: UInt64?
        var largest: Extent?
        var freeBytes: UInt64 = 0
        var checker = rule.checker()
        for extent in extents {
            freeBytes += extent.length
            let fits = first == nil && extent.length >= size
            let longer = extent.length > (largest?.length ?? 0)
            guard fits || longer, checker.allows(extent) else { continue }
            if fits { first = extent.offset }
            if longer { largest = extent }
        }
        return (first, largest?.offset, freeBytes)
    }

    /// Records that `length` bytes at `offset` stopped being reachable in version `version`.
    package mutating func release(offset: UInt64, length: UInt64, freedAt version: Version) {
        precondition(offset % 8 == 0 && length % 8 == 0 && length > 0 && offset + length <= fileEnd)
        let extent = Extent(offset: offset, length: length, freedAt: version)
        let position = insertionIndex(for: offset)
        extents.insert(extent, at: position)
    }

    /// Merges neighbouring extents (the merged one takes the later `freedAt`), in place. While a redo log's lap
    /// runs, an extent in the lap's space is not merged with one outside it: the merged extent would lie partly
    /// outside, and its reusable part would wait for the next checkpoint (ReuseRule.swift).
    /// - Complexity: O(n) for n extents, with no allocation (every commit calls it on a list of hundreds).
    package mutating func coalesce(apartFrom lap: ReuseRule.LapSpace? = nil) {
        guard extents.count > 1 else { return }
        // Both questions of a pair are about neighbours of the last one asked: the finder steps, not searches.
        var finder = lap.map(LapSpaceFinder.init)
        // `last` is the merged extent being grown; every extent before it is final.
        var last = 0
        for index in 1..<extents.count {
            let extent = extents[index]
            let previous = extents[last]
            if previous.offset + previous.length == extent.offset,
                finder == nil
                    || finder!.contains(offset: previous.offset, length: previous.length)
                        == finder!.contains(offset: extent.offset, length: extent.length)
            {
                extents[last].length += extent.length
                extents[last].freedAt = max(previous.freedAt, extent.freedAt)
            } else {
                last += 1
                if last != index { extents[last] = extent }
            }
        }
        extents.removeLast(extents.count - last - 1)
        checkInvariants()
    }

    /// Replaces the bookkeeping for a file whose used region now ends at `end` (only grows).
    mutating func extendFileEnd(to end: UInt64) {
        precondition(end >= fileEnd)
        fileEnd = end
    }

    private func insertionIndex(for offset: UInt64) -> Int {
        var low = 0
        var high = extents.count
        while low < high {
            let middle = (low + high) / 2
            if extents[middle].offset < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The bytes a free-list node for `version` takes now, plus room for two more allocations (each shrinks
    /// or removes one extent, which can lengthen the encoding by at most one varint's 10 bytes).
    package func nodeSize(version: Version) -> Int {
        encodedSize(version: version) + 2 * 10
    }

    /// The bytes a free-list node for `version` needs for the extents as they are.
    package func encodedSize(version: Version) -> Int {
        var size = NodeHeader.size + 16
        var previousEnd = UInt64(FileHeader.size)
        for extent in extents {
            size += ByteWriter.varintSize((extent.offset - previousEnd) / 8)
            size += ByteWriter.varintSize(extent.length / 8)
            size += ByteWriter.varintSize(version - extent.freedAt)
            previousEnd = extent.offset + extent.length
        }
        return size
    }

    /// Serializes into a free-list node for `version` of exactly `size` bytes (see `nodeSize(version:)`).
    package func encode(version: Version, size: Int, scheme: NodeChecksum) -> [UInt8] {
        var writer = ByteWriter(capacity: size)
        writer.appendZeros(NodeHeader.size)
        writer.append(UInt64(extents.count))
        writer.append(version)
        precondition(writer.count <= size, "the free list outgrew the space reserved for it")
        // The entries are stored in place (a few hundred extents, three varints each, every commit); the rest of
        // the node stays zero. `storeVarint` stops at the node's end: a list that outgrew `size` traps.
        writer.append(count: size - writer.count) { buffer in
            var position = 0
            var previousEnd = UInt64(FileHeader.size)
            for extent in extents {
                precondition(extent.freedAt <= version, "an extent freed after the version that lists it")
                position = ByteWriter.storeVarint((extent.offset - previousEnd) / 8, into: buffer, at: position)
                position = ByteWriter.storeVarint(extent.length / 8, into: buffer, at: position)
                position = ByteWriter.storeVarint(version - extent.freedAt, into: buffer, at: position)
                previousEnd = extent.offset + extent.length
            }
        }
        var bytes = writer.take()
        NodeHeader.seal(&bytes, kind: .compactFreeList, scheme: scheme)
        return bytes
    }

    /// The free-list node at `ref` (either kind).
    static func node(at ref: Ref, in reader: NodeReader) throws -> NodeView {
        try reader.node(ref, oneOf: [.compactFreeList, .freeList])
    }

    /// Reads a free-list node (either kind), checking every extent against `fileEnd`.
    package static func decode(_ node: NodeView, fileEnd: UInt64) throws -> FreeSpace {
        var reader = node.reader()
        let count = try reader.read(UInt64.self)
        let compact = node.kind == .compactFreeList
        let version = compact ? try reader.read(UInt64.self) : 0
        guard count <= UInt64(reader.remaining / (compact ? 3 : 24)) else {
            throw StorageError.corrupt("free list \(node.ref) claims \(count) entries")
        }
        var extents: [Extent] = []
        extents.reserveCapacity(Int(count))
        var previousEnd = UInt64(FileHeader.size)
        for _ in 0..<count {
            let extent: Extent
            if compact {
                let gap = try reader.readVarint()
                let length = try reader.readVarint()
                let age = try reader.readVarint()
                guard gap <= (fileEnd - previousEnd) / 8, length <= fileEnd / 8, age <= version else {
                    throw StorageError.corrupt("free list \(node.ref) has a bad extent after \(previousEnd)")
                }
                extent = Extent(offset: previousEnd + gap * 8, length: length * 8, freedAt: version - age)
            } else {
                extent = Extent(
                    offset: try reader.read(UInt64.self),
                    length: try reader.read(UInt64.self),
                    freedAt: try reader.read(UInt64.self)
                )
            }
            guard extent.offset >= previousEnd, extent.offset % 8 == 0, extent.length % 8 == 0, extent.length > 0,
                extent.offset + extent.length <= fileEnd
            else {
                throw StorageError.corrupt("free list \(node.ref) has a bad extent \(extent)")
            }
            previousEnd = extent.offset + extent.length
            extents.append(extent)
        }
        return FreeSpace(extents: extents, fileEnd: fileEnd)
    }

    #if STRATA_INTERNAL_CHECKS
        func checkInvariants() {
            var previousEnd = UInt64(FileHeader.size)
            for extent in extents {
                precondition(extent.offset >= previousEnd && extent.length > 0 && extent.offset % 8 == 0)
                previousEnd = extent.offset + extent.length
            }
            precondition(previousEnd <= fileEnd)
        }
    #else
        @inline(__always) func checkInvariants() {}
    #endif
}
