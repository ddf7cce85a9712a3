import Dispatch
import StrataCore

extension SectionedResults {
    /// The sections' changes as an `AsyncSequence`: first `.initial`, then an `.update` after each write that
    /// changes them, each carrying the sectioned results frozen at the version it describes.
    ///
    /// ```swift
    /// let changes = await realm.read { realm in realm.objects(Dog.self).sectioned(by: \.age).changes() }
    /// for await change in changes {
    ///     if case .update(let sections, _, let insertions, _, let sectionsToInsert, _) = change {
    ///         print(sections.allKeys, insertions.map { [$0.section, $0.item] }, sectionsToInsert)
    ///     }
    /// }
    /// ```
    ///
    /// Call it on live sectioned results inside their realm's isolation; the observation is registered when it
    /// returns, so a write right after it is seen. `keyPaths` filter modifications as a collection's do;
    /// insertions, deletions and moves between sections always count. An object modified and moved to another
    /// position within its section is a deletion plus an insertion, as Realm reports it (see
    /// ``SectionedResultsChange``). The stream ends when its loop ends (`break` or cancellation).
    ///
    /// Stops with a message on frozen sectioned results. For a key path the element type lacks the stream ends at
    /// once (``SectionedResultsChange`` has no error case, as in Realm Swift) and the error is logged.
    /// - Complexity: O(n) for n objects per delivered change: the sections are computed again and compared.
    /// - Parameter keyPaths: the properties whose changes count as modifications, or nil for every property.
    /// - Returns: the stream; iterate it from any task.
    /// - Note: Differs from Realm Swift: an `AsyncSequence` replaces the Combine publisher, its payloads are frozen,
    ///   and a slow consumer gets coalesced changes (see the Notifications article).
    public func changes(keyPaths: [String]? = nil) -> ChangeStream<SectionedResultsChange<SectionedResults>> {
        let state = self.state
        return state.results.source.changeStream { schema in
            try SectionedObserver(state, section: nil, keyPaths: keyPaths, schema: schema) {
                SectionedResults(state: $0)
            }
        }
    }
}

extension ResultsSection {
    /// The section's changes as an `AsyncSequence`: first `.initial` with the section, then an `.update` after each
    /// write that changes this section, each carrying the section frozen at the version it describes.
    ///
    /// ```swift
    /// let puppies = await realm.read { realm in
    ///     realm.objects(Dog.self).sectioned(by: \.age, ascending: true)[key: 1].changes()
    /// }
    /// for await change in puppies {
    ///     if case .update(let section, let deletions, let insertions, _, _, let sectionsToDelete) = change {
    ///         print(sectionsToDelete.isEmpty ? section.count : 0, deletions.map(\.item), insertions.map(\.item))
    ///     }
    /// }
    /// ```
    ///
    /// The change is the part of its sectioned results' change that concerns this section's key, as Realm
    /// reports it:
    /// - index paths are `[section, item]`, where `section` is the section's position among the sections:
    ///   deletions and modifications give it (and the object's position) before the write, insertions after;
    /// - when the last object with the key goes, the update has `sectionsToDelete` holding the section's old
    ///   position and nothing else, and carries the section invalidated (``isInvalidated``); the observation goes
    ///   on, and when objects with the key come back an update has `sectionsToInsert` holding its new position and
    ///   each of them as an insertion;
    /// - a write that changes only other sections delivers nothing, even when it moves this section to another
    ///   position; the next update gives the section's position just before the write it describes.
    ///
    /// Call it on a live section inside its realm's isolation; the observation is registered when it returns. A
    /// section whose key has no objects any more may be observed: its `.initial` carries it invalidated.
    /// `keyPaths` filter modifications as a collection's do. Stops with a message on a frozen section. For a key path
    /// the element type lacks the stream ends at once (``SectionedResultsChange`` has no error case, as in Realm
    /// Swift) and the error is logged.
    /// - Complexity: O(n) for n objects of the sectioned results per write that reaches the realm, delivered or
    ///   not: the sections are computed again and this section compared.
    /// - Parameter keyPaths: the properties whose changes count as modifications, or nil for every property.
    /// - Returns: the stream; iterate it from any task.
    /// - Note: Differs from Realm Swift: an `AsyncSequence` replaces the Combine publisher, its payloads are frozen,
    ///   and a slow consumer gets coalesced changes, whose old positions are those of the last element it took.
    public func changes(keyPaths: [String]? = nil) -> ChangeStream<SectionedResultsChange<ResultsSection>> {
        let (parent, sectionKey) = (self.parent, self.sectionKey)
        return parent.results.source.changeStream { schema in
            try SectionedObserver(parent, section: sectionKey, keyPaths: keyPaths, schema: schema) {
                ResultsSection(parent: $0, sectionKey: sectionKey)
            }
        }
    }
}

extension RealmSectionedResult {
    /// Calls `block` with the changes of the sectioned results or the section, on `queue` (or on a task of
    /// Strata's when nil), until the returned token is invalidated. The value in each change is frozen at the
    /// version it describes.
    ///
    /// ```swift
    /// let token = await realm.read { realm in
    ///     realm.objects(Dog.self).sectioned(by: \.age).observe(keyPaths: ["name"]) { change in print(change) }
    /// }
    /// token.invalidate()
    /// ```
    ///
    /// The block receives what `changes(keyPaths:)` yields: first `.initial`, then the updates.
    /// - Complexity: as `changes(keyPaths:)`.
    /// - Parameters:
    ///   - keyPaths: the properties whose changes count as modifications, or nil for every property.
    ///   - queue: the queue the block runs on, or nil for a task of Strata's.
    ///   - block: called with each change; the sectioned results or section in it is frozen.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    /// - Note: Differs from Realm Swift: the block is `@Sendable` and receives frozen values.
    public func observe(
        keyPaths: [String]? = nil,
        on queue: DispatchQueue? = nil,
        _ block: @escaping @Sendable (SectionedResultsChange<Self>) -> Void
    ) -> NotificationToken {
        NotificationToken(changes(keyPaths: keyPaths), on: queue, block)
    }

    /// Calls `block` isolated to `actor` with the changes of the sectioned results or the section, until the
    /// returned token is invalidated.
    ///
    /// ```swift
    /// let token = await realm.read { realm in
    ///     realm.objects(Dog.self).sectioned(by: \.age).observe(on: dashboard) { dashboard, change in
    ///         if case .update(let sections, _, _, _, _, _) = change { dashboard.show(sections.count) }
    ///     }
    /// }
    /// ```
    /// - Complexity: as `changes(keyPaths:)`.
    /// - Parameters:
    ///   - keyPaths: the properties whose changes count as modifications, or nil for every property.
    ///   - actor: the actor the block runs isolated to.
    ///   - block: called with the actor and each change; the sectioned results or section in it is frozen.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    /// - Note: Differs from Realm Swift: registering is synchronous, on the realm's actor (Realm Swift's form is
    ///   `async` and takes the caller's isolation).
    public func observe<A: Actor>(
        keyPaths: [String]? = nil,
        on actor: A,
        _ block: @escaping @Sendable (isolated A, SectionedResultsChange<Self>) -> Void
    ) -> NotificationToken {
        NotificationToken(changes(keyPaths: keyPaths), on: actor, block)
    }
}

extension RealmSectionedResult where Element: RealmSectionedResult, Element.Element: ObjectBase {
    /// `changes(keyPaths:)` of sectioned results with Swift key paths: `changes(keyPaths: [\Dog.name])`.
    /// - Complexity: as `changes(keyPaths:)`.
    /// - Parameter keyPaths: the properties whose changes count as modifications.
    /// - Returns: the stream; iterate it from any task.
    public func changes(keyPaths: [PartialKeyPath<Element.Element>]) -> ChangeStream<SectionedResultsChange<Self>> {
        changes(keyPaths: keyPaths.map { KeyPathName.of($0) })
    }

    /// `observe(keyPaths:on:_:)` of sectioned results with Swift key paths.
    /// - Complexity: as `changes(keyPaths:)`.
    /// - Parameters:
    ///   - keyPaths: the properties whose changes count as modifications.
    ///   - queue: the queue the block runs on, or nil for a task of Strata's.
    ///   - block: called with each change; the sectioned results in it are frozen.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    public func observe(
        keyPaths: [PartialKeyPath<Element.Element>],
        on queue: DispatchQueue? = nil,
        _ block: @escaping @Sendable (SectionedResultsChange<Self>) -> Void
    ) -> NotificationToken {
        observe(keyPaths: keyPaths.map { KeyPathName.of($0) }, on: queue, block)
    }

    /// `observe(keyPaths:on:_:)` of sectioned results with Swift key paths, isolated to an actor.
    /// - Complexity: as `changes(keyPaths:)`.
    /// - Parameters:
    ///   - keyPaths: the properties whose changes count as modifications.
    ///   - actor: the actor the block runs isolated to.
    ///   - block: called with the actor and each change; the sectioned results in it are frozen.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    public func observe<A: Actor>(
        keyPaths: [PartialKeyPath<Element.Element>],
        on actor: A,
        _ block: @escaping @Sendable (isolated A, SectionedResultsChange<Self>) -> Void
    ) -> NotificationToken {
        observe(keyPaths: keyPaths.map { KeyPathName.of($0) }, on: actor, block)
    }
}

extension RealmSectionedResult where Element: ObjectBase {
    /// `changes(keyPaths:)` of a section with Swift key paths: `section.changes(keyPaths: [\Dog.name])`.
    /// - Complexity: as `changes(keyPaths:)`.
    /// - Parameter keyPaths: the properties whose changes count as modifications.
    /// - Returns: the stream; iterate it from any task.
    public func changes(keyPaths: [PartialKeyPath<Element>]) -> ChangeStream<SectionedResultsChange<Self>> {
        changes(keyPaths: keyPaths.map { KeyPathName.of($0) })
    }

    /// `observe(keyPaths:on:_:)` of a section with Swift key paths.
    /// - Complexity: as `changes(keyPaths:)`.
    /// - Parameters:
    ///   - keyPaths: the properties whose changes count as modifications.
    ///   - queue: the queue the block runs on, or nil for a task of Strata's.
    ///   - block: called with each change; the section in it is frozen.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    public func observe(
        keyPaths: [PartialKeyPath<Element>],
        on queue: DispatchQueue? = nil,
        _ block: @escaping @Sendable (SectionedResultsChange<Self>) -> Void
    ) -> NotificationToken {
        observe(keyPaths: keyPaths.map { KeyPathName.of($0) }, on: queue, block)
    }

    /// `observe(keyPaths:on:_:)` of a section with Swift key paths, isolated to an actor.
    /// - Complexity: as `changes(keyPaths:)`.
    /// - Parameters:
    ///   - keyPaths: the properties whose changes count as modifications.
    ///   - actor: the actor the block runs isolated to.
    ///   - block: called with the actor and each change; the section in it is frozen.
    /// - Returns: the token that keeps the observation alive; invalidate or release it to stop.
    public func observe<A: Actor>(
        keyPaths: [PartialKeyPath<Element>],
        on actor: A,
        _ block: @escaping @Sendable (isolated A, SectionedResultsChange<Self>) -> Void
    ) -> NotificationToken {
        observe(keyPaths: keyPaths.map { KeyPathName.of($0) }, on: actor, block)
    }
}
