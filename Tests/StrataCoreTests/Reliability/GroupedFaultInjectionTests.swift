import Foundation
import Glibc
import StrataCore
import StrataTestSupport
import Testing

@Suite("Failing syncs and header writes during group commit")
struct GroupedFaultInjectionTests {
    @Test(
        "A failing grouped sync or slot write fails every commit it covered, poisons the database and loses nothing acknowledged",
        arguments: [FaultInjectingFileSystem.Call.sync, .write],
        [EIO, ENOSPC]
    )
    func failingGroupedSync(call: FaultInjectingFileSystem.Call, code: Int32) async throws {
        let directory = TemporaryDirectory()
        let path = directory.file()
        let fs = FaultInjectingFileSystem()
        let database = try Database.open(path: path, options: DatabaseOptions(fileSystem: fs))
        let schema = try await CrashSchema.prepare(database)
        for number in Int64(1)...3 { try await schema.commitTransaction(number, to: database) }
        fs.delaySyncs(byMicroseconds: 3_000)
        // A sync fails: the third one from now, so that the groups before it have formed. For writes: the
        // 7th from now, a node or a slot write depending on how the groups formed.
        let occurrence = call == .sync ? 2 : 6
        fs.inject(.init(call: call, occurrence: fs.count(of: call) + occurrence, code: code))
        let tasks = 6
        let outcomes = await withTaskGroup(of: [Result<Int64, any Error>].self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    var outcomes: [Result<Int64, any Error>] = []
                    for _ in 0..<3 {
                        do {
                            outcomes.append(.success(try await schema.commitNextTransaction(to: database)))
                        } catch {
                            outcomes.append(.failure(error))
                        }
                    }
                    return outcomes
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        let acknowledged = outcomes.compactMap { try? $0.get() }
        let failures = outcomes.compactMap { outcome -> (any Error)? in
            if case .failure(let error) = outcome { return error }
            return nil
        }
        #expect(!failures.isEmpty)
        for error in failures {
            // Each failure is one of: the injected error itself (a node or slot write), the poisoned database
            // (the failed sync, or any commit queued behind or begun after it).
            switch error {
            case StorageError.poisoned(_, let cause): #expect(!cause.isEmpty)
            case StorageError.io(let system): #expect(system.code == code)
            default: Issue.record("unexpected \(error)")
            }
        }
        let poisoned = database.poisonReason != nil
        if call == .sync {
            #expect(poisoned)
            let syncs = fs.count(of: .sync)
            await #expect(throws: StorageError.self) { try await schema.commitNextTransaction(to: database) }
            #expect(fs.count(of: .sync) == syncs, "a failed sync is never retried")
        }
        // Reads go on at the last durable version, which holds every acknowledged commit.
        let durable = try schema.check(database)
        #expect(durable >= (acknowledged.max() ?? 3))
        database.close()
        let reopened = try Database.open(path: path)
        defer { reopened.close() }
        try reopened.verify()
        let last = try CrashSchema.find(reopened.beginRead()).check(reopened)
        #expect(last >= (acknowledged.max() ?? 3), "acknowledged \(acknowledged.max() ?? 3), found \(last)")
        // A failed slot write or sync blanks or never wrote its slot: nothing unacknowledged comes back.
        #expect(last == durable, "the reopened file names \(last), the poisoned instance read \(durable)")
        print(
            "RELIABILITY|fault injection (grouped \(call), errno \(code))|\(failures.count)|"
                + "failed commits of \(outcomes.count), \(acknowledged.count) acknowledged and all found after reopen"
        )
    }
}
