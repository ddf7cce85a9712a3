// MixedLinkHolders.swift: where a write transaction's mixed values link, found by one scan and kept while only
// deletions write, so that a loop of single deletions scans the mixed columns once, not once per object.
//
// Format: in memory only. For each object some mixed value links to (a `Value.typedLink` at any depth of a single
// mixed value, a mixed list, set or dictionary element, or a collection nested in a mixed value), the holders:
// the (table, column, object) whose value names it.
//
// Invariants (WriteTransaction+MixedLinks.swift keeps them):
//   (1) Complete: every mixed value of the transaction's current state that links to an object is listed under that
//       object. A holder may be listed that no longer exists or no longer names the object (deleted since, or
//       cleared); users check the value before acting.
//   (2) Dropped by every change other than a deletion and the clearing it causes (an insert, a set, a collection
//       edit, a schema change), so that a value written after the scan is never missed.
//
//   absent ──deletion needs it──▶ built (one scan) ──deletions, clearing──▶ built ──any other change──▶ absent

/// The holders of the mixed values that link to each object, as one scan of every mixed column found them.
struct MixedLinkHolders {
    /// One mixed value: its object's table, its column, its object.
    struct Holder: Hashable, Comparable {
        let table: TableKey
        let column: ColumnKey
        let object: ObjectKey

        static func < (lhs: Holder, rhs: Holder) -> Bool {
            (lhs.table, lhs.column, lhs.object) < (rhs.table, rhs.column, rhs.object)
        }
    }

    private var byTarget: [TableKey: [ObjectKey: Set<Holder>]] = [:]

    /// Lists `holder` under every object `value` links to, at any depth.
    mutating func note(_ value: Value, heldBy holder: Holder) {
        switch value {
        case .typedLink(let table, let key): byTarget[table, default: [:]][key, default: []].insert(holder)
        case .list(let elements): for element in elements { note(element, heldBy: holder) }
        case .dictionary(let entries): for entry in entries { note(entry.value, heldBy: holder) }
        default: break
        }
    }

    /// Whether `value` links to an object at any depth.
    static func links(_ value: Value) -> Bool {
        switch value {
        case .typedLink: return true
        case .list(let elements): return elements.contains(where: links)
        case .dictionary(let entries): return entries.contains { links($0.value) }
        default: return false
        }
    }

    /// The holders of values that may name one of `deleted`, in table, column and object order.
    func holders(naming deleted: DeletedObjects) -> [Holder] {
        var found: Set<Holder> = []
        for (table, keys) in deleted.keys {
            guard let targets = byTarget[table] else { continue }
            for key in keys { found.formUnion(targets[key] ?? []) }
        }
        for table in deleted.wholeTables {
            for holders in byTarget[table]?.values ?? [:].values { found.formUnion(holders) }
        }
        return found.sorted()
    }

    /// Forgets `deleted`: once their holders are cleared, nothing links to them.
    mutating func forget(_ deleted: DeletedObjects) {
        for (table, keys) in deleted.keys {
            for key in keys { byTarget[table]?[key] = nil }
        }
        for table in deleted.wholeTables { byTarget[table] = nil }
    }
}
