import Foundation
import StrataCore
import Testing

/// A file system whose first `open` waits until the test lets it go, so that an open of a database stays under way.
private final class GatedFileSystem: FileSystem {
    private let base = PosixFileSystem()
    private let gate = Locked(true)
    /// Signalled when the first `open` has started to wait.
    let entered = DispatchSemaphore(value: 0)
    /// Lets the waiting `open` go on.
    let release = DispatchSemaphore(value: 0)

    func open(_ path: String, mode: FileOpenMode) throws -> any StorageFile {
        let first = gate.withLock { waiting -> Bool in
            defer { waiting = false }
            return waiting
        }
        if first {
            entered.signal()
            release.wait()
        }
        return try base.open(path, mode: mode)
    }

    func syncDirectory(_ path: String) throws { try base.syncDirectory(path) }
    func rename(_ source: String, to destination: String) throws { try base.rename(source, to: destination) }
    func remove(_ path: String) throws { try base.remove(path) }
    func fileExists(_ path: String) -> Bool { base.fileExists(path) }
}

/// The process's registry of open databases (Database.swift, `open`): one instance per path, opened behind a gate
/// that other opens of the same path wait on, with the registry's lock held only to look the path up.
@Suite("One database instance per path in a process")
struct DatabaseRegistryTests {
    @Test("opens of one path from many threads at once share one instance; other paths get their own")
    func concurrentOpensShareOneInstance() async throws {
        let directory = TemporaryDirectory()
        let paths = (0..<3).map { directory.file("shared-\($0).strata") }
        // The instances are kept here: the registry holds them weakly.
        let opened = try await withThrowingTaskGroup(of: (Int, Database).self) { group in
            for index in 0..<24 {
                group.addTask {
                    let path = paths[index % paths.count]
                    return (index % paths.count, try Database.open(path: path))
                }
            }
            var databases: [Int: [Database]] = [:]
            for try await (path, database) in group { databases[path, default: []].append(database) }
            return databases
        }
        let identities = opened.mapValues { Set($0.map(ObjectIdentifier.init)) }
        #expect(identities.values.map(\.count) == [1, 1, 1], "one instance per path")
        #expect(Set(identities.values.flatMap { $0 }).count == 3, "a different instance for each path")
        for databases in opened.values { databases[0].close() }
        #expect(paths.allSatisfy { Database.openInstance(path: $0) == nil }, "closed instances leave the registry")
    }

    @Test("an open under way blocks neither opens nor closes of other paths; a second open of its path shares it")
    func openUnderWayBlocksNoOtherPath() throws {
        let directory = TemporaryDirectory()
        let (slowPath, otherPath) = (directory.file("slow.strata"), directory.file("other.strata"))
        let fs = GatedFileSystem()
        let opened = Locked<[Int: Database]>([:])
        let done = DispatchSemaphore(value: 0)
        func openOnThread(_ number: Int, _ path: String, _ options: DatabaseOptions = DatabaseOptions()) {
            Thread.detachNewThread {
                let database = try? Database.open(path: path, options: options)
                opened.withLock { $0[number] = database }
                done.signal()
            }
        }
        openOnThread(1, slowPath, DatabaseOptions(fileSystem: fs))
        fs.entered.wait()
        // The slow open holds its path's gate now; a second open of that path waits for it.
        openOnThread(2, slowPath)
        // Another path opens and closes meanwhile (on a thread, so that a regression fails here instead of hanging).
        openOnThread(3, otherPath)
        let otherOpened = done.wait(timeout: .now() + 60) == .success
        #expect(otherOpened, "the other path's open waited for the slow one")
        if otherOpened {
            let other = try #require(opened.withLock { $0[3] })
            #expect(other.path == otherPath)
            other.close()
        }
        fs.release.signal()
        for _ in 0..<(otherOpened ? 2 : 3) { done.wait() }
        let (first, second) = opened.withLock { ($0[1], $0[2]) }
        #expect(first != nil && first === second, "the waiting open got the slow open's instance")
        first?.close()
    }

    @Test("a failed open leaves nothing behind: the next open of the path tries again, and succeeds")
    func failedOpenLeavesNothingBehind() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("missing/later.strata")
        #expect(throws: (any Error).self) { try Database.open(path: path) }
        #expect(Database.openInstance(path: path) == nil)
        try FileManager.default.createDirectory(atPath: directory.file("missing"), withIntermediateDirectories: false)
        let database = try Database.open(path: path)
        #expect(Database.openInstance(path: path) === database)
        database.close()
    }
}
