import Foundation
import Strata
import Testing

// The whole `Map` surface, managed and unmanaged: entries (sorted by key) as `SingleMapEntry` and as tuples,
// queries and aggregates over the values, key-value coding, merge, freeze and thaw, Codable.

@Suite("Map: entries, queries over values, aggregates, freeze and thaw")
struct MapTests {
    static func makeRealm() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            let object = AllTypes()
            for (key, value) in [("b", 20), ("a", 10), ("d", 40), ("c", 5)] { object.scores[key] = value }
            try realm.add(object)
            try realm.add(AllTypes())
        }
        return realm
    }

    @Test("entries iterate sorted by key, as SingleMapEntry and as tuples")
    func entries() async throws {
        let realm = try await Self.makeRealm()
        let answers = await realm.read { realm -> [String] in
            let scores = realm.objects(AllTypes.self).first!.scores
            let pairs = scores.asKeyValueSequence().map { "\($0.key)=\($0.value)" }
            return [
                scores.map { "\($0.key)=\($0.value)" }.joined(separator: ","), pairs.joined(separator: ","),
                "\(scores.keys)", "\(scores.values)", "\(scores.count)", "\(scores["c"] ?? -1)",
                "\(scores["zz"] ?? -1)", "\(scores.contains { $0 == "d" && $1 == 40 })",
                "\(scores.value(forKey: "b") as? Int ?? -1)",
            ]
        }
        #expect(
            answers == [
                "a=10,b=20,c=5,d=40", "a=10,b=20,c=5,d=40", "[\"a\", \"b\", \"c\", \"d\"]", "[10, 20, 5, 40]", "4",
                "5", "-1", "true", "20",
            ]
        )
    }

    @Test("queries, sorts and aggregates run over the values")
    func queries() async throws {
        let realm = try await Self.makeRealm()
        let answers = await realm.read { realm -> [[Int]] in
            let scores = realm.objects(AllTypes.self).first!.scores
            let empty = realm.objects(AllTypes.self).last!.scores
            return [
                Array(scores.filter("self > 8")), Array(scores.sorted()), Array(scores.sorted(ascending: false)),
                Array(scores.filter("self < 30").sorted(ascending: false)),
                [scores.min() ?? -1, scores.max() ?? -1, scores.sum(), empty.sum(), empty.min() ?? -1],
                [scores.min(ofProperty: "self") ?? -1, scores.sum(ofProperty: "self")],
            ]
        }
        #expect(
            answers == [
                [10, 20, 40], [5, 10, 20, 40], [40, 20, 10, 5], [20, 10, 5], [5, 40, 75, 0, -1], [5, 75],
            ]
        )
        let averages = await realm.read { realm -> [Double?] in
            [realm.objects(AllTypes.self).first!.scores.average(), realm.objects(AllTypes.self).last!.scores.average()]
        }
        #expect(averages == [18.75, nil])
    }

    @Test("writes: updateValue, merge, setValue(_:forKey:), removeObject and nil assignment")
    func writes() async throws {
        let realm = try await Self.makeRealm()
        let entries = try await realm.write { realm -> String in
            let scores = realm.objects(AllTypes.self).first!.scores
            scores.updateValue(11, forKey: "a")
            scores.merge([(key: "a", value: 1), (key: "e", value: 50)], uniquingKeysWith: +)
            scores.setValue(7, forKey: "f")
            scores.setValue(nil, forKey: "b")
            scores.removeObject(for: "c")
            scores["d"] = nil
            return scores.asKeyValueSequence().map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        }
        #expect(entries == "a=12,e=50,f=7")
        let unmanaged = Map<String, Int>()
        unmanaged["x"] = 1
        unmanaged.merge(unmanaged, uniquingKeysWith: +)
        #expect(unmanaged["x"] == 2)
        #expect(unmanaged.sum() == 2)
    }

    @Test("a frozen map is read from another task; thaw() gives the live map; Codable as a dictionary")
    func freezeThawCodable() async throws {
        let realm = try await Self.makeRealm()
        let frozen = try await realm.read { realm in try realm.objects(AllTypes.self).first!.scores.freeze() }
        try await realm.write { realm in realm.objects(AllTypes.self).first!.scores["z"] = 99 }
        let seen = await Task.detached { (frozen.isFrozen, frozen.count, Array(frozen.sorted())) }.value
        #expect(seen.0)
        #expect(seen.1 == 4)
        #expect(seen.2 == [5, 10, 20, 40])
        let live = await realm.read { _ in frozen.thaw().map { ($0.isFrozen, $0["z"]) } }
        #expect(live?.0 == false)
        #expect(live?.1 == 99)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(frozen), as: UTF8.self) == "{\"a\":10,\"b\":20,\"c\":5,\"d\":40}")
        let decoded = try JSONDecoder().decode(Map<String, Int>.self, from: Data("{\"k\":3}".utf8))
        #expect(decoded["k"] == 3)
    }
}
