import Foundation
import Strata
import Testing

/// Sets of values with nulls and decimals, for the queries and aggregates of sets of primitives.
final class SetSamples: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var ints: MutableSet<Int>
    @Persisted var optionalDoubles: MutableSet<Double?>
    @Persisted var decimals: MutableSet<Decimal128>
    @Persisted var names: MutableSet<String>
}

/// A decimal from its text (the test's literals are valid).
private func decimal(_ text: String) -> Decimal128 { try! Decimal128(string: text) }

// `MutableSet` through the RealmCollection surface: the sets of objects hold ResultsTests' data set (group 1 holds
// the four objects, group 2 none); the sets of values are SetSamples 1 (full) and 2 (empty):
//
//   ints {3, 1, 2}   optionalDoubles {2.5, nil, 0.5}   decimals {1.10, 2.20}   names {pear, Apple, fig, apple}
//
// A set has no order of its own (Realm's documentation): its elements are compared as sets, and queries that
// sort are compared in order.

@Suite("MutableSet: queries, aggregates, positions, key-value coding, freeze and thaw")
struct MutableSetTests {
    static func makeRealm() async throws -> Realm {
        let realm = try await ResultsTests.makeRealm()
        try await realm.write { realm in
            let full = SetSamples(value: ["id": 1])
            full.ints.insert(objectsIn: [3, 1, 2, 3])
            full.optionalDoubles.insert(objectsIn: [2.5, nil, 0.5, nil])
            full.decimals.insert(objectsIn: [decimal("1.10"), decimal("2.20")])
            full.names.insert(objectsIn: ["pear", "Apple", "fig", "apple", "pear"])
            try realm.add([full, SetSamples(value: ["id": 2])])
        }
        return realm
    }

    @Test("every query shape on a set of objects selects exactly the matching objects; sorts are in order")
    func queryShapes() async throws {
        let realm = try await Self.makeRealm()
        let (answers, contents) = try await realm.read { realm in
            let members = realm.object(ofType: AllTypesGroup.self, forPrimaryKey: 1)!.members
            return (try ResultsTests.queryShapes(members), Set(members.map(\.string)))
        }
        #expect(contents == ["a", "b", "c", "d"])
        #expect(answers == ResultsTests.expectedQueryShapes)
    }

    @Test("queries on a set of values: sorted(ascending:), distinct(), filter on 'self'")
    func valueQueries() async throws {
        let realm = try await Self.makeRealm()
        let answers = await realm.read { realm -> [[String]] in
            let samples = realm.object(ofType: SetSamples.self, forPrimaryKey: 1)!
            return [
                samples.ints.sorted().map(String.init), samples.ints.sorted(ascending: false).map(String.init),
                samples.ints.distinct().sorted().map(String.init),
                samples.ints.filter("self >= 2").sorted().map(String.init),
                Array(samples.names.sorted()), Array(samples.names.filter("self BEGINSWITH[c] 'a'").sorted()),
                samples.optionalDoubles.sorted().map(text), samples.optionalDoubles.sorted(ascending: false).map(text),
                ["\(samples.ints.contains(7))", "\(samples.ints.contains(3))", "\(samples.ints.count)"],
            ]
        }
        #expect(
            answers == [
                ["1", "2", "3"], ["3", "2", "1"], ["1", "2", "3"], ["2", "3"],
                ["apple", "Apple", "fig", "pear"], ["apple", "Apple"],
                ["nil", "0.5", "2.5"], ["2.5", "0.5", "nil"],
                ["false", "true", "3"],
            ]
        )
    }

    @Test("aggregates of a set of objects ignore nils; an empty set gives nil, and zero for sum")
    func objectAggregates() async throws {
        let realm = try await Self.makeRealm()
        let (full, empty) = await realm.read { realm in
            (
                ResultsTests.aggregates(realm.object(ofType: AllTypesGroup.self, forPrimaryKey: 1)!.members),
                ResultsTests.aggregates(realm.object(ofType: AllTypesGroup.self, forPrimaryKey: 2)!.members)
            )
        }
        #expect(full == ResultsTests.expectedAggregates)
        #expect(empty == ResultsTests.expectedEmptyAggregates)
    }

    @Test("aggregates of sets of values, with nils and decimals, full and empty")
    func valueAggregates() async throws {
        let realm = try await Self.makeRealm()
        let answers = await realm.read { realm -> [[String]] in
            let full = realm.object(ofType: SetSamples.self, forPrimaryKey: 1)!
            let empty = realm.object(ofType: SetSamples.self, forPrimaryKey: 2)!
            return [
                [
                    text(full.ints.min()), text(full.ints.max()), "\(full.ints.sum())",
                    text(full.ints.average() as Double?),
                ],
                [
                    text(empty.ints.min()), text(empty.ints.max()), "\(empty.ints.sum())",
                    text(empty.ints.average() as Double?),
                ],
                [
                    text(full.optionalDoubles.min() ?? nil), text(full.optionalDoubles.max() ?? nil),
                    text(full.optionalDoubles.sum()), text(full.optionalDoubles.average() as Double?),
                ],
                [
                    text(empty.optionalDoubles.min() ?? nil), text(empty.optionalDoubles.sum()),
                    text(empty.optionalDoubles.average() as Double?),
                ],
                [
                    text(full.decimals.min()), text(full.decimals.max()), "\(full.decimals.sum())",
                    text(full.decimals.average() as Decimal128?),
                ],
                ["\(empty.decimals.sum())", text(empty.decimals.average() as Decimal128?)],
                [text(full.ints.min(ofProperty: "self") as Int?), "\(full.ints.sum(ofProperty: "self") as Int)"],
            ]
        }
        #expect(
            answers == [
                ["1", "3", "6", "2.0"], ["nil", "nil", "0", "nil"], ["0.5", "2.5", "3.0", "1.5"],
                ["nil", "0.0", "nil"],
                ["1.1", "2.2", "3.3", "1.65"], ["0", "nil"], ["1", "6"],
            ]
        )
    }

    // index(of:) and index(matching:) are not checked on a set: Realm Swift's MutableSet stops ("index(of:) is not
    // available on MutableSet"), while Strata answers a position. Membership is `contains(_:)`.
    @Test("contains(_:) answers true for members only, whatever object instance asks")
    func membership() async throws {
        let realm = try await Self.makeRealm()
        let answers = await realm.read { realm -> [Bool] in
            let members = realm.object(ofType: AllTypesGroup.self, forPrimaryKey: 1)!.members
            let none = realm.object(ofType: AllTypesGroup.self, forPrimaryKey: 2)!.members
            let c = realm.objects(AllTypes.self).filter("string == 'c'").first!
            return [
                members.contains(c), none.contains(c), members.contains(AllTypes()),
                members.filter("int > 100").isEmpty,
            ]
        }
        #expect(answers == [true, false, false, true])
    }

    @Test("objects(at:) stops for an index out of bounds")
    func objectsAtOutOfBounds() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try await MutableSetTests.makeRealm()
            await realm.read { realm in
                _ = realm.object(ofType: AllTypesGroup.self, forPrimaryKey: 1)!.members.objects(at: [0, 4])
            }
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("out of bounds"))
    }

    @Test("value(forKey:) answers an array of every property type")
    func valueForKey() async throws {
        let realm = try await Self.makeRealm()
        await realm.read { realm in
            let members = realm.object(ofType: AllTypesGroup.self, forPrimaryKey: 1)!.members
            // The set's own order is unspecified: the check runs over the members sorted as the data set's table.
            ResultsTests.checkKeyValueCoding(members.sorted(byKeyPath: "id"))
            #expect(Set(members.value(forKey: "string") as? [String] ?? []) == ["a", "b", "c", "d"])
        }
    }

    @Test("setValue(_:forKey:) sets every member inside a write, and stops outside one")
    func setValueForKey() async throws {
        let realm = try await Self.makeRealm()
        let ints = try await realm.write { realm -> [Int] in
            realm.object(ofType: AllTypesGroup.self, forPrimaryKey: 1)!.members.setValue(1, forKey: "int")
            return realm.objects(AllTypes.self).map(\.int)
        }
        #expect(ints == [1, 1, 1, 1])
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try await MutableSetTests.makeRealm()
            await realm.read { realm in
                realm.object(ofType: AllTypesGroup.self, forPrimaryKey: 1)!.members.setValue(1, forKey: "int")
            }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("setValue(_:forKey:)"))
    }

    @Test("a frozen set is read from other tasks while writes continue; thaw() gives the live set, nil once deleted")
    func freezeWhileWriting() async throws {
        let realm = try await Self.makeRealm()
        let (members, ints) = try await realm.read { realm in
            (
                try realm.object(ofType: AllTypesGroup.self, forPrimaryKey: 1)!.members.freeze(),
                try realm.object(ofType: SetSamples.self, forPrimaryKey: 1)!.ints.freeze()
            )
        }
        let readers = (0..<4).map { _ in
            Task.detached { () -> Set<[String]> in
                var seen: Set<[String]> = []
                for _ in 0..<50 {
                    seen.insert(members.map(\.string).sorted() + ints.sorted().map(String.init) + ["\(ints.sum())"])
                }
                return seen
            }
        }
        for number in 0..<20 {
            try await realm.write { realm in
                realm.object(ofType: SetSamples.self, forPrimaryKey: 1)!.ints.insert(100 + number)
                realm.object(ofType: AllTypesGroup.self, forPrimaryKey: 1)!.members.remove(
                    realm.objects(AllTypes.self).filter("string == 'a'").first!
                )
            }
        }
        for reader in readers { #expect(await reader.value == [["a", "b", "c", "d", "1", "2", "3", "6"]]) }
        #expect(members.isFrozen && ints.isFrozen)
        let thawed = await realm.read { _ in
            [members.thaw().map { "\($0.isFrozen) \($0.count)" }, ints.thaw().map { "\($0.isFrozen) \($0.count)" }]
        }
        #expect(thawed == ["false 3", "false 23"])
        let gone = try await realm.write { realm -> Bool in
            try realm.delete(realm.object(ofType: AllTypesGroup.self, forPrimaryKey: 1)!)
            return members.thaw() == nil
        }
        #expect(gone)
    }

    @Test("sets of values: queries, aggregates and freeze through the shared surface")
    func sharedSurface() async throws {
        let realm = try await ListTests.makeRealm()
        let answers = await realm.read { realm -> [[String]] in
            let tags = realm.object(ofType: Measurements.self, forPrimaryKey: 1)!.tags
            return [
                Array(tags.sorted()), Array(tags.sorted(ascending: false)), Array(tags.filter("self != 'b'").sorted()),
                [tags.min() ?? "", tags.max() ?? "", "\(tags.contains("c"))", "\(tags.contains("zz"))"],
            ]
        }
        #expect(answers == [["a", "b", "c"], ["c", "b", "a"], ["a", "c"], ["a", "c", "true", "false"]])
        let frozen = try await realm.read { realm in
            try realm.object(ofType: Measurements.self, forPrimaryKey: 1)!.tags.freeze()
        }
        #expect(await Task.detached { frozen.sorted().map { $0 } }.value == ["a", "b", "c"])
    }
}
