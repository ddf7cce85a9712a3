import StrataCore
import Testing

/// Lists and sets past the inline limit live in trees of their own (CollectionTree.swift): element changes
/// cost O(log n), a commit writes only the changed path, and every read sees exactly what an array would.
@Suite("Collection trees")
struct CollectionTreeTests {
    /// A schema of owners with a list of integers, a list of optional strings and a list of links to targets.
    struct Fixture {
        let database: Database
        let owners: TableKey
        let targets: TableKey
        let numbers: ColumnKey
        let names: ColumnKey
        let links: ColumnKey
        let targetKeys: [ObjectKey]
    }

    func makeFixture(_ directory: TemporaryDirectory) async throws -> Fixture {
        let database = try Database.open(path: directory.file())
        let write = try await database.beginWrite()
        let targets = try write.createTable(named: "Target")
        let owners = try write.createTable(named: "Owner")
        let numbers = try write.addColumn(ColumnSpec(name: "numbers", type: .int, collection: .list), to: owners)
        let names = try write.addColumn(
            ColumnSpec(name: "names", type: .string, nullable: true, collection: .list),
            to: owners
        )
        let links = try write.addColumn(
            ColumnSpec(name: "links", type: .link, collection: .list, linkTable: targets),
            to: owners
        )
        let targetKeys = try (0..<20).map { _ in try write.createObject(in: targets) }
        try write.commit()
        return Fixture(
            database: database,
            owners: owners,
            targets: targets,
            numbers: numbers,
            names: names,
            links: links,
            targetKeys: targetKeys
        )
    }

    @Test("Random element changes over many commits read back exactly as an array model, with backlinks")
    func modelBased() async throws {
        let directory = TemporaryDirectory()
        let fixture = try await makeFixture(directory)
        defer { fixture.database.close() }
        var (_, random) = seededGenerator("collection trees")
        let columns = [fixture.numbers, fixture.names, fixture.links]
        // The model: each owner's three lists.
        var model: [ObjectKey: [ColumnKey: [Value]]] = [:]

        func randomElement(_ column: ColumnKey) -> Value {
            switch column {
            case fixture.numbers: return .int(Int64.random(in: -1000...1000, using: &random))
            case fixture.names:
                return Int.random(in: 0..<5, using: &random) == 0
                    ? .null : .string("n\(Int.random(in: 0..<500, using: &random))")
            default: return .link(fixture.targetKeys.randomElement(using: &random)!)
            }
        }
        func randomElements(_ column: ColumnKey, upTo limit: Int) -> [Value] {
            (0..<Int.random(in: 0...limit, using: &random)).map { _ in randomElement(column) }
        }

        var operations = 0
        for _ in 0..<12 {
            let write = try await fixture.database.beginWrite()
            for _ in 0..<120 {
                operations += 1
                if model.count < 4 || Int.random(in: 0..<40, using: &random) == 0 {
                    let key = try write.createObject(in: fixture.owners)
                    model[key] = Dictionary(uniqueKeysWithValues: columns.map { ($0, []) })
                    continue
                }
                let owner = model.keys.sorted().randomElement(using: &random)!
                let column = columns.randomElement(using: &random)!
                var list = model[owner]![column]!
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<35:
                    let values = randomElements(column, upTo: Int.random(in: 0..<10, using: &random) == 0 ? 300 : 12)
                    try write.append(values, toList: column, in: fixture.owners, object: owner)
                    list += values
                case 35..<55:
                    let index = Int.random(in: 0...list.count, using: &random)
                    let value = randomElement(column)
                    try write.insert(value, at: index, inList: column, in: fixture.owners, object: owner)
                    list.insert(value, at: index)
                case 55..<70 where !list.isEmpty:
                    let index = Int.random(in: 0..<list.count, using: &random)
                    let value = randomElement(column)
                    try write.replace(at: index, with: value, inList: column, in: fixture.owners, object: owner)
                    list[index] = value
                case 70..<88 where !list.isEmpty:
                    let index = Int.random(in: 0..<list.count, using: &random)
                    let removed = try write.remove(at: index, fromList: column, in: fixture.owners, object: owner)
                    #expect(removed == list.remove(at: index))
                case 88..<95:
                    list = randomElements(column, upTo: 260)
                    try write.set(.list(list), of: column, in: fixture.owners, object: owner)
                case 95..<97:
                    try write.deleteObject(owner, in: fixture.owners)
                    model[owner] = nil
                    continue
                default:
                    // Out of bounds: refused, nothing changes.
                    #expect(throws: StorageError.self) {
                        try write.remove(at: list.count, fromList: column, in: fixture.owners, object: owner)
                    }
                }
                model[owner]![column] = list
                #expect(try write.listCount(of: column, in: fixture.owners, object: owner) == list.count)
            }
            // The transaction reads its own changes, then the committed version reads the same.
            try check(model, in: write, fixture)
            try write.commit()
            try check(model, in: try fixture.database.beginRead(), fixture)
            try fixture.database.verify()
        }
        #expect(operations == 12 * 120)
        // Some lists grew past the inline limit: the trees were exercised.
        #expect(model.values.contains { $0.values.contains { $0.count > CollectionTree.inlineLimit } })
    }

    /// Every owner's lists equal the model's, and each target's backlinks count the links to it.
    private func check(
        _ model: [ObjectKey: [ColumnKey: [Value]]],
        in transaction: some TransactionReading,
        _ fixture: Fixture
    ) throws {
        let owners = try transaction.table(fixture.owners)
        #expect(try owners.keys() == model.keys.sorted())
        for (owner, lists) in model {
            for (column, list) in lists { #expect(try owners.value(owner, column) == .list(list)) }
        }
        let targets = try transaction.table(fixture.targets)
        for target in fixture.targetKeys {
            let expected = model.values.map { $0[fixture.links]!.filter { $0 == .link(target) }.count }.reduce(0, +)
            let backlinks = try targets.backlinks(target, from: fixture.owners, column: fixture.links)
            #expect(backlinks.count == expected)
        }
    }

    @Test("Random set and dictionary edits over many commits match a model; sets stay in set order")
    func setsAndDictionariesModelBased() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        var write = try await database.beginWrite()
        let targets = try write.createTable(named: "Target")
        let owners = try write.createTable(named: "Owner")
        let tags = try write.addColumn(
            ColumnSpec(name: "tags", type: .int, nullable: true, collection: .set),
            to: owners
        )
        let linkSet = try write.addColumn(
            ColumnSpec(name: "linkSet", type: .link, collection: .set, linkTable: targets),
            to: owners
        )
        let scores = try write.addColumn(ColumnSpec(name: "scores", type: .string, collection: .dictionary), to: owners)
        let linkMap = try write.addColumn(
            ColumnSpec(name: "linkMap", type: .link, nullable: true, collection: .dictionary, linkTable: targets),
            to: owners
        )
        let targetKeys = try (0..<30).map { _ in try write.createObject(in: targets) }
        let ownerKeys = try (0..<3).map { _ in try write.createObject(in: owners) }
        try write.commit()
        var (_, random) = seededGenerator("collection trees: sets and dictionaries")
        var liveTargets = targetKeys
        var sets: [ObjectKey: [ColumnKey: Set<Value>]] = [:]
        var maps: [ObjectKey: [ColumnKey: [String: Value]]] = [:]
        for owner in ownerKeys {
            sets[owner] = [tags: [], linkSet: []]
            maps[owner] = [scores: [:], linkMap: [:]]
        }
        func element(_ column: ColumnKey) -> Value {
            switch column {
            case tags:
                return Int.random(in: 0..<30, using: &random) == 0
                    ? .null : .int(Int64.random(in: 0..<400, using: &random))
            case scores: return .string("s\(Int.random(in: 0..<50, using: &random))")
            case linkMap:
                return Int.random(in: 0..<8, using: &random) == 0
                    ? .null : .link(liveTargets.randomElement(using: &random)!)
            default: return .link(liveTargets.randomElement(using: &random)!)
            }
        }
        for _ in 0..<10 {
            write = try await database.beginWrite()
            for _ in 0..<150 {
                let owner = ownerKeys.randomElement(using: &random)!
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<3:
                    let column = Bool.random(using: &random) ? tags : linkSet
                    let values = (0..<Int.random(in: 1...(Bool.random(using: &random) ? 60 : 3), using: &random)).map {
                        _ in
                        element(column)
                    }
                    let inserted = try write.insert(values, intoSet: column, in: owners, object: owner)
                    #expect(inserted == Set(values).subtracting(sets[owner]![column]!).count)
                    sets[owner]![column]!.formUnion(values)
                case 3..<5:
                    let column = Bool.random(using: &random) ? tags : linkSet
                    let value = sets[owner]![column]!.randomElement(using: &random) ?? element(column)
                    let removed = try write.remove([value], fromSet: column, in: owners, object: owner)
                    #expect(removed == (sets[owner]![column]!.remove(value) == nil ? 0 : 1))
                case 5..<8:
                    let column = Bool.random(using: &random) ? scores : linkMap
                    for _ in 0..<Int.random(in: 1...8, using: &random) {
                        let key = "k\(Int.random(in: 0..<300, using: &random))"
                        let value = element(column)
                        let old = try write.setValue(
                            value,
                            forKey: key,
                            inDictionary: column,
                            in: owners,
                            object: owner
                        )
                        #expect(old == maps[owner]![column]![key])
                        maps[owner]![column]![key] = value
                    }
                case 8:
                    let column = Bool.random(using: &random) ? scores : linkMap
                    let key = maps[owner]![column]!.keys.randomElement(using: &random) ?? "absent"
                    let old = try write.removeValue(forKey: key, fromDictionary: column, in: owners, object: owner)
                    #expect(old == maps[owner]![column]!.removeValue(forKey: key))
                default:
                    // A target deleted: it leaves every set, and every dictionary value on it becomes null.
                    guard liveTargets.count > 10 else { continue }
                    let target = liveTargets.remove(at: Int.random(in: 0..<liveTargets.count, using: &random))
                    try write.deleteObject(target, in: targets)
                    for owner in ownerKeys {
                        sets[owner]![linkSet]!.remove(.link(target))
                        for (key, value) in maps[owner]![linkMap]! where value == .link(target) {
                            maps[owner]![linkMap]![key] = .null
                        }
                    }
                }
            }
            try write.commit()
            let read = try database.beginRead()
            let table = try read.table(owners)
            for owner in ownerKeys {
                for column in [tags, linkSet] {
                    guard case .list(let elements) = try table.value(owner, column) else {
                        Issue.record("a set is not a list")
                        continue
                    }
                    #expect(Set(elements) == sets[owner]![column]! && elements.count == sets[owner]![column]!.count)
                    #expect(zip(elements, elements.dropFirst()).allSatisfy { CollectionOrder.compare($0, $1) < 0 })
                }
                for column in [scores, linkMap] {
                    let expected = maps[owner]![column]!.sorted { $0.key < $1.key }.map {
                        DictionaryEntry(key: $0.key, value: $0.value)
                    }
                    #expect(try table.value(owner, column) == .dictionary(expected))
                }
            }
            try database.verify()
        }
        // Some collections outgrew the inline limit.
        #expect(
            sets.values.contains { $0.values.contains { $0.count > CollectionTree.inlineLimit } }
                && maps.values.contains { $0.values.contains { $0.count > CollectionTree.inlineLimit } }
        )
    }

    @Test("Appending one element to a 100,000-element list commits a few KiB, not the list")
    func oneElementCommitIsSmall() async throws {
        let directory = TemporaryDirectory()
        let fixture = try await makeFixture(directory)
        defer { fixture.database.close() }
        var write = try await fixture.database.beginWrite()
        let owner = try write.createObject(in: fixture.owners)
        for chunk in 0..<100 {
            let values = (0..<1000).map { Value.int(Int64(chunk * 1000 + $0)) }
            try write.append(values, toList: fixture.numbers, in: fixture.owners, object: owner)
        }
        let bulk = try write.commit()
        #expect(bulk.bytesWritten > 100_000 * 9)

        write = try await fixture.database.beginWrite()
        try write.append([.int(-1)], toList: fixture.numbers, in: fixture.owners, object: owner)
        let one = try write.commit()
        #expect(one.bytesWritten < 16 * 1024, "one append wrote \(one.bytesWritten) bytes")

        write = try await fixture.database.beginWrite()
        try write.insert(.int(-2), at: 50_000, inList: fixture.numbers, in: fixture.owners, object: owner)
        try write.remove(at: 3, fromList: fixture.numbers, in: fixture.owners, object: owner)
        let middle = try write.commit()
        #expect(middle.bytesWritten < 24 * 1024, "an insert and a removal wrote \(middle.bytesWritten) bytes")

        let read = try fixture.database.beginRead()
        guard case .list(let elements) = try read.table(fixture.owners).value(owner, fixture.numbers) else {
            Issue.record("not a list")
            return
        }
        #expect(elements.count == 100_001)
        #expect(elements[3] == .int(4))
        #expect(elements[49_999] == .int(-2))
        #expect(elements.last == .int(-1))
        try fixture.database.verify()
    }

    @Test("Insertions at one place renumber the order keys and keep the order")
    func repeatedInsertionsAtOnePlace() async throws {
        let directory = TemporaryDirectory()
        let fixture = try await makeFixture(directory)
        defer { fixture.database.close() }
        let write = try await fixture.database.beginWrite()
        let owner = try write.createObject(in: fixture.owners)
        var model = (0..<200).map { Value.int(Int64($0)) }
        try write.set(.list(model), of: fixture.numbers, in: fixture.owners, object: owner)
        // 40 insertions between the same two neighbours exhaust the gap between their keys more than once.
        for step in 0..<40 {
            try write.insert(
                .int(Int64(1000 + step)),
                at: 101,
                inList: fixture.numbers,
                in: fixture.owners,
                object: owner
            )
            model.insert(.int(Int64(1000 + step)), at: 101)
            try write.insert(
                .int(Int64(2000 + step)),
                at: 0,
                inList: fixture.numbers,
                in: fixture.owners,
                object: owner
            )
            model.insert(.int(Int64(2000 + step)), at: 0)
        }
        #expect(try write.table(fixture.owners).value(owner, fixture.numbers) == .list(model))
        try write.commit()
        #expect(try fixture.database.beginRead().table(fixture.owners).value(owner, fixture.numbers) == .list(model))
        try fixture.database.verify()
    }
}
