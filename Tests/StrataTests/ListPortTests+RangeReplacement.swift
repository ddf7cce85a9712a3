import Foundation
import Strata
import Testing

// realm-swift's ListRRCMethodsTests (in `RealmSwift/Tests/ListTests.swift`): a list of objects edited through the
// `RangeReplaceableCollection` methods gives what `Array` gives for the same edit. Realm runs them on an unmanaged
// list; here on a managed one too, where the objects given to the list are added to the realm. Also the rule
// behind Realm's range edits (one removal at a time at the lower bound): an empty range past the end removes
// nothing.

extension ListPortTests {
    @Test(
        "an empty range past the end removes nothing, as Realm Swift's one-at-a-time removal does",
        arguments: [false, true]
    )
    func emptyRangePastEnd(managed: Bool) async throws {
        let check: @Sendable (LPOwner) -> [Int] = { owner in
            owner.intArray.append(objectsIn: LPReplaceableEdit.objects([1, 2]))
            owner.intArray.removeSubrange(5..<5)
            owner.intArray.replaceSubrange(5..<5, with: [])
            return owner.intArray.map(\.intCol)
        }
        guard managed else { return #expect(check(LPOwner()) == [1, 2]) }
        let realm = try await Realm(configuration: memoryConfiguration(lpObjectTypes))
        #expect(try await realm.write { realm in check(try realm.create(LPOwner.self)) } == [1, 2])
    }
}

/// One of realm-swift's ListRRCMethodsTests, on a list of ``LPInt`` holding 0 to 6, with what `Array` gives.
enum LPReplaceableEdit: String, CaseIterable, Sendable {
    case subscripts, replaceIndices, removeIndices, removeFirst, removeFirstFew, removeLastFew, insertContents
    case removeClosedSubrange, removeOpenSubrange, replaceClosedSubrange, replaceOpenSubrange

    static func objects(_ values: [Int]) -> [LPInt] { values.map { LPInt(value: [$0]) } }

    /// What the same edit gives on `Array(0...6)`.
    var expected: [Int] {
        switch self {
        case .subscripts: [5, 10, 11, 4, 5, 6]
        case .replaceIndices: [1, 2, 3]
        case .removeIndices: []
        case .removeFirst: [1, 2, 3, 4, 5, 6]
        case .removeFirstFew: [3, 4, 5, 6]
        case .removeLastFew: [0, 1, 2, 3]
        case .insertContents: [0, 1, 10, 11, 12, 13, 2, 3, 4, 5, 6]
        case .removeClosedSubrange: [0, 4, 5, 6]
        case .removeOpenSubrange: [0, 3, 4, 5, 6]
        case .replaceClosedSubrange: [0, 1, 10, 11, 12, 13, 14, 15, 16, 6]
        case .replaceOpenSubrange: [0, 1, 10, 11, 12, 13, 14, 15, 16, 5, 6]
        }
    }

    func apply(to list: List<LPInt>) {
        let newElements = Self.objects([10, 11, 12, 13, 14, 15, 16])
        switch self {
        case .subscripts:
            let other = LPOwner()
            other.intArray.append(objectsIn: Self.objects([10, 11, 12]))
            list[0] = LPInt(value: [5])
            list[1..<4] = other.intArray[0..<2]
        case .replaceIndices: list.replaceSubrange(list.indices, with: Self.objects([1, 2, 3]))
        case .removeIndices: list.removeSubrange(list.indices)
        case .removeFirst: list.removeFirst()
        case .removeFirstFew: list.removeFirst(3)
        case .removeLastFew: list.removeLast(3)
        case .insertContents: list.insert(contentsOf: Self.objects([10, 11, 12, 13]), at: 2)
        case .removeClosedSubrange: list.removeSubrange(1...3)
        case .removeOpenSubrange: list.removeSubrange(1..<3)
        case .replaceClosedSubrange: list.replaceSubrange(2...5, with: newElements)
        case .replaceOpenSubrange: list.replaceSubrange(2..<5, with: newElements)
        }
    }
}

extension ListPortTests {
    @Test(
        "the RangeReplaceableCollection methods edit a list of objects as Array (ListRRCMethodsTests)",
        arguments: LPReplaceableEdit.allCases,
        [false, true]
    )
    func replaceable(edit: LPReplaceableEdit, managed: Bool) async throws {
        let check: @Sendable (LPOwner) -> [Int] = { owner in
            owner.intArray.append(objectsIn: LPReplaceableEdit.objects(Array(0...6)))
            edit.apply(to: owner.intArray)
            return owner.intArray.map(\.intCol)
        }
        guard managed else {
            #expect(check(LPOwner()) == edit.expected, "\(edit) unmanaged")
            return
        }
        let realm = try await Realm(configuration: memoryConfiguration(lpObjectTypes))
        let edited = try await realm.write { realm in check(try realm.create(LPOwner.self)) }
        #expect(edited == edit.expected, "\(edit) managed")
        let stored = await realm.read { realm in realm.objects(LPOwner.self).first!.intArray.map(\.intCol) }
        #expect(stored == edit.expected, "\(edit) after the commit")
        let objects = await realm.read { realm in realm.objects(LPInt.self).count }
        #expect(objects == 7 + edit.added, "\(edit): the objects a managed list was given are added, the removed stay")
    }
}

extension LPReplaceableEdit {
    /// How many objects the edit gives the list beyond the first seven.
    var added: Int {
        switch self {
        case .subscripts: 3
        case .replaceIndices: 3
        case .insertContents: 4
        case .replaceClosedSubrange, .replaceOpenSubrange: 7
        default: 0
        }
    }
}
