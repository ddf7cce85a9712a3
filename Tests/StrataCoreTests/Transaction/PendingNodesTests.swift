import Foundation
import StrataCore
import StrataTestSupport
import Testing

/// Commits that queue behind a slow sync leave their nodes to their group (PendingNodes.swift): the next writer reads
/// them from memory, the sync thread writes them before the group's slot, and every version reads whole, in this
/// process and after a reopen.
@Suite("Nodes left to the group's sync thread")
struct PendingNodesTests {
    @Test("queued commits leave their nodes to the group; each writer reads the one before it; nothing is lost")
    func queuedCommitsLeaveTheirNodes() async throws {
        // Whether a commit finds a group in flight depends on the scheduling: counted over every round, with syncs
        // slow enough that six writers meet one.
        var leftToGroups = 0
        for round in 0..<3 {
            let directory = TemporaryDirectory()
            let path = directory.file()
            let fs = FaultInjectingFileSystem()
            let database = try Database.open(path: path, options: DatabaseOptions(fileSystem: fs))
            let schema = try await CrashSchema.prepare(database)
            // Slow syncs: commits queue while a group syncs, so most of them leave their nodes to a group.
            fs.delaySyncs(byMicroseconds: 5_000)
            let tasks = 6
            let perTask = 12
            let numbers = try await withThrowingTaskGroup(of: [Int64].self) { group in
                for _ in 0..<tasks {
                    group.addTask {
                        var numbers: [Int64] = []
                        for _ in 0..<perTask { numbers.append(try await schema.commitNextTransaction(to: database)) }
                        return numbers
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            // Each transaction read the number the one before it wrote, from memory when that one was in flight:
            // the numbers are exactly 1...n, none twice.
            #expect(numbers.sorted() == Array(1...Int64(tasks * perTask)), "round \(round)")
            leftToGroups += database.commitsWrittenByGroups
            #expect(try schema.check(database) == Int64(tasks * perTask), "round \(round)")
            try database.verify()
            database.close()
            let reopened = try Database.open(path: path)
            defer { reopened.close() }
            try reopened.verify()
            #expect(try CrashSchema.find(reopened.beginRead()).check(reopened) == Int64(tasks * perTask))
        }
        #expect(leftToGroups > 0, "no commit left its nodes to a group in any round")
    }
}
