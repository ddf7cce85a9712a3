import Foundation
import Strata
import Testing

// realm-swift's AnyRealmValueMutableSetTests, MinMaxAnyRealmValueMutableSetTests,
// AddableAnyRealmValueMutableSetTests, AnyRealmValueMapTests, MinMaxAnyRealmValueMapTests and
// AddableAnyRealmValueMapTests (RealmSwift/Tests/AnyRealmValueTests.swift): a `MutableSet<AnyRealmValue>` (with a
// second owner's set for the set algebra) and a `Map<String, AnyRealmValue>` with keys key0, key1 and key2, of each
// kind, unmanaged and managed.

extension AnyRealmValuePortTests {
    @Test(
        "a MutableSet<AnyRealmValue> of each kind inserts, removes, combines and reads as Realm does",
        arguments: Self.everyKindBothWays
    )
    func sets(_ kind: ARVKind, managed: Bool) async throws {
        try await onARVCollections(managed: managed) { object, other, mode in
            let (set, otherSet, values) = (object.setAny, other.setAny, kind.values())
            let (texts, label) = (arvTexts(values), "\(kind) \(mode)")
            func contains(_ indices: [Int]) -> [Bool] { indices.map { set.contains(values[$0]) } }
            func expectFound(_ condition: Bool, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) {
                #expect(condition, "\(label): \(comment)", sourceLocation: sourceLocation)
            }
            func reset() {
                set.removeAll()
                otherSet.removeAll()
            }
            #expect(!set.isInvalidated, "\(label): testInvalidated")
            // testValueForKey
            #expect((set.value(forKey: "self") as? [Any])?.count == 0, "\(label): value(forKey:) of an empty set")
            set.insert(values[0])
            let kvc = (set.value(forKey: "self") as? [Any])?.first
            #expect(arvPayloadMatches(kvc, values[0], noneIsNSNull: true), "\(label): value(forKey:) is \(kvc as Any)")
            reset()
            // testInsert, with a duplicate inserted twice
            for (index, value) in values.enumerated() {
                set.insert(value)
                #expect(set.count == index + 1, "\(label): insert \(arvText(value))")
                expectFound(contains(Array(0...index)).allSatisfy { $0 }, "contains all inserted")
            }
            set.insert(values[2])
            set.insert(values[2])
            #expect(set.count == 3, "\(label): a duplicate is not added")
            expectFound(contains([0, 1, 2]) == [true, true, true], "contains each after the duplicate")
            // testRemove
            set.remove(values[0])
            #expect(set.count == 2, "\(label): remove")
            expectFound(contains([0, 1, 2]) == [false, true, true], "contains the others after remove")
            // testRemoveAll
            set.insert(objectsIn: values)
            set.removeAll()
            #expect(set.count == 0, "\(label): removeAll()")
            // testIsSubset
            set.insert(objectsIn: values)
            otherSet.insert(values[0])
            expectFound(otherSet.isSubset(of: set), "{v0} is a subset of all")
            otherSet.remove(values[0])
            #expect(!set.isSubset(of: otherSet), "\(label): all is not a subset of {}")
            reset()
            // testContains
            set.insert(objectsIn: values)
            #expect(set.count == 3, "\(label): contains")
            expectFound(contains([0, 1, 2]) == [true, true, true], "contains each")
            // testIntersects
            otherSet.insert(values[0])
            expectFound(otherSet.intersects(set), "{v0} intersects all")
            otherSet.remove(values[0])
            #expect(!set.intersects(otherSet), "\(label): all does not intersect {}")
            reset()
            // testFormIntersection
            set.insert(objectsIn: values)
            otherSet.insert(values[0])
            set.formIntersection(otherSet)
            expectFound(set.count == 1 && arvText(set[0]) == texts[0], "formIntersection keeps v0")
            reset()
            // testFormUnion
            set.insert(values[0])
            set.insert(values[1])
            otherSet.insert(values[0])
            otherSet.insert(values[2])
            set.formUnion(otherSet)
            #expect(set.count == 3, "\(label): formUnion")
            #expect(Set((0..<set.count).map { arvText(set[$0]) }) == Set(texts), "\(label): formUnion's members")
            reset()
            // testSubtract
            set.insert(values[0])
            set.insert(values[1])
            otherSet.insert(values[0])
            otherSet.insert(values[2])
            set.subtract(otherSet)
            expectFound(set.count == 1, "subtract removes v0")
            expectFound(contains([0, 1]) == [false, true], "subtract keeps v1")
            reset()
            // testSubscript
            set.insert(objectsIn: values)
            #expect(Set((0..<3).map { arvText(set[$0]) }) == Set(texts), "\(label): subscript")
        }
    }

    @Test(
        "min(), max(), sum() and average() of a MutableSet<AnyRealmValue>, empty and of each kind's values",
        arguments: ARVKind.numeric.flatMap { kind, sum in [(kind, sum, false), (kind, sum, true)] }
            + [(ARVKind.date, 0, false), (.date, 0, true)]
    )
    func setAggregates(_ kind: ARVKind, sum: Double, managed: Bool) async throws {
        try await onARVCollections(managed: managed) { object, _, mode in
            let (set, values, label) = (object.setAny, kind.values(), "\(kind) \(mode)")
            #expect(set.min() == nil && set.max() == nil, "\(label): min and max of nothing")
            if kind != .date {
                #expect(set.sum().intValue == (managed ? nil : 0), "\(label): sum() of nothing \(arvText(set.sum()))")
                #expect((set.average() as AnyRealmValue?) == nil, "\(label): average() of nothing")
            }
            set.insert(objectsIn: values)
            #expect(set.min() == values.first && set.max() == values.last, "\(label): min and max")
            guard kind != .date else { return }
            #expect(arvDouble(set.sum()).map { abs($0 - sum) < 0.1 } == true, "\(label): \(arvText(set.sum()))")
            let average: AnyRealmValue? = set.average()
            #expect(arvDouble(average).map { abs($0 - sum / 3) < 0.1 } == true, "\(label): \(arvText(average))")
        }
    }

    @Test(
        "a Map<String, AnyRealmValue> of each kind stores, reads, removes and keeps none as Realm does",
        arguments: Self.everyKindBothWays
    )
    func maps(_ kind: ARVKind, managed: Bool) async throws {
        try await onARVCollections(managed: managed) { object, _, mode in
            let (map, values, label) = (object.mapAny, kind.values(), "\(kind) \(mode)")
            let keys = ["key0", "key1", "key2"]
            let texts = arvTexts(values)
            func entries() -> [String] { map.map { "\($0.key)=\(arvText($0.value))" } }
            func counts() -> [Int] { [map.count, map.keys.count, map.values.count] }
            #expect(!map.isInvalidated, "\(label): testInvalidated")
            // testValueForKey
            #expect(map.value(forKey: keys[0]) == nil, "\(label): value(forKey:) of a missing key")
            map[keys[0]] = values[0]
            let kvc = map.value(forKey: keys[0])
            #expect(arvPayloadMatches(kvc, values[0], noneIsNSNull: false), "\(label): value(forKey:) \(kvc as Any)")
            map.removeAll()
            // testInsert
            for index in 0..<3 {
                map[keys[index]] = values[index]
                #expect(counts() == Array(repeating: index + 1, count: 3), "\(label): counts after \(index + 1)")
                #expect(Set(keys[0...index]).isSubset(of: map.keys), "\(label): keys after \(index + 1)")
                #expect(
                    map.contains { $0 == keys[index] && arvText($1) == texts[index] },
                    "\(label): contains(where:) the entry set"
                )
            }
            // testRemove
            map.removeAll()
            map.merge(zip(keys, values).map { (key: $0, value: $1) }) { $1 }
            #expect(counts() == [3, 3, 3] && Set(keys).isSubset(of: map.keys), "\(label): merge")
            map.setValue(nil, forKey: keys[0])
            #expect(map.value(forKey: keys[0]) == nil, "\(label): setValue(nil, forKey:)")
            map.removeAll()
            #expect(map.count == 0, "\(label): removeAll()")
            map.merge(zip(keys, values).map { (key: $0, value: $1) }) { $1 }
            map[keys[1]] = nil
            #expect(map[keys[1]] == nil, "\(label): assigning nil removes the key")
            map.removeObject(for: keys[2])
            #expect(Set([keys[0]]).isSubset(of: map.keys), "\(label): removeObject(for:)")
            // testSubscript
            map.removeAll()
            for index in 0..<3 { map[keys[index]] = values[index] }
            #expect(counts() == [3, 3, 3], "\(label): three set through the subscript")
            map[keys[0]] = values[0]
            map[keys[1]] = nil
            map[keys[2]] = values[2]
            #expect(counts() == [2, 2, 2] && Set([keys[0], keys[2]]).isSubset(of: map.keys), "\(label): nil removes")
            map[keys[0]] = AnyRealmValue.none
            #expect(counts() == [2, 2, 2], "\(label): AnyRealmValue.none is stored, not a removal")
            #expect(entries() == ["key0=none", "key2=\(texts[2])"], "\(label): the entries")
            map.removeAll()
            #expect(map[keys[0]] == nil, "\(label): a missing key reads nil")
            map[keys[0]] = values[0]
            #expect(arvText(map[keys[0]]) == texts[0], "\(label): the subscript reads what it set")
        }
    }

    @Test(
        "min(), max(), sum() and average() of a Map<String, AnyRealmValue>: the sum of nothing is int 0",
        arguments: ARVKind.numeric.flatMap { kind, sum in [(kind, sum, false), (kind, sum, true)] }
            + [(ARVKind.date, 0, false), (.date, 0, true)]
    )
    func mapAggregates(_ kind: ARVKind, sum: Double, managed: Bool) async throws {
        try await onARVCollections(managed: managed) { object, _, mode in
            let (map, values, label) = (object.mapAny, kind.values(), "\(kind) \(mode)")
            #expect(map.min() == nil && map.max() == nil, "\(label): min and max of nothing")
            if kind != .date {
                #expect(map.sum().intValue == 0, "\(label): sum() of nothing \(arvText(map.sum()))")
                #expect((map.average() as AnyRealmValue?) == nil, "\(label): average() of nothing")
            }
            map.merge(values.enumerated().map { (key: "key\($0)", value: $1) }) { $1 }
            #expect(map.min() == values.first && map.max() == values.last, "\(label): min and max")
            guard kind != .date else { return }
            #expect(arvDouble(map.sum()).map { abs($0 - sum) < 0.1 } == true, "\(label): \(arvText(map.sum()))")
            let average: AnyRealmValue? = map.average()
            #expect(arvDouble(average).map { abs($0 - sum / 3) < 0.1 } == true, "\(label): \(arvText(average))")
        }
    }
}
