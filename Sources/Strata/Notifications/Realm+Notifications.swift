import StrataCore

extension Realm {
    /// What a realm-level observer hears: the realm moved to a newer version (its own commit or another's).
    public enum Notification: String, Sendable {
        /// The realm's data changed (a commit, or a move to a newer version).
        case didChange = "RLMRealmDidChangeNotification"
        /// A newer version exists but the realm (with `autorefresh` off) did not move to it.
        case refreshRequired = "RLMRealmRefreshRequiredNotification"
    }

    /// The realm's own change events: `.didChange` after each commit it makes or each newer version it moves to,
    /// `.refreshRequired` when another realm committed while `autorefresh` is off.
    ///
    /// ```swift
    /// for await event in await realm.changes() { print(event) }
    /// ```
    /// The stream ends when its loop ends (`break` or cancellation).
    /// - Returns: a stream of the realm's events; stops with a message on a frozen realm.
    /// - Note: Differs from Realm Swift: an `AsyncSequence` instead of a block with a token (``observe(_:)`` is
    ///   that form).
    public func changes() -> ChangeStream<Notification> {
        precondition(frozenSnapshot == nil, "Frozen Realms do not change and do not have change notifications.")
        return RealmSource.live(self).changeStream { _ in RealmEventObserver() }
    }

    /// Calls `block` with the realm's change events until the returned token is invalidated.
    /// - Parameter block: called with each event and this realm, on a task of Strata's.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    public func observe(_ block: @escaping @Sendable (Notification, Realm) -> Void) -> NotificationToken {
        NotificationToken(changes(), on: nil) { [self] event in block(event, self) }
    }

    /// Registers an observer and delivers its first element now (the collection as it is, for a collection).
    ///
    /// `nonisolated` because a live collection's `changes(keyPaths:)` (synchronous, not isolated) calls it; it
    /// takes the state the caller already obtained through the checked accessor, on this realm's executor.
    nonisolated func register(_ observer: any RealmObserver, _ state: RealmState) {
        state.observers.append(observer)
        // Commits are recorded in the engine's history only while someone observes.
        if state.historyRetention == nil { state.historyRetention = state.database.retainHistory() }
        // An in-memory realm's file is this process's alone: no other process's commit can come.
        state.coordinator.observe(
            self,
            database: state.database,
            watchingOtherProcesses: configuration.inMemoryIdentifier == nil
        )
        observer.runDelivery(state)
    }

    /// Drops the observers whose streams ended; with none left, the engine stops keeping history for this realm and
    /// the file's coordinator stops telling it of commits.
    func dropEndedObservers() {
        state.observers.removeAll { $0.isEnded }
        if state.observers.isEmpty, let retention = state.historyRetention {
            retention.release()
            state.historyRetention = nil
            state.coordinator.unobserve(self)
        }
    }

    /// Another process committed (the file's coordinator saw it): with `autorefresh` on, moves to it and delivers;
    /// off, says `.refreshRequired` once when that version is newer than the one this realm reads.
    func receiveOtherProcessCommit() {
        dropEndedObservers()
        guard frozenSnapshot == nil, !state.isClosed, !state.observers.isEmpty else { return }
        // A `read` block or `refresh()`, which look in the file too, may have moved the realm to that version before
        // this call ran, without delivering: each observer compares with what it delivered last, so delivering here
        // reports the change either way, and nothing when there is none.
        if state.autorefresh { return receiveCommit() }
        guard state.writeTransaction == nil, let pinned = state.readTransaction?.version else { return }
        let latest = state.database.latestVersion
        if latest > pinned, latest != state.noticedVersion {
            state.noticedVersion = latest
            receiveCommit()
        }
    }

    /// Another process committed a version that fails to load (damage, or an I/O error reading it): with `autorefresh`
    /// on, every stream delivers `.error` and ends (ReadFailure.swift), as a read of its own that met the damage would.
    func receiveOtherProcessFailure(_ error: any Error) {
        guard frozenSnapshot == nil, !state.isClosed, state.autorefresh, state.writeTransaction == nil else { return }
        deliverFailure(error)
    }

    /// Delivers `error` to every observer, which ends its stream (``RealmObserver/deliver(failure:_:)``).
    private func deliverFailure(_ error: any Error) {
        dropEndedObservers()
        for observer in state.observers { observer.deliver(failure: error, state) }
        dropEndedObservers()
    }

    /// Another realm of the file committed: move to the newest version (with `autorefresh` on) and deliver.
    func receiveCommit() {
        guard frozenSnapshot == nil, !state.isClosed, state.writeTransaction == nil else { return }
        if state.autorefresh {
            do {
                _ = try state.advance()
            } catch  where ReadFailure.isDamage(error) {
                // The newer version is damaged (ReadFailure.swift): each stream delivers `.error` and ends, rather
                // than staying at the older version as if nothing had been committed. The pinned version stays
                // whole and readable, and the next write, which must start from the newest version, throws.
                deliverFailure(error)
                return
            } catch {
                // Any other failure (the active-version limit) keeps the pinned version, whole and readable; the
                // streams see the newer version when the realm next moves.
            }
        } else {
            state.refreshRequired = true
        }
        deliverNotifications()
    }

    /// Offers each observer the change since what its consumer last took, at the current version; drops the
    /// observers whose streams ended. Inside a write transaction nothing is delivered (its end delivers).
    func deliverNotifications() {
        guard frozenSnapshot == nil, !state.isClosed, state.writeTransaction == nil else { return }
        dropEndedObservers()
        for observer in state.observers { observer.runDelivery(state) }
        state.refreshRequired = false
    }
}

/// The observer behind `realm.changes()`: one event per version the realm reaches (coalesced for a slow
/// consumer), `.refreshRequired` when a newer version exists that the realm did not move to.
final class RealmEventObserver: StreamingObserver {
    let mailbox = ChangeMailbox<Realm.Notification>()
    private var lastVersion: Version?

    /// Its elements have no error case (Realm Swift's shape): damage ends the stream (Caveats.md).
    func deliver(failure error: any Error, _ state: RealmState) {
        if ReadFailure.isDamage(error) { end() }
    }

    func deliver(_ state: RealmState) {
        let reader: any TransactionReading
        do {
            reader = try state.reader()
        } catch {
            // `Realm.Notification` has no error case (Realm Swift's shape): damage ends the stream (Caveats.md).
            if ReadFailure.isDamage(error) { end() }
            return
        }
        defer { lastVersion = reader.version }
        guard let lastVersion else { return }
        let event: Realm.Notification
        if reader.version != lastVersion {
            event = .didChange
        } else if state.refreshRequired {
            event = .refreshRequired
        } else {
            return
        }
        mailbox.publish(reader.version, version: reader.version) { _ in event }
    }
}
