import Foundation
import Strata
import Testing

// Change sets through links, from realm-swift's Realm/Tests/NotificationTests.m: LinkedObjectChangesetTests (five
// objects each linking a string object of their own, observed as all objects of their type: a change to or the
// deletion of a linked object is a modification of the object linking it) and LinkingObjectsChangesetTests (a child
// linked from ten parents aged 25 to 34, observed through its `parents`). How the first change after a write is
// taken, and how "nothing" is told, is described in NotificationPortTests.swift.

final class NTTString: Object {
    @Persisted var stringCol = ""
}

final class NTTLinkString: Object {
    @Persisted var objectCol: NTTString?
}

final class NTTPerson: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var children: List<NTTPerson>
    @Persisted(originProperty: "children") var parents: LinkingObjects<NTTPerson>
}

extension NotificationPortTests {
    /// A write and the first change it should bring.
    struct LinkRow: Sendable, CustomTestStringConvertible {
        let name: String
        let expected: String
        let edit: @Sendable (isolated Realm) throws -> Void

        var testDescription: String { name }
    }

    static let linkedObjectRows: [LinkRow] = [
        LinkRow(name: "testDeleteLinkedObject", expected: "-[] +[] ~[3]") { realm in
            try realm.delete(realm.objects(NTTString.self)[3])
        },
        LinkRow(name: "testModifyLinkedObject", expected: "-[] +[] ~[3]") { realm in
            realm.objects(NTTString.self)[3].stringCol = "a"
        },
        LinkRow(name: "testInsertUnlinkedObject", expected: "nothing") { realm in
            try realm.create(NTTString.self)
        },
        LinkRow(name: "testTableClearFollowedByInsertsAndDeletes", expected: "-[] +[] ~[0, 1, 2, 3, 4]") { realm in
            try realm.delete(realm.objects(NTTString.self))
            try realm.create(NTTString.self)
            try realm.delete(try realm.create(NTTString.self))
        },
    ]

    @Test("a linked object changed or deleted modifies the object linking it", arguments: linkedObjectRows)
    func linkedObjects(_ row: LinkRow) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(nttTypes))
        try await realm.write { realm in
            for _ in 0..<5 {
                try realm.create(NTTLinkString.self, value: ["objectCol": try realm.create(NTTString.self)])
            }
        }
        var sentinel: (@Sendable (isolated Realm) throws -> Void)?
        if row.expected == "nothing" { sentinel = { realm in try realm.create(NTTLinkString.self) } }
        let change = try await nttFirstChange(
            in: realm,
            observing: { realm in realm.objects(NTTLinkString.self) },
            after: row.edit,
            sentinel: sentinel
        )
        #expect(change == row.expected)
    }

    static func parent(aged age: Int, in realm: isolated Realm) -> NTTPerson {
        realm.objects(NTTPerson.self).filter("age == %@", age).first!
    }

    static let linkingObjectsRows: [LinkRow] = [
        LinkRow(name: "testDeleteAllLinkingObjects", expected: "-[0, 1, 2, 3, 4, 5, 6, 7, 8, 9] +[] ~[]") { realm in
            try realm.delete(realm.objects(NTTPerson.self).filter("age > 20"))
        },
        LinkRow(name: "testUnlinkAll", expected: "-[0, 1, 2, 3, 4, 5, 6, 7, 8, 9] +[] ~[]") { realm in
            for parent in realm.objects(NTTPerson.self).filter("age > 20") { parent.children.removeAll() }
        },
        LinkRow(name: "testAddNewParent", expected: "-[] +[10] ~[]") { realm in
            let child = realm.objects(NTTPerson.self).filter("children.@count == 0").first!
            try realm.create(NTTPerson.self, value: ["name": "New parent", "age": 40, "children": [child]])
        },
        LinkRow(name: "testModifyParent", expected: "-[] +[] ~[3]") { realm in
            parent(aged: 28, in: realm).age += 1
        },
    ]

    /// Realm's order of a LinkingObjects when a link comes (at the end, even from an origin already linking) or goes
    /// (the last link takes the place of the one removed), and the change sets that order gives.
    static let linkingObjectsRemovalRows: [LinkRow] = [
        LinkRow(name: "testDeleteOneLinkingObject", expected: "-[5, 9] +[5] ~[]") { realm in
            try realm.delete(realm.objects(NTTPerson.self).filter("age == 30"))
        },
        LinkRow(name: "testDeleteSomeLinkingObjects", expected: "-[2, 7, 8, 9] +[2] ~[]") { realm in
            try realm.delete(realm.objects(NTTPerson.self).filter("age > 32"))
            try realm.delete(realm.objects(NTTPerson.self).filter("age == 27"))
        },
        LinkRow(name: "testAddDuplicateParent", expected: "-[] +[10] ~[7]") { realm in
            let parent = parent(aged: 32, in: realm)
            parent.children.append(parent.children.first!)
        },
        LinkRow(name: "testUnlinkOne", expected: "-[4, 9] +[4] ~[]") { realm in
            parent(aged: 29, in: realm).children.removeAll()
        },
    ]

    /// A realm holding a child (the first person) linked from ten parents aged 25 to 34, in that order.
    static func makeFamily() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration(nttTypes))
        try await realm.write { realm in
            let child = try realm.create(NTTPerson.self, value: ["name": "Child", "age": 0])
            for index in 0..<10 {
                try realm.create(
                    NTTPerson.self,
                    value: ["name": "Parent \(index)", "age": 25 + index, "children": [child]]
                )
            }
        }
        return realm
    }

    static func parentsChange(after edit: @escaping @Sendable (isolated Realm) throws -> Void) async throws -> String {
        try await nttFirstChange(
            in: try await makeFamily(),
            observing: { realm in realm.objects(NTTPerson.self).first!.parents },
            after: edit,
            sentinel: nil  // no row here expects nothing
        )
    }

    @Test("a child's parents: links gained, lost, and a parent's own change", arguments: linkingObjectsRows)
    func linkingObjects(_ row: LinkRow) async throws {
        let change = try await Self.parentsChange(after: row.edit)
        #expect(change == row.expected)
    }

    @Test("a child's parents after links go, or a parent links twice", arguments: linkingObjectsRemovalRows)
    func linkingObjectsRemoval(_ row: LinkRow) async throws {
        let change = try await Self.parentsChange(after: row.edit)
        #expect(change == row.expected)
    }

    @Test("deleting every person, the child with its parents, reports each parent deleted (testDeleteAll)")
    func deleteEveryPerson() async throws {
        let realm = try await Self.makeFamily()
        try await withTimeout(60) {
            let stream = await realm.read { realm in realm.objects(NTTPerson.self).first!.parents.changes() }
            var changes = stream.makeAsyncIterator()
            guard case .initial? = await changes.next() else { return }
            try await realm.write { realm in try realm.delete(realm.objects(NTTPerson.self)) }
            guard case .update(_, let deletions, let insertions, let modifications)? = await changes.next() else {
                Issue.record("no update")
                return
            }
            #expect(deletions == Array(0..<10))
            #expect(insertions.isEmpty && modifications.isEmpty)
        }
    }
}
