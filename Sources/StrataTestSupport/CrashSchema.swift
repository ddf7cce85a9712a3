// CrashSchema.swift: the schema the crash tests' child writes, and the check the parent runs after a kill.
//
// Part of StrataTestSupport (not the engine): the crash writer (StrataCrashWriter) and the crash, power-loss,
// fault-injection, damaged-file and compaction tests all write or check this one schema, so they agree.
//
// Counter { number: Int (unique index), payload: String }, Log { entries: [Counter] }, Meta { last: Int }.
// After transaction N: Counter numbers are exactly 1...N minus every multiple-of-5 M's victim M - 20,
// Log.entries links each live Counter once, and Meta.last == N.

#if canImport(StrataCore)
    import StrataCore
#endif

/// The crash tests' schema (shared by the child process and the test so both agree).
package struct CrashSchema: Sendable {
    package var counter: TableKey
    package var number: ColumnKey
    package var payload: ColumnKey
    package var log: TableKey
    package var entries: ColumnKey
    package var meta: TableKey
    package var last: ColumnKey

    /// Creates the schema if the file is new; returns its keys.
    package static func prepare(_ database: Database) async throws -> CrashSchema {
        if let schema = try? find(database.beginRead()) { return schema }
        let write = try await database.beginWrite()
        let counter = try write.createTable(named: "Counter")
        let number = try write.addColumn(ColumnSpec(name: "number", type: .int, unique: true), to: counter)
        let payload = try write.addColumn(ColumnSpec(name: "payload", type: .string), to: counter)
        let log = try write.createTable(named: "Log")
        let entries = try write.addColumn(
            ColumnSpec(name: "entries", type: .link, collection: .list, linkTable: counter),
            to: log
        )
        try write.createObject(in: log)
        let meta = try write.createTable(named: "Meta")
        let last = try write.addColumn(ColumnSpec(name: "last", type: .int), to: meta)
        try write.createObject(in: meta, values: [last: .int(0)])
        try write.commit()
        return CrashSchema(
            counter: counter,
            number: number,
            payload: payload,
            log: log,
            entries: entries,
            meta: meta,
            last: last
        )
    }

    /// The schema's keys in an existing file.
    package static func find(_ read: any TransactionReading) throws -> CrashSchema {
        guard let counter = try read.table(named: "Counter"), let log = try read.table(named: "Log"),
            let meta = try read.table(named: "Meta")
        else { throw StorageError.schema("the crash schema is missing") }
        return CrashSchema(
            counter: counter.key,
            number: try counter.column(named: "number").key,
            payload: try counter.column(named: "payload").key,
            log: log.key,
            entries: try log.column(named: "entries").key,
            meta: meta.key,
            last: try meta.column(named: "last").key
        )
    }

    /// Commits transaction `number` (see the file comment for what it does), suspending until it is durable.
    package func commitTransaction(_ number: Int64, to database: Database) async throws {
        let write = try await database.beginWrite()
        try await commit(number, in: write)
    }

    /// Commits the transaction after the last one in the file (read inside the write transaction, so any
    /// number of tasks may call it at once: their commits queue and share syncs); returns its number.
    @discardableResult
    package func commitNextTransaction(to database: Database) async throws -> Int64 {
        let write = try await database.beginWrite()
        let metaTable = try write.table(meta)
        guard case .int(let last) = try metaTable.value(try metaTable.key(atPosition: 0), self.last) else {
            throw StorageError.corrupt("Meta.last is not an integer")
        }
        try await commit(last + 1, in: write)
        return last + 1
    }

    private func commit(_ number: Int64, in write: WriteTransaction) async throws {
        let payloadLength = number % 7 == 0 ? 3_000 : Int(number % 50)
        let object = try write.createObject(
            in: counter,
            values: [self.number: .int(number), payload: .string(String(repeating: "p", count: payloadLength))]
        )
        let logTable = try write.table(log)
        let logObject = try logTable.key(atPosition: 0)
        guard case .list(var linked) = try logTable.value(logObject, entries) else {
            throw StorageError.corrupt("Log.entries is not a list")
        }
        linked.append(.link(object))
        if number % 5 == 0, let old = try write.table(counter).find(self.number, equalTo: .int(number - 20)).first {
            try write.deleteObject(old, in: counter)
            linked.removeAll { $0 == .link(old) }
        }
        try write.set(.list(linked), of: entries, in: log, object: logObject)
        let metaTable = try write.table(meta)
        try write.set(.int(number), of: last, in: meta, object: try metaTable.key(atPosition: 0))
        try await write.commitSuspending()
    }

    /// The last committed transaction number (0 if none).
    package func lastCommitted(_ database: Database) throws -> Int64 {
        try lastCommitted(in: try database.beginRead())
    }

    /// The last transaction number the version `read` reads committed (0 if none).
    package func lastCommitted(in read: ReadTransaction) throws -> Int64 {
        let meta = try read.table(self.meta)
        guard case .int(let value) = try meta.value(try meta.key(atPosition: 0), last) else {
            throw StorageError.corrupt("Meta.last is not an integer")
        }
        return value
    }

    /// Checks that the file holds exactly the state after transaction `Meta.last`; returns that number.
    package func check(_ database: Database) throws -> Int64 {
        try check(try database.beginRead())
    }

    /// Checks that the version `read` reads holds exactly the state after transaction `Meta.last`; returns that
    /// number.
    package func check(_ read: ReadTransaction) throws -> Int64 {
        let last = try lastCommitted(in: read)
        let counter = try read.table(self.counter)
        // Transaction n adds Counter n and every fifth deletes one, so `last` is below twice the count; a
        // damaged number beyond that must not make the check allocate without bound.
        guard last >= 0, last <= Int64(min(counter.count, 1 << 24)) * 2 + 100 else {
            throw StorageError.corrupt("Meta.last \(last) does not fit \(counter.count) Counter objects")
        }
        var expected = Set<Int64>(last > 0 ? Array(1...last) : [])
        for multiple in stride(from: 5, through: last, by: 5) { expected.remove(multiple - 20) }
        var found = Set<Int64>()
        for key in try counter.keys() {
            guard case .int(let value) = try counter.value(key, number), value > 0, found.insert(value).inserted else {
                throw StorageError.corrupt("a Counter number is missing, not positive or repeated")
            }
            let payloadValue = try counter.value(key, payload)
            let length = value % 7 == 0 ? 3_000 : Int(value % 50)
            guard payloadValue == .string(String(repeating: "p", count: length)) else {
                throw StorageError.corrupt("Counter \(value) has the wrong payload")
            }
        }
        guard found == expected else {
            throw StorageError.corrupt(
                "after transaction \(last) the Counter numbers differ: \(found.symmetricDifference(expected).sorted())"
            )
        }
        let log = try read.table(self.log)
        guard case .list(let linked) = try log.value(try log.key(atPosition: 0), entries), linked.count == found.count
        else {
            throw StorageError.corrupt("Log.entries does not link every Counter once")
        }
        return last
    }
}
