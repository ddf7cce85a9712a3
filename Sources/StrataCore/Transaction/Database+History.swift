// Database+History.swift: the change sets of recent commits, kept for observers while they observe.
//
// Invariant 7 of Database.swift: the history holds entries only while a ``HistoryRetention`` is alive, oldest first
// and without gaps, at most `historyLimit` entries and about `options.historyByteLimit` bytes. Appending past the
// byte bound drops details first and entries last:
//   1. an entry larger than the bound on its own has its largest tables marked wholesale until it fits;
//   2. while the history is over the bound, the oldest entry with a detailed table has its tables marked wholesale
//      (an observer of them re-runs its query and diffs; other tables' observers keep their O(change) path);
//   3. if every entry is wholesale and the history is still over the bound, the oldest entries are dropped (an
//      observer older than the history compares versions itself).
//
//   not retained ──retainHistory()──▶ retained (commits append) ──last retention released──▶ not retained (emptied)

/// Keeps a database's change history recorded while alive: what an observer holds.
package final class HistoryRetention: Sendable {
    private let database: Database
    private let released = AtomicFlag()

    init(database: Database) { self.database = database }

    /// Stops retaining (idempotent); the history is emptied when no retention is left.
    package func release() {
        if released.setOnce() { database.releaseHistory() }
    }

    deinit { release() }
}

extension Database {
    /// Starts keeping the change sets of the commits published from now on, until the returned retention is released.
    package func retainHistory() -> HistoryRetention {
        state.withLock { $0.historyRetainers += 1 }
        return HistoryRetention(database: self)
    }

    fileprivate func releaseHistory() {
        state.withLock { state in
            state.historyRetainers -= 1
            if state.historyRetainers == 0 {
                state.history = []
                state.historyBytes = 0
            }
        }
    }

    /// Whether commits are recorded in the history now (something observes).
    package var retainsHistory: Bool { state.withLock { $0.historyRetainers > 0 } }

    /// The history's entry count and bytes (for tests of its bound).
    package var historySize: (entries: Int, bytes: Int) { state.withLock { ($0.history.count, $0.historyBytes) } }

    /// The change sets of the commits after `version`, oldest first; nil if some are not kept (nothing observed
    /// then, too many or too large since, or made by another process), in which case the caller must compare
    /// versions itself. A table marked ``TableChanges/isWholesale`` must be taken as changed in every object.
    package func changes(after version: Version) -> [ChangeSet]? {
        state.withLock { state in
            let expected = Int(state.latest.version - min(version, state.latest.version))
            guard expected <= state.history.count else { return nil }
            let newer = Array(state.history.suffix(expected))
            guard newer.first.map({ $0.version == version + 1 }) ?? true else { return nil }
            return newer
        }
    }

    /// Records in the history what another process's commits changed between `old` and `new` (whose top node's stored
    /// checksum is `newTop`), while someone observes, so that observers of this process get exact change sets without
    /// diffing their collections: the committer's own change sets when the change feed holds them, chained from `old`
    /// to `new` by their top nodes (ChangeFeed.swift; `old`'s is read again only when it is not known, and its space
    /// may have been reused by then: it then chains to no record), otherwise the net change found by diffing the
    /// two versions' trees (Transaction/VersionDiff.swift) at `new` and an empty entry for each version in between. The
    /// diff is skipped (the history then has a gap, and observers compare versions themselves) when nothing in this
    /// process pins a version (`old` might be reused space by now), when the versions are too far apart, or when the
    /// schema changed.
    func recordForeignChanges(from old: Snapshot, to new: Snapshot, newTop: UInt64?, in state: inout State) {
        guard state.historyRetainers > 0, new.version > old.version,
            new.version - old.version <= Version(Self.historyLimit)
        else { return }
        let oldTop = state.latestTop ?? (try? old.reader.node(old.topRef, .top).storedChecksum)
        if let fileLock, let oldTop, let newTop,
            let fed = ChangeFeed.changes(
                of: fileLock,
                after: old.version,
                oldTop: oldTop,
                through: new.version,
                newTop: newTop
            ),
            !fed.contains(where: \.schemaChanged)
        {
            for changes in fed { appendHistory(changes, to: &state) }
            return
        }
        guard !state.pins.isEmpty else { return }
        // A failure only costs the observers their O(change) path: they re-read both versions themselves, and a
        // damaged node is reported by those reads.
        guard let net = try? ChangeSet.between(old, new) else { return }
        for version in (old.version + 1)..<new.version { appendHistory(ChangeSet(version: version), to: &state) }
        appendHistory(net, to: &state)
    }

    /// Whether a commit now would write its change set into the change feed: another process or handle has the file
    /// open (asked of the lock file each time). A failed probe of the lock file reads as alone: it reads nothing of the
    /// database, so it hides no damage, and its cost is the feed skipped (observers elsewhere diff the versions).
    var isFeeding: Bool { options.changeFeed && (try? fileLock?.isOpenElsewhere()) == true }

    /// G5's first half: the group's change sets go into the change feed, while another process or handle has the file
    /// open (ChangeFeed.swift's protocol; the caller holds the writer lock). A failure costs the observers there a diff.
    ///
    /// It asks whether the file is open elsewhere here, after the group's slot, although the redo log asked before its
    /// syncs: a process that opened in between claimed its reader slot before reading the header, so asking now finds
    /// every process that can load these versions (ChangeFeed.swift invariant 2), and an early "no" would leave it to
    /// wait for the feed and then diff.
    func feed(_ group: [PendingCommit]) {
        guard isFeeding, let fileLock else { return }
        let entries = group.map { commit in
            ChangeFeed.Entry(version: commit.version, baseTop: commit.baseTop, top: commit.top, changes: commit.changes)
        }
        try? ChangeFeed.append(entries, to: fileLock)
    }

    /// Appends a published commit's change set, if the history is retained, keeping the bounds (header steps 1-3).
    func appendHistory(_ changes: ChangeSet, to state: inout State) {
        guard state.historyRetainers > 0 else { return }
        let limit = options.historyByteLimit
        var entry = changes
        var bytes = entry.estimatedBytes
        if bytes > limit {
            for table in entry.tables.sorted(by: { $0.value.estimatedBytes > $1.value.estimatedBytes }).map(\.key) {
                entry.tables[table]?.markWholesale()
                bytes = entry.estimatedBytes
                if bytes <= limit { break }
            }
        }
        state.history.append(entry)
        state.historyBytes += bytes
        if state.history.count > Self.historyLimit {
            let dropped = state.history.count - Self.historyLimit
            state.historyBytes -= state.history.prefix(dropped).reduce(0) { $0 + $1.estimatedBytes }
            state.history.removeFirst(dropped)
        }
        var index = 0
        while state.historyBytes > limit && index < state.history.count {
            let before = state.history[index].estimatedBytes
            for table in Array(state.history[index].tables.keys) { state.history[index].tables[table]?.markWholesale() }
            state.historyBytes += state.history[index].estimatedBytes - before
            index += 1
        }
        while state.historyBytes > limit, state.history.count > 1 {
            state.historyBytes -= state.history.removeFirst().estimatedBytes
        }
    }
}
