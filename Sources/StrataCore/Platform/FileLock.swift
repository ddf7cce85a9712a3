// FileLock.swift: the lock file beside a database: the cross-process writer lock and the reader table.
//
// Format of FILE.lock:
//   byte 0                      the writer lock (an OFD write lock on this byte)
//   bytes 64..<68               the commit signal word, u32 LE (Platform/CommitSignalWord.swift)
//   4096 + 16 * i, i < 1024     reader slot i: { u64 oldest pinned version (0 = none), u64 reserved }
//
// Open-file-description locks (F_OFD_SETLK) belong to one open file description, so closing an unrelated
// descriptor cannot release them (classic fcntl locks vanish when *any* descriptor of the file in the
// process closes), and the kernel drops them when the holder dies. Glibc's Swift module lacks the
// constants: F_OFD_GETLK 36, F_OFD_SETLK 37.
//
// Reader protocol (LMDB's): a process holds an OFD lock on its slot's bytes for as long as it has the
// database open, and writes there the oldest version it has pinned. A writer protects the version of
// every slot whose lock is held by someone else. A slot whose lock nobody holds belongs to a dead
// process and is ignored.
//
//   writer lock:  unlocked ──tryLockWriter() == true──▶ locked ──unlockWriter()──▶ unlocked
//   reader slot:  unclaimed ──claimReaderSlot()──▶ claimed (published version 0 or v) ──deinit──▶ unclaimed

import Glibc

/// The lock file of one database, open in this process.
package final class FileLock: @unchecked Sendable {
    // Proof of `@unchecked Sendable`: `descriptor`, `path` and `signal` are `let`s; `readerSlot` is written only by
    // `claimReaderSlot()`, which `Database.openLockFile` calls before the lock is shared, and only read afterwards.
    // Every method is a system call on the descriptor (fcntl, pread, pwrite) that the kernel makes safe from any
    // thread; `publish` is called under the database's state lock.
    private static let ofdGetLock: Int32 = 36
    private static let ofdSetLock: Int32 = 37
    static let readerTableOffset = 4096
    static let readerSlotSize = 16
    static let readerSlotCount = 1024

    private let descriptor: Int32
    private let path: String
    /// The reader slot this process claimed, if any.
    private(set) var readerSlot: Int?
    /// The word other processes' watchers sleep on; nil if the lock file could not be mapped (a read-only
    /// directory, a full disk): other processes then see this one's commits when their wait times out.
    package let signal: CommitSignalWord?

    /// Opens (creating if needed, with `permissions`) the lock file at `path`.
    package init(path: String, permissions: FilePermissions = .ownerReadWrite) throws {
        self.path = path
        descriptor = try retryingOnInterrupt("open", path: path) {
            Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode_t(permissions.rawValue))
        }
        // A missing signal is not an error: commits stay correct and durable, and are only seen later elsewhere.
        signal = try? CommitSignalWord(path: path, permissions: permissions)
    }

    deinit { _ = Glibc.close(descriptor) }

    /// Tries to take the writer lock without waiting; false if another open file description holds it.
    package func tryLockWriter() throws -> Bool {
        try apply(Int16(F_WRLCK), start: 0, length: 1)
    }

    /// Releases the writer lock.
    package func unlockWriter() {
        _ = try? apply(Int16(F_UNLCK), start: 0, length: 1)
    }

    /// Claims a free reader slot for this process and clears it; throws if all are taken.
    func claimReaderSlot() throws {
        precondition(readerSlot == nil)
        for slot in 0..<Self.readerSlotCount
        where try apply(Int16(F_WRLCK), start: Self.slotOffset(slot), length: Self.readerSlotSize) {
            readerSlot = slot
            try publish(oldestPinned: 0)
            return
        }
        throw SystemError("claiming a reader slot in", code: EAGAIN, path: path)
    }

    /// Writes the oldest version this process has pinned (0: none) into its slot.
    func publish(oldestPinned version: UInt64) throws {
        guard let slot = readerSlot else { return }
        var value = (version.littleEndian, UInt64(0))
        _ = try retryingOnInterrupt("pwrite", path: path) {
            pwrite(descriptor, &value, Self.readerSlotSize, off_t(Self.slotOffset(slot)))
        }
    }

    /// The versions other live processes have pinned.
    ///
    /// Every commit asks (to know which space it may reuse), and the table is 16 KiB: so it first asks the kernel,
    /// in one `F_OFD_GETLK` over the whole table, whether any other open file description holds a slot. This
    /// process's own slot lock never conflicts with that query (a lock does not conflict with locks of its own
    /// open file description), so "none" means no other live process has the database open, and no table is read.
    func versionsPinnedElsewhere() throws -> [UInt64] {
        let tableSize = Self.readerSlotCount * Self.readerSlotSize
        guard try isHeldElsewhere(start: Self.readerTableOffset, length: tableSize) else { return [] }
        var table = [UInt8](repeating: 0, count: tableSize)
        let read = try table.withUnsafeMutableBytes { buffer in
            try retryingOnInterrupt("pread", path: path) {
                pread(descriptor, buffer.baseAddress!, tableSize, off_t(Self.readerTableOffset))
            }
        }
        var versions: [UInt64] = []
        for slot in 0..<Self.readerSlotCount where slot != readerSlot && slot * Self.readerSlotSize + 8 <= read {
            let version = table.withUnsafeBytes {
                UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: slot * Self.readerSlotSize, as: UInt64.self))
            }
            guard version != 0, try isHeldElsewhere(start: Self.slotOffset(slot), length: Self.readerSlotSize) else {
                continue
            }
            versions.append(version)
        }
        return versions
    }

    /// Whether another live open file description (another process, or another unshared handle of this one) holds a
    /// reader slot: one `F_OFD_GETLK` over the table (this one's own slot never conflicts with the query).
    func isOpenElsewhere() throws -> Bool {
        try isHeldElsewhere(start: Self.readerTableOffset, length: Self.readerSlotCount * Self.readerSlotSize)
    }

    private static func slotOffset(_ slot: Int) -> Int { readerTableOffset + slot * readerSlotSize }

    private func isHeldElsewhere(start: Int, length: Int) throws -> Bool {
        var request = flock()
        request.l_type = Int16(F_WRLCK)
        request.l_whence = Int16(SEEK_SET)
        request.l_start = off_t(start)
        request.l_len = off_t(length)
        request.l_pid = 0
        _ = try retryingOnInterrupt("fcntl(F_OFD_GETLK)", path: path) { fcntl(descriptor, Self.ofdGetLock, &request) }
        return request.l_type != Int16(F_UNLCK)
    }

    private func apply(_ type: Int16, start: Int, length: Int) throws -> Bool {
        var request = flock()
        request.l_type = type
        request.l_whence = Int16(SEEK_SET)
        request.l_start = off_t(start)
        request.l_len = off_t(length)
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
