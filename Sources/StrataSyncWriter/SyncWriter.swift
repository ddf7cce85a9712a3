// StrataSyncWriter: the child process of the multi-process sync tests (Tests/StrataSyncTests/MultiProcessTests.swift).
//
// Usage: StrataSyncWriter PATH CONNINFO DATABASE START COUNT MODE [--name NAME] [--expect DOGS]
// Opens PATH as a realm synced to the logical database DATABASE through CONNINFO, subscribes to SyncDog and
// SyncPerson (the same class names and properties as the tests' models: the hub's type registry rejects any other
// schema), waits until both subscriptions are complete and prints "ready". Then it commits transaction n for n in
// START..<START+COUNT, one dog per transaction, and prints "ack n" (unbuffered) once the commit returned:
//   - dog n: name "dog n", age n % 17, tags ["t(n % 3)"]; every fifth dog is owned by the person "owner (n / 10)",
//     created if missing, whose `dogs` list gets the dog appended.
// Modes:
//   - write: commits only, sleeping 0-3 ms before a quarter of them (the crash test kills it at random moments).
//   - write-wait: after each commit also waits until the hub acknowledged it (`wait(for: .upload)`), then acks.
//   - follow: commits like write, then follows a change stream of the dogs until it sees DOGS of them.
// Afterwards, with --name, it sets dog 0's name to NAME (creating dog 0 if missing): the processes' conflicting
// edits. Then it waits for upload and download, prints "uploaded", in follow mode "sees N dogs", and exits 0.
// Any error goes to standard error with exit status 1.

import Foundation
import Strata
import StrataSync

final class SyncDog: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var owner: SyncPerson?
    @Persisted var tags: List<String>
}

final class SyncPerson: Object {
    @Persisted(primaryKey: true) var name = ""
    @Persisted var dogs: List<SyncDog>
}

@main
struct SyncWriter {
    enum Mode: String {
        case write
        case writeWait = "write-wait"
        case follow
    }

    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 6, let start = Int(arguments[3]), let count = Int(arguments[4]),
            let mode = Mode(rawValue: arguments[5])
        else {
            FileHandle.standardError.write(
                Data(
                    ("usage: StrataSyncWriter PATH CONNINFO DATABASE START COUNT write|write-wait|follow "
                        + "[--name NAME] [--expect DOGS]\n").utf8
                )
            )
            exit(2)
        }
        var options: [String: String] = [:]
        for index in stride(from: 6, to: arguments.count - 1, by: 2) {
            options[arguments[index]] = arguments[index + 1]
        }
        do {
            try await run(
                path: arguments[0],
                conninfo: arguments[1],
                database: arguments[2],
                range: start..<(start + count),
                mode: mode,
                name: options["--name"],
                expect: options["--expect"].flatMap { Int($0) }
            )
        } catch {
            FileHandle.standardError.write(Data("StrataSyncWriter: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(
        path: String,
        conninfo: String,
        database: String,
        range: Range<Int>,
        mode: Mode,
        name: String?,
        expect: Int?
    ) async throws {
        var configuration = Realm.Configuration(fileURL: URL(fileURLWithPath: path))
        configuration.objectTypes = [SyncDog.self, SyncPerson.self]
        // Warnings (replication paused, lost writes) go to standard error; STRATA_SYNC_WRITER_LOG=debug shows more.
        let verbose = ProcessInfo.processInfo.environment["STRATA_SYNC_WRITER_LOG"] == "debug"
        configuration.logger = RealmLogger(level: verbose ? .debug : .warning) { entry in
            FileHandle.standardError.write(Data("StrataSyncWriter \(getpid()): \(entry.message)\n".utf8))
        }
        var sync = SyncConfiguration(connectionString: conninfo, databaseName: database)
        sync.pollInterval = .milliseconds(200)
        configuration.syncConfiguration = sync
        let realm = try await Realm(configuration: configuration)
        let subscriptions = await realm.read { realm in
            [
                realm.objects(SyncDog.self).subscribe(named: "dogs"),
                realm.objects(SyncPerson.self).subscribe(named: "people"),
            ]
        }
        for subscription in subscriptions {
            for await state in subscription.states {
                if state == .complete { break }
                if case .error(let error) = state { throw error }
            }
        }
        guard let session = await realm.syncSession else { throw WriterError("the realm has no sync session") }
        say("ready")
        for n in range {
            if mode != .writeWait, Int.random(in: 0..<4) == 0 {
                try await Task.sleep(for: .milliseconds(Int.random(in: 0...3)))
            }
            try await realm.write { realm in try addDog(n, in: realm) }
            if mode == .writeWait { try await session.wait(for: .upload) }
            say("ack \(n)")
        }
        if let name {
            try await realm.write { realm in
                _ = try realm.create(SyncDog.self, value: ["id": 0, "name": name], update: .modified)
            }
        }
        try await session.wait(for: .upload)
        if mode == .follow, let expect {
            let changes = await realm.read { realm in realm.objects(SyncDog.self).changes() }
            for await change in changes {
                if case .error(let error) = change { throw error }
                if await realm.read({ $0.objects(SyncDog.self).count }) >= expect { break }
            }
        }
        try await session.wait(for: .download)
        say("uploaded")
        if mode == .follow { say("sees \(await realm.read { $0.objects(SyncDog.self).count }) dogs") }
    }

    /// Transaction n: dog n, and every fifth one owned by a person (see the file comment).
    static func addDog(_ n: Int, in realm: isolated Realm) throws {
        let dog = SyncDog(value: ["id": n, "name": "dog \(n)", "age": n % 17])
        dog.tags.append("t\(n % 3)")
        try realm.add(dog)
        if n % 5 == 0 {
            let owner = try realm.create(SyncPerson.self, value: ["name": "owner \(n / 10)"], update: .modified)
            dog.owner = owner
            owner.dogs.append(dog)
        }
    }

    /// Prints one line with a single write(2), so that a SIGKILL never leaves half of it.
    static func say(_ text: String) {
        let line = Array((text + "\n").utf8)
        var written = 0
        while written < line.count {
            let result = line.withUnsafeBytes { write(1, $0.baseAddress! + written, line.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                return
            }
            written += result
        }
    }
}

struct WriterError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
