import Foundation
import Strata
import Testing

// RealmSwift/Tests/QueryTests.swift: the string forms of testMemberwiseEquality, testInvalidMemberwiseEquality and
// testEqualMappedToEmbeddedObject, which Realm's assertQuery checks beside each typed query: a custom type stored as
// an embedded object passed as a `%@` argument compares member by member, and a key path may go on after a map's
// `@allValues`.

extension TypedQueryPortTests {
    /// How many objects of `type` match `format` with `arguments`, or -1 when Strata rejects the query.
    static func textCount<T: Object>(
        _ realm: isolated Realm,
        _ type: T.Type,
        _ format: String,
        _ arguments: [Any]
    ) -> Int {
        do {
            return try realm.objects(type).filter(RealmPredicate(format: format, argumentArray: arguments)).count
        } catch {
            return -1
        }
    }

    @Test("A custom type stored as an embedded object, as a %@ argument, compares member by member")
    func memberwiseEqualityText() async throws {
        let realm = try await Self.makeRealm()
        let outcomes = try await realm.write { realm -> [TQPOutcome] in
            let first = TQPAddressWrap(city: "a", country: "b")
            let third = TQPAddressWrap(city: "b", country: "b")
            var links: [TQPLinkToAddress] = []
            for address in [first, TQPAddressWrap(city: "a", country: "c"), third] {
                let link = TQPLinkToAddress()
                link.object = address
                link.optObject = address
                try realm.add(link)
                links.append(link)
            }
            let count = { (format: String, arguments: [Any]) -> Int in
                Self.textCount(realm, TQPLinkToAddress.self, format, arguments)
            }
            var outcomes = [
                TQPOutcome("(object == %@)", 1, count("(object == %@)", [first])),
                TQPOutcome("(object != %@)", 2, count("(object != %@)", [first])),
                TQPOutcome("(optObject == %@)", 1, count("(optObject == %@)", [first])),
                TQPOutcome("(optObject != %@)", 2, count("(optObject != %@)", [first])),
                // IN: equal to any of them, each compared member by member.
                TQPOutcome("object IN %@", 2, count("object IN %@", [[first, third]])),
                // The expanded comparison keeps its own group: (x OR (y AND z)), ((x AND y) OR z).
                TQPOutcome(
                    "((object.city != %@) || (object == %@))",
                    3,
                    count("((object.city != %@) || (object == %@))", ["c", first])
                ),
                TQPOutcome(
                    "((object == %@) || (object.city != %@))",
                    3,
                    count("((object == %@) || (object.city != %@))", [first, "c"])
                ),
            ]
            links[0].list.append(first)
            links[0].map["foo"] = first
            links[0].optMap["foo"] = first
            for (format, expected) in [
                ("(ANY list == %@)", 1), ("(ANY list != %@)", 0), ("(ANY map.@allValues == %@)", 1),
                ("(ANY map.@allValues != %@)", 0), ("(ANY optMap.@allValues != %@)", 0),
                ("(ANY optMap.@allValues == %@)", 1),
            ] {
                outcomes.append(TQPOutcome(format, expected, count(format, [first])))
            }
            return outcomes
        }
        for outcome in outcomes { outcome.check() }
    }

    @Test("A custom type whose embedded object holds a link or a list is refused as a %@ argument, with Realm's reason")
    func invalidMemberwiseEqualityText() throws {
        let cases: [(Any, String)] = [
            (
                TQPObjectLinkWrap(),
                "Unsupported property 'TQPObjectLinkHolder.value' for memberwise equality query: "
                    + "object links are not implemented."
            ),
            (
                TQPCollectionWrap(),
                "Unsupported property 'TQPCollectionHolder.list' for memberwise equality query: "
                    + "equality on collections is not implemented."
            ),
        ]
        for (argument, reason) in cases {
            let error = #expect(throws: RealmError.self) { try RealmPredicate(format: "link == %@", argument) }
            #expect(error.map { "\($0)".contains(reason) } == true, "\(String(describing: error))")
        }
    }

    @Test("A key path goes on after a map's @allValues: ANY map.@allValues.object.value (string form)")
    func keyPathAfterAllValues() async throws {
        let realm = try await Self.makeMappedEmbeddedRealm()
        let counts = await realm.read { realm in
            [2, 3].flatMap { value in
                ["==", "!="].map { op in
                    Self.textCount(
                        realm,
                        TQPLinkToCustomTypes.self,
                        "ANY map.@allValues.object.value \(op) %@",
                        [value]
                    )
                }
            }
        }
        // == 2, != 2, == 3, != 3, as Realm counts them.
        #expect(counts == [1, 0, 0, 1])
    }
}
