import Dispatch
import Foundation
import Strata
import Synchronization
import Testing

// Facts of realm-swift's RealmSwift/Tests/ProjectedCollectTests.swift, on its data set: three people, John Snow,
// Daenerys Targaryen and Tyrion Lannister (created in that order; John's friends are Daenerys and Tyrion,
// Daenerys's friend is John), an owner whose list and set both hold the three, and a second owner holding them in its
// list only (ProjectedListTests) or in its set only (ProjectedSetTests). The collection under test is the first
// owner's list or set projected to `firstName`. Realm's template runs every test on both; so does each test here.
// ProjectionTests.swift, ProjectionPortTests.swift and ProjectionChangesTests.swift already state the facts of a
// projected list's count, subscript, index(of:), description and changes; this file states them on a projected set
// too, with the template's other facts.
//
// Ported: testCount, testAccess, testSetValues, testFreezeThawProjectedCollection, testRealm, testDescription,
// testFilterFormat, testSortWithProperty, testFastEnumeration, testObserve, testObserveKeyPathNoChange,
// testInvalidate, testIsFrozen, testThaw, testThawFromDifferentThread (another realm actor of the same file stands for
// another thread), testFreezeFromWrongThread (a live collection used outside its realm's actor stops with Strata's
// confinement message, not Realm's "Realm accessed from incorrect thread"), testAccessFrozenCollectionFromDifferentThread
// (a detached task), testObserveFrozenCollection, testFilterFrozenCollection.
//
// Skipped: `observeOnQueue` is a helper the template never calls. Frozen notification payloads and `write` blocks are
// the migration guide's differences: the collection in each change is frozen, and a block that would see the update
// waits for the write block to return.

final class SPAddress: EmbeddedObject {
    @Persisted var city = ""
    @Persisted var country = ""
}

/// Realm's CommonPerson.
final class SPPerson: Object {
    @Persisted var firstName = ""
    @Persisted var lastName = ""
    @Persisted var birthday = Date(timeIntervalSince1970: 0)
    @Persisted var address: SPAddress?
    @Persisted var money: Decimal128 = 0
    @Persisted var friends: List<SPPerson>
}

/// Realm's PersonProjection, reduced to what the template reads.
final class SPPersonProjection: Projection<SPPerson> {
    @Projected(\SPPerson.firstName) var firstName
    @Projected(\SPPerson.friends.projectTo.firstName) var firstFriendsName: ProjectedCollection<String>
}

final class SPPersistedCollections: Object {
    @Persisted var list: List<SPPerson>
    @Persisted var set: MutableSet<SPPerson>
}

final class SPProjectedCollections: Projection<SPPersistedCollections> {
    @Projected(\SPPersistedCollections.list.projectTo.firstName) var list: ProjectedCollection<String>
    @Projected(\SPPersistedCollections.set.projectTo.firstName) var set: ProjectedCollection<String>
}

/// Which projected collection a test reads: ProjectedListTests or ProjectedSetTests.
enum SPProjectedKind: String, CaseIterable, Codable, Sendable {
    case list, set

    static let types: [ObjectBase.Type] = [
        SPAddress.self, SPPerson.self, SPPersistedCollections.self,
    ]

    /// A realm holding the template's data set and this kind's second owner.
    func makeRealm(_ configuration: Realm.Configuration = memoryConfiguration(Self.types)) async throws -> Realm {
        let realm = try await Realm(configuration: configuration)
        try await realm.write { [self] realm in
            let people = try [
                ("John", "Snow", 10, ["Winterfell", "Kingdom in the North"], "2.22"),
                ("Daenerys", "Targaryen", 0, ["King's Landing", "Westeros"], "2.22"),
                ("Tyrion", "Lannister", 20, ["Casterly Rock", "Westeros"], "9999.95"),
            ].map { first, last, birthday, address, money in
                try realm.create(
                    SPPerson.self,
                    value: [
                        "firstName": first, "lastName": last, "birthday": Date(timeIntervalSince1970: Double(birthday)),
                        "address": address, "money": try Decimal128(string: money),
                    ]
                )
            }
            people[0].friends.append(objectsIn: [people[1], people[2]])
            people[1].friends.append(people[0])
            try realm.create(SPPersistedCollections.self, value: [people, people])
            try realm.create(SPPersistedCollections.self, value: [rawValue: realm.objects(SPPerson.self)])
        }
        return realm
    }

    /// The collection under test: the first owner's list or set, projected to first names.
    func collection(_ realm: isolated Realm) -> ProjectedCollection<String> {
        let owner = realm.objects(SPProjectedCollections.self)[0]
        return self == .list ? owner.list : owner.set
    }
}

/// The texts of changes posted by observation blocks, taken in order by the test.
private final class SPInbox: Sendable {
    private let items = Mutex<[String]>([])

    func post(_ item: String) { items.withLock { $0.append(item) } }

    /// The next posted text, or nil when none comes within `seconds`.
    func next(within seconds: Double = 30) async -> String? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if let item = items.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { return item }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return nil
    }
}

/// A change of a projected collection as `initial [values]` or `update -[d] +[i] ~[m] [values]`.
private func spText(_ change: RealmCollectionChange<ProjectedCollection<String>>) -> String {
    switch change {
    case .initial(let names): "initial \(Array(names))"
    case .update(let names, let deletions, let insertions, let modifications):
        "update -\(deletions) +\(insertions) ~\(modifications) \(Array(names))"
    case .error(let error): "error \(error)"
    }
}

@Suite("Projected collections, ported from realm-swift's ProjectedCollectTests")
struct ProjectedCollectionPortTests {
    @Test(
        "count, subscript, first and last, firstIndex(of:), description, filter, sorted and iteration",
        arguments: SPProjectedKind.allCases
    )
    func reading(_ kind: SPProjectedKind) async throws {
        let realm = try await kind.makeRealm()
        let answers = await realm.read { realm -> [String] in
            let names = kind.collection(realm)
            return [
                "\(names.count)",
                "\(names[0] == names.first) \(names[2] == names.last) \(names[0]) \(names[2])",
                "\(names.firstIndex(of: "Not tere").map(String.init) ?? "nil") \(names.firstIndex(of: "Daenerys") ?? -1)",
                names.description,
                "\(names.filter { $0 == "Daenerys" }.first ?? "nil") \(names.filter { $0 == "Not There" }.first ?? "nil")",
                "\(names.sorted { $0 > $1 }.first ?? "nil") \(names.sorted { $0 > $1 }.last ?? "nil")",
                names.map { $0 }.joined(separator: ","),
            ]
        }
        #expect(
            answers == [
                "3", "true true John Tyrion", "nil 1",
                "ProjectedCollection<String> {\n\t[0] John\n\t[1] Daenerys\n\t[2] Tyrion\n}",
                "Daenerys nil", "Tyrion Daenerys", "John,Daenerys,Tyrion",
            ],
            "\(kind)"
        )
    }

    @Test("setting an element inside a write sets the object's property", arguments: SPProjectedKind.allCases)
    func setValues(_ kind: SPProjectedKind) async throws {
        let realm = try await kind.makeRealm()
        try await realm.write { realm in kind.collection(realm)[0] = "Overwrite" }
        let answers = await realm.read { realm in
            [
                kind.collection(realm).first ?? "nil",
                "\(realm.objects(SPPerson.self).filter("firstName == 'Overwrite'").count)",
                realm.objects(SPPerson.self).map(\.firstName).joined(separator: ","),
            ]
        }
        #expect(answers == ["Overwrite", "1", "Overwrite,Daenerys,Tyrion"], "\(kind)")
    }

    @Test(
        "freezing a collection and a projection: each frozen, the live projection not",
        arguments: SPProjectedKind.allCases
    )
    func freezeProjectionAndCollection(_ kind: SPProjectedKind) async throws {
        let realm = try await kind.makeRealm()
        let answers = try await realm.read { realm -> [Bool] in
            let johnSnow = realm.objects(SPPersonProjection.self).first!
            let frozenSet = try kind.collection(realm).freeze()
            let frozenJohn = try johnSnow.freeze()
            return [frozenSet.isFrozen, johnSnow.isFrozen, frozenJohn.isFrozen, frozenJohn.firstFriendsName.isFrozen]
        }
        #expect(answers == [true, false, true, true], "\(kind)")
    }

    @Test(
        "the collection's realm is the realm of its file; isFrozen before and after freeze()",
        arguments: SPProjectedKind.allCases
    )
    func realmAndIsFrozen(_ kind: SPProjectedKind) async throws {
        let configuration = memoryConfiguration(SPProjectedKind.types)
        let realm = try await kind.makeRealm(configuration)
        let answers = try await realm.read { realm -> [String] in
            let names = kind.collection(realm)
            return [
                "\(names.realm?.configuration.inMemoryIdentifier == configuration.inMemoryIdentifier)",
                "\(names.isFrozen) \(try names.freeze().isFrozen)",
            ]
        }
        #expect(answers == ["true", "false true"], "\(kind)")
    }

    @Test("invalidating the realm invalidates the collection", arguments: SPProjectedKind.allCases)
    func invalidate(_ kind: SPProjectedKind) async throws {
        let realm = try await kind.makeRealm()
        let answers = await realm.read { realm -> [Bool] in
            let names = kind.collection(realm)
            let before = names.isInvalidated
            realm.invalidate()
            return [before, names.realm == nil || names.isInvalidated]
        }
        #expect(answers == [false, true], "\(kind)")
    }

    @Test(
        "thaw(): the frozen realm cannot write; the live one follows deletions, the frozen one keeps its version",
        arguments: SPProjectedKind.allCases
    )
    func thaw(_ kind: SPProjectedKind) async throws {
        let realm = try await kind.makeRealm()
        let frozen = try await realm.read { realm in try kind.collection(realm).freeze() }
        await expectError(RealmError.self) { try await frozen.realm!.write { _ in } }
        let answers = try await realm.write { realm -> [Bool] in
            let live = frozen.thaw()!
            let liveWasFrozen = live.isFrozen
            try realm.delete(realm.objects(SPPersistedCollections.self))
            return [frozen.isFrozen, liveWasFrozen, live.isInvalidated, frozen.isEmpty]
        }
        #expect(answers == [true, false, true, false], "\(kind)")
        try await realm.write { realm in try realm.delete(realm.objects(SPPerson.self)) }
        #expect(!frozen.isInvalidated && Array(frozen) == ["John", "Daenerys", "Tyrion"], "\(kind)")
    }

    @Test("a frozen collection thaws in another realm actor of the same file", arguments: SPProjectedKind.allCases)
    func thawInAnotherRealm(_ kind: SPProjectedKind) async throws {
        let configuration = memoryConfiguration(SPProjectedKind.types)
        let realm = try await kind.makeRealm(configuration)
        let frozen = try await realm.read { realm in try kind.collection(realm).freeze() }
        let other = try await Realm(configuration: configuration)
        let answers = try await other.write { other -> [Bool] in
            let live = frozen.thaw()!
            let liveWasFrozen = live.isFrozen
            try other.delete(other.objects(SPPersistedCollections.self))
            return [liveWasFrozen, live.isInvalidated, frozen.isEmpty]
        }
        #expect(answers == [false, true, false], "\(kind)")
    }

    @Test("a frozen collection is read and filtered from another task", arguments: SPProjectedKind.allCases)
    func frozenFromAnotherTask(_ kind: SPProjectedKind) async throws {
        let realm = try await kind.makeRealm()
        let frozen = try await realm.read { realm in try kind.collection(realm).freeze() }
        let answers = await Task.detached {
            [
                "\(frozen.contains { $0 == "Daenerys" }) \(frozen.contains { $0 == "Tyrion" })",
                "\(frozen.filter { $0 == "Daenerys" }.count) \(frozen.filter { $0 == "Nothing" }.first ?? "nil")",
            ]
        }.value
        #expect(answers == ["true true", "1 nil"], "\(kind)")
    }

    @Test(
        "observe: .initial with three; a write skipping the first token reaches only the second",
        arguments: SPProjectedKind.allCases
    )
    func observe(_ kind: SPProjectedKind) async throws {
        let realm = try await kind.makeRealm()
        let (first, second) = (SPInbox(), SPInbox())
        let queue = DispatchQueue(label: "projected-collection-port")
        let token = await realm.read { realm in
            kind.collection(realm).observe(on: queue) { first.post(spText($0)) }
        }
        #expect(await first.next() == "initial [\"John\", \"Daenerys\", \"Tyrion\"]", "\(kind)")
        let token2 = await realm.read { realm in
            kind.collection(realm).observe(on: queue) { second.post(spText($0)) }
        }
        #expect(await second.next() == "initial [\"John\", \"Daenerys\", \"Tyrion\"]", "\(kind)")
        try await realm.write(withoutNotifying: [token]) { realm in
            try realm.delete(realm.objects(SPPerson.self))
        }
        #expect(await second.next() == "update -[0, 1, 2] +[] ~[] []", "\(kind)")
        #expect(await first.next(within: 0.3) == nil, "\(kind): the skipped token sees no update")
        token.invalidate()
        token2.invalidate()
    }

    @Test(
        "observe(keyPaths: [\"firstName\"]): a person created elsewhere, outside the collection, is no change",
        arguments: SPProjectedKind.allCases
    )
    func observeKeyPathNoChange(_ kind: SPProjectedKind) async throws {
        let configuration = memoryConfiguration(SPProjectedKind.types)
        let realm = try await kind.makeRealm(configuration)
        let inbox = SPInbox()
        let token = await realm.read { realm in
            kind.collection(realm).observe(keyPaths: ["firstName"]) { inbox.post(spText($0)) }
        }
        #expect(await inbox.next() == "initial [\"John\", \"Daenerys\", \"Tyrion\"]", "\(kind)")
        let other = try await Realm(configuration: configuration)
        try await other.write { other in _ = try other.create(SPPerson.self, value: ["firstName": "Name"]) }
        await realm.refresh()
        #expect(await inbox.next(within: 0.3) == nil, "\(kind): no update")
        token.invalidate()
    }
}

/// A call on a projected collection that stops: freezing a live one outside its realm's actor, or observing a frozen
/// one.
enum SPProjectedStop: String, CaseIterable, Codable, Sendable {
    case freezeOutsideActor, observeFrozen

    var message: String {
        switch self {
        case .freezeOutsideActor: "was used outside the actor of the Realm it belongs to"
        case .observeFrozen: "Frozen Realms do not change and do not have change notifications."
        }
    }
}

extension ProjectedCollectionPortTests {
    @Test(
        "freezing a live collection off its actor, and observing a frozen one, stop with a message",
        arguments: SPProjectedKind.allCases.flatMap { kind in SPProjectedStop.allCases.map { (kind, $0) } }
    )
    func stops(_ kind: SPProjectedKind, _ stop: SPProjectedStop) async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [kind, stop] in
            let realm = try await kind.makeRealm()
            switch stop {
            case .freezeOutsideActor:
                let live = await realm.read { realm in realm.objects(SPPersonProjection.self).first!.firstFriendsName }
                _ = try live.freeze()
            case .observeFrozen:
                let frozen = try await realm.read { realm in try kind.collection(realm).freeze() }
                _ = frozen.observe { _ in }
            }
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains(stop.message), "\(kind) \(stop): \(output.suffix(400))")
    }
}
