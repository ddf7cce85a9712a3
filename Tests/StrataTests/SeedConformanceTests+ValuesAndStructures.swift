import Foundation
import Strata
import Testing

// The seed declarations on collections of values, the Projection forms of `sectioned(...)`, `Encodable`, and the
// declarations of seeds 001 (Results), 002 (LinkingObjects), 003 (RealmSectionedResult) and 004 (structures),
// over SeedConformanceTests.makeRealm()'s data set.

extension SeedConformanceTests {
    @Test("000 RealmCollection of values: aggregates, sorted(ascending:), distinct(), sectioned on primitives")
    func realmCollectionOfValues() async throws {
        let realm = try await Self.makeRealm()
        await realm.read { realm in
            let holder = realm.object(ofType: SeedHolder.self, forPrimaryKey: 1)!
            let r = holder.ints.filter("self > 0")
            let l = holder.ints
            let s = holder.intSet
            let a = AnyRealmCollection(holder.ints)
            // Available where Element.PersistedType: MinMaxType
            expectEach([r.min(), l.min(), s.min(), a.min()], 1)
            expectEach([r.max(), l.max(), s.max(), a.max()], 3)
            // Available where Element.PersistedType: AddableType
            expectEach([r.sum(), l.sum(), s.sum(), a.sum()], 6)
            expectEach([r.average(), l.average(), s.average(), a.average()] as [Double?], 2)
            // Available where Element.PersistedType: SortableType
            expectEach(
                [
                    r.sorted(ascending: false), l.sorted(ascending: false), s.sorted(ascending: false),
                    a.sorted(ascending: false),
                ].map(Array.init),
                [3, 2, 1]
            )
            expectEach([r.distinct(), l.distinct(), s.distinct(), a.distinct()].map { Array($0).sorted() }, [1, 2, 3])
            // Sectioned results on primitives
            expectEach(
                [
                    r.sectioned(by: { $0 / 2 }, ascending: true), l.sectioned(by: { $0 / 2 }, ascending: true),
                    s.sectioned(by: { $0 / 2 }, ascending: true), a.sectioned(by: { $0 / 2 }, ascending: true),
                ].map { $0.map { Array($0) } },
                [[1], [2, 3]]
            )
        }
    }

    @Test("000 RealmCollection: the Projection forms of sectioned(...), and Encodable")
    func projectionsAndEncodable() async throws {
        let realm = try await Self.makeRealm()
        try await realm.read { realm in
            let p = realm.objects(SeedItemProjection.self)
            #expect(p.sectioned(by: \.group, ascending: false).allKeys == ["y", "x", ""])
            #expect(p.sectioned(by: \.group, sortDescriptors: ["group", "name"])[1].map(\.name) == ["c", "d"])
            #expect(p.sectioned(by: { $0.group }, sortDescriptors: ["group", "name"])[2].map(\.name) == ["a", "b"])

            let holder = realm.object(ofType: SeedHolder.self, forPrimaryKey: 1)!
            let o = realm.object(ofType: SeedItem.self, forPrimaryKey: 0)!.spokes
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            func json<T: Encodable>(_ value: T) throws -> String {
                String(decoding: try encoder.encode(value), as: UTF8.self)
            }
            let values = [
                try json(holder.ints.filter("self > 1")), try json(holder.ints), try json(holder.intSet),
                try json(AnyRealmCollection(holder.ints)),
            ]
            // A set's order is unspecified: its array is compared sorted.
            let decoded = try values.map { try JSONDecoder().decode([Int].self, from: Data($0.utf8)) }
            #expect(
                [decoded[0], decoded[1], decoded[2].sorted(), decoded[3]] == [
                    [3, 2], [3, 1, 2], [1, 2, 3], [3, 1, 2],
                ]
            )
            let objects = [try json(o.filter("id < 3")), try json(AnyRealmCollection(o).filter("id == 4"))]
            #expect(
                objects == ["[{\"id\":1,\"name\":\"d\"},{\"id\":2,\"name\":\"b\"}]", "[{\"id\":4,\"name\":\"a\"}]"]
            )
            let linking = try json(o)
            #expect(linking.hasPrefix("[{\"id\":1,"))
        }
    }

    @Test("001 Results and 002 LinkingObjects: their own declarations")
    func resultsAndLinkingObjects() async throws {
        let realm = try await Self.makeRealm()
        await realm.read { realm in
            let r = realm.objects(SeedItem.self).filter("id > 0")
            let o = realm.object(ofType: SeedItem.self, forPrimaryKey: 0)!.spokes
            #expect(Results<SeedItem>.ElementType.self == SeedItem.self)
            #expect(LinkingObjects<SeedItem>.ElementType.self == SeedItem.self)
            expectEach([r[1].name, o[1].name], "b")
            var iterators = (r.makeIterator() as RLMIterator<SeedItem>, o.makeIterator() as RLMIterator<SeedItem>)
            expectEach([iterators.0.next()?.name, iterators.1.next()?.name], "d")
            #expect(LinkingObjects(fromType: SeedItem.self, property: "hub").count == 0)
            #expect(r == r)
        }
    }

    @Test("003 RealmSectionedResult on SectionedResults and ResultsSection")
    func realmSectionedResult() async throws {
        let realm = try await Self.makeRealm()
        try await realm.read { realm in
            let sections = realm.objects(SeedItem.self).filter("id > 0").sectioned(by: \.group)
            let section = sections[0]
            #expect([sections.realm, section.realm].allSatisfy { $0 == realm })
            expectEach([sections.isInvalidated, section.isInvalidated], false)
            expectEach([sections.count, section.count], 2)
            expectEach([sections.isFrozen, section.isFrozen], false)
            let frozen = (try sections.freeze(), try section.freeze())
            expectEach([frozen.0.isFrozen, frozen.1.isFrozen], true)
            expectEach([frozen.0.thaw()?.isFrozen, frozen.1.thaw()?.isFrozen], false)
            #expect(sections == sections && section == section)
            #expect(sections.startIndex == 0 && section.endIndex == 2)
        }
    }

    @Test("004 structures: every Strata structure of the seed, with its conformances")
    func structures() async throws {
        let realm = try await Self.makeRealm()
        try await realm.read { realm in
            let holder = realm.object(ofType: SeedHolder.self, forPrimaryKey: 1)!
            let hub = realm.object(ofType: SeedItem.self, forPrimaryKey: 0)!
            let results = realm.objects(SeedItem.self).filter("id > 0")
            let sections: SectionedResults<String, SeedItem> = results.sectioned(by: \.group)
            let section: ResultsSection<String, SeedItem> = sections[0]
            #expect(section.id == "x")
            var sectionsIterator: SectionedResultsIterator<String, SeedItem> = sections.makeIterator()
            #expect(sectionsIterator.next()?.key == "x")
            var sectionIterator: SectionIterator<SeedItem> = section.makeIterator()
            #expect(sectionIterator.next()?.name == "d")
            // Linking objects read twice are two collections, as in Realm Swift; one wrapped value equals itself.
            let any = AnyRealmCollection(hub.spokes)
            #expect(any == any)
            #expect(any != AnyRealmCollection(hub.spokes))
            let projected: ProjectedCollection<String> = SeedHolderProjection(projecting: holder).itemNames
            #expect(Array(projected) == ["d", "b", "c", "a"])
            #expect(!projected.description.isEmpty)
            let mapper: CollectionElementMapper<SeedItem> = holder.items.projectTo
            #expect(Array(mapper.name) == ["d", "b", "c", "a"])
            #expect(realm.schema["SeedItem"]?.description.isEmpty == false)
            #expect(realm.schema == realm.schema)
            #expect(realm.schema["SeedItem"]?["name"] == realm.schema["SeedItem"]?["name"])
            let descriptor: Strata.SortDescriptor = "name"
            // Its description is not checked: Realm Swift's reads "SortDescriptor(keyPath: name, direction:
            // ascending)", Strata's "name ASC" (reported).
            #expect(descriptor == Strata.SortDescriptor(keyPath: "name") && !descriptor.description.isEmpty)
            #expect(MapIndex.self == MapIndex.self)
            // Declared for source compatibility (projections are not observable yet): the type and its members.
            let projectedChanges: [ProjectedPropertyChange] = []
            #expect(projectedChanges.map { "\($0.name) \($0.oldValue ?? "") \($0.newValue ?? "")" }.isEmpty)
            var entries: RLMMapIterator<SingleMapEntry<String, Int>> = holder.scores.makeIterator()
            #expect(entries.next().map { "\($0.key)=\($0.value)" } == "a=2")
            var pairs: RLMKeyValueIterator<String, Int> = holder.scores.asKeyValueSequence().makeIterator()
            #expect(pairs.next().map { "\($0.key)=\($0.value)" } == "a=2")
            #expect(StringOptions([.caseInsensitive, .diacriticInsensitive]).contains(.caseInsensitive))
            #expect(results.where { $0.name.contains("a", options: .caseInsensitive) }.map(\.id) == [4])
            let persisted = try JSONEncoder().encode(Persisted(wrappedValue: 5))
            #expect(persisted == Data("5".utf8))
        }
    }
}
