// IncrementalQuery.swift: keeps a query's result up to date from the commits' change log, in time proportional
// to the change (plus one copy of the key array), and finds where the changed objects were and are.
//
// Which queries: over one table's objects (not a collection's), with a predicate that reads only that table's own
// single-valued columns (no link, backlink, collection, mixed value, subquery or geo test) and either no stage or
// one SORT on such columns. Everything else is re-run and diffed.
//
// The order (QueryEvaluator's): the evaluator takes candidates in key order (a scan, or index candidates sorted)
// and sorts stably, so a result is ordered by (sort values…, object key): a strict total order, compared here with
// `ValueComparison.sortOrder` per sort key (nulls first ascending, Realm's string collation), the key last,
// ascending whatever the direction. Without a sort, by key.
//
// Invariants:
//   (1) An object that was not inserted or deleted and none of whose read columns changed (not "relevant") keeps
//       its membership and its position relative to every other such object.
//   (2) `updated` equals running the query at the new version (the randomized notification test checks it).
//   (3) A result is located by binary search with values read at the version it was computed at.

/// A query whose result can be maintained from the change log.
package struct IncrementalQuery: Sendable {
    package let query: BoundQuery
    private let sortKeys: [SortColumn]
    /// The columns the predicate and the sort read.
    private let readColumns: ColumnSet

    private struct SortColumn: Sendable {
        var column: ColumnKey
        var ascending: Bool
    }

    /// An object with the values it sorts by.
    private struct Entry {
        var key: ObjectKey
        var values: [Value]
    }

    /// The incremental form of `query`, or nil when it must be re-run (see the header).
    package init?(_ query: BoundQuery) {
        var columns = ColumnSet()
        guard Self.collect(query.predicate, table: query.table, into: &columns) else { return nil }
        var sortKeys: [SortColumn] = []
        switch query.stages.count {
        case 0: break
        case 1:
            guard case .sort(let keys) = query.stages[0] else { return nil }
            for key in keys {
                guard let column = Self.column(key.path, table: query.table) else { return nil }
                columns.insert(column)
                sortKeys.append(SortColumn(column: column, ascending: key.ascending))
            }
        default: return nil
        }
        self.query = query
        self.sortKeys = sortKeys
        readColumns = columns
    }

    /// Whether locating objects in a result needs the version the result was computed at (a sorted result: the
    /// changed objects' old values); a result in key order is located by key alone.
    package var needsOldVersion: Bool { !sortKeys.isEmpty }

    /// Adds to `keys` the objects of `changes` whose membership or position may have changed: those inserted,
    /// deleted, or modified in a column the query reads.
    package func collectRelevant(_ changes: TableChanges, into keys: inout Set<ObjectKey>) {
        let net = changes.net
        keys.formUnion(net.insertions)
        keys.formUnion(net.deletions)
        for (key, columns) in net.modifications where columns.intersects(readColumns) { keys.insert(key) }
    }

    // MARK: Maintaining the result

    /// The result at `after`'s version, from `result` (this query's result at `before`'s version) and the objects
    /// relevant to the commits between them.
    /// - Complexity: O(k log n) reads for k relevant objects, and one copy of the n keys.
    package func updated(
        _ result: [ObjectKey],
        relevant: Set<ObjectKey>,
        before: any TransactionReading,
        after: any TransactionReading
    ) throws -> [ObjectKey] {
        let removed = try positions(of: relevant, in: result, reading: before)
        var remaining: [ObjectKey] = []
        remaining.reserveCapacity(result.count)
        var start = 0
        for (index, _) in removed {
            remaining.append(contentsOf: result[start..<index])
            start = index + 1
        }
        remaining.append(contentsOf: result[start...])

        let table = try after.table(query.table)
        let evaluator = QueryEvaluator(reading: after)
        var added: [Entry] = []
        for key in relevant where try table.contains(key) {
            if try evaluator.matches(query.predicate, key: key, table: query.table) {
                added.append(try entry(key, table))
            }
        }
        guard !added.isEmpty else { return remaining }
        added.sort { compare($0, $1) < 0 }
        var updated: [ObjectKey] = []
        updated.reserveCapacity(remaining.count + added.count)
        start = 0
        for object in added {
            let index = try lowerBound(object, in: remaining, table: table)
            updated.append(contentsOf: remaining[start..<index])
            updated.append(object.key)
            start = index
        }
        updated.append(contentsOf: remaining[start...])
        return updated
    }

    /// The change from `old` (the result at `before`'s version) to `new` (at `after`'s), as ``ResultsDiff`` defines
    /// it with the relevant objects as the touched ones, and the touched objects kept in place (key → old index).
    /// - Complexity: O(k log n) reads for k relevant objects.
    package func changes(
        from old: [ObjectKey],
        to new: [ObjectKey],
        relevant: Set<ObjectKey>,
        before: any TransactionReading,
        after: any TransactionReading
    ) throws -> (deletions: [Int], insertions: [Int], keptTouched: [ObjectKey: Int]) {
        let oldPositions = try positions(of: relevant, in: old, reading: before)
        let newPositions = try positions(of: relevant, in: new, reading: after)
        var newPlace: [ObjectKey: (index: Int, rank: Int)] = [:]
        for (rank, position) in newPositions.enumerated() { newPlace[position.key] = (position.index, rank) }
        var touched: [ResultsDiff.Touched] = []
        for (rank, position) in oldPositions.enumerated() {
            guard let place = newPlace[position.key] else { continue }
            // The objects before it that are not relevant are the untouched ones (ResultsDiff rule 2).
            touched.append(
                ResultsDiff.Touched(
                    old: position.index,
                    new: place.index,
                    gapOld: position.index - rank,
                    gapNew: place.index - place.rank
                )
            )
        }
        let kept = ResultsDiff.keptTouched(touched)
        var keptTouched: [ObjectKey: Int] = [:]
        var keptNew = Set<Int>()
        for object in touched where kept.contains(object.old) {
            keptTouched[old[object.old]] = object.old
            keptNew.insert(object.new)
        }
        let deletions = oldPositions.map(\.index).filter { !kept.contains($0) }
        let insertions = newPositions.map(\.index).filter { !keptNew.contains($0) }
        return (deletions, insertions, keptTouched)
    }

    /// The index of `key` in `result` (this query's result at `reading`'s version), or nil.
    package func position(of key: ObjectKey, in result: [ObjectKey], reading: any TransactionReading) throws -> Int? {
        try positions(of: [key], in: result, reading: reading).first?.index
    }

    /// Where each of `keys` found in `result` (this query's result at `reading`'s version) is, ascending by index.
    private func positions(
        of keys: some Collection<ObjectKey>,
        in result: [ObjectKey],
        reading: any TransactionReading
    ) throws -> [(index: Int, key: ObjectKey)] {
        let table = try reading.table(query.table)
        var found: [(index: Int, key: ObjectKey)] = []
        for key in keys {
            if sortKeys.isEmpty {
                let index = Self.lowerBound(key, in: result)
                if index < result.count, result[index] == key { found.append((index, key)) }
                continue
            }
            guard try table.contains(key) else { continue }
            let index = try lowerBound(try entry(key, table), in: result, table: table)
            if index < result.count, result[index] == key { found.append((index, key)) }
        }
        return found.sorted { $0.index < $1.index }
    }

    // MARK: The order

    private func entry(_ key: ObjectKey, _ table: Table) throws -> Entry {
        Entry(key: key, values: try sortKeys.map { try table.value(key, $0.column) })
    }

    private func compare(_ lhs: Entry, _ rhs: Entry) -> Int {
        for (position, sortKey) in sortKeys.enumerated() {
            let order = ValueComparison.sortOrder(lhs.values[position], rhs.values[position])
            if order != 0 { return sortKey.ascending ? order : -order }
        }
        return lhs.key == rhs.key ? 0 : (lhs.key < rhs.key ? -1 : 1)
    }

    /// The first index of `keys` (ordered, read at `table`'s version) whose object does not order before `entry`.
    private func lowerBound(_ entry: Entry, in keys: [ObjectKey], table: Table) throws -> Int {
        if sortKeys.isEmpty { return Self.lowerBound(entry.key, in: keys) }
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if compare(try self.entry(keys[middle], table), entry) < 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private static func lowerBound(_ key: ObjectKey, in keys: [ObjectKey]) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: Eligibility

    /// Collects the columns `node` reads; false when it reads anything but the root table's own single values.
    private static func collect(_ node: BoundNode, table: TableKey, into columns: inout ColumnSet) -> Bool {
        func operand(_ operand: BoundOperand) -> Bool {
            switch operand {
            case .path(let path):
                guard let column = column(path, table: table) else { return false }
                columns.insert(column)
                return true
            case .subqueryCount: return false
            case .value, .list: return true
            }
        }
        switch node {
        case .constant: return true
        case .and(let nodes), .or(let nodes):
            return nodes.allSatisfy { collect($0, table: table, into: &columns) }
        case .not(let inner): return collect(inner, table: table, into: &columns)
        case .compare(let lhs, _, let rhs, _, _): return operand(lhs) && operand(rhs)
        case .between(let value, _, _, _): return operand(value)
        case .geoWithin: return false
        }
    }

    /// The column of a path that is one single, non-link, non-mixed property of `table` itself.
    private static func column(_ path: BoundPath, table: TableKey) -> ColumnKey? {
        guard path.finalTable == table, path.mapKey == nil, let column = path.directColumn, let final = path.final,
            final.type != .link, final.type != .mixed
        else { return nil }
        return column
    }
}
