import Foundation
import Strata
import Testing

// realm-swift's `Realm/Tests/SetPropertyTests.m`: testNotificationSentAfterCommit, testNotificationNotSentForUnrelated-
// Change, testNotificationSentOnlyForActualRefresh, testDeletingObjectWithNotificationsRegistered, testIsFrozen,
// testQueryFrozenSet and testFrozenSetsDoNotUpdate. Realm writes from a background thread; here a second realm actor on
// the same file writes where the test needs another writer, and the observing realm itself writes otherwise. Realm's
// test checks only that a change arrives; the change indices asserted here are Strata's documented ones (deletions
// and modifications in old indices, insertions in new ones).

/// A set change as text: `initial <count>`, or `update <count> -[deleted] +[inserted] ~[modified]`.
func dptSetChangeText<C: RealmCollection>(_ change: RealmCollectionChange<C>) -> String {
    switch change {
    case .initial(let set): "initial \(set.count)"
    case .update(let set, let deletions, let insertions, let modifications):
        "update \(set.count) -\(deletions) +\(insertions) ~\(modifications)"
    case .error(let error): "error \(error)"
    }
}

extension SetPropertyPortTests {
    /// A realm with one `DPTSetOwner` whose `intSet` holds intCol 0 and 1, and whose `set` is empty.
    static func makeObservedRealm() async throws -> Realm {
        let realm = try await makeDPTRealm()
        try await realm.write { realm in
            _ = try realm.create(DPTSetOwner.self, value: ["", [], [[0], [1]]])
        }
        return realm
    }

    /// Observes the first owner's `set`, posting each change as `dptSetChangeText` gives it.
    static func observeSet(_ realm: Realm, into bag: MPTMailbag) async -> NotificationToken {
        await realm.read { realm in
            realm.objects(DPTSetOwner.self).first!.set.observe { bag.post(dptSetChangeText($0)) }
        }
    }

    @Test("an insertion made by another realm is reported at its index (testNotificationSentAfterCommit)")
    func notifiedAfterCommit() async throws {
        let realm = try await Self.makeObservedRealm()
        let other = try await Realm(configuration: realm.configuration)
        let bag = MPTMailbag()
        let token = await Self.observeSet(realm, into: bag)
        #expect(await bag.next() == "initial 0")
        try await other.write { realm in realm.objects(DPTSetOwner.self).first!.set.insert(MPTString()) }
        #expect(await bag.next() == "update 1 -[] +[0] ~[]")
        token.invalidate()
        await other.close()
    }

    @Test("a write that leaves the set alone notifies nothing (testNotificationNotSentForUnrelatedChange)")
    func unrelatedChangeNotifiesNothing() async throws {
        let realm = try await Self.makeObservedRealm()
        let bag = MPTMailbag()
        let token = await realm.read { realm in
            realm.objects(DPTSetOwner.self).first!.intSet.observe { bag.post(dptSetChangeText($0)) }
        }
        #expect(await bag.next() == "initial 2")
        try await realm.write { realm in _ = try realm.create(DPTSetOwner.self, value: ["", [], []]) }
        #expect(await bag.next(within: 0.3) == nil)
        token.invalidate()
    }

    @Test("with autorefresh off, another realm's write is reported only on refresh (testNotificationSentOnlyFor…)")
    func notifiedOnlyOnRefresh() async throws {
        let realm = try await Self.makeObservedRealm()
        let other = try await Realm(configuration: realm.configuration)
        await realm.read { realm in realm.autorefresh = false }
        let bag = MPTMailbag()
        let token = await Self.observeSet(realm, into: bag)
        #expect(await bag.next() == "initial 0")
        try await other.write { realm in realm.objects(DPTSetOwner.self).first!.set.insert(MPTString()) }
        #expect(await bag.next(within: 0.3) == nil)
        await realm.refresh()
        #expect(await bag.next() == "update 1 -[] +[0] ~[]")
        token.invalidate()
        await other.close()
    }

    @Test("deleting the owner of an observed set reports no error (testDeletingObjectWithNotificationsRegistered)")
    func deletingObservedOwner() async throws {
        let realm = try await Self.makeObservedRealm()
        let bag = MPTMailbag()
        // The set in a change after its owner is deleted is invalidated, so only the kind of change is read.
        let token = await realm.read { realm in
            realm.objects(DPTSetOwner.self).first!.intSet.observe { change in
                switch change {
                case .initial: bag.post("initial")
                case .update(_, let deletions, let insertions, let modifications):
                    bag.post("update -\(deletions) +\(insertions) ~\(modifications)")
                case .error(let error): bag.post("error \(error)")
                }
            }
        }
        #expect(await bag.next() == "initial")
        try await realm.write { realm in try realm.delete(realm.objects(DPTSetOwner.self)) }
        let next = await bag.next(within: 0.5)
        #expect(next?.hasPrefix("error") != true, "\(next ?? "nothing")")
        token.invalidate()
    }

    @Test("a frozen set is frozen, is queried, and keeps its members after a removal (testQueryFrozenSet, …)")
    func frozenSet() async throws {
        let realm = try await Self.makeObservedRealm()
        let frozen = try await realm.read { realm in try realm.objects(DPTSetOwner.self).first!.intSet.freeze() }
        let live = await realm.read { realm in realm.objects(DPTSetOwner.self).first!.intSet.isFrozen }
        #expect(frozen.isFrozen && !live)
        try await realm.write { realm in
            let set = realm.objects(DPTSetOwner.self).first!.intSet
            set.remove(set[0])
        }
        let seen = await Task.detached { (frozen.count, frozen.filter("intCol > 0").map(\.intCol)) }.value
        #expect(seen.0 == 2 && seen.1 == [1])
    }
}
