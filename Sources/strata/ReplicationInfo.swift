// ReplicationInfo.swift: the "Replication" section of `strata info FILE`: the sync state StrataSync keeps in the
// file's hidden tables, read through the engine like any other table.
//
// Tables read (StrataSync creates them; the engine refuses a local commit to a file holding the first one unless
// the replicator is attached, see Sources/StrataCore/Transaction/CommitHook.swift):
//   __strata_sync_client          one row: id, database, nextSequence, clock, cursor
//   __strata_sync_outbox          sequence, entries (JSON array, binary): rows the hub has not acknowledged
//   __strata_sync_set_aside       sequence, entries, error: rows the hub refused
//   __strata_sync_subscriptions   name (unnamed: U+0000 "unnamed:" …), className, query
// Columns are found by name, not position. A value of the wrong type is reported as a failure (exit 1) naming the
// table, column and object key: the section never guesses.

import StrataCore

/// The sync state of a replicated file, or none for a file that has never been replicated.
struct ReplicationInfo {
    struct Client {
        var id: String
        var database: String
        var nextSequence: Int64
        var clock: Int64
        var cursor: Int64
    }

    struct Subscription {
        /// Nil for an unnamed subscription.
        var name: String?
        var className: String
        var query: String
    }

    static let clientTable = Database.replicationMarkerTable
    static let outboxTable = "__strata_sync_outbox"
    static let setAsideTable = "__strata_sync_set_aside"
    static let subscriptionsTable = "__strata_sync_subscriptions"
    /// How an unnamed subscription's stored name starts.
    static let unnamedPrefix = "\u{0}unnamed:"

    /// The client row (nil when the table holds none).
    var client: Client?
    /// The pending outbox rows, by sequence: each one's sequence and the size of its entries.
    var outbox: [(sequence: Int64, bytes: Int)] = []
    /// The refused rows, by sequence.
    var setAside: [(sequence: Int64, error: String)] = []
    /// Named subscriptions by name, then unnamed ones in the order they were made.
    var subscriptions: [Subscription] = []

    /// Reads the hidden tables of `read`; nil when the file has no `__strata_sync_client` table.
    static func read(_ read: ReadTransaction) throws -> ReplicationInfo? {
        guard let clientRows = try Rows(read, clientTable) else { return nil }
        var info = ReplicationInfo()
        if let key = clientRows.keys.first {
            info.client = Client(
                id: try clientRows.string(key, "id"),
                database: try clientRows.string(key, "database"),
                nextSequence: try clientRows.int(key, "nextSequence"),
                clock: try clientRows.int(key, "clock"),
                cursor: try clientRows.int(key, "cursor")
            )
        }
        if let rows = try Rows(read, outboxTable) {
            info.outbox = try rows.keys.map { (try rows.int($0, "sequence"), try rows.binary($0, "entries").count) }
            info.outbox.sort { $0.sequence < $1.sequence }
        }
        if let rows = try Rows(read, setAsideTable) {
            info.setAside = try rows.keys.map { (try rows.int($0, "sequence"), try rows.string($0, "error")) }
            info.setAside.sort { $0.sequence < $1.sequence }
        }
        if let rows = try Rows(read, subscriptionsTable) {
            var named: [Subscription] = []
            var unnamed: [Subscription] = []
            for key in rows.keys {
                let name = try rows.string(key, "name")
                let isUnnamed = name.hasPrefix(unnamedPrefix)
                let subscription = Subscription(
                    name: isUnnamed ? nil : name,
                    className: try rows.string(key, "className"),
                    query: try rows.string(key, "query")
                )
                if isUnnamed { unnamed.append(subscription) } else { named.append(subscription) }
            }
            info.subscriptions = named.sorted { $0.name! < $1.name! } + unnamed
        }
        return info
    }

    /// The section as `strata info` prints it.
    static func lines(_ info: ReplicationInfo?) -> [String] {
        guard let info else { return ["Replication: none"] }
        var lines = ["Replication:"]
        if let client = info.client {
            lines += [
                "  client id: \(printable(client.id))",
                "  logical database: \(printable(client.database))",
                "  download cursor: hub version \(client.cursor)",
                "  clock: \(clockText(client.clock))",
                "  next sequence: \(client.nextSequence)",
            ]
        } else {
            lines.append("  client: none (\(clientTable) holds no row)")
        }
        let bytes = info.outbox.reduce(0) { $0 + $1.bytes }
        lines.append("  outbox: \(info.outbox.count) pending row(s), \(bytes) bytes")
        lines.append("  set aside: \(info.setAside.count) row(s)")
        for row in info.setAside { lines.append("    sequence \(row.sequence): \(printable(row.error))") }
        lines.append("  subscriptions: \(info.subscriptions.count)")
        for subscription in info.subscriptions {
            var query = ""
            JSON.writeString(subscription.query, to: &query)
            lines.append(
                "    \(subscription.name.map(printable) ?? "(unnamed)"): class \(printable(subscription.className)), "
                    + "query \(query)"
            )
        }
        return lines
    }

    /// A hybrid logical clock (milliseconds since the Unix epoch × 65536 + a counter) as an ISO-8601 UTC time to
    /// the millisecond, with its counter: `2024-05-01T12:00:00.123Z (counter 2)`. Zero: never ticked.
    static func clockText(_ clock: Int64) -> String {
        guard clock != 0 else { return "none (0)" }
        let milliseconds = clock >> 16
        let timestamp = Timestamp(
            seconds: milliseconds / 1000,
            nanoseconds: Int32(milliseconds % 1000) * 1_000_000
        )
        var text = ScalarJSON.timestampText(timestamp)
        // Whole milliseconds: the last six of the nine fraction digits are zeros.
        if text.hasSuffix("000000Z") { text = String(text.dropLast(7)) + "Z" }
        return "\(text) (counter \(clock & 0xFFFF))"
    }

    /// `text` on one line: control characters escaped as in JSON, everything else as it is.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        var escaped = ""
        JSON.writeString(text, to: &escaped)
        return String(escaped.dropFirst().dropLast())
    }
}

/// One hidden table's rows, read by column name.
private struct Rows {
    let table: Table
    let keys: [ObjectKey]

    init?(_ read: ReadTransaction, _ name: String) throws {
        guard let table = try read.table(named: name) else { return nil }
        self.table = table
        keys = try table.keys()
    }

    func value(_ key: ObjectKey, _ column: String) throws -> Value {
        try table.value(key, try table.column(named: column).key)
    }

    func int(_ key: ObjectKey, _ column: String) throws -> Int64 {
        guard case .int(let value) = try value(key, column) else { throw mismatch(key, column, "an int") }
        return value
    }

    func string(_ key: ObjectKey, _ column: String) throws -> String {
        guard case .string(let value) = try value(key, column) else { throw mismatch(key, column, "a string") }
        return value
    }

    func binary(_ key: ObjectKey, _ column: String) throws -> [UInt8] {
        guard case .binary(let value) = try value(key, column) else { throw mismatch(key, column, "binary") }
        return value
    }

    private func mismatch(_ key: ObjectKey, _ column: String, _ expected: String) -> Failure {
        let found = (try? value(key, column)).map { "\($0)" } ?? "nothing"
        return Failure(
            description: "\(table.name).\(column) of object \(key.rawValue) holds \(found), not \(expected)"
        )
    }
}
