import Strata
import StrataCore

extension Replica {
    /// The stored subscriptions, in key order.
    var storedSubscriptions: [SyncSubscription] {
        state.withLock { state in
            state.subscriptions.values.filter { $0.state != .creating }.sorted { $0.key < $1.key }
        }
    }

    /// Returns the subscription stored under `key`, or makes it (``SyncSubscription/State-swift.enum/creating``)
    /// and stores it on a task of its own.
    func subscribe(key: String, className: String, query: String, update: Bool) -> SyncSubscription {
        let outcome = state.withLock { state -> Result<(SyncSubscription, isNew: Bool), SyncError> in
            if let existing = state.subscriptions[key] {
                guard existing.className == className else {
                    return .failure(
                        .subscriptionConflict(
                            "the subscription \(existing.name ?? "(unnamed)") is for \(existing.className), not "
                                + "\(className); a subscription never changes its class"
                        )
                    )
                }
                guard existing.queryString == query || update else {
                    return .failure(
                        .subscriptionConflict(
                            "the subscription \(existing.name ?? "(unnamed)") has another query; pass update: true "
                                + "to change it"
                        )
                    )
                }
                return .success((existing, false))
            }
            let subscription = SyncSubscription(replica: self, name: key, className: className, query: query)
            state.subscriptions[key] = subscription
            return .success((subscription, true))
        }
        switch outcome {
        case .failure(let error):
            return SyncSubscription(replica: nil, name: key, className: className, query: query, state: .error(error))
        case .success(let (subscription, isNew)):
            if isNew { Task { await activate(subscription) } }
            return subscription
        }
    }

    /// Stores a new subscription, starts recording its class and queues the class's download.
    private func activate(_ subscription: SyncSubscription) async {
        do {
            let write = try await database.beginWrite()
            write.appliedBySync = true
            let previous = recorder.classes
            do {
                guard let spec = write.tableSpecs.first(where: { $0.name == subscription.className }) else {
                    throw SyncError.unsupportedClass(
                        className: subscription.className,
                        reason: "the realm's schema has no such class"
                    )
                }
                let synced = try SyncedClass(spec, write)
                try SyncTables.store(
                    .init(name: subscription.key, className: synced.name, query: subscription.queryString),
                    in: write
                )
                var classes = previous
                classes[synced.name] = synced
                // Set while the write transaction is open: no other commit can land between the subscription and the
                // first commit its class records.
                recorder.classes = classes
                try recorder.recordExisting(synced, in: write)
                try await write.commitSuspending()
            } catch {
                recorder.classes = previous
                write.rollback()
                throw error
            }
            state.withLock { state in
                // Every synced class downloads again, not only the new one: objects of the others may link to the
                // new class's objects, and those links could not be resolved while it was not synced.
                for className in recorder.classes.keys { state.bootstrap[className] = 0 }
                state.bootstrap[subscription.className] = 0
                state.registered.remove(subscription.className)
            }
            subscription.setState(.pending)
            wake.yield()
            log(.info, "subscribed to \(subscription.className)", metadata: ["subscription": subscription.key])
        } catch {
            state.withLock { _ = $0.subscriptions.removeValue(forKey: subscription.key) }
            subscription.setState(.error(error as? SyncError ?? .rejected("\(error)")))
        }
    }

    /// Removes a subscription and, when no other one holds its class, the class's local objects (not pushed: the hub
    /// keeps them).
    func unsubscribe(_ subscription: SyncSubscription) async throws {
        guard state.withLock({ $0.subscriptions[subscription.key] === subscription }) else { return }
        let className = subscription.className
        let others = state.withLock { state in
            state.subscriptions.values.contains { $0 !== subscription && $0.className == className }
        }
        let write = try await database.beginWrite()
        write.appliedBySync = true
        let previous = recorder.classes
        do {
            try SyncTables.removeSubscription(named: subscription.key, in: write)
            if !others, let table = try write.table(named: className) {
                try write.deleteAllObjects(in: table.key)
                try SyncTables.forgetLives(className: className, in: write)
            }
            if !others {
                // Set while the write transaction is open, as `activate` does: a pull waiting for the write lock
                // must not find the class still synced and put back the objects this write deletes.
                var classes = previous
                classes[className] = nil
                recorder.classes = classes
            }
            try await write.commitSuspending()
        } catch {
            recorder.classes = previous
            write.rollback()
            throw error
        }
        state.withLock { _ = $0.subscriptions.removeValue(forKey: subscription.key) }
        subscription.setState(.invalidated)
        Realm.announceCommit(path: database.path)
    }
}
