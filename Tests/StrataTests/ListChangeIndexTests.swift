import Foundation
import Strata
import StrataCore
import StrataTestSupport
import Testing

// A list's change set by index, as Realm reports it for the edits of one write transaction (or of several commits
// delivered together). The expectations are facts taken from realm-core's tests of its transaction log parsing and
// list notifier (test/object-store/transaction_log_parsing.cpp, list.cpp) and from Realm Swift's list notification
// tests, restated here as rows: a list of 10 elements, the edits, and what is reported.

final class IndexedLists: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var ints: List<Int>
    @Persisted var items: List<ListItem>
}

final class ListItem: Object {
    @Persisted var value = 0
}

/// One row of the builder's table: the edits of one transaction on a list of 10, and the builder's state after
/// them, before finalizing (modifications are positions in the new list, as realm-core's tests state them).
private struct BuilderRow: CustomTestStringConvertible, Sendable {
    let name: String
    let edits: [ListEdit]
    var deletions: [Int] = []
    var insertions: [Int] = []
    var modifications: [Int] = []
    var moves: [[Int]] = []

    var testDescription: String { name }
}

private let builderRows: [BuilderRow] = [
    BuilderRow(name: "add single", edits: [.insert(10, count: 1)], insertions: [10]),
    BuilderRow(name: "add multiple", edits: [.insert(10, count: 1), .insert(11, count: 1)], insertions: [10, 11]),
    BuilderRow(name: "erase single", edits: [.erase(5)], deletions: [5]),
    BuilderRow(name: "erase contiguous forward", edits: [.erase(5), .erase(5), .erase(5)], deletions: [5, 6, 7]),
    BuilderRow(name: "erase contiguous reverse", edits: [.erase(7), .erase(6), .erase(5)], deletions: [5, 6, 7]),
    BuilderRow(name: "erase contiguous mixed", edits: [.erase(5), .erase(6), .erase(5)], deletions: [5, 6, 7]),
    BuilderRow(name: "erase scattered forward", edits: [.erase(3), .erase(4), .erase(5)], deletions: [3, 5, 7]),
    BuilderRow(name: "erase scattered backwards", edits: [.erase(7), .erase(5), .erase(3)], deletions: [3, 5, 7]),
    BuilderRow(name: "erase scattered mixed", edits: [.erase(3), .erase(6), .erase(4)], deletions: [3, 5, 7]),
    BuilderRow(name: "set single", edits: [.set(5)], modifications: [5]),
    BuilderRow(name: "set contiguous", edits: [.set(5), .set(6), .set(7)], modifications: [5, 6, 7]),
    BuilderRow(name: "set scattered", edits: [.set(5), .set(7), .set(9)], modifications: [5, 7, 9]),
    BuilderRow(name: "set redundant", edits: [.set(5), .set(5), .set(5)], modifications: [5]),
    BuilderRow(name: "clear", edits: [.clear(count: 10)], deletions: Array(0..<10)),
    BuilderRow(
        name: "move backward",
        edits: [.move(from: 5, to: 3)],
        deletions: [5],
        insertions: [3],
        moves: [[5, 3]]
    ),
    BuilderRow(name: "move forward", edits: [.move(from: 1, to: 3)], deletions: [1], insertions: [3], moves: [[1, 3]]),
    BuilderRow(
        name: "chained moves",
        edits: [.move(from: 1, to: 3), .move(from: 3, to: 5)],
        deletions: [1],
        insertions: [5],
        moves: [[1, 5]]
    ),
    BuilderRow(
        name: "backwards chained moves",
        edits: [.move(from: 5, to: 3), .move(from: 3, to: 1)],
        deletions: [5],
        insertions: [1],
        moves: [[5, 1]]
    ),
    BuilderRow(
        name: "moves shifting other moves",
        edits: [.move(from: 1, to: 5), .move(from: 2, to: 7)],
        deletions: [1, 3],
        insertions: [4, 7],
        moves: [[1, 4], [3, 7]]
    ),
    BuilderRow(
        name: "moves shifting other moves, backwards",
        edits: [.move(from: 1, to: 5), .move(from: 7, to: 0)],
        deletions: [1, 7],
        insertions: [0, 6],
        moves: [[1, 6], [7, 0]]
    ),
    BuilderRow(name: "move to current location is a no-op", edits: [.move(from: 5, to: 5)]),
    BuilderRow(name: "a move and its way back are nothing", edits: [.move(from: 1, to: 3), .move(from: 3, to: 1)]),
    BuilderRow(
        name: "swap",
        edits: ListEdit.swap(3, 5),
        deletions: [3, 5],
        insertions: [3, 5],
        moves: [[5, 3], [3, 5]]
    ),
    BuilderRow(name: "set -> insert", edits: [.set(5), .insert(5, count: 1)], insertions: [5], modifications: [6]),
    BuilderRow(
        name: "set -> insert after it",
        edits: [.set(4), .insert(5, count: 1)],
        insertions: [5],
        modifications: [4]
    ),
    BuilderRow(name: "insert -> set", edits: [.insert(5, count: 1), .set(5)], insertions: [5], modifications: [5]),
    BuilderRow(
        name: "insert -> set after it",
        edits: [.insert(5, count: 1), .set(6)],
        insertions: [5],
        modifications: [6]
    ),
    BuilderRow(
        name: "insert -> set before it",
        edits: [.insert(6, count: 1), .set(5)],
        insertions: [6],
        modifications: [5]
    ),
    BuilderRow(name: "set -> erase", edits: [.set(5), .erase(5)], deletions: [5]),
    BuilderRow(name: "set -> erase before it", edits: [.set(5), .erase(4)], deletions: [4], modifications: [4]),
    BuilderRow(name: "set -> erase it and the one before", edits: [.set(5), .erase(4), .erase(4)], deletions: [4, 5]),
    BuilderRow(name: "erase -> set", edits: [.erase(5), .set(5)], deletions: [5], modifications: [5]),
    BuilderRow(name: "insert -> clear", edits: [.insert(10, count: 1), .clear(count: 11)], deletions: Array(0..<10)),
    BuilderRow(name: "set -> clear", edits: [.set(0), .clear(count: 10)], deletions: Array(0..<10)),
    BuilderRow(
        name: "clear -> insert",
        edits: [.clear(count: 10), .insert(0, count: 1)],
        deletions: Array(0..<10),
        insertions: [0]
    ),
    BuilderRow(name: "insert -> delete it", edits: [.insert(10, count: 1), .erase(10)]),
    BuilderRow(
        name: "insert -> delete the one before",
        edits: [.insert(10, count: 1), .erase(9)],
        deletions: [9],
        insertions: [9]
    ),
    BuilderRow(
        name: "inserts -> deletes, backwards",
        edits: [
            .insert(1, count: 1), .insert(3, count: 1), .insert(5, count: 1), .erase(6), .erase(4), .erase(2),
        ],
        deletions: [1, 2, 3],
        insertions: [1, 2, 3]
    ),
    BuilderRow(
        name: "inserts -> deletes, forwards",
        edits: [
            .insert(1, count: 1), .insert(3, count: 1), .insert(5, count: 1), .erase(2), .erase(3), .erase(4),
        ],
        deletions: [1, 2, 3],
        insertions: [1, 2, 3]
    ),
    BuilderRow(name: "delete -> insert", edits: [.erase(9), .insert(9, count: 1)], deletions: [9], insertions: [9]),
    BuilderRow(
        name: "interleaved delete and insert",
        edits: [.erase(9), .erase(7), .erase(5), .erase(3), .erase(1)]
            + [4, 3, 2, 1, 0].map { .insert($0, count: 1) }
            + [.erase(9), .erase(7), .erase(5), .erase(3), .erase(1)],
        deletions: Array(0..<10),
        insertions: Array(0..<5)
    ),
    BuilderRow(
        name: "move after set is just insert+delete",
        edits: [.set(5), .move(from: 5, to: 0)],
        deletions: [5],
        insertions: [0],
        modifications: [0],
        moves: [[5, 0]]
    ),
    BuilderRow(
        name: "set after move is just insert+delete",
        edits: [.move(from: 5, to: 0), .set(0)],
        deletions: [5],
        insertions: [0],
        modifications: [0],
        moves: [[5, 0]]
    ),
    BuilderRow(
        name: "delete after move removes original row",
        edits: [.move(from: 5, to: 0), .erase(0)],
        deletions: [5]
    ),
    BuilderRow(
        name: "moves shift insertions and changes like any other insertion",
        edits: [.insert(5, count: 1), .set(6), .move(from: 7, to: 4)],
        deletions: [6],
        insertions: [4, 6],
        modifications: [7],
        moves: [[6, 4]]
    ),
    BuilderRow(name: "clear after delete", edits: [.erase(5), .clear(count: 9)], deletions: Array(0..<10)),
    BuilderRow(
        name: "erase before previous move target",
        edits: [.move(from: 2, to: 8), .erase(5)],
        deletions: [2, 6],
        insertions: [7],
        moves: [[2, 7]]
    ),
    BuilderRow(
        name: "insert after move updates move destination",
        edits: [.move(from: 2, to: 8), .insert(5, count: 1)],
        deletions: [2],
        insertions: [5, 9],
        moves: [[2, 9]]
    ),
    BuilderRow(
        name: "assignment of the whole list",
        edits: [.assign(oldCount: 10, newCount: 3)],
        deletions: Array(0..<10),
        insertions: [0, 1, 2]
    ),
]

/// A row of the public API's table: edits of a `List<Int>` holding 0...9 in one write, and the change reported.
private struct ValueRow: CustomTestStringConvertible, Sendable {
    let name: String
    let edit: @Sendable (isolated Realm, IndexedLists) throws -> Void
    let expected: String

    var testDescription: String { name }
}

private let valueRows: [ValueRow] = [
    ValueRow(name: "append", edit: { _, o in o.ints.append(10) }, expected: "-[] +[10] ~[]"),
    ValueRow(
        name: "append several",
        edit: { _, o in o.ints.append(objectsIn: [10, 11]) },
        expected: "-[] +[10, 11] ~[]"
    ),
    ValueRow(name: "remove", edit: { _, o in o.ints.remove(at: 5) }, expected: "-[5] +[] ~[]"),
    ValueRow(name: "replace", edit: { _, o in o.ints.replace(index: 5, object: 50) }, expected: "-[] +[] ~[5]"),
    ValueRow(name: "assign an equal value", edit: { _, o in o.ints[5] = 5 }, expected: "-[] +[] ~[5]"),
    ValueRow(
        name: "set -> insert at it",
        edit: { _, o in
            o.ints[5] = 50
            o.ints.insert(-1, at: 5)
        },
        expected: "-[] +[5] ~[5]"
    ),
    ValueRow(
        name: "insert -> set it",
        edit: { _, o in
            o.ints.insert(-1, at: 5)
            o.ints[5] = 50
        },
        expected: "-[] +[5] ~[]"
    ),
    ValueRow(
        name: "insert -> set after it",
        edit: { _, o in
            o.ints.insert(-1, at: 5)
            o.ints[6] = 50
        },
        expected: "-[] +[5] ~[5]"
    ),
    ValueRow(
        name: "set -> erase before it",
        edit: { _, o in
            o.ints[5] = 50
            o.ints.remove(at: 4)
        },
        expected: "-[4] +[] ~[5]"
    ),
    ValueRow(
        name: "erase -> set at its place (the next element)",
        edit: { _, o in
            o.ints.remove(at: 5)
            o.ints[5] = 60
        },
        expected: "-[5] +[] ~[6]"
    ),
    ValueRow(
        name: "insert, set and move",
        edit: { _, o in
            o.ints.insert(-1, at: 5)
            o.ints[6] = 50
            o.ints.move(from: 7, to: 4)
        },
        expected: "-[6] +[4, 6] ~[5]"
    ),
    ValueRow(name: "move backward", edit: { _, o in o.ints.move(from: 5, to: 3) }, expected: "-[5] +[3] ~[]"),
    ValueRow(
        name: "chained moves",
        edit: { _, o in
            o.ints.move(from: 1, to: 3)
            o.ints.move(from: 3, to: 5)
        },
        expected: "-[1] +[5] ~[]"
    ),
    ValueRow(name: "swap", edit: { _, o in o.ints.swapAt(3, 5) }, expected: "-[3, 5] +[3, 5] ~[]"),
    ValueRow(name: "adjacent swap", edit: { _, o in o.ints.swapAt(2, 1) }, expected: "-[2] +[1] ~[]"),
    ValueRow(name: "removeAll", edit: { _, o in o.ints.removeAll() }, expected: "-\(Array(0..<10)) +[] ~[]"),
    ValueRow(
        name: "removeAll -> append",
        edit: { _, o in
            o.ints.removeAll()
            o.ints.append(7)
        },
        expected: "-\(Array(0..<10)) +[0] ~[]"
    ),
    ValueRow(
        name: "interleaved removals and insertions",
        edit: { _, o in
            for index in [9, 7, 5, 3, 1] { o.ints.remove(at: index) }
            for index in [4, 3, 2, 1, 0] { o.ints.insert(-index, at: index) }
            for index in [9, 7, 5, 3, 1] { o.ints.remove(at: index) }
        },
        expected: "-\(Array(0..<10)) +[0, 1, 2, 3, 4] ~[]"
    ),
    ValueRow(
        name: "replacing every element (update: .all)",
        edit: { realm, _ in try realm.create(IndexedLists.self, value: ["id": 1, "ints": [7, 8]], update: .all) },
        expected: "-\(Array(0..<10)) +[0, 1] ~[]"
    ),
    ValueRow(
        name: "element-wise update, longer (update: .modified)",
        edit: { realm, _ in
            try realm.create(
                IndexedLists.self,
                value: ["id": 1, "ints": [0, 1, 2, 30, 4, 5, 6, 7, 8, 9, 10]],
                update: .modified
            )
        },
        expected: "-[] +[10] ~[3]"
    ),
    ValueRow(
        name: "element-wise update, shorter (update: .modified)",
        edit: { realm, _ in
            try realm.create(IndexedLists.self, value: ["id": 1, "ints": [0, 1, 2]], update: .modified)
        },
        expected: "-[3, 4, 5, 6, 7, 8, 9] +[] ~[]"
    ),
]

/// A row of edits of a `List<ListItem>` holding items 0...9 (item 5 a second time at the end with `duplicate`).
private struct ObjectRow: CustomTestStringConvertible, Sendable {
    let name: String
    var duplicate = false
    let edit: @Sendable (isolated Realm, IndexedLists, [ListItem]) throws -> Void
    let expected: String

    var testDescription: String { name }
}

private let objectRows: [ObjectRow] = [
    ObjectRow(
        name: "modifying a linked object",
        edit: { _, _, items in items[5].value = 50 },
        expected: "-[] +[] ~[5]"
    ),
    ObjectRow(
        name: "deleting a linked object",
        edit: { realm, _, items in try realm.delete(items[5]) },
        expected: "-[5] +[] ~[]"
    ),
    ObjectRow(
        name: "adding a linked object again and then modifying it",
        edit: { _, owner, items in
            owner.items.append(items[5])
            items[5].value = 50
        },
        expected: "-[] +[10] ~[5]"
    ),
    ObjectRow(
        name: "modifying and then moving a linked object",
        edit: { _, owner, items in
            items[5].value = 50
            owner.items.move(from: 5, to: 8)
        },
        expected: "-[5] +[8] ~[]"
    ),
    ObjectRow(
        name: "modifying an object linked twice",
        duplicate: true,
        edit: { _, _, items in items[5].value = 50 },
        expected: "-[] +[] ~[5, 10]"
    ),
    ObjectRow(
        name: "deleting an object linked twice",
        duplicate: true,
        edit: { realm, _, items in try realm.delete(items[5]) },
        expected: "-[5, 10] +[] ~[]"
    ),
    ObjectRow(
        name: "assigning a linked object",
        edit: { realm, owner, _ in owner.items[3] = try realm.create(ListItem.self, value: ["value": 30]) },
        expected: "-[] +[] ~[3]"
    ),
]

/// The change of one stream element as "-deletions +insertions ~modifications".
private func indices<C: RealmCollection>(_ change: RealmCollectionChange<C>?) -> String {
    guard case .update(_, let deletions, let insertions, let modifications)? = change else {
        return "not an update: \(String(describing: change))"
    }
    return "-\(deletions) +\(insertions) ~\(modifications)"
}

@Suite("List change indices: Realm's rules for a list's edits by position")
struct ListChangeIndexTests {
    @Test("the change builder, row by row", arguments: builderRows)
    fileprivate func builder(_ row: BuilderRow) {
        var builder = ListChangeBuilder()
        for edit in row.edits { builder.apply(edit) }
        builder.cleanUpStaleMoves()
        #expect(builder.deletions.positions == row.deletions)
        #expect(builder.insertions.positions == row.insertions)
        #expect(builder.modifications.positions == row.modifications)
        #expect(builder.moves.map { [$0.from, $0.to] } == row.moves)
    }

    static func makeRealm(duplicate: Bool = false) async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration([IndexedLists.self, ListItem.self]))
        try await realm.write { realm in
            let owner = try realm.create(IndexedLists.self, value: ["id": 1])
            owner.ints.append(objectsIn: Array(0..<10))
            for value in 0..<10 { owner.items.append(try realm.create(ListItem.self, value: ["value": value])) }
            if duplicate { owner.items.append(owner.items[5]) }
        }
        return realm
    }

    @Test("a List<Int>'s edits in one write, through the public API", arguments: valueRows)
    fileprivate func values(_ row: ValueRow) async throws {
        let realm = try await Self.makeRealm()
        let stream = await realm.read { realm in
            realm.object(ofType: IndexedLists.self, forPrimaryKey: 1)!.ints.changes()
        }
        var changes = stream.makeAsyncIterator()
        guard case .initial(let initial)? = await changes.next() else {
            Issue.record("no initial element")
            return
        }
        let old = Array(initial)
        try await realm.write { realm in try row.edit(realm, realm.object(ofType: IndexedLists.self, forPrimaryKey: 1)!)
        }
        let change = await changes.next()
        #expect(indices(change) == row.expected)
        if case .update(let list, let deletions, let insertions, let modifications)? = change {
            #expect(Self.applying(deletions, insertions, modifications, to: old, new: Array(list)) == Array(list))
        }
    }

    @Test("a List of objects: linked objects' changes and deletions, through the public API", arguments: objectRows)
    fileprivate func objects(_ row: ObjectRow) async throws {
        let realm = try await Self.makeRealm(duplicate: row.duplicate)
        let stream = await realm.read { realm in
            realm.object(ofType: IndexedLists.self, forPrimaryKey: 1)!.items.changes()
        }
        var changes = stream.makeAsyncIterator()
        _ = await changes.next()
        try await realm.write { realm in
            let items = realm.objects(ListItem.self).sorted(byKeyPath: "value").map { $0 }
            try row.edit(realm, realm.object(ofType: IndexedLists.self, forPrimaryKey: 1)!, Array(items))
        }
        #expect(indices(await changes.next()) == row.expected)
    }

    @Test("edits that cancel out report nothing; the next change is reported alone")
    func cancellingEdits() async throws {
        let realm = try await Self.makeRealm()
        let stream = await realm.read { realm in
            realm.object(ofType: IndexedLists.self, forPrimaryKey: 1)!.ints.changes()
        }
        var changes = stream.makeAsyncIterator()
        _ = await changes.next()
        try await realm.write { realm in
            let ints = realm.object(ofType: IndexedLists.self, forPrimaryKey: 1)!.ints
            ints.move(from: 1, to: 3)
            ints.move(from: 3, to: 1)
            ints.append(10)
            ints.remove(at: 10)
        }
        try await realm.write { realm in realm.object(ofType: IndexedLists.self, forPrimaryKey: 1)!.ints.append(11) }
        #expect(indices(await changes.next()) == "-[] +[10] ~[]")
    }

    @Test("moves across two commits delivered together: a move and its way back cancel, modifications stay")
    func movesAcrossCommits() async throws {
        let realm = try await Self.makeRealm()
        let stream = await realm.read { realm in
            realm.object(ofType: IndexedLists.self, forPrimaryKey: 1)!.items.changes()
        }
        var changes = stream.makeAsyncIterator()
        _ = await changes.next()
        try await realm.write { realm in
            let items = realm.object(ofType: IndexedLists.self, forPrimaryKey: 1)!.items
            items[5].value = 50
            items[1].value = 10
            items.move(from: 5, to: 8)
            items.move(from: 1, to: 2)
        }
        try await realm.write { realm in
            realm.object(ofType: IndexedLists.self, forPrimaryKey: 1)!.items.move(from: 8, to: 5)
        }
        #expect(indices(await changes.next()) == "-[1] +[2] ~[5]")
    }

    /// `old` with `deletions` removed, the elements of `new` at `insertions` put in, then each element kept from an
    /// old position in `modifications` replaced by the new one at its place (a table view's delete, insert, reload).
    static func applying<T>(_ deletions: [Int], _ insertions: [Int], _ modifications: [Int], to old: [T], new: [T])
        -> [T]
    {
        var result: [(value: T, old: Int?)] = old.enumerated().map { ($1, $0) }
        for index in deletions.reversed() { result.remove(at: index) }
        for index in insertions where index <= result.count { result.insert((new[index], nil), at: index) }
        return result.enumerated().map { position, element in
            guard let old = element.old, modifications.contains(old), position < new.count else { return element.value }
            return new[position]
        }
    }

    @Test("random edits: the builder's change takes the old list to the new one")
    func randomBuilder() {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("ListChangeIndexTests.randomBuilder seed: \(seed)")
        var generator = SeededGenerator(seed: seed)
        for round in 0..<2_000 {
            var list = Array(0..<Int.random(in: 0...12, using: &generator))
            let old = list
            var next = 1_000
            var builder = ListChangeBuilder()
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                for edit in Self.randomEdit(&list, &next, &generator) { builder.apply(edit) }
            }
            builder.cleanUpStaleMoves()
            let (deletions, insertions, modifications) = builder.finalized()
            let rebuilt = Self.applying(deletions, insertions, modifications, to: old, new: list)
            #expect(rebuilt == list, "seed \(seed) round \(round)")
            guard rebuilt == list else { return }
            // Kept elements are equal, or assigned and reported modified at their old position.
            let kept = old.indices.filter { !deletions.contains($0) }
            let placed = list.indices.filter { !insertions.contains($0) }
            for (oldIndex, newIndex) in zip(kept, placed) where old[oldIndex] != list[newIndex] {
                #expect(modifications.contains(oldIndex), "seed \(seed) round \(round)")
            }
            #expect(modifications.allSatisfy { kept.contains($0) }, "seed \(seed) round \(round)")
            #expect(builder.accounts(from: old, to: list), "seed \(seed) round \(round)")
        }
    }

    /// A random edit of `list`, applied to it, as logged (assigned and inserted values are fresh, from `next`).
    static func randomEdit(_ list: inout [Int], _ next: inout Int, _ generator: inout SeededGenerator) -> [ListEdit] {
        let count = list.count
        next += 1
        switch Int.random(in: 0..<8, using: &generator) {
        case 0, 1:
            let index = Int.random(in: 0...count, using: &generator)
            list.insert(next, at: index)
            return [.insert(index, count: 1)]
        case 2 where count > 0, 3 where count > 0:
            let index = Int.random(in: 0..<count, using: &generator)
            list.remove(at: index)
            return [.erase(index)]
        case 4 where count > 0:
            let index = Int.random(in: 0..<count, using: &generator)
            list[index] = next
            return [.set(index)]
        case 5 where count > 1:
            let from = Int.random(in: 0..<count, using: &generator)
            var to = Int.random(in: 0..<count - 1, using: &generator)
            if to >= from { to += 1 }
            list.insert(list.remove(at: from), at: to)
            return [.move(from: from, to: to)]
        case 6 where count > 1:
            let first = Int.random(in: 0..<count, using: &generator)
            let second = Int.random(in: 0..<count, using: &generator)
            list.swapAt(first, second)
            return ListEdit.swap(first, second)
        case 7 where count > 0 && Int.random(in: 0..<4, using: &generator) == 0:
            list.removeAll()
            return [.clear(count: count)]
        default:
            list.append(next)
            return [.insert(count, count: 1)]
        }
    }

    @Test("random writes through the public API: the reported change takes the old list to the new one")
    func randomWrites() async throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("ListChangeIndexTests.randomWrites seed: \(seed)")
        let realm = try await Self.makeRealm()
        let stream = await realm.read { realm in
            realm.object(ofType: IndexedLists.self, forPrimaryKey: 1)!.ints.changes()
        }
        var changes = stream.makeAsyncIterator()
        guard case .initial(let initial)? = await changes.next() else {
            Issue.record("no initial element")
            return
        }
        var old = Array(initial)
        var generator = SeededGenerator(seed: seed)
        var next = 1_000
        for round in 0..<40 {
            let operations = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                (Int.random(in: 0..<8, using: &generator), UInt64.random(in: 0...UInt64.max, using: &generator))
            }
            next += 10
            let base = next
            try await realm.write { realm in
                let ints = realm.object(ofType: IndexedLists.self, forPrimaryKey: 1)!.ints
                for (offset, (kind, draw)) in operations.enumerated() {
                    let count = ints.count
                    let a = Int(draw % UInt64(count + 1))
                    let b = Int((draw >> 32) % UInt64(max(count, 1)))
                    switch kind {
                    case 0: ints.insert(base + offset, at: a)
                    case 1 where count > 0: ints.remove(at: min(a, count - 1))
                    case 2 where count > 0: ints[min(a, count - 1)] = base + offset
                    case 3 where count > 0: ints.move(from: min(a, count - 1), to: b)
                    case 4 where count > 0: ints.swapAt(min(a, count - 1), b)
                    case 5 where draw % 5 == 0: ints.removeAll()
                    default: ints.append(base + offset)
                    }
                }
                // Edits may cancel out, and then nothing is reported: an append at the end makes every write count.
                ints.append(base + 9)
            }
            guard case .update(let list, let deletions, let insertions, let modifications)? = await changes.next()
            else { continue }
            let new = Array(list)
            #expect(
                Self.applying(deletions, insertions, modifications, to: old, new: new) == new,
                "seed \(seed) round \(round)"
            )
            let kept = old.indices.filter { !deletions.contains($0) }
            let placed = new.indices.filter { !insertions.contains($0) }
            for (oldIndex, newIndex) in zip(kept, placed) where old[oldIndex] != new[newIndex] {
                #expect(modifications.contains(oldIndex), "seed \(seed) round \(round)")
            }
            old = new
        }
    }
}
