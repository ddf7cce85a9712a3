import Dispatch
import Foundation
import Strata
import Synchronization
import Testing

// realm-swift's RealmCollectionTypeTests observe every kind of collection through the block APIs too:
// `observe(keyPaths:on: actor)` with a string key path and with a Swift key path (testObserveOnActorWithStringKeyPath,
// testObserveOnActorWithKeyPath: marker 1's text changes and marker 2's link is cleared, and only marker 1 counts as
// modified), and `observe(keyPaths: nil, on: queue)` (testObserveOnQueue: deleting every object deletes every old
// index). Strata runs those blocks on the same machinery as `changes(keyPaths:)`.

/// The texts of changes posted by observation blocks, taken in order by the test.
private final class ChangeInbox: Sendable {
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

/// The actor observation blocks run isolated to.
private actor ObservingActor {
    private(set) var deliveries = 0
    func delivered() { deliveries += 1 }
}

/// Three block observers of one collection: "text" on an actor, `\.text` on an actor, everything on a queue; then
/// marker 1's text and marker 2's link change in one write, and every marker is deleted in another.
private struct BlockScenario: MarkerScenario {
    func run<C: RealmCollection>(_ realm: Realm, _ make: @escaping @Sendable (isolated Realm) -> C) async throws
        -> Reports where C.Element == Marker
    {
        let inboxes = [ChangeInbox(), ChangeInbox(), ChangeInbox()]
        let actor = ObservingActor()
        let queue = DispatchQueue(label: "collection-type-port")
        let (tokens, positions) = await realm.read { realm in
            let markers = make(realm)
            let tokens = [
                markers.observe(keyPaths: ["text"], on: actor) { actor, change in
                    actor.delivered()
                    inboxes[0].post(changeText(change))
                },
                markers.observe(keyPaths: [\Marker.text], on: actor) { actor, change in
                    actor.delivered()
                    inboxes[1].post(changeText(change))
                },
                markers.observe(keyPaths: nil, on: queue) { change in
                    dispatchPrecondition(condition: .onQueue(queue))
                    inboxes[2].post(changeText(change))
                },
            ]
            return (tokens, ["1", "2"].map { text in markers.firstIndex { $0.text == text } ?? -1 })
        }
        var reports: [String] = []
        for inbox in inboxes { reports.append(await inbox.next() ?? "nothing") }
        try await realm.write { realm in
            realm.objects(Marker.self).filter("text == '1'").first!.text = "a"
            realm.objects(Marker.self).filter("text == '2'").first!.anchor = nil
        }
        for inbox in inboxes { reports.append(await inbox.next() ?? "nothing") }
        try await realm.write { realm in try realm.delete(realm.objects(Marker.self)) }
        for inbox in inboxes { reports.append(await inbox.next() ?? "nothing") }
        reports.append("\(await actor.deliveries) deliveries on the actor")
        for token in tokens { token.invalidate() }
        return Reports(reports: reports, positions: positions)
    }
}

@Suite("Collection type port: block observers of every kind of collection, on an actor and on a queue")
struct CollectionTypePortBlockTests {
    @Test(
        "key-path blocks on an actor see only the named property; a queue's block sees every change",
        arguments: PortKind.allCases
    )
    func blocks(_ kind: PortKind) async throws {
        let realm = try await CollectionKinds.makeRealm()
        let (reports, positions) = try await kind.run(BlockScenario(), realm).tuple
        let (first, second) = (positions[0], positions[1])
        let initial = Array(repeating: "initial 2", count: 3)
        // The linking objects lose marker 2 when its link is cleared; every other kind keeps it, modified.
        let edited =
            kind == .linkingObjects
            ? Array(repeating: "update -[\(second)] +[] ~[\(first)]", count: 3)
            : ["update -[] +[] ~[\(first)]", "update -[] +[] ~[\(first)]", "update -[] +[] ~[0, 1]"]
        let deleted = Array(
            repeating: kind == .linkingObjects ? "update -[0] +[] ~[]" : "update -[0, 1] +[] ~[]",
            count: 3
        )
        #expect(reports == initial + edited + deleted + ["6 deliveries on the actor"], "\(kind)")
    }
}
