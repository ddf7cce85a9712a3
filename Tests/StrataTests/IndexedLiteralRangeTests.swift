import Strata
import Testing

// A double literal compared with an indexed integer property takes the index's path: a whole double within Int64's
// range is that integer, and any other (beyond Int64, or with a fraction) matches no integer. Such a literal used to
// stop the process converting it (realm-core's test_parser.cpp compares integer columns with such literals).

/// A model of these tests.
final class ILRItem: Object {
    @Persisted(indexed: true) var number = 0
}

@Suite("Double literals against an indexed integer property")
struct IndexedLiteralRangeTests {
    @Test(
        "The count of each query",
        arguments: [
            ("number == 2.0", 1), ("number == 2.5", 0), ("number == 1e30", 0), ("number == -1e30", 0),
            ("number == 9223372036854775808.0", 0), ("number IN {1e20, 2.0, 3.0}", 2), ("number != 1e30", 3),
        ] as [(String, Int)]
    )
    func counts(query: String, expected: Int) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([ILRItem.self]))
        try await realm.write { realm in
            for number in [1, 2, 3] { try realm.add(ILRItem(value: ["number": number])) }
        }
        #expect(await realm.read { realm in realm.objects(ILRItem.self).filter(query).count } == expected)
    }
}
