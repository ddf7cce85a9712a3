import Foundation
import Strata
import Testing

// realm-swift's `Realm/Tests/DictionaryPropertyTests.m`: testNotificationNotSentForUnrelatedChange,
// testNotificationSentOnlyForActualRefresh, testDeletingObjectWithNotificationsRegistered, testIsFrozen and
// testQueryFrozenDictionary. Realm writes from a background thread; here a second realm actor on the same file
// writes where the test needs another writer, and the observing realm itself writes otherwise.

extension DictionaryPropertyPortTests {
    /// A realm with one `DPTDictionaries` whose `intObjDictionary` holds "0" (intCol 0) and "1" (intCol 1).
    static func makeObservedRealm() async throws -> Realm {
        let realm = try await makeDPTRealm()
        try await realm.write { realm in
            _ = try realm.create(DPTDictionaries.self, value: ["intObjDictionary": ["0": [0], "1": [1]]])
        }
        return realm
    }

    /// Observes the first owner's `intObjDictionary`, posting each change as `mptChangeText` gives it.
    static func observeMap(_ realm: Realm, into bag: MPTMailbag) async -> NotificationToken {
        await realm.read { realm in
            realm.objects(DPTDictionaries.self).first!.intObjDictionary.observe { bag.post(mptChangeText($0)) }
        }
    }

    @Test("a write that leaves the map alone notifies nothing (testNotificationNotSentForUnrelatedChange)")
    func unrelatedChangeNotifiesNothing() async throws {
        let realm = try await Self.makeObservedRealm()
        let bag = MPTMailbag()
        let token = await Self.observeMap(realm, into: bag)
        #expect(await bag.next() == "initial 2")
        try await realm.write { realm in _ = try realm.create(DPTDictionaries.self) }
        #expect(await bag.next(within: 0.3) == nil)
        try await realm.write { realm in realm.objects(DPTDictionaries.self).first!.intObjDictionary["new"] = MPTInt() }
        #expect(await bag.next() == "update 3 -[] +[\"new\"] ~[]")
        token.invalidate()
    }

    @Test("with autorefresh off, another realm's write is reported only on refresh (testNotificationSentOnlyFor…)")
    func notifiedOnlyOnRefresh() async throws {
        let realm = try await Self.makeObservedRealm()
        let other = try await Realm(configuration: realm.configuration)
        await realm.read { realm in realm.autorefresh = false }
        let bag = MPTMailbag()
        let token = await Self.observeMap(realm, into: bag)
        #expect(await bag.next() == "initial 2")
        try await other.write { realm in realm.objects(DPTDictionaries.self).first!.intObjDictionary["new"] = MPTInt() }
        #expect(await bag.next(within: 0.3) == nil)
        await realm.refresh()
        #expect(await bag.next() == "update 3 -[] +[\"new\"] ~[]")
        token.invalidate()
        await other.close()
    }

    @Test("deleting the owner of an observed map reports no error (testDeletingObjectWithNotificationsRegistered)")
    func deletingObservedOwner() async throws {
        let realm = try await Self.makeObservedRealm()
        let bag = MPTMailbag()
        // The map in a change after its owner is deleted is invalidated, so only the kind of change is read.
        let token = await realm.read { realm in
            realm.objects(DPTDictionaries.self).first!.intObjDictionary.observe { change in
                switch change {
                case .initial: bag.post("initial")
                case .update(_, let deletions, let insertions, let modifications):
                    bag.post("update -\(deletions) +\(insertions) ~\(modifications)")
                case .error(let error): bag.post("error \(error)")
                }
            }
        }
        #expect(await bag.next() == "initial")
        try await realm.write { realm in try realm.delete(realm.objects(DPTDictionaries.self)) }
        let next = await bag.next(within: 0.5)
        #expect(next?.hasPrefix("error") != true, "\(next ?? "nothing")")
        token.invalidate()
    }

    @Test("a frozen map is frozen, its live map is not, and it is queried (testIsFrozen, testQueryFrozenDictionary)")
    func queryFrozenMap() async throws {
        let realm = try await Self.makeObservedRealm()
        let frozen = try await realm.read { realm in
            try realm.objects(DPTDictionaries.self).first!.intObjDictionary.freeze()
        }
        let live = await realm.read { realm in realm.objects(DPTDictionaries.self).first!.intObjDictionary.isFrozen }
        #expect(frozen.isFrozen && !live)
        let found = await Task.detached { frozen.filter("intCol > 0").map { $0?.intCol ?? -1 } }.value
        #expect(found == [1])
    }
}
