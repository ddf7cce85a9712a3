// Table+PrimaryKeyAsObjectKey.swift: an integer primary key that is also its object's key, so that a lookup by it
// descends one tree instead of two.
//
// SQLite's `INTEGER PRIMARY KEY` is the rowid: a lookup by it is one B-tree descent. Strata files every primary key in
// a search index (SearchIndex.swift), and a lookup used to descend that index to the object key, then the table's tree
// to the row. Now the keys of a table with an integer primary key follow the primary keys where that costs nothing: the
// table's first object takes its primary key as its object key, so later objects whose primary keys count on from it
// get them as their next keys (invariant 4); any other object takes the next key, as before. Keys still ascend in the
// order objects are created, so a table's unsorted order stays its creation order, as in Realm (realm-core numbers
// objects in creation order too). A lookup of an integer primary key first reads the object whose key is that integer
// and takes it when its primary key is the one asked for; otherwise (no such object, or one created with a key of the
// other kind) the index answers, as before. The index still files every object: it is what keeps the keys unique and
// answers the other lookups.
//
// Format: nothing new. A writer always chose object keys, and `nextObjectKey` stays above every key (Table.swift
// invariant 2); files written before this have sequential keys, which the lookup's check handles like any other.
//
// Invariants:
//   (1) Nothing assumes that an object's key is its primary key: a lookup checks the row's primary key before it
//       takes the object, and falls back to the index.
//   (2) A key taken from a primary key is below `primaryKeyCeiling` (2^62), so `nextObjectKey` cannot overflow.
//   (3) A table whose lookups keep missing the row (objects created with descending keys, say) stops trying it first:
//       after 32 more misses than hits in one transaction, each lookup asks the index alone, as before.
//   (4) Keys stay as dense as sequential keys: only a table's first object may start the keys anywhere (primary keys
//       counted from 1, or from 1,000); after it an object takes its primary key only when that is the next key
//       anyway. Sparse primary keys (10, 20, 30) therefore get sequential object keys, which keeps a set-based write's
//       change log one event per run of keys (ChangeSet.swift), the leaves' consecutive-key search and narrow keys.

extension Table {
    /// The highest integer primary key (exclusive) an object may take as its object key.
    static let primaryKeyCeiling: Int64 = 1 << 62

    /// The key a new object whose values are `row` (one per column, in order) takes: the table's first object's
    /// integer primary key, when below `primaryKeyCeiling` (invariant 4); nil for the next key. (A later object whose
    /// primary key is the next key gets it as the next key.)
    func preferredKey(for row: [Value]) -> ObjectKey? {
        // Only a table that never held an object: bulk inserts into a filled table skip the column scan.
        guard spec.nextObjectKey == 0 else { return nil }
        let traits = spec.traits
        for position in traits.indices where traits[position].unique {
            guard traits[position].type == .int, traits[position].collection == .single,
                case .int(let value) = row[position], value > 0, value < Self.primaryKeyCeiling
            else { return nil }
            return ObjectKey(value)
        }
        return nil
    }

    /// The object whose key is `value`, and its row, when its primary key, in `column`, is `value` too; nil when
    /// there is no such object, when `column` is not an integer primary key, or while this table's lookups keep
    /// missing (invariant 3). Nil means only that the index must be asked.
    func objectLocatedByPrimaryKey(_ value: Int64, column: ColumnKey) throws -> (key: ObjectKey, row: RowLocation)? {
        guard value >= 0, value < spec.nextObjectKey, primaryKeyProbe.misses < primaryKeyProbe.hits + 32 else {
            return nil
        }
        let position = try position(column)
        let traits = spec.traits[position]
        guard traits.unique, traits.type == .int, traits.collection == .single else { return nil }
        guard let location = try locate(ObjectKey(value)),
            try self.value(at: location, position: position) == .int(value)
        else {
            primaryKeyProbe.misses += 1
            return nil
        }
        primaryKeyProbe.hits += 1
        return (ObjectKey(value), location)
    }
}
