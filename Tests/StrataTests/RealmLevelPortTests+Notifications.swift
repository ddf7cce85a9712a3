import Foundation
import Strata
import Synchronization
import Testing

// Realm notifications, refresh and invalidate from realm-swift's Objective-C suite `Realm/Tests/RealmTests.mm`
// (testBeginWriteTransactionsNotifiesWithUpdatedObjects and testBeginWriteTransactionsRefreshesRealm, ending the
// write with a commit and with a cancel, testNotificationsFireEvenWithoutReadTransaction,
// testRefreshInWriteTransactionReturnsFalse, testNotificationPipeBufferOverfull, testInvalidateBeforeReadDoesNotAssert,
// testCanRestartReadTransactionAfterInvalidate, testInvalidateInvalidatesArrays). Realm delivers a realm's
// notification from inside `beginWriteTransaction`; Strata delivers nothing inside a write transaction (its end
// delivers, DESIGN.md "Streams"), so the tests take the event after the write. The observer block runs on a task of
// Strata's: the tests wait for what it posts.

/// Carries a live `List` from one block of its realm to a later one.
///
/// `@unchecked Sendable`, with `LiveObjectBox`'s proof: only `read`/`write` blocks of the one realm the list belongs
/// to read or assign `list`; that actor runs one job at a time, so no two accesses overlap, and the box itself only
/// crosses from one awaited block to the next.
private final class RMTListBox: @unchecked Sendable {
    var list: List<RMTInt>?
}

/// How a write transaction ends.
enum RMTWriteEnd: String, Sendable, CustomTestStringConvertible {
    case commitWrite, cancelWrite

    var testDescription: String { rawValue }
}

/// The events a realm observer block posts, taken in order by the test.
private final class RMTEvents: Sendable {
    private let items = Mutex<[Realm.Notification]>([])

    func post(_ event: Realm.Notification) { items.withLock { $0.append(event) } }

    /// The next event posted, or nil when none comes within `seconds`.
    func next(within seconds: Double = 60) async -> Realm.Notification? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if let event = items.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { return event }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return nil
    }
}

extension RealmLevelPortTests {
    @Test(
        "With autorefresh off, beginWrite moves the realm to another realm's commit and its observer hears didChange",
        arguments: [RMTWriteEnd.commitWrite, .cancelWrite]
    )
    func beginWriteAdvances(end: RMTWriteEnd) async throws {
        let configuration = memoryConfiguration(rmtTypes)
        let realm = try await Realm(configuration: configuration)
        let writer = try await Realm(configuration: configuration)
        let events = RMTEvents()
        let token = await realm.read { realm in
            realm.autorefresh = false
            _ = realm.objects(RMTString.self).count
            return realm.observe { event, _ in events.post(event) }
        }
        try await writer.write { realm in _ = try realm.create(RMTString.self, value: ["string"]) }
        #expect(await events.next() == .refreshRequired)
        #expect(await realm.read { $0.objects(RMTString.self).count } == 0)
        try await realm.beginWrite()
        #expect(await realm.read { $0.objects(RMTString.self).count } == 1)
        switch end {
        case .commitWrite: try await realm.commitWrite()
        case .cancelWrite: await realm.cancelWrite()
        }
        let event = await events.next(within: 60)
        #expect(event == .didChange)
        #expect(await realm.read { $0.objects(RMTString.self).count } == 1)
        token.invalidate()
    }

    @Test("A realm that invalidate() left without a read version still hears another realm's commit")
    func notifiedWithoutReadVersion() async throws {
        let configuration = memoryConfiguration(rmtTypes)
        let realm = try await Realm(configuration: configuration)
        let writer = try await Realm(configuration: configuration)
        var events = await realm.read { realm in realm.changes() }.makeAsyncIterator()
        await realm.invalidate()
        try await writer.write { _ in }
        #expect(await events.next() == .didChange)
    }

    @Test("refresh() inside a write transaction returns false and keeps the write's changes")
    func refreshInWrite() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rmtTypes))
        let states = try await realm.write { realm -> [String] in
            try realm.create(RMTInt.self, value: [0])
            let refreshed = realm.refresh()
            let state = ["\(refreshed)", "\(realm.isInWriteTransaction)", "\(realm.objects(RMTInt.self).count)"]
            realm.cancelWrite()
            return state
        }
        #expect(states == ["false", "true", "1"])
    }

    @Test("2,000 commits go through while a stream of the realm's changes is never read")
    func unreadStreamDoesNotBlockCommits() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rmtTypes))
        let stream = await realm.changes()
        for _ in 0..<2_000 { try await realm.write { _ in } }
        var events = stream.makeAsyncIterator()
        #expect(await events.next() == .didChange)
    }

    @Test("invalidate() before anything is read does nothing; reads after invalidate() start again")
    func invalidateBeforeRead() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rmtTypes))
        await realm.invalidate()
        try await realm.write { realm in _ = try realm.create(RMTInt.self, value: [1]) }
        await realm.invalidate()
        #expect(await realm.read { $0.objects(RMTInt.self).first?.intCol } == 1)
    }

    @Test("A list read before invalidate() is invalidated with its owner")
    func invalidateInvalidatesLists() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rmtTypes))
        let box = RMTListBox()
        try await realm.write { realm in
            let holder = try realm.create(RMTIntArray.self, value: ["", [[1]]])
            box.list = holder.intArray
        }
        #expect(await realm.read { _ in [box.list!.isInvalidated, box.list!.count == 1] } == [false, true])
        await realm.invalidate()
        #expect(await realm.read { _ in box.list!.isInvalidated })
    }
}
