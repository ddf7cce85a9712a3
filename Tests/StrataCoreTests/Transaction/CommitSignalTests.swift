import Dispatch
import Foundation
import StrataCore
import Testing

/// The commit signal word of the lock file: two mappings of one lock file stand for two processes (a futex on a
/// shared file mapping is keyed by the file's page, whoever maps it).
@Suite("The commit signal across processes")
struct CommitSignalTests {
    @Test("A bump through one mapping wakes a waiter asleep on another, and the word counts every bump")
    func bumpWakesWaiter() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("x.strata.lock")
        let committer = try CommitSignalWord(path: path)
        let watcher = try CommitSignalWord(path: path)
        #expect(try watcher.value() == 0)
        let woken = DispatchSemaphore(value: 0)
        let thread = Thread {
            // Ten minutes: if the wake-up never came, the test would stop on its time limit, not pass.
            watcher.wait(whileEqualTo: 0, timeout: .seconds(600))
            woken.signal()
        }
        thread.start()
        // Give the waiter time to fall asleep (the test passes either way when the futex works: a bump before
        // the wait makes it return at once).
        Thread.sleep(forTimeInterval: 0.05)
        try committer.bump()
        woken.wait()
        #expect(try watcher.value() == 1)
        for _ in 0..<9 { try committer.bump() }
        #expect(try watcher.value() == 10)
        // A wait on a value the word no longer holds returns at once.
        watcher.wait(whileEqualTo: 3, timeout: .seconds(600))
    }

    @Test("A commit bumps the word; the lock file's writer lock and reader table are untouched by it")
    func commitBumpsWord() async throws {
        let directory = TemporaryDirectory()
        let path = directory.file("db.strata")
        let database = try Database.open(path: path)
        defer { database.close() }
        let watcher = try CommitSignalWord(path: path + ".lock")
        let before = try watcher.value()
        _ = try await VersionTests.makeCounter(database)
        #expect(try watcher.value() == before &+ 1)
        #expect(database.commitSignal != nil)
        #expect(database.newestForeignVersion == 0)
    }

    @Test("Another database instance's commit is taken up as a foreign version")
    func foreignVersion() async throws {
        let directory = TemporaryDirectory()
        let path = directory.file("db.strata")
        let first = try Database.open(path: path)
        defer { first.close() }
        let second = try Database.openUnshared(path: path, options: DatabaseOptions())
        defer { second.close() }
        _ = try await VersionTests.makeCounter(second)
        let latest = first.refreshedLatestVersion()
        #expect(first.newestForeignVersion == latest)
        #expect(latest == second.latestVersion)
    }
}
