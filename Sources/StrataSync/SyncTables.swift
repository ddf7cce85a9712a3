import Foundation
import StrataCore

/// The hidden tables replication keeps in the file it replicates (`__strata_sync_…`): invisible to models,
/// migrations, `Realm.schema`, `isEmpty` and the tool's `export`, and left out of a copy of the file.
///
/// - `__strata_sync_client`: one row, the file's client identity (a UUID), the logical database it belongs to, the
///   next outbox sequence number, the hybrid logical clock and the download cursor (a hub version, never a Strata
///   version: compaction restarts those).
/// - `__strata_sync_outbox`: one row per local commit of a synced class, written in that commit: its sequence
///   number and its entries, already in the form the hub's `strata.push` takes. Deleted once acknowledged.
/// - `__strata_sync_lives`: the causal length (life) this file last knew of each synced object: odd alive, even
///   deleted.
/// - `__strata_sync_subscriptions`: the subscriptions, by name, each with whether its class's download finished
///   (an unfinished one starts again when replication starts).
/// - `__strata_sync_set_aside`: outbox rows the hub refused (or of a class that stopped syncing), with the error:
///   kept, never pushed again, never blocking the rest.
///
/// Every write to these tables other than the outbox entry of a local commit is made in a transaction marked
/// applied-by-sync, so that the commit hook does not record it.
enum SyncTables {
    static let client = Database.replicationMarkerTable
    static let outbox = "__strata_sync_outbox"
    static let lives = "__strata_sync_lives"
    static let subscriptions = "__strata_sync_subscriptions"
    static let setAside = "__strata_sync_set_aside"

    /// The client row.
    struct ClientRow: Sendable, Equatable {
        var id: String
        var database: String
        var nextSequence: Int64
        var clock: Int64
        var cursor: Int64
    }

    /// Creates the tables that are missing, and the client row with a new identity when there is none.
    static func ensure(in write: WriteTransaction, database name: String) throws -> ClientRow {
        if try write.table(named: client) == nil {
            let key = try write.createTable(named: client)
            for column in ["id", "database"] { try write.addColumn(ColumnSpec(name: column, type: .string), to: key) }
            for column in ["nextSequence", "clock", "cursor"] {
                try write.addColumn(ColumnSpec(name: column, type: .int), to: key)
            }
        }
        if try write.table(named: outbox) == nil {
            let key = try write.createTable(named: outbox)
            try write.addColumn(ColumnSpec(name: "sequence", type: .int, unique: true), to: key)
            try write.addColumn(ColumnSpec(name: "entries", type: .binary), to: key)
        }
        if try write.table(named: lives) == nil {
            let key = try write.createTable(named: lives)
            try write.addColumn(ColumnSpec(name: "object", type: .string, unique: true), to: key)
            try write.addColumn(ColumnSpec(name: "life", type: .int), to: key)
        }
        if try write.table(named: subscriptions) == nil {
            let key = try write.createTable(named: subscriptions)
            try write.addColumn(ColumnSpec(name: "name", type: .string, unique: true), to: key)
            try write.addColumn(ColumnSpec(name: "className", type: .string), to: key)
            try write.addColumn(ColumnSpec(name: "query", type: .string), to: key)
            try write.addColumn(ColumnSpec(name: "complete", type: .bool), to: key)
        }
        if try write.table(named: setAside) == nil {
            let key = try write.createTable(named: setAside)
            try write.addColumn(ColumnSpec(name: "sequence", type: .int), to: key)
            try write.addColumn(ColumnSpec(name: "entries", type: .binary), to: key)
            try write.addColumn(ColumnSpec(name: "error", type: .string), to: key)
        }
        if let row = try clientRow(write) {
            guard row.database == name else {
                throw SyncError.invalidConfiguration(
                    "this file replicates the logical database \"\(row.database)\", not \"\(name)\""
                )
            }
            return row
        }
        let row = ClientRow(id: UUID().uuidString.lowercased(), database: name, nextSequence: 1, clock: 0, cursor: 0)
        try setClientRow(row, in: write)
        return row
    }

    /// The client row, or nil in a file that was never replicated.
    static func clientRow(_ reading: any TransactionReading) throws -> ClientRow? {
        guard let table = try reading.table(named: client), let key = try table.keys().first else { return nil }
        let values = try table.row(key)
        guard values.count == 5, case .string(let id) = values[0], case .string(let database) = values[1],
            case .int(let next) = values[2], case .int(let clock) = values[3], case .int(let cursor) = values[4]
        else { throw SyncError.invalidConfiguration("the file's replication state is damaged") }
        return ClientRow(id: id, database: database, nextSequence: next, clock: clock, cursor: cursor)
    }

    /// Writes the client row.
    static func setClientRow(_ row: ClientRow, in write: WriteTransaction) throws {
        guard let table = try write.table(named: client) else { return }
        let values: [Value] = [
            .string(row.id), .string(row.database), .int(row.nextSequence), .int(row.clock), .int(row.cursor),
        ]
        if let key = try table.keys().first {
            let old = try table.row(key)
            for (index, column) in table.spec.columns.enumerated() where old[index] != values[index] {
                try write.set(values[index], of: column.key, in: table.key, object: key)
            }
        } else {
            try write.createObject(in: table.key, row: values.map { $0 })
        }
    }

    // MARK: Outbox

    /// Appends one outbox row.
    static func appendOutbox(sequence: Int64, entries: [UInt8], in write: WriteTransaction) throws {
        guard let table = try write.table(named: outbox) else { return }
        try write.createObject(in: table.key, row: [.int(sequence), .binary(entries)])
    }

    /// The oldest outbox rows, in sequence order, up to about `byteLimit` bytes (at least one row).
    static func pendingOutbox(_ reading: any TransactionReading, byteLimit: Int) throws -> [(Int64, [UInt8])] {
        guard let table = try reading.table(named: outbox) else { return [] }
        var rows: [(Int64, [UInt8])] = []
        var bytes = 0
        for key in try table.keys() {
            let values = try table.row(key)
            guard case .int(let sequence) = values[0], case .binary(let entries) = values[1] else { continue }
            rows.append((sequence, entries))
        }
        rows.sort { $0.0 < $1.0 }
        var taken: [(Int64, [UInt8])] = []
        for row in rows {
            if !taken.isEmpty && bytes + row.1.count > byteLimit { break }
            taken.append(row)
            bytes += row.1.count
        }
        return taken
    }

    /// Deletes the outbox rows with a sequence number up to `sequence`.
    static func deleteOutbox(through sequence: Int64, in write: WriteTransaction) throws {
        guard let table = try write.table(named: outbox) else { return }
        let column = table.spec.columns[0].key
        for key in try table.keys() {
            if case .int(let value) = try table.value(key, column), value <= sequence {
                try write.deleteObject(key, in: table.key)
            }
        }
    }

    /// Keeps an outbox row the hub refused, with the error.
    static func setAside(sequence: Int64, entries: [UInt8], error: String, in write: WriteTransaction) throws {
        guard let table = try write.table(named: setAside) else { return }
        try write.createObject(in: table.key, row: [.int(sequence), .binary(entries), .string(error)])
    }

    /// The outbox rows set aside, with their errors.
    static func setAsideRows(_ reading: any TransactionReading) throws -> [(sequence: Int64, error: String)] {
        guard let table = try reading.table(named: setAside) else { return [] }
        return try table.keys().compactMap { key in
            let values = try table.row(key)
            guard case .int(let sequence) = values[0], case .string(let error) = values[2] else { return nil }
            return (sequence, error)
        }
    }

    // MARK: Lives

    /// The key of an object in the lives table.
    static func lifeKey(className: String, primaryKey: [UInt8]) -> String {
        className + "\u{1}" + Hex.encode(primaryKey)
    }

    /// The life this file last knew of an object (0: never seen).
    static func life(of object: String, _ reading: any TransactionReading) throws -> Int64 {
        guard let table = try reading.table(named: lives),
            let key = try table.firstObject(table.spec.columns[0].key, equalTo: .string(object)),
            case .int(let life) = try table.value(key, table.spec.columns[1].key)
        else { return 0 }
        return life
    }

    /// Records the life of an object.
    static func setLife(_ life: Int64, of object: String, in write: WriteTransaction) throws {
        guard let table = try write.table(named: lives) else { return }
        let lifeColumn = table.spec.columns[1].key
        if let key = try table.firstObject(table.spec.columns[0].key, equalTo: .string(object)) {
            if try table.value(key, lifeColumn) != .int(life) {
                try write.set(.int(life), of: lifeColumn, in: table.key, object: key)
            }
        } else {
            try write.createObject(in: table.key, row: [.string(object), .int(life)])
        }
    }

    /// Forgets the lives of every object of a class (its subscription ended).
    static func forgetLives(className: String, in write: WriteTransaction) throws {
        guard let table = try write.table(named: lives) else { return }
        let prefix = className + "\u{1}"
        let column = table.spec.columns[0].key
        for key in try table.keys() {
            if case .string(let object) = try table.value(key, column), object.hasPrefix(prefix) {
                try write.deleteObject(key, in: table.key)
            }
        }
    }

    // MARK: Subscriptions

    /// A stored subscription.
    struct StoredSubscription: Sendable, Equatable {
        var name: String
        var className: String
        var query: String
        var complete = false
    }

    /// Every stored subscription.
    static func subscriptions(_ reading: any TransactionReading) throws -> [StoredSubscription] {
        guard let table = try reading.table(named: subscriptions) else { return [] }
        return try table.keys().compactMap { key in
            let values = try table.row(key)
            guard case .string(let name) = values[0], case .string(let className) = values[1],
                case .string(let query) = values[2], case .bool(let complete) = values[3]
            else { return nil }
            return StoredSubscription(name: name, className: className, query: query, complete: complete)
        }
    }

    /// Stores (or replaces) a subscription.
    static func store(_ subscription: StoredSubscription, in write: WriteTransaction) throws {
        guard let table = try write.table(named: subscriptions) else { return }
        if let key = try table.firstObject(table.spec.columns[0].key, equalTo: .string(subscription.name)) {
            try write.deleteObject(key, in: table.key)
        }
        try write.createObject(
            in: table.key,
            row: [
                .string(subscription.name), .string(subscription.className), .string(subscription.query),
                .bool(subscription.complete),
            ]
        )
    }

    /// Records that the download of `className`'s objects finished, for every subscription of it.
    static func markComplete(className: String, in write: WriteTransaction) throws {
        guard let table = try write.table(named: subscriptions) else { return }
        let classColumn = table.spec.columns[1].key
        let completeColumn = table.spec.columns[3].key
        for key in try table.keys() where try table.value(key, classColumn) == .string(className) {
            if try table.value(key, completeColumn) != .bool(true) {
                try write.set(.bool(true), of: completeColumn, in: table.key, object: key)
            }
        }
    }

    /// Removes a subscription.
    static func removeSubscription(named name: String, in write: WriteTransaction) throws {
        guard let table = try write.table(named: subscriptions),
            let key = try table.firstObject(table.spec.columns[0].key, equalTo: .string(name))
        else { return }
        try write.deleteObject(key, in: table.key)
    }
}
