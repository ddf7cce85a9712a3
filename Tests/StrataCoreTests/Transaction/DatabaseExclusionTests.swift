import Dispatch
import Foundation
import Glibc
import StrataCore
import Testing

/// Raw OFD locks and writes on a lock file: what another process's handle does to it (FileLock.swift's format).
private final class ForeignLockFile {
    private let descriptor: Int32

    init(_ path: String) {
        descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        precondition(descriptor >= 0, "open \(path): errno \(errno)")
    }

    deinit { _ = Glibc.close(descriptor) }

    /// Takes (or, with F_UNLCK, releases) an OFD lock without waiting; false if another description holds one.
    @discardableResult
    func lock(_ type: Int32, start: Int, length: Int) -> Bool {
        var request = flock()
        request.l_type = Int16(type)
        request.l_whence = Int16(SEEK_SET)
        request.l_start = off_t(start)
        request.l_len = off_t(length)
        return fcntl(descriptor, 37, &request) == 0
    }

    /// Whether another description holds a lock over the bytes (F_OFD_GETLK).
    func isHeld(start: Int, length: Int) -> Bool {
        var request = flock()
        request.l_type = Int16(F_WRLCK)
        request.l_whence = Int16(SEEK_SET)
        request.l_start = off_t(start)
        request.l_len = off_t(length)
        precondition(fcntl(descriptor, 36, &request) == 0)
        return request.l_type != Int16(F_UNLCK)
    }

    /// Claims reader slot `slot` as a process whose token is `token` does: locks it and writes it.
    func claimSlot(_ slot: Int, token: UInt64) {
        precondition(lock(F_WRLCK, start: Self.slotOffset(slot), length: 16))
        var value = (UInt64(0), token.littleEndian)
        precondition(pwrite(descriptor, &value, 16, off_t(Self.slotOffset(slot))) == 16)
    }

    static func slotOffset(_ slot: Int) -> Int { 4096 + 16 * slot }
    static let readerTable = (start: 4096, length: 16 * 1024)
}

/// Compacting at launch and deleting the files shut other processes out through the lock file's open gate
/// (FileLock.swift, exclusion protocol; Database+Exclusion.swift). Other processes are played by raw locks on the
/// lock file; openers of this process go through the gate as theirs do.
@Suite("Shutting other processes out of a database file")
struct DatabaseExclusionTests {
    @Test("This process's own handles do not count: the body runs while two instances have the file open")
    func ownHandlesDoNotCount() throws {
        let directory = TemporaryDirectory()
        let path = directory.file()
        let shared = try Database.open(path: path)
        defer { shared.close() }
        let unshared = try Database.openUnshared(path: path, options: DatabaseOptions())
        defer { unshared.close() }
        #expect(try Database.excludingOtherProcesses(path: path) { 7 } == 7)
    }

    @Test(
        "A reader slot held by another process makes the excluder give up without running its body",
        arguments: [
            UInt64(0x5EED_0B1E_5EED_0B1E), 0,
        ]
    )
    func otherProcessSlotRefuses(token: UInt64) throws {
        let directory = TemporaryDirectory()
        let path = directory.file()
        let database = try Database.open(path: path)
        defer { database.close() }
        var other: ForeignLockFile? = ForeignLockFile(path + ".lock")
        other?.claimSlot(5, token: token)
        var ran = false
        #expect(try Database.excludingOtherProcesses(path: path) { ran = true } == nil)
        #expect(!ran)
        // A slot whose holder ended (its lock gone) is a dead process's: ignored.
        other = nil
        #expect(try Database.excludingOtherProcesses(path: path) { true } == true)
    }

    @Test(
        "An opener in the gate, or another excluder holding it, makes the excluder give up",
        arguments: [
            F_RDLCK, F_WRLCK,
        ]
    )
    func busyGateRefuses(type: Int32) throws {
        let directory = TemporaryDirectory()
        let path = directory.file()
        let other = ForeignLockFile(path + ".lock")
        #expect(other.lock(type, start: 1, length: 1))
        #expect(try Database.excludingOtherProcesses(path: path) { true } == nil)
        other.lock(F_UNLCK, start: 1, length: 1)
        #expect(try Database.excludingOtherProcesses(path: path) { true } == true)
    }

    @Test("An open waits at the closed gate, then opens the file the excluder left")
    func openWaitsForExcluder() async throws {
        let directory = TemporaryDirectory()
        let path = directory.file()
        let database = try Database.open(path: path)
        _ = try await VersionTests.makeCounter(database)
        database.close()
        let opened = Locked<Result<Database, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let waitedAtGate = try Database.excludingOtherProcesses(path: path) { () -> Bool in
            Thread {
                opened.withLock { $0 = Result { try Database.openUnshared(path: path, options: DatabaseOptions()) } }
                done.signal()
            }
            .start()
            let waited = done.wait(timeout: .now() + 0.3) == .timedOut
            // The file is replaced (here: removed) while the other open waits.
            try? FileManager.default.removeItem(atPath: path)
            return waited
        }
        #expect(waitedAtGate == true)
        #expect(done.wait(timeout: .now() + 60) == .success)
        let other = try #require(try opened.withLock { $0 }?.get())
        defer { other.close() }
        #expect(try other.beginRead().table(named: "Counter") == nil, "a new file, not the removed one")
    }

    @Test("An open waiting at the gate while the lock file is deleted claims its slot in the new lock file")
    func openAfterLockFileDeleted() async throws {
        let directory = TemporaryDirectory()
        let path = directory.file()
        try Database.open(path: path).close()
        let opened = Locked<Result<Database, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        _ = try Database.excludingOtherProcesses(path: path) {
            Thread {
                opened.withLock { $0 = Result { try Database.openUnshared(path: path, options: DatabaseOptions()) } }
                done.signal()
            }
            .start()
            Thread.sleep(forTimeInterval: 0.1)
            for file in [path, path + ".lock"] { try? FileManager.default.removeItem(atPath: file) }
        }
        #expect(done.wait(timeout: .now() + 60) == .success)
        let other = try #require(try opened.withLock { $0 }?.get())
        defer { other.close() }
        #expect(ForeignLockFile(path + ".lock").isHeld(start: 4096, length: 16 * 1024))
        _ = try await VersionTests.makeCounter(other)
    }

    @Test("A missing directory is the lock file's ENOENT")
    func missingDirectory() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("absent/test.strata")
        do {
            _ = try Database.excludingOtherProcesses(path: path) { true }
            Issue.record("no error")
        } catch StorageError.io(let system) {
            #expect(system.code == ENOENT)
        }
    }

    @Test("The writer lock of another description is seen; this database's own is not")
    func writerLockHeldElsewhere() async throws {
        let directory = TemporaryDirectory()
        let path = directory.file()
        let database = try Database.open(path: path)
        defer { database.close() }
        #expect(try !database.isWriterLockHeldElsewhere())
        let write = try await database.beginWrite()
        #expect(try !database.isWriterLockHeldElsewhere())
        write.rollback()
        let other = ForeignLockFile(path + ".lock")
        #expect(other.lock(F_WRLCK, start: 0, length: 1))
        #expect(try database.isWriterLockHeldElsewhere())
        other.lock(F_UNLCK, start: 0, length: 1)
        #expect(try !database.isWriterLockHeldElsewhere())
    }
}
