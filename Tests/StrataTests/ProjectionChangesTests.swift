import Foundation
import Strata
import Synchronization
import Testing

// Projection observation, with the facts of realm-swift's RealmSwift/Tests/ProjectionTests.swift
// (testAllPropertyTypesNotifications, testObserveKeyPath, testObserveNestedProjection, testObserveOnActor,
// testObserveComputedChange, testObserveMultipleProjectionsFromOneProperty), on ProjectionPortTests' data set:
//
//   person      last name   address.city     extras.email   extras.phone.mobile.number   friends
//   John        Snow        Winterfell       john@doe.com   555-555-555                  Daenerys
//   Daenerys    Targaryen   King's Landing   (no extras)                                 John
//
// Writes are made through a second realm of the same file (Realm's tests write on another thread so that old
// values are given; Strata gives them for the observing realm's own writes too).

/// Three projected properties reading one root property.
final class PortSimpleTripleProjection: Projection<PortSimple> {
    @Projected(\PortSimple.int) var int1
    @Projected(\PortSimple.int) var int2
    @Projected(\PortSimple.int) var int3
}

/// Every kind of value a projection change reports: renamed values, an optional, an enum, a link, collections.
final class AllTypesChangeProjection: Projection<AllTypes> {
    @Projected(\AllTypes.int) var intValue
    @Projected(\AllTypes.int8) var int8Value
    @Projected(\AllTypes.string) var text
    @Projected(\AllTypes.double) var double
    @Projected(\AllTypes.date) var date
    @Projected(\AllTypes.optionalInt) var optionalInt
    @Projected(\AllTypes.mood) var mood
    @Projected(\AllTypes.link?.name) var dogName
    @Projected(\AllTypes.intList) var intList
    @Projected(\AllTypes.stringSet.count) var setCount
}

@Suite("Projection changes")
struct ProjectionChangesTests {
    /// A projection change as `name: old → new` lines, or what came instead.
    static func text<P>(_ change: ObjectChange<P>?) -> [String] {
        switch change {
        case .change(_, let properties)?:
            return properties.map { "\($0.name): \(describe($0.oldValue)) → \(describe($0.newValue))" }
        case .deleted?: return ["<deleted>"]
        case .error(let error)?: return ["<error \(error)>"]
        case nil: return ["<nothing>"]
        }
    }

    static func describe(_ value: Any?) -> String {
        switch value {
        case nil: return "nil"
        case let list as List<Int>: return "\(Array(list))"
        case let value?: return "\(value)"
        }
    }

    /// The first John projection's stream for `keyPaths`, made in `realm`'s isolation.
    static func johnChanges(
        _ realm: Realm,
        _ keyPaths: [String]? = nil
    ) async -> ChangeStream<ObjectChange<PortPersonProjection>> {
        await realm.read { realm in
            realm.objects(PortPersonProjection.self).filter("lastName == 'Snow'").first!.changes(keyPaths: keyPaths)
        }
    }

    /// Runs `body` on John in a second realm of `realm`'s file.
    static func writeJohn(_ realm: Realm, _ body: @escaping @Sendable (PortPerson) -> Void) async throws {
        let other = try await Realm(configuration: realm.configuration)
        try await other.write { other in body(other.objects(PortPerson.self).filter("lastName == 'Snow'").first!) }
    }

    @Test("string key paths are the root's; each reported property is named for the projection")
    func rootKeyPaths() async throws {
        let realm = try await ProjectionPortTests.makeRealm()
        try await withTimeout {
            let stream = await Self.johnChanges(realm, ["lastName"])
            var changes = stream.makeAsyncIterator()
            try await Self.writeJohn(realm) { $0.firstName = "Jon" }  // not observed
            try await Self.writeJohn(realm) { $0.lastName = "Targaryen" }
            #expect(Self.text(await changes.next()) == ["lastNameCaps: SNOW → TARGARYEN"])
        }
    }

    @Test("a key path through links reports the projected end of it; without key paths every path is observed")
    func nestedKeyPaths() async throws {
        let realm = try await ProjectionPortTests.makeRealm()
        try await withTimeout {
            let mobile = await realm.read { realm in
                realm.objects(PortPersonProjection.self).first!.changes(keyPaths: [\PortPersonProjection.mobile])
            }
            let all = await Self.johnChanges(realm)
            var mobileChanges = mobile.makeAsyncIterator()
            var allChanges = all.makeAsyncIterator()
            try await Self.writeJohn(realm) { $0.extras?.phone?.mobile?.number = "529-345-678" }
            // A link's old value is the object it linked to, read now: the projected old value is the new one.
            let first = Self.text(await mobileChanges.next())
            #expect(first == ["mobile: 529-345-678 → 529-345-678"])
            #expect(
                Self.text(await allChanges.next()) == [
                    "email: john@doe.com → john@doe.com", "mobile: 529-345-678 → 529-345-678",
                ]
            )
            try await Self.writeJohn(realm) { $0.extras?.email = "joe@realm.com" }
            #expect(
                Self.text(await allChanges.next()) == [
                    "email: joe@realm.com → joe@realm.com", "mobile: 529-345-678 → 529-345-678",
                ]
            )
        }
    }

    @Test("a linked object deleted by the write (a replaced embedded object, a deleted link) has nil projected values")
    func deletedLinkedObjects() async throws {
        let realm = try await ProjectionPortTests.makeRealm()
        try await withTimeout {
            let stream = await Self.johnChanges(realm)
            var changes = stream.makeAsyncIterator()
            try await Self.writeJohn(realm) { $0.address = PortAddress(value: ["city": "Dragonstone"]) }
            #expect(Self.text(await changes.next()) == ["homeCity: nil → Dragonstone"])
            try await realm.write { realm in
                try realm.delete(realm.objects(PortPerson.self).filter("lastName == 'Snow'").first!.extras!)
            }
            #expect(Self.text(await changes.next()) == ["email: nil → nil", "mobile: nil → nil"])
        }
    }

    @Test("a computed key path reports its old and new results")
    func computedKeyPath() async throws {
        let realm = try await ProjectionPortTests.makeRealm()
        try await withTimeout {
            let stream = await realm.read { realm in
                realm.objects(PortPersonProjection.self).first!.changes(keyPaths: [\PortPersonProjection.lastNameCaps])
            }
            var changes = stream.makeAsyncIterator()
            try await Self.writeJohn(realm) { $0.lastName = "Ali" }
            #expect(Self.text(await changes.next()) == ["lastNameCaps: SNOW → ALI"])
        }
    }

    @Test("a collection projected with projectTo observes the collection itself, as Realm Swift's key path does")
    func projectedCollection() async throws {
        let realm = try await ProjectionPortTests.makeRealm()
        try await withTimeout {
            let stream = await Self.johnChanges(realm, ["friends"])
            var changes = stream.makeAsyncIterator()
            // The projected path is the list (Realm records `friends`), so a friend's own change is not reported.
            try await Self.writeJohn(realm) { $0.friends.first?.firstName = "Dany" }
            try await Self.writeJohn(realm) { $0.friends.append($0) }
            guard case .change(let projection, let properties)? = await changes.next() else {
                Issue.record("expected a change")
                return
            }
            #expect(properties.map(\.name) == ["firstFriendsName"])
            #expect(properties[0].oldValue == nil)
            #expect((properties[0].newValue as? ProjectedCollection<String>).map(Array.init) == ["Dany", "John"])
            #expect(projection.isFrozen && Array(projection.firstFriendsName) == ["Dany", "John"])
        }
    }

    /// A projected collection's change as `initial [values]` or `update -[d] +[i] ~[m] [values]`.
    static func text(_ change: RealmCollectionChange<ProjectedCollection<String>>?) -> String {
        switch change {
        case .initial(let names)?: return "initial \(Array(names))"
        case .update(let names, let deletions, let insertions, let modifications)?:
            return "update -\(deletions) +\(insertions) ~\(modifications) \(Array(names))"
        case .error(let error)?: return "error \(error)"
        case nil: return "nothing"
        }
    }

    @Test("a projected collection's changes are its list's, with the projected values of each frozen payload")
    func projectedCollectionChanges() async throws {
        let realm = try await ProjectionPortTests.makeRealm()
        try await withTimeout {
            let (all, lastNames) = await realm.read { realm in
                let names = realm.objects(PortPersonProjection.self).filter("lastName == 'Snow'").first!
                    .firstFriendsName
                return (names.changes(), names.changes(keyPaths: ["lastName"]))
            }
            var allChanges = all.makeAsyncIterator()
            var lastNameChanges = lastNames.makeAsyncIterator()
            #expect(Self.text(await allChanges.next()) == "initial [\"Daenerys\"]")
            #expect(Self.text(await lastNameChanges.next()) == "initial [\"Daenerys\"]")
            try await Self.writeJohn(realm) { $0.friends.append($0) }
            // Without key paths a change reached through links counts: Daenerys's friend John changed his list.
            #expect(Self.text(await allChanges.next()) == "update -[] +[1] ~[0] [\"Daenerys\", \"John\"]")
            #expect(Self.text(await lastNameChanges.next()) == "update -[] +[1] ~[] [\"Daenerys\", \"John\"]")
            try await Self.writeJohn(realm) { $0.friends[0].firstName = "Dany" }
            #expect(Self.text(await allChanges.next()) == "update -[] +[] ~[0, 1] [\"Dany\", \"John\"]")
            try await Self.writeJohn(realm) { $0.friends[0].lastName = "T" }
            #expect(Self.text(await lastNameChanges.next()) == "update -[] +[] ~[0] [\"Dany\", \"John\"]")
        }
    }

    @Test("several projected properties of one root property are all reported, in declaration order")
    func manyFromOneProperty() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([PortSimple.self]))
        try await withTimeout {
            try await realm.write { realm in _ = try realm.create(PortSimple.self, value: [1, false]) }
            let changes = await realm.read { realm in realm.objects(PortSimpleTripleProjection.self).first!.changes() }
            var iterator = changes.makeAsyncIterator()
            try await realm.write { realm in realm.objects(PortSimple.self).first!.bool = true }  // not projected
            try await realm.write { realm in realm.objects(PortSimple.self).first!.int = 2 }
            #expect(Self.text(await iterator.next()) == ["int1: 1 → 2", "int2: 1 → 2", "int3: 1 → 2"])
        }
    }

    @Test("each kind of value: only the written property is reported, with its projected old and new values")
    func everyKindOfValue() async throws {
        typealias Case = (keyPath: String, write: @Sendable (AllTypes) -> Void, expected: String)
        let cases: [Case] = [
            ("int", { $0.int = 7 }, "intValue: 0 → 7"),
            ("string", { $0.string = "b" }, "text: a → b"),
            ("double", { $0.double = 2.5 }, "double: 0.0 → 2.5"),
            (
                "date", { $0.date = Date(timeIntervalSince1970: 60) },
                "date: 1970-01-01 00:00:00 +0000 → 1970-01-01 00:01:00 +0000"
            ),
            ("optionalInt", { $0.optionalInt = 3 }, "optionalInt: nil → 3"),
            ("optionalInt", { $0.optionalInt = nil }, "optionalInt: 5 → nil"),
            ("mood", { $0.mood = .grumpy }, "mood: happy → grumpy"),
            ("link.name", { $0.link?.name = "Max" }, "dogName: Max → Max"),
            ("intList", { $0.intList.append(4) }, "intList: nil → [1, 4]"),
            ("stringSet", { $0.stringSet.insert("y") }, "setCount: nil → 2"),
        ]
        for (index, testCase) in cases.enumerated() {
            let (keyPath, write, expected) = testCase
            let realm = try await Realm(configuration: memoryConfiguration([AllTypes.self, Dog.self, Person.self]))
            try await realm.write { realm in
                let object = try realm.create(
                    AllTypes.self,
                    value: ["id": ObjectId.generate(), "string": "a", "optionalInt": index == 5 ? 5 : nil]
                )
                object.link = Dog(value: ["name": "Rex"])
                object.intList.append(1)
                object.stringSet.insert("x")
            }
            try await withTimeout {
                let stream = await realm.read { realm in
                    realm.objects(AllTypesChangeProjection.self).first!.changes(keyPaths: [keyPath])
                }
                var changes = stream.makeAsyncIterator()
                try await realm.write { realm in
                    let object = realm.objects(AllTypes.self).first!
                    object.int8 = 5  // another property, not reported
                    write(object)
                }
                let got = Self.text(await changes.next())
                #expect(got == [expected], "case \(index)")
            }
        }
    }

    @Test("observe(keyPaths:on:) on an actor, with string and Swift key paths; a deletion ends the stream")
    func actorBlocksAndDeletion() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([PortSimple.self]))
        try await realm.write { realm in _ = try realm.create(PortSimple.self) }
        let seen = Mutex<[String]>([])
        let tokens = await realm.read { realm in
            let projection = realm.objects(PortSimpleProjection.self).first!
            let block: @Sendable (isolated Recorder, ObjectChange<PortSimpleProjection>) -> Void = { _, change in
                seen.withLock { $0 += ProjectionChangesTests.text(change) }
            }
            return [
                projection.observe(keyPaths: ["int"], on: Recorder.shared, block),
                projection.observe(keyPaths: [\PortSimpleProjection.int], on: Recorder.shared, block),
            ]
        }
        try await realm.write { realm in realm.objects(PortSimple.self).first!.bool = true }
        try await realm.write { realm in realm.objects(PortSimple.self).first!.int = 1 }
        try await waitUntil { seen.withLock { $0.count } == 2 }
        try await realm.write { realm in try realm.delete(realm.objects(PortSimple.self)) }
        try await waitUntil { seen.withLock { $0.count } == 4 }
        #expect(seen.withLock { $0 } == ["int: 0 → 1", "int: 0 → 1", "<deleted>", "<deleted>"])
        for token in tokens { token.invalidate() }
    }
}

/// The actor the observation blocks above run on.
private actor Recorder {
    static let shared = Recorder()
}

/// Polls `condition` every 2 ms for up to 10 s; records an issue if it never holds.
private func waitUntil(_ condition: @Sendable () -> Bool, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
{
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("condition not met in 10 s", sourceLocation: sourceLocation)
            return
        }
        try await Task.sleep(for: .milliseconds(2))
    }
}
