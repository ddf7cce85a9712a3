import Foundation
import Strata
import StrataSync

/// Pushes per second into one logical database: a push is one local write transaction (that many new objects)
/// followed by `wait(for: .upload)`, so each one is a local durable commit with its outbox row, one `strata.push`
/// call (one PostgreSQL transaction, synced on the server) and the local commit that deletes the acknowledged row.
struct PushFigure: Codable {
    var pushers: Int
    var objectsPerPush: Int
    var pushes: Int
    var seconds: Double
    var pushesPerSecond: Double
    var objectsPerSecond: Double

    init(pushers: Int, objectsPerPush: Int, pushes: Int, seconds: Double) {
        self.pushers = pushers
        self.objectsPerPush = objectsPerPush
        self.pushes = pushes
        self.seconds = seconds
        pushesPerSecond = Double(pushes) / seconds
        objectsPerSecond = Double(pushes * objectsPerPush) / seconds
    }

    /// `pushers` realms on files of their own, one task each, all replicating to one logical database, each making
    /// `pushesEach` pushes of `objectsPerPush` new objects (after one untimed push that registers the class). Checks
    /// that the first realm then downloads every object the others pushed.
    static func measure(_ setup: BenchSetup, pushers: Int, objectsPerPush: Int, pushesEach: Int) async throws
        -> PushFigure
    {
        let database = "push-\(pushers)x\(objectsPerPush)"
        var realms: [Realm] = []
        for index in 0..<pushers {
            realms.append(
                try await BenchSetup.open(try setup.configuration("\(database)-\(index)", database: database))
            )
        }
        // Realm `index` makes the objects with ids from index * stride, push after push.
        let stride = (pushesEach + 1) * objectsPerPush
        for (index, realm) in realms.enumerated() {
            try await push(realm, try await realm.session(), ids: index * stride, count: objectsPerPush)
        }
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, realm) in realms.enumerated() {
                group.addTask {
                    let session = try await realm.session()
                    for push in 1...pushesEach {
                        let first = index * stride + push * objectsPerPush
                        try await Self.push(realm, session, ids: first, count: objectsPerPush)
                    }
                }
            }
            try await group.waitForAll()
        }
        let elapsed = elapsedSeconds(since: start)
        try await (await realms[0].session()).wait(for: .download)
        let count = await realms[0].read { realm in realm.objects(BenchItem.self).count }
        guard count == pushers * stride else {
            throw BenchmarkError("pushes: \(count) objects downloaded, \(pushers * stride) pushed")
        }
        for realm in realms { await realm.close() }
        return PushFigure(
            pushers: pushers,
            objectsPerPush: objectsPerPush,
            pushes: pushers * pushesEach,
            seconds: elapsed
        )
    }

    /// One push: `count` new objects with ids from `first`, then the wait for the hub's acknowledgement.
    static func push(_ realm: Realm, _ session: SyncSession, ids first: Int, count: Int) async throws {
        try await realm.write { realm in
            for id in first..<first + count { try realm.add(BenchItem(id: id)) }
        }
        try await session.wait(for: .upload)
    }
}
