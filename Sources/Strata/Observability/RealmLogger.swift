/// The logging hook of a realm: a minimum level and a closure that receives every ``RealmLogEntry`` at or
/// above it.
///
/// ```swift
/// var configuration = Realm.Configuration(objectTypes: [Job.self])
/// configuration.logger = RealmLogger(level: .info) { entry in
///     FileHandle.standardError.write(Data("\(entry.level) \(entry.message)\n".utf8))
/// }
/// ```
///
/// The closure runs synchronously on the thread of the realm that reports the event (the realm's executor, or
/// the task that opens it), so keep it quick: hand the entry to a logging system rather than doing I/O that
/// blocks. Entries below `level` are never built. With no logger (the default) logging costs nothing.
/// The Operations article shows the few lines that bridge it to swift-log. Realm Swift's `Logger` differs: it
/// is process-wide; Strata's is per configuration.
public struct RealmLogger: Sendable {
    /// The least severe level passed to ``handler``.
    public var level: RealmLogLevel
    /// Receives each entry at or above ``level``.
    public var handler: @Sendable (RealmLogEntry) -> Void

    /// A logger passing entries at or above `level` to `handler`.
    /// - Parameters:
    ///   - level: the least severe level to pass on; `.info` by default.
    ///   - handler: receives each entry, on the thread of the realm that reports it.
    public init(level: RealmLogLevel = .info, _ handler: @escaping @Sendable (RealmLogEntry) -> Void) {
        self.level = level
        self.handler = handler
    }
}
