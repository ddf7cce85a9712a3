import Foundation
import Strata
import Testing

// RealmSwift/Tests/QueryTests.swift: testEqualObject, testNotEqualObject, testEqualEmbeddedObject,
// testNotEqualEmbeddedObject, testEqualMappedToEmbeddedObject, testNotEqualMappedToEmbeddedObject,
// testMemberwiseEquality and testInvalidMemberwiseEquality: objects, embedded objects and custom types stored as
// embedded objects (compared property by property) as query values.

extension TypedQueryPortTests {
    @Test("A link equals the object assigned to it, and the linked object's own nil link differs from it")
    func objectEquality() async throws {
        let realm = try await Self.makeRealm()
        let outcomes = try await realm.write { realm -> [TQPOutcome] in
            let nested = TQPAllTypes()
            realm.objects(TQPAllTypes.self).first!.objectCol = nested
            return [
                TQPOutcome("objectCol == nested", 1, tqpCount(realm, TQPAllTypes.self) { $0.objectCol == nested }),
                TQPOutcome("objectCol != nested", 1, tqpCount(realm, TQPAllTypes.self) { $0.objectCol != nested }),
            ]
        }
        for outcome in outcomes { outcome.check() }
    }

    @Test("An embedded object equals itself once managed, and an unmanaged copy of it matches nothing")
    func embeddedObjectEquality() async throws {
        let realm = try await Self.makeRealm()
        let outcomes = try await realm.write { realm -> [TQPOutcome] in
            let parent = TQPEmbeddedParent()
            let nested = TQPEmbeddedTree()
            nested.value = 123
            parent.object = nested
            try realm.add(parent)
            let copy = TQPEmbeddedTree()
            copy.value = 123
            let count = { (query: (Query<TQPEmbeddedParent>) -> Query<Bool>) -> Int in
                tqpCount(realm, TQPEmbeddedParent.self, query)
            }
            return [
                TQPOutcome("object == the managed embedded object", 1, count { $0.object == nested }),
                TQPOutcome("object == an unmanaged equal copy", 0, count { $0.object == copy }),
                TQPOutcome("object != the managed embedded object", 0, count { $0.object != nested }),
                TQPOutcome("object != an unmanaged equal copy", 1, count { $0.object != copy }),
            ]
        }
        for outcome in outcomes { outcome.check() }
    }

    /// Realm's createLinksToMappedEmbeddedObject: the custom-types object's `object` holds value 2, and one link
    /// object reaches it through a link, a list, a set and a map.
    static func makeMappedEmbeddedRealm() async throws -> Realm {
        let realm = try await makeRealm()
        try await realm.write { realm in
            let custom = realm.objects(TQPCustomTypes.self).first!
            custom.object = TQPEmbeddedWrap(value: 2)
            let link = TQPLinkToCustomTypes()
            link.object = custom
            link.list.append(custom)
            link.set.insert(custom)
            link.map["1"] = custom
            try realm.add(link)
        }
        return realm
    }

    /// Realm's rows for the wrapper `object` (an embedded object of value 2): `==` and `!=` with wrappers of 2 and 3.
    static func mappedEmbeddedCases<Root>(
        _ make: TQPMake<Root>,
        _ name: String,
        _ lhs: @escaping @Sendable (Query<Root>) -> Query<TQPEmbeddedWrap>
    ) -> [TQPCase] {
        [
            make("\(name) == wrapper(2)", 1) { lhs($0) == TQPEmbeddedWrap(value: 2) },
            make("\(name) == wrapper(3)", 0) { lhs($0) == TQPEmbeddedWrap(value: 3) },
            make("\(name) != wrapper(2)", 0) { lhs($0) != TQPEmbeddedWrap(value: 2) },
            make("\(name) != wrapper(3)", 1) { lhs($0) != TQPEmbeddedWrap(value: 3) },
        ]
    }

    /// Realm's rows for the embedded object the wrapper is stored as (`persistableValue`): its `value` is 2.
    static func mappedEmbeddedValueCases<Root>(
        _ make: TQPMake<Root>,
        _ name: String,
        _ lhs: @escaping @Sendable (Query<Root>) -> Query<TQPEmbeddedWrap>
    ) -> [TQPCase] {
        [
            make("\(name).persistableValue.value == 2", 1) { lhs($0).persistableValue.value == 2 },
            make("\(name).persistableValue.value == 3", 0) { lhs($0).persistableValue.value == 3 },
            make("\(name).persistableValue.value != 2", 0) { lhs($0).persistableValue.value != 2 },
            make("\(name).persistableValue.value != 3", 1) { lhs($0).persistableValue.value != 3 },
        ]
    }

    @Test("A custom type stored as an embedded object compares by value, through links and collections")
    func mappedEmbeddedEquality() async throws {
        let custom: TQPMake<TQPCustomTypes> = TQPCase.custom
        let link: TQPMake<TQPLinkToCustomTypes> = TQPCase.linkToCustom
        var rows: [TQPCase] = []
        rows += Self.mappedEmbeddedCases(custom, "object") { $0.object }
        rows += Self.mappedEmbeddedCases(link, "object.object") { $0.object.object }
        rows += Self.mappedEmbeddedCases(link, "ANY list.object") { $0.list.object }
        rows += Self.mappedEmbeddedCases(link, "ANY set.object") { $0.set.object }
        rows += Self.mappedEmbeddedCases(link, "ANY map.values.object") { $0.map.values.object }
        rows += Self.mappedEmbeddedValueCases(custom, "object") { $0.object }
        rows += Self.mappedEmbeddedValueCases(link, "object.object") { $0.object.object }
        rows += Self.mappedEmbeddedValueCases(link, "ANY list.object") { $0.list.object }
        rows += Self.mappedEmbeddedValueCases(link, "ANY set.object") { $0.set.object }
        rows += Self.mappedEmbeddedValueCases(link, "ANY map.values.object") { $0.map.values.object }
        #expect(rows.count == 40)
        await TQPCase.check(rows, in: try await Self.makeMappedEmbeddedRealm())
    }

    @Test("A custom type of two embedded properties matches only when both do, in a link, a list or a map")
    func memberwiseEquality() async throws {
        let realm = try await Self.makeRealm()
        let outcomes = try await realm.write { realm -> [TQPOutcome] in
            let first = TQPAddressWrap(city: "a", country: "b")
            let second = TQPAddressWrap(city: "a", country: "c")
            let third = TQPAddressWrap(city: "b", country: "b")
            var links: [TQPLinkToAddress] = []
            for address in [first, second, third] {
                let link = TQPLinkToAddress()
                link.object = address
                link.optObject = address
                try realm.add(link)
                links.append(link)
            }
            let count = { (query: (Query<TQPLinkToAddress>) -> Query<Bool>) -> Int in
                tqpCount(realm, TQPLinkToAddress.self, query)
            }
            var outcomes = [
                TQPOutcome("object == a/b", 1, count { $0.object == first }),
                TQPOutcome("object != a/b", 2, count { $0.object != first }),
                TQPOutcome("optObject == a/b", 1, count { $0.optObject == first }),
                TQPOutcome("optObject != a/b", 2, count { $0.optObject != first }),
            ]
            links[0].list.append(first)
            links[0].map["foo"] = first
            links[0].optMap["foo"] = first
            outcomes += [
                TQPOutcome("ANY list == a/b", 1, count { $0.list == first }),
                TQPOutcome("ANY list != a/b", 0, count { $0.list != first }),
                TQPOutcome("ANY map.values == a/b", 1, count { $0.map.values == first }),
                TQPOutcome("ANY map.values != a/b", 0, count { $0.map.values != first }),
                TQPOutcome("ANY optMap.values != a/b", 0, count { $0.optMap.values != first }),
                TQPOutcome("ANY optMap.values == a/b", 1, count { $0.optMap.values == first }),
            ]
            // An element matching each property separately (a/c and b/b) does not match a/b: one element must.
            links[1].list.append(second)
            links[1].list.append(third)
            outcomes += [
                TQPOutcome("ANY list == a/b with a/c, b/b", 1, count { $0.list == first }),
                TQPOutcome("ANY list != a/b with a/c, b/b", 1, count { $0.list != first }),
            ]
            return outcomes
        }
        for outcome in outcomes { outcome.check() }
    }
}
