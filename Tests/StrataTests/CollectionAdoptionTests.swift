import Foundation
import Strata
import Testing

/// An embedded element of ``AdoptingParent``'s collections.
final class AdoptedChild: EmbeddedObject {
    @Persisted var name = ""
}

/// A parent whose collections are read before it is added (realm-swift's ListNewlyAddedTests does this).
final class AdoptingParent: Object {
    @Persisted var children: List<AdoptedChild>
    @Persisted var tags: MutableSet<String>
    @Persisted var scores: Map<String, Int>
}

// realm-swift's ListNewlyAddedTests takes `parent.array` before adding the parent and uses it afterwards as the
// managed list. Strata's unmanaged collections are adopted by `add` (AdoptableCollection.swift): what is written to
// them afterwards is stored, and reading the property gives the same instance.
@Suite("Collections read before their object is added become its managed collections")
struct CollectionAdoptionTests {
    @Test("a list, a set and a map taken before add store what is written to them after it")
    func adoptedCollectionsStore() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([AdoptingParent.self, AdoptedChild.self]))
        let during = try await realm.write { realm -> [Bool] in
            let parent = AdoptingParent()
            let (children, tags, scores) = (parent.children, parent.tags, parent.scores)
            children.append(AdoptedChild(value: ["name": "before"]))
            tags.insert("a")
            try realm.add(parent)
            children.append(AdoptedChild(value: ["name": "after"]))
            tags.insert("b")
            scores["x"] = 1
            return [
                children.realm != nil, tags.realm != nil, scores.realm != nil,
                parent.children === children, parent.tags === tags, parent.scores === scores,
                children[1].realm != nil,
            ]
        }
        #expect(during == [true, true, true, true, true, true, true])
        let stored = await realm.read { realm -> [String] in
            let parent = realm.objects(AdoptingParent.self)[0]
            return [
                "\(parent.children.map(\.name))", "\(Array(parent.tags).sorted())",
                "\(parent.scores.keys.map { "\($0)=\(parent.scores[$0] ?? -1)" })",
            ]
        }
        #expect(stored == ["[\"before\", \"after\"]", "[\"a\", \"b\"]", "[\"x=1\"]"])
    }

    @Test("create copies: the collections of the value stay unmanaged")
    func createDoesNotAdopt() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([AdoptingParent.self, AdoptedChild.self]))
        let managed = try await realm.write { realm -> [Bool] in
            let value = AdoptingParent()
            let tags = value.tags
            tags.insert("a")
            let created = try realm.create(AdoptingParent.self, value: value)
            return [tags.realm == nil, created.tags.realm != nil, created.tags.count == 1]
        }
        #expect(managed == [true, true, true])
    }
}
