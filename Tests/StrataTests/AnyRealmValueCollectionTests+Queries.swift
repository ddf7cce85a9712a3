import Foundation
import Strata
import Testing

// Queries into the collections nested in a mixed property, on this data set:
//
//   id | value
//   ---+-------------------------------------------------------------------------------------------------
//    1 | [1, 2, 3]
//    2 | {name: 'Paul', instruments: [{brand: 'höfner', strings: 4}, {brand: 'gibson', color: 'red', strings: 6}]}
//    3 | {name: 'John', instruments: [{brand: 'fender', strings: 6}]}
//    4 | [[1, 99], 'x']
//    5 | 3
//    6 | none
//
// Realm's answers: realm-core test/test_parser.cpp (Parser_NestedMixedDictionaryList: `[*]`, `[LAST]`, `.key`,
// `@size`, `@keys`, `@type` with 'object'/'array'/'collection'; implicit ANY for `[*]`) and Realm Swift's
// QueryTests.swift (`anyCol[%@]`, `anyCol[%K]` with "#any" for every element).

extension AnyRealmValueCollectionTests {
    static func makeQueryRealm() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration([MixedBox.self, Dog.self]))
        try await realm.write { realm in
            let values: [AnyRealmValue] = [
                .fromArray([.int(1), .int(2), .int(3)]),
                .fromDictionary([
                    "name": .string("Paul"),
                    "instruments": .fromArray([
                        .fromDictionary(["brand": .string("höfner"), "strings": .int(4)]),
                        .fromDictionary(["brand": .string("gibson"), "color": .string("red"), "strings": .int(6)]),
                    ]),
                ]),
                .fromDictionary([
                    "name": .string("John"),
                    "instruments": .fromArray([.fromDictionary(["brand": .string("fender"), "strings": .int(6)])]),
                ]),
                .fromArray([.fromArray([.int(1), .int(99)]), .string("x")]),
                .int(3),
                .none,
            ]
            for (offset, value) in values.enumerated() {
                try realm.add(MixedBox(value: ["id": offset + 1, "value": value]))
            }
        }
        return realm
    }

    static let queryCases: [(String, [any Sendable], [Int])] = [
        ("value[0] == 1", [], [1]),
        ("value[0][1] == 99", [], [4]),
        ("value['name'] == 'Paul'", [], [2]),
        ("value.name == 'John'", [], [3]),
        ("value['instruments'][0]['strings'] == 6", [], [3]),
        ("value.instruments[0].strings > 5", [], [3]),
        ("value.instruments[*].strings == 6", [], [2, 3]),
        ("value.instruments[LAST].brand == 'gibson'", [], [2]),
        ("value.instruments[*].brand BEGINSWITH 'f'", [], [3]),
        ("value[FIRST] == 1", [], [1]),
        ("value[last] == 'x'", [], [4]),
        ("value[*] == 3", [], [1]),
        ("ANY value[*] == 2", [], [1]),
        ("NONE value[*] == 2", [], [2, 3, 4, 5, 6]),
        ("ALL value[*] > 0", [], [1, 5, 6]),
        ("value[*][*] > 10", [], [4]),
        ("value[7] == 1", [], []),
        ("value['missing'] == nil", [], []),
        ("value.@size == 2", [], [2, 3, 4]),
        ("value.@count == 3", [], [1]),
        ("value.instruments.@size == 1", [], [3]),
        ("value.@keys == 'instruments'", [], [2, 3]),
        ("value.instruments[*].@keys == 'color'", [], [2]),
        ("value.@type == 'list'", [], [1, 4]),
        ("value.@type == 'array'", [], [1, 4]),
        ("value.@type == 'dictionary'", [], [2, 3]),
        ("value.@type == 'object'", [], [2, 3]),
        ("value.@type == 'collection'", [], [1, 2, 3, 4]),
        ("value.@type == 'numeric'", [], [5]),
        ("value.@type == 'null'", [], [6]),
        ("value.@type != 'collection'", [], [5, 6]),
        ("value.@type IN {'int', 'null'}", [], [5, 6]),
        ("value[0].@type == 'list'", [], [4]),
        ("value[%@] == %@", [0, 1], [1]),
        ("value[%@] == %@", ["name", "Paul"], [2]),
        ("value[%@][%@] == %@", [0, 1, 99], [4]),
        ("value[%K] == %@", ["#any", 3], [1]),
        ("value[%@] == %@", ["#any", 3], []),
        ("value == 3", [], [5]),
        ("value[*] IN {2, 'x'}", [], [1, 4]),
    ]

    @Test("Subscripts, [*], FIRST/LAST, @size and @type select as Realm does", arguments: Self.queryCases)
    func queries(query: String, arguments: [any Sendable], expected: [Int]) async throws {
        let realm = try await Self.makeQueryRealm()
        let ids = await realm.read { realm -> [Int] in
            do {
                let predicate = try RealmPredicate(format: query, argumentArray: arguments)
                return try realm.objects(MixedBox.self).filter(predicate).map(\.id).sorted()
            } catch {
                Issue.record("'\(query)': \(error)")
                return []
            }
        }
        #expect(ids == expected, "\(query)")
    }

    @Test("Queries see nested collections as they are written")
    func queriesAfterWrites() async throws {
        let realm = try await Self.makeQueryRealm()
        try await realm.write { realm in
            let box = realm.object(ofType: MixedBox.self, forPrimaryKey: 1)!
            box.value.listValue!.append(.fromDictionary(["k": .string("v")]))
        }
        let counts = await realm.read { realm -> [Int] in
            let boxes = realm.objects(MixedBox.self)
            return ["value.@size == 4", "value[3].k == 'v'", "value[LAST].@type == 'object'"].map {
                boxes.filter($0).count
            }
        }
        #expect(counts == [1, 1, 1])
    }

    @Test(
        "Unsupported operators on a mixed value are invalidQuery errors",
        arguments: [
            "value.@sum > 1", "value[*].@avg > 1", "value.@max.name == 1", "value.@type == 'nosuch'",
            "value.@type > 'int'", "value.@type == 3", "id.@type == 'int'", "value[1.5] == 1", "value[-1] == 1",
            "value[*] == 3 == 4", "value[*] == {1, 2, 3}",
        ]
    )
    func unsupported(query: String) async throws {
        let realm = try await Self.makeQueryRealm()
        await realm.read { realm in
            do {
                _ = try realm.objects(MixedBox.self).filter(RealmPredicate(format: query)).count
                Issue.record("'\(query)' must be refused")
            } catch let error as RealmError {
                guard case .invalidQuery = error else {
                    Issue.record("'\(query)': \(error) is not invalidQuery")
                    return
                }
            } catch {
                Issue.record("'\(query)': \(error) is not a RealmError")
            }
        }
    }
}

extension AnyRealmValueCollectionTests {
    @Test("Type-safe queries: subscripts by position and key, and .any for every element")
    func typedQueries() async throws {
        let realm = try await Self.makeQueryRealm()
        let answers = await realm.read { realm -> [[Int]] in
            let boxes = realm.objects(MixedBox.self)
            return [
                boxes.where { $0.value[0] == .int(1) },
                boxes.where { $0.value[0][1] >= .int(99) },
                boxes.where { $0.value["name"] == .string("Paul") },
                boxes.where { $0.value["instruments"][0]["strings"] == .int(6) },
                boxes.where { $0.value["instruments"].any["strings"] == .int(6) },
                boxes.where { $0.value.any == .int(3) },
                boxes.where { $0.value[1] != .int(2) },
            ].map { $0.map(\.id).sorted() }
        }
        #expect(answers == [[1], [4], [2], [3], [2, 3], [1], [4]])
    }
}
