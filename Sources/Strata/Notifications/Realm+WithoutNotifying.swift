import StrataCore

extension Realm {
    /// Runs `block` in a write transaction and commits it, without calling the observer blocks of `tokens` for its
    /// changes.
    ///
    /// ```swift
    /// // The list on screen already shows the dog the user added: its own observer need not hear of it.
    /// try await realm.write(withoutNotifying: [dogListToken]) { realm in
    ///     try realm.add(Dog(value: ["name": "Rex"]))
    /// }
    /// ```
    ///
    /// This is for a write that saves changes a view has already made, so that the view's observer does not apply
    /// them a second time. The blocks of `tokens` are not called for this commit, and their next call describes only
    /// what changed after it: its indices are exact against the collection as this write left it. Every other
    /// observer of the realm, and every observer of another realm, hears of the write as usual.
    ///
    /// Before the transaction begins, the realm moves to the newest version and delivers what other realms
    /// committed, so that the skipped change is this write's alone (Realm Swift's `write` refreshes the same way).
    /// Should another realm commit between that delivery and the start of the transaction three times in a row,
    /// the commit is delivered to the blocks of `tokens` too, together with the other realm's changes.
    /// - Parameters:
    ///   - tokens: tokens of observer blocks registered on this realm (on its collections, objects, maps, sectioned
    ///     results, or with ``observe(_:)``) whose blocks should not hear of this write; an invalidated token is
    ///     ignored. With none, this is ``write(_:)``.
    ///   - block: the work of the transaction, given the realm isolated.
    /// - Returns: the block's value, once the transaction is durable.
    /// - Throws: ``RealmError/wrongRealm(_:)`` before anything is written when a token observes another realm
    ///   (even of the same file); the block's error, after rolling the transaction back; or a ``RealmError`` if the
    ///   commit fails (nothing is committed then).
    /// - Note: Differs from Realm Swift as ``write(_:)`` does: the call is `async`, and the block is `@Sendable` and
    ///   given the realm isolated. A token of another realm is a thrown error, where Realm Swift raises an exception.
    @discardableResult
    public func write<Result: Sendable>(
        withoutNotifying tokens: [NotificationToken] = [],
        _ block: @Sendable (isolated Realm) throws -> Result
    ) async throws -> Result {
        let observations = try skippableObservations(tokens)
        try await beginWrite(deliveredTo: observations)
        let result: Result
        do {
            result = try Realm.$current.withValue(self) { try block(self) }
        } catch {
            if state.ownedWrite != nil { cancelWrite() }
            throw error
        }
        // The block may have committed or cancelled the transaction itself.
        guard let write = state.ownedWrite else { return result }
        let committed = write.version + 1
        for observation in observations { observation.skipCommit(from: write.version, to: committed) }
        defer { for observation in observations { observation.withdrawSkip(to: committed) } }
        try await commitWriteSuspending()
        return result
    }

    /// Commits the write transaction durably, without calling the observer blocks of `tokens` for its changes.
    ///
    /// ```swift
    /// try await realm.beginWrite()
    /// try await realm.read { realm in try realm.delete(realm.objects(Dog.self)) }
    /// try await realm.commitWrite(withoutNotifying: [dogListToken])
    /// ```
    ///
    /// The blocks of `tokens` are not called for this commit, and their next call describes only what changed after
    /// it; every other observer hears of it as usual. The skipped change is the one from the version the
    /// transaction began at: when the realm had not delivered that version to a token's block yet (another realm
    /// committed just before ``beginWrite()`` and this realm had not moved), that block is called as usual, with
    /// the other realm's changes and this commit's together. ``write(withoutNotifying:_:)`` delivers first.
    /// - Parameter tokens: tokens of observer blocks registered on this realm whose blocks should not hear of this
    ///   commit; an invalidated token is ignored. With none, this is ``commitWrite()``.
    /// - Throws: ``RealmError/wrongRealm(_:)`` when a token observes another realm (nothing is committed, and the
    ///   transaction stays open); ``RealmError/notInWriteTransaction(_:)`` without a write transaction; or the
    ///   commit's failure (nothing is committed then, and the realm stays usable).
    /// - Note: Differs from Realm Swift: a token of another realm is a thrown error, where Realm Swift raises an
    ///   exception.
    public func commitWrite(withoutNotifying tokens: [NotificationToken] = []) throws {
        let observations = try skippableObservations(tokens)
        try checkOwnsWrite("commit")
        guard let write = state.ownedWrite else { throw RealmError.notInWriteTransaction("commit") }
        let committed = write.version + 1
        for observation in observations { observation.skipCommit(from: write.version, to: committed) }
        defer { for observation in observations { observation.withdrawSkip(to: committed) } }
        try commitWrite()
    }

    /// The observations of `tokens` that are still running; throws Realm's message when one observes another realm.
    private func skippableObservations(_ tokens: [NotificationToken]) throws -> [any SkippableObservation] {
        try tokens.compactMap { token in
            let observation = token.observation
            guard !observation.isEnded else { return nil }
            guard observation.realm === self else {
                throw RealmError.wrongRealm(
                    "Incorrect Realm: only notifications for the Realm being modified can be skipped."
                )
            }
            return observation
        }
    }

    /// Begins a write transaction at a version every observation in `observations` has delivered, so that skipping
    /// the commit skips this write's changes alone: the realm moves to the newest version and delivers first, and a
    /// transaction that another realm's commit got ahead of is begun again (three tries; the last one stays).
    private func beginWrite(deliveredTo observations: [any SkippableObservation]) async throws {
        for attempt in 1...3 {
            if observations.contains(where: { $0.reachedVersion != state.database.latestVersion }) { refresh() }
            try await beginWrite()
            // The write reads the newest version, which another realm may have committed while this one waited.
            guard attempt < 3, let write = state.ownedWrite,
                observations.contains(where: { !$0.isEnded && $0.reachedVersion != write.version })
            else { return }
            cancelWrite()
        }
    }
}
