import Foundation
import StrataCore
import StrataTestSupport
import Testing

/// A real file-size limit (RLIMIT_FSIZE) and a real full disk (a small tmpfs), met by a child process that
/// commits 64 KiB blobs until a commit fails (StrataCrashWriter --fill).
@Suite("A real full disk and a real file-size limit")
struct FullDiskTests {
    /// Runs the filling child; returns its last acknowledged commit and its error line.
    static func fill(_ path: String, fileSizeLimit: Int? = nil) throws -> (last: Int64, error: String) {
        let output = Pipe()
        let child = try ChildProcess(
            executable: CrashTests.writerPath,
            arguments: [path, "--fill"] + (fileSizeLimit.map { ["\($0)"] } ?? []),
            standardOutput: .pipe(output)
        )
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        let lines = text.split(separator: "\n")
        let last = lines.compactMap { $0.hasPrefix("ack ") ? Int64($0.dropFirst(4)) : nil }.last ?? 0
        let error =
            lines.first { $0.hasPrefix("error ") }.map(String.init) ?? "no error (exit \(child.terminationStatus))"
        return (last, error)
    }

    /// Reopens without limits: verify() passes, exactly the acknowledged commits are there, and (where there is
    /// room) the database takes new commits.
    static func checkAfterFailure(_ path: String, last: Int64, canGrow: Bool) async throws {
        let database = try Database.open(path: path)
        defer { database.close() }
        try database.verify()
        let read = try database.beginRead()
        let table = try #require(try read.table(named: "Fill"))
        let number = try table.column(named: "number").key
        let numbers = try table.keys().map { key -> Int64 in
            guard case .int(let value) = try table.value(key, number) else { return -1 }
            return value
        }
        #expect(numbers.sorted() == (last > 0 ? Array(1...last) : []), "exactly the acknowledged commits")
        if canGrow {
            let write = try await database.beginWrite()
            try write.createObject(in: table.key, values: [number: .int(last + 1)])
            try write.commit()
        }
    }

    @Test("Past RLIMIT_FSIZE a commit fails with EFBIG, nothing acknowledged is lost, and the file reopens")
    func fileSizeLimit() async throws {
        let directory = TemporaryDirectory()
        let path = directory.file()
        let (last, error) = try await onThread { try Self.fill(path, fileSizeLimit: 4 << 20) }
        #expect(error.hasPrefix("error \(EFBIG) "), "\(error)")
        #expect(last > 10)
        try await Self.checkAfterFailure(path, last: last, canGrow: true)
        print("RELIABILITY|real file-size limit (RLIMIT_FSIZE 4 MiB)|\(last)|acknowledged commits kept, then EFBIG")
    }

    /// Whether this process may mount a tmpfs (root in a container that allows it).
    static let canMount: Bool = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-mount-probe-\(UUID())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", directory.path]) else { return false }
        return run("/bin/umount", [directory.path])
    }()

    static func run(_ tool: String, _ arguments: [String]) -> Bool {
        (try? ChildProcess.run(tool, arguments, standardError: .file(FileHandle.nullDevice))) == 0
    }

    @Test(
        "On a full disk (a 6 MiB tmpfs) a commit fails with ENOSPC, nothing acknowledged is lost, the file reopens",
        .enabled(if: FullDiskTests.canMount, "needs permission to mount a tmpfs")
    )
    func fullDisk() async throws {
        let directory = TemporaryDirectory()
        let mountPoint = directory.file("disk")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        try #require(Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=6m", "tmpfs", mountPoint]))
        defer { _ = Self.run("/bin/umount", [mountPoint]) }
        let path = mountPoint + "/full.strata"
        let (last, error) = try await onThread { try Self.fill(path) }
        #expect(error.hasPrefix("error \(ENOSPC) "), "\(error)")
        #expect(last > 10)
        try await Self.checkAfterFailure(path, last: last, canGrow: false)
        print("RELIABILITY|real full disk (6 MiB tmpfs)|\(last)|acknowledged commits kept, then ENOSPC")
    }
}
