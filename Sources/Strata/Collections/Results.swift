import Foundation
import StrataCore
import Synchronization

/// The objects of one type in a realm that match a query, as a live collection.
///
/// ```swift
/// let names = await realm.read { realm in
///     realm.objects(Person.self).filter("age >= 18").sorted(byKeyPath: "name").map(\.name)
/// }
/// ```
///
/// Live results reflect the realm's current version, including its own write transaction, and are
/// confined to the realm's actor; ``freeze()`` gives a snapshot any task can read. Results are
/// evaluated lazily, when first read after a change.
/// - Complexity: Without a query, `count` is O(1) and subscripting O(log n); with one, the first read
///   after a change evaluates the query (an index lookup for equality on an indexed property, else a
///   scan).
public struct Results<Element: RealmCollectionValue>: RandomAccessCollection, CustomStringConvertible, Sendable {
    let source: RealmSource
    let className: String
    let query: ParsedQuery?
    /// For results over a collection property (`list.filter(…)`): the objects the query starts from.
    let base: CollectionBase?
    /// For live results: the realm's epoch when they were made (``isInvalidated`` after `invalidate()`).
    private let epoch: Int
    /// Whether the query reads its table alone, so that its cached keys stay good while that table is unchanged.
    private let readsOnlyRoot: Bool
    let cache = ResultsCache()

    init(source: RealmSource, table: ResolvedTable?) {
        self.init(
            source: source,
            className: table?.className ?? ObjectClassInfo.unqualifiedName(of: Element.self),
            query: nil
        )
    }

    init(source: RealmSource, className: String, query: ParsedQuery? = nil, base: CollectionBase? = nil) {
        self.source = source
        self.className = className
        self.query = query
        self.base = base
        epoch = source.liveStateIfConfined("Results")?.epoch ?? 0
        readsOnlyRoot =
            base == nil
            && source.schema("Results").tables[className].map { query?.readsOnlyRoot($0.info) ?? true } ?? false
    }

    /// Whether the results are every object of the table, in table order (no query, no collection).
    var isWholeTable: Bool { query == nil && base == nil }

    /// Whether the results are values of a collection of primitives (`scores.sorted(ascending: false)`).
    var holdsValues: Bool { base?.holdsValues ?? false }

    /// The values of results over a collection of primitives, after the query (cached per realm change).
    var primitiveValues: [StrataCore.Value] { ReadFailure.reading("Results") { try currentPrimitiveValues() } }

    /// ``primitiveValues``, throwing what the read throws (as ``RealmError``) instead of stopping: for observers,
    /// which deliver the error.
    func currentPrimitiveValues() throws -> [StrataCore.Value] {
        guard let base else { return [] }
        let current = generation
        if let cached = cache.values(for: current) { return cached }
        let values = try readingThrowing { reader in ValueQuery.run(query, over: try base.values(reader)) }
        cache.store(values: values, for: current)
        return values
    }

    private func value(at position: Int) -> Element {
        let values = primitiveValues
        precondition(
            position >= 0 && position < values.count,
            "Index \(position) is out of bounds (must be less than \(values.count))."
        )
        return ValueConversion.swiftValue(values[position], as: Element.self, source: source) as! Element
    }

    var table: ResolvedTable? { source.schema("Results").tables[className] }

    /// The stamp of frozen results' cache (they never change).
    static var frozenStamp: Int { -1 }

    /// The stamp the cached keys are good for: the last change to the results' table when the query reads that
    /// table alone, else the realm's last change; constant for frozen results.
    private var generation: Int {
        guard let state = source.liveStateIfConfined("Results") else { return Self.frozenStamp }
        guard readsOnlyRoot, let table else { return state.generation }
        return state.stamp(of: table.tableKey)
    }

    /// A binder for key paths and queries rooted at `table`, reading through `reader`.
    func binder(_ reader: any TransactionReading, _ table: ResolvedTable) -> QueryBinder {
        QueryBinder(
            reading: reader,
            root: table.tableKey,
            linkingProperties: source.schema.linkingProperties,
            columnNames: source.schema.columnNames,
            embeddedTables: source.schema.embeddedTables
        )
    }

    /// Runs `body` against the realm's current version; damage stops with the damage message (ReadFailure.swift), any
    /// other failure is a programming error (the query was validated when the results were made) and stops with
    /// Realm's message.
    func reading<T>(_ body: (any TransactionReading) throws -> T) -> T {
        do {
            return try readingThrowing(body)
        } catch {
            ReadFailure.stop(error, reading: "Results", otherwise: "\(error)")
        }
    }

    /// Runs `body` against the realm's current version, throwing what it throws as ``RealmError``.
    func readingThrowing<T>(_ body: (any TransactionReading) throws -> T) throws -> T {
        try source.read("Results") { reader in try realmErrors { try body(reader) } }
    }

    /// The keys of the matching objects, in order (nil for the whole table: the table's order).
    private var keys: [ObjectKey]? { ReadFailure.reading("Results") { try currentKeys() } }

    /// ``keys``, throwing what the read throws (as ``RealmError``) instead of stopping.
    private func currentKeys() throws -> [ObjectKey]? {
        guard !isWholeTable else { return nil }
        if let cached = cache.keys(for: generation) { return cached }
        return try evaluatedKeys()?.keys
    }

    /// The keys of a query's results, and where its scan found them when the realm is still at the generation of
    /// the scan (ResultRows.swift in StrataCore; live results whose query scans its table and sorts): the iterator
    /// then binds each object to its row with no search (ResultRowBinder.swift). Nil for the whole table.
    private func keysAndRows() throws -> (keys: [ObjectKey], rows: ResultsCache.Rows?)? {
        guard !isWholeTable else { return nil }
        if let cached = cache.keysAndRows(for: generation) {
            guard let rows = cached.rows else { return (cached.keys, nil) }
            if rows.generation == source.liveStateIfConfined("Results")?.generation { return cached }
            // Rows of an older generation (the results' table did not change, another one did) are stale: they go,
            // and what they hold with them.
            cache.forgetRows()
            return (cached.keys, nil)
        }
        return try evaluatedKeys()
    }

    /// Runs the query and caches its keys (with the rows its scan found, for live results at the realm's generation
    /// after the scan); nil for the whole table.
    private func evaluatedKeys() throws -> (keys: [ObjectKey], rows: ResultsCache.Rows?)? {
        guard !isWholeTable, let table else { return nil }
        let current = generation
        let query = self.query ?? ParsedQuery(predicate: .truePredicate)
        // Only live objects keep rows: frozen results (read by any task) keep none.
        let live = source.liveStateIfConfined("Results")
        let (keys, found) = try readingThrowing { reader in
            try QueryEvaluator(reading: reader).run(
                try binder(reader, table).bind(query),
                over: try base?.keys(reader),
                locating: live != nil
            )
        }
        // Read after the scan: pinning a version for it may have moved the generation.
        let rows = found.flatMap { found in live.map { ResultsCache.Rows(rows: found, generation: $0.generation) } }
        // A write transaction's rows hold its dirty leaves, which the cache would keep past the transaction: only the
        // iterator that asked for them keeps them.
        cache.store(keys, for: current, evaluated: true, rows: live?.writeTransaction == nil ? rows : nil)
        return (keys, rows)
    }

    /// The keys of every object in order, read in one pass (the query's result, or the whole table).
    var objectKeys: [ObjectKey] { ReadFailure.reading("Results") { try currentObjectKeys() } }

    /// ``objectKeys``, throwing what the read throws (as ``RealmError``) instead of stopping: for observers, which
    /// deliver the error.
    func currentObjectKeys() throws -> [ObjectKey] {
        if let keys = try currentKeys() { return keys }
        guard let table else { return [] }
        return try readingThrowing { reader in try reader.table(table.tableKey).keys() }
    }

    /// Iterates the objects, reading their keys once. A whole table read outside a write transaction (whose
    /// version cannot change under the loop) is read a piece at a time, so that iterating a large table keeps
    /// no list of every key; in a write transaction the keys are read up front, so a loop may delete the
    /// objects it visits, as in Realm.
    ///
    /// An object the loop lets go of before it asks for the next one (`for person in results { person.score += 1 }`)
    /// may be bound to the next row instead of a new object being made, when nothing else refers to it and its class
    /// holds only `@Persisted` properties. An object you keep, strongly or weakly, always stays the one it was.
    /// - Returns: an iterator over the results as they are when it is made.
    /// - Complexity: for a query, O(n) to make for n objects (the query runs on first access); for a whole table
    ///   of n objects, O(n) to make in a write transaction, amortized O(1) per element otherwise.
    public func makeIterator() -> RLMIterator<Element> {
        if holdsValues {
            let source = self.source
            let values = primitiveValues
            return RLMIterator(count: values.count) {
                ValueConversion.swiftValue(values[$0], as: Element.self, source: source) as! Element
            }
        }
        guard let table else { return RLMIterator(keys: [], make: { _ in preconditionFailure() }) }
        // The closures capture no `Results` value: calling a method on one would look up its generic
        // metadata for every object.
        let source = self.source
        let live = source.liveStateIfConfined("Results")
        let inWrite = live?.writeTransaction != nil
        // One context for every object the iterator makes (ObjectBinding.swift): each then holds one reference. Off
        // the realm's thread there is none: the keys' read stops there with the confinement message.
        let context = live != nil || source.isFrozen ? BindingContext.of(source, table) : nil
        let make: (ObjectKey) -> Element
        var recycler: ObjectRecycler?
        if let context, context.isRecyclable, ObjectIdentifier(context.type) == ObjectIdentifier(Element.self) {
            // An object the loop dropped is rebound to the next row (ObjectRecycler.swift). Proof of the
            // `unsafeBitCast`: the recycler's objects are instances of `context.type`, which the identity test shows
            // is `Element` itself, so both sides are one strong reference to the same instance.
            let objects = ObjectRecycler(context)
            recycler = objects
            make = { key in unsafeBitCast(objects.object(for: key), to: Element.self) }
        } else {
            make = { key in ObjectBinding.makeElement(Element.self, context ?? BindingContext.of(source, table), key) }
        }
        if !isWholeTable, let context, !context.isFrozen,
            let (keys, rows) = ReadFailure.reading("Results", { try keysAndRows() })
        {
            // The query's scan found each object's row (ResultRowBinder.swift): each object is handed its row.
            guard let rows, let binder = ResultRowBinder(context, rows: rows.rows, generation: rows.generation) else {
                return RLMIterator(keys: keys, make: make)
            }
            if let recycler {
                // Proof of the `unsafeBitCast`: as above.
                return RLMIterator(keys: keys) { position, key in
                    unsafeBitCast(recycler.object(for: key, found: binder.row(at: position)), to: Element.self)
                }
            }
            return RLMIterator(keys: keys) { position, key in
                ObjectBinding.makeElement(Element.self, context, key, found: binder.row(at: position))
            }
        }
        guard isWholeTable, !inWrite else { return RLMIterator(keys: objectKeys, make: make) }
        return RLMIterator(
            keysAfter: { last in
                source.read("Results") { reader in
                    do {
                        return try reader.table(table.tableKey).keys(after: last, limit: Self.iterationPiece)
                    } catch {
                        ReadFailure.stop(error, reading: "Results", otherwise: "\(RealmError.wrapping(error))")
                    }
                }
            },
            make: make
        )
    }

    /// How many keys an iteration over a whole table reads at a time.
    static var iterationPiece: Int { 4096 }

    /// The position of the first object.
    public var startIndex: Int { 0 }
    /// One past the position of the last object.
    public var endIndex: Int { count }

    /// The number of objects.
    public var count: Int {
        if holdsValues { return primitiveValues.count }
        guard let table else { return 0 }
        if let query, base == nil, query.stages.isEmpty, cache.keys(for: generation) == nil {
            // Counting needs no keys: the engine counts matches column block by column block.
            return reading { reader in
                let bound = try binder(reader, table).bind(query)
                return try QueryEvaluator(reading: reader).count(bound.predicate, table: table.tableKey)
            }
        }
        if let keys { return keys.count }
        return reading { reader in try reader.table(table.tableKey).count }
    }

    /// The object at `position`.
    /// - Parameter position: a position from 0 up to `count`; another stops with Realm Swift's message.
    /// - Complexity: O(log n) for all n objects of a class; O(1) for the results of a query once they are computed
    ///   (computing them is O(n), on first access and again after a change to what they read).
    public subscript(position: Int) -> Element {
        precondition(position >= 0, CollectionEdit.negativeIndexMessage())
        if holdsValues { return value(at: position) }
        guard let table else { preconditionFailure("Index \(position) is out of bounds (must be less than 0).") }
        let key: ObjectKey
        if let keys {
            precondition(
                position >= 0 && position < keys.count,
                "Index \(position) is out of bounds (must be less than \(keys.count))."
            )
            key = keys[position]
        } else {
            key = source.read("Results") { reader in
                let engine: StrataCore.Table
                do {
                    engine = try reader.table(table.tableKey)
                } catch {
                    ReadFailure.stop(error, reading: "Results", otherwise: "the realm is invalidated")
                }
                precondition(
                    position >= 0 && position < engine.count,
                    "Index \(position) is out of bounds (must be less than \(engine.count))."
                )
                do {
                    return try engine.key(atPosition: position)
                } catch {
                    ReadFailure.stop(error, reading: "Results", otherwise: "\(error)")
                }
            }
        }
        return object(table, key)
    }

    private func object(_ table: ResolvedTable, _ key: ObjectKey) -> Element {
        ObjectBinding.makeElement(Element.self, source, table, key)
    }

    /// The realm the results belong to (a frozen realm for frozen results).
    public var realm: Realm? {
        switch source {
        case .live(let realm): return realm
        case .frozen(let snapshot): return snapshot.realm
        }
    }

    /// Whether the results are frozen.
    public var isFrozen: Bool { source.isFrozen }

    /// Whether the realm was invalidated or closed.
    public var isInvalidated: Bool {
        guard let state = source.liveStateIfConfined("Results") else { return false }
        return state.isClosed || state.epoch != epoch
    }

    /// A snapshot of the results at the current version, readable from any task.
    /// - Returns: frozen results of the same query at the realm's current version; frozen results return
    ///   themselves.
    /// - Throws: ``RealmError/tooManyActiveVersions(_:)`` when the realm's version limit is reached.
    /// - Complexity: O(1); the query runs again on the snapshot when it is first read.
    public func freeze() throws -> Results<Element> {
        switch source {
        case .frozen: return self
        case .live(let realm):
            return Results(
                source: .frozen(try realm.makeFrozenSnapshot()),
                className: className,
                query: query,
                base: base
            )
        }
    }

    /// The position of `object`, or nil: a managed object of this file is looked up by its object key among the
    /// results' keys, without making an object per position.
    func position(of object: Element) -> Int? {
        if let object = object as? ObjectBase, let binding = object.binding {
            guard binding.table.className == className, binding.databasePath == source.databasePath else { return nil }
            return objectKeys.firstIndex(of: binding.key)
        }
        return firstIndex { CollectionElementEquality.equal($0, object) }
    }

    /// The elements in Realm's format: `Results<Dog> <0x…> (\n\t[0] Dog {\n\t\tname = Rex;\n\t}\n)`, the first 100
    /// described in full.
    /// - Complexity: O(n) for the n elements it shows.
    public var description: String { realmDescription(depth: RealmDescription.maximumDepth) }

    // MARK: Queries (the public forms are declared once, on ``RealmCollection``)

    private func refined(_ body: (inout ParsedQuery) -> Void) -> Results<Element> {
        var next = query ?? ParsedQuery(predicate: .truePredicate)
        body(&next)
        return Results(source: source, className: className, query: next, base: base)
    }

    /// Checks a query against the schema now, so errors surface where the query is made.
    private func validated(_ next: Results<Element>) throws -> Results<Element> {
        guard let table, let query = next.query else { return next }
        if holdsValues {
            try ValueQuery.validate(query)
            return next
        }
        try source.read("Results") { reader in
            _ = try realmErrors { try binder(reader, table).bind(query) }
        }
        return next
    }

    /// The elements that also match `predicate`.
    func refinedFilter(_ predicate: RealmPredicate) throws -> Results<Element> {
        try validated(
            refined { query in
                query.predicate =
                    query.predicate == .truePredicate
                    ? predicate.parsed.predicate : .and([query.predicate, predicate.parsed.predicate])
                query.stages += predicate.parsed.stages
                query.keyPathColumns.merge(predicate.parsed.keyPathColumns) { earlier, _ in earlier }
                query.exactDecimals.merge(predicate.parsed.exactDecimals) { earlier, _ in earlier }
                query.argumentTexts.merge(predicate.parsed.argumentTexts) { earlier, _ in earlier }
            }
        )
    }

    /// The elements sorted by several keys, the first most significant (a stable sort).
    func refinedSort(_ sortDescriptors: [SortDescriptor]) throws -> Results<Element> {
        let keys = sortDescriptors.map { QuerySortKey(keyPath: $0.keyPath, ascending: $0.ascending) }
        return try validated(refined { $0.sort(by: keys) })
    }

    /// The first element for each distinct combination of values of `keyPaths`.
    func refinedDistinct(_ keyPaths: [String]) throws -> Results<Element> {
        try validated(refined { $0.stages.append(.distinct(keyPaths)) })
    }
}

extension Results: RealmCollection {
    /// Results are queried directly; they are equal only to themselves and their copies (which share `cache`).
    public var _contents: _RealmCollectionContents<Element> {
        _RealmCollectionContents(results: self, identity: ObjectIdentifier(cache))
    }

    /// The live results for frozen ones, in the realm whose `read` or `write` block is running (for the same file).
    /// Outside such a block there is no realm to thaw into, and it stops with a message saying so.
    /// - Returns: live results of the same query; live results return themselves.
    /// - Complexity: O(1); the live results run their query on first access.
    public func thaw() -> Results<Element>? {
        guard source.isFrozen else { return self }
        return Results(source: .live(source.thawingRealm()), className: className, query: query, base: base)
    }

    /// Whether two results are the same query over the same collection of the same realm version.
    func isSameQuery(as other: Results<Element>) -> Bool {
        source.isSame(as: other.source) && className == other.className && query == other.query
            && sameBase(base, other.base)
    }

    private func sameBase(_ lhs: CollectionBase?, _ rhs: CollectionBase?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): return true
        case (let lhs?, let rhs?): return lhs.isSame(as: rhs)
        default: return false
        }
    }
}

/// Caches the evaluated keys of results for one stamp (see `Results.generation`). Frozen results are read from
/// any number of tasks, so the cache is guarded by a lock held only to look up or store.
final class ResultsCache: Sendable {
    /// Where a live query's scan found its keys (ResultRows.swift in StrataCore), good while the realm's
    /// `generation` is `generation`.
    struct Rows {
        let rows: ResultRows
        let generation: Int
    }

    /// The keys for `stamp`, and the rows the scan that computed them found (nil but for live results).
    ///
    /// Unchecked (Locked.swift), with this proof: the keys are `Sendable`; rows are only stored by live results and
    /// only read back by them (``keysAndRows(for:)``), after checking that they run on their realm's thread, so no two
    /// threads ever reach one `ResultRows`. A frozen results' cache, which any task reads, holds none.
    private let entry = UncheckedLocked<(stamp: Int, keys: [ObjectKey], rows: Rows?)>((Int.min, [], nil))
    /// How many times the query of these results was evaluated (for tests of the cache's keying).
    let evaluations = Atomic<Int>(0)

    private let valueEntry = Locked<(stamp: Int, values: [StrataCore.Value])>((Int.min, []))

    func values(for stamp: Int) -> [StrataCore.Value]? {
        valueEntry.withLock { $0.stamp == stamp ? $0.values : nil }
    }

    func store(values: [StrataCore.Value], for stamp: Int) {
        evaluations.add(1, ordering: .relaxed)
        valueEntry.withLock { $0 = (stamp, values) }
    }

    func keys(for stamp: Int) -> [ObjectKey]? {
        entry.withLock { $0.stamp == stamp ? $0.keys : nil }
    }

    /// The keys for `stamp` with the rows stored beside them; only for live results, on their realm's thread.
    func keysAndRows(for stamp: Int) -> (keys: [ObjectKey], rows: Rows?)? {
        entry.withLock { $0.stamp == stamp ? ($0.keys, $0.rows) : nil }
    }

    /// Forgets the rows stored beside the keys (stale: the realm moved on); only for live results, on their realm's
    /// thread.
    func forgetRows() {
        entry.withLock { $0.rows = nil }
    }

    /// Stores the keys for `stamp`, with `rows` (only live results give any, on their realm's thread).
    func store(_ keys: [ObjectKey], for stamp: Int, evaluated: Bool, rows: Rows? = nil) {
        if evaluated { evaluations.add(1, ordering: .relaxed) }
        entry.withLock { $0 = (stamp, keys, rows) }
    }
}

extension ParsedQuery {
    /// Whether the query reads the root table only (no link, backlink or subquery to another table), so that
    /// its results change only when that table does.
    func readsOnlyRoot(_ root: ObjectClassInfo) -> Bool {
        func local(_ path: [String]) -> Bool {
            guard path.count == 1, let index = root.index(ofProperty: path[0]) else { return false }
            return !root.properties[index].typeInfo.isLinkingObjects
        }
        func local(_ operand: QueryOperand) -> Bool {
            switch operand {
            case .keyPath(let path, _, let aggregateProperty, _): return aggregateProperty == nil && local(path)
            case .subqueryCount: return false
            case .constant, .list: return true
            }
        }
        func local(_ node: QueryNode) -> Bool {
            switch node {
            case .truePredicate, .falsePredicate: return true
            case .and(let nodes), .or(let nodes): return nodes.allSatisfy(local)
            case .not(let node): return local(node)
            case .comparison(let lhs, _, let rhs, _, _, _): return local(lhs) && local(rhs)
            case .between(let value, let low, let high, _, _): return local(value) && local(low) && local(high)
            case .geoWithin: return false
            }
        }
        return local(predicate)
            && stages.allSatisfy { stage in
                switch stage {
                case .sort(let keys):
                    return keys.allSatisfy { local($0.keyPath.split(separator: ".").map(String.init)) }
                case .distinct(let paths): return paths.allSatisfy { local($0.split(separator: ".").map(String.init)) }
                case .limit: return true
                }
            }
    }
}

extension Results: RealmDescribableCollection {
    static var descriptionName: String { "Results" }
}

/// The objects or values, for assigning them to a list or set property (`owner["items"] = results`) or copying
/// them into a new object, as Realm Swift accepts any collection there.
extension Results: ElementsProvider {
    var anyElements: [Any] { map { $0 as Any } }
}
