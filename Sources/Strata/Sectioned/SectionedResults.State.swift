import StrataCore

extension SectionedResults {
    /// What a ``SectionedResults`` value and the ``ResultsSection`` values taken from it share: the sorted
    /// results, the key function, and the sections computed from them, cached for the version they describe.
    ///
    /// Sections are computed lazily for live results, on the first read after the realm changed (its
    /// `generation`: any change made through the realm or any move to another version, since a key function may
    /// read any property, through links too), and once, on creation, for frozen results, whose version never
    /// changes.
    ///
    /// `@unchecked Sendable`, and safe from several tasks at once, because:
    /// - `results` is `Sendable`; the layout of frozen results is a constant, and that of live results is behind a
    ///   lock held only to look it up or store it;
    /// - the key function, which need not be `Sendable` (Realm Swift's signatures take a plain closure), runs only
    ///   where its captures live: for live results, only after `liveStateIfConfined` checked that the caller runs
    ///   on the realm's actor, the only place a live `sectioned(...)` can be made (it sorts the results, which
    ///   checks the same); for frozen results, only inside the initializer, on the task that creates the value,
    ///   before it can reach another;
    /// - the layout holds keys as engine values, so no `Key` instance is shared between tasks.
    final class State: @unchecked Sendable {
        let results: Results<SectionElement>
        private let keyFunction: (SectionElement) -> Key
        /// The sections of frozen results, computed on creation and never changed: tasks read them in parallel,
        /// with no lock (nil for live results).
        private let frozenLayout: SectionLayout?
        /// The sections of live results and the realm generation they were computed at.
        private let liveCache = Locked<(stamp: Int, layout: SectionLayout)?>(nil)

        /// Sectioned results over `results`, in their order: live ones compute their sections when first read,
        /// frozen ones now.
        init(results: Results<SectionElement>, keyFunction: @escaping (SectionElement) -> Key) {
            self.results = results
            self.keyFunction = keyFunction
            frozenLayout = results.isFrozen ? SectionLayout(results: results, key: keyFunction) : nil
        }

        /// Frozen sectioned results whose sections are already known.
        private init(
            frozen results: Results<SectionElement>,
            keyFunction: @escaping (SectionElement) -> Key,
            layout: SectionLayout
        ) {
            self.results = results
            self.keyFunction = keyFunction
            frozenLayout = layout
        }

        /// The sections at the version the results read; for live results, computed now if the realm changed
        /// since they last were.
        var layout: SectionLayout {
            if let frozenLayout { return frozenLayout }
            guard let state = results.source.liveStateIfConfined("SectionedResults") else {
                preconditionFailure("sectioned results over frozen results compute their sections on creation")
            }
            // Pins the version reads will see first: pinning a newer version notes its changes, which bumps the
            // generation the sections are keyed by.
            // `try?`: a failure pins nothing and keeps the generation, so either the cache answers with the sections
            // of the version read last (as `Results`' cached keys do) or the reads below pin again and report it.
            _ = try? state.reader()
            let stamp = state.generation
            if let layout = liveCache.withLock({ $0?.stamp == stamp ? $0?.layout : nil }) { return layout }
            // Computed outside the lock: the key function may read these sectioned results itself.
            let layout = SectionLayout(results: results, key: keyFunction)
            liveCache.withLock { $0 = (stamp, layout) }
            return layout
        }

        /// The section key of type `Key` an engine value stands for.
        func key(_ value: StrataCore.Value) -> Key {
            SectionLayout.key(value, as: Key.self, source: results.source)
        }

        /// The live sectioned results for frozen ones, in the realm whose block is running: the live results and
        /// the same key function, whose sections are computed on the first read. Like Realm Swift's, the key
        /// function then runs on that realm's actor, so it must not capture state confined elsewhere.
        func thawed() -> State {
            guard results.isFrozen, let live = results.thaw() else { return self }
            return State(results: live, keyFunction: keyFunction)
        }

        /// A frozen copy at the current version: frozen results, and the sections computed for them. Outside a
        /// write transaction the frozen version is the one the live results read, so the sections are copied
        /// without running the key function again, as realm-core's `SectionedResults::freeze` does; inside one
        /// the snapshot holds the last committed version, whose sections are computed afresh.
        func frozen() throws -> State {
            guard let state = results.source.liveStateIfConfined("SectionedResults") else { return self }
            if state.writeTransaction != nil {
                return State(results: try results.freeze(), keyFunction: keyFunction)
            }
            let layout = self.layout
            return State(frozen: try results.freeze(), keyFunction: keyFunction, layout: layout)
        }
    }
}
