import StrataCore

/// The tables of an opened realm's file that its schema does not list (the file was written with a schema that had
/// them), read as Realm Swift reads them: a mixed value's link to a row of one is a ``DynamicObject`` whose
/// properties are the table's columns by their stored names (a ``SpecRow``).
///
/// Lifetime: as the realm source's objects: a live realm's rows are read on its actor (elsewhere this stops with
/// the confinement message) until the realm is invalidated or closed, or the row deleted; a frozen snapshot's from
/// any task. The specs are read from the source's current version at each use, so a table another opening added
/// later is found too. Read-only: Strata has no writes by column for these rows.
final class UnlistedTables: SpecRowReading {
    let source: RealmSource
    /// The live realm's epoch when the reader was made (see `Realm.invalidate()`); 0 for a frozen source.
    private let epoch: Int

    init(source: RealmSource) {
        self.source = source
        epoch = source.liveStateIfConfined("object")?.epoch ?? 0
    }

    var specs: [TableKey: TableSpec] {
        read { reader in
            Dictionary(reader.tableSpecs.filter { !$0.name.hasPrefix("__") }.map { ($0.key, $0) }) { first, _ in
                first
            }
        }
    }

    func read<T>(_ body: (any TransactionReading) throws -> T) rethrows -> T {
        if isRealmInvalidated { preconditionFailure(RealmError.objectInvalidated("The object").description) }
        return try source.read("object", body)
    }

    /// Whether the live realm was invalidated or closed since the reader was made.
    private var isRealmInvalidated: Bool {
        guard let state = source.liveStateIfConfined("object") else { return false }
        return state.isClosed || state.epoch != epoch
    }

    func isReadable(_ table: TableKey, _ key: ObjectKey) -> Bool {
        if isRealmInvalidated { return false }
        return source.read("object") { reader in
            do {
                return try reader.table(table).contains(key)
            } catch {
                // Damage stops (ReadFailure.swift); anything else (no such table) means the object is gone.
                if ReadFailure.isDamage(error) { ReadFailure.stop(error, reading: objectName(table)) }
                return false
            }
        }
    }

    /// A row of a listed table reads as its class's object made dynamic; any other as a spec row.
    func object(_ table: TableKey, _ key: ObjectKey) -> DynamicObject {
        if let resolved = source.schema.byTableKey[table] {
            return ObjectBinding.makeElement(DynamicObject.self, source, resolved, key)
        }
        let object = DynamicObject()
        object.specRow = SpecRow(reader: self, table: table, key: key)
        return object
    }

    func objectName(_ table: TableKey) -> String { "the \(specs[table]?.name ?? "") object" }
}
