import Foundation
import Strata
import Testing

// Facts of realm-swift's Realm/Tests/ThreadSafeReferenceTests.m that ThreadSafeReferenceTests.swift and
// ThreadSafeReferencePortTests.swift (ports of the Swift file, whose tests the Objective-C ones mirror) leave out,
// with realm actors on one file in place of threads: the facts read before Realm's `refresh()`.
//   - testPassThreadSafeReferenceToDeletedObject: a reference resolved in a realm still reading the version it was
//     made at gives the object even though another realm has deleted it since; once that realm has moved on
//     (`refresh()`), a second reference to the object resolves to nil. Realm's resolving realm has not begun
//     reading and starts at the reference's version; a Strata realm always reads some version, so here it is one
//     with autorefresh off, opened at the reference's version.
//   - testPassThreadSafeReferencesToMultipleObjects, testPassThreadSafeReferenceToArray,
//     testPassThreadSafeReferenceToResults and testPassThreadSafeReferenceToLinkingObjects: what the other realm
//     writes through the resolved values is not seen by the realm that made the references until it refreshes
//     (autorefresh off here, as a thread without a run loop in Realm), and is seen after.

private let tsoTypes: [ObjectBase.Type] = [
    TSString.self, TSInt.self, TSEmployee.self, TSCompany.self, TSDog.self, TSOwner.self,
]

@Suite("ThreadSafeReference as realm-swift's Objective-C ThreadSafeReferenceTests has it")
struct ThreadSafeReferenceObjCPortTests {
    @Test("A realm still at the reference's version resolves a deleted object; after refresh() another gives nil")
    func deletedObjectBeforeAndAfterRefresh() async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration(tsoTypes)
        let realm = try await Realm(configuration: configuration)
        try await realm.write { realm in try realm.add(TSInt()) }
        let (first, second) = try await realm.read { realm in
            let object = realm.objects(TSInt.self)[0]
            return (try ThreadSafeReference(to: object), try ThreadSafeReference(to: object))
        }
        let resolving = try await Realm(configuration: configuration)
        await resolving.read { realm in realm.autorefresh = false }
        let deleting = try await Realm(configuration: configuration)
        try await deleting.write { realm in try realm.deleteAll() }

        let answer = try await resolving.read { realm -> [String] in
            let before = try realm.resolve(first).map { "\($0.intCol)" } ?? "nil"
            let again = thrownCase { _ = try realm.resolve(first) }
            realm.refresh()
            let after = try realm.resolve(second).map { "\($0.intCol)" } ?? "nil"
            return [before, again, after, "\(second.isInvalidated)"]
        }
        #expect(answer == ["0", "referenceAlreadyResolved", "nil", "true"])
    }

    @Test(
        "What is written through resolved objects and collections is seen by the first realm after refresh()"
    )
    func writesSeenAfterRefresh() async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration(tsoTypes)
        let realm = try await Realm(configuration: configuration)
        let references = try await realm.write { realm in
            let string = try realm.create(TSString.self, value: ["B"])
            let int = try realm.create(TSInt.self, value: [0])
            let company = try realm.create(TSCompany.self, value: ["employees": [["name": "Friday"]]])
            for name in ["A", "C", "D"] { try realm.create(TSString.self, value: [name]) }
            try realm.create(TSOwner.self, value: ["name": "Andrea", "dog": ["dogName": "Cookie"]])
            let skipper = try realm.create(TSDog.self, value: ["dogName": "Skipper"])
            try realm.create(TSOwner.self, value: ["name": "Mike", "dog": skipper])
            let cookie = realm.objects(TSDog.self).filter("dogName == 'Cookie'")[0]
            try realm.commitWrite()
            let results = realm.objects(TSString.self).filter("stringCol != 'C'")
                .sorted(byKeyPath: "stringCol", ascending: false)
            return (
                try ThreadSafeReference(to: string), try ThreadSafeReference(to: int),
                try ThreadSafeReference(to: company.employees), try ThreadSafeReference(to: results),
                try ThreadSafeReference(to: cookie.owners), try ThreadSafeReference(to: skipper.owners)
            )
        }
        await realm.read { realm in realm.autorefresh = false }
        let read: @Sendable (isolated Realm) -> [String] = { realm in
            let cookie = realm.objects(TSDog.self).filter("dogName == 'Cookie'")[0]
            let strings = realm.objects(TSString.self).filter("stringCol != 'C'")
                .sorted(byKeyPath: "stringCol", ascending: false)
            return [
                realm.objects(TSString.self).filter("stringCol == 'B'").first.map { _ in "B kept" } ?? "B renamed",
                "\(realm.objects(TSInt.self)[0].intCol)",
                "\(realm.objects(TSCompany.self)[0].employees.map(\.name))",
                "\(strings.map(\.stringCol))",
                "\(cookie.owners.map(\.name))",
            ]
        }

        let other = try await Realm(configuration: configuration)
        try await other.write { realm in
            let string = try #require(try realm.resolve(references.0))
            let int = try #require(try realm.resolve(references.1))
            let employees = try #require(try realm.resolve(references.2))
            let results = try #require(try realm.resolve(references.3))
            let ownersA = try #require(try realm.resolve(references.4))
            let ownersB = try #require(try realm.resolve(references.5))
            string.stringCol = "the meaning of life"
            int.intCol = 42
            employees.removeAll()
            employees.append(TSEmployee(value: ["name": "Cookie"]))
            employees.append(TSEmployee(value: ["name": "Breezy"]))
            try realm.delete(results[results.count - 1])
            try realm.create(TSString.self, value: ["E"])
            (ownersA[0].dog, ownersB[0].dog) = (ownersB[0].dog, ownersA[0].dog)
        }

        let before = await realm.read(read)
        #expect(before == ["B kept", "0", "[\"Friday\"]", "[\"D\", \"B\", \"A\"]", "[\"Andrea\"]"])
        await realm.refresh()
        let after = await realm.read(read)
        #expect(
            after == [
                "B renamed", "42", "[\"Cookie\", \"Breezy\"]", "[\"the meaning of life\", \"E\", \"D\"]", "[\"Mike\"]",
            ]
        )
    }
}
