import Foundation
import StrataCore
import Testing

@testable import Strata

// Key paths through a collection of objects to a further collection, and backlink counts, as realm-core's query
// engine evaluates them: an aggregate after a list is taken per object reached (any may match), @min/@max/@sum/@avg
// of a property of linked objects takes every object reached at once, a collection of values behind a missing
// to-one link aggregates as an empty one, `@links.@count` adds up every link to the objects reached, and a property
// IN a collection's key path is ANY of its elements equal.

/// A tag: a name and a weight.
final class CPTTag: Object {
    @Persisted var name = ""
    @Persisted var weight = 0
}

/// A box of numbers and tags.
final class CPTBox: Object {
    @Persisted var label = ""
    @Persisted var values: List<Int>
    @Persisted var tags: List<CPTTag>
    @Persisted var favourite: CPTTag?
}

/// An owner of a box and of a list of boxes.
final class CPTOwner: Object {
    @Persisted var name = ""
    @Persisted var box: CPTBox?
    @Persisted var boxes: List<CPTBox>
}

/// Tags a (1), b (2), c (3). Boxes: x (values [1, 2], tags [a, b], favourite a), y ([], [c], none), z ([5], [], c).
/// Owners: "x" (box x, boxes [x, y]), "q" (no box, boxes [z]), "z" (box y, no boxes).
func cptSeed(_ realm: isolated Realm) throws {
    let tags = [("a", 1), ("b", 2), ("c", 3)].map { name, weight in
        let tag = CPTTag()
        tag.name = name
        tag.weight = weight
        return tag
    }
    for tag in tags { try realm.add(tag) }
    let boxes = [("x", [1, 2], [0, 1], 0), ("y", [], [2], nil), ("z", [5], [], 2)].map {
        label,
        values,
        tagged,
        favourite in
        let box = CPTBox()
        box.label = label
        box.values.append(objectsIn: values)
        box.tags.append(objectsIn: tagged.map { tags[$0] })
        box.favourite = favourite.map { tags[$0] }
        return box
    }
    for box in boxes { try realm.add(box) }
    for (name, box, listed) in [("x", 0, [0, 1]), ("q", nil, [2]), ("z", 1, [])] {
        let owner = CPTOwner()
        owner.name = name
        owner.box = box.map { boxes[$0] }
        owner.boxes.append(objectsIn: listed.map { boxes[$0] })
        try realm.add(owner)
    }
}

let cptTypes: @Sendable () -> [ObjectBase.Type] = { [CPTTag.self, CPTBox.self, CPTOwner.self] }

@Suite("Query key paths through collections to collections, and backlink counts")
struct QueryCollectionPathTests {
    static let ownerRows: [QCPRow] = [
        // One aggregate per listed box; any may match (an owner without boxes has none).
        qcp("boxes.tags.@count == 2", 1), qcp("boxes.tags.@count == 0", 1), qcp("boxes.tags.@size == 1", 1),
        qcp("boxes.values.@count == 0", 1), qcp("boxes.values.@max == 5", 1), qcp("boxes.values.@sum == 0", 1),
        qcp("boxes.values.@avg == 1.5", 1), qcp("boxes.values.@min == nil", 1), qcp("ANY boxes.values.@count == 2", 1),
        qcp("ALL boxes.values.@count > 0", 2), qcp("NONE boxes.tags.@count == 1", 2),
        // A property of the tags of every listed box at once (no boxes: the sum of nothing).
        qcp("boxes.tags.@sum.weight == 6", 1), qcp("boxes.tags.@sum.weight == 0", 2),
        qcp("boxes.tags.@max.weight == 3", 1), qcp("boxes.tags.@min.weight == 1", 1),
        // A list of values behind a missing link: an empty list.
        qcp("box.values.@count == 0", 2), qcp("box.values.@sum == 0", 2), qcp("box.values.@min == nil", 2),
        qcp("box.values.@count == 2", 1),
        // Every link to the objects reached, added up.
        qcp("@links.@count == 0", 3), qcp("box.@links.@count == 2", 2), qcp("boxes.@links.@count == 4", 1),
        qcp("box.@links.@count == 0", 1),
        // A property IN a collection's key path.
        qcp("name IN boxes.label", 1), qcp("NOT (name IN boxes.label)", 2), qcp("box IN boxes", 1),
        qcp("box.label IN boxes.label", 1), qcpError("boxes.label IN boxes.label", ["collection"]),
        // A nested SUBQUERY may reuse its parent's variable for another class's objects, not for the same class's.
        qcp("SUBQUERY(boxes, $x, SUBQUERY($x.tags, $x, $x.weight > 1).@count > 0).@count > 0", 1),
        qcpError(
            "SUBQUERY(boxes, $x, SUBQUERY($x.favourite.@links.CPTBox.favourite, $x, $x.label == 'x').@count > 0)"
                + ".@count > 0",
            ["$x", "identical variable"]
        ),
        qcpError(
            "SUBQUERY(boxes, $b, SUBQUERY($b.tags, $t, SUBQUERY($t.@links.CPTBox.tags, $b, TRUEPREDICATE)"
                + ".@count > 0).@count > 0).@count > 0",
            ["$b", "identical variable"]
        ),
    ]

    @Test("owners", arguments: Self.ownerRows)
    func owners(_ row: QCPRow) async throws {
        try await QCPFixture.of(CPTOwner.self, cptTypes, seed: cptSeed).check(row)
    }

    static let tagRows: [QCPRow] = [
        qcp("@links.@count == 2", 2), qcp("@links.@count == 1", 1), qcp("@links.@size >= 1", 3),
        qcp("@links.CPTBox.tags.@links.@count == 2", 3), qcp("@links.CPTBox.favourite.@links.@count == 1", 1),
        qcpError("@links.@count == 'two'", ["numeric"]), qcpError("@links.@max.weight == 1", ["@links"]),
    ]

    @Test("tags", arguments: Self.tagRows)
    func tags(_ row: QCPRow) async throws {
        try await QCPFixture.of(CPTTag.self, cptTypes, seed: cptSeed).check(row)
    }

    @Test("a stream of results through collections and backlinks re-runs its query on each change")
    func streams() async throws {
        let realm = try await QCPFixture.of(CPTOwner.self, cptTypes, seed: cptSeed).open()
        let (linked, counted) = await realm.read { realm in
            (
                realm.objects(CPTTag.self).filter("@links.@count >= 2").changes(),
                realm.objects(CPTOwner.self).filter("boxes.values.@count == 0").changes()
            )
        }
        var tags = linked.makeAsyncIterator()
        var owners = counted.makeAsyncIterator()
        _ = await tags.next()
        _ = await owners.next()
        try await realm.write { realm in
            let z = realm.objects(CPTBox.self).filter("label == 'z'").first!
            z.tags.append(realm.objects(CPTTag.self).filter("name == 'b'").first!)
            z.values.removeAll()
        }
        guard case .update(let linkedTags, let deletions, let insertions, _)? = await tags.next() else {
            Issue.record("no update of the tags")
            return
        }
        #expect(linkedTags.map(\.name) == ["a", "b", "c"] && deletions.isEmpty && insertions == [1])
        guard case .update(let emptyOwners, let ownerDeletions, let ownerInsertions, _)? = await owners.next() else {
            Issue.record("no update of the owners")
            return
        }
        #expect(emptyOwners.map(\.name) == ["x", "q"] && ownerDeletions.isEmpty && ownerInsertions == [1])
        let counts = await realm.read { realm in
            realm.state.observers.compactMap { observer -> Int? in
                (observer as? CollectionObserver<Results<CPTTag>>)?.incrementalUpdates
                    ?? (observer as? CollectionObserver<Results<CPTOwner>>)?.incrementalUpdates
            }
        }
        // Neither query reads only its table's own columns, so neither is maintained from the change log.
        #expect(counts == [0, 0])
        await realm.close()
    }
}
