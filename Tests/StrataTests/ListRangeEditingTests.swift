import Foundation
import Strata
import Testing

import struct StrataTestSupport.SeededGenerator

// Editing lists by ranges and offsets, as realm-swift's ListTests (`testRemoveAtOffsets`, `testMoveFromOffsets`,
// `testReplaceRange`), ListRRCMethodsTests and PrimitiveListTests exercise them, and against Swift's `Array` over
// random edits.

/// A list edit, applied the same way to a `List` and (as its model) to an array.
enum RangeEdit: CustomStringConvertible {
    case replace(Range<Int>, [Int])
    case insert([Int], at: Int)
    case removeSubrange(Range<Int>)
    case removeFirst(Int)
    case removeLast(Int)
    case removeOffsets(IndexSet)
    case move(IndexSet, to: Int)
    case assignSlice(Range<Int>, from: Range<Int>)

    var description: String {
        switch self {
        case .replace(let range, let values): "replace \(range) with \(values)"
        case .insert(let values, let index): "insert \(values) at \(index)"
        case .removeSubrange(let range): "removeSubrange \(range)"
        case .removeFirst(let count): "removeFirst \(count)"
        case .removeLast(let count): "removeLast \(count)"
        case .removeOffsets(let offsets): "remove offsets \(Array(offsets))"
        case .move(let offsets, let destination): "move \(Array(offsets)) to \(destination)"
        case .assignSlice(let range, let source): "list[\(range)] = list[\(source)]"
        }
    }

    func apply(to list: List<Int>) {
        switch self {
        case .replace(let range, let values): list.replaceSubrange(range, with: values)
        case .insert(let values, let index): list.insert(contentsOf: values, at: index)
        case .removeSubrange(let range): list.removeSubrange(range)
        case .removeFirst(let count): list.removeFirst(count)
        case .removeLast(let count): list.removeLast(count)
        case .removeOffsets(let offsets): list.remove(atOffsets: offsets)
        case .move(let offsets, let destination): list.move(fromOffsets: offsets, toOffset: destination)
        case .assignSlice(let range, let source): list[range] = list[source]
        }
    }

    /// The model: Swift's own range editing, and Realm's rule for moves (each offset in ascending order moves to
    /// the destination, one less when the destination is above it).
    func apply(to array: inout [Int]) {
        switch self {
        case .replace(let range, let values): array.replaceSubrange(range, with: values)
        case .insert(let values, let index): array.insert(contentsOf: values, at: index)
        case .removeSubrange(let range): array.removeSubrange(range)
        case .removeFirst(let count): array.removeFirst(count)
        case .removeLast(let count): array.removeLast(count)
        case .removeOffsets(let offsets): for offset in offsets.reversed() { array.remove(at: offset) }
        case .move(let offsets, let destination):
            for offset in offsets {
                array.insert(array.remove(at: offset), at: destination > offset ? destination - 1 : destination)
            }
        case .assignSlice(let range, let source): array[range] = array[source]
        }
    }

    /// A random edit valid for a list of `count` elements.
    static func random(count: Int, _ random: inout SeededGenerator) -> RangeEdit {
        func position(_ upTo: Int) -> Int { Int(random.next() % UInt64(upTo + 1)) }
        func range() -> Range<Int> {
            let lower = position(count)
            return lower..<(lower + position(count - lower))
        }
        func values() -> [Int] { (0..<Int(random.next() % 4)).map { _ in Int(random.next() % 100) } }
        func offsets() -> IndexSet { IndexSet((0..<count).filter { _ in random.next() % 3 == 0 }) }
        switch random.next() % 8 {
        case 0: return .replace(range(), values())
        case 1: return .insert(values(), at: position(count))
        case 2: return .removeSubrange(range())
        case 3: return .removeFirst(position(min(count, 2)))
        case 4: return .removeLast(position(min(count, 2)))
        case 5: return .removeOffsets(offsets())
        case 6: return .move(offsets(), to: position(count))
        default: return .assignSlice(range(), from: range())
        }
    }
}

@Suite("List range editing")
struct ListRangeEditingTests {
    @Test(
        "each edit gives what Realm's list tests expect",
        arguments: [
            ([1, 2, 3], RangeEdit.move(IndexSet([1]), to: 0), [2, 1, 3]),
            ([1, 2, 3], .move(IndexSet([0]), to: 3), [2, 3, 1]),
            ([2, 1, 3], .move(IndexSet([0, 2]), to: 1), [2, 3, 1]),
            ([1, 3, 2], .move(IndexSet([0, 2]), to: 1), [1, 2, 3]),
            ([1, 2, 1], .removeOffsets(IndexSet([0, 2])), [2]),
            ([1, 2, 3], .removeOffsets(IndexSet()), [1, 2, 3]),
            ([0, 1, 2, 3, 4], .assignSlice(1..<4, from: 1..<2), [0, 1, 4]),
            ([0, 1, 2, 3, 4], .replace(0..<5, [9]), [9]),
            ([0, 1, 2, 3, 4], .removeSubrange(1..<4), [0, 4]),
            ([0, 1, 2, 3, 4], .removeFirst(3), [3, 4]),
            ([0, 1, 2, 3, 4], .removeLast(2), [0, 1, 2]),
            ([0, 1, 2, 3, 4], .insert([7, 8], at: 2), [0, 1, 7, 8, 2, 3, 4]),
            ([0, 1], .replace(2..<2, [5, 6]), [0, 1, 5, 6]),
        ] as [([Int], RangeEdit, [Int])]
    )
    func edits(start: [Int], edit: RangeEdit, expected: [Int]) async throws {
        let unmanaged = List<Int>()
        unmanaged.append(objectsIn: start)
        edit.apply(to: unmanaged)
        #expect(Array(unmanaged) == expected, "unmanaged: \(edit)")

        let realm = try await Realm(configuration: memoryConfiguration())
        let managed = try await realm.write { realm -> [Int] in
            let object = try realm.create(AllTypes.self, value: ["intList": start])
            edit.apply(to: object.intList)
            return Array(object.intList)
        }
        #expect(managed == expected, "managed: \(edit)")
        #expect(await realm.read { realm in Array(realm.objects(AllTypes.self).first!.intList) } == expected)
    }

    @Test("random range edits match Swift's Array, managed and unmanaged", arguments: [11, 12, 13] as [UInt64])
    func randomEdits(seed: UInt64) async throws {
        print("ListRangeEditingTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        let edits = (0..<400).reduce(into: (edits: [RangeEdit](), count: 0)) { state, _ in
            let edit = RangeEdit.random(count: state.count, &random)
            var model = Array(repeating: 0, count: state.count)
            edit.apply(to: &model)
            state.edits.append(edit)
            state.count = model.count
        }.edits
        var model: [Int] = []
        let unmanaged = List<Int>()
        for edit in edits {
            edit.apply(to: &model)
            edit.apply(to: unmanaged)
            #expect(Array(unmanaged) == model, "unmanaged, after \(edit)")
        }
        let realm = try await Realm(configuration: memoryConfiguration())
        let (managed, stored) = try await realm.write { realm -> ([Int], [Int]) in
            let object = try realm.create(AllTypes.self)
            var stored: [Int] = []
            var expected: [Int] = []
            for edit in edits {
                edit.apply(to: &expected)
                edit.apply(to: object.intList)
                if Array(object.intList) != expected { stored = [-1] }
            }
            return (Array(object.intList), stored)
        }
        #expect(stored.isEmpty, "a managed list differed from the model on the way")
        #expect(managed == model)
        #expect(await realm.read { realm in Array(realm.objects(AllTypes.self).first!.intList) } == model)
    }

    @Test("a slice of a list reads its range, and MutableCollection's algorithms work on lists")
    func slicesAndAlgorithms() async throws {
        let list = List<Int>()
        list.append(objectsIn: [5, 3, 9, 1])
        #expect(Array(list[1..<3]) == [3, 9])
        var sortable = list
        sortable.sort()
        #expect(Array(list) == [1, 3, 5, 9])
        sortable.reverse()
        #expect(Array(list) == [9, 5, 3, 1])
    }
}
