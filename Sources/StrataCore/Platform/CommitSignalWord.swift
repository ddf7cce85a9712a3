// CommitSignalWord.swift: the commit signal that crosses processes — a futex word in the lock file.
//
// Format: bytes 64..<68 of FILE.lock hold a little-endian u32, the commit counter (FileLock.swift lists the
// lock file's whole layout). The word is only ever written with pwrite by a committer that holds the
// cross-process writer lock, after the commit is durable and published; it wraps at 2^32.
//
// Protocol (the futex one, across processes: a futex on a MAP_SHARED file mapping is keyed by the file's page,
// so every process mapping the lock file waits on the same word):
//   committer:  holds the writer lock ── publish the version ── pwrite(word + 1) ── FUTEX_WAKE(all)
//   watcher:    v = pread(word) ── look for new versions ── FUTEX_WAIT(word == v, timeout)
// The kernel compares the word with `v` atomically with going to sleep, so a bump between the watcher's read and
// its wait makes the wait return at once: no commit is missed, and nobody polls. The timeout only lets a watcher
// notice that it should stop, and covers a committer of an older build that never bumps the word.
//
// Invariants:
//   (1) Swift code never reads or writes the mapped word: pread and pwrite move the value, and only the kernel's
//       futex calls touch the mapping (PROT_READ). The page cache is shared, so both see the same bytes.
//   (2) The lock file is at least one page long before it is mapped (a zero byte is written at offset 4095,
//       which nothing else uses, so an existing file is never shortened or overwritten), so touching the word
//       never raises SIGBUS.
//   (3) Bumps are serialized by the writer lock, so a read-increment-write never loses an increment that a
//       waiter could have slept through.

import Glibc

/// The futex word of a file's lock file: committers bump it, watchers in any process sleep until it moves.
///
/// `@unchecked Sendable` is safe: after `init` the object holds only immutable fields (a descriptor and a
/// read-only mapping); every operation is a system call that the kernel makes atomic (pread and pwrite of 4
/// aligned bytes within one page, futex wait and wake), and the descriptor and mapping are released only in
/// `deinit`, when no thread can still call in.
package final class CommitSignalWord: @unchecked Sendable {
    /// Where the word lives in the lock file.
    static let offset = 64
    private static let pageSize = 4096

    private let descriptor: Int32
    private let word: UnsafeRawPointer
    private let path: String

    /// Opens the lock file at `path` (creating it with `permissions`) and maps its first page.
    package init(path: String, permissions: FilePermissions = .ownerReadWrite) throws(SystemError) {
        self.path = path
        let descriptor = try retryingOnInterrupt("open", path: path) {
            Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode_t(permissions.rawValue))
        }
        do throws(SystemError) {
            word = try Self.mapWord(descriptor, path: path)
        } catch {
            _ = Glibc.close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    /// Makes the lock file at least a page long (invariant 2) and maps that page; returns the word's address.
    private static func mapWord(_ descriptor: Int32, path: String) throws(SystemError) -> UnsafeRawPointer {
        var status = stat()
        _ = try retryingOnInterrupt("fstat", path: path) { fstat(descriptor, &status) }
        if status.st_size < pageSize {
            var zero: UInt8 = 0
            _ = try retryingOnInterrupt("pwrite", path: path) { pwrite(descriptor, &zero, 1, off_t(pageSize - 1)) }
        }
        guard let page = mmap(nil, pageSize, PROT_READ, MAP_SHARED, descriptor, 0), page != MAP_FAILED else {
            throw SystemError("mmap", code: errno, path: path)
        }
        return UnsafeRawPointer(page) + offset
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: word - Self.offset), Self.pageSize)
        _ = Glibc.close(descriptor)
    }

    /// The word's value now.
    package func value() throws(SystemError) -> UInt32 {
        var value: UInt32 = 0
        _ = try retryingOnInterrupt("pread", path: path) { pread(descriptor, &value, 4, off_t(Self.offset)) }
        return UInt32(littleEndian: value)
    }

    /// Bumps the word and wakes every waiter, in every process. Call only while holding the writer lock, after
    /// the commit it announces is published (invariant 3).
    package func bump() throws(SystemError) {
        var next = (try value() &+ 1).littleEndian
        _ = try retryingOnInterrupt("pwrite", path: path) { pwrite(descriptor, &next, 4, off_t(Self.offset)) }
        _ = Futex.call(word, operation: Futex.wake, value: UInt32(Int32.max), timeout: nil)
    }

    /// Sleeps until the word differs from `seen` or `timeout` passes (or a spurious wake-up: callers look for new
    /// versions either way). Returns at once if the word already differs.
    package func wait(whileEqualTo seen: UInt32, timeout: Duration) {
        let (seconds, attoseconds) = timeout.components
        var relative = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        _ = Futex.call(word, operation: Futex.wait, value: seen.littleEndian, timeout: &relative)
    }
}

/// The `futex(2)` system call, which Glibc's Swift module does not declare (it is reached through `syscall`).
private enum Futex {
    static let wait: Int32 = 0  // FUTEX_WAIT, not FUTEX_PRIVATE_FLAG: the word is shared between processes
    static let wake: Int32 = 1  // FUTEX_WAKE

    #if arch(x86_64)
        private static let number = 202
    #elseif arch(arm64)
        private static let number = 98
    #endif

    /// `long syscall(long number, ...)` with the futex call's six arguments.
    private typealias SyscallFunction =
        @convention(c) (
            Int, UnsafeRawPointer, Int32, UInt32, UnsafeMutablePointer<timespec>?, UnsafeRawPointer?, UInt32
        ) -> Int

    /// `syscall` is variadic, so Swift does not import it; it is looked up and called through a fixed prototype.
    /// The `unsafeBitCast` is sound on the two architectures this builds for: on x86-64 and on AArch64 Linux a
    /// variadic callee receives integer and pointer arguments in the same registers as a fixed-arity one, and
    /// glibc's `syscall` is a register shuffle that reads exactly these seven (it ignores the vector-register count
    /// a variadic caller passes in `al`).
    private static let syscallFunction: SyscallFunction = {
        guard let symbol = dlsym(nil, "syscall") else {
            fatalError("Strata: glibc's syscall(2) wrapper was not found")
        }
        return unsafeBitCast(symbol, to: SyscallFunction.self)
    }()

    /// Calls futex on `word`; returns the system call's result (-1 with errno set on failure: EAGAIN when the
    /// word already differs, ETIMEDOUT, EINTR — all of which mean "look again").
    static func call(
        _ word: UnsafeRawPointer,
        operation: Int32,
        value: UInt32,
        timeout: UnsafeMutablePointer<timespec>?
    ) -> Int {
        syscallFunction(number, word, operation, value, timeout, nil, 0)
    }
}
