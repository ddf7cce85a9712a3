import Foundation
import Strata
import Testing

// ThreadSafeReference as Realm Swift's ThreadSafeReferenceTests.swift asserts it, with two realm actors on one file
// in place of two threads: references to unmanaged or invalidated values are refused, a reference resolves once,
// a deleted object resolves to nil, and references to lists, sets, maps, results, linking objects and
// AnyRealmCollection resolve to live collections that keep their query (testInvalidThreadSafeReferenceConstruction,
// testInvalidThreadSafeReferenceUsage, testPassThreadSafeReferenceToDeletedObject,
// testPassThreadSafeReferencesToMultipleObjects, testPassThreadSafeReferenceToList, ...ToMutableSet,
// ...ToResults, ...ToLinkingObjects, ...ToAnyRealmCollection, testThreadSafeWrapperToMap).
//
// Realm Swift resolves a reference in a realm that has not begun reading at the reference's own version; a Strata
// realm actor always reads the newest version, so the facts checked here are those after Realm Swift's refresh().

final class TSString: Object {
    @Persisted var stringCol = ""
}

final class TSInt: Object {
    @Persisted var intCol = 0
}

final class TSEmployee: Object {
    @Persisted var name = ""
}

final class TSCompany: Object {
    @Persisted var employees: List<TSEmployee>
    @Persisted var employeeSet: MutableSet<TSEmployee>
    @Persisted var employeeMap: Map<String, TSEmployee?>
    @Persisted var scores: Map<String, Int>
}

final class TSDog: Object {
    @Persisted var dogName = ""
    @Persisted var age = 0
    @Persisted(originProperty: "dog") var owners: LinkingObjects<TSOwner>
}

final class TSOwner: Object {
    @Persisted var name = ""
    @Persisted var dog: TSDog?
}

private let tsTypes: [ObjectBase.Type] = [
    TSString.self, TSInt.self, TSEmployee.self, TSCompany.self, TSDog.self, TSOwner.self,
]

/// Two realm actors on one file, standing for Realm Swift's two threads.
private func twoRealms(_ directory: TemporaryDirectory) async throws -> (Realm, Realm) {
    let configuration = directory.configuration(tsTypes)
    return (try await Realm(configuration: configuration), try await Realm(configuration: configuration))
}

/// Resolves `reference` in `realm`, checking that it can be resolved only once (Realm Swift's `assertResolve`);
/// returns `read` of the resolved value, or nil.
private func resolveOnce<T: ThreadConfined, R>(
    _ realm: isolated Realm,
    _ reference: ThreadSafeReference<T>,
    _ read: (T) -> R,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> R? {
    #expect(!reference.isInvalidated, sourceLocation: sourceLocation)
    let value = try realm.resolve(reference)
    #expect(reference.isInvalidated, sourceLocation: sourceLocation)
    #expect(throws: RealmError.referenceAlreadyResolved, sourceLocation: sourceLocation) {
        _ = try realm.resolve(reference)
    }
    return value.map(read)
}

@Suite("ThreadSafeReference as Realm Swift's ThreadSafeReferenceTests has it")
struct ThreadSafeReferenceTests {
    @Test("A reference to an unmanaged object, list or set is refused with Realm's message")
    func unmanagedRefused() {
        let parent = TSCompany()
        parent.employees.append(TSEmployee(value: ["a"]))
        parent.employeeSet.insert(TSEmployee(value: ["a"]))
        let message = RealmError.invalidValue("Cannot construct reference to unmanaged object")
        #expect(throws: message) { try ThreadSafeReference(to: TSString()) }
        #expect(throws: message) { try ThreadSafeReference(to: parent.employees) }
        #expect(throws: message) { try ThreadSafeReference(to: parent.employeeSet) }
        #expect(throws: message) { try ThreadSafeReference(to: parent.employeeMap) }
    }

    @Test("A reference to a deleted object, or to a collection of a deleted object, is refused")
    func invalidatedRefused() async throws {
        let directory = TemporaryDirectory()
        let (realm, _) = try await twoRealms(directory)
        let outcomes = try await realm.write { realm -> [String] in
            let object = TSString()
            let parent = TSCompany()
            parent.employees.append(TSEmployee(value: ["a"]))
            parent.employeeSet.insert(TSEmployee(value: ["a"]))
            try realm.add([object])
            try realm.add(parent)
            let (list, set, map) = (parent.employees, parent.employeeSet, parent.scores)
            try realm.deleteAll()
            try realm.commitWrite()
            return [
                thrownCase { _ = try ThreadSafeReference(to: object) },
                thrownCase { _ = try ThreadSafeReference(to: list) },
                thrownCase { _ = try ThreadSafeReference(to: set) },
                thrownCase { _ = try ThreadSafeReference(to: map) },
            ]
        }
        #expect(outcomes == Array(repeating: "objectInvalidated", count: 4))
    }

    @Test("A reference resolves once; two references to one object both resolve")
    func resolveOnceEach() async throws {
        let directory = TemporaryDirectory()
        let (realm, other) = try await twoRealms(directory)
        let (first, second) = try await realm.write { realm in
            let object = try realm.create(TSString.self, value: ["stringCol": "hello"])
            try realm.commitWrite()
            return (try ThreadSafeReference(to: object), try ThreadSafeReference(to: object))
        }
        let resolved = try await other.read { realm in
            [try resolveOnce(realm, first, \.stringCol), try resolveOnce(realm, second, \.stringCol)]
        }
        #expect(resolved == ["hello", "hello"])
    }

    @Test("ThreadSafeReference is a structure whose copies share one resolution")
    func copiesShareResolution() async throws {
        let directory = TemporaryDirectory()
        let (realm, other) = try await twoRealms(directory)
        try await realm.write { realm in _ = try realm.create(TSString.self, value: ["x"]) }
        let reference = try await realm.read { realm in try ThreadSafeReference(to: realm.objects(TSString.self)[0]) }
        let copy = reference
        let states = try await other.read { realm -> [String] in
            let first = try realm.resolve(copy)?.stringCol ?? "nil"
            return [first, "\(reference.isInvalidated)", thrownCase { _ = try realm.resolve(reference) }]
        }
        #expect(states == ["x", "true", "referenceAlreadyResolved"])
        #expect(Mirror(reflecting: reference).displayStyle == .struct)
    }

    @Test("A reference to an object deleted since resolves to nil")
    func deletedObjectResolvesNil() async throws {
        let directory = TemporaryDirectory()
        let (realm, other) = try await twoRealms(directory)
        try await realm.write { realm in try realm.add(TSInt()) }
        let reference = try await realm.read { realm in try ThreadSafeReference(to: realm.objects(TSInt.self)[0]) }
        try await other.write { realm in try realm.deleteAll() }
        let resolved = try await other.read { realm in try resolveOnce(realm, reference, \.intCol) }
        #expect(resolved == nil)
    }

    @Test("Objects resolved in another realm are written there; the first realm sees the change")
    func multipleObjects() async throws {
        let directory = TemporaryDirectory()
        let (realm, other) = try await twoRealms(directory)
        let references = try await realm.write { realm in
            let string = TSString()
            let int = TSInt()
            try realm.add(string)
            try realm.add(int)
            try realm.commitWrite()
            return (try ThreadSafeReference(to: string), try ThreadSafeReference(to: int))
        }
        try await other.write { realm in
            let string = try #require(try realm.resolve(references.0))
            let int = try #require(try realm.resolve(references.1))
            string.stringCol = "the meaning of life"
            int.intCol = 42
        }
        let seen = await realm.read { realm in
            [realm.objects(TSString.self)[0].stringCol, "\(realm.objects(TSInt.self)[0].intCol)"]
        }
        #expect(seen == ["the meaning of life", "42"])
    }

    @Test("A reference to a list, set or map resolves to the live collection of the same object")
    func collections() async throws {
        let directory = TemporaryDirectory()
        let (realm, other) = try await twoRealms(directory)
        let references = try await realm.write { realm in
            let company = TSCompany()
            try realm.add(company)
            company.employees.append(TSEmployee(value: ["name": "jg"]))
            company.employeeSet.insert(TSEmployee(value: ["name": "jg"]))
            company.scores["jg"] = 1
            try realm.commitWrite()
            return (
                try ThreadSafeReference(to: company.employees), try ThreadSafeReference(to: company.employeeSet),
                try ThreadSafeReference(to: company.scores)
            )
        }
        let resolved = try await other.write { realm -> [String] in
            let employees = try #require(try resolveOnce(realm, references.0) { $0 })
            let employeeSet = try #require(try resolveOnce(realm, references.1) { $0 })
            let scores = try #require(try resolveOnce(realm, references.2) { $0 })
            let before = [
                "\(employees.map(\.name))", "\(employeeSet.map(\.name))", "\(scores.map { "\($0.key)=\($0.value)" })",
            ]
            employees.removeAll()
            employees.append(TSEmployee(value: ["name": "jp"]))
            employees.append(TSEmployee(value: ["name": "az"]))
            employeeSet.removeAll()
            employeeSet.insert(TSEmployee(value: ["name": "jp"]))
            employeeSet.insert(TSEmployee(value: ["name": "az"]))
            scores["jg"] = nil
            scores["jp"] = 2
            return before + ["\(employees.map(\.name))", "\(employeeSet.map(\.name).sorted())"]
        }
        #expect(
            resolved == [
                "[\"jg\"]", "[\"jg\"]", "[\"jg=1\"]", "[\"jp\", \"az\"]", "[\"az\", \"jp\"]",
            ]
        )
        let seen = await realm.read { realm -> [String] in
            let company = realm.objects(TSCompany.self)[0]
            return [
                "\(company.employees.map(\.name))", "\(company.employeeSet.map(\.name).sorted())",
                "\(company.scores.map { "\($0.key)=\($0.value)" })",
            ]
        }
        #expect(seen == ["[\"jp\", \"az\"]", "[\"az\", \"jp\"]", "[\"jp=2\"]"])
    }

    @Test("A reference to a map of objects resolves to the live map: its objects read, a new key is stored")
    func mapOfObjects() async throws {
        let directory = TemporaryDirectory()
        let (realm, other) = try await twoRealms(directory)
        let reference = try await realm.write { realm in
            let company = TSCompany()
            company.employeeMap["before"] = try realm.create(TSEmployee.self, value: ["name": "first"])
            try realm.add(company)
            try realm.commitWrite()
            return try ThreadSafeReference(to: company.employeeMap)
        }
        let resolved = try await other.write { realm -> [String] in
            let map = try #require(try resolveOnce(realm, reference) { $0 })
            let before = "\(map.count) \(map["before"]??.name ?? "-")"
            map["after"] = try realm.create(TSEmployee.self, value: ["name": "second"])
            return [before, "\(map.count) \(map["after"]??.name ?? "-")"]
        }
        #expect(resolved == ["1 first", "2 second"])
        let seen = await realm.read { realm in
            realm.objects(TSCompany.self)[0].employeeMap.map { "\($0.key)=\($0.value?.name ?? "-")" }
        }
        #expect(seen == ["after=second", "before=first"])
    }

    @Test("A reference to filtered, sorted results keeps the query: made before the objects exist, it finds them")
    func results() async throws {
        let directory = TemporaryDirectory()
        let (realm, other) = try await twoRealms(directory)
        let reference = try await realm.read { realm in
            let results = realm.objects(TSString.self).filter("stringCol != 'C'")
                .sorted(byKeyPath: "stringCol", ascending: false)
            return try ThreadSafeReference(to: results)
        }
        try await realm.write { realm in
            for name in ["A", "B", "C", "D"] { try realm.create(TSString.self, value: [name]) }
        }
        let resolved = try await other.write { realm -> [[String]] in
            let results = try #require(try resolveOnce(realm, reference) { $0 })
            let before = results.map(\.stringCol)
            try realm.delete(results[2])
            try realm.delete(results[0])
            try realm.create(TSString.self, value: ["E"])
            return [before, results.map(\.stringCol), ["\(realm.objects(TSString.self).count)"]]
        }
        #expect(resolved == [["D", "B", "A"], ["E", "B"], ["3"]])
        let seen = await realm.read { realm in
            realm.objects(TSString.self).filter("stringCol != 'C'").sorted(byKeyPath: "stringCol", ascending: false)
                .map(\.stringCol)
        }
        #expect(seen == ["E", "B"])
    }

    @Test("A reference to linking objects resolves to live backlinks that follow a swap of links")
    func linkingObjects() async throws {
        let directory = TemporaryDirectory()
        let (realm, other) = try await twoRealms(directory)
        let references = try await realm.write { realm in
            let dogA = TSDog(value: ["dogName": "Cookie", "age": 10])
            let dogB = TSDog(value: ["dogName": "Skipper", "age": 7])
            try realm.add(TSOwner(value: ["name": "Andrea", "dog": dogA]))
            try realm.add(TSOwner(value: ["name": "Mike", "dog": dogB]))
            try realm.commitWrite()
            return (try ThreadSafeReference(to: dogA.owners), try ThreadSafeReference(to: dogB.owners))
        }
        let resolved = try await other.write { realm -> [[String]] in
            let ownersA = try #require(try resolveOnce(realm, references.0) { $0 })
            let ownersB = try #require(try resolveOnce(realm, references.1) { $0 })
            let before = [ownersA.map(\.name), ownersB.map(\.name)]
            (ownersA[0].dog, ownersB[0].dog) = (ownersB[0].dog, ownersA[0].dog)
            return before + [ownersA.map(\.name), ownersB.map(\.name)]
        }
        #expect(resolved == [["Andrea"], ["Mike"], ["Mike"], ["Andrea"]])
        let seen = await realm.read { realm in
            ["Cookie", "Skipper"].map { name in
                realm.objects(TSDog.self).filter("dogName == %@", name)[0].owners.map(\.name)
            }
        }
        #expect(seen == [["Mike"], ["Andrea"]])
    }

    @Test("References to AnyRealmCollection of results, a list and a set resolve to the same elements")
    func anyRealmCollections() async throws {
        let directory = TemporaryDirectory()
        let (realm, other) = try await twoRealms(directory)
        let references = try await realm.write { realm in
            let company = TSCompany()
            try realm.add(company)
            for name in ["A", "B", "C", "D"] {
                company.employees.append(TSEmployee(value: ["name": name]))
                company.employeeSet.insert(TSEmployee(value: ["name": name]))
            }
            try realm.commitWrite()
            let results = AnyRealmCollection(
                realm.objects(TSEmployee.self).filter("name != 'C'").sorted(byKeyPath: "name", ascending: false)
            )
            return (
                try ThreadSafeReference(to: results),
                try ThreadSafeReference(to: AnyRealmCollection(company.employees)),
                try ThreadSafeReference(to: AnyRealmCollection(company.employeeSet))
            )
        }
        let resolved = try await other.write { realm -> [[String]] in
            let results = try #require(try resolveOnce(realm, references.0) { $0 })
            let list = try #require(try resolveOnce(realm, references.1) { $0 })
            let set = try #require(try resolveOnce(realm, references.2) { $0 })
            let before = [results.map(\.name), list.map(\.name), set.map(\.name).sorted()]
            // The resolved collections are live: a new employee in the list is in the results too.
            realm.objects(TSCompany.self)[0].employees.append(TSEmployee(value: ["name": "E"]))
            return before + [results.map(\.name), list.map(\.name), set.map(\.name).sorted()]
        }
        #expect(
            resolved == [
                ["D", "D", "B", "B", "A", "A"], ["A", "B", "C", "D"], ["A", "B", "C", "D"],
                ["E", "D", "D", "B", "B", "A", "A"], ["A", "B", "C", "D", "E"], ["A", "B", "C", "D"],
            ]
        )
    }

    @Test("A reference resolves to nil in a realm of another file (as Realm Swift), and cannot resolve when frozen")
    func wrongRealm() async throws {
        let directory = TemporaryDirectory()
        let (realm, other) = try await twoRealms(directory)
        let elsewhere = try await Realm(configuration: memoryConfiguration(tsTypes))
        try await realm.write { realm in try realm.add(TSInt()) }
        let (first, second) = try await realm.read { realm in
            let object = realm.objects(TSInt.self)[0]
            return (try ThreadSafeReference(to: object), try ThreadSafeReference(to: object))
        }
        let outcome = await elsewhere.read { realm in
            do { return try realm.resolve(first) == nil ? "nil" : "resolved" } catch { return "\(error)" }
        }
        #expect(outcome == "nil")
        let frozen = try await other.read { realm in try realm.freeze() }
        await #expect(throws: RealmError.frozen("resolve(_:) on a frozen Realm")) {
            _ = try await frozen.read { realm in try realm.resolve(second) != nil }
        }
        #expect(await other.read { realm in (try? realm.resolve(second))??.intCol } == 0)
    }
}
