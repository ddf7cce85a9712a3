import Foundation
import Strata
import Testing

// Unmanaged collections compare their contents, as realm-swift's ListTests `testUnmanagedListComparison`,
// MutableSetTests `testUnmanagedSetComparison` and MapTests `testUnmanagedMapComparison` show: two empty ones are
// equal, objects compare by identity, a set ignores order, and a managed collection never equals an unmanaged one.

@Suite("Equality of unmanaged collections")
struct UnmanagedCollectionEqualityTests {
    @Test("lists of objects: equal elements in the same order, objects by identity")
    func lists() {
        let (a, b, c) = (Dog(), Dog(), Dog())
        let (one, two, three) = (List<Dog>(), List<Dog>(), List<Dog>())
        #expect(one == two)
        one.append(objectsIn: [a, b, c])
        two.append(objectsIn: [a, b, c])
        three.append(objectsIn: [a, b])
        #expect(one !== two)
        #expect(one == two)
        #expect(one != three)
        three.append(c)
        #expect(one == three)
        let reordered = List<Dog>()
        reordered.append(objectsIn: [c, b, a])
        #expect(one != reordered)
        let copies = List<Dog>()
        copies.append(objectsIn: [Dog(), Dog(), Dog()])
        #expect(one != copies)
    }

    @Test(
        "lists and sets of values",
        arguments: [
            ([1, 2, 3], [1, 2, 3], true, true),
            ([1, 2, 3], [3, 2, 1], false, true),
            ([1, 2], [1, 2, 3], false, false),
            ([], [], true, true),
            ([1, 1, 2], [1, 2, 2], false, true),
        ] as [([Int], [Int], Bool, Bool)]
    )
    func values(lhs: [Int], rhs: [Int], listsEqual: Bool, setsEqual: Bool) {
        let (left, right) = (List<Int>(), List<Int>())
        left.append(objectsIn: lhs)
        right.append(objectsIn: rhs)
        #expect((left == right) == listsEqual)
        let (leftSet, rightSet) = (MutableSet<Int>(), MutableSet<Int>())
        leftSet.insert(objectsIn: lhs)
        rightSet.insert(objectsIn: rhs)
        #expect((leftSet == rightSet) == setsEqual)
    }

    @Test("maps: the same keys with equal values")
    func maps() {
        let (one, two) = (Map<String, Int>(), Map<String, Int>())
        #expect(one == two)
        one["a"] = 1
        #expect(one != two)
        two["a"] = 1
        #expect(one == two)
        two["a"] = 2
        #expect(one != two)
        let (dogs, others) = (Map<String, Dog?>(), Map<String, Dog?>())
        let rex = Dog()
        dogs["rex"] = rex
        others["rex"] = rex
        #expect(dogs == others)
        others["rex"] = Dog()
        #expect(dogs != others)
    }

    @Test("a managed collection equals itself, never an unmanaged one with the same elements")
    func managedAgainstUnmanaged() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        let answers = try await realm.write { realm -> [Bool] in
            let object = try realm.create(AllTypes.self, value: ["intList": [1, 2]])
            let unmanaged = List<Int>()
            unmanaged.append(objectsIn: [1, 2])
            return [object.intList == object.intList, object.intList == unmanaged]
        }
        #expect(answers == [true, false])
    }
}
