import Foundation
import Strata
import Testing

// realm-swift's AnyRealmValueListTests, MinMaxAnyRealmValueListTests and AddableAnyRealmValueListTests
// (RealmSwift/Tests/AnyRealmValueTests.swift): a `List<AnyRealmValue>` of each kind, unmanaged and managed. Each
// Realm case starts from an empty list; here one script runs them in turn, emptying the list between cases.

extension AnyRealmValuePortTests {
    static let everyKindBothWays = ARVKind.allCases.flatMap { kind in [(kind, false), (kind, true)] }

    @Test(
        "a List<AnyRealmValue> finds, reads and reads by key-value coding each kind as Realm does",
        arguments: Self.everyKindBothWays
    )
    func listReads(_ kind: ARVKind, managed: Bool) async throws {
        try await onARVCollections(managed: managed) { object, _, mode in
            let (array, values) = (object.arrayAny, kind.values())
            let (texts, label) = (arvTexts(values), "\(kind) \(mode)")
            #expect(!array.isInvalidated, "\(label): testInvalidated")
            // testIndexOf
            #expect(array.index(of: values[0]) == nil, "\(label): index(of:) in an empty list")
            array.append(values[0])
            #expect(array.index(of: values[0]) == 0, "\(label): index(of:) of the one element")
            array.append(values[1])
            #expect(
                array.index(of: values[0]) == 0 && array.index(of: values[1]) == 1,
                "\(label): index(of:) of each of two"
            )
            array.removeAll()
            // testSubscript, testFirst, testLast
            array.append(objectsIn: values)
            #expect((0..<3).map { arvText(array[$0]) } == texts, "\(label): subscript")
            #expect(arvText(array.first) == texts[0] && arvText(array.last) == texts[2], "\(label): first and last")
            // testValueForKey: each element's payload, NSNull for none, the object for an object.
            let kvc = array.value(forKey: "self") as? [Any] ?? []
            #expect(kvc.count == 3, "\(label): value(forKey: \"self\") has an entry per element")
            for (read, value) in zip(kvc, values) {
                #expect(
                    arvPayloadMatches(read, value, noneIsNSNull: true),
                    "\(label): value(forKey:) of \(arvText(value)) is \(read)"
                )
            }
            array.removeAll()
            #expect(array.first == nil && array.last == nil, "\(label): first and last of an emptied list")
        }
    }

    @Test(
        "a List<AnyRealmValue> of each kind inserts, removes, replaces, moves, swaps and assigns as Realm does",
        arguments: Self.everyKindBothWays
    )
    func listEdits(_ kind: ARVKind, managed: Bool) async throws {
        try await onARVCollections(managed: managed) { object, _, mode in
            let (array, values) = (object.arrayAny, kind.values())
            let (v, label) = (arvTexts(values), "\(kind) \(mode)")
            func contents() -> [String] { arvTexts(array) }
            // testInsert
            array.insert(values[0], at: 0)
            #expect(contents() == [v[0]], "\(label): insert into an empty list")
            array.insert(values[1], at: 0)
            #expect(contents() == [v[1], v[0]], "\(label): insert at the front")
            array.insert(values[2], at: 2)
            #expect(contents() == [v[1], v[0], v[2]], "\(label): insert at the end")
            array.removeAll()
            // testRemove
            array.append(objectsIn: values)
            array.remove(at: 0)
            #expect(contents() == [v[1], v[2]], "\(label): remove(at: 0)")
            array.remove(at: 1)
            #expect(contents() == [v[1]], "\(label): remove(at: 1)")
            array.removeAll()
            // testRemoveLast
            array.append(objectsIn: values)
            array.removeLast()
            #expect(contents() == [v[0], v[1]], "\(label): removeLast()")
            array.removeLast(2)
            #expect(array.isEmpty, "\(label): removeLast(2)")
            // testRemoveAll
            array.removeAll()
            array.append(objectsIn: values)
            array.removeAll()
            #expect(array.count == 0, "\(label): removeAll()")
            // testReplace
            array.append(objectsIn: values)
            array.replace(index: 1, object: values[0])
            #expect(contents() == [v[0], v[0], v[2]], "\(label): replace(index:object:)")
            array.removeAll()
            // testReplaceRange
            array.replaceSubrange(0..<0, with: [])
            #expect(array.isEmpty, "\(label): replacing nothing with nothing")
            array.replaceSubrange(0..<0, with: [values[0]])
            #expect(contents() == [v[0]], "\(label): replaceSubrange(0..<0, with: [v0])")
            array.replaceSubrange(0..<1, with: values)
            #expect(array.count == 3, "\(label): replaceSubrange(0..<1, with: all)")
            array.replaceSubrange(1..<2, with: [])
            #expect(contents() == [v[0], v[2]], "\(label): replaceSubrange(1..<2, with: [])")
            array.removeAll()
            // testMove
            array.append(objectsIn: values)
            array.move(from: 2, to: 0)
            #expect(contents() == [v[2], v[0], v[1]], "\(label): move(from: 2, to: 0)")
            array.removeAll()
            // testSwap
            array.append(objectsIn: values)
            array.swapAt(0, 2)
            #expect(contents() == [v[2], v[1], v[0]], "\(label): swapAt(0, 2)")
            array.removeAll()
            // testAssign
            array.insert(values[0], at: 0)
            array[0] = values[1]
            #expect(contents() == [v[1]], "\(label): assigning through the subscript")
        }
    }

    @Test("deleting the owner invalidates its List<AnyRealmValue>, MutableSet<AnyRealmValue> and Map")
    func invalidation() async throws {
        let realm = try await Realm(configuration: Self.configuration())
        let answers = try await realm.write { realm -> [Bool] in
            let object = ARVCollections()
            try realm.add(object)
            let (list, set, map) = (object.arrayAny, object.setAny, object.mapAny)
            let before = [list.isInvalidated, set.isInvalidated, map.isInvalidated]
            try realm.delete(object)
            return before + [list.isInvalidated, set.isInvalidated, map.isInvalidated]
        }
        #expect(answers == [false, false, false, true, true, true])
    }

    @Test(
        "min() and max() of a List<AnyRealmValue> are nil when empty, then its least and greatest values",
        arguments: ARVKind.ordered.flatMap { kind in [(kind, false), (kind, true)] }
    )
    func listMinMax(_ kind: ARVKind, managed: Bool) async throws {
        try await onARVCollections(managed: managed) { object, _, mode in
            let (array, values) = (object.arrayAny, kind.values())
            #expect(array.min() == nil && array.max() == nil, "\(kind) \(mode): empty")
            array.append(objectsIn: values.reversed())
            #expect(array.min() == values.first && array.max() == values.last, "\(kind) \(mode)")
        }
    }

    @Test(
        "sum() and average() of a List<AnyRealmValue>: no int sum when managed and empty, then the values' total",
        arguments: ARVKind.numeric.flatMap { kind, sum in [(kind, sum, false), (kind, sum, true)] }
    )
    func listSumAverage(_ kind: ARVKind, sum: Double, managed: Bool) async throws {
        try await onARVCollections(managed: managed) { object, _, mode in
            let (array, label) = (object.arrayAny, "\(kind) \(mode)")
            // Realm: a managed list's sum of nothing has no intValue (it is a Decimal128), an unmanaged one's is 0.
            #expect(array.sum().intValue == (managed ? nil : 0), "\(label): \(arvText(array.sum()))")
            #expect((array.average() as AnyRealmValue?) == nil, "\(label): average() of nothing")
            array.append(objectsIn: kind.values())
            let total = arvDouble(array.sum())
            #expect(total.map { abs($0 - sum) < 0.1 } == true, "\(label): sum() \(arvText(array.sum()))")
            let average: AnyRealmValue? = array.average()
            #expect(arvDouble(average).map { abs($0 - sum / 3) < 0.1 } == true, "\(label): \(arvText(average))")
        }
    }
}

extension AnyRealmValuePortTests {
    @Test("an unmanaged object stored through a managed mixed value or collection becomes that managed object")
    func storedObjectIsManaged() async throws {
        let realm = try await Realm(configuration: Self.configuration())
        let answers = try await realm.write { realm -> [String] in
            let owner = ARVCollections()
            let holder = ARVTypeObject()
            try realm.add([owner])
            try realm.add(holder)
            let objects = (0..<4).map { ARVStringObject(value: ["\($0)"]) }
            owner.arrayAny.append(.object(objects[0]))
            owner.setAny.insert(.object(objects[1]))
            owner.mapAny["k"] = .object(objects[2])
            holder.anyValue.value = .object(objects[3])
            return [
                objects.map { "\($0.realm != nil)" }.joined(separator: " "),
                "\(realm.objects(ARVStringObject.self).count)",
                "\(owner.arrayAny.index(of: .object(objects[0])) ?? -1)",
                "\(owner.setAny.contains(.object(objects[1])))",
            ]
        }
        // Realm finds the object by the row it links to (RLMManagedArray indexOfObject:, RLMManagedSet containsObject:).
        #expect(answers == ["true true true true", "4", "0", "true"])
    }
}
