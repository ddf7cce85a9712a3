import StrataCore

/// A list property observed by a collection's stream as it is (no query; not a set, map or linking objects): its
/// change between two versions from the edits its commits logged by position (DESIGN.md section 4, items 3 and 5),
/// in time proportional to the change, not to the list.
///
/// The observer keeps only the list's length at each version it delivers
/// (``CollectionSnapshot/Elements/listCount(_:)``) and that version, pinned. The change from one delivered version
/// to a later one is the commits' logged edits replayed as Realm's change builder does (``ListChangeBuilder``);
/// then, for a list of objects, each element kept in place whose object the commits modified (as the key-path filter
/// counts changes) is a modification at its old position, as realm-core's list notifier reports it. The payload, a
/// frozen list, pins the version and reads nothing until its consumer does.
///
/// Cost, for e logged edits and k modified objects of the elements' class: O(e²) at worst for the builder (O(e)
/// for appends, removals and sets), O(log n) to read the list's length, and O(k) to tell which modified objects
/// count. The elements are read (O(n)) only when one of those objects may be an element (one pass then finds
/// their positions), or when a change to an object the elements link to may modify any of them (every element is
/// checked, as realm-core does).
///
/// The change is nil, and the caller reads both versions' elements and diffs them, when the history does not hold
/// every commit's edits (another process made them, the history's bound dropped them, or the schema changed), or
/// when the edits do not account for the two lengths (some write logged none, or the list's object was deleted).
struct ObservedList {
    /// The list's object and property.
    let base: CollectionBase
    /// The list's column in its object's table.
    let column: ColumnKey

    /// The list whose elements `results` are, as they are; nil for any other results.
    init?<Element>(_ results: Results<Element>) {
        guard let base = results.base, results.query == nil else { return nil }
        self.init(list: base)
    }

    /// The list property `base` names, whatever query results over it apply; nil when it is a set, a map or
    /// linking objects.
    init?(list base: CollectionBase) {
        guard base.ownerTable.info.properties[base.property].typeInfo.collection == .list else { return nil }
        switch base.kind {
        case .list, .values: break
        case .backlinks: return nil
        }
        self.base = base
        column = base.ownerTable.column(base.property)
    }

    /// Whether the elements are objects (not values).
    private var holdsObjects: Bool { !base.holdsValues }

    /// How many elements the list has at `reader`'s version (zero once its object is deleted), without reading them.
    /// - Throws: what the read throws (damage, or a table that is gone), as ``RealmError``.
    /// - Complexity: O(log n).
    func count(in reader: any TransactionReading) throws -> Int {
        try realmErrors {
            let table = try reader.table(base.ownerTable.tableKey)
            guard try table.contains(base.ownerKey) else { return 0 }
            return try table.collectionCount(base.ownerKey, column)
        }
    }

    /// The elements at `reader`'s version: object keys, or values for a list of values (none once its object is
    /// deleted).
    /// - Throws: what the read throws, as ``RealmError``.
    /// - Complexity: O(n).
    func elements(in reader: any TransactionReading) throws -> CollectionSnapshot.Elements {
        try realmErrors { holdsObjects ? .keys(try base.keys(reader)) : .values(try base.values(reader)) }
    }

    /// `snapshot` with the list's elements read (itself when they are): at `reader`'s version when it is the
    /// snapshot's, else at the snapshot's pinned version.
    /// - Throws: what the read throws, as ``RealmError``.
    /// - Complexity: O(n).
    func reading(_ snapshot: CollectionSnapshot, _ reader: any TransactionReading) throws -> CollectionSnapshot {
        guard case .listCount = snapshot.elements else { return snapshot }
        let elements: CollectionSnapshot.Elements
        if snapshot.version == reader.version {
            elements = try self.elements(in: reader)
        } else if let pinned = snapshot.pinned {
            elements = try pinned.read { try self.elements(in: $0) }
        } else {
            preconditionFailure("a list's length is kept only at a pinned version")
        }
        return CollectionSnapshot(version: snapshot.version, elements: elements, pinned: snapshot.pinned)
    }

    /// The change from version `old`, when the list had `oldCount` elements, to `reader`'s version, when it has
    /// `newCount`, from the commits' logged edits and the objects they modified; nil when those do not tell it (see
    /// the type's discussion).
    /// - Parameters:
    ///   - before: `old` pinned, to compare rows against where the history kept a table only as changed wholesale.
    ///   - elementsRead: called each time the elements are read (for tests of the cost).
    /// - Throws: what reading the elements throws, as ``RealmError``.
    func changes(
        from old: Version,
        count oldCount: Int,
        to reader: any TransactionReading,
        count newCount: Int,
        before: FrozenSnapshot?,
        filter: KeyPathFilter,
        elementTable: ResolvedTable?,
        state: RealmState,
        elementsRead: () -> Void
    ) throws -> (deletions: [Int], insertions: [Int], modifications: [Int])? {
        guard old < reader.version, let sets = state.database.changes(after: old) else { return nil }
        var builder = ListChangeBuilder()
        for set in sets where set.version <= reader.version {
            if set.schemaChanged { return nil }
            guard let changes = set.tables[base.ownerTable.tableKey] else { continue }
            if changes.isWholesale { return nil }
            for edit in changes.listEdits(of: base.ownerKey, column: column) { builder.apply(edit) }
        }
        builder.cleanUpStaleMoves()
        guard oldCount - builder.deletions.count + builder.insertions.count == newCount else { return nil }
        #if STRATA_INTERNAL_CHECKS
            if let before {
                // Every edit logged: the elements not deleted are, in order, those not inserted, or assigned.
                let oldElements = try before.read { try self.elements(in: $0) }
                let newElements = try elements(in: reader)
                switch (oldElements, newElements) {
                case (.keys(let a), .keys(let b)): precondition(builder.accounts(from: a, to: b), "unlogged list edit")
                case (.values(let a), .values(let b)):
                    precondition(builder.accounts(from: a, to: b), "unlogged list edit")
                default: break
                }
            }
        #endif
        if holdsObjects, let elementTable {
            func modify(_ before: (any TransactionReading)?) throws {
                let changes = CommittedChanges(
                    state.database,
                    from: old,
                    to: reader.version,
                    before: before,
                    after: reader
                )
                try modifyElements(&builder, changes, filter, elementTable, reader, state.schema, elementsRead)
            }
            if let before { try before.read(modify) } else { try modify(nil) }
        }
        return builder.finalized()
    }

    /// Marks each element (a position in the new list) whose object the commits modified, as `filter` counts it.
    private func modifyElements(
        _ builder: inout ListChangeBuilder,
        _ changes: CommittedChanges,
        _ filter: KeyPathFilter,
        _ table: ResolvedTable,
        _ reader: any TransactionReading,
        _ schema: ResolvedSchema,
        _ elementsRead: () -> Void
    ) throws {
        // Without a logged table, or when a change to a linked object may reach any element, every element is
        // checked; otherwise only the objects the commits modified can be, and with none, nothing is read.
        let everyElement =
            !changes.logs(table.tableKey) || filter.followsLinks(into: changes, from: table, schema: schema)
        var modified = Set<ObjectKey>()
        if !everyElement {
            for key in changes.modifiedKeys(of: table.tableKey)
            where filter.isModified(table, key, changes: changes, reader: reader, schema: schema) {
                modified.insert(key)
            }
            if modified.isEmpty { return }
        }
        elementsRead()
        let keys = try realmErrors { try base.keys(reader) }
        for (index, key) in keys.enumerated() where !builder.modifications.contains(index) {
            let isModified =
                everyElement
                ? filter.isModified(table, key, changes: changes, reader: reader, schema: schema)
                : modified.contains(key)
            // Inserted elements are dropped when the change is finalized, as Realm does.
            if isModified { builder.modify(index) }
        }
    }
}
