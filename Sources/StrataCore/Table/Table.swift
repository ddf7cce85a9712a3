// Table.swift: one table of a version: its schema, its cluster tree and its indexes.
//
// A `Table` belongs to one transaction. In a read transaction every tree is committed and reads are
// zero-copy; in a write transaction the same reads see the transaction's own dirty nodes. Outside the
// engine a `Table` is read-only: its writes (Table+Writing.swift, Table+Collections.swift) are internal,
// and `Strata`, the tool and the tests change tables through `WriteTransaction`, which logs every change.
//
// Invariants:
//   (1) `spec.objectCount` equals the number of objects in `tree`.
//   (2) Every key in `tree` is below `spec.nextObjectKey`.
//   (3) Each indexed column's index files every object exactly once (SearchIndex.swift).

/// A table as seen by one transaction.
package final class Table {
    // Storage marked @exclusivity(unchecked) is never reached while an inout access to it is under way; the
    // run-time checks it skips are explained in Benchmarks/NOTES.md ("Exclusivity checks").
    // Proof for these and `readPlanCache`: each is read, assigned whole, or edited in place (`spec.objectCount += 1`,
    // a dictionary subscript, `removeAll` with a closure over its element) with no call that could reach this
    // table in between, never passed `inout`; a table belongs to one transaction, used by one thread at a time.
    @exclusivity(unchecked) package internal(set) var spec: TableSpec
    let tree: ClusterTree
    let context: TreeContext
    /// The indexes opened so far (a table has few: a short list beats hashing on every insert).
    @exclusivity(unchecked) private var indexCache: [(column: ColumnKey, index: SearchIndex)] = []
    /// Aggregates already computed, kept only in read transactions (ColumnAggregate.swift).
    @exclusivity(unchecked) var aggregateCache: [AggregateKey: Value] = [:]
    /// Collection trees this write transaction is changing, by the id their cells hold (Table+Collections.swift).
    @exclusivity(unchecked) var pendingCollections: [Int: PendingCollection] = [:]
    /// The id the next pending collection tree gets.
    @exclusivity(unchecked) var nextPendingCollection = 1
    /// How often a lookup of an integer primary key found its object by key, and how often not
    /// (Table+PrimaryKeyAsObjectKey.swift).
    @exclusivity(unchecked) var primaryKeyProbe = (hits: 0, misses: 0)

    init(spec: TableSpec, context: TreeContext) {
        self.spec = spec
        self.context = context
        tree = ClusterTree(root: spec.root, layout: spec.layout, context: context)
    }

    package var key: TableKey { spec.key }
    package var name: String { spec.name }

    /// Objects in the table.
    package var count: Int { spec.objectCount }

    /// The column named `name`.
    package func column(named name: String) throws -> ColumnSpec {
        guard let column = spec.column(named: name) else {
            throw StorageError.schema("table \(spec.name) has no column named \(name)")
        }
        return column
    }

    /// The column with `key`.
    package func column(_ key: ColumnKey) throws -> ColumnSpec {
        spec.columns[try position(key)]
    }

    /// The position of `column` in `spec.columns` (and in the tree's layout).
    func position(_ column: ColumnKey) throws -> Int {
        // The layout lists the columns in `spec.columns` order; its keys are cheaper to scan than the specs.
        guard let position = tree.layout.columnKeys.firstIndex(of: column) else {
            throw StorageError.schema("table \(spec.name) has no column \(column)")
        }
        return position
    }

    /// Whether an object with `key` exists.
    package func contains(_ key: ObjectKey) throws -> Bool { try tree.contains(key.rawValue) }

    /// The value of `column` of object `key`.
    package func value(_ key: ObjectKey, _ column: ColumnKey) throws -> Value {
        let position = try position(column)
        guard let cell = try tree.cell(key.rawValue, column: position) else {
            throw StorageError.schema("table \(spec.name) has no object \(key)")
        }
        return try value(of: cell, position: position)
    }

    /// The values of `columns` of object `key`, found with one descent of the tree.
    package func values(_ key: ObjectKey, _ columns: [ColumnKey]) throws -> [Value] {
        guard let (leaf, row) = try tree.locate(key.rawValue) else {
            throw StorageError.schema("table \(spec.name) has no object \(key)")
        }
        return try columns.map { column in
            let position = try position(column)
            return try value(of: tree.cell(in: leaf, row: row, column: position), position: position)
        }
    }

    /// Where object `key`'s row is, or nil if there is no such object. A location stays valid until the
    /// transaction changes; reading through it skips the descent of the tree.
    package func locate(_ key: ObjectKey) throws -> RowLocation? { try tree.locateRow(key.rawValue) }

    /// The value of `column` at `location` (from ``locate(_:)`` in this unchanged transaction).
    package func value(at location: RowLocation, column: ColumnKey) throws -> Value {
        let plan = readPlan
        guard let position = plan.position(of: column) else {
            throw StorageError.schema("table \(spec.name) has no column \(column)")
        }
        return try value(at: location, position: position, plan: plan)
    }

    /// The value of the column at `position` (an index into `spec.columns`, see ``position(_:)``) at
    /// `location` (from ``locate(_:)`` in this unchanged transaction).
    package func value(at location: RowLocation, position: Int) throws -> Value {
        try value(at: location, position: position, plan: readPlan)
    }

    private func value(at location: RowLocation, position: Int, plan: ColumnReadPlan) throws -> Value {
        switch location.leaf {
        case .dirty(let leaf):
            let cell = try tree.cell(in: .dirty(leaf), row: location.row, column: position)
            if let value = plan.reads[position].value(of: cell) { return value }
            return try value(of: cell, position: position)
        case .clean(let leaf):
            guard let block = try leaf.block(position, layout: plan.layout) else {
                return try ValueCodec.value(
                    of: Cell.defaultValue(for: plan.layout.physical[position]),
                    in: spec.columns[position]
                )
            }
            if let value = try plan.reads[position].value(in: block, row: location.row) { return value }
            return try value(of: tree.cell(in: block, row: location.row, column: position), position: position)
        }
    }

    /// How the columns are read under the tree's current layout.
    var readPlan: ColumnReadPlan {
        if let plan = readPlanCache, plan.layoutVersion == tree.layoutVersion { return plan }
        let plan = ColumnReadPlan(layoutVersion: tree.layoutVersion, layout: tree.layout, columns: spec.columns)
        readPlanCache = plan
        return plan
    }
    @exclusivity(unchecked) private var readPlanCache: ColumnReadPlan?

    /// Calls `body` with the UTF-8 bytes of string column `column` (nil for null) of each object of `keys`,
    /// which must ascend, in order, until it returns false; returns whether it went through every key. The
    /// leaves are walked once in key order, each block parsed once, instead of one lookup per key: what
    /// sorting a large share of a table by a string needs.
    func forEachStringBytes(
        ofAscending keys: [ObjectKey],
        _ column: ColumnKey,
        _ body: (UnsafeRawBufferPointer?) throws -> Bool
    ) throws -> Bool {
        let position = try position(column)
        let spec = self.spec.columns[position]
        precondition(spec.type == .string && spec.collection == .single, "\(spec.name) is not a string column")
        guard !keys.isEmpty else { return true }
        var next = 0
        var completed = true
        try tree.forEachLeaf { leaf in
            let count = leaf.count
            guard count > 0, keys[next].rawValue <= leaf.key(at: count - 1) else { return true }
            var block: ColumnBlock?
            if case .clean(let view) = leaf, let parsed = try view.block(column), parsed.kind == .variable {
                block = parsed
            }
            var row = 0
            while next < keys.count {
                let key = keys[next].rawValue
                precondition(next == 0 || keys[next - 1].rawValue < key, "keys must ascend")
                while row < count, leaf.key(at: row) < key { row += 1 }
                guard row < count else { break }
                guard leaf.key(at: row) == key else {
                    throw StorageError.schema("table \(self.spec.name) has no object \(keys[next])")
                }
                let proceed: Bool
                if let block, !block.isExternal(row) {
                    proceed = try body(block.isNull(row) ? nil : try block.variableBytes(row))
                } else {
                    switch try tree.cell(in: leaf, row: row, column: position) {
                    case .bytes(let bytes): proceed = try bytes.withUnsafeBytes { try body($0) }
                    case .null: proceed = try body(nil)
                    default: throw StorageError.corrupt("string column \(spec.name) holds a non-byte cell")
                    }
                }
                guard proceed else {
                    completed = false
                    return false
                }
                next += 1
                row += 1
            }
            return next < keys.count
        }
        guard !completed || next == keys.count else {
            throw StorageError.schema("table \(self.spec.name) has no object \(keys[next])")
        }
        return completed
    }

    /// Calls `body` with the UTF-8 bytes of string column `column` of object `key` (nil for null); a committed
    /// value stored in its leaf is passed in place, not copied.
    func withStringBytes<Result>(
        _ key: ObjectKey,
        _ column: ColumnKey,
        _ body: (UnsafeRawBufferPointer?) throws -> Result
    ) throws -> Result {
        let position = try position(column)
        let spec = self.spec.columns[position]
        precondition(spec.type == .string && spec.collection == .single, "\(spec.name) is not a string column")
        guard let (leaf, row) = try tree.locate(key.rawValue) else {
            throw StorageError.schema("table \(self.spec.name) has no object \(key)")
        }
        if case .clean(let view) = leaf, let block = try view.block(column), block.kind == .variable,
            !block.isExternal(row)
        {
            return try body(block.isNull(row) ? nil : try block.variableBytes(row))
        }
        switch try tree.cell(in: leaf, row: row, column: position) {
        case .bytes(let bytes): return try bytes.withUnsafeBytes { try body($0) }
        case .null: return try body(nil)
        default: throw StorageError.corrupt("string column \(spec.name) holds a non-byte cell")
        }
    }

    /// Every column's value of object `key`, in column order.
    package func row(_ key: ObjectKey) throws -> [Value] { try values(key, spec.columns.map(\.key)) }

    /// The values of `column` for every object, in key order: one pass over the leaves, reading committed leaves
    /// column block by column block.
    package func columnValues(_ column: ColumnKey) throws -> [Value] {
        let position = try position(column)
        let spec = self.spec.columns[position]
        // No reservation from the object count: in a damaged file it could be anything.
        var values: [Value] = []
        try tree.forEachLeaf { leaf in
            if case .clean(let view) = leaf, spec.collection == .single, let block = try view.block(spec.key) {
                for row in 0..<leaf.count {
                    if block.isNull(row) {
                        // Read as every read takes it: null, or the default of a column that is not nullable.
                        values.append(
                            try value(of: tree.cell(in: block, row: row, column: position), position: position)
                        )
                        continue
                    }
                    switch spec.type {
                    case .int: values.append(.int(block.integer(row)))
                    case .bool: values.append(.bool(block.integer(row) != 0))
                    case .double: values.append(.double(block.double(row)))
                    case .float: values.append(.float(block.float(row)))
                    default: values.append(try value(of: block.cell(row, reader: tree.reader), position: position))
                    }
                }
            } else {
                for row in 0..<leaf.count {
                    values.append(try value(of: tree.cell(in: leaf, row: row, column: position), position: position))
                }
            }
            return true
        }
        return values
    }

    /// The objects whose `column` value satisfies `isMatch`, with that value, in key order: one pass over the
    /// leaves, decoding each value.
    func objects(in column: ColumnKey, where isMatch: (Value) throws -> Bool) throws -> [(ObjectKey, Value)] {
        let position = try position(column)
        var found: [(ObjectKey, Value)] = []
        try tree.forEachLeaf { leaf in
            for row in 0..<leaf.count {
                let value = try value(of: tree.cell(in: leaf, row: row, column: position), position: position)
                if try isMatch(value) { found.append((ObjectKey(leaf.key(at: row)), value)) }
            }
            return true
        }
        return found
    }

    /// Every object key, ascending.
    package func keys() throws -> [ObjectKey] {
        var keys: [ObjectKey] = []
        // Bounded: a count read from a damaged catalog must not trap in the allocation (the walk finds the truth).
        keys.reserveCapacity(min(count, 1 << 22))
        try tree.forEachLeaf { leaf in
            // The leaf's kind is looked at once, not per key.
            switch leaf {
            case .clean(let view): view.appendKeys(to: &keys)
            case .dirty(let leaf): keys.append(contentsOf: leaf.keys.lazy.map(ObjectKey.init))
            }
            return true
        }
        return keys
    }

    /// Up to `limit` object keys above `after` (from the first when nil), in key order.
    package func keys(after: ObjectKey?, limit: Int) throws -> [ObjectKey] {
        try tree.keys(after: after?.rawValue, limit: limit).map(ObjectKey.init)
    }

    /// The key of the object at `position` in key order.
    package func key(atPosition position: Int) throws -> ObjectKey {
        precondition(position >= 0 && position < count, "position \(position) out of 0..<\(count)")
        return ObjectKey(try tree.key(atPosition: position))
    }

    /// The index of `column`, if it has one.
    func index(_ column: ColumnKey) throws -> SearchIndex? {
        if let cached = indexCache.first(where: { $0.column == column }) { return cached.index }
        let spec = try self.column(column)
        guard spec.indexed else { return nil }
        let index = SearchIndex(root: spec.indexRoot, context: context)
        indexCache.append((column, index))
        return index
    }

    /// Forgets the cached index of `column` (after the index is dropped or rebuilt).
    func dropCachedIndex(_ column: ColumnKey) { indexCache.removeAll { $0.column == column } }

    /// The first object whose `column` equals `value` (a primary key's object), if any.
    package func firstObject(_ column: ColumnKey, equalTo value: Value) throws -> ObjectKey? {
        try firstObjectLocated(column, equalTo: value)?.key
    }

    /// As ``firstObject(_:equalTo:)``, with the object's row when the lookup found it by reading the row (an integer
    /// primary key that is its object's key, Table+PrimaryKeyAsObjectKey.swift); nil for the row otherwise.
    package func firstObjectLocated(_ column: ColumnKey, equalTo value: Value) throws -> (
        key: ObjectKey, row: RowLocation?
    )? {
        // An integer primary key is often its object's key: one descent then.
        if case .int(let wanted) = value, let found = try objectLocatedByPrimaryKey(wanted, column: column) {
            return (found.key, found.row)
        }
        let found: ObjectKey?
        if let index = try index(column), ValueCodec.indexHashIsExact(value, in: spec.columns[try position(column)]) {
            found = try index.firstCandidate(hash: ValueCodec.indexHash(value))
        } else {
            found = try find(column, equalTo: value).first
        }
        return found.map { ($0, nil) }
    }

    /// The objects whose `column` equals `value`, ascending; uses the index when there is one.
    package func find(_ column: ColumnKey, equalTo value: Value) throws -> [ObjectKey] {
        if let index = try index(column) {
            let candidates = try index.candidates(for: value)
            if ValueCodec.indexHashIsExact(value, in: spec.columns[try position(column)]) { return candidates }
            return try candidates.filter { try self.value($0, column) == value }
        }
        let position = try position(column)
        var result: [ObjectKey] = []
        try tree.forEachLeaf { leaf in
            for row in 0..<leaf.count {
                let cell = try tree.cell(in: leaf, row: row, column: position)
                if try self.value(of: cell, position: position) == value {
                    result.append(ObjectKey(leaf.key(at: row)))
                }
            }
            return true
        }
        return result
    }

    /// The objects of `originTable` whose link column `originColumn` links to `key`, with multiplicity.
    package func backlinks(_ key: ObjectKey, from originTable: TableKey, column originColumn: ColumnKey) throws
        -> [ObjectKey]
    {
        guard
            let backlink = spec.columns.first(where: {
                $0.type == .backlink && $0.linkTable == originTable && $0.originColumn == originColumn
            })
        else {
            throw StorageError.schema("table \(spec.name) has no backlinks from \(originTable).\(originColumn)")
        }
        guard case .list(let values) = try value(key, backlink.key) else { return [] }
        return values.compactMap { if case .link(let origin) = $0 { return origin } else { return nil } }
    }

    /// Sums an integer or double column by walking its blocks (a columnar scan).
    package func scanColumn(_ column: ColumnKey, _ body: (ColumnBlock) throws -> Void) throws {
        let position = try position(column)
        let columnKey = spec.columns[position].key
        try tree.forEachLeaf { leaf in
            switch leaf {
            case .clean(let view):
                if let block = try view.block(columnKey) { try body(block) }
            case .dirty:
                throw StorageError.schema("columnar scans read committed versions only")
            }
            return true
        }
    }
}
