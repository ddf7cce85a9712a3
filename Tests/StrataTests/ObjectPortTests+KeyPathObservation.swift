import Foundation
import Strata
import Testing

// Key-path filtered observation of one object through a list and a link, and optional properties changed by another
// realm, as realm-swift's `RealmSwift/Tests/ObjectTests.swift` asserts them: testListPropertyKeyPathNotifications,
// testLinkPropertyKeyPathNotifications1 to 4, testOptionalPropertyNotifications and
// testOptionalPropertyKeyPathNotifications. Realm observes each step with a new token; here each step has a stream
// of its own. A write that must not be reported is followed by a write to `revision` (or to the observed property),
// which the stream does report: its first element must name only that one (ObjectPortTests+Observation.swift says
// why that needs no waiting).

/// Realm Swift's `SwiftEmployeeObject`.
final class OPTEmployee: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var hired = false
}

/// Realm Swift's `SwiftCompanyObject`, with `revision`: a write to it is the reported one after an unreported write.
final class OPTCompany: Object {
    @Persisted var name = ""
    @Persisted var employees: List<OPTEmployee>
    @Persisted var revision = 0
}

/// Realm Swift's `SwiftDogObject`.
final class OPTDog: Object {
    @Persisted var dogName = ""
    @Persisted(originProperty: "dog") var owners: LinkingObjects<OPTOwner>
}

/// Realm Swift's `SwiftOwnerObject`, with `revision` as ``OPTCompany`` has it.
final class OPTOwner: Object {
    @Persisted var name = ""
    @Persisted var dog: OPTDog?
    @Persisted var revision = 0
}

/// Realm Swift's `SwiftOptionalDefaultValuesObject`, in part.
final class OPTOptionalDefaults: Object {
    @Persisted var optIntCol: Int? = 1
    @Persisted var optStringCol: String? = "A"
}

/// The one company of `listKeyPaths`.
private func company(_ realm: isolated Realm) -> OPTCompany { realm.objects(OPTCompany.self)[0] }

/// The one owner of `linkKeyPaths`.
private func owner(_ realm: isolated Realm) -> OPTOwner { realm.objects(OPTOwner.self)[0] }

extension ObjectPortObservationTests {
    @Test("A list's key path: the list itself, and through it the named property of its objects only")
    func listKeyPaths() async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in
            let company = try realm.create(OPTCompany.self)
            company.employees.append(try realm.create(OPTEmployee.self))
        }
        /// The first change of a new stream on `keyPaths` after `writes`, each its own transaction.
        @Sendable func firstChange(
            _ keyPaths: [String],
            after writes: [@Sendable (isolated Realm) throws -> Void]
        ) async throws -> String {
            let stream = await realm.read { realm in company(realm).changes(keyPaths: keyPaths) }
            var changes = stream.makeAsyncIterator()
            for write in writes { try await realm.write { realm in try write(realm) } }
            return optChangeText(await changes.next())
        }
        let revise: @Sendable (isolated Realm) throws -> Void = { realm in company(realm).revision += 1 }
        try await withTimeout {
            // The list itself does not change when an employee's property does, nor when the company's name does.
            let employeeHired = try await firstChange(
                ["employees", "revision"],
                after: [{ realm in company(realm).employees[0].hired = true }, revise]
            )
            #expect(employeeHired == "revision: 0 → 1")
            // Through the list, the employees' `hired` is observed, and nothing else of theirs.
            let hiredAgain = try await firstChange(
                ["employees.hired"],
                after: [{ realm in company(realm).employees[0].hired = false }]
            )
            #expect(hiredAgain == "employees: nil → nil")
            let aged = try await firstChange(
                ["employees.hired", "revision"],
                after: [{ realm in company(realm).employees[0].age = 35 }, revise]
            )
            #expect(aged == "revision: 1 → 2")
            // Deleting, appending and replacing an employee change the list, seen through `employees.hired`; appending
            // and replacing, through `employees`.
            let delete: @Sendable (isolated Realm) throws -> Void = { realm in
                try realm.delete(company(realm).employees[0])
            }
            let append: @Sendable (isolated Realm) throws -> Void = { realm in
                company(realm).employees.append(try realm.create(OPTEmployee.self))
            }
            let replace: @Sendable (isolated Realm) throws -> Void = { realm in
                company(realm).employees[0] = try realm.create(OPTEmployee.self)
            }
            for (keyPath, edit) in [
                ("employees.hired", delete), ("employees.hired", append), ("employees.hired", replace),
                ("employees", append), ("employees", replace),
            ] {
                #expect(try await firstChange([keyPath], after: [edit]) == "employees: nil → nil", "\(keyPath)")
            }
            let renamed = try await firstChange(
                ["employees", "revision"],
                after: [{ realm in company(realm).name = "changed" }, revise]
            )
            #expect(renamed == "revision: 2 → 3")
        }
    }

    @Test("A link's key path: the named property of the linked object and a new link; a link alone neither")
    func linkKeyPaths() async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in
            let owner = try realm.create(OPTOwner.self)
            owner.dog = try realm.create(OPTDog.self)
        }
        @Sendable func firstNames(
            _ keyPaths: [String],
            after writes: [@Sendable (isolated Realm) throws -> Void]
        ) async throws -> String {
            let stream = await realm.read { realm in owner(realm).changes(keyPaths: keyPaths) }
            var changes = stream.makeAsyncIterator()
            for write in writes { try await realm.write { realm in try write(realm) } }
            return optChangeNames(await changes.next())
        }
        let revise: @Sendable (isolated Realm) throws -> Void = { realm in owner(realm).revision += 1 }
        try await withTimeout {
            let renamedDog = try await firstNames(
                ["dog.dogName"],
                after: [{ realm in owner(realm).dog?.dogName = "rex" }]
            )
            #expect(renamedDog == "dog")
            let newDog = try await firstNames(["dog.dogName"], after: [{ realm in owner(realm).dog = OPTDog() }])
            #expect(newDog == "dog")
            let renamedOwner = try await firstNames(
                ["dog", "revision"],
                after: [{ realm in owner(realm).name = "Teddy" }, revise]
            )
            #expect(renamedOwner == "revision")
            let renamedLinkedDog = try await firstNames(
                ["dog", "revision"],
                after: [{ realm in owner(realm).dog?.dogName = "fido" }, revise]
            )
            #expect(renamedLinkedDog == "revision")
        }
    }

    @Test("An optional property changed by another realm: to another value, to nil, from nil; off the key paths, not")
    func optionalPropertyRemotely() async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in try realm.add(OPTOptionalDefaults()) }
        let other = try await Realm(configuration: realm.configuration)
        try await withTimeout {
            let (all, keyed, unobserved) = await realm.read { realm in
                let object = realm.objects(OPTOptionalDefaults.self)[0]
                return (
                    object.changes(), object.changes(keyPaths: ["optIntCol"]),
                    object.changes(keyPaths: ["optStringCol"])
                )
            }
            var allChanges = all.makeAsyncIterator()
            var keyedChanges = keyed.makeAsyncIterator()
            var unobservedChanges = unobserved.makeAsyncIterator()
            for (value, expected) in [(2, "optIntCol: 1 → 2"), (nil, "optIntCol: 2 → nil"), (3, "optIntCol: nil → 3")] {
                try await other.write { other in other.objects(OPTOptionalDefaults.self)[0].optIntCol = value }
                #expect(optChangeText(await allChanges.next()) == expected)
                #expect(optChangeText(await keyedChanges.next()) == expected)
            }
            try await other.write { other in other.objects(OPTOptionalDefaults.self)[0].optStringCol = nil }
            #expect(optChangeText(await unobservedChanges.next()) == "optStringCol: A → nil")
        }
        await other.close()
    }
}
