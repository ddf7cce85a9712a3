// InterprocessChild.swift: the child process of the interprocess tests (InterprocessObjCPortTests.swift).
//
// Usage: StrataAPICrashWriter --ipc MODE PATH [ARGUMENT]
// Each mode opens PATH with the models [IPCInt, IPCDouble] (unless it says otherwise), does one scripted thing,
// prints what it saw as "key value" lines straight to standard output (unbuffered, so a line is out before the
// next step starts) and exits with status 0; an error goes to standard error with status 1. Where a mode waits
// for the parent, it reads one line from standard input (end of input counts as the line).
//   add             adds an IPCInt (intCol 0); prints "count N" after the commit
//   count           prints "count N", the IPCInt objects it reads
//   same            sets the first IPCInt's intCol to the value it has; prints "set N", that value, after the commit
//   read-then-write prints "count N", then in a write transaction "write-saw N" (the IPCInt objects the write
//                   began with) and adds an IPCInt
//   crash-in-write  begins a write, adds an IPCInt, prints "in-write" and exits with status 1 without committing
//   compact         opens with shouldCompactOnLaunch answering true; prints "size-before N", "size-after N"
//                   (the file's bytes around the open), "called B" and "empty B"
//   hold            prints "open", waits for the parent, exits
//   workers STOP    prints "ready", waits for the parent, then in write transactions until the counter (the first
//                   IPCInt) is STOP: increments it, adds two IPCDouble of its value and deletes one of the smallest;
//                   prints "commits N", how many it made
//   bounce STOP     makes the counter odd whenever it is even (the parent makes it even again), woken by
//                   realm.changes(), until it reaches STOP; prints "commits N"
//   subset          opens with [IPCString] only; prints "classes NAMES" (its schema) and, after adding an
//                   IPCString, "strings N"
//   outdated        opens with [IPCInt] only and autorefresh off, adds an IPCInt (intCol 1) and prints "ready";
//                   once its change stream says refreshRequired (the parent migrated the file), prints "refreshed B"
//                   (what refresh() answered), "begin-write ok" or "begin-write threw", and "value N" (the first
//                   IPCInt's intCol as it reads it then)
//   memory          PATH is an in-memory identifier: prints "count N", adds an IPCInt, prints "count N" again
//   migrate         opens PATH with IPCInt's intCol changed to a Float at schema version 1 (a migration that
//                   retypes the property) and prints "count N", the IPCInt objects it reads then
//   widen           opens PATH with a String property added to IPCInt at schema version 1 (a migration that only
//                   adds) and prints "count N"

import Foundation
import Strata
import Synchronization

/// The interprocess tests' child modes (see the file comment).
enum InterprocessChild {
    /// Runs the mode `arguments[0]` on `arguments[1]`; exits the process with status 2 on a usage error.
    static func run(_ arguments: [String]) async throws {
        guard arguments.count >= 2 else { usage() }
        let mode = arguments[0]
        let path = arguments[1]
        let number = arguments.count > 2 ? Int(arguments[2]) : nil
        let configuration = Realm.Configuration(
            fileURL: URL(fileURLWithPath: path),
            objectTypes: [IPCInt.self, IPCDouble.self]
        )
        switch mode {
        case "add":
            let realm = try await Realm(configuration: configuration)
            let count = try await realm.write { realm -> Int in
                try realm.add(IPCInt())
                return realm.objects(IPCInt.self).count
            }
            say("count \(count)")
        case "same":
            let realm = try await Realm(configuration: configuration)
            let value = try await realm.write { realm -> Int in
                guard let first = realm.objects(IPCInt.self).first else { return -1 }
                let value = first.intCol
                first.intCol = value
                return value
            }
            say("set \(value)")
        case "count":
            let realm = try await Realm(configuration: configuration)
            say("count \(await realm.read { realm in realm.objects(IPCInt.self).count })")
        case "read-then-write":
            let realm = try await Realm(configuration: configuration)
            say("count \(await realm.read { realm in realm.objects(IPCInt.self).count })")
            let before = try await realm.write { realm -> Int in
                let before = realm.objects(IPCInt.self).count
                try realm.add(IPCInt())
                return before
            }
            say("write-saw \(before)")
        case "crash-in-write":
            let realm = try await Realm(configuration: configuration)
            try await realm.beginWrite()
            try await realm.read { realm in try realm.add(IPCInt()) }
            say("in-write")
            _exit(1)
        case "compact":
            try await compact(configuration)
        case "hold":
            let realm = try await Realm(configuration: configuration)
            say("open")
            _ = readLine()
            await realm.close()
        case "workers":
            guard let stop = number else { usage() }
            try await workers(configuration, stop: stop)
        case "bounce":
            guard let stop = number else { usage() }
            try await bounce(configuration, stop: stop)
        case "subset":
            let realm = try await Realm(
                configuration: Realm.Configuration(fileURL: URL(fileURLWithPath: path), objectTypes: [IPCString.self])
            )
            say("classes \(await realm.schema.objectSchema.map(\.className).joined(separator: ","))")
            let strings = try await realm.write { realm -> Int in
                try realm.add(IPCString())
                return realm.objects(IPCString.self).count
            }
            say("strings \(strings)")
        case "outdated":
            try await outdated(Realm.Configuration(fileURL: URL(fileURLWithPath: path), objectTypes: [IPCInt.self]))
        case "migrate":
            let realm = try await Realm(
                configuration: Realm.Configuration(
                    fileURL: URL(fileURLWithPath: path),
                    schemaVersion: 1,
                    objectTypes: [IPCMigrated.IPCInt.self]
                )
            )
            say("count \(await realm.read { realm in realm.objects(IPCMigrated.IPCInt.self).count })")
        case "widen":
            let realm = try await Realm(
                configuration: Realm.Configuration(
                    fileURL: URL(fileURLWithPath: path),
                    schemaVersion: 1,
                    objectTypes: [IPCWidened.IPCInt.self]
                )
            )
            say("count \(await realm.read { realm in realm.objects(IPCWidened.IPCInt.self).count })")
        case "memory":
            let realm = try await Realm(
                configuration: Realm.Configuration(
                    inMemoryIdentifier: path,
                    objectTypes: [IPCInt.self, IPCDouble.self]
                )
            )
            say("count \(await realm.read { realm in realm.objects(IPCInt.self).count })")
            let count = try await realm.write { realm -> Int in
                try realm.add(IPCInt())
                return realm.objects(IPCInt.self).count
            }
            say("count \(count)")
        default:
            usage()
        }
    }

    /// Opens with compaction asked for, reporting the file's size around the open and what the open did.
    static func compact(_ base: Realm.Configuration) async throws {
        let called = Flag()
        var configuration = base
        configuration.shouldCompactOnLaunch = { _, _ in
            called.set()
            return true
        }
        let path = configuration.fileURL!.path
        let before = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? -1
        let realm = try await Realm(configuration: configuration)
        let after = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? -1
        say("size-before \(before)")
        say("size-after \(after)")
        say("called \(called.isSet)")
        say("empty \(await realm.isEmpty)")
    }

    /// Holds a realm of the file's old schema while another process migrates it, then reports what refreshing,
    /// writing and reading do.
    static func outdated(_ configuration: Realm.Configuration) async throws {
        let realm = try await Realm(configuration: configuration)
        let events = await realm.read { realm in
            realm.autorefresh = false
            return realm.changes()
        }
        try await realm.write { realm in try realm.add(IPCInt(value: ["intCol": 1])) }
        say("ready")
        // This realm's own commit comes first (didChange); the migration then makes a newer version it does not
        // take up by itself.
        for await event in events where event == .refreshRequired { break }
        say("refreshed \(await realm.refresh())")
        do {
            try await realm.beginWrite()
            say("begin-write ok")
            await realm.cancelWrite()
        } catch {
            say("begin-write threw")
        }
        say("value \(await realm.read { realm in realm.objects(IPCInt.self).first?.intCol ?? -1 })")
    }

    /// One of several processes that take turns incrementing the counter until it reaches `stop`.
    static func workers(_ configuration: Realm.Configuration, stop: Int) async throws {
        let realm = try await Realm(configuration: configuration)
        say("ready")
        _ = readLine()
        var commits = 0
        while true {
            let committed = try await realm.write { realm -> Bool in
                guard let counter = realm.objects(IPCInt.self).first, counter.intCol < stop else { return false }
                counter.intCol += 1
                let value = Double(counter.intCol)
                try realm.add([IPCDouble(value: ["doubleCol": value]), IPCDouble(value: ["doubleCol": value])])
                if let smallest = realm.objects(IPCDouble.self).sorted(byKeyPath: "doubleCol").first {
                    try realm.delete(smallest)
                }
                return true
            }
            guard committed else { break }
            commits += 1
        }
        say("commits \(commits)")
    }

    /// Answers each even value of the counter with the next odd one, woken by the realm's own change events.
    static func bounce(_ configuration: Realm.Configuration, stop: Int) async throws {
        let realm = try await Realm(configuration: configuration)
        let events = await realm.read { realm in realm.changes() }
        var commits = 0
        /// Increments the counter if it is still even and below `stop`; returns whether it did.
        func answer() async throws -> Bool {
            try await realm.write { realm in
                guard let counter = realm.objects(IPCInt.self).first, counter.intCol % 2 == 0, counter.intCol < stop
                else { return false }
                counter.intCol += 1
                return true
            }
        }
        func value() async -> Int { await realm.read { realm in realm.objects(IPCInt.self).first?.intCol ?? 0 } }
        if await value() % 2 == 0, try await answer() { commits += 1 }
        for await _ in events {
            let current = await value()
            if current >= stop { break }
            if current % 2 == 0, try await answer() { commits += 1 }
        }
        say("commits \(commits)")
    }

    /// Writes `line` and a newline straight to standard output.
    static func say(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { write(1, $0.baseAddress! + written, bytes.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                return
            }
            written += result
        }
    }

    static func usage() -> Never {
        FileHandle.standardError.write(Data("usage: StrataAPICrashWriter --ipc MODE PATH [NUMBER]\n".utf8))
        exit(2)
    }
}

/// A flag set once from a `shouldCompactOnLaunch` block (any thread) and read after the open.
private final class Flag: Sendable {
    private let state = Mutex(false)

    func set() { state.withLock { $0 = true } }

    var isSet: Bool { state.withLock { $0 } }
}
