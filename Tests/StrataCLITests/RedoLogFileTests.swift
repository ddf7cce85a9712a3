import Foundation
import StrataCore
import StrataTestSupport
import Testing

/// `strata` on the files a writer with the redo log on leaves when it is killed: commits that only its log holds,
/// and a log damaged inside its durable part.
@Suite("strata on a file whose redo log holds commits")
struct RedoLogFileTests {
    /// The files of a writer that committed the crash schema's transactions 1 ... `commits` through its log and was
    /// killed (every write kept, the page cache survives a process), copied to a new path in `directory`.
    static func killedWriter(commits: Int64, in directory: TemporaryDirectory) async throws -> String {
        let path = directory.file("writer.strata")
        let fs = FaultInjectingFileSystem()
        let database = try Database.open(path: path, options: .testing(fs, redoLog: true))
        defer { database.close() }
        let schema = try await CrashSchema.prepare(database)
        for number in 1...commits { try await schema.commitTransaction(number, to: database) }
        let crashed = directory.file("crashed.strata")
        try fs.copyAfterKill(of: path, to: crashed)
        return crashed
    }

    @Test("Reading commands refuse with exit 1 and say to open the file for writing; a writable open replays it")
    func commitsOnlyTheLogHolds() async throws {
        let directory = TemporaryDirectory()
        let crashed = try await Self.killedWriter(commits: 5, in: directory)
        for command in ["info", "verify", "schema", "export"] {
            let run = try Tool.run([command, crashed])
            #expect(run.status == 1, "\(command)")
            #expect(run.stdout.isEmpty, "\(command): \(run.stdout)")
            #expect(run.stderr.hasPrefix("strata \(command): "), "\(command): \(run.stderr)")
            #expect(run.stderr.contains("in its redo log after version"), "\(command): \(run.stderr)")
            #expect(run.stderr.contains("open it once for writing"), "\(command): \(run.stderr)")
        }
        // The file is untouched by them: an open for writing finds every commit, and then the tools read it.
        let database = try Database.open(path: crashed, options: DatabaseOptions(redoLog: false))
        #expect(try CrashSchema.find(database.beginRead()).check(database) == 5)
        database.close()
        let verify = try Tool.run(["verify", crashed])
        #expect(verify.status == 0, "\(verify.stderr)")
    }

    @Test("A bit flipped in a durable record: verify exits 1 and names the redo log")
    func damagedRecord() async throws {
        let directory = TemporaryDirectory()
        let crashed = try await Self.killedWriter(commits: 6, in: directory)
        // The first record's payload: later groups follow it, so it was durable and may not be dropped.
        var log = try Data(contentsOf: URL(fileURLWithPath: crashed + ".redo"))
        log[RedoRing.headerSize + 4] ^= 0x10
        try log.write(to: URL(fileURLWithPath: crashed + ".redo"))
        for command in ["verify", "info"] {
            let run = try Tool.run([command, crashed])
            #expect(run.status == 1, "\(command)")
            #expect(run.stdout.isEmpty, "\(command): \(run.stdout)")
            #expect(
                run.stderr.hasPrefix("strata \(command): the database file is damaged: "),
                "\(command): \(run.stderr)"
            )
            #expect(run.stderr.contains("commit log"), "\(command): \(run.stderr)")
        }
        // A writable open refuses it just the same, and leaves both files as they were.
        let before = try Data(contentsOf: URL(fileURLWithPath: crashed))
        #expect(throws: StorageError.self) {
            try Database.open(path: crashed, options: DatabaseOptions(redoLog: false))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: crashed)) == before)
    }
}
