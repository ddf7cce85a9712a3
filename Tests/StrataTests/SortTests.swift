import Foundation
import Strata
import StrataCore
import StrataTestSupport
import Testing

@Suite("Sorting by a string property matches the collation, committed and inside a write")
struct SortTests {
    /// Short strings from an alphabet that makes prefixes, case variants, digits and punctuation collide.
    private static func randomName(_ random: inout SeededGenerator) -> String? {
        if random.next() % 8 == 0 { return nil }
        let alphabet = Array("aAbBzZ09 -_.")
        // Now and then a name long enough to be stored outside its leaf.
        let length = random.next() % 40 == 0 ? 1_100 + Int(random.next() % 3) : Int(random.next() % 5)
        return String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
    }

    /// The expected order of `names` (insertion order = key order): nulls first ascending, the collation,
    /// ties in key order; descending reverses the comparison but keeps ties in key order.
    private static func expected(_ names: [String?], ascending: Bool) -> [Int] {
        names.indices.sorted { a, b in
            let comparison: Int
            switch (names[a], names[b]) {
            case (nil, nil): comparison = 0
            case (nil, _): comparison = -1
            case (_, nil): comparison = 1
            case (let x?, let y?): comparison = StringCollation.compare(x, y)
            }
            if comparison != 0 { return ascending ? comparison < 0 : comparison > 0 }
            return a < b
        }
    }

    private static func check(_ realm: isolated Realm, _ names: [String?], context: String) {
        for ascending in [true, false] {
            let sorted = realm.objects(AllTypes.self).sorted(byKeyPath: "optionalString", ascending: ascending)
            let actual = sorted.map(\.int)
            #expect(actual == Self.expected(names, ascending: ascending), "\(context), ascending \(ascending)")
            // A filtered share of the objects (a large one, read leaf by leaf, and a few, looked up one by one)
            // sorts the same way among themselves.
            for threshold in [names.count / 3, names.count - 5] {
                let filtered = realm.objects(AllTypes.self).filter("int >= %@", threshold)
                    .sorted(byKeyPath: "optionalString", ascending: ascending)
                #expect(
                    filtered.map(\.int) == Self.expected(names, ascending: ascending).filter { $0 >= threshold },
                    "\(context), filtered from \(threshold), ascending \(ascending)"
                )
            }
        }
    }

    @Test("Random ASCII names with nulls across several leaves", arguments: [1, 2, 3])
    func randomNames(seed: UInt64) async throws {
        print("SortTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var names = (0..<(600 + Int(random.next() % 300))).map { _ in Self.randomName(&random) }
        let realm = try await Realm(configuration: memoryConfiguration())
        let initial = names
        try await realm.write { realm in
            for (index, name) in initial.enumerated() {
                let object = AllTypes()
                object.int = index
                object.optionalString = name
                try realm.add(object)
            }
        }
        await realm.read { realm in Self.check(realm, initial, context: "committed, seed \(seed)") }
        let changed = (0..<50).map { _ in (Int(random.next() % UInt64(names.count)), Self.randomName(&random)) }
        for (index, name) in changed { names[index] = name }
        let updated = names
        try await realm.write { realm in
            let objects = realm.objects(AllTypes.self).sorted(byKeyPath: "int")
            for (index, name) in changed { objects[index].optionalString = name }
            Self.check(realm, updated, context: "in a write, seed \(seed)")
        }
        await realm.read { realm in Self.check(realm, updated, context: "after the write, seed \(seed)") }
    }
}
