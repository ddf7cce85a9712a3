import Foundation
import StrataCore
import Synchronization
import Testing

@testable import Strata

// What object, collection and map observers report, checked against Realm Swift's and realm-core's own tests:
// object observation is shallow without key paths (RealmSwift/Object.swift, realm-core object.cpp "callbacks on
// linked objects"); key paths through LinkingObjects trigger (ObjectTests `testBacklinkPropertyKeyPathNotifications1`
// to `5`, MapTests `testObserveKeyPathBacklink`, object.cpp "keypath filter with a backlink"); a self-assignment is
// a change (the doc comment of `Object.observe`); an empty key-path list observes everything
// (`RLMClassInfo::keyPathArrayFromStringArray`); a list's values are nil and a link's old value is the object it
// linked to (`RLMObjectBase.mm` `readValues`); `write(withoutNotifying:)` and `commitWrite(withoutNotifying:)` skip
// the blocks of the tokens given, whose next change starts after the skipped commit (RealmTests
// `testWriteWithoutNotifying`, RealmCollectionTypeTests `testObserve`, realm-core `CollectionNotifier::add_changes`).
//
// Every write below is made by the observing realm, so its observers have their element (or nothing) when the
// write returns: a missing element is found by a short wait, and a stream read with `next()` runs under a timeout
// that cancels it (its `next()` then returns nil) instead of hanging the test.
//
// The data set (in memory), unless a test says otherwise:
//
//     Person 1 "Ada"   dogs: [Rex]   bestFriend: Person 2 "Bob"
//     Person 2 "Bob"   dogs: []
//     Dog "Rex" (age 3): owners = [Ada]
//     NotifyKennel: dogs = ["rex": Rex]

/// An object holding a map of dogs, for map observers with key paths through the dogs' LinkingObjects.
final class NotifyKennel: Object {
    @Persisted var dogs: Map<String, Dog?>
}

@Suite("Notification semantics")
struct NotificationSemanticsTests {
    static func makeRealm() async throws -> Realm {
        let realm = try await Realm(
            configuration: memoryConfiguration([Person.self, Dog.self, AllTypes.self, NotifyKennel.self])
        )
        try await realm.write { realm in
            let ada = try realm.create(Person.self, value: ["id": 1, "name": "Ada"])
            let rex = Dog(value: ["name": "Rex", "age": 3])
            ada.dogs.append(rex)
            ada.bestFriend = try realm.create(Person.self, value: ["id": 2, "name": "Bob"])
            let kennel = try realm.create(NotifyKennel.self)
            kennel.dogs["rex"] = rex
        }
        return realm
    }

    /// The names of an object change's properties, or what it was instead.
    static func names<T>(_ change: ObjectChange<T>?) -> [String] {
        switch change {
        case .change(_, let properties)?: return properties.map(\.name)
        case .deleted?: return ["<deleted>"]
        case .error(let error)?: return ["<error \(error)>"]
        case nil: return ["<nothing>"]
        }
    }

    /// A collection change as text: `initial 2`, or `update -[deletions] +[insertions] ~[modifications]`.
    static func text<C: RealmCollection>(_ change: RealmCollectionChange<C>?) -> String {
        switch change {
        case .initial(let collection)?: return "initial \(collection.count)"
        case .update(_, let deletions, let insertions, let modifications)?:
            return "update -\(deletions) +\(insertions) ~\(modifications)"
        case .error(let error)?: return "error \(error)"
        case nil: return "nothing"
        }
    }

    // MARK: Shallow object observation

    @Test("object observation without key paths ignores changes to linked objects; with key paths it follows them")
    func objectObservationIsShallow() async throws {
        let realm = try await Self.makeRealm()
        try await withTimeout {
            let (shallow, deep) = await realm.read { realm in
                let ada = realm.object(ofType: Person.self, forPrimaryKey: 1)!
                return (ada.changes(), ada.changes(keyPaths: ["dogs.age", "bestFriend.name"]))
            }
            var shallowChanges = shallow.makeAsyncIterator()
            var deepChanges = deep.makeAsyncIterator()
            try await realm.write { realm in
                realm.objects(Dog.self).first!.age = 4
                realm.object(ofType: Person.self, forPrimaryKey: 2)!.name = "Robert"
            }
            #expect(Self.names(await deepChanges.next()) == ["dogs", "bestFriend"])
            try await realm.write { realm in realm.object(ofType: Person.self, forPrimaryKey: 1)!.name = "Ada L" }
            #expect(Self.names(await shallowChanges.next()) == ["name"])
        }
    }

    @Test("a key path through a linked object the commits did not touch still reaches the change past it")
    func keyPathsPastUntouchedObjects() async throws {
        // person → extras (not written) → phone (not written) → mobile (embedded; its number is written)
        let realm = try await ProjectionPortTests.makeRealm()
        try await withTimeout {
            let (object, collection, plain) = await realm.read { realm in
                let people = realm.objects(PortPerson.self).filter("lastName == 'Snow'")
                return (
                    people.first!.changes(keyPaths: ["extras.phone.mobile.number"]),
                    people.changes(keyPaths: ["extras.phone.mobile.number"]), people.changes()
                )
            }
            var objectChanges = object.makeAsyncIterator()
            var collectionChanges = collection.makeAsyncIterator()
            var plainChanges = plain.makeAsyncIterator()
            #expect(Self.text(await collectionChanges.next()) == "initial 1")
            #expect(Self.text(await plainChanges.next()) == "initial 1")
            try await realm.write { realm in
                realm.objects(PortPerson.self).filter("lastName == 'Snow'").first!.extras?.phone?.mobile?.number = "1"
            }
            #expect(Self.names(await objectChanges.next()) == ["extras"])
            #expect(Self.text(await collectionChanges.next()) == "update -[] +[] ~[0]")
            // Without key paths a collection follows links up to four deep: mobile is three.
            #expect(Self.text(await plainChanges.next()) == "update -[] +[] ~[0]")
        }
    }

    @Test("a key path ending at LinkingObjects behind a link: a new or deleted owner modifies the objects reaching it")
    func keyPathEndingAtLinkingObjects() async throws {
        // Ada → dogs → Rex → owners: Rex's owners change when another person starts or stops owning him.
        let realm = try await Self.makeRealm()
        try await withTimeout {
            let stream = await realm.read { realm in realm.objects(Person.self).changes(keyPaths: ["dogs.owners"]) }
            var changes = stream.makeAsyncIterator()
            #expect(Self.text(await changes.next()) == "initial 2")
            try await realm.write { realm in
                let rex = realm.objects(Dog.self).first!
                let carol = try realm.create(Person.self, value: ["id": 3, "name": "Carol"])
                carol.dogs.append(rex)
                realm.object(ofType: Person.self, forPrimaryKey: 2)!.name = "Robert"  // not on the key path
            }
            #expect(Self.text(await changes.next()) == "update -[] +[2] ~[0]")
            try await realm.write { realm in try realm.delete(realm.object(ofType: Person.self, forPrimaryKey: 3)!) }
            #expect(Self.text(await changes.next()) == "update -[2] +[] ~[0]")
        }
    }

    // MARK: Key paths through LinkingObjects

    @Test("an object's key paths through LinkingObjects: a renamed owner, a new owner, an owner that leaves")
    func objectBacklinkKeyPaths() async throws {
        let realm = try await Self.makeRealm()
        try await withTimeout {
            let (ownerNames, owners, plain, quiet) = await realm.read { realm in
                let rex = realm.objects(Dog.self).first!
                return (
                    rex.changes(keyPaths: ["owners.name"]), rex.changes(keyPaths: ["owners"]), rex.changes(),
                    rex.changes(keyPaths: ["owners"])
                )
            }
            var ownerNameChanges = ownerNames.makeAsyncIterator()
            var ownerChanges = owners.makeAsyncIterator()
            var plainChanges = plain.makeAsyncIterator()

            // An owner's new name: "owners.name" fires, "owners" does not (testBacklinkPropertyKeyPathNotifications2/3).
            try await realm.write { realm in realm.object(ofType: Person.self, forPrimaryKey: 1)!.name = "Ada L" }
            #expect(Self.names(await firstElement(of: quiet, within: 0.3)) == ["<nothing>"])
            guard case .change(_, let renamed)? = await ownerNameChanges.next() else {
                Issue.record("owners.name: nothing for a renamed owner")
                return
            }
            #expect(renamed.map(\.name) == ["owners"])
            #expect(renamed.first?.oldValue == nil)
            #expect((renamed.first?.newValue as? LinkingObjects<Person>)?.map(\.name) == ["Ada L"])

            // A new owner: both fire (testBacklinkPropertyKeyPathNotifications4/5); the observer without key paths
            // does not report LinkingObjects (realm-core reports backlinks only along key paths).
            try await realm.write { realm in
                let bob = realm.object(ofType: Person.self, forPrimaryKey: 2)!
                bob.dogs.append(realm.objects(Dog.self).first!)
            }
            #expect(Self.names(await ownerChanges.next()) == ["owners"])
            #expect(Self.names(await ownerNameChanges.next()) == ["owners"])
            // The dog's own change: "owners" does not fire (testBacklinkPropertyKeyPathNotifications1).
            let quietAgain = await realm.read { realm in
                realm.objects(Dog.self).first!.changes(keyPaths: ["owners"])
            }
            try await realm.write { realm in realm.objects(Dog.self).first!.name = "Rex II" }
            #expect(Self.names(await plainChanges.next()) == ["name"])
            #expect(Self.names(await firstElement(of: quietAgain, within: 0.3)) == ["<nothing>"])

            // An owner that stops linking changes the set of owners too.
            try await realm.write { realm in realm.object(ofType: Person.self, forPrimaryKey: 2)!.dogs.removeAll() }
            guard case .change(let rex, let left)? = await ownerChanges.next() else {
                Issue.record("owners: nothing for an owner that left")
                return
            }
            #expect(left.map(\.name) == ["owners"])
            #expect(rex.owners.map(\.id) == [1])
        }
    }

    @Test("a collection's key paths through LinkingObjects make the linked-to objects modified")
    func collectionBacklinkKeyPaths() async throws {
        let realm = try await Self.makeRealm()
        try await withTimeout {
            let stream = await realm.read { realm in
                realm.objects(Dog.self).sorted(byKeyPath: "name").changes(keyPaths: ["owners.name"])
            }
            var changes = stream.makeAsyncIterator()
            #expect(Self.text(await changes.next()) == "initial 1")
            try await realm.write { realm in realm.object(ofType: Person.self, forPrimaryKey: 1)!.name = "Ada L" }
            #expect(Self.text(await changes.next()) == "update -[] +[] ~[0]")
            try await realm.write { realm in
                let bob = realm.object(ofType: Person.self, forPrimaryKey: 2)!
                bob.dogs.append(realm.objects(Dog.self).first!)
                try realm.add(Dog(value: ["name": "Sentinel"]))
            }
            #expect(Self.text(await changes.next()) == "update -[] +[1] ~[0]")
        }
    }

    @Test("a map's key paths through LinkingObjects make a key modified (MapTests testObserveKeyPathBacklink)")
    func mapBacklinkKeyPaths() async throws {
        let realm = try await Self.makeRealm()
        try await withTimeout {
            let stream = await realm.read { realm in
                realm.objects(NotifyKennel.self).first!.dogs.changes(keyPaths: ["owners.name"])
            }
            var changes = stream.makeAsyncIterator()
            guard case .initial(let initial)? = await changes.next() else {
                Issue.record("no initial")
                return
            }
            #expect(initial["rex"]??.owners.first?.name == "Ada")
            try await realm.write { realm in realm.object(ofType: Person.self, forPrimaryKey: 1)!.name = "Curley" }
            guard case .update(_, let deletions, let insertions, let modifications)? = await changes.next() else {
                Issue.record("no update for a renamed owner")
                return
            }
            #expect(deletions.isEmpty && insertions.isEmpty)
            #expect(modifications == ["rex"])
        }
    }

    // MARK: Self-assignment

    @Test("assigning a property its current value notifies the object's observers, with and without key paths")
    func selfAssignmentNotifies() async throws {
        let realm = try await Self.makeRealm()
        try await withTimeout {
            let (all, named, aged) = await realm.read { realm in
                let ada = realm.object(ofType: Person.self, forPrimaryKey: 1)!
                return (ada.changes(), ada.changes(keyPaths: ["name"]), ada.changes(keyPaths: ["age"]))
            }
            var allChanges = all.makeAsyncIterator()
            var namedChanges = named.makeAsyncIterator()
            try await realm.write { realm in
                let ada = realm.object(ofType: Person.self, forPrimaryKey: 1)!
                ada.name = ada.name
            }
            guard case .change(_, let properties)? = await allChanges.next() else {
                Issue.record("no change for a self-assignment")
                return
            }
            #expect(properties.map(\.name) == ["name"])
            #expect(properties.first?.oldValue as? String == "Ada" && properties.first?.newValue as? String == "Ada")
            #expect(Self.names(await namedChanges.next()) == ["name"])
            #expect(Self.names(await firstElement(of: aged, within: 0.3)) == ["<nothing>"])
        }
    }

    // MARK: Empty key-path lists

    @Test("an empty key-path list observes every property: objects, collections and maps")
    func emptyKeyPathsMeanAll() async throws {
        let realm = try await Self.makeRealm()
        try await withTimeout {
            let (object, typed, people, kennel) = await realm.read { realm in
                let ada = realm.object(ofType: Person.self, forPrimaryKey: 1)!
                return (
                    ada.changes(keyPaths: [String]()), ada.changes(keyPaths: [PartialKeyPath<Person>]()),
                    realm.objects(Person.self).sorted(byKeyPath: "id").changes(keyPaths: []),
                    realm.objects(NotifyKennel.self).first!.dogs.changes(keyPaths: [])
                )
            }
            var objectChanges = object.makeAsyncIterator()
            var typedChanges = typed.makeAsyncIterator()
            var peopleChanges = people.makeAsyncIterator()
            var kennelChanges = kennel.makeAsyncIterator()
            #expect(Self.text(await peopleChanges.next()) == "initial 2")
            guard case .initial? = await kennelChanges.next() else {
                Issue.record("no initial map")
                return
            }
            try await realm.write { realm in
                realm.object(ofType: Person.self, forPrimaryKey: 2)!.age = 40
                realm.objects(Dog.self).first!.age = 5
            }
            // Person 1 is modified through its dog (a collection observes links without key paths), Person 2 itself.
            #expect(Self.text(await peopleChanges.next()) == "update -[] +[] ~[0, 1]")
            guard case .update(_, _, _, let modifications)? = await kennelChanges.next() else {
                Issue.record("no map update")
                return
            }
            #expect(modifications == ["rex"])
            try await realm.write { realm in realm.object(ofType: Person.self, forPrimaryKey: 1)!.name = "Ada L" }
            #expect(Self.names(await objectChanges.next()) == ["name"])
            #expect(Self.names(await typedChanges.next()) == ["name"])
        }
    }

    // MARK: Old and new values

    @Test("a list property's change has nil old and new values, as Realm Swift's")
    func listValuesAreNil() async throws {
        let realm = try await Self.makeRealm()
        try await withTimeout {
            let stream = await realm.read { realm in realm.object(ofType: Person.self, forPrimaryKey: 1)!.changes() }
            var changes = stream.makeAsyncIterator()
            try await realm.write { realm in
                realm.object(ofType: Person.self, forPrimaryKey: 1)!.dogs.append(Dog(value: ["name": "Pup"]))
            }
            guard case .change(let ada, let properties)? = await changes.next() else {
                Issue.record("no change")
                return
            }
            #expect(properties.map(\.name) == ["dogs"])
            #expect(properties.first?.oldValue == nil && properties.first?.newValue == nil)
            #expect(ada.dogs.map(\.name) == ["Rex", "Pup"])
        }
    }

    @Test("a link's old value is the object it linked to, invalidated once that object is deleted")
    func linkOldValueIsThePreviousObject() async throws {
        let realm = try await Self.makeRealm()
        try await withTimeout {
            let stream = await realm.read { realm in realm.object(ofType: Person.self, forPrimaryKey: 1)!.changes() }
            var changes = stream.makeAsyncIterator()
            try await realm.write { realm in
                let ada = realm.object(ofType: Person.self, forPrimaryKey: 1)!
                ada.bestFriend = try realm.create(Person.self, value: ["id": 3, "name": "Cy"])
            }
            guard case .change(_, let reassigned)? = await changes.next() else {
                Issue.record("no change for a new best friend")
                return
            }
            #expect(reassigned.map(\.name) == ["bestFriend"])
            let old = reassigned.first?.oldValue as? Person
            #expect(old?.id == 2 && old?.name == "Bob" && old?.isFrozen == true)
            #expect((reassigned.first?.newValue as? Person)?.id == 3)

            try await realm.write { realm in try realm.delete(realm.object(ofType: Person.self, forPrimaryKey: 3)!) }
            guard case .change(_, let nullified)? = await changes.next() else {
                Issue.record("no change for a deleted best friend")
                return
            }
            #expect(nullified.map(\.name) == ["bestFriend"])
            #expect((nullified.first?.oldValue as? Person)?.isInvalidated == true)
            #expect(nullified.first?.newValue == nil)
        }
    }
}

extension NotificationSemanticsTests {
    // MARK: Skipping observers

    /// Deletes every dog (an `isolated Realm` helper, so that a transaction begun with `beginWrite()` can be used).
    static func deleteDogs(_ realm: isolated Realm) throws { try realm.delete(realm.objects(Dog.self)) }

    @Test("write(withoutNotifying:) does not call a skipped realm observer (RealmTests testWriteWithoutNotifying)")
    func writeWithoutNotifyingRealmObserver() async throws {
        let realm = try await Self.makeRealm()
        let events = Mailbag<Realm.Notification>()
        let token = await realm.observe { event, _ in events.post(event) }
        try await realm.write(withoutNotifying: [token]) { realm in try realm.deleteAll() }
        #expect(await events.next(within: 0.3) == nil)
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Ace"])) }
        #expect(await events.next() == .didChange)
        #expect(await events.next(within: 0.3) == nil)
        token.invalidate()
    }

    @Test("commitWrite(withoutNotifying:) skips one collection observer, whose next change starts after the commit")
    func commitWriteWithoutNotifyingCollectionObserver() async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Ace"])) }
        let (skipped, notified) = (Mailbag<String>(), Mailbag<String>())
        let (skippedToken, notifiedToken) = await realm.read { realm in
            let dogs = realm.objects(Dog.self).sorted(byKeyPath: "name")
            return (dogs.observe { skipped.post(Self.text($0)) }, dogs.observe { notified.post(Self.text($0)) })
        }
        #expect(await skipped.next() == "initial 2")
        #expect(await notified.next() == "initial 2")
        try await realm.beginWrite()
        try await Self.deleteDogs(realm)
        try await realm.commitWrite(withoutNotifying: [skippedToken])
        #expect(await notified.next() == "update -[0, 1] +[] ~[]")
        #expect(await skipped.next(within: 0.3) == nil)
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Zed"])) }
        #expect(await skipped.next() == "update -[] +[0] ~[]")
        #expect(await notified.next() == "update -[] +[0] ~[]")
        skippedToken.invalidate()
        notifiedToken.invalidate()
    }

    @Test("a skipped object observer hears of the next write alone")
    func writeWithoutNotifyingObjectObserver() async throws {
        let realm = try await Self.makeRealm()
        let changes = Mailbag<[String]>()
        let token = await realm.read { realm in
            realm.object(ofType: Person.self, forPrimaryKey: 1)!.observe { changes.post(Self.names($0)) }
        }
        try await realm.write(withoutNotifying: [token]) { realm in
            realm.object(ofType: Person.self, forPrimaryKey: 1)!.name = "Ada L"
        }
        try await realm.write { realm in realm.object(ofType: Person.self, forPrimaryKey: 1)!.age = 40 }
        #expect(await changes.next() == ["age"])
        #expect(await changes.next(within: 0.3) == nil)
        token.invalidate()
    }

    @Test("write(withoutNotifying:) first delivers what another realm committed, then skips its own change")
    func writeWithoutNotifyingDeliversOthersFirst() async throws {
        let realm = try await Self.makeRealm()
        let other = try await Realm(configuration: realm.configuration)
        await realm.read { realm in realm.autorefresh = false }
        let changes = Mailbag<String>()
        let token = await realm.read { realm in
            realm.objects(Dog.self).sorted(byKeyPath: "name").observe { changes.post(Self.text($0)) }
        }
        #expect(await changes.next() == "initial 1")
        try await other.write { realm in try realm.add(Dog(value: ["name": "Ace"])) }
        try await realm.write(withoutNotifying: [token]) { realm in
            try realm.delete(realm.objects(Dog.self).where { $0.name == "Rex" })
        }
        #expect(await changes.next() == "update -[] +[0] ~[]")
        #expect(await changes.next(within: 0.3) == nil)
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Zed"])) }
        #expect(await changes.next() == "update -[] +[1] ~[]")
        token.invalidate()
        await other.close()
    }

    @Test("a token of another realm is an error, before anything is written; an invalidated token is ignored")
    func tokensOfAnotherRealm() async throws {
        let realm = try await Self.makeRealm()
        let sameFile = try await Realm(configuration: realm.configuration)
        let foreign = await sameFile.observe { _, _ in }
        let message = "Incorrect Realm: only notifications for the Realm being modified can be skipped."
        await expectError(RealmError.wrongRealm(message)) {
            try await realm.write(withoutNotifying: [foreign]) { realm in try realm.add(Dog(value: ["name": "No"])) }
        }
        #expect(await realm.read { realm in realm.objects(Dog.self).count } == 1)
        try await realm.beginWrite()
        await expectError(RealmError.wrongRealm(message)) { try await realm.commitWrite(withoutNotifying: [foreign]) }
        #expect(await realm.isInWriteTransaction)
        await realm.cancelWrite()
        foreign.invalidate()
        await foreign.finished()
        try await realm.write(withoutNotifying: [foreign]) { realm in try realm.add(Dog(value: ["name": "Yes"])) }
        #expect(await realm.read { realm in realm.objects(Dog.self).count } == 2)
        await sameFile.close()
    }

    @Test("a skipped commit seals the element waiting to be taken; the next element starts after the commit")
    func skippedCommitSealsPendingElement() async throws {
        /// Delivers snapshot `version` to `mailbox` as a realm does: each element names its base and its version.
        @Sendable func deliver(_ mailbox: ChangeMailbox<String>, _ version: Version, last: Bool = false) {
            mailbox.arrive(at: version)
            mailbox.publish(version, version: version, last: last) { base in
                "\(base.map(String.init) ?? "start")→\(version)"
            }
            mailbox.depart()
        }
        try await withTimeout {
            let mailbox = ChangeMailbox<String>()
            deliver(mailbox, 1)
            mailbox.skipCommit(from: 1, to: 2)
            deliver(mailbox, 2)
            deliver(mailbox, 3)
            #expect(await mailbox.take() == "start→1")
            #expect(await mailbox.take() == "2→3")

            // Reaching the skipped version from another one (other commits came between) delivers as usual.
            let late = ChangeMailbox<String>()
            deliver(late, 1)
            #expect(await late.take() == "start→1")
            late.skipCommit(from: 2, to: 3)
            deliver(late, 3)
            #expect(await late.take() == "1→3")

            // A skipped commit that ends the stream (an object's deletion) ends it after the sealed element.
            let ending = ChangeMailbox<String>()
            deliver(ending, 1)
            ending.skipCommit(from: 1, to: 2)
            deliver(ending, 2, last: true)
            #expect(await ending.take() == "start→1")
            #expect(await ending.take() == nil)
        }
    }
}

/// What observer blocks posted, taken in order.
private final class Mailbag<Element: Sendable>: Sendable {
    private let items = Mutex<[Element]>([])

    func post(_ element: Element) { items.withLock { $0.append(element) } }

    /// The next element posted, or nil when none comes within `seconds`.
    func next(within seconds: Double = 60) async -> Element? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while true {
            if let item = items.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { return item }
            guard ContinuousClock.now < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(2))
        }
    }
}

/// Runs `body`, cancelling it after `seconds`: a stream's `next()` then returns nil, so a notification that never
/// comes fails the test instead of hanging it.
func withTimeout(
    _ seconds: Double = 180,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () async throws -> Void
) async throws {
    let timedOut = try await withThrowingTaskGroup(of: Bool.self) { group in
        group.addTask {
            try await body()
            return false
        }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            return true
        }
        defer { group.cancelAll() }
        return try await group.next() ?? true
    }
    if timedOut { Issue.record("timed out after \(seconds) s", sourceLocation: sourceLocation) }
}

/// The first element of `stream`, or nil when none comes within `seconds` (the iteration, and with it the
/// observation, then ends).
private func firstElement<Element: Sendable>(of stream: ChangeStream<Element>, within seconds: Double) async
    -> Element?
{
    await withTaskGroup(of: Element?.self) { group in
        group.addTask {
            var iterator = stream.makeAsyncIterator()
            return await iterator.next()
        }
        group.addTask {
            try? await Task.sleep(for: .seconds(seconds))
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
