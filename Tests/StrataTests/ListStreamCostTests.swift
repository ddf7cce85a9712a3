import Foundation
import StrataCore
import StrataTestSupport
import Testing

@testable import Strata

// A list's change stream costs the change, not the list (issue 35): its changes come from the edits its commits
// logged by position, and the list is read only where those do not tell the change. The model test below checks
// the indices against an in-memory model that knows nothing of positions in the log: each place of a list is a slot
// whose identity an insertion makes and a move or an assignment keeps.

final class StreamCostOwner: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var items: List<StreamCostItem>
    @Persisted var ints: List<Int>
}

final class StreamCostItem: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var value = 0
    @Persisted var label = ""
}

/// One place of a model list: its identity and its element (an item's id, or an int).
private struct Slot: Sendable {
    let id: Int
    var element: Int
}

/// What one commit did to one model list, in slot terms.
private struct SlotEdits: Sendable {
    /// Slots moved, in the order of their first move in the commit.
    var moved: [Int] = []
    /// Slots assigned an element (`list[i] = x`).
    var assigned: Set<Int> = []

    mutating func move(_ slot: Int) {
        if !moved.contains(slot) { moved.append(slot) }
    }
}

/// A model list and what the commit under way did to it.
private struct ModelList: Sendable {
    var slots: [Slot] = []
    var edits = SlotEdits()

    mutating func insert(_ element: Int, at index: Int, _ nextSlot: inout Int) {
        nextSlot += 1
        slots.insert(Slot(id: nextSlot, element: element), at: index)
    }

    mutating func move(from: Int, to: Int) {
        guard from != to else { return }
        edits.move(slots[from].id)
        slots.insert(slots.remove(at: from), at: to)
    }

    /// A swap as Realm encodes it: the later element moved to the earlier place, then, unless they were adjacent,
    /// the earlier one (now one further on) moved to the later place.
    mutating func swap(_ first: Int, _ second: Int) {
        guard first != second else { return }
        let (low, high) = (min(first, second), max(first, second))
        move(from: high, to: low)
        if low + 1 != high { move(from: low + 1, to: high) }
    }

    mutating func assign(_ element: Int, at index: Int) {
        edits.assigned.insert(slots[index].id)
        slots[index].element = element
    }
}

/// The model at one committed version.
private struct ModelVersion: Sendable {
    let items: [Slot]
    let ints: [Slot]
    let itemEdits: SlotEdits
    let intEdits: SlotEdits
    /// Items whose `value`, and whose `label`, the commit set.
    let valueSet: Set<Int>
    let labelSet: Set<Int>
}

/// The change Realm reports for a list from `old` to `new` through `commits`: slots in both lists are kept, unless
/// moved; a moved slot, taken in the order of its first move, is kept after all when as many kept slots precede it
/// in both lists (a move back where it started, net of the other changes). Deletions are the old places of slots
/// not kept, insertions the new ones; modifications the old places of kept slots assigned or holding a modified
/// object (`modified`, for a list of objects).
private func expectedChange(
    from old: [Slot],
    to new: [Slot],
    edits: [SlotEdits],
    modified: Set<Int>
) -> (deletions: [Int], insertions: [Int], modifications: [Int]) {
    let oldIndex = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1.id, $0) })
    let newIndex = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1.id, $0) })
    var moved: [Int] = []
    var assigned = Set<Int>()
    for commit in edits {
        for slot in commit.moved where !moved.contains(slot) { moved.append(slot) }
        assigned.formUnion(commit.assigned)
    }
    let movedSet = Set(moved)
    var kept = Set(old.map(\.id).filter { newIndex[$0] != nil && !movedSet.contains($0) })
    for slot in moved {
        guard let from = oldIndex[slot], let to = newIndex[slot] else { continue }
        let before = old[..<from].filter { kept.contains($0.id) }.count
        let after = new[..<to].filter { kept.contains($0.id) }.count
        if before == after { kept.insert(slot) }
    }
    let deletions = old.indices.filter { !kept.contains(old[$0].id) }
    let insertions = new.indices.filter { !kept.contains(new[$0].id) }
    let modifications = old.indices.filter { index in
        let slot = old[index].id
        guard kept.contains(slot), let to = newIndex[slot] else { return false }
        return assigned.contains(slot) || modified.contains(new[to].element)
    }
    return (deletions, insertions, modifications)
}

/// The version a frozen list payload reads.
private func version<T>(of list: List<T>) -> Version {
    guard case .frozen(let snapshot)? = list.backing?.owner.source else {
        preconditionFailure("a payload is frozen")
    }
    return snapshot.version
}

/// The change of one stream element as "-deletions +insertions ~modifications".
private func text<T>(_ change: RealmCollectionChange<List<T>>?) -> String {
    guard case .update(_, let deletions, let insertions, let modifications)? = change else {
        return "not an update: \(String(describing: change))"
    }
    return "-\(deletions) +\(insertions) ~\(modifications)"
}

@Suite("List streams cost the change, not the list", .timeLimit(.minutes(10)))
struct ListStreamCostTests {
    static func makeRealm(items: Int, ints: Int = 0) async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration([StreamCostOwner.self, StreamCostItem.self]))
        try await realm.write { realm in
            let owner = try realm.create(StreamCostOwner.self, value: ["id": 1])
            owner.items.append(objectsIn: (0..<items).map { StreamCostItem(value: ["id": $0, "value": $0]) })
            owner.ints.append(objectsIn: Array(0..<ints))
        }
        return realm
    }

    /// The observers of `StreamCostItem` lists registered on `realm`: (elements read, diffs) of each.
    static func listCosts(_ realm: Realm) async -> [[Int]] {
        await realm.read { realm in
            realm.state.observers.compactMap { observer -> [Int]? in
                if let observer = observer as? CollectionObserver<List<StreamCostItem>> {
                    return [observer.listReads, observer.listDiffs]
                }
                if let observer = observer as? CollectionObserver<List<Int>> {
                    return [observer.listReads, observer.listDiffs]
                }
                return nil
            }
        }
    }

    @Test("appends, removals and inserts on a list of 10,000 objects: exact indices, the list never read")
    func appendsDoNotReadTheList() async throws {
        let count = 10_000
        let realm = try await Self.makeRealm(items: count)
        let stream = await realm.read { realm in
            realm.object(ofType: StreamCostOwner.self, forPrimaryKey: 1)!.items.changes()
        }
        var changes = stream.makeAsyncIterator()
        _ = await changes.next()
        for step in 0..<50 {
            try await realm.write { realm in
                let items = realm.object(ofType: StreamCostOwner.self, forPrimaryKey: 1)!.items
                items.append(try realm.create(StreamCostItem.self, value: ["id": count + step]))
            }
            #expect(text(await changes.next()) == "-[] +[\(count + step)] ~[]")
        }
        let length = count + 50
        try await realm.write { realm in
            realm.object(ofType: StreamCostOwner.self, forPrimaryKey: 1)!.items.remove(at: length - 1)
        }
        #expect(text(await changes.next()) == "-[\(length - 1)] +[] ~[]")
        try await realm.write { realm in
            let items = realm.object(ofType: StreamCostOwner.self, forPrimaryKey: 1)!.items
            items.insert(try realm.create(StreamCostItem.self, value: ["id": -1]), at: 0)
        }
        #expect(text(await changes.next()) == "-[] +[0] ~[]")
        // An object of the element class that is not in the list: nothing to report, and nothing read to know it.
        try await realm.write { realm in _ = try realm.create(StreamCostItem.self, value: ["id": -2]) }
        try await realm.write { realm in realm.object(ofType: StreamCostItem.self, forPrimaryKey: -2)!.value = 1 }
        let costs = await Self.listCosts(realm)
        #expect(costs == [[1, 0]], "only the modified object's check read the list")
        try await realm.write { realm in
            realm.object(ofType: StreamCostOwner.self, forPrimaryKey: 1)!.items.swapAt(0, 1)
        }
        #expect(text(await changes.next()) == "-[1] +[0] ~[]")
        // The consumer's last element is older than the change to -2: this change, computed from it, checks again.
        let after = await Self.listCosts(realm)
        #expect(after == [[2, 0]])
        await realm.close()
    }

    @Test("a modified element object is a modification at its index, as key paths filter it")
    func modifiedElements() async throws {
        let realm = try await Self.makeRealm(items: 20)
        let (all, labels) = await realm.read { realm in
            let items = realm.object(ofType: StreamCostOwner.self, forPrimaryKey: 1)!.items
            return (items.changes(), items.changes(keyPaths: ["label"]))
        }
        var allChanges = all.makeAsyncIterator()
        var labelChanges = labels.makeAsyncIterator()
        _ = await allChanges.next()
        _ = await labelChanges.next()
        try await realm.write { realm in realm.object(ofType: StreamCostItem.self, forPrimaryKey: 7)!.value = 70 }
        #expect(text(await allChanges.next()) == "-[] +[] ~[7]")
        try await realm.write { realm in
            realm.object(ofType: StreamCostItem.self, forPrimaryKey: 3)!.label = "three"
            let items = realm.object(ofType: StreamCostOwner.self, forPrimaryKey: 1)!.items
            items.append(items[3])
        }
        #expect(text(await allChanges.next()) == "-[] +[20] ~[3]")
        // The label stream skipped the change to `value`: its element covers both commits.
        #expect(text(await labelChanges.next()) == "-[] +[20] ~[3]")
        await realm.close()
    }

    @Test("commits a slow consumer did not take are coalesced, with exact indices")
    func coalesced() async throws {
        let realm = try await Self.makeRealm(items: 10, ints: 10)
        let (items, ints) = await realm.read { realm in
            let owner = realm.object(ofType: StreamCostOwner.self, forPrimaryKey: 1)!
            return (owner.items.changes(), owner.ints.changes())
        }
        var itemChanges = items.makeAsyncIterator()
        var intChanges = ints.makeAsyncIterator()
        _ = await itemChanges.next()
        _ = await intChanges.next()
        try await realm.write { realm in
            let owner = realm.object(ofType: StreamCostOwner.self, forPrimaryKey: 1)!
            owner.items.append(try realm.create(StreamCostItem.self, value: ["id": 10]))
            owner.ints.append(10)
        }
        try await realm.write { realm in
            let owner = realm.object(ofType: StreamCostOwner.self, forPrimaryKey: 1)!
            owner.items.remove(at: 2)
            owner.ints.remove(at: 2)
        }
        try await realm.write { realm in
            let owner = realm.object(ofType: StreamCostOwner.self, forPrimaryKey: 1)!
            owner.items[6].value = -1
            owner.ints[6] = -1
            owner.items.move(from: 0, to: 4)
            owner.ints.move(from: 0, to: 4)
        }
        // Old: 0…9. New: 1 3 4 5 0 6 7 8 9 10, the 7 (old index 7) modified or assigned.
        #expect(text(await itemChanges.next()) == "-[0, 2] +[4, 9] ~[7]")
        #expect(text(await intChanges.next()) == "-[0, 2] +[4, 9] ~[7]")
        #expect(await Self.listCosts(realm).allSatisfy { $0[1] == 0 })
        await realm.close()
    }

    @Test("a deleted owner reports every element deleted and ends the stream")
    func deletedOwner() async throws {
        let realm = try await Self.makeRealm(items: 5)
        let stream = await realm.read { realm in
            realm.object(ofType: StreamCostOwner.self, forPrimaryKey: 1)!.items.changes()
        }
        var changes = stream.makeAsyncIterator()
        _ = await changes.next()
        try await realm.write { realm in
            let owner = realm.object(ofType: StreamCostOwner.self, forPrimaryKey: 1)!
            owner.items.append(try realm.create(StreamCostItem.self, value: ["id": 5]))
            try realm.delete(owner)
        }
        #expect(text(await changes.next()) == "-[0, 1, 2, 3, 4] +[] ~[]")
        #expect(await changes.next() == nil)
        await realm.close()
    }

    @Test("a consumer further behind than the history: the list is read and diffed, exactly")
    func beyondTheHistory() async throws {
        let realm = try await Self.makeRealm(items: 0, ints: 3)
        let stream = await realm.read { realm in
            realm.object(ofType: StreamCostOwner.self, forPrimaryKey: 1)!.ints.changes()
        }
        var changes = stream.makeAsyncIterator()
        _ = await changes.next()
        // More commits than the history keeps (512 entries) while the consumer takes nothing.
        let commits = 520
        for value in 0..<commits {
            try await realm.write { realm in
                realm.object(ofType: StreamCostOwner.self, forPrimaryKey: 1)!.ints.append(100 + value)
            }
        }
        let change = await changes.next()
        #expect(text(change) == "-[] +\(Array(3..<3 + commits)) ~[]")
        if case .update(let list, _, _, _)? = change { #expect(Array(list) == [0, 1, 2] + Array(100..<100 + commits)) }
        #expect(await Self.listCosts(realm).first.map { $0[1] > 0 } == true, "the history no longer covered it")
        await realm.close()
    }

    /// A random edit of `owner`'s lists (or of an item), applied to the model too.
    private static func randomEdit(
        _ realm: isolated Realm,
        _ owner: StreamCostOwner,
        _ model: inout (items: ModelList, ints: ModelList),
        _ set: inout (value: Set<Int>, label: Set<Int>),
        _ next: inout (slot: Int, item: Int, value: Int),
        _ generator: inout SeededGenerator
    ) throws {
        let itemCount = model.items.slots.count
        let intCount = model.ints.slots.count
        func index(_ count: Int) -> Int { Int.random(in: 0..<count, using: &generator) }
        func pooled() throws -> StreamCostItem {
            // An item already in the realm (maybe in the list), or a new one.
            let existing = realm.objects(StreamCostItem.self)
            if !existing.isEmpty, Bool.random(using: &generator) {
                return existing[index(existing.count)]
            }
            next.item += 1
            return try realm.create(StreamCostItem.self, value: ["id": next.item])
        }
        next.value += 1
        switch Int.random(in: 0..<20, using: &generator) {
        case 0, 1:
            let item = try pooled()
            owner.items.append(item)
            model.items.insert(item.id, at: itemCount, &next.slot)
        case 2:
            let item = try pooled()
            let at = Int.random(in: 0...itemCount, using: &generator)
            owner.items.insert(item, at: at)
            model.items.insert(item.id, at: at, &next.slot)
        case 3 where itemCount > 0:
            let at = index(itemCount)
            owner.items.remove(at: at)
            model.items.slots.remove(at: at)
        case 4 where itemCount > 0:
            let (from, to) = (index(itemCount), index(itemCount))
            owner.items.move(from: from, to: to)
            model.items.move(from: from, to: to)
        case 5 where itemCount > 0:
            let (first, second) = (index(itemCount), index(itemCount))
            owner.items.swapAt(first, second)
            model.items.swap(first, second)
        case 6 where itemCount > 0:
            let at = index(itemCount)
            let item = try pooled()
            owner.items[at] = item
            model.items.assign(item.id, at: at)
        case 7, 8:
            let items = realm.objects(StreamCostItem.self)
            guard !items.isEmpty else { break }
            let item = items[index(items.count)]
            item.value = next.value
            set.value.insert(item.id)
        case 9:
            let items = realm.objects(StreamCostItem.self)
            guard !items.isEmpty else { break }
            let item = items[index(items.count)]
            item.label = "l\(next.value)"
            set.label.insert(item.id)
        case 10 where Int.random(in: 0..<4, using: &generator) == 0:
            // Deleting an item removes it from the list wherever it is.
            let items = realm.objects(StreamCostItem.self)
            guard !items.isEmpty else { break }
            let item = items[index(items.count)]
            let id = item.id
            try realm.delete(item)
            model.items.slots.removeAll { $0.element == id }
            set.value.remove(id)
            set.label.remove(id)
        case 11 where Int.random(in: 0..<8, using: &generator) == 0:
            owner.items.removeAll()
            model.items.slots.removeAll()
        case 12, 13:
            let at = Int.random(in: 0...intCount, using: &generator)
            owner.ints.insert(next.value, at: at)
            model.ints.insert(next.value, at: at, &next.slot)
        case 14 where intCount > 0:
            let at = index(intCount)
            owner.ints.remove(at: at)
            model.ints.slots.remove(at: at)
        case 15 where intCount > 0:
            let (from, to) = (index(intCount), index(intCount))
            owner.ints.move(from: from, to: to)
            model.ints.move(from: from, to: to)
        case 16 where intCount > 0:
            let (first, second) = (index(intCount), index(intCount))
            owner.ints.swapAt(first, second)
            model.ints.swap(first, second)
        case 17 where intCount > 0:
            let at = index(intCount)
            owner.ints[at] = next.value
            model.ints.assign(next.value, at: at)
        case 18 where Int.random(in: 0..<8, using: &generator) == 0:
            owner.ints.removeAll()
            model.ints.slots.removeAll()
        default:
            owner.ints.append(next.value)
            model.ints.insert(next.value, at: intCount, &next.slot)
        }
    }

    @Test("random edits across commits, taken one by one or coalesced: each change is the model's")
    func randomAgainstModel() async throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("ListStreamCostTests.randomAgainstModel seed: \(seed)")
        var generator = SeededGenerator(seed: seed)
        let realm = try await Self.makeRealm(items: 12, ints: 12)
        var model = (items: ModelList(), ints: ModelList())
        var next = (slot: 0, item: 1_000, value: 1_000)
        for id in 0..<12 {
            model.items.insert(id, at: id, &next.slot)
            model.ints.insert(id, at: id, &next.slot)
        }
        let (all, labels, ints) = await realm.read { realm in
            let owner = realm.object(ofType: StreamCostOwner.self, forPrimaryKey: 1)!
            return (owner.items.changes(), owner.items.changes(keyPaths: ["label"]), owner.ints.changes())
        }
        var streams = (all: all.makeAsyncIterator(), labels: labels.makeAsyncIterator(), ints: ints.makeAsyncIterator())
        guard case .initial(let initial)? = await streams.all.next() else {
            Issue.record("no initial element")
            return
        }
        _ = await streams.labels.next()
        _ = await streams.ints.next()
        let start = version(of: initial)
        var versions: [Version: Int] = [start: 0]
        var history = [
            ModelVersion(
                items: model.items.slots,
                ints: model.ints.slots,
                itemEdits: SlotEdits(),
                intEdits: SlotEdits(),
                valueSet: [],
                labelSet: []
            )
        ]
        var taken = (all: start, labels: start, ints: start)
        var operations = 0
        /// Elements checked, and those among them that covered several commits.
        var checked = (all: 0, coalesced: 0)

        /// Checks one element of a stream against the model, from the version its consumer took last.
        func check<T>(
            _ change: RealmCollectionChange<List<T>>?,
            from base: inout Version,
            _ name: String,
            expected: (ModelVersion, ModelVersion, ArraySlice<ModelVersion>) -> (
                deletions: [Int], insertions: [Int], modifications: [Int]
            ),
            elements: (List<T>) -> [Int],
            modelElements: (ModelVersion) -> [Int]
        ) -> Bool {
            guard case .update(let list, let deletions, let insertions, let modifications)? = change else {
                Issue.record("\(name): not an update: \(String(describing: change)), seed \(seed)")
                return false
            }
            guard let old = versions[base], let new = versions[version(of: list)], old < new else {
                Issue.record("\(name): a payload of an unknown version, seed \(seed)")
                return false
            }
            base = version(of: list)
            checked.all += 1
            if new - old > 1 { checked.coalesced += 1 }
            #expect(elements(list) == modelElements(history[new]), "\(name): payload, seed \(seed)")
            let want = expected(history[old], history[new], history[(old + 1)...new])
            let got = (deletions, insertions, modifications)
            let wanted = "-\(want.deletions) +\(want.insertions) ~\(want.modifications)"
            #expect(
                got == want,
                "\(name) over \(new - old) commits: got -\(deletions) +\(insertions) ~\(modifications), \(wanted)"
            )
            if got != want { print("seed \(seed)") }
            return got == want
        }

        for round in 0..<250 {
            let commits = Int.random(in: 1...4, using: &generator)
            for commit in 0..<commits {
                let last = commit == commits - 1
                var set = (value: Set<Int>(), label: Set<Int>())
                let edits = Int.random(in: 1...5, using: &generator)
                let commitSeed = UInt64.random(in: 0...UInt64.max, using: &generator)
                (model, set, next) = try await realm.write { [model, set, next] realm in
                    var (model, set, next) = (model, set, next)
                    var generator = SeededGenerator(seed: commitSeed)
                    let owner = realm.object(ofType: StreamCostOwner.self, forPrimaryKey: 1)!
                    for _ in 0..<edits { try Self.randomEdit(realm, owner, &model, &set, &next, &generator) }
                    if last {
                        // Every round ends changing both lists, so that each stream has an element to take.
                        next.item += 1
                        let item = try realm.create(StreamCostItem.self, value: ["id": next.item])
                        owner.items.append(item)
                        model.items.insert(item.id, at: model.items.slots.count, &next.slot)
                        next.value += 1
                        owner.ints.append(next.value)
                        model.ints.insert(next.value, at: model.ints.slots.count, &next.slot)
                    }
                    return (model, set, next)
                }
                operations += edits
                let committed = await realm.read { realm in realm.state.database.latestVersion }
                versions[committed] = history.count
                history.append(
                    ModelVersion(
                        items: model.items.slots,
                        ints: model.ints.slots,
                        itemEdits: model.items.edits,
                        intEdits: model.ints.edits,
                        valueSet: set.value,
                        labelSet: set.label
                    )
                )
                model.items.edits = SlotEdits()
                model.ints.edits = SlotEdits()
            }
            // Sometimes the consumers take nothing this round: the next element covers two rounds.
            if round % 7 == 3 { continue }
            let latest = versions.max { $0.value < $1.value }!.key
            let itemElements = { (list: List<StreamCostItem>) in list.map(\.id) }
            while taken.all < latest {
                let ok = check(
                    await streams.all.next(),
                    from: &taken.all,
                    "all",
                    expected: { old, new, commits in
                        let modified = commits.reduce(into: Set<Int>()) { $0.formUnion($1.valueSet.union($1.labelSet)) }
                        return expectedChange(
                            from: old.items,
                            to: new.items,
                            edits: commits.map(\.itemEdits),
                            modified: modified
                        )
                    },
                    elements: itemElements,
                    modelElements: { $0.items.map(\.element) }
                )
                if !ok { return }
            }
            while taken.labels < latest {
                let ok = check(
                    await streams.labels.next(),
                    from: &taken.labels,
                    "labels",
                    expected: { old, new, commits in
                        expectedChange(
                            from: old.items,
                            to: new.items,
                            edits: commits.map(\.itemEdits),
                            modified: commits.reduce(into: Set<Int>()) { $0.formUnion($1.labelSet) }
                        )
                    },
                    elements: itemElements,
                    modelElements: { $0.items.map(\.element) }
                )
                if !ok { return }
            }
            while taken.ints < latest {
                let ok = check(
                    await streams.ints.next(),
                    from: &taken.ints,
                    "ints",
                    expected: { old, new, commits in
                        expectedChange(from: old.ints, to: new.ints, edits: commits.map(\.intEdits), modified: [])
                    },
                    elements: { Array($0) },
                    modelElements: { $0.ints.map(\.element) }
                )
                if !ok { return }
            }
        }
        #expect(operations > 1_000)
        #expect(checked.all > 500 && checked.coalesced > 100, "\(checked)")
        #expect(await Self.listCosts(realm).allSatisfy { $0[1] == 0 }, "every change came from the logged edits")
        await realm.close()
    }
}
