/// One event that a realm reports to its ``RealmLogger``.
///
/// ```swift
/// configuration.logger = RealmLogger(level: .info) { entry in
///     print("[\(entry.level)] \(entry.category): \(entry.message) \(entry.metadata)")
/// }
/// ```
///
/// Messages and metadata never hold the values of objects (a primary key, a string property) unless the
/// configuration's `logsObjectValues` is true: logs often travel further than the data.
public struct RealmLogEntry: Sendable {
    /// How severe the event is.
    public var level: RealmLogLevel
    /// A sentence describing the event.
    public var message: String
    /// The part of Strata the event comes from.
    public var category: RealmLogCategory
    /// Facts about the event as strings, such as `path`, `schemaVersion` or `durationMicroseconds`.
    public var metadata: [String: String]

    /// An entry; Strata creates them, and tests of a logging bridge may too.
    /// - Parameters:
    ///   - level: how severe the event is.
    ///   - message: a sentence describing the event.
    ///   - category: the part of Strata the event comes from.
    ///   - metadata: facts about the event as strings, keyed by name; none by default.
    public init(
        level: RealmLogLevel,
        message: String,
        category: RealmLogCategory,
        metadata: [String: String] = [:]
    ) {
        self.level = level
        self.message = message
        self.category = category
        self.metadata = metadata
    }
}
