// MemoryMapping.swift: a read-only, shared mapping of the start of a file.
//
// Invariants:
//   (1) The bytes are never written through this mapping (PROT_READ); the engine writes with pwrite,
//       and Linux's unified page cache makes those writes visible here.
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
    private let release: (@Sendable (UnsafeRawPointer, Int) -> Void)?

    /// Wraps memory that `release` frees when the mapping goes away.
    init(base: UnsafeRawPointer, length: Int, release: (@Sendable (UnsafeRawPointer, Int) -> Void)?) {
        precondition(length >= 0)
        self.base = base
        self.length = length
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
}
