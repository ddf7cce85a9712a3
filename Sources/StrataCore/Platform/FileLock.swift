// FileLock.swift: the lock file beside a database: the cross-process writer lock, the open gate and the reader table.
//
// Format of FILE.lock:
//   byte 0                      the writer lock (an OFD write lock on this byte)
//   byte 1                      the open gate (OFD locks on this byte: shared while an opener passes, exclusive while
//                               an excluder replaces or removes the database file)
//   bytes 64..<68               the commit signal word, u32 LE (Platform/CommitSignalWord.swift)
//   4096 + 16 * i, i < 1024     reader slot i: { u64 oldest pinned version (0 = none), u64 owner's process token }
//   20480 ..< 20480 + 64 + 1 MiB  the change feed: each commit's change set for other processes (ChangeFeed.swift)
//
// Open-file-description locks (F_OFD_SETLK) belong to one open file description, so closing an unrelated
// descriptor cannot release them (classic fcntl locks vanish when *any* descriptor of the file in the
// process closes), and the kernel drops them when the holder dies. Glibc's Swift module lacks the
// constants: F_OFD_GETLK 36, F_OFD_SETLK 37, F_OFD_SETLKW 38.
//
// Reader protocol (LMDB's): a process holds an OFD lock on its slot's bytes for as long as it has the
// database open, and writes there the oldest version it has pinned. A writer protects the version of
// every slot whose lock is held by someone else. A slot whose lock nobody holds belongs to a dead
// process and is ignored.
//
// Exclusion protocol (compacting at launch, deleting the files: "no other process has the database open, and none
// opens it until I am done"; realm-core gets the same from its control mutex and participant count):
//   opener:    enter the gate (shared, F_OFD_SETLKW: waits while it is closed) ── check that this lock file is still
//              the one at its path (deleting the files unlinks it: then start again with the new one) ── claim a
//              reader slot and write the process token into it ── leave the gate ── only then open (or create) the
//              database file
//   excluder:  close the gate (exclusive, F_OFD_SETLK: refused while an opener is in it) ── check that this lock
//              file is still at its path ── look for a slot held by another open file description whose token is not
//              this process's: one means another process has the file open, so release the gate and give up ──
//              otherwise replace or remove the database file (the lock file last) ── release the gate
// A process that holds the database file open holds a slot it claimed in the gate before opening the file, and one
// that is opening it is in the gate or waits at it; so while the gate is closed and no slot of another process is
// held, no other process has the file open or can open it, and those waiting open what the excluder left. Slots of
// this process (its token) do not count: which of its own handles may stay open is the caller's business. A
// process token is random per process, never 0 (a slot written by an older build, token 0, counts as another
// process's). A slot stays claimed until its `FileLock` is released, which a `Database` keeps past `close()` for
// the read transactions still reading.
//
// Invariants:
//   (1) A slot is claimed only inside the gate, and its token is written before the gate is left.
//   (2) A process opens the database file only while it holds a slot of the lock file at the database's path
//       (except a read-only opener that cannot create the lock file: Docs.docc/Caveats.md).
//
//   writer lock:  unlocked ──tryLockWriter() == true──▶ locked ──unlockWriter()──▶ unlocked
//                 unlocked ──lockWriter() (waits on a thread of its own: WriterLockWait.swift)──▶ locked
//   reader slot:  unclaimed ──claimReaderSlot()──▶ claimed (published version 0 or v) ──deinit──▶ unclaimed
//   open gate:    open ──claimReaderSlot()──▶ entered (shared) ──slot claimed, releaseGate()──▶ open
//                 open ──tryCloseGate() == true──▶ closed (exclusive) ──releaseGate() / deinit──▶ open

import Glibc

/// The lock file of one database, open in this process.
package final class FileLock: @unchecked Sendable {
    // Proof of `@unchecked Sendable`: `descriptor`, `path` and `signal` are `let`s; `readerSlot` is written only by
    // `claimReaderSlot()`, which `Database.openLockFile` calls before the lock is shared, and only read afterwards;
    // `writerWait` is a `Locked` of a Sendable value. Every method is a system call on the descriptor (fcntl, fstat,
    // pread, pwrite) that the kernel makes safe from any thread; `publish` is called under the database's state lock.
    private static let ofdGetLock: Int32 = 36
    private static let ofdSetLock: Int32 = 37
    private static let ofdSetLockWaiting: Int32 = 38
    static let gateOffset = 1
    static let readerTableOffset = 4096
    static let readerSlotSize = 16
    static let readerSlotCount = 1024

    private let descriptor: Int32
    let path: String
    /// The reader slot this process claimed, if any.
    private(set) var readerSlot: Int?
    /// The word other processes' watchers sleep on; nil if the lock file could not be mapped (a read-only
    /// directory, a full disk): other processes then see this one's commits when their wait times out.
    package let signal: CommitSignalWord?

    /// A wait for the writer lock under way on a thread of its own, if any (WriterLockWait.swift).
    let writerWait = Locked(WriterLockWait.idle)

    /// This process's token, written into its reader slots (never 0).
    static let processToken = UInt64.random(in: 1...UInt64.max)

    /// Opens (creating if needed, with `permissions`) the lock file at `path`; `mapsSignal` false leaves the commit
    /// signal word unmapped (an excluder, which never commits through this lock file).
    package init(path: String, permissions: FilePermissions = .ownerReadWrite, mapsSignal: Bool = true) throws {
        self.path = path
        descriptor = try retryingOnInterrupt("open", path: path) {
            Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode_t(permissions.rawValue))
        }
        // A missing signal is not an error: commits stay correct and durable, and are only seen later elsewhere.
        signal = mapsSignal ? try? CommitSignalWord(path: path, permissions: permissions) : nil
    }

    deinit { _ = Glibc.close(descriptor) }

    /// Tries to take the writer lock without waiting; false if another open file description holds it, or if a wait
    /// for it is under way in this process (``lockWriter()``: the lock it takes belongs to that wait).
    package func tryLockWriter() throws -> Bool {
        try writerWait.withLock { wait in
            guard case .idle = wait else { return false }
            return try apply(Int16(F_WRLCK), start: 0, length: 1)
        }
    }

    /// Releases the writer lock.
    package func unlockWriter() {
        _ = try? apply(Int16(F_UNLCK), start: 0, length: 1)
    }

    /// Claims a free reader slot for this process inside the open gate, waiting while an excluder holds the gate
    /// closed, and writes it (no version pinned, this process's token); throws if all are taken.
    ///
    /// Returns false, claiming nothing, when this lock file is no longer the one at its path (the files were deleted
    /// while this call waited): the caller opens the lock file again and claims there.
    func claimReaderSlot() throws -> Bool {
        precondition(readerSlot == nil)
        while try !wait(Int16(F_RDLCK), start: Self.gateOffset, length: 1) {}
        defer { releaseGate() }
        guard try isAtItsPath() else { return false }
        for slot in 0..<Self.readerSlotCount
        where try apply(Int16(F_WRLCK), start: Self.slotOffset(slot), length: Self.readerSlotSize) {
            readerSlot = slot
            try publish(oldestPinned: 0)
            return true
        }
        throw SystemError("claiming a reader slot in", code: EAGAIN, path: path)
    }

    /// Closes the open gate without waiting: false if an opener is in it or another excluder holds it. The caller
    /// then checks ``isAtItsPath()``: a gate closed on a lock file that was replaced excludes no one.
    func tryCloseGate() throws -> Bool {
        try apply(Int16(F_WRLCK), start: Self.gateOffset, length: 1)
    }

    /// Releases this lock's hold on the gate: an opener's (shared) or an excluder's (exclusive, and openers waiting at
    /// the gate go on).
    func releaseGate() {
        // Unlocking reads and changes nothing stored: it can fail only on a bad descriptor (this lock's own, open for
        // its lifetime), and the kernel drops the hold when the descriptor closes in any case.
        _ = try? apply(Int16(F_UNLCK), start: Self.gateOffset, length: 1)
    }

    /// Whether a process other than this one has the database open: a reader slot held by another open file
    /// description and written with another process's token. Asked with the gate closed, so no slot is being claimed.
    func isOpenInAnotherProcess() throws -> Bool {
        let tableSize = Self.readerSlotCount * Self.readerSlotSize
        guard try isHeldElsewhere(start: Self.readerTableOffset, length: tableSize) else { return false }
        var table = [UInt8](repeating: 0, count: tableSize)
        let read = try table.withUnsafeMutableBytes { buffer in
            try retryingOnInterrupt("pread", path: path) {
                pread(descriptor, buffer.baseAddress!, tableSize, off_t(Self.readerTableOffset))
            }
        }
        for slot in 0..<Self.readerSlotCount where slot != readerSlot {
            let tokenOffset = slot * Self.readerSlotSize + 8
            // Bytes past the file's end read as 0: no token, so another process's (or nobody's: the lock decides).
            let token =
                tokenOffset + 8 <= read
                ? table.withUnsafeBytes {
                    UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: tokenOffset, as: UInt64.self))
                }
                : 0
            guard token != Self.processToken else { continue }
            if try isHeldElsewhere(start: Self.slotOffset(slot), length: Self.readerSlotSize) { return true }
        }
        return false
    }

    /// Whether another open file description holds the writer lock: a write transaction or a commit under way there.
    func isWriterLockedElsewhere() throws -> Bool {
        try isHeldElsewhere(start: 0, length: 1)
    }

    /// Writes the oldest version this process has pinned (0: none) into its slot, beside the process token.
    func publish(oldestPinned version: UInt64) throws {
        guard let slot = readerSlot else { return }
        var value = (version.littleEndian, Self.processToken.littleEndian)
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

    /// Writes `bytes` at `offset`, which lies past the reader table (the change feed's region: ChangeFeed.swift).
    func writeRegion(_ bytes: [UInt8], at offset: Int) throws {
        precondition(offset >= Self.slotOffset(Self.readerSlotCount), "a write into the lock file's fixed layout")
        let written = try bytes.withUnsafeBytes { buffer in
            try retryingOnInterrupt("pwrite", path: path) {
                pwrite(descriptor, buffer.baseAddress!, buffer.count, off_t(offset))
            }
        }
        guard written == bytes.count else { throw SystemError("pwrite", code: EIO, path: path) }
    }

    /// Up to `count` bytes at `offset` (fewer past the file's end).
    func readRegion(count: Int, at offset: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = try bytes.withUnsafeMutableBytes { buffer in
            try retryingOnInterrupt("pread", path: path) {
                pread(descriptor, buffer.baseAddress!, count, off_t(offset))
            }
        }
        return Array(bytes.prefix(read))
    }

    /// Whether the file at `path` is still the one this lock has open (not unlinked, nor replaced by a new one).
    func isAtItsPath() throws -> Bool {
        var opened = stat()
        _ = try retryingOnInterrupt("fstat", path: path) { fstat(descriptor, &opened) }
        var named = stat()
        guard stat(path, &named) == 0 else {
            let code = errno
            if code == ENOENT { return false }
            throw SystemError("stat", code: code, path: path)
        }
        return named.st_dev == opened.st_dev && named.st_ino == opened.st_ino
    }

    private func isHeldElsewhere(start: Int, length: Int) throws -> Bool {
        var request = Self.request(Int16(F_WRLCK), start: start, length: length)
        _ = try retryingOnInterrupt("fcntl(F_OFD_GETLK)", path: path) { fcntl(descriptor, Self.ofdGetLock, &request) }
        return request.l_type != Int16(F_UNLCK)
    }

    /// Takes a lock of `type`, waiting while another open file description holds a conflicting one; false if a
    /// signal interrupted the wait (the caller waits again).
    func wait(_ type: Int16, start: Int, length: Int) throws -> Bool {
        var request = Self.request(type, start: start, length: length)
        if fcntl(descriptor, Self.ofdSetLockWaiting, &request) == 0 { return true }
        let code = errno
        if code == EINTR { return false }
        throw SystemError("fcntl(F_OFD_SETLKW)", code: code, path: path)
    }

    /// An OFD lock request of `type` on bytes `start..<start + length` (`l_pid` 0, as OFD locks require).
    private static func request(_ type: Int16, start: Int, length: Int) -> flock {
        var request = flock()
        request.l_type = type
        request.l_whence = Int16(SEEK_SET)
        request.l_start = off_t(start)
        request.l_len = off_t(length)
        request.l_pid = 0
        return request
    }

    func apply(_ type: Int16, start: Int, length: Int) throws -> Bool {
        var request = Self.request(type, start: start, length: length)
        while true {
            if fcntl(descriptor, Self.ofdSetLock, &request) == 0 { return true }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EACCES { return false }
            throw SystemError("fcntl(F_OFD_SETLK)", code: code, path: path)
        }
    }
}
