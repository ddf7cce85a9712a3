/// How severe a ``RealmLogEntry`` is, from the most verbose to the most severe.
///
/// The levels and their raw values are swift-log's, so a bridge converts with
/// `Logger.Level(rawValue: entry.level.rawValue)!`:
///
/// ```swift
/// var configuration = Realm.Configuration(objectTypes: [Job.self])
/// configuration.logger = RealmLogger(level: .notice) { entry in print(entry.level, entry.message) }
/// ```
///
/// What Strata logs at each level: `.debug` each commit and each object refused for a duplicate primary key;
/// `.info` opening, closing, migrations and compaction; `.notice` a file deleted because its schema changed;
/// `.warning` a version limit reached; `.error` a failed commit or open; `.critical` a realm file whose instance
/// is poisoned (a failed sync: every later write throws until it is reopened).
/// Realm Swift has no equivalent; it is a Strata addition for operating a server.
public enum RealmLogLevel: String, Sendable, CaseIterable, Comparable {
    /// Fine-grained tracing (Strata emits none today; reserved for diagnostics).
    case trace
    /// Details useful while debugging: each commit, each object refused for a duplicate primary key.
    case debug
    /// Normal events worth recording: open, close, migration, compaction.
    case info
    /// Normal but significant events: a file deleted because its schema changed.
    case notice
    /// Something went wrong that the application may handle: a version limit was reached.
    case warning
    /// An operation failed: a commit did not become durable, or a realm did not open.
    case error
    /// The instance cannot write any more: a sync failed and the file must be reopened.
    case critical

    /// Whether `lhs` is less severe than `rhs`.
    /// - Parameters:
    ///   - lhs: a level.
    ///   - rhs: another level.
    /// - Returns: whether `lhs` comes before `rhs` in the order of the cases, from ``trace`` to ``critical``.
    public static func < (lhs: RealmLogLevel, rhs: RealmLogLevel) -> Bool { lhs.severity < rhs.severity }

    private var severity: Int { Self.allCases.firstIndex(of: self)! }
}
