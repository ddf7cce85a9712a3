import Foundation
import Strata
import Testing

// realm-swift's `RealmSwift/Tests/PrimitiveMutableSetTests.swift` checks (insert with a duplicate, contains, remove,
// removeAll, isSubset, intersects, formIntersection, formUnion, subtract, subscript, testInvalidated and, managed,
// SortablePrimitiveMutableSetTests) on sets of Bool and Bool?, which Strata stores and Realm's tables leave out:
// `TestValueFactory`'s Bool values (true, false, true) are not three distinct values. A Bool? set takes nil, false
// and true, ascending as Realm orders them, through `checkSetAlgebra` of CollectionSemanticsTests+PrimitiveValues.swift;
// a Bool set has only two values, so its row states the same facts with two. Both also answer distinct() (one of each
// value, as for a list in SortablePrimitiveListTests). Every other set type is covered elsewhere (see
// PrimitiveCollectionPortTests.swift).

extension PCPCase {
    /// A set of Bool? (nil, false, true): PrimitiveMutableSetTests, then sorted and distinct when managed, and
    /// testInvalidated.
    static let optionalBoolSet = Self(name: "MutableSet<Bool?>") { managed in
        try await onTwo(\PCPValueSets.optBool, managed: managed) { set, other, deleteOwner in
            let label = "MutableSet<Bool?> \(managed ? "managed" : "unmanaged")"
            let values: [Bool?] = [nil, false, true]
            checkSetAlgebra(set, other, values, label)
            #expect(!set.isInvalidated, "\(label): a set is valid")
            guard let deleteOwner else { return }
            set.insert(objectsIn: [false, true, nil])
            #expect(Array(set.sorted(ascending: true)) == values, "\(label): sorted(ascending: true)")
            #expect(Array(set.sorted(ascending: false)) == values.reversed(), "\(label): sorted(ascending: false)")
            #expect(Array(set.distinct().sorted()) == values, "\(label): distinct()")
            try deleteOwner()
            #expect(set.isInvalidated, "\(label): deleting the owner invalidates the set")
        }
    }

    /// A set of Bool: the same facts with its two values.
    static let boolSet = Self(name: "MutableSet<Bool>") { managed in
        try await onTwo(\PCPValueSets.bool, managed: managed) { set, other, deleteOwner in
            let label = "MutableSet<Bool> \(managed ? "managed" : "unmanaged")"
            #expect(set.isEmpty && !set.contains(false) && !set.contains(true), "\(label): an empty set")
            for (value, count) in [(true, 1), (false, 2), (true, 2), (false, 2)] {
                set.insert(value)
                #expect(set.count == count, "\(label): count after inserting \(value)")
            }
            #expect(set.contains(true) && set.contains(false), "\(label): contains both values")
            #expect(Set([set[0], set[1]]) == [false, true], "\(label): the subscript reaches both members")
            set.remove(true)
            #expect(Array(set) == [false], "\(label): remove(_:)")
            set.removeAll()
            #expect(set.isEmpty, "\(label): removeAll()")

            set.insert(objectsIn: [false, true])
            other.insert(true)
            #expect(other.isSubset(of: set) && other.intersects(set), "\(label): {true} within {false, true}")
            #expect(!set.isSubset(of: other), "\(label): {false, true} is not a subset of {true}")
            set.formIntersection(other)
            #expect(Array(set) == [true], "\(label): formIntersection(_:)")
            set.removeAll()
            set.insert(false)
            #expect(!set.intersects(other), "\(label): {false} does not intersect {true}")
            set.formUnion(other)
            #expect(set.count == 2 && other.count == 1, "\(label): formUnion(_:) changes only the receiver")
            set.subtract(other)
            #expect(Array(set) == [false], "\(label): subtract(_:)")
            #expect(!set.isInvalidated, "\(label): a set is valid")
            guard let deleteOwner else { return }
            set.insert(true)
            #expect(Array(set.sorted(ascending: true)) == [false, true], "\(label): sorted(ascending: true)")
            #expect(Array(set.sorted(ascending: false)) == [true, false], "\(label): sorted(ascending: false)")
            #expect(Array(set.distinct().sorted()) == [false, true], "\(label): distinct()")
            try deleteOwner()
            #expect(set.isInvalidated, "\(label): deleting the owner invalidates the set")
        }
    }
}

@Suite("Primitive collection port: sets of Bool and Bool?, with PrimitiveMutableSetTests' checks")
struct PrimitiveCollectionPortSetTests {
    @Test("a set of Bool or Bool? edits, combines, sorts and is invalidated as Realm's value sets do")
    func boolSets() async throws {
        for check in [PCPCase.boolSet, PCPCase.optionalBoolSet] {
            try await check.run(false)
            try await check.run(true)
        }
    }
}
