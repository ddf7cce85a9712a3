import Foundation
import Strata
import Testing

// One line per declaration of the Realm Swift seeds 000 (RealmCollection), 001 (Results), 002 (LinkingObjects),
// 003 (RealmSectionedResult) and 004 (structures), calling it on every kind the seed puts it on, so this file
// compiles only while the surface is there, and checks each answer. `objectWillChange`, Combine, SwiftUI and the
// Objective-C iterators are not part of Strata's surface; notifications and sync have suites of their own.
// Strata's decided differences: `freeze()` throws, `filter(_:)` and `index(matching:)` take a `RealmPredicate`
// (whose `init(format:)` throws) instead of an `NSPredicate`.
//
//   item   name  score  price  group  hub        holder 1: items  [1, 2, 3, 4] (list and set)
//   0      hub   nil    0      ""     (none)               ints   [3, 1, 2]    (list and set)
//   1      d     30     1.50   x      0                    scores {a: 2, b: 1}
//   2      b     nil    2.25   y      0
//   3      c     10     0.75   x      0
//   4      a     20     3.00   y      0
//
// Every kind of objects holds items 1-4 in that order: `Results` (`id > 0`), the `List`, the `MutableSet`, the
// hub's `LinkingObjects` and an `AnyRealmCollection` over the list.

final class SeedItem: Object, Encodable {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    @Persisted var score: Int?
    @Persisted var price: Decimal128 = 0
    @Persisted var group = ""
    @Persisted var hub: SeedItem?
    @Persisted(originProperty: "hub") var spokes: LinkingObjects<SeedItem>

    enum CodingKeys: String, CodingKey {
        case id, name
    }

    // Written out, as Realm Swift asks: synthesized encoding cannot read a managed object's properties.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
    }
}

final class SeedHolder: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var items: List<SeedItem>
    @Persisted var itemSet: MutableSet<SeedItem>
    @Persisted var ints: List<Int>
    @Persisted var intSet: MutableSet<Int>
    @Persisted var scores: Map<String, Int>
}

final class SeedItemProjection: Projection<SeedItem> {
    @Projected(\SeedItem.name) var name
    @Projected(\SeedItem.group) var group
}

final class SeedHolderProjection: Projection<SeedHolder> {
    @Projected(\SeedHolder.items.projectTo.name) var itemNames: ProjectedCollection<String>
}

/// A decimal from its text (the test's literals are valid).
private func decimal(_ text: String) -> Decimal128 { try! Decimal128(string: text) }

/// Expects every kind's answer to be `expected` (one call per declaration, one answer per kind).
func expectEach<T: Equatable>(
    _ answers: [T],
    _ expected: T,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(answers == Array(repeating: expected, count: answers.count), sourceLocation: sourceLocation)
}

@Suite("Seed conformance: every RealmCollection, Results, LinkingObjects and sectioned declaration")
struct SeedConformanceTests {
    static func makeRealm() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration([SeedItem.self, SeedHolder.self]))
        try await realm.write { realm in
            let hub = SeedItem(value: ["id": 0, "name": "hub"])
            let rows: [(Int, String, Int?, String, String)] = [
                (1, "d", 30, "1.50", "x"), (2, "b", nil, "2.25", "y"), (3, "c", 10, "0.75", "x"),
                (4, "a", 20, "3.00", "y"),
            ]
            let items = rows.map { id, name, score, price, group in
                let item = SeedItem(value: ["id": id, "name": name, "price": decimal(price), "group": group])
                item.score = score
                item.hub = hub
                return item
            }
            let holder = SeedHolder(value: ["id": 1])
            holder.items.append(objectsIn: items)
            holder.itemSet.insert(objectsIn: items)
            holder.ints.append(objectsIn: [3, 1, 2])
            holder.intSet.insert(objectsIn: [3, 1, 2])
            holder.scores["b"] = 1
            holder.scores["a"] = 2
            try realm.add(hub)
            try realm.add(holder)
        }
        return realm
    }

    @Test("000 RealmCollection: every declaration on Results, List, MutableSet, LinkingObjects, AnyRealmCollection")
    func realmCollection() async throws {
        let realm = try await Self.makeRealm()
        try await realm.read { realm in
            let holder = realm.object(ofType: SeedHolder.self, forPrimaryKey: 1)!
            let r = realm.objects(SeedItem.self).filter("id > 0")
            let l = holder.items
            let s = holder.itemSet
            let o = realm.object(ofType: SeedItem.self, forPrimaryKey: 0)!.spokes
            let a = AnyRealmCollection(holder.items)
            let third = realm.object(ofType: SeedItem.self, forPrimaryKey: 3)!
            let hub = realm.object(ofType: SeedItem.self, forPrimaryKey: 0)!

            // Properties
            #expect([r.realm, l.realm, s.realm, o.realm, a.realm].allSatisfy { $0 == realm })
            expectEach([r.isInvalidated, l.isInvalidated, s.isInvalidated, o.isInvalidated, a.isInvalidated], false)
            expectEach([r.count, l.count, s.count, o.count, a.count], 4)
            #expect(
                [r.description, l.description, s.description, o.description, a.description].allSatisfy { !$0.isEmpty }
            )
            // Object retrieval
            expectEach([r.first, l.first, s.first, o.first, a.first].map { $0?.name }, "d")
            expectEach([r.last, l.last, s.last, o.last, a.last].map { $0?.name }, "a")
            // Index retrieval (not on the set: Realm Swift's MutableSet stops with "index(of:) is not available on
            // MutableSet" and "index(matching:) is not available on MutableSet"; Strata answers a position)
            expectEach(
                [r.index(of: third), l.index(of: third), o.index(of: third), a.index(of: third)],
                2
            )
            expectEach([r.index(of: hub), l.index(of: hub), o.index(of: hub), a.index(of: hub)], nil)
            let byName = try RealmPredicate(format: "name == %@", "c")
            expectEach(
                [
                    r.index(matching: byName), l.index(matching: byName),
                    o.index(matching: byName), a.index(matching: byName),
                ],
                2
            )
            expectEach(
                [
                    r.index(matching: "score > %d", 15), l.index(matching: "score > %d", 15),
                    o.index(matching: "score > %d", 15),
                    a.index(matching: "score > %d", 15),
                ],
                0
            )
            // Object retrieval by index set
            expectEach(
                [
                    r.objects(at: [1, 3]), l.objects(at: [1, 3]), s.objects(at: [1, 3]), o.objects(at: [1, 3]),
                    a.objects(at: [1, 3]),
                ].map { $0.map(\.name) },
                ["b", "a"]
            )
            // Filtering
            expectEach(
                [
                    r.filter("group == %@", "x"), l.filter("group == %@", "x"), s.filter("group == %@", "x"),
                    o.filter("group == %@", "x"), a.filter("group == %@", "x"),
                ].map { $0.map(\.id) },
                [1, 3]
            )
            let inY = try RealmPredicate(format: "group == 'y'")
            expectEach(
                [try r.filter(inY), try l.filter(inY), try s.filter(inY), try o.filter(inY), try a.filter(inY)].map {
                    $0.map(\.id)
                },
                [2, 4]
            )
            // Sorting
            let byNameDescriptor: [Strata.SortDescriptor] = [Strata.SortDescriptor(keyPath: "name")]
            expectEach(
                [
                    r.sorted(by: byNameDescriptor), l.sorted(by: byNameDescriptor), s.sorted(by: byNameDescriptor),
                    o.sorted(by: byNameDescriptor), a.sorted(by: byNameDescriptor),
                ].map { $0.map(\.id) },
                [4, 2, 3, 1]
            )
            expectEach(
                [
                    r.distinct(by: ["group"]), l.distinct(by: ["group"]), s.distinct(by: ["group"]),
                    o.distinct(by: ["group"]), a.distinct(by: ["group"]),
                ].map { $0.map(\.id) },
                [1, 2]
            )
            // Aggregate operations (nil scores are ignored)
            expectEach(
                [
                    r.min(ofProperty: "score"), l.min(ofProperty: "score"), s.min(ofProperty: "score"),
                    o.min(ofProperty: "score"), a.min(ofProperty: "score"),
                ] as [Int?],
                10
            )
            expectEach(
                [
                    r.max(ofProperty: "score"), l.max(ofProperty: "score"), s.max(ofProperty: "score"),
                    o.max(ofProperty: "score"), a.max(ofProperty: "score"),
                ] as [Int?],
                30
            )
            expectEach(
                [
                    r.sum(ofProperty: "score"), l.sum(ofProperty: "score"), s.sum(ofProperty: "score"),
                    o.sum(ofProperty: "score"), a.sum(ofProperty: "score"),
                ] as [Int],
                60
            )
            expectEach(
                [
                    r.average(ofProperty: "score"), l.average(ofProperty: "score"), s.average(ofProperty: "score"),
                    o.average(ofProperty: "score"), a.average(ofProperty: "score"),
                ] as [Double?],
                20
            )
            // Key-value coding (setValue(_:forKey:) is below, in a write)
            expectEach(
                [
                    r.value(forKey: "name"), l.value(forKey: "name"), s.value(forKey: "name"), o.value(forKey: "name"),
                    a.value(forKey: "name"),
                ].map { $0 as? [String] },
                ["d", "b", "c", "a"]
            )
            expectEach(
                [
                    r.value(forKeyPath: "hub.name"), l.value(forKeyPath: "hub.name"), s.value(forKeyPath: "hub.name"),
                    o.value(forKeyPath: "hub.name"), a.value(forKeyPath: "hub.name"),
                ].map { $0 as? [String] },
                ["hub", "hub", "hub", "hub"]
            )
            // Frozen objects
            expectEach([r.isFrozen, l.isFrozen, s.isFrozen, o.isFrozen, a.isFrozen], false)
            let frozen = (try r.freeze(), try l.freeze(), try s.freeze(), try o.freeze(), try a.freeze())
            expectEach(
                [frozen.0.isFrozen, frozen.1.isFrozen, frozen.2.isFrozen, frozen.3.isFrozen, frozen.4.isFrozen],
                true
            )
            expectEach(
                [
                    frozen.0.thaw()?.isFrozen, frozen.1.thaw()?.isFrozen, frozen.2.thaw()?.isFrozen,
                    frozen.3.thaw()?.isFrozen, frozen.4.thaw()?.isFrozen,
                ],
                false
            )
            expectEach(
                [
                    r.sectioned(sortDescriptors: ["group"]) { $0.group }.allKeys,
                    l.sectioned(sortDescriptors: ["group"]) { $0.group }.allKeys,
                    s.sectioned(sortDescriptors: ["group"]) { $0.group }.allKeys,
                    o.sectioned(sortDescriptors: ["group"]) { $0.group }.allKeys,
                    a.sectioned(sortDescriptors: ["group"]) { $0.group }.allKeys,
                ],
                ["x", "y"]
            )
            // Type-safe queries
            expectEach(
                [
                    r.where { $0.score > 15 }, l.where { $0.score > 15 }, s.where { $0.score > 15 },
                    o.where { $0.score > 15 }, a.where { $0.score > 15 },
                ].map { $0.map(\.id) },
                [1, 4]
            )
            // Collection protocol
            expectEach([r.startIndex, l.startIndex, s.startIndex, o.startIndex, a.startIndex], 0)
            expectEach([r.endIndex, l.endIndex, s.endIndex, o.endIndex, a.endIndex], 4)
            expectEach(
                [r.index(after: 0), l.index(after: 0), s.index(after: 0), o.index(after: 0), a.index(after: 0)],
                1
            )
            expectEach(
                [r.index(before: 4), l.index(before: 4), s.index(before: 4), o.index(before: 4), a.index(before: 4)],
                3
            )
            // Available where Element: ObjectBase
            expectEach(
                [r.min(of: \.score), l.min(of: \.score), s.min(of: \.score), o.min(of: \.score), a.min(of: \.score)],
                10
            )
            expectEach(
                [r.max(of: \.score), l.max(of: \.score), s.max(of: \.score), o.max(of: \.score), a.max(of: \.score)],
                30
            )
            expectEach(
                [r.sum(of: \.price), l.sum(of: \.price), s.sum(of: \.price), o.sum(of: \.price), a.sum(of: \.price)],
                decimal("7.50")
            )
            expectEach(
                [
                    r.average(of: \.price), l.average(of: \.price), s.average(of: \.price), o.average(of: \.price),
                    a.average(of: \.price),
                ],
                decimal("1.875")
            )
            expectEach(
                [
                    r.sectioned(by: \.group, ascending: false).allKeys,
                    l.sectioned(by: \.group, ascending: false).allKeys,
                    s.sectioned(by: \.group, ascending: false).allKeys,
                    o.sectioned(by: \.group, ascending: false).allKeys,
                    a.sectioned(by: \.group, ascending: false).allKeys,
                ],
                ["y", "x"]
            )
            expectEach(
                [
                    r.sectioned(by: \.group, sortDescriptors: ["group", "name"]),
                    l.sectioned(by: \.group, sortDescriptors: ["group", "name"]),
                    s.sectioned(by: \.group, sortDescriptors: ["group", "name"]),
                    o.sectioned(by: \.group, sortDescriptors: ["group", "name"]),
                    a.sectioned(by: \.group, sortDescriptors: ["group", "name"]),
                ].map { $0[0].map(\.name) },
                ["c", "d"]
            )
            expectEach(
                [
                    r.sectioned(by: { $0.group }, sortDescriptors: ["group"]),
                    l.sectioned(by: { $0.group }, sortDescriptors: ["group"]),
                    s.sectioned(by: { $0.group }, sortDescriptors: ["group"]),
                    o.sectioned(by: { $0.group }, sortDescriptors: ["group"]),
                    a.sectioned(by: { $0.group }, sortDescriptors: ["group"]),
                ].map { $0[1].map(\.name) },
                ["b", "a"]
            )
            // Available where Element: KeypathSortable
            expectEach(
                [
                    r.sorted(byKeyPath: "score", ascending: false), l.sorted(byKeyPath: "score", ascending: false),
                    s.sorted(byKeyPath: "score", ascending: false), o.sorted(byKeyPath: "score", ascending: false),
                    a.sorted(byKeyPath: "score", ascending: false),
                ].map { $0.map(\.id) },
                [1, 4, 3, 2]
            )
            expectEach(
                [
                    r.sorted(by: \.name, ascending: true), l.sorted(by: \.name, ascending: true),
                    s.sorted(by: \.name, ascending: true), o.sorted(by: \.name, ascending: true),
                    a.sorted(by: \.name, ascending: true),
                ].map { $0.map(\.id) },
                [4, 2, 3, 1]
            )
            let groupKeyPaths: [PartialKeyPath<SeedItem>] = [\.group]
            expectEach(
                [
                    r.distinct(by: groupKeyPaths), l.distinct(by: groupKeyPaths), s.distinct(by: groupKeyPaths),
                    o.distinct(by: groupKeyPaths), a.distinct(by: groupKeyPaths),
                ].map { $0.map(\.id) },
                [1, 2]
            )
        }
    }

    @Test("000 RealmCollection: setValue(_:forKey:) on every kind inside a write")
    func setValueForKey() async throws {
        let realm = try await Self.makeRealm()
        let groups = try await realm.write { realm -> [String] in
            let holder = realm.object(ofType: SeedHolder.self, forPrimaryKey: 1)!
            let hub = realm.object(ofType: SeedItem.self, forPrimaryKey: 0)!
            realm.objects(SeedItem.self).filter("id == 1").setValue("r", forKey: "group")
            holder.items.filter("id == 2").setValue("l", forKey: "group")
            holder.itemSet.filter("id == 3").setValue("s", forKey: "group")
            hub.spokes.filter("id == 4").setValue("o", forKey: "group")
            AnyRealmCollection(holder.items).setValue("a", forKey: "name")
            return realm.objects(SeedItem.self).sorted(byKeyPath: "id").map { "\($0.name)\($0.group)" }
        }
        #expect(groups == ["hub", "ar", "al", "as", "ao"])
    }

}

// The seeds' value methods constrained on `Element.PersistedType` (failable custom types, enums) and
// `RealmCollectionBase`: SeedConformanceTests+PersistedTypes.swift.
