import Foundation
import Strata
import Testing

// Declarations of the seeds that generic code and collections of values reach: type-safe queries over values,
// `ThreadConfined` through the collection protocols, `encode(to:)` on any `RealmCollection`, and the marker
// protocols Realm Swift declares.

@Suite("Seed shapes: queries over values, protocol refinements, generic coding")
struct SeedShapeTests {
    private static func makeRealm() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            let values = AllTypes()
            values.intList.append(objectsIn: [7, 120, 3, 250, 120, 42])
            values.optionalStringList.append(objectsIn: ["b", nil, "abc", "a"])
            values.stringSet.insert(objectsIn: ["x", "yy", "zzz"])
            try realm.add(values)
        }
        return realm
    }

    @Test("where and index(matching:) over a list, a set and results of values")
    func whereOverValues() async throws {
        let realm = try await Self.makeRealm()
        let answers = await realm.read { realm -> [String] in
            let values = realm.objects(AllTypes.self).first!
            let big = values.intList.where { $0 > 100 }
            let between = values.intList.where { $0.contains(5...50) }
            let strings = values.optionalStringList.where { $0.starts(with: "a") }
            let nils = values.optionalStringList.where { $0 == nil }
            let long = values.stringSet.where { $0.contains("y") || $0.contains("z") }
            return [
                "\(Array(big))",
                "\(Array(between))",
                "\(Array(strings))",
                "\(nils.count)",
                "\(long.sorted().map { $0 })",
                "\(values.intList.index { $0 > 100 } as Int?)",
                "\(values.intList.index { $0 > 1000 } as Int?)",
                "\(Array(big.where { $0 < 200 }))",
            ]
        }
        #expect(
            answers == [
                "[120, 250, 120]", "[7, 42]", "[Optional(\"abc\"), Optional(\"a\")]", "1", "[\"yy\", \"zzz\"]",
                "Optional(1)", "nil", "[120, 120]",
            ]
        )
    }

    /// A reference made through the protocol alone, as generic code makes it.
    private static func reference<C: ThreadConfined>(_ value: C) throws -> ThreadSafeReference<C> {
        try ThreadSafeReference(to: value)
    }

    private static func counted<C: RealmCollection>(_ collection: C) throws -> ThreadSafeReference<C> {
        try reference(collection)
    }

    @Test("RealmCollection and RealmSectionedResult are ThreadConfined; generic code hands them over")
    func threadConfinedThroughProtocols() async throws {
        let realm = try await Self.makeRealm()
        let other = try await Realm(configuration: realm.configuration)
        let (list, sections) = try await realm.read { realm in
            let values = realm.objects(AllTypes.self).first!
            let sectioned = realm.objects(Dog.self).sectioned(by: \.name, ascending: true)
            return (try Self.counted(values.intList), try Self.reference(sectioned))
        }
        let resolved = try await other.read { realm in
            [try realm.resolve(list).map { Array($0) }?.count ?? -1, try realm.resolve(sections)?.count ?? -1]
        }
        #expect(resolved == [6, 0])
    }

    private static func encoded<C: RealmCollection>(_ collection: C) throws -> String where C.Element: Encodable {
        let data = try JSONEncoder().encode(EncodingThrough(body: collection.encode(to:)))
        return String(decoding: data, as: UTF8.self)
    }

    @Test("encode(to:) is reachable from generic code over RealmCollection")
    func genericEncoding() async throws {
        let realm = try await Self.makeRealm()
        let json = try await realm.read { realm in try Self.encoded(realm.objects(AllTypes.self).first!.intList) }
        #expect(json == "[7,120,3,250,120,42]")
    }

    private static func isKeypathSortable<T>(_: T.Type) -> Bool { T.self is any KeypathSortable.Type }

    @Test("LinkingObjects is a LinkingObjectsProtocol; objects are KeypathSortable, values are not")
    func markerProtocols() {
        let made = LinkingObjects<Person>(fromType: Person.self, property: "dogs")
        func element<L: LinkingObjectsProtocol>(of _: L) -> Any.Type { L.Element.self }
        #expect(ObjectIdentifier(element(of: made)) == ObjectIdentifier(Person.self))
        #expect(Self.isKeypathSortable(Dog.self) && !Self.isKeypathSortable(Int.self))
    }
}

/// Encodes through a given function: how a test calls a generic `encode(to:)` with an encoder of its own.
private struct EncodingThrough: Encodable {
    let body: (any Encoder) throws -> Void
    func encode(to encoder: any Encoder) throws { try body(encoder) }
}
