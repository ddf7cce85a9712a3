// MemoryMapping.swift: a mapping of the start of a file: read-only and shared, or private to this process.
//
// A shared mapping sees every write to the file. A private mapping (the redo ring's tip, issue 35) also takes
// copies of nodes this process has not written to the file yet: a page it copies into becomes this process's
// own (copy-on-write) and stops following the file; every other page keeps following it, so other processes'
// writes are seen there. `discardPrivateCopies` gives a page back to the file once its bytes were written there.
//
// Invariants:
//   (1) A shared mapping is never written (PROT_READ); the engine writes with pwrite, and Linux's unified page
//       cache makes those writes visible here. A private mapping is written only through `copy(_:to:)`, by
//       the writer, into space no published or pinned version reaches (the same rule a pwrite follows), and
//       before the version that reaches it is published.
//   (2') A private page is discarded only after every byte copied into it was written to the file, so a
//       discard never changes what a reader sees.
//   (2) The mapping is released (munmap) only when the last reference to this object goes away, so a
//       reader holding an older, shorter mapping stays valid while the file grows and is remapped.
//   (3) Only bytes below the file's size are ever touched (touching past it raises SIGBUS); the engine
//       guarantees this because every ref it follows was checked against the version's file end.

import Glibc

/// A read-only view of a file's first `length` bytes, unmapped when released.
///
/// `@unchecked Sendable` is safe: the memory is immutable through this object (PROT_READ), every
/// range a reader touches belongs to a committed version that no writer may overwrite while that
/// version is pinned, and unmapping happens only in `deinit`, after every reader has let go.
package final class MemoryMapping: @unchecked Sendable {
    /// The first byte of the mapping.
    let base: UnsafeRawPointer
    /// Bytes mapped.
    let length: Int
    /// Whether this is a private, writable mapping that takes copies of unwritten nodes (invariant 1).
    package let isPrivate: Bool
    private let release: (@Sendable (UnsafeRawPointer, Int) -> Void)?

    /// Wraps memory that `release` frees when the mapping goes away.
    init(
        base: UnsafeRawPointer,
        length: Int,
        isPrivate: Bool = false,
        release: (@Sendable (UnsafeRawPointer, Int) -> Void)?
    ) {
        precondition(length >= 0)
        self.base = base
        self.length = length
        self.isPrivate = isPrivate
        self.release = release
    }

    deinit {
        release?(base, length)
    }

    /// Maps `length` bytes of the descriptor read-only and shared.
    static func map(descriptor: Int32, length: Int, path: String) throws(SystemError) -> MemoryMapping {
        precondition(length > 0)
        guard let pointer = mmap(nil, length, PROT_READ, MAP_SHARED, descriptor, 0), pointer != MAP_FAILED else {
            throw SystemError("mmap", code: errno, path: path)
        }
        return MemoryMapping(base: UnsafeRawPointer(pointer), length: length) { base, length in
            munmap(UnsafeMutableRawPointer(mutating: base), length)
        }
    }

    /// Maps `length` bytes of the descriptor privately and writable: pages follow the file until this process
    /// copies into them (invariant 1).
    static func mapPrivately(descriptor: Int32, length: Int, path: String) throws(SystemError) -> MemoryMapping {
        precondition(length > 0)
        // MAP_NORESERVE: only the pages this process copies into need memory, so the mapping's whole length
        // (twice the file's size, for growth) is not charged against the commit limit.
        guard let pointer = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_NORESERVE, descriptor, 0),
            pointer != MAP_FAILED
        else {
            throw SystemError("mmap", code: errno, path: path)
        }
        return MemoryMapping(base: UnsafeRawPointer(pointer), length: length, isPrivate: true) { base, length in
            munmap(UnsafeMutableRawPointer(mutating: base), length)
        }
    }

    /// The mapped bytes; only those below the file's size may be read (invariant 3).
    package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: length) }

    /// Copies `bytes` to `offset` of a private mapping, for this process's readers only (invariant 1); the file
    /// is unchanged. `offset + bytes.count` must lie below the file's size.
    package func copy(_ bytes: UnsafeRawBufferPointer, to offset: Int) {
        precondition(isPrivate, "only a private mapping takes copies")
        precondition(offset >= 0 && bytes.count <= length - offset, "a copy past the mapping's end")
        guard let source = bytes.baseAddress else { return }
        UnsafeMutableRawPointer(mutating: base + offset).copyMemory(from: source, byteCount: bytes.count)
    }

    /// Gives the pages overlapping `ranges` back to the file: their private copies are dropped and they follow
    /// the file again. Every byte copied into those pages must have been written to the file first
    /// (invariant 2'), so readers see the same bytes before and after: the caller holds the writer, so no copy
    /// into those pages can happen meanwhile. After a failure some pages may still be private; the caller must
    /// stop writing through this mapping (the database poisons itself).
    package func discardPrivateCopies(of ranges: [Range<Int>]) throws(SystemError) {
        precondition(isPrivate, "only a private mapping has private copies")
        precondition(ranges.allSatisfy { $0.lowerBound >= 0 }, "a range before the mapping's start")
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        for range in ranges where !range.isEmpty {
            let start = range.lowerBound / page * page
            let end = min(length, (range.upperBound + page - 1) / page * page)
            guard start < end else { continue }
            if madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED) != 0 {
                throw SystemError("madvise", code: errno, path: nil)
            }
        }
    }
}
