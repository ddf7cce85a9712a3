import Foundation
import Strata
import Testing

// `index(matching:)` on unmanaged collections checks each element in memory, as realm-swift's ListTests
// `testPrimitive` and the unmanaged-list RealmCollectionTypeTests (`testIndexOfPredicate`, `testIndexOfQuery`,
// `testIndexOfFormat`) expect.

@Suite("index(matching:) on unmanaged collections")
struct UnmanagedIndexMatchingTests {
    @Test(
        "values, named self",
        arguments: [
            ("self == 7", 2 as Int?), ("self == 9", nil), ("self > 5 AND self < 8", 1), ("self IN {8, 5}", 0),
            ("NOT self == 5", 1), ("self BETWEEN {7, 8}", 2), ("TRUEPREDICATE", 0), ("FALSEPREDICATE", nil),
        ] as [(String, Int?)]
    )
    func values(format: String, expected: Int?) throws {
        let list = List<Int>()
        list.append(objectsIn: [5, 6, 7, 8])
        #expect(list.index(matching: format) == expected, "\(format)")
        #expect(try list.index(matching: RealmPredicate(format: format)) == expected, "\(format)")
        let set = MutableSet<Int>()
        set.insert(objectsIn: [5, 6, 7, 8])
        #expect((set.index(matching: format) != nil) == (expected != nil), "\(format)")
    }

    @Test("values, through the type-safe query")
    func typedValues() {
        let list = List<Int>()
        list.append(objectsIn: [5, 6, 7, 8])
        #expect(list.index(matching: { $0 == 7 && $0 < 456 }) == 2)
        #expect(list.index(matching: { $0 == 9 }) == nil)
        let names = List<String?>()
        names.append(objectsIn: ["a", nil, "Bb"])
        #expect(names.index(matching: "self == nil") == 1)
        #expect(names.index(matching: "self BEGINSWITH[c] 'b'") == 2)
    }

    @Test(
        "objects, by their properties, through links and lists",
        arguments: [
            ("name == 'Fido'", 1 as Int?), ("name == 'Nobody'", nil), ("age > 3", 1), ("name BEGINSWITH 'R'", 0),
            ("age >= 2 AND name != 'Rex'", 1),
        ] as [(String, Int?)]
    )
    func objects(format: String, expected: Int?) {
        let person = Person()
        person.dogs.append(objectsIn: [Dog(value: ["name": "Rex", "age": 2]), Dog(value: ["name": "Fido", "age": 5])])
        #expect(person.dogs.index(matching: format) == expected, "\(format)")
    }

    @Test("objects through the type-safe query, a to-one link, a list and a nil link")
    func objectPaths() throws {
        let (ada, bo) = (Person(), Person())
        ada.name = "Ada"
        bo.name = "Bo"
        bo.bestFriend = ada
        bo.dogs.append(Dog(value: ["name": "Rex"]))
        let people = List<Person>()
        people.append(objectsIn: [ada, bo])
        #expect(people.index(matching: { $0.name == "Bo" }) == 1)
        #expect(people.index(matching: "bestFriend.name == 'Ada'") == 1)
        #expect(people.index(matching: "bestFriend.name == nil") == 0)
        #expect(people.index(matching: "ANY dogs.name == 'Rex'") == 1)
        #expect(people.index(matching: "NONE dogs.name == 'Rex'") == 0)
        #expect(throws: RealmError.self) {
            try people.index(checkedMatching: RealmPredicate(format: "dogs.@count > 0"))
        }
    }
}
