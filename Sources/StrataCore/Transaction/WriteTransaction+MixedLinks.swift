// WriteTransaction+MixedLinks.swift: clearing the mixed values that name deleted objects.
//
// A mixed value may hold a typed link (`Value.typedLink(table, key)`) to an object of any table: in a single
// mixed column, as an element of a list, set or dictionary column of mixed elements, or inside a list or
// dictionary nested in a mixed value, at any depth. Typed links have no backlink columns (the file format is
// unchanged), so a deletion finds them by scanning.
//
// Rules (Realm's: realm-core's TypedLinks_Mixed, TypedLinks_MixedList, Set_Links, Dictionary_TypedLinks and
// List_NestedCollection_Links):
//   - a single mixed value that links to a deleted object becomes null;
//   - a list (a list column, or a list nested in a mixed value) loses each element that links to it;
//   - a set column loses the element that links to it;
//   - a dictionary (a dictionary column, or one nested in a mixed value) keeps the key, its value becomes null.
//
// Cost: one pass over every mixed column of every table (each value decoded) per deletion batch, plus one
// write per object whose value changes; nothing when the file has no mixed column. The pass is kept
// (MixedLinkHolders.swift) until something other than a deletion writes, so a loop of single deletions pays it once.
//
// Invariants:
//   (1) Outside a batch, no mixed value names an object that does not exist.
//   (2) Every value changed here is recorded as a modification of its object and column; a list column also
//       records each removed element as an erasure at its position and each changed nested collection as a set.
//
//   idle ──deletingInBatch { }──▶ batching (deleteObject collects keys) ──body returns or throws──▶ clear ─▶ idle
//   idle ──deleteObject / deleteAllObjects──▶ clear for that call ──▶ idle
//   (clear: the holders of the deleted objects, from the kept scan, or from a new scan when none is kept)

/// Objects deleted in a transaction: some keys of some tables, and tables emptied as a whole.
struct DeletedObjects {
    var keys: [TableKey: Set<ObjectKey>] = [:]
    var wholeTables: Set<TableKey> = []

    var isEmpty: Bool { keys.isEmpty && wholeTables.isEmpty }

    func contains(_ table: TableKey, _ key: ObjectKey) -> Bool {
        wholeTables.contains(table) || keys[table]?.contains(key) == true
    }

    /// Whether `value` holds a typed link to one of the objects, at any depth.
    func isNamed(in value: Value) -> Bool {
        switch value {
        case .typedLink(let table, let key): return contains(table, key)
        case .list(let elements): return elements.contains(where: isNamed)
        case .dictionary(let entries): return entries.contains { isNamed(in: $0.value) }
        default: return false
        }
    }

    /// `value` (a nested mixed value) without links to the objects: a link becomes null, a list drops the
    /// elements that link, a dictionary nulls the values that link.
    func cleared(_ value: Value) -> Value {
        switch value {
        case .typedLink(let table, let key): return contains(table, key) ? .null : value
        case .list(let elements): return .list(clearedElements(elements))
        case .dictionary(let entries): return .dictionary(clearedEntries(entries))
        default: return value
        }
    }

    func clearedElements(_ elements: [Value]) -> [Value] {
        elements.compactMap { element in
            if case .typedLink(let table, let key) = element, contains(table, key) { return nil }
            return isNamed(in: element) ? cleared(element) : element
        }
    }

    func clearedEntries(_ entries: [DictionaryEntry]) -> [DictionaryEntry] {
        entries.map { isNamed(in: $0.value) ? DictionaryEntry(key: $0.key, value: cleared($0.value)) : $0 }
    }
}

extension WriteTransaction {
    /// Runs `body`, in which deletions only collect the deleted objects' keys; when it ends (returning or
    /// throwing), clears every mixed value that names one of them with one scan. A batch inside a batch is part
    /// of the outer one.
    /// - Returns: the tables whose mixed values were changed (empty for an inner batch).
    @discardableResult
    package func deletingInBatch(_ body: () throws -> Void) throws -> Set<TableKey> {
        guard batchedDeletions == nil else {
            try body()
            return []
        }
        batchedDeletions = DeletedObjects()
        let outcome = Result { try body() }
        let deleted = batchedDeletions ?? DeletedObjects()
        batchedDeletions = nil
        let changed = try clearMixedLinks(to: deleted)
        try outcome.get()
        return changed
    }

    /// Notes deleted objects: kept for the end of the batch, or cleared now outside one.
    func mixedReferencesDeleted(_ note: (inout DeletedObjects) -> Void) throws {
        if batchedDeletions != nil {
            note(&batchedDeletions!)
            return
        }
        var deleted = DeletedObjects()
        note(&deleted)
        try clearMixedLinks(to: deleted)
    }

    /// Clears the mixed values that name `deleted` objects (the rules at the top of this file).
    /// - Returns: the tables whose values changed.
    @discardableResult
    func clearMixedLinks(to deleted: DeletedObjects) throws -> Set<TableKey> {
        guard !deleted.isEmpty else { return [] }
        deletionDepth += 1
        defer { deletionDepth -= 1 }
        if mixedLinkHolders == nil { mixedLinkHolders = try scanMixedLinks() }
        var changed: Set<TableKey> = []
        for holder in mixedLinkHolders?.holders(naming: deleted) ?? [] {
            // A holder deleted or cleared since the scan is skipped (MixedLinkHolders.swift, invariant 1).
            let table = try self.table(holder.table)
            guard try table.contains(holder.object) else { continue }
            let old = try table.value(holder.object, holder.column)
            guard deleted.isNamed(in: old) else { continue }
            try clear(
                old,
                of: try table.column(holder.column),
                in: holder.table,
                object: holder.object,
                deleted: deleted
            )
            changed.insert(holder.table)
        }
        mixedLinkHolders?.forget(deleted)
        return changed
    }

    /// Every mixed value that links to an object, by the object it links to: one pass over every mixed column.
    private func scanMixedLinks() throws -> MixedLinkHolders {
        var holders = MixedLinkHolders()
        for spec in tableSpecs where spec.columns.contains(where: { $0.type == .mixed }) {
            let table = try self.table(spec.key)
            for column in table.spec.columns where column.type == .mixed {
                for (key, value) in try table.objects(in: column.key, where: MixedLinkHolders.links) {
                    holders.note(value, heldBy: .init(table: spec.key, column: column.key, object: key))
                }
            }
        }
        return holders
    }

    private func clear(
        _ old: Value,
        of column: ColumnSpec,
        in tableKey: TableKey,
        object key: ObjectKey,
        deleted: DeletedObjects
    ) throws {
        switch (column.collection, old) {
        case (.list, .list(let elements)):
            // Changed nested collections first, at their old positions; then the removals, the last first.
            var edits: [ListEdit] = []
            var removed: [Int] = []
            for (index, element) in elements.enumerated() where deleted.isNamed(in: element) {
                if case .typedLink = element { removed.append(index) } else { edits.append(.set(index)) }
            }
            edits += removed.reversed().map { .erase($0) }
            let new = Value.list(deleted.clearedElements(elements))
            try set(new, of: column.key, in: tableKey, object: key, listEdits: edits)
        case (.set, .list(let elements)):
            try set(.list(deleted.clearedElements(elements)), of: column.key, in: tableKey, object: key)
        case (.dictionary, .dictionary(let entries)):
            try set(.dictionary(deleted.clearedEntries(entries)), of: column.key, in: tableKey, object: key)
        default:
            try set(deleted.cleared(old), of: column.key, in: tableKey, object: key)
        }
    }
}
