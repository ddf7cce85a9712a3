import Foundation
import Glibc
import StrataCore
import StrataTestSupport
import Testing

/// Logical redo records (LogicalRecord.swift): a commit that only assigns single values of existing objects is logged
/// as its final values, a lap holds one kind of record, and the open after a crash replays the values on the
/// checkpoint as one commit numbered as the last record, however often it is cut.
@Suite("Logical redo records: commits that only assign values, logged as final values and replayed at open")
struct LogicalRedoTests {
    /// The columns of the model's one table: every scalar type the log assigns, and a list, which it does not.
    static let columns: [ColumnSpec] = [
        ColumnSpec(name: "count", type: .int, indexed: true),
        ColumnSpec(name: "name", type: .string, nullable: true, indexed: true),
        ColumnSpec(name: "ratio", type: .double),
        ColumnSpec(name: "flag", type: .bool),
        ColumnSpec(name: "when", type: .timestamp, nullable: true),
        ColumnSpec(name: "blob", type: .binary),
        ColumnSpec(name: "small", type: .float),
        ColumnSpec(name: "oid", type: .objectId, nullable: true),
        ColumnSpec(name: "uuid", type: .uuid),
        ColumnSpec(name: "tags", type: .int, collection: .list),
    ]

    /// A random value for `column`: null now and then where the column allows it.
    static func value(for column: ColumnSpec, _ random: inout SeededGenerator) -> Value {
        if column.nullable && Int.random(in: 0..<5, using: &random) == 0 { return .null }
        func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) } }
        switch (column.type, column.collection) {
        case (.int, .list): return .list((0..<Int.random(in: 0...3, using: &random)).map { .int(Int64($0)) })
        case (.int, _): return .int(Int64.random(in: -50...50, using: &random))
        case (.string, _): return .string(String(repeating: "s", count: Int.random(in: 0...40, using: &random)))
        case (.double, _): return .double(Double(Int.random(in: -1000...1000, using: &random)) / 8)
        case (.bool, _): return .bool(Bool.random(using: &random))
        case (.timestamp, _):
            return .timestamp(Timestamp(seconds: Int64.random(in: 0...1 << 40, using: &random), nanoseconds: 500))
        case (.binary, _): return .binary(bytes(Int.random(in: 0...20, using: &random)))
        case (.float, _): return .float(Float(Int.random(in: -100...100, using: &random)) / 4)
        case (.objectId, _): return .objectId(bytes(12))
        case (.uuid, _): return .uuid(bytes(16))
        default: preconditionFailure("no values for \(column.type)")
        }
    }

    /// A database of the model's table with `initial` objects, written through the redo log.
    struct Model {
        let database: Database
        let path: String
        let fs: FaultInjectingFileSystem
        let table: TableKey
        let keys: [ColumnKey]
        var objects: [ObjectKey: [Value]] = [:]
        /// The objects as the last assignment commit made them, whether or not it returned.
        var inFlight: [ObjectKey: [Value]]?

        init(in directory: TemporaryDirectory, initial: Int, _ random: inout SeededGenerator) async throws {
            path = directory.file("logical-\(UUID().uuidString).strata")
            fs = FaultInjectingFileSystem()
            database = try Database.open(path: path, options: .testing(fs, redoLog: true))
            let write = try await database.beginWrite()
            table = try write.createTable(named: "Item")
            var keys: [ColumnKey] = []
            for column in LogicalRedoTests.columns { keys.append(try write.addColumn(column, to: table)) }
            self.keys = keys
            try await write.commitSuspending()
            for _ in 0..<initial { try await insert(&random) }
        }

        mutating func insert(_ random: inout SeededGenerator) async throws {
            let write = try await database.beginWrite()
            let row = LogicalRedoTests.columns.map { LogicalRedoTests.value(for: $0, &random) }
            let key = try write.createObject(in: table, columns: keys, values: row)
            try await write.commitSuspending()
            objects[key] = row
        }

        mutating func delete(_ random: inout SeededGenerator) async throws {
            let key = objects.keys.sorted().randomElement(using: &random)!
            let write = try await database.beginWrite()
            try write.deleteObject(key, in: table)
            try await write.commitSuspending()
            objects[key] = nil
        }

        /// One commit assigning 1-4 random values (a list now and then, which logs images), the same one twice
        /// sometimes.
        mutating func assign(_ random: inout SeededGenerator, scalarsOnly: Bool) async throws {
            let write = try await database.beginWrite()
            var staged = objects
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let key = objects.keys.sorted().randomElement(using: &random)!
                let last = LogicalRedoTests.columns.count - (scalarsOnly ? 1 : 0)
                let position = Int.random(in: 0..<last, using: &random)
                let value = LogicalRedoTests.value(for: LogicalRedoTests.columns[position], &random)
                try write.set(value, of: keys[position], in: table, object: key)
                staged[key]![position] = value
            }
            inFlight = staged
            try await write.commitSuspending()
            objects = staged
        }

        /// Opens the files at `path` twice, as a user would, and checks each time that they verify, hold the model's
        /// objects and (when given) that their newest version is `version`.
        func checkReopened(_ path: String, version: Version?, _ context: String) throws {
            for attempt in 0..<2 {
                let reopened = try Database.openUnshared(path: path, options: DatabaseOptions())
                defer { reopened.close() }
                try reopened.verify()
                if let version { #expect(reopened.latestVersion == version, "\(context), open \(attempt): version") }
                try check(reopened, "\(context), open \(attempt)")
            }
        }

        /// Every object of the table in `other`, with its values in the model's column order.
        func state(of other: Database) throws -> [ObjectKey: [Value]] {
            let found = try other.beginRead().table(table)
            var state: [ObjectKey: [Value]] = [:]
            for key in try found.keys() { state[key] = try keys.map { try found.value(key, $0) } }
            return state
        }

        /// Checks that `database` holds exactly the model's objects.
        func check(_ other: Database, _ context: String) throws {
            let read = try other.beginRead()
            let found = try read.table(table)
            #expect(found.count == objects.count, "\(context): object count")
            for (key, row) in objects {
                for (position, column) in keys.enumerated() {
                    let value = try found.value(key, column)
                    #expect(value == row[position], "\(context): object \(key), column \(position)")
                }
            }
        }
    }

    @Test("a record round-trips a value of every scalar type and null; every shorter payload is refused")
    func roundTrip() async throws {
        var random = SeededGenerator(seed: 7)
        let model = try await Model(in: TemporaryDirectory(), initial: 0, &random)
        model.database.close()
        let table = model.table
        var assignments: [LogicalRecord.Assignment] = []
        for (position, column) in Self.columns.enumerated() where column.collection == .single {
            assignments.append(
                LogicalRecord.Assignment(
                    table: table,
                    column: ColumnKey(UInt32(position + 1)),
                    object: ObjectKey(Int64(position) * 1_000_003),
                    value: Self.value(for: column, &random)
                )
            )
        }
        assignments.append(.init(table: table, column: ColumnKey(2), object: ObjectKey(-4), value: .null))
        let record = LogicalRecord(assignments: assignments)
        let payload = record.encode()
        #expect(LogicalRecord.isLogical(payload))
        #expect(try LogicalRecord.decode(payload, path: "x") == record)
        for length in 0..<payload.count {
            #expect(throws: StorageError.self) { try LogicalRecord.decode(Array(payload.prefix(length)), path: "x") }
        }
        #expect(throws: StorageError.self) { try LogicalRecord.decode(payload + [0], path: "x") }
    }

    @Test(
        "random assignments, inserts and deletions, killed: each reopen replays every value at the last version",
        arguments: [1, 2, 3]
    )
    func replayMatchesModel(round: Int) async throws {
        let (seed, seeded) = seededGenerator("LogicalRedoTests round \(round)")
        var random = seeded
        let directory = TemporaryDirectory()
        var model = try await Model(in: directory, initial: 12, &random)
        for _ in 0..<(40 * round) {
            switch Int.random(in: 0..<12, using: &random) {
            case 0: try await model.insert(&random)
            case 1 where model.objects.count > 6: try await model.delete(&random)
            default: try await model.assign(&random, scalarsOnly: false)
            }
        }
        // The last commits only assign scalars: the ring ends with a lap of logical records.
        for _ in 0..<6 { try await model.assign(&random, scalarsOnly: true) }
        #expect(model.database.ringHoldsLogicalRecords == true, "seed \(seed)")
        let version = model.database.latestVersion
        #expect(try RedoLogTests.newestSlot(model.path).version < version, "no slot was written for the records")
        try model.check(model.database, "before the kill")

        let crashed = directory.file("crashed-\(round).strata")
        try model.fs.copyAfterKill(of: model.path, to: crashed)
        model.database.close()
        // Numbered as the last record, each time.
        try model.checkReopened(crashed, version: version, "seed \(seed)")
        #expect(try RedoLogTests.newestSlot(crashed).ring == nil, "the replay's slot names no ring")
    }

    @Test("a lap holds one kind: assignments after inserts checkpoint, and an insert after assignments does too")
    func oneKindPerLap() async throws {
        var random = SeededGenerator(seed: 11)
        let directory = TemporaryDirectory()
        var model = try await Model(in: directory, initial: 4, &random)
        defer { model.database.close() }
        #expect(model.database.ringHoldsLogicalRecords == false, "inserts log their images")
        let afterInserts = model.database.latestVersion
        // The first logical record cannot follow the images: its commit is the checkpoint that ends their lap.
        try await model.assign(&random, scalarsOnly: true)
        #expect(model.database.ringHoldsLogicalRecords == nil)
        #expect(try RedoLogTests.newestSlot(model.path).version == afterInserts + 1, "the images' lap checkpointed")
        try await model.assign(&random, scalarsOnly: true)
        #expect(model.database.ringHoldsLogicalRecords == true)
        #expect(try RedoLogTests.newestSlot(model.path).version == afterInserts + 1, "the next record appends")
        try await model.insert(&random)
        #expect(model.database.ringHoldsLogicalRecords == nil, "the insert checkpointed the logical lap")
        #expect(try RedoLogTests.newestSlot(model.path).version == model.database.latestVersion)
        try model.check(model.database, "after the laps")
    }

    @Test("a lap reuses its own space: the file stops growing, a version pinned in it reads whole, a kill replays")
    func lapReusesItsSpace() async throws {
        var random = SeededGenerator(seed: 5)
        let directory = TemporaryDirectory()
        var model = try await Model(in: directory, initial: 30, &random)
        for _ in 0..<40 { try await model.assign(&random, scalarsOnly: true) }
        let settled = model.database.spaceUsage.fileEnd
        for _ in 0..<300 { try await model.assign(&random, scalarsOnly: true) }
        #expect(model.database.ringHoldsLogicalRecords == true, "one lap all along")
        let grown = model.database.spaceUsage.fileEnd - settled
        // Each commit writes a few KB of nodes: 300 of them without reuse would add about a megabyte.
        #expect(grown < 64 << 10, "the file end grew by \(grown) bytes over 300 commits of one lap")

        // A version pinned in the lap keeps its nodes while later commits reuse the lap's other space.
        let pinned = try model.database.beginRead()
        let pinnedObjects = model.objects
        for _ in 0..<100 { try await model.assign(&random, scalarsOnly: true) }
        let table = try pinned.table(model.table)
        for (key, row) in pinnedObjects {
            for (position, column) in model.keys.enumerated() {
                #expect(try table.value(key, column) == row[position], "pinned object \(key), column \(position)")
            }
        }
        pinned.pin.release()
        for _ in 0..<100 { try await model.assign(&random, scalarsOnly: true) }
        try model.database.verify()
        try model.check(model.database, "after the lap")

        // Killed now, the whole lap is replayed on its checkpoint, whose nodes no reuse touched.
        let crashed = directory.file("crashed-lap.strata")
        try model.fs.copyAfterKill(of: model.path, to: crashed)
        let version = model.database.latestVersion
        model.database.close()
        try model.checkReopened(crashed, version: version, "after the lap's replay")
    }

    @Test("a poisoned writer still reading its lap keeps another opener from replaying over it, until it closes")
    func poisonedWriterStillReading() async throws {
        var random = SeededGenerator(seed: 13)
        let directory = TemporaryDirectory()
        var model = try await Model(in: directory, initial: 8, &random)
        for _ in 0..<6 { try await model.assign(&random, scalarsOnly: true) }
        #expect(model.database.ringHoldsLogicalRecords == true)
        model.fs.inject(.init(call: .sync, occurrence: model.fs.count(of: .sync), code: EIO))
        await #expect(throws: StorageError.self) { try await model.assign(&random, scalarsOnly: true) }
        #expect(model.database.poisonReason?.contains("redo log") == true)
        // The poisoned writer gave up the lock but still reads its newest version, whose nodes the lap placed in
        // space its checkpoint calls free: a logical replay by another opener would write over them.
        let reading = try model.database.beginRead()
        do {
            let other = try Database.openUnshared(path: model.path, options: DatabaseOptions())
            other.close()
            Issue.record("another opener replayed the log while the poisoned writer reads its lap")
        } catch let error as StorageError {
            #expect("\(error)".contains("still reading version"), "\(error)")
        }
        try model.check(model.database, "the poisoned writer's own view")
        reading.pin.release()
        model.database.close()
        try model.checkReopened(model.path, version: nil, "after the poisoned writer closed")
    }

    @Test("a cut at every I/O step of six logged assignment commits: the next open finds every acknowledged one")
    func cutDuringLoggedCommits() async throws {
        let (seed, _) = seededGenerator("LogicalRedoTests logged commits")
        let directory = TemporaryDirectory()
        var noise = SeededGenerator(seed: seed ^ 0x5A5A)
        var cut = 0
        var cases = 0
        while true {
            // The same commits every round (the same seed), the power going out one step later each time.
            var random = SeededGenerator(seed: seed)
            var model = try await Model(in: directory, initial: 6, &random)
            // The first assignment ends the inserts' lap (a checkpoint); the six after it are logged.
            try await model.assign(&random, scalarsOnly: true)
            let start = model.fs.steps
            model.fs.cutPower(atStep: cut)
            var acknowledged = 0
            for _ in 0..<6 {
                do {
                    try await model.assign(&random, scalarsOnly: true)
                    acknowledged += 1
                } catch {
                    break
                }
            }
            let used = model.fs.steps - start
            model.database.close()
            let crashed = try PowerLossTests.crashedCopy(
                of: model.path,
                model.fs,
                fateMode: 2,
                random: &noise,
                directory: directory
            )
            defer { PowerLossTests.remove(crashed, model.path) }
            for open in 0..<2 {
                let reopened = try Database.openUnshared(path: crashed, options: DatabaseOptions())
                defer { reopened.close() }
                try reopened.verify()
                let state = try model.state(of: reopened)
                // The commit in flight when the power went out may be found whole, or not at all.
                #expect(
                    state == model.objects || (acknowledged < 6 && state == model.inFlight),
                    "seed \(seed), cut at step \(cut), open \(open): \(acknowledged) commits acknowledged"
                )
            }
            cases += 1
            if acknowledged == 6 && used <= cut { break }
            cut += 1
        }
        #expect(cases >= 12, "each logged commit writes its nodes and its record and syncs the log")
        print("RELIABILITY|logical redo commits cut|\(cases)|every I/O step of 6 logged assignment commits")
    }

    @Test("a cut at every I/O step of the replay, unsynced writes kept, dropped or garbled: the next open replays it")
    func cutDuringReplay() async throws {
        let (seed, seeded) = seededGenerator("LogicalRedoTests cut")
        var random = seeded
        let directory = TemporaryDirectory()
        var model = try await Model(in: directory, initial: 8, &random)
        for _ in 0..<12 { try await model.assign(&random, scalarsOnly: true) }
        let version = model.database.latestVersion
        let crashed = directory.file("crashed.strata")
        try model.fs.copyAfterKill(of: model.path, to: crashed)
        model.database.close()
        let whole = try RecoveryPowerLossTests.recover(crashed, cut: nil, random: &random, directory: directory)
        #expect(whole.steps >= 3, "the replay writes its nodes and its slot, and syncs them (one-sync commit)")
        for cut in 0..<whole.steps {
            let (image, _) = try RecoveryPowerLossTests.recover(
                crashed,
                cut: cut,
                random: &random,
                directory: directory
            )
            defer { PowerLossTests.remove(image) }
            try model.checkReopened(image, version: version, "seed \(seed), cut \(cut)")
        }
        print("RELIABILITY|logical redo replay cut|\(whole.steps)|every I/O step of a replay of 12 records")
    }
}
