import Foundation
import Strata
import Synchronization
import Testing

// realm-swift's MapTests notification cases (RealmSwift/Tests/MapTests.swift), through the callback `observe`
// Realm's tests use: the initial change, then keys inserted, modified and deleted by later writes, and a key-path
// filter on a map of objects (a change along the path modifies the key, a change off it notifies nothing, a key
// removed is a deletion, and the object deleted from the realm a modification of its key). Realm makes its writes on
// a background thread; here the observing realm makes them, so each notification has been posted (or not) soon
// after the write returns.

/// What observer blocks posted, taken in order.
final class MPTMailbag: Sendable {
    private let items = Mutex<[String]>([])

    func post(_ item: String) { items.withLock { $0.append(item) } }

    /// The next item posted, or nil when none comes within `seconds`.
    func next(within seconds: Double = 30) async -> String? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while true {
            if let item = items.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { return item }
            guard ContinuousClock.now < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(2))
        }
    }
}

/// A map change as text: `initial <count>`, or `update <count> -[deleted] +[inserted] ~[modified]`.
func mptChangeText<Value>(_ change: RealmMapChange<Map<String, Value>>) -> String {
    switch change {
    case .initial(let map): "initial \(map.count)"
    case .update(let map, let deletions, let insertions, let modifications):
        "update \(map.count) -\(deletions) +\(insertions) ~\(modifications)"
    case .error(let error): "error \(error)"
    }
}

extension MapPortTests {
    /// A realm holding one `MPTMapProperty` whose `swiftObjectMap` has "first" (intCol 1, "one") and "second"
    /// (intCol 2, "two").
    static func makeObservedRealm() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration(mptTypes))
        try await realm.write { realm in
            let owner = try realm.create(MPTMapProperty.self)
            owner.swiftObjectMap["first"] = MPTSwiftObject(value: ["intCol": 1, "stringCol": "one"])
            owner.swiftObjectMap["second"] = MPTSwiftObject(value: ["intCol": 2, "stringCol": "two"])
        }
        return realm
    }

    @Test("observe delivers the initial map, then the keys each write inserts, modifies and deletes")
    func notificationsAfterCommit() async throws {
        let realm = try await Self.makeObservedRealm()
        let bag = MPTMailbag()
        let queue = DispatchQueue(label: "MapPortTests.notifications")
        let token = await realm.read { realm in
            realm.objects(MPTMapProperty.self).first!.map.observe(on: queue) { bag.post(mptChangeText($0)) }
        }
        // testNotificationSentInitially
        #expect(await bag.next() == "initial 0")
        // testNotificationSentAfterCommit
        try await realm.write { realm in
            let map = realm.objects(MPTMapProperty.self).first!.map
            map["myNewKey"] = MPTString(value: ["one"])
            map["anotherNewKey"] = MPTString(value: ["two"])
        }
        #expect(await bag.next() == "update 2 -[] +[\"anotherNewKey\", \"myNewKey\"] ~[]")
        try await realm.write { realm in
            realm.objects(MPTMapProperty.self).first!.map["myNewKey"] = MPTString(value: ["three"])
        }
        #expect(await bag.next() == "update 2 -[] +[] ~[\"myNewKey\"]")
        try await realm.write { realm in realm.objects(MPTMapProperty.self).first!.map["myNewKey"] = nil }
        #expect(await bag.next() == "update 1 -[\"myNewKey\"] +[] ~[]")
        token.invalidate()
    }

    /// A write to the observed realm's `swiftObjectMap` or its objects.
    enum KeyPathWrite: String, CaseIterable, Sendable {
        /// testObserveKeyPath: the observed property of "first" changes.
        case changeObserved
        /// testObserveKeyPathNoChange: another property of "first" changes.
        case changeOther
        /// testObserveKeyPathRemoved: "first" is removed from the map.
        case removeKey
        /// testObserveKeyPathDeleted: the object "first" holds is deleted from the realm.
        case deleteObject

        /// What the `["intCol"]` observer posts after the write, nil for nothing.
        var expected: String? {
            switch self {
            case .changeObserved, .deleteObject: "update 2 -[] +[] ~[\"first\"]"
            case .changeOther: nil
            case .removeKey: "update 1 -[\"first\"] +[] ~[]"
            }
        }

        func perform(in realm: isolated Realm) throws {
            let map = realm.objects(MPTMapProperty.self).first!.swiftObjectMap
            switch self {
            case .changeObserved: map["first"]??.intCol = 8
            case .changeOther: map["first"]??.stringCol = "new string"
            case .removeKey: map.removeObject(for: "first")
            case .deleteObject: try realm.delete(map["first"]!!)
            }
        }
    }

    @Test(
        "observe(keyPaths: [\"intCol\"]) on a map of objects: what each write reports",
        arguments: KeyPathWrite.allCases
    )
    func keyPathNotifications(_ write: KeyPathWrite) async throws {
        let realm = try await Self.makeObservedRealm()
        let bag = MPTMailbag()
        let token = await realm.read { realm in
            realm.objects(MPTMapProperty.self).first!.swiftObjectMap.observe(keyPaths: ["intCol"]) {
                bag.post(mptChangeText($0))
            }
        }
        #expect(await bag.next() == "initial 2")
        try await realm.write { realm in try write.perform(in: realm) }
        #expect(await bag.next(within: write.expected == nil ? 0.3 : 30) == write.expected)
        token.invalidate()
    }

    @Test("the same key-path filter through the change stream")
    func keyPathStream() async throws {
        let realm = try await Self.makeObservedRealm()
        try await withTimeout(60) {
            let stream = await realm.read { realm in
                realm.objects(MPTMapProperty.self).first!.swiftObjectMap.changes(keyPaths: ["intCol"])
            }
            var changes = stream.makeAsyncIterator()
            #expect(await changes.next().map(mptChangeText) == "initial 2")
            try await realm.write { realm in
                let map = realm.objects(MPTMapProperty.self).first!.swiftObjectMap
                map["first"]??.stringCol = "ignored"
            }
            try await realm.write { realm in
                realm.objects(MPTMapProperty.self).first!.swiftObjectMap["second"]??.intCol = 20
            }
            #expect(await changes.next().map(mptChangeText) == "update 2 -[] +[] ~[\"second\"]")
        }
    }
}
