// FileSystem.swift: the one small I/O layer every byte of a Strata file goes through.
//
// The engine never calls open/pwrite/fdatasync itself: it asks a `FileSystem` for a `StorageFile`.
// `PosixFileSystem` is the real one; the tests' `FaultInjectingFileSystem` (in StrataTestSupport) wraps it to
// fail chosen calls and to simulate power loss by dropping or garbling writes that were never synced.
//
// Invariants:
//   (1) Reads of committed data go through a read-only `MemoryMapping`; writes only through `write(_:at:)`.
//   (2) The file is grown with `reserve(upTo:)` (posix_fallocate) before any write or mapping past its end,
//       so a full disk is an ENOSPC error instead of a SIGBUS on a sparse mapping.
//   (3) After `sync()` fails the caller must never call it again on that file (DESIGN.md 4.8).
//   (4) Every file the engine creates (the database, its lock file, the temporaries of creation and
//       compaction) is created with the `FilePermissions` its caller passes, 0600 unless widened; the
//       process umask clears bits from it as open(2) does.

/// The POSIX permission bits a new file is created with (before the process umask applies).
package struct FilePermissions: RawRepresentable, Hashable, Sendable {
    package var rawValue: UInt32

    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Read and write for the owner only (0600): the default for every file Strata creates.
    package static let ownerReadWrite = FilePermissions(rawValue: 0o600)
}

/// How a file is opened.
package enum FileOpenMode: Equatable, Sendable {
    /// Open an existing file for reading only.
    case readOnly
    /// Open an existing file for reading and writing.
    case readWrite
    /// Create a new file (failing if it exists) for reading and writing, with `permissions`.
    case createNew(permissions: FilePermissions)
}

/// One open file of the I/O layer.
package protocol StorageFile: AnyObject, Sendable {
    /// The path the file was opened with.
    var path: String { get }
    /// Reads up to `buffer.count` bytes at `offset`; returns how many were read (fewer only at end of file).
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws -> Int
    /// Writes all of `bytes` at `offset`.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: UInt64) throws
    /// Writes `pieces` one after another from `offset`, as one write of their concatenation (one I/O call for
    /// the fault-injection layer, which uses the default below).
    func write(gathering pieces: [UnsafeRawBufferPointer], at offset: UInt64) throws
    /// Makes every earlier write durable (fdatasync).
    func sync() throws
    /// The current size of the file in bytes.
    func size() throws -> UInt64
    /// Reserves disk space so that the file is at least `size` bytes long (posix_fallocate).
    func reserve(upTo size: UInt64) throws
    /// Sets the file's length.
    func truncate(to size: UInt64) throws
    /// Maps the first `length` bytes (which may exceed the file's size) read-only and shared.
    func map(length: Int) throws -> MemoryMapping
    /// Closes the descriptor. Mappings made from it stay valid until released.
    func close()
}

/// Creates, opens, renames and removes files; syncs directories.
package protocol FileSystem: Sendable {
    /// Opens (or with `.createNew` creates) the file at `path`.
    func open(_ path: String, mode: FileOpenMode) throws -> any StorageFile
    /// Makes a directory's entries (created or renamed files) durable.
    func syncDirectory(_ path: String) throws
    /// Atomically renames `source` to `destination`.
    func rename(_ source: String, to destination: String) throws
    /// Removes the file at `path`; a missing file is not an error.
    func remove(_ path: String) throws
    /// Whether a file exists at `path`.
    func fileExists(_ path: String) -> Bool
}

extension FileSystem {
    /// Reads exactly `count` bytes at `offset`, or fewer if the file ends first.
    package func readBytes(_ file: any StorageFile, count: Int, at offset: UInt64) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = try bytes.withUnsafeMutableBytes { try file.read(into: $0, at: offset) }
        bytes.removeLast(count - read)
        return bytes
    }
}

extension StorageFile {
    /// Concatenates `pieces` and writes them with one `write(_:at:)`.
    package func write(gathering pieces: [UnsafeRawBufferPointer], at offset: UInt64) throws {
        var joined: [UInt8] = []
        joined.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
        for piece in pieces { joined.append(contentsOf: piece) }
        try joined.withUnsafeBytes { try write($0, at: offset) }
    }

    /// Writes zeros over `[start, end)`, a megabyte at a time.
    func writeZeros(from start: UInt64, to end: UInt64) throws {
        let chunk = [UInt8](repeating: 0, count: 1 << 20)
        var offset = start
        while offset < end {
            let count = Int(min(UInt64(chunk.count), end - offset))
            try chunk.withUnsafeBytes { try write(UnsafeRawBufferPointer(rebasing: $0[..<count]), at: offset) }
            offset += UInt64(count)
        }
    }

    /// Writes `slot` to header page `index` (FileHeader.swift).
    func writeSlot(_ slot: FileHeader.Slot, index: Int) throws {
        try FileHeader.encode(slot, index: index).withUnsafeBytes {
            try write($0, at: UInt64(index * FileHeader.pageSize))
        }
    }
}

/// The directory part of a path ("." when it has none).
func directoryOf(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let directory = String(path[..<slash])
    return directory.isEmpty ? "/" : directory
}
