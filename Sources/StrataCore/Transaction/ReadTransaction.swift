// ReadTransaction.swift: a pinned, read-only view of one committed version.

/// Reading tables, shared by read and write transactions.
package protocol TransactionReading: AnyObject {
    /// The version being read (for a write transaction: the version it started from).
    var version: Version { get }
    /// The specs of every table.
    var tableSpecs: [TableSpec] { get }
    /// The table with `key`.
    func table(_ key: TableKey) throws -> Table
}

extension TransactionReading {
    /// The table named `name`, if there is one.
    package func table(named name: String) throws -> Table? {
        guard let spec = tableSpecs.first(where: { $0.name == name }) else { return nil }
        return try table(spec.key)
    }
}

/// A read transaction: the version it pins stays readable until the transaction is released.
package final class ReadTransaction: TransactionReading {
    package let snapshot: Snapshot
    package let pin: VersionPin
    let context: TreeContext
    private var tables: [TableKey: Table] = [:]
    /// The table `table(_:)` returned last (object-at-a-time reads ask for the same one again and again).
    /// `@exclusivity(unchecked)`: only `table(_:)` reads and assigns it, whole, never `inout` and never across a call
    /// that could reach it again (see Benchmarks/NOTES.md, "Exclusivity checks"); every row a live object finds
    /// passes through here.
    @exclusivity(unchecked) private var lastTable: (key: TableKey, table: Table)?

    init(database: Database) throws {
        (snapshot, pin) = try database.pinLatest()
        context = TreeContext(reader: snapshot.reader, writable: false)
    }

    /// Another transaction on a version `pin` already holds: it shares the version and the pin, and has caches
    /// of its own, so two threads can each read through one of them at the same time.
    package init(snapshot: Snapshot, pin: VersionPin) {
        precondition(snapshot.version == pin.version, "a read transaction reads the version its pin holds")
        self.snapshot = snapshot
        self.pin = pin
        context = TreeContext(reader: snapshot.reader, writable: false)
    }

    package var version: Version { snapshot.version }

    package var tableSpecs: [TableSpec] { snapshot.catalog.tables }

    package func table(_ key: TableKey) throws -> Table {
        if let lastTable, lastTable.key == key { return lastTable.table }
        let table: Table
        if let loaded = tables[key] {
            table = loaded
        } else {
            guard let spec = snapshot.catalog.table(key) else {
                throw StorageError.schema("no table \(key) in version \(version)")
            }
            table = Table(spec: spec, context: context)
            tables[key] = table
        }
        lastTable = (key, table)
        return table
    }
}

extension Database {
    /// Begins a read transaction on the newest version.
    package func beginRead() throws -> ReadTransaction {
        try ReadTransaction(database: self)
    }
}
