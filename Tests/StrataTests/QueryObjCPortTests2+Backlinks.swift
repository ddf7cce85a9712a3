import Foundation
import Strata
import Testing

// realm-swift Realm/Tests/QueryTests.m: testLinkingObjects, testQueryOnRenamedProperties, testQueryOverRenamedLinks
// and testQueryOverRenamedBacklinks. Realm's renamed-property models are two classes each (RenamedProperties1 and
// RenamedProperties2, LinkToRenamedProperties1 and 2) sharing one table through `_realmObjectName`; Strata has no
// way for two classes to share a table, so each class here has its own table holding both of Realm's rows, and
// `propertiesMapping()` stores the properties under Realm's column names ("prop 1", "Link A", …).

extension QueryObjCPortTests2 {
    /// A person's name, "Diane Sr" for the older Diane.
    static func label(_ person: QOBPerson) -> String { person.age == 60 ? "Diane Sr" : person.name }

    /// testLinkingObjects: the people of each query, in the order they were created, before and after Mackenzie
    /// becomes Jason's child.
    static func linkingObjectsAnswers(_ realm: isolated Realm) async throws -> ([[String]], [[String]], String) {
        try await realm.beginWrite()
        func person(_ name: String, _ age: Int, _ children: [QOBPerson] = []) throws -> QOBPerson {
            try realm.create(QOBPerson.self, value: [name, age, children])
        }
        let hannah = try person("Hannah", 0)
        let elijah = try person("Elijah", 3)
        let mark = try person("Mark", 30, [hannah])
        let jason = try person("Jason", 31, [elijah])
        let diane = try person("Diane", 29, [hannah])
        let carol = try person("Carol", 31)
        let michael = try person("Michael", 57, [jason, mark])
        let raewynne = try person("Raewynne", 57, [jason, mark])
        _ = try person("Don", 64, [carol, diane])
        _ = try person("Diane", 60, [carol, diane])
        try realm.commitWrite()
        let people = realm.objects(QOBPerson.self)
        let queries: [(String, [Any])] = [
            ("ANY parents.name BEGINSWITH 'M'", []),  // a parent whose name starts with M
            ("ANY parents.parents.name BEGINSWITH 'M'", []),  // a grandparent whose name starts with M
            ("ANY children.parents.name == 'Diane'", []),  // a child with a parent named Diane
            ("ANY children.parents.parents.name == 'Don'", []),  // a child with a grandparent named Don
            ("parents.@avg.age < 60", []),  // parents younger than 60 on average
            ("SUBQUERY(parents, $parent, $parent.children.@count > 1).@count > 0", []),  // a sibling
            ("ANY parents == %@", [raewynne]),
            ("ANY children == %@", [mark]),
            ("ANY parents.parents == %@", [michael]),
            ("ANY children.children == %@", [hannah]),
            ("parents.@count == 0", []),
            ("ANY parents == %@", [QOBPerson()]),  // no link equals an unmanaged object
            ("ANY parents != %@", [QOBPerson()]),  // so every linked-to person matches
            (
                "SUBQUERY(parents, $p1, $p1.age < 31 AND SUBQUERY($p1.parents, $p2, $p2.age > 35 AND "
                    + "$p2.name == 'Michael').@count > 0).@count > 0", []
            ),
        ]
        let results = queries.compactMap { query, args -> Results<QOBPerson>? in
            do {
                return try people.filter(RealmPredicate(format: query, argumentArray: args))
            } catch {
                Issue.record("'\(query)' threw: \(error)")
                return nil
            }
        }
        let before = results.map { $0.map(label) }
        try await realm.beginWrite()
        jason.children.append(try person("Mackenzie", 0))
        try realm.commitWrite()
        // A linking objects property holds no null, so its members are not compared with null.
        let nullError = qobError(people, "ANY parents == NULL")
        return (before, results.map { $0.map(label) }, nullError)
    }

    @Test("Queries through linking objects: names, nested paths, objects, aggregates and subqueries, kept up to date")
    func linkingObjects() async throws {
        let realm = try await qobRealm([QOBPerson.self])
        let (before, after, nullError) = try await Self.linkingObjectsAnswers(realm)
        let linked = ["Hannah", "Elijah", "Mark", "Jason", "Diane", "Carol"]
        let roots = ["Michael", "Raewynne", "Don", "Diane Sr"]
        #expect(
            before == [
                ["Hannah", "Mark", "Jason"], ["Hannah", "Elijah"], ["Mark", "Diane", "Don", "Diane Sr"],
                ["Mark", "Diane"],
                ["Hannah", "Elijah", "Mark", "Jason"], ["Mark", "Jason", "Diane", "Carol"], ["Mark", "Jason"],
                ["Michael", "Raewynne"], ["Hannah", "Elijah"], roots, roots, [], linked, ["Hannah"],
            ]
        )
        #expect(
            after == [
                ["Hannah", "Mark", "Jason"], ["Hannah", "Elijah", "Mackenzie"], ["Mark", "Diane", "Don", "Diane Sr"],
                ["Mark", "Diane"], ["Hannah", "Elijah", "Mark", "Jason", "Mackenzie"],
                ["Elijah", "Mark", "Jason", "Diane", "Carol", "Mackenzie"], ["Mark", "Jason"], ["Michael", "Raewynne"],
                ["Hannah", "Elijah", "Mackenzie"], roots, roots, [], linked + ["Mackenzie"], ["Hannah"],
            ]
        )
        #expect(nullError != "no error")
    }

    /// A realm holding Realm's two renamed-property rows, (1, "a") and (2, "b"), in each renamed class, each row
    /// linked to by one link object (through its link, its list and its set).
    static func renamedRealm() async throws -> Realm {
        let realm = try await qobRealm([
            QOBRenamed1.self, QOBRenamed2.self, QOBLinkToRenamed1.self, QOBLinkToRenamed2.self,
        ])
        try await realm.write { realm in
            for (number, letter) in [(1, "a"), (2, "b")] {
                let first = try realm.create(QOBRenamed1.self, value: [number, letter])
                let second = try realm.create(QOBRenamed2.self, value: [number, letter])
                try realm.create(QOBLinkToRenamed1.self, value: ["linkA": first, "array": [first], "set": [first]])
                try realm.create(QOBLinkToRenamed2.self, value: ["linkC": second, "array": [second], "set": [second]])
            }
        }
        return realm
    }

    /// Realm's four renamed-property rows for `path` (the stored numbers are 1 and 2).
    static func expectRenamedRows<T: Object>(_ results: Results<T>, _ path: String) {
        expectBoth(results, "\(path) != 0", [], 2, 0)
        expectBoth(results, "\(path) = 1", [], 1, 1)
        expectBoth(results, "\(path) = 2", [], 1, 1)
        expectBoth(results, "\(path) = 3", [], 0, 2)
    }

    @Test("Queries by the Swift names of properties stored under other column names, through links and backlinks")
    func queryOnRenamedProperties() async throws {
        let realm = try await Self.renamedRealm()
        await realm.read { realm in
            Self.expectRenamedRows(realm.objects(QOBRenamed1.self), "propA")
            Self.expectRenamedRows(realm.objects(QOBRenamed2.self), "propC")
            for path in ["linkA.propA", "ANY array.propA", "ANY set.propA"] {
                Self.expectRenamedRows(realm.objects(QOBLinkToRenamed1.self), path)
            }
            for path in ["linkC.propC", "ANY array.propC", "ANY set.propC"] {
                Self.expectRenamedRows(realm.objects(QOBLinkToRenamed2.self), path)
            }
            Self.expectRenamedRows(realm.objects(QOBRenamed1.self), "ANY linking1.linkA.propA")
        }
    }
}
