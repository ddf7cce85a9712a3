// VerifiedNodes.swift: the nodes of one file whose checksums this process has already checked.
//
// Every node a read reaches (`NodeReader.node`) has its checksum verified the first time this process reads
// it; this table remembers which nodes passed, so later reads of the same node cost one atomic load.
//
// Format (memory only, never stored): `capacity` (a power of two, 2^bits) 64-bit slots, each an
// `Atomic<UInt64>` that is 0 or a node's fingerprint, zeroed by `calloc` (untouched pages cost no memory). The
// node at offset `o` may sit in either slot of the pair at `((o >> 3) &* φ) >> (64 - bits)` with its low bit
// cleared (Fibonacci hashing, φ = 2^64 / golden ratio; both slots share a cache line); its fingerprint mixes `o`,
// the node's length and the checksum stored in its header, and is never 0. A new fingerprint takes an empty slot
// of the pair, else replaces the one its own low bit names.
//
// Invariants:
//   (1) A slot holds a node's fingerprint only once this process has hashed that node's bytes to the checksum in
//       its header, or written the node itself (`WriteTransaction+Commit.swift`, step 4).
//   (2) A node's bytes never change once written (NodeHeader.swift invariant 1), so a node whose fingerprint
//       is in its slot passes again. A node written later at a freed offset (by this process or another) has
//       its own checksum, so its own fingerprint: it is checked again, whoever wrote it.
//   (3) A missing fingerprint (never read, or replaced by a node sharing the slot) costs one more hash, never a
//       wrong answer: the table is a cache of verifications, so it may forget, and it never claims a node it
//       did not check. Slots are read and written with relaxed atomics: a reader that misses a store made by
//       another thread hashes the node again.
//   (4) A table is sized for one file end (`fitting(fileEnd:)`); a file that grows past twice that gets a new,
//       empty table for the readers made after (older readers keep theirs), so memory stays near 1/64 of the
//       file (one slot per 512 bytes), capped at 32 MiB.
//
//   no fingerprint ──hash holds──▶ verified ──slot reused by another node──▶ no fingerprint
//          └───────hash fails──▶ StorageError.corrupt (nothing stored; the next read checks again)

import Glibc
import Synchronization

/// Which nodes of one file this process has verified (see the contract above).
///
/// `@unchecked Sendable` is safe: `slots` is allocated in `init`, freed only in `deinit`, and every access to
/// it in between is an atomic load or store of one slot; `path`, `shift` and `capacity` never change.
final class VerifiedNodes: @unchecked Sendable {
    /// The file's path, for the error a failed check throws.
    let path: String
    /// The file end this table was sized for.
    let sizedFor: UInt64
    private let slots: UnsafeMutablePointer<Atomic<UInt64>>
    private let capacity: Int
    private let shift: UInt64
    /// Nodes hashed by reads so far (the slow path), for tests and diagnostics.
    private let hashes = Atomic<Int>(0)

    /// Fewest and most slots of a table.
    static let minimumCapacity = 1 << 10
    static let maximumCapacity = 1 << 22
    /// Bytes of file per slot.
    static let bytesPerSlot: UInt64 = 512

    /// An empty table for the file at `path`, sized for a used region ending at `fileEnd`.
    init(path: String, fileEnd: UInt64) {
        self.path = path
        sizedFor = fileEnd
        var capacity = Self.minimumCapacity
        while capacity < Self.maximumCapacity, UInt64(capacity) * Self.bytesPerSlot < fileEnd { capacity <<= 1 }
        self.capacity = capacity
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        // Zeroed memory is `capacity` atomics holding 0 (an `Atomic<UInt64>` is its value's 8 bytes, and has no
        // deinitializer); `calloc` maps large tables lazily, so a slot's page costs memory once a node lands there.
        guard let memory = calloc(capacity, MemoryLayout<UInt64>.stride) else {
            fatalError("Strata: out of memory for the table of verified nodes (\(capacity) slots)")
        }
        slots = memory.bindMemory(to: Atomic<UInt64>.self, capacity: capacity)
    }

    deinit {
        free(slots)
    }

    /// This table, or a new empty one when the used region has grown past twice what it was sized for
    /// (invariant 4).
    func fitting(fileEnd: UInt64) -> VerifiedNodes {
        guard fileEnd > sizedFor * 2, capacity < Self.maximumCapacity else { return self }
        return VerifiedNodes(path: path, fileEnd: fileEnd)
    }

    /// Throws `StorageError.corrupt` naming the file and the node unless `node`'s bytes hash to the checksum in
    /// its header; free after the first success (invariant 2).
    @inline(__always)
    func check(_ node: NodeView) throws {
        let stored = node.storedChecksum
        let fingerprint = Self.fingerprint(offset: node.ref.offset, length: node.bytes.count, checksum: stored)
        let pair = slots + index(of: node.ref.offset)
        if pair.pointee.load(ordering: .relaxed) == fingerprint
            || (pair + 1).pointee.load(ordering: .relaxed)
                == fingerprint
        {
            return
        }
        try verify(node, fingerprint: fingerprint, pair: pair)
    }

    /// Records a node this process wrote (invariant 1): `bytes` is the whole sealed node, written at `offset`.
    func recordWritten(_ bytes: [UInt8], at offset: UInt64) {
        guard bytes.count >= NodeHeader.size else { return }
        let stored = bytes.withUnsafeBytes {
            UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
        }
        let fingerprint = Self.fingerprint(offset: offset, length: bytes.count, checksum: stored)
        remember(fingerprint, in: slots + index(of: offset))
    }

    /// How many nodes reads have hashed with this table (a node is hashed again only once its slot forgot it).
    var hashed: Int { hashes.load(ordering: .relaxed) }

    private func verify(_ node: NodeView, fingerprint: UInt64, pair: UnsafeMutablePointer<Atomic<UInt64>>) throws {
        hashes.add(1, ordering: .relaxed)
        guard node.checksumHolds() else {
            throw StorageError.corrupt("\(path): \(node.kind) node \(node.ref) fails its checksum")
        }
        remember(fingerprint, in: pair)
    }

    /// Stores `fingerprint` in an empty slot of `pair`, else in the slot its low bit names.
    private func remember(_ fingerprint: UInt64, in pair: UnsafeMutablePointer<Atomic<UInt64>>) {
        let slot =
            pair.pointee.load(ordering: .relaxed) == 0
            ? pair : (pair + 1).pointee.load(ordering: .relaxed) == 0 ? pair + 1 : pair + Int(fingerprint >> 1 & 1)
        slot.pointee.store(fingerprint, ordering: .relaxed)
    }

    /// The first slot of the pair where the node at `offset` may be remembered.
    @inline(__always)
    private func index(of offset: UInt64) -> Int {
        Int(truncatingIfNeeded: ((offset >> 3) &* 0x9E37_79B9_7F4A_7C15) >> shift) & ~1
    }

    @inline(__always)
    private static func fingerprint(offset: UInt64, length: Int, checksum: UInt64) -> UInt64 {
        var value = checksum ^ (offset &* 0xC2B2_AE3D_27D4_EB4F) ^ (UInt64(truncatingIfNeeded: length) << 40)
        value ^= value >> 29
        return value | 1
    }
}
