// OperationStream.swift: random operations checked against a plain in-memory model.
//
// Part of StrataTestSupport (not the engine): used by the model-based test (seeded) and by the
// operation-stream fuzz target (driven by the fuzzer's bytes): tables, columns of every kind, indexes, links,
// inserts, updates, deletes, commits, rollbacks, pinned versions, reopening and compaction, with verify() and
// a full comparison after every transaction. It drives the engine only through the write and read
// transactions' package API, as `Strata` does.

import Glibc

#if canImport(StrataCore)
    import StrataCore
#endif

/// A plain in-memory model of a database: what the engine must agree with after every step.
struct OperationStreamModel: Equatable {
    struct Table: Equatable {
        var key: TableKey
        var name: String
        var columns: [ColumnSpec]
        var objects: [ObjectKey: [ColumnKey: Value]]
    }

    var tables: [TableKey: Table] = [:]

    /// Non-backlink columns of a table.
    func dataColumns(_ table: TableKey) -> [ColumnSpec] {
        tables[table]!.columns.filter { $0.type != .backlink }
    }

    /// The backlinks the model's links imply for `target` from `origin`.`column`.
    func backlinks(to target: ObjectKey, from origin: TableKey, column: ColumnKey) -> [ObjectKey] {
        var result: [ObjectKey] = []
        for (key, values) in tables[origin]!.objects {
            for linked in Self.links(values[column] ?? .null) where linked == target { result.append(key) }
        }
        return result.sorted()
    }

    static func links(_ value: Value) -> [ObjectKey] {
        switch value {
        case .link(let key): return [key]
        case .list(let elements): return elements.flatMap(links)
        case .dictionary(let entries): return entries.flatMap { links($0.value) }
        default: return []
        }
    }

    /// What the model expects a stored collection to read back as. Written apart from the engine's own
    /// normalization on purpose: a model that called the engine's code could not catch a fault in it.
    static func normalized(_ value: Value, _ column: ColumnSpec) -> Value {
        switch (column.collection, value) {
        case (.set, .list(let elements)):
            var seen = Set<Value>()
            return .list(elements.filter { seen.insert($0).inserted })
        case (.dictionary, .dictionary(let entries)):
            var byKey: [String: Value] = [:]
            for entry in entries { byKey[entry.key] = entry.value }
            return .dictionary(byKey.keys.sorted().map { DictionaryEntry(key: $0, value: byKey[$0]!) })
        default: return value
        }
    }

    /// Applies Realm's delete rule: links to the deleted object are removed or nulled.
    mutating func delete(_ key: ObjectKey, from table: TableKey) {
        tables[table]!.objects[key] = nil
        for (originKey, origin) in tables {
            for column in origin.columns where column.isLink && column.linkTable == table {
                for (objectKey, values) in origin.objects {
                    let old = values[column.key] ?? .null
                    let new: Value
                    switch old {
                    case .link(let linked) where linked == key: new = .null
                    case .list(let elements): new = .list(elements.filter { $0 != .link(key) })
                    case .dictionary(let entries):
                        new = .dictionary(
                            entries.map { $0.value == .link(key) ? DictionaryEntry(key: $0.key, value: .null) : $0 }
                        )
                    default: new = old
                    }
                    tables[originKey]!.objects[objectKey]![column.key] = new
                }
            }
        }
    }
}

package struct OperationStream<Generator: RandomNumberGenerator> {
    typealias Model = OperationStreamModel
    var random: Generator
    /// Where the database lives; compaction alternates between `path` and `path + ".compacted"`.
    let path: String
    var currentPath: String
    var model = Model()
    var committed = Model()
    var database: Database!
    var pinned: [(ReadTransaction, Model)] = []
    var step = 0

    /// A stream drawing its choices from `random`, on a database at `path` (created, and removed by the caller).
    package init(random: Generator, path: String) {
        self.random = random
        self.path = path
        currentPath = path
    }

    /// Runs `operations` random operations in transactions of 1 to 12, committing or rolling back each, checking
    /// the engine against the model (and verify()) after every transaction, every pinned version, and after
    /// reopening and compacting; throws at the first disagreement.
    package mutating func run(operations: Int) async throws {
        database = try Database.open(path: currentPath)
        while step < operations {
            let write = try await database.beginWrite()
            model = committed
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                step += 1
                try operate(write)
            }
            if Int.random(in: 0..<5, using: &random) == 0 {
                write.rollback()
                model = committed
            } else {
                try write.commit()
                committed = model
                try database.verify()
            }
            try compare(try database.beginRead(), with: committed, "after transaction at step \(step)")
            for (read, snapshot) in pinned {
                try compare(read, with: snapshot, "pinned version \(read.version) at step \(step)")
            }
            switch Int.random(in: 0..<20, using: &random) {
            case 0...2 where pinned.count < 3: pinned.append((try database.beginRead(), committed))
            case 3...4 where !pinned.isEmpty: pinned.removeFirst()
            case 5:
                pinned.removeAll()
                database.close()
                database = try Database.open(path: currentPath)
                try database.verify()
            case 6:
                // Compact into the other file and carry on there: the copy must hold the same state.
                pinned.removeAll()
                let destination = currentPath == path ? path + ".compacted" : path
                for file in [destination, destination + ".lock"] { unlink(file) }
                try await database.writeCompactedCopy(to: destination)
                database.close()
                for file in [currentPath, currentPath + ".lock"] { unlink(file) }
                currentPath = destination
                database = try Database.open(path: currentPath)
                try database.verify()
                try compare(try database.beginRead(), with: committed, "after compaction at step \(step)")
            default: break
            }
        }
        pinned.removeAll()
        database.close()
    }

    func fail(_ message: String) -> Error { StorageError.schema("step \(step): \(message)") }

    // MARK: Operations

    mutating func operate(_ write: WriteTransaction) throws {
        let tableKeys = model.tables.keys.sorted()
        let choice = Int.random(in: 0..<100, using: &random)
        if tableKeys.isEmpty || (choice < 3 && tableKeys.count < 4) {
            let name = "T\(step)"
            let key = try write.createTable(named: name)
            model.tables[key] = Model.Table(key: key, name: name, columns: [], objects: [:])
            return
        }
        let table = tableKeys.randomElement(using: &random)!
        let columns = model.dataColumns(table)
        switch choice {
        case 0..<3:
            try removeTable(write, table)
        case 3..<10 where columns.count < 8, 3..<10 where columns.isEmpty:
            try addColumn(write, table)
        case 10..<13 where !columns.isEmpty:
            let column = columns.randomElement(using: &random)!
            try write.removeColumn(column.key, from: table)
            model.tables[table]!.columns.removeAll {
                $0.key == column.key || ($0.type == .backlink && $0.originColumn == column.key && $0.linkTable == table)
            }
            if column.isLink, let target = column.linkTable {
                model.tables[target]!.columns.removeAll {
                    $0.type == .backlink && $0.linkTable == table && $0.originColumn == column.key
                }
            }
            for key in model.tables[table]!.objects.keys { model.tables[table]!.objects[key]![column.key] = nil }
        case 13..<45:
            // Now and then a burst of inserts in one transaction: the index entries it files wait until the commit
            // (SearchIndex.swift), and enough of them split leaves.
            let count = Int.random(in: 0..<200, using: &random) == 0 ? Int.random(in: 50...200, using: &random) : 1
            for _ in 0..<count { try insert(write, table) }
        case 45..<75 where !model.tables[table]!.objects.isEmpty && !columns.isEmpty:
            let key = model.tables[table]!.objects.keys.randomElement(using: &random)!
            let column = columns.randomElement(using: &random)!
            let value = Model.normalized(randomValue(for: column), column)
            if column.unique,
                model.tables[table]!.objects.contains(where: { $0.key != key && $0.value[column.key] == value })
            {
                try expectStorageError("step \(step)") { try write.set(value, of: column.key, in: table, object: key) }
                return
            }
            try write.set(value, of: column.key, in: table, object: key)
            model.tables[table]!.objects[key]![column.key] = value
            try expectRow(write, table, key)
        case 75..<90 where !model.tables[table]!.objects.isEmpty:
            let key = model.tables[table]!.objects.keys.randomElement(using: &random)!
            try write.deleteObject(key, in: table)
            model.delete(key, from: table)
            guard try !write.table(table).contains(key) else { throw fail("deleted object \(key) is still there") }
        case 90..<98:
            try lookUp(write, table)
        default:
            if Int.random(in: 0..<10, using: &random) == 0 {
                try write.deleteAllObjects(in: table)
                for key in model.tables[table]!.objects.keys.sorted() { model.delete(key, from: table) }
            }
        }
    }

    mutating func removeTable(_ write: WriteTransaction, _ table: TableKey) throws {
        let linked = model.tables.values.contains { other in
            other.key != table && other.columns.contains { $0.isLink && $0.linkTable == table }
        }
        if linked {
            try expectStorageError("step \(step)") { try write.removeTable(table) }
            return
        }
        try write.removeTable(table)
        for column in model.tables[table]!.columns where column.isLink {
            if let target = column.linkTable, target != table {
                model.tables[target]!.columns.removeAll { $0.type == .backlink && $0.linkTable == table }
            }
        }
        model.tables[table] = nil
    }

    mutating func addColumn(_ write: WriteTransaction, _ table: TableKey) throws {
        let types: [ValueType] = [
            .int, .bool, .float, .double, .string, .binary, .timestamp, .decimal128, .objectId, .uuid, .mixed, .link,
        ]
        let type = types.randomElement(using: &random)!
        let collection =
            Int.random(in: 0..<3, using: &random) == 0
            ? CollectionKind.allCases.randomElement(using: &random)! : .single
        let target = type == .link ? model.tables.keys.sorted().randomElement(using: &random) : nil
        var spec = ColumnSpec(
            name: "c\(step)",
            type: type,
            nullable: Bool.random(using: &random),
            collection: type == .mixed && collection != .single ? .single : collection,
            linkTable: target
        )
        if spec.supportsIndex && Int.random(in: 0..<3, using: &random) == 0 {
            spec.indexed = true
            // Unique columns of the primary keys' types: an integer's index answers by hash alone, the others
            // compare values under a hash.
            spec.unique =
                model.tables[table]!.objects.count <= 1 && [.int, .string, .objectId, .uuid].contains(type)
                && Bool.random(using: &random)
        }
        let key = try write.addColumn(spec, to: table)
        let added = try write.table(table).column(key)
        model.tables[table]!.columns.append(added)
        for object in model.tables[table]!.objects.keys {
            model.tables[table]!.objects[object]![key] = added.defaultValue
        }
        if added.isLink, let target = added.linkTable {
            let backlink = try write.table(target).spec.columns.first {
                $0.type == .backlink && $0.originColumn == key && $0.linkTable == table
            }!
            model.tables[target]!.columns.append(backlink)
        }
    }

    mutating func insert(_ write: WriteTransaction, _ table: TableKey) throws {
        var values: [ColumnKey: Value] = [:]
        for column in model.dataColumns(table) where Int.random(in: 0..<4, using: &random) != 0 {
            values[column.key] = Model.normalized(randomValue(for: column), column)
        }
        var row: [ColumnKey: Value] = [:]
        for column in model.dataColumns(table) { row[column.key] = values[column.key] ?? column.defaultValue }
        for column in model.dataColumns(table) where column.unique {
            if model.tables[table]!.objects.values.contains(where: { $0[column.key] == row[column.key] }) {
                try expectStorageError("step \(step)") { try write.createObject(in: table, values: values) }
                return
            }
        }
        let key = try write.createObject(in: table, values: values)
        guard model.tables[table]!.objects[key] == nil else { throw fail("object key \(key) was reused") }
        model.tables[table]!.objects[key] = row
        try expectRow(write, table, key)
    }

    mutating func lookUp(_ write: WriteTransaction, _ table: TableKey) throws {
        let candidates = model.dataColumns(table).filter {
            $0.collection == .single && $0.type != .float && $0.type != .double
        }
        guard let column = candidates.randomElement(using: &random) else { return }
        let value: Value
        if let object = model.tables[table]!.objects.values.randomElement(using: &random), Bool.random(using: &random) {
            value = object[column.key]!
        } else {
            value = randomValue(for: column)
        }
        let expected = model.tables[table]!.objects.filter { $0.value[column.key] == value }.keys.sorted()
        let found = try write.table(table).find(column.key, equalTo: value)
        guard found == expected else { throw fail("find \(column.name) == \(value): \(found) != \(expected)") }
    }

    // MARK: Values

    mutating func randomValue(for column: ColumnSpec) -> Value {
        switch column.collection {
        case .single:
            if column.nullable && Int.random(in: 0..<5, using: &random) == 0 { return .null }
            return randomElement(column)
        case .list, .set:
            let elements = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                column.nullable && Int.random(in: 0..<6, using: &random) == 0 ? .null : randomElement(column)
            }
            // A list or set of links holds no nulls (as in Realm).
            return .list(column.isLink ? elements.filter { $0 != .null } : elements)
        case .dictionary:
            return .dictionary(
                (0..<Int.random(in: 0...3, using: &random)).map { _ in
                    DictionaryEntry(
                        key: ["a", "b", "ключ", "🔑", ""].randomElement(using: &random)!,
                        value: column.nullable && Bool.random(using: &random) ? .null : randomElement(column)
                    )
                }
            )
        }
    }

    mutating func randomElement(_ column: ColumnSpec) -> Value {
        if column.isLink {
            let targets = model.tables[column.linkTable!]!.objects.keys.sorted()
            guard let key = targets.randomElement(using: &random) else { return .null }
            return .link(key)
        }
        return randomScalar(column.type)
    }

    mutating func randomScalar(_ type: ValueType) -> Value {
        func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) } }
        func pooled() -> UInt8 { UInt8.random(in: 0..<4, using: &random) }
        switch type {
        case .int:
            return .int(
                [0, 1, -1, 42, Int64.max, Int64.min, Int64.random(in: -100...100, using: &random)].randomElement(
                    using: &random
                )!
            )
        case .bool: return .bool(Bool.random(using: &random))
        case .float:
            return .float(
                [0, -0.0, 1.5, Float.greatestFiniteMagnitude, -Float.infinity].randomElement(using: &random)!
            )
        case .double:
            return .double(
                [0, 2.5, -1e300, Double.leastNonzeroMagnitude, Double.infinity].randomElement(using: &random)!
            )
        case .string:
            let long = String(repeating: "long-ü-", count: Int.random(in: 150...400, using: &random))
            return .string(
                ["", "a", "Ünïcödé", "🇩🇪👩‍💻", "tab\tnew\nline", long, "x\(Int.random(in: 0..<5, using: &random))"]
                    .randomElement(using: &random)!
            )
        case .binary: return .binary(bytes([0, 1, 16, 2000].randomElement(using: &random)!))
        case .timestamp:
            return .timestamp(
                Timestamp(
                    seconds: Int64.random(in: -4_000_000_000...4_000_000_000, using: &random),
                    nanoseconds: Int32.random(in: 0..<1_000_000_000, using: &random)
                )
            )
        case .decimal128: return .decimal128(bytes(16))
        // Half of the keys from a pool of four, so that unique columns meet their duplicates.
        case .objectId:
            return .objectId(Bool.random(using: &random) ? bytes(12) : Array(repeating: pooled(), count: 12))
        case .uuid: return .uuid(Bool.random(using: &random) ? bytes(16) : Array(repeating: pooled(), count: 16))
        case .mixed:
            let inner: [ValueType] = [.int, .bool, .double, .string, .binary, .timestamp, .uuid]
            return Int.random(in: 0..<6, using: &random) == 0
                ? .null : randomScalar(inner.randomElement(using: &random)!)
        case .link, .backlink: return .null
        }
    }

    // MARK: Comparison

    /// Whether the engine's `actual` value of `column` is what the model holds. A set is compared as a set
    /// (the model keeps insertion order), and its storage order is checked as an invariant.
    static func matches(_ actual: Value, _ expected: Value?, _ column: ColumnSpec) -> Bool {
        guard column.collection == .set, case .list(let elements) = actual, case .list(let modelled)? = expected else {
            return actual == expected
        }
        return elements.count == modelled.count && Set(elements) == Set(modelled)
            && zip(elements, elements.dropFirst()).allSatisfy { CollectionOrder.compare($0, $1) < 0 }
    }

    func expectRow(_ reading: any TransactionReading, _ table: TableKey, _ key: ObjectKey) throws {
        let engine = try reading.table(table)
        for column in model.dataColumns(table) {
            let actual = try engine.value(key, column.key)
            let expected = model.tables[table]!.objects[key]![column.key]!
            guard Self.matches(actual, expected, column) else {
                throw fail("\(column.name) of \(key): engine \(actual), model \(expected)")
            }
        }
    }

    func compare(_ reading: any TransactionReading, with model: Model, _ when: String) throws {
        let specs = reading.tableSpecs
        guard Set(specs.map(\.key)) == Set(model.tables.keys) else { throw fail("\(when): tables differ") }
        for spec in specs {
            let table = try reading.table(spec.key)
            let expected = model.tables[spec.key]!
            guard spec.columns.map(\.key) == expected.columns.map(\.key) else {
                throw fail("\(when): columns of \(spec.name) differ")
            }
            guard try table.keys() == expected.objects.keys.sorted(), table.count == expected.objects.count else {
                throw fail("\(when): objects of \(spec.name) differ")
            }
            for (key, values) in expected.objects {
                for column in spec.columns {
                    let actual = try table.value(key, column.key)
                    if column.type == .backlink {
                        let links = model.backlinks(to: key, from: column.linkTable!, column: column.originColumn!)
                        // The engine keeps backlinks in the order the links were made: compared as multisets.
                        guard case .list(let stored) = actual,
                            stored.compactMap({ if case .link(let key) = $0 { key } else { nil } }).sorted() == links
                        else {
                            throw fail("\(when): backlinks of \(spec.name) \(key)")
                        }
                    } else if !Self.matches(actual, values[column.key], column) {
                        throw fail(
                            "\(when): \(spec.name) \(key).\(column.name) is \(actual), model \(values[column.key]!)"
                        )
                    }
                }
            }
        }
    }

    /// Throws unless `body` throws a StorageError (a refused operation the model predicts).
    func expectStorageError(_ context: @autoclosure () -> String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch is StorageError {
            return
        }
        throw fail("\(context()): expected a StorageError, the operation went through")
    }
}
