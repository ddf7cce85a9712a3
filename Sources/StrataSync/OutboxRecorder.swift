import Foundation
import StrataCore

/// The commit hook of a replicated file: in every local commit that changed a synced class, it writes one outbox row
/// into the same transaction, so that a change and the promise to push it become durable together (exactly once
/// across kills: the hub skips a (client, sequence) it has already applied).
///
/// An outbox row holds the commit's entries in the form `strata.push` takes: for each changed object its class,
/// primary key (wire bytes, hex), operation (`create`, `update` or `delete`), life (causal length), the commit's
/// hybrid logical clock and the final values of the changed properties (all of them for a create). Deletions come
/// before creations, so that deleting and re-creating one key in a transaction is a delete then a new life.
///
/// Lives: a create takes the next odd life after the one this file knew (1 for a key it never saw), a delete the
/// next even one, an update keeps the life; an update of an object whose life is even here (made before its class
/// was subscribed) is sent as a create.
final class OutboxRecorder: CommitHook {
    private struct State {
        var classes: [String: SyncedClass] = [:]
        /// Called after a commit that wrote an outbox row (wakes the pusher).
        var wake: (@Sendable () -> Void)?
        /// Called with a class whose table changed (a migration): its types are registered with the hub again.
        var schemaChanged: (@Sendable (String) -> Void)?
        /// The sequence number of the newest outbox row recorded (its commit may still be under way, or have failed).
        var recorded: Int64 = 0
    }

    private let state = Locked(State())
    /// What the pending (unacknowledged) local changes wrote, for the puller's rule that a pending local change
    /// never loses to an older clock.
    let pending: PendingChanges

    init(pending: PendingChanges) { self.pending = pending }

    /// The classes whose changes are recorded.
    var classes: [String: SyncedClass] {
        get { state.withLock { $0.classes } }
        set { state.withLock { $0.classes = newValue } }
    }

    /// The sequence number of the newest outbox row this process recorded: the hook runs before its transaction
    /// commits, so the row may not be visible yet (or never, when the commit failed after the hook).
    var recordedSequence: Int64 { state.withLock { $0.recorded } }

    /// Sets what is called after a recorded commit, and when a synced class's table changed.
    func onRecord(_ wake: @escaping @Sendable () -> Void, schemaChanged: @escaping @Sendable (String) -> Void) {
        state.withLock { state in
            state.wake = wake
            state.schemaChanged = schemaChanged
        }
    }

    /// The synced classes as `reading`'s schema defines them: a class whose table a migration changed is rebuilt
    /// (and its types registered with the hub again); one whose table is gone is left out.
    func classes(in reading: any TransactionReading) throws -> [String: SyncedClass] {
        var current: [String: SyncedClass] = [:]
        for (name, synced) in classes {
            guard let spec = reading.tableSpecs.first(where: { $0.name == name }) else { continue }
            current[name] = synced.matches(spec) ? synced : try rebuilt(spec, reading)
        }
        return current
    }

    private func rebuilt(_ spec: TableSpec, _ reading: any TransactionReading) throws -> SyncedClass {
        let synced = try SyncedClass(spec, reading)
        let changed = state.withLock { state in
            state.classes[synced.name] = synced
            return state.schemaChanged
        }
        changed?(synced.name)
        return synced
    }

    func transactionWillCommit(_ transaction: WriteTransaction) throws {
        let (classes, wake) = state.withLock { ($0.classes, $0.wake) }
        guard !classes.isEmpty else { return }
        var touched: [(SyncedClass, TableChanges)] = []
        for (key, tableChanges) in transaction.changeSet.tables {
            let table = try transaction.table(key)
            guard var synced = classes[table.name] else { continue }
            // A migration changed the class (or recreated its table): what travels follows the new schema.
            if !synced.matches(table.spec) { synced = try rebuilt(table.spec, transaction) }
            touched.append((synced, tableChanges))
        }
        guard !touched.isEmpty, var builder = try EntryBuilder(transaction) else { return }
        for (synced, changes) in touched.sorted(by: { $0.0.name < $1.0.name }) {
            let net = changes.net
            for (_, primaryKey) in changes.deletedPrimaryKeys.sorted(by: { $0.key < $1.key }) {
                try builder.delete(primaryKey, of: synced)
            }
            for key in net.insertions.sorted() { try builder.create(key, of: synced) }
            for (key, columns) in net.modifications.sorted(by: { $0.key < $1.key }) {
                try builder.modify(key, columns, of: synced)
            }
        }
        if let sequence = try builder.finish(pending: pending) {
            state.withLock { $0.recorded = max($0.recorded, sequence) }
            wake?()
        }
    }

    /// Records every object of `synced` the hub has never had from this file as a create, in `transaction` (a class
    /// just subscribed: its objects made before join the logical database).
    func recordExisting(_ synced: SyncedClass, in transaction: WriteTransaction) throws {
        guard var builder = try EntryBuilder(transaction) else { return }
        for key in try transaction.table(synced.table).keys() { try builder.modify(key, [], of: synced) }
        if let sequence = try builder.finish(pending: pending) {
            state.withLock { state in
                state.recorded = max(state.recorded, sequence)
                return state.wake
            }?()
        }
    }
}

/// Builds one commit's outbox row: the entries, the commit's clock and sequence number, and the lives it changes.
private struct EntryBuilder {
    let transaction: WriteTransaction
    var client: SyncTables.ClientRow
    let clock: Int64
    var entries: [[String: Any]] = []
    var keys: [PendingChanges.Key] = []

    init?(_ transaction: WriteTransaction) throws {
        guard let client = try SyncTables.clientRow(transaction) else { return nil }
        self.transaction = transaction
        self.client = client
        clock = HybridClock.next(after: client.clock)
    }

    mutating func delete(_ primaryKeyValue: Value, of synced: SyncedClass) throws {
        let primaryKey = ValueCodec.encode(primaryKeyValue)
        let known = try life(synced, primaryKey)
        try add("delete", synced, primaryKey, life: known % 2 == 1 ? known + 1 : known + 2, props: [:])
    }

    mutating func create(_ key: ObjectKey, of synced: SyncedClass) throws {
        let primaryKey = try self.primaryKey(key, synced)
        let known = try life(synced, primaryKey)
        let props = try values(key, synced.properties, synced)
        try add("create", synced, primaryKey, life: known % 2 == 0 ? known + 1 : known, props: props)
    }

    mutating func modify(_ key: ObjectKey, _ columns: ColumnSet, of synced: SyncedClass) throws {
        let primaryKey = try self.primaryKey(key, synced)
        let known = try life(synced, primaryKey)
        if known % 2 == 1 {
            let changed = synced.properties.filter { columns.contains($0.key) }
            guard !changed.isEmpty else { return }
            try add("update", synced, primaryKey, life: known, props: try values(key, changed, synced))
        } else {
            // An object the hub has never had from this file (it existed before its class was subscribed).
            try add("create", synced, primaryKey, life: known + 1, props: try values(key, synced.properties, synced))
        }
    }

    /// Writes the client row and the outbox row; returns the row's sequence number, nil when there was nothing to
    /// record.
    func finish(pending: PendingChanges) throws -> Int64? {
        guard !entries.isEmpty else { return nil }
        var client = self.client
        let sequence = client.nextSequence
        client.nextSequence += 1
        client.clock = clock
        try SyncTables.setClientRow(client, in: transaction)
        try SyncTables.appendOutbox(sequence: sequence, entries: Self.json(entries), in: transaction)
        pending.record(keys, sequence: sequence, clock: clock)
        return sequence
    }

    /// The entries as JSON, written here: `JSONSerialization` bridges every value to an `NSObject` through dynamic
    /// casts, which cost about 100 µs per entry in a commit's hook (measured by Benchmarks/run-sync), while the
    /// entries hold only strings, integers and maps of strings to strings.
    static func json(_ entries: [[String: Any]]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(entries.count * 160)
        func string(_ text: String) {
            out.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
                case ..<0x20: out += Array(String(format: "\\u%04x", byte).utf8)
                default: out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\""))
        }
        func object<Value>(_ members: [String: Value], _ value: (Value) -> Void) {
            out.append(UInt8(ascii: "{"))
            for (index, (key, member)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                string(key)
                out.append(UInt8(ascii: ":"))
                value(member)
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "["))
        for (index, entry) in entries.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            object(entry) { value in
                switch value {
                case let number as Int64: out += Array(String(number).utf8)
                case let number as Int: out += Array(String(number).utf8)
                case let text as String: string(text)
                case let map as [String: String]: object(map, string)
                default: preconditionFailure("an outbox entry holds a \(type(of: value))")
                }
            }
        }
        out.append(UInt8(ascii: "]"))
        return out
    }

    private func primaryKey(_ key: ObjectKey, _ synced: SyncedClass) throws -> [UInt8] {
        ValueCodec.encode(try transaction.table(synced.table).value(key, synced.primaryKey.key))
    }

    private func life(_ synced: SyncedClass, _ primaryKey: [UInt8]) throws -> Int64 {
        try SyncTables.life(of: SyncTables.lifeKey(className: synced.name, primaryKey: primaryKey), transaction)
    }

    private func values(_ key: ObjectKey, _ columns: [ColumnSpec], _ synced: SyncedClass) throws -> [String: String] {
        let table = try transaction.table(synced.table)
        let wire = WireValue(reading: transaction)
        var props: [String: String] = [:]
        for column in columns {
            props[column.name] = Hex.encode(try wire.encode(try table.value(key, column.key), column: column))
        }
        return props
    }

    private mutating func add(
        _ op: String,
        _ synced: SyncedClass,
        _ primaryKey: [UInt8],
        life: Int64,
        props: [String: String]
    ) throws {
        var entry: [String: Any] = [
            "seq": client.nextSequence, "class": synced.name, "pk": Hex.encode(primaryKey), "op": op, "life": life,
            "hlc": clock,
        ]
        if op != "delete" { entry["props"] = props }
        entries.append(entry)
        for name in props.keys { keys.append(.init(className: synced.name, primaryKey: primaryKey, property: name)) }
        keys.append(.init(className: synced.name, primaryKey: primaryKey, property: nil))
        try SyncTables.setLife(
            life,
            of: SyncTables.lifeKey(className: synced.name, primaryKey: primaryKey),
            in: transaction
        )
    }
}
