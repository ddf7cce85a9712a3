import Foundation
import Strata
import StrataCore

extension Replica {
    /// What one pull read from the hub, in one REPEATABLE READ snapshot.
    struct PullBatch: Sendable {
        struct Object: Sendable {
            var className: String
            var primaryKey: [UInt8]
            var life: Int64
            var version: Int64
        }
        struct Property: Sendable {
            var name: String
            var value: [UInt8]
            var clock: Int64
            var client: String
        }
        var head: Int64
        /// The newest version the batch covers (the head, or fewer when the pull was limited).
        var upto: Int64
        var objects: [Object] = []
        /// The current properties of each pulled object, by class and primary key.
        var properties: [PendingChanges.Key: [Property]] = [:]
    }

    /// Pulls whenever the hub announces a version (`NOTIFY`) or the poll interval passes.
    func runPuller() async {
        var backoff = Duration.milliseconds(100)
        let name = configuration.databaseName
        let interval = configuration.pollInterval
        while !isStopped && !Task.isCancelled {
            do {
                if try await pullOnce() { continue }
                backoff = .milliseconds(100)
                guard try holdsSyncLock() else {
                    // Another process pushes and pulls this file: follow its progress through the file.
                    try refreshFromFile()
                    try? await Task.sleep(for: interval)
                    continue
                }
                // NOTIFY only wakes the puller; the timeout keeps it correct when a notification is lost.
                _ = try await mappingConnectionErrors {
                    try await pullLink.run { connection in
                        try connection.listen("strata_" + name)
                        return try connection.waitForNotification(timeout: interval)
                    }
                }
            } catch {
                report(error)
                try? await Task.sleep(for: backoff)
                backoff = min(backoff * 2, .seconds(5))
            }
        }
    }

    /// The most hub versions one pull reads. A pull is not cut into smaller batches yet: an object's link to one whose
    /// newest version lies in a later batch could not be resolved when its batch is applied (downloading in batches
    /// needs links resolved again once their targets arrive).
    static let versionsPerPull: Int64 = 1 << 40

    /// Pulls and applies the next batch of what the hub has past the cursor (and, for classes subscribed since, past
    /// their own download's progress); false when there was nothing new.
    func pullOnce() async throws -> Bool {
        guard try holdsSyncLock() else { return false }
        let (cursor, bootstrap) = state.withLock { ($0.cursor, $0.bootstrap) }
        let name = configuration.databaseName
        let from = min(cursor, bootstrap.values.min() ?? cursor)
        let started = ContinuousClock.now
        let ticket = pending.ticket()
        let batch: PullBatch = try await mappingConnectionErrors {
            try await pullLink.run { [self] connection in
                try prepareHub(connection)
                _ = try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                do {
                    let batch = try Self.read(connection, database: name, after: from, limit: Self.versionsPerPull)
                    _ = try connection.execute("COMMIT")
                    return batch
                } catch {
                    _ = try? connection.execute("ROLLBACK")
                    throw error
                }
            }
        }
        let newCursor = max(cursor, batch.upto)
        // Classes whose download reached the cursor: from now on the ordinary pulls keep them up to date.
        let caughtUp = Set(bootstrap.filter { batch.upto >= newCursor || $0.value >= newCursor }.keys)
        guard batch.upto > from || !caughtUp.isEmpty else {
            pending.forget(acknowledgedBy: ticket)
            completePendingSubscriptions(except: Set(bootstrap.keys))
            session.setState(.active)
            return false
        }
        try await apply(batch, cursor: cursor, bootstrap: bootstrap, completing: caughtUp)
        pending.forget(acknowledgedBy: ticket)
        record(.downloaded(objects: batch.objects.count, duration: ContinuousClock.now - started))
        state.withLock { state in
            state.cursor = max(state.cursor, newCursor)
            for className in bootstrap.keys where state.bootstrap[className] != nil {
                state.bootstrap[className] = caughtUp.contains(className) ? nil : batch.upto
            }
        }
        completePendingSubscriptions(except: Set(bootstrap.keys).subtracting(caughtUp))
        resumeWaiters()
        session.setState(.active)
        log(.debug, "downloaded to hub version \(batch.upto)", metadata: ["objects": "\(batch.objects.count)"])
        return batch.upto > from
    }

    /// Marks complete the pending subscriptions whose class is not still downloading: neither in this pull's
    /// `downloading` nor subscribed since it began (read now, under the lock a subscription takes before it is
    /// pending).
    private func completePendingSubscriptions(except downloading: Set<String>) {
        let ready = state.withLock { state in
            state.subscriptions.values.filter { subscription in
                subscription.state == .pending && !downloading.contains(subscription.className)
                    && state.bootstrap[subscription.className] == nil
            }
        }
        for subscription in ready { subscription.setState(.complete) }
    }

    /// Takes the cursor and the acknowledged sequence from the file, where the process holding the sync lock
    /// records them (invariant 4), and wakes the waiters they satisfy.
    func refreshFromFile() throws {
        _ = database.refreshedLatestVersion()
        let reading = try database.beginRead()
        guard let client = try SyncTables.clientRow(reading) else { return }
        let drained = try SyncTables.pendingOutbox(reading, byteLimit: 1).isEmpty
        state.withLock { state in
            state.cursor = max(state.cursor, client.cursor)
            if drained { state.acknowledged = max(state.acknowledged, client.nextSequence - 1) }
        }
        resumeWaiters()
    }

    /// Reads the head, then the objects changed in (after, upto] and their properties, where upto is the head or
    /// `limit` versions past `after`, inside the caller's transaction.
    private static func read(
        _ connection: PostgresConnection,
        database name: String,
        after: Int64,
        limit: Int64
    ) throws -> PullBatch {
        let headRow = try connection.execute("SELECT strata.head($1)", [name])
        let head = headRow.rows.first?.first.flatMap { $0.flatMap { Int64($0) } } ?? 0
        let upto = min(head, after + limit)
        var batch = PullBatch(head: head, upto: max(upto, after))
        guard upto > after else { return batch }
        let range = [name, String(after), String(upto)]
        let objects = try connection.execute(
            "SELECT class, pk, life, version FROM strata.pull_objects($1, $2::bigint, $3::bigint)",
            range
        )
        for row in objects.rows {
            guard let className = row[0], let primaryKey = row[1].flatMap(Hex.decode),
                let life = row[2].flatMap({ Int64($0) }), let version = row[3].flatMap({ Int64($0) })
            else { continue }
            batch.objects.append(.init(className: className, primaryKey: primaryKey, life: life, version: version))
        }
        let properties = try connection.execute(
            "SELECT class, pk, property, value, hlc, client FROM strata.pull_props($1, $2::bigint, $3::bigint)",
            range
        )
        for row in properties.rows {
            guard let className = row[0], let primaryKey = row[1].flatMap(Hex.decode), let property = row[2],
                let value = row[3].flatMap(Hex.decode), let clock = row[4].flatMap({ Int64($0) }), let client = row[5]
            else { continue }
            batch.properties[.init(className: className, primaryKey: primaryKey, property: nil), default: []].append(
                .init(name: property, value: value, clock: clock, client: client)
            )
        }
        return batch
    }

    /// Applies a pull in one local transaction marked applied-by-sync that also stores the cursor (invariant 2), and
    /// marks complete the subscriptions of the classes in `completing`.
    private func apply(
        _ batch: PullBatch,
        cursor: Int64,
        bootstrap: [String: Int64],
        completing: Set<String>
    ) async throws {
        let write = try await database.beginWrite()
        write.appliedBySync = true
        do {
            let classes = try recorder.classes(in: write)
            guard var client = try SyncTables.clientRow(write) else { throw SyncError.notAttached("no client row") }
            var links: [(TableKey, ObjectKey, ColumnSpec, [UInt8])] = []
            for object in batch.objects {
                guard let synced = classes[object.className] else { continue }
                // Versions up to the cursor were applied before, except for classes still downloading.
                if object.version <= cursor && object.version <= bootstrap[object.className] ?? .max { continue }
                let properties =
                    batch.properties[
                        .init(className: object.className, primaryKey: object.primaryKey, property: nil)
                    ] ?? []
                for property in properties { client.clock = max(client.clock, property.clock) }
                links += try apply(object, properties, of: synced, in: write)
            }
            // Links last: their targets may come later in the batch.
            let wire = WireValue(reading: write)
            for (table, key, column, bytes) in links where try write.table(table).contains(key) {
                let value = try wire.decode(bytes, column: column)
                if try write.table(table).value(key, column.key) != value {
                    try write.set(value, of: column.key, in: table, object: key)
                }
            }
            client.cursor = max(client.cursor, batch.upto)
            try SyncTables.setClientRow(client, in: write)
            for className in completing { try SyncTables.markComplete(className: className, in: write) }
            try await write.commitSuspending()
        } catch {
            write.rollback()
            throw error
        }
        Realm.announceCommit(path: database.path)
    }

    /// Applies one pulled object; returns its link properties, set once every object of the batch exists.
    private func apply(
        _ object: PullBatch.Object,
        _ properties: [PullBatch.Property],
        of synced: SyncedClass,
        in write: WriteTransaction
    ) throws -> [(TableKey, ObjectKey, ColumnSpec, [UInt8])] {
        let table = try write.table(synced.table)
        let lifeKey = SyncTables.lifeKey(className: synced.name, primaryKey: object.primaryKey)
        let known = try SyncTables.life(of: lifeKey, write)
        // A pending local delete or re-creation is a newer life than the hub's: the hub will settle it.
        guard object.life >= known else { return [] }
        if object.life != known { try SyncTables.setLife(object.life, of: lifeKey, in: write) }
        let primaryKey = try ValueCodec.decode(object.primaryKey)
        let existing = try table.firstObject(synced.primaryKey.key, equalTo: primaryKey)
        if object.life % 2 == 0 {
            if let existing { try write.deleteObject(existing, in: synced.table) }
            return []
        }
        let wire = WireValue(reading: write)
        var values: [ColumnKey: Value] = [:]
        var links: [(ColumnSpec, [UInt8])] = []
        // This client's own winning values too: the file may no longer hold them (a pull that read the hub before
        // one of its pushes landed, a commit of another process of this file, a class unsubscribed and subscribed
        // again), and a value the file holds already is not written again.
        for property in properties {
            guard let column = synced.properties.first(where: { $0.name == property.name }) else { continue }
            let key = PendingChanges.Key(className: synced.name, primaryKey: object.primaryKey, property: property.name)
            if let local = pending.clock(of: key), (local, clientID) > (property.clock, property.client) { continue }
            if column.isLink {
                links.append((column, property.value))
            } else {
                values[column.key] = try wire.decode(property.value, column: column)
            }
        }
        let key: ObjectKey
        if let existing {
            key = existing
            for (column, value) in values.sorted(by: { $0.key < $1.key })
            where try table.value(existing, column) != value {
                try write.set(value, of: column, in: synced.table, object: existing)
            }
        } else {
            values[synced.primaryKey.key] = primaryKey
            key = try write.createObject(in: synced.table, values: values)
        }
        return links.map { (synced.table, key, $0.0, $0.1) }
    }
}
