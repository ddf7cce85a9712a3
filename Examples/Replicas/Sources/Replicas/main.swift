import Foundation
import Strata
import StrataSync

// Three processes, each with a file of its own, share one logical database through PostgreSQL. Each writes ten
// messages, follows the shared class with a `for await` change stream until it holds all thirty, and reports what
// it holds; the first process checks that all three hold the same data.
//
// Set STRATA_SYNC_CONNINFO to a libpq connection string to use your own server; otherwise a throwaway
// PostgreSQL 15 cluster is started in a temporary directory (and stopped at the end).

final class Message: Object {
    @Persisted(primaryKey: true) var id = ""
    @Persisted var replica = 0
    @Persisted var text = ""
}

/// Prints a line at once (`print` buffers when the output is a pipe).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let replicaCount = 3
let messagesPerReplica = 10

/// Replica `index`: writes its messages, follows the others' until it has them all, and returns a line saying what
/// it holds, with a digest of every message.
func runReplica(_ index: Int, conninfo: String, database: String, directory: String) async throws -> String {
    var configuration = Realm.Configuration(fileURL: URL(fileURLWithPath: "\(directory)/replica-\(index).strata"))
    configuration.objectTypes = [Message.self]
    var sync = SyncConfiguration(connectionString: conninfo, databaseName: database)
    sync.pollInterval = .milliseconds(200)
    configuration.syncConfiguration = sync
    let realm = try await Realm(configuration: configuration)

    let subscription = await realm.read { realm in realm.objects(Message.self).subscribe(named: "messages") }
    for await state in subscription.states where state == .complete { break }
    let changes = await realm.read { realm in realm.objects(Message.self).changes() }

    for number in 1...messagesPerReplica {
        try await realm.write { realm in
            let text = "message \(number) from replica \(index)"
            try realm.add(Message(value: ["id": "\(index)-\(number)", "replica": index, "text": text]))
        }
    }
    try await realm.syncSession?.wait(for: .upload)

    // The other replicas' messages arrive in the stream as their commits reach this file.
    for await change in changes {
        let messages: Results<Message>
        switch change {
        case .initial(let all):
            messages = all
        case .update(let all, _, let insertions, _):
            messages = all
            let from = Set(insertions.map { all[$0].replica }).subtracting([index]).sorted()
            if !from.isEmpty { say("replica \(index): \(all.count) messages, new ones from replica \(from)") }
        case .error(let error):
            throw error
        }
        if messages.count == replicaCount * messagesPerReplica { break }
    }
    try await realm.syncSession?.wait(for: .download)
    return await realm.read { realm in
        let messages = realm.objects(Message.self).sorted(byKeyPath: "id")
        let replicas = Set(messages.map(\.replica)).count
        var digest: UInt64 = 14_695_981_039_346_656_037  // FNV-1a over every message
        for byte in messages.map({ "\($0.id) \($0.replica) \($0.text)\n" }).joined().utf8 {
            digest = (digest ^ UInt64(byte)) &* 1_099_511_628_211
        }
        return "replica \(index) sees \(messages.count) messages from \(replicas) replicas "
            + "(digest \(String(digest, radix: 16)))"
    }
}

/// Starts `arguments`; as root, a PostgreSQL program runs as the postgres user.
func launch(_ arguments: [String], asPostgres: Bool = false, output: String? = nil) throws -> Process {
    let command = asPostgres && geteuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + arguments : arguments
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    if let output {
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = process.standardOutput
    }
    try process.run()
    return process
}

/// Runs `arguments` to the end; true when it succeeded.
func run(_ arguments: [String], asPostgres: Bool = false, output: String? = nil) throws -> Bool {
    let process = try launch(arguments, asPostgres: asPostgres, output: output)
    process.waitUntilExit()
    return process.terminationStatus == 0
}

let postgresBin = "/usr/lib/postgresql/15/bin"

/// Starts a throwaway PostgreSQL 15 cluster listening only on a Unix socket in `directory`; returns its conninfo.
/// (The server runs in the foreground, as a child: Foundation's `Process` would wait for `pg_ctl start`'s daemon.)
func startPostgres(in directory: String) throws -> String {
    if geteuid() == 0 { _ = try run(["/bin/chown", "postgres", directory]) }
    let data = directory + "/data"
    let initdb = [postgresBin + "/initdb", "-D", data, "-U", "postgres", "--auth=trust", "--no-sync"]
    guard try run(initdb, asPostgres: true, output: directory + "/initdb.log") else {
        throw ExampleError("initdb failed (see \(directory)/initdb.log)")
    }
    let server = [postgresBin + "/postgres", "-D", data, "-k", directory, "-c", "listen_addresses="]
    _ = try launch(server, asPostgres: true, output: directory + "/server.log")
    var attempts = 0
    while try !run([postgresBin + "/pg_isready", "-q", "-h", directory]) {
        attempts += 1
        guard attempts < 100 else { throw ExampleError("PostgreSQL did not start (see \(directory)/server.log)") }
        usleep(100_000)
    }
    return "host=\(directory) dbname=postgres user=postgres"
}

func stopPostgres(in directory: String) throws {
    _ = try run([postgresBin + "/pg_ctl", "stop", "-s", "-m", "fast", "-D", directory + "/data"], asPostgres: true)
}

struct ExampleError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

let arguments = CommandLine.arguments
if arguments.count == 6, arguments[1] == "replica", let index = Int(arguments[2]) {
    // A child: replica INDEX CONNINFO DATABASE DIRECTORY.
    say(try await runReplica(index, conninfo: arguments[3], database: arguments[4], directory: arguments[5]))
    exit(0)
}

let directory = NSTemporaryDirectory() + "strata-replicas-" + UUID().uuidString.prefix(8)
try FileManager.default.createDirectory(atPath: directory + "/files", withIntermediateDirectories: true)
let server = ProcessInfo.processInfo.environment["STRATA_SYNC_CONNINFO"] == nil ? directory + "/postgres" : nil
var status: Int32 = 1
var children: [(Process, Pipe)] = []
do {
    var conninfo = ProcessInfo.processInfo.environment["STRATA_SYNC_CONNINFO"] ?? ""
    if let server {
        try FileManager.default.createDirectory(atPath: server, withIntermediateDirectories: false)
        conninfo = try startPostgres(in: server)
    }
    // A logical database of its own for each run, so that a shared server's earlier runs do not count.
    let database = "replicas-" + UUID().uuidString.prefix(8).lowercased()

    // This process is replica 1; it starts replicas 2 and 3 as copies of itself.
    for index in 2...replicaCount {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: arguments[0])
        child.arguments = ["replica", "\(index)", conninfo, database, directory + "/files"]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        children.append((child, output))
    }
    var reports = [try await runReplica(1, conninfo: conninfo, database: database, directory: directory + "/files")]
    for (child, output) in children {
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        let lines = text.split(separator: "\n").map(String.init)
        for line in lines.dropLast() { say(line) }
        guard child.terminationStatus == 0, let report = lines.last else {
            throw ExampleError("a replica failed (exit status \(child.terminationStatus))")
        }
        reports.append(report)
    }
    for report in reports { say(report) }
    let digests = Set(reports.map { $0.split(separator: " ").last! })
    if digests.count == 1 {
        say("all \(replicaCount) replicas hold the same \(replicaCount * messagesPerReplica) messages")
        status = 0
    } else {
        say("the replicas differ")
    }
} catch {
    say("error: \(error)")
    for (child, _) in children where child.isRunning { child.terminate() }
}
if let server { try? stopPostgres(in: server) }
try? FileManager.default.removeItem(atPath: directory)
exit(status)
