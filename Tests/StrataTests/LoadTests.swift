import Foundation
import Strata
import StrataCore
import StrataTestSupport
import Testing

@Suite("Load: concurrent actors and processes on one file")
struct LoadTests {
    @Test("8 actors and 2 processes write and read for a set time; no acknowledged write is lost; verify() passes")
    func actorsAndProcesses() async throws {
        let seconds = Double(ProcessInfo.processInfo.environment["STRATA_LOAD_SECONDS"] ?? "") ?? 2
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-load-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("load.strata")
        let configuration = Realm.Configuration(fileURL: url, objectTypes: [CrashItem.self])
        _ = try await Realm(configuration: configuration)  // creates the file and schema before the children start

        // Writers 9 and 10 are other processes; writers 1…8 are actors in this one. Writer k adds ids k, k + 10, …
        var children: [(ChildProcess, Pipe)] = []
        for first in [9, 10] {
            let output = Pipe()
            let child = try ChildProcess(
                executable: apiCrashWriterPath(),
                arguments: [url.path, "\(first)", "10", "\(seconds)"],
                standardOutput: .pipe(output)
            )
            children.append((child, output))
        }
        let acknowledged = try await withThrowingTaskGroup(of: [Int].self) { group in
            for first in 1...8 {
                group.addTask {
                    let realm = try await Realm(configuration: configuration)
                    let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
                    var written: [Int] = []
                    var id = first
                    while ContinuousClock.now < end {
                        let number = id
                        try await realm.write { realm in try realm.add(CrashItem.numbered(number)) }
                        written.append(number)
                        id += 10
                        if written.count % 5 == 0 {
                            // Readers see their own writes and a consistent count.
                            let last = number
                            let (total, ownLast) = await realm.read { realm in
                                (
                                    realm.objects(CrashItem.self).count,
                                    realm.object(ofType: CrashItem.self, forPrimaryKey: last)?.values.first
                                )
                            }
                            #expect(total >= written.count)
                            #expect(ownLast == last)
                        }
                    }
                    return written
                }
            }
            var all: [Int] = []
            for try await written in group { all += written }
            return all
        }
        var childAcknowledged: [Int] = []
        for (child, output) in children {
            child.waitUntilExit()
            #expect(child.terminationStatus == 0)
            childAcknowledged += acknowledgements(output)
        }
        let expected = Set(acknowledged + childAcknowledged)
        #expect(!childAcknowledged.isEmpty, "the child processes wrote nothing")

        let database = try Database.open(path: url.path)
        try database.verify()
        database.close()
        let realm = try await Realm(configuration: configuration)
        let (stored, damaged) = await realm.read { realm -> (Set<Int>, [Int]) in
            var ids = Set<Int>()
            var damaged: [Int] = []
            for item in realm.objects(CrashItem.self) {
                ids.insert(item.id)
                if Array(item.values) != [item.id, 2 * item.id, 3 * item.id] || item.label != "item \(item.id)" {
                    damaged.append(item.id)
                }
            }
            return (ids, damaged)
        }
        let lost = expected.subtracting(stored)
        #expect(lost.isEmpty, "acknowledged writes lost: \(lost.sorted().prefix(20))")
        #expect(damaged.isEmpty, "objects with wrong contents: \(damaged.prefix(20))")
        print(
            "RELIABILITY|load: 8 actors + 2 processes, \(seconds) s|\(expected.count)|"
                + "acknowledged writes, \(lost.count) lost, \(damaged.count) damaged, verify() clean"
        )
    }
}
