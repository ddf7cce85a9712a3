import Foundation
import Strata
import Testing

// More facts of realm-swift's RealmCollectionTypeTests: a collection frozen at a newer version than a realm's thaws
// into that realm's own version until it refreshes (testThawUpdatedOnDifferentThread, where the newer version is
// another thread's; here another realm actor's, with autorefresh off standing for a run loop that has not turned),
// a set's description (testDescription), and key-value coding of objects with an initializer of their own
// (ResultsWithCustomInitializerTests).

/// An object with a convenience initializer, as realm-swift's custom initializer object.
final class GreetedMarker: Object {
    @Persisted var text = ""

    convenience init(text: String) {
        self.init()
        self.text = text
    }
}

/// What a collection of markers holds: its count, its texts in order (sorted for a set), and how many markers
/// with text 1, 2 and 3 a filter and a typed query find in it.
private func contents<C: RealmCollection>(_ markers: C, unordered: Bool) -> String where C.Element == Marker {
    let texts = markers.map { $0.text ?? "" }
    let filtered = ["1", "2", "3"].map { text in markers.filter("text == %@", text).count }
    let queried = ["1", "2", "3"].map { text in markers.where { $0.text == text }.count }
    return "\(markers.count) \(unordered ? texts.sorted() : texts) \(filtered) \(queried)"
}

@Suite("Collection type port: versions, descriptions and initializers, as realm-swift's collection type tests")
struct CollectionTypePortVersionTests {
    @Test(
        "a collection frozen at a newer version thaws at the realm's own version, and follows it on refresh()",
        arguments: PortKind.allCases
    )
    func thawIntoOlderVersion(_ kind: PortKind) async throws {
        let still = try await CollectionKinds.makeRealm()
        await still.read { realm in
            realm.autorefresh = false
            _ = kind.markers(in: realm).count
        }
        let writer = try await Realm(configuration: still.configuration)
        try await writer.write { realm in realm.objects(Marker.self).filter("text == '1'").first!.text = "3" }
        try await writer.write { realm in try realm.delete(realm.objects(Marker.self).filter("text == '2'")) }
        let (frozen, frozenQuery) = try await writer.read { realm in
            let markers = kind.markers(in: realm)
            return (try markers.freeze(), try markers.filter("text == %@", "1").freeze())
        }
        let (thawed, thawedQuery, before) = await still.read { realm in
            let thawed = frozen.thaw()!
            let thawedQuery = frozenQuery.thaw()!
            let answers = [
                contents(frozen, unordered: kind.unordered), contents(frozenQuery, unordered: kind.unordered),
                contents(thawed, unordered: kind.unordered), contents(thawedQuery, unordered: kind.unordered),
                contents(kind.markers(in: realm), unordered: kind.unordered),
            ]
            return (thawed, thawedQuery, answers)
        }
        #expect(
            before == [
                "1 [\"3\"] [0, 0, 1] [0, 0, 1]", "0 [] [0, 0, 0] [0, 0, 0]", "2 [\"1\", \"2\"] [1, 1, 0] [1, 1, 0]",
                "1 [\"1\"] [1, 0, 0] [1, 0, 0]", "2 [\"1\", \"2\"] [1, 1, 0] [1, 1, 0]",
            ],
            "\(kind)"
        )
        await still.refresh()
        let after = await still.read { realm in
            [
                contents(thawed, unordered: kind.unordered), contents(thawedQuery, unordered: kind.unordered),
                contents(kind.markers(in: realm), unordered: kind.unordered),
            ]
        }
        #expect(
            after == ["1 [\"3\"] [0, 0, 1] [0, 0, 1]", "0 [] [0, 0, 0] [0, 0, 0]", "1 [\"3\"] [0, 0, 1] [0, 0, 1]"],
            "\(kind)"
        )
    }

    @Test("a frozen collection's realm is frozen, and a write on it throws (testThaw)", arguments: PortKind.allCases)
    func frozenRealm(_ kind: PortKind) async throws {
        let realm = try await CollectionKinds.makeRealm()
        let frozen = try await realm.read { realm in try kind.markers(in: realm).freeze() }
        let frozenRealm = try #require(frozen.realm)
        #expect(frozenRealm.isFrozen && frozen.isFrozen, "\(kind)")
        await expectError(RealmError.frozen("a frozen Realm")) { try await frozenRealm.write { _ in } }
        #expect(frozen.count == 2, "\(kind)")
    }

    @Test("a set's description lists its objects in Realm's format, in either order")
    func setDescription() async throws {
        let realm = try await CollectionKinds.makeRealm()
        let descriptions = await realm.read { realm in
            let box = PortKind.box(realm)
            return [box.markerSet.description, AnyRealmCollection(box.markerSet).description]
        }
        let marker = "Marker \\{\n\t\ttext = [12];\n\t\tanchor = Anchor \\{\n\t\t\tid = 1;\n\t\t\\};\n\t\\}"
        for (description, kind) in zip(descriptions, ["MutableSet", "AnyRealmCollection"]) {
            let pattern = try Regex(
                "^\(kind)<Marker> <0x[0-9a-f]+> \\(\n\t\\[0\\] \(marker),\n\t\\[1\\] \(marker)\n\\)$"
            )
            #expect(description.wholeMatch(of: pattern) != nil, "\(description)")
        }
    }

    @Test("value(forKey:) reads objects made by an initializer of their own")
    func customInitializer() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([GreetedMarker.self]))
        try await realm.write { realm in try realm.add(GreetedMarker(text: "A")) }
        let answers = await realm.read { realm -> [String] in
            let markers = realm.objects(GreetedMarker.self)
            let objects = markers.value(forKey: "self") as? [GreetedMarker] ?? []
            return [
                "\(markers.value(forKey: "text") as? [String] ?? [])",
                "\(objects.count) \(objects.first?.isSameObject(as: markers[0]) ?? false)",
            ]
        }
        #expect(answers == ["[\"A\"]", "1 true"])
    }
}
