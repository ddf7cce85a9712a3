// FileLock.swift: the cross-process writer lock, an open-file-description lock on a lock file.
//
// Classic fcntl (F_SETLK) locks belong to the process and vanish when *any* descriptor of the file in
// that process is closed; OFD locks (F_OFD_SETLK) belong to one open file description, so closing an
// unrelated descriptor cannot release them. The kernel drops the lock when the holder dies, so a
// killed writer never leaves the file locked. Glibc's Swift module lacks the constants (36/37/38).
//
//   unlocked ──tryLock() == true──▶ locked ──unlock()──▶ unlocked

import Glibc

/// An exclusive lock on byte 0 of a lock file, shared by no two open file descriptions at once.
package final class FileLock: @unchecked Sendable {
    private static let ofdSetLock: Int32 = 37

    private let descriptor: Int32
    private let path: String

    /// Opens (creating if needed) the lock file at `path`.
    package init(path: String) throws {
        self.path = path
        descriptor = try retryingOnInterrupt("open", path: path) {
            Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        }
    }

    deinit { _ = Glibc.close(descriptor) }

    /// Tries to take the lock without waiting; returns false if another open file description holds it.
    package func tryLock() throws -> Bool {
        try apply(type: Int16(F_WRLCK))
    }

    /// Releases the lock.
    package func unlock() {
        _ = try? apply(type: Int16(F_UNLCK))
    }

    private func apply(type: Int16) throws -> Bool {
        var request = flock()
        request.l_type = type
        request.l_whence = Int16(SEEK_SET)
        request.l_start = 0
        request.l_len = 1
        request.l_pid = 0
        while true {
            if fcntl(descriptor, Self.ofdSetLock, &request) == 0 { return true }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EACCES { return false }
            throw SystemError("fcntl(F_OFD_SETLK)", code: code, path: path)
        }
    }
}
