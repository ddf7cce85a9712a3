// PosixFileSystem.swift: the real I/O layer over Glibc.
//
// Each call retries EINTR and turns errno into a `SystemError`.

import Glibc

/// The I/O layer over real files.
package struct PosixFileSystem: FileSystem {
    package init() {}

    package func open(_ path: String, mode: FileOpenMode) throws -> any StorageFile {
        let flags: Int32
        var permissions = FilePermissions.ownerReadWrite
        switch mode {
        case .readOnly: flags = O_RDONLY | O_CLOEXEC
        case .readWrite: flags = O_RDWR | O_CLOEXEC
        case .createNew(let requested):
            flags = O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC
            permissions = requested
        }
        let descriptor = try retryingOnInterrupt("open", path: path) {
            Glibc.open(path, flags, mode_t(permissions.rawValue))
        }
        return PosixFile(descriptor: descriptor, path: path, writable: mode != .readOnly)
    }

    package func syncDirectory(_ path: String) throws {
        let descriptor = try retryingOnInterrupt("open", path: path) {
            Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        defer { _ = Glibc.close(descriptor) }
        _ = try retryingOnInterrupt("fsync", path: path) { fsync(descriptor) }
    }

    package func rename(_ source: String, to destination: String) throws {
        _ = try retryingOnInterrupt("rename", path: source) { Glibc.rename(source, destination) }
    }

    package func remove(_ path: String) throws {
        if unlink(path) != 0 && errno != ENOENT {
            throw SystemError("unlink", code: errno, path: path)
        }
    }

    package func fileExists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }
}

/// One open descriptor. `@unchecked Sendable`: the descriptor is an integer used only with
/// thread-safe positional system calls, and `close()` is guarded so it happens once.
final class PosixFile: StorageFile, @unchecked Sendable {
    let path: String
    private let descriptor: Int32
    private let writable: Bool
    private let closed = AtomicFlag()

    init(descriptor: Int32, path: String, writable: Bool) {
        self.descriptor = descriptor
        self.path = path
        self.writable = writable
    }

    deinit { close() }

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws -> Int {
        var done = 0
        while done < buffer.count {
            let count = try retryingOnInterrupt("pread", path: path) {
                pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            }
            if count == 0 { break }
            done += count
        }
        return done
    }

    func write(_ bytes: UnsafeRawBufferPointer, at offset: UInt64) throws {
        precondition(writable, "write to a read-only file")
        var done = 0
        while done < bytes.count {
            let count = try retryingOnInterrupt("pwrite", path: path) {
                pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
            }
            done += count
        }
    }

    /// One `pwritev` of every piece (at most 1,024, Linux's `IOV_MAX`); a short write finishes piece by piece.
    func write(gathering pieces: [UnsafeRawBufferPointer], at offset: UInt64) throws {
        precondition(writable, "write to a read-only file")
        precondition(pieces.count <= 1024, "more pieces than one pwritev takes (IOV_MAX is 1,024 on Linux)")
        // `iovec` wants mutable pointers, but pwritev only reads through them.
        let vectors = pieces.map {
            iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count)
        }
        let total = pieces.reduce(0) { $0 + $1.count }
        let written = try retryingOnInterrupt("pwritev", path: path) {
            pwritev(descriptor, vectors, Int32(vectors.count), off_t(offset))
        }
        guard written < total else { return }
        // A short write (rare: a signal or a full device part-way): the rest, piece by piece.
        var position = 0
        for piece in pieces {
            let end = position + piece.count
            if end > written {
                let skip = max(0, written - position)
                try write(UnsafeRawBufferPointer(rebasing: piece[skip...]), at: offset + UInt64(position + skip))
            }
            position = end
        }
    }

    func sync() throws {
        _ = try retryingOnInterrupt("fdatasync", path: path) { fdatasync(descriptor) }
    }

    func size() throws -> UInt64 {
        var status = stat()
        _ = try retryingOnInterrupt("fstat", path: path) { fstat(descriptor, &status) }
        return UInt64(status.st_size)
    }

    func reserve(upTo size: UInt64) throws {
        let current = try self.size()
        guard size > current else { return }
        while true {
            let result = posix_fallocate(descriptor, off_t(current), off_t(size - current))
            if result == 0 { return }
            if result == EINTR { continue }
            if result == EOPNOTSUPP || result == EINVAL {
                // A file system without fallocate: extending the length is the best that can be done.
                try truncate(to: size)
                return
            }
            throw SystemError("posix_fallocate", code: result, path: path)
        }
    }

    func truncate(to size: UInt64) throws {
        _ = try retryingOnInterrupt("ftruncate", path: path) { ftruncate(descriptor, off_t(size)) }
    }

    func map(length: Int) throws -> MemoryMapping {
        try MemoryMapping.map(descriptor: descriptor, length: length, path: path)
    }

    func close() {
        if closed.setOnce() { _ = Glibc.close(descriptor) }
    }
}
