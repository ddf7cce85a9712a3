import Foundation
import StrataCore

extension Replica {
    /// The most an upload batch holds.
    static let batchByteLimit = 1 << 20

    /// Pushes the outbox whenever a commit, the timer or a waiter wakes it, retrying with backoff after a failure.
    func runPusher() async {
        var backoff = Duration.milliseconds(100)
        var iterator = wakes.makeAsyncIterator()
        var waitedForCommit = false
        while !isStopped && !Task.isCancelled {
            do {
                if try await pushOnce() {
                    backoff = .milliseconds(100)
                    waitedForCommit = false
                    continue  // more may be waiting
                }
                backoff = .milliseconds(100)
                // The wake may have come from a commit's hook before that commit was visible (once per wake).
                if !waitedForCommit, try await awaitRecordedCommit() {
                    waitedForCommit = true
                    continue
                }
                waitedForCommit = false
            } catch {
                report(error)
                state.withLock { $0.registered = [] }
                try? await Task.sleep(for: backoff)
                backoff = min(backoff * 2, .seconds(5))
                continue
            }
            guard await iterator.next() != nil else { return }
        }
    }

    /// Waits until the newest commit the hook recorded is visible in the file, when the hub has not acknowledged it.
    /// The hook wakes the pusher from inside the commit, before its version is published, so a pusher that wakes
    /// quickly reads the version before and finds nothing to push; without this wait that commit would wait for the
    /// next wake (the poll interval, when no other commit or `wait(for: .upload)` comes). Polls the file every 100 µs
    /// for at most the poll interval (a commit that failed after its hook never appears); true when it appeared.
    func awaitRecordedCommit() async throws -> Bool {
        let recorded = recorder.recordedSequence
        guard recorded > state.withLock({ $0.acknowledged }), try holdsSyncLock() else { return false }
        let deadline = ContinuousClock.now + configuration.pollInterval
        while ContinuousClock.now < deadline && !isStopped {
            if try SyncTables.clientRow(try database.beginRead())?.nextSequence ?? 0 > recorded { return true }
            try? await Task.sleep(for: .microseconds(100))
        }
        return false
    }

    /// Pushes one batch of the outbox; false when there was nothing to push (or another process pushes this file).
    func pushOnce() async throws -> Bool {
        guard try holdsSyncLock() else { return false }
        let reading = try database.beginRead()
        let rows = try SyncTables.pendingOutbox(reading, byteLimit: Self.batchByteLimit)
        let classes = try recorder.classes(in: reading)
        let unregistered = state.withLock { state in classes.values.filter { !state.registered.contains($0.name) } }
        // Nothing to do says nothing about the hub: the session's state is left to the last exchange with it.
        if rows.isEmpty && unregistered.isEmpty { return false }
        let name = configuration.databaseName
        let client = clientID
        // Registration happens with the batch, on the same connection, so that a type conflict is known before the
        // class's entries are pushed.
        let mismatches: [SyncError] = try await mappingConnectionErrors {
            try await pushLink.run { [self] connection in
                try prepareHub(connection)
                try claimClientIdentity(connection)
                var mismatches: [SyncError] = []
                for synced in unregistered {
                    do {
                        try register(synced, on: connection)
                    } catch let error as SyncError {
                        guard case .propertyTypeMismatch = error else { throw error }
                        mismatches.append(error)
                    }
                }
                return mismatches
            }
        }
        state.withLock { state in
            for synced in unregistered { state.registered.insert(synced.name) }
        }
        for error in mismatches {
            if case .propertyTypeMismatch(let className, _, _, _) = error { stopClass(className, error) }
        }
        guard !rows.isEmpty else {
            session.setState(.active)
            return false
        }
        let stopped = state.withLock { $0.stoppedClasses }
        var kept: [Any] = []
        var setAside: [(Int64, [UInt8], String)] = []
        for (sequence, bytes) in rows {
            let entries = (try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]]) ?? []
            let blocked = entries.filter { stopped[$0["class"] as? String ?? ""] != nil }
            if !blocked.isEmpty {
                let className = blocked[0]["class"] as? String ?? ""
                setAside.append((sequence, bytes, stopped[className].map { "\($0)" } ?? "class stopped"))
            }
            kept += entries.filter { stopped[$0["class"] as? String ?? ""] == nil }
        }
        let last = rows.last!.0
        let started = ContinuousClock.now
        let answer: [String: Any]
        do {
            let json = String(decoding: try JSONSerialization.data(withJSONObject: kept), as: UTF8.self)
            let text: String? = try await mappingConnectionErrors {
                try await pushLink.run { connection in
                    let result = try connection.execute("SELECT strata.push($1, $2, $3::jsonb)", [name, client, json])
                    return result.rows.first?.first ?? nil
                }
            }
            answer =
                (try text.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }) ?? [:]
        } catch let error as PostgresError where !error.isConnectionFailure {
            // The hub refused the batch: a batch of one is set aside with its error; a larger one is retried one row
            // at a time, so that one bad entry never blocks the rest.
            guard rows.count == 1 else { return try await pushRowsOneByOne(rows) }
            try await acknowledge(through: last, settingAside: [(rows[0].0, rows[0].1, error.description)])
            log(.error, "the hub rejected outbox entry \(rows[0].0), set aside: \(error)")
            return true
        }
        let acknowledged = (answer["last_seq"] as? NSNumber)?.int64Value ?? last
        record(.uploaded(commits: rows.count, duration: ContinuousClock.now - started))
        let newestClock = kept.compactMap { ($0 as? [String: Any])?["hlc"] as? NSNumber }.map(\.int64Value).max()
        if let newestClock {
            let committed = Double(newestClock / HybridClock.ticksPerMillisecond) / 1000
            let lag = max(0, Date().timeIntervalSince1970 - committed)
            record(.lag(.milliseconds(Int64(lag * 1000))))
        }
        for case let lost as [String: Any] in answer["lost"] as? [Any] ?? [] {
            record(.lostWrite(className: "\(lost["class"] ?? "?")", property: "\(lost["property"] ?? "(object)")"))
            log(
                .warning,
                "lost write: \(lost["class"] ?? "?").\(lost["property"] ?? "(object)") of the object with primary key "
                    + "\(lost["pk"] ?? "?"), won by \(lost["winner"] ?? "?")",
                metadata: [
                    "class": "\(lost["class"] ?? "")", "property": "\(lost["property"] ?? "")",
                    "winner": "\(lost["winner"] ?? "")",
                ]
            )
        }
        // Entries the hub could not read (counted as applied, so they never block the rest): kept with the reason.
        for case let rejected as [String: Any] in answer["rejected"] as? [Any] ?? [] {
            let sequence = (rejected["seq"] as? NSNumber)?.int64Value ?? 0
            let reason = "\(rejected["class"] ?? "?") \(rejected["pk"] ?? "?"): \(rejected["reason"] ?? "rejected")"
            if let row = rows.first(where: { $0.0 == sequence }) { setAside.append((row.0, row.1, reason)) }
            log(.error, "the hub rejected an entry of outbox row \(sequence), set aside: \(reason)")
        }
        try await acknowledge(through: max(acknowledged, last), settingAside: setAside)
        log(.debug, "uploaded \(rows.count) commits", metadata: ["throughSequence": "\(last)"])
        session.setState(.active)
        return true
    }

    /// Pushes `rows` one at a time (after the hub refused them together).
    private func pushRowsOneByOne(_ rows: [(Int64, [UInt8])]) async throws -> Bool {
        for row in rows {
            let name = configuration.databaseName
            let client = clientID
            let json = String(decoding: row.1, as: UTF8.self)
            do {
                _ = try await mappingConnectionErrors {
                    try await pushLink.run { connection in
                        try connection.execute("SELECT strata.push($1, $2, $3::jsonb)", [name, client, json])
                    }
                }
                try await acknowledge(through: row.0, settingAside: [])
            } catch let error as PostgresError where !error.isConnectionFailure {
                try await acknowledge(through: row.0, settingAside: [(row.0, row.1, error.description)])
                log(.error, "the hub rejected outbox entry \(row.0), set aside: \(error)")
            }
        }
        return true
    }

    /// Deletes the acknowledged outbox rows (setting aside the refused ones) in a transaction the hook does not
    /// record, then wakes the upload waiters.
    func acknowledge(through sequence: Int64, settingAside refused: [(Int64, [UInt8], String)]) async throws {
        let write = try await database.beginWrite()
        write.appliedBySync = true
        do {
            for (refusedSequence, entries, error) in refused {
                try SyncTables.setAside(sequence: refusedSequence, entries: entries, error: error, in: write)
            }
            try SyncTables.deleteOutbox(through: sequence, in: write)
            try await write.commitSuspending()
        } catch {
            write.rollback()
            throw error
        }
        pending.acknowledge(through: sequence)
        state.withLock { $0.acknowledged = max($0.acknowledged, sequence) }
        if let outbox = try? database.beginRead().table(named: SyncTables.outbox) {
            record(.backlog(commits: outbox.count))
        }
        resumeWaiters()
    }

    /// Stops syncing `className` (its property types differ on the hub): its subscription ends in `.error` and its
    /// entries are set aside.
    func stopClass(_ className: String, _ error: SyncError) {
        let subscriptions = state.withLock { state in
            state.stoppedClasses[className] = error
            return state.subscriptions.values.filter { $0.className == className }
        }
        var classes = recorder.classes
        classes[className] = nil
        recorder.classes = classes
        for subscription in subscriptions { subscription.setState(.error(error)) }
        log(.error, "\(error)")
    }
}
