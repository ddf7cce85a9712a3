import Foundation
import Strata
import Synchronization
import Testing

// Realm-level notifications from realm-swift's `RealmSwift/Tests/RealmTests.swift` (testObserve,
// testRemoveNotification, testAutorefresh). The realm observer block runs on a task of Strata's, so the tests wait for
// what it posts instead of checking it after the write.

/// What observer blocks post, taken in order by the test.
private final class RPTMailbox<Element: Sendable>: Sendable {
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

extension RealmPortTests {
    // MARK: Realm notifications

    @Test("A realm observer is not called on registration; an empty write calls it with the realm observed")
    func observeEmptyWrite() async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration(rptTypes)
        let realm = try await Realm(configuration: configuration)
        let events = RPTMailbox<String>()
        let token = await realm.observe { event, observed in
            events.post("\(event) \(observed === realm) \(observed.configuration.fileURL == configuration.fileURL)")
        }
        #expect(await events.next(within: 0.3) == nil)
        try await realm.write { _ in }
        #expect(await events.next() == "didChange true true")
        token.invalidate()
    }

    @Test("An observer whose token was invalidated before a write is never called")
    func removedObserver() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rptTypes))
        let events = RPTMailbox<Realm.Notification>()
        let token = await realm.observe { event, _ in events.post(event) }
        token.invalidate()
        try await realm.write { realm in _ = try realm.create(RPTString.self, value: ["x"]) }
        try await realm.write { _ in }
        #expect(await events.next(within: 0.3) == nil)
    }

    @Test("With autorefresh on, another realm's commit calls the observer and the realm then reads it")
    func autorefreshDeliversAnotherRealmsCommit() async throws {
        let directory = TemporaryDirectory()
        let realm = try await Realm(configuration: directory.configuration(rptTypes))
        let writer = try await Realm(configuration: directory.configuration(rptTypes))
        #expect(await realm.autorefresh)
        #expect(await realm.read { $0.objects(RPTString.self).count } == 0)
        let events = RPTMailbox<Realm.Notification>()
        let token = await realm.observe { event, _ in events.post(event) }
        try await writer.write { realm in _ = try realm.create(RPTString.self, value: ["string"]) }
        #expect(await events.next() == .didChange)
        let read = await realm.read { realm in realm.objects(RPTString.self).map(\.stringCol) }
        #expect(read == ["string"])
        token.invalidate()
        await writer.close()
    }
}
