import Foundation
import Strata
import Synchronization
import Testing

// Facts of realm-swift's Realm/Tests/AsyncTests.mm that map onto Strata's change streams (`changes()`), with Realm's
// threads as realm actors on one file and its notification blocks as stream loops: testInitialResultsAreDelivered,
// testNewResultsAreDeliveredAfterLocalCommit, testNewResultsAreDeliveredAfterBackgroundCommit,
// testResultsPerserveQuery, testResultsPerserveSort, testQueryingDeliveredQueryResults,
// testQueryingDeliveredTableResults, testQueryingDeliveredSortedResults, testSortingDeliveredResults,
// testQueryingLinkList, testManualRefreshUsesAsyncResultsWhenPossible, testModifyingUnrelatedTableDoesNotTriggerResend,
// testCommitInOneNotificationDoesNotCancelOtherNotifications, testAddAndRemoveQueries,
// testMultipleSourceVersionsForAsyncQueries, testMultipleCallbacksForOneQuery, testAddingBlockFromWithinNotificationBlock,
// testAddingNewQueryWithinRealmNotificationBlock, testBlockedThreadWithNotificationsDoesNotPreventDeliveryOnOtherThreads,
// testRemoveNotificationBlockFromWrongThread, testTransactionsAfterDeletingArrayLinkView and
// testTransactionsAfterDeletingSetLinkView.

/// As `IntObject`.
final class ASOInt: Object {
    @Persisted var intCol = 0
}

/// As `StringObject`.
final class ASOString: Object {
    @Persisted var stringCol = ""
}

/// As `ArrayPropertyObject`: a list of ``ASOInt``.
final class ASOListOwner: Object {
    @Persisted var name = ""
    @Persisted var intArray: List<ASOInt>
}

/// As `SetPropertyObject`: a set of ``ASOInt``.
final class ASOSetOwner: Object {
    @Persisted var name = ""
    @Persisted var intSet: MutableSet<ASOInt>
}

/// A change as text: "initial [values]" or "update [values] -deletions +insertions ~modifications".
private func text<C: RealmCollection>(_ change: RealmCollectionChange<C>?) -> String where C.Element == ASOInt {
    switch change {
    case .initial(let collection)?: return "initial \(collection.map(\.intCol))"
    case .update(let collection, let deletions, let insertions, let modifications)?:
        return "update \(collection.map(\.intCol)) -\(deletions) +\(insertions) ~\(modifications)"
    case .error(let error)?: return "error \(error)"
    case nil: return "end"
    }
}

/// The collection a change carries, frozen at its version.
private func payload<C: RealmCollection>(_ change: RealmCollectionChange<C>?) -> C? {
    switch change {
    case .initial(let collection)?, .update(let collection, _, _, _)?: return collection
    default: return nil
    }
}

/// The texts a stream consumed by a task of its own has delivered.
private final class ASORecorder: Sendable {
    private let texts = Mutex<[String]>([])

    func record(_ text: String) { texts.withLock { $0.append(text) } }

    var recorded: [String] { texts.withLock { $0 } }

    /// Waits until `count` texts are recorded (or ten minutes pass), and returns them.
    func waitFor(_ count: Int) async -> [String] {
        let deadline = ContinuousClock.now + .seconds(600)
        while recorded.count < count && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(2)) }
        return recorded
    }
}

private let asoTypes: [ObjectBase.Type] = [ASOInt.self, ASOString.self, ASOListOwner.self, ASOSetOwner.self]

@Suite("Change streams: the facts of realm-swift's Objective-C AsyncTests", .timeLimit(.minutes(10)))
struct AsyncObjCPortTests {
    @Test("Filtered and sorted results deliver after this realm's and another realm's commits, keeping their query")
    func deliveriesKeepQueryAndSort() async throws {
        let configuration = memoryConfiguration(asoTypes)
        let realm = try await Realm(configuration: configuration)
        let other = try await Realm(configuration: configuration)
        let (filteredStream, sortedStream) = await realm.read { realm in
            (
                realm.objects(ASOInt.self).filter("intCol > 0").changes(),
                realm.objects(ASOInt.self).sorted(byKeyPath: "intCol", ascending: false).changes()
            )
        }
        var filtered = filteredStream.makeAsyncIterator()
        var sorted = sortedStream.makeAsyncIterator()
        #expect(text(await filtered.next()) == "initial []")
        #expect(text(await sorted.next()) == "initial []")

        try await realm.write { realm in _ = try realm.create(ASOInt.self, value: [1]) }
        #expect(text(await filtered.next()) == "update [1] -[] +[0] ~[]")
        #expect(text(await sorted.next()) == "update [1] -[] +[0] ~[]")

        // A matching and a non-matching object in one commit of another realm: only the first enters the filter.
        try await other.write { realm in
            try realm.create(ASOInt.self, value: [2])
            try realm.create(ASOInt.self, value: [-11])
        }
        #expect(text(await filtered.next()) == "update [1, 2] -[] +[1] ~[]")
        #expect(text(await sorted.next()) == "update [2, 1, -11] -[] +[0, 2] ~[]")

        // A non-matching object changes the sorted results only; the filtered ones next hear of the 3.
        try await other.write { realm in _ = try realm.create(ASOInt.self, value: [-1]) }
        #expect(text(await sorted.next()) == "update [2, 1, -1, -11] -[] +[2] ~[]")
        try await other.write { realm in _ = try realm.create(ASOInt.self, value: [3]) }
        #expect(text(await filtered.next()) == "update [1, 2, 3] -[] +[2] ~[]")
        #expect(text(await sorted.next()) == "update [3, 2, 1, -1, -11] -[] +[0] ~[]")
    }

    @Test("An object existing before the observation is in the initial delivery of the results it matches")
    func initialResults() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(asoTypes))
        try await realm.write { realm in _ = try realm.create(ASOInt.self, value: [1]) }
        let stream = await realm.read { realm in realm.objects(ASOInt.self).filter("intCol > 0").changes() }
        var changes = stream.makeAsyncIterator()
        let first = await changes.next()
        #expect(text(first) == "initial [1]")
        #expect(payload(first)?.isFrozen == true)
    }

    @Test("A delivered collection can be filtered and sorted further, at the version it describes")
    func queryingDeliveredResults() async throws {
        let configuration = memoryConfiguration(asoTypes)
        let realm = try await Realm(configuration: configuration)
        let other = try await Realm(configuration: configuration)
        let streams = await realm.read { realm in
            [
                realm.objects(ASOInt.self).changes(),
                realm.objects(ASOInt.self).filter("intCol > 0").changes(),
                realm.objects(ASOInt.self).sorted(byKeyPath: "intCol", ascending: false).changes(),
            ]
        }
        var iterators = streams.map { $0.makeAsyncIterator() }
        var seen: [[String]] = []
        for value in [nil, 1, 2] as [Int?] {
            if let value { try await other.write { realm in _ = try realm.create(ASOInt.self, value: [value]) } }
            var row: [String] = []
            for index in iterators.indices {
                let delivered = try #require(payload(await iterators[index].next()))
                let below10 = delivered.filter("intCol < 10")
                row.append(
                    "\(below10.count) \(below10.sorted(byKeyPath: "intCol", ascending: false).first?.intCol ?? 0)"
                )
            }
            seen.append(row)
        }
        #expect(seen == [["0 0", "0 0", "0 0"], ["1 1", "1 1", "1 1"], ["2 2", "2 2", "2 2"]])
    }

    @Test("Results filtered from a list follow the list, not the other objects of the class")
    func queryingAList() async throws {
        let configuration = memoryConfiguration(asoTypes)
        let realm = try await Realm(configuration: configuration)
        let other = try await Realm(configuration: configuration)
        try await realm.write { realm in _ = try realm.create(ASOListOwner.self, value: ["", []]) }
        let stream = await realm.read { realm in
            realm.objects(ASOListOwner.self).first!.intArray.filter("intCol > 0").changes()
        }
        var changes = stream.makeAsyncIterator()
        var seen = [text(await changes.next())]
        for value in 1...3 {
            try await other.write { realm in
                try realm.create(ASOInt.self, value: [value])
                realm.objects(ASOListOwner.self).first!.intArray.append(try realm.create(ASOInt.self, value: [value]))
            }
            seen.append(text(await changes.next()))
        }
        #expect(
            seen == [
                "initial []", "update [1] -[] +[0] ~[]", "update [1, 2] -[] +[1] ~[]", "update [1, 2, 3] -[] +[2] ~[]",
            ]
        )
    }

    @Test("With autorefresh off, another realm's commit reaches a stream only after refresh()")
    func manualRefresh() async throws {
        let configuration = memoryConfiguration(asoTypes)
        let realm = try await Realm(configuration: configuration)
        let other = try await Realm(configuration: configuration)
        let (stream, events) = await realm.read { realm in
            realm.autorefresh = false
            return (realm.objects(ASOInt.self).changes(), realm.changes())
        }
        let recorder = ASORecorder()
        let consumer = Task {
            for await change in stream { recorder.record(text(change)) }
        }
        #expect(await recorder.waitFor(1) == ["initial []"])
        var realmEvents = events.makeAsyncIterator()
        try await other.write { realm in _ = try realm.create(ASOInt.self, value: [0]) }
        #expect(await realmEvents.next() == .refreshRequired)
        #expect(await realm.read { $0.objects(ASOInt.self).count } == 0)
        #expect(recorder.recorded == ["initial []"])
        #expect(await realm.refresh())
        #expect(await recorder.waitFor(2) == ["initial []", "update [0] -[] +[0] ~[]"])
        consumer.cancel()
    }

    @Test("A commit to another class does not deliver to results of this one")
    func unrelatedClass() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(asoTypes))
        let stream = await realm.read { realm in realm.objects(ASOInt.self).changes() }
        var changes = stream.makeAsyncIterator()
        #expect(text(await changes.next()) == "initial []")
        try await realm.write { realm in _ = try realm.create(ASOString.self, value: [""]) }
        try await realm.write { realm in _ = try realm.create(ASOInt.self, value: [4]) }
        // The element after the initial one is the ASOInt insertion, with nothing before it for the ASOString.
        #expect(text(await changes.next()) == "update [4] -[] +[0] ~[]")
    }

    @Test("A write made while handling one stream's change does not cancel another stream's deliveries")
    func commitWhileHandling() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(asoTypes))
        let streams = await realm.read { realm in
            [realm.objects(ASOInt.self).changes(), realm.objects(ASOInt.self).changes()]
        }
        var first = streams[0].makeAsyncIterator()
        var second = streams[1].makeAsyncIterator()
        #expect(text(await first.next()) == "initial []")
        #expect(text(await second.next()) == "initial []")
        try await realm.write { realm in _ = try realm.create(ASOInt.self, value: [0]) }
        #expect(text(await first.next()) == "update [0] -[] +[0] ~[]")
        // Handling its change, the first stream's consumer writes again.
        try await realm.write { realm in _ = try realm.create(ASOInt.self, value: [1]) }
        #expect(text(await first.next()) == "update [0, 1] -[] +[1] ~[]")
        // The second stream hears of both commits (coalesced, if it was slower, into exact indices).
        var secondTexts: [String] = []
        var latest: Results<ASOInt>?
        while latest?.count ?? 0 < 2, let change = await second.next() {
            secondTexts.append(text(change))
            latest = payload(change)
        }
        #expect(latest?.map(\.intCol) == [0, 1])
        #expect(
            secondTexts == ["update [0] -[] +[0] ~[]", "update [0, 1] -[] +[1] ~[]"]
                || secondTexts == ["update [0, 1] -[] +[0, 1] ~[]"]
        )
    }

    @Test("Ten realms at ten versions: each stream starts at its realm's version and reaches the newest")
    func manySourceVersions() async throws {
        let configuration = memoryConfiguration(asoTypes)
        var realms: [Realm] = []
        for value in 0..<10 {
            let realm = try await Realm(configuration: configuration)
            await realm.read { realm in realm.autorefresh = false }
            try await realm.write { realm in _ = try realm.create(ASOInt.self, value: [value]) }
            realms.append(realm)
        }
        var counts: [Int] = []
        for realm in realms { counts.append(await realm.read { $0.objects(ASOInt.self).count }) }
        #expect(counts == Array(1...10))
        // Registered newest first, so that the oldest version is observed last.
        var iterators: [ChangeStream<RealmCollectionChange<Results<ASOInt>>>.Iterator] = []
        for realm in realms.reversed() {
            iterators.append(await realm.read { $0.objects(ASOInt.self).changes() }.makeAsyncIterator())
        }
        var initialCounts: [Int] = []
        for index in iterators.indices { initialCounts.append(payload(await iterators[index].next())?.count ?? -1) }
        #expect(initialCounts == Array((1...10).reversed()))
        for realm in realms { await realm.refresh() }
        // Every stream reaches ten objects: those that started below it hear of the rest.
        var finalCounts: [Int] = []
        for index in iterators.indices {
            finalCounts.append(
                initialCounts[index] == 10 ? 10 : payload(await iterators[index].next())?.count ?? -1
            )
        }
        #expect(finalCounts == Array(repeating: 10, count: 10))
    }

    @Test("Two streams of one query each hear of every commit; ending one leaves the other delivering")
    func twoStreamsOfOneQuery() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(asoTypes))
        let streams = await realm.read { realm in
            let results = realm.objects(ASOInt.self)
            return [results.changes(), results.changes()]
        }
        var second = streams[1].makeAsyncIterator()
        #expect(text(await second.next()) == "initial []")
        var firstTexts: [String] = []
        for await change in streams[0] {
            firstTexts.append(text(change))
            if firstTexts.count == 1 {
                try await realm.write { realm in _ = try realm.create(ASOInt.self, value: [0]) }
            } else {
                break
            }
        }
        #expect(firstTexts == ["initial []", "update [0] -[] +[0] ~[]"])
        #expect(text(await second.next()) == "update [0] -[] +[0] ~[]")
        try await realm.write { realm in _ = try realm.create(ASOInt.self, value: [1]) }
        #expect(text(await second.next()) == "update [0, 1] -[] +[1] ~[]")
    }

    @Test("A stream started while handling another stream's change, or a realm event, starts with .initial")
    func observingWhileHandling() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(asoTypes))
        var outer = await realm.read { $0.objects(ASOInt.self).changes() }.makeAsyncIterator()
        var events = await realm.changes().makeAsyncIterator()
        #expect(text(await outer.next()) == "initial []")
        try await realm.write { realm in _ = try realm.create(ASOInt.self, value: [0]) }
        #expect(text(await outer.next()) == "update [0] -[] +[0] ~[]")
        var inner = await realm.read { $0.objects(ASOInt.self).changes() }.makeAsyncIterator()
        #expect(text(await inner.next()) == "initial [0]")
        #expect(await events.next() == .didChange)
        var fromEvent = await realm.read { $0.objects(ASOInt.self).changes() }.makeAsyncIterator()
        #expect(text(await fromEvent.next()) == "initial [0]")
        try await realm.write { realm in _ = try realm.create(ASOInt.self, value: [1]) }
        #expect(text(await outer.next()) == "update [0, 1] -[] +[1] ~[]")
        #expect(text(await inner.next()) == "update [0, 1] -[] +[1] ~[]")
        #expect(text(await fromEvent.next()) == "update [0, 1] -[] +[1] ~[]")
    }

    @Test("A stream nobody consumes does not hold back another; it then gets the changes coalesced")
    func idleStream() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(asoTypes))
        let streams = await realm.read { realm in
            [realm.objects(ASOInt.self).changes(), realm.objects(ASOInt.self).changes()]
        }
        var idle = streams[0].makeAsyncIterator()
        var busy = streams[1].makeAsyncIterator()
        #expect(text(await idle.next()) == "initial []")
        #expect(text(await busy.next()) == "initial []")
        try await realm.write { realm in _ = try realm.create(ASOInt.self, value: [0]) }
        #expect(text(await busy.next()) == "update [0] -[] +[0] ~[]")
        try await realm.write { realm in _ = try realm.create(ASOInt.self, value: [1]) }
        #expect(text(await busy.next()) == "update [0, 1] -[] +[1] ~[]")
        #expect(text(await idle.next()) == "update [0, 1] -[] +[0, 1] ~[]")
    }

    @Test("A stream started again after one ended, at the same version or a later one, starts with .initial")
    func startAgain() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(asoTypes))
        for _ in 0..<2 {
            for await change in await realm.read({ $0.objects(ASOInt.self).changes() }) {
                #expect(text(change) == "initial []")
                break
            }
        }
        try await realm.write { realm in _ = try realm.create(ASOInt.self, value: [5]) }
        for await change in await realm.read({ $0.objects(ASOInt.self).filter("intCol > 0").changes() }) {
            #expect(text(change) == "initial [5]")
            break
        }
    }

    @Test("A notification token may be invalidated from another task")
    func invalidateFromAnotherTask() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(asoTypes))
        let recorder = ASORecorder()
        let token = await realm.read { realm in
            realm.objects(ASOInt.self).observe { change in recorder.record(text(change)) }
        }
        #expect(await recorder.waitFor(1) == ["initial []"])
        await Task.detached { token.invalidate() }.value
        try await realm.write { realm in _ = try realm.create(ASOInt.self, value: [0]) }
        // A later stream hears of the next commit, by which time the invalidated block would have heard of both.
        var later = await realm.read { $0.objects(ASOInt.self).changes() }.makeAsyncIterator()
        _ = await later.next()
        try await realm.write { realm in _ = try realm.create(ASOInt.self, value: [1]) }
        _ = await later.next()
        #expect(recorder.recorded == ["initial []"])
    }

    @Test(
        "Deleting the owner of a list or set observed through a query empties the query; later writes still work",
        arguments: ["list", "set"]
    )
    func deletingTheOwner(kind: String) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(asoTypes))
        try await realm.write { realm in
            let element = try realm.create(ASOInt.self, value: [5])
            if kind == "list" {
                _ = try realm.create(ASOListOwner.self, value: ["", [element]])
            } else {
                _ = try realm.create(ASOSetOwner.self, value: ["", [element]])
            }
        }
        let stream = await realm.read { realm in
            kind == "list"
                ? realm.objects(ASOListOwner.self).first!.intArray.filter("intCol = 5").changes()
                : realm.objects(ASOSetOwner.self).first!.intSet.filter("intCol = 5").changes()
        }
        var changes = stream.makeAsyncIterator()
        #expect(text(await changes.next()) == "initial [5]")
        try await realm.write { realm in
            if kind == "list" {
                try realm.delete(realm.objects(ASOListOwner.self))
            } else {
                try realm.delete(realm.objects(ASOSetOwner.self))
            }
        }
        #expect(text(await changes.next()) == "update [] -[0] +[] ~[]")
        try await realm.write { realm in
            if kind == "list" {
                _ = try realm.create(ASOListOwner.self, value: ["", []])
            } else {
                _ = try realm.create(ASOSetOwner.self, value: ["", []])
            }
        }
        #expect(await realm.read { $0.objects(ASOInt.self).count } == 1)
    }
}
