// QueryEvaluator.swift: runs a bound query over a transaction's tables.
//
// Order of work: candidates (a collection's own objects, in its order, when the query runs over one; else
// an index lookup when the predicate requires `indexedColumn == constant` or `IN` on it; else every object)
// → predicate, object by object, short-circuiting → DISTINCT (first object of each value combination, in
// candidate order) → SORT (stable, nulls first ascending, Realm's string collation; QueryEvaluator+Sorting.swift,
// whose scan reads a string sort column as it selects) → LIMIT. Asked to locate, a scan of a query that sorts
// also records where it found each object (ResultRows.swift), and every stage moves those rows with the keys.
//
// A sort or distinct key path through links treats an object whose chain of links breaks (a nil link before
// the last property) as realm-core does: DISTINCT drops the object; SORT puts it after every other object
// ascending and before them descending (a null *value* at the end of an unbroken chain is an ordinary null).
//
// What a key path yields (`values`), as realm-core's expressions do: the values of every object reached, in order,
// duplicates kept; a null for a chain of to-one links that breaks; for an aggregate, one value per object reached,
// except that @min/@max/@sum/@avg of a property of linked objects after another collection aggregate every object
// reached at once, and a collection of values behind a broken chain of to-one links aggregates as an empty one;
// for `@links.@count` (no final column), the number of links to the objects reached, added up. A hop through one
// key of a map of links follows that key's link only.
//
// Quantifiers: ANY holds when any value yielded passes; ALL and NONE when every value does, or none does, except
// over a collection of values reached through another collection (`ALL list.integers == 1`), where they apply per
// collection reached, any of which may satisfy them, and hold when no collection is reached (realm-core).

/// Evaluates bound queries.
package struct QueryEvaluator {
    let reading: any TransactionReading

    package init(reading: any TransactionReading) {
        self.reading = reading
    }

    /// The keys of the objects the query selects, in result order. With `base` (the objects of a list, or the
    /// objects linking to one), only those objects are candidates, in `base`'s order, before the stages.
    package func run(_ query: BoundQuery, over base: [ObjectKey]? = nil) throws -> [ObjectKey] {
        try run(query, over: base, locating: false).keys
    }

    /// The keys of the objects the query selects, in result order, and, when `locating` and the query scans its
    /// table and sorts, where the scan found each of them (ResultRows.swift): a sorted result's objects then reach
    /// their rows without a search. No rows for a query over `base`, one an index narrows, or one without a sort
    /// (its keys ascend, and a walk in key order finds each row after the previous one).
    package func run(
        _ query: BoundQuery,
        over base: [ObjectKey]?,
        locating: Bool
    ) throws -> (keys: [ObjectKey], rows: ResultRows?) {
        let table = try reading.table(query.table)
        var keys: [ObjectKey]
        var rows: ResultRows?
        var stages = query.stages[...]
        let locating =
            locating
            && stages.contains {
                if case .sort = $0 { return true }
                return false
            }
        if let base {
            keys = try base.filter { try matches(query.predicate, key: $0, table: query.table) }
        } else if let candidates = try candidates(query.predicate, table: table) {
            keys = try candidates.filter { try matches(query.predicate, key: $0, table: query.table) }
        } else if let (sortKey, column) = Self.scannedStringSort(stages.first, table: query.table) {
            // Sorted first by a string of the table: the scan reads the column as it goes (QueryEvaluator+Sorting).
            let found: [ObjectKey]
            let strings: SortColumnBytes
            (found, strings, rows) = try scan(query.predicate, table: table, collecting: column, locating: locating)
            let order = try sortOrder(found, strings: strings, by: sortKey)
            keys = order.map { found[$0] }
            rows?.select(order)
            stages = stages.dropFirst()
        } else if locating {
            (keys, rows) = try scanLocating(query.predicate, table: table)
        } else {
            keys = try scan(query.predicate, table: table)
        }
        for stage in stages {
            switch stage {
            case .distinct(let paths):
                var kept = Array(keys.indices)
                let linked = paths.filter { !$0.hops.isEmpty }
                if !linked.isEmpty {
                    kept = try kept.filter { index in try !linked.contains { try linkIsMissing($0, key: keys[index]) } }
                }
                // Decimals by value: 150 and 1.5E2 are one value in two stored forms.
                var seen = Set<[Value]>()
                kept = try kept.filter { index in
                    seen.insert(
                        try paths.map { path in
                            let value = try single(path, key: keys[index])
                            if case .decimal128(let bytes) = value { return .decimal128(DecimalBits.canonical(bytes)) }
                            return value
                        }
                    ).inserted
                }
                if kept.count != keys.count {
                    keys = kept.map { keys[$0] }
                    rows?.select(kept)
                }
            case .sort(let sortKeys):
                let order = try sortOrder(keys, by: sortKeys)
                keys = order.map { keys[$0] }
                rows?.select(order)
            case .limit(let limit):
                if keys.count > limit { keys = Array(keys.prefix(limit)) }
                rows?.keepPrefix(limit)
            }
        }
        return (keys, rows)
    }

    /// Every object of `table` that matches, walking the cluster leaves in key order: compiled
    /// numeric filters run over whole column blocks, other predicates row by row.
    private func scan(_ predicate: BoundNode, table: Table) throws -> [ObjectKey] {
        if case .constant(true) = predicate { return try table.keys() }
        let compiled = ColumnarFilter(predicate, spec: table.spec)
        var keys: [ObjectKey] = []
        try table.tree.forEachLeaf { leaf in
            if let compiled, case .clean(let view) = leaf {
                try compiled.filter(view, reader: table.tree.reader, into: &keys)
                return true
            }
            for row in 0..<leaf.count {
                let key = ObjectKey(leaf.key(at: row))
                if try matches(predicate, key: key, table: table.key) { keys.append(key) }
            }
            return true
        }
        return keys
    }

    /// The number of objects of `table` that match (the columnar count when the predicate compiles).
    package func count(_ predicate: BoundNode, table: TableKey) throws -> Int {
        let engine = try reading.table(table)
        if let candidates = try candidates(predicate, table: engine) {
            return try candidates.filter { try matches(predicate, key: $0, table: table) }.count
        }
        guard let compiled = ColumnarFilter(predicate, spec: engine.spec) else {
            return try scan(predicate, table: engine).count
        }
        var total = 0
        // Read once: the reader holds references, which the closure would otherwise retain and release per leaf.
        let reader = engine.tree.reader
        try engine.tree.forEachLeafDirectory { leaf in
            switch leaf {
            case .clean(let directory): total += try compiled.count(directory, reader: reader)
            case .dirty(let leaf):
                for key in leaf.keys where try matches(predicate, key: ObjectKey(key), table: table) { total += 1 }
            }
            return true
        }
        return total
    }

    /// Whether one object matches a bound predicate.
    func matches(_ node: BoundNode, key: ObjectKey, table: TableKey) throws -> Bool {
        switch node {
        case .constant(let value): return value
        case .and(let terms):
            for term in terms where try !matches(term, key: key, table: table) { return false }
            return true
        case .or(let terms):
            for term in terms where try matches(term, key: key, table: table) { return true }
            return false
        case .not(let inner): return try !matches(inner, key: key, table: table)
        case .between(.path(let path), let low, let high, let quantifier):
            return try quantified(path, key: key, quantifier) { value in
                ValueComparison.matches(value, .greaterOrEqual, low, options: [])
                    && ValueComparison.matches(value, .lessOrEqual, high, options: [])
            }
        case .between: return false
        case .geoWithin(let typePath, let coordinatesPath, let region):
            // realm-core: the type is "Point" in any case; coordinates are [longitude, latitude, altitude?].
            guard case .string(let type) = try single(typePath, key: key), type.lowercased() == "point" else {
                return false
            }
            let coordinates = try values(coordinatesPath, key: key)
            guard coordinates.count >= 2, case .double(let longitude) = coordinates[0],
                case .double(let latitude) = coordinates[1]
            else { return false }
            return region.contains(GeoCoordinate(longitude: longitude, latitude: latitude))
        case .compare(.subqueryCount(let collection, let inner), let op, let rhs, _, _):
            let count = try subqueryCount(collection, inner, key: key)
            switch rhs {
            case .value(let value): return ValueComparison.matches(count, op, value, options: [])
            case .subqueryCount(let other, let otherInner):
                return ValueComparison.matches(count, op, try subqueryCount(other, otherInner, key: key), options: [])
            default: return false
            }
        case .compare(.path(let path), let op, let rhs, let options, let quantifier):
            let right: [Value]
            switch rhs {
            case .list(let list): right = list
            // A list constant is IN's list; compared otherwise (`mixed == [..]`), it is one value.
            case .value(.list(let list)) where op == .inList: right = list
            case .value(let value): right = [value]
            case .path(let other): right = [try single(other, key: key)]
            case .subqueryCount: return false
            }
            let nullOrder = Self.nullOrder(path, rhs)
            return try quantified(path, key: key, quantifier) { value in
                if op == .inList {
                    return right.contains { ValueComparison.matches(value, .equal, $0, options: options) }
                }
                return ValueComparison.matches(value, op, right[0], options: options, nullOrder: nullOrder)
            }
        case .compare: return false
        }
    }

    /// How nulls order in `path op rhs`: before every string when `path` is a string column of the queried object
    /// and `rhs` a constant (realm-core's StringNode), never elsewhere (ValueComparison.swift, rule 3).
    static func nullOrder(_ path: BoundPath, _ rhs: BoundOperand) -> ValueComparison.NullOrder {
        guard case .value = rhs, path.directColumn != nil, path.final?.type == .string else {
            return .unordered
        }
        return .stringsFirst
    }

    /// The number of objects of `collection` (of the object `key`) that match `inner`.
    private func subqueryCount(_ collection: BoundPath, _ inner: BoundNode, key: ObjectKey) throws -> Value {
        var count = 0
        let target = collection.final.flatMap(QueryBinder.linkTarget)
        for element in try values(collection, key: key) {
            if case .link(let linked) = element, let target, try matches(inner, key: linked, table: target) {
                count += 1
            }
        }
        return .int(Int64(count))
    }

    /// Whether the values `path` yields for the object `key` pass `test` under `quantifier` (ANY when nil).
    private func quantified(_ path: BoundPath, key: ObjectKey, _ quantifier: Quantifier?, _ test: (Value) -> Bool)
        throws -> Bool
    {
        guard path.isMultiple else { return try values(path, key: key).first.map(test) ?? false }
        let quantifier = quantifier ?? .any
        if quantifier == .all || quantifier == .noneOf, let groups = try valueGroups(path, key: key) {
            // realm-core: per collection reached, any of which may satisfy it; true when none is reached.
            return groups.isEmpty
                || groups.contains { quantifier == .all ? $0.allSatisfy(test) : !$0.contains(where: test) }
        }
        let values = try values(path, key: key)
        switch quantifier {
        case .any, .anyIfCollection: return values.contains(where: test)
        case .all: return values.allSatisfy(test)
        case .noneOf: return !values.contains(where: test)
        }
    }

    /// For a collection of values (or a map's keys or values) reached through another collection
    /// (`list.integers`): the values of each collection reached, one group per collection, as realm-core
    /// evaluates ALL and NONE there; nil for any other path.
    private func valueGroups(_ path: BoundPath, key: ObjectKey) throws -> [[Value]]? {
        guard path.mapKey == nil, path.mixedSteps == nil, let final = path.final, QueryBinder.isCollection(final),
            path.aggregate?.isSelector ?? (QueryBinder.linkTarget(final) == nil),
            path.hops.contains(where: { QueryBinder.isCollection($0.column) })
        else { return nil }
        let table = try reading.table(path.finalTable)
        return try reached(path, from: key).map { object in
            let value = try table.value(object, final.key)
            guard case .dictionary(let entries) = value, path.aggregate == .keys else { return elementsOf(value) }
            return entries.map { .string($0.key) }
        }
    }

    /// The objects the hops of `path` reach from the object `key`, in order, duplicates kept (a hop through one key of
    /// a map of links follows only that key's link).
    private func reached(_ path: BoundPath, from key: ObjectKey) throws -> [ObjectKey] {
        var objects = [key]
        for (index, hop) in path.hops.enumerated() {
            let table = try reading.table(hop.table)
            let mapKey = path.hopKeys[index]
            objects = try objects.flatMap { object -> [ObjectKey] in
                let value = try table.value(object, hop.column.key)
                guard let mapKey else { return linked(value) }
                guard case .dictionary(let entries) = value, let entry = entries.first(where: { $0.key == mapKey })
                else { return [] }
                return linked(entry.value)
            }
            if objects.isEmpty { return [] }
        }
        return objects
    }

    /// Whether the chain of to-one links of `path` breaks for one object: a link before the last property is nil.
    func linkIsMissing(_ path: BoundPath, key: ObjectKey) throws -> Bool {
        try !path.hops.isEmpty && reached(path, from: key).isEmpty
    }

    /// The single value of a to-one path (null where a link is missing).
    package func single(_ path: BoundPath, key: ObjectKey) throws -> Value {
        try values(path, key: key).first ?? .null
    }

    /// Every value a path yields for one object.
    func values(_ path: BoundPath, key: ObjectKey) throws -> [Value] {
        let objects = try reached(path, from: key)
        let table = try reading.table(path.finalTable)
        guard let final = path.final else {
            // `@links.@count`: every link to the objects reached, from any class and property, added up.
            let backlinks = table.spec.columns.filter { $0.type == .backlink }
            var count = 0
            for object in objects {
                for column in backlinks { count += elementsOf(try table.value(object, column.key)).count }
            }
            return path.aggregate == nil ? [] : [.int(Int64(count))]
        }
        if let steps = path.mixedSteps {
            return try objects.flatMap { object in
                MixedPath.apply(
                    path.aggregate,
                    to: MixedPath.values(try table.value(object, final.key), steps: steps[...])
                )
            }
        }
        if let mapKey = path.mapKey {
            // A key the map lacks reads as null (realm-core: `dict['missing'] == NULL` holds).
            return try objects.map { object in
                guard case .dictionary(let entries) = try table.value(object, final.key) else { return .null }
                return entries.first { $0.key == mapKey }?.value ?? .null
            }
        }
        // Realm's rule: a missing link along a chain of to-one links reads as null (`friend.name == nil` holds
        // for an object without a friend).
        if objects.isEmpty, !path.hops.isEmpty, path.aggregate == nil, !QueryBinder.isCollection(final),
            path.hops.allSatisfy({ !QueryBinder.isCollection($0.column) })
        {
            return [.null]
        }
        if let aggregate = path.aggregate, aggregate.isSelector {
            return try objects.flatMap { object -> [Value] in
                guard case .dictionary(let entries) = try table.value(object, final.key) else { return [] }
                return aggregate == .keys ? entries.map { .string($0.key) } : entries.map(\.value)
            }
        }
        if let aggregate = path.aggregate {
            let elementType = path.aggregateColumn?.type ?? final.type
            let throughCollection = path.hops.contains { QueryBinder.isCollection($0.column) }
            if let property = path.aggregateColumn, let target = final.linkTable, throughCollection {
                // realm-core: a property of linked objects after another collection aggregates every object reached.
                let targetTable = try reading.table(target)
                let elements = try objects.flatMap { object in
                    try linked(try table.value(object, final.key)).map { try targetTable.value($0, property.key) }
                }
                return [Self.aggregate(aggregate, elements, elementType: elementType)]
            }
            if objects.isEmpty, !path.hops.isEmpty, !throughCollection, QueryBinder.linkTarget(final) == nil {
                // realm-core: a collection of values behind a missing to-one link aggregates as an empty one.
                return [Self.aggregate(aggregate, [], elementType: elementType)]
            }
            return try objects.map { object in
                let collection = try table.value(object, final.key)
                var elements = elementsOf(collection)
                if let property = path.aggregateColumn, let target = final.linkTable {
                    let targetTable = try reading.table(target)
                    elements = try linked(collection).map { try targetTable.value($0, property.key) }
                }
                return Self.aggregate(aggregate, elements, elementType: elementType)
            }
        }
        return try objects.flatMap { object -> [Value] in
            let value = try table.value(object, final.key)
            return QueryBinder.isCollection(final) ? elementsOf(value) : [value]
        }
    }

    private func elementsOf(_ value: Value) -> [Value] {
        switch value {
        case .list(let elements): return elements
        case .dictionary(let entries): return entries.map(\.value)
        default: return []
        }
    }

    private func linked(_ value: Value) -> [ObjectKey] {
        switch value {
        case .link(let key): return [key]
        case .list(let elements): return elements.flatMap(linked)
        case .dictionary(let entries): return entries.flatMap { linked($0.value) }
        default: return []
        }
    }

    /// @count/@size, or @min, @max, @sum, @avg over a collection as ``ValueAggregate`` computes them.
    static func aggregate(_ aggregate: KeyPathAggregate, _ values: [Value], elementType: ValueType? = nil) -> Value {
        switch aggregate {
        case .count, .size: return .int(Int64(values.count))
        case .keys, .values: return .list(values)
        case .min: return ValueAggregate.extreme(values, smallest: true, elementType: elementType)
        case .max: return ValueAggregate.extreme(values, smallest: false, elementType: elementType)
        case .sum: return ValueAggregate.sum(values, elementType: elementType)
        case .avg: return ValueAggregate.average(values, elementType: elementType)
        case .type: return .null  // Bound only on mixed paths, which MixedPath.apply evaluates.
        }
    }

    /// Keys an index can narrow the search to, when the predicate requires an indexed equality.
    private func candidates(_ node: BoundNode, table: Table) throws -> [ObjectKey]? {
        switch node {
        case .compare(.path(let path), let op, let rhs, let options, _)
        where path.hops.isEmpty && path.aggregate == nil && options.isEmpty:
            guard let column = path.final, column.indexed, column.collection == .single, column.type != .mixed else {
                return nil
            }
            let values: [Value]
            switch (op, rhs) {
            case (.equal, .value(let value)) where !value.isNull: values = [value]
            case (.inList, .list(let list)), (.inList, .value(.list(let list))): values = list
            default: return nil
            }
            guard let index = try table.index(column.key) else { return nil }
            var keys = Set<ObjectKey>()
            for value in values {
                let stored = storedForm(value, column)
                for key in try index.candidates(for: stored) { keys.insert(key) }
            }
            return keys.sorted()
        case .and(let terms):
            for term in terms { if let keys = try candidates(term, table: table) { return keys } }
            return nil
        default:
            return nil
        }
    }

    /// A query constant in the form the column stores (index hashes are of stored values).
    private func storedForm(_ value: Value, _ column: ColumnSpec) -> Value {
        switch (column.type, value) {
        // A whole double within Int64's range is the integer; any other (1e30, 2.5) matches no integer as it is.
        case (.int, .double(let v)): return Int64(exactly: v).map { .int($0) } ?? value
        case (.int, .float(let v)): return Int64(exactly: v).map { .int($0) } ?? value
        case (.bool, .int(let v)): return .bool(v != 0)
        default: return value
        }
    }
}
