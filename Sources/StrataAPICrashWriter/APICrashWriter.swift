// StrataAPICrashWriter: the child process of the public-API crash and load tests.
//
// Usage: StrataAPICrashWriter PATH [FIRST-ID STRIDE [SECONDS]]
// Crash mode (PATH only): commits numbered write transactions through the Realm API forever, continuing
// from what PATH holds, and prints "ack N" (unbuffered) after transaction N returns. Transaction N:
//   - adds CrashItem N: label "item N" (an indexed property), values [N, 2N, 3N] (a list), previous = item
//     N - 1 (a link), note every 7th one long enough to need a blob;
//   - sets item N - 1's note to "next N" (an update);
//   - deletes item N - 20 when N is a multiple of 5 (deletes, nulled links, space reuse).
// Grouped crash mode (PATH --realms N): the same transactions from N realm actors at once, each numbering its
// transaction after the highest item in the file, so that their commits queue and share syncs (group commit);
// "ack N" lines may then come out of order.
// Load mode (FIRST-ID STRIDE SECONDS): adds items FIRST-ID, FIRST-ID + STRIDE, … one per transaction for
// SECONDS seconds, printing "ack N" after each; no deletes.
// Ping-pong mode (PATH --pingpong ROUNDS): a change stream over the items sorted by id; each time it
// delivers an odd item N (written by the other process), adds item N + 1 and prints "ack N+1"; exits once
// it has added item 2 × ROUNDS.
// The parent checks the file (APICrashTests.swift, LoadTests.swift).
// Interprocess modes (--ipc MODE PATH …): InterprocessChild.swift.

import Foundation
import Strata

/// The object the crash and load tests write.
final class CrashItem: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted(indexed: true) var label = ""
    @Persisted var values: List<Int>
    @Persisted var previous: CrashItem?
    @Persisted var note: String?

    /// Item `id`: label "item id", values [id, 2·id, 3·id].
    static func numbered(_ id: Int) -> CrashItem {
        let item = CrashItem()
        item.id = id
        item.label = "item \(id)"
        item.values.append(objectsIn: [id, 2 * id, 3 * id])
        return item
    }
}

@main
struct APICrashWriter {
    static func main() async {
        let arguments = CommandLine.arguments
        if arguments.count >= 2, arguments[1] == "--ipc" {
            return await reportingErrors { try await InterprocessChild.run(Array(arguments.dropFirst(2))) }
        }
        if arguments.count == 4, arguments[2] == "--pingpong", let rounds = Int(arguments[3]) {
            return await reportingErrors { try await pingPong(path: arguments[1], rounds: rounds) }
        }
        if arguments.count == 4, arguments[2] == "--realms", let count = Int(arguments[3]) {
            return await reportingErrors { try await crashLoop(path: arguments[1], realms: count) }
        }
        guard arguments.count == 2 || arguments.count == 5 else {
            FileHandle.standardError.write(Data("usage: StrataAPICrashWriter PATH [FIRST-ID STRIDE SECONDS]\n".utf8))
            exit(2)
        }
        await reportingErrors {
            let configuration = Realm.Configuration(
                fileURL: URL(fileURLWithPath: arguments[1]),
                objectTypes: [CrashItem.self]
            )
            let realm = try await Realm(configuration: configuration)
            if arguments.count == 5, let first = Int(arguments[2]), let stride = Int(arguments[3]),
                let seconds = Double(arguments[4])
            {
                try await load(realm, first: first, stride: stride, seconds: seconds)
            } else {
                try await crashLoop(realm)
            }
        }
    }

    /// Runs a mode; an error it throws goes to standard error and exits with status 1.
    static func reportingErrors(_ body: @Sendable () async throws -> Void) async {
        do {
            try await body()
        } catch {
            FileHandle.standardError.write(Data("StrataAPICrashWriter: \(error)\n".utf8))
            exit(1)
        }
    }

    static func crashLoop(_ realm: Realm) async throws {
        var next = await realm.read { realm in (realm.objects(CrashItem.self).max(ofProperty: "id") as Int?) ?? 0 } + 1
        while true {
            let number = next
            try await realm.write { realm in try writeItem(number, in: realm) }
            acknowledge(number)
            next += 1
        }
    }

    /// Grouped crash mode: `count` realms of the file write the next item at once, in a loop.
    static func crashLoop(path: String, realms count: Int) async throws {
        let configuration = Realm.Configuration(fileURL: URL(fileURLWithPath: path), objectTypes: [CrashItem.self])
        var realms: [Realm] = []
        for _ in 0..<count { realms.append(try await Realm(configuration: configuration)) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for realm in realms {
                group.addTask {
                    while true {
                        let number = try await realm.write { realm -> Int in
                            let number = ((realm.objects(CrashItem.self).max(ofProperty: "id") as Int?) ?? 0) + 1
                            try writeItem(number, in: realm)
                            return number
                        }
                        acknowledge(number)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Ping-pong mode: answers each odd item another process adds, seen through a change stream, with the
    /// next even one.
    static func pingPong(path: String, rounds: Int) async throws {
        let configuration = Realm.Configuration(fileURL: URL(fileURLWithPath: path), objectTypes: [CrashItem.self])
        let realm = try await Realm(configuration: configuration)
        let stream = await realm.read { realm in realm.objects(CrashItem.self).sorted(byKeyPath: "id").changes() }
        var answered = 0
        for await change in stream {
            let ids: [Int]
            switch change {
            case .initial(let items): ids = items.map(\.id)
            case .update(let items, _, let insertions, _): ids = insertions.map { items[$0].id }
            case .error(let error): throw error
            }
            for id in ids where id % 2 == 1 && id + 1 > answered {
                try await realm.write { realm in try realm.add(CrashItem.numbered(id + 1)) }
                acknowledge(id + 1)
                answered = id + 1
            }
            if answered >= 2 * rounds { return }
        }
    }

    /// Transaction `number` of the crash loop (see the file comment).
    static func writeItem(_ number: Int, in realm: isolated Realm) throws {
        let item = CrashItem.numbered(number)
        if number % 7 == 0 { item.note = String(repeating: "n", count: 3000) }
        if let previous = realm.object(ofType: CrashItem.self, forPrimaryKey: number - 1) {
            item.previous = previous
            previous.note = "next \(number)"
        }
        try realm.add(item)
        if number % 5 == 0, let old = realm.object(ofType: CrashItem.self, forPrimaryKey: number - 20) {
            try realm.delete(old)
        }
    }

    static func load(_ realm: Realm, first: Int, stride: Int, seconds: Double) async throws {
        let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var number = first
        while ContinuousClock.now < end {
            let id = number
            try await realm.write { realm in try realm.add(CrashItem.numbered(id)) }
            acknowledge(id)
            number += stride
        }
    }

    /// Writes "ack N" straight to standard output, so it is out before the next transaction starts.
    static func acknowledge(_ number: Int) {
        let line = Array("ack \(number)\n".utf8)
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
