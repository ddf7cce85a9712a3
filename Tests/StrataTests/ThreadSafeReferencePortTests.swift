import Foundation
import Strata
import Testing

// Facts of realm-swift's RealmSwift/Tests/ThreadSafeReferenceTests.swift that ThreadSafeReferenceTests.swift does
// not state, with realm actors in place of threads. testInvalidThreadSafeReferenceUsage makes its first reference
// inside the write that creates the object, before the commit, and resolves it in a realm of another file: nil.
// The @ThreadSafe property wrapper tests are left out: the wrapper is not part of the seeds' API.

/// The object types of the ported facts.
private let portTypes: [ObjectBase.Type] = [TSString.self, TSInt.self, TSEmployee.self, TSCompany.self]

/// What resolving one reference in one realm gave: the value read, or the error's case; then whether the
/// reference is used up.
private func resolution<T: ThreadConfined>(
    _ realm: isolated Realm,
    _ reference: ThreadSafeReference<T>,
    _ read: (T) -> String
) -> String {
    var value = "none"
    let outcome = thrownCase { value = try realm.resolve(reference).map(read) ?? "nil" }
    return (outcome == "none" ? value : outcome) + (reference.isInvalidated ? ", used up" : ", not used up")
}

@Suite("ThreadSafeReference, ported from realm-swift's ThreadSafeReferenceTests")
struct ThreadSafeReferencePortTests {
    @Test("A reference made in the write that creates the object resolves after the commit in another realm")
    func madeInsideTheCreatingWrite() async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration(portTypes)
        let realm = try await Realm(configuration: configuration)
        let other = try await Realm(configuration: configuration)
        let references = try await realm.write { realm in
            let object = try realm.create(TSString.self, value: ["stringCol": "hello"])
            let company = try realm.create(TSCompany.self, value: ["employees": [["name": "jg"]]])
            return (try ThreadSafeReference(to: object), try ThreadSafeReference(to: company.employees))
        }
        let resolved = await other.read { realm in
            [
                resolution(realm, references.0) { $0.stringCol },
                resolution(realm, references.1) { $0.map(\.name).joined(separator: " ") },
            ]
        }
        #expect(resolved == ["hello, used up", "jg, used up"])
    }

    @Test("A reference resolved in a realm of another file, which lacks the object, gives nil and is used up")
    func anotherFileGivesNil() async throws {
        let directory = TemporaryDirectory()
        let realm = try await Realm(configuration: directory.configuration(portTypes))
        let elsewhere = try await Realm(configuration: memoryConfiguration(portTypes))
        let reference = try await realm.write { realm in
            let object = try realm.create(TSString.self, value: ["stringCol": "hello"])
            return try ThreadSafeReference(to: object)
        }
        let resolved = await elsewhere.read { realm in resolution(realm, reference) { $0.stringCol } }
        #expect(resolved == "nil, used up")
    }
}
