import Foundation
import StrataTestSupport
import Testing

@testable import Strata

/// In-memory realms keep their data in files on /dev/shm, which is memory: none may outlive the process that made
/// it (InMemoryLease.swift).
@Suite("In-memory realm files do not outlive their process")
struct InMemoryFileTests {
    /// The id of a process that has ended.
    private func endedProcess() throws -> Int32 {
        let process = try ChildProcess(executable: "/bin/true", arguments: [])
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test("The sweep removes the files of ended processes and keeps every other file")
    func sweepRemovesOnlyEndedProcessesFiles() throws {
        let directory = NSTemporaryDirectory() + "strata-sweep-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ended = try endedProcess()
        let rows: [(name: String, kept: Bool)] = [
            ("strata-\(ended)-notes-123", false),
            ("strata-\(ended)-notes-123.lock", false),
            ("strata-\(getpid())-mine-456", true),
            ("strata-\(getpid())-mine-456.lock", true),
            ("strata-probe-\(ended)-789.strata", true),
            ("strata-notapid-1", true),
            ("other-\(ended)-1", true),
        ]
        for row in rows {
            #expect(FileManager.default.createFile(atPath: directory + "/" + row.name, contents: Data([1])))
        }
        InMemoryFiles.removeFilesOfEndedProcesses(in: directory)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
        #expect(left == Set(rows.filter(\.kept).map(\.name)))
    }

    @Test("A released in-memory realm's file is removed; one still open has a file named for this process")
    func releasedRealmsLeaveNoFile() async throws {
        let configuration = Realm.Configuration(inMemoryIdentifier: "in-memory-file-\(UUID().uuidString)")
        var realm: Realm? = try await Realm(configuration: configuration)
        #expect(FileManager.default.fileExists(atPath: configuration.path))
        #expect(configuration.path.hasPrefix("/dev/shm/strata-\(getpid())-"))
        _ = realm
        realm = nil
        // The realm's executor may still hold the actor for a moment after the last reference goes.
        for _ in 0..<200 where FileManager.default.fileExists(atPath: configuration.path) {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(!FileManager.default.fileExists(atPath: configuration.path))
    }

    @Test(
        "Adding unmanaged objects that reach each other through collections leaves nothing holding the realm",
        arguments: ["list", "set", "map"]
    )
    func addedCyclesReleaseTheRealm(_ kind: String) async throws {
        let configuration = Realm.Configuration(
            inMemoryIdentifier: "in-memory-cycle-\(UUID().uuidString)",
            objectTypes: [InMemoryRing.self]
        )
        var realm: Realm? = try await Realm(configuration: configuration)
        try await realm!.write { realm in
            let (a, b) = (InMemoryRing(), InMemoryRing())
            (a.id, b.id) = (1, 2)
            switch kind {
            case "list":
                a.next.append(b)
                b.next.append(a)
            case "set":
                a.members.insert(b)
                b.members.insert(a)
            default:
                a.byName["b"] = b
                b.byName["a"] = a
            }
            try realm.add([a, b])
        }
        #expect(await realm!.read { realm in realm.objects(InMemoryRing.self).count } == 2)
        realm = nil
        for _ in 0..<200 where FileManager.default.fileExists(atPath: configuration.path) {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(!FileManager.default.fileExists(atPath: configuration.path), "\(kind)")
    }
}

/// Objects that link to each other through a list, a set and a map (a cycle when two are added together).
final class InMemoryRing: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var next: List<InMemoryRing>
    @Persisted var members: MutableSet<InMemoryRing>
    @Persisted var byName: Map<String, InMemoryRing?>
}
