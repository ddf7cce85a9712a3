import Foundation
import Strata
import Testing

// @sum, @avg, @min and @max over lists of mixed values, as realm-core computes them (aggregate_ops.hpp and
// mixed.cpp): numbers added as decimals (`Mixed::accumulate_numeric_to`: a float rounded to 7 significant digits, a
// double to 15), a decimal NaN skipped, a float or double NaN making the result NaN; @min and @max in
// `Mixed::compare`'s order of every type.

/// One list of mixed values.
final class MixedQueryList: Object {
    @Persisted var name = ""
    @Persisted var values: List<AnyRealmValue>
}

@Suite("Aggregates of lists of mixed values in queries")
struct MixedCollectionQueryTests {
    /// Opens a realm holding one object per list, named by its position.
    private static func realm(_ lists: @escaping @Sendable () throws -> [[AnyRealmValue]]) async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration([MixedQueryList.self]))
        try await realm.write { realm in
            for (index, values) in try lists().enumerated() {
                let object = MixedQueryList()
                object.name = "\(index)"
                object.values.append(objectsIn: values)
                try realm.add(object)
            }
        }
        return realm
    }

    /// The names of the lists `query` selects, in order.
    private static func names(_ realm: Realm, _ query: String) async throws -> [String] {
        try await realm.read { realm -> Result<[String], any Error> in
            Result { try realm.objects(MixedQueryList.self).filter(RealmPredicate(format: query)).map(\.name) }
        }.get()
    }

    @Test("A float adds its 7 digits and a double its 15, so the sums are exact decimals")
    func decimalSums() async throws {
        let realm = try await Self.realm {
            [
                [.float(0.1), .float(0.2)],
                [.double(0.1), .double(0.2)],
                [.int(1), .float(3.3)],
            ]
        }
        #expect(try await Self.names(realm, "values.@sum == 0.3") == ["0", "1"])
        #expect(try await Self.names(realm, "values.@sum == 4.3") == ["2"])
        #expect(try await Self.names(realm, "values.@avg == 2.15") == ["2"])
    }

    @Test("A decimal NaN is skipped; a float or double NaN makes the sum and average NaN")
    func nans() async throws {
        let realm = try await Self.realm {
            [
                [.int(1), .decimal128(.nan)],
                [.int(1), .float(.nan)],
                [.int(1), .double(.nan)],
            ]
        }
        #expect(try await Self.names(realm, "values.@sum == 1") == ["0"])
        #expect(try await Self.names(realm, "values.@avg == 1") == ["0"])
        // A NaN orders against nothing: neither `> 0` nor `<= 0` holds.
        #expect(try await Self.names(realm, "values.@sum > 0 || values.@sum <= 0") == ["0"])
        #expect(try await Self.names(realm, "values.@avg > 0 || values.@avg <= 0") == ["0"])
    }

    @Test("@min and @max order every type: booleans, numbers, strings, data, dates, object ids, UUIDs")
    func typeOrder() async throws {
        let realm = try await Self.realm {
            [
                [.string("a"), .int(7), .bool(true)],
                [.date(Date(timeIntervalSince1970: 5)), .data(Data([1])), .string("z")],
                [
                    .uuid(UUID(uuidString: "00000000-0000-0000-0000-000000000001")!),
                    .objectId(try ObjectId(string: "62e2905feb23128a10ab3973")), .date(Date(timeIntervalSince1970: 5)),
                ],
                [.none, .decimal128(.nan), .double(2.5)],
            ]
        }
        #expect(try await Self.names(realm, "values.@min == true") == ["0"])
        #expect(try await Self.names(realm, "values.@max == 'a'") == ["0"])
        #expect(try await Self.names(realm, "values.@min == 'z'") == ["1"])
        #expect(try await Self.names(realm, "values.@max == T5:0") == ["1"])
        #expect(try await Self.names(realm, "values.@min == T5:0") == ["2"])
        #expect(try await Self.names(realm, "values.@max == uuid(00000000-0000-0000-0000-000000000001)") == ["2"])
        // A null and a decimal NaN take no part.
        #expect(try await Self.names(realm, "values.@min == 2.5 && values.@max == 2.5") == ["3"])
    }

    @Test("Strings compare by their bytes, not by collation, for @min and @max")
    func stringOrder() async throws {
        let realm = try await Self.realm { [[.string("a"), .string("B")]] }
        #expect(try await Self.names(realm, "values.@min == 'B'") == ["0"])
        #expect(try await Self.names(realm, "values.@max == 'a'") == ["0"])
    }

    @Test("A float NaN is the least number for @min")
    func nanOrder() async throws {
        let realm = try await Self.realm { [[.float(.nan), .int(1), .string("x")]] }
        #expect(try await Self.names(realm, "values.@max == 'x'") == ["0"])
        #expect(try await Self.names(realm, "values.@min == 1") == [])
    }
}

/// A list, a map and a single mixed value, for `@type` on collections of mixed values.
final class MixedTypeHolder: Object {
    @Persisted var name = ""
    @Persisted var mixed: AnyRealmValue
    @Persisted var int = 0
    @Persisted var list: List<AnyRealmValue>
    @Persisted var set: MutableSet<AnyRealmValue>
    @Persisted var dict: Map<String, AnyRealmValue>
    @Persisted var ints: Map<String, Int>
}

@Suite("@type on collections of mixed values, and map positions")
struct MixedCollectionTypeTests {
    private static func realm() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration([MixedTypeHolder.self]))
        try await realm.write { realm in
            let first = MixedTypeHolder()
            first.name = "0"
            first.mixed = .string("s")
            first.list.append(objectsIn: [.int(1), .string("a")])
            first.set.insert(.double(2))
            first.dict["k"] = .int(1)
            first.ints["k"] = 1
            try realm.add(first)
            let second = MixedTypeHolder()
            second.name = "1"
            second.mixed = .int(4)
            second.list.append(objectsIn: [.bool(true), .none])
            second.dict["k"] = .string("v")
            second.dict["j"] = AnyRealmValue.none
            try realm.add(second)
        }
        return realm
    }

    private static func outcome(_ realm: Realm, _ query: String) async -> Result<[String], any Error> {
        await realm.read { realm -> Result<[String], any Error> in
            Result { try realm.objects(MixedTypeHolder.self).filter(RealmPredicate(format: query)).map(\.name) }
        }
    }

    @Test(
        "Each element's type, compared under ANY, ALL or NONE",
        arguments: [
            ("list.@type == 'string'", ["0"]), ("ANY list.@type == 'numeric'", ["0"]),
            ("ALL list.@type IN {'bool', 'null'}", ["1"]), ("NONE list.@type == 'null'", ["0"]),
            ("list.@type != 'int'", ["0", "1"]), ("ANY set.@type == 'double'", ["0"]),
            ("ALL set.@type == 'double'", ["0", "1"]), ("ANY dict.@type == 'string'", ["1"]),
            ("dict['k'].@type == 'int'", ["0"]), ("dict['j'].@type == 'null'", ["1"]),
            ("list.@type == mixed.@type", ["0"]), ("mixed.@type == int.@type", ["1"]),
            ("int.@type == mixed.@type", ["1"]), ("mixed.@type != int.@type", ["0"]),
            ("ANY list.@type == ints.@type", ["0"]),
        ]
    )
    func elementTypes(query: String, expected: [String]) async throws {
        let realm = try await Self.realm()
        #expect(try await Self.outcome(realm, query).get() == expected, "\(query)")
    }

    @Test(
        "Refused as realm-core refuses them",
        arguments: [
            ("dict[FIRST] == 1", "Property 'MixedTypeHolder.dict' does not support index 'FIRST'"),
            ("ints[LAST] == 1", "Property 'MixedTypeHolder.ints' does not support index 'LAST'"),
            ("dict[2] == 1", "Property 'MixedTypeHolder.dict' does not support index '2'"),
            ("int.@type == 'int'", "Comparison between two constants is not supported ('\"int\"' and '\"int\"')"),
            ("list.@type == int", "Unsupported comparison between @type and raw value: '@type' and 'int'"),
            ("mixed == mixed.@type", "Unsupported comparison between @type and raw value: 'mixed' and '@type'"),
            ("mixed.@type ==[c] 'int'", "Unsupported comparison operator '=[c]' against type '@type'"),
            ("mixed.@type !=[cd] 'int'", "Unsupported comparison operator '!=[cd]' against type '@type'"),
        ]
    )
    func refused(query: String, message: String) async throws {
        let realm = try await Self.realm()
        guard case .failure(let error) = await Self.outcome(realm, query) else {
            Issue.record("'\(query)' must be refused")
            return
        }
        guard let realmError = error as? RealmError, case .invalidQuery(let text) = realmError else {
            Issue.record("'\(query)': \(error) is not invalidQuery")
            return
        }
        #expect(text.contains(message), "'\(query)': \(text)")
    }
}
