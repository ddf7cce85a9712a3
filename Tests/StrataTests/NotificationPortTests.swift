import Foundation
import Strata
import Synchronization
import Testing

// Change-set facts from realm-swift's Realm/Tests/NotificationTests.m: the indices a collection observer receives for
// ten objects valued 0 to 9 observed through the filter `intCol > 0 AND intCol < 5` (objects 1 to 4 at indices 0 to
// 3), as results of the whole type (ChangesetTests), as a filtered list holding all ten (LinkViewArrayChangesetTests)
// and as a filtered set holding all ten (LinkViewSetChangesetTests), and which writes reach results sorted in
// descending order at all (NotificationTests as inherited by SortedNotificationTests, and that class's own
// testMoveMatchingObjectDueToDeletionOfNonMatchingObject and testMultipleMovesOfSingleRow). The changes through
// links (LinkedObjectChangesetTests) and through LinkingObjects (LinkingObjectsChangesetTests) are in
// NotificationPortTests+Links.swift.
//
// Every write is made by the observing realm, so its stream holds the write's element (or none) when the write
// returns. "Nothing" is checked without waiting: a sentinel write adds one matching object, and the next element
// must be that insertion alone, its collection one larger than after the write under test (a stream coalesces the
// elements its consumer has not taken, so a change of the write under test would show in it).

final class NTTInt: Object {
    @Persisted var intCol = 0
}

final class NTTArrayHolder: Object {
    @Persisted var intArray: List<NTTInt>
}

final class NTTSetHolder: Object {
    @Persisted var intSet: MutableSet<NTTInt>
}

let nttTypes: [ObjectBase.Type] = [
    NTTInt.self, NTTArrayHolder.self, NTTSetHolder.self, NTTString.self, NTTLinkString.self, NTTPerson.self,
]

/// The first change an observer of `collection` reports after `edit`, as `-[deletions] +[insertions] ~[modifications]`.
/// With a `sentinel` (for a write that should report nothing), `nothing` when the element taken after the sentinel's
/// write is only the one insertion the sentinel makes; a change of `edit` would have been coalesced into it.
func nttFirstChange<C: RealmCollection>(
    in realm: Realm,
    observing collection: @escaping @Sendable (isolated Realm) -> C,
    after edit: @escaping @Sendable (isolated Realm) throws -> Void,
    sentinel: (@Sendable (isolated Realm) throws -> Void)?
) async throws -> String {
    let outcome = Mutex("no element")
    try await withTimeout(120) {
        let stream = await realm.read { realm in collection(realm).changes() }
        var changes = stream.makeAsyncIterator()
        guard case .initial? = await changes.next() else { return }
        try await realm.write { realm in try edit(realm) }
        let countAfterEdit = await realm.read { realm in collection(realm).count }
        if let sentinel { try await realm.write { realm in try sentinel(realm) } }
        guard case .update(let frozen, let deletions, let insertions, let modifications)? = await changes.next()
        else { return }
        let alone = deletions.isEmpty && modifications.isEmpty && insertions.count == 1
        let text =
            sentinel != nil && alone && frozen.count == countAfterEdit + 1
            ? "nothing" : "-\(deletions) +\(insertions) ~\(modifications)"
        outcome.withLock { $0 = text }
    }
    return outcome.withLock { $0 }
}

@Suite("NotificationTests.m ports: change sets of filtered and sorted collections", .serialized)
struct NotificationPortTests {
    /// Where the observed objects are.
    enum Source: String, Sendable, CaseIterable {
        /// `realm.objects(NTTInt.self)` filtered; ten `NTTArrayHolder`s each hold one of the objects.
        case results
        /// The `intArray` of one `NTTArrayHolder` holding all ten, filtered.
        case list
        /// The `intSet` of one `NTTSetHolder` holding all ten, filtered.
        case set
        /// `realm.objects(NTTInt.self)` filtered and sorted by `intCol`, descending.
        case sortedResults

        static let filter = "intCol > 0 AND intCol < 5"

        func seed(_ realm: isolated Realm) throws {
            let objects = try (0..<10).map { try realm.create(NTTInt.self, value: ["intCol": $0]) }
            switch self {
            case .results, .sortedResults:
                for object in objects { try realm.create(NTTArrayHolder.self).intArray.append(object) }
            case .list: try realm.create(NTTArrayHolder.self).intArray.append(objectsIn: objects)
            case .set: try realm.create(NTTSetHolder.self).intSet.insert(objectsIn: objects)
            }
        }

        func observed(_ realm: isolated Realm) -> Results<NTTInt> {
            switch self {
            case .results: realm.objects(NTTInt.self).filter(Self.filter)
            case .list: realm.objects(NTTArrayHolder.self).first!.intArray.filter(Self.filter)
            case .set: realm.objects(NTTSetHolder.self).first!.intSet.filter(Self.filter)
            case .sortedResults:
                realm.objects(NTTInt.self).filter(Self.filter).sorted(byKeyPath: "intCol", ascending: false)
            }
        }

        /// Creates an object and, for a list or a set, adds it to the collection.
        func add(_ value: Int, in realm: isolated Realm) throws {
            let object = try realm.create(NTTInt.self, value: ["intCol": value])
            switch self {
            case .results, .sortedResults: break
            case .list: realm.objects(NTTArrayHolder.self).first!.intArray.append(object)
            case .set: realm.objects(NTTSetHolder.self).first!.intSet.insert(object)
            }
        }
    }

    /// One edit in a write.
    enum Step: Sendable, CustomStringConvertible {
        /// Deletes the objects matching a query.
        case delete(String)
        /// Sets `intCol` of the objects valued `from` to `to`.
        case change(from: Int, to: Int)
        /// Creates an object and adds it to the source collection.
        case add(Int)
        /// Creates an object and inserts it into the list at an index.
        case insert(Int, at: Int)
        /// Removes the element at an index of the list or set (not deleting it).
        case removeElement(at: Int)
        /// Removes every element of the list or set.
        case clear
        /// Sets `intCol` of the last object of the type, in table order.
        case changeLast(to: Int)
        /// Deletes the last object of the type, in table order.
        case deleteLast

        var description: String {
            switch self {
            case .delete(let query): "delete \(query)"
            case .change(let from, let to): "\(from)→\(to)"
            case .add(let value): "add \(value)"
            case .insert(let value, let index): "insert \(value) at \(index)"
            case .removeElement(let index): "remove element \(index)"
            case .clear: "clear"
            case .changeLast(let value): "last→\(value)"
            case .deleteLast: "delete last"
            }
        }

        func perform(_ realm: isolated Realm, on source: Source) throws {
            switch self {
            case .delete(let query): try realm.delete(realm.objects(NTTInt.self).filter(query))
            case .change(let from, let to):
                realm.objects(NTTInt.self).filter("intCol == %@", from).setValue(to, forKey: "intCol")
            case .add(let value): try source.add(value, in: realm)
            case .insert(let value, let index):
                let object = try realm.create(NTTInt.self, value: ["intCol": value])
                realm.objects(NTTArrayHolder.self).first!.intArray.insert(object, at: index)
            case .removeElement(let index):
                switch source {
                case .list: realm.objects(NTTArrayHolder.self).first!.intArray.remove(at: index)
                case .set:
                    let set = realm.objects(NTTSetHolder.self).first!.intSet
                    set.remove(set[index])
                case .results, .sortedResults: Issue.record("no collection to remove from")
                }
            case .clear:
                switch source {
                case .list: realm.objects(NTTArrayHolder.self).first!.intArray.removeAll()
                case .set: realm.objects(NTTSetHolder.self).first!.intSet.removeAll()
                case .results, .sortedResults: Issue.record("no collection to clear")
                }
            case .changeLast(let value): realm.objects(NTTInt.self).last!.intCol = value
            case .deleteLast: try realm.delete(realm.objects(NTTInt.self).last!)
            }
        }
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let source: Source
        let steps: [Step]
        /// `nothing`, `-[…] +[…] ~[…]`, or `some change` (sorted results: Realm's tests only say one came).
        let expected: String

        var testDescription: String { "\(source): \(steps.map(\.description).joined(separator: ", "))" }
    }

    /// Rows that hold for the results, the list and the set alike.
    static let sharedRows: [([Step], String)] = [
        // testDeleteMultiple
        ([.delete("intCol > 4")], "nothing"),
        ([.delete("intCol > 5"), .delete("intCol = 0")], "nothing"),
        ([.delete("intCol > 1")], "-[1, 2, 3] +[] ~[]"),
        ([.delete("intCol = 2"), .delete("intCol = 3"), .delete("intCol = 4")], "-[1, 2, 3] +[] ~[]"),
        ([.delete("intCol = 4"), .delete("intCol = 3"), .delete("intCol = 2")], "-[1, 2, 3] +[] ~[]"),
        ([.delete("intCol > 4"), .delete("intCol < 1")], "nothing"),
        // testDeleteNewlyInsertedRowMatchingQuery
        ([.add(3), .deleteLast], "nothing"),
        // testInsertObjectMatchingQuery, testInsertObjectNotMatchingQuery
        ([.add(3)], "-[] +[4] ~[]"),
        ([.add(5)], "nothing"),
        // testInsertBothMatchingAndNonMatching, testInsertMultipleMatching
        ([.add(5), .add(3)], "-[] +[4] ~[]"),
        ([.add(5), .add(3), .add(5), .add(2)], "-[] +[4, 5] ~[]"),
        // testModifyObjectMatchingQuery, …ToNoLongerMatchQuery, …NotMatchingQuery, …ToMatchQuery
        ([.change(from: 3, to: 4)], "-[] +[] ~[2]"),
        ([.change(from: 3, to: 5)], "-[2] +[] ~[]"),
        ([.change(from: 5, to: 6)], "nothing"),
        ([.change(from: 5, to: 4)], "-[] +[4] ~[]"),
        // testDeleteObjectMatchingQuery
        ([.delete("intCol = 1")], "-[0] +[] ~[]"),
        ([.delete("intCol = 4")], "-[3] +[] ~[]"),
        // testDeleteNonMatchingBeforeMatches, testDeleteNonMatchingAfterMatches
        ([.delete("intCol = 0")], "nothing"),
        ([.delete("intCol = 5")], "nothing"),
        // testMoveMatchingObjectDueToDeletionOfNonMatchingObject (list and set; Realm's results version is unused)
        ([.delete("intCol >= 5"), .delete("intCol = 0")], "nothing"),
        // testNonMatchingObjectMovedToIndexOfMatchingRowAndMadeMatching
        ([.changeLast(to: 3), .delete("intCol = 2")], "-[1] +[3] ~[]"),
    ]

    static let rows: [Row] =
        [Source.results, .list, .set].flatMap { source in
            sharedRows.map { Row(source: source, steps: $0.0, expected: $0.1) }
        } + [
            // ChangesetTests testDeleteMultiple (every object) and testModifyObjectShiftedByDeletion
            Row(source: .results, steps: [.delete("TRUEPREDICATE")], expected: "-[0, 1, 2, 3] +[] ~[]"),
            Row(source: .results, steps: [.delete("intCol = 2"), .change(from: 3, to: 4)], expected: "-[1] +[] ~[2]"),
            // LinkViewArrayChangesetTests testInsertAtIndex
            Row(source: .list, steps: [.insert(3, at: 0)], expected: "-[] +[0] ~[]"),
            Row(source: .list, steps: [.insert(3, at: 1)], expected: "-[] +[0] ~[]"),
            Row(source: .list, steps: [.insert(3, at: 2)], expected: "-[] +[1] ~[]"),
            Row(source: .list, steps: [.insert(5, at: 2)], expected: "nothing"),
            // testRemoveFromArray, testRemoveFromSet
            Row(source: .list, steps: [.removeElement(at: 1)], expected: "-[0] +[] ~[]"),
            Row(source: .list, steps: [.removeElement(at: 0)], expected: "nothing"),
            Row(source: .set, steps: [.removeElement(at: 1)], expected: "-[0] +[] ~[]"),
            Row(source: .set, steps: [.removeElement(at: 0)], expected: "nothing"),
            // testClearArray, testClearSet
            Row(source: .list, steps: [.clear], expected: "-[0, 1, 2, 3] +[] ~[]"),
            Row(source: .set, steps: [.clear], expected: "-[0, 1, 2, 3] +[] ~[]"),
            // LinkViewArrayChangesetTests testModifyObjectShiftedByInsertsAndDeletions
            Row(source: .list, steps: [.delete("intCol = 2"), .change(from: 3, to: 4)], expected: "-[1] +[] ~[2]"),
            Row(source: .list, steps: [.insert(3, at: 0), .change(from: 4, to: 3)], expected: "-[] +[0] ~[3]"),
            // LinkViewSetChangesetTests testModifyObjectShiftedByInsertsAndDeletions
            Row(source: .set, steps: [.delete("intCol = 2"), .change(from: 1, to: 10)], expected: "-[0, 1] +[] ~[]"),
            Row(source: .set, steps: [.change(from: 9, to: 11)], expected: "nothing"),
            // NotificationTests on SortedNotificationTests' descending results: which writes notify at all
            Row(source: .sortedResults, steps: [.add(3)], expected: "some change"),
            Row(source: .sortedResults, steps: [.add(10)], expected: "nothing"),
            Row(source: .sortedResults, steps: [.change(from: 3, to: 4)], expected: "some change"),
            Row(source: .sortedResults, steps: [.change(from: 3, to: 5)], expected: "some change"),
            Row(source: .sortedResults, steps: [.change(from: 5, to: 6)], expected: "nothing"),
            Row(source: .sortedResults, steps: [.change(from: 5, to: 4)], expected: "some change"),
            Row(source: .sortedResults, steps: [.delete("intCol = 4")], expected: "some change"),
            Row(source: .sortedResults, steps: [.delete("intCol = 5")], expected: "nothing"),
            Row(source: .sortedResults, steps: [.delete("intCol = 0")], expected: "nothing"),
            Row(source: .sortedResults, steps: [.changeLast(to: 3), .delete("intCol = 2")], expected: "some change"),
            Row(source: .sortedResults, steps: [.delete("intCol >= 5"), .delete("intCol = 0")], expected: "nothing"),
        ]

    @Test("the first change after a write, for the filtered results, list and set", arguments: rows)
    func changeSet(_ row: Row) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(nttTypes))
        try await realm.write { realm in try row.source.seed(realm) }
        var sentinel: (@Sendable (isolated Realm) throws -> Void)?
        if row.expected == "nothing" { sentinel = { realm in try row.source.add(1, in: realm) } }
        let change = try await nttFirstChange(
            in: realm,
            observing: { realm in row.source.observed(realm) },
            after: { realm in for step in row.steps { try step.perform(realm, on: row.source) } },
            sentinel: sentinel
        )
        if row.expected == "some change" {
            #expect(change != "nothing" && change != "no element", "\(change)")
        } else {
            #expect(change == row.expected)
        }
    }

    @Test("sorted results: a row moved twice within one write that ends where it began reports nothing")
    func multipleMovesOfSingleRow() async throws {
        // SortedNotificationTests testMultipleMovesOfSingleRow: after [10, 10, 3], deleting the second and the first
        // object leaves the observed [3] as it was.
        let realm = try await Realm(configuration: memoryConfiguration(nttTypes))
        try await realm.write { realm in
            for value in [10, 10, 3] { try realm.create(NTTInt.self, value: ["intCol": value]) }
        }
        let change = try await nttFirstChange(
            in: realm,
            observing: { realm in Source.sortedResults.observed(realm) },
            after: { realm in
                let objects = realm.objects(NTTInt.self)
                try realm.delete(objects[1])
                try realm.delete(objects[0])
            },
            sentinel: { realm in try realm.create(NTTInt.self, value: ["intCol": 1]) }
        )
        #expect(change == "nothing")
    }
}
