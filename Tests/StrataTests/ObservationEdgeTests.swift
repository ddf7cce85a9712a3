import Foundation
import Strata
import Testing

// Observations that meet what a server cannot rule out: a key path from a request that names nothing, the owner of
// an observed collection deleted by another request. None of them may stop the process. The facts for deleted owners
// are realm-swift's NotificationTests.m (testDeleteArray, testDeleteAlreadyEmptyArray, testDeleteSet,
// testDeleteDictionary): every element is reported deleted, and an empty collection reports nothing.

/// The message of an error element, or what the element was instead.
private func errorText<C>(_ change: RealmCollectionChange<C>?) -> String {
    guard case .error(let error)? = change else { return "not an error: \(String(describing: change))" }
    return "\(error)"
}

@Suite("Observation edges: unknown key paths and deleted owners", .timeLimit(.minutes(10)))
struct ObservationEdgeTests {
    static func makeRealm() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration([Person.self, Dog.self, Collector.self]))
        try await realm.write { realm in
            try realm.add(
                Person(value: ["id": 1, "name": "Ada", "dogs": [["name": "Rex"], ["name": "Fido"], ["name": "Max"]]])
            )
            try realm.add(Person(value: ["id": 2, "name": "Bob"]))
            try realm.add(
                Collector(value: ["id": 1, "numbers": [1, 2, 3], "scores": ["a": 1, "b": 2]])
            )
        }
        return realm
    }

    @Test("An unknown key path on a collection stream delivers .error and ends the stream")
    func unknownKeyPathOnResults() async throws {
        let realm = try await Self.makeRealm()
        let stream = await realm.read { realm in realm.objects(Dog.self).changes(keyPaths: ["nmae"]) }
        var changes = stream.makeAsyncIterator()
        #expect(errorText(await changes.next()) == "Property 'nmae' not found in object of type 'Dog'")
        #expect(await changes.next() == nil)
        // The realm is untouched: a good stream still works.
        let good = await realm.read { realm in realm.objects(Dog.self).changes(keyPaths: ["name"]) }
        var goodChanges = good.makeAsyncIterator()
        guard case .initial(let dogs)? = await goodChanges.next() else { throw RealmError.closed }
        #expect(dogs.count == 3)
    }

    @Test("A key path through a property that is not a link delivers .error")
    func keyPathThroughScalar() async throws {
        let realm = try await Self.makeRealm()
        let stream = await realm.read { realm in realm.objects(Person.self).changes(keyPaths: ["name.first"]) }
        var changes = stream.makeAsyncIterator()
        #expect(
            errorText(await changes.next())
                == "Property 'name' of object of type 'Person' is not a link, so key path 'name.first' cannot go through it"
        )
        #expect(await changes.next() == nil)
    }

    @Test("An unknown key path on an object, a map and sectioned results: .error, or the end of the stream")
    func unknownKeyPathElsewhere() async throws {
        let realm = try await Self.makeRealm()
        let objectStream = await realm.read { realm in
            realm.object(ofType: Person.self, forPrimaryKey: 1)!.changes(keyPaths: ["dogs.nmae"])
        }
        var objectChanges = objectStream.makeAsyncIterator()
        guard case .error(let error)? = await objectChanges.next() else {
            Issue.record("the object stream did not deliver an error")
            return
        }
        #expect("\(error)" == "Property 'nmae' not found in object of type 'Dog'")
        #expect(await objectChanges.next() == nil)

        let mapStream = await realm.read { realm in
            realm.object(ofType: Collector.self, forPrimaryKey: 1)!.pets.changes(keyPaths: ["nmae"])
        }
        var mapChanges = mapStream.makeAsyncIterator()
        guard case .error(let mapError)? = await mapChanges.next() else {
            Issue.record("the map stream did not deliver an error")
            return
        }
        #expect("\(mapError)" == "Property 'nmae' not found in object of type 'Dog'")
        #expect(await mapChanges.next() == nil)

        let sectioned = await realm.read { realm in
            realm.objects(Dog.self).sectioned(by: \.name, ascending: true).changes(keyPaths: ["nmae"])
        }
        var sectionedChanges = sectioned.makeAsyncIterator()
        #expect(await sectionedChanges.next() == nil, "SectionedResultsChange has no error case: the stream ends")
    }

    @Test("Observing a block with an unknown key path calls it with .error")
    func blockObserver() async throws {
        let realm = try await Self.makeRealm()
        let received = AsyncStream<String>.makeStream()
        let token = await realm.read { realm in
            realm.objects(Dog.self).observe(keyPaths: ["nmae"]) { change in
                if case .error(let error) = change { received.continuation.yield("\(error)") }
            }
        }
        var messages = received.stream.makeAsyncIterator()
        #expect(await messages.next() == "Property 'nmae' not found in object of type 'Dog'")
        token.invalidate()
    }

    @Test("Deleting the owner of an observed list reports every element deleted, as Realm does")
    func deletedListOwner() async throws {
        let realm = try await Self.makeRealm()
        let stream = await realm.read { realm in realm.object(ofType: Person.self, forPrimaryKey: 1)!.dogs.changes() }
        var changes = stream.makeAsyncIterator()
        guard case .initial(let dogs)? = await changes.next() else { throw RealmError.closed }
        #expect(dogs.map(\.name) == ["Rex", "Fido", "Max"])
        try await realm.write { realm in try realm.delete(realm.object(ofType: Person.self, forPrimaryKey: 1)!) }
        guard case .update(let list, let deletions, let insertions, let modifications)? = await changes.next() else {
            Issue.record("no update after the owner was deleted")
            return
        }
        #expect(deletions == [0, 1, 2])
        #expect(insertions == [])
        #expect(modifications == [])
        #expect(list.isInvalidated)
        #expect(await changes.next() == nil, "the list can never change again: the stream ends")
    }

    @Test("Deleting the owner of an observed empty list reports nothing; of a set or map, every element")
    func deletedOwnersOfOtherCollections() async throws {
        let realm = try await Self.makeRealm()
        let (empty, numbers, scores) = await realm.read { realm in
            let collector = realm.object(ofType: Collector.self, forPrimaryKey: 1)!
            return (
                realm.object(ofType: Person.self, forPrimaryKey: 2)!.dogs.changes(),
                collector.numbers.changes(), collector.scores.changes()
            )
        }
        var emptyChanges = empty.makeAsyncIterator()
        var numberChanges = numbers.makeAsyncIterator()
        var scoreChanges = scores.makeAsyncIterator()
        _ = await emptyChanges.next()
        _ = await numberChanges.next()
        _ = await scoreChanges.next()
        try await realm.write { realm in
            try realm.delete(realm.object(ofType: Person.self, forPrimaryKey: 2)!)
            try realm.delete(realm.object(ofType: Collector.self, forPrimaryKey: 1)!)
        }
        guard case .update(_, let deletions, let insertions, _)? = await numberChanges.next() else {
            Issue.record("no update for the set")
            return
        }
        #expect(deletions == [0, 1, 2])
        #expect(insertions == [])
        guard case .update(_, let keyDeletions, let keyInsertions, _)? = await scoreChanges.next() else {
            Issue.record("no update for the map")
            return
        }
        #expect(keyDeletions == ["a", "b"])
        #expect(keyInsertions == [])
        // The empty list's stream has nothing to report: it ends without an update.
        #expect(await emptyChanges.next() == nil)
    }
}

extension Optional where Wrapped: Sendable {
    /// Whether the optional is nil, for elements that are not `Equatable`.
    fileprivate static func == (lhs: Self, rhs: _OptionalNilComparisonType) -> Bool {
        if case .none = lhs { return true }
        return false
    }
}
